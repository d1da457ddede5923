-- Batch-job limits join the other limits of a plan in its row (docs/jobs.md#limits): items in one
-- job and jobs of one account queued or running at once. Read through effectiveLimits (src/db/plan-limits.ts).
ALTER TABLE `plans` ADD `max_job_items` integer DEFAULT 100 NOT NULL;
--> statement-breakpoint
ALTER TABLE `plans` ADD `max_running_jobs` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
UPDATE `plans` SET `max_job_items` = 10000, `max_running_jobs` = 3 WHERE `id` = 'pro';
--> statement-breakpoint
UPDATE `plans` SET `max_job_items` = 50000, `max_running_jobs` = 10 WHERE `id` = 'enterprise';
