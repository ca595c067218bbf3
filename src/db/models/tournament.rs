//! Tournaments and their settings.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::tournaments;
use crate::db::{AnyConnection, Tx};
use crate::tarot::ScoringRules;
use crate::tournament::clock::RoundLength;
use crate::tournament::duplicate::{Comparison, Format};
use crate::tournament::ids::{RoundNo, TournamentId};
use crate::tournament::standings::{Ranking, TieBreaker};
use crate::tournament::table::{StoredPlan, Table5Mode};

/// A tournament row.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = tournaments)]
pub struct Tournament {
    /// Row id.
    pub id: TournamentId,
    /// Name.
    pub name: String,
    /// Date of play, `YYYY-MM-DD`.
    pub event_date: String,
    /// Rounds to play.
    pub rounds_planned: i32,
    /// Deals per round at a table of 3.
    pub deals_table3: i32,
    /// Deals per round at a table of 4.
    pub deals_table4: i32,
    /// Deals per round at a table of 5.
    pub deals_table5: i32,
    /// How tables of 5 play.
    pub table5_mode: Table5Mode,
    /// How ties are broken.
    pub tie_breaker: TieBreaker,
    /// The scoring rule switches (stored as JSON).
    #[diesel(column_name = rules_json)]
    pub rules: ScoringRules,
    /// Extra tables of 5 the organizer asked for.
    pub extra_fives: i32,
    /// Seat by standings (Swiss) from this round on.
    pub swiss_from_round: Option<RoundNo>,
    /// Seed of the seating.
    pub seed: i64,
    /// The seating planned at round 1 (stored as JSON), followed while nothing changes.
    #[diesel(column_name = plan_json)]
    pub plan: Option<StoredPlan>,
    /// Who made it.
    pub created_by: Option<i32>,
    /// When.
    pub created_at: NaiveDateTime,
    /// A deal entered at a table counts once a defender confirmed it.
    pub confirm_deals: bool,
    /// What orders the standings: the total or the average per deal.
    pub ranking: Ranking,
    /// How long each round lasts (`None`: rounds are not timed).
    #[diesel(column_name = round_seconds)]
    pub round_length: Option<RoundLength>,
    /// Donnes libres or duplicate.
    pub format: Format,
    /// How a duplicate deal's results are compared.
    pub comparison: Comparison,
    /// Duplicate: bots fill the empty seats instead of players sitting out.
    pub fill_with_bots: bool,
    /// Duplicate: the secret the deals are dealt from.
    pub deal_secret: i64,
}

/// A tournament to create.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = tournaments)]
pub struct NewTournament {
    /// Name.
    pub name: String,
    /// Date of play.
    pub event_date: String,
    /// Rounds to play.
    pub rounds_planned: i32,
    /// Deals at a table of 3.
    pub deals_table3: i32,
    /// Deals at a table of 4.
    pub deals_table4: i32,
    /// Deals at a table of 5.
    pub deals_table5: i32,
    /// How tables of 5 play.
    pub table5_mode: Table5Mode,
    /// Tie-breaker.
    pub tie_breaker: TieBreaker,
    /// Scoring switches, as JSON (see [`NewTournament::rules`]).
    pub rules_json: String,
    /// Extra tables of 5.
    pub extra_fives: i32,
    /// Swiss seating from this round.
    pub swiss_from_round: Option<RoundNo>,
    /// Seating seed.
    pub seed: i64,
    /// Creator.
    pub created_by: Option<i32>,
    /// Creation time.
    pub created_at: NaiveDateTime,
    /// A deal entered at a table counts once a defender confirmed it.
    pub confirm_deals: bool,
    /// What orders the standings.
    pub ranking: Ranking,
    /// How long each round lasts (`None`: not timed).
    #[diesel(column_name = round_seconds)]
    pub round_length: Option<RoundLength>,
    /// Donnes libres or duplicate.
    pub format: Format,
    /// How a duplicate deal's results are compared.
    pub comparison: Comparison,
    /// Duplicate: bots fill the empty seats instead of players sitting out.
    pub fill_with_bots: bool,
    /// Duplicate: the secret the deals are dealt from.
    pub deal_secret: i64,
}

impl NewTournament {
    /// The JSON of the scoring switches.
    pub fn rules_json(rules: &ScoringRules) -> String {
        serde_json::to_string(rules).expect("plain booleans serialize")
    }
}

impl Tournament {
    /// Inserts a tournament.
    pub fn create(tx: &mut Tx<'_>, new: &NewTournament) -> QueryResult<Tournament> {
        let id: TournamentId = diesel::insert_into(tournaments::table)
            .values(new)
            .returning(tournaments::id)
            .get_result(tx.conn())?;
        tournaments::table
            .find(id)
            .select(Tournament::as_select())
            .first(tx.conn())
    }

    /// Locks the tournament's row until the transaction ends (PostgreSQL
    /// `FOR UPDATE`), so two organizers starting the next round at once are
    /// served one after the other. SQLite: see [`crate::db::unit::run`].
    pub fn lock(conn: &mut AnyConnection, id: TournamentId) -> QueryResult<()> {
        if let AnyConnection::Postgresql(pg) = conn {
            tournaments::table
                .find(id)
                .select(tournaments::id)
                .for_update()
                .first::<TournamentId>(pg)
                .optional()?;
        }
        Ok(())
    }

    /// The tournament with this id.
    pub fn find(conn: &mut AnyConnection, id: TournamentId) -> QueryResult<Option<Tournament>> {
        tournaments::table
            .find(id)
            .select(Tournament::as_select())
            .first(conn)
            .optional()
    }

    /// Every tournament, newest first.
    pub fn list(conn: &mut AnyConnection) -> QueryResult<Vec<Tournament>> {
        tournaments::table
            .order(tournaments::id.desc())
            .select(Tournament::as_select())
            .load(conn)
    }

    /// Stores the seating plan.
    pub fn set_plan(tx: &mut Tx<'_>, id: TournamentId, plan: &StoredPlan) -> QueryResult<usize> {
        let json = serde_json::to_string(plan).expect("numbers and strings serialize");
        diesel::update(tournaments::table.find(id))
            .set(tournaments::plan_json.eq(json))
            .execute(tx.conn())
    }
}
