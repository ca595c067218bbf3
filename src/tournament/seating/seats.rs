//! Seat order at a table: rotate seat 0 (the first dealer) and the other seats.

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Seats tracked per player (tables have at most 5 seats).
pub(crate) const SEATS: usize = 5;

/// How often a player sat at each seat.
pub(crate) type SeatCounts = [u32; SEATS];

/// Orders each table of `round` (local indices) so that players rarely get a
/// seat they already had, seat 0 weighing most; updates `counts`.
pub(crate) fn order_round(round: &mut [Vec<usize>], counts: &mut [SeatCounts], rng: &mut ChaCha8Rng) {
    for table in round.iter_mut() {
        table.shuffle(rng);
        let mut best = table.clone();
        let mut best_cost = cost(&best, counts);
        let mut perm = table.clone();
        permutations(&mut perm, 0, &mut |p| {
            let c = cost(p, counts);
            if c < best_cost {
                best_cost = c;
                best.copy_from_slice(p);
            }
        });
        for (seat, &p) in best.iter().enumerate() {
            if seat < SEATS {
                counts[p][seat] += 1;
            }
        }
        *table = best;
    }
}

fn cost(order: &[usize], counts: &[SeatCounts]) -> u64 {
    order
        .iter()
        .enumerate()
        .filter(|(seat, _)| *seat < SEATS)
        .map(|(seat, &p)| {
            let c = u64::from(counts[p][seat]);
            if seat == 0 {
                8 * c * c
            } else {
                c * c
            }
        })
        .sum()
}

/// Calls `f` on every permutation of `v[k..]` (v[..k] fixed), in a fixed order.
fn permutations(v: &mut [usize], k: usize, f: &mut impl FnMut(&[usize])) {
    if k + 1 >= v.len() {
        f(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, f);
        v.swap(k, i);
    }
}
