//! Rooms (salles): a large session's tables spread over several rooms.
//!
//! The tables go to the rooms in order: the first room holds its first
//! `tables` tables, the next room the following ones, and the last room
//! whatever is left over (a round is never refused for want of room). A
//! table keeps one number inside Chelem (its links, its deals); what the
//! room sees is that number (numbering run on across rooms) or its rank in
//! its room (numbering restarting per room). A player may be kept in one
//! room (reduced mobility): after the seating, whole tables trade places
//! so that such a player's table is in their room.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::ids::{PlayerId, RoomNo, TableNo};

/// How the tables are numbered across rooms (in JSON by its stored name,
/// `run-on` or `restart`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Numbering {
    /// One sequence over the whole hall: room 2 starts where room 1 ended.
    #[default]
    RunOn,
    /// Each room numbers its tables from 1.
    Restart,
}

impl Numbering {
    /// Parses the stored (and submitted) name.
    pub fn from_name(s: &str) -> Option<Numbering> {
        match s {
            "run-on" => Some(Numbering::RunOn),
            "restart" => Some(Numbering::Restart),
            _ => None,
        }
    }

    /// The stored name.
    pub fn name(self) -> &'static str {
        match self {
            Numbering::RunOn => "run-on",
            Numbering::Restart => "restart",
        }
    }

    /// Whether it is the default (left out of export documents).
    pub fn is_run_on(&self) -> bool {
        *self == Numbering::RunOn
    }
}

/// One room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Room {
    /// Its number: the rooms' order, from 1.
    pub number: RoomNo,
    /// Its name, as the hall calls it ("Salle A", "Mezzanine").
    pub name: String,
    /// How many tables it holds (the last room takes any more).
    pub tables: i32,
}

/// A number no room of the tournament has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoSuchRoom;

/// A table as a room sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableLabel {
    /// The room's number and name (none in a one-room tournament).
    pub room: Option<(RoomNo, String)>,
    /// The number shown in the room.
    pub number: i32,
}

/// The rooms of a tournament and how their tables are numbered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    /// The rooms in order (none: one room, unnamed).
    pub rooms: Vec<Room>,
    /// Numbering across rooms.
    pub numbering: Numbering,
}

impl Layout {
    /// Whether the tournament is one room.
    pub fn is_single(&self) -> bool {
        self.rooms.is_empty()
    }

    /// The index in `rooms` of the room holding table `n` (1-based).
    pub fn room_index(&self, n: TableNo) -> Option<usize> {
        let last = self.rooms.len().checked_sub(1)?;
        let mut first = 1;
        for (i, r) in self.rooms.iter().enumerate() {
            if n.get() < first + r.tables.max(0) || i == last {
                return Some(i);
            }
            first += r.tables.max(0);
        }
        None
    }

    /// The first table number of room index `i`.
    fn first_of(&self, i: usize) -> i32 {
        1 + self.rooms[..i].iter().map(|r| r.tables.max(0)).sum::<i32>()
    }

    /// The room holding table `n`.
    pub fn room_of(&self, n: TableNo) -> Option<&Room> {
        self.room_index(n).map(|i| &self.rooms[i])
    }

    /// The room whose first table is table `n` (where a room's heading goes).
    pub fn opened_by(&self, n: TableNo) -> Option<&Room> {
        self.room_index(n)
            .filter(|&i| self.first_of(i) == n.get())
            .map(|i| &self.rooms[i])
    }

    /// Whether table `n` is in room `number`.
    pub fn holds(&self, number: RoomNo, n: TableNo) -> bool {
        self.room_of(n).is_some_and(|r| r.number == number)
    }

    /// The room a query names by its number (`?room=2`): `Ok(None)` when
    /// none is named, an error for a number the tournament has no room of.
    pub fn asked(&self, typed: Option<&str>) -> Result<Option<&Room>, NoSuchRoom> {
        match typed.map(str::trim).filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(s) => s
                .parse::<RoomNo>()
                .ok()
                .and_then(|r| self.room(r))
                .map(Some)
                .ok_or(NoSuchRoom),
        }
    }

    /// The room numbered `number`.
    pub fn room(&self, number: RoomNo) -> Option<&Room> {
        self.rooms.iter().find(|r| r.number == number)
    }

    /// Table `n` as its room sees it.
    pub fn label(&self, n: TableNo) -> TableLabel {
        match self.room_index(n) {
            None => TableLabel {
                room: None,
                number: n.get(),
            },
            Some(i) => {
                let r = &self.rooms[i];
                let number = match self.numbering {
                    Numbering::RunOn => n.get(),
                    Numbering::Restart => n.get() - self.first_of(i) + 1,
                };
                TableLabel {
                    room: Some((r.number, r.name.clone())),
                    number,
                }
            }
        }
    }

    /// The table numbers (1-based) of room `number` in a round of `total`
    /// tables (empty when the room holds none of them).
    pub fn tables_of(&self, number: RoomNo, total: usize) -> Range<usize> {
        let Some(i) = self.rooms.iter().position(|r| r.number == number) else {
            return 1..1;
        };
        let first = self.first_of(i) as usize;
        let end = if i + 1 == self.rooms.len() {
            total + 1
        } else {
            first + self.rooms[i].tables.max(0) as usize
        };
        first.min(total + 1)..end.min(total + 1)
    }
}

/// Moves tables (index `i` is table `i + 1`), then players, so that every
/// player of `kept` sits in the room given. First whole tables: a table
/// holding such a player out of their room trades places with a table of
/// the same size in that room, one holding no player of `fixed` (held at
/// their table number) and not itself in its wanted room. Then, for a
/// player still out (no table of that size there), the player trades seats
/// with a player of that room who is neither kept there nor fixed. Returns
/// the players that could not be kept there (every seat of the room held),
/// in id order. Rooms unknown to `layout` are ignored.
pub fn keep_in_rooms(
    layout: &Layout,
    tables: &mut [Vec<PlayerId>],
    kept: &BTreeMap<PlayerId, RoomNo>,
    fixed: &BTreeSet<PlayerId>,
) -> Vec<PlayerId> {
    let kept: BTreeMap<PlayerId, RoomNo> = kept
        .iter()
        .filter(|(_, r)| layout.room(**r).is_some())
        .map(|(p, r)| (*p, *r))
        .collect();
    move_tables(layout, tables, &kept, fixed);
    trade_seats(layout, tables, &kept, fixed);
    out_of_room(layout, tables, &kept).into_iter().map(|(_, p)| p).collect()
}

/// The room holding the table at index `t`.
fn room_at(layout: &Layout, t: usize) -> Option<RoomNo> {
    layout.room_of(TableNo::new(t as i32 + 1)).map(|r| r.number)
}

/// The kept players out of their room, with their table's index, by id.
fn out_of_room(layout: &Layout, tables: &[Vec<PlayerId>], kept: &BTreeMap<PlayerId, RoomNo>) -> Vec<(usize, PlayerId)> {
    let mut out: Vec<(usize, PlayerId)> = tables
        .iter()
        .enumerate()
        .flat_map(|(t, table)| {
            let here = room_at(layout, t);
            table
                .iter()
                .filter(move |p| kept.get(p).is_some_and(|r| Some(*r) != here))
                .map(move |p| (t, *p))
        })
        .collect();
    out.sort_by_key(|(_, p)| *p);
    out
}

/// Whole tables trade places (see [`keep_in_rooms`]).
fn move_tables(
    layout: &Layout,
    tables: &mut [Vec<PlayerId>],
    kept: &BTreeMap<PlayerId, RoomNo>,
    fixed: &BTreeSet<PlayerId>,
) {
    let pinned: BTreeSet<usize> = (0..tables.len())
        .filter(|&t| tables[t].iter().any(|p| fixed.contains(p)))
        .collect();
    // The room each table wants: that of most of its kept players (ties: the
    // lower room number).
    let want_of = |table: &[PlayerId]| {
        let mut count: BTreeMap<RoomNo, usize> = BTreeMap::new();
        for p in table {
            if let Some(r) = kept.get(p) {
                *count.entry(*r).or_default() += 1;
            }
        }
        count
            .iter()
            .max_by_key(|(r, n)| (**n, std::cmp::Reverse(**r)))
            .map(|(r, _)| *r)
    };
    let mut want: Vec<Option<RoomNo>> = tables.iter().map(|t| want_of(t)).collect();
    for t in 0..tables.len() {
        let (Some(w), here) = (want[t], room_at(layout, t)) else {
            continue;
        };
        if here == Some(w) || pinned.contains(&t) {
            continue;
        }
        let size = tables[t].len();
        let fits = |j: usize| j != t && !pinned.contains(&j) && tables[j].len() == size && want[j] != Some(w);
        // A table that wants this one's room first, then one that wants none,
        // then any other.
        let candidates: Vec<usize> = layout
            .tables_of(w, tables.len())
            .map(|n| n - 1)
            .filter(|&j| fits(j))
            .collect();
        let pick = candidates
            .iter()
            .find(|&&j| want[j].is_some() && want[j] == here)
            .or_else(|| candidates.iter().find(|&&j| want[j].is_none()))
            .or_else(|| candidates.first())
            .copied();
        if let Some(j) = pick {
            tables.swap(t, j);
            want.swap(t, j);
        }
    }
}

/// Players still out of their room trade seats (see [`keep_in_rooms`]): with
/// a player kept in this table's room first (both gain), else with one kept
/// nowhere.
fn trade_seats(
    layout: &Layout,
    tables: &mut [Vec<PlayerId>],
    kept: &BTreeMap<PlayerId, RoomNo>,
    fixed: &BTreeSet<PlayerId>,
) {
    for (_, p) in out_of_room(layout, tables, kept) {
        // Where the player sits now (an earlier trade may have moved them).
        let Some(t) = tables.iter().position(|table| table.contains(&p)) else {
            continue;
        };
        let here = room_at(layout, t);
        if fixed.contains(&p) || here == Some(kept[&p]) {
            continue;
        }
        let seats: Vec<(usize, usize)> = layout
            .tables_of(kept[&p], tables.len())
            .map(|n| n - 1)
            .flat_map(|j| (0..tables[j].len()).map(move |s| (j, s)))
            .filter(|&(j, s)| {
                let q = &tables[j][s];
                !fixed.contains(q) && kept.get(q).is_none_or(|r| Some(*r) != room_at(layout, j))
            })
            .collect();
        let pick = seats
            .iter()
            .find(|&&(j, s)| here.is_some() && kept.get(&tables[j][s]).copied() == here)
            .or_else(|| seats.iter().find(|&&(j, s)| !kept.contains_key(&tables[j][s])))
            .copied();
        if let Some((j, s)) = pick {
            let i = tables[t].iter().position(|x| *x == p).expect("the player sits here");
            let q = std::mem::replace(&mut tables[j][s], p);
            tables[t][i] = q;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(tables: &[i32], numbering: Numbering) -> Layout {
        Layout {
            rooms: tables
                .iter()
                .enumerate()
                .map(|(i, &n)| Room {
                    number: RoomNo::new(i as i32 + 1),
                    name: format!("Salle {}", (b'A' + i as u8) as char),
                    tables: n,
                })
                .collect(),
            numbering,
        }
    }

    #[test]
    fn tables_go_to_the_rooms_in_order_and_the_last_takes_the_rest() {
        let l = layout(&[3, 2], Numbering::RunOn);
        let rooms: Vec<i32> = (1..=8)
            .map(|n| l.room_of(TableNo::new(n)).unwrap().number.get())
            .collect();
        assert_eq!(rooms, [1, 1, 1, 2, 2, 2, 2, 2]);
        assert_eq!(l.tables_of(RoomNo::new(1), 8), 1..4);
        assert_eq!(l.tables_of(RoomNo::new(2), 8), 4..9);
        // A round of 2 tables: room 2 holds none.
        assert_eq!(l.tables_of(RoomNo::new(2), 2), 3..3);
        assert_eq!(l.tables_of(RoomNo::new(3), 8), 1..1);
        assert!(Layout::default().room_of(TableNo::new(1)).is_none());
        let opening: Vec<i32> = (1..=8)
            .filter_map(|n| l.opened_by(TableNo::new(n)).map(|_| n))
            .collect();
        assert_eq!(opening, [1, 4]);
        assert!(l.holds(RoomNo::new(2), TableNo::new(8)) && !l.holds(RoomNo::new(1), TableNo::new(4)));
        assert_eq!(l.asked(None), Ok(None));
        assert_eq!(l.asked(Some("")), Ok(None));
        assert_eq!(l.asked(Some("2")).unwrap().unwrap().name, "Salle B");
        assert_eq!(l.asked(Some("3")), Err(NoSuchRoom));
        assert_eq!(l.asked(Some("deux")), Err(NoSuchRoom));
    }

    #[test]
    fn numbers_run_on_or_restart_per_room() {
        let on = layout(&[3, 2], Numbering::RunOn);
        let restart = Layout {
            numbering: Numbering::Restart,
            ..on.clone()
        };
        let shown = |l: &Layout| (1..=6).map(|n| l.label(TableNo::new(n)).number).collect::<Vec<_>>();
        assert_eq!(shown(&on), [1, 2, 3, 4, 5, 6]);
        assert_eq!(shown(&restart), [1, 2, 3, 1, 2, 3]);
        assert_eq!(
            restart.label(TableNo::new(5)).room,
            Some((RoomNo::new(2), "Salle B".to_owned()))
        );
        assert_eq!(
            Layout::default().label(TableNo::new(7)),
            TableLabel { room: None, number: 7 }
        );
        for n in ["run-on", "restart"] {
            assert_eq!(Numbering::from_name(n).unwrap().name(), n);
        }
        assert!(Numbering::from_name("other").is_none());
    }

    fn ids(v: &[i32]) -> Vec<PlayerId> {
        v.iter().map(|&p| PlayerId::new(p)).collect()
    }

    #[test]
    fn a_player_kept_in_a_room_gets_a_table_there() {
        let l = layout(&[2, 2], Numbering::RunOn);
        let mut tables = vec![
            ids(&[1, 2, 3, 4, 5]),
            ids(&[6, 7, 8, 9]),
            ids(&[10, 11, 12, 13]),
            ids(&[14, 15, 16, 17]),
        ];
        // Player 7 (table 2, room 1) kept in room 2; player 15 (table 4,
        // room 2) kept in room 1: tables 2 and 4 trade places.
        let kept = BTreeMap::from([(PlayerId::new(7), RoomNo::new(2)), (PlayerId::new(15), RoomNo::new(1))]);
        let left = keep_in_rooms(&l, &mut tables, &kept, &BTreeSet::new());
        assert!(left.is_empty(), "{left:?}");
        assert_eq!(tables[1], ids(&[14, 15, 16, 17]));
        assert_eq!(tables[3], ids(&[6, 7, 8, 9]));
        // Nobody was lost or doubled.
        let mut all: Vec<i32> = tables.iter().flatten().map(|p| p.get()).collect();
        all.sort();
        assert_eq!(all, (1..=17).collect::<Vec<_>>());
    }

    #[test]
    fn a_player_trades_seats_when_no_table_can_move() {
        let l = layout(&[1, 2], Numbering::RunOn);
        let sizes = |t: &[Vec<PlayerId>]| t.iter().map(Vec::len).collect::<Vec<_>>();
        // Player 1 at the table of 5 (table 1) kept in room 2, where the
        // tables are of 4: the table stays, player 1 trades seats with a
        // player of room 2.
        let mut tables = vec![ids(&[1, 2, 3, 4, 5]), ids(&[6, 7, 8, 9]), ids(&[10, 11, 12, 13])];
        let kept = BTreeMap::from([(PlayerId::new(1), RoomNo::new(2))]);
        assert!(keep_in_rooms(&l, &mut tables, &kept, &BTreeSet::new()).is_empty());
        assert_eq!(sizes(&tables), [5, 4, 4]);
        assert!(!tables[0].contains(&PlayerId::new(1)));

        // Two players kept in different rooms at one table: one moves.
        let mut tables = vec![ids(&[1, 2, 3, 4]), ids(&[5, 6, 7, 8])];
        let kept = BTreeMap::from([
            (PlayerId::new(1), RoomNo::new(1)),
            (PlayerId::new(2), RoomNo::new(2)),
            (PlayerId::new(3), RoomNo::new(9)),
        ]);
        assert!(keep_in_rooms(&l, &mut tables, &kept, &BTreeSet::new()).is_empty());
        assert!(tables[0].contains(&PlayerId::new(1)) && tables[1].contains(&PlayerId::new(2)));
    }

    #[test]
    fn fixed_players_stay_and_a_full_room_is_said() {
        let l = layout(&[1, 2], Numbering::Restart);
        // Player 1 is held at table 1: its table does not move, and player 6
        // (kept in room 1) takes the seat of another player there.
        let mut tables = vec![ids(&[1, 2, 3, 4]), ids(&[5, 6, 7, 8])];
        let kept = BTreeMap::from([(PlayerId::new(6), RoomNo::new(1))]);
        let fixed = BTreeSet::from([PlayerId::new(1)]);
        assert!(keep_in_rooms(&l, &mut tables, &kept, &fixed).is_empty());
        assert!(tables[0].contains(&PlayerId::new(1)) && tables[0].contains(&PlayerId::new(6)));

        // Five players kept in room 1, which seats four: one is left out.
        let mut tables = vec![ids(&[1, 2, 3, 4]), ids(&[5, 6, 7, 8]), ids(&[9, 10, 11, 12])];
        let kept: BTreeMap<PlayerId, RoomNo> = [2, 5, 6, 9, 10]
            .into_iter()
            .map(|p| (PlayerId::new(p), RoomNo::new(1)))
            .collect();
        let left = keep_in_rooms(&l, &mut tables, &kept, &BTreeSet::new());
        assert_eq!(left.len(), 1, "{left:?} {tables:?}");
        assert_eq!(tables[0].iter().filter(|p| kept.contains_key(p)).count(), 4);
        let mut all: Vec<i32> = tables.iter().flatten().map(|p| p.get()).collect();
        all.sort();
        assert_eq!(all, (1..=12).collect::<Vec<_>>());
    }
}
