//! Constructions of whole schedules with no repeat meeting.
//!
//! - [`affine_plane_16`]: the affine plane AG(2,4) over GF(4): 16 points, 20
//!   lines of 4 points in 5 parallel classes; each class is a round, and every
//!   pair of points lies on exactly one line.
//! - [`symmetric_search`]: schedules invariant under an abelian group `G` of
//!   order `m`: the points are `levels` copies of `G` plus `fixed` points that
//!   `G` fixes, and the rounds are the `m` translates of one or two *base
//!   rounds*. Whether a pair meets again only depends on its orbit (levels and
//!   difference in `G`), so the search runs over the base rounds alone, a far
//!   smaller space than the whole schedule: 1-rotational designs and
//!   difference families in the language of design theory. The embedded
//!   base rounds of [`known`] were found this way and are checked on use.
//! - [`known`]: schedules embedded whole (12, 18, 26 players), as base rounds
//!   (22, 24, 28 players) or as half rounds (32 players × 10 rounds, the
//!   social golfer problem 8-4-10), checked on use.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A schedule over points `0..n`: rounds of tables of points.
pub(crate) type Schedule = Vec<Vec<Vec<usize>>>;

/// The 5 parallel classes of AG(2,4), as rounds over points `0..16`
/// (point `(x, y)` is `4x + y`, GF(4) = {0, 1, w, w²} coded 0..3).
pub(crate) fn affine_plane_16() -> Schedule {
    // GF(4): addition is XOR; multiplication table.
    const MUL: [[usize; 4]; 4] = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]];
    let mut rounds = Vec::with_capacity(5);
    // slope s: lines y = s·x + c
    for slope in &MUL {
        let mut round = Vec::with_capacity(4);
        for c in 0..4 {
            round.push((0..4).map(|x| 4 * x + (slope[x] ^ c)).collect());
        }
        rounds.push(round);
    }
    // vertical lines x = c
    rounds.push((0..4).map(|c| (0..4).map(|y| 4 * c + y).collect()).collect());
    rounds
}

/// A finite abelian group `Z_{d1} × Z_{d2} × …`, elements coded `0..m`.
#[derive(Debug, Clone)]
pub(crate) struct Group {
    m: usize,
    add: Vec<usize>,
    neg: Vec<usize>,
}

impl Group {
    /// The product of cyclic groups of the given orders.
    pub fn product(dims: &[usize]) -> Group {
        let m: usize = dims.iter().product();
        let digits = |mut e: usize| -> Vec<usize> {
            let mut v = vec![0; dims.len()];
            for i in (0..dims.len()).rev() {
                v[i] = e % dims[i];
                e /= dims[i];
            }
            v
        };
        let code = |v: &[usize]| v.iter().zip(dims).fold(0, |acc, (x, d)| acc * d + x);
        let mut add = vec![0; m * m];
        let mut neg = vec![0; m];
        for a in 0..m {
            let da = digits(a);
            let na: Vec<usize> = da.iter().zip(dims).map(|(x, d)| (d - x) % d).collect();
            neg[a] = code(&na);
            for b in 0..m {
                let db = digits(b);
                let s: Vec<usize> = da.iter().zip(&db).zip(dims).map(|((x, y), d)| (x + y) % d).collect();
                add[a * m + b] = code(&s);
            }
        }
        Group { m, add, neg }
    }
}

/// The shape of a group-invariant schedule.
#[derive(Debug, Clone)]
pub(crate) struct Shape {
    /// Orders of the cyclic factors of the group.
    pub dims: Vec<usize>,
    /// Copies of the group among the points.
    pub levels: usize,
    /// Points fixed by the group (each pinned to its own table of 4).
    pub fixed: usize,
    /// Base rounds (each gives `m` rounds).
    pub bases: usize,
    /// Table sizes of a round.
    pub sizes: Vec<usize>,
    /// Fixed points at the largest tables (first tables) instead of tables of 4.
    pub fixed_first: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An orbit of `m` pairs, each met once per base occurrence.
    Normal,
    /// Same level, difference of order 2: `m/2` pairs, each met twice per occurrence.
    Involution,
    /// Two fixed points: met `m` times per occurrence.
    FixFix,
}

struct Orbits {
    m: i64,
    points: usize,
    class: Vec<u32>,
    kind: Vec<Kind>,
}

impl Orbits {
    fn new(shape: &Shape, g: &Group) -> Orbits {
        let (m, l, f) = (g.m, shape.levels, shape.fixed);
        let points = l * m + f;
        let classes = l * l * m + f * l + f * f;
        let mut class = vec![u32::MAX; points * points];
        let mut kind = vec![Kind::Normal; classes];
        for u in 0..points {
            for v in 0..points {
                if u == v {
                    continue;
                }
                let id = if u < l * m && v < l * m {
                    let (mut ru, mut gu, mut rv, mut gv) = (u / m, u % m, v / m, v % m);
                    if ru > rv {
                        std::mem::swap(&mut ru, &mut rv);
                        std::mem::swap(&mut gu, &mut gv);
                    }
                    let mut d = g.add[gv * m + g.neg[gu]];
                    if ru == rv {
                        d = d.min(g.neg[d]);
                    }
                    let id = (ru * l + rv) * m + d;
                    if ru == rv && d == g.neg[d] {
                        kind[id] = Kind::Involution;
                    }
                    id
                } else if u >= l * m && v >= l * m {
                    let (a, b) = ((u - l * m).min(v - l * m), (u - l * m).max(v - l * m));
                    let id = l * l * m + f * l + a * f + b;
                    kind[id] = Kind::FixFix;
                    id
                } else {
                    let (fx, lv) = if u >= l * m { (u, v) } else { (v, u) };
                    l * l * m + (fx - l * m) * l + lv / m
                };
                class[u * points + v] = id as u32;
            }
        }
        Orbits {
            m: m as i64,
            points,
            class,
            kind,
        }
    }

    /// Level of a level point.
    #[inline]
    fn level(&self, p: usize) -> usize {
        p / self.m as usize
    }

    /// Repeats caused by an orbit met `c` times in the base rounds.
    #[inline]
    fn cost(&self, id: usize, c: i64) -> i64 {
        match self.kind[id] {
            Kind::Normal => self.m * (c - 1).max(0),
            Kind::Involution if c > 0 => self.m * c - self.m / 2,
            Kind::FixFix if c > 0 => self.m * c - 1,
            _ => 0,
        }
    }
}

/// Weight of one repeat against the duty-balance term.
const SYM_REPEAT: i64 = 1_000_000;

struct SymState {
    table_of: Vec<Vec<usize>>,
    members: Vec<Vec<Vec<usize>>>,
    count: Vec<i64>,
    /// Level points at tables of size ≠ 4, per level (all bases together):
    /// each point of level `r` gets `duty[r]` such tables over the schedule.
    duty: Vec<i64>,
    /// `SYM_REPEAT × repeats + Σ duty²`.
    cost: i64,
}

impl SymState {
    fn bump(&mut self, o: &Orbits, u: usize, v: usize, by: i64) -> i64 {
        let id = o.class[u * o.points + v] as usize;
        let c = self.count[id];
        self.count[id] = c + by;
        SYM_REPEAT * (o.cost(id, c + by) - o.cost(id, c))
    }

    /// Cost change of moving a level point of level `from` out of a duty
    /// table and one of level `to` into it.
    fn duty_shift(&mut self, from: usize, to: usize, keep: bool) -> i64 {
        if from == to {
            return 0;
        }
        let (a, b) = (self.duty[from], self.duty[to]);
        if keep {
            self.duty[from] -= 1;
            self.duty[to] += 1;
        }
        (a - 1) * (a - 1) + (b + 1) * (b + 1) - a * a - b * b
    }

    /// Swaps `p` and `q` in base `b`, returning the cost change; undone unless `keep`.
    fn swap(&mut self, o: &Orbits, sizes: &[usize], b: usize, p: usize, q: usize, keep: bool) -> i64 {
        let ta = self.table_of[b][p];
        let tb = self.table_of[b][q];
        let (da, db) = (sizes[ta] != 4, sizes[tb] != 4);
        let mut d = match (da, db) {
            (true, false) => self.duty_shift(o.level(p), o.level(q), keep),
            (false, true) => self.duty_shift(o.level(q), o.level(p), keep),
            _ => 0,
        };
        let (mut ma, mut mb) = ([usize::MAX; 8], [usize::MAX; 8]);
        let (la, lb) = (self.members[b][ta].len(), self.members[b][tb].len());
        ma[..la].copy_from_slice(&self.members[b][ta]);
        mb[..lb].copy_from_slice(&self.members[b][tb]);
        let (ma, mb) = (&ma[..la], &mb[..lb]);
        for &x in ma.iter().filter(|&&x| x != p) {
            d += self.bump(o, p, x, -1);
            d += self.bump(o, q, x, 1);
        }
        for &y in mb.iter().filter(|&&y| y != q) {
            d += self.bump(o, q, y, -1);
            d += self.bump(o, p, y, 1);
        }
        if keep {
            for x in self.members[b][ta].iter_mut() {
                if *x == p {
                    *x = q;
                }
            }
            for y in self.members[b][tb].iter_mut() {
                if *y == q {
                    *y = p;
                }
            }
            self.table_of[b][p] = tb;
            self.table_of[b][q] = ta;
            self.cost += d;
        } else {
            for &x in ma.iter().filter(|&&x| x != p) {
                self.bump(o, p, x, 1);
                self.bump(o, q, x, -1);
            }
            for &y in mb.iter().filter(|&&y| y != q) {
                self.bump(o, q, y, 1);
                self.bump(o, p, y, -1);
            }
        }
        d
    }

    fn penalized(&self, o: &Orbits, b: usize, p: usize) -> bool {
        let t = self.table_of[b][p];
        self.members[b][t].iter().any(|&x| {
            if x == p {
                return false;
            }
            let id = o.class[p * o.points + x] as usize;
            o.cost(id, self.count[id]) > 0
        })
    }
}

/// Tabu search for base rounds of the given shape whose translates have no
/// repeat meeting; returns the expanded schedule (`bases × m` rounds) when found.
pub(crate) fn symmetric_search(shape: &Shape, rng: &mut ChaCha8Rng, max_iters: usize) -> Option<Schedule> {
    let g = Group::product(&shape.dims);
    let o = Orbits::new(shape, &g);
    let (m, l, f) = (g.m, shape.levels, shape.fixed);
    let n = o.points;
    let tables = shape.sizes.len();
    if shape.sizes.iter().sum::<usize>() != n {
        return None;
    }
    // fixed points pinned to distinct tables of 4, from the last table on (or
    // to the first tables)
    let fours: Vec<usize> = if shape.fixed_first {
        (0..tables).collect()
    } else {
        (0..tables).rev().filter(|&t| shape.sizes[t] == 4).collect()
    };
    if f > fours.len() {
        return None;
    }
    if !shape.fixed_first && f > 0 && fours.is_empty() {
        return None;
    }
    let mut st = SymState {
        table_of: vec![vec![0; n]; shape.bases],
        members: Vec::new(),
        count: vec![0; o.kind.len()],
        duty: vec![0; l],
        cost: 0,
    };
    let movable: Vec<usize> = (0..l * m).collect();
    for b in 0..shape.bases {
        let mut round: Vec<Vec<usize>> = vec![Vec::new(); tables];
        for k in 0..f {
            round[fours[k]].push(l * m + k);
        }
        let mut order = movable.clone();
        order.shuffle(rng);
        let mut it = order.into_iter();
        for (t, table) in round.iter_mut().enumerate() {
            while table.len() < shape.sizes[t] {
                table.push(it.next()?);
            }
        }
        for (t, table) in round.iter().enumerate() {
            for &p in table {
                st.table_of[b][p] = t;
            }
        }
        st.members.push(round);
    }
    for b in 0..shape.bases {
        for t in 0..tables {
            if shape.sizes[t] != 4 {
                for &p in &st.members[b][t] {
                    if p < l * m {
                        st.duty[p / m] += 1;
                    }
                }
            }
            let table = st.members[b][t].clone();
            for (i, &u) in table.iter().enumerate() {
                for &v in &table[i + 1..] {
                    st.cost += st.bump(&o, u, v, 1);
                }
            }
        }
    }
    st.cost += st.duty.iter().map(|d| d * d).sum::<i64>();
    // the best possible duty term: duties spread evenly over the levels
    let total_duty: i64 = st.duty.iter().sum();
    let (dq, dr) = (total_duty / l as i64, total_duty % l as i64);
    let duty_floor = dr * (dq + 1) * (dq + 1) + (l as i64 - dr) * dq * dq;
    let mut tabu = vec![0usize; shape.bases * n * tables];
    let mut clean_at: Option<usize> = None;
    let mut best_cost = st.cost;
    let mut best_members = st.members.clone();
    let mut last_improve = 0;
    let mut cands = Vec::new();
    for it in 1..=max_iters {
        if best_cost <= duty_floor || clean_at.is_some_and(|c| it > c + 300) {
            break;
        }
        cands.clear();
        for b in 0..shape.bases {
            for &p in &movable {
                if st.penalized(&o, b, p) {
                    cands.push((b, p));
                }
            }
        }
        if cands.is_empty() {
            // no repeat: polish the duties with any level point
            clean_at.get_or_insert(it);
            for b in 0..shape.bases {
                for &p in &movable {
                    if shape.sizes[st.table_of[b][p]] != 4 {
                        cands.push((b, p));
                    }
                }
            }
        }
        let mut best_move = None;
        let mut best_d = i64::MAX;
        let mut ties = 0u32;
        for &(b, p) in &cands {
            let ta = st.table_of[b][p];
            for &q in &movable {
                let tb = st.table_of[b][q];
                if ta == tb {
                    continue;
                }
                let d = st.swap(&o, &shape.sizes, b, p, q, false);
                if d > best_d {
                    continue;
                }
                let is_tabu = tabu[(b * n + p) * tables + tb] > it || tabu[(b * n + q) * tables + ta] > it;
                if is_tabu && st.cost + d >= best_cost {
                    continue;
                }
                if d < best_d {
                    best_d = d;
                    best_move = Some((b, p, q));
                    ties = 1;
                } else {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        best_move = Some((b, p, q));
                    }
                }
            }
        }
        if let Some((b, p, q)) = best_move {
            let (ta, tb) = (st.table_of[b][p], st.table_of[b][q]);
            st.swap(&o, &shape.sizes, b, p, q, true);
            let tenure = 3 + rng.random_range(0..8usize) + cands.len() / 10;
            tabu[(b * n + p) * tables + ta] = it + tenure;
            tabu[(b * n + q) * tables + tb] = it + tenure;
        }
        if st.cost < best_cost {
            best_cost = st.cost;
            best_members = st.members.clone();
            last_improve = it;
        } else if best_move.is_none() || it - last_improve > 400 {
            // random kick
            for _ in 0..3 {
                let b = rng.random_range(0..shape.bases);
                let p = movable[rng.random_range(0..movable.len())];
                let q = movable[rng.random_range(0..movable.len())];
                if st.table_of[b][p] != st.table_of[b][q] {
                    st.swap(&o, &shape.sizes, b, p, q, true);
                }
            }
            last_improve = it;
        }
    }
    if best_cost >= SYM_REPEAT {
        return None;
    }
    Some(expand(&g, l, &best_members))
}

/// The `m` translates of each base round.
fn expand(g: &Group, levels: usize, bases: &[Vec<Vec<usize>>]) -> Schedule {
    let m = g.m;
    let mut rounds = Vec::new();
    for base in bases {
        for t in 0..m {
            rounds.push(
                base.iter()
                    .map(|table| {
                        table
                            .iter()
                            .map(|&u| {
                                if u < levels * m {
                                    (u / m) * m + g.add[(u % m) * m + t]
                                } else {
                                    u
                                }
                            })
                            .collect()
                    })
                    .collect(),
            );
        }
    }
    rounds
}

/// Shapes worth trying for `n` players, `rounds` rounds and the given sizes.
pub(crate) fn shapes(n: usize, rounds: usize, sizes: &[usize]) -> Vec<Shape> {
    let mut out = Vec::new();
    let groups = |m: usize| -> Vec<Vec<usize>> {
        let mut v = vec![vec![m]];
        match m {
            4 => v.push(vec![2, 2]),
            8 => v.push(vec![2, 4]),
            9 => v.push(vec![3, 3]),
            _ => {}
        }
        v
    };
    for bases in [1usize, 2] {
        if !rounds.is_multiple_of(bases) {
            continue;
        }
        let m = rounds.div_ceil(bases);
        if m < 2 {
            continue;
        }
        let f = n % m;
        let l = n / m;
        if l == 0 || f > sizes.len() {
            continue;
        }
        for dims in groups(m) {
            for fixed_first in [false, true] {
                if fixed_first && (f == 0 || sizes[0] == 4) {
                    continue;
                }
                out.push(Shape {
                    dims: dims.clone(),
                    levels: l,
                    fixed: f,
                    bases,
                    sizes: sizes.to_vec(),
                    fixed_first,
                });
            }
        }
    }
    out
}

/// Base rounds found by [`symmetric_search`] (offline, see the `search_shapes`
/// test) for instances where the search at run time is too slow or too
/// unlucky: `(group orders, levels, base rounds)`; the rounds are the
/// translates of the base rounds, fixed points are those `≥ levels × m`.
struct Known {
    dims: &'static [usize],
    levels: usize,
    bases: &'static [&'static [&'static [usize]]],
}

/// 22 players, 5 rounds: Z_5 on 4 levels, 2 fixed points (at the tables of 5).
/// Tables of 5 per player: 2 for 20 players, 5 for the 2 fixed points. With no
/// repeat, a round's 10 players at tables of 5 take exactly 2 from each of the
/// 5 tables of any other round, so any two rounds share exactly 4 of them:
/// Σ C(c_p, 2) = 10 × 4 = 40 for the counts c_p (Σ c_p = 50), which rules out
/// the even spread 2..3 (Σ C = 34) and leaves 1..3 (6/4/12 players) as the
/// only spread of 2; after round 2 already 4 players had 2 tables of 5 and 6
/// none.
const KNOWN_22_5: Known = Known {
    dims: &[5],
    levels: 4,
    bases: &[&[
        &[20, 12, 8, 16, 0],
        &[21, 5, 19, 13, 4],
        &[10, 9, 15, 2],
        &[1, 18, 6, 11],
        &[7, 3, 14, 17],
    ]],
};

/// 24 players, 7 rounds: Z_7 on 3 levels, 3 fixed points (a 4-RGDD of type 3^8).
const KNOWN_24_7: Known = Known {
    dims: &[7],
    levels: 3,
    bases: &[&[
        &[2, 19, 6, 1],
        &[15, 18, 8, 17],
        &[11, 7, 3, 13],
        &[23, 12, 20, 5],
        &[22, 10, 4, 16],
        &[21, 9, 14, 0],
    ]],
};

/// 28 players, 9 rounds: Z_9 on 3 levels, 1 fixed point (a resolvable 2-(28,4,1) design).
const KNOWN_28_9: Known = Known {
    dims: &[9],
    levels: 3,
    bases: &[&[
        &[25, 20, 5, 17],
        &[9, 0, 7, 3],
        &[8, 21, 22, 24],
        &[16, 11, 26, 10],
        &[19, 1, 2, 15],
        &[12, 4, 14, 23],
        &[27, 6, 18, 13],
    ]],
};

/// An embedded schedule given round by round.
struct Explicit {
    /// Players.
    n: usize,
    /// Repeats of each prefix (the first `k + 1` rounds), the fewest possible.
    repeats: &'static [u64],
    rounds: &'static [&'static [&'static [usize]]],
}

/// 12 players, 4 rounds (3 tables of 4): 13 repeats, the fewest possible
/// (proven by exhaustive search, see the test `twelve_by_four_is_optimal`;
/// every optimum has a pair meeting in all 4 rounds). Rounds ordered so that
/// every prefix has the fewest repeats too: 0, 3, 6, 13 (from round 2 on, a
/// table of 4 drawn from 3 earlier tables holds a pair that met: ≥ 3 per round).
const EXPLICIT_12_4: Explicit = Explicit {
    n: 12,
    repeats: &[0, 3, 6, 13],
    rounds: &[
        &[&[0, 1, 4, 8], &[2, 5, 6, 9], &[3, 7, 10, 11]],
        &[&[0, 1, 5, 10], &[2, 6, 7, 8], &[3, 4, 9, 11]],
        &[&[0, 1, 7, 9], &[2, 4, 6, 10], &[3, 5, 8, 11]],
        &[&[0, 1, 2, 3], &[4, 5, 6, 7], &[8, 9, 10, 11]],
    ],
};

/// 26 players, 5 rounds: no repeat, every player at 1 or 2 tables of 5 (24
/// at 2, 2 at 1), found offline by a SAT solver (`offline/sat.py`). The spread
/// of tables of 5 over the first 2 and 3 rounds is 2, which no schedule
/// without repeats avoids: a round's 10 players at tables of 5 take at most 2
/// from each table of an earlier round (2 tables of 5 to spread them over), so
/// at most 8 from its 4 tables of 4, hence ≥ 2 who were already at a table of 5.
const EXPLICIT_26_5: Explicit = Explicit {
    n: 26,
    repeats: &[0, 0, 0, 0, 0],
    rounds: &[
        &[
            &[0, 1, 2, 3, 4],
            &[5, 6, 7, 8, 9],
            &[10, 11, 12, 13],
            &[14, 15, 16, 17],
            &[18, 19, 20, 21],
            &[22, 23, 24, 25],
        ],
        &[
            &[2, 11, 17, 20, 24],
            &[6, 12, 16, 19, 23],
            &[1, 9, 21, 22],
            &[3, 8, 18, 25],
            &[0, 5, 13, 14],
            &[4, 7, 10, 15],
        ],
        &[
            &[3, 13, 15, 20, 22],
            &[9, 10, 14, 19, 25],
            &[0, 6, 17, 18],
            &[2, 7, 16, 21],
            &[4, 8, 11, 23],
            &[1, 5, 12, 24],
        ],
        &[
            &[5, 10, 16, 18, 22],
            &[0, 8, 15, 21, 24],
            &[2, 9, 13, 23],
            &[1, 6, 11, 25],
            &[3, 7, 17, 19],
            &[4, 12, 14, 20],
        ],
        &[
            &[1, 7, 14, 18, 23],
            &[4, 13, 17, 21, 25],
            &[5, 11, 15, 19],
            &[0, 9, 16, 20],
            &[2, 8, 12, 22],
            &[3, 6, 10, 24],
        ],
    ],
};

/// 18 players, 4 rounds (2 tables of 5, 2 of 4): 6 repeats, the fewest
/// possible: from round 2 on, a table of 5 takes 5 players from the 4 tables
/// of any earlier round, so 2 of them met there; one repeat per table of 5
/// and round (2 per round) is only reached when the same pair repeats against
/// every earlier round, i.e. two pairs sit together in all 4 rounds, at the
/// tables of 5 from round 2 on, and (SAT, `offline/sat18b.py`: every other
/// placement in round 1 is unsatisfiable) in round 1 too. So with 6 repeats
/// those 4 players have 4 tables of 5 each and someone has none (also shown
/// unsatisfiable otherwise): tables of 5 per player 0..4 (2 at 0, 12 at 2, 4
/// at 4); an even spread costs more repeats. Found by a SAT solver.
const EXPLICIT_18_4: Explicit = Explicit {
    n: 18,
    repeats: &[0, 2, 4, 6],
    rounds: &[
        &[&[0, 1, 4, 5, 6], &[2, 3, 7, 8, 9], &[10, 11, 12, 13], &[14, 15, 16, 17]],
        &[&[0, 1, 9, 12, 16], &[2, 3, 5, 13, 17], &[4, 7, 11, 14], &[6, 8, 10, 15]],
        &[&[2, 3, 6, 11, 16], &[0, 1, 7, 13, 15], &[5, 8, 12, 14], &[4, 9, 10, 17]],
        &[&[2, 3, 4, 12, 15], &[0, 1, 8, 11, 17], &[6, 9, 13, 14], &[5, 7, 10, 16]],
    ],
};

const EXPLICIT: &[&Explicit] = &[&EXPLICIT_12_4, &EXPLICIT_18_4, &EXPLICIT_26_5];

/// An embedded schedule of tables of 4 for `2h` players, invariant under the
/// involution `p ↔ p + h (mod 2h)`: every table `T` of a round comes with its
/// image `T + h`, so a round is given by half of its tables.
struct Halved {
    /// Half the players.
    h: usize,
    /// Per round, one table of each pair `T`, `T + h`.
    rounds: &'static [&'static [[usize; 4]]],
}

impl Halved {
    /// The whole rounds: each half table followed by its image.
    fn expand(&self) -> Schedule {
        let n = 2 * self.h;
        self.rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .flat_map(|t| [t.to_vec(), t.iter().map(|&p| (p + self.h) % n).collect()])
                    .collect()
            })
            .collect()
    }
}

/// 32 players, 10 rounds (8 tables of 4): no repeat, the social golfer problem
/// 8-4-10 (everyone meets 30 of the 31 others; `p` never meets `p + 16`: a
/// resolvable 4-GDD of type 2^16). Construction: the twins `{x, x + 16}`
/// (`x < 16`) are the points of GF(2)^4; round `k` seats the 4 cosets of a
/// plane `V_k` through 0 (each round's table with player 0, mod 16), 10 planes
/// covering every nonzero vector twice, so that two points `x`, `y` share a
/// coset in exactly 2 rounds. Each coset gives a pair of tables `T`, `T + 16`:
/// in one round the twins of `x` and `y` meet as `x, y` and `x + 16, y + 16`
/// (same side), in the other as `x, y + 16` and `x + 16, y` (crossed), so all 4
/// meet once. Which twin goes to `T` is a solution of that linear system over
/// GF(2) (a side per point and coset; one equation per pair of points), solved
/// offline by Gaussian elimination for these planes.
const HALVED_32_10: Halved = Halved {
    h: 16,
    rounds: &[
        &[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]],
        &[[0, 4, 17, 21], [2, 6, 19, 23], [8, 12, 25, 29], [10, 14, 27, 31]],
        &[[0, 8, 18, 26], [1, 9, 19, 27], [4, 12, 22, 30], [5, 13, 23, 31]],
        &[[0, 15, 19, 28], [1, 14, 18, 29], [4, 11, 23, 24], [5, 10, 22, 25]],
        &[[0, 12, 20, 24], [1, 13, 21, 25], [2, 14, 22, 26], [3, 15, 23, 27]],
        &[[0, 5, 11, 14], [1, 4, 26, 31], [2, 7, 9, 12], [3, 6, 24, 29]],
        &[[0, 6, 25, 31], [1, 7, 24, 30], [2, 11, 20, 29], [3, 10, 21, 28]],
        &[[0, 22, 27, 29], [1, 10, 12, 23], [2, 4, 15, 25], [3, 5, 8, 30]],
        &[[0, 9, 23, 30], [1, 6, 8, 15], [2, 5, 27, 28], [3, 13, 20, 26]],
        &[[0, 7, 10, 13], [1, 11, 22, 28], [2, 8, 21, 31], [3, 4, 9, 14]],
    ],
};

/// An embedded schedule for `n` players and up to its number of rounds, with
/// its repeats (0 but for 12 and 18 players); checked (everybody once per round, the
/// given sizes, the repeats) before use.
pub(crate) fn known(n: usize, rounds: usize, sizes: &[usize]) -> Option<(Schedule, u64)> {
    if let Some(e) = EXPLICIT.iter().find(|e| e.n == n) {
        if rounds == 0 || rounds > e.rounds.len() {
            return None;
        }
        let s: Schedule = e.rounds[..rounds]
            .iter()
            .map(|r| r.iter().map(|t| t.to_vec()).collect())
            .collect();
        let want = e.repeats[rounds - 1];
        let ok = s
            .iter()
            .all(|round| round.iter().map(Vec::len).eq(sizes.iter().copied()))
            && partitions(&s, n)
            && repeat_count(&s, n) == want;
        return ok.then_some((s, want));
    }
    if n == 2 * HALVED_32_10.h {
        return no_repeat(HALVED_32_10.expand(), n, rounds, sizes);
    }
    let k = match n {
        22 => &KNOWN_22_5,
        24 => &KNOWN_24_7,
        28 => &KNOWN_28_9,
        _ => return None,
    };
    let g = Group::product(k.dims);
    let bases: Vec<Vec<Vec<usize>>> = k.bases.iter().map(|b| b.iter().map(|t| t.to_vec()).collect()).collect();
    no_repeat(expand(&g, k.levels, &bases), n, rounds, sizes)
}

/// The first `rounds` rounds of an embedded schedule with no repeat, when it
/// has that many and they check: the given table sizes, no repeat.
fn no_repeat(mut s: Schedule, n: usize, rounds: usize, sizes: &[usize]) -> Option<(Schedule, u64)> {
    if rounds > s.len() {
        return None;
    }
    s.truncate(rounds);
    let ok = s
        .iter()
        .all(|round| round.iter().map(Vec::len).eq(sizes.iter().copied()))
        && verify(&s, n);
    ok.then_some((s, 0))
}

/// Whether every point of `0..n` is seated exactly once in every round.
fn partitions(s: &Schedule, n: usize) -> bool {
    s.iter().all(|round| {
        let mut seen = vec![false; n];
        round
            .iter()
            .flatten()
            .all(|&p| p < n && !std::mem::replace(&mut seen[p], true))
            && seen.iter().all(|&x| x)
    })
}

/// Sum over pairs of max(0, met − 1).
fn repeat_count(s: &Schedule, n: usize) -> u64 {
    let mut met = vec![0u32; n * n];
    let mut rep = 0;
    for table in s.iter().flatten() {
        for (i, &p) in table.iter().enumerate() {
            for &q in &table[i + 1..] {
                let m = &mut met[p.min(q) * n + p.max(q)];
                rep += u64::from(*m > 0);
                *m += 1;
            }
        }
    }
    rep
}

/// Whether every point is seated once per round and no pair meets twice.
fn verify(s: &Schedule, n: usize) -> bool {
    let mut met = vec![false; n * n];
    for round in s {
        let mut seen = vec![false; n];
        for table in round {
            for (i, &p) in table.iter().enumerate() {
                if p >= n || seen[p] {
                    return false;
                }
                seen[p] = true;
                for &q in &table[i + 1..] {
                    if q >= n || met[p * n + q] {
                        return false;
                    }
                    met[p * n + q] = true;
                    met[q * n + p] = true;
                }
            }
        }
        if seen.iter().any(|&x| !x) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use std::collections::HashMap;

    fn repeats(s: &Schedule, n: usize) -> usize {
        let mut met = vec![0usize; n * n];
        let mut rep = 0;
        for round in s {
            let mut seen = vec![false; n];
            for table in round {
                for (i, &p) in table.iter().enumerate() {
                    assert!(!seen[p], "point {p} twice in a round");
                    seen[p] = true;
                    for &q in &table[i + 1..] {
                        met[p * n + q] += 1;
                        if met[p * n + q] > 1 {
                            rep += 1;
                        }
                    }
                }
            }
            assert!(seen.iter().all(|&x| x), "a point missing from a round");
        }
        rep
    }

    /// Exhaustive proof that 12 players over 4 rounds of 3 tables of 4 need
    /// 13 repeats: repeats = 72 meetings − distinct pairs met, so the proof
    /// is that no 4 rounds meet more than 59 distinct pairs.
    /// - Round 1 is fixed by relabelling: {0..3}, {4..7}, {8..11}.
    /// - Round 2 is one of 9 classes under the group G that keeps round 1
    ///   (players moved within their table, tables swapped: 24³ × 3! =
    ///   82944 relabellings): its 3×3 intersection matrix with round 1, up
    ///   to row and column permutations, is the class.
    /// - Round 3 is one of the orbits under H, the relabellings of G that
    ///   also keep round 2: they keep the number of pairs met by rounds
    ///   1 to 4 whatever round 4 is, so one round 3 per orbit is enough.
    /// - Round 4 is every one of the 5775 partitions.
    ///
    /// About 9 × 10⁶ unions in all (every pair of rounds 3 and 4 would be
    /// 1.5 × 10⁸): it runs in every `cargo test`, debug builds included.
    #[test]
    fn twelve_by_four_is_optimal() {
        type Blocks = [[usize; 4]; 3];
        let bit = |a: usize, b: usize| {
            let (a, b) = (a.min(b), a.max(b));
            1u128 << (b * (b - 1) / 2 + a)
        };
        let mask = |blocks: &Blocks| {
            let mut m = 0u128;
            for bl in blocks {
                for i in 0..4 {
                    for j in i + 1..4 {
                        m |= bit(bl[i], bl[j]);
                    }
                }
            }
            m
        };
        let mut parts: Vec<Blocks> = Vec::new();
        for a in 1..12 {
            for b in a + 1..12 {
                for c in b + 1..12 {
                    let first = [0, a, b, c];
                    let rest: Vec<usize> = (1..12).filter(|x| !first.contains(x)).collect();
                    for x in 1..8 {
                        for y in x + 1..8 {
                            for z in y + 1..8 {
                                let second = [rest[0], rest[x], rest[y], rest[z]];
                                let third: Vec<usize> = rest.iter().copied().filter(|v| !second.contains(v)).collect();
                                parts.push([first, second, [third[0], third[1], third[2], third[3]]]);
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(parts.len(), 5775);
        let masks: Vec<u128> = parts.iter().map(mask).collect();
        let index: HashMap<u128, usize> = masks.iter().enumerate().map(|(k, &m)| (m, k)).collect();
        assert_eq!(index.len(), 5775, "a partition is known by the pairs it makes meet");
        let round1: Blocks = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]];
        let first = mask(&round1);

        // G: the relabellings that keep round 1.
        let perms3 = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let mut perms4: Vec<[usize; 4]> = Vec::new();
        for a in 0..4 {
            for b in (0..4).filter(|&b| b != a) {
                for c in (0..4).filter(|&c| c != a && c != b) {
                    perms4.push([a, b, c, 6 - a - b - c]);
                }
            }
        }
        let mut group: Vec<[usize; 12]> = Vec::with_capacity(82944);
        for tables in &perms3 {
            for p0 in &perms4 {
                for p1 in &perms4 {
                    for p2 in &perms4 {
                        let within = [p0, p1, p2];
                        let mut g = [0; 12];
                        for (x, gx) in g.iter_mut().enumerate() {
                            *gx = 4 * tables[x / 4] + within[x / 4][x % 4];
                        }
                        group.push(g);
                    }
                }
            }
        }
        assert_eq!(group.len(), 82944);
        let image = |g: &[usize; 12], blocks: &Blocks| mask(&blocks.map(|bl| bl.map(|x| g[x])));
        assert!(group.iter().all(|g| image(g, &round1) == first));

        let mut classes = std::collections::BTreeSet::new();
        let mut best = 0;
        let mut unions = 0usize;
        for (k, part) in parts.iter().enumerate() {
            let mat = |i: usize, j: usize| part[j].iter().filter(|&&x| x / 4 == i).count();
            let canon = perms3
                .iter()
                .flat_map(|rp| {
                    perms3
                        .iter()
                        .map(move |cp| (0..9).map(|e| mat(rp[e / 3], cp[e % 3])).collect::<Vec<_>>())
                })
                .min()
                .unwrap();
            if !classes.insert(canon) {
                continue;
            }
            // H, then one round 3 per orbit of H.
            let keep: Vec<&[usize; 12]> = group.iter().filter(|g| image(g, part) == masks[k]).collect();
            let mut seen = vec![false; parts.len()];
            let two = first | masks[k];
            for r3 in 0..parts.len() {
                if seen[r3] {
                    continue;
                }
                for g in &keep {
                    seen[index[&image(g, &parts[r3])]] = true;
                }
                let three = two | masks[r3];
                for &m in &masks {
                    best = best.max((three | m).count_ones());
                }
                unions += masks.len();
            }
        }
        assert_eq!(classes.len(), 9);
        assert_eq!(72 - best, 13);
        // 1546 rounds 3 over the 9 cases, instead of 9 × 5775 (× 5776 / 2 pairs).
        assert_eq!(unions, 1546 * 5775);
        let (s, _) = known(12, 4, &[4, 4, 4]).expect("embedded 12x4");
        assert_eq!(repeats(&s, 12), 13);
    }

    #[test]
    fn affine_plane_has_no_repeat() {
        assert_eq!(repeats(&affine_plane_16(), 16), 0);
    }

    #[test]
    fn known_designs_have_no_repeat() {
        for &(n, rounds, ref sizes) in &[
            (24, 7, vec![4; 6]),
            (28, 9, vec![4; 7]),
            (22, 5, vec![5, 5, 4, 4, 4]),
            (32, 10, vec![4; 8]),
            (32, 3, vec![4; 8]),
        ] {
            let (s, want) = known(n, rounds, sizes).unwrap_or_else(|| panic!("{n}x{rounds} embedded"));
            assert_eq!(s.len(), rounds);
            assert_eq!(want, 0);
            assert_eq!(repeats(&s, n), 0, "{n}x{rounds}");
        }
        // more rounds than embedded, or other table sizes: none
        assert!(known(32, 11, &[4; 8]).is_none());
        assert!(known(32, 10, &[5, 5, 5, 5, 4, 4, 4]).is_none());
    }

    /// The 32-player design: everyone meets 30 others, all but `p + 16`.
    #[test]
    fn halved_32_meets_all_but_the_twin() {
        let s = HALVED_32_10.expand();
        let mut met = vec![vec![false; 32]; 32];
        for table in s.iter().flatten() {
            for &p in table {
                for &q in table.iter().filter(|&&q| q != p) {
                    met[p][q] = true;
                }
            }
        }
        for (p, row) in met.iter().enumerate() {
            let missed: Vec<usize> = (0..32).filter(|&q| q != p && !row[q]).collect();
            assert_eq!(missed, vec![(p + 16) % 32], "player {p}");
        }
    }

    /// Offline: `SEARCH=n,rounds,iters,seeds cargo test --release --lib -- --ignored --nocapture`
    /// prints base rounds found for the shapes of an instance.
    #[test]
    #[ignore = "an offline search tool, not a check: set SEARCH=n,rounds,iters,seeds"]
    fn search_shapes() {
        let Ok(spec) = std::env::var("SEARCH") else {
            return;
        };
        let v: Vec<usize> = spec.split(',').map(|x| x.parse().unwrap()).collect();
        let (n, rounds, iters, seeds) = (v[0], v[1], v[2], v[3]);
        let sizes = crate::tournament::seating::table_sizes(n, 0).unwrap();
        for seed in 0..seeds as u64 {
            for shape in shapes(n, rounds, &sizes) {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                if let Some(s) = symmetric_search(&shape, &mut rng, iters) {
                    let m: usize = shape.dims.iter().product();
                    let bases: Vec<_> = (0..shape.bases).map(|b| s[b * m].clone()).collect();
                    println!("FOUND {n}x{rounds} {:?} seed {seed}: {:?}", shape, bases);
                    return;
                }
                println!("not found {:?} seed {seed}", shape.dims);
            }
        }
    }
}
