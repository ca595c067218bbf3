//! Seat order at a table: rotate seat 0 (the first dealer) and the other seats.

use rand::seq::SliceRandom;
use rand::Rng;
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

/// Orders every table of a whole schedule (local indices `0..n`): first
/// dealers (seat 0) chosen round by round among those who dealt least, then
/// moved along alternating paths until no player deals twice more than
/// another one could (the counts as even as the tables allow); the other
/// seats as in [`order_round`].
pub(crate) fn order_schedule(schedule: &mut [Vec<Vec<usize>>], n: usize, rng: &mut ChaCha8Rng) {
    let mut dealt = vec![0u32; n];
    // dealer[r][t]
    let mut dealer: Vec<Vec<usize>> = Vec::with_capacity(schedule.len());
    for round in schedule.iter() {
        let mut row = Vec::with_capacity(round.len());
        for table in round {
            let mut pick = table[0];
            let mut ties = 0u32;
            for &p in table {
                if dealt[p] < dealt[pick] {
                    pick = p;
                    ties = 1;
                } else if dealt[p] == dealt[pick] {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        pick = p;
                    }
                }
            }
            dealt[pick] += 1;
            row.push(pick);
        }
        dealer.push(row);
    }
    balance_dealers(schedule, &mut dealer, &mut dealt);
    let mut counts: Vec<SeatCounts> = vec![[0; SEATS]; n];
    for (r, round) in schedule.iter_mut().enumerate() {
        for (t, table) in round.iter_mut().enumerate() {
            let d = dealer[r][t];
            let i = table.iter().position(|&p| p == d).expect("dealer at its table");
            table.swap(0, i);
            table[1..].shuffle(rng);
            let mut best = table.clone();
            let mut best_cost = cost(&best, &counts);
            let mut perm = table.clone();
            permutations(&mut perm, 1, &mut |p| {
                let c = cost(p, &counts);
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
}

/// Moves first-dealer seats along alternating paths (a table's dealer hands
/// over to another player of the table, who hands over one of its own, …)
/// from a player who dealt `c` times to one who dealt at most `c − 2`, while
/// such a path exists. Each move lowers the sum of squared counts; at the end
/// no such path is left, i.e. the counts are spread as evenly as possible.
fn balance_dealers(schedule: &[Vec<Vec<usize>>], dealer: &mut [Vec<usize>], dealt: &mut [u32]) {
    let n = dealt.len();
    let mut slots: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    let mut parent: Vec<Option<(usize, (usize, usize))>> = vec![None; n];
    let mut queue = Vec::with_capacity(n);
    'improve: loop {
        for s in slots.iter_mut() {
            s.clear();
        }
        for (r, row) in dealer.iter().enumerate() {
            for (t, &d) in row.iter().enumerate() {
                slots[d].push((r, t));
            }
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&p| (std::cmp::Reverse(dealt[p]), p));
        for &u in &order {
            if dealt[u] < 2 {
                break;
            }
            parent.iter_mut().for_each(|x| *x = None);
            queue.clear();
            queue.push(u);
            let mut head = 0;
            let mut seen = vec![false; n];
            seen[u] = true;
            while head < queue.len() {
                let x = queue[head];
                head += 1;
                for &(r, t) in &slots[x] {
                    for &y in &schedule[r][t] {
                        if seen[y] {
                            continue;
                        }
                        seen[y] = true;
                        parent[y] = Some((x, (r, t)));
                        if dealt[y] + 2 <= dealt[u] {
                            // hand the seats over along the path u → … → y
                            let mut z = y;
                            while let Some((x, (r, t))) = parent[z] {
                                dealer[r][t] = z;
                                z = x;
                            }
                            dealt[u] -= 1;
                            dealt[y] += 1;
                            continue 'improve;
                        }
                        queue.push(y);
                    }
                }
            }
        }
        break;
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
