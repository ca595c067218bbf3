-- Deals played on the devices (FORMATS.md, "Digital play: seats"): a game is
-- a tournament table set to digital play, or a casual game outside any
-- tournament (`seed`: the first deal's, when the organizer chose it; the
-- next deals take the following ones). Each deal keeps its seed and every action in order: the deal
-- is rebuilt from them, so a restart loses nothing that was acknowledged.
CREATE TABLE games (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER REFERENCES tournaments (id) ON DELETE CASCADE,
    table_id INTEGER UNIQUE REFERENCES round_tables (id) ON DELETE CASCADE,
    players INTEGER NOT NULL,
    deal_count INTEGER NOT NULL,
    seed BIGINT,
    created_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
-- One row per seat of the table (5 at a table of 5, even when 4 play each
-- deal). `token`: the seat's secret link (NULL for a seat given to a bot from
-- the start); `bot`: who plays it now when not its player.
CREATE TABLE game_seats (
    id SERIAL PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    player_id INTEGER REFERENCES players (id),
    token TEXT UNIQUE,
    bot TEXT,
    UNIQUE (game_id, seat)
);
-- `seat_map`: the table seat of each seat of the deal, as JSON (at a table of 5
-- in FFT mode the dealer sits out); `seed`: the 64 bits of the shuffle.
CREATE TABLE game_deals (
    id SERIAL PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    dealer INTEGER NOT NULL,
    seat_map TEXT NOT NULL,
    seed BIGINT NOT NULL,
    actions INTEGER NOT NULL DEFAULT 0,
    scores TEXT,
    log TEXT,
    created_at TIMESTAMP NOT NULL,
    finished_at TIMESTAMP,
    UNIQUE (game_id, number)
);
-- Every action, numbered from 0: a second write of the same number (a double
-- tap, two bots, two servers) fails on the key and changes nothing.
CREATE TABLE game_actions (
    id SERIAL PRIMARY KEY,
    deal_id INTEGER NOT NULL REFERENCES game_deals (id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (deal_id, idx)
);
