DROP TABLE season_tournaments;
DROP TABLE seasons;
