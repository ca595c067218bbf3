-- Two directory entries found to be one person, merged (issue 46): every
-- row naming the removed entry now names the kept one, and the removed
-- entry's row is gone. Kept here to undo it exactly while nothing else
-- changed: the removed row as it was, whether the kept entry took its
-- licence, the rows repointed and the rows that named the kept entry
-- before (each `[["table.column", row id], ...]`, JSON); who merged and
-- when, who undid it and when. The directory's log of merges.
CREATE TABLE player_merges (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    kept_id INTEGER NOT NULL,
    removed_id INTEGER NOT NULL,
    removed_name TEXT NOT NULL,
    removed_club TEXT NOT NULL,
    removed_licence TEXT,
    removed_created_at TIMESTAMP NOT NULL,
    licence_moved BOOLEAN NOT NULL,
    repointed TEXT NOT NULL,
    kept_rows TEXT NOT NULL,
    actor TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    undone_by TEXT,
    undone_at TIMESTAMP
);
CREATE INDEX player_merges_kept ON player_merges (kept_id);
