DROP TABLE player_merges;
