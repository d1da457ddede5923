-- Price history: one row per platform, product or hotel id, market, day (UTC) and currency, folded
-- in by an UPSERT from every answer read live. No account, key or time of day is stored.
-- WITHOUT ROWID: the five-column key is the table's only index, so it is not stored twice.
-- Written by hand beside src/db/schema-history.ts (drizzle-kit cannot say WITHOUT ROWID).
CREATE TABLE `price_history` (
	`platform` text NOT NULL,
	`item_id` text NOT NULL,
	`market` text NOT NULL,
	`day` text NOT NULL,
	`currency` text NOT NULL,
	`low` real NOT NULL,
	`high` real NOT NULL,
	`last` real NOT NULL,
	`availability` text,
	`observations` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`platform`, `item_id`, `market`, `day`, `currency`)
) WITHOUT ROWID;
