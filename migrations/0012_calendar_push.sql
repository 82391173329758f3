CREATE TABLE `calendar_push_channels` (
	`channel_id` text PRIMARY KEY NOT NULL,
	`calendar_id` text NOT NULL,
	`provider` text NOT NULL,
	`resource_id` text,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`calendar_id`) REFERENCES `integration_calendars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_push_channels_calendar` ON `calendar_push_channels` (`calendar_id`);--> statement-breakpoint
CREATE INDEX `calendar_push_channels_expiry` ON `calendar_push_channels` (`expires_at`);