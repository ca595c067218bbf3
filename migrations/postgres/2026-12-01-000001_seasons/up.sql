-- Seasons (challenges, championships, circuits): several tournaments
-- ranked together by a rule (FORMATS.md, "Seasons"). The rule's columns:
-- `points` (total, places, percent), `scale` (a JSON list of the points of
-- ranks 1, 2, 3…, with places only), `best_of` (only the N best count),
-- `participation` (hundredths of a point per tournament played).
CREATE TABLE seasons (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    starts TEXT NOT NULL,
    ends TEXT NOT NULL,
    points TEXT NOT NULL,
    scale TEXT,
    best_of INTEGER,
    participation INTEGER NOT NULL DEFAULT 0,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);
-- A tournament may belong to several seasons (the club's challenge and the
-- area's circuit).
CREATE TABLE season_tournaments (
    season_id INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    PRIMARY KEY (season_id, tournament_id)
);
CREATE INDEX season_tournaments_tournament ON season_tournaments (tournament_id);
