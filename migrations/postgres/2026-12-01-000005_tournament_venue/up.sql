-- Where a tournament is played, the club that hosts it and the name of the
-- person who organizes it, as the federation's results file gives them
-- (empty: not said).
ALTER TABLE tournaments ADD COLUMN place TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN host_club TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN organizer_name TEXT NOT NULL DEFAULT '';
