ALTER TABLE tournaments DROP COLUMN organizer_name;
ALTER TABLE tournaments DROP COLUMN host_club;
ALTER TABLE tournaments DROP COLUMN place;
