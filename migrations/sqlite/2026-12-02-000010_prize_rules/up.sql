-- A tournament's prize rule (issue 48, docs/prizes.md): a JSON text read by
-- the core's `tournament::prizes::Rule` (the pot: entry fee and paying
-- players, or a fixed sum, in cents; the share redistributed; the places'
-- split in percents or amounts; rounding; fixed prizes; the bonus, naming
-- the other tournaments of the day by id). None: no prize list yet.
CREATE TABLE prize_rules (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    rule TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
