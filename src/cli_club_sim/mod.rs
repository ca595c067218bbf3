//! `chelem club-sim`: a tool for docs/rating.md, not an interface of
//! FORMATS.md. A club of bots of known strength (docs/bots.md: random <
//! quick < sampler < strong) plays whole tournaments: each evening a varying
//! part of the club comes, the seating plans its rounds (tables of 4 and 5),
//! and every deal is bid, played and scored by the engine. Then the rating
//! (`chelem_core::rating`) is judged: does it order the levels after
//! `--after` tournaments, and does it predict each later tournament's
//! ranking better than points per deal to date, and than Weng-Lin?

mod judge;
mod play;
mod store;

use std::path::PathBuf;
use std::time::Instant;

use serde_json::{json, Value};

use crate::rating::{rate, Model, Snapshot, TournamentDeals};
pub use judge::spearman;
use judge::PREDICTORS;
pub use play::{Club, Evenings, LEVELS};

/// The options of `chelem club-sim`.
#[derive(Debug, Clone)]
pub struct ClubSimOptions {
    /// The evenings to play.
    pub evenings: Evenings,
    /// Members of each level.
    pub per_level: usize,
    /// Tournaments before the first held-out one.
    pub after: usize,
    /// Where to write the played season.
    pub save: Option<PathBuf>,
    /// A saved season to judge instead of playing.
    pub load: Option<PathBuf>,
    /// The rating model judged, as JSON (`None`: the default).
    pub model: Option<String>,
}

impl From<&crate::config::ClubSimArgs> for ClubSimOptions {
    fn from(a: &crate::config::ClubSimArgs) -> Self {
        let evenings = Evenings {
            tournaments: a.tournaments,
            rounds: a.rounds,
            deals: a.deals,
            playouts: a.playouts,
            seed: a.seed,
            threads: a.threads,
        };
        ClubSimOptions {
            evenings,
            per_level: a.per_level,
            after: a.after,
            save: a.save.clone(),
            load: a.load.clone(),
            model: a.model.clone(),
        }
    }
}

/// Mean rating of each level's members in a snapshot.
fn level_means(club: &Club, snap: &Snapshot) -> Vec<f64> {
    let mut sum = [0.0; 4];
    let mut n = [0usize; 4];
    for r in &snap.ratings {
        let l = club.level[r.player.get() as usize - 1];
        sum[l] += r.rating;
        n[l] += 1;
    }
    (0..4)
        .map(|l| if n[l] > 0 { sum[l] / n[l] as f64 } else { f64::NAN })
        .collect()
}

fn by_level(means: &[f64]) -> Value {
    let round = |x: f64| (x * 10.0).round() / 10.0;
    Value::Object(
        LEVELS
            .iter()
            .zip(means)
            .map(|(l, m)| (l.to_string(), json!(round(*m))))
            .collect(),
    )
}

/// Mean and standard error of the mean.
fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

/// The season judged: played now (and saved if asked), or loaded.
fn season(opts: &ClubSimOptions) -> anyhow::Result<(store::Header, Vec<TournamentDeals>, f64)> {
    if let Some(path) = &opts.load {
        let (header, season) = store::load(path)?;
        return Ok((header, season, 0.0));
    }
    let ev = &opts.evenings;
    anyhow::ensure!(opts.per_level >= 2, "--per-level must be at least 2");
    anyhow::ensure!((1..=30).contains(&ev.deals), "--deals must be between 1 and 30");
    anyhow::ensure!(ev.rounds >= 1, "--rounds must be at least 1");
    anyhow::ensure!(
        ev.tournaments >= 2 && (1..ev.tournaments).contains(&opts.after),
        "--tournaments must be at least 2, --after between 1 and --tournaments − 1"
    );
    let club = Club::new(opts.per_level, ev.seed);
    let start = Instant::now();
    let season = play::play(&club, ev)?;
    let play_secs = start.elapsed().as_secs_f64();
    let header = store::Header::new(opts.per_level, ev);
    if let Some(path) = &opts.save {
        store::save(path, &header, &season)?;
    }
    Ok((header, season, play_secs))
}

/// Plays the club's season (or loads it) and returns the report (JSON).
pub fn run(opts: &ClubSimOptions) -> anyhow::Result<Value> {
    let model: Model = match &opts.model {
        Some(json) => serde_json::from_str(json).map_err(|e| anyhow::anyhow!("--model: {e}"))?,
        None => Model::default(),
    };
    let (h, season, play_secs) = season(opts)?;
    anyhow::ensure!(h.tournaments >= 2, "--tournaments must be at least 2");
    anyhow::ensure!(
        (1..h.tournaments).contains(&opts.after),
        "--after must be between 1 and --tournaments − 1"
    );
    let club = Club::new(h.per_level, h.seed);
    let start = Instant::now();
    let ratings = rate(&season, &model)?;
    let rate_secs = start.elapsed().as_secs_f64();
    let level = |p: crate::tournament::ids::PlayerId| club.level[p.get() as usize - 1];
    let scores = judge::held_out(&season, &ratings.history, &level, opts.after);
    let after = level_means(&club, &ratings.history[opts.after - 1]);
    let last = level_means(&club, ratings.history.last().expect("tournaments were played"));
    let ordered = |m: &[f64]| m.windows(2).all(|w| w[0] < w[1]);
    let mut spearman = serde_json::Map::new();
    for (k, name) in PREDICTORS.iter().enumerate() {
        let (mean, se) = mean_se(&scores.iter().map(|s| s[k]).collect::<Vec<_>>());
        spearman.insert(name.to_string(), json!({ "mean": round3(mean), "se": round3(se) }));
    }
    let (diff, diff_se) = mean_se(&scores.iter().map(|s| s[0] - s[1]).collect::<Vec<_>>());
    let deals: usize = season.iter().map(|t| t.free.len()).sum();
    Ok(json!({
        "tool": "chelem club-sim (docs/rating.md)",
        "seed": h.seed,
        "tournaments": h.tournaments,
        "members": h.per_level * LEVELS.len(),
        "rounds": h.rounds,
        "deals_per_round": h.deals,
        "playouts": h.playouts,
        "model": model,
        "deals_played": deals,
        "seconds_playing": round3(play_secs),
        "seconds_rating": round3(rate_secs),
        "after": opts.after,
        "mean_rating_after": by_level(&after),
        "levels_ordered_after": ordered(&after),
        "mean_rating_final": by_level(&last),
        "levels_ordered_final": ordered(&last),
        "held_out": {
            "first": opts.after + 1,
            "last": h.tournaments,
            "tournaments": scores.len(),
            "spearman": spearman,
            "rating_minus_points_per_deal": { "mean": round3(diff), "se": round3(diff_se) },
            "rating_better": scores.iter().filter(|s| s[0] > s[1]).count(),
            "points_per_deal_better": scores.iter().filter(|s| s[1] > s[0]).count(),
        },
    }))
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
