CREATE TABLE `categories` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `countries` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dataset_countries` (
	`dataset_id` integer NOT NULL,
	`country_code` text NOT NULL,
	PRIMARY KEY(`dataset_id`, `country_code`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`country_code`) REFERENCES `countries`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `dataset_countries_country_idx` ON `dataset_countries` (`country_code`);--> statement-breakpoint
CREATE TABLE `dataset_fields` (
	`dataset_id` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`description` text NOT NULL,
	`nullable` integer NOT NULL,
	`fill_rate` real NOT NULL,
	PRIMARY KEY(`dataset_id`, `position`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `dataset_records` (
	`dataset_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`data` text NOT NULL,
	PRIMARY KEY(`dataset_id`, `seq`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `datasets` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`category_slug` text NOT NULL,
	`category_name` text NOT NULL,
	`countries` text NOT NULL,
	`country_names` text NOT NULL,
	`tags` text NOT NULL,
	`field_names` text NOT NULL,
	`search_terms` text NOT NULL,
	`source_platforms` text NOT NULL,
	`record_count` integer NOT NULL,
	`update_frequency` text NOT NULL,
	`last_updated` text NOT NULL,
	`formats` text NOT NULL,
	FOREIGN KEY (`category_slug`) REFERENCES `categories`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `datasets_slug_unique` ON `datasets` (`slug`);--> statement-breakpoint
CREATE INDEX `datasets_category_idx` ON `datasets` (`category_slug`);