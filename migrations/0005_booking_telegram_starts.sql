CREATE TABLE `booking_telegram_starts` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `booking_telegram_starts_booking` ON `booking_telegram_starts` (`booking_id`);