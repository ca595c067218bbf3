# A tournament's backup (chelem export / import).
backup-download = Download the tournament's backup (JSON)
backup-download-hint = The whole tournament in one file: settings, players, rounds, deals and log. "chelem import" reads it back.

# Why `chelem import` refuses a document (after the place: "round 2, table 3, deal 4: …").
import-apart-self = player { $player } cannot be kept apart from themselves
import-unknown-bot = { $name } is marked as a bot, and no bot of that name fills seats here (Robot 1 to Robot 3)
import-bot-registered = a bot fills seats, it is never registered
import-round-number = rounds are numbered from 1 without a gap: round { $expected } expected here, { $found } found
import-room-number = each room has its own number, from 1: { $number } will not do
import-round-unplanned = the tournament plans { $planned } round(s) only
import-round-open = only the last round may still be open
import-licence-twice = licence { $licence } is also that of player ref { $other }
import-registered-twice = the player is registered twice
import-table-number = tables are numbered from 1 without a gap: table { $expected } expected here, { $found } found
import-table-size = a table seats 3 to 5 players, not { $count }
import-not-registered = player ref { $player } is seated but not registered in the tournament
import-seated-twice = player ref { $player } is seated twice in this round
import-token = a table's or a seat's link is 1 to { $max } letters and digits
import-deal-twice = this deal appears twice at its table
import-scores-differ = the stored scores ({ $stored }) are not what the rules give for this deal ({ $computed })
import-deal-facts = the deal's "passed", "taker" and "attack_won" do not match its record
import-confirmed-by = player ref { $player } cannot have confirmed this deal: a defender of the deal confirms it
import-game-seats = the game has { $count } seat(s) for a table of { $expected }
import-game-seat = seats are numbered from 0 to { $max }, each once
import-game-seat-player = player ref { $player } does not sit at this seat of the table
import-game-deal-seats = the deal's seats (its dealer, its seat map) are not those of the table
import-game-action-seat = an action is made by seat { $seat }, which the deal does not have
text-too-long = { $field } is too long: { $count } characters ({ $max } at most)
field-deal_count = the number of deals of the table
field-first_round = the first round
field-withdrawn_after = the round of withdrawal
field-table_number = the table number
field-version = the deal's version
import-token-twice = this link is also that of another table or seat of the document
import-audit-action = the action “{ $action }” is unknown to this version of Chelem
import-room-numbering = unknown table numbering "{ $value }": expected run-on or restart
import-round-seconds = "{ $value }" is not a round's length in seconds (1 to 86400)
