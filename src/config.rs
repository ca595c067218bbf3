//! Command line and environment, parsed and checked at start-up.

use std::net::SocketAddr;
use std::time::Duration;

use crate::web::conn_gate::ConnectionGate;
use crate::web::limits::{Capacity, Timeouts};
use crate::web::live::gate::StreamLimits;

use clap::{Parser, Subcommand};

/// The database used when nothing is set: a SQLite file in the working directory.
pub const DEFAULT_DATABASE_URL: &str = "chelem.db";

/// Chelem, a French Tarot tournament server.
#[derive(Debug, Parser)]
#[command(name = "chelem", version, about)]
pub struct Cli {
    /// Database: a SQLite file path (default `chelem.db`) or a postgres:// URL.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL, global = true)]
    pub database_url: String,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the web server.
    Serve(ServeArgs),
    /// Apply the database migrations, then exit.
    Migrate,
    /// Manage organizer accounts.
    User {
        /// The action.
        #[command(subcommand)]
        action: UserAction,
    },
    /// Manage the server's clubs.
    Club {
        /// The action.
        #[command(subcommand)]
        action: ClubAction,
    },
    /// Score recorded deals: JSON Lines on standard input, one answer per line on standard output.
    Score(ScoreArgs),
    /// Plan seatings for a whole tournament and print them as JSON.
    Seat {
        /// Number of players (numbered 1..N).
        #[arg(long)]
        players: usize,
        /// Number of rounds.
        #[arg(long)]
        rounds: usize,
        /// Seed: the same seed gives the same seating.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Play deals in full with the built-in bots; print a summary, optionally log every deal.
    Simulate(SimulateArgs),
    /// Measure one bot against another in duplicate and print the table.
    Duel(DuelArgs),
    /// Solve positions open-handed: `chelem simulate --log` lines on standard input, one answer per line.
    Solve(SolveArgs),
    /// A tool for docs/rating.md (not an interface of FORMATS.md): a club of
    /// bots of known strength plays whole tournaments; prints how well the
    /// rating orders them and predicts the next tournament (JSON).
    ClubSim(ClubSimArgs),
    /// Write a whole tournament as one JSON document on standard output.
    Export {
        /// The tournament's id.
        #[arg(long)]
        tournament: crate::tournament::ids::TournamentId,
    },
    /// Read a tournament exported by `chelem export` from standard input into
    /// the database; prints the new tournament's id.
    Import,
    /// Copy the SQLite database into FILE, safely while the server writes
    /// (PostgreSQL: use pg_dump).
    Backup {
        /// The copy to write; it must not exist yet.
        file: std::path::PathBuf,
    },
    /// Manage API tokens.
    Token {
        /// The action.
        #[command(subcommand)]
        action: TokenAction,
    },
}

/// `chelem serve` options.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on: every interface by default, so that the
    /// tables' phones and tablets on the club's Wi-Fi reach the server
    /// (`127.0.0.1:8080`: this computer alone).
    #[arg(long, env = "CHELEM_BIND", default_value = "0.0.0.0:8080")]
    pub bind: SocketAddr,
    /// Mark cookies Secure (when served behind HTTPS).
    #[arg(long, env = "CHELEM_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// A reverse proxy in front of the server (repeatable; the variable takes
    /// a comma-separated list): only from these addresses are
    /// `X-Forwarded-For` (the client's address) and `X-Forwarded-Proto`
    /// (https: cookies marked Secure) believed.
    #[arg(
        long = "trusted-proxy",
        value_name = "ADDR",
        env = "CHELEM_TRUSTED_PROXIES",
        value_delimiter = ','
    )]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Database connections in the pool.
    #[arg(long, env = "CHELEM_POOL_SIZE", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub pool_size: u32,
    /// HTTP worker threads (default: one per core).
    #[arg(long, env = "CHELEM_WORKERS")]
    pub workers: Option<usize>,
    /// Time zone of the times shown (audit log, results page), an IANA name.
    #[arg(long, env = "CHELEM_TIMEZONE", default_value = "Europe/Paris", value_parser = parse_timezone)]
    pub timezone: chrono_tz::Tz,
    /// The address players reach the server at, e.g. `https://tarot.example.org`
    /// (table links and QR codes); default: the machine's address on the
    /// local network, or the scheme and host of each request.
    #[arg(long, env = "CHELEM_PUBLIC_URL", value_parser = public_url)]
    pub public_url: Option<String>,
    /// Milliseconds a bot waits before each of its actions in a game played
    /// on the devices at the normal pace, so the table sees the cards go
    /// down (a trick of three bots: 1.2 s; a game's pace may be instant or
    /// slow, 2.5 times this).
    #[arg(long, env = "CHELEM_BOT_DELAY_MS", default_value_t = 400)]
    pub bot_delay_ms: u64,
    /// Seconds a client may take to send a request's head (else 408).
    #[arg(long, env = "CHELEM_REQUEST_TIMEOUT", default_value_t = Timeouts::DEFAULT.request_head.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub request_timeout: u64,
    /// Seconds a client may take to send a request's body (else 408).
    #[arg(long, env = "CHELEM_BODY_TIMEOUT", default_value_t = Timeouts::DEFAULT.body.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub body_timeout: u64,
    /// Seconds an idle kept-alive connection stays open.
    #[arg(long, env = "CHELEM_KEEP_ALIVE", default_value_t = Timeouts::DEFAULT.keep_alive.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub keep_alive: u64,
    /// Event streams open at once, all clients together (default: three
    /// quarters of the connections the open-file limit allows, logged at start).
    #[arg(long, env = "CHELEM_MAX_STREAMS", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_streams: Option<u64>,
    /// Event streams open at once from one client address.
    #[arg(long, env = "CHELEM_MAX_STREAMS_PER_CLIENT", default_value_t = StreamLimits::PER_CLIENT as u64,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_streams_per_client: u64,
    /// Connections open at once from one client address (default: a
    /// quarter of the connections the open-file limit allows, and room for
    /// an address's streams and pages besides; logged at start).
    #[arg(long, env = "CHELEM_MAX_CONNECTIONS_PER_CLIENT", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_connections_per_client: Option<u64>,
}

impl ServeArgs {
    /// The caps on event streams for a server that may hold `capacity`
    /// connections: the flags given, else derived from it (never more
    /// streams than connections).
    pub fn stream_limits(&self, capacity: Capacity) -> StreamLimits {
        let derived = StreamLimits::within(capacity.connections);
        let clamp = |n: u64| usize::try_from(n).unwrap_or(usize::MAX).min(capacity.connections);
        let total = self.max_streams.map_or(derived.total, clamp);
        StreamLimits {
            total,
            per_client: clamp(self.max_streams_per_client).min(total),
        }
    }

    /// The connections one client address may hold, for a server that may
    /// hold `capacity` connections with `streams`' caps: the flag given,
    /// else [`ConnectionGate::share`].
    pub fn connections_per_client(&self, capacity: Capacity, streams: StreamLimits) -> usize {
        self.max_connections_per_client.map_or_else(
            || ConnectionGate::share(capacity.connections, streams.per_client),
            |n| usize::try_from(n).unwrap_or(usize::MAX),
        )
    }

    /// The request deadlines given.
    pub fn timeouts(&self) -> Timeouts {
        Timeouts {
            request_head: Duration::from_secs(self.request_timeout),
            body: Duration::from_secs(self.body_timeout),
            keep_alive: Duration::from_secs(self.keep_alive),
        }
    }
}

/// Parses an IANA time zone name such as `Europe/Paris`.
pub fn parse_timezone(s: &str) -> Result<chrono_tz::Tz, String> {
    s.parse::<chrono_tz::Tz>()
        .map_err(|_| format!("unknown time zone {s:?}: give an IANA name such as Europe/Paris"))
}

/// Checks a `--public-url`: an absolute http(s) URL with a host and no query
/// or fragment; the answer has no trailing slash, so paths append to it.
pub fn public_url(s: &str) -> Result<String, String> {
    let u =
        url::Url::parse(s.trim()).map_err(|e| format!("not an absolute URL ({e}), e.g. https://tarot.example.org"))?;
    if !matches!(u.scheme(), "http" | "https") {
        return Err(format!("the scheme must be http or https, not {}", u.scheme()));
    }
    if u.host_str().is_none_or(str::is_empty) {
        return Err("the URL has no host".into());
    }
    if u.query().is_some() || u.fragment().is_some() || !u.username().is_empty() || u.password().is_some() {
        return Err("the URL must have no query, fragment or credentials".into());
    }
    Ok(u.as_str().trim_end_matches('/').to_owned())
}

/// `chelem score` options: the variant switches (all off: FFT rules).
#[derive(Debug, clap::Args)]
pub struct ScoreArgs {
    /// Garde contre multiplies by 8.
    #[arg(long)]
    pub garde_contre_x8: bool,
    /// Handfuls worth 20/40/60.
    #[arg(long)]
    pub handfuls_20_40_60: bool,
    /// No petite: garde is the lowest contract.
    #[arg(long)]
    pub no_petite: bool,
    /// Misère declarations allowed.
    #[arg(long)]
    pub misere: bool,
    /// Scores rounded to 10.
    #[arg(long)]
    pub round_to_10: bool,
}

/// A table size for the bots' commands: 3, 4, 5 or 6.
fn parse_players(s: &str) -> Result<u8, String> {
    match s.trim().parse::<u8>() {
        Ok(n @ 3..=6) => Ok(n),
        _ => Err("--players must be 3, 4, 5 or 6".into()),
    }
}

/// `chelem solve` options.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// Size of the transposition table, in megabytes (allocated once).
    #[arg(long, default_value_t = 64)]
    pub table_mb: usize,
}

/// `chelem simulate` options.
#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// Table size: 3, 4, 5 or 6 (6: the casual six-player game).
    #[arg(long, value_parser = parse_players)]
    pub players: u8,
    /// Number of deals.
    #[arg(long)]
    pub deals: u64,
    /// Seed: deal i is shuffled from seed + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Write every deal to this file, one game-log JSON line each.
    #[arg(long)]
    pub log: Option<std::path::PathBuf>,
    /// The bot at every seat: quick, random, strong (search at every
    /// decision) or sampler (the former strong: sampling for the cards only).
    #[arg(long, default_value = "quick")]
    pub bot: String,
    /// Strong and sampler bots: search iterations per decision
    /// (reproducible); without it, --budget-ms.
    #[arg(long)]
    pub playouts: Option<u32>,
    /// Strong and sampler bots: milliseconds per decision when --playouts
    /// is not given.
    #[arg(long, default_value_t = 100)]
    pub budget_ms: u64,
}

/// `chelem duel` options.
#[derive(Debug, clap::Args)]
pub struct DuelArgs {
    /// Table sizes, e.g. `3,4,5,6`.
    #[arg(long, value_delimiter = ',', default_value = "4", value_parser = parse_players)]
    pub players: Vec<u8>,
    /// Deals per table size.
    #[arg(long, default_value_t = 2000)]
    pub deals: u32,
    /// The bot measured: quick, random, strong (search at every decision)
    /// or sampler (the former strong: sampling for the cards only).
    #[arg(long, default_value = "quick")]
    pub a: String,
    /// The baseline: quick, random, strong or sampler.
    #[arg(long, default_value = "random")]
    pub b: String,
    /// Seed of the deals.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Strong and sampler bots: search iterations per decision
    /// (reproducible); without it, --budget-ms.
    #[arg(long)]
    pub playouts: Option<u32>,
    /// Strong and sampler bots: milliseconds per decision when --playouts
    /// is not given.
    #[arg(long, default_value_t = 100)]
    pub budget_ms: u64,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// `chelem club-sim` options (a tool for docs/rating.md).
#[derive(Debug, clap::Args)]
pub struct ClubSimArgs {
    /// Tournaments (club evenings) to play.
    #[arg(long, default_value_t = 40)]
    pub tournaments: usize,
    /// Tournaments before the first held-out one: the levels' mean ratings
    /// are printed after them, the predictions judged on the rest.
    #[arg(long, default_value_t = 20)]
    pub after: usize,
    /// Members of each level (random, quick, sampler, strong).
    #[arg(long, default_value_t = 6)]
    pub per_level: usize,
    /// Rounds an evening.
    #[arg(long, default_value_t = 4)]
    pub rounds: usize,
    /// Deals each table plays a round.
    #[arg(long, default_value_t = 6)]
    pub deals: u32,
    /// Strong and sampler bots: search iterations per decision (lowered
    /// from the devices' 200 to keep the run affordable).
    #[arg(long, default_value_t = 50)]
    pub playouts: u32,
    /// Seed of the club, the attendance, the seating and the deals.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Also write the played season to this file (JSON lines: the club's
    /// settings, then one tournament's deals a line).
    #[arg(long, conflicts_with = "load")]
    pub save: Option<std::path::PathBuf>,
    /// Judge a season saved by --save instead of playing one (the club's
    /// settings come from the file).
    #[arg(long)]
    pub load: Option<std::path::PathBuf>,
    /// The rating model to judge, as JSON (the fields of
    /// `chelem_core::rating::Model`, those left out at their defaults).
    #[arg(long)]
    pub model: Option<String>,
}

/// `chelem club …`
#[derive(Debug, Subcommand)]
pub enum ClubAction {
    /// Create a club; prints its id.
    Add {
        /// The club's name.
        name: String,
        /// Its town.
        #[arg(long, default_value = "")]
        town: String,
    },
}

/// `chelem user …`
#[derive(Debug, Subcommand)]
pub enum UserAction {
    /// Create an organizer; the password is read from standard input.
    Add {
        /// Login name.
        name: String,
        /// A club they organize (several allowed); none: the server's only club.
        #[arg(long = "club", value_name = "ID")]
        clubs: Vec<i32>,
        /// Make them a server administrator (creates clubs, acts for every club).
        #[arg(long)]
        admin: bool,
    },
    /// Change an organizer's password (read from standard input, the same
    /// rules); their browser sessions end.
    Passwd {
        /// Login name.
        name: String,
    },
}

/// `chelem token …`
#[derive(Debug, Subcommand)]
pub enum TokenAction {
    /// Create an API token for an organizer and print it.
    Create {
        /// The organizer's login name.
        #[arg(long)]
        user: String,
        /// A label to remember what the token is for.
        #[arg(long, default_value = "api")]
        label: String,
    },
    /// Revoke an organizer's API tokens (all of them, or those with a label).
    Revoke {
        /// The organizer's login name.
        #[arg(long)]
        user: String,
        /// Only the tokens with this label.
        #[arg(long)]
        label: Option<String>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_urls_are_checked_at_start_up() {
        assert_eq!(
            public_url("https://tarot.example.org/").unwrap(),
            "https://tarot.example.org"
        );
        assert_eq!(public_url("http://10.0.0.5:8080").unwrap(), "http://10.0.0.5:8080");
        assert_eq!(public_url("https://club.fr/tarot/").unwrap(), "https://club.fr/tarot");
        for bad in [
            "tarot.example.org",
            "ftp://x.org",
            "https://x.org/?a=1",
            "https://x.org/#t",
            "https://u:p@x.org",
        ] {
            assert!(public_url(bad).is_err(), "{bad}");
        }
    }
}
