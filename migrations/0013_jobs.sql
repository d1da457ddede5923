CREATE TABLE `job_items` (
	`job_id` text NOT NULL,
	`idx` integer NOT NULL,
	`path` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`charged` integer DEFAULT 0 NOT NULL,
	`queued_at` integer,
	`lease_until` integer,
	`http_status` integer,
	`error_code` text,
	`error_message` text,
	`finished_at` integer,
	PRIMARY KEY(`job_id`, `idx`),
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `job_items_status_idx` ON `job_items` (`job_id`,`status`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`key_id` text NOT NULL,
	`status` text NOT NULL,
	`total` integer NOT NULL,
	`webhook_endpoint_id` text,
	`idempotency_key` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `jobs_account_idx` ON `jobs` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_idempotency_idx` ON `jobs` (`account_id`,`idempotency_key`);