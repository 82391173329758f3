CREATE TABLE `api_signin_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code_challenge` text,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_signin_codes_expires` ON `api_signin_codes` (`expires_at`);--> statement-breakpoint
ALTER TABLE `oauth_states` ADD `mode` text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE `oauth_states` ADD `code_challenge` text;--> statement-breakpoint
CREATE INDEX `oauth_states_expires` ON `oauth_states` (`expires_at`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_expires` ON `refresh_tokens` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `users_unconfirmed` ON `users` (`created_at`) WHERE "users"."email_verified_at" is null;--> statement-breakpoint
CREATE INDEX `account_secrets_expires` ON `account_secrets` (`expires_at`);