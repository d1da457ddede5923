-- What a whole-shop refresh found, kept when it closes (docs/catalogue.md#whole-shops): the counts
-- the dashboard, the API and the MCP tools show for the last refresh, each product's price before
-- its last re-pricing (what a dataset watch's `drop_percent` compares), and the watches that follow
-- a whole dataset, found by its slug after each refresh.
ALTER TABLE `shop_refreshes` ADD `added` integer;
--> statement-breakpoint
ALTER TABLE `shop_refreshes` ADD `removed` integer;
--> statement-breakpoint
ALTER TABLE `shop_refreshes` ADD `price_changed` integer;
--> statement-breakpoint
ALTER TABLE `shop_refreshes` ADD `held` integer;
--> statement-breakpoint
ALTER TABLE `shop_products` ADD `previous_price` real;
--> statement-breakpoint
CREATE INDEX `watches_followed_idx` ON `watches` (`kind`, `platform`);
