-- A dataset refresh's job keeps each item's outcome, not its answer: the answer's records are the
-- snapshot the job fills, written once. Every other job keeps its answers for its results.
ALTER TABLE jobs ADD COLUMN keeps_answers INTEGER NOT NULL DEFAULT 1;
