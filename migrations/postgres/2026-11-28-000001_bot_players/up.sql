-- The bots that fill the empty seats of a duplicate round when the
-- organizer chooses so (FORMATS.md, "Duplicate tournaments"): players of
-- their own, marked with the bot that plays them, never in the directory,
-- never registered, so never ranked; their seats' results count in the
-- comparison like anyone's. They are made the first time a round needs
-- them, at most once each (the index).
ALTER TABLE players ADD COLUMN bot TEXT;
CREATE UNIQUE INDEX players_bot_name ON players (name) WHERE bot IS NOT NULL;
