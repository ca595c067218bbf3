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
