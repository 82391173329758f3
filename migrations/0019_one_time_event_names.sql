-- One name for the one-time event (ADR 0119): the host event log keeps one name per event type.
UPDATE `host_events` SET `type` = 'OneTimeCreated', `payload` = json_set(`payload`, '$.type', 'OneTimeCreated') WHERE `type` = 'OneOffCreated';--> statement-breakpoint
UPDATE `host_events` SET `type` = 'OneTimeSeatBooked', `payload` = json_set(`payload`, '$.type', 'OneTimeSeatBooked') WHERE `type` = 'OneOffSeatBooked';
