//! Small domain types of a deal: seats, points, contracts, camps, handfuls,
//! chelem and misère.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::error::RecordError;
use super::rules::ScoringRules;

/// A seat at a table, `0..players` in playing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat number as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat `k` places after this one in playing order, at a table of
    /// `players`.
    pub fn after(self, k: u8, players: u8) -> Seat {
        Seat(((u16::from(self.0) + u16::from(k)) % u16::from(players)) as u8)
    }

    /// The next seat in playing order at a table of `players`.
    pub fn next(self, players: u8) -> Seat {
        self.after(1, players)
    }

    /// Every seat of a table of `players`, from seat 0.
    pub fn all(players: u8) -> impl Iterator<Item = Seat> {
        (0..players).map(Seat)
    }

    /// This seat's bit in a set of seats kept as a bit mask.
    pub(crate) fn bit(self) -> u8 {
        1 << self.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Card points counted in half points (points × 2), so that 43.5 is exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct HalfPoints(pub u16);

impl HalfPoints {
    /// All the points of the deck: 91, i.e. 182 half points.
    pub const TOTAL: HalfPoints = HalfPoints(182);

    /// Converts points as entered (e.g. `43.5`): refuses values outside
    /// 0..=91 and values that are not a multiple of 0.5.
    pub fn from_points(points: f64) -> Result<HalfPoints, RecordError> {
        if !points.is_finite() || !(0.0..=91.0).contains(&points) {
            return Err(RecordError::PointsRange);
        }
        let half = points * 2.0;
        if half.fract() != 0.0 {
            return Err(RecordError::PointsNotHalf {
                points: format_points_f64(points),
            });
        }
        Ok(HalfPoints(half as u16))
    }

    /// The number of half points.
    pub fn get(self) -> u16 {
        self.0
    }

    /// The points as a float (exact: a multiple of 0.5).
    pub fn as_points(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl fmt::Display for HalfPoints {
    /// `43` or `43.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_multiple_of(2) {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

impl Serialize for HalfPoints {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_multiple_of(2) {
            s.serialize_u16(self.0 / 2)
        } else {
            s.serialize_f64(self.as_points())
        }
    }
}

impl<'de> Deserialize<'de> for HalfPoints {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<HalfPoints, D::Error> {
        let p = f64::deserialize(d)?;
        HalfPoints::from_points(p).map_err(serde::de::Error::custom)
    }
}

/// Formats a float the way a player typed it (`43.2`, `-3`, `100`).
pub(crate) fn format_points_f64(p: f64) -> String {
    if p.fract() == 0.0 && p.abs() < 1e15 {
        format!("{}", p as i64)
    } else {
        format!("{p}")
    }
}

/// The contract (bid) the taker plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Contract {
    /// Petite (prise), ×1.
    Petite,
    /// Garde, ×2.
    Garde,
    /// Garde sans (le chien), ×4: the dog counts for the attack.
    GardeSans,
    /// Garde contre (le chien), ×6 (×8 under the variant): the dog counts for the defence.
    GardeContre,
}

impl Contract {
    /// The four contracts, lowest first.
    pub const ALL: [Contract; 4] = [
        Contract::Petite,
        Contract::Garde,
        Contract::GardeSans,
        Contract::GardeContre,
    ];

    /// The multiplier M: 1, 2, 4, 6 (garde contre 8 under `garde_contre_x8`).
    pub fn multiplier(self, rules: &ScoringRules) -> i64 {
        match self {
            Contract::Petite => 1,
            Contract::Garde => 2,
            Contract::GardeSans => 4,
            Contract::GardeContre if rules.garde_contre_x8 => 8,
            Contract::GardeContre => 6,
        }
    }

    /// The wire name: `petite`, `garde`, `garde_sans`, `garde_contre`.
    pub fn name(self) -> &'static str {
        match self {
            Contract::Petite => "petite",
            Contract::Garde => "garde",
            Contract::GardeSans => "garde_sans",
            Contract::GardeContre => "garde_contre",
        }
    }

    /// Parses a wire name; the error names the expected values.
    pub fn from_name(name: &str) -> Result<Contract, RecordError> {
        match name {
            "petite" => Ok(Contract::Petite),
            "garde" => Ok(Contract::Garde),
            "garde_sans" => Ok(Contract::GardeSans),
            "garde_contre" => Ok(Contract::GardeContre),
            _ => Err(RecordError::UnknownContract {
                value: name.to_string(),
            }),
        }
    }

    /// Whether the taker takes the dog and discards an écart (petite, garde).
    pub fn has_ecart(self) -> bool {
        matches!(self, Contract::Petite | Contract::Garde)
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A camp: the attack (taker and partner) or the defence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Camp {
    /// The taker's camp.
    Attack,
    /// The other players.
    Defence,
}

impl Camp {
    /// The wire name: `attack` or `defence`.
    pub fn name(self) -> &'static str {
        match self {
            Camp::Attack => "attack",
            Camp::Defence => "defence",
        }
    }

    /// Parses a wire name (`defense` is accepted too); `field` names the
    /// record field for the error.
    pub fn from_name(name: &str, field: &'static str) -> Result<Camp, RecordError> {
        match name {
            "attack" => Ok(Camp::Attack),
            "defence" | "defense" => Ok(Camp::Defence),
            _ => Err(RecordError::UnknownCamp {
                field,
                value: name.to_string(),
            }),
        }
    }
}

/// Size of a declared handful (poignée).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandfulSize {
    /// Simple poignée.
    Simple,
    /// Double poignée.
    Double,
    /// Triple poignée.
    Triple,
}

impl HandfulSize {
    /// Trumps (the excuse may stand for one) to show, by table size:
    /// 3 players 13/15/18, 4 players 10/13/15, 5 players 8/10/13,
    /// 6 players 7/9/11. `None` for a table size other than 3 to 6.
    pub fn trumps_needed(self, players: u8) -> Option<u8> {
        let [s, d, t] = match players {
            3 => [13, 15, 18],
            4 => [10, 13, 15],
            5 => [8, 10, 13],
            6 => [7, 9, 11],
            _ => return None,
        };
        Some(match self {
            HandfulSize::Simple => s,
            HandfulSize::Double => d,
            HandfulSize::Triple => t,
        })
    }

    /// The bonus H: 20/30/40, or 20/40/60 under `handfuls_20_40_60`.
    pub fn bonus(self, rules: &ScoringRules) -> i64 {
        match (self, rules.handfuls_20_40_60) {
            (HandfulSize::Simple, _) => 20,
            (HandfulSize::Double, false) => 30,
            (HandfulSize::Triple, false) => 40,
            (HandfulSize::Double, true) => 40,
            (HandfulSize::Triple, true) => 60,
        }
    }

    /// The wire name: `simple`, `double`, `triple`.
    pub fn name(self) -> &'static str {
        match self {
            HandfulSize::Simple => "simple",
            HandfulSize::Double => "double",
            HandfulSize::Triple => "triple",
        }
    }

    /// Parses a wire name; the error names the expected values.
    pub fn from_name(name: &str) -> Result<HandfulSize, RecordError> {
        match name {
            "simple" => Ok(HandfulSize::Simple),
            "double" => Ok(HandfulSize::Double),
            "triple" => Ok(HandfulSize::Triple),
            _ => Err(RecordError::UnknownHandfulSize {
                value: name.to_string(),
            }),
        }
    }
}

/// A handful declared by the player at `seat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Handful {
    /// Who showed it.
    pub seat: Seat,
    /// Its size.
    pub size: HandfulSize,
}

/// The chelem (slam) of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Chelem {
    /// Whether the taker announced a chelem.
    #[serde(default)]
    pub announced: bool,
    /// The camp that took every trick, if one did.
    #[serde(default)]
    pub made_by: Option<Camp>,
}

/// The kind of a misère (variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MisereKind {
    /// No trump and no excuse in hand.
    Trumps,
    /// No face card (king, queen, knight, jack) in hand.
    Heads,
}

impl MisereKind {
    /// The wire name: `trumps` or `heads`.
    pub fn name(self) -> &'static str {
        match self {
            MisereKind::Trumps => "trumps",
            MisereKind::Heads => "heads",
        }
    }

    /// Parses a wire name; the error names the expected values.
    pub fn from_name(name: &str) -> Result<MisereKind, RecordError> {
        match name {
            "trumps" => Ok(MisereKind::Trumps),
            "heads" => Ok(MisereKind::Heads),
            _ => Err(RecordError::UnknownMisereKind {
                value: name.to_string(),
            }),
        }
    }
}

/// A misère declared by the player at `seat` (variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Misere {
    /// Who declared it.
    pub seat: Seat,
    /// What the hand lacked.
    pub kind: MisereKind,
}

/// Cards dealt to each player and to the dog, by table size.
pub(crate) fn deal_shape(players: u8) -> (u16, u16) {
    match players {
        3 => (24, 6),
        4 => (18, 6),
        6 => (12, 6),
        _ => (15, 3),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_and_contracts_are_written_as_on_the_wire() {
        assert_eq!(Seat(3).to_string(), "3");
        for c in Contract::ALL {
            assert_eq!(c.to_string(), c.name());
            assert_eq!(Contract::from_name(&c.to_string()), Ok(c));
        }
        assert_eq!(Contract::GardeSans.to_string(), "garde_sans");
        assert_eq!(serde_json::to_string(&Seat(3)).unwrap(), "3");
    }

    #[test]
    fn six_players_deal_twelve_each_and_show_handfuls_of_7_9_11() {
        assert_eq!(deal_shape(6), (12, 6));
        for players in 3..=6u8 {
            let (each, dog) = deal_shape(players);
            assert_eq!(each * u16::from(players) + dog, 78, "{players}");
        }
        let sizes = [HandfulSize::Simple, HandfulSize::Double, HandfulSize::Triple];
        assert_eq!(sizes.map(|s| s.trumps_needed(6)), [Some(7), Some(9), Some(11)]);
        assert_eq!(HandfulSize::Simple.trumps_needed(7), None);
    }

    #[test]
    fn seats_go_round_the_table() {
        assert_eq!(Seat(3).next(4), Seat(0));
        assert_eq!(Seat(2).after(3, 5), Seat(0));
        assert_eq!(Seat(4).after(255, 5), Seat(4));
        assert_eq!(Seat::all(3).collect::<Vec<_>>(), [Seat(0), Seat(1), Seat(2)]);
        assert_eq!(Seat(2).bit(), 0b100);
    }

    #[test]
    fn points_in_json_are_whole_or_a_half() {
        assert_eq!(serde_json::to_string(&HalfPoints(86)).unwrap(), "43");
        assert_eq!(serde_json::to_string(&HalfPoints(87)).unwrap(), "43.5");
        assert_eq!(serde_json::to_string(&HalfPoints(1)).unwrap(), "0.5");
        for (json, half) in [("43", 86), ("43.5", 87), ("0", 0), ("91", 182)] {
            assert_eq!(
                serde_json::from_str::<HalfPoints>(json).unwrap(),
                HalfPoints(half),
                "{json}"
            );
        }
        for bad in ["91.5", "-1", "43.2", "\"43\"", "null"] {
            assert!(serde_json::from_str::<HalfPoints>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn points_are_echoed_as_typed() {
        assert_eq!(format_points_f64(100.0), "100");
        assert_eq!(format_points_f64(-3.0), "-3");
        assert_eq!(format_points_f64(43.2), "43.2");
        // Rust writes -0.0 as "-0": a player who typed -0 sees 0.
        assert_eq!(format_points_f64(-0.0), "0");
        // Beyond what an i64 holds, the float itself (not i64::MAX).
        assert_eq!(format_points_f64(1e20), "100000000000000000000");
        assert_eq!(format_points_f64(-1e20), "-100000000000000000000");
    }
}
