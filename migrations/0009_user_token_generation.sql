-- Access tokens carry the user's token generation; a password change, a reset or an API logout raises it, so every
-- earlier access token ends at once (issue 19, docs/decisions/0088-token-generation.md).
ALTER TABLE `users` ADD `token_generation` integer DEFAULT 0 NOT NULL;
