nav-standings = Standings
nav-seating = Seating
nav-audit = Audit log
tournaments-title = Tournaments
tournaments-new = New tournament
tournaments-none = No tournament yet.
tournaments-create = Create the tournament
tournament-name = Name
tournament-date = Date
tournament-venue = Place, club and organizer
tournament-place = Place
tournament-host-club = Host club
tournament-organizer = Organizer (full name)
tournament-venue-help = Given in the results file for the federation; optional.
tournament-rounds = Number of rounds
tournament-rounds-count = { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }
tournament-deals = Deals per round
tournament-deals-4 = At a table of 4
tournament-deals-5 = At a table of 5
tournament-deals-3 = At a table of 3
tournament-table5-mode = Tables of 5
table5-dealer-out = The dealer sits out (FFT tournament)
table5-called-king = Called king (5-player game)
tournament-round-minutes = Round length (minutes)
tournament-round-minutes-help = Empty: rounds are not timed. Fractions allowed (0.5 is 30 seconds).
tournament-ranking = Ranking
ranking-total = By total (FFT)
ranking-per-deal = By average per deal played
tournament-tie-breaker = Tie-breaker
tie-none = None: ties share the place (FFT)
tie-best-round = The better best round
tie-taker-wins = The most deals won as taker
tournament-seating = Seating
tournament-extra-fives = Extra tables of 5 (to avoid repeat meetings)
tournament-swiss-from = Swiss seating from round (empty: never)
tournament-seed = Seating seed (empty: random)
tournament-variants = Scoring variants
variant-garde-contre-x8 = Garde contre × 8
variant-handfuls = Handfuls worth 20 / 40 / 60
variant-no-petite = No petite (garde at least)
variant-misere = Misère
variant-round-10 = Scores rounded to 10
rounds-title = Rounds
round-n = Round { $n }
round-short = R{ $n }
round-open = open
round-closed = closed
round-tables-missing = { $count ->
        [one] { $count } table incomplete
       *[other] { $count } tables incomplete
    }
round-start = Start round { $n }
round-closed-next = Round { $n } is closed: the next one can start.
round-start-minutes = Length (minutes, empty: not timed)
round-start-count = { $count } players will be seated
rounds-all-seated = Every round is seated.
round-close-previous = Close round { $n } first, even with deals missing
round-close-title = Close the round
round-missing-tables = Deals missing at tables: { $tables }
round-force-close = Close anyway (incomplete tables stay as they are)
round-close-button = Close the round
players-title = Players
players-present = { $count } present
players-late = { $count ->
    [one] { $count } late arrival
   *[other] { $count } late arrivals
}
players-registered = { $count } registered, not checked in
players-withdrawn = { $count } withdrawn
player-name = Name
player-club = Club
player-licence = FFT licence
player-status = Status
player-present-now = Present (checked in)
player-with = With
player-fair = { $deals ->
    [one] 1 deal played
   *[other] { $deals } deals played
  } · average per deal:
player-table-of = table of { $n }
status-present = present
status-registered = registered, not checked in
status-late = late arrival
status-withdrawn = withdrawn
from-round = from round { $n }
action-checkin = Check in
action-withdraw = Withdraw
action-reinstate = Reinstate
action-remove = Remove
action-enter = Enter
action-edit = Edit
action-correct = Correct
players-add = Register a player
players-add-button = Register
players-import = Import a CSV file
players-import-help = One line per player, after a header line: name,club,licence (or nom;club;licence; semicolon, comma or tab separated, as your spreadsheet saves it). Club and licence are optional (in a team event, an équipe or team column names each player's team); an FFT licence has digits only. Refused lines are listed with their reason, the others are registered.
players-import-present-note = Ticked by default: every imported player is checked in as present. Untick to only register them, if they have not arrived yet.
players-import-file = File
players-import-text = Or paste the lines here
players-import-button = Import
import-empty = The file is empty: choose a file or paste lines.
import-report-title = Player import
import-imported = { $count ->
        [one] { $count } player registered.
       *[other] { $count } players registered.
    }
import-refused = { $count ->
        [one] { $count } line refused:
       *[other] { $count } lines refused:
    }
import-line = Line
import-content = Content
import-reason = Reason
import-show-imported = Show the registered players
back-to-tournament = Back to the tournament
back-to-round = Back to the round
back-to-sheet = Back to the score sheet
constraints-title = Seating constraints
constraint-player = Player
constraint-apart-from = Never at the same table as
constraint-table = Table
constraint-add-apart = Keep these two apart
constraint-add-fixed = Keep this player at this table
constraint-apart-text = { $a } and { $b } never play at the same table
constraint-fixed-text = { $a } always plays at table { $table }
constraint-player-required = Choose a registered player.
constraint-two-players = Choose two different registered players.
constraint-table-required = Give a table number (1 or more).
constraint-kind = Unknown constraint.
table-n = Table { $n }
table-link = Tablet link:
links-unreachable = The table links and QR codes point at { $host }, which only this computer can reach: the phones will not open them. Restart the server with --bind 0.0.0.0:8080 (or give --public-url), on the same Wi-Fi as the tables.
deals-entered = Deals entered:
deal = Deal
deal-n = Deal { $n }
dealer = dealer:
total = Total
total-label = Total:
sum-zero = sums to zero
sum-not-zero = The sum is not zero!
sits-out = sits out
deal-sits-out = { $name } deals and sits out this deal.
deal-all-passed = Everyone passed
deal-taker = Taker
deal-partner = Partner (called king)
deal-partner-alone = Alone
deal-contract = Contract
deal-oudlers = Attack's oudlers
deal-points = Points
deal-petit-au-bout = Petit au bout
deal-handfuls = Handfuls
deal-chelem = Chelem (slam)
deal-chelem-announced = Announced by the taker
deal-chelem-made-by = Made by
deal-miseres = Misères
deal-reason = Reason for the correction
deal-save = Save the deal
deal-save-correction = Save the correction
deal-summary-made = { $contract } by { $taker } made by { $margin }: { $formula }
deal-summary-failed = { $contract } by { $taker } failed by { $margin }: { $formula }
formula-petit-au-bout = petit au bout
formula-chelem = slam
formula-misere = misère
required = required
none = none
camp-attack = the attack
camp-defence = the defence
contract-petite = Petite
contract-garde = Garde
contract-garde_sans = Garde sans
contract-garde_contre = Garde contre
handful-simple = Single handful
handful-double = Double handful
handful-triple = Triple handful
misere-trumps = Misère (no trumps)
misere-heads = Misère (no face cards)
seating-title = Seating report
seating-rounds = { $count ->
    [one] { $count } round seated.
   *[other] { $count } rounds seated.
}
seating-no-repeat = No repeat meeting: nobody has met the same opponent twice.
seating-repeats = { $count ->
    [one] { $count } repeat meeting (unavoidable with these numbers).
   *[other] { $count } repeat meetings (unavoidable with these numbers).
}
seating-times-met = Meetings
seating-max-met = { $count ->
        [one] At most one meeting for any pair.
       *[other] At most { $count } meetings for any pair.
    }
audit-title = Audit log
audit-none = No change yet.
audit-when = When
audit-who = Who
audit-what = What
audit-before = Before
audit-after = After
audit-why = Why
standings-deals = Deals
standings-deals-title = Deals played and scored
standings-per-deal = Avg/deal
standings-per-deal-title = Average per deal played (total ÷ deals)
standings-ranked-per-deal = Ranked by average per deal played: ties share the place, a player who played no deal comes last.
standings-overall = Overall
standings-round = Standings of round { $n }
standings-place = place { $n }
standings-check-ok = Check: every table and the whole tournament sum to zero.
standings-check-bad = Check: the tournament's total is { $total } instead of 0! Check the score sheets.
round-closed-note = This round is closed: deals can no longer be changed from the table. Ask the organizer.
round-closed-note-organizer = This round is closed: the tables can no longer change its deals. As the organizer, you can still correct them here.
sheet-details = Deal by deal
nav-settings = Settings
tournament-edit = Tournament settings
tournament-edit-started = Round 1 is seated: how tables of 5 play, the scoring variants and the seating seed can no longer change.
tournament-save = Save the settings
nav-players = Players
nav-games = Casual games
directory-title = Player directory
directory-search = Name, club or licence
directory-search-button = Search
directory-none = No player found.
directory-back = Back to the player directory
player-edit-title = Edit a player
player-save = Save
mark-late = late (round { $n })
mark-withdrawn = { $n ->
        [0] withdrew before playing
       *[other] withdrew after round { $n }
    }
seats-title = Change seats
seats-help-duplicate = Before any deal at the tables concerned: swap two players of different tables (in a duplicate, each table keeps its 4 players; the bots stay at their table).
seats-help = Before any deal at the tables concerned: swap two players of different tables, or send a player to another table (each table keeps 4 or 5 players).
seats-player = Player
seats-with = Swap with, or go to
seats-to-table = → table { $n } (one more seat)
seats-button = Change seats
seats-changed = Seats changed: the tables' sheets and the seating report are up to date.
seats-no-repeat = Seating report: no repeat meeting since the tournament began.
seats-repeats = Seating report: { $count ->
    [one] one repeat meeting
   *[other] { $count } repeat meetings
} since the tournament began.
seats-report-link = See the report
round-undo-title = Undo the round's start
round-undo-help = While no deal is entered or played: the round, its tables and their links are removed, and you can start it again.
round-undo-question = Undo the start of round { $n }?
round-undo-tables = { $count ->
    [one] Its table and its link (QR code) will be removed: printed table cards will no longer work.
   *[other] Its { $count } tables and their links (QR codes) will be removed: printed table cards will no longer work.
}
round-undo-players = Players who arrived or were checked in during this round will be seated when you start it again; those who withdrew during it will not.
round-undo-again = Round { $n } can be started again at once from the tournament page.
round-undo-reason = Reason (kept in the audit log)
round-undo-confirm = Yes, undo the start of round { $n }
round-undo-cancel = No, back to the round
round-back = Back to round { $n }
round-undone = The start of round { $round } is undone: start it again whenever you are ready.
withdraw-question = Withdraw { $name } from the tournament?
withdraw-next = From round { $round } on, this player will no longer be seated.
withdraw-seated = Round { $round } is under way: { $name } finishes it at table { $table }. To take them out of it too, undo the round's start while no deal is entered, then start it again.
withdraw-scores = The scores already made stay in the standings; you can reinstate them later.
withdraw-confirm = Yes, withdraw
withdraw-cancel = No, back to the players
withdraw-back = Back to the players

## Check-in at the door (the dashboard's player list)
checkin-label = check in
checkin-undo-label = undo check-in
checkin-page = Details
checkin-page-label = Details of { $name }
checkin-help = Tap a player's row to check them in; tap it again to undo.
checkin-search = Find a player
checkin-search-button = Find
checkin-shown = Shown: { $count }
checkin-show-all = Show all
checkin-none-found = No player matches this search.
checkin-failed = The check-in could not be saved: reload the page and try again.
checkin-all-button = Everyone is here
checkin-all-question = Is everyone here?
checkin-all-explain = { $count ->
    [one] The registered player not checked in yet (named below) will be checked in.
   *[other] The { $count } registered players not checked in yet (listed below) will be checked in.
}
checkin-all-withdrawn = Players who withdrew stay out.
checkin-all-confirm = { $count ->
    [one] Yes, check in this player
   *[other] Yes, check in the { $count } players
}
checkin-all-none = Every registered player is already checked in.
checkin-all-done = { $count ->
    [0] No player to check in: everyone already was.
    [one] { $count } player checked in.
   *[other] { $count } players checked in.
}
clock-plus-5 = +5 min
clock-minus-5 = −5 min
clock-add-label = Minutes to add (negative: an earlier end)
clock-move = Move the end

## The organizer's adjustments under a table's sheet.
sheet-void = Voided
sheet-award = Points awarded
adjust-title = Referee's adjustments
adjust-lead = Each adjustment asks its reason and stays in the audit log. A voided deal stays on the sheet, struck, and counts for nobody; points awarded add to the deals and sum to zero.
adjust-void-title = Void a deal
adjust-reason = Reason
adjust-void = Void the deal
adjust-restore-reason = Restore deal { $n }: reason
adjust-restore = Restore deal { $n }
adjust-award-title = Award points
adjust-award-lead = For a table that could not finish its deal at the bell, say: points for some players, points off for others, summing to zero (leave empty for 0).
adjust-award = Award the points
adjust-withdraw-reason = Withdraw the points awarded ({ $reason }): reason
adjust-withdraw = Withdraw
standings-percent = %
standings-percent-title = Duplicate: average of the percentages over the deals played (each deal compared with every table that played it: 2 matchpoints per result beaten, 1 per tie)
standings-datum = Datum
standings-datum-title = Duplicate: total over the deals played of the score minus the mean of the other tables' at the same seat
standings-ranked-duplicate = Duplicate: each deal is compared with the results of every table that held the same cards, seat by seat.
tournament-format = Format
format-libres = Free deals (each table deals its own)
format-duplicate = Duplicate (the same deals at every table)
tournament-comparison = Duplicate comparison
comparison-matchpoints = Matchpoints (percentage)
comparison-datum = Datum (score minus the others' mean)
tournament-fill-with-bots = Duplicate: bots fill the table of the players left over (played on the devices) instead of their sitting out
tournament-format-help = Duplicate: every table of a round plays the same prepared deals, as many as the deals at a table of 4; tables of 4 only, the players left over sit the round out in turn, or play together at a table the bots fill when the box is ticked. Chosen at creation.
tournament-format-fixed = Duplicate tournament: the same deals at every table of a round, compared seat by seat (chosen at creation).
tournament-fill-fixed = Bots fill the table of the players left over, on the devices.
dup-deal-title = Deal { $deal }
dup-deal = Deal
dup-round = Round
dup-entered = Tables
dup-deals = Deals
dup-dealer = dealer: seat { $n }
dup-dealer-mark = dealer
dup-seat = Seat { $n }
dup-dog = Dog
dup-table = Table
dup-table-n = Table { $n }
dup-results = The tables' results
dup-hands = The hands
dup-details = How each result compares
dup-missing = { $n ->
    [one] One table of the round has not entered this deal yet.
   *[other] { $n } tables of the round have not entered this deal yet.
}
dup-no-result = No table has entered this deal yet.
dup-no-deal = No deal yet: the first round is not seated.
dup-deals-help = A deal opens to everyone once every table of its round has entered it.
dup-hidden = This deal is shown once every table of its round has entered it.
dup-explain-mp = Deal { $deal }, seat { $seat }: { $score } against { $others ->
        [one] 1 other
       *[other] { $others } others
    } → { $mp } / { $max } = { $percent } %
dup-explain-once = Deal { $deal }, seat { $seat }: { $score }, the only table that played it → 50 %
dup-explain-datum = Deal { $deal }, seat { $seat }: { $score } − { $others ->
        [one] the other result
       *[other] the mean of the { $others } others
    } ({ $mean }) = { $datum }
dup-explain-datum-once = Deal { $deal }, seat { $seat }: { $score }, the only table that played it → 0
dup-diagrams = Deal diagrams
dup-trumps = Trumps
dup-excuse = Excuse
dup-diagram-help = One page a deal: every table of the round gets the same hands, seat 1 being the first player on the table card.
dup-card-deals = Deals played: { $list }
dup-player-line = { $deals ->
    [one] { $figure } over { $deals } deal
   *[other] { $figure } over { $deals } deals
}
dup-pending = pending
dup-form-deal = Duplicate: deal { $deal } of the tournament, the same cards at every table.
dup-seat-deal = Duplicate: deal { $deal } of the tournament, the same cards at every table
dup-seat-traveller = compare with the other tables
dup-seat-compared = Your result against the other tables:
dup-seat-waiting = Not every table has entered this deal yet: the comparison comes once they all have.

# The dashboard's player list, a page at a time.
pager-range = Players { $from } to { $to } of { $count }
pager-prev = Previous
pager-next = Next
pager-label = Pages of the player list
pager-search-all = A long list: it comes in pages of 200. The search (Enter) looks among every player.

## Rooms
nav-rooms = Rooms
rooms-title = Rooms
rooms-intro = A tournament may be played in several rooms: each room takes its first tables in turn, the last room takes whatever is left. Each room has its own projector screen and table cards.
rooms-none = One room for now: add rooms to spread the tables.
room-name = Room name
room-name-example = Main hall
room-tables = Tables
room-save = Save
room-now = Last round: tables { $first } to { $last }
room-now-one = Last round: table { $n }
room-now-none = Last round: no table in this room
room-kept = { $count ->
    [one] 1 player kept in this room
   *[other] { $count } players kept in this room
}
room-projector = Room's screen
room-cards = Room's table cards (last round)
rooms-numbering = Table numbers
rooms-numbering-run-on = Running on from room to room
rooms-numbering-restart = From 1 in each room
room-add = Add a room
room-add-button = Add the room
rooms-kept-hint = To keep a player in one room (reduced mobility), add a seating constraint:
room-name-required = Give the room a name.
room-name-long = The room's name is longer than { $max } characters.
room-tables-range = Give a number of tables from 1 to { $max }.
room-name-taken = A room is already called “{ $name }”.
room-has-players = { $count ->
    [one] A player is kept in this room: remove their seating constraint first.
   *[other] { $count } players are kept in this room: remove their seating constraints first.
}
room-numbering-unknown = Choose how tables are numbered.
table-in-room = { $room } · table { $n }
constraint-room = Room
constraint-add-room = Keep this player in this room
constraint-room-text = { $a } always plays in room “{ $room }”
constraint-room-required = Choose one of the tournament's rooms.
constraint-player-hint = Type the start of a name and pick the player from the list.
constraint-player-ambiguous = Several registered players have this name: pick the right one from the list (the number after # names them).
dashboard-duplicate = Duplicate, { $deals ->
    [one] 1 deal
   *[other] { $deals } deals
  } a round, the same at every table
player-known-question = { $who } is already known: take them up again?
player-known-help = A player of the directory has this name and club. Taking them up again keeps their history (tournaments, seasons); a namesake is a new player.
player-known-again = Take them up again
player-known-new = New player (namesake)
player-known-gone = { $name } is no longer in the directory under this name and club: register them again.
players-import-again = Take up players already known (same name and club)
players-import-again-note = Ticked by default: a player of the directory with the same name and club is taken up again, with their history, instead of being created anew. Untick for namesakes.
import-again = { $count ->
    [one] { $count } known player taken up from the directory:
   *[other] { $count } known players taken up from the directory:
}
import-line-n = line { $n }
