# Team events (FORMATS.md, "Teams").
team-no-teams = This tournament is not played in teams: choose the size of its teams when creating it.
team-wrong-size = A team of this tournament has { $size } players, not { $given }.
team-player-twice = Player { $player } is given twice.
team-player-taken = Player { $player } is already in a team of this tournament.
team-player-unknown = Player { $player } is not registered in this tournament.
team-name = Team name
team-name-required = Give the team a name.
team-name-taken = A team is already called "{ $name }" in this tournament.
team-json-players = "players" must be the list of the team's player ids.
teams-setting = In teams
teams-none = No (individual)
teams-size = { $n ->
    [2] Pairs (2)
    [3] Triplettes (3)
    [4] Quadrettes (4)
   *[other] Teams of { $n }
}
teams-standings = Team standings
teams-total = Team total
teams-members = Members
teams-nobody = No team registered yet.
