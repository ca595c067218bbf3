DROP TABLE award_points;
DROP TABLE awards;
ALTER TABLE deals DROP COLUMN void_reason;
