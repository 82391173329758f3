CREATE TABLE `calendar_busy` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`calendar_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`object_key` text NOT NULL,
	`uid` text DEFAULT '' NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	FOREIGN KEY (`calendar_id`) REFERENCES `integration_calendars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_busy_owner_start` ON `calendar_busy` (`owner_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `calendar_busy_object` ON `calendar_busy` (`calendar_id`,`object_key`);--> statement-breakpoint
CREATE TABLE `calendar_event_links` (
	`meeting_id` text NOT NULL,
	`calendar_id` text NOT NULL,
	`key` text NOT NULL,
	`etag` text,
	`uid` text NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`meeting_id`, `calendar_id`),
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`calendar_id`) REFERENCES `integration_calendars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_event_links_uid` ON `calendar_event_links` (`uid`);--> statement-breakpoint
CREATE TABLE `calendar_integrations` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`type` text NOT NULL,
	`label` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`login` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`url` text,
	`credentials_enc` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_depressed` integer DEFAULT false NOT NULL,
	`sync_status` text DEFAULT 'fetching' NOT NULL,
	`problem` text,
	`last_update` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_integrations_owner` ON `calendar_integrations` (`owner_id`);--> statement-breakpoint
CREATE TABLE `calendar_objects` (
	`calendar_id` text NOT NULL,
	`key` text NOT NULL,
	`etag` text,
	`uid` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`calendar_id`, `key`),
	FOREIGN KEY (`calendar_id`) REFERENCES `integration_calendars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `calendar_write_targets` (
	`owner_id` text PRIMARY KEY NOT NULL,
	`calendar_id` text NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`calendar_id`) REFERENCES `integration_calendars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `event_consumers` (
	`name` text PRIMARY KEY NOT NULL,
	`seq` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `integration_calendars` (
	`id` text PRIMARY KEY NOT NULL,
	`integration_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`remote_id` text NOT NULL,
	`name` text NOT NULL,
	`color` text,
	`is_busy_source` integer DEFAULT true NOT NULL,
	`can_write` integer DEFAULT true NOT NULL,
	`sync_token` text,
	`ctag` text,
	`horizon` integer,
	`last_sync_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`integration_id`) REFERENCES `calendar_integrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integration_calendars_remote` ON `integration_calendars` (`integration_id`,`remote_id`);--> statement-breakpoint
CREATE INDEX `integration_calendars_owner` ON `integration_calendars` (`owner_id`);