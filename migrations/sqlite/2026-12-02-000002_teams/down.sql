DROP TABLE team_members;
DROP TABLE teams;
ALTER TABLE tournaments DROP COLUMN teams;
