CREATE TABLE `captcha_spend` (
	`account_id` text NOT NULL,
	`month` text NOT NULL,
	`solves` integer NOT NULL,
	`cost_micros` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`account_id`, `month`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `accounts` ADD `captcha_monthly_cap` integer DEFAULT 200 NOT NULL;