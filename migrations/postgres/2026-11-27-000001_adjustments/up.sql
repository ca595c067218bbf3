-- The organizer's adjustments of a table's scores (FORMATS.md, "Timed rounds
-- and fair standings"; issue: a table that could not finish). A voided deal
-- is kept as entered, with the reason, and counts for nobody: its scores stay
-- stored so that restoring it needs nothing typed again.
ALTER TABLE deals ADD COLUMN void_reason TEXT;
-- Points awarded at a table beside its deals, with the reason: one row per
-- award, one row per player of it in award_points (their sum is zero).
CREATE TABLE awards (
    id SERIAL PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES round_tables (id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    actor TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX awards_table ON awards (table_id);
CREATE TABLE award_points (
    id SERIAL PRIMARY KEY,
    award_id INTEGER NOT NULL REFERENCES awards (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id),
    points INTEGER NOT NULL,
    UNIQUE (award_id, player_id)
);
