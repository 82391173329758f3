CREATE TABLE `host_events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`owner_id` text NOT NULL,
	`type` text NOT NULL,
	`meeting_id` text,
	`payload` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `host_events_id` ON `host_events` (`id`);--> statement-breakpoint
CREATE INDEX `host_events_owner_seq` ON `host_events` (`owner_id`,`seq`);