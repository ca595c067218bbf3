DROP TABLE season_clubs;
DROP TABLE tournament_clubs;
DROP TABLE club_organizers;
DROP TABLE clubs;
ALTER TABLE users DROP COLUMN admin;
