# Print views, table cards, QR codes, exports.
print-table-cards = Print the table cards
print-now = Print
print-hint = A4 paper; in the print dialog, choose “Save as PDF” for a file.
seat-deals-first = deals first
seat-place = Seat { $n }
qr-alt = QR code of table { $n }'s link
cards-title = Table cards
card-scan = Scan to enter the deals
cards-none = No table in this round.

print-slips = Seating list for the wall
print-sheets-blank = Blank score sheets
print-sheets-filled = Filled score sheets
print-sheet-table = Print the sheet
print-standings = Print the standings
print-and-export = Print and export
export-standings-csv = Standings (CSV)
export-standings-csv-details = Standings with clubs and licences (CSV)
export-deals-csv = Deals (CSV)
export-federation-csv = Federation file, with licences (CSV)
export-federation-json = Federation file, with licences (JSON)
export-results-csv = Public results, no licences (CSV)
export-federation-explain = The results file for the federation: the tournament, then for each player their place, licence, club, total, deals played, average per deal and positions at tables of 3, 4 and 5.
slips-title = Seating
slips-legend = { $count ->
    [one] { $count } player, in alphabetical order: table and seat.
   *[other] { $count } players, in alphabetical order: table and seat.
}
slip-table = table { $n }
slip-place = seat { $n }
sheets-title = Score sheet
sheet-deal-no = No.
sheet-bonuses = Bonuses
sheet-signature = Signature
standings-final = Final standings
standings-after = Standings after round { $n }
standings-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
facts-made = made
facts-failed = failed
facts-chelem-announced = announced
facts-chelem-made-by = made by { $camp }
csv-round = Round
csv-table = Table
csv-deal = Deal
csv-dealer = Dealer
csv-sits-out = Sitting out
csv-partner = Partner
csv-oudlers = Oudlers
csv-points = Points
csv-result = Result
csv-margin = Margin
csv-chelem = Chelem
csv-player-n = Player { $n }
csv-score-n = Score { $n }
csv-place = Place
csv-name = Name
csv-club = Club
csv-licence = Licence
csv-total = Total
csv-best-round = Best round
csv-mark = Note
csv-deals = Deals
csv-per-deal = Average per deal
csv-taker-wins = Deals won as taker
csv-seat = Seat
csv-score = Score
csv-matchpoints = Matchpoints
csv-datum = Datum
csv-percent = Percentage
dup-travellers-csv = Every deal's results (CSV)
