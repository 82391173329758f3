CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`action_name` text DEFAULT 'navigate' NOT NULL,
	`action_value` text DEFAULT '/' NOT NULL,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_read` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
CREATE TABLE `participant_links` (
	`participant_id` text PRIMARY KEY NOT NULL,
	`manage_token_enc` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`participant_id`) REFERENCES `meeting_participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `participant_telegram` (
	`participant_id` text PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`participant_id`) REFERENCES `meeting_participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `push_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_tokens_token` ON `push_tokens` (`token`);--> statement-breakpoint
CREATE INDEX `push_tokens_user` ON `push_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `telegram_bindings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`chat_id` text,
	`chat_username` text,
	`start_token_hash` text,
	`start_token_expires_at` integer,
	`connected_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `telegram_bindings_start_token` ON `telegram_bindings` (`start_token_hash`);--> statement-breakpoint
CREATE INDEX `telegram_bindings_chat` ON `telegram_bindings` (`chat_id`);