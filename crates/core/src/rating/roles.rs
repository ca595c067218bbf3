//! A free deal's terms in the normal equations, by the model's [`Seats`]:
//! in integers, in units of [`DENOM`], so that a tournament's sum is exact
//! whatever the order of its deals.
//!
//! The roles are read from the scores (docs/rating.md): each defender scores
//! `−S`, each partner `+S`, the taker `+S × (defenders − partners)` (FFT, and
//! RULES.md "Counting and score"), and a seat that sits the deal out scores 0.
//! So, the deal's scores are its defender unit `S` times a multiplier per
//! seat: 4 players `(3, −1, −1, −1)`, 5 with a partner `(2, 1, −1, −1, −1)`,
//! alone `(4, −1, −1, −1, −1)`, 3 players `(2, −1, −1)`…

use super::Seats;

/// The common denominator of every term: `3600² · 7` (tables of 3 to 6,
/// multipliers up to 5: `1/n`, `1/n²`, `1/m²` and `1/|m|²` are all whole
/// multiples of `1/DENOM`).
pub(super) const DENOM: i64 = 3600 * 3600 * 7;

/// Each seat's multiplier of the defenders' unit (signed so that
/// `scores = unit · m`, the sign itself irrelevant to the terms), or `None`
/// when the scores do not have the shape of a scored deal (every non-zero
/// score but one of the same size, at least 3 of them, the odd one at most
/// 5 times the others).
pub(super) fn multipliers(scores: &[i64]) -> Option<[i64; MAX_SEATS]> {
    let active = scores.iter().filter(|&&s| s != 0).count();
    if active < 3 || scores.len() > MAX_SEATS {
        return None;
    }
    let count = |u: i64| scores.iter().filter(|s| s.abs() == u).count();
    let unit = scores
        .iter()
        .map(|s| s.abs())
        .find(|&u| u != 0 && count(u) + 1 >= active)?;
    let mut m = [0; MAX_SEATS];
    for (k, &s) in m.iter_mut().zip(scores) {
        *k = s / unit;
        if s != *k * unit || k.abs() > 5 {
            return None;
        }
    }
    Some(m)
}

/// One deal's terms over its seats (`scores`, in the order of `local`):
/// `matrix[i·n + j]` and `rhs[i]`, in units of [`DENOM`].
pub(super) struct Terms {
    pub matrix: [i64; MAX_SEATS * MAX_SEATS],
    pub rhs: [i64; MAX_SEATS],
}

/// The most seats a deal has.
const MAX_SEATS: usize = 6;

impl Terms {
    fn zero() -> Terms {
        Terms {
            matrix: [0; MAX_SEATS * MAX_SEATS],
            rhs: [0; MAX_SEATS],
        }
    }
}

/// The deal's terms under `seats`, its defenders' score capped at `cap`
/// (the other seats' in proportion); a deal whose roles cannot be read (see
/// [`multipliers`]) takes the [`Seats::Equal`] terms, uncapped.
pub(super) fn terms(scores: &[i64], seats: Seats, cap: Option<i64>) -> Terms {
    let roles = match (seats, cap) {
        (Seats::Equal, None) => None,
        _ => multipliers(scores),
    };
    let Some(m) = roles else {
        return equal(scores);
    };
    let mut capped = [0; MAX_SEATS];
    let scores = match cap {
        Some(c) => {
            let unit = scores.iter().zip(&m).find(|x| *x.1 != 0).map_or(0, |(s, k)| s / k);
            let unit = unit.clamp(-c, c);
            capped.iter_mut().zip(&m).for_each(|(x, k)| *x = k * unit);
            &capped[..scores.len()]
        }
        None => scores,
    };
    match seats {
        Seats::Equal => equal(scores),
        Seats::ByRoleLinear => by_role(scores, &m, 1),
        Seats::ByRole => by_role(scores, &m, 2),
        Seats::Camp if DENOM % m.iter().map(|k| k * k).sum::<i64>() == 0 => camp(scores, &m),
        Seats::Camp => equal(scores),
    }
}

/// Every seat an observation of `θ_i − mean θ`, weighing 1: `I − J/n`, and
/// the scores.
fn equal(scores: &[i64]) -> Terms {
    let n = scores.len();
    let unit = DENOM / n as i64;
    let mut t = Terms::zero();
    for (i, score) in scores.iter().enumerate() {
        t.rhs[i] = score * DENOM;
        t.matrix[i * n..(i + 1) * n].iter_mut().for_each(|x| *x = -unit);
        t.matrix[i * n + i] += DENOM;
    }
    t
}

/// Every playing seat an observation of `θ_i − mean θ` over the playing
/// seats, weighing `1/|m_i|^power` (`power` 2: the inverse of its score's
/// variance, the taker of a table of 4 swinging three times as far as a
/// defender): `P W P` and `P W s`, `P` the centring over the playing seats;
/// a seat sitting out counts for nothing.
fn by_role(scores: &[i64], m: &[i64], power: u32) -> Terms {
    let seats = scores.len();
    let on = || (0..seats).filter(|&i| m[i] != 0);
    let n = on().count() as i64;
    let den = |i: usize| m[i].abs().pow(power);
    // w_i · DENOM, and the same over n and over n².
    let w = |i: usize| DENOM / den(i);
    let w_n = |i: usize| DENOM / (den(i) * n);
    let total_n2: i64 = on().map(|k| DENOM / (den(k) * n * n)).sum();
    let ws_n: i64 = on().map(|k| scores[k] * w_n(k)).sum();
    let mut t = Terms::zero();
    for i in on() {
        t.rhs[i] = scores[i] * w(i) - ws_n;
        for j in on() {
            let own = if i == j { w(i) } else { 0 };
            t.matrix[i * seats + j] = own - w_n(i) - w_n(j) + total_n2;
        }
    }
    t
}

/// The deal one observation, its result `S` per defender, of the attack's
/// strength against the defence's, `m · θ / |m|²` (the seats' expectation
/// `θ_i − mean θ` seen along the roles, the only direction the scores move
/// in), weighing `|m|²`: `m mᵀ / |m|²`, and the scores.
fn camp(scores: &[i64], m: &[i64]) -> Terms {
    let seats = scores.len();
    let norm: i64 = m.iter().map(|k| k * k).sum();
    let unit = DENOM / norm;
    let mut t = Terms::zero();
    for i in 0..seats {
        t.rhs[i] = scores[i] * DENOM;
        for j in 0..seats {
            t.matrix[i * seats + j] = m[i] * m[j] * unit;
        }
    }
    t
}
