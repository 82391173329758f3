ALTER TABLE `oauth_states` ADD `owner_id` text REFERENCES users(id) ON DELETE cascade;
