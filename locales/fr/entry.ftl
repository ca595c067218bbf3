# Deal entry at the table: the thumb form, its preview, conflicts, confirmation.
tournament-tables = Tables
tournament-confirm-deals = Chaque donne saisie à une table compte une fois confirmée par un défenseur (il touche son nom sur la tablette)
deal-passed-and-played = Ce formulaire dit à la fois « tout le monde a passé » et une donne jouée : choisissez l'un ou l'autre.
deal-choose-taker = Touchez le nom du preneur.
deal-choose-partner = Touchez le nom du partenaire appelé, ou « Seul » si le preneur joue seul.
deal-partner-is-taker = Le preneur ne peut pas être son propre partenaire : touchez « Seul » s'il s'est appelé lui-même.
deal-choose-contract = Touchez le contrat.
deal-choose-oudlers = Touchez le nombre de bouts de l'attaque (0 à 3).
deal-type-points = Tapez les points comptés.
deal-points-not-a-number = « { $value } » n'est pas un nombre de points entre 0 et 91.
deal-choose-camp = Indiquez qui a compté ses points : l'attaque ou la défense.
deal-refused = Cette donne est refusée.
deal-key-reused = Ce formulaire a déjà servi pour une autre donne : rechargez la page.
deal-key-other-content = Cette clé (Idempotency-Key) a déjà servi pour la donne { $deal } avec une autre donne : rien n'a été enregistré. Envoyez une modification avec une nouvelle clé (la donne enregistrée est dans « current »).
deal-points-counted = Points comptés par
deal-camp-attack = l'attaque
deal-camp-defence = la défense
deal-extras = Poignées, petit au bout, chelem
deal-all-passed-confirm = Personne n'a pris : la donne { $n } compte 0 pour tous. L'enregistrer ainsi ?
deal-all-passed-yes = Oui, tout le monde a passé
deal-all-passed-button = Tout le monde a passé
deal-conflict-stored = Enregistrée (par { $by })
deal-conflict-yours = La vôtre
deal-conflict-choose = Enregistrer la vôtre remplace celle qui est enregistrée ; sinon, gardez-la.
deal-conflict-keep = Garder la donne enregistrée
deal-conflict-replace = Remplacer par la mienne
deal-saved = Donne { $n } enregistrée.
deal-enter-next = Saisir la donne { $n }
bell-may-enter = Temps écoulé : la table peut encore saisir la donne { $n }, celle qui était en cours au signal, et corriger les donnes déjà saisies ; aucune donne après celle-ci.
bell-corrections-only = Temps écoulé : plus de nouvelle donne à saisir ; la table peut encore corriger les donnes déjà saisies.
deal-to-confirm = Donne { $n } à confirmer :
deal-confirm-tap = Un défenseur confirme en touchant son nom :
deal-confirm-waiting = En attente de la confirmation d'un défenseur à la table.
deal-pending = à confirmer
deal-confirm-not-defender = Seul un défenseur de cette donne peut la confirmer.
deal-conflict = Cette donne a été modifiée entre-temps, depuis que vous avez ouvert ce formulaire. Voici les deux versions.
round-pending-confirm = À confirmer par un défenseur : donnes { $deals }
deal-chip-simple = Simple
deal-chip-double = Double
deal-chip-triple = Triple
projector-scan = Le classement sur votre téléphone
projector-race = Course au classement, partie après partie
outbox-waiting = { $n ->
    [one] { $n } donne en attente d'envoi
   *[other] { $n } donnes en attente d'envoi
}
outbox-preview-offline = Hors ligne : le score s'affichera quand la donne sera complète.
outbox-preview-local = Hors ligne : score calculé sur cet appareil ; la donne sera vérifiée à l'envoi.
outbox-waiting-play = { $n ->
    [one] Hors ligne : votre coup attend le réseau, il partira dès son retour
   *[other] Hors ligne : { $n } coups attendent le réseau
}
