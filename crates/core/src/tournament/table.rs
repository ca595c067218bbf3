//! Pure rules of a round and its tables: how tables of 5 play, who plays
//! deal k, the round's state, the organizer's seating constraints (from
//! [`super::constraint`]), and when
//! the seating planned at round 1 can still be followed.

use serde::{Deserialize, Serialize};

use super::ids::PlayerId;

pub use super::constraint::{broken_at, constraint_lists, kept_in_rooms, Constraint, ConstraintKind, ConstraintLists};

/// How tables of 5 play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Table5Mode {
    /// FFT tournament mode: the dealer sits out and does not score.
    #[default]
    DealerOut,
    /// The 5-player called-king game.
    CalledKing,
}

impl Table5Mode {
    /// Parses the stored name.
    pub fn from_name(s: &str) -> Option<Table5Mode> {
        match s {
            "dealer_out" => Some(Table5Mode::DealerOut),
            "called_king" => Some(Table5Mode::CalledKing),
            _ => None,
        }
    }
    /// The stored name.
    pub fn name(self) -> &'static str {
        match self {
            Table5Mode::DealerOut => "dealer_out",
            Table5Mode::CalledKing => "called_king",
        }
    }
}

/// The seat (index in `table_players`) that deals deal `number` (1-based).
pub fn dealer_seat(players: usize, number: i32) -> usize {
    (number - 1).rem_euclid(players.max(1) as i32) as usize
}

/// The players who play deal `number` at a table (seat order), and the one
/// sitting out: at a table of 5 in FFT mode the dealer neither plays nor scores.
pub fn deal_players<P: Copy>(table_players: &[P], number: i32, mode: Table5Mode) -> (Vec<P>, Option<P>) {
    if table_players.len() == 5 && mode == Table5Mode::DealerOut {
        let dealer = dealer_seat(5, number);
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

/// How many of the deals numbered `numbers` at a table of `size` players the
/// player at `seat` played and scored: all of them, except, at a table of 5
/// in FFT mode, the deals they dealt (and sat out).
pub fn deals_played(size: usize, seat: usize, numbers: &[i32], mode: Table5Mode) -> u32 {
    let sits_out = |k: i32| size == 5 && mode == Table5Mode::DealerOut && dealer_seat(5, k) == seat;
    numbers.iter().filter(|k| !sits_out(**k)).count() as u32
}

/// Whether a round still takes deals from its tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundStatus {
    /// Seated, deals coming in.
    #[default]
    Open,
    /// Final: only the organizer corrects, with a reason.
    Closed,
}

impl RoundStatus {
    /// Parses the stored name.
    pub fn from_name(s: &str) -> Option<RoundStatus> {
        match s {
            "open" => Some(RoundStatus::Open),
            "closed" => Some(RoundStatus::Closed),
            _ => None,
        }
    }
    /// The stored name.
    pub fn name(self) -> &'static str {
        match self {
            RoundStatus::Open => "open",
            RoundStatus::Closed => "closed",
        }
    }
}

/// The seating planned for the whole tournament at round 1, followed while
/// the players and the constraints stay the same.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct StoredPlan {
    /// The players it was made for, sorted.
    pub players: Vec<PlayerId>,
    /// The constraints it was made with (a fingerprint).
    pub constraints: String,
    /// Every round's tables, player ids in seat order.
    pub rounds: Vec<Vec<Vec<PlayerId>>>,
}

impl StoredPlan {
    /// The fingerprint of the constraints a plan is made with.
    pub fn fingerprint(lists: &ConstraintLists, extra_fives: i32) -> String {
        // Bare numbers, as plans stored before the ids had their own types.
        let avoid: Vec<(i32, i32)> = lists.0.iter().map(|(a, b)| (a.get(), b.get())).collect();
        let fixed: Vec<(i32, usize)> = lists.1.iter().map(|(a, t)| (a.get(), *t)).collect();
        format!("{avoid:?}{fixed:?}{extra_fives}")
    }

    /// The tables of round `number` if the plan still holds: same players,
    /// same constraints, and every round so far seated as planned.
    pub fn round_to_follow(
        &self,
        active: &[PlayerId],
        fingerprint: &str,
        past: &[Vec<Vec<PlayerId>>],
        number: usize,
    ) -> Option<Vec<Vec<PlayerId>>> {
        let usable = self.players == active
            && self.constraints == fingerprint
            && self.rounds.len() >= number
            && past.len() < number
            && self.rounds[..past.len()] == past[..];
        usable.then(|| self.rounds[number - 1].clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn deals_played_leave_out_the_deals_a_player_sat_out() {
        let all = [1, 2, 3, 4, 5];
        // FFT table of 5: each seat deals (and sits out) deal seat + 1.
        for seat in 0..5 {
            assert_eq!(deals_played(5, seat, &all, Table5Mode::DealerOut), 4, "seat {seat}");
        }
        // Deals 1, 2 and 6 entered: seat 0 dealt 1 and 6, seat 1 dealt 2.
        assert_eq!(deals_played(5, 0, &[1, 2, 6], Table5Mode::DealerOut), 1);
        assert_eq!(deals_played(5, 1, &[1, 2, 6], Table5Mode::DealerOut), 2);
        assert_eq!(deals_played(5, 4, &[1, 2, 6], Table5Mode::DealerOut), 3);
        // The called-king game and smaller tables: everyone plays every deal.
        assert_eq!(deals_played(5, 0, &all, Table5Mode::CalledKing), 5);
        assert_eq!(deals_played(4, 0, &all[..4], Table5Mode::DealerOut), 4);
        assert_eq!(deals_played(3, 2, &all[..3], Table5Mode::DealerOut), 3);
        assert_eq!(deals_played(5, 2, &[], Table5Mode::DealerOut), 0);
    }

    #[test]
    fn the_dealer_sits_out_at_a_table_of_five_in_fft_mode() {
        let table = [10, 20, 30, 40, 50];
        assert_eq!(
            deal_players(&table, 1, Table5Mode::DealerOut),
            (vec![20, 30, 40, 50], Some(10))
        );
        assert_eq!(
            deal_players(&table, 2, Table5Mode::DealerOut),
            (vec![10, 30, 40, 50], Some(20))
        );
        assert_eq!(
            deal_players(&table, 6, Table5Mode::DealerOut),
            (vec![20, 30, 40, 50], Some(10))
        );
        assert_eq!(deal_players(&table, 3, Table5Mode::CalledKing), (table.to_vec(), None));
        // Tables of 4 and 3: everyone plays, whatever the mode.
        assert_eq!(
            deal_players(&[1, 2, 3, 4], 2, Table5Mode::DealerOut),
            (vec![1, 2, 3, 4], None)
        );
        assert_eq!(
            deal_players(&[1, 2, 3], 3, Table5Mode::DealerOut),
            (vec![1, 2, 3], None)
        );
        assert_eq!(dealer_seat(4, 5), 0);
        assert_eq!(dealer_seat(3, 3), 2);
    }

    #[test]
    fn names_round_trip() {
        for m in [Table5Mode::DealerOut, Table5Mode::CalledKing] {
            assert_eq!(Table5Mode::from_name(m.name()), Some(m));
        }
        for s in [RoundStatus::Open, RoundStatus::Closed] {
            assert_eq!(RoundStatus::from_name(s.name()), Some(s));
        }
        assert_eq!(RoundStatus::from_name("Closed"), None);
        assert_eq!(Table5Mode::from_name(""), None);
    }

    /// A constraint added, removed or moved, or another number of tables of
    /// 5, gives another fingerprint: the stored plan is then not followed.
    #[test]
    fn the_fingerprint_changes_with_every_constraint() {
        let p = PlayerId::new;
        let base: ConstraintLists = (vec![(p(1), p(2))], vec![(p(3), 2)]);
        let fp = StoredPlan::fingerprint(&base, 0);
        // As stored before the ids had their own types.
        assert_eq!(fp, "[(1, 2)][(3, 2)]0");
        assert_eq!(StoredPlan::fingerprint(&base.clone(), 0), fp);
        let others = [
            StoredPlan::fingerprint(&(vec![], vec![(p(3), 2)]), 0),
            StoredPlan::fingerprint(&(vec![(p(1), p(2)), (p(4), p(5))], vec![(p(3), 2)]), 0),
            StoredPlan::fingerprint(&(vec![(p(1), p(2))], vec![]), 0),
            StoredPlan::fingerprint(&(vec![(p(1), p(2))], vec![(p(3), 1)]), 0),
            StoredPlan::fingerprint(&base, 1),
            StoredPlan::fingerprint(&(vec![], vec![]), 0),
        ];
        let mut all: BTreeSet<&str> = others.iter().map(String::as_str).collect();
        all.insert(&fp);
        assert_eq!(all.len(), others.len() + 1, "{all:?}");
    }

    #[test]
    fn the_plan_is_followed_only_while_nothing_changed() {
        let ids = |v: &[i32]| v.iter().copied().map(PlayerId::new).collect::<Vec<_>>();
        let plan = StoredPlan {
            players: ids(&[1, 2, 3, 4, 5, 6, 7, 8]),
            constraints: "fp".into(),
            rounds: vec![
                vec![ids(&[1, 2, 3, 4]), ids(&[5, 6, 7, 8])],
                vec![ids(&[1, 5, 2, 6]), ids(&[3, 7, 4, 8])],
            ],
        };
        let active = plan.players.clone();
        let r1 = plan.rounds[0].clone();
        assert_eq!(plan.round_to_follow(&active, "fp", &[], 1), Some(r1.clone()));
        assert_eq!(
            plan.round_to_follow(&active, "fp", std::slice::from_ref(&r1), 2),
            Some(plan.rounds[1].clone())
        );
        // Past the plan, another player, other constraints, or a round seated otherwise.
        assert_eq!(plan.round_to_follow(&active, "fp", &plan.rounds, 3), None);
        assert_eq!(
            plan.round_to_follow(&active[..7], "fp", std::slice::from_ref(&r1), 2),
            None
        );
        assert_eq!(plan.round_to_follow(&active, "other", &[r1], 2), None);
        assert_eq!(plan.round_to_follow(&active, "fp", &[plan.rounds[1].clone()], 2), None);
        // The rounds before the one asked for, not that round itself.
        assert_eq!(plan.round_to_follow(&active, "fp", &plan.rounds, 2), None);
    }
}
