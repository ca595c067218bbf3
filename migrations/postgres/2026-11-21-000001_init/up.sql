-- Organizer accounts.
CREATE TABLE users (
    id SERIAL PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- Browser sessions (cookie holds the token; only its SHA-256 is stored).
CREATE TABLE sessions (
    id SERIAL PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

-- API bearer tokens (only the SHA-256 is stored).
CREATE TABLE api_tokens (
    id SERIAL PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    last_used_at TIMESTAMP
);

-- Login attempts, for throttling per account and per address.
CREATE TABLE login_attempts (
    id SERIAL PRIMARY KEY,
    username TEXT NOT NULL,
    address TEXT NOT NULL,
    success BOOLEAN NOT NULL,
    attempted_at TIMESTAMP NOT NULL
);
CREATE INDEX login_attempts_user ON login_attempts(username, attempted_at);
CREATE INDEX login_attempts_addr ON login_attempts(address, attempted_at);

-- The player directory, shared by every tournament.
CREATE TABLE players (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    club TEXT NOT NULL DEFAULT '',
    licence TEXT UNIQUE,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE tournaments (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    event_date TEXT NOT NULL,
    rounds_planned INTEGER NOT NULL,
    deals_table3 INTEGER NOT NULL DEFAULT 3,
    deals_table4 INTEGER NOT NULL DEFAULT 4,
    deals_table5 INTEGER NOT NULL DEFAULT 5,
    table5_mode TEXT NOT NULL DEFAULT 'dealer_out',
    tie_breaker TEXT NOT NULL DEFAULT 'none',
    rules_json TEXT NOT NULL DEFAULT '{}',
    extra_fives INTEGER NOT NULL DEFAULT 0,
    swiss_from_round INTEGER,
    seed BIGINT NOT NULL DEFAULT 0,
    plan_json TEXT,
    status TEXT NOT NULL DEFAULT 'open',
    created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);

-- A player in a tournament: registered, checked in, withdrawn.
CREATE TABLE registrations (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players(id),
    checked_in BOOLEAN NOT NULL DEFAULT FALSE,
    first_round INTEGER NOT NULL DEFAULT 1,
    withdrawn_after INTEGER,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (tournament_id, player_id)
);

-- Organizer seating constraints: kind 'apart' (player_a, player_b never together)
-- or 'fixed' (player_a always at table_number).
CREATE TABLE seating_constraints (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    player_a INTEGER NOT NULL REFERENCES players(id),
    player_b INTEGER REFERENCES players(id),
    table_number INTEGER
);

CREATE TABLE rounds (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    created_at TIMESTAMP NOT NULL,
    closed_at TIMESTAMP,
    UNIQUE (tournament_id, number)
);

CREATE TABLE round_tables (
    id SERIAL PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    deal_count INTEGER NOT NULL,
    UNIQUE (round_id, number)
);

CREATE TABLE seats (
    id SERIAL PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES round_tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    UNIQUE (table_id, seat),
    UNIQUE (table_id, player_id)
);

-- One deal slot of a table, once entered. record_json holds the deal as entered
-- (player ids), or {"passed": true}.
CREATE TABLE deals (
    id SERIAL PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES round_tables(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    passed BOOLEAN NOT NULL,
    record_json TEXT NOT NULL,
    taker_id INTEGER REFERENCES players(id),
    attack_won BOOLEAN,
    entered_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (table_id, number)
);

-- Each player's score for a deal (from the rules core only).
CREATE TABLE deal_scores (
    id SERIAL PRIMARY KEY,
    deal_id INTEGER NOT NULL REFERENCES deals(id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players(id),
    score INTEGER NOT NULL,
    UNIQUE (deal_id, player_id)
);

-- Who changed what, when, and why.
CREATE TABLE audit_log (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER REFERENCES tournaments(id) ON DELETE CASCADE,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT,
    reason TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_tournament ON audit_log(tournament_id, id);
