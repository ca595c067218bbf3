# Mises à jour en direct, vue projecteur, place du joueur dans la partie en cours.
live-projector = Projection
live-not-started = Le tournoi n’a pas encore commencé.
live-no-players = Aucun joueur inscrit pour l’instant.
live-round-open = Partie { $round } sur { $rounds } en cours
live-round-closed = Partie { $round } sur { $rounds } terminée
live-tables-done = Tables terminées : { $done }/{ $tables }
live-deals-in = Donnes saisies : { $done }/{ $expected }
live-current-seat = Partie { $round } en cours : table { $table }, place { $seat }
find-title = Trouver mon nom
find-label = Votre nom
find-placeholder = Nom ou prénom
find-button = Voir ma place
find-several = Plusieurs joueurs portent ce nom : lequel êtes-vous ?
find-none = Aucun joueur de ce tournoi ne s'appelle { $name } : vérifiez l'orthographe, ou tapez seulement votre prénom ou votre nom.
find-empty = Tapez votre nom (ou votre prénom) pour trouver votre table et votre place.
