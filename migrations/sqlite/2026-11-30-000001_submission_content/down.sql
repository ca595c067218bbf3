ALTER TABLE submissions DROP COLUMN record_json;
