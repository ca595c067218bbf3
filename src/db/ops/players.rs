//! Registering players: one by one, from a CSV file, check-in on the day,
//! late arrivals and withdrawals.
//!
//! Input is parsed once, at the edge: [`PlayerFields::from_form`] turns what
//! the organizer typed (a form, a JSON body, a CSV line) into a checked
//! value, or a refusal [`Msg`]; the operations take only checked values.

use std::collections::{HashMap, HashSet};

use crate::db::models::{AuditEntry, NewAuditEntry, NewPlayer, Player, Registration, Round};
use crate::db::{now, AnyConnection, Tx};
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};

use super::events::publish_standings;
pub use super::player_file::{parse_csv, CsvLine};
pub use super::player_input::{surname_order, Licence, PlayerFields, PlayerName};
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
    let registered = register_quietly(tx, tournament_id, fields, checked_in, None)?;
    publish_standings(tx, tournament_id)?;
    Ok(registered)
}

/// [`register`] without its live event (an import publishes one for the file).
pub(super) fn register_quietly(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    fields: &PlayerFields,
    checked_in: bool,
    again: Option<Player>,
) -> OpResult<(Player, Registration)> {
    let name = fields.name.as_str();
    let club = fields.club.as_str();
    let licence = fields.licence.as_ref().map(Licence::as_str);
    let existing = match licence {
        Some(l) => Player::find_by_licence(tx, l)?,
        None => again,
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
                    Msg::new("player-already-registered").name("name", name),
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
            Msg::new("player-already-registered").name("name", &player.name),
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
    /// (line number, "name (club)") of the players of the directory taken
    /// up again by their name and club.
    pub again: Vec<(usize, String)>,
    /// The teams the file's team column registered, and those refused.
    pub teams: super::teams::FromFile,
}

/// Registers the players of a parsed file ([`parse_csv`]): every line is
/// registered or refused on its own (a refused line does not stop the
/// others), exactly as [`register`] would one after the other, in one pass:
/// the tournament's registrations, its next round and the directory's
/// players holding the file's licences are read once, every line is decided
/// in memory, then the new players and the registrations are inserted in a
/// few multi-row statements. A few statements for the whole file, whatever
/// its length: the unit of work stays short (the tablets' writes wait
/// behind it), and it is stored whole or not at all.
pub fn import(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    lines: Vec<CsvLine>,
    checked_in: bool,
    again: bool,
) -> OpResult<ImportReport> {
    let mut known = Known::read(tx, tournament_id, &lines, again)?;
    let mut report = ImportReport::default();
    // (line, name) of each registration, and who: a directory's player, or
    // the index of a new one.
    let mut registered: Vec<(usize, String, Result<PlayerId, usize>)> = Vec::new();
    let mut team_of: Vec<String> = Vec::new();
    let mut new_players: Vec<NewPlayer> = Vec::new();
    let at = now();
    for CsvLine {
        line,
        content,
        player,
        team,
    } in lines
    {
        let decided = player.and_then(|fields| known.decide(&fields));
        if decided.is_ok() {
            team_of.push(team);
        }
        match decided {
            Err(reason) => report.refused.push(RefusedLine { line, content, reason }),
            Ok(Decided::Existing(p)) => registered.push((line, p.name, Ok(p.id))),
            Ok(Decided::Again(p)) => {
                report.again.push((line, format!("{} ({})", p.name, p.club)));
                registered.push((line, p.name, Ok(p.id)));
            }
            Ok(Decided::New(fields)) => {
                registered.push((line, fields.name.as_str().to_owned(), Err(new_players.len())));
                new_players.push(NewPlayer {
                    name: fields.name.as_str().to_owned(),
                    club: fields.club,
                    licence: fields.licence.map(|l| l.as_str().to_owned()),
                    created_at: at,
                });
            }
        }
    }
    // The new players' ids, matched by name and club (one new player per
    // name and club: `decide` refuses a second).
    let created: HashMap<(String, String), PlayerId> = Player::create_all(tx, &new_players)?
        .into_iter()
        .map(|p| ((p.name, p.club), p.id))
        .collect();
    let ids: Vec<PlayerId> = registered
        .iter()
        .map(|(_, _, who)| match who {
            Ok(id) => *id,
            Err(i) => created[&(new_players[*i].name.clone(), new_players[*i].club.clone())],
        })
        .collect();
    Registration::create_all(tx, tournament_id, &ids, checked_in, known.first_round, at)?;
    let named = registered
        .iter()
        .zip(&ids)
        .zip(team_of)
        .map(|(((line, ..), id), team)| (*line, team, *id));
    report.teams = super::teams::from_file(tx, tournament_id, named.collect())?;
    report.imported = registered.into_iter().map(|(line, name, _)| (line, name)).collect();
    if !report.imported.is_empty() {
        publish_standings(tx, tournament_id)?;
    }
    Ok(report)
}

/// What a line of a file comes to.
enum Decided {
    /// The directory's player holding its licence.
    Existing(Player),
    /// The directory's player of the same name and club, taken up again.
    Again(Player),
    /// A player to add to the directory.
    New(PlayerFields),
}

/// What [`import`] reads once and then keeps up to date line after line.
struct Known {
    /// Players registered in the tournament (and by the lines before).
    registered: HashSet<PlayerId>,
    /// Their names and clubs, ASCII lower-cased: the same again is a double entry.
    names: HashSet<(String, String)>,
    /// The directory's players holding a licence of the file.
    by_licence: HashMap<String, Player>,
    /// The directory's people of a name and club of the file (lower-cased),
    /// the oldest of each, when they are to be taken up again.
    by_name: HashMap<(String, String), Player>,
    /// The round the players join from.
    first_round: RoundNo,
}

pub(super) fn name_key(name: &str, club: &str) -> (String, String) {
    (name.to_ascii_lowercase(), club.to_ascii_lowercase())
}

impl Known {
    fn read(conn: &mut AnyConnection, tournament_id: TournamentId, lines: &[CsvLine], again: bool) -> OpResult<Known> {
        let regs = Registration::with_players(conn, tournament_id)?;
        let names: Vec<String> = match again {
            true => lines
                .iter()
                .filter_map(|l| Some(l.player.as_ref().ok()?.name.as_str().to_owned()))
                .collect(),
            false => Vec::new(),
        };
        let mut by_name = HashMap::new();
        for p in Player::by_names(conn, &names)? {
            by_name.entry(name_key(&p.name, &p.club)).or_insert(p);
        }
        let licences: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.player.as_ref().ok()?.licence.as_ref().map(Licence::as_str))
            .collect();
        Ok(Known {
            registered: regs.iter().map(|(_, p)| p.id).collect(),
            names: regs.iter().map(|(_, p)| name_key(&p.name, &p.club)).collect(),
            by_licence: Player::by_licences(conn, &licences)?
                .into_iter()
                .filter_map(|p| Some((p.licence.clone()?, p)))
                .collect(),
            by_name,
            first_round: Round::last_number(conn, tournament_id)? + 1,
        })
    }

    /// Decides a line as [`register`] would after the lines before it:
    /// the directory's player holding its licence unless already
    /// registered, else (when the organizer asked for it) the directory's
    /// person of the same name and club, else a new player unless one of
    /// the same name and club is registered.
    fn decide(&mut self, fields: &PlayerFields) -> Result<Decided, Msg> {
        let existing = fields.licence.as_ref().and_then(|l| self.by_licence.get(l.as_str()));
        let already = |name: &str| Msg::new("player-already-registered").name("name", name);
        match existing {
            Some(p) => {
                if !self.registered.insert(p.id) {
                    return Err(already(&p.name));
                }
                self.names.insert(name_key(&p.name, &p.club));
                Ok(Decided::Existing(p.clone()))
            }
            None => {
                let key = name_key(fields.name.as_str(), &fields.club);
                if !self.names.insert(key.clone()) {
                    return Err(already(fields.name.as_str()));
                }
                match self.by_name.get(&key) {
                    Some(p) if fields.licence.is_none() && self.registered.insert(p.id) => {
                        Ok(Decided::Again(p.clone()))
                    }
                    _ => Ok(Decided::New(fields.clone())),
                }
            }
        }
    }
}

/// Reads and registers a player file ([`parse_csv`], then [`import`]).
pub fn import_csv(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    text: &str,
    checked_in: bool,
) -> OpResult<ImportReport> {
    let lines = parse_csv(text).map_err(OpError::Invalid)?;
    import(tx, tournament_id, lines, checked_in, false)
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
                        .name("name", &other.name),
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
    if reg.withdrawn_after.is_some() {
        return Err(OpError::Conflict(Msg::new("player-checkin-withdrawn")));
    }
    let next = Round::last_number(tx, tournament_id)? + 1;
    if present {
        if !reg.checked_in {
            Registration::set_checked_in(tx, reg.id, true, next.max(reg.first_round))?;
            if next > reg.first_round {
                // A late arrival: the standings mark it.
                publish_standings(tx, tournament_id)?;
            }
        }
    } else {
        if reg.checked_in && reg.first_round < next {
            return Err(OpError::Conflict(Msg::new("player-already-played")));
        }
        Registration::set_checked_in(tx, reg.id, false, reg.first_round)?;
    }
    Ok(())
}

/// "Everyone is here": marks present, in one go, every player of the
/// tournament registered but not yet present (withdrawn players stay
/// withdrawn), as [`set_checked_in`] would one by one; one audit entry with
/// the count. The number of players marked (0: nothing written).
pub fn check_in_all(tx: &mut Tx<'_>, tournament_id: TournamentId, actor: &str) -> OpResult<usize> {
    let next = Round::last_number(tx, tournament_id)? + 1;
    let count = Registration::check_in_all(tx, tournament_id, next)?;
    if count == 0 {
        return Ok(0);
    }
    AuditEntry::write(tx, &NewAuditEntry::all_checked_in(tournament_id, actor, count, next))?;
    publish_standings(tx, tournament_id)?;
    Ok(count)
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
