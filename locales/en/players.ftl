# What the organizer types to register a player (form, CSV file, API).
player-name-missing = the player's name is required
player-name-too-long = the name is too long: { $count } characters ({ $max } at most)
player-licence-digits = licence "{ $value }": an FFT licence number has digits only ({ $max } at most)
player-control-char = { $field } contains an invisible (control) character at position { $position }: type it again rather than pasting it
field-player-name = the name
field-player-club = the club
field-player-licence = the licence number
csv-too-many-columns = { $count } columns instead of { $expected }: a comma or semicolon too many in the name or the club? Put that field in double quotes
csv-licence-twice = licence { $licence } is already on line { $line } of the file
player-json-not-object = the request body must be a JSON object: {"{"} "name": "…", "club": "…" {"}"}
player-json-not-text = the field "{ $key }" must be a string in double quotes, not { $value }
player-json-not-bool = the field "{ $key }" must be true or false, not { $value }
text-direction-char = { $field } contains an invisible character that changes the writing direction (position { $position }): type it again rather than pasting it
text-invisible = { $field } is made only of invisible characters (zero-width spaces, joiners…): type a readable name
field-tournament-name = the tournament's name
field-game-name = a seat's name
