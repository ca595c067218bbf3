DROP TABLE submissions;
ALTER TABLE deals DROP COLUMN confirmed_by;
ALTER TABLE deals DROP COLUMN confirmed;
ALTER TABLE tournaments DROP COLUMN confirm_deals;
