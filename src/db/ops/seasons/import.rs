//! A season's past brought in (issue 46, item 4; docs/seasons.md): a CSV
//! of past results (`date;tournament;player;club;licence;place;total;deals`,
//! a header line first, `;` or `,` between fields) written into a season
//! as closed tournaments, or refused as a whole with a sentence naming the
//! line (nothing written). Players are matched by licence, else by exact
//! name and club, else made.

use chrono::NaiveDate;
use diesel::prelude::*;

use crate::db::models::{NewPlayer, Player, Registration, Season, TournamentSettings};
use crate::db::schema::{past_results, players};
use crate::db::{now, Tx};
use crate::tournament::ids::{PlayerId, RoundNo, SeasonId, TournamentId};
use crate::tournament::season::past::{check, PastLine, PastTournament};

use super::super::{Msg, OpError, OpResult};

/// The columns, in order.
pub const COLUMNS: [&str; 8] = [
    "date",
    "tournament",
    "player",
    "club",
    "licence",
    "place",
    "total",
    "deals",
];
/// The most lines a file may hold.
pub const MAX_LINES: usize = 20_000;

fn at(line: usize, key: &'static str) -> Msg {
    Msg::new(key).arg("line", line)
}

/// A day as the file writes it: `2026-10-06` or `06/10/2026`.
fn day(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(s, "%d/%m/%Y"))
        .ok()
}

/// The lines of a file, or the first that does not read.
pub fn parse(text: &str) -> Result<Vec<PastLine>, Msg> {
    let text = text.trim_start_matches('\u{feff}');
    let first = text.lines().next().unwrap_or_default();
    let sep = if first.contains(';') { b';' } else { b',' };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(sep)
        .has_headers(true)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut out = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        if line > MAX_LINES {
            return Err(Msg::new("season-import-too-long").arg("max", MAX_LINES));
        }
        let r = record.map_err(|_| at(line, "season-import-unreadable"))?;
        if r.len() != COLUMNS.len() {
            return Err(at(line, "season-import-columns").arg("count", r.len()));
        }
        let f = |k: usize| r.get(k).unwrap_or_default().trim().to_owned();
        let number = |k: usize| {
            f(k).parse::<i64>()
                .map_err(|_| at(line, "season-import-number").arg("column", COLUMNS[k]))
        };
        let count = |k: usize| {
            u32::try_from(number(k)?).map_err(|_| at(line, "season-import-number").arg("column", COLUMNS[k]))
        };
        let date = day(&f(0)).ok_or_else(|| at(line, "season-import-day").arg("value", f(0)))?;
        let (tournament, player) = (f(1), f(2));
        if tournament.is_empty() || player.is_empty() {
            return Err(at(line, "season-import-names"));
        }
        let place = count(5)?;
        if place == 0 {
            return Err(at(line, "season-import-number").arg("column", "place"));
        }
        out.push(PastLine {
            line,
            date,
            tournament,
            player,
            club: f(3),
            licence: f(4),
            place,
            total: number(6)?,
            deals: count(7)?,
        });
    }
    if out.is_empty() {
        return Err(Msg::new("season-import-empty"));
    }
    Ok(out)
}

/// The player of a line: by licence, else by exact name and club, else new.
fn player_of(tx: &mut Tx<'_>, l: &PastLine) -> OpResult<PlayerId> {
    if !l.licence.is_empty() {
        if let Some(p) = Player::find_by_licence(tx, &l.licence)? {
            return Ok(p.id);
        }
    }
    let same: Option<PlayerId> = players::table
        .filter(players::name.eq(&l.player))
        .filter(players::club.eq(&l.club))
        .order(players::id)
        .select(players::id)
        .first(tx.conn())
        .optional()?;
    if let Some(id) = same {
        return Ok(id);
    }
    let new = NewPlayer {
        name: l.player.clone(),
        club: l.club.clone(),
        licence: (!l.licence.is_empty()).then(|| l.licence.clone()),
        created_at: now(),
    };
    Ok(Player::create(tx, &new)?.id)
}

/// Writes one past tournament, closed (no round to play), attached to the season.
fn write_one(tx: &mut Tx<'_>, season: SeasonId, t: &PastTournament, actor: &str) -> OpResult<TournamentId> {
    let settings = TournamentSettings {
        name: t.name.clone(),
        event_date: t.date.to_string(),
        rounds_planned: 0,
        deals_table3: 0,
        deals_table4: 0,
        deals_table5: 0,
        table5_mode: Default::default(),
        tie_breaker: Default::default(),
        rules: Default::default(),
        extra_fives: 0,
        swiss_from_round: None,
        seed: 0,
        confirm_deals: false,
        ranking: Default::default(),
        round_length: None,
        format: Default::default(),
        comparison: Default::default(),
        fill_with_bots: false,
        place: String::new(),
        host_club: String::new(),
        organizer_name: String::new(),
        teams: None,
    };
    let new = crate::db::models::NewTournament {
        settings,
        created_by: None,
        created_at: now(),
        deal_secret: 0,
    };
    let id = crate::db::models::Tournament::create(tx, &new)?.id;
    // The season's club owns its past.
    if let Some(club) = crate::db::ops::clubs::season_club(tx, season.get())? {
        crate::db::ops::clubs::own_tournament(tx, id, club)?;
    }
    for l in &t.lines {
        let player = player_of(tx, l)?;
        Registration::create(tx, id, player, true, RoundNo::new(1), now())?;
        diesel::insert_into(past_results::table)
            .values((
                past_results::tournament_id.eq(id),
                past_results::player_id.eq(player),
                past_results::place.eq(l.place as i32),
                past_results::total.eq(l.total),
                past_results::deals.eq(l.deals as i32),
            ))
            .execute(tx.conn())?;
    }
    super::attach(tx, season, id, actor)?;
    Ok(id)
}

/// Brings `text` into season `id`: the new tournaments' ids, or the
/// refusal naming the line (nothing written: the caller's unit rolls back).
pub fn import(tx: &mut Tx<'_>, id: SeasonId, text: &str, actor: &str) -> OpResult<Vec<TournamentId>> {
    let season = Season::find(tx, id)?.ok_or(OpError::NotFound)?;
    let lines = parse(text).map_err(OpError::Invalid)?;
    let starts = super::day("starts", &season.starts).map_err(OpError::Invalid)?;
    let ends = super::day("ends", &season.ends).map_err(OpError::Invalid)?;
    let tournaments = check(lines, starts, ends).map_err(|e| {
        let mut m = Msg::new(e.key).arg("line", e.line);
        m.args.extend(e.args);
        OpError::Invalid(m)
    })?;
    tournaments.iter().map(|t| write_one(tx, id, t, actor)).collect()
}

/// A past result: (tournament, player, place, total, deals).
pub type PastRow = (TournamentId, PlayerId, i32, i64, i32);

/// The past results of tournaments `ids`.
pub fn results_of(conn: &mut crate::db::AnyConnection, ids: &[TournamentId]) -> diesel::QueryResult<Vec<PastRow>> {
    past_results::table
        .filter(past_results::tournament_id.eq_any(ids))
        .select((
            past_results::tournament_id,
            past_results::player_id,
            past_results::place,
            past_results::total,
            past_results::deals,
        ))
        .load(conn)
}
