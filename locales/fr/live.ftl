# Mises à jour en direct, vue projecteur, place du joueur dans la partie en cours.
live-projector = Projection
live-not-started = Le tournoi n’a pas encore commencé.
live-no-players = Aucun joueur inscrit pour l’instant.
live-round-open = Partie { $round } sur { $rounds } en cours
live-round-closed = Partie { $round } sur { $rounds } terminée
live-tables-done = Tables terminées : { $done }/{ $tables }
live-deals-in = Donnes saisies : { $done }/{ $expected }
live-current-seat = Partie { $round } en cours : table { $table }, place { $seat }
