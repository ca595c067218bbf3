DROP TABLE season_shares;
DROP TABLE tournament_shares;
