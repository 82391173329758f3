-- Issue 19. Event type names are unique per owner in any letter case, in the database too: `name_key` is the name's
-- comparison key computed in code (eventNameKey: full Unicode lowercase; SQLite's lower() folds ASCII only). Rows
-- saved before get lower(name) here; the code's check still compares every saved name by its full key (ADR 0087).
-- The default only lets the column be added to a table with rows; every write sets the key.
DROP INDEX `event_types_owner_name`;--> statement-breakpoint
ALTER TABLE `event_types` ADD `name_key` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `event_types` SET `name_key` = lower(trim(replace(replace(`name`, '/', ''), '\', '')));--> statement-breakpoint
CREATE UNIQUE INDEX `event_types_owner_name_key` ON `event_types` (`owner_id`,`name_key`);--> statement-breakpoint
-- Access tokens carry the user's token generation; a password change, a reset or an API logout raises it, so every
-- earlier access token ends at once (ADR 0088).
ALTER TABLE `users` ADD `token_generation` integer DEFAULT 0 NOT NULL;
