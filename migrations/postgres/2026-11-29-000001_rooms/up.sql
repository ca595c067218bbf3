-- Rooms (salles): a session's tables spread over several rooms, in order
-- (each room holds its `tables` first tables left, the last room the rest);
-- table numbers run on across rooms or restart in each. A player kept in a
-- room is a seating constraint of kind `room` (its `table_number` column
-- holds the room's number).
CREATE TABLE rooms (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    tables INTEGER NOT NULL,
    UNIQUE (tournament_id, number),
    UNIQUE (tournament_id, name)
);
ALTER TABLE tournaments ADD COLUMN room_numbering TEXT NOT NULL DEFAULT 'run-on';
