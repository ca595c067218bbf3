//! The organizer's seating constraints: two players kept apart, a player
//! held at one table or in one room; what the seating engine takes of them
//! and what a table breaks.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::ids::{PlayerId, RoomNo, TableNo};
use super::rooms::Layout;

/// The kind of a seating constraint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConstraintKind {
    /// Two players never at one table.
    Apart,
    /// A player always at one table number.
    Fixed,
    /// A player always in one room (reduced mobility).
    Room,
}

impl ConstraintKind {
    /// Parses the stored (and submitted) name.
    pub fn from_name(s: &str) -> Option<ConstraintKind> {
        match s {
            "apart" => Some(ConstraintKind::Apart),
            "fixed" => Some(ConstraintKind::Fixed),
            "room" => Some(ConstraintKind::Room),
            _ => None,
        }
    }
    /// The stored name.
    pub fn name(self) -> &'static str {
        match self {
            ConstraintKind::Apart => "apart",
            ConstraintKind::Fixed => "fixed",
            ConstraintKind::Room => "room",
        }
    }
}

/// A seating constraint set by the organizer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Constraint {
    /// These two players never sit at one table.
    Apart(PlayerId, PlayerId),
    /// This player always sits at this table number (1-based).
    Fixed(PlayerId, TableNo),
    /// This player always sits in this room.
    Room(PlayerId, RoomNo),
}

/// Pairs to keep apart, and players held at a table number, as the seating
/// engine takes them: only the constraints whose players all play. Two
/// players kept in different rooms are a pair to keep apart.
pub type ConstraintLists = (Vec<(PlayerId, PlayerId)>, Vec<(PlayerId, usize)>);

/// The constraints that apply to the players of a round.
pub fn constraint_lists(constraints: &[Constraint], active: &BTreeSet<PlayerId>) -> ConstraintLists {
    let mut avoid = Vec::new();
    let mut fixed = Vec::new();
    for c in constraints {
        match *c {
            Constraint::Apart(a, b) if active.contains(&a) && active.contains(&b) => avoid.push((a, b)),
            // A table number is at least 1 (its type says so).
            Constraint::Fixed(a, t) if active.contains(&a) => fixed.push((a, t.get() as usize)),
            _ => {}
        }
    }
    let rooms: Vec<(PlayerId, RoomNo)> = kept_in_rooms(constraints, active).into_iter().collect();
    for (i, &(a, ra)) in rooms.iter().enumerate() {
        avoid.extend(rooms[i + 1..].iter().filter(|(_, rb)| *rb != ra).map(|&(b, _)| (a, b)));
    }
    (avoid, fixed)
}

/// The players of a round kept in a room, and their room.
pub fn kept_in_rooms(constraints: &[Constraint], active: &BTreeSet<PlayerId>) -> BTreeMap<PlayerId, RoomNo> {
    constraints
        .iter()
        .filter_map(|c| match *c {
            Constraint::Room(a, r) if active.contains(&a) => Some((a, r)),
            _ => None,
        })
        .collect()
}

/// The constraints a table breaks when `players` sit at table `number`:
/// two players to keep apart both there, a player held at another table, a
/// player kept in another room (one `rooms` has).
pub fn broken_at(constraints: &[Constraint], rooms: &Layout, number: TableNo, players: &[PlayerId]) -> Vec<Constraint> {
    let here = rooms.room_of(number).map(|r| r.number);
    constraints
        .iter()
        .filter(|c| match **c {
            Constraint::Apart(a, b) => players.contains(&a) && players.contains(&b),
            Constraint::Fixed(a, t) => players.contains(&a) && t != number,
            Constraint::Room(a, r) => players.contains(&a) && rooms.room(r).is_some() && here != Some(r),
        })
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip() {
        for k in [ConstraintKind::Apart, ConstraintKind::Fixed, ConstraintKind::Room] {
            assert_eq!(ConstraintKind::from_name(k.name()), Some(k));
        }
        assert_eq!(ConstraintKind::from_name("Room"), None);
    }

    #[test]
    fn a_table_breaks_the_constraints_its_players_are_under() {
        let (a, b, c) = (PlayerId::new(1), PlayerId::new(2), PlayerId::new(3));
        let constraints = [
            Constraint::Apart(a, b),
            Constraint::Fixed(c, TableNo::new(2)),
            Constraint::Room(a, RoomNo::new(2)),
        ];
        let one = Layout::default();
        assert_eq!(
            broken_at(&constraints, &one, TableNo::new(1), &[a, c]),
            vec![constraints[1]]
        );
        assert_eq!(
            broken_at(&constraints, &one, TableNo::new(2), &[a, b, c]),
            vec![constraints[0]]
        );
        assert!(broken_at(&constraints, &one, TableNo::new(2), &[a, c]).is_empty());
        // Two rooms of one table each: table 1 is out of room 2.
        let room = |n: i32| crate::tournament::rooms::Room {
            number: RoomNo::new(n),
            name: format!("{n}"),
            tables: 1,
        };
        let two = Layout {
            rooms: vec![room(1), room(2)],
            ..Layout::default()
        };
        assert_eq!(
            broken_at(&constraints, &two, TableNo::new(1), &[a]),
            vec![constraints[2]]
        );
        assert!(broken_at(&constraints, &two, TableNo::new(2), &[a, c]).is_empty());
    }

    #[test]
    fn constraints_apply_only_to_players_who_play() {
        let active: BTreeSet<PlayerId> = [1, 2, 3, 5].into_iter().map(PlayerId::new).collect();
        let cs = [
            Constraint::Apart(PlayerId::new(1), PlayerId::new(2)),
            Constraint::Apart(PlayerId::new(1), PlayerId::new(4)),
            Constraint::Fixed(PlayerId::new(3), TableNo::new(2)),
            Constraint::Fixed(PlayerId::new(4), TableNo::new(1)),
            Constraint::Room(PlayerId::new(2), RoomNo::new(1)),
            Constraint::Room(PlayerId::new(3), RoomNo::new(2)),
            Constraint::Room(PlayerId::new(5), RoomNo::new(1)),
            Constraint::Room(PlayerId::new(4), RoomNo::new(3)),
        ];
        // 2 and 3 are kept in different rooms: apart; 2 and 5 in the same.
        assert_eq!(
            constraint_lists(&cs, &active),
            (
                vec![
                    (PlayerId::new(1), PlayerId::new(2)),
                    (PlayerId::new(2), PlayerId::new(3)),
                    (PlayerId::new(3), PlayerId::new(5))
                ],
                vec![(PlayerId::new(3), 2)]
            )
        );
        assert_eq!(
            kept_in_rooms(&cs, &active),
            BTreeMap::from([
                (PlayerId::new(2), RoomNo::new(1)),
                (PlayerId::new(3), RoomNo::new(2)),
                (PlayerId::new(5), RoomNo::new(1))
            ])
        );
    }
}
