# Prize lists: the pot, its split, fixed prizes, bonuses.
nav-prizes = Prizes
prize-title = Prize list
prize-none = No prize rule for this tournament yet: choose one in the prize settings.
prize-nobody = Nobody is paid yet: the standings are empty.
prize-settings-title = Prize settings
prize-settings-intro = Prizes are computed from the standings as the public sees them. Every amount is rounded down to the unit: never more than the pot is paid, and what is left is said.
prize-preset = Preset
prize-fee = Entry fee per player (€)
prize-paying = Players paying (empty: those registered)
prize-pot = Or a fixed pot (€)
prize-share = Share redistributed (%)
prize-places = Places paid
prize-split = Split of the places, from the 1st to the last
prize-kind = The split is in
prize-kind-percents = percents of the sum redistributed
prize-kind-amounts = amounts in euros
prize-rounding = Rounding
prize-rounding-euro = down to the euro
prize-rounding-cent = to the cent
prize-fixed = Fixed prizes, one a line ("1: Trophy", "2: 20 €" given on top of the pot)
prize-bonus = Bonus for each player who also played the tournaments ticked ("2 €" each or "5 %" of the pot shared)
prize-bonus-with = The day's other tournaments
prize-save = Save the prizes
prize-print = Prize list on A4
prize-sheet = Sheet to sign
prize-csv = Prize list (CSV)
prize-back = Back to the prizes
prize-place = { $n ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $n }th
}
prize-place-tied = { $n ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $n }th
}, tied
prize-item-tied = { $items } (to settle between { $n })
prize-says-split = { $share } % redistributed to the { $places ->
    [one] 1st place
   *[other] first { $places } places
}: { $split }
prize-says-none = no money redistributed
prize-says-fixed = fixed prizes: { $list }
prize-says-pot-entries = Pot: { $fee } × { $paying ->
    [one] 1 player paying
   *[other] { $paying } players paying
} = { $pot }
prize-says-pot-fixed = Pot: { $pot }
prize-says-rounding-euro = Amounts rounded down to the euro.
prize-says-rounding-cent = Amounts to the cent.
prize-says-bonus = Bonus: { $amount } for each player who also played { $with }, from what the pot keeps.
prize-says-bonus-share = Bonus: { $share } % of the pot shared among the players who also played { $with }.
prize-sum-pot = Pot
prize-sum-fund = Redistributed
prize-sum-places = Paid to the places
prize-sum-bonus = Bonuses
prize-sum-fixed = Fixed prizes (on top)
prize-sum-kept = Left to the organizer
prize-col-prize = Prize
prize-col-fixed = Fixed
prize-col-bonus = Bonus
prize-col-total = Amount
prize-col-items = Given
prize-col-signature = Signature
prize-note-rounding = Rounding the split leaves { $sum }.
prize-note-ties = Sharing tied places leaves { $sum }.
prize-note-members = Sharing among team-mates leaves { $sum }.
prize-note-unclaimed = { $n ->
    [one] 1 paid place has nobody
   *[other] { $n } paid places have nobody
}: { $sum } not paid.
prize-note-bonus-capped = The bonus was to be { $asked } each; the pot keeps enough for { $given } each only.
prize-rule-fee = The entry fee must be a sum from 0 to 10 million euros.
prize-rule-pot = The pot must be a sum from 0 to 10 million euros.
prize-rule-share = The share redistributed ({ $share } %) cannot be over 100 %.
prize-rule-places-many = No more than { $max } places paid.
prize-rule-split-step = The share of place { $place } is not a positive sum.
prize-rule-split-rises = Place { $place } would get more than the one before: a better place must never get less.
prize-rule-split-over = The places' percents add to { $percent } %, more than 100 %.
prize-rule-fixed-bad = The fixed prize of place { $place } must name a thing (100 characters at most) or a sum, at a place from 1.
prize-rule-bonus-amount = The bonus must be a sum from 0 to 10 million euros.
prize-rule-bonus-share = The bonus's share ({ $share } %) and the share redistributed add to more than 100 % of the pot.
prize-rule-bonus-with = A bonus must name at least one other tournament of the day.
prize-rule-amounts-over = The places' amounts add to { $sum }, more than the sum redistributed ({ $fund }).
prize-form-preset = This prize preset is unknown: choose one of the list.
prize-form-fee-missing = Give the entry fee per player, or a fixed pot.
prize-form-fee = The entry fee "{ $value }" is not a sum in euros (such as 10 or 7.50).
prize-form-pot = The pot "{ $value }" is not a sum in euros (such as 900 or 1040).
prize-form-paying = "{ $value }" is not a number of players paying.
prize-form-share = The share redistributed "{ $value }" is not a percent from 0 to 100.
prize-form-places = "{ $value }" is not a number of places paid.
prize-form-split-token = "{ $value }" in the split is not a number (percents go from 0 to 100).
prize-form-split-count = { $places ->
    [one] 1 place paid
   *[other] { $places } places paid
}, but the split gives { $split }: type a share for each place.
prize-form-fixed-line = The line "{ $value }" of the fixed prizes must say the place then the prize, such as "1: Trophy" or "2: 20 €".
prize-form-bonus = The bonus "{ $value }" is neither a sum ("2 €") nor a share of the pot ("5 %").
prize-form-bonus-missing = You ticked tournaments for the bonus without saying what it gives.
prize-form-bonus-with = The tournament "{ $value }" is not another tournament of this server.
