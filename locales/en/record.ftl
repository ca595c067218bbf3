# Why a deal record is refused: one message per RecordError variant
# (src/tarot/error.rs), id `record-<code>`, variables = the keys of `args()`.
# These English sentences are exactly the variants' Display text.

record-players-count = a table has 3, 4, 5 or 6 players, not { $players }
record-taker-seat = taker seat { $taker } is not at the table: seats go from 0 to { $last }
record-partner-not-five = partner is only for 5 players
record-partner-seat = partner seat { $partner } is not at the table: seats go from 0 to { $last }
record-partner-list-not-six = a list of partners is only for 6 players: at 5 players partner is one seat or null
record-partner-not-list = at 6 players partner is a list of seats (the holders of the called king and queen), or null
record-too-many-partners = at 6 players the taker has 2 partners at most, not { $count }
record-partner-is-taker = the taker (seat { $taker }) can't be in the list of partners: a called card in the taker's hand gives no partner
record-partner-twice = partner seat { $partner } is listed twice
record-points-range = points must be between 0 and 91
record-points-not-half = points must be a multiple of 0.5, not { $points }
record-oudlers-range = oudlers must be between 0 and 3, not { $oudlers }
record-petite-refused = a petite is not allowed in this tournament: garde is the lowest contract
record-misere-disabled = misère is not played in this tournament
record-misere-seat = misère seat { $seat } is not at the table: seats go from 0 to { $last }
record-misere-twice = seat { $seat } declared the same misère ({ $kind }) twice
record-misere-trumps-with-handful = seat { $seat } can't show a handful of trumps after declaring a misère without trumps
record-too-many-miseres-trumps = { $count } players without trumps is impossible: the other hands and the dog can't hold the 21 trumps and the excuse
record-too-many-miseres-heads = { $count } players without face cards is impossible: the other hands and the dog can't hold the 16 face cards
record-handful-seat = handful seat { $seat } is not at the table: seats go from 0 to { $last }
record-handful-twice = seat { $seat } showed two handfuls, but a player shows one at most
record-handfuls-too-many-trumps = these handfuls need { $needed } trumps, more than the 21 trumps and the excuse of the deck
record-petit-au-bout-attack-no-oudler = petit au bout for the attack needs the petit, but the attack has no oudler
record-petit-au-bout-defence-all-oudlers = petit au bout for the defence is impossible: the attack has all three oudlers, the petit among them
record-petit-au-bout-attack-defence-chelem = petit au bout for the attack is impossible when the defence took every trick
record-petit-au-bout-defence-attack-chelem = petit au bout for the defence is impossible when the attack took every trick
record-chelem-attack-oudlers = the attack took every trick, so it won the petit and the monde: at least 2 oudlers, not { $oudlers }
record-chelem-defence-oudlers = the defence took every trick, so the attack can only have kept the excuse: at most 1 oudler, not { $oudlers }
record-chelem-attack-lost = the attack took every trick, so it can't have failed its contract
record-chelem-defence-won = the defence took every trick, so the attack can't have made its contract
record-points-above-oudlers = with { $oudlers } { $oudlers ->
        [one] oudler
       *[other] oudlers
    } the attack can't have more than { $max } points: each oudler it lacks is worth 4.5 to the defence (at least 4, as the excuse may owe a half-point card)
record-points-below-oudlers = with { $oudlers } { $oudlers ->
        [one] oudler
       *[other] oudlers
    } the attack has at least { $min } points: each oudler is worth 4.5 (at least 4, as the excuse may owe a half-point card)
record-points-above-no-chelem = without a chelem the defence won at least one trick, so with { $oudlers } { $oudlers ->
        [one] oudler
       *[other] oudlers
    } the attack can't have more than { $max } points
record-points-above-garde-contre = in a garde contre the dog counts for the defence, so with { $oudlers } { $oudlers ->
        [one] oudler
       *[other] oudlers
    } the attack can't have more than { $max } points
record-points-below-no-chelem = without a chelem the attack won at least one trick, so with { $oudlers } { $oudlers ->
        [one] oudler
       *[other] oudlers
    } it has at least { $min } points
record-points-below-no-chelem-ecart = without a chelem the attack won at least one trick and counts the écart or the dog too, so with { $oudlers } { $oudlers ->
        [one] oudler
       *[other] oudlers
    } it has at least { $min } points
record-points-below-ecart = the attack keeps the écart or the dog even when the defence takes every trick, so with { $oudlers } { $oudlers ->
        [one] oudler
       *[other] oudlers
    } it has at least { $min } points
record-chelem-attack-points = the attack took every trick with { $oudlers } oudlers, so it has exactly { $expected } points
record-chelem-attack-points-below = the attack took every trick and the defence has only the dog and the excuse, so with { $oudlers } { $oudlers ->
        [one] oudler
       *[other] oudlers
    } the attack has at least { $min } points
record-chelem-defence-points-above = the defence took every trick, so with { $oudlers } { $oudlers ->
        [one] oudler
       *[other] oudlers
    } the attack can't have more than { $max } points
record-unknown-contract = unknown contract "{ $value }": expected petite, garde, garde_sans or garde_contre
record-unknown-handful-size = unknown handful size "{ $value }": expected simple, double or triple
record-unknown-camp = unknown camp "{ $value }" for { $field }: expected attack or defence
record-unknown-misere-kind = unknown misère kind "{ $value }": expected trumps or heads
record-missing-field = the record has no { $field }
record-wrong-type = { $field } must be { $expected }
record-not-an-object = a record must be a JSON object
record-malformed = the record is malformed: { $detail }

# Fallback for a refused record: the rules core's English sentence.

# Deal entry (src/db/ops/deals.rs).
deal-bad-player = The player for { $field } must be given by their player number.
deal-player-sits-out = Player { $player } deals this deal and sits out (table of 5, FFT mode).
deal-player-not-at-table = Player { $player } does not play at this table.
deal-taker-required = The taker is missing.
deal-bad-list = { $field } must be a list.
deal-number-range = The deal number must be between 1 and { $max }.
deal-round-closed = Round { $round } is closed: deals can no longer be entered from the table (ask the organizer).
deal-after-bell = Time is up for round { $round }: the table may still enter deal { $in_progress }, the one in progress at the bell, and correct the deals already entered, but not start deal { $deal }.
deal-correction-reason = A correction after the round is closed needs a reason.
json-not-object = The body must be a JSON object.
deal-stale = This deal was changed meanwhile (you read version { $read }, it is now at version { $current }): reload it and check it before correcting it.
