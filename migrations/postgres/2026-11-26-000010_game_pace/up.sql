-- How fast a game's bots play on the devices (bots::Pace): instant, normal, slow.
ALTER TABLE games ADD COLUMN pace TEXT NOT NULL DEFAULT 'normal';
