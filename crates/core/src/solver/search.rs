//! The search: alpha-beta on the taker's final score (the attack
//! maximises it, the defence minimises it), copy-make on the engine's own
//! [`Game`], a transposition table at the start of each trick, and the
//! driver that finds the value (full window, or MTD(f)'s zero windows) and
//! one best line.

use super::bounds::Stakes;
use super::key::{card_term, hands_hash, key, salt, Summary};
use super::order::{order, representatives};
use super::table::{Bounds, Table};
use super::{Config, Position};
use crate::tarot::{Action, Card, CardSet, Game, Seat};

/// A node: the deal as the engine holds it, and what the key needs.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub game: Game,
    pub summary: Summary,
    /// Zobrist hash of the hands.
    pub hands: u64,
}

pub(super) struct Search<'a> {
    pub table: &'a mut Table,
    pub config: Config,
    pub nodes: u64,
    pending: [CardSet; 6],
    taker: Seat,
    salt: u64,
    stakes: Stakes,
}

const NONE: u8 = 0xff;

impl<'a> Search<'a> {
    pub fn new(pos: &Position, table: &'a mut Table, config: Config) -> Search<'a> {
        Search {
            table,
            config,
            nodes: 0,
            pending: pos.pending,
            taker: pos.game.taker().expect("a position in play has a taker"),
            salt: salt(&pos.game, &pos.pending),
            stakes: Stakes::new(&pos.game, &pos.pending),
        }
    }

    pub fn root(&self, pos: &Position) -> Node {
        Node {
            game: pos.game,
            summary: Summary::of(&pos.game),
            hands: hands_hash(&pos.game),
        }
    }

    /// The taker's score of a finished deal, by the engine.
    fn leaf(&self, g: &Game) -> i32 {
        let scores = g.scores().expect("a finished deal");
        scores[self.taker.index()] as i32
    }

    /// The node after `seat` plays `card` (its logged handful shown first).
    pub fn child(&self, n: &Node, seat: Seat, card: Card) -> Node {
        let mut c = *n;
        let h = self.pending[seat.index()];
        if !h.is_empty() && c.game.may_show_handful(seat) {
            c.game.apply(seat, Action::Handful(h)).expect("a logged handful");
        }
        let done = c.game.tricks_done();
        c.game.apply(seat, Action::Card(card)).expect("a legal card");
        c.hands ^= card_term(seat, card);
        if c.game.tricks_done() > done {
            c.summary = c.summary.after_trick(&c.game, done);
        }
        c
    }

    /// The cards to search at `n`, best guess first.
    pub fn moves(&self, n: &Node, seat: Seat, first: Option<Card>) -> Vec<Card> {
        let g = &n.game;
        let trick: CardSet = g.trick().iter().copied().collect();
        let gone = g.played().minus(trick);
        let mut moves = representatives(g.legal_cards(), g.hand(seat), gone, self.config.equivalence);
        if self.config.ordering {
            order(g, g.is_attack(seat), &mut moves, first);
        } else if let Some(f) = first {
            if let Some(i) = moves.iter().position(|&m| m == f) {
                moves[..=i].rotate_right(1);
            }
        }
        moves
    }

    fn node_key(&self, n: &Node) -> u64 {
        key(self.salt, n.hands, n.game.trick_leader(), n.summary)
    }

    /// The value of `n` within (`alpha`, `beta`), fail-soft: a value at or
    /// below `alpha` is an upper bound, at or above `beta` a lower bound.
    pub fn value(&mut self, n: &Node, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let g = &n.game;
        let Some(seat) = g.to_act() else {
            return self.leaf(g);
        };
        if self.config.bounds && g.trick().is_empty() {
            let (lo, hi) = self.stakes.bounds(g, n.summary);
            if let Some(hi) = hi.filter(|&hi| hi <= alpha) {
                return hi;
            }
            if let Some(lo) = lo.filter(|&lo| lo >= beta) {
                return lo;
            }
        }
        let keyed = self.config.table && g.trick().is_empty();
        let mut first = None;
        let k = if keyed { self.node_key(n) } else { 0 };
        if keyed {
            if let Some(b) = self.table.probe(k) {
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
        let max = g.is_attack(seat);
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut best_card = NONE;
        for c in self.moves(n, seat, first) {
            let v = self.value(&self.child(n, seat, c), alpha, beta);
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
                break;
            }
        }
        if keyed {
            let bounds = Bounds {
                lo: if best > a0 { best } else { i32::MIN },
                hi: if best < b0 { best } else { i32::MAX },
                best: best_card,
            };
            let left = g.hand(seat).len() as u8;
            self.table.store(k, left, bounds);
        }
        best
    }

    /// The exact value of `n`: one full-window search, or MTD(f)'s zero
    /// windows from `guess`.
    pub fn exact(&mut self, n: &Node, guess: i32) -> i32 {
        if !self.config.mtdf {
            return self.value(n, i32::MIN + 1, i32::MAX - 1);
        }
        let (mut lo, mut hi) = (i32::MIN + 1, i32::MAX - 1);
        let mut f = guess;
        while lo < hi {
            let beta = if f == lo { f + 1 } else { f };
            f = self.value(n, beta - 1, beta);
            if f < beta {
                hi = f;
            } else {
                lo = f;
            }
        }
        f
    }

    /// One best line from `n`, whose value is `v`: at each step the first
    /// card whose child keeps the value (tested by a zero window).
    pub fn line(&mut self, n: &Node, v: i32) -> Vec<(Seat, Card)> {
        let mut out = Vec::new();
        let mut n = *n;
        while let Some(seat) = n.game.to_act() {
            let max = n.game.is_attack(seat);
            let moves = self.moves(&n, seat, None);
            let mut chosen = None;
            for &c in &moves {
                let child = self.child(&n, seat, c);
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
