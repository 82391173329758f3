CREATE TABLE `advertising_closures` (
	`user_id` text NOT NULL,
	`card_id` text NOT NULL,
	`is_consent_mailing` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `card_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dev_checkout_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`amount_kopecks` integer NOT NULL,
	`description` text NOT NULL,
	`request` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payment_method_id` text,
	`card_last4` text,
	`cancellation_reason` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`tariff` text,
	`months` integer DEFAULT 1 NOT NULL,
	`list_amount_kopecks` integer NOT NULL,
	`amount_kopecks` integer NOT NULL,
	`fasties_used` integer DEFAULT 0 NOT NULL,
	`promo_code_id` text,
	`provider_payment_id` text,
	`idempotence_key` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`failure_reason` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_id` ON `payments` (`provider_payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_idempotence_key` ON `payments` (`idempotence_key`);--> statement-breakpoint
CREATE INDEX `payments_user` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `promo_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`valid_from` integer,
	`valid_until` integer,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_codes_code` ON `promo_codes` (`code`);--> statement-breakpoint
CREATE TABLE `promo_redemptions` (
	`promo_code_id` text NOT NULL,
	`user_id` text NOT NULL,
	`payment_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`promo_code_id`, `user_id`),
	FOREIGN KEY (`promo_code_id`) REFERENCES `promo_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`is_trial` integer DEFAULT false NOT NULL,
	`trial_started_at` integer,
	`trial_reminded_2d` integer DEFAULT false NOT NULL,
	`trial_reminded_1d` integer DEFAULT false NOT NULL,
	`auto_renew` integer DEFAULT false NOT NULL,
	`renew_tariff` text,
	`renew_months` integer DEFAULT 1 NOT NULL,
	`payment_method_id` text,
	`card_mask` text,
	`renewal_failures` integer DEFAULT 0 NOT NULL,
	`next_renewal_attempt_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriptions_renewal` ON `subscriptions` (`next_renewal_attempt_at`);--> statement-breakpoint
CREATE TABLE `wallet_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`payment_id` text,
	`promo_code_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wallet_entries_user` ON `wallet_entries` (`user_id`,`created_at`);