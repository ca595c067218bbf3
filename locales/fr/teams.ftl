# Team events (FORMATS.md, "Teams").
team-no-teams = Ce tournoi ne se joue pas par équipes : choisissez la taille des équipes à sa création.
team-wrong-size = Une équipe de ce tournoi compte { $size } joueurs, pas { $given }.
team-player-twice = { $name } (n° { $player }) est donné deux fois.
team-player-taken = { $name } (n° { $player }) est déjà dans une équipe de ce tournoi.
team-player-unknown = Le joueur { $player } n’est pas inscrit à ce tournoi.
team-name = Nom de l’équipe
team-name-required = Donnez un nom à l’équipe.
team-name-taken = Une équipe s’appelle déjà « { $name } » dans ce tournoi.
team-json-players = « players » doit être la liste des numéros des joueurs de l’équipe.
teams-setting = Par équipes
teams-none = Non (individuel)
teams-size = { $n ->
    [2] Paires (2)
    [3] Triplettes (3)
    [4] Quadrettes (4)
   *[other] Équipes de { $n }
}
teams-standings = Classement par équipes
teams-total = Total de l’équipe
teams-members = Équipiers
teams-nobody = Aucune équipe inscrite pour l’instant.
teams-title = Équipes
teams-intro = Chaque équipe compte { $n } joueurs inscrits au tournoi ; des équipiers ne sont jamais placés à la même table.
teams-count = { $count ->
    [0] Aucune équipe
    [one] 1 équipe
   *[other] { $count } équipes
}
teams-add = Inscrire une équipe
teams-add-button = Inscrire l’équipe
teams-player-n = Joueur { $n }
teams-free = { $count ->
    [one] 1 joueur inscrit n’a pas encore d’équipe : tapez son nom ou choisissez-le dans la liste.
   *[other] { $count } joueurs inscrits n’ont pas encore d’équipe : tapez leur nom ou choisissez-les dans la liste.
}
teams-no-free = Tous les joueurs inscrits sont dans une équipe.
team-player-not-found = Ce joueur n’est pas inscrit au tournoi : choisissez-le dans la liste des inscrits.
teams-mates-together = Table { $table } : { $players } sont de la même équipe ({ $team }) ; le placement n’a pas pu les séparer. Échangez un joueur avec une autre table.
teams-manage = Gérer les équipes
import-teams-ignored = Ce tournoi ne se joue pas par équipes : la colonne des équipes est ignorée (les joueurs sont inscrits).
import-teams-made = { $count ->
    [one] 1 équipe inscrite :
   *[other] { $count } équipes inscrites :
}
import-teams-refused = { $count ->
    [one] 1 équipe refusée (ses joueurs sont inscrits sans elle) :
   *[other] { $count } équipes refusées (leurs joueurs sont inscrits sans elles) :
}
import-team-lines = lignes { $lines }
teams-points-n = Points { $n }
print-teams = Imprimer le classement par équipes
export-teams-csv = Classement par équipes (CSV)
