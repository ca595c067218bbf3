ALTER TABLE tournaments DROP COLUMN ranking;
