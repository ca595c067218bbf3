//! What an imported document must be before anything of it is written: what
//! live entry would have refused is refused here too. Texts go through the
//! forms' checks, settings through the settings form's ranges, every deal
//! through the rules core at its table (and must score exactly as stored),
//! tables seat 3 to 5 registered players, rounds and tables are numbered
//! from 1. Each refusal names its place (`round 2, table 3, deal 4`).
//! Pure: the document's players are still its `ref`s.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::db::ops::adjust::AWARD_LIMIT;
use crate::db::ops::deals::{deal_refusal, may_confirm};
use crate::db::ops::player_input::{check_text, PlayerFields, PlayerName};
use crate::db::ops::tournaments::{check_settings, in_range, MAX_DEALS, MAX_ROUNDS};
use crate::db::ops::{rooms, Msg};
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::{PlayerId, RoomNo, RoundNo};
use crate::tournament::table::{deal_players, ConstraintKind, RoundStatus};

use super::check_game::check_deals;
use super::{AuditDoc, AwardDoc, DealDoc, Document, GameDoc, ImportError, RoundDoc, TableDoc, TournamentDoc};

/// Longest one-line text with no form of its own (who entered a deal, an
/// audit entry's actor, subject and reason).
const MAX_TEXT: usize = 1_000;
/// Longest JSON text of an audit entry (a round's seating, the settings).
const MAX_AUDIT_JSON: usize = 100_000;
/// Longest link token (the server makes 32 hexadecimal digits).
const MAX_TOKEN: usize = 64;

/// A refusal at `place`.
fn at(place: impl Into<String>) -> impl FnOnce(Msg) -> ImportError {
    let place = place.into();
    move |reason| ImportError::Refused { place, reason }
}

/// Checks the whole document; the first refusal.
pub(super) fn check(doc: &Document) -> Result<(), ImportError> {
    check_refs(doc)?;
    check_tournament(&doc.tournament)?;
    check_players(doc)?;
    let registered = check_registrations(doc)?;
    // Who may sit at a table: the registered players, and the bots filling
    // a duplicate round's seats when the tournament says so.
    let mut may_sit = registered.clone();
    if doc.tournament.settings.fill_with_bots {
        may_sit.extend(doc.players.iter().filter(|p| p.bot.is_some()).map(|p| p.reference));
    }
    check_rooms(doc)?;
    check_teams(doc, &registered)?;
    if let Some(prizes) = &doc.prizes {
        prizes.rule.check().map_err(|e| ImportError::Invalid {
            what: "prizes".into(),
            detail: e.to_string(),
        })?;
    }
    for (i, c) in doc.seating_constraints.iter().enumerate() {
        let place = format!("seating constraint {}", i + 1);
        let room = c.table_number.map(|n| RoomNo::new(n.get()));
        if c.kind == ConstraintKind::Room && !doc.rooms.iter().any(|r| Some(r.number) == room) {
            return Err(at(place)(Msg::new("constraint-room-required")));
        }
        if c.player_b.is_some_and(|b| b == c.player_a) {
            return Err(at(place)(Msg::new("import-apart-self").arg("player", c.player_a)));
        }
        if let Some(n) = c.table_number {
            in_range(i64::from(n.get()), "table_number", 1, i64::from(i32::MAX)).map_err(at(place))?;
        }
    }
    let planned = doc.tournament.settings.rounds_planned;
    for (i, round) in doc.rounds.iter().enumerate() {
        let expected = i as i32 + 1;
        let place = format!("round {}", round.number);
        if round.number.get() != expected {
            return Err(at(place)(
                Msg::new("import-round-number")
                    .arg("expected", expected)
                    .arg("found", round.number),
            ));
        }
        if expected > planned {
            return Err(at(place)(Msg::new("import-round-unplanned").arg("planned", planned)));
        }
        if round.status != RoundStatus::Closed && i + 1 < doc.rounds.len() {
            return Err(at(place)(Msg::new("import-round-open")));
        }
        check_round(&doc.tournament, round, &may_sit)?;
    }
    check_tokens_once(doc)?;
    for (i, entry) in doc.audit_log.iter().enumerate() {
        check_audit(i, entry)?;
    }
    Ok(())
}

/// Every link of the document (tables' and seats') is its own.
/// A team event's teams as `teams::check` takes a new one: the size of the
/// tournament's teams, registered players, each in one team; names apart.
fn check_teams(doc: &Document, registered: &HashSet<PlayerId>) -> Result<(), ImportError> {
    let registered: std::collections::BTreeSet<PlayerId> = registered.iter().copied().collect();
    let mut taken = std::collections::BTreeSet::new();
    let mut names = HashSet::new();
    let size = doc.tournament.settings.teams.map(|n| n as usize);
    for (i, team) in doc.teams.iter().enumerate() {
        let place = format!("team {}", i + 1);
        crate::tournament::teams::check(size, &team.players, &registered, &taken)
            .map_err(|e| super::error::invalid(place.clone(), e))?;
        if team.name.trim().is_empty() || !names.insert(team.name.trim()) {
            return Err(super::error::invalid(
                place,
                "a team's name must be given, and be its own",
            ));
        }
        taken.extend(team.players.iter().copied());
    }
    Ok(())
}

fn check_tokens_once(doc: &Document) -> Result<(), ImportError> {
    let mut seen = HashSet::new();
    for round in &doc.rounds {
        for table in &round.tables {
            let seats = table
                .game
                .iter()
                .flat_map(|g| g.seats.iter().filter_map(|s| s.token.as_deref()));
            for token in std::iter::once(table.token.as_str()).chain(seats) {
                if !seen.insert(token) {
                    let place = format!("round {}, table {}", round.number, table.number);
                    return Err(at(place)(Msg::new("import-token-twice")));
                }
            }
        }
    }
    Ok(())
}

/// Refuses a player `ref` used twice in `players`, or a player field naming
/// none of them.
fn check_refs(doc: &Document) -> Result<(), ImportError> {
    let mut refs = HashSet::new();
    for p in &doc.players {
        if !refs.insert(p.reference) {
            return Err(ImportError::DuplicatePlayer(p.reference));
        }
    }
    doc.map_players(&mut |r| refs.get(&r).copied().ok_or(ImportError::UnknownPlayer(r)))?;
    Ok(())
}

/// The settings, as the settings form checks them.
fn check_tournament(td: &TournamentDoc) -> Result<(), ImportError> {
    let here = || at("tournament");
    check_settings(&td.settings).map_err(here())?;
    if let Some(login) = &td.created_by {
        check_text("created_by", login, MAX_TEXT).map_err(here())?;
    }
    Ok(())
}

/// Each player's name, club and licence as the player form checks them;
/// one licence for one player.
fn check_players(doc: &Document) -> Result<(), ImportError> {
    let mut licences: HashMap<&str, i32> = HashMap::new();
    for p in &doc.players {
        let place = format!("player ref {}", p.reference);
        PlayerFields::new(&p.name, &p.club, p.licence.as_deref().unwrap_or("")).map_err(at(place.as_str()))?;
        if let Some(l) = &p.licence {
            if let Some(first) = licences.insert(l.as_str(), p.reference.get()) {
                return Err(at(place)(
                    Msg::new("import-licence-twice").arg("licence", l).arg("other", first),
                ));
            }
        }
    }
    Ok(())
}

/// The rooms as the rooms page would take them: named, sized, numbered
/// once each, under one name each.
fn check_rooms(doc: &Document) -> Result<(), ImportError> {
    let mut numbers = HashSet::new();
    let mut names = HashSet::new();
    for (i, r) in doc.rooms.iter().enumerate() {
        let place = || format!("room {}", i + 1);
        let (name, _) = rooms::parse(&r.name, &r.tables.to_string()).map_err(at(place()))?;
        if r.number.get() < 1 || !numbers.insert(r.number) {
            return Err(at(place())(Msg::new("import-room-number").arg("number", r.number)));
        }
        if name != r.name || !names.insert(name.clone()) {
            return Err(at(place())(Msg::new("room-name-taken").name("name", name)));
        }
    }
    Ok(())
}

/// The registered players: each at most once, from round 1 or later.
fn check_registrations(doc: &Document) -> Result<HashSet<PlayerId>, ImportError> {
    let mut registered = HashSet::new();
    for r in &doc.registrations {
        let place = format!("registration of player ref {}", r.player);
        if doc.players.iter().any(|p| p.reference == r.player && p.bot.is_some()) {
            return Err(at(place)(Msg::new("import-bot-registered")));
        }
        if !registered.insert(r.player) {
            return Err(at(place)(Msg::new("import-registered-twice")));
        }
        in_range(r.first_round.get().into(), "first_round", 1, MAX_ROUNDS).map_err(at(place.as_str()))?;
        if let Some(w) = r.withdrawn_after {
            in_range(w.get().into(), "withdrawn_after", 0, MAX_ROUNDS).map_err(at(place.as_str()))?;
        }
    }
    Ok(registered)
}

/// A round's tables: numbered from 1, 3 to 5 registered players each, a
/// player at one table only; their deals and games.
fn check_round(td: &TournamentDoc, round: &RoundDoc, registered: &HashSet<PlayerId>) -> Result<(), ImportError> {
    let mut seated = HashSet::new();
    for (j, table) in round.tables.iter().enumerate() {
        let place = format!("round {}, table {}", round.number, table.number);
        let refuse = |m: Msg| at(place.as_str())(m);
        let expected = j as i32 + 1;
        if table.number.get() != expected {
            return Err(refuse(
                Msg::new("import-table-number")
                    .arg("expected", expected)
                    .arg("found", table.number),
            ));
        }
        if !(3..=5).contains(&table.seats.len()) {
            return Err(refuse(Msg::new("import-table-size").arg("count", table.seats.len())));
        }
        for p in &table.seats {
            if !registered.contains(p) {
                return Err(refuse(Msg::new("import-not-registered").arg("player", p)));
            }
            if !seated.insert(*p) {
                return Err(refuse(Msg::new("import-seated-twice").arg("player", p)));
            }
        }
        in_range(table.deal_count.into(), "deal_count", 1, MAX_DEALS).map_err(refuse)?;
        check_token(&table.token).map_err(|m| at(place.as_str())(m))?;
        let mut numbers = BTreeSet::new();
        for deal in &table.deals {
            let place = format!("{place}, deal {}", deal.number);
            if !numbers.insert(deal.number) {
                return Err(at(place)(Msg::new("import-deal-twice")));
            }
            check_deal(td, table, deal).map_err(at(place))?;
        }
        for (i, a) in table.awards.iter().enumerate() {
            check_award(table, a).map_err(at(format!("{place}, award {}", i + 1)))?;
        }
        if let Some(g) = &table.game {
            check_game(td, round.number, table, g).map_err(|(what, m)| at(format!("{place}, game{what}"))(m))?;
        }
    }
    Ok(())
}

/// Points awarded at a table: to its players, once each, summing to zero,
/// as `ops::adjust::award` gives them, with a reason.
fn check_award(table: &TableDoc, a: &AwardDoc) -> Result<(), Msg> {
    check_text("reason", &a.reason, MAX_TEXT)?;
    check_text("actor", &a.actor, MAX_TEXT)?;
    if a.reason.trim().is_empty() {
        return Err(Msg::new("adjust-reason-missing"));
    }
    let mut seen = HashSet::new();
    for s in &a.points {
        if !table.seats.contains(&s.player) || !seen.insert(s.player) {
            return Err(Msg::new("award-not-at-table"));
        }
        if s.score == 0 || s.score.abs() > AWARD_LIMIT {
            return Err(Msg::new("award-too-large").arg("limit", AWARD_LIMIT));
        }
    }
    let sum: i64 = a.points.iter().map(|s| i64::from(s.score)).sum();
    if sum != 0 {
        return Err(Msg::new("award-not-zero").arg("sum", sum));
    }
    if a.points.is_empty() {
        return Err(Msg::new("award-empty"));
    }
    Ok(())
}

/// A link token: letters and digits, as the server makes them.
fn check_token(token: &str) -> Result<(), Msg> {
    if token.is_empty() || token.len() > MAX_TOKEN || !token.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(Msg::new("import-token").arg("max", MAX_TOKEN));
    }
    Ok(())
}

/// A deal: its number within the table's count, its record checked and
/// scored by the rules core at its table exactly as live entry does, the
/// stored scores and facts those of the scoring, a confirmation by a defender.
fn check_deal(td: &TournamentDoc, table: &TableDoc, deal: &DealDoc) -> Result<(), Msg> {
    if let Some(r) = &deal.void_reason {
        check_text("void_reason", r, MAX_TEXT)?;
    }
    if deal.number < 1 || deal.number > table.deal_count {
        return Err(Msg::new("deal-number-range").arg("max", table.deal_count));
    }
    let record = TableDeal::from_json(&deal.record).map_err(|e| deal_refusal(&e))?;
    let scored = record
        .score_at(&table.seats, deal.number, td.settings.table5_mode, &td.settings.rules)
        .map_err(|e| deal_refusal(&e))?;
    let stored: BTreeSet<(PlayerId, i32)> = deal.scores.iter().map(|s| (s.player, s.score)).collect();
    let computed: BTreeSet<(PlayerId, i32)> = scored.scores.iter().copied().collect();
    if stored != computed || deal.scores.len() != scored.scores.len() {
        let list = |s: &BTreeSet<(PlayerId, i32)>| {
            s.iter()
                .map(|(p, v)| format!("{p}: {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(Msg::new("import-scores-differ")
            .arg("stored", list(&stored))
            .arg("computed", list(&computed)));
    }
    let played = scored.deal.played();
    let facts = (
        played.is_none(),
        played.map(|d| d.taker),
        scored.output.as_ref().map(|o| o.won),
    );
    if (deal.passed, deal.taker, deal.attack_won) != facts {
        return Err(Msg::new("import-deal-facts"));
    }
    in_range(deal.version.into(), "version", 1, i64::from(i32::MAX))?;
    check_text("entered_by", &deal.entered_by, MAX_TEXT)?;
    if let Some(p) = deal.confirmed_by {
        let (playing, _) = deal_players(&table.seats, deal.number, td.settings.table5_mode);
        if !deal.confirmed || !may_confirm(&scored.deal, &playing, p) {
            return Err(Msg::new("import-confirmed-by").arg("player", p));
        }
    }
    Ok(())
}

/// A game played on the devices: one seat per player of the table, its
/// names and links as checked elsewhere, its deals replayed
/// ([`check_deals`]). (Where, and why.)
fn check_game(td: &TournamentDoc, round: RoundNo, table: &TableDoc, g: &GameDoc) -> Result<(), (String, Msg)> {
    let n = table.seats.len();
    let whole = |m: Msg| (String::new(), m);
    if g.seats.len() != n {
        return Err(whole(
            Msg::new("import-game-seats")
                .arg("count", g.seats.len())
                .arg("expected", n),
        ));
    }
    check_text("created_by", &g.created_by, MAX_TEXT).map_err(whole)?;
    let mut seen = HashSet::new();
    for s in &g.seats {
        let here = |m: Msg| (format!(", seat {}", s.seat), m);
        if !(0..n as i32).contains(&s.seat) || !seen.insert(s.seat) {
            return Err(here(Msg::new("import-game-seat").arg("max", n - 1)));
        }
        PlayerName::parse(&s.name).map_err(here)?;
        if let Some(p) = s.player {
            if table.seats.get(s.seat as usize) != Some(&p) {
                return Err(here(Msg::new("import-game-seat-player").arg("player", p)));
            }
        }
        if let Some(t) = &s.token {
            check_token(t).map_err(here)?;
        }
    }
    check_deals(td, round, table, g)
}

/// An audit entry's action (one this build knows) and texts.
fn check_audit(i: usize, e: &AuditDoc) -> Result<(), ImportError> {
    e.action(i)?;
    let refuse = at(format!("audit entry {}", i + 1));
    let texts = [
        ("actor", e.actor.as_str(), MAX_TEXT),
        ("subject", &e.subject, MAX_TEXT),
        ("reason", &e.reason, MAX_TEXT),
        ("before_json", e.before_json.as_deref().unwrap_or(""), MAX_AUDIT_JSON),
        ("after_json", e.after_json.as_deref().unwrap_or(""), MAX_AUDIT_JSON),
    ];
    for (field, text, max) in texts {
        if let Err(m) = check_text(field, text, max) {
            return Err(refuse(m));
        }
    }
    Ok(())
}
