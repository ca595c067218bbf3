-- A season's past brought in (issue 46): the results of a tournament played
-- before Chelem, as the club's spreadsheet gives them. Such a tournament has
-- no round; its ranking is these lines.
CREATE TABLE past_results (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id),
    place INTEGER NOT NULL,
    total BIGINT NOT NULL,
    deals INTEGER NOT NULL,
    UNIQUE (tournament_id, player_id)
);
