-- Each call of an account as its own row (time, route, status, units charged, latency, request id,
-- key), for the dashboard's request log. Bounded: written rows older than 30 days and those beyond
-- the newest 5,000 of an account are deleted as new ones arrive (src/db/request-log.ts).
CREATE TABLE `request_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`key_id` text NOT NULL,
	`at` integer NOT NULL,
	`method` text NOT NULL,
	`route` text NOT NULL,
	`path` text NOT NULL,
	`status` integer NOT NULL,
	`units` integer NOT NULL,
	`latency_ms` integer NOT NULL,
	`request_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `request_log_account_idx` ON `request_log` (`account_id`,`id`);
