DROP TABLE game_actions;
DROP TABLE game_deals;
DROP TABLE game_seats;
DROP TABLE games;
