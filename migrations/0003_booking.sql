CREATE TABLE `contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`email` text,
	`phone` text,
	`messenger_type` text,
	`messenger_value` text,
	`comment` text,
	`custom_field` text,
	`last_event_type_id` text,
	`last_booking_at` integer,
	`is_archived` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`last_event_type_id`) REFERENCES `event_types`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_owner_email` ON `contacts` (`owner_id`,`email`);--> statement-breakpoint
CREATE INDEX `contacts_owner` ON `contacts` (`owner_id`);--> statement-breakpoint
CREATE TABLE `meeting_participants` (
	`id` text PRIMARY KEY NOT NULL,
	`meeting_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`contact_id` text,
	`role` text DEFAULT 'member' NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`messenger_type` text,
	`messenger_value` text,
	`comment` text,
	`custom_field` text,
	`status` text DEFAULT 'booked' NOT NULL,
	`language` text DEFAULT 'ru' NOT NULL,
	`time_zone` text NOT NULL,
	`manage_token_hash` text NOT NULL,
	`booking_id` text NOT NULL,
	`idempotency_key` text,
	`canceled_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meeting_participants_meeting` ON `meeting_participants` (`meeting_id`);--> statement-breakpoint
CREATE INDEX `meeting_participants_owner` ON `meeting_participants` (`owner_id`);--> statement-breakpoint
CREATE INDEX `meeting_participants_contact` ON `meeting_participants` (`contact_id`);--> statement-breakpoint
CREATE INDEX `meeting_participants_booking` ON `meeting_participants` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_participants_manage_token` ON `meeting_participants` (`manage_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_participants_idempotency` ON `meeting_participants` (`owner_id`,`idempotency_key`,`meeting_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_participants_meeting_email_live` ON `meeting_participants` (`meeting_id`,`email`) WHERE status = 'booked';--> statement-breakpoint
CREATE TABLE `meetings` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`event_type_id` text,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`color` text DEFAULT '#ff0000' NOT NULL,
	`place_type` text DEFAULT 'Meet' NOT NULL,
	`meeting_point` text,
	`who_call_type` text,
	`participant_type` text DEFAULT 'SimpleNotCollective' NOT NULL,
	`min_seats` integer DEFAULT 1 NOT NULL,
	`total_seats` integer DEFAULT 1 NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`status` text DEFAULT 'upcoming' NOT NULL,
	`is_failed` integer,
	`sequence` integer DEFAULT 0 NOT NULL,
	`adjutant_emails` text DEFAULT '[]' NOT NULL,
	`canceled_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_type_id`) REFERENCES `event_types`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meetings_owner_start` ON `meetings` (`owner_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `meetings_event_type_start` ON `meetings` (`event_type_id`,`start_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_event_type_start_live` ON `meetings` (`event_type_id`,`start_at`) WHERE status = 'upcoming' AND event_type_id IS NOT NULL;--> statement-breakpoint
CREATE TABLE `reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`meeting_id` text NOT NULL,
	`participant_id` text,
	`recipient_kind` text NOT NULL,
	`channel` text DEFAULT 'email' NOT NULL,
	`offset_minutes` integer NOT NULL,
	`due_at` integer NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`outbox_id` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `meeting_participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reminders_due` ON `reminders` (`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `reminders_meeting` ON `reminders` (`meeting_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reminders_unique` ON `reminders` (`meeting_id`,`participant_id`,`recipient_kind`,`channel`,`offset_minutes`);