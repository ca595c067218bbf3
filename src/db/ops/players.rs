//! Registering players: one by one, from a CSV file, check-in on the day,
//! late arrivals and withdrawals.

use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use crate::db::models::{NewPlayer, Player, Registration, Round};
use crate::db::{now, AnyConnection};

use super::{Msg, OpError, OpResult};

/// A player as typed in a form, a JSON body or a CSV line.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct PlayerForm {
    /// Full name.
    pub name: String,
    /// Club.
    pub club: String,
    /// FFT licence number (optional).
    pub licence: String,
    /// Present now (checked in).
    pub checked_in: Option<String>,
}

/// The number of the last round seated (0 before the first).
pub fn last_round(conn: &mut AnyConnection, tournament_id: i32) -> QueryResult<i32> {
    Ok(Round::for_tournament(conn, tournament_id)?
        .last()
        .map(|r| r.number)
        .unwrap_or(0))
}

fn clean_licence(s: &str) -> OpResult<Option<String>> {
    let l: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    if l.is_empty() {
        return Ok(None);
    }
    if l.len() > 20 || !l.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(OpError::Invalid(Msg::new("player-bad-licence").arg("value", s.trim())));
    }
    Ok(Some(l))
}

/// The name (spaces folded), club and licence of a player form, checked.
fn checked_fields(form: &PlayerForm) -> OpResult<(String, String, Option<String>)> {
    let name = form.name.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() || name.chars().count() > 120 {
        return Err(OpError::Invalid(Msg::new("player-name-required")));
    }
    let club = form.club.trim().to_owned();
    if club.chars().count() > 120 {
        return Err(OpError::Invalid(Msg::new("player-club-too-long")));
    }
    let licence = clean_licence(&form.licence)?;
    Ok((name, club, licence))
}

/// Registers a player in a tournament (creating them in the directory, or
/// reusing the directory's player with the same licence). Players registered
/// after the first round is seated join from the next round.
pub fn register(
    conn: &mut AnyConnection,
    tournament_id: i32,
    form: &PlayerForm,
    checked_in: bool,
) -> OpResult<(Player, Registration)> {
    let (name, club, licence) = checked_fields(form)?;
    crate::db::write(conn, |conn| {
        let existing = match &licence {
            Some(l) => Player::find_by_licence(conn, l)?,
            None => None,
        };
        let player = match existing {
            Some(p) => p,
            None => {
                // Same name and club already in this tournament: a double entry.
                let regs = Registration::with_players(conn, tournament_id)?;
                if regs
                    .iter()
                    .any(|(_, p)| p.name.eq_ignore_ascii_case(&name) && p.club.eq_ignore_ascii_case(&club))
                {
                    return Err(OpError::Conflict(
                        Msg::new("player-already-registered").arg("name", &name),
                    ));
                }
                Player::create(
                    conn,
                    &NewPlayer {
                        name: name.clone(),
                        club: club.clone(),
                        licence: licence.clone(),
                        created_at: now(),
                    },
                )?
            }
        };
        if Registration::find(conn, tournament_id, player.id)?.is_some() {
            return Err(OpError::Conflict(
                Msg::new("player-already-registered").arg("name", &player.name),
            ));
        }
        let first_round = last_round(conn, tournament_id)? + 1;
        let reg = Registration::create(conn, tournament_id, player.id, checked_in, first_round, now())?;
        Ok((player, reg))
    })
}

/// The outcome of a CSV import.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ImportReport {
    /// (line number, name) of every player registered.
    pub imported: Vec<(usize, String)>,
    /// (line number, what was on it, why it was refused).
    pub refused: Vec<(usize, String, String)>,
}

/// Imports players from CSV text with a header line `name,club,licence`
/// (French headers `nom`, `club`, `licence` too; `club` and `licence`
/// optional). Every line is registered or refused on its own.
pub fn import_csv(
    conn: &mut AnyConnection,
    tournament_id: i32,
    text: &str,
    checked_in: bool,
    lang: crate::i18n::Lang,
) -> OpResult<ImportReport> {
    let text = text.trim_start_matches('\u{feff}');
    let delimiter = if text.lines().next().is_some_and(|l| l.contains(';') && !l.contains(',')) {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| OpError::Invalid(Msg::new("csv-unreadable").arg("error", e)))?
        .clone();
    let col = |names: &[&str]| {
        headers
            .iter()
            .position(|h| names.iter().any(|n| h.trim().eq_ignore_ascii_case(n)))
    };
    let name_col = col(&["name", "nom"]).ok_or_else(|| OpError::Invalid(Msg::new("csv-no-name-column")))?;
    let club_col = col(&["club"]);
    let licence_col = col(&["licence", "license", "licence_fft"]);
    let mut report = ImportReport::default();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                report.refused.push((
                    line,
                    String::new(),
                    Msg::new("csv-bad-line").arg("error", e).render(lang),
                ));
                continue;
            }
        };
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let get = |c: Option<usize>| c.and_then(|c| record.get(c)).unwrap_or("").to_owned();
        let form = PlayerForm {
            name: get(Some(name_col)),
            club: get(club_col),
            licence: get(licence_col),
            checked_in: None,
        };
        match register(conn, tournament_id, &form, checked_in) {
            Ok((p, _)) => report.imported.push((line, p.name)),
            Err(e @ (OpError::Invalid(_) | OpError::Conflict(_))) => {
                report
                    .refused
                    .push((line, record.iter().collect::<Vec<_>>().join(", "), e.render(lang)))
            }
            Err(e) => return Err(e),
        }
    }
    Ok(report)
}

/// Corrects a player of the directory (a typo in the name, a new club, the
/// licence). Licences stay unique.
pub fn edit(conn: &mut AnyConnection, player_id: i32, form: &PlayerForm) -> OpResult<Player> {
    let (name, club, licence) = checked_fields(form)?;
    crate::db::write(conn, |conn| {
        Player::find(conn, player_id)?.ok_or(OpError::NotFound)?;
        if let Some(l) = &licence {
            if let Some(other) = Player::find_by_licence(conn, l)? {
                if other.id != player_id {
                    return Err(OpError::Conflict(
                        Msg::new("player-licence-taken")
                            .arg("licence", l)
                            .arg("name", &other.name),
                    ));
                }
            }
        }
        Player::update(conn, player_id, &name, &club, licence.as_deref())?;
        Player::find(conn, player_id)?.ok_or(OpError::NotFound)
    })
}

fn registration(conn: &mut AnyConnection, tournament_id: i32, player_id: i32) -> OpResult<Registration> {
    Registration::find(conn, tournament_id, player_id)?.ok_or(OpError::NotFound)
}

/// Marks a player present (from the next round to be seated) or absent
/// (before they have played).
pub fn set_checked_in(conn: &mut AnyConnection, tournament_id: i32, player_id: i32, present: bool) -> OpResult<()> {
    crate::db::write(conn, |conn| {
        let reg = registration(conn, tournament_id, player_id)?;
        let next = last_round(conn, tournament_id)? + 1;
        if present {
            if !reg.checked_in {
                Registration::set_checked_in(conn, reg.id, true, next.max(reg.first_round))?;
            }
        } else {
            if reg.checked_in && reg.first_round < next {
                return Err(OpError::Conflict(Msg::new("player-already-played")));
            }
            Registration::set_checked_in(conn, reg.id, false, reg.first_round)?;
        }
        Ok(())
    })
}

/// Withdraws a player from the next rounds; their past scores stay.
pub fn withdraw(conn: &mut AnyConnection, tournament_id: i32, player_id: i32) -> OpResult<i32> {
    crate::db::write(conn, |conn| {
        let reg = registration(conn, tournament_id, player_id)?;
        if reg.withdrawn_after.is_some() {
            return Err(OpError::Conflict(Msg::new("player-already-withdrawn")));
        }
        let last = last_round(conn, tournament_id)?;
        Registration::set_withdrawn(conn, reg.id, Some(last))?;
        Ok(last)
    })
}

/// Brings a withdrawn player back from the next round.
pub fn reinstate(conn: &mut AnyConnection, tournament_id: i32, player_id: i32) -> OpResult<()> {
    crate::db::write(conn, |conn| {
        let reg = registration(conn, tournament_id, player_id)?;
        if reg.withdrawn_after.is_none() {
            return Ok(());
        }
        let next = last_round(conn, tournament_id)? + 1;
        Registration::set_withdrawn(conn, reg.id, None)?;
        Registration::set_checked_in(conn, reg.id, true, next.max(reg.first_round))?;
        Ok(())
    })
}
