-- What a job's request asked for (SHA-256 of its items, webhook and dataset), so an
-- Idempotency-Key sent again with another request is refused instead of answering the old job.
ALTER TABLE `jobs` ADD `request_hash` text;
