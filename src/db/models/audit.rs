//! The audit log: who changed what, when, before and after, and why.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::audit_log;
use crate::db::{now, AnyConnection, Tx};
use crate::tournament::clock::rfc3339;
use crate::tournament::ids::{PlayerId, RoomNo, RoundNo, SeasonId, TableNo, TournamentId};
use crate::tournament::rooms::Numbering;

use super::audit_action::AuditAction;

mod prizes;
mod share;

/// An audit entry.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = audit_log)]
pub struct AuditEntry {
    /// Row id.
    pub id: i32,
    /// Tournament concerned.
    pub tournament_id: Option<TournamentId>,
    /// Who (organizer name or `table N`).
    pub actor: String,
    /// What (stored as `deal.correct`, `round.close`, …).
    pub action: AuditAction,
    /// On what (`round 2 table 3 deal 1`).
    pub subject: String,
    /// Before (JSON).
    pub before_json: Option<String>,
    /// After (JSON).
    pub after_json: Option<String>,
    /// Why.
    pub reason: String,
    /// When.
    pub created_at: NaiveDateTime,
}

/// An entry to write, made by the constructor of its kind (one per
/// [`AuditAction`]): each builds the subject and the JSON its action's
/// sentence reads back (`web::organizer::reports`), at the time it is made.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = audit_log)]
pub struct NewAuditEntry {
    tournament_id: Option<TournamentId>,
    actor: String,
    action: AuditAction,
    subject: String,
    before_json: Option<String>,
    after_json: Option<String>,
    reason: String,
    created_at: NaiveDateTime,
}

/// JSON text of numbers and names (which always serialize).
fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("numbers and names serialize")
}

impl NewAuditEntry {
    /// An entry of `action` about `subject`, with no JSON and no reason, now.
    fn new(action: AuditAction, tournament: TournamentId, actor: &str, subject: String) -> NewAuditEntry {
        NewAuditEntry {
            tournament_id: Some(tournament),
            actor: actor.to_owned(),
            action,
            subject,
            before_json: None,
            after_json: None,
            reason: String::new(),
            created_at: now(),
        }
    }

    fn before(mut self, json: String) -> NewAuditEntry {
        self.before_json = Some(json);
        self
    }

    fn after(mut self, json: String) -> NewAuditEntry {
        self.after_json = Some(json);
        self
    }

    fn because(mut self, reason: &str) -> NewAuditEntry {
        self.reason = reason.to_owned();
        self
    }

    /// The same entry, written as of `when` (entries written together, an
    /// entry restored from a backup).
    pub fn at(mut self, when: NaiveDateTime) -> NewAuditEntry {
        self.created_at = when;
        self
    }

    /// `deal.correct`: an entry replaced deal `k` of table `t` of round `r`
    /// (`slot`); the records before and after as JSON; why (required once
    /// the round is closed).
    pub fn deal_corrected(
        tournament: TournamentId,
        actor: &str,
        (r, t, k): (RoundNo, TableNo, i32),
        before: String,
        after: String,
        reason: &str,
    ) -> NewAuditEntry {
        NewAuditEntry::new(
            AuditAction::DealCorrected,
            tournament,
            actor,
            format!("round {r} table {t} deal {k}"),
        )
        .before(before)
        .after(after)
        .because(reason)
    }

    /// `deal.void`: the organizer voided a deal, and why.
    pub fn deal_voided(
        tournament: TournamentId,
        actor: &str,
        slot: (RoundNo, TableNo, i32),
        reason: &str,
    ) -> NewAuditEntry {
        NewAuditEntry::void_state(AuditAction::DealVoided, tournament, actor, slot, true).because(reason)
    }

    /// `deal.restore`: the organizer restored a voided deal, and why.
    pub fn deal_restored(
        tournament: TournamentId,
        actor: &str,
        slot: (RoundNo, TableNo, i32),
        reason: &str,
    ) -> NewAuditEntry {
        NewAuditEntry::void_state(AuditAction::DealRestored, tournament, actor, slot, false).because(reason)
    }

    /// A deal voided or restored: `{"deal": k, "void": …}` before and after.
    fn void_state(
        action: AuditAction,
        tournament: TournamentId,
        actor: &str,
        (r, t, k): (RoundNo, TableNo, i32),
        void: bool,
    ) -> NewAuditEntry {
        let state = |voided: bool| serde_json::json!({ "deal": k, "void": voided }).to_string();
        NewAuditEntry::new(action, tournament, actor, format!("round {r} table {t} deal {k}"))
            .before(state(!void))
            .after(state(void))
    }

    /// `table.award`: the organizer awarded `points` at table `t` of round
    /// `r` (`[[player id, points], …]` after; an export names the players
    /// by `ref`), and why.
    pub fn points_awarded(
        tournament: TournamentId,
        actor: &str,
        (r, t): (RoundNo, TableNo),
        points: &[(PlayerId, i32)],
        reason: &str,
    ) -> NewAuditEntry {
        NewAuditEntry::new(
            AuditAction::PointsAwarded,
            tournament,
            actor,
            format!("round {r} table {t}"),
        )
        .after(json(&points))
        .because(reason)
    }

    /// `table.award.withdraw`: the organizer withdrew an award of `points`
    /// (before), and why.
    pub fn award_withdrawn(
        tournament: TournamentId,
        actor: &str,
        (r, t): (RoundNo, TableNo),
        points: &[(PlayerId, i32)],
        reason: &str,
    ) -> NewAuditEntry {
        NewAuditEntry::new(
            AuditAction::AwardWithdrawn,
            tournament,
            actor,
            format!("round {r} table {t}"),
        )
        .before(json(&points))
        .because(reason)
    }

    /// `round.start`: round `r` seated, its tables' players (after).
    pub fn round_started(tournament: TournamentId, actor: &str, r: RoundNo, tables: &[Vec<PlayerId>]) -> NewAuditEntry {
        NewAuditEntry::new(AuditAction::RoundStarted, tournament, actor, format!("round {r}")).after(json(&tables))
    }

    /// `round.rooms`: the players the rooms could not keep when round `r`
    /// was seated (after).
    pub fn rooms_left_out(tournament: TournamentId, actor: &str, r: RoundNo, players: &[PlayerId]) -> NewAuditEntry {
        NewAuditEntry::new(AuditAction::RoomsLeftOut, tournament, actor, format!("round {r}")).after(json(&players))
    }

    /// `round.close`: round `r` closed, every deal entered.
    pub fn round_closed(tournament: TournamentId, actor: &str, r: RoundNo) -> NewAuditEntry {
        NewAuditEntry::new(AuditAction::RoundClosed, tournament, actor, format!("round {r}"))
    }

    /// `round.force_close`: round `r` closed with deals `missing` (after:
    /// each table with the deals it had not entered).
    pub fn round_force_closed(
        tournament: TournamentId,
        actor: &str,
        r: RoundNo,
        missing: &[(TableNo, Vec<i32>)],
    ) -> NewAuditEntry {
        NewAuditEntry::new(AuditAction::RoundForceClosed, tournament, actor, format!("round {r}")).after(json(&missing))
    }

    /// `round.undo`: the start of round `r` undone, the tables it had
    /// (before), and why.
    pub fn round_undone(
        tournament: TournamentId,
        actor: &str,
        r: RoundNo,
        tables: &[Vec<PlayerId>],
        reason: &str,
    ) -> NewAuditEntry {
        NewAuditEntry::new(AuditAction::RoundUndone, tournament, actor, format!("round {r}"))
            .before(json(&tables))
            .because(reason)
    }

    /// `round.seats`: two tables of round `r` reseated, each `(number,
    /// players before, players after)`.
    pub fn seats_changed(
        tournament: TournamentId,
        actor: &str,
        r: RoundNo,
        [(a, a_before, a_after), (b, b_before, b_after)]: [(TableNo, &[PlayerId], &[PlayerId]); 2],
    ) -> NewAuditEntry {
        NewAuditEntry::new(
            AuditAction::SeatsChanged,
            tournament,
            actor,
            format!("round {r} table {a} table {b}"),
        )
        .before(json(&[a_before, b_before]))
        .after(json(&[a_after, b_after]))
    }

    /// `round.clock`: the end of round `r` moved from `before` to `after`.
    pub fn clock_moved(
        tournament: TournamentId,
        actor: &str,
        r: RoundNo,
        before: NaiveDateTime,
        after: NaiveDateTime,
    ) -> NewAuditEntry {
        let ends = |t: NaiveDateTime| serde_json::json!({ "ends_at": rfc3339(t) }).to_string();
        NewAuditEntry::new(AuditAction::ClockMoved, tournament, actor, format!("round {r}"))
            .before(ends(before))
            .after(ends(after))
    }

    /// `room.add`: room `number` added, its name and tables (after).
    pub fn room_added(tournament: TournamentId, actor: &str, number: RoomNo, name: &str, tables: i32) -> NewAuditEntry {
        NewAuditEntry::room(AuditAction::RoomAdded, tournament, actor, number, name, tables)
    }

    /// `room.change`: room `number` renamed or resized, as it is now (after).
    pub fn room_changed(
        tournament: TournamentId,
        actor: &str,
        number: RoomNo,
        name: &str,
        tables: i32,
    ) -> NewAuditEntry {
        NewAuditEntry::room(AuditAction::RoomChanged, tournament, actor, number, name, tables)
    }

    fn room(
        action: AuditAction,
        tournament: TournamentId,
        actor: &str,
        number: RoomNo,
        name: &str,
        tables: i32,
    ) -> NewAuditEntry {
        let after = serde_json::json!({ "room": number, "name": name, "tables": tables }).to_string();
        NewAuditEntry::new(action, tournament, actor, format!("room {number}")).after(after)
    }

    /// `room.remove`: room `number` removed (after: `{}`).
    pub fn room_removed(tournament: TournamentId, actor: &str, number: RoomNo) -> NewAuditEntry {
        NewAuditEntry::new(AuditAction::RoomRemoved, tournament, actor, format!("room {number}")).after("{}".into())
    }

    /// `room.numbering`: the tables numbered across the rooms as `numbering` says.
    pub fn numbering_changed(tournament: TournamentId, actor: &str, numbering: Numbering) -> NewAuditEntry {
        let after = serde_json::json!({ "numbering": numbering.name() }).to_string();
        NewAuditEntry::new(AuditAction::NumberingChanged, tournament, actor, "rooms".into()).after(after)
    }

    /// `players.checkin_all`: `count` players checked in at once, present
    /// from round `from_round`.
    pub fn all_checked_in(tournament: TournamentId, actor: &str, count: usize, from_round: RoundNo) -> NewAuditEntry {
        let after = serde_json::json!({ "checked_in": count, "from_round": from_round }).to_string();
        NewAuditEntry::new(AuditAction::AllCheckedIn, tournament, actor, format!("{count} players")).after(after)
    }

    /// `tournament.settings`: the settings of tournament `name` changed
    /// (as JSON records before and after).
    pub fn settings_changed(
        tournament: TournamentId,
        actor: &str,
        name: &str,
        before: String,
        after: String,
    ) -> NewAuditEntry {
        NewAuditEntry::new(AuditAction::SettingsChanged, tournament, actor, name.to_owned())
            .before(before)
            .after(after)
    }

    /// `season.create`, `season.attach` or `season.detach`: season `id`
    /// named `name` made, or tournament `tournament` put in or taken out.
    pub fn season(
        action: AuditAction,
        tournament: Option<TournamentId>,
        actor: &str,
        id: SeasonId,
        name: &str,
    ) -> NewAuditEntry {
        let what = serde_json::json!({ "season": id, "name": name }).to_string();
        let e = NewAuditEntry {
            tournament_id: tournament,
            ..NewAuditEntry::new(action, TournamentId::new(1), actor, format!("season {id}"))
        };
        match action {
            AuditAction::SeasonDetached => e.before(what),
            _ => e.after(what),
        }
    }

    /// An entry of a tournament's backup (`chelem import`), as it was
    /// written: its action checked, its texts as they are (with [`at`]:
    /// its time).
    ///
    /// [`at`]: NewAuditEntry::at
    pub fn restored(
        tournament: TournamentId,
        action: AuditAction,
        actor: &str,
        subject: &str,
        before: Option<String>,
        after: Option<String>,
        reason: &str,
    ) -> NewAuditEntry {
        NewAuditEntry {
            before_json: before,
            after_json: after,
            ..NewAuditEntry::new(action, tournament, actor, subject.to_owned()).because(reason)
        }
    }
}

impl AuditEntry {
    /// Writes an entry, in the unit of work that made the change.
    pub fn write(tx: &mut Tx<'_>, entry: &NewAuditEntry) -> QueryResult<usize> {
        diesel::insert_into(audit_log::table).values(entry).execute(tx.conn())
    }

    /// Writes entries, in this order, in one statement.
    pub fn write_all(tx: &mut Tx<'_>, entries: &[NewAuditEntry]) -> QueryResult<usize> {
        if entries.is_empty() {
            return Ok(0);
        }
        // The two-backend connection has no batch insert, each backend does.
        let insert = diesel::insert_into(audit_log::table).values(entries);
        match tx.conn() {
            AnyConnection::Postgresql(c) => insert.execute(c),
            AnyConnection::Sqlite(c) => insert.execute(c),
        }
    }

    /// The entries of a tournament, newest first. A stored action this
    /// build does not know fails the query, naming it
    /// ([`super::UnknownAuditAction::in_error`]).
    pub fn for_tournament(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<Vec<AuditEntry>> {
        audit_log::table
            .filter(audit_log::tournament_id.eq(tournament_id))
            .order(audit_log::id.desc())
            .select(AuditEntry::as_select())
            .load(conn)
    }
}
