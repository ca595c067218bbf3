-- A tournament may ask a defender to confirm each deal entered at a table
-- before it counts in the standings (off by default).
ALTER TABLE tournaments ADD COLUMN confirm_deals BOOLEAN NOT NULL DEFAULT FALSE;
-- Whether a deal counts (confirmed, or entered where no confirmation is
-- asked, or by an organizer), and which player confirmed it.
ALTER TABLE deals ADD COLUMN confirmed BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE deals ADD COLUMN confirmed_by INTEGER;
-- The forms' idempotency keys: a double tap, a reload after submit or a
-- retry after a dropped connection records the deal once.
CREATE TABLE submissions (
    key TEXT PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES round_tables (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    version INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL
);
