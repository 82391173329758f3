CREATE TABLE `one_time_events` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`is_last_name_required` integer DEFAULT false NOT NULL,
	`is_phone_required` integer DEFAULT false NOT NULL,
	`is_messenger_required` integer DEFAULT false NOT NULL,
	`is_optional_inputs_hidden` integer DEFAULT false NOT NULL,
	`when_closes_value` integer DEFAULT 0 NOT NULL,
	`when_closes_type` text DEFAULT 'Minutes' NOT NULL,
	`reminders_in_minutes` text DEFAULT '[]' NOT NULL,
	`time_before_minutes` integer,
	`time_after_minutes` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `one_time_events_owner` ON `one_time_events` (`owner_id`);--> statement-breakpoint
CREATE TABLE `one_time_invitations` (
	`participant_id` text PRIMARY KEY NOT NULL,
	`meeting_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`participant_id`) REFERENCES `meeting_participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `one_time_invitations_meeting` ON `one_time_invitations` (`meeting_id`);