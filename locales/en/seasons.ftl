# Seasons: challenges, championships, circuits.
season-name-required = the season needs a name ({ $max } characters at most)
season-date = the date "{ $value }" ({ $field }) is not a YYYY-MM-DD date
season-dates-order = the season ends ({ $ends }) before it starts ({ $starts })
season-json-text = the field "{ $key }" must be text
season-json-tournaments = "tournaments" must be a list of tournament ids
season-rule-not-object = the season's rule must be a JSON object, such as {"{"}"points": "places"{"}"}
season-rule-unknown-key = the rule has no "{ $key }" (points, scale, best_of, participation)
season-rule-points = unknown points "{ $value }": total, places or percent
season-rule-points-missing = the rule must say how points are counted: total, places or percent
season-rule-scale-length = the scale must hold 1 to { $max } values
season-rule-scale-step = a value of the scale ({ $value }) is not a number of points of 0 or more
season-rule-scale-places-only = a scale goes only with points by place
season-rule-best-of = "best_of" ({ $value }) must be a whole number from 1 to 1000
season-rule-participation = participation points ({ $value }) must be a number of 0 or more
season-rule-participation-percent = no participation points with percentages: the season takes their mean
audit-season-create = { $actor } created the season "{ $season }".
audit-season-attach = { $actor } attached this tournament to the season "{ $season }".
audit-season-detach = { $actor } took this tournament out of the season "{ $season }".
season-says-places = points by place: 1st of 28 gets 28 points, the last 1 point
season-says-scale = scale: { $scale } points for the first places, 0 beyond
season-says-total = each tournament's total score
season-says-percent = the mean of the percentages (duplicate tournaments)
season-says-best = { $n ->
    [1] the best result counts
   *[other] the best { $n } results count
}
season-says-all = every result counts
season-says-participation = { $p ->
    [one] 1 point
   *[other] { $p } points
} per tournament played
season-figure = place { $rank } of { $of }: { $points } pts
season-figure-percent = place { $rank } of { $of }: { $points } %
season-dates = From { $starts } to { $ends }
season-csv = Standings as CSV
season-projector = Room's screen
season-print = Print (A4)
season-back = Back to the season
season-tournaments = The season's tournaments
season-no-tournament = No tournament attached yet.
season-nobody = Nobody has played in this season yet.
season-points = Points
season-played = Played
season-results = Results
season-counted = Results counted
season-played-n = { $count ->
    [one] 1 tournament played
   *[other] { $count } tournaments played
}
season-participation-n = including { $points } for taking part
season-not-counted = (not counted)
season-attach-which = Tournament to attach
season-attach = Attach
season-detach = Detach
seasons-title = Seasons
seasons-intro = A challenge, a club championship, a circuit: several tournaments ranked together, live.
seasons-none = No season yet.
season-new = New season
season-name = Name
season-starts = Starts
season-ends = Ends
season-preset = How to count
season-best-of = Only the N best count (empty: as chosen)
season-participation = Participation points per tournament
season-create = Create the season
season-preset-unknown = choose how to count
season-attach-which-one = choose the tournament to attach
season-import = Bring in past results
season-import-hint = Paste the table (a header line, then date;tournament;player;club;licence;place;total;deals):
season-import-button = Bring these tournaments in
season-import-utf8 = the file must be UTF-8
season-import-too-long = the file holds more than { $max } lines
season-import-unreadable = line { $line }: unreadable
season-import-columns = line { $line }: { $count } columns instead of 8 (date, tournament, player, club, licence, place, total, deals)
season-import-number = line { $line }: "{ $column }" must be a whole number
season-import-day = line { $line }: the date "{ $value }" is neither YYYY-MM-DD nor DD/MM/YYYY
season-import-names = line { $line }: the tournament's or the player's name is missing
season-import-empty = the file holds no result
season-import-date = line { $line }: { $date } is outside the season
season-import-twice = line { $line }: this player is already in this tournament (line { $first })
season-import-place = line { $line }: place { $place } does not follow; place { $expected } was expected
season-import-tie = line { $line }: the same place as line { $other } but another total
