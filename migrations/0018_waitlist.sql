CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`event_type_id` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`email` text NOT NULL,
	`contact` text NOT NULL,
	`language` text DEFAULT 'ru' NOT NULL,
	`time_zone` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`joined_at` integer NOT NULL,
	`hold_id` text,
	`offered_at` integer,
	`offer_expires_at` integer,
	`booking_id` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_type_id`) REFERENCES `event_types`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `waitlist_entries_slot` ON `waitlist_entries` (`event_type_id`,`start_at`,`status`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_owner_status` ON `waitlist_entries` (`owner_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_slot_email_live` ON `waitlist_entries` (`event_type_id`,`start_at`,`email`) WHERE status IN ('waiting', 'offered');