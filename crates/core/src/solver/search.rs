//! The search: alpha-beta on the taker's final score (the attack
//! maximises it, the defence minimises it), copy-make on the search's own
//! state (`state.rs`), the end scored by the engine's scoring, a transposition table at the start of each trick, and the
//! driver that finds the value (full window, or MTD(f)'s zero windows) and
//! one best line.

use super::bounds::Stakes;
use super::key::{key, relative_hash, salt};
use super::order::{order, representatives, Moves};
use super::state::{Rules, State};
use super::table::{Bounds, Table};
use super::{Config, Position};
use crate::tarot::{Card, CardSet, Seat};

/// A node: the search's own state (`state.rs`).
pub(super) type Node = State;

pub(super) struct Search<'a> {
    pub table: &'a mut Table,
    pub config: Config,
    pub nodes: u64,
    rules: Rules,
    salt: u64,
    stakes: Stakes,
    /// The history heuristic: by seat and card, how much its cut-offs were worth.
    history: Box<[[u32; 78]; 6]>,
}

const NONE: u8 = 0xff;

impl<'a> Search<'a> {
    pub fn new(pos: &Position, table: &'a mut Table, config: Config) -> Search<'a> {
        Search {
            table,
            config,
            nodes: 0,
            rules: Rules::new(&pos.game),
            salt: salt(&pos.game, &pos.pending),
            stakes: Stakes::new(&pos.game, &pos.pending),
            history: Box::new([[0; 78]; 6]),
        }
    }

    pub fn root(&self, pos: &Position) -> Node {
        State::of(&pos.game)
    }

    /// The taker's score of a finished deal, by the engine's scoring.
    fn leaf(&mut self, n: &Node) -> Option<i32> {
        let end = n.end?;
        Some(
            self.stakes
                .score_end(end)
                .expect("a finished deal makes a valid record"),
        )
    }

    /// The node after the seat to act plays `card`.
    pub fn child(&self, n: &Node, card: Card) -> Node {
        n.play(&self.rules, card)
    }

    /// The cards to search at `n`, best guess first.
    pub fn moves(&self, n: &Node, first: Option<Card>) -> Moves {
        let seat = usize::from(n.to_act);
        let trick: CardSet = n.trick().iter().copied().collect();
        let gone = CardSet::DECK.minus(n.left()).minus(trick);
        let mut moves = representatives(n.legal(&self.rules), n.hands[seat], gone, self.config.equivalence);
        if self.config.ordering {
            order(&self.rules, n, self.rules.is_attack(n.to_act), &mut moves, first);
        }
        if self.config.history {
            let h = &self.history[seat];
            moves.sort_by_key(|&c| std::cmp::Reverse(h[usize::from(c.index())]));
        }
        if let Some(f) = first {
            if let Some(i) = moves.iter().position(|&m| m == f) {
                moves[..=i].rotate_right(1);
            }
        }
        moves
    }

    /// The cards in the hands of each camp: (attack, defence).
    fn camps(&self, n: &Node) -> (CardSet, CardSet) {
        let (mut a, mut d) = (CardSet::EMPTY, CardSet::EMPTY);
        for s in 0..self.rules.players {
            if self.rules.is_attack(s) {
                a = a.or(n.hands[usize::from(s)]);
            } else {
                d = d.or(n.hands[usize::from(s)]);
            }
        }
        (a, d)
    }

    fn node_key(&self, n: &Node) -> u64 {
        key(
            self.salt,
            relative_hash(&n.hands, self.rules.players),
            Seat(n.leader),
            n.summary,
        )
    }

    /// The value of `n` within (`alpha`, `beta`), fail-soft: a value at or
    /// below `alpha` is an upper bound, at or above `beta` a lower bound.
    pub fn value(&mut self, n: &Node, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(v) = self.leaf(n) {
            return v;
        }
        let start = n.len == 0;
        if start && n.hands[usize::from(n.leader)].len() == 1 {
            // The last trick: every card is forced.
            let mut last = *n;
            while last.end.is_none() {
                let c = last.hands[usize::from(last.to_act)].lowest().expect("a card left");
                last = last.play(&self.rules, c);
            }
            return self.leaf(&last).expect("the deal is over");
        }
        if self.config.bounds && start {
            let (attack, defence) = self.camps(n);
            let (lo, hi) = self.stakes.bounds(attack, defence, CardSet::EMPTY, n.summary);
            if let Some(hi) = hi.filter(|&hi| hi <= alpha) {
                return hi;
            }
            if let Some(lo) = lo.filter(|&lo| lo >= beta) {
                return lo;
            }
        }
        let keyed = self.config.table && start;
        let mut first = None;
        let k = if keyed { self.node_key(n) } else { 0 };
        if keyed {
            if let Some(b) = self.table.probe(k, n.summary.points) {
                if b.lo >= beta || b.lo == b.hi {
                    return b.lo;
                }
                if b.hi <= alpha {
                    return b.hi;
                }
                alpha = alpha.max(b.lo);
                beta = beta.min(b.hi);
                first = Card::from_index(b.best);
            }
        }
        let (a0, b0) = (alpha, beta);
        let max = self.rules.is_attack(n.to_act);
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut best_card = NONE;
        for &c in self.moves(n, first).iter() {
            let v = self.value(&self.child(n, c), alpha, beta);
            if (max && v > best) || (!max && v < best) {
                best = v;
                best_card = c.index();
            }
            if max {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                let left = n.hands[usize::from(n.to_act)].len();
                self.history[usize::from(n.to_act)][usize::from(c.index())] += left * left;
                break;
            }
        }
        if keyed {
            let bounds = Bounds {
                lo: if best > a0 { best } else { i32::MIN },
                hi: if best < b0 { best } else { i32::MAX },
                best: best_card,
            };
            let left = n.hands[usize::from(n.to_act)].len() as u8;
            self.table.store(k, n.summary.points, left, bounds);
        }
        best
    }

    /// The exact value of `n`: one full-window search, or zero-window
    /// searches bisecting the range between the quick bounds (each test
    /// "at least β?" answered fail-soft narrows the range past β).
    pub fn exact(&mut self, n: &Node) -> i32 {
        if !self.config.mtdf || n.end.is_some() {
            return self.value(n, i32::MIN + 1, i32::MAX - 1);
        }
        let (attack, defence) = self.camps(n);
        let loose = n.trick().iter().copied().collect();
        let (lo, hi) = self.stakes.bounds(attack, defence, loose, n.summary);
        let (mut lo, mut hi) = (lo.unwrap_or(-1_000_000), hi.unwrap_or(1_000_000));
        while lo < hi {
            let beta = lo + (hi - lo + 1) / 2;
            let f = self.value(n, beta - 1, beta);
            if f >= beta {
                lo = f;
            } else {
                hi = f;
            }
        }
        lo
    }

    /// One best line from `n`, whose value is `v`: at each step the first
    /// card whose child keeps the value (tested by a zero window).
    pub fn line(&mut self, n: &Node, v: i32) -> Vec<(Seat, Card)> {
        let mut out = Vec::new();
        let mut n = *n;
        while n.end.is_none() {
            let seat = Seat(n.to_act);
            let max = self.rules.is_attack(n.to_act);
            let moves = self.moves(&n, None);
            let mut chosen = None;
            for &c in moves.iter() {
                let child = self.child(&n, c);
                let keeps = if max {
                    self.value(&child, v - 1, v) >= v
                } else {
                    self.value(&child, v, v + 1) <= v
                };
                if keeps {
                    chosen = Some((c, child));
                    break;
                }
            }
            let (c, child) = chosen.expect("a best card keeps the value");
            out.push((seat, c));
            n = child;
        }
        out
    }
}
