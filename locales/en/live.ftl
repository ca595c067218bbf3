# Live updates, projector view, a player's seat in the current round.
live-projector = Projector
live-not-started = The tournament has not started yet.
live-no-players = No player registered yet.
live-round-open = Round { $round } of { $rounds } under way
live-round-closed = Round { $round } of { $rounds } over
live-tables-done = Tables done: { $done }/{ $tables }
live-deals-in = Deals entered: { $done }/{ $expected }
live-current-seat = Round { $round } under way: table { $table }, seat { $seat }
