//! The club's evenings: who comes, where the seating puts them, and every
//! deal played in full by the members' bots through the engine.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::bots::{play_out, Bot, Budget};
use crate::cli_duel::deal_seed;
use crate::rating::{FreeDeal, TournamentDeals};
use crate::tarot::{Game, Seat};
use crate::tournament::ids::{PlayerId, TournamentId};
use crate::tournament::seating::{plan, PlanOptions, Round};

/// The levels, weakest first (docs/bots.md: `chelem duel` ranks them so).
pub const LEVELS: [&str; 4] = ["random", "quick", "sampler", "strong"];

/// Fewest players an evening seats (two tables of 4).
const MIN_ATTENDANCE: usize = 8;

/// The club: each member's level (an index into [`LEVELS`]) and how often
/// they come.
#[derive(Debug, Clone)]
pub struct Club {
    /// Level of member `i` (player id `i + 1`).
    pub level: Vec<usize>,
    /// Probability that member `i` comes on a given evening.
    pub attendance: Vec<f64>,
}

impl Club {
    /// `per_level` members of each level (levels in turn: 1 random, 2 quick,
    /// 3 sampler, 4 strong, 5 random…), each coming with a probability drawn
    /// between 0.35 and 0.95.
    pub fn new(per_level: usize, seed: u64) -> Club {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xC1_0B);
        let n = per_level * LEVELS.len();
        Club {
            level: (0..n).map(|i| i % LEVELS.len()).collect(),
            attendance: (0..n).map(|_| rng.random_range(0.35..0.95)).collect(),
        }
    }

    /// The player id of member `i`.
    pub fn id(i: usize) -> PlayerId {
        PlayerId::new(i as i32 + 1)
    }

    /// The members who come to evening `t`: each by their probability, the
    /// most assiduous absent ones added while fewer than 8 came.
    pub fn attendees(&self, t: usize, seed: u64) -> Vec<PlayerId> {
        let mut rng = ChaCha8Rng::seed_from_u64(deal_seed(seed, 0xA7, t as u32));
        let mut here: Vec<bool> = self.attendance.iter().map(|&p| rng.random_bool(p)).collect();
        let mut by_assiduity: Vec<usize> = (0..here.len()).collect();
        by_assiduity.sort_by(|&a, &b| self.attendance[b].total_cmp(&self.attendance[a]));
        for i in by_assiduity {
            if here.iter().filter(|&&h| h).count() >= MIN_ATTENDANCE.min(here.len()) {
                break;
            }
            here[i] = true;
        }
        (0..here.len()).filter(|&i| here[i]).map(Club::id).collect()
    }

    /// The bot that plays member `p` (strong and sampler: `playouts`
    /// iterations per decision).
    pub fn bot(&self, p: PlayerId, playouts: u32) -> Bot {
        match LEVELS[self.level[p.get() as usize - 1]] {
            "random" => Bot::Random,
            "quick" => Bot::Quick,
            "sampler" => Bot::Sampler(Budget::Playouts(playouts)),
            _ => Bot::Strong(Budget::Playouts(playouts)),
        }
    }
}

/// What the evenings need to be played.
#[derive(Debug, Clone, Copy)]
pub struct Evenings {
    /// Tournaments.
    pub tournaments: usize,
    /// Rounds an evening.
    pub rounds: usize,
    /// Deals each table plays a round.
    pub deals: u32,
    /// Strong and sampler: iterations per decision.
    pub playouts: u32,
    /// Seed of everything.
    pub seed: u64,
    /// Threads.
    pub threads: usize,
}

/// One table of one round of one evening, to play.
struct TableJob {
    tournament: usize,
    key: u32,
    players: Vec<PlayerId>,
}

/// Seats every evening and plays every table (on `threads` threads; the
/// same seed gives the same deals whatever the number of threads). Evening
/// `t` (from 0) is tournament id `t + 1`, a week after the one before.
pub fn play(club: &Club, ev: &Evenings) -> anyhow::Result<Vec<TournamentDeals>> {
    let mut jobs = Vec::new();
    for t in 0..ev.tournaments {
        let rounds: Vec<Round> = plan(
            &club.attendees(t, ev.seed),
            ev.rounds,
            &PlanOptions::default(),
            ev.seed ^ t as u64,
        )?;
        for (r, round) in rounds.into_iter().enumerate() {
            for (k, players) in round.into_iter().enumerate() {
                let key = (t * 10_000 + r * 100 + k) as u32;
                jobs.push(TableJob {
                    tournament: t,
                    key,
                    players,
                });
            }
        }
    }
    let threads = ev.threads.max(1);
    let mut played: Vec<Vec<FreeDeal>> = (0..jobs.len()).map(|_| Vec::new()).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|w| {
                let jobs = &jobs;
                scope.spawn(move || {
                    (w..jobs.len())
                        .step_by(threads)
                        .map(|j| (j, play_table(club, ev, &jobs[j])))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (j, deals) in h.join().expect("a table's thread panicked") {
                played[j] = deals;
            }
        }
    });
    let start = chrono::NaiveDate::from_ymd_opt(2026, 9, 1).expect("a date");
    let mut out: Vec<TournamentDeals> = (0..ev.tournaments)
        .map(|t| TournamentDeals {
            date: start + chrono::Days::new(7 * t as u64),
            id: TournamentId::new(t as i32 + 1),
            free: Vec::new(),
            duplicate: Vec::new(),
        })
        .collect();
    for (job, deals) in jobs.iter().zip(played) {
        out[job.tournament].free.extend(deals);
    }
    Ok(out)
}

/// The deals of one table: the dealer turns, each deal from its own seed;
/// a deal every seat passed is dealt again (the next seed), as at a club,
/// until the table has scored its deals.
fn play_table(club: &Club, ev: &Evenings, job: &TableJob) -> Vec<FreeDeal> {
    let n = job.players.len() as u8;
    let bots: Vec<Bot> = job.players.iter().map(|&p| club.bot(p, ev.playouts)).collect();
    let mut out = Vec::new();
    let mut i = 0u32;
    while out.len() < ev.deals as usize {
        let seed = deal_seed(ev.seed, n, job.key * 256 + i);
        let mut game = Game::new(n, Seat((out.len() % usize::from(n)) as u8), seed);
        play_out(&mut game, &bots, &mut ChaCha8Rng::seed_from_u64(seed ^ 0xB07));
        i += 1;
        if game.contract().is_none() {
            continue;
        }
        let scores = game.scores().expect("the deal is over");
        out.push(FreeDeal {
            scores: job.players.iter().copied().zip(scores).collect(),
        });
    }
    out
}
