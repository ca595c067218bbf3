nav-home = Accueil
nav-login = Connexion
nav-logout = Déconnexion
nav-tournaments = Tournois
# The names of the menus (a screen reader lists them by name).
nav-main-label = Menu principal
nav-tournament-label = Gestion du tournoi
nav-results-label = Résultats du tournoi
switch-language = English
footer = Chelem — tournois de tarot, règles FFT
home-title = Tournois de tarot, sans papier ni calculette
home-lead = Inscrivez les joueurs, lancez les parties : Chelem place chacun aux tables de 4 ou de 5 sans qu'il retrouve les mêmes adversaires, calcule chaque donne selon le règlement FFT et affiche le classement en direct sur tous les téléphones.
home-organizer-cta = Mes tournois
home-login-cta = Connexion arbitre
home-seating-title = Placement
home-seating-text = Tables de 4, de 5 pour le reste, sans rencontres répétées tant que c'est possible.
home-scoring-title = Marque FFT
home-scoring-text = Garde, garde sans, garde contre, poignées, petit au bout, chelem : chaque score est expliqué.
home-standings-title = Classement
home-standings-text = En direct, lisible sur un téléphone, et toujours à somme nulle.
login-title = Connexion arbitre
login-username = Identifiant
login-password = Mot de passe
login-submit = Se connecter
login-failed = Identifiant ou mot de passe incorrect.
login-throttled = Trop de tentatives échouées pour ce compte. Réessayez dans { $seconds } s.
login-busy = Le serveur vérifie d'autres connexions. Réessayez dans { $seconds } s.
error-title-404 = Page introuvable
error-title-403 = Action refusée
error-title-503 = Service momentanément indisponible
error-title-500 = Erreur du serveur
error-title-other = Requête refusée
error-not-found = Cette page n'existe pas (ou plus). Vérifiez l'adresse.
error-login-required = Connectez-vous en tant qu'arbitre pour accéder à cette page.
error-csrf = Ce formulaire a expiré ou ne vient pas de ce site. Rechargez la page et recommencez.
error-unavailable = La base de données ne répond pas. Réessayez dans un instant.
error-read-only = La base de données est en lecture seule : rien ne peut être enregistré pour l'instant. Prévenez l'organisateur.
error-busy = Trop de connexions en direct sont ouvertes. Réessayez dans un instant.
error-internal = Une erreur inattendue s'est produite ; elle a été enregistrée. Réessayez.
error-back-home = Retour à l’accueil
error-back-seat = Retour à ma place
error-back-tournament = Retour au tournoi
error-back-standings = Voir le classement
home-standings-list = Classements des tournois
error-bad-form = Ce formulaire n'a pas pu être lu. Rechargez la page et recommencez.
error-too-large = Cette requête est trop grosse ({ $mb } Mo au plus).
error-too-slow = Cette requête a mis trop de temps à arriver. Renvoyez-la.
# A date written out: "28 novembre 2026", "1er décembre 2026".
date-long = { $day ->
    [1] 1er
   *[other] { $day }
  } { $month ->
    [1] janvier
    [2] février
    [3] mars
    [4] avril
    [5] mai
    [6] juin
    [7] juillet
    [8] août
    [9] septembre
    [10] octobre
    [11] novembre
   *[12] décembre
  } { $year }
# The server's console (`chelem serve`), in the server's default language.
console-serving = Chelem tourne sur { $url } (base de données : { $backend })
console-network = Sur le réseau : { $address }
console-public = Liens et QR codes des tables : { $url }
console-local-only = Seul cet ordinateur atteint le serveur : les téléphones des tables ont besoin de --bind 0.0.0.0:{ $port } (ou de --public-url)
console-setup = Premier compte : { $url }
console-setup-network = Premier compte, sur le réseau : { $url }
console-setup-note = (aucun compte arbitre pour l'instant : ce lien crée le premier, une seule fois)
