-- Every committed change the public pages show, in commit order: the live
-- updates (FORMATS.md, "Live updates") send them as Server-Sent Events, and a
-- client that reconnects gets what it missed from here. AUTOINCREMENT: an id
-- is never reused, so ids only grow.
-- No foreign key on tournament_id: checking one would share-lock the
-- tournament's row, which starting a round locks for update, and a deal
-- entry publishing under its round's lock would deadlock with it.
CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX events_tournament ON events (tournament_id, id);
