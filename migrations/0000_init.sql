CREATE TABLE `event_types` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`link` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`color` text DEFAULT '#ff0000' NOT NULL,
	`place_type` text DEFAULT 'Meet' NOT NULL,
	`meeting_point` text,
	`who_call_type` text,
	`duration_in_minutes` integer NOT NULL,
	`step_minutes` integer NOT NULL,
	`time_before_minutes` integer,
	`time_after_minutes` integer,
	`reminders_in_minutes` text NOT NULL,
	`when_closes_value` integer DEFAULT 0 NOT NULL,
	`when_closes_type` text DEFAULT 'Minutes' NOT NULL,
	`record_is_open_type` text DEFAULT 'NoRestrictions' NOT NULL,
	`record_is_open_period_start` text,
	`record_is_open_period_end` text,
	`maximum_records_per_day` integer DEFAULT 0 NOT NULL,
	`participant_type` text DEFAULT 'SimpleNotCollective' NOT NULL,
	`min_seats` integer DEFAULT 1 NOT NULL,
	`total_seats` integer DEFAULT 1 NOT NULL,
	`is_last_name_required` integer DEFAULT false NOT NULL,
	`is_messenger_required` integer DEFAULT false NOT NULL,
	`is_phone_required` integer DEFAULT false NOT NULL,
	`is_optional_inputs_hidden` integer DEFAULT false NOT NULL,
	`is_show_cost` integer DEFAULT false NOT NULL,
	`cost` real,
	`currency` text,
	`is_show_redirection` integer DEFAULT false NOT NULL,
	`redirect_url` text,
	`redirect_comment` text,
	`schedule_id` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_show_on_specialist_page` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`schedule_id`) REFERENCES `schedules`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_types_owner_link` ON `event_types` (`owner_id`,`link`);--> statement-breakpoint
CREATE UNIQUE INDEX `event_types_owner_name` ON `event_types` (`owner_id`,`name`);--> statement-breakpoint
CREATE INDEX `event_types_schedule` ON `event_types` (`schedule_id`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`payload` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`locked_until` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_due` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `schedule_adjustments` (
	`id` text PRIMARY KEY NOT NULL,
	`schedule_id` text NOT NULL,
	`date` text NOT NULL,
	`is_day_off` integer DEFAULT false NOT NULL,
	`intervals` text NOT NULL,
	FOREIGN KEY (`schedule_id`) REFERENCES `schedules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `schedule_adjustments_date` ON `schedule_adjustments` (`schedule_id`,`date`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`time_zone` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`weekly` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schedules_owner` ON `schedules` (`owner_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`login` text NOT NULL,
	`email` text NOT NULL,
	`email_verified_at` integer,
	`password_hash` text,
	`first_name` text NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image_key` text,
	`time_zone` text DEFAULT 'Europe/Moscow' NOT NULL,
	`culture` text DEFAULT 'ru' NOT NULL,
	`tariff` text DEFAULT 'Basic' NOT NULL,
	`tariff_valid_until` integer,
	`is_consent_mailing` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_login_unique` ON `users` (`login`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);