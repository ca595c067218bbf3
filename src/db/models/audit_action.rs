//! What an audit entry records, [`AuditAction`]: one variant per kind of
//! change, stored in the `action` text column by its name (`deal.correct`,
//! `round.close`, …) as the other enums are (see `chelem_core::sql`). The
//! names are those the log has always held, and those a backup document
//! carries: a stored row or an imported entry reads as it was written.
//! Reading a name this build does not know is an error naming it
//! ([`UnknownAuditAction`]), never a default.

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::Text;

/// Declares the actions once: each variant with its stored name, and the
/// list of them all (so that a name and its variant cannot drift apart).
macro_rules! audit_actions {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal,)+) => {
        /// What an audit entry records.
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, diesel::expression::AsExpression, diesel::deserialize::FromSqlRow,
        )]
        #[diesel(sql_type = Text)]
        pub enum AuditAction {
            $($(#[doc = $doc])* $variant,)+
        }

        impl AuditAction {
            /// Every action, in the order declared.
            pub const ALL: &'static [AuditAction] = &[$(AuditAction::$variant,)+];

            /// The stored name.
            pub fn name(self) -> &'static str {
                match self {
                    $(AuditAction::$variant => $name,)+
                }
            }

            /// The action of a stored name; `None` for a name this build
            /// does not know.
            pub fn from_name(name: &str) -> Option<AuditAction> {
                match name {
                    $($name => Some(AuditAction::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

audit_actions! {
    /// An entry replaced a deal already entered (`round r table t deal k`,
    /// the records before and after).
    DealCorrected = "deal.correct",
    /// The organizer voided a deal: it counts for nobody.
    DealVoided = "deal.void",
    /// The organizer restored a voided deal.
    DealRestored = "deal.restore",
    /// The organizer awarded points at a table (`[[player, points], …]` after).
    PointsAwarded = "table.award",
    /// The organizer withdrew an award (its points before).
    AwardWithdrawn = "table.award.withdraw",
    /// A round was seated and started (its tables after).
    RoundStarted = "round.start",
    /// Players the rooms could not keep when a round was seated (their ids after).
    RoomsLeftOut = "round.rooms",
    /// A round was closed with every deal entered.
    RoundClosed = "round.close",
    /// A round was closed with deals missing (`[[table, [deals]], …]` after).
    RoundForceClosed = "round.force_close",
    /// The start of a round was undone (its tables before).
    RoundUndone = "round.undo",
    /// Seats of two tables of a round changed (`round r table a table b`).
    SeatsChanged = "round.seats",
    /// The end of a timed round moved (`{"ends_at": …}` before and after).
    ClockMoved = "round.clock",
    /// A room was added.
    RoomAdded = "room.add",
    /// A room was renamed or resized.
    RoomChanged = "room.change",
    /// A room was removed.
    RoomRemoved = "room.remove",
    /// How tables are numbered across the rooms changed.
    NumberingChanged = "room.numbering",
    /// Every registered player was checked in at once (`N players`).
    AllCheckedIn = "players.checkin_all",
    /// The tournament's settings changed (the settings before and after).
    SettingsChanged = "tournament.settings",
    /// A season was created (no tournament; `{"season": id, "name": …}` after).
    SeasonCreated = "season.create",
    /// The tournament was attached to a season (`{"season": id, "name": …}` after).
    SeasonAttached = "season.attach",
    /// The tournament was detached from a season (`{"season": id, "name": …}` before).
    SeasonDetached = "season.detach",
    /// Two directory entries merged, one of them played this tournament
    /// (`{"kept": {"id", "name"}, "removed": {"id", "name"}}` after).
    PlayerMerged = "player.merge",
    /// A merge undone (the same JSON before).
    MergeUndone = "player.merge.undo",
    /// The tournament (or a season: no tournament) was shared with a club
    /// of a circuit (`{"club": id, "name": …}` after).
    ClubShared = "club.share",
    /// It is no longer shared with that club (the same JSON before).
    ClubUnshared = "club.unshare",
    /// The prize rule was set or changed (the rule's JSON before, if any,
    /// and after: docs/prizes.md).
    PrizesChanged = "prizes.rule",
}

impl AuditAction {
    /// The action of a name, or the error naming it.
    pub fn parse(name: &str) -> Result<AuditAction, UnknownAuditAction> {
        AuditAction::from_name(name).ok_or_else(|| UnknownAuditAction(name.to_owned()))
    }
}

impl std::fmt::Display for AuditAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// An action name this build does not know (a row written by a newer
/// version, or by hand): the name as found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the audit log holds an action this version of Chelem does not know: {0:?}")]
pub struct UnknownAuditAction(pub String);

impl UnknownAuditAction {
    /// The unknown action a failed query stumbled on, when that is why it
    /// failed (diesel wraps the error of a column in the field's).
    pub fn in_error(e: &diesel::result::Error) -> Option<&UnknownAuditAction> {
        let diesel::result::Error::DeserializationError(inner) = e else {
            return None;
        };
        let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(inner.as_ref());
        while let Some(c) = cause {
            if let Some(unknown) = c.downcast_ref::<UnknownAuditAction>() {
                return Some(unknown);
            }
            cause = c.source();
        }
        None
    }
}

impl<DB: Backend> ToSql<Text, DB> for AuditAction
where
    str: ToSql<Text, DB>,
{
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
        <str as ToSql<Text, DB>>::to_sql(self.name(), out)
    }
}

impl<DB: Backend> FromSql<Text, DB> for AuditAction
where
    String: FromSql<Text, DB>,
{
    fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
        Ok(AuditAction::parse(&String::from_sql(bytes)?)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_through_its_stored_name() {
        for &a in AuditAction::ALL {
            assert_eq!(AuditAction::from_name(a.name()), Some(a), "{a:?}");
            assert_eq!(AuditAction::parse(&a.to_string()), Ok(a));
        }
    }

    #[test]
    fn the_stored_names_are_those_the_log_has_always_held() {
        // Rows already stored and backups already written hold these: a
        // name changed here would make them unreadable.
        let names: Vec<&str> = AuditAction::ALL.iter().map(|a| a.name()).collect();
        assert_eq!(
            names,
            [
                "deal.correct",
                "deal.void",
                "deal.restore",
                "table.award",
                "table.award.withdraw",
                "round.start",
                "round.rooms",
                "round.close",
                "round.force_close",
                "round.undo",
                "round.seats",
                "round.clock",
                "room.add",
                "room.change",
                "room.remove",
                "room.numbering",
                "players.checkin_all",
                "tournament.settings",
                "season.create",
                "season.attach",
                "season.detach",
                "player.merge",
                "player.merge.undo",
                "club.share",
                "club.unshare",
                "prizes.rule",
            ]
        );
    }

    #[test]
    fn an_unknown_name_is_an_error_naming_it() {
        for name in ["deal.explode", "", "Deal.Correct", "deal.correct "] {
            let e = AuditAction::parse(name).unwrap_err();
            assert_eq!(e, UnknownAuditAction(name.to_owned()));
            assert!(e.to_string().contains(&format!("{name:?}")), "{e}");
        }
    }

    #[test]
    fn a_failed_query_names_the_unknown_action() {
        // As diesel reports a column that does not read: the column's error
        // as the source of the field's (the app tests read a real row).
        let field = Field(UnknownAuditAction("deal.explode".into()));
        let e = diesel::result::Error::DeserializationError(Box::new(field));
        assert_eq!(
            UnknownAuditAction::in_error(&e),
            Some(&UnknownAuditAction("deal.explode".into()))
        );
        let direct = diesel::result::Error::DeserializationError(Box::new(UnknownAuditAction("x".into())));
        assert_eq!(UnknownAuditAction::in_error(&direct).map(|u| u.0.as_str()), Some("x"));
        assert_eq!(UnknownAuditAction::in_error(&diesel::result::Error::NotFound), None);
    }

    /// A field's error around its column's, as diesel's `DeserializeFieldError`.
    #[derive(Debug, thiserror::Error)]
    #[error("Error deserializing field 'action'")]
    struct Field(#[source] UnknownAuditAction);
}
