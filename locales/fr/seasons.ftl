# Saisons : challenges, championnats, circuits.
season-name-required = La saison doit avoir un nom ({ $max } caractères au plus).
season-date = La date « { $value } » ({ $field }) n’est pas une date AAAA-MM-JJ.
season-dates-order = La saison finit ({ $ends }) avant de commencer ({ $starts }).
season-json-text = Le champ « { $key } » doit être un texte.
season-json-tournaments = « tournaments » doit être une liste de numéros de tournois.
season-rule-not-object = La règle de la saison doit être un objet JSON, par exemple {"{"}"points": "places"{"}"}.
season-rule-unknown-key = La règle ne connaît pas « { $key } » (points, scale, best_of, participation).
season-rule-points = Les points « { $value } » sont inconnus : total, places ou percent.
season-rule-points-missing = La règle doit dire comment compter les points : total, places ou percent.
season-rule-scale-length = Le barème doit avoir de 1 à { $max } valeurs.
season-rule-scale-step = Une valeur du barème ({ $value }) n’est pas un nombre de points positif.
season-rule-scale-places-only = Un barème ne sert qu’avec les points à la place.
season-rule-best-of = « best_of » ({ $value }) doit être un nombre entier de 1 à 1000.
season-rule-participation = Les points de participation ({ $value }) doivent être un nombre positif.
season-rule-participation-percent = Pas de points de participation avec les pourcentages : la saison en fait la moyenne.
audit-season-create = { $actor } a créé la saison « { $season } ».
audit-season-attach = { $actor } a rattaché ce tournoi à la saison « { $season } ».
audit-season-detach = { $actor } a retiré ce tournoi de la saison « { $season } ».
season-says-places = points à la place : 1er de 28 : 28 points, dernier : 1 point
season-says-scale = barème : { $scale } points aux premières places, 0 au-delà
season-says-total = le total des marques de chaque tournoi
season-says-percent = la moyenne des pourcentages (tournois en duplicate)
season-says-best = { $n ->
    [1] le meilleur résultat compte
   *[other] les { $n } meilleurs résultats comptent
}
season-says-all = tous les résultats comptent
season-says-participation = { $p ->
    [one] 1 point
   *[other] { $p } points
} par tournoi joué
season-figure = { $rank ->
    [1] 1er
   *[other] { $rank }e
} sur { $of } : { $points } pts
season-figure-percent = { $rank ->
    [1] 1er
   *[other] { $rank }e
} sur { $of } : { $points } %
season-dates = Du { $starts } au { $ends }
season-csv = Classement en CSV
season-projector = Écran de la salle
season-print = Imprimer (A4)
season-back = Retour à la saison
season-tournaments = Tournois de la saison
season-no-tournament = Aucun tournoi rattaché pour l’instant.
season-nobody = Personne n’a encore joué dans cette saison.
season-points = Points
season-played = Joués
season-results = Résultats
season-counted = Résultats retenus
season-played-n = { $count ->
    [one] 1 tournoi joué
   *[other] { $count } tournois joués
}
season-participation-n = dont { $points } de participation
season-not-counted = (non retenu)
season-attach-which = Tournoi à rattacher
season-attach = Rattacher
season-detach = Retirer
seasons-title = Saisons
seasons-intro = Un challenge, un championnat de club, un circuit : plusieurs tournois classés ensemble, en direct.
seasons-none = Aucune saison pour l’instant.
season-new = Nouvelle saison
season-name = Nom
season-starts = Début
season-ends = Fin
season-preset = Comment compter
season-best-of = Seuls les N meilleurs comptent (vide : ceux du choix)
season-participation = Points de participation par tournoi
season-create = Créer la saison
season-preset-unknown = Choisissez une façon de compter.
season-attach-which-one = Choisissez le tournoi à rattacher.
season-import = Reprendre les résultats passés
season-import-hint = Collez le tableau (une ligne d’en-tête puis date;tournoi;joueur;club;licence;place;total;donnes) :
season-import-button = Reprendre ces tournois
season-import-utf8 = Le fichier doit être en UTF-8.
season-import-too-long = Le fichier dépasse { $max } lignes.
season-import-unreadable = Ligne { $line } : illisible.
season-import-columns = Ligne { $line } : { $count } colonnes au lieu de 8 (date, tournoi, joueur, club, licence, place, total, donnes).
season-import-number = Ligne { $line } : « { $column } » doit être un nombre entier.
season-import-day = Ligne { $line } : la date « { $value } » n’est ni AAAA-MM-JJ ni JJ/MM/AAAA.
season-import-names = Ligne { $line } : il manque le nom du tournoi ou du joueur.
season-import-empty = Le fichier ne contient aucun résultat.
season-import-date = Ligne { $line } : le { $date } est en dehors de la saison.
season-import-twice = Ligne { $line } : ce joueur figure déjà dans ce tournoi (ligne { $first }).
season-import-place = Ligne { $line } : la place { $place } ne suit pas ; on attendait la place { $expected }.
season-import-tie = Ligne { $line } : même place que la ligne { $other } mais un autre total.
