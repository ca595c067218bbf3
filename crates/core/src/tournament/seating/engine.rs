//! The local search shared by [`super::seat_round`] and [`super::plan`]: a tabu
//! search over swaps of two players between tables of one round, with an
//! incremental cost, over one or several rounds at once.
//!
//! Players are local indices `0..n`; rounds all have the same table sizes.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Weight of a pair that must not sit together (per meeting).
pub(crate) const W_HARD: i64 = 1_000_000_000_000;
/// Weight of one repeat meeting.
pub(crate) const W_REPEAT: i64 = 10_000_000_000;
/// Weight of the sum over pairs of (times met)².
pub(crate) const W_SQUARE: i64 = 10_000_000;
/// Weight of a player's squared distance (in tables) to the Swiss table.
pub(crate) const W_SWISS: i64 = 100;
/// Weight of the sum over players of (odd-table duties)².
pub(crate) const W_DUTY: i64 = 1;

/// Extra weight of a duty count outside the even spread `lo..=hi`.
const BAND: i64 = 8;

/// Cost of `c` duties when an even spread gives everyone `lo` or `hi`
/// (`hi ≤ lo + 1`): `c²` (convex: duties to those who had fewest) plus a
/// steeper term for the distance to `lo..=hi` (the spread itself).
#[inline]
pub(crate) fn duty_cost(c: u32, lo: u32, hi: u32) -> i64 {
    let c = i64::from(c);
    let e = (i64::from(lo) - c).max(c - i64::from(hi)).max(0);
    c * c + BAND * e * e
}

/// Candidates examined per iteration, at most.
const CANDIDATE_CAP: usize = 48;
const TMIN: usize = 10;
const TRANGE: usize = 20;
const KICK: usize = 6;

/// A seating problem over local player indices.
#[derive(Debug, Clone)]
pub(crate) struct Problem {
    /// Number of players.
    pub n: usize,
    /// Table sizes of every round.
    pub sizes: Vec<usize>,
    /// Rounds to seat.
    pub rounds: usize,
    /// Times each pair met before (n × n, symmetric).
    pub base_met: Vec<u16>,
    /// Pairs to keep apart (n × n, symmetric).
    pub avoid: Vec<bool>,
    /// Table each player is pinned to, if any (every round).
    pub pinned: Vec<Option<usize>>,
    /// Odd-table duties (table size ≠ 4) each player already had.
    pub base_duty: Vec<u32>,
    /// Swiss target table of each player, if Swiss grouping is asked.
    pub ideal: Option<Vec<usize>>,
    /// Weight of the duty term: Σ over rounds `k` and players `p` of
    /// [`duty_cost`]`(c, lo, hi)`, `c` the duties of `p` in rounds `0..=k`
    /// (history included), `lo..=hi` the even spread of that prefix's duties;
    /// smallest when every prefix of the schedule spreads the duties evenly.
    pub w_duty: i64,
}

impl Problem {
    /// A problem with no history and no constraint.
    pub fn fresh(n: usize, sizes: Vec<usize>, rounds: usize) -> Problem {
        Problem {
            n,
            sizes,
            rounds,
            base_met: vec![0; n * n],
            avoid: vec![false; n * n],
            pinned: vec![None; n],
            base_duty: vec![0; n],
            ideal: None,
            w_duty: W_DUTY,
        }
    }

    #[inline]
    fn pair_cost(&self, p: usize, q: usize, m: u16) -> i64 {
        let m = i64::from(m);
        let mut c = W_SQUARE * m * m;
        if m > 1 {
            c += W_REPEAT * (m - 1);
        }
        if self.avoid[p * self.n + q] {
            c += W_HARD * m;
        }
        c
    }

    #[inline]
    fn swiss_cost(&self, p: usize, t: usize) -> i64 {
        match &self.ideal {
            Some(ideal) => {
                let d = t as i64 - ideal[p] as i64;
                W_SWISS * d * d
            }
            None => 0,
        }
    }

    #[inline]
    fn is_duty(&self, t: usize) -> bool {
        self.sizes[t] != 4
    }

    fn tables(&self) -> usize {
        self.sizes.len()
    }
}

/// A full assignment with its incremental bookkeeping.
#[derive(Debug, Clone)]
pub(crate) struct State {
    /// `table_of[r][p]`: table of player `p` in round `r`.
    pub table_of: Vec<Vec<usize>>,
    /// `members[r][t]`: players at table `t` in round `r`.
    pub members: Vec<Vec<Vec<usize>>>,
    met: Vec<u16>,
    /// `duty[p * rounds + k]`: duties of `p` in rounds `0..=k`, history included.
    duty: Vec<u32>,
    /// `band[k]`: the even spread `(lo, hi)` of the duties of rounds `0..=k`.
    band: Vec<(u32, u32)>,
    /// Current cost.
    pub cost: i64,
}

impl State {
    /// Builds the state of a given assignment (`members[r][t]`).
    pub fn new(pb: &Problem, members: Vec<Vec<Vec<usize>>>) -> State {
        let n = pb.n;
        let rounds = pb.rounds;
        debug_assert_eq!(members.len(), rounds);
        let mut met = pb.base_met.clone();
        let mut duty = vec![0u32; n * rounds];
        let mut table_of = vec![vec![usize::MAX; n]; members.len()];
        for (r, round) in members.iter().enumerate() {
            for (t, table) in round.iter().enumerate() {
                for (i, &p) in table.iter().enumerate() {
                    table_of[r][p] = t;
                    if pb.is_duty(t) {
                        duty[p * rounds + r] += 1;
                    }
                    for &q in &table[i + 1..] {
                        met[p * n + q] += 1;
                        met[q * n + p] += 1;
                    }
                }
            }
        }
        for p in 0..n {
            let mut acc = pb.base_duty[p];
            for k in 0..rounds {
                acc += duty[p * rounds + k];
                duty[p * rounds + k] = acc;
            }
        }
        let band = (0..rounds)
            .map(|k| {
                let total: u32 = (0..n).map(|p| duty[p * rounds + k]).sum();
                let n = n as u32;
                (total / n, total.div_ceil(n))
            })
            .collect();
        let mut st = State {
            table_of,
            members,
            met,
            duty,
            band,
            cost: 0,
        };
        st.cost = st.full_cost(pb);
        st
    }

    /// Recomputes the cost from scratch.
    pub fn full_cost(&self, pb: &Problem) -> i64 {
        let n = pb.n;
        let mut c = 0;
        for p in 0..n {
            for q in p + 1..n {
                c += pb.pair_cost(p, q, self.met[p * n + q]);
            }
            for k in 0..pb.rounds {
                let (lo, hi) = self.band[k];
                c += pb.w_duty * duty_cost(self.duty[p * pb.rounds + k], lo, hi);
            }
        }
        for row in &self.table_of {
            for (p, &t) in row.iter().enumerate() {
                c += pb.swiss_cost(p, t);
            }
        }
        c
    }

    /// Number of repeat meetings (sum over pairs of max(0, met − 1)), history included.
    pub fn repeats(&self, pb: &Problem) -> u64 {
        let n = pb.n;
        let mut r = 0u64;
        for p in 0..n {
            for q in p + 1..n {
                r += u64::from(self.met[p * n + q].saturating_sub(1));
            }
        }
        r
    }

    /// Meetings of pairs to keep apart, in the searched rounds.
    pub fn hard_violations(&self, pb: &Problem) -> u64 {
        let n = pb.n;
        let mut v = 0u64;
        for p in 0..n {
            for q in p + 1..n {
                if pb.avoid[p * n + q] {
                    v += u64::from(self.met[p * n + q] - pb.base_met[p * n + q]);
                }
            }
        }
        v
    }

    /// Cost change of swapping `p` and `q` (at different tables) in round `r`.
    #[inline]
    fn delta(&self, pb: &Problem, r: usize, p: usize, q: usize) -> i64 {
        let n = pb.n;
        let a = self.table_of[r][p];
        let b = self.table_of[r][q];
        let mut d = 0;
        for &x in &self.members[r][a] {
            if x == p {
                continue;
            }
            let mp = self.met[p * n + x];
            d += pb.pair_cost(p, x, mp - 1) - pb.pair_cost(p, x, mp);
            let mq = self.met[q * n + x];
            d += pb.pair_cost(q, x, mq + 1) - pb.pair_cost(q, x, mq);
        }
        for &y in &self.members[r][b] {
            if y == q {
                continue;
            }
            let mq = self.met[q * n + y];
            d += pb.pair_cost(q, y, mq - 1) - pb.pair_cost(q, y, mq);
            let mp = self.met[p * n + y];
            d += pb.pair_cost(p, y, mp + 1) - pb.pair_cost(p, y, mp);
        }
        if pb.ideal.is_some() {
            d += pb.swiss_cost(p, b) - pb.swiss_cost(p, a) + pb.swiss_cost(q, a) - pb.swiss_cost(q, b);
        }
        let (da, db) = (pb.is_duty(a), pb.is_duty(b));
        if da != db {
            // the one leaving the duty table loses one duty, the other gains one
            let (leaving, joining) = if da { (p, q) } else { (q, p) };
            let rounds = pb.rounds;
            let mut s = 0;
            for k in r..rounds {
                let (lo, hi) = self.band[k];
                let cl = self.duty[leaving * rounds + k];
                let cj = self.duty[joining * rounds + k];
                s += duty_cost(cl - 1, lo, hi) - duty_cost(cl, lo, hi) + duty_cost(cj + 1, lo, hi)
                    - duty_cost(cj, lo, hi);
            }
            d += pb.w_duty * s;
        }
        d
    }

    /// Swaps `p` and `q` in round `r`, `d` being the cost change.
    fn apply(&mut self, pb: &Problem, r: usize, p: usize, q: usize, d: i64) {
        let n = pb.n;
        let a = self.table_of[r][p];
        let b = self.table_of[r][q];
        for &x in &self.members[r][a] {
            if x != p {
                self.met[p * n + x] -= 1;
                self.met[x * n + p] -= 1;
                self.met[q * n + x] += 1;
                self.met[x * n + q] += 1;
            }
        }
        for &y in &self.members[r][b] {
            if y != q {
                self.met[q * n + y] -= 1;
                self.met[y * n + q] -= 1;
                self.met[p * n + y] += 1;
                self.met[y * n + p] += 1;
            }
        }
        if pb.is_duty(a) != pb.is_duty(b) {
            let (leaving, joining) = if pb.is_duty(a) { (p, q) } else { (q, p) };
            for k in r..pb.rounds {
                self.duty[leaving * pb.rounds + k] -= 1;
                self.duty[joining * pb.rounds + k] += 1;
            }
        }
        for x in self.members[r][a].iter_mut() {
            if *x == p {
                *x = q;
            }
        }
        for y in self.members[r][b].iter_mut() {
            if *y == q {
                *y = p;
            }
        }
        self.table_of[r][p] = b;
        self.table_of[r][q] = a;
        self.cost += d;
    }

    /// Whether player `p` is worth moving in round `r`: 2 for a repeat or a
    /// pair to keep apart at its table, 1 for a soft cost, 0 otherwise.
    /// `spread[p * rounds + r]`: (most, least) over rounds `k ≥ r` of `p`'s
    /// duties in rounds `0..=k` above the least of anyone / below the most of anyone.
    fn penalized(&self, pb: &Problem, r: usize, p: usize, spread: &[(u32, u32)]) -> u8 {
        let n = pb.n;
        let t = self.table_of[r][p];
        for &x in &self.members[r][t] {
            if x != p && (self.met[p * n + x] > 1 || pb.avoid[p * n + x]) {
                return 2;
            }
        }
        if let Some(ideal) = &pb.ideal {
            if ideal[p] != t {
                return 1;
            }
        }
        let (above, below) = spread[p * pb.rounds + r];
        u8::from(if pb.is_duty(t) { above >= 2 } else { below >= 2 })
    }

    /// For every player and round `r`, the largest excess of its prefix duties
    /// over the smallest one, and the largest shortfall below the largest one,
    /// over the prefixes ending at rounds `≥ r`.
    fn duty_spread(&self, pb: &Problem, out: &mut Vec<(u32, u32)>) {
        let (n, rounds) = (pb.n, pb.rounds);
        out.clear();
        out.resize(n * rounds, (0, 0));
        if !pb.sizes.iter().any(|&s| s != 4) {
            return;
        }
        let mut lo = vec![u32::MAX; rounds];
        let mut hi = vec![0u32; rounds];
        for p in 0..n {
            for k in 0..rounds {
                let d = self.duty[p * rounds + k];
                lo[k] = lo[k].min(d);
                hi[k] = hi[k].max(d);
            }
        }
        for p in 0..n {
            let (mut above, mut below) = (0, 0);
            for k in (0..rounds).rev() {
                let d = self.duty[p * rounds + k];
                above = u32::max(above, d - lo[k]);
                below = u32::max(below, hi[k] - d);
                out[p * rounds + k] = (above, below);
            }
        }
    }
}

/// A greedy assignment: pinned players first, then the others in random order,
/// each at the open table where it costs least.
pub(crate) fn greedy(pb: &Problem, rng: &mut ChaCha8Rng) -> Vec<Vec<Vec<usize>>> {
    let n = pb.n;
    let mut met = pb.base_met.clone();
    let mut duty = pb.base_duty.clone();
    let mut all = Vec::with_capacity(pb.rounds);
    let mut order: Vec<usize> = (0..n).filter(|&p| pb.pinned[p].is_none()).collect();
    for _ in 0..pb.rounds {
        let mut round: Vec<Vec<usize>> = pb.sizes.iter().map(|&s| Vec::with_capacity(s)).collect();
        for p in 0..n {
            if let Some(t) = pb.pinned[p] {
                round[t].push(p);
            }
        }
        order.shuffle(rng);
        for &p in &order {
            let mut best = i64::MAX;
            let mut best_t = usize::MAX;
            let mut ties = 0u32;
            for (t, table) in round.iter().enumerate() {
                if table.len() >= pb.sizes[t] {
                    continue;
                }
                let mut c = pb.swiss_cost(p, t);
                for &x in table {
                    let m = met[p * n + x];
                    c += pb.pair_cost(p, x, m + 1) - pb.pair_cost(p, x, m);
                }
                if pb.is_duty(t) {
                    c += pb.w_duty * (2 * i64::from(duty[p]) + 1);
                }
                if c < best {
                    best = c;
                    best_t = t;
                    ties = 1;
                } else if c == best {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        best_t = t;
                    }
                }
            }
            for &x in &round[best_t] {
                met[p * n + x] += 1;
                met[x * n + p] += 1;
            }
            if pb.is_duty(best_t) {
                duty[p] += 1;
            }
            round[best_t].push(p);
        }
        all.push(round);
    }
    all
}

/// How a search run went.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SearchParams {
    /// Iteration budget.
    pub max_iters: usize,
    /// Budget of evaluated moves (the real work), whichever budget ends first.
    pub max_evals: u64,
    /// Once a state with no repeat and no hard violation is found, stop after
    /// this many more iterations (the rest only polishes duties and Swiss order).
    pub polish: usize,
    /// Iterations without a new best before restarting from the best with a kick.
    pub stall: usize,
    /// Stop as soon as this cost is reached (or beaten).
    pub target: i64,
}

/// Tabu search from `st`; returns the best state seen.
pub(crate) fn search(pb: &Problem, mut st: State, rng: &mut ChaCha8Rng, prm: SearchParams) -> State {
    let n = pb.n;
    let tables = pb.tables();
    let mut tabu = vec![0usize; pb.rounds * n * tables];
    let mut best = st.clone();
    let mut last_improve = 0usize;
    let movable: Vec<usize> = (0..n).filter(|&p| pb.pinned[p].is_none()).collect();
    if movable.len() < 2 || tables < 2 {
        return best;
    }
    let mut cands: Vec<(usize, usize)> = Vec::new();
    let mut spread = Vec::new();
    let mut evals = 0u64;
    let mut clean_at: Option<usize> = None;
    for it in 1..=prm.max_iters {
        if best.cost <= prm.target || evals >= prm.max_evals || clean_at.is_some_and(|c| it > c + prm.polish) {
            break;
        }
        st.duty_spread(pb, &mut spread);
        let conflicts = candidates(pb, &st, &movable, &spread, rng, &mut cands);
        if conflicts == 0 && clean_at.is_none() {
            clean_at = Some(it);
            if st.cost < best.cost {
                best = st.clone();
            }
        }
        if cands.is_empty() {
            // nothing left to improve
            if st.cost < best.cost {
                best = st.clone();
            }
            break;
        }
        let is_tabu = |r: usize, p: usize, table: usize| tabu[(r * n + p) * tables + table] > it;
        let (best_move, tried) = best_swap(pb, &st, &cands, &movable, best.cost, is_tabu, rng);
        evals += tried;
        match best_move {
            Some((r, p, q, d)) => {
                let a = st.table_of[r][p];
                let b = st.table_of[r][q];
                st.apply(pb, r, p, q, d);
                let tenure = TMIN + rng.random_range(0..TRANGE);
                tabu[(r * n + p) * tables + a] = it + tenure;
                tabu[(r * n + q) * tables + b] = it + tenure;
            }
            None => kick(pb, &mut st, rng, &movable, 1),
        }
        if st.cost < best.cost {
            best = st.clone();
            last_improve = it;
        } else if it - last_improve > prm.stall {
            if rng.random_range(0..4u32) == 0 {
                st = best.clone();
            }
            let k = 2 + rng.random_range(0..KICK);
            kick(pb, &mut st, rng, &movable, k);
            last_improve = it;
        }
    }
    debug_assert_eq!(best.cost, best.full_cost(pb));
    best
}

/// Fills `cands` with a reservoir sample of the penalized (round, player)
/// pairs of `st`; the number of pairs in a hard conflict.
fn candidates(
    pb: &Problem,
    st: &State,
    movable: &[usize],
    spread: &[(u32, u32)],
    rng: &mut ChaCha8Rng,
    cands: &mut Vec<(usize, usize)>,
) -> usize {
    cands.clear();
    let mut seen = 0usize;
    let mut conflicts = 0usize;
    for r in 0..pb.rounds {
        for &p in movable {
            let level = st.penalized(pb, r, p, spread);
            if level == 2 {
                conflicts += 1;
            }
            if level > 0 {
                seen += 1;
                if cands.len() < CANDIDATE_CAP {
                    cands.push((r, p));
                } else {
                    let k = rng.random_range(0..seen);
                    if k < CANDIDATE_CAP {
                        cands[k] = (r, p);
                    }
                }
            }
        }
    }
    conflicts
}

/// The best swap (round, player, player, cost change) of a candidate with
/// another movable player of its round, ties broken at random; a tabu swap
/// only if it beats `best_cost`. With the number of swaps evaluated.
fn best_swap(
    pb: &Problem,
    st: &State,
    cands: &[(usize, usize)],
    movable: &[usize],
    best_cost: i64,
    is_tabu: impl Fn(usize, usize, usize) -> bool,
    rng: &mut ChaCha8Rng,
) -> (Option<(usize, usize, usize, i64)>, u64) {
    let mut best_move: Option<(usize, usize, usize, i64)> = None;
    let mut ties = 0u32;
    let mut evals = 0u64;
    for &(r, p) in cands {
        let a = st.table_of[r][p];
        for &q in movable {
            let b = st.table_of[r][q];
            if a == b {
                continue;
            }
            let d = st.delta(pb, r, p, q);
            evals += 1;
            if let Some((_, _, _, bd)) = best_move {
                if d > bd {
                    continue;
                }
            }
            if (is_tabu(r, p, b) || is_tabu(r, q, a)) && st.cost + d >= best_cost {
                continue;
            }
            match best_move {
                Some((_, _, _, bd)) if d == bd => {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        best_move = Some((r, p, q, d));
                    }
                }
                _ => {
                    ties = 1;
                    best_move = Some((r, p, q, d));
                }
            }
        }
    }
    (best_move, evals)
}

/// `k` random swaps.
fn kick(pb: &Problem, st: &mut State, rng: &mut ChaCha8Rng, movable: &[usize], k: usize) {
    for _ in 0..k {
        for _attempt in 0..16 {
            let r = rng.random_range(0..pb.rounds);
            let p = movable[rng.random_range(0..movable.len())];
            let q = movable[rng.random_range(0..movable.len())];
            let (a, b) = (st.table_of[r][p], st.table_of[r][q]);
            if a != b {
                let d = st.delta(pb, r, p, q);
                st.apply(pb, r, p, q, d);
                break;
            }
        }
    }
}
