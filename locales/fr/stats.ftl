# Statistics, charts, results page, audit log in sentences, home page lists.
nav-stats = Statistiques
results-page = Page de résultats
results-title = Résultats
results-explain = Un seul fichier HTML, feuille de style et graphiques compris, sans script : à déposer tel quel sur le site du club. Licences et clubs n'y figurent que si vous cochez la case.
results-details = Inclure les clubs et les numéros de licence
results-download = Télécharger la page de résultats
results-rounds = { $n ->
    [one] { $n } partie
   *[other] { $n } parties
}
results-players = { $n ->
    [one] { $n } joueur
   *[other] { $n } joueurs
}
results-standings = Classement final
results-club = Club
results-licence = Licence
results-generated = Page produite par Chelem le { $when }.
stats-none = Aucune donne saisie pour l'instant : les statistiques viendront avec les premières donnes.
stats-tournament = Statistiques du tournoi
stats-player = Statistiques
stats-see-tournament = Statistiques de tout le tournoi
stats-contract = Contrat
stats-success = Réussite
stats-made-of = { $won } sur { $taken } ({ $rate } %)
stats-rate = { $rate } %
stats-deals = Donnes saisies
stats-passed = Donnes où tous ont passé
stats-taken = Contrats réussis
stats-with-partner = Donnes avec un partenaire appelé
stats-taker-average = Score moyen du preneur par donne
stats-handfuls = Poignées (simple / double / triple)
stats-petit-camps = Petits au bout (attaque / défense)
stats-chelems-camps = Chelems réalisés (attaque / défense)
stats-chelems-failed = Chelems annoncés et chutés
stats-played = Donnes jouées
stats-sat-out = Donnes passées comme donneur (table de 5)
stats-average = Score moyen par donne
stats-partner = Appelé comme partenaire, réussis
stats-defence = En défense, gagnées
stats-petit-player = Petits au bout gagnés / perdus
stats-chelems = Chelems réalisés par son camp
sat-out-dealer = ne joue pas (donneur)
chart-race-title = Course au classement
chart-race-desc = Score cumulé de chaque joueur partie après partie ; les dix premiers en couleur.
chart-race-desc-player = Score cumulé de chaque joueur partie après partie ; la ligne { ELIDE("de", $name) } en rouge.
chart-race-x = Partie
chart-race-y = Score cumulé
chart-race-desc-percent = Pourcentage moyen de chaque joueur partie après partie, celui du classement ; les dix premiers en couleur.
chart-race-desc-player-percent = Pourcentage moyen de chaque joueur partie après partie, celui du classement ; la ligne { ELIDE("de", $name) } en rouge.
chart-race-y-percent = Pourcentage moyen
chart-race-desc-datum = Datum cumulé de chaque joueur partie après partie, celui du classement ; les dix premiers en couleur.
chart-race-desc-player-datum = Datum cumulé de chaque joueur partie après partie, celui du classement ; la ligne { ELIDE("de", $name) } en rouge.
chart-race-y-datum = Datum cumulé
chart-contracts-title = Contrats pris et réussis
chart-contracts-desc = Pour chaque contrat, le nombre de prises et, en foncé, celles qui ont été réussies.
chart-contracts-x = Donnes
chart-contracts-taken = Pris
chart-contracts-made = Réussis
chart-scores-title = Répartition des scores par donne
chart-scores-desc = Combien de fois un joueur a marqué tant de points sur une donne (les donneurs des tables de 5 qui ne jouent pas sont exclus).
chart-scores-x = Score d'un joueur sur une donne
chart-scores-y = Nombre
chart-scores-column = de { $lo } à { $hi } : { $count }
home-running = En cours
home-upcoming = À venir
home-recent = Terminés récemment
home-stats-link = statistiques
audit-sentence = Ce qui s'est passé
audit-raw = Données brutes
audit-deal-correct = { $actor } a corrigé la donne { $deal } de la table { $table } (partie { $round }).
audit-before-after = Avant : { $before }. Après : { $after }.
audit-round-start = { $actor } a lancé la partie { $round }.
audit-round-table = Table { $table } : { $players }
audit-round-close = { $actor } a clôturé la partie { $round }.
audit-checkin-all = { $actor } a pointé d'un coup les joueurs inscrits (tout le monde est là) : { $count ->
    [one] { $count } joueur.
   *[other] { $count } joueurs.
}
audit-round-force-close = { $actor } a clôturé la partie { $round } malgré des donnes manquantes.
audit-missing-table = Table { $table } : donnes { $deals } manquantes
audit-settings = { $actor } a modifié les réglages du tournoi.
audit-setting-change = { $field } : { $before } → { $after }
audit-deal = { $contract } { ELIDE("de", $taker) }{ $partner }, { $oudlers ->
    [one] { $oudlers } bout
   *[other] { $oudlers } bouts
}, { $points } points
audit-deal-partner = {" "}avec { $partner }
audit-deal-petit-attack = petit au bout à l'attaque
audit-deal-petit-defence = petit au bout à la défense
audit-deal-handful = { $size } { ELIDE("de", $name) }
audit-deal-chelem = chelem
audit-round-undo = { $actor } a annulé le début de la partie { $round }.
audit-round-seats = { $actor } a changé des places de la partie { $round }.
audit-round-clock = { $actor } a déplacé la fin de la partie { $round }.
audit-clock-ends = Fin : { $before } → { $after }
audit-unknown-action = Le journal de ce tournoi contient une action que cette version de Chelem ne connaît pas : « { $action } ». Une version plus récente l'a sans doute écrite : mettez Chelem à jour pour lire le journal.
chart-sizes-title = Tables de 4 et tables de 5
chart-sizes-desc = Combien de points le preneur et un défenseur marquent en moyenne sur un contrat, gagné ou perdu, selon la taille de la table : moins de points changent de main à une table de 5, où le preneur a un partenaire ou le donneur ne joue pas.
chart-sizes-x = Points par contrat (moyenne, gagnés ou perdus)
chart-sizes-taker = le preneur
chart-sizes-defender = un défenseur
chart-sizes-row = Tables de { $n }
chart-sizes-note = { $taker } / { $defender } · { $deals ->
    [one] { $deals } donne
   *[other] { $deals } donnes
}
audit-deal-void = { $actor } a annulé la donne { $deal } de la table { $table } (partie { $round }).
audit-deal-restore = { $actor } a rétabli la donne { $deal } de la table { $table } (partie { $round }).
audit-award = { $actor } a attribué des points à la table { $table } (partie { $round }).
audit-award-withdraw = { $actor } a retiré des points attribués à la table { $table } (partie { $round }).
audit-room-add = { $actor } a ajouté la salle { $room }.
audit-room-change = { $actor } a modifié la salle { $room }.
audit-room-remove = { $actor } a retiré la salle { $room }.
audit-room-numbering = { $actor } a changé la numérotation des tables des salles.
audit-room-detail = « { $name } », { $tables ->
    [one] { $tables } table
   *[other] { $tables } tables
}
audit-round-rooms = Partie { $round } : des joueurs n'ont pas pu être gardés dans leur salle (plus de tables que la salle n'en reçoit, ou deux joueurs gardés dans deux salles à une même table).
