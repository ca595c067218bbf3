//! The `chelem` command: serve, migrate, user and token admin, score, seat,
//! simulate, duel, export, import, backup.

use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Parser;

use chelem::config::{Cli, Command, DuelArgs, ScoreArgs, ServeArgs, SimulateArgs, TokenAction, UserAction};
use chelem::db::{build_pool, run_migrations, Manager};
use chelem::web::{AppState, WebConfig};

fn init_tracing() {
    use tracing_subscriber::util::SubscriberInitExt;
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,actix_server=warn"));
    // Each request is a span (request id, method, route, status, without
    // the tokens of table links); closing it logs one line with its latency.
    let ansi = io::IsTerminal::is_terminal(&io::stderr());
    chelem::web::access_log::subscriber(filter, io::stderr, ansi).init();
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_tracing();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("chelem: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Serve(args) => {
            serve(&cli.database_url, args)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Migrate => {
            let mut conn = connect(&cli.database_url)?;
            let n = run_migrations(&mut conn)?;
            println!("{n} migration(s) applied");
            Ok(ExitCode::SUCCESS)
        }
        Command::User {
            action: UserAction::Add { name },
        } => {
            let password = read_password()?;
            let mut conn = connect(&cli.database_url)?;
            run_migrations(&mut conn)?;
            let user = chelem::db::ops::accounts::create_user(&mut conn, &name, &password)?;
            println!("user \"{}\" created", user.username);
            Ok(ExitCode::SUCCESS)
        }
        Command::Score(args) => Ok(ExitCode::from(score(&args)?)),
        Command::Seat { players, rounds, seed } => {
            if rounds == 0 {
                bail!("--rounds must be at least 1");
            }
            let doc = chelem::tournament::seating::seat_document(players, rounds, seed)?;
            let mut out = io::stdout().lock();
            serde_json::to_writer(&mut out, &doc)?;
            writeln!(out)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Simulate(args) => {
            simulate(&args)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Duel(args) => {
            print!("{}", duel(args)?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Export { tournament } => {
            let mut conn = connect(&cli.database_url)?;
            run_migrations(&mut conn)?;
            let doc = chelem::db::ops::export::export(&mut conn, tournament)?;
            let mut out = io::BufWriter::new(io::stdout().lock());
            serde_json::to_writer_pretty(&mut out, &doc)?;
            writeln!(out)?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Import => {
            let mut text = String::new();
            io::stdin()
                .read_to_string(&mut text)
                .context("reading the document on standard input")?;
            let mut conn = connect(&cli.database_url)?;
            run_migrations(&mut conn)?;
            // A refusal in words, naming its place; nothing was written.
            let done = chelem::db::write(&mut conn, |tx| chelem::db::ops::export::import_json(tx, &text))
                .map_err(|e| anyhow::anyhow!(e.render(chelem::i18n::Lang::En)))?;
            if done.tokens_renewed {
                eprintln!("note: the tables' links were in use in this database; the copy has new ones");
            }
            if done.creator_unknown {
                eprintln!("note: the organizer who made the tournament has no account here; the copy names none");
            }
            eprintln!(
                "note: {} player(s) added to the directory, {} found there by licence",
                done.players_added, done.players_matched
            );
            println!("{}", done.tournament_id);
            Ok(ExitCode::SUCCESS)
        }
        Command::Backup { file } => {
            let mut conn = connect(&cli.database_url)?;
            chelem::db::backup_into(&mut conn, &file)?;
            println!("backup written to {}", file.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Token {
            action: TokenAction::Create { user, label },
        } => {
            let mut conn = connect(&cli.database_url)?;
            run_migrations(&mut conn)?;
            let token = chelem::db::ops::accounts::create_api_token(&mut conn, &user, &label)?;
            println!("{token}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Token {
            action: TokenAction::Revoke { user, label },
        } => {
            let mut conn = connect(&cli.database_url)?;
            run_migrations(&mut conn)?;
            let n = chelem::db::ops::accounts::revoke_api_tokens(&mut conn, &user, label.as_deref())?;
            println!("{n} token(s) revoked");
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn simulate(args: &SimulateArgs) -> anyhow::Result<()> {
    let bot = chelem::cli_duel::parse_bot(&args.bot, args.playouts, args.budget_ms)?;
    let summary = match &args.log {
        Some(path) => {
            let file = std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
            let mut w = io::BufWriter::with_capacity(1 << 20, file);
            chelem::cli_simulate::simulate(args.players, args.deals, args.seed, bot, Some(&mut w))?
        }
        None => chelem::cli_simulate::simulate(args.players, args.deals, args.seed, bot, None)?,
    };
    print!("{}", summary.text());
    Ok(())
}

fn score(args: &ScoreArgs) -> anyhow::Result<u8> {
    let rules = chelem::tarot::ScoringRules {
        garde_contre_x8: args.garde_contre_x8,
        handfuls_20_40_60: args.handfuls_20_40_60,
        no_petite: args.no_petite,
        misere: args.misere,
        round_to_10: args.round_to_10,
    };
    let code = chelem::cli_score::run(io::stdin().lock(), io::stdout().lock(), &rules)?;
    Ok(u8::try_from(code).unwrap_or(2))
}

fn duel(args: DuelArgs) -> anyhow::Result<String> {
    chelem::cli_duel::run(&chelem::cli_duel::DuelOptions {
        players: args.players,
        deals: args.deals,
        a: args.a,
        b: args.b,
        seed: args.seed,
        playouts: args.playouts,
        budget_ms: args.budget_ms,
        threads: args.threads,
    })
}

fn connect(url: &str) -> anyhow::Result<chelem::db::AnyConnection> {
    let manager = Manager::new(url)?;
    manager
        .connect()
        .with_context(|| format!("cannot connect to the {} database", manager.backend().name()))
}

/// The password on standard input: the first line (a terminal or a pipe).
fn read_password() -> anyhow::Result<String> {
    let stdin = io::stdin();
    let mut line = String::new();
    if stdin.lock().read_line(&mut line)? == 0 {
        // Nothing on a line: accept the whole input (no trailing newline).
        stdin.lock().read_to_string(&mut line)?;
    }
    let password = line.trim_end_matches(['\r', '\n']).to_owned();
    if password.is_empty() {
        bail!("no password on standard input (try: echo 'secret-password' | chelem user add NAME)");
    }
    Ok(password)
}

#[actix_web::main]
async fn serve(database_url: &str, args: ServeArgs) -> anyhow::Result<()> {
    let (pool, backend) = build_pool(database_url, args.pool_size)?;
    {
        let mut conn = pool.get().context("cannot get a database connection")?;
        let n = run_migrations(&mut conn)?;
        if n > 0 {
            tracing::info!(count = n, "migrations applied");
        }
    }
    let timeouts = args.timeouts();
    let config = WebConfig {
        secure_cookies: args.secure_cookies,
        timezone: args.timezone,
        public_url: args.public_url,
        bot_delay: std::time::Duration::from_millis(args.bot_delay_ms),
        timeouts,
        safety_poll: None,
    };
    let state = AppState::new(pool, database_url, config)?;
    let mut server = chelem::chelem_server!(state).shutdown_timeout(10);
    if let Some(w) = args.workers {
        server = server.workers(w.max(1));
    }
    let server = server.bind(args.bind).map_err(|e| {
        if e.kind() == io::ErrorKind::AddrInUse {
            anyhow::anyhow!(
                "address {} is already in use: stop the other server or pick another with --bind",
                args.bind
            )
        } else {
            anyhow::anyhow!("cannot listen on {}: {e}", args.bind)
        }
    })?;
    let url = format!("http://{}/", args.bind);
    println!("Chelem is serving on {url} (database: {})", backend.name());
    io::stdout().flush().ok();
    tracing::info!(%url, database = backend.name(), "listening");
    server.run().await.context("server error")?;
    tracing::info!("stopped");
    Ok(())
}
