-- The deal an idempotency key wrote (or found already stored), as its
-- canonical JSON: the same key again with other content is refused rather
-- than answered as a replay. Empty for the keys spent before.
ALTER TABLE submissions ADD COLUMN record_json TEXT;
