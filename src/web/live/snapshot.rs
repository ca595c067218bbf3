//! What the standings pages show of a tournament, read from the database
//! in one go: the tournament, its rounds, the standings, the last round's
//! progress ([`Snapshot`]); kept in memory by [`super::cache`], one per
//! audience ([`View`]): the public's leaves out the deals only the
//! organizer may see yet ([`crate::db::ops::visible`]).

use std::sync::OnceLock;

use actix_web::web::Bytes;

use crate::db::models::{room, Deal, Round, RoundTable, Tournament};
use crate::db::ops::rounds::missing_of;
use crate::db::ops::visible::{Audience, Visible};
use crate::db::ops::{standings, tournaments, OpResult};
use crate::db::AnyConnection;
use crate::tournament::ids::{RoomNo, RoundNo, TableNo, TournamentId};
use crate::tournament::rooms::Layout;
use crate::tournament::standings::Standings;

/// How far the last round is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// Its number.
    pub round: RoundNo,
    /// Closed already.
    pub closed: bool,
    /// Its tables.
    pub tables: usize,
    /// Tables with every deal entered.
    pub tables_done: usize,
    /// Deals entered.
    pub deals_in: usize,
    /// Deals to play in all.
    pub deals_expected: usize,
    /// When a timed round's bell rings.
    pub ends_at: Option<chrono::NaiveDateTime>,
    /// The tables with deals still to enter.
    pub unfinished: Vec<TableNo>,
}

impl Progress {
    /// The progress of `round`, whose tables are `tables`, given the deals
    /// entered in it: (table id, deal number).
    pub fn of(round: &Round, tables: &[RoundTable], entered: &[(i32, i32)]) -> Progress {
        let missing = missing_of(tables, entered);
        Progress {
            round: round.number,
            closed: round.is_closed(),
            ends_at: round.ends_at,
            tables: tables.len(),
            tables_done: tables.len() - missing.len(),
            deals_in: entered.len(),
            deals_expected: tables.iter().map(|t| t.deal_count.max(0) as usize).sum(),
            unfinished: missing.into_iter().map(|(t, _)| t).collect(),
        }
    }
}

/// Which snapshot of a tournament: for whom, and of the whole event
/// (`round: None`) or of one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct View {
    /// Who reads it: the organizer's is never served to anyone else, nor
    /// the public's to the organizer.
    pub audience: Audience,
    /// The round shown alone, if any.
    pub round: Option<RoundNo>,
}

impl View {
    /// The public's view of the whole event.
    pub fn public() -> View {
        View {
            audience: Audience::Public,
            round: None,
        }
    }
}

/// What the standings pages show of a tournament to an audience, for the
/// whole event or one round (`only`).
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The tournament.
    pub t: Tournament,
    /// Its rounds, in order.
    pub rounds: Vec<Round>,
    /// The round shown alone, if any.
    pub only: Option<RoundNo>,
    /// The standings (of `only`, or of the whole event).
    pub standings: Standings,
    /// The last round's progress (None before round 1).
    pub progress: Option<Progress>,
    /// The rooms.
    pub rooms: Layout,
    /// The last round's progress in each room (none in a one-room tournament).
    pub room_progress: Vec<(RoomNo, Progress)>,
    /// A duplicate tournament's standings, by comparison (None otherwise).
    pub duplicate: Option<Vec<crate::db::ops::duplicate::StandingRow>>,
    /// Parts of the answers made once from this snapshot, on first use: the
    /// same for every visitor of its audience (no language, no login in
    /// them).
    pub rendered: Rendered,
    /// When it was read from the database (UTC).
    pub built_at: chrono::NaiveDateTime,
    /// Served from memory while the database does not answer: the pages
    /// say it is the standings as of [`Snapshot::built_at`].
    pub stale: bool,
}

/// What is made once from a [`Snapshot`] and served to every request.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    /// The API's JSON answer.
    pub json: OnceLock<Bytes>,
    /// The live part of the standings page for visitors, by language
    /// (`Lang as usize`).
    pub standings_region: [OnceLock<String>; crate::i18n::Lang::ALL.len()],
    /// The rows of the projector's table, by language (the marks beside
    /// late and withdrawn players are words).
    pub projector_rows: [OnceLock<String>; crate::i18n::Lang::ALL.len()],
    /// The `<option>`s of the standings page's "find my name" list.
    pub find_options: OnceLock<String>,
}

impl Snapshot {
    /// Reads `view` from the database: a constant number of queries (and
    /// two a round for a duplicate tournament's comparison).
    pub fn load(conn: &mut AnyConnection, id: TournamentId, view: View) -> OpResult<Snapshot> {
        let only = view.round;
        let t = tournaments::get(conn, id)?;
        let rounds = Round::for_tournament(conn, id)?;
        let visible = Visible::load(conn, &t, view.audience)?;
        let (standings, duplicate) = standings::ranked(conn, &t, only, &visible)?;
        let rooms = room::layout(conn, id)?;
        let mut room_progress = Vec::new();
        let progress = match rounds.last() {
            None => None,
            Some(last) => {
                let tables = RoundTable::for_round(conn, last.id)?;
                let entered = Deal::entered_in_round(conn, last.id)?;
                for r in &rooms.rooms {
                    let mine: Vec<RoundTable> = tables
                        .iter()
                        .filter(|t| rooms.holds(r.number, t.number))
                        .cloned()
                        .collect();
                    let ids: std::collections::HashSet<i32> = mine.iter().map(|t| t.id).collect();
                    let in_room: Vec<(i32, i32)> = entered.iter().filter(|(t, _)| ids.contains(t)).copied().collect();
                    room_progress.push((r.number, Progress::of(last, &mine, &in_room)));
                }
                Some(Progress::of(last, &tables, &entered))
            }
        };
        Ok(Snapshot {
            t,
            rounds,
            only,
            standings,
            progress,
            rooms,
            room_progress,
            duplicate,
            rendered: Rendered::default(),
            built_at: crate::db::now(),
            stale: false,
        })
    }

    /// What the pages say of a snapshot served while the database does not
    /// answer (in `lang`, at the time zone `tz`); `None` for a current one.
    pub fn stale_note(&self, lang: crate::i18n::Lang, tz: chrono_tz::Tz) -> Option<String> {
        self.stale.then(|| {
            let time = crate::web::clock::local_time(tz, self.built_at, lang);
            lang.t_args("standings-stale", &[("time", time)])
        })
    }

    /// This snapshot marked as served while the database does not answer.
    pub fn as_stale(&self) -> Snapshot {
        Snapshot {
            stale: true,
            ..self.clone()
        }
    }

    /// The round numbers.
    pub fn round_numbers(&self) -> Vec<RoundNo> {
        self.rounds.iter().map(|r| r.number).collect()
    }

    /// Whether round `n` exists.
    pub fn has_round(&self, n: RoundNo) -> bool {
        self.rounds.iter().any(|r| r.number == n)
    }
}
