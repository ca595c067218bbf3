# Pourquoi une donne saisie est refusée : un message par variante de
# RecordError (src/tarot/error.rs), id `record-<code>`, variables = les clés
# de `args()`.

record-players-count = Une table compte 3, 4, 5 ou 6 joueurs, pas { $players }.
record-taker-seat = La place { $taker } du preneur n'existe pas à cette table : les places vont de 0 à { $last }.
record-partner-not-five = Le partenaire (joueur appelé) n'existe qu'à 5 ou 6 joueurs.
record-partner-seat = La place { $partner } du partenaire n'existe pas à cette table : les places vont de 0 à { $last }.
record-partner-list-not-six = Une liste de partenaires n'existe qu'à 6 joueurs : à 5 joueurs, le partenaire est une seule place (ou rien).
record-partner-not-list = À 6 joueurs, les partenaires sont une liste de places (les détenteurs du roi et de la dame appelés), ou rien.
record-too-many-partners = À 6 joueurs, le preneur a 2 partenaires au plus, pas { $count }.
record-partner-is-taker = Le preneur (place { $taker }) ne peut pas figurer parmi les partenaires : une carte appelée qu'il a en main ne lui donne pas de partenaire.
record-partner-twice = La place { $partner } figure deux fois parmi les partenaires.
record-points-range = Les points doivent être compris entre 0 et 91.
record-points-not-half = Les points se comptent par demi-points : { $points } n'est pas un multiple de 0,5.
record-oudlers-range = Le nombre de bouts va de 0 à 3, pas { $oudlers }.
record-petite-refused = La petite n'est pas autorisée dans ce tournoi : la garde est le plus petit contrat.
record-misere-disabled = La misère ne se joue pas dans ce tournoi.
record-misere-seat = La misère est annoncée à la place { $seat }, qui n'existe pas à cette table : les places vont de 0 à { $last }.
record-misere-twice = La place { $seat } a annoncé deux fois la même misère ({ $kind ->
        [trumps] misère d'atout
        [heads] misère de têtes
       *[other] { $kind }
    }).
record-misere-trumps-with-handful = La place { $seat } a annoncé une misère d'atout : sans atout, elle ne peut pas montrer de poignée.
record-too-many-miseres-trumps = { $count } { $count ->
        [one] joueur
       *[other] joueurs
    } sans atout, c'est impossible : les autres mains et le chien ne peuvent pas contenir les 21 atouts et l'excuse.
record-too-many-miseres-heads = { $count } { $count ->
        [one] joueur
       *[other] joueurs
    } sans tête, c'est impossible : les autres mains et le chien ne peuvent pas contenir les 16 têtes (rois, dames, cavaliers et valets).
record-handful-seat = La poignée est montrée à la place { $seat }, qui n'existe pas à cette table : les places vont de 0 à { $last }.
record-handful-twice = La place { $seat } a montré deux poignées, mais chaque joueur en montre une au plus.
record-handfuls-too-many-trumps = Ces poignées demandent { $needed } atouts, plus que les 21 atouts et l'excuse du jeu.
record-petit-au-bout-attack-no-oudler = Un petit au bout pour l'attaque suppose qu'elle ait le petit, or l'attaque n'a aucun bout.
record-petit-au-bout-defence-all-oudlers = Petit au bout pour la défense impossible : l'attaque a les trois bouts, dont le petit.
record-petit-au-bout-attack-defence-chelem = Petit au bout pour l'attaque impossible : la défense a fait tous les plis.
record-petit-au-bout-defence-attack-chelem = Petit au bout pour la défense impossible : l'attaque a fait tous les plis.
record-chelem-attack-oudlers = L'attaque a fait tous les plis, elle a donc pris le petit et le 21 : au moins 2 bouts, pas { $oudlers }.
record-chelem-defence-oudlers = La défense a fait tous les plis, l'attaque n'a donc pu garder que l'excuse : 1 bout au plus, pas { $oudlers }.
record-chelem-attack-lost = L'attaque a fait tous les plis : elle ne peut pas avoir chuté.
record-chelem-defence-won = La défense a fait tous les plis : l'attaque ne peut pas avoir réussi son contrat.
record-points-above-oudlers = Avec { $oudlers } { $oudlers ->
        [one] bout
       *[other] bouts
    }, l'attaque ne peut pas avoir plus de { $max } points : chaque bout qui lui manque vaut 4,5 points pour la défense (au moins 4, l'excuse pouvant devoir une carte d'un demi-point).
record-points-below-oudlers = Avec { $oudlers } { $oudlers ->
        [one] bout
       *[other] bouts
    }, l'attaque a au moins { $min } points : chaque bout vaut 4,5 points (au moins 4, l'excuse pouvant devoir une carte d'un demi-point).
record-points-above-no-chelem = Sans chelem, la défense a fait au moins un pli : avec { $oudlers } { $oudlers ->
        [one] bout
       *[other] bouts
    }, l'attaque ne peut donc pas avoir plus de { $max } points.
record-points-above-garde-contre = En garde contre, le chien compte pour la défense : avec { $oudlers } { $oudlers ->
        [one] bout
       *[other] bouts
    }, l'attaque ne peut donc pas avoir plus de { $max } points.
record-points-below-no-chelem = Sans chelem, l'attaque a fait au moins un pli : avec { $oudlers } { $oudlers ->
        [one] bout
       *[other] bouts
    }, elle a donc au moins { $min } points.
record-points-below-no-chelem-ecart = Sans chelem, l'attaque a fait au moins un pli et compte aussi l'écart ou le chien : avec { $oudlers } { $oudlers ->
        [one] bout
       *[other] bouts
    }, elle a donc au moins { $min } points.
record-points-below-ecart = L'attaque garde l'écart ou le chien même quand la défense fait tous les plis : avec { $oudlers } { $oudlers ->
        [one] bout
       *[other] bouts
    }, elle a donc au moins { $min } points.
record-chelem-attack-points = L'attaque a fait tous les plis avec { $oudlers } { $oudlers ->
        [one] bout
       *[other] bouts
    } : elle a donc exactement { $expected } points.
record-chelem-attack-points-below = L'attaque a fait tous les plis et la défense n'a que le chien et l'excuse : avec { $oudlers } { $oudlers ->
        [one] bout
       *[other] bouts
    }, l'attaque a donc au moins { $min } points.
record-chelem-defence-points-above = La défense a fait tous les plis : avec { $oudlers } { $oudlers ->
        [one] bout
       *[other] bouts
    }, l'attaque ne peut donc pas avoir plus de { $max } points.
record-unknown-contract = Contrat inconnu « { $value } » : attendu petite, garde, garde_sans ou garde_contre.
record-unknown-handful-size = Poignée inconnue « { $value } » : attendu simple, double ou triple.
record-unknown-camp = Camp inconnu « { $value } » pour { $field } : attendu attack (attaque) ou defence (défense).
record-unknown-misere-kind = Misère inconnue « { $value } » : attendu trumps (misère d'atout) ou heads (misère de têtes).
record-missing-field = Il manque le champ « { $field } » dans la donne.
record-wrong-type = Le champ « { $field } » n'a pas le bon type (attendu : { $expected }).
record-not-an-object = Une donne doit être un objet JSON.
record-malformed = La donne est mal formée : { $detail }

# Repli pour une donne refusée : la phrase anglaise du moteur de règles.

# Saisie des donnes (src/db/ops/deals.rs).
deal-bad-player = Le joueur indiqué pour { $field ->
        [taker] le preneur
        [partner] le partenaire
        [handfuls] une poignée
        [miseres] une misère
       *[other] « { $field } »
    } doit être donné par son numéro de joueur.
deal-player-sits-out = Le joueur { $player } est donneur sur cette donne et ne joue pas (table de 5, mode FFT).
deal-player-not-at-table = Le joueur { $player } ne joue pas à cette table.
deal-taker-required = Il manque le preneur.
deal-bad-list = { $field ->
        [handfuls] Les poignées doivent être données
        [miseres] Les misères doivent être données
       *[other] Le champ « { $field } » doit être donné
    } sous forme de liste.
deal-number-range = Le numéro de donne doit être compris entre 1 et { $max }.
deal-round-closed = La partie { $round } est close : les donnes ne peuvent plus être saisies depuis la table (adressez-vous à l'arbitre).
deal-after-bell = Le temps de la partie { $round } est écoulé : la table peut encore saisir la donne { $in_progress }, celle qui était en cours au signal, et corriger les donnes déjà saisies, mais pas commencer la donne { $deal }.
deal-correction-reason = Une correction après la clôture de la partie doit être motivée : indiquez la raison.
json-not-object = Le corps de la requête doit être un objet JSON.
deal-stale = Cette donne a été modifiée entre-temps (vous aviez la version { $read }, elle en est à la version { $current }) : rechargez la page et vérifiez-la avant de la corriger.
