-- Timed rounds. A tournament's round length is kept in whole seconds
-- (tournament::clock::RoundLength): the organizer types minutes with
-- fractions ("0.05"), but an integer column reads back exactly on both
-- backends, where a REAL / DOUBLE PRECISION would round-trip 0.05 as
-- 0.05000000000000000277 and compare badly. NULL: rounds are not timed.
ALTER TABLE tournaments ADD COLUMN round_seconds INTEGER;
-- When a timed round's bell rings (UTC); NULL: the round is not timed.
ALTER TABLE rounds ADD COLUMN ends_at TIMESTAMP;
