ALTER TABLE tournaments DROP COLUMN deal_secret;
ALTER TABLE tournaments DROP COLUMN fill_with_bots;
ALTER TABLE tournaments DROP COLUMN comparison;
ALTER TABLE tournaments DROP COLUMN format;
