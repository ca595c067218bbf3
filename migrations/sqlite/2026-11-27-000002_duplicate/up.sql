-- Duplicate tournaments (FORMATS.md, "Duplicate tournaments"): how the
-- deals are played ('libres': each table deals its own; 'duplicate': the
-- same prepared deals at every table of a round), how a duplicate deal's
-- results are compared ('matchpoints' or 'datum'), and whether bots fill
-- the empty seats of a round instead of players sitting it out.
ALTER TABLE tournaments ADD COLUMN format TEXT NOT NULL DEFAULT 'libres';
ALTER TABLE tournaments ADD COLUMN comparison TEXT NOT NULL DEFAULT 'matchpoints';
ALTER TABLE tournaments ADD COLUMN fill_with_bots BOOLEAN NOT NULL DEFAULT FALSE;
-- The secret the duplicate deals are dealt from (random, 63 bits, never
-- shown: a finished deal's published seed does not lead back to it).
ALTER TABLE tournaments ADD COLUMN deal_secret BIGINT NOT NULL DEFAULT 0;
