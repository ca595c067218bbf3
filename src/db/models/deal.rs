//! Entered deals and their per-player scores.
//!
//! It stays one file past 400 lines: it is the one `impl Deal` that holds
//! every query of the `deals` and `deal_scores` tables (queries live on the
//! model), with the rows those queries read and write; cut in two, a query
//! on the deals would have two places to be looked for.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{deal_scores, deals, round_tables, rounds, seats};
use crate::db::{AnyConnection, Tx};
use crate::tournament::deal::{ScoredDeal, TableDeal};
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};

// The standings' sums are grouped by round, table and player (and the
// player's seat at the table).
diesel::allow_columns_to_appear_in_same_group_by_clause!(
    rounds::number,
    round_tables::id,
    deal_scores::player_id,
    seats::seat
);

/// A deal of a table, as entered.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = deals)]
pub struct Deal {
    /// Row id.
    pub id: i32,
    /// Table.
    pub table_id: i32,
    /// 1-based deal number at the table.
    pub number: i32,
    /// Every player passed.
    pub passed: bool,
    /// The deal as entered (player ids), stored as its canonical JSON.
    #[diesel(column_name = record_json)]
    pub record: TableDeal,
    /// The taker (None when everyone passed).
    pub taker_id: Option<PlayerId>,
    /// Whether the attack made its contract (None when everyone passed).
    pub attack_won: Option<bool>,
    /// Who entered it (`table`, or an organizer's name).
    pub entered_by: String,
    /// First entry.
    pub created_at: NaiveDateTime,
    /// Last change.
    pub updated_at: NaiveDateTime,
    /// 1 when first entered, one more at each change.
    pub version: i32,
    /// Whether it counts: entered where no confirmation is asked, by an
    /// organizer, or confirmed by a defender at the table.
    pub confirmed: bool,
    /// The defender who confirmed it.
    pub confirmed_by: Option<PlayerId>,
    /// Voided by the organizer, with this reason: kept, counting for nobody.
    pub void_reason: Option<String>,
}

/// The deals that count: entered where no confirmation is asked, by an
/// organizer, or confirmed by a defender, and not voided by the organizer.
/// Every query of scores that count filters with it.
pub fn counts() -> Counts {
    deals::confirmed.eq(true).and(deals::void_reason.is_null())
}

/// The type of [`counts`].
pub type Counts = diesel::dsl::And<diesel::dsl::Eq<deals::confirmed, bool>, diesel::dsl::IsNull<deals::void_reason>>;

/// A deal with its scores (player id, score).
pub type DealWithScores = (Deal, Vec<(PlayerId, i32)>);

/// What an entry writes to a deal slot: the content of a new deal, or the
/// changes of a correction (the same columns).
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = deals, treat_none_as_null = true)]
pub struct DealChanges {
    /// Every player passed.
    pub passed: bool,
    /// The canonical JSON of the deal.
    pub record_json: String,
    /// The taker (None when everyone passed).
    pub taker_id: Option<PlayerId>,
    /// Whether the attack made its contract (None when everyone passed).
    pub attack_won: Option<bool>,
    /// Who entered it.
    pub entered_by: String,
    /// When.
    pub updated_at: NaiveDateTime,
    /// The slot's version once written.
    pub version: i32,
    /// Whether it counts at once (no confirmation to wait for).
    pub confirmed: bool,
    /// Who confirmed it (none yet: a change asks for a new confirmation).
    pub confirmed_by: Option<PlayerId>,
}

impl DealChanges {
    /// The row of a scored deal entered by `who`, as version `version`;
    /// `confirmed` when it counts without a defender's confirmation.
    pub fn new(scored: &ScoredDeal, who: &str, now: NaiveDateTime, version: i32, confirmed: bool) -> DealChanges {
        let played = scored.deal.played();
        DealChanges {
            passed: played.is_none(),
            record_json: scored.deal.to_json().to_string(),
            taker_id: played.map(|d| d.taker),
            attack_won: scored.output.as_ref().map(|o| o.won),
            entered_by: who.to_owned(),
            updated_at: now,
            version,
            confirmed,
            confirmed_by: None,
        }
    }
}

/// A deal slot filled for the first time.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = deals)]
pub struct NewDeal {
    /// Table.
    pub table_id: i32,
    /// Deal number at the table.
    pub number: i32,
    /// First entry.
    pub created_at: NaiveDateTime,
    /// What was entered.
    #[diesel(embed)]
    pub content: DealChanges,
}

/// A player's scores at a table, summed: (round number, table id, player
/// id, the player's seat at the table, sum) ([`Deal::score_sums`]).
pub type ScoreSum = (RoundNo, i32, PlayerId, Option<i32>, i64);

/// A sum as the database gives it (`None` for no row).
type SumOf = Option<i64>;

/// One player's score in one deal of a tournament, with where it was played.
#[derive(Debug, Clone, Queryable)]
pub struct ScoreLine {
    /// Round number.
    pub round: RoundNo,
    /// Table number.
    pub table: TableNo,
    /// Table id.
    pub table_id: i32,
    /// Deal number.
    pub deal: i32,
    /// Player.
    pub player_id: PlayerId,
    /// Score.
    pub score: i32,
}

impl Deal {
    /// The deals of a table, by number.
    pub fn for_table(conn: &mut AnyConnection, table_id: i32) -> QueryResult<Vec<Deal>> {
        deals::table
            .filter(deals::table_id.eq(table_id))
            .order(deals::number)
            .select(Deal::as_select())
            .load(conn)
    }

    /// Deal `number` of a table.
    pub fn find(conn: &mut AnyConnection, table_id: i32, number: i32) -> QueryResult<Option<Deal>> {
        deals::table
            .filter(deals::table_id.eq(table_id))
            .filter(deals::number.eq(number))
            .select(Deal::as_select())
            .first(conn)
            .optional()
    }

    /// Deal `number` of a table, read to be changed: on PostgreSQL its row
    /// stays locked until the transaction ends, so two writers of one slot
    /// take turns and the second sees the first one's version (SQLite's
    /// write transactions already take turns).
    pub fn find_for_update(conn: &mut AnyConnection, table_id: i32, number: i32) -> QueryResult<Option<Deal>> {
        match conn {
            AnyConnection::Postgresql(pg) => deals::table
                .filter(deals::table_id.eq(table_id))
                .filter(deals::number.eq(number))
                .select(Deal::as_select())
                .for_update()
                .first(pg)
                .optional(),
            AnyConnection::Sqlite(_) => Self::find(conn, table_id, number),
        }
    }

    /// The deals of some tables, read to be changed: on PostgreSQL their rows
    /// stay locked until the transaction ends, taken in the order of their
    /// ids (two writers locking overlapping tables cannot deadlock), so two
    /// writers of one slot take turns and the second sees the first one's
    /// version (SQLite's write transactions already take turns).
    pub fn of_tables_for_update(conn: &mut AnyConnection, table_ids: &[i32]) -> QueryResult<Vec<Deal>> {
        match conn {
            AnyConnection::Postgresql(pg) => deals::table
                .filter(deals::table_id.eq_any(table_ids))
                .order(deals::id)
                .select(Deal::as_select())
                .for_update()
                .load(pg),
            AnyConnection::Sqlite(_) => deals::table
                .filter(deals::table_id.eq_any(table_ids))
                .order(deals::id)
                .select(Deal::as_select())
                .load(conn),
        }
    }

    /// Inserts a deal and its scores by player; its id.
    pub fn insert(tx: &mut Tx<'_>, new: &NewDeal, scores: &[(PlayerId, i32)]) -> QueryResult<i32> {
        let id = Self::insert_row(tx, new)?;
        Self::replace_scores(tx, &[(id, scores)])?;
        Ok(id)
    }

    /// Inserts a deal without its scores ([`Deal::replace_scores`]); its id.
    pub fn insert_row(tx: &mut Tx<'_>, new: &NewDeal) -> QueryResult<i32> {
        diesel::insert_into(deals::table)
            .values(new)
            .returning(deals::id)
            .get_result(tx.conn())
    }

    /// Inserts deals without their scores, in one statement: their ids,
    /// as (table, number, id).
    pub fn insert_rows(tx: &mut Tx<'_>, new: &[NewDeal]) -> QueryResult<Vec<(i32, i32, i32)>> {
        if new.is_empty() {
            return Ok(Vec::new());
        }
        // The two-backend connection has no batch insert, each backend does.
        let insert =
            diesel::insert_into(deals::table)
                .values(new)
                .returning((deals::table_id, deals::number, deals::id));
        match tx.conn() {
            AnyConnection::Postgresql(c) => insert.get_results(c),
            AnyConnection::Sqlite(c) => insert.get_results(c),
        }
    }

    /// Voids deal `id` with a reason (`None`: restores it); its version
    /// is left to the caller.
    pub fn set_void(tx: &mut Tx<'_>, id: i32, reason: Option<&str>) -> QueryResult<usize> {
        diesel::update(deals::table.find(id))
            .set(deals::void_reason.eq(reason))
            .execute(tx.conn())
    }

    /// Replaces the row of deal `id`, not its scores ([`Deal::replace_scores`]).
    pub fn update_row(tx: &mut Tx<'_>, id: i32, changes: &DealChanges) -> QueryResult<usize> {
        diesel::update(deals::table.find(id)).set(changes).execute(tx.conn())
    }

    /// Replaces the rows of some deals (id, new content), not their scores:
    /// on PostgreSQL in one statement however many, on SQLite (no round
    /// trip to save) one by one.
    pub fn update_rows(tx: &mut Tx<'_>, rows: &[(i32, &DealChanges)]) -> QueryResult<()> {
        let AnyConnection::Postgresql(pg) = tx.conn() else {
            for (id, changes) in rows {
                Self::update_row(tx, *id, changes)?;
            }
            return Ok(());
        };
        if rows.is_empty() {
            return Ok(());
        }
        use diesel::sql_types::{Array, Bool, Integer, Nullable, Text, Timestamp};
        let ids: Vec<i32> = rows.iter().map(|(id, _)| *id).collect();
        let passed: Vec<bool> = rows.iter().map(|(_, c)| c.passed).collect();
        let records: Vec<&str> = rows.iter().map(|(_, c)| c.record_json.as_str()).collect();
        let takers: Vec<Option<PlayerId>> = rows.iter().map(|(_, c)| c.taker_id).collect();
        let won: Vec<Option<bool>> = rows.iter().map(|(_, c)| c.attack_won).collect();
        let by: Vec<&str> = rows.iter().map(|(_, c)| c.entered_by.as_str()).collect();
        let at: Vec<chrono::NaiveDateTime> = rows.iter().map(|(_, c)| c.updated_at).collect();
        let versions: Vec<i32> = rows.iter().map(|(_, c)| c.version).collect();
        let confirmed: Vec<bool> = rows.iter().map(|(_, c)| c.confirmed).collect();
        let confirmed_by: Vec<Option<PlayerId>> = rows.iter().map(|(_, c)| c.confirmed_by).collect();
        diesel::sql_query(
            "UPDATE deals SET passed = v.passed, record_json = v.record_json, taker_id = v.taker_id, \
             attack_won = v.attack_won, entered_by = v.entered_by, updated_at = v.updated_at, \
             version = v.version, confirmed = v.confirmed, confirmed_by = v.confirmed_by \
             FROM unnest($1::int4[], $2::bool[], $3::text[], $4::int4[], $5::bool[], $6::text[], \
                         $7::timestamp[], $8::int4[], $9::bool[], $10::int4[]) \
               AS v(id, passed, record_json, taker_id, attack_won, entered_by, updated_at, version, \
                    confirmed, confirmed_by) \
             WHERE deals.id = v.id",
        )
        .bind::<Array<Integer>, _>(&ids)
        .bind::<Array<Bool>, _>(&passed)
        .bind::<Array<Text>, _>(&records)
        .bind::<Array<Nullable<Integer>>, _>(&takers)
        .bind::<Array<Nullable<Bool>>, _>(&won)
        .bind::<Array<Text>, _>(&by)
        .bind::<Array<Timestamp>, _>(&at)
        .bind::<Array<Integer>, _>(&versions)
        .bind::<Array<Bool>, _>(&confirmed)
        .bind::<Array<Nullable<Integer>>, _>(&confirmed_by)
        .execute(pg)?;
        Ok(())
    }

    /// Replaces the scores of some deals (deal id, its scores by player), in
    /// one statement or two however many deals. On PostgreSQL a player's row
    /// is changed in place: a correction (same players, new scores) then
    /// rewrites no index entry and checks no foreign key, where deleting
    /// and inserting the rows again did both for every row, and left the
    /// standings' reads stepping over the dead rows until a vacuum.
    pub fn replace_scores(tx: &mut Tx<'_>, deals: &[(i32, &[(PlayerId, i32)])]) -> QueryResult<()> {
        if deals.is_empty() {
            return Ok(());
        }
        let rows = || {
            deals
                .iter()
                .flat_map(|(id, scores)| scores.iter().map(move |(player, score)| (*id, *player, *score)))
        };
        if let AnyConnection::Postgresql(pg) = tx.conn() {
            use diesel::sql_types::{Array, Integer};
            let (ids, (players, scores)): (Vec<i32>, (Vec<PlayerId>, Vec<i32>)) =
                rows().map(|(d, p, s)| (d, (p, s))).unzip();
            let deal_ids: Vec<i32> = deals.iter().map(|(id, _)| *id).collect();
            diesel::sql_query(
                "WITH v AS (SELECT * FROM unnest($1::int4[], $2::int4[], $3::int4[]) AS v(deal_id, player_id, score)), \
                 changed AS (UPDATE deal_scores s SET score = v.score FROM v \
                     WHERE s.deal_id = v.deal_id AND s.player_id = v.player_id RETURNING s.deal_id, s.player_id), \
                 gone AS (DELETE FROM deal_scores s WHERE s.deal_id = ANY($4) AND NOT EXISTS \
                     (SELECT 1 FROM v WHERE v.deal_id = s.deal_id AND v.player_id = s.player_id)) \
                 INSERT INTO deal_scores (deal_id, player_id, score) \
                 SELECT v.deal_id, v.player_id, v.score FROM v WHERE NOT EXISTS \
                     (SELECT 1 FROM changed c WHERE c.deal_id = v.deal_id AND c.player_id = v.player_id)",
            )
            .bind::<Array<Integer>, _>(&ids)
            .bind::<Array<Integer>, _>(&players)
            .bind::<Array<Integer>, _>(&scores)
            .bind::<Array<Integer>, _>(&deal_ids)
            .execute(pg)?;
            return Ok(());
        }
        let ids: Vec<i32> = deals.iter().map(|(id, _)| *id).collect();
        diesel::delete(deal_scores::table.filter(deal_scores::deal_id.eq_any(&ids))).execute(tx.conn())?;
        let rows: Vec<_> = rows()
            .map(|(id, player, score)| {
                (
                    deal_scores::deal_id.eq(id),
                    deal_scores::player_id.eq(player),
                    deal_scores::score.eq(score),
                )
            })
            .collect();
        if rows.is_empty() {
            return Ok(());
        }
        // The two-backend connection has no batch insert, each backend does.
        let insert = diesel::insert_into(deal_scores::table).values(&rows);
        match tx.conn() {
            AnyConnection::Postgresql(c) => insert.execute(c)?,
            AnyConnection::Sqlite(c) => insert.execute(c)?,
        };
        Ok(())
    }

    /// The deals of a table, by number, each with its scores (player id, score).
    pub fn with_scores_for_table(conn: &mut AnyConnection, table_id: i32) -> QueryResult<Vec<DealWithScores>> {
        let deals = Deal::for_table(conn, table_id)?;
        let scores: Vec<(i32, PlayerId, i32)> = deal_scores::table
            .inner_join(deals::table)
            .filter(deals::table_id.eq(table_id))
            .order(deal_scores::id)
            .select((deal_scores::deal_id, deal_scores::player_id, deal_scores::score))
            .load(conn)?;
        Ok(attach_scores(deals, &scores))
    }

    /// Each player's total over the deals of a table that no organizer
    /// voided (what the table's sheet adds up), in the order first met.
    pub fn table_totals(conn: &mut AnyConnection, table_id: i32) -> QueryResult<Vec<(PlayerId, i64)>> {
        let lines: Vec<(PlayerId, i32)> = deal_scores::table
            .inner_join(deals::table)
            .filter(deals::table_id.eq(table_id))
            .filter(deals::void_reason.is_null())
            .order(deal_scores::id)
            .select((deal_scores::player_id, deal_scores::score))
            .load(conn)?;
        let mut out: Vec<(PlayerId, i64)> = Vec::new();
        for (p, v) in lines {
            match out.iter_mut().find(|(q, _)| *q == p) {
                Some((_, total)) => *total += i64::from(v),
                None => out.push((p, i64::from(v))),
            }
        }
        Ok(out)
    }

    /// Confirms deal `id` by `player` (a defender, at the table): it counts
    /// from now on.
    pub fn confirm(tx: &mut Tx<'_>, id: i32, player: PlayerId) -> QueryResult<usize> {
        diesel::update(deals::table.find(id))
            .set((deals::confirmed.eq(true), deals::confirmed_by.eq(Some(player))))
            .execute(tx.conn())
    }

    /// Makes every deal of a tournament count (confirmation no longer asked).
    pub fn confirm_all(tx: &mut Tx<'_>, tournament_id: TournamentId) -> QueryResult<usize> {
        let tables = round_tables::table
            .inner_join(rounds::table)
            .filter(rounds::tournament_id.eq(tournament_id))
            .select(round_tables::id);
        diesel::update(deals::table.filter(deals::table_id.eq_any(tables)))
            .set(deals::confirmed.eq(true))
            .execute(tx.conn())
    }

    /// (table id, deal number) of the deals of a round waiting for a defender's confirmation.
    pub fn pending_in_round(conn: &mut AnyConnection, round_id: i32) -> QueryResult<Vec<(i32, i32)>> {
        deals::table
            .inner_join(round_tables::table)
            .filter(round_tables::round_id.eq(round_id))
            .filter(deals::confirmed.eq(false))
            .filter(deals::void_reason.is_null())
            .select((deals::table_id, deals::number))
            .load(conn)
    }

    /// Scores of a deal: (player id, score).
    pub fn scores(conn: &mut AnyConnection, deal_id: i32) -> QueryResult<Vec<(PlayerId, i32)>> {
        deal_scores::table
            .filter(deal_scores::deal_id.eq(deal_id))
            .order(deal_scores::id)
            .select((deal_scores::player_id, deal_scores::score))
            .load(conn)
    }

    /// Every score of a tournament that counts (confirmed deals), with its
    /// round, table and deal, but those of the deals `hidden` (row ids: what
    /// the reader may not see, `ops::visible`).
    pub fn score_lines(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
        hidden: &[i32],
    ) -> QueryResult<Vec<ScoreLine>> {
        deal_scores::table
            .inner_join(deals::table.inner_join(round_tables::table.inner_join(rounds::table)))
            .filter(rounds::tournament_id.eq(tournament_id))
            .filter(counts())
            .filter(deals::id.ne_all(hidden))
            .order((rounds::number, round_tables::number, deals::number, deal_scores::id))
            .select((
                rounds::number,
                round_tables::number,
                round_tables::id,
                deals::number,
                deal_scores::player_id,
                deal_scores::score,
            ))
            .load(conn)
    }

    /// (table id, deal number) of every deal entered in a round.
    pub fn entered_in_round(conn: &mut AnyConnection, round_id: i32) -> QueryResult<Vec<(i32, i32)>> {
        deals::table
            .inner_join(round_tables::table)
            .filter(round_tables::round_id.eq(round_id))
            .select((deals::table_id, deals::number))
            .load(conn)
    }

    /// (table id, deal number) of every deal entered in a tournament.
    pub fn entered_in_tournament(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
    ) -> QueryResult<Vec<(i32, i32)>> {
        deals::table
            .inner_join(round_tables::table.inner_join(rounds::table))
            .filter(rounds::tournament_id.eq(tournament_id))
            .select((deals::table_id, deals::number))
            .load(conn)
    }

    /// Every deal of a round with its scores (player id, score), by table id
    /// then number: two queries.
    pub fn with_scores_in_round(conn: &mut AnyConnection, round_id: i32) -> QueryResult<Vec<DealWithScores>> {
        let deals: Vec<Deal> = deals::table
            .inner_join(round_tables::table)
            .filter(round_tables::round_id.eq(round_id))
            .order((deals::table_id, deals::number))
            .select(Deal::as_select())
            .load(conn)?;
        let scores: Vec<(i32, PlayerId, i32)> = deal_scores::table
            .inner_join(deals::table.inner_join(round_tables::table))
            .filter(round_tables::round_id.eq(round_id))
            .order(deal_scores::id)
            .select((deal_scores::deal_id, deal_scores::player_id, deal_scores::score))
            .load(conn)?;
        Ok(attach_scores(deals, &scores))
    }

    /// One player's score in every deal of some tables: (table id, deal
    /// number, score; `None` when the player has no score in it), of the
    /// deals that count (confirmed) but those `hidden` (row ids).
    pub fn player_scores_in_tables(
        conn: &mut AnyConnection,
        table_ids: &[i32],
        player_id: PlayerId,
        hidden: &[i32],
    ) -> QueryResult<Vec<(i32, i32, Option<i32>)>> {
        deals::table
            .left_join(
                deal_scores::table.on(deal_scores::deal_id
                    .eq(deals::id)
                    .and(deal_scores::player_id.eq(player_id))),
            )
            .filter(deals::table_id.eq_any(table_ids))
            .filter(counts())
            .filter(deals::id.ne_all(hidden))
            .order((deals::table_id, deals::number))
            .select((deals::table_id, deals::number, deal_scores::score.nullable()))
            .load(conn)
    }

    /// The deals of some tables that count (confirmed), but those `hidden`
    /// (row ids), by table id then number.
    pub fn for_tables(conn: &mut AnyConnection, table_ids: &[i32], hidden: &[i32]) -> QueryResult<Vec<Deal>> {
        deals::table
            .filter(deals::table_id.eq_any(table_ids))
            .filter(counts())
            .filter(deals::id.ne_all(hidden))
            .order((deals::table_id, deals::number))
            .select(Deal::as_select())
            .load(conn)
    }

    /// Every deal of a tournament that counts (confirmed), but those
    /// `hidden` (row ids), with its round number.
    pub fn for_tournament(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
        hidden: &[i32],
    ) -> QueryResult<Vec<(RoundNo, Deal)>> {
        deals::table
            .inner_join(round_tables::table.inner_join(rounds::table))
            .filter(rounds::tournament_id.eq(tournament_id))
            .filter(counts())
            .filter(deals::id.ne_all(hidden))
            .order((rounds::number, round_tables::number, deals::number))
            .select((rounds::number, Deal::as_select()))
            .load(conn)
    }

    /// Every player's score at each table of a tournament, summed over the
    /// table's deals that count but those `hidden` (row ids): (round number,
    /// table id, player id, the player's seat at the table, sum), in no
    /// given order. What the standings need of the scores: a quarter of the
    /// rows of [`Deal::score_lines`] at tables of 4 deals, unsorted.
    pub fn score_sums(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
        hidden: &[i32],
    ) -> QueryResult<Vec<ScoreSum>> {
        use diesel::dsl::sum;
        let rows: Vec<(RoundNo, i32, PlayerId, Option<i32>, SumOf)> = deal_scores::table
            .inner_join(deals::table.inner_join(round_tables::table.inner_join(rounds::table)))
            .left_join(
                seats::table.on(seats::table_id
                    .eq(deals::table_id)
                    .and(seats::player_id.eq(deal_scores::player_id))),
            )
            .filter(rounds::tournament_id.eq(tournament_id))
            .filter(counts())
            .filter(deals::id.ne_all(hidden))
            .group_by((rounds::number, round_tables::id, deal_scores::player_id, seats::seat))
            .select((
                rounds::number,
                round_tables::id,
                deal_scores::player_id,
                seats::seat.nullable(),
                sum(deal_scores::score),
            ))
            .load(conn)?;
        Ok(rows
            .into_iter()
            .map(|(round, table, player, seat, total)| (round, table, player, seat, total.unwrap_or(0)))
            .collect())
    }

    /// (table id, deal number) of every deal of a tournament that counts
    /// (confirmed) but those `hidden` (row ids), in no given order: who
    /// played which deal, with the seats.
    pub fn counted_numbers(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
        hidden: &[i32],
    ) -> QueryResult<Vec<(i32, i32)>> {
        deals::table
            .inner_join(round_tables::table.inner_join(rounds::table))
            .filter(rounds::tournament_id.eq(tournament_id))
            .filter(counts())
            .filter(deals::id.ne_all(hidden))
            .select((deals::table_id, deals::number))
            .load(conn)
    }

    /// The taker of every deal of a tournament that counts (but those
    /// `hidden`, row ids) and that its attack won: (round number, taker
    /// id), one row per such deal. What the standings need of the deals
    /// besides their scores, without reading every deal whole.
    pub fn taker_wins(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
        hidden: &[i32],
    ) -> QueryResult<Vec<(RoundNo, PlayerId)>> {
        deals::table
            .inner_join(round_tables::table.inner_join(rounds::table))
            .filter(rounds::tournament_id.eq(tournament_id))
            .filter(counts())
            .filter(deals::id.ne_all(hidden))
            .filter(deals::attack_won.eq(true))
            .filter(deals::taker_id.is_not_null())
            .select((rounds::number, deals::taker_id.assume_not_null()))
            .load(conn)
    }
}

/// Gives each deal its (player, score) rows, from (deal id, player, score) rows.
fn attach_scores(deals: Vec<Deal>, scores: &[(i32, PlayerId, i32)]) -> Vec<DealWithScores> {
    let mut by_deal: std::collections::HashMap<i32, Vec<(PlayerId, i32)>> = std::collections::HashMap::new();
    for (deal, player, score) in scores {
        by_deal.entry(*deal).or_default().push((*player, *score));
    }
    deals
        .into_iter()
        .map(|d| {
            let own = by_deal.remove(&d.id).unwrap_or_default();
            (d, own)
        })
        .collect()
}
