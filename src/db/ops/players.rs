//! Registering players: one by one, from a CSV file, check-in on the day,
//! late arrivals and withdrawals.
//!
//! Input is parsed once, at the edge: [`PlayerFields::from_form`] turns what
//! the organizer typed (a form, a JSON body, a CSV line) into a checked
//! value, or a refusal [`Msg`]; the operations take only checked values.

use crate::db::models::{NewPlayer, Player, Registration, Round};
use crate::db::{now, AnyConnection, Tx};
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};

use super::events::publish_standings;
pub use super::player_input::{parse_csv, CsvLine, Licence, PlayerFields, PlayerForm, PlayerName};
use super::{Msg, OpError, OpResult};

/// Registers a player in a tournament (creating them in the directory, or
/// reusing the directory's player with the same licence). Players registered
/// after the first round is seated join from the next round.
pub fn register(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    fields: &PlayerFields,
    checked_in: bool,
) -> OpResult<(Player, Registration)> {
    let registered = register_quietly(tx, tournament_id, fields, checked_in)?;
    publish_standings(tx, tournament_id)?;
    Ok(registered)
}

/// [`register`] without its live event (an import publishes one for the file).
fn register_quietly(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    fields: &PlayerFields,
    checked_in: bool,
) -> OpResult<(Player, Registration)> {
    let name = fields.name.as_str();
    let club = fields.club.as_str();
    let licence = fields.licence.as_ref().map(Licence::as_str);
    let existing = match licence {
        Some(l) => Player::find_by_licence(tx, l)?,
        None => None,
    };
    let player = match existing {
        Some(p) => p,
        None => {
            // Same name and club already in this tournament: a double entry.
            let regs = Registration::with_players(tx, tournament_id)?;
            if regs
                .iter()
                .any(|(_, p)| p.name.eq_ignore_ascii_case(name) && p.club.eq_ignore_ascii_case(club))
            {
                return Err(OpError::Conflict(
                    Msg::new("player-already-registered").arg("name", name),
                ));
            }
            Player::create(
                tx,
                &NewPlayer {
                    name: name.to_owned(),
                    club: club.to_owned(),
                    licence: licence.map(str::to_owned),
                    created_at: now(),
                },
            )?
        }
    };
    if Registration::find(tx, tournament_id, player.id)?.is_some() {
        return Err(OpError::Conflict(
            Msg::new("player-already-registered").arg("name", &player.name),
        ));
    }
    let first_round = Round::last_number(tx, tournament_id)? + 1;
    let reg = Registration::create(tx, tournament_id, player.id, checked_in, first_round, now())?;
    Ok((player, reg))
}

/// A line of a player file that was not registered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusedLine {
    /// Line number in the file.
    pub line: usize,
    /// What was on it.
    pub content: String,
    /// Why (the web layer says it in the visitor's language).
    pub reason: Msg,
}

/// The outcome of a CSV import.
#[derive(Debug, Clone, Default)]
pub struct ImportReport {
    /// (line number, name) of every player registered.
    pub imported: Vec<(usize, String)>,
    /// Every line refused, with its reason.
    pub refused: Vec<RefusedLine>,
}

/// Registers the players of a parsed file ([`parse_csv`]): every line is
/// registered or refused on its own (each in a savepoint of the unit of
/// work), so the good lines of a file with bad lines are imported.
pub fn import(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    lines: Vec<CsvLine>,
    checked_in: bool,
) -> OpResult<ImportReport> {
    let mut report = ImportReport::default();
    for CsvLine { line, content, player } in lines {
        let refused = |reason| RefusedLine {
            line,
            content: content.clone(),
            reason,
        };
        match player {
            Err(reason) => report.refused.push(refused(reason)),
            Ok(fields) => match tx.savepoint(|tx| register_quietly(tx, tournament_id, &fields, checked_in)) {
                Ok((p, _)) => report.imported.push((line, p.name)),
                Err(OpError::Invalid(m) | OpError::Conflict(m)) => report.refused.push(refused(m)),
                Err(e) => return Err(e),
            },
        }
    }
    if !report.imported.is_empty() {
        publish_standings(tx, tournament_id)?;
    }
    Ok(report)
}

/// Reads and registers a player file ([`parse_csv`], then [`import`]).
pub fn import_csv(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    text: &str,
    checked_in: bool,
) -> OpResult<ImportReport> {
    let lines = parse_csv(text).map_err(OpError::Invalid)?;
    import(tx, tournament_id, lines, checked_in)
}

/// Corrects a player of the directory (a typo in the name, a new club, the
/// licence). Licences stay unique.
pub fn edit(tx: &mut Tx<'_>, player_id: PlayerId, fields: &PlayerFields) -> OpResult<Player> {
    let licence = fields.licence.as_ref().map(Licence::as_str);
    Player::find(tx, player_id)?.ok_or(OpError::NotFound)?;
    if let Some(l) = licence {
        if let Some(other) = Player::find_by_licence(tx, l)? {
            if other.id != player_id {
                return Err(OpError::Conflict(
                    Msg::new("player-licence-taken")
                        .arg("licence", l)
                        .arg("name", &other.name),
                ));
            }
        }
    }
    Player::update(tx, player_id, fields.name.as_str(), &fields.club, licence)?;
    // The name shows in the standings of every tournament they play.
    for tournament_id in Registration::tournaments_of_player(tx, player_id)? {
        publish_standings(tx, tournament_id)?;
    }
    Player::find(tx, player_id)?.ok_or(OpError::NotFound)
}

fn registration(conn: &mut AnyConnection, tournament_id: TournamentId, player_id: PlayerId) -> OpResult<Registration> {
    Registration::find(conn, tournament_id, player_id)?.ok_or(OpError::NotFound)
}

/// Marks a player present (from the next round to be seated) or absent
/// (before they have played).
pub fn set_checked_in(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    player_id: PlayerId,
    present: bool,
) -> OpResult<()> {
    let reg = registration(tx, tournament_id, player_id)?;
    let next = Round::last_number(tx, tournament_id)? + 1;
    if present {
        if !reg.checked_in {
            Registration::set_checked_in(tx, reg.id, true, next.max(reg.first_round))?;
        }
    } else {
        if reg.checked_in && reg.first_round < next {
            return Err(OpError::Conflict(Msg::new("player-already-played")));
        }
        Registration::set_checked_in(tx, reg.id, false, reg.first_round)?;
    }
    Ok(())
}

/// Withdraws a player from the next rounds; their past scores stay.
pub fn withdraw(tx: &mut Tx<'_>, tournament_id: TournamentId, player_id: PlayerId) -> OpResult<RoundNo> {
    let reg = registration(tx, tournament_id, player_id)?;
    if reg.withdrawn_after.is_some() {
        return Err(OpError::Conflict(Msg::new("player-already-withdrawn")));
    }
    let last = Round::last_number(tx, tournament_id)?;
    Registration::set_withdrawn(tx, reg.id, Some(last))?;
    publish_standings(tx, tournament_id)?;
    Ok(last)
}

/// Brings a withdrawn player back from the next round.
pub fn reinstate(tx: &mut Tx<'_>, tournament_id: TournamentId, player_id: PlayerId) -> OpResult<()> {
    let reg = registration(tx, tournament_id, player_id)?;
    if reg.withdrawn_after.is_none() {
        return Ok(());
    }
    let next = Round::last_number(tx, tournament_id)? + 1;
    Registration::set_withdrawn(tx, reg.id, None)?;
    Registration::set_checked_in(tx, reg.id, true, next.max(reg.first_round))?;
    publish_standings(tx, tournament_id)?;
    Ok(())
}
