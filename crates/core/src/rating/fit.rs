//! The fit behind [`super::rate`]: the normal equations of the least-squares
//! model, added up tournament by tournament, and solved by conjugate
//! gradients from the previous tournament's strengths.
//!
//! For a free deal at a table `T` of `n` players, the residuals
//! `s_i − (θ_i − mean θ_T)` add `I_T − J_T / n` to the matrix (`J_T`: ones
//! on the table's rows and columns) and the scores `s_i` to the right-hand
//! side (they sum to zero, so the mean term vanishes); the role-aware
//! models weigh the seats otherwise (`super::roles`). Inside a tournament
//! both are added up in integers, over a common denominator (`roles::DENOM`):
//! exact, whatever the order of its deals.

use super::roles::{self, DENOM};
use super::{DuplicateResult, FreeDeal, Model, PlayerRating, RatingError, TournamentDeals, CENTRE};
use crate::tournament::ids::{PlayerId, TournamentId};

/// The players a tournament names, unsorted, with repeats.
pub(super) fn players_of(t: &TournamentDeals) -> impl Iterator<Item = PlayerId> + '_ {
    let free = t.free.iter().flat_map(|d| d.scores.iter().map(|&(p, _)| p));
    free.chain(t.duplicate.iter().map(|r| r.player))
}

/// The season's normal equations so far, and its last solution.
pub(super) struct Fit {
    /// Every player of the season, sorted: the index of the unknowns.
    ids: Vec<PlayerId>,
    /// The matrix, `ids.len()` squared, row-major, without the prior.
    a: Vec<f64>,
    /// The right-hand side.
    b: Vec<f64>,
    /// The strengths (points per deal), last solved.
    theta: Vec<f64>,
    /// Deals counted per player.
    deals: Vec<u32>,
    /// Whether the player has appeared yet.
    seen: Vec<bool>,
    /// What weighs on each earlier tournament when one more comes.
    decay: f64,
    model: Model,
}

impl Fit {
    /// An empty season over these (sorted, distinct) players.
    pub(super) fn new(ids: &[PlayerId], model: &Model) -> Fit {
        let n = ids.len();
        Fit {
            ids: ids.to_vec(),
            a: vec![0.0; n * n],
            b: vec![0.0; n],
            theta: vec![0.0; n],
            deals: vec![0; n],
            seen: vec![false; n],
            decay: model.half_life.map_or(1.0, |h| 0.5f64.powf(1.0 / h)),
            model: *model,
        }
    }

    fn index(&self, p: PlayerId) -> usize {
        self.ids
            .binary_search(&p)
            .expect("every player of the season is indexed")
    }

    /// Adds one tournament (the next in the canonical order).
    pub(super) fn add(&mut self, t: &TournamentDeals) -> Result<(), RatingError> {
        let mut local: Vec<usize> = players_of(t).map(|p| self.index(p)).collect();
        local.sort_unstable();
        local.dedup();
        let (delta, rhs) = self.free_deals(t.id, &t.free, &local)?;
        if self.decay != 1.0 {
            self.a.iter_mut().for_each(|x| *x *= self.decay);
            self.b.iter_mut().for_each(|x| *x *= self.decay);
        }
        let (n, m) = (self.ids.len(), local.len());
        for (li, &gi) in local.iter().enumerate() {
            self.seen[gi] = true;
            self.b[gi] += rhs[li] as f64 / DENOM as f64;
            for (lj, &gj) in local.iter().enumerate() {
                self.a[gi * n + gj] += delta[li * m + lj] as f64 / DENOM as f64;
            }
        }
        self.duplicate(t.id, &t.duplicate)
    }

    /// The tournament's free deals, in units of `1/DENOM` over its own
    /// players (`local`, sorted global indices): the matrix and the
    /// right-hand side.
    fn free_deals(
        &mut self,
        id: TournamentId,
        deals: &[FreeDeal],
        local: &[usize],
    ) -> Result<(Vec<i64>, Vec<i64>), RatingError> {
        let m = local.len();
        let mut delta = vec![0i64; m * m];
        let mut rhs = vec![0i64; m];
        let mut seats = Vec::with_capacity(6);
        for deal in deals {
            let players = deal.scores.len();
            if !(3..=6).contains(&players) {
                return Err(RatingError::TableSize {
                    tournament: id,
                    players,
                });
            }
            let sum: i64 = deal.scores.iter().map(|&(_, s)| s).sum();
            if sum != 0 {
                return Err(RatingError::NotZeroSum { tournament: id, sum });
            }
            seats.clear();
            for &(p, s) in &deal.scores {
                let li = local.binary_search(&self.index(p)).expect("the tournament's player");
                seats.push((li, s, p));
            }
            seats.sort_unstable_by_key(|&(li, _, _)| li);
            if let Some(w) = seats.windows(2).find(|w| w[0].0 == w[1].0) {
                return Err(RatingError::PlayerTwice {
                    tournament: id,
                    player: w[0].2,
                });
            }
            let mut scores = [0i64; 6];
            scores.iter_mut().zip(&seats).for_each(|(x, &(_, s, _))| *x = s);
            let terms = roles::terms(&scores[..players], self.model.seats, self.model.cap);
            for (k, &(li, _, _)) in seats.iter().enumerate() {
                rhs[li] += terms.rhs[k];
                self.deals[local[li]] += 1;
                for (l, &(lj, _, _)) in seats.iter().enumerate() {
                    delta[li * m + lj] += terms.matrix[k * players + l];
                }
            }
        }
        Ok((delta, rhs))
    }

    /// The tournament's duplicate results: each `θ_i − mean θ` of the field
    /// observed as `points_per_percent · (percent − 50)`, weighing
    /// `duplicate_weight` free deals per deal played.
    fn duplicate(&mut self, id: TournamentId, results: &[DuplicateResult]) -> Result<(), RatingError> {
        if results.is_empty() {
            return Ok(());
        }
        let mut field: Vec<(usize, f64, f64, PlayerId, u32)> = Vec::with_capacity(results.len());
        for r in results {
            if !(0.0..=100.0).contains(&r.percent) {
                return Err(RatingError::Percent {
                    tournament: id,
                    player: r.player,
                    percent: r.percent,
                });
            }
            let w = self.model.duplicate_weight * f64::from(r.deals);
            let y = self.model.points_per_percent * (r.percent - 50.0);
            field.push((self.index(r.player), w, y, r.player, r.deals));
        }
        field.sort_by_key(|x| x.0);
        if let Some(w) = field.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(RatingError::PlayerTwice {
                tournament: id,
                player: w[0].3,
            });
        }
        let n = self.ids.len();
        let share = 1.0 / field.len() as f64;
        let total_w: f64 = field.iter().map(|f| f.1).sum();
        let total_wy: f64 = field.iter().map(|f| f.1 * f.2).sum();
        for &(gi, wi, yi, _, deals) in &field {
            self.seen[gi] = true;
            self.deals[gi] += deals;
            self.b[gi] += wi * yi - share * total_wy;
            for &(gj, wj, _, _, _) in &field {
                let own = if gi == gj { wi } else { 0.0 };
                self.a[gi * n + gj] += own - share * wi - share * wj + share * share * total_w;
            }
        }
        Ok(())
    }

    /// Solves for the strengths (warm start: the last solution) and returns
    /// the ratings of the players seen so far.
    pub(super) fn solve(&mut self) -> Vec<PlayerRating> {
        conjugate_gradients(&self.a, self.model.prior_deals, &self.b, &mut self.theta);
        (0..self.ids.len())
            .filter(|&i| self.seen[i])
            .map(|i| PlayerRating {
                player: self.ids[i],
                rating: CENTRE + self.theta[i],
                deals: self.deals[i],
            })
            .collect()
    }
}

/// `x · y` over eight lanes (the compiler vectorises them; a plain sum in
/// one accumulator cannot be reordered, so it is not), in a fixed order.
fn dot(x: &[f64], y: &[f64]) -> f64 {
    let mut lanes = [0.0f64; 8];
    let (xs, ys) = (x.chunks_exact(8), y.chunks_exact(8));
    let tail: f64 = xs.remainder().iter().zip(ys.remainder()).map(|(a, b)| a * b).sum();
    for (a, b) in xs.zip(ys) {
        for ((l, p), q) in lanes.iter_mut().zip(a).zip(b) {
            *l += p * q;
        }
    }
    lanes.iter().sum::<f64>() + tail
}

/// `(a + prior·I) x`, `a` square and row-major.
fn product(a: &[f64], prior: f64, x: &[f64], out: &mut [f64]) {
    let n = x.len();
    for (i, o) in out.iter_mut().enumerate() {
        *o = dot(&a[i * n..(i + 1) * n], x) + prior * x[i];
    }
}

/// Solves `(a + prior·I) x = b` by conjugate gradients with the diagonal as
/// preconditioner, from `x` as it is, to a relative residual of 1e-9 (ratings to a
/// millionth of a point on a season's figures).
fn conjugate_gradients(a: &[f64], prior: f64, b: &[f64], x: &mut [f64]) {
    let n = b.len();
    let norm_b: f64 = b.iter().map(|v| v * v).sum::<f64>().sqrt();
    if norm_b == 0.0 {
        x.iter_mut().for_each(|v| *v = 0.0);
        return;
    }
    let diag: Vec<f64> = (0..n).map(|i| a[i * n + i] + prior).collect();
    let mut r = vec![0.0; n];
    product(a, prior, x, &mut r);
    r.iter_mut().zip(b).for_each(|(ri, bi)| *ri = bi - *ri);
    let mut z: Vec<f64> = r.iter().zip(&diag).map(|(ri, d)| ri / d).collect();
    let mut p = z.clone();
    let mut q = vec![0.0; n];
    let mut rz = dot(&r, &z);
    for _ in 0..(4 * n).max(50) {
        if dot(&r, &r).sqrt() <= 1e-9 * norm_b {
            break;
        }
        product(a, prior, &p, &mut q);
        let alpha = rz / dot(&p, &q);
        x.iter_mut().zip(&p).for_each(|(xi, pi)| *xi += alpha * pi);
        r.iter_mut().zip(&q).for_each(|(ri, qi)| *ri -= alpha * qi);
        z.iter_mut()
            .zip(r.iter().zip(&diag))
            .for_each(|(zi, (ri, d))| *zi = ri / d);
        let rz_next = dot(&r, &z);
        let beta = rz_next / rz;
        rz = rz_next;
        p.iter_mut().zip(&z).for_each(|(pi, zi)| *pi = zi + beta * *pi);
    }
}
