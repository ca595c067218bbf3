//! What of a tournament's results each audience may see: the one rule that
//! every output of results goes through (the standings in every form, the
//! statistics and their charts, the players' pages, the CSV and JSON files,
//! the travellers).
//!
//! A duplicate tournament's prepared deal is the organizer's alone until
//! every table of its round has entered it ([`DealResults::complete`]):
//! before, its contract, points and scores would tell the tables still to
//! play it what it holds, and so would a player's total or place that
//! counts it. A reader of results loads a [`Visible`] for its audience and
//! hands its hidden deals to the queries it makes (`Deal::score_sums`,
//! `Deal::for_tournament`…), which leave them out; the duplicate
//! comparison reads [`Visible::duplicate_deals`]. Other formats hide
//! nothing, and cost no query.

use crate::db::models::Tournament;
use crate::db::AnyConnection;
use crate::tournament::duplicate::Format;

use super::duplicate::{self, DealResults};
use super::OpResult;

/// Who reads the results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Audience {
    /// Anyone: the players, the spectators, a table's tablet.
    Public,
    /// A logged-in organizer: everything, as entered.
    Organizer,
}

impl Audience {
    /// The organizer's when `organizer`, else the public's.
    pub fn of(organizer: bool) -> Audience {
        if organizer {
            Audience::Organizer
        } else {
            Audience::Public
        }
    }
}

/// Whether `audience` may see deal `d` of a duplicate tournament: its
/// cards, its results, and whatever is counted from them.
pub fn shows(audience: Audience, d: &DealResults) -> bool {
    audience == Audience::Organizer || d.complete()
}

/// A tournament's results as one audience may see them.
#[derive(Debug, Clone)]
pub struct Visible {
    audience: Audience,
    /// Row ids of the entered deals it may not see.
    hidden: Vec<i32>,
    /// A duplicate tournament's deals it may see, with every table's
    /// result (empty for another format).
    duplicate: Vec<DealResults>,
}

impl Visible {
    /// What `audience` may see of tournament `t`: no query unless `t` is
    /// duplicate (then its deals, round by round).
    pub fn load(conn: &mut AnyConnection, t: &Tournament, audience: Audience) -> OpResult<Visible> {
        let mut v = Visible {
            audience,
            hidden: Vec::new(),
            duplicate: Vec::new(),
        };
        if t.format != Format::Duplicate {
            return Ok(v);
        }
        for d in duplicate::all_deals(conn, t)? {
            if shows(audience, &d) {
                v.duplicate.push(d);
            } else {
                v.hidden.extend(d.results.iter().map(|r| r.deal_id));
            }
        }
        Ok(v)
    }

    /// Who it is for.
    pub fn audience(&self) -> Audience {
        self.audience
    }

    /// Row ids of the entered deals to leave out of every result.
    pub fn hidden(&self) -> &[i32] {
        &self.hidden
    }

    /// A duplicate tournament's deals this audience may see, in order.
    pub fn duplicate_deals(&self) -> &[DealResults] {
        &self.duplicate
    }
}
