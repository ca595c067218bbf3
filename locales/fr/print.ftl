# Print views, table cards, QR codes, exports.
print-table-cards = Imprimer les cartes de table
print-now = Imprimer
print-hint = Format A4 ; dans la fenêtre d'impression, choisissez « Enregistrer au format PDF » pour un fichier.
seat-deals-first = donne en premier
seat-place = Place { $n }
qr-alt = QR code du lien de la table { $n }
cards-title = Cartes de table
card-scan = Scannez pour saisir les donnes
cards-none = Aucune table dans cette partie.

print-slips = Placement à afficher
print-sheets-blank = Feuilles de marque vierges
print-sheets-filled = Feuilles de marque remplies
print-sheet-table = Imprimer la feuille
print-standings = Imprimer le classement
print-and-export = Imprimer et exporter
export-standings-csv = Classement (CSV)
export-standings-csv-details = Classement avec clubs et licences (CSV)
export-deals-csv = Donnes (CSV)
export-federation-csv = Fichier fédération, avec licences (CSV)
export-federation-json = Fichier fédération, avec licences (JSON)
export-results-csv = Résultats publics, sans licences (CSV)
export-federation-explain = Le fichier des résultats pour la fédération : le tournoi, puis pour chaque joueur sa place, sa licence, son club, son total, ses donnes jouées, sa moyenne par donne et ses places aux tables de 3, 4 et 5.
slips-title = Placement
slips-legend = { $count ->
    [one] { $count } joueur, par ordre alphabétique : table et place.
   *[other] { $count } joueurs, par ordre alphabétique : table et place.
}
slip-table = table { $n }
slip-place = place { $n }
sheets-title = Feuille de marque
sheet-deal-no = N°
sheet-bonuses = Primes
sheet-signature = Signature
standings-final = Classement final
standings-after = Classement après la partie { $n }
standings-players = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
facts-made = faite
facts-failed = chutée
facts-chelem-announced = annoncé
facts-chelem-made-by = réalisé par { $camp }
csv-round = Partie
csv-table = Table
csv-deal = Donne
csv-dealer = Donneur
csv-sits-out = Exempt
csv-partner = Appelé
csv-oudlers = Bouts
csv-points = Points
csv-result = Résultat
csv-margin = Écart
csv-chelem = Chelem
csv-player-n = Joueur { $n }
csv-score-n = Score { $n }
csv-place = Place
csv-name = Nom
csv-club = Club
csv-licence = Licence
csv-total = Total
csv-best-round = Meilleure partie
csv-mark = Remarque
csv-deals = Donnes
csv-per-deal = Moyenne par donne
csv-taker-wins = Donnes gagnées comme preneur
csv-seat = Place
csv-score = Score
csv-matchpoints = Points de match
csv-datum = Datum
csv-percent = Pourcentage
dup-travellers-csv = Les résultats de toutes les donnes (CSV)
