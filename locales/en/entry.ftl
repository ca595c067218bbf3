# Deal entry at the table: the thumb form, its preview, conflicts, confirmation.
tournament-tables = Tables
tournament-confirm-deals = A deal entered at a table counts once a defender has confirmed it (tapping their name on the tablet)
deal-passed-and-played = This form says both "everyone passed" and a played deal: choose one or the other.
deal-choose-taker = Tap the taker's name.
deal-choose-partner = Tap the called partner's name, or "Alone" if the taker plays alone.
deal-partner-is-taker = The taker cannot be their own partner: tap "Alone" if they called themself.
deal-choose-contract = Tap the contract.
deal-choose-oudlers = Tap the attack's number of oudlers (0 to 3).
deal-type-points = Type the points counted.
deal-points-not-a-number = "{ $value }" is not a number of points between 0 and 91.
deal-choose-camp = Say who counted their points: the attack or the defence.
deal-refused = This deal is refused.
deal-key-reused = This form was already used for another deal: reload the page.
deal-key-other-content = This Idempotency-Key was already used for deal { $deal } with another deal: nothing was written. Send a change with a new key (the deal as stored is in "current").
deal-points-counted = Points counted by
deal-camp-attack = the attack
deal-camp-defence = the defence
deal-extras = Handfuls, petit au bout, chelem
deal-all-passed-confirm = Nobody took: deal { $n } scores 0 for everyone. Record it so?
deal-all-passed-yes = Yes, everyone passed
deal-all-passed-button = Everyone passed
deal-conflict-stored = Stored (by { $by })
deal-conflict-yours = Yours
deal-conflict-choose = Saving yours replaces the stored one; otherwise keep it.
deal-conflict-keep = Keep the stored deal
deal-conflict-replace = Replace with mine
deal-saved = Deal { $n } saved.
deal-enter-next = Enter deal { $n }
bell-may-enter = Time is up: the table may still enter deal { $n }, the one in progress at the bell, and correct the deals already entered; no deal after it.
bell-corrections-only = Time is up: no new deal to enter; the table may still correct the deals already entered.
deal-to-confirm = Deal { $n } to confirm:
deal-confirm-tap = A defender confirms by tapping their name:
deal-confirm-waiting = Waiting for a defender at the table to confirm.
deal-pending = to confirm
deal-confirm-not-defender = Only a defender of this deal can confirm it.
deal-conflict = This deal was changed meanwhile, since you opened this form. Here are both versions.
round-pending-confirm = Waiting for a defender to confirm: deals { $deals }
deal-chip-simple = Single
deal-chip-double = Double
deal-chip-triple = Triple
projector-scan = The standings on your phone
projector-race = The standings race, round by round
outbox-waiting = { $n ->
    [one] { $n } deal waiting to be sent
   *[other] { $n } deals waiting to be sent
}
outbox-preview-offline = Offline: the score will show once the deal is complete.
outbox-preview-local = Offline: score computed on this device; the deal will be checked when it is sent.
outbox-waiting-play = { $n ->
    [one] Offline: your move is waiting for the network and will go as soon as it is back
   *[other] Offline: { $n } moves waiting for the network
}
