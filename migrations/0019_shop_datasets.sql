-- Whole-shop datasets (docs/catalogue.md#whole-shops): each refresh's crawl frontier (every address
-- found, once, with who took it), the refresh's counters, and one row per product the dataset ever
-- held with when it was first and last seen and when it was marked removed.
CREATE TABLE `shop_refreshes` (
	`job_id` text PRIMARY KEY NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
	`dataset_id` integer NOT NULL,
	`phase` text DEFAULT 'crawl' NOT NULL,
	`pages` integer DEFAULT 0 NOT NULL,
	`products` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shop_frontier` (
	`job_id` text NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
	`url` text NOT NULL,
	`kind` text NOT NULL,
	`depth` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`item` integer,
	`recheck` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`job_id`, `url`)
);
--> statement-breakpoint
CREATE INDEX `shop_frontier_status_idx` ON `shop_frontier` (`job_id`, `status`);
--> statement-breakpoint
CREATE INDEX `shop_frontier_item_idx` ON `shop_frontier` (`job_id`, `item`);
--> statement-breakpoint
CREATE TABLE `shop_products` (
	`dataset_id` integer NOT NULL,
	`key` text NOT NULL,
	`url` text NOT NULL,
	`first_seen` integer NOT NULL,
	`last_seen` integer NOT NULL,
	`first_job` text NOT NULL,
	`seen_job` text NOT NULL,
	`priced_job` text,
	`removed_job` text,
	`missed` integer DEFAULT 0 NOT NULL,
	`removed_at` integer,
	`price` real,
	`record` text NOT NULL,
	PRIMARY KEY(`dataset_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `shop_products_url_idx` ON `shop_products` (`dataset_id`, `url`);
