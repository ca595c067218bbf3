//! A deal as a table enters it, players named by their ids: parsed once from
//! the JSON API's body (or built from the deal form), checked against the
//! table (who plays, who sits out), turned into the rules core's record and
//! scored. Pure: the database stores [`TableDeal::to_json`] and reads it back
//! through [`TableDeal::from_json`].

use serde_json::{json, Map, Value};

use crate::tarot::{
    score, Camp, Chelem, Contract, DealRecord, HalfPoints, Handful, HandfulSize, Misere, MisereKind, RecordError,
    RecordInput, ScoreOutput, ScoringRules, Seat,
};

use super::ids::PlayerId;
use super::table::{deal_players, Table5Mode};

/// A deal entered at a table.
#[derive(Debug, Clone, PartialEq)]
pub enum TableDeal {
    /// Every player passed: nobody scores.
    Passed,
    /// A contract was played.
    Played(PlayedDeal),
}

/// The facts of a played deal, players by id.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedDeal {
    /// The taker.
    pub taker: PlayerId,
    /// The called partner (5-player called-king game); `None` when alone.
    pub partner: Option<PlayerId>,
    /// The contract.
    pub contract: Contract,
    /// Oudlers of the attack at the end.
    pub oudlers: u8,
    /// Card points of the attack at the end.
    pub points: HalfPoints,
    /// Handfuls shown: (player, size).
    pub handfuls: Vec<(PlayerId, HandfulSize)>,
    /// The camp that took the petit au bout.
    pub petit_au_bout: Option<Camp>,
    /// Chelem announced and made.
    pub chelem: Chelem,
    /// Misères declared (variant): (player, kind).
    pub miseres: Vec<(PlayerId, MisereKind)>,
}

/// Why a deal cannot be entered at a table.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DealError {
    /// The rules core refuses the record (or a field of it).
    #[error("{0}")]
    Record(#[from] RecordError),
    /// The body is not a JSON object.
    #[error("the deal must be a JSON object")]
    NotAnObject,
    /// No taker named.
    #[error("the taker is required")]
    TakerRequired,
    /// A player field that is not a player id.
    #[error("{field} must be a player id")]
    BadPlayer {
        /// Which field.
        field: &'static str,
    },
    /// A list field that is not a list.
    #[error("{field} must be a list")]
    BadList {
        /// Which field.
        field: &'static str,
    },
    /// A player who sits this deal out (the dealer at a table of 5).
    #[error("player {player} sits this deal out (the dealer at a table of 5)")]
    PlayerSitsOut {
        /// The player id.
        player: PlayerId,
    },
    /// A player of another table.
    #[error("player {player} does not play at this table")]
    PlayerNotAtTable {
        /// The player id.
        player: PlayerId,
    },
}

impl DealError {
    /// The message id of `locales/` that says it.
    pub fn key(&self) -> String {
        match self {
            DealError::Record(e) => format!("record-{}", e.code()),
            DealError::NotAnObject => "json-not-object".into(),
            DealError::TakerRequired => "deal-taker-required".into(),
            DealError::BadPlayer { .. } => "deal-bad-player".into(),
            DealError::BadList { .. } => "deal-bad-list".into(),
            DealError::PlayerSitsOut { .. } => "deal-player-sits-out".into(),
            DealError::PlayerNotAtTable { .. } => "deal-player-not-at-table".into(),
        }
    }

    /// The message's arguments.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        match self {
            DealError::Record(e) => e.args(),
            DealError::BadPlayer { field } | DealError::BadList { field } => vec![("field", field.to_string())],
            DealError::PlayerSitsOut { player } | DealError::PlayerNotAtTable { player } => {
                vec![("player", player.to_string())]
            }
            DealError::NotAnObject | DealError::TakerRequired => Vec::new(),
        }
    }

    /// The field of the deal at fault, for showing the refusal beside it:
    /// the one mapping from a refusal to its field, by variant (a new
    /// variant of [`RecordError`] must be placed here to compile).
    pub fn field(&self) -> Option<DealField> {
        use RecordError::*;
        match self {
            DealError::TakerRequired => Some(DealField::Taker),
            DealError::BadPlayer { field } | DealError::BadList { field } => DealField::from_name(field),
            DealError::NotAnObject | DealError::PlayerSitsOut { .. } | DealError::PlayerNotAtTable { .. } => None,
            DealError::Record(e) => match e {
                TakerSeat { .. } => Some(DealField::Taker),
                PartnerNotFivePlayers
                | PartnerSeat { .. }
                | PartnerListNotSix
                | PartnerNotList
                | TooManyPartners { .. }
                | PartnerIsTaker { .. }
                | PartnerTwice { .. } => Some(DealField::Partner),
                UnknownContract { .. } | PetiteRefused => Some(DealField::Contract),
                OudlersRange { .. } => Some(DealField::Oudlers),
                PointsRange
                | PointsNotHalf { .. }
                | PointsAboveOudlers { .. }
                | PointsBelowOudlers { .. }
                | PointsAboveNoChelem { .. }
                | PointsAboveGardeContre { .. }
                | PointsBelowNoChelem { .. }
                | PointsBelowNoChelemEcart { .. }
                | PointsBelowEcart { .. } => Some(DealField::Points),
                MisereDisabled
                | MisereSeat { .. }
                | MisereTwice { .. }
                | MisereTrumpsWithHandful { .. }
                | TooManyMiseresTrumps { .. }
                | TooManyMiseresHeads { .. }
                | UnknownMisereKind { .. } => Some(DealField::Miseres),
                HandfulSeat { .. } | HandfulTwice { .. } | HandfulsTooManyTrumps { .. } | UnknownHandfulSize { .. } => {
                    Some(DealField::Handfuls)
                }
                PetitAuBoutAttackNoOudler
                | PetitAuBoutDefenceAllOudlers
                | PetitAuBoutAttackDefenceChelem
                | PetitAuBoutDefenceAttackChelem => Some(DealField::PetitAuBout),
                ChelemAttackOudlers { .. }
                | ChelemDefenceOudlers { .. }
                | ChelemAttackLost
                | ChelemDefenceWon
                | ChelemAttackPoints { .. }
                | ChelemAttackPointsBelow { .. }
                | ChelemDefencePointsAbove { .. } => Some(DealField::Chelem),
                UnknownCamp { field, .. } => DealField::from_name(field),
                MissingField { field } | WrongType { field, .. } => {
                    DealField::from_name(field.split(['.', '[']).next().unwrap_or(field))
                }
                PlayersCount { .. } | NotAnObject | Malformed { .. } => None,
            },
        }
    }
}

/// A field of a deal as the forms and the JSON API name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DealField {
    /// `taker`
    Taker,
    /// `partner`
    Partner,
    /// `contract`
    Contract,
    /// `oudlers`
    Oudlers,
    /// `points`
    Points,
    /// `handfuls`
    Handfuls,
    /// `miseres`
    Miseres,
    /// `petit_au_bout`
    PetitAuBout,
    /// `chelem`
    Chelem,
}

impl DealField {
    /// Every field, in the form's order.
    pub const ALL: [DealField; 9] = [
        DealField::Taker,
        DealField::Partner,
        DealField::Contract,
        DealField::Oudlers,
        DealField::Points,
        DealField::Handfuls,
        DealField::Miseres,
        DealField::PetitAuBout,
        DealField::Chelem,
    ];

    /// Its name in the forms and the JSON API.
    pub fn name(self) -> &'static str {
        match self {
            DealField::Taker => "taker",
            DealField::Partner => "partner",
            DealField::Contract => "contract",
            DealField::Oudlers => "oudlers",
            DealField::Points => "points",
            DealField::Handfuls => "handfuls",
            DealField::Miseres => "miseres",
            DealField::PetitAuBout => "petit_au_bout",
            DealField::Chelem => "chelem",
        }
    }

    /// The field named `name`, if it is one.
    pub fn from_name(name: &str) -> Option<DealField> {
        DealField::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// A player id field: absent or null is `None`.
fn player_id(v: Option<&Value>, field: &'static str) -> Result<Option<PlayerId>, DealError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_i64()
            .and_then(|i| i32::try_from(i).ok())
            .and_then(|i| PlayerId::try_from(i).ok())
            .map(Some)
            .ok_or(DealError::BadPlayer { field }),
        Some(_) => Err(DealError::BadPlayer { field }),
    }
}

fn wrong_type(field: &str, expected: &'static str) -> DealError {
    DealError::Record(RecordError::WrongType {
        field: field.to_owned(),
        expected,
    })
}

fn missing(field: &str) -> DealError {
    DealError::Record(RecordError::MissingField {
        field: field.to_owned(),
    })
}

fn required<'v>(obj: &'v Map<String, Value>, field: &str) -> Result<&'v Value, DealError> {
    match obj.get(field) {
        None | Some(Value::Null) => Err(missing(field)),
        Some(v) => Ok(v),
    }
}

fn optional_str<'v>(obj: &'v Map<String, Value>, field: &str) -> Result<Option<&'v str>, DealError> {
    match obj.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(wrong_type(field, "a string or null")),
    }
}

/// A list of `{"player": id, <key>: name}` items.
fn player_list<'v>(
    obj: &'v Map<String, Value>,
    list: &'static str,
    key: &str,
) -> Result<Vec<(PlayerId, &'v str)>, DealError> {
    match obj.get(list) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let o = item
                    .as_object()
                    .ok_or_else(|| wrong_type(&format!("{list}[{i}]"), "an object"))?;
                let player = player_id(o.get("player"), list)?.ok_or(DealError::BadPlayer { field: list })?;
                match o.get(key) {
                    Some(Value::String(s)) => Ok((player, s.as_str())),
                    None | Some(Value::Null) => Err(missing(&format!("{list}[{i}].{key}"))),
                    Some(_) => Err(wrong_type(&format!("{list}[{i}].{key}"), "a string")),
                }
            })
            .collect(),
        Some(_) => Err(DealError::BadList { field: list }),
    }
}

/// The fields of a played deal, each of the right type but not yet checked:
/// what the JSON body and the deal form both come to before the same checks.
#[derive(Debug, Clone, Default)]
pub struct DealFields<'a> {
    /// Taker (required).
    pub taker: Option<PlayerId>,
    /// Partner.
    pub partner: Option<PlayerId>,
    /// Contract name (required).
    pub contract: &'a str,
    /// Oudlers.
    pub oudlers: i64,
    /// Card points.
    pub points: f64,
    /// Handfuls: (player, size name).
    pub handfuls: Vec<(PlayerId, &'a str)>,
    /// Camp name of the petit au bout.
    pub petit_au_bout: Option<&'a str>,
    /// Chelem announced.
    pub announced: bool,
    /// Camp name that made a chelem.
    pub made_by: Option<&'a str>,
    /// Misères: (player, kind name).
    pub miseres: Vec<(PlayerId, &'a str)>,
}

impl DealFields<'_> {
    /// Checks ranges and names, in the order a `chelem score` record is checked.
    pub fn check(self) -> Result<TableDeal, DealError> {
        let taker = self.taker.ok_or(DealError::TakerRequired)?;
        let points = HalfPoints::from_points(self.points)?;
        if !(0..=3).contains(&self.oudlers) {
            return Err(RecordError::OudlersRange { oudlers: self.oudlers }.into());
        }
        Ok(TableDeal::Played(PlayedDeal {
            taker,
            partner: self.partner,
            contract: Contract::from_name(self.contract)?,
            oudlers: self.oudlers as u8,
            points,
            handfuls: self
                .handfuls
                .into_iter()
                .map(|(p, s)| Ok((p, HandfulSize::from_name(s)?)))
                .collect::<Result<_, RecordError>>()?,
            petit_au_bout: self
                .petit_au_bout
                .map(|c| Camp::from_name(c, "petit_au_bout"))
                .transpose()?,
            chelem: Chelem {
                announced: self.announced,
                made_by: self.made_by.map(|c| Camp::from_name(c, "chelem.made_by")).transpose()?,
            },
            miseres: self
                .miseres
                .into_iter()
                .map(|(p, k)| Ok((p, MisereKind::from_name(k)?)))
                .collect::<Result<_, RecordError>>()?,
        }))
    }
}

impl TableDeal {
    /// Parses a deal body of the JSON API (FORMATS.md: the fields of a
    /// `chelem score` record with players by id, or `{"passed": true}`).
    /// Whether the players sit at the table is checked by [`TableDeal::score_at`].
    pub fn from_json(v: &Value) -> Result<TableDeal, DealError> {
        let obj = v.as_object().ok_or(DealError::NotAnObject)?;
        if obj.get("passed").and_then(Value::as_bool) == Some(true) {
            return Ok(TableDeal::Passed);
        }
        let taker = Some(player_id(obj.get("taker"), "taker")?.ok_or(DealError::TakerRequired)?);
        let partner = player_id(obj.get("partner"), "partner")?;
        let contract = match required(obj, "contract")? {
            Value::String(s) => s.as_str(),
            _ => return Err(wrong_type("contract", "a string")),
        };
        let oudlers = match required(obj, "oudlers")? {
            Value::Number(n) if n.is_i64() => n.as_i64().unwrap_or_default(),
            _ => return Err(wrong_type("oudlers", "an integer")),
        };
        let points = match required(obj, "points")? {
            Value::Number(n) => n.as_f64().unwrap_or(f64::NAN),
            _ => return Err(wrong_type("points", "a number")),
        };
        let handfuls = player_list(obj, "handfuls", "size")?;
        let petit_au_bout = optional_str(obj, "petit_au_bout")?;
        let chelem = match obj.get("chelem") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(c)) => c.clone(),
            Some(_) => return Err(wrong_type("chelem", "an object or null")),
        };
        let announced = match chelem.get("announced") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err(wrong_type("chelem.announced", "true, false or null")),
        };
        let made_by = optional_str(&chelem, "made_by").map_err(|_| wrong_type("chelem.made_by", "a string or null"))?;
        let miseres = player_list(obj, "miseres", "kind")?;
        DealFields {
            taker,
            partner,
            contract,
            oudlers,
            points,
            handfuls,
            petit_au_bout,
            announced,
            made_by,
            miseres,
        }
        .check()
    }

    /// The stored (and API) form: `{"passed": true}`, or the record with
    /// players by id, keys in order.
    pub fn to_json(&self) -> Value {
        let TableDeal::Played(d) = self else {
            return json!({"passed": true});
        };
        json!({
            "taker": d.taker,
            "partner": d.partner,
            "contract": d.contract.name(),
            "oudlers": d.oudlers,
            "points": d.points.as_points(),
            "handfuls": d.handfuls.iter().map(|(p, s)| json!({"player": p, "size": s.name()})).collect::<Vec<_>>(),
            "petit_au_bout": d.petit_au_bout.map(Camp::name),
            "chelem": {"announced": d.chelem.announced, "made_by": d.chelem.made_by.map(Camp::name)},
            "miseres": d.miseres.iter().map(|(p, k)| json!({"player": p, "kind": k.name()})).collect::<Vec<_>>(),
        })
    }

    /// The same deal with every player id passed through `f` (a backup
    /// renumbers the players); the first error of `f` stops it.
    pub fn try_map_players<E>(&self, mut f: impl FnMut(PlayerId) -> Result<PlayerId, E>) -> Result<TableDeal, E> {
        let TableDeal::Played(d) = self else {
            return Ok(TableDeal::Passed);
        };
        let mut d = d.clone();
        d.taker = f(d.taker)?;
        d.partner = d.partner.map(&mut f).transpose()?;
        for (p, _) in &mut d.handfuls {
            *p = f(*p)?;
        }
        for (p, _) in &mut d.miseres {
            *p = f(*p)?;
        }
        Ok(TableDeal::Played(d))
    }

    /// The deal a game played on the devices recorded (`None`: everyone
    /// passed), with `players[s]` the player at seat `s` of the deal: what
    /// the table would have entered by hand.
    pub fn from_record(record: Option<&DealRecord>, players: &[PlayerId]) -> TableDeal {
        let Some(r) = record else {
            return TableDeal::Passed;
        };
        let id = |s: Seat| players[s.index()];
        TableDeal::Played(PlayedDeal {
            taker: id(r.taker()),
            partner: r.partner().filter(|p| *p != r.taker()).map(id),
            contract: r.contract(),
            oudlers: r.oudlers(),
            points: r.points(),
            handfuls: r.handfuls().iter().map(|h| (id(h.seat), h.size)).collect(),
            petit_au_bout: r.petit_au_bout(),
            chelem: r.chelem(),
            miseres: r.miseres().iter().map(|m| (id(m.seat), m.kind)).collect(),
        })
    }

    /// The played deal, if one was.
    pub fn played(&self) -> Option<&PlayedDeal> {
        match self {
            TableDeal::Passed => None,
            TableDeal::Played(d) => Some(d),
        }
    }

    /// Checks the deal at its table and scores it: deal `number` of a table
    /// whose players are `table_players` (seat order).
    pub fn score_at(
        &self,
        table_players: &[PlayerId],
        number: i32,
        mode: Table5Mode,
        rules: &ScoringRules,
    ) -> Result<ScoredDeal, DealError> {
        let TableDeal::Played(d) = self else {
            return Ok(ScoredDeal {
                deal: TableDeal::Passed,
                scores: table_players.iter().map(|p| (*p, 0)).collect(),
                output: None,
            });
        };
        let (playing, out) = deal_players(table_players, number, mode);
        let seat = |player: PlayerId| -> Result<u8, DealError> {
            if out == Some(player) {
                return Err(DealError::PlayerSitsOut { player });
            }
            playing
                .iter()
                .position(|p| *p == player)
                .map(|s| s as u8)
                .ok_or(DealError::PlayerNotAtTable { player })
        };
        let taker = seat(d.taker)?;
        let partners: Vec<u8> = d.partner.map(seat).transpose()?.into_iter().collect();
        let mut handfuls = d
            .handfuls
            .iter()
            .map(|(p, size)| Ok((seat(*p)?, *size)))
            .collect::<Result<Vec<_>, DealError>>()?;
        let mut miseres = d
            .miseres
            .iter()
            .map(|(p, kind)| Ok((seat(*p)?, *kind)))
            .collect::<Result<Vec<_>, DealError>>()?;
        handfuls.sort_by_key(|(s, _)| *s);
        miseres.sort_by_key(|(s, _)| *s);
        let input = RecordInput {
            players: playing.len() as u8,
            taker,
            partners,
            contract: d.contract,
            oudlers: d.oudlers,
            points: d.points,
            handfuls: handfuls
                .iter()
                .map(|(s, size)| Handful {
                    seat: Seat(*s),
                    size: *size,
                })
                .collect(),
            petit_au_bout: d.petit_au_bout,
            chelem: d.chelem,
            miseres: miseres
                .iter()
                .map(|(s, kind)| Misere {
                    seat: Seat(*s),
                    kind: *kind,
                })
                .collect(),
        };
        let record = DealRecord::new(input, rules)?;
        let output = ScoreOutput::from_score(score(&record), rules);
        let scores = table_players
            .iter()
            .map(|p| {
                let s = playing.iter().position(|q| q == p).map(|i| output.scores[i] as i32);
                (*p, s.unwrap_or(0))
            })
            .collect();
        // Canonical: lists in seat order, the taker is not their own partner.
        let canonical = PlayedDeal {
            partner: d.partner.filter(|p| *p != d.taker),
            handfuls: handfuls.iter().map(|(s, size)| (playing[*s as usize], *size)).collect(),
            miseres: miseres.iter().map(|(s, kind)| (playing[*s as usize], *kind)).collect(),
            ..d.clone()
        };
        Ok(ScoredDeal {
            deal: TableDeal::Played(canonical),
            scores,
            output: Some(output),
        })
    }
}

/// A deal checked and scored at its table.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoredDeal {
    /// The deal in canonical form (stored and compared).
    pub deal: TableDeal,
    /// Scores by player, in table seat order (0 for the one sitting out).
    pub scores: Vec<(PlayerId, i32)>,
    /// The rules core's answer (`None` when everyone passed).
    pub output: Option<ScoreOutput>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(id: i32) -> PlayerId {
        PlayerId::new(id)
    }

    fn ids<const N: usize>(v: [i32; N]) -> [PlayerId; N] {
        v.map(PlayerId::new)
    }

    fn body() -> Value {
        json!({"taker": 30, "partner": null, "contract": "garde", "oudlers": 2, "points": 49,
               "handfuls": [{"player": 40, "size": "simple"}, {"player": 20, "size": "simple"}],
               "petit_au_bout": "attack", "chelem": {"announced": false, "made_by": null}})
    }

    #[test]
    fn a_deal_round_trips_through_its_stored_form() {
        let d = TableDeal::from_json(&body()).unwrap();
        assert_eq!(TableDeal::from_json(&d.to_json()).unwrap(), d);
        assert_eq!(
            TableDeal::from_json(&json!({"passed": true})).unwrap(),
            TableDeal::Passed
        );
        // The stored text is the canonical JSON with its keys in order.
        let text = d.to_json().to_string();
        assert!(
            text.starts_with(r#"{"chelem":{"announced":false,"made_by":null},"contract":"garde","#),
            "{text}"
        );
        assert!(text.contains(r#""points":49.0"#), "{text}");
    }

    #[test]
    fn the_optional_names_are_read() {
        let mut b = body();
        b["chelem"] = json!({"announced": true, "made_by": "attack"});
        b["points"] = json!(87);
        let d = TableDeal::from_json(&b).unwrap();
        let p = d.played().unwrap();
        assert_eq!(p.petit_au_bout, Some(Camp::Attack));
        assert_eq!(
            p.chelem,
            Chelem {
                announced: true,
                made_by: Some(Camp::Attack)
            }
        );
        assert_eq!(
            p.handfuls,
            [
                (PlayerId::new(40), HandfulSize::Simple),
                (PlayerId::new(20), HandfulSize::Simple)
            ]
        );
        b["petit_au_bout"] = json!(1);
        assert_eq!(
            TableDeal::from_json(&b).unwrap_err().to_string(),
            "petit_au_bout must be a string or null"
        );
    }

    #[test]
    fn miseres_are_stored_in_seat_order() {
        let mut b = body();
        b["miseres"] = json!([{"player": 40, "kind": "heads"}, {"player": 20, "kind": "heads"}]);
        let rules = ScoringRules {
            misere: true,
            ..ScoringRules::default()
        };
        let d = TableDeal::from_json(&b).unwrap();
        let s = d
            .score_at(&ids([10, 20, 30, 40]), 1, Table5Mode::DealerOut, &rules)
            .unwrap();
        let p = s.deal.played().unwrap();
        assert_eq!(
            p.miseres,
            [
                (PlayerId::new(20), MisereKind::Heads),
                (PlayerId::new(40), MisereKind::Heads)
            ]
        );
        assert_eq!(
            p.handfuls,
            [
                (PlayerId::new(20), HandfulSize::Simple),
                (PlayerId::new(40), HandfulSize::Simple)
            ]
        );
    }

    #[test]
    fn oudlers_must_be_a_whole_number() {
        let mut b = body();
        b["oudlers"] = json!(2.5);
        assert_eq!(
            TableDeal::from_json(&b).unwrap_err().to_string(),
            "oudlers must be an integer"
        );
    }

    /// The called-king game: a partner named is kept, the taker named as
    /// their own partner (the called king in their hand) plays alone, both
    /// from a table's entry and from a deal played on the devices.
    #[test]
    fn a_partner_is_kept_unless_it_is_the_taker() {
        let five = ids([10, 20, 30, 40, 50]);
        let rules = ScoringRules::default();
        let mut b = body();
        b["partner"] = json!(50);
        let with = TableDeal::from_json(&b).unwrap();
        let s = with.score_at(&five, 1, Table5Mode::CalledKing, &rules).unwrap();
        assert_eq!(s.deal.played().unwrap().partner, Some(p(50)));
        b["partner"] = json!(30);
        let alone = TableDeal::from_json(&b).unwrap();
        assert_eq!(alone.played().unwrap().partner, Some(p(30)));
        let s = alone.score_at(&five, 1, Table5Mode::CalledKing, &rules).unwrap();
        assert_eq!(s.deal.played().unwrap().partner, None);
        let by: std::collections::HashMap<PlayerId, i32> = s.scores.iter().copied().collect();
        assert_eq!(by[&p(30)], -4 * by[&p(10)]);

        let record = DealRecord::new(
            RecordInput {
                taker: 2,
                partners: vec![4],
                ..RecordInput::garde(5)
            },
            &rules,
        )
        .unwrap();
        let d = TableDeal::from_record(Some(&record), &five);
        assert_eq!(d.played().unwrap().taker, p(30));
        assert_eq!(d.played().unwrap().partner, Some(p(50)));
        assert_eq!(TableDeal::from_record(None, &five), TableDeal::Passed);
    }

    /// A refusal, its message key, the message's arguments, its field.
    type Case = (
        DealError,
        &'static str,
        Vec<(&'static str, &'static str)>,
        Option<&'static str>,
    );

    fn check_refusals(cases: Vec<Case>) {
        for (e, key, args, field) in cases {
            assert_eq!(e.key(), key, "{e:?}");
            let got: Vec<(&str, String)> = e.args();
            let want: Vec<(&str, String)> = args.iter().map(|(k, v)| (*k, v.to_string())).collect();
            assert_eq!(got, want, "{e:?}");
            assert_eq!(e.field().map(DealField::name), field, "{e:?}");
        }
    }

    /// Each refusal of a table's deal names its message, the message's
    /// arguments and the field the form shows it beside.
    #[test]
    fn table_refusals_name_their_message_and_their_field() {
        check_refusals(vec![
            (DealError::NotAnObject, "json-not-object", vec![], None),
            (DealError::TakerRequired, "deal-taker-required", vec![], Some("taker")),
            (
                DealError::BadPlayer { field: "partner" },
                "deal-bad-player",
                vec![("field", "partner")],
                Some("partner"),
            ),
            (
                DealError::BadList { field: "handfuls" },
                "deal-bad-list",
                vec![("field", "handfuls")],
                Some("handfuls"),
            ),
            (
                DealError::PlayerSitsOut { player: p(7) },
                "deal-player-sits-out",
                vec![("player", "7")],
                None,
            ),
            (
                DealError::PlayerNotAtTable { player: p(8) },
                "deal-player-not-at-table",
                vec![("player", "8")],
                None,
            ),
        ]);
    }

    /// The same for the rules core's refusals of the record.
    #[test]
    fn record_refusals_name_their_message_and_their_field() {
        let record = |e: RecordError| DealError::Record(e);
        check_refusals(vec![
            (
                record(RecordError::TakerSeat { taker: 4, last: 3 }),
                "record-taker-seat",
                vec![("taker", "4"), ("last", "3")],
                Some("taker"),
            ),
            (
                record(RecordError::PartnerNotFivePlayers),
                "record-partner-not-five",
                vec![],
                Some("partner"),
            ),
            (
                record(RecordError::PartnerSeat { partner: 6, last: 4 }),
                "record-partner-seat",
                vec![("partner", "6"), ("last", "4")],
                Some("partner"),
            ),
            (
                record(RecordError::PointsRange),
                "record-points-range",
                vec![],
                Some("points"),
            ),
            (
                record(RecordError::PointsNotHalf { points: "43.2".into() }),
                "record-points-not-half",
                vec![("points", "43.2")],
                Some("points"),
            ),
            (
                record(RecordError::OudlersRange { oudlers: 4 }),
                "record-oudlers-range",
                vec![("oudlers", "4")],
                Some("oudlers"),
            ),
            (
                record(RecordError::UnknownContract { value: "x".into() }),
                "record-unknown-contract",
                vec![("value", "x")],
                Some("contract"),
            ),
            (
                record(RecordError::PetiteRefused),
                "record-petite-refused",
                vec![],
                Some("contract"),
            ),
            (
                record(RecordError::MissingField {
                    field: "handfuls[0].size".into(),
                }),
                "record-missing-field",
                vec![("field", "handfuls[0].size")],
                Some("handfuls"),
            ),
            (
                record(RecordError::WrongType {
                    field: "chelem.made_by".into(),
                    expected: "a string or null",
                }),
                "record-wrong-type",
                vec![("field", "chelem.made_by"), ("expected", "a string or null")],
                Some("chelem"),
            ),
            (
                record(RecordError::ChelemAttackLost),
                "record-chelem-attack-lost",
                vec![],
                Some("chelem"),
            ),
        ]);
    }

    #[test]
    fn scored_at_a_table_of_five_with_the_dealer_out() {
        let d = TableDeal::from_json(&body()).unwrap();
        // Deal 1: player 10 deals and sits out; 20, 30, 40, 50 play.
        let s = d
            .score_at(
                &ids([10, 20, 30, 40, 50]),
                1,
                Table5Mode::DealerOut,
                &ScoringRules::default(),
            )
            .unwrap();
        // Zero sum; the taker alone against three takes three defenders' worth.
        let by: std::collections::HashMap<PlayerId, i32> = s.scores.iter().copied().collect();
        assert_eq!(by[&p(10)], 0);
        assert_eq!(by.values().sum::<i32>(), 0);
        assert_eq!(by[&p(30)], -3 * by[&p(20)]);
        // Canonical: handfuls in seat order.
        let TableDeal::Played(c) = &s.deal else { panic!() };
        assert_eq!(c.handfuls.iter().map(|h| h.0).collect::<Vec<_>>(), ids([20, 40]));
        // The dealer named as taker sits out.
        let e = d
            .score_at(
                &ids([30, 20, 10, 40, 50]),
                1,
                Table5Mode::DealerOut,
                &ScoringRules::default(),
            )
            .unwrap_err();
        assert_eq!(e, DealError::PlayerSitsOut { player: p(30) });
        let e = d
            .score_at(&ids([1, 2, 3, 4]), 1, Table5Mode::DealerOut, &ScoringRules::default())
            .unwrap_err();
        assert_eq!(e, DealError::PlayerNotAtTable { player: p(30) });
    }

    #[test]
    fn wrong_fields_are_refused_with_the_rules_core_sentence() {
        let mut b = body();
        b["points"] = json!("beaucoup");
        assert_eq!(
            TableDeal::from_json(&b).unwrap_err().to_string(),
            "points must be a number"
        );
        let mut b = body();
        b["contract"] = json!("grande");
        assert!(matches!(
            TableDeal::from_json(&b).unwrap_err(),
            DealError::Record(RecordError::UnknownContract { .. })
        ));
        let mut b = body();
        b["taker"] = json!(null);
        assert_eq!(TableDeal::from_json(&b).unwrap_err(), DealError::TakerRequired);
        let mut b = body();
        b["taker"] = json!(99999999999i64);
        assert_eq!(
            TableDeal::from_json(&b).unwrap_err(),
            DealError::BadPlayer { field: "taker" }
        );
        assert_eq!(TableDeal::from_json(&json!([1])).unwrap_err(), DealError::NotAnObject);
    }
}
