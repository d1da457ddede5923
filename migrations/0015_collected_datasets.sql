-- The catalogue becomes recipes the service refreshes through its own scrape pipeline: the
-- generated records, their fields and the categories it cannot collect go; snapshots live in R2
-- with their index, record state and changes here (docs/catalogue.md#storage).
DROP TABLE dataset_records;
--> statement-breakpoint
DELETE FROM dataset_countries;
--> statement-breakpoint
DELETE FROM dataset_fields;
--> statement-breakpoint
DELETE FROM datasets;
--> statement-breakpoint
DELETE FROM categories WHERE slug NOT IN ('ecommerce', 'travel');
--> statement-breakpoint
ALTER TABLE `datasets` ADD `recipe` text DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE `datasets` ADD `account_id` text REFERENCES accounts(id);
--> statement-breakpoint
ALTER TABLE `datasets` ADD `key_id` text;
--> statement-breakpoint
ALTER TABLE `datasets` ADD `latest_snapshot_id` text;
--> statement-breakpoint
ALTER TABLE `datasets` ADD `next_refresh_at` integer;
--> statement-breakpoint
ALTER TABLE `datasets` ADD `created_at` integer;
--> statement-breakpoint
CREATE INDEX `datasets_account_idx` ON `datasets` (`account_id`);
--> statement-breakpoint
CREATE INDEX `datasets_refresh_idx` ON `datasets` (`next_refresh_at`);
--> statement-breakpoint
ALTER TABLE `plans` ADD `max_datasets` integer DEFAULT 3 NOT NULL;
--> statement-breakpoint
UPDATE `plans` SET `max_datasets` = 25 WHERE `id` = 'pro';
--> statement-breakpoint
UPDATE `plans` SET `max_datasets` = 100 WHERE `id` = 'enterprise';
--> statement-breakpoint
CREATE TABLE `dataset_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`dataset_id` integer NOT NULL,
	`job_id` text,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`records` integer DEFAULT 0 NOT NULL,
	`added` integer DEFAULT 0 NOT NULL,
	`changed` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dataset_snapshots_dataset_idx` ON `dataset_snapshots` (`dataset_id`,`finished_at`);
--> statement-breakpoint
CREATE INDEX `dataset_snapshots_job_idx` ON `dataset_snapshots` (`job_id`);
--> statement-breakpoint
CREATE TABLE `dataset_parts` (
	`snapshot_id` text NOT NULL,
	`part` integer NOT NULL,
	`records` integer NOT NULL,
	`filled` text NOT NULL,
	PRIMARY KEY(`snapshot_id`, `part`),
	FOREIGN KEY (`snapshot_id`) REFERENCES `dataset_snapshots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dataset_record_state` (
	`dataset_id` integer NOT NULL,
	`record_key` text NOT NULL,
	`tracked_values` text NOT NULL,
	`changed_at` integer NOT NULL,
	PRIMARY KEY(`dataset_id`, `record_key`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dataset_record_changes` (
	`dataset_id` integer NOT NULL,
	`record_key` text NOT NULL,
	`observed_at` integer NOT NULL,
	`snapshot_id` text NOT NULL,
	`tracked_values` text NOT NULL,
	PRIMARY KEY(`dataset_id`, `record_key`, `observed_at`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The public catalogue's refreshes run as the service's own account and key; the key has no
-- secret (no SHA-256 digest equals this text), so nobody can call the API with it.
INSERT INTO accounts (id, name, email, plan_id, custom_requests_per_minute, custom_requests_per_month, created_at)
  VALUES ('acct_public_catalogue', 'Public catalogue refreshes', NULL, 'enterprise', 1000000, 1000000000, 0);
--> statement-breakpoint
INSERT INTO api_keys (id, account_id, name, start, secret_hash, created_at, scopes)
  VALUES ('key_public_catalogue', 'acct_public_catalogue', 'public catalogue refreshes', '-', 'no secret: public catalogue refreshes', 0, 'catalogue:read products:read travel:read');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (1, 'amazon-electronics-prices-us', 'Amazon electronics prices — United States', 'Prices, ratings and review counts of consumer electronics in Amazon''s search results (power banks, earbuds, speakers, smart watches, SSDs, monitors), the first two result pages of each query.', 'ecommerce', 'E-commerce', '["US"]', 'United States', '["electronics", "prices", "search results", "ratings"]', 'key platform country query position id title price currency rating review_count sponsored image source_url observed_at changed_at', 'ecommerce amazon US', '["amazon"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"search","platforms":["amazon"],"countries":["us"],"queries":["power bank","wireless earbuds","bluetooth speaker","smart watch","portable ssd","4k monitor"],"pages":2,"schedule":"0 3 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (1, 'US');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (2, 'ebay-electronics-prices-us', 'eBay electronics prices — United States', 'Listing prices and seller ratings of consumer electronics in eBay''s search results, the first two result pages of each query.', 'ecommerce', 'E-commerce', '["US"]', 'United States', '["electronics", "prices", "listings", "auctions"]', 'key platform country query position id title price currency rating review_count sponsored image source_url observed_at changed_at', 'ecommerce ebay US', '["ebay"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"search","platforms":["ebay"],"countries":["us"],"queries":["power bank","wireless earbuds","bluetooth speaker","smart watch","portable ssd","4k monitor"],"pages":2,"schedule":"0 3 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (2, 'US');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (3, 'walmart-home-kitchen-prices-us', 'Walmart home and kitchen prices — United States', 'Prices and ratings of small kitchen appliances and home goods in Walmart''s search results.', 'ecommerce', 'E-commerce', '["US"]', 'United States', '["home", "kitchen", "appliances", "prices"]', 'key platform country query position id title price currency rating review_count sponsored image source_url observed_at changed_at', 'ecommerce walmart US', '["walmart"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"search","platforms":["walmart"],"countries":["us"],"queries":["air fryer","electric kettle","coffee grinder","cast iron skillet","led desk lamp"],"pages":2,"schedule":"0 3 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (3, 'US');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (4, 'bestbuy-computer-accessories-prices-us', 'Best Buy computer accessories prices — United States', 'Prices and ratings of keyboards, mice, webcams, monitors and chargers in Best Buy''s search results.', 'ecommerce', 'E-commerce', '["US"]', 'United States', '["computers", "accessories", "electronics", "prices"]', 'key platform country query position id title price currency rating review_count sponsored image source_url observed_at changed_at', 'ecommerce bestbuy US', '["bestbuy"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"search","platforms":["bestbuy"],"countries":["us"],"queries":["mechanical keyboard","wireless mouse","webcam","4k monitor","usb-c charger"],"pages":2,"schedule":"0 3 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (4, 'US');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (5, 'etsy-handmade-gifts-prices-us', 'Etsy handmade gifts prices — United States', 'Prices and ratings of handmade gifts (mugs, wallets, candles, jewellery, textiles) in Etsy''s search results.', 'ecommerce', 'E-commerce', '["US"]', 'United States', '["handmade", "gifts", "crafts", "prices"]', 'key platform country query position id title price currency rating review_count sponsored image source_url observed_at changed_at', 'ecommerce etsy US', '["etsy"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"search","platforms":["etsy"],"countries":["us"],"queries":["ceramic mug","leather wallet","soy scented candle","name necklace","linen tea towel"],"pages":2,"schedule":"0 3 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (5, 'US');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (6, 'power-banks-chargers-across-marketplaces-us', 'Power banks and chargers across marketplaces — United States', 'The same searches on Amazon, eBay, Walmart and Best Buy, side by side: prices of power banks and USB-C chargers per marketplace.', 'ecommerce', 'E-commerce', '["US"]', 'United States', '["electronics", "price comparison", "chargers", "prices"]', 'key platform country query position id title price currency rating review_count sponsored image source_url observed_at changed_at', 'ecommerce amazon ebay walmart bestbuy US', '["amazon", "ebay", "walmart", "bestbuy"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"search","platforms":["amazon","ebay","walmart","bestbuy"],"countries":["us"],"queries":["power bank","usb-c charger"],"pages":2,"schedule":"0 3 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (6, 'US');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (7, 'hotel-rates-dublin', 'Hotel rates — Dublin', 'Nightly and total prices, star ratings, guest scores and amenities of hotels in Dublin on Booking.com, Expedia and Hotels.com, for two-night stays one and two months ahead.', 'travel', 'Travel', '["IE"]', 'Ireland', '["hotels", "rates", "availability", "dublin"]', 'key platform destination check_in nights hotel_id name star_rating address latitude longitude review_score review_count price_per_night total_price currency rooms_available amenities source_url observed_at changed_at', 'travel booking expedia hotels IE', '["booking", "expedia", "hotels"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"hotels","platforms":["booking","expedia","hotels"],"destinations":["Dublin"],"check_in_days":[30,60],"nights":2,"adults":2,"schedule":"0 4 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (7, 'IE');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (8, 'hotel-rates-paris', 'Hotel rates — Paris', 'Nightly and total prices, star ratings, guest scores and amenities of hotels in Paris on Booking.com, Expedia and Hotels.com, for two-night stays one and two months ahead.', 'travel', 'Travel', '["FR"]', 'France', '["hotels", "rates", "availability", "paris"]', 'key platform destination check_in nights hotel_id name star_rating address latitude longitude review_score review_count price_per_night total_price currency rooms_available amenities source_url observed_at changed_at', 'travel booking expedia hotels FR', '["booking", "expedia", "hotels"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"hotels","platforms":["booking","expedia","hotels"],"destinations":["Paris"],"check_in_days":[30,60],"nights":2,"adults":2,"schedule":"0 4 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (8, 'FR');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (9, 'hotel-rates-london', 'Hotel rates — London', 'Nightly and total prices, star ratings, guest scores and amenities of hotels in London on Booking.com, Expedia and Hotels.com, for two-night stays one and two months ahead.', 'travel', 'Travel', '["GB"]', 'United Kingdom', '["hotels", "rates", "availability", "london"]', 'key platform destination check_in nights hotel_id name star_rating address latitude longitude review_score review_count price_per_night total_price currency rooms_available amenities source_url observed_at changed_at', 'travel booking expedia hotels GB', '["booking", "expedia", "hotels"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"hotels","platforms":["booking","expedia","hotels"],"destinations":["London"],"check_in_days":[30,60],"nights":2,"adults":2,"schedule":"0 4 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (9, 'GB');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (10, 'hotel-rates-berlin', 'Hotel rates — Berlin', 'Nightly and total prices, star ratings, guest scores and amenities of hotels in Berlin on Booking.com, Expedia and Hotels.com, for two-night stays one and two months ahead.', 'travel', 'Travel', '["DE"]', 'Germany', '["hotels", "rates", "availability", "berlin"]', 'key platform destination check_in nights hotel_id name star_rating address latitude longitude review_score review_count price_per_night total_price currency rooms_available amenities source_url observed_at changed_at', 'travel booking expedia hotels DE', '["booking", "expedia", "hotels"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"hotels","platforms":["booking","expedia","hotels"],"destinations":["Berlin"],"check_in_days":[30,60],"nights":2,"adults":2,"schedule":"0 4 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (10, 'DE');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (11, 'hotel-rates-rome', 'Hotel rates — Rome', 'Nightly and total prices, star ratings, guest scores and amenities of hotels in Rome on Booking.com, Expedia and Hotels.com, for two-night stays one and two months ahead.', 'travel', 'Travel', '["IT"]', 'Italy', '["hotels", "rates", "availability", "rome"]', 'key platform destination check_in nights hotel_id name star_rating address latitude longitude review_score review_count price_per_night total_price currency rooms_available amenities source_url observed_at changed_at', 'travel booking expedia hotels IT', '["booking", "expedia", "hotels"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"hotels","platforms":["booking","expedia","hotels"],"destinations":["Rome"],"check_in_days":[30,60],"nights":2,"adults":2,"schedule":"0 4 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (11, 'IT');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (12, 'hotel-rates-madrid', 'Hotel rates — Madrid', 'Nightly and total prices, star ratings, guest scores and amenities of hotels in Madrid on Booking.com, Expedia and Hotels.com, for two-night stays one and two months ahead.', 'travel', 'Travel', '["ES"]', 'Spain', '["hotels", "rates", "availability", "madrid"]', 'key platform destination check_in nights hotel_id name star_rating address latitude longitude review_score review_count price_per_night total_price currency rooms_available amenities source_url observed_at changed_at', 'travel booking expedia hotels ES', '["booking", "expedia", "hotels"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"hotels","platforms":["booking","expedia","hotels"],"destinations":["Madrid"],"check_in_days":[30,60],"nights":2,"adults":2,"schedule":"0 4 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (12, 'ES');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (13, 'hotel-rates-amsterdam', 'Hotel rates — Amsterdam', 'Nightly and total prices, star ratings, guest scores and amenities of hotels in Amsterdam on Booking.com, Expedia and Hotels.com, for two-night stays one and two months ahead.', 'travel', 'Travel', '["NL"]', 'Netherlands', '["hotels", "rates", "availability", "amsterdam"]', 'key platform destination check_in nights hotel_id name star_rating address latitude longitude review_score review_count price_per_night total_price currency rooms_available amenities source_url observed_at changed_at', 'travel booking expedia hotels NL', '["booking", "expedia", "hotels"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"hotels","platforms":["booking","expedia","hotels"],"destinations":["Amsterdam"],"check_in_days":[30,60],"nights":2,"adults":2,"schedule":"0 4 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (13, 'NL');
--> statement-breakpoint
INSERT INTO datasets (id, slug, name, description, category_slug, category_name, countries, country_names, tags, field_names, search_terms, source_platforms, record_count, update_frequency, last_updated, formats, recipe, account_id, key_id, next_refresh_at, created_at) VALUES
  (14, 'hotel-rates-lisbon', 'Hotel rates — Lisbon', 'Nightly and total prices, star ratings, guest scores and amenities of hotels in Lisbon on Booking.com, Expedia and Hotels.com, for two-night stays one and two months ahead.', 'travel', 'Travel', '["PT"]', 'Portugal', '["hotels", "rates", "availability", "lisbon"]', 'key platform destination check_in nights hotel_id name star_rating address latitude longitude review_score review_count price_per_night total_price currency rooms_available amenities source_url observed_at changed_at', 'travel booking expedia hotels PT', '["booking", "expedia", "hotels"]', 0, 'daily', '', '["json","ndjson","csv"]', '{"kind":"hotels","platforms":["booking","expedia","hotels"],"destinations":["Lisbon"],"check_in_days":[30,60],"nights":2,"adults":2,"schedule":"0 4 * * *","max_age":3600}', NULL, 'key_public_catalogue', 0, 0);
--> statement-breakpoint
INSERT INTO dataset_countries (dataset_id, country_code) VALUES (14, 'PT');
