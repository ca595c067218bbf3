ALTER TABLE rounds DROP COLUMN ends_at;
ALTER TABLE tournaments DROP COLUMN round_seconds;
