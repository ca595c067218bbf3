//! The harness of the integration tests that need something this machine
//! may lack (PostgreSQL, the browser): such a test is reported **ignored,
//! with the reason** when what it needs is missing, never `ok` without
//! having run. Under CI (`CI` set) it always runs, so a missing PostgreSQL
//! or browser fails the run.
//!
//! It runs the test binary `app` (`tests/app/main.rs`, declared with
//! `harness = false` in `Cargo.toml`, which ends with `harness_main!();`):
//! each of its modules registers its tests with [`crate::test_case!`] (or
//! through [`crate::both_backends!`]).
//! Built on `libtest-mimic`: the usual filters and flags (`--nocapture`,
//! `--include-ignored`, `--test-threads`, `--list`…) work as with the
//! built-in harness.

use std::process::ExitCode;
use std::sync::OnceLock;

use libtest_mimic::{Arguments, Failed, Trial};

/// What a test needs besides the Rust toolchain and SQLite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Nothing more.
    Nothing,
    /// A reachable PostgreSQL server (`TEST_DATABASE_URL`).
    Postgres,
    /// `node` alone (the scripts' unit tests, `node --test`).
    Node,
    /// `node`, Debian's `chromium` and `npm ci` in `tests/browser`.
    Browser,
    /// Both: a browser test on PostgreSQL.
    PostgresAndBrowser,
}

/// One registered test.
pub struct Case {
    /// Its path in the test binary (`app::file::name`), the binary's name
    /// first, dropped when shown (`file::name`).
    pub path: &'static str,
    /// What it needs.
    pub needs: Needs,
    /// The test.
    pub run: fn(),
}

inventory::collect!(Case);

/// Registers `fn $f()` (or `async fn $f()`, run on an actix system, with
/// `async`) as a test needing `$needs` (a [`Needs`] variant; `Nothing` if
/// left out).
#[macro_export]
macro_rules! test_case {
    ($f:ident) => {
        $crate::test_case!($f, Nothing);
    };
    ($f:ident, $needs:ident) => {
        inventory::submit! {
            $crate::common::harness::Case {
                path: concat!(module_path!(), "::", stringify!($f)),
                needs: $crate::common::harness::Needs::$needs,
                run: $f,
            }
        }
    };
    (async $f:ident) => {
        $crate::test_case!(async $f, Nothing);
    };
    (async $f:ident, $needs:ident) => {
        inventory::submit! {
            $crate::common::harness::Case {
                path: concat!(module_path!(), "::", stringify!($f)),
                needs: $crate::common::harness::Needs::$needs,
                run: || actix_web::rt::System::new().block_on($f()),
            }
        }
    };
}

/// The `main` of a test file using this harness.
#[macro_export]
macro_rules! harness_main {
    () => {
        fn main() -> std::process::ExitCode {
            $crate::common::harness::run()
        }
    };
}

/// Why a test needing `needs` cannot run here, if it cannot: in short
/// (shown as its kind), and whole.
pub fn missing(needs: Needs) -> Option<(&'static str, &'static str)> {
    static POSTGRES: OnceLock<Option<String>> = OnceLock::new();
    static BROWSER: OnceLock<Option<String>> = OnceLock::new();
    let postgres = || {
        POSTGRES
            .get_or_init(|| {
                let base = super::pg_base_url();
                let manager = chelem::db::Manager::new(&base).ok()?;
                match manager.connect() {
                    Ok(_) => None,
                    Err(e) => {
                        let e = e.to_string().split_whitespace().collect::<Vec<_>>().join(" ");
                        Some(format!("needs PostgreSQL, unreachable at {base}: {e}"))
                    }
                }
            })
            .as_deref()
            .map(|why| ("needs PostgreSQL", why))
    };
    let browser = || {
        BROWSER
            .get_or_init(|| super::browser::missing().map(|why| format!("needs the browser: {why}")))
            .as_deref()
            .map(|why| ("needs the browser", why))
    };
    let node = || {
        static NODE: OnceLock<bool> = OnceLock::new();
        let here = NODE.get_or_init(|| std::process::Command::new("node").arg("--version").output().is_ok());
        (!here).then_some(("needs node", "needs node: node is missing"))
    };
    match needs {
        Needs::Nothing => None,
        Needs::Node => node(),
        Needs::Postgres => postgres(),
        Needs::Browser => browser(),
        Needs::PostgresAndBrowser => postgres().or_else(browser),
    }
}

/// Runs the registered tests of this binary; outside CI, those whose needs
/// are missing are ignored with the reason (in short as their kind, whole
/// once on standard error). With `TEST_TIMES` set, each test's time goes to
/// standard error (`time:` lines), to find the slow ones.
pub fn run() -> ExitCode {
    let args = Arguments::from_args();
    let ci = std::env::var_os("CI").is_some();
    let mut told = std::collections::BTreeSet::new();
    let timed = std::env::var_os("TEST_TIMES").is_some();
    let mut trials: Vec<Trial> = inventory::iter::<Case>
        .into_iter()
        .map(|case| {
            let name = case.path.split_once("::").map_or(case.path, |(_, rest)| rest);
            let run = case.run;
            let trial = Trial::test(name, move || -> Result<(), Failed> {
                let start = std::time::Instant::now();
                run();
                if timed {
                    eprintln!("time: {:7.2} s {name}", start.elapsed().as_secs_f64());
                }
                Ok(())
            });
            match missing(case.needs) {
                Some((short, why)) if !ci => {
                    if told.insert(why) {
                        eprintln!("note: ignored, {why}");
                    }
                    trial.with_ignored_flag(true).with_kind(short)
                }
                _ => trial,
            }
        })
        .collect();
    trials.sort_by(|a, b| a.name().cmp(b.name()));
    let conclusion = libtest_mimic::run(&args, trials);
    super::finish_drops();
    conclusion.exit_code()
}
