# Team events (FORMATS.md, "Teams").
team-no-teams = Ce tournoi ne se joue pas par équipes : choisissez la taille des équipes à sa création.
team-wrong-size = Une équipe de ce tournoi compte { $size } joueurs, pas { $given }.
team-player-twice = Le joueur { $player } est donné deux fois.
team-player-taken = Le joueur { $player } est déjà dans une équipe de ce tournoi.
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
