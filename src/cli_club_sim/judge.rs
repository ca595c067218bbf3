//! How well each predictor ranks a tournament before it is played: the
//! rating, points per deal to date, Weng-Lin (the `skillratings` crate) fed
//! each deal as a ranking of its table, and fed each evening as a ranking
//! of its players; the members' true levels as the ceiling.

use std::collections::HashMap;

use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

use crate::rating::{Snapshot, TournamentDeals, CENTRE};
use crate::tournament::ids::PlayerId;

/// The predictors, in the order of [`Predictions`]' fields and the report.
pub const PREDICTORS: [&str; 5] = [
    "rating",
    "points_per_deal",
    "weng_lin_per_deal",
    "weng_lin_per_tournament",
    "true_level",
];

/// Ranks from 1, ties sharing their mean rank (higher value: better rank
/// number, the order does not matter for a correlation).
fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..xs.len()).collect();
    idx.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let mut out = vec![0.0; xs.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && xs[idx[j + 1]] == xs[idx[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &k in &idx[i..=j] {
            out[k] = mean;
        }
        i = j + 1;
    }
    out
}

/// Spearman's rank correlation (Pearson's on the ranks, ties averaged); 0
/// when either side is constant.
pub fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    if va == 0.0 || vb == 0.0 {
        return 0.0;
    }
    cov / (va * vb).sqrt()
}

/// Each predictor's Spearman correlation with one tournament's ranking.
pub type Predictions = [f64; 5];

/// Walks the season in order; for each tournament from `after` on (0-based),
/// correlates each predictor, as it stood before the tournament, with the
/// tournament's ranking (total points). `history[t]`: the ratings after
/// tournament `t`; `level`: each player's true level.
pub fn held_out(
    season: &[TournamentDeals],
    history: &[Snapshot],
    level: &dyn Fn(PlayerId) -> usize,
    after: usize,
) -> Vec<Predictions> {
    let config = WengLinConfig::new();
    let mut wl_deal: HashMap<PlayerId, WengLinRating> = HashMap::new();
    let mut wl_evening: HashMap<PlayerId, WengLinRating> = HashMap::new();
    let mut to_date: HashMap<PlayerId, (i64, u32)> = HashMap::new();
    let mut out = Vec::new();
    for (t, tournament) in season.iter().enumerate() {
        let mut totals: HashMap<PlayerId, i64> = HashMap::new();
        for d in &tournament.free {
            for &(p, s) in &d.scores {
                *totals.entry(p).or_default() += s;
            }
        }
        let mut players: Vec<PlayerId> = totals.keys().copied().collect();
        players.sort_unstable();
        if t >= after && t > 0 {
            let rating_before = |p: PlayerId| {
                let r = &history[t - 1].ratings;
                r.binary_search_by_key(&p, |x| x.player).map_or(CENTRE, |i| r[i].rating)
            };
            let per_deal = |p: PlayerId| to_date.get(&p).map_or(0.0, |&(s, n)| s as f64 / f64::from(n));
            let mu =
                |m: &HashMap<PlayerId, WengLinRating>, p| m.get(&p).map_or(WengLinRating::new().rating, |r| r.rating);
            let actual: Vec<f64> = players.iter().map(|p| totals[p] as f64).collect();
            let predictors: [Vec<f64>; 5] = [
                players.iter().map(|&p| rating_before(p)).collect(),
                players.iter().map(|&p| per_deal(p)).collect(),
                players.iter().map(|&p| mu(&wl_deal, p)).collect(),
                players.iter().map(|&p| mu(&wl_evening, p)).collect(),
                players.iter().map(|&p| level(p) as f64).collect(),
            ];
            out.push(predictors.map(|x| spearman(&x, &actual)));
        }
        for d in &tournament.free {
            weng_lin_ranking(&mut wl_deal, &d.scores, &config);
            for &(p, s) in &d.scores {
                let e = to_date.entry(p).or_default();
                e.0 += s;
                e.1 += 1;
            }
        }
        let evening: Vec<(PlayerId, i64)> = players.iter().map(|&p| (p, totals[&p])).collect();
        weng_lin_ranking(&mut wl_evening, &evening, &config);
    }
    out
}

/// One Weng-Lin update: every player a team of one, ranked by score
/// (higher first, ties sharing the rank).
fn weng_lin_ranking(
    ratings: &mut HashMap<PlayerId, WengLinRating>,
    scores: &[(PlayerId, i64)],
    config: &WengLinConfig,
) {
    let teams: Vec<[WengLinRating; 1]> = scores
        .iter()
        .map(|(p, _)| [ratings.get(p).copied().unwrap_or_else(WengLinRating::new)])
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = scores
        .iter()
        .zip(&teams)
        .map(|((_, s), team)| {
            let rank = 1 + scores.iter().filter(|(_, o)| o > s).count();
            (&team[..], MultiTeamOutcome::new(rank))
        })
        .collect();
    for ((p, _), new) in scores.iter().zip(weng_lin_multi_team(&input, config)) {
        ratings.insert(*p, new[0]);
    }
}
