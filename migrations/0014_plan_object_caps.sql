ALTER TABLE `plans` ADD `max_webhooks` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `plans` ADD `max_watches` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `plans` ADD `max_schedules` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
-- The caps of docs/reliability.md; the column defaults are the free plan's.
UPDATE `plans` SET `max_webhooks` = 10, `max_watches` = 100, `max_schedules` = 100 WHERE `id` = 'pro';--> statement-breakpoint
UPDATE `plans` SET `max_webhooks` = 25, `max_watches` = 1000, `max_schedules` = 1000 WHERE `id` = 'enterprise';
