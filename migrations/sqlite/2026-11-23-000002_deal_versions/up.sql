-- Each deal slot counts its changes, so a correction made from a stale page
-- is refused instead of silently overwriting (FORMATS.md, "Versions").
ALTER TABLE deals ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
