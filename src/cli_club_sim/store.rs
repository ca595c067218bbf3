//! A played season on disk, so that the rating can be judged again without
//! playing (the play costs minutes, the judging milliseconds): JSON lines,
//! the club's settings first, then one tournament's deals a line.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::play::Evenings;
use crate::rating::TournamentDeals;

/// The first line: what was played.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Header {
    /// Members of each level.
    pub per_level: usize,
    /// The seed of the club, the attendance, the seating and the deals.
    pub seed: u64,
    /// Tournaments played.
    pub tournaments: usize,
    /// Rounds an evening.
    pub rounds: usize,
    /// Deals each table played a round.
    pub deals: u32,
    /// Strong and sampler: iterations per decision.
    pub playouts: u32,
}

impl Header {
    /// The header of a season played with these settings.
    pub fn new(per_level: usize, ev: &Evenings) -> Header {
        Header {
            per_level,
            seed: ev.seed,
            tournaments: ev.tournaments,
            rounds: ev.rounds,
            deals: ev.deals,
            playouts: ev.playouts,
        }
    }
}

/// Writes the season to `path`.
pub fn save(path: &Path, header: &Header, season: &[TournamentDeals]) -> anyhow::Result<()> {
    let file = std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut out = BufWriter::new(file);
    serde_json::to_writer(&mut out, header)?;
    writeln!(out)?;
    for t in season {
        serde_json::to_writer(&mut out, t)?;
        writeln!(out)?;
    }
    out.flush()?;
    Ok(())
}

/// Reads a season written by [`save`].
pub fn load(path: &Path) -> anyhow::Result<(Header, Vec<TournamentDeals>)> {
    let file = std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut lines = BufReader::new(file).lines();
    let first = lines.next().context("the file is empty")??;
    let header: Header = serde_json::from_str(&first).context("the first line is not a club-sim header")?;
    let mut season = Vec::new();
    for (i, line) in lines.enumerate() {
        let line = line?;
        let t = serde_json::from_str(&line).with_context(|| format!("line {} is not a tournament", i + 2))?;
        season.push(t);
    }
    anyhow::ensure!(
        season.len() == header.tournaments,
        "the header says {} tournaments, the file has {}",
        header.tournaments,
        season.len()
    );
    Ok((header, season))
}
