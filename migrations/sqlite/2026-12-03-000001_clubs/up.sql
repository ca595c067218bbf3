-- Several clubs on one server (FORMATS.md, "Clubs"): a club owns its
-- tournaments and seasons; an organizer account belongs to one or more
-- clubs; an administrator creates clubs. A server of one club keeps working
-- as before: the default club (id 1) owns every tournament and season made
-- so far, every account is its organizer, the first one administers it.
CREATE TABLE clubs (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    name TEXT NOT NULL,
    town TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);
CREATE TABLE club_organizers (
    club_id INTEGER NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (club_id, user_id)
);
CREATE INDEX club_organizers_user ON club_organizers (user_id);
CREATE TABLE tournament_clubs (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    club_id INTEGER NOT NULL REFERENCES clubs(id)
);
CREATE TABLE season_clubs (
    season_id INTEGER PRIMARY KEY NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
    club_id INTEGER NOT NULL REFERENCES clubs(id)
);
ALTER TABLE users ADD COLUMN admin BOOLEAN NOT NULL DEFAULT 0;
INSERT INTO clubs (id, name, town, created_at) VALUES (1, 'Club', '', CURRENT_TIMESTAMP);
INSERT INTO club_organizers (club_id, user_id) SELECT 1, id FROM users;
INSERT INTO tournament_clubs (tournament_id, club_id) SELECT id, 1 FROM tournaments;
INSERT INTO season_clubs (season_id, club_id) SELECT id, 1 FROM seasons;
UPDATE users SET admin = 1 WHERE id = (SELECT MIN(id) FROM users);
