# Team events (FORMATS.md, "Teams").
team-no-teams = This tournament is not played in teams: choose the size of its teams when creating it.
team-wrong-size = A team of this tournament has { $size } players, not { $given }.
team-player-twice = { $name } (player { $player }) is given twice.
team-player-taken = { $name } (player { $player }) is already in a team of this tournament.
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
teams-title = Teams
teams-intro = Each team has { $n } players registered in the tournament; team-mates are never seated at the same table.
teams-count = { $count ->
    [0] No team
    [one] 1 team
   *[other] { $count } teams
}
teams-add = Register a team
teams-add-button = Register the team
teams-player-n = Player { $n }
teams-free = { $count ->
    [one] 1 registered player has no team yet: type their name or pick it from the list.
   *[other] { $count } registered players have no team yet: type their names or pick them from the list.
}
teams-no-free = Every registered player is in a team.
team-player-not-found = This player is not registered in the tournament: pick them from the list of registered players.
teams-mates-together = Table { $table }: { $players } are in the same team ({ $team }); the seating could not keep them apart. Swap a player with another table.
teams-manage = Manage the teams
import-teams-ignored = This tournament is not played in teams: the team column is ignored (the players are registered).
import-teams-made = { $count ->
    [one] 1 team registered:
   *[other] { $count } teams registered:
}
import-teams-refused = { $count ->
    [one] 1 team refused (its players are registered without it):
   *[other] { $count } teams refused (their players are registered without them):
}
import-team-lines = lines { $lines }
teams-points-n = Points { $n }
print-teams = Print the team standings
export-teams-csv = Team standings (CSV)
