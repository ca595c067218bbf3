//! Prize lists on the organizer's pages (issue 48, docs/prizes.md): the
//! rule's form ([`form`]) and what it says ([`typed`]); the list computed from the
//! standings as the public sees them, on a page, on A4, as a sheet to
//! sign and as CSV ([`pages`]); how they say money and rules ([`view`]).
//! Here: what they all read.

pub mod form;
pub mod pages;
pub mod typed;
pub mod view;

use std::collections::{HashMap, HashSet};

use actix_web::web;

use crate::db::models::{PrizeRule, Registration, Tournament};
use crate::db::ops::visible::{Audience, Visible};
use crate::db::ops::{standings, tournaments};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, TournamentId};
use crate::tournament::prizes::{self, Entry, Member, PrizeList, Rule, RuleError};
use crate::web::AppError;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    form::configure(cfg);
    pages::configure(cfg);
}

/// A player of the ranking, as the lists name them.
#[derive(Debug, Clone)]
pub struct Named {
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
}

/// A tournament's prize list and what names it.
pub struct Loaded {
    /// The tournament.
    pub t: Tournament,
    /// Its rule (`None`: none set yet).
    pub rule: Option<Rule>,
    /// Players registered.
    pub registered: u32,
    /// The list, or why the rule cannot pay (amounts over the sum
    /// redistributed); `None` without a rule.
    pub list: Option<Result<PrizeList, RuleError>>,
    /// The players, by id.
    pub names: HashMap<PlayerId, Named>,
    /// The bonus's other tournaments, named (id, name).
    pub others: Vec<(TournamentId, String)>,
}

/// Reads tournament `id`, its rule, its standings as the public sees them
/// (a hidden duplicate deal counts for no one yet) and who played the
/// bonus's other tournaments, and computes its list: each player is an
/// entry of one member, or in a team event each team an entry of its
/// members.
pub fn load(conn: &mut AnyConnection, id: TournamentId) -> Result<Loaded, AppError> {
    let t = tournaments::get(conn, id)?;
    let rule = PrizeRule::find(conn, id)?;
    let visible = Visible::load(conn, &t, Audience::Public)?;
    let (s, dup) = standings::ranked(conn, &t, None, &visible)?;
    let registrations = Registration::with_players(conn, id)?;
    let registered = registrations.len() as u32;
    let clubs: HashMap<PlayerId, String> = registrations.into_iter().map(|(_, p)| (p.id, p.club)).collect();
    let with: Vec<TournamentId> = rule
        .as_ref()
        .and_then(|r| r.bonus.as_ref())
        .map(|b| b.with.clone())
        .unwrap_or_default();
    let both: HashSet<PlayerId> = PrizeRule::registered_in_all(conn, &with)?.into_iter().collect();
    let mut others = Vec::new();
    for o in &with {
        let name = tournaments::get(conn, *o)
            .map(|o| o.name.clone())
            .unwrap_or_else(|_| format!("#{o}"));
        others.push((*o, name));
    }
    let entry = |rank: u32, players: &[PlayerId]| Entry {
        rank,
        members: players
            .iter()
            .map(|p| Member {
                player: *p,
                bonus: both.contains(p),
            })
            .collect(),
    };
    // A team event ranks its teams (the members share their prize).
    let ranking: Vec<Entry> = match t.teams {
        None => s.lines.iter().map(|l| entry(l.rank, &[l.player])).collect(),
        Some(_) => {
            let (totals, _) = crate::web::teams::member_totals(&s, dup.as_deref(), t.comparison);
            let list = crate::db::models::Teams::of(conn, id)?;
            crate::tournament::teams::standings(&list, &totals)
                .iter()
                .map(|r| entry(r.rank, &r.players))
                .collect()
        }
    };
    let list = rule.as_ref().map(|r| prizes::compute(r, registered, &ranking));
    let names = s
        .lines
        .into_iter()
        .map(|l| {
            let club = clubs.get(&l.player).cloned().unwrap_or_default();
            (l.player, Named { name: l.name, club })
        })
        .collect();
    Ok(Loaded {
        t,
        rule,
        registered,
        list,
        names,
        others,
    })
}
