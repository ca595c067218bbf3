# Statistics, charts, results page, audit log in sentences, home page lists.
nav-stats = Statistics
results-page = Results page
results-title = Results
results-explain = One HTML file, stylesheet and charts included, no script: upload it as it is to the club's website. Licences and clubs appear only if you tick the box.
results-details = Include clubs and licence numbers
results-download = Download the results page
results-rounds = { $n ->
    [one] { $n } round
   *[other] { $n } rounds
}
results-players = { $n ->
    [one] { $n } player
   *[other] { $n } players
}
results-standings = Final standings
results-club = Club
results-licence = Licence
results-generated = Page made by Chelem on { $when }.
stats-none = No deal entered yet: the statistics will come with the first deals.
stats-tournament = Tournament statistics
stats-player = Statistics
stats-see-tournament = Statistics of the whole tournament
stats-contract = Contract
stats-success = Success
stats-made-of = { $won } of { $taken } ({ $rate }%)
stats-rate = { $rate }%
stats-deals = Deals entered
stats-passed = Deals everyone passed
stats-taken = Contracts made
stats-with-partner = Deals with a called partner
stats-taker-average = Taker's average score per deal
stats-handfuls = Handfuls (single / double / triple)
stats-petit-camps = Petits au bout (attack / defence)
stats-chelems-camps = Chelems made (attack / defence)
stats-chelems-failed = Chelems announced and failed
stats-played = Deals played
stats-sat-out = Deals sat out as the dealer (table of 5)
stats-average = Average score per deal
stats-partner = Called as partner, made
stats-defence = In defence, won
stats-petit-player = Petits au bout won / lost
stats-chelems = Chelems made by their camp
sat-out-dealer = sat out (dealer)
chart-race-title = Standings race
chart-race-desc = Each player's cumulative score round by round; the top ten in colour.
chart-race-desc-player = Each player's cumulative score round by round; { $name }'s line in red.
chart-race-x = Round
chart-race-y = Cumulative score
chart-race-desc-percent = Each player's average percentage round by round, the one the standings rank by; the top ten in colour.
chart-race-desc-player-percent = Each player's average percentage round by round, the one the standings rank by; { $name }'s line in red.
chart-race-y-percent = Average percentage
chart-race-desc-datum = Each player's datum added up round by round, the one the standings rank by; the top ten in colour.
chart-race-desc-player-datum = Each player's datum added up round by round, the one the standings rank by; { $name }'s line in red.
chart-race-y-datum = Datum so far
chart-contracts-title = Contracts taken and made
chart-contracts-desc = For each contract, how many times it was taken and, dark, how many times it was made.
chart-contracts-x = Deals
chart-contracts-taken = Taken
chart-contracts-made = Made
chart-scores-title = Distribution of scores per deal
chart-scores-desc = How many times a player scored so much in a deal (dealers sitting out at tables of 5 left out).
chart-scores-x = A player's score in a deal
chart-scores-y = Count
chart-scores-column = from { $lo } to { $hi }: { $count }
home-running = Running
home-upcoming = Coming up
home-recent = Recently finished
home-stats-link = statistics
audit-sentence = What happened
audit-raw = Raw data
audit-deal-correct = { $actor } corrected deal { $deal } of table { $table } (round { $round }).
audit-before-after = Before: { $before }. After: { $after }.
audit-round-start = { $actor } started round { $round }.
audit-round-table = Table { $table }: { $players }
audit-round-close = { $actor } closed round { $round }.
audit-checkin-all = { $actor } checked in every registered player at once (everyone is here): { $count ->
    [one] { $count } player.
   *[other] { $count } players.
}
audit-round-force-close = { $actor } closed round { $round } with deals missing.
audit-missing-table = Table { $table }: deals { $deals } missing
audit-settings = { $actor } changed the tournament's settings.
audit-setting-change = { $field }: { $before } → { $after }
audit-deal = { $contract } by { $taker }{ $partner }, { $oudlers ->
    [one] { $oudlers } oudler
   *[other] { $oudlers } oudlers
}, { $points } points
audit-deal-partner = {" "}with { $partner }
audit-deal-petit-attack = petit au bout to the attack
audit-deal-petit-defence = petit au bout to the defence
audit-deal-handful = { $size } by { $name }
audit-deal-chelem = chelem
audit-round-undo = { $actor } undid the start of round { $round }.
audit-round-seats = { $actor } changed seats in round { $round }.
audit-round-clock = { $actor } moved the end of round { $round }.
audit-clock-ends = End: { $before } → { $after }
audit-unknown-action = This tournament's log holds an action this version of Chelem does not know: “{ $action }”. A newer version probably wrote it: update Chelem to read the log.
chart-sizes-title = Tables of 4 and tables of 5
chart-sizes-desc = How many points a taker and a defender score in a contract on average, whatever the sign, at each size of table: fewer points change hands at a table of 5, where the taker has a partner or the dealer sits out.
chart-sizes-x = Points per contract (average, whatever the sign)
chart-sizes-taker = the taker
chart-sizes-defender = a defender
chart-sizes-row = Tables of { $n }
chart-sizes-note = { $taker } / { $defender } · { $deals ->
    [one] { $deals } deal
   *[other] { $deals } deals
}
audit-deal-void = { $actor } voided deal { $deal } of table { $table } (round { $round }).
audit-deal-restore = { $actor } restored deal { $deal } of table { $table } (round { $round }).
audit-award = { $actor } awarded points at table { $table } (round { $round }).
audit-award-withdraw = { $actor } withdrew points awarded at table { $table } (round { $round }).
audit-room-add = { $actor } added room { $room }.
audit-room-change = { $actor } changed room { $room }.
audit-room-remove = { $actor } removed room { $room }.
audit-room-numbering = { $actor } changed how the rooms' tables are numbered.
audit-room-detail = “{ $name }”, { $tables ->
    [one] { $tables } table
   *[other] { $tables } tables
}
audit-round-rooms = Round { $round }: some players could not be kept in their room (more tables than the room holds, or two players kept in two rooms at one table).
