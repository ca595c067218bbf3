//! Seating one round, given what happened before.

use std::collections::HashMap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::engine::{self, Problem, SearchParams, State};
use super::seats::{self, SeatCounts, SEATS};
use super::{table_sizes, PlayerId, Round, RoundRequest, SeatingError};

/// Active players and their local indices.
pub(crate) struct Index {
    pub ids: Vec<PlayerId>,
    pos: HashMap<PlayerId, usize>,
}

impl Index {
    /// Indexes `players`, refusing duplicates and fewer than 3 players.
    pub fn new(players: &[PlayerId]) -> Result<Index, SeatingError> {
        let mut pos = HashMap::with_capacity(players.len());
        for (i, &p) in players.iter().enumerate() {
            if pos.insert(p, i).is_some() {
                return Err(SeatingError::DuplicatePlayer(p));
            }
        }
        if players.len() < 3 {
            return Err(SeatingError::TooFewPlayers(players.len()));
        }
        Ok(Index {
            ids: players.to_vec(),
            pos,
        })
    }

    /// Local index of an active player.
    pub fn get(&self, p: PlayerId) -> Option<usize> {
        self.pos.get(&p).copied()
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Tables of local indices back to player ids.
    pub fn to_ids(&self, round: &[Vec<usize>]) -> Round {
        round.iter().map(|t| t.iter().map(|&p| self.ids[p]).collect()).collect()
    }

    /// Pinned table (0-based) of each player, checked against the sizes.
    pub fn pins(&self, fixed: &[(PlayerId, usize)], sizes: &[usize]) -> Result<Vec<Option<usize>>, SeatingError> {
        let mut pinned = vec![None; self.len()];
        let mut load = vec![0usize; sizes.len()];
        for &(player, table) in fixed {
            let p = self.get(player).ok_or(SeatingError::FixedPlayerNotPlaying(player))?;
            if table == 0 || table > sizes.len() {
                return Err(SeatingError::FixedTableOutOfRange {
                    player,
                    table,
                    tables: sizes.len(),
                });
            }
            match pinned[p] {
                Some(t) if t == table - 1 => continue,
                Some(_) => return Err(SeatingError::ConflictingFixedTables(player)),
                None => {}
            }
            pinned[p] = Some(table - 1);
            load[table - 1] += 1;
            if load[table - 1] > sizes[table - 1] {
                return Err(SeatingError::FixedTableOverfull {
                    table,
                    fixed: load[table - 1],
                    seats: sizes[table - 1],
                });
            }
        }
        Ok(pinned)
    }

    /// The n × n matrix of pairs to keep apart (pairs with an inactive player ignored).
    pub fn avoid(&self, pairs: &[(PlayerId, PlayerId)]) -> Vec<bool> {
        let n = self.len();
        let mut avoid = vec![false; n * n];
        for &(a, b) in pairs {
            if let (Some(p), Some(q)) = (self.get(a), self.get(b)) {
                if p != q {
                    avoid[p * n + q] = true;
                    avoid[q * n + p] = true;
                }
            }
        }
        avoid
    }
}

/// Seats one round.
///
/// Every active player (`req.players`) is seated exactly once, at tables of
/// the sizes given by [`table_sizes`] (`req.extra_fives`), larger tables
/// first; the list order at a table is the seat order (seat 0 first).
///
/// Objective, in priority order: pairs of `avoid_pairs` apart and
/// `fixed_table` respected (fixed tables always; avoided pairs whenever
/// possible); no pair meeting again; smallest sum over pairs of (times met)²
/// counting this round; Swiss grouping when `swiss` is given; tables of 5 (and
/// 3) going to the players who had the fewest; seat 0 and the other seats
/// rotated. The search is a tabu search over swaps of two players, bounded by
/// an iteration count: the same request and seed give the same seating.
///
/// # Errors
/// Fewer than 3 players, a duplicate player, or an impossible fixed table.
pub fn seat_round(req: &RoundRequest, seed: u64) -> Result<Round, SeatingError> {
    let index = Index::new(&req.players)?;
    let n = index.len();
    let sizes = table_sizes(n, req.extra_fives)?;
    let mut pb = Problem::fresh(n, sizes.clone(), 1);
    pb.pinned = index.pins(&req.fixed_table, &sizes)?;
    pb.avoid = index.avoid(&req.avoid_pairs);
    let mut seat_counts: Vec<SeatCounts> = vec![[0; SEATS]; n];
    for round in &req.history {
        for table in round {
            let local: Vec<usize> = table.iter().filter_map(|&p| index.get(p)).collect();
            for (i, &p) in local.iter().enumerate() {
                if table.len() != 4 {
                    pb.base_duty[p] += 1;
                }
                for &q in &local[i + 1..] {
                    if p != q {
                        pb.base_met[p * n + q] += 1;
                        pb.base_met[q * n + p] += 1;
                    }
                }
            }
            for (seat, &p) in table.iter().enumerate() {
                if let Some(i) = index.get(p) {
                    if seat < SEATS {
                        seat_counts[i][seat] += 1;
                    }
                }
            }
        }
    }
    if let Some(totals) = &req.swiss {
        let mut total = vec![0i64; n];
        for &(p, t) in totals {
            if let Some(i) = index.get(p) {
                total[i] = t;
            }
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(total[i]), i));
        let mut ideal = vec![0; n];
        let mut slot = 0;
        for (t, &s) in sizes.iter().enumerate() {
            for &p in &order[slot..slot + s] {
                ideal[p] = t;
            }
            slot += s;
        }
        pb.ideal = Some(ideal);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = State::new(&pb, engine::greedy(&pb, &mut rng));
    let prm = SearchParams {
        max_iters: 3000,
        max_evals: 8_000_000,
        polish: 3000,
        stall: 300,
        target: i64::MIN,
    };
    let best = engine::search(&pb, start, &mut rng, prm);
    let mut round = best.members[0].clone();
    seats::order_round(&mut round, &mut seat_counts, &mut rng);
    Ok(index.to_ids(&round))
}
