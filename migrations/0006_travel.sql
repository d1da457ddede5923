CREATE TABLE `exchange_rates` (
	`currency` text PRIMARY KEY NOT NULL,
	`per_eur` real NOT NULL,
	`rate_date` text NOT NULL,
	`source` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `places` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`search_name` text NOT NULL,
	`country` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`population` integer,
	`radius_km` real NOT NULL
);
--> statement-breakpoint
CREATE INDEX `places_search_name_idx` ON `places` (`search_name`);