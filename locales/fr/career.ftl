# A player's page across tournaments (/players/{id}).
career-rating-line = Cote : { $rating }
career-rating-deals = { $count ->
    [one] sur 1 donne
   *[other] sur { $count } donnes
}
career-rating-none = Pas encore de cote : elle vient avec les premières donnes jouées.
career-rating-explain = La cote mesure la force en points par donne face à une table moyenne : 1500 est la moyenne de tous les joueurs classés, 1540 fait 40 points de plus par donne à la même table, chaque donne comptée au plus pour une garde (50 points) afin qu’une grosse donne ne décide pas de tout. Elle tient compte de la force des adversaires et du nombre de donnes jouées, pas seulement des points marqués.
career-chart-title = Cote de { $name }, tournoi après tournoi
career-chart-desc = La cote après chaque tournoi joué, dans l’ordre ; la ligne pointillée marque la moyenne, 1500.
career-chart-x = Tournois joués
career-chart-y = Cote
career-dot = { $when } : { $rating }
career-seasons = Saisons
career-season = Saison
career-tournaments = Tournois
career-none = Aucun tournoi pour l’instant.
career-date = Date
career-tournament = Tournoi
career-place = Place
career-total = Total

career-average = Moyenne
career-rating-after = Cote
career-link = Tous ses tournois, sa cote et ses saisons
career-deals-n = { $count ->
    [one] 1 donne
   *[other] { $count } donnes
}
