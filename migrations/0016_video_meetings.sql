CREATE TABLE `video_grants` (
	`owner_id` text PRIMARY KEY NOT NULL,
	`service` text DEFAULT 'telemost' NOT NULL,
	`login` text DEFAULT '' NOT NULL,
	`credentials_enc` text NOT NULL,
	`is_revoked` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `event_types` ADD `video_link_service` text;--> statement-breakpoint
ALTER TABLE `meetings` ADD `video_link_service` text;--> statement-breakpoint
ALTER TABLE `meetings` ADD `conference_id` text;