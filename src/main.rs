//! The `chelem` command: serve, migrate, user and token admin, score, seat,
//! simulate, solve, duel, club-sim, export, import, backup.

use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Parser;

use chelem::config::ClubAction;
use chelem::config::{Cli, Command, DuelArgs, ScoreArgs, ServeArgs, SimulateArgs, TokenAction, UserAction};
use chelem::db::{build_pool, run_migrations, Manager};
use chelem::web::limits::Capacity;
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
        Command::User { action } => {
            user(&cli.database_url, action)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Club {
            action: ClubAction::Add { name, town },
        } => {
            let mut conn = connect(&cli.database_url)?;
            run_migrations(&mut conn)?;
            let id = chelem::db::write(&mut conn, |tx| chelem::db::ops::clubs::create(tx, &name, &town))
                .map_err(|e| anyhow::anyhow!(e.plain(chelem::i18n::Lang::En)))?;
            println!("{id}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Score(args) => Ok(ExitCode::from(score(&args)?)),
        Command::Solve(args) => {
            let code = chelem::cli_solve::run(io::stdin().lock(), io::stdout().lock(), args.table_mb)?;
            Ok(ExitCode::from(u8::try_from(code).unwrap_or(2)))
        }
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
        Command::ClubSim(args) => {
            println!("{:#}", chelem::cli_club_sim::run(&(&args).into())?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Export { tournament } => {
            export(&cli.database_url, tournament)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Import => {
            import(&cli.database_url)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Backup { file } => {
            let mut conn = connect(&cli.database_url)?;
            chelem::db::backup_into(&mut conn, &file)?;
            println!("backup written to {}", file.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Token { action } => {
            token(&cli.database_url, action)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `chelem user add|passwd NAME`: the password read from standard input.
fn user(database_url: &str, action: UserAction) -> anyhow::Result<()> {
    use chelem::db::ops::accounts;
    match action {
        UserAction::Add { name, clubs, admin } => {
            let password = read_password("add")?;
            let mut conn = connect(database_url)?;
            run_migrations(&mut conn)?;
            let user = chelem::db::write(&mut conn, |tx| {
                accounts::create_member(tx, &name, &password, &clubs, admin)
            })?;
            println!("user \"{}\" created", user.username);
        }
        UserAction::Passwd { name } => {
            let password = read_password("passwd")?;
            let hash = accounts::hashed_password(&password)?;
            let mut conn = connect(database_url)?;
            run_migrations(&mut conn)?;
            let user = chelem::db::write(&mut conn, |tx| accounts::set_password(tx, &name, &hash, None))?;
            println!("password of \"{}\" changed; their sessions are ended", user.username);
        }
    }
    Ok(())
}

/// `chelem token create|revoke`.
fn token(database_url: &str, action: TokenAction) -> anyhow::Result<()> {
    use chelem::db::ops::accounts;
    let mut conn = connect(database_url)?;
    run_migrations(&mut conn)?;
    match action {
        TokenAction::Create { user, label } => {
            let token = chelem::db::write(&mut conn, |tx| accounts::create_api_token(tx, &user, &label))?;
            println!("{token}");
        }
        TokenAction::Revoke { user, label } => {
            let n = chelem::db::write(&mut conn, |tx| accounts::revoke_api_tokens(tx, &user, label.as_deref()))?;
            println!("{n} token(s) revoked");
        }
    }
    Ok(())
}

/// `chelem export`: the tournament's document on standard output.
fn export(database_url: &str, tournament: chelem::tournament::ids::TournamentId) -> anyhow::Result<()> {
    let mut conn = connect(database_url)?;
    run_migrations(&mut conn)?;
    let doc = chelem::db::ops::export::export(&mut conn, tournament)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    serde_json::to_writer_pretty(&mut out, &doc)?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}

/// `chelem import`: a document on standard input, a new tournament; its id
/// on standard output, what was noticed on standard error.
fn import(database_url: &str) -> anyhow::Result<()> {
    let mut text = String::new();
    io::stdin()
        .read_to_string(&mut text)
        .context("reading the document on standard input")?;
    let mut conn = connect(database_url)?;
    run_migrations(&mut conn)?;
    // A refusal in words, naming its place; nothing was written.
    let done = chelem::db::write(&mut conn, |tx| chelem::db::ops::export::import_json(tx, &text))
        .map_err(|e| anyhow::anyhow!(e.plain(chelem::i18n::Lang::En)))?;
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
    Ok(())
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

/// The password on standard input: the first line (a terminal or a pipe),
/// for `chelem user <action>`.
fn read_password(action: &str) -> anyhow::Result<String> {
    let stdin = io::stdin();
    let mut line = String::new();
    if stdin.lock().read_line(&mut line)? == 0 {
        // Nothing on a line: accept the whole input (no trailing newline).
        stdin.lock().read_to_string(&mut line)?;
    }
    let password = line.trim_end_matches(['\r', '\n']).to_owned();
    if password.is_empty() {
        bail!("no password on standard input (try: echo 'secret-password' | chelem user {action} NAME)");
    }
    Ok(password)
}

/// Raises this process's soft open-file limit to its hard limit (each
/// client connection is a file; a systemd service starts at 1,024) and logs
/// both; returns the soft limit now in force.
fn raise_open_files() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes the struct it is given, which we own.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
        let e = io::Error::last_os_error();
        tracing::warn!(error = %e, "cannot read the open-file limit; assuming 1024");
        return 1024;
    }
    let (before, hard) = (lim.rlim_cur, lim.rlim_max);
    // An unlimited hard limit is not a soft limit Linux accepts (fs.nr_open caps it).
    let wanted = hard.min(1 << 20);
    if before >= wanted {
        tracing::info!(soft = before, hard, "open-file limit");
        return before;
    }
    let raised = libc::rlimit {
        rlim_cur: wanted,
        rlim_max: hard,
    };
    // SAFETY: setrlimit only reads the struct it is given.
    if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } != 0 {
        let e = io::Error::last_os_error();
        tracing::warn!(soft = before, hard, error = %e, "cannot raise the open-file limit; keeping the soft one");
        return before;
    }
    tracing::info!(
        soft = wanted,
        was = before,
        hard,
        "open-file limit raised to the hard limit"
    );
    wanted
}

/// Prints where the server is reached (this computer, the network, the
/// table links) and, while no organizer account exists, the links that
/// make the first (`setup_code`); returns the address on this computer.
fn announce(
    args: &ServeArgs,
    network: &[std::net::IpAddr],
    backend: chelem::db::Backend,
    setup_code: Option<&str>,
) -> String {
    // The address to open on this computer: a browser cannot open 0.0.0.0.
    let here = match args.bind.ip() {
        ip if ip.is_unspecified() && ip.is_ipv4() => std::net::SocketAddr::from(([127, 0, 0, 1], args.bind.port())),
        ip if ip.is_unspecified() => std::net::SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, args.bind.port())),
        _ => args.bind,
    };
    let url = format!("http://{here}/");
    let on_network: Vec<String> = network
        .iter()
        .map(|ip| chelem::web::links::http_url(*ip, args.bind.port()))
        .collect();
    // One language on the console: the server's default one.
    let lang = chelem::i18n::Lang::default();
    let say = |key: &str, args: &[(&str, String)]| println!("{}", lang.t_args(key, args));
    say(
        "console-serving",
        &[("url", url.clone()), ("backend", backend.name().to_owned())],
    );
    for address in &on_network {
        say("console-network", &[("address", format!("{address}/"))]);
    }
    match (&args.public_url, network.is_empty()) {
        (Some(public), _) => say("console-public", &[("url", format!("{public}/"))]),
        (None, true) => say("console-local-only", &[("port", args.bind.port().to_string())]),
        (None, false) => {}
    }
    if let Some(code) = setup_code {
        say("console-setup", &[("url", format!("{url}setup/{code}"))]);
        for address in &on_network {
            say("console-setup-network", &[("url", format!("{address}/setup/{code}"))]);
        }
        say("console-setup-note", &[]);
    }
    url
}

#[actix_web::main]
async fn serve(database_url: &str, args: ServeArgs) -> anyhow::Result<()> {
    let open_files = raise_open_files();
    let capacity = Capacity::from_open_files(open_files, args.pool_size);
    let streams = args.stream_limits(capacity);
    let connections_per_client = args.connections_per_client(capacity, streams);
    let workers = args
        .workers
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    tracing::info!(
        open_files,
        connections = capacity.connections,
        streams = streams.total,
        streams_per_client = streams.per_client,
        connections_per_client,
        "capacity"
    );
    let (pool, backend) = build_pool(database_url, args.pool_size)?;
    // Without any organizer account, a link to make the first in the browser.
    let setup_code = {
        let mut conn = pool.get().context("cannot get a database connection")?;
        let n = run_migrations(&mut conn)?;
        if n > 0 {
            tracing::info!(count = n, "migrations applied");
        }
        chelem::web::auth::setup::first_account_code(&mut conn).context("reading the organizer accounts")?
    };
    let timeouts = args.timeouts();
    let interfaces = chelem::web::links::interface_addresses();
    let network = chelem::web::links::network_addresses(args.bind, &interfaces);
    let config = WebConfig {
        secure_cookies: args.secure_cookies,
        timezone: args.timezone,
        network_url: chelem::web::links::network_url(args.bind, &interfaces),
        public_url: args.public_url.clone(),
        bot_delay: std::time::Duration::from_millis(args.bot_delay_ms),
        timeouts,
        safety_poll: None,
        login: Default::default(),
        trusted_proxies: args.trusted_proxies.clone(),
        streams,
        connections_per_client,
        setup_code: setup_code.clone(),
    };
    let state = AppState::new(pool, database_url, config)?;
    // Past this many connections the workers stop accepting for a moment
    // (the clients wait in the listen queue) instead of running out of files.
    let server = chelem::chelem_server!(state)
        .shutdown_timeout(10)
        .workers(workers)
        .max_connections(capacity.connections.div_ceil(workers));
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
    let url = announce(&args, &network, backend, setup_code.as_deref());
    io::stdout().flush().ok();
    tracing::info!(%url, network = ?network, database = backend.name(), "listening");
    server.run().await.context("server error")?;
    tracing::info!("stopped");
    Ok(())
}
