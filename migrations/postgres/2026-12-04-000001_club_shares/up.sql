-- A circuit (FORMATS.md, "Clubs"): a tournament or a season shared by the
-- club that owns it with other clubs, whose organizers may read it and
-- enter its tables' deals, not change its settings.
CREATE TABLE tournament_shares (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    PRIMARY KEY (tournament_id, club_id)
);
CREATE INDEX tournament_shares_club ON tournament_shares (club_id);
CREATE TABLE season_shares (
    season_id INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    PRIMARY KEY (season_id, club_id)
);
CREATE INDEX season_shares_club ON season_shares (club_id);
