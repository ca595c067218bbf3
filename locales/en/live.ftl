# Live updates, projector view, a player's seat in the current round.
live-projector = Projector
live-not-started = The tournament has not started yet.
live-no-players = No player registered yet.
live-round-open = Round { $round } of { $rounds } under way
live-round-closed = Round { $round } of { $rounds } over
live-tables-done = Tables done: { $done }/{ $tables }
live-deals-in = Deals entered: { $done }/{ $expected }
live-current-seat = Round { $round } under way: table { $table }, seat { $seat }
find-title = Find my name
find-label = Your name
find-placeholder = First or last name
find-button = Show my seat
find-several = Several players go by that name: which one are you?
find-none = No player of this tournament is called { $name }: check the spelling, or type only your first or last name.
find-empty = Type your name (or first name) to find your table and seat.
