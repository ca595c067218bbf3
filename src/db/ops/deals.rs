//! Entering a table's deals: the record with players instead of seats,
//! scored by the rules core only, stored once, corrected with an audit trail.

use serde_json::{json, Map, Value};

use crate::db::models::{AuditEntry, Deal, NewAuditEntry, Round, RoundTable, Tournament};
use crate::db::{now, AnyConnection};
use crate::tarot::{score_value, RecordError, ScoreOutput, ScoringRules};

use super::tournaments::Table5Mode;
use super::{Msg, OpError, OpResult};

/// Who is entering a deal.
#[derive(Debug, Clone)]
pub enum Actor {
    /// The table's tablet (by its token): only while the round is open.
    Table,
    /// An organizer: also after the round is closed (a correction).
    Organizer(String),
}

impl Actor {
    fn name(&self, table: i32) -> String {
        match self {
            Actor::Table => format!("table {table}"),
            Actor::Organizer(n) => n.clone(),
        }
    }
}

/// A deal as stored: what was entered and the scores it gave.
#[derive(Debug, Clone, serde::Serialize)]
pub struct EnteredDeal {
    /// Deal number at the table.
    pub number: i32,
    /// Everyone passed.
    pub passed: bool,
    /// The record (player ids), canonical form.
    pub record: Value,
    /// Scores by player id, in seat order of the table.
    pub scores: Vec<(i32, i32)>,
    /// Whether anything changed (false for a repeated entry).
    pub changed: bool,
    /// The rules core's answer (None for a passed deal).
    #[serde(skip)]
    pub output: Option<ScoreOutput>,
}

/// The players who play deal `number` at a table, with the one sitting out.
pub fn deal_players(table_players: &[i32], number: i32, mode: Table5Mode) -> (Vec<i32>, Option<i32>) {
    if table_players.len() == 5 && mode == Table5Mode::DealerOut {
        let dealer = ((number - 1).rem_euclid(5)) as usize;
        let playing = table_players
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != dealer)
            .map(|(_, p)| *p)
            .collect();
        (playing, Some(table_players[dealer]))
    } else {
        (table_players.to_vec(), None)
    }
}

/// The tournament's scoring switches.
pub fn rules_of(t: &Tournament) -> ScoringRules {
    serde_json::from_str(&t.rules_json).unwrap_or_default()
}

/// The message of a rules-core refusal, translated by its code (`record-<code>`).
pub fn record_msg(e: &RecordError) -> OpError {
    let mut msg = Msg::owned(format!("record-{}", e.code()));
    msg.args.extend(e.args());
    OpError::Invalid(msg)
}

/// Reads a player id field and gives its seat among `playing`.
fn seat_of(v: &Value, field: &'static str, playing: &[i32], out: Option<i32>) -> OpResult<Option<usize>> {
    match v {
        Value::Null => Ok(None),
        Value::Number(n) => {
            let id = n
                .as_i64()
                .ok_or_else(|| OpError::Invalid(Msg::new("deal-bad-player").arg("field", field)))?;
            if out.is_some_and(|o| i64::from(o) == id) {
                return Err(OpError::Invalid(Msg::new("deal-player-sits-out").arg("player", id)));
            }
            playing
                .iter()
                .position(|p| i64::from(*p) == id)
                .map(Some)
                .ok_or_else(|| OpError::Invalid(Msg::new("deal-player-not-at-table").arg("player", id)))
        }
        _ => Err(OpError::Invalid(Msg::new("deal-bad-player").arg("field", field))),
    }
}

/// Turns the body of a deal (players by id) into a rules-core record (seats),
/// and a canonical copy of the body for storing and comparing.
pub fn to_record(body: &Value, playing: &[i32], out: Option<i32>) -> OpResult<(Value, Value)> {
    let obj = body
        .as_object()
        .ok_or_else(|| OpError::Invalid(Msg::new("json-not-object")))?;
    let taker_v = obj.get("taker").unwrap_or(&Value::Null);
    let taker =
        seat_of(taker_v, "taker", playing, out)?.ok_or_else(|| OpError::Invalid(Msg::new("deal-taker-required")))?;
    let partner = seat_of(obj.get("partner").unwrap_or(&Value::Null), "partner", playing, out)?;
    let list = |name: &'static str, key: &'static str| -> OpResult<Vec<(usize, Value)>> {
        match obj.get(name) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .map(|it| {
                    let player = it.get("player").unwrap_or(&Value::Null);
                    let seat = seat_of(player, name, playing, out)?
                        .ok_or_else(|| OpError::Invalid(Msg::new("deal-bad-player").arg("field", name)))?;
                    Ok((seat, it.get(key).cloned().unwrap_or(Value::Null)))
                })
                .collect(),
            Some(_) => Err(OpError::Invalid(Msg::new("deal-bad-list").arg("field", name))),
        }
    };
    let mut handfuls = list("handfuls", "size")?;
    let mut miseres = list("miseres", "kind")?;
    handfuls.sort_by_key(|(s, _)| *s);
    miseres.sort_by_key(|(s, _)| *s);
    let get = |k: &str| obj.get(k).cloned().unwrap_or(Value::Null);
    let mut record = Map::new();
    record.insert("players".into(), json!(playing.len()));
    record.insert("taker".into(), json!(taker));
    record.insert("partner".into(), partner.map_or(Value::Null, |p| json!(p)));
    record.insert("contract".into(), get("contract"));
    record.insert("oudlers".into(), get("oudlers"));
    record.insert("points".into(), get("points"));
    record.insert(
        "handfuls".into(),
        Value::Array(handfuls.iter().map(|(s, v)| json!({"seat": s, "size": v})).collect()),
    );
    record.insert("petit_au_bout".into(), get("petit_au_bout"));
    if let Some(c) = obj.get("chelem") {
        record.insert("chelem".into(), c.clone());
    }
    if !miseres.is_empty() {
        record.insert(
            "miseres".into(),
            Value::Array(miseres.iter().map(|(s, v)| json!({"seat": s, "kind": v})).collect()),
        );
    }
    let chelem = obj.get("chelem").cloned().unwrap_or(Value::Null);
    let canonical = json!({
        "taker": playing[taker],
        "partner": partner.map(|p| playing[p]).filter(|p| *p != playing[taker]),
        "contract": get("contract"),
        "oudlers": get("oudlers"),
        "points": get("points").as_f64().map_or(Value::Null, |p| json!(p)),
        "handfuls": handfuls.iter().map(|(s, v)| json!({"player": playing[*s], "size": v})).collect::<Vec<_>>(),
        "petit_au_bout": get("petit_au_bout"),
        "chelem": {
            "announced": chelem.get("announced").and_then(Value::as_bool).unwrap_or(false),
            "made_by": chelem.get("made_by").cloned().unwrap_or(Value::Null),
        },
        "miseres": miseres.iter().map(|(s, v)| json!({"player": playing[*s], "kind": v})).collect::<Vec<_>>(),
    });
    Ok((Value::Object(record), canonical))
}

/// Whether a body says every player passed.
pub fn is_passed(body: &Value) -> bool {
    body.get("passed").and_then(Value::as_bool).unwrap_or(false)
}

/// A deal body scored at its table.
#[derive(Debug, Clone)]
pub struct ScoredBody {
    /// Everyone passed.
    pub passed: bool,
    /// The canonical record (player ids), stored and compared.
    pub canonical: Value,
    /// Scores by player, in table seat order (0 for the one sitting out).
    pub scores: Vec<(i32, i32)>,
    /// The rules core's answer (None when everyone passed).
    pub output: Option<ScoreOutput>,
}

/// Scores a body at a table without storing it.
pub fn score_body(t: &Tournament, table_players: &[i32], number: i32, body: &Value) -> OpResult<ScoredBody> {
    let mode = Table5Mode::from_name(&t.table5_mode).unwrap_or_default();
    let (playing, out) = deal_players(table_players, number, mode);
    if is_passed(body) {
        let scores = table_players.iter().map(|p| (*p, 0)).collect();
        return Ok(ScoredBody {
            passed: true,
            canonical: json!({"passed": true}),
            scores,
            output: None,
        });
    }
    let (record, canonical) = to_record(body, &playing, out)?;
    let output = score_value(&record, &rules_of(t)).map_err(|e| record_msg(&e))?;
    let scores = table_players
        .iter()
        .map(|p| {
            let s = playing
                .iter()
                .position(|q| q == p)
                .map(|i| output.scores[i] as i32)
                .unwrap_or(0);
            (*p, s)
        })
        .collect();
    Ok(ScoredBody {
        passed: false,
        canonical,
        scores,
        output: Some(output),
    })
}

/// Enters deal `number` of a table. The same deal twice changes nothing; a
/// different one replaces it (audit log). A table cannot write a closed round.
pub fn enter(
    conn: &mut AnyConnection,
    table: &RoundTable,
    round: &Round,
    number: i32,
    body: &Value,
    actor: &Actor,
    reason: &str,
) -> OpResult<EnteredDeal> {
    use diesel::result::{DatabaseErrorKind, Error};
    match enter_once(conn, table, round, number, body, actor, reason) {
        // Two first entries of one slot at once (PostgreSQL): the other one
        // committed first. Once more, the slot is seen filled, so the same
        // deal is a no-op and a different one a correction.
        Err(OpError::Db(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _))) => {
            enter_once(conn, table, round, number, body, actor, reason)
        }
        r => r,
    }
}

fn enter_once(
    conn: &mut AnyConnection,
    table: &RoundTable,
    round: &Round,
    number: i32,
    body: &Value,
    actor: &Actor,
    reason: &str,
) -> OpResult<EnteredDeal> {
    crate::db::write(conn, |conn| {
        let t = Tournament::find(conn, round.tournament_id)?.ok_or(OpError::NotFound)?;
        if number < 1 || number > table.deal_count {
            return Err(OpError::Invalid(
                Msg::new("deal-number-range").arg("max", table.deal_count),
            ));
        }
        // Re-read the round inside the transaction, once it cannot close
        // under us: it may have closed since.
        Round::lock(conn, round.id, false)?;
        let round = Round::find(conn, round.tournament_id, round.number)?.ok_or(OpError::NotFound)?;
        if round.is_closed() && matches!(actor, Actor::Table) {
            return Err(OpError::Conflict(
                Msg::new("deal-round-closed").arg("round", round.number),
            ));
        }
        let players = RoundTable::players(conn, table.id)?;
        let ScoredBody {
            passed,
            canonical,
            scores,
            output,
        } = score_body(&t, &players, number, body)?;
        let canonical_text = canonical.to_string();
        let existing = Deal::find(conn, table.id, number)?;
        if let Some(d) = &existing {
            if d.record_json == canonical_text {
                return Ok(EnteredDeal {
                    number,
                    passed,
                    record: canonical,
                    scores,
                    changed: false,
                    output,
                });
            }
            if round.is_closed() && reason.trim().is_empty() {
                return Err(OpError::Invalid(Msg::new("deal-correction-reason")));
            }
        }
        let who = actor.name(table.number);
        let outcome = output.as_ref().and_then(|o| {
            canonical
                .get("taker")
                .and_then(Value::as_i64)
                .map(|tk| (tk as i32, o.won))
        });
        Deal::store(
            conn,
            existing.as_ref(),
            table.id,
            number,
            passed,
            &canonical_text,
            outcome,
            &who,
            &scores,
            now(),
        )?;
        if let Some(before) = &existing {
            AuditEntry::write(
                conn,
                &NewAuditEntry {
                    tournament_id: Some(t.id),
                    actor: &who,
                    action: "deal.correct",
                    subject: &format!("round {} table {} deal {}", round.number, table.number, number),
                    before_json: Some(&before.record_json),
                    after_json: Some(&canonical_text),
                    reason: reason.trim(),
                    created_at: now(),
                },
            )?;
        }
        Ok(EnteredDeal {
            number,
            passed,
            record: canonical,
            scores,
            changed: true,
            output,
        })
    })
}
