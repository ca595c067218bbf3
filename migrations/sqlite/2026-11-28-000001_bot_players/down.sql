DROP INDEX players_bot_name;
DELETE FROM players WHERE bot IS NOT NULL;
ALTER TABLE players DROP COLUMN bot;
