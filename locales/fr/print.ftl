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
