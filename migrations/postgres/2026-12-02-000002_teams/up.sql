-- Team events (FORMATS.md, "Teams"): the size of a tournament's teams
-- (NULL: no teams), its teams, and their members (a player in one team of
-- a tournament at most).
ALTER TABLE tournaments ADD COLUMN teams INTEGER;
CREATE TABLE teams (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    UNIQUE (tournament_id, name)
);
CREATE TABLE team_members (
    id SERIAL PRIMARY KEY,
    team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players(id),
    UNIQUE (team_id, player_id),
    UNIQUE (tournament_id, player_id)
);
