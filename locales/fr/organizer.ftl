nav-standings = Classement
nav-seating = Placement
nav-audit = Journal
tournaments-title = Tournois
tournaments-new = Nouveau tournoi
tournaments-none = Aucun tournoi pour l'instant.
tournaments-create = Créer le tournoi
tournament-name = Nom
tournament-date = Date
tournament-venue = Lieu, club et organisateur
tournament-place = Lieu
tournament-host-club = Club organisateur
tournament-organizer = Organisateur (nom et prénom)
tournament-venue-help = Repris dans le fichier de résultats pour la fédération ; facultatifs.
tournament-rounds = Nombre de parties
tournament-rounds-count = { $rounds ->
        [one] { $rounds } partie
       *[other] { $rounds } parties
    }
tournament-deals = Donnes par partie
tournament-deals-4 = À une table de 4
tournament-deals-5 = À une table de 5
tournament-deals-3 = À une table de 3
tournament-table5-mode = Tables de 5
table5-dealer-out = Le donneur ne joue pas (tournoi FFT)
table5-called-king = Appel au roi (jeu à 5)
tournament-round-minutes = Durée d’une partie (minutes)
tournament-round-minutes-help = Vide : parties sans limite de temps. Décimales permises (0,5 fait 30 secondes).
tournament-ranking = Classement
ranking-total = Au total des points (FFT)
ranking-per-deal = À la moyenne par donne jouée
tournament-tie-breaker = Départage des ex æquo
tie-none = Aucun : les ex æquo partagent la place (FFT)
tie-best-round = La meilleure partie
tie-taker-wins = Le plus de donnes gagnées comme preneur
tournament-seating = Placement
tournament-extra-fives = Tables de 5 supplémentaires (pour éviter les rencontres répétées)
tournament-swiss-from = Système suisse à partir de la partie (vide : jamais)
tournament-seed = Graine du placement (vide : au hasard)
tournament-variants = Variantes de marque
variant-garde-contre-x8 = Garde contre × 8
variant-handfuls = Poignées à 20 / 40 / 60
variant-no-petite = Pas de petite (garde minimum)
variant-misere = Misère
variant-round-10 = Scores arrondis à la dizaine
rounds-title = Parties
round-n = Partie { $n }
round-short = P{ $n }
round-open = en cours
round-closed = close
round-tables-missing = { $count ->
        [one] { $count } table incomplète
       *[other] { $count } tables incomplètes
    }
round-start = Lancer la partie { $n }
round-closed-next = La partie { $n } est close : la suivante peut commencer.
round-start-minutes = Durée (minutes, vide : sans limite)
round-start-count = { $count } joueurs seront placés
rounds-all-seated = Toutes les parties sont placées.
round-close-previous = Clore la partie { $n } d'abord, même si des donnes manquent
round-close-title = Clore la partie
round-missing-tables = Donnes manquantes aux tables : { $tables }
round-force-close = Clore quand même (les tables incomplètes restent telles quelles)
round-close-button = Clore la partie
players-title = Joueurs
players-present = { $count ->
    [one] { $count } présent
   *[other] { $count } présents
}
players-late = { $count ->
    [one] { $count } arrivé en retard
   *[other] { $count } arrivés en retard
}
players-registered = { $count ->
    [one] { $count } inscrit non pointé
   *[other] { $count } inscrits non pointés
}
players-withdrawn = { $count ->
    [one] { $count } abandon
   *[other] { $count } abandons
}
player-name = Nom
player-club = Club
player-licence = Licence FFT
player-status = État
player-present-now = Présent (pointé)
player-with = Avec
player-fair = { $deals ->
    [one] 1 donne jouée
   *[other] { $deals } donnes jouées
  } · moyenne par donne :
player-table-of = table de { $n }
status-present = présent
status-registered = inscrit, non pointé
status-late = arrivé en retard
status-withdrawn = abandon
from-round = dès la partie { $n }
action-checkin = Pointer
action-withdraw = Abandon
action-reinstate = Réintégrer
action-remove = Retirer
action-enter = Saisir
action-edit = Modifier
action-correct = Corriger
players-add = Inscrire un joueur
players-add-button = Inscrire
players-import = Importer un fichier CSV
players-import-help = Une ligne par joueur, avec une première ligne d'en-tête : nom;club;licence (ou name,club,licence ; séparateur point-virgule, virgule ou tabulation, comme l'enregistre votre tableur). Le club et la licence sont facultatifs (dans un tournoi par équipes, une colonne équipe donne l'équipe de chacun) ; une licence FFT ne contient que des chiffres. Les lignes refusées sont listées avec leur raison, les autres sont inscrites.
players-import-file = Fichier
players-import-present-note = Coché d'office : chaque joueur importé est pointé présent. Décochez pour l'inscrire seulement, s'il n'est pas encore arrivé.
players-import-text = Ou collez les lignes ici
players-import-button = Importer
import-empty = Le fichier est vide : choisissez un fichier ou collez des lignes.
import-report-title = Import des joueurs
import-imported = { $count ->
        [one] { $count } joueur inscrit.
       *[other] { $count } joueurs inscrits.
    }
import-refused = { $count ->
        [one] { $count } ligne refusée :
       *[other] { $count } lignes refusées :
    }
import-line = Ligne
import-content = Contenu
import-reason = Raison
import-show-imported = Voir les joueurs inscrits
back-to-tournament = Retour au tournoi
back-to-round = Retour à la partie
back-to-sheet = Retour à la feuille de marque
constraints-title = Contraintes de placement
constraint-player = Joueur
constraint-apart-from = Jamais à la même table que
constraint-table = Table
constraint-add-apart = Séparer ces deux joueurs
constraint-add-fixed = Garder ce joueur à cette table
constraint-apart-text = { $a } et { $b } ne jouent jamais à la même table
constraint-fixed-text = { $a } joue toujours à la table { $table }
constraint-player-required = Choisissez un joueur inscrit.
constraint-two-players = Choisissez deux joueurs inscrits différents.
constraint-table-required = Indiquez un numéro de table (1 ou plus).
constraint-kind = Contrainte inconnue.
table-n = Table { $n }
table-link = Lien de la tablette :
links-unreachable = Les liens et QR codes des tables mènent à { $host }, que seul cet ordinateur peut joindre : les téléphones ne les ouvriront pas. Relancez le serveur avec --bind 0.0.0.0:8080 (ou indiquez --public-url), sur le même Wi-Fi que les tables.
deals-entered = Donnes saisies :
deal = Donne
deal-n = Donne { $n }
dealer = donneur :
total = Total
total-label = Total :
sum-zero = somme nulle
sum-not-zero = La somme n'est pas nulle !
sits-out = ne joue pas
deal-sits-out = { $name } donne et ne joue pas cette donne.
deal-all-passed = Tout le monde a passé
deal-taker = Preneur
deal-partner = Partenaire (roi appelé)
deal-partner-alone = Seul
deal-contract = Contrat
deal-oudlers = Bouts de l'attaque
deal-points = Points
deal-petit-au-bout = Petit au bout
deal-handfuls = Poignées
deal-chelem = Chelem
deal-chelem-announced = Annoncé par le preneur
deal-chelem-made-by = Réalisé par
deal-miseres = Misères
deal-reason = Raison de la correction
deal-save = Enregistrer la donne
deal-save-correction = Enregistrer la correction
deal-summary-made = { $contract } { ELIDE("de", $taker) } faite de { $margin } : { $formula }
deal-summary-failed = { $contract } { ELIDE("de", $taker) } chutée de { $margin } : { $formula }
formula-petit-au-bout = petit au bout
formula-chelem = chelem
formula-misere = misère
required = obligatoire
none = aucun
camp-attack = l'attaque
camp-defence = la défense
contract-petite = Petite
contract-garde = Garde
contract-garde_sans = Garde sans
contract-garde_contre = Garde contre
handful-simple = Simple poignée
handful-double = Double poignée
handful-triple = Triple poignée
misere-trumps = Misère d'atout
misere-heads = Misère de têtes
seating-title = Rapport de placement
seating-rounds = { $count ->
    [one] { $count } partie placée.
   *[other] { $count } parties placées.
}
seating-no-repeat = Aucune rencontre répétée : personne n'a rencontré deux fois le même adversaire.
seating-repeats = { $count ->
    [one] { $count } rencontre répétée (inévitable avec ces effectifs).
   *[other] { $count } rencontres répétées (inévitables avec ces effectifs).
}
seating-times-met = Rencontres
seating-max-met = { $count ->
        [one] Au plus une rencontre pour une même paire.
       *[other] Au plus { $count } rencontres pour une même paire.
    }
audit-title = Journal des modifications
audit-none = Aucune modification pour l'instant.
audit-when = Quand
audit-who = Qui
audit-what = Quoi
audit-before = Avant
audit-after = Après
audit-why = Pourquoi
standings-overall = Général
standings-deals = Donnes
standings-deals-title = Donnes jouées et marquées
standings-per-deal = Moy./donne
standings-per-deal-title = Moyenne par donne jouée (total ÷ donnes)
standings-ranked-per-deal = Classement à la moyenne par donne jouée : les ex æquo partagent la place, un joueur qui n'a joué aucune donne vient en dernier.
standings-round = Classement de la partie { $n }
standings-place = { $n ->
        [one] 1re place
       *[other] { $n }e place
    }
standings-check-ok = Contrôle : toutes les tables et le tournoi sont à somme nulle.
standings-check-bad = Contrôle : le total du tournoi vaut { $total } au lieu de 0 ! Vérifiez les feuilles de marque.
round-closed-note = Cette partie est close : les donnes ne se modifient plus depuis la table. Adressez-vous à l'arbitre.
round-closed-note-organizer = Cette partie est close : les tables ne modifient plus ses donnes. En tant qu'arbitre, vous pouvez encore les corriger ici.
sheet-details = Détail des donnes
nav-settings = Réglages
tournament-edit = Réglages du tournoi
tournament-edit-started = La partie 1 est placée : le mode des tables de 5, les variantes de marque et la graine du placement ne changent plus.
tournament-save = Enregistrer les réglages
nav-players = Joueurs
nav-games = Parties libres
directory-title = Fichier des joueurs
directory-search = Nom, club ou licence
directory-search-button = Chercher
directory-none = Aucun joueur trouvé.
directory-back = Retour au fichier des joueurs
player-edit-title = Modifier un joueur
player-save = Enregistrer
mark-late = en retard (partie { $n })
mark-withdrawn = { $n ->
        [0] abandon avant de jouer
       *[other] abandon après la partie { $n }
    }
seats-title = Changer des places
seats-help-duplicate = Avant toute donne aux tables concernées : échangez deux joueurs de tables différentes (en duplicate, chaque table garde ses 4 joueurs ; les robots restent à leur table).
seats-help = Avant toute donne aux tables concernées : échangez deux joueurs de tables différentes, ou envoyez un joueur à une autre table (chaque table garde 4 ou 5 joueurs).
seats-player = Joueur
seats-with = Échanger avec, ou aller à
seats-to-table = → table { $n } (une place de plus)
seats-button = Changer les places
seats-changed = Places changées : les feuilles des tables et le rapport de placement sont à jour.
seats-no-repeat = Rapport de placement : aucune rencontre répétée depuis le début du tournoi.
seats-repeats = Rapport de placement : { $count ->
    [one] une rencontre répétée
   *[other] { $count } rencontres répétées
} depuis le début du tournoi.
seats-report-link = Voir le rapport
round-undo-title = Annuler le début de la partie
round-undo-help = Tant qu'aucune donne n'est saisie ni jouée : la partie, ses tables et leurs liens disparaissent, et vous pourrez la relancer.
round-undo-question = Annuler le début de la partie { $n } ?
round-undo-tables = { $count ->
    [one] Sa table et son lien (QR code) seront supprimés : les cartes de table imprimées ne serviront plus.
   *[other] Ses { $count } tables et leurs liens (QR codes) seront supprimés : les cartes de table imprimées ne serviront plus.
}
round-undo-players = Les joueurs arrivés ou pointés pendant cette partie seront placés quand vous la relancerez ; ceux qui ont abandonné pendant ne le seront pas.
round-undo-again = La partie { $n } pourra être relancée aussitôt depuis la page du tournoi.
round-undo-reason = Raison (gardée dans le journal)
round-undo-confirm = Oui, annuler le début de la partie { $n }
round-undo-cancel = Non, revenir à la partie
round-back = Revenir à la partie { $n }
round-undone = Le début de la partie { $round } est annulé : relancez-la quand vous voulez.
withdraw-question = Retirer { $name } du tournoi ?
withdraw-next = À partir de la partie { $round }, ce joueur ne sera plus placé.
withdraw-seated = La partie { $round } est en cours : { $name } termine sa table (table { $table }). Pour l'en retirer aussi, annulez le début de la partie tant qu'aucune donne n'est saisie, puis relancez-la.
withdraw-scores = Ses scores déjà marqués restent au classement ; vous pourrez le réintégrer plus tard.
withdraw-confirm = Oui, déclarer l'abandon
withdraw-cancel = Non, revenir aux joueurs
withdraw-back = Revenir aux joueurs

## Check-in at the door (the dashboard's player list)
checkin-label = pointer présent
checkin-undo-label = annuler le pointage
checkin-page = Fiche
checkin-page-label = Fiche de { $name }
checkin-help = Touchez la ligne d'un joueur pour le pointer présent ; touchez-la encore pour annuler.
checkin-search = Chercher un joueur
checkin-search-button = Chercher
checkin-shown = Affichés : { $count }
checkin-show-all = Tout afficher
checkin-none-found = Aucun joueur ne correspond à cette recherche.
checkin-failed = Le pointage n'a pas pu être enregistré : rechargez la page et réessayez.
checkin-all-button = Tout le monde est là
checkin-all-question = Tout le monde est là ?
checkin-all-explain = { $count ->
    [one] Le joueur inscrit pas encore pointé (nommé ci-dessous) sera pointé présent.
   *[other] Les { $count } joueurs inscrits pas encore pointés (listés ci-dessous) seront pointés présents.
}
checkin-all-withdrawn = Les joueurs qui ont abandonné restent à l'écart.
checkin-all-confirm = { $count ->
    [one] Oui, pointer ce joueur
   *[other] Oui, pointer les { $count } joueurs
}
checkin-all-none = Tous les joueurs inscrits sont déjà pointés.
checkin-all-done = { $count ->
    [0] Aucun joueur à pointer : tout le monde l'était déjà.
    [one] { $count } joueur pointé.
   *[other] { $count } joueurs pointés.
}
clock-plus-5 = +5 min
clock-minus-5 = −5 min
clock-add-label = Minutes à ajouter (négatif : avancer la fin)
clock-move = Déplacer la fin

## The organizer's adjustments under a table's sheet.
sheet-void = Annulée
sheet-award = Points attribués
adjust-title = Ajustements de l’arbitre
adjust-lead = Chaque ajustement demande sa raison et reste dans le journal. Une donne annulée reste sur la feuille, barrée, et ne compte pour personne ; des points attribués s’ajoutent aux donnes et leur somme est nulle.
adjust-void-title = Annuler une donne
adjust-reason = Raison
adjust-void = Annuler la donne
adjust-restore-reason = Rétablir la donne { $n } : raison
adjust-restore = Rétablir la donne { $n }
adjust-award-title = Attribuer des points
adjust-award-lead = Par exemple à une table qui n’a pas pu finir sa donne à la sonnerie : des points pour certains joueurs, des points en moins pour d’autres, la somme à zéro (laissez vide pour 0).
adjust-award = Attribuer les points
adjust-withdraw-reason = Retirer les points attribués ({ $reason }) : raison
adjust-withdraw = Retirer
standings-percent = %
standings-percent-title = Duplicate : moyenne des pourcentages sur les donnes jouées (chaque donne comparée à toutes les tables qui l'ont jouée : 2 points par résultat battu, 1 par égalité)
standings-datum = Datum
standings-datum-title = Duplicate : total sur les donnes jouées du score moins la moyenne des autres tables à la même place
standings-ranked-duplicate = Duplicate : chaque donne est comparée aux résultats de toutes les tables qui ont eu les mêmes cartes, place par place.
tournament-format = Formule
format-libres = Donnes libres (chaque table donne)
format-duplicate = Duplicate (les mêmes donnes à toutes les tables)
tournament-comparison = Comparaison du duplicate
comparison-matchpoints = Points de match (pourcentage)
comparison-datum = Datum (score moins la moyenne des autres)
tournament-fill-with-bots = Duplicate : des robots complètent la table des joueurs en surnombre (jouée sur les appareils) au lieu de les exempter
tournament-format-help = Duplicate : toutes les tables d'une partie jouent les mêmes donnes préparées, autant que de donnes à une table de 4 ; tables de 4 seulement, les joueurs en surnombre sont exemptés à tour de rôle, ou jouent ensemble à une table complétée par des robots si la case est cochée. Choisi à la création.
tournament-format-fixed = Tournoi en duplicate : les mêmes donnes à toutes les tables d'une partie, comparées place par place (choisi à la création).
tournament-fill-fixed = Des robots complètent la table des joueurs en surnombre, sur les appareils.
dup-deal-title = Donne { $deal }
dup-deal = Donne
dup-round = Partie
dup-entered = Tables
dup-deals = Donnes
dup-dealer = donneur : place { $n }
dup-dealer-mark = donneur
dup-seat = Place { $n }
dup-dog = Chien
dup-table = Table
dup-table-n = Table { $n }
dup-results = Les résultats des tables
dup-hands = Les mains
dup-details = Le détail des comparaisons
dup-missing = { $n ->
    [one] Une table de la partie n'a pas encore saisi cette donne.
   *[other] { $n } tables de la partie n'ont pas encore saisi cette donne.
}
dup-no-result = Aucune table n'a encore saisi cette donne.
dup-no-deal = Aucune donne : la première partie n'est pas encore placée.
dup-deals-help = Une donne s'ouvre à tous quand toutes les tables de sa partie l'ont saisie.
dup-hidden = Cette donne sera montrée quand toutes les tables de sa partie l'auront saisie.
dup-explain-mp = Donne { $deal }, place { $seat } : { $score } contre { $others ->
        [one] 1 autre
       *[other] { $others } autres
    } → { $mp } / { $max } = { $percent } %
dup-explain-once = Donne { $deal }, place { $seat } : { $score }, seule table à l'avoir jouée → 50 %
dup-explain-datum = Donne { $deal }, place { $seat } : { $score } − { $others ->
        [one] l'autre résultat
       *[other] la moyenne des { $others } autres
    } ({ $mean }) = { $datum }
dup-explain-datum-once = Donne { $deal }, place { $seat } : { $score }, seule table à l'avoir jouée → 0
dup-diagrams = Diagrammes des donnes
dup-trumps = Atouts
dup-excuse = Excuse
dup-diagram-help = Une page par donne : chaque table de la partie reçoit les mêmes mains, la place 1 étant celle du premier joueur de la carte de table.
dup-card-deals = Donnes jouées : { $list }
dup-player-line = { $deals ->
    [one] { $figure } sur { $deals } donne
   *[other] { $figure } sur { $deals } donnes
}
dup-pending = en attente
dup-form-deal = Duplicate : donne { $deal } du tournoi, les mêmes cartes à toutes les tables.
dup-seat-deal = Duplicate : donne { $deal } du tournoi, les mêmes cartes à toutes les tables
dup-seat-traveller = comparer avec les autres tables
dup-seat-compared = Votre résultat face aux autres tables :
dup-seat-waiting = Les autres tables n’ont pas toutes saisi cette donne : la comparaison viendra quand elles l’auront fait.

# The dashboard's player list, a page at a time.
pager-range = Joueurs { $from } à { $to } sur { $count }
pager-prev = Précédents
pager-next = Suivants
pager-label = Pages de la liste des joueurs
pager-search-all = La liste est longue : elle va par pages de 200. La recherche (Entrée) cherche parmi tous les joueurs.

## Rooms (salles)
nav-rooms = Salles
rooms-title = Salles
rooms-intro = Un tournoi peut se jouer dans plusieurs salles : chaque salle reçoit à son tour ses premières tables, la dernière salle prend celles qui restent. Chaque salle a son écran de projection et ses cartes de table.
rooms-none = Une seule salle pour l'instant : ajoutez-en pour répartir les tables.
room-name = Nom de la salle
room-name-example = Salle des fêtes
room-tables = Tables
room-save = Enregistrer
room-now = Dernière partie : tables { $first } à { $last }
room-now-one = Dernière partie : table { $n }
room-now-none = Dernière partie : aucune table dans cette salle
room-kept = { $count ->
    [one] 1 joueur gardé dans cette salle
   *[other] { $count } joueurs gardés dans cette salle
}
room-projector = Écran de la salle
room-cards = Cartes de table de la salle (dernière partie)
rooms-numbering = Numérotation des tables
rooms-numbering-run-on = À la suite d'une salle à l'autre
rooms-numbering-restart = À partir de 1 dans chaque salle
room-add = Ajouter une salle
room-add-button = Ajouter la salle
rooms-kept-hint = Pour garder un joueur dans une salle (mobilité réduite), ajoutez une contrainte de placement :
room-name-required = Donnez un nom à la salle.
room-name-long = Le nom de la salle dépasse { $max } caractères.
room-tables-range = Indiquez un nombre de tables entre 1 et { $max }.
room-name-taken = Une salle s'appelle déjà « { $name } ».
room-has-players = { $count ->
    [one] Un joueur est gardé dans cette salle : retirez d'abord sa contrainte de placement.
   *[other] { $count } joueurs sont gardés dans cette salle : retirez d'abord leurs contraintes de placement.
}
room-numbering-unknown = Choisissez une numérotation des tables.
table-in-room = { $room } · table { $n }
constraint-room = Salle
constraint-add-room = Garder ce joueur dans cette salle
constraint-room-text = { $a } joue toujours en salle « { $room } »
constraint-room-required = Choisissez une salle du tournoi.
constraint-player-hint = Tapez le début d'un nom et choisissez le joueur dans la liste.
constraint-player-ambiguous = Plusieurs joueurs inscrits portent ce nom : choisissez le bon dans la liste (le numéro après # le désigne).
dashboard-duplicate = Duplicate, { $deals ->
    [one] 1 donne
   *[other] { $deals } donnes
  } par partie, les mêmes à toutes les tables
player-known-question = { $who } déjà connu : le reprendre ?
player-known-help = Un joueur de l’annuaire porte ce nom et ce club. Le reprendre garde son historique (ses tournois, ses saisons) ; un homonyme est un nouveau joueur.
player-known-again = Le reprendre
player-known-new = Nouveau joueur (homonyme)
player-known-gone = { $name } n’est plus dans l’annuaire sous ce nom et ce club : inscrivez-le de nouveau.
players-import-again = Reprendre les joueurs déjà connus (même nom et même club)
players-import-again-note = Coché d’office : un joueur de l’annuaire de même nom et de même club est repris, avec son historique, au lieu d’être créé de nouveau. Décochez pour des homonymes.
import-again = { $count ->
    [one] { $count } joueur déjà connu repris de l’annuaire :
   *[other] { $count } joueurs déjà connus repris de l’annuaire :
}
import-line-n = ligne { $n }
