//! A team event's teams and their members (FORMATS.md, "Teams").

use diesel::prelude::*;

use crate::db::schema::{team_members, teams};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{PlayerId, TeamId, TournamentId};
use crate::tournament::teams::Team;

/// A team's row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = teams)]
struct TeamRow {
    id: TeamId,
    name: String,
}

/// Reading and writing teams.
pub struct Teams;

impl Teams {
    /// Registers team `name` of `players` in tournament `t`; its id.
    pub fn create(tx: &mut Tx<'_>, t: TournamentId, name: &str, players: &[PlayerId]) -> QueryResult<TeamId> {
        let id: TeamId = diesel::insert_into(teams::table)
            .values((teams::tournament_id.eq(t), teams::name.eq(name)))
            .returning(teams::id)
            .get_result(tx.conn())?;
        for p in players {
            diesel::insert_into(team_members::table)
                .values((
                    team_members::team_id.eq(id),
                    team_members::tournament_id.eq(t),
                    team_members::player_id.eq(*p),
                ))
                .execute(tx.conn())?;
        }
        Ok(id)
    }

    /// The teams of tournament `t`, by id, each with its members by id.
    pub fn of(conn: &mut AnyConnection, t: TournamentId) -> QueryResult<Vec<Team>> {
        let rows: Vec<TeamRow> = teams::table
            .filter(teams::tournament_id.eq(t))
            .order(teams::id)
            .select(TeamRow::as_select())
            .load(conn)?;
        let members: Vec<(TeamId, PlayerId)> = team_members::table
            .filter(team_members::tournament_id.eq(t))
            .order((team_members::team_id, team_members::player_id))
            .select((team_members::team_id, team_members::player_id))
            .load(conn)?;
        Ok(rows
            .into_iter()
            .map(|r| Team {
                id: r.id,
                players: members.iter().filter(|(t, _)| *t == r.id).map(|(_, p)| *p).collect(),
                name: r.name,
            })
            .collect())
    }

    /// Whether tournament `t` has a team named `name`.
    pub fn name_taken(conn: &mut AnyConnection, t: TournamentId, name: &str) -> QueryResult<bool> {
        let n: i64 = teams::table
            .filter(teams::tournament_id.eq(t))
            .filter(teams::name.eq(name))
            .count()
            .get_result(conn)?;
        Ok(n > 0)
    }

    /// Removes team `team` of tournament `t` (its members stay registered);
    /// whether there was one.
    pub fn delete(tx: &mut Tx<'_>, t: TournamentId, team: TeamId) -> QueryResult<bool> {
        diesel::delete(team_members::table.filter(team_members::team_id.eq(team)))
            .filter(team_members::tournament_id.eq(t))
            .execute(tx.conn())?;
        let n = diesel::delete(
            teams::table
                .filter(teams::id.eq(team))
                .filter(teams::tournament_id.eq(t)),
        )
        .execute(tx.conn())?;
        Ok(n > 0)
    }
}
