# Palmarès et prix : la cagnotte, sa répartition, les prix fixes, les primes.
nav-prizes = Prix
prize-title = Palmarès et prix
prize-none = Aucune règle de prix pour ce tournoi : choisissez-en une dans les réglages des prix.
prize-nobody = Personne n’est encore payé : le classement est vide.
prize-settings-title = Réglages des prix
prize-settings-intro = Les prix se calculent sur le classement tel que le public le voit. Chaque montant est arrondi à l’unité inférieure : on ne paie jamais plus que la cagnotte, et ce qui reste est dit.
prize-preset = Modèle
prize-fee = Droit d’engagement par joueur (€)
prize-paying = Joueurs payants (vide : les inscrits)
prize-pot = Ou une cagnotte fixe (€)
prize-share = Part redistribuée (%)
prize-places = Places payées
prize-split = Répartition des places, de la 1re à la dernière
prize-kind = La répartition est en
prize-kind-percents = pourcentages de la somme redistribuée
prize-kind-amounts = montants en euros
prize-rounding = Arrondi
prize-rounding-euro = à l’euro inférieur
prize-rounding-cent = au centime
prize-fixed = Prix fixes, un par ligne (« 1 : Coupe », « 2 : 20 € » donnés en plus de la cagnotte)
prize-bonus = Prime à chaque joueur qui a aussi joué les tournois cochés (« 2 € » chacun ou « 5 % » de la cagnotte partagés)
prize-bonus-with = Les autres tournois de la journée
prize-save = Enregistrer les prix
prize-print = Palmarès A4
prize-sheet = Feuille d’émargement
prize-csv = Palmarès (CSV)
prize-back = Retour aux prix
prize-place = { $n ->
    [1] 1er
   *[other] { $n }e
}
prize-place-tied = { $n ->
    [1] 1er
   *[other] { $n }e
} ex æquo
prize-item-tied = { $items } (à départager entre { $n })
prize-says-split = { $share } % redistribués { $places ->
    [one] à la 1re place
   *[other] aux { $places } premières places
} : { $split }
prize-says-none = aucun argent redistribué
prize-says-fixed = prix fixes : { $list }
prize-says-pot-entries = Cagnotte : { $fee } × { $paying ->
    [one] 1 joueur payant
   *[other] { $paying } joueurs payants
} = { $pot }
prize-says-pot-fixed = Cagnotte : { $pot }
prize-says-rounding-euro = Montants arrondis à l’euro inférieur.
prize-says-rounding-cent = Montants au centime.
prize-says-bonus = Prime : { $amount } à chaque joueur qui a aussi joué { $with }, prise sur ce que garde la cagnotte.
prize-says-bonus-share = Prime : { $share } % de la cagnotte partagés entre les joueurs qui ont aussi joué { $with }.
prize-sum-pot = Cagnotte
prize-sum-fund = Redistribué
prize-sum-places = Payé aux places
prize-sum-bonus = Primes
prize-sum-fixed = Prix fixes (en plus)
prize-sum-kept = Reste à l’organisateur
prize-col-prize = Prix
prize-col-fixed = Fixe
prize-col-bonus = Prime
prize-col-total = Montant
prize-col-items = Lots
prize-col-signature = Signature
prize-note-rounding = L’arrondi de la répartition laisse { $sum }.
prize-note-ties = Le partage des places ex æquo laisse { $sum }.
prize-note-members = Le partage entre coéquipiers laisse { $sum }.
prize-note-unclaimed = { $n ->
    [one] 1 place payée n’a personne
   *[other] { $n } places payées n’ont personne
} : { $sum } non versés.
prize-note-bonus-capped = La prime devait être de { $asked } chacun ; la cagnotte n’en garde assez que pour { $given } chacun.
prize-rule-fee = Le droit d’engagement doit être une somme de 0 à 10 millions d’euros.
prize-rule-pot = La cagnotte doit être une somme de 0 à 10 millions d’euros.
prize-rule-share = La part redistribuée ({ $share } %) ne peut dépasser 100 %.
prize-rule-places-many = Pas plus de { $max } places payées.
prize-rule-split-step = La part de la place { $place } n’est pas une somme positive.
prize-rule-split-rises = La place { $place } recevrait plus que la précédente : une meilleure place ne doit jamais recevoir moins.
prize-rule-split-over = Les pourcentages des places font { $percent } %, plus que 100 %.
prize-rule-fixed-bad = Le prix fixe de la place { $place } doit nommer un lot (100 caractères au plus) ou une somme, à une place à partir de 1.
prize-rule-bonus-amount = La prime doit être une somme de 0 à 10 millions d’euros.
prize-rule-bonus-share = La part de la prime ({ $share } %) et la part redistribuée dépassent ensemble 100 % de la cagnotte.
prize-rule-bonus-with = Une prime doit nommer au moins un autre tournoi de la journée.
prize-rule-amounts-over = Les montants des places font { $sum }, plus que la somme redistribuée ({ $fund }).
prize-form-preset = Ce modèle de prix est inconnu : choisissez-en un de la liste.
prize-form-fee-missing = Donnez le droit d’engagement par joueur, ou une cagnotte fixe.
prize-form-fee = Le droit d’engagement « { $value } » n’est pas une somme en euros (par exemple 10 ou 7,50).
prize-form-pot = La cagnotte « { $value } » n’est pas une somme en euros (par exemple 900 ou 1 040).
prize-form-paying = « { $value } » n’est pas un nombre de joueurs payants.
prize-form-share = La part redistribuée « { $value } » n’est pas un pourcentage de 0 à 100.
prize-form-places = « { $value } » n’est pas un nombre de places payées.
prize-form-split-token = « { $value } » dans la répartition n’est pas un nombre (les pourcentages vont de 0 à 100).
prize-form-split-count = { $places ->
    [one] 1 place payée
   *[other] { $places } places payées
}, mais la répartition en donne { $split } : tapez une part pour chaque place.
prize-form-fixed-line = La ligne « { $value } » des prix fixes doit dire la place puis le prix, par exemple « 1 : Coupe » ou « 2 : 20 € ».
prize-form-bonus = La prime « { $value } » n’est ni une somme (« 2 € ») ni une part de la cagnotte (« 5 % »).
prize-form-bonus-missing = Vous avez coché des tournois pour la prime sans dire combien elle donne.
prize-form-bonus-with = Le tournoi « { $value } » n’est pas un autre tournoi de cette application.
