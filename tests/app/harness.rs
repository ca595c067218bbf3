//! The harness of the tests that need PostgreSQL or the browser
//! (`tests/common/harness.rs`), tried on this very test binary, run again
//! on the player-page tests of `query_count` alone: where PostgreSQL cannot be reached,
//! its PostgreSQL test is reported ignored with the reason, not `ok`; under
//! CI the same test runs and fails.

use std::process::Command;

const NOWHERE: &str = "postgres://postgres@127.0.0.1:9/postgres";

/// This test binary, to run again with a filter.
fn this_binary() -> Command {
    Command::new(std::env::current_exe().unwrap())
}

crate::test_case!(a_test_that_cannot_run_is_ignored_with_its_reason);
fn a_test_that_cannot_run_is_ignored_with_its_reason() {
    let out = this_binary()
        .env_remove("CI")
        .env("TEST_DATABASE_URL", NOWHERE)
        .args(["query_count::player_page_queries"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("test [needs PostgreSQL] query_count::player_page_queries_postgres ... ignored"),
        "{stdout}"
    );
    assert!(
        stderr.contains(&format!("note: ignored, needs PostgreSQL, unreachable at {NOWHERE}")),
        "{stderr}"
    );
    assert!(
        stdout.contains("query_count::player_page_queries_sqlite   ... ok"),
        "{stdout}"
    );
    assert!(stdout.contains("1 passed; 0 failed; 1 ignored"), "{stdout}");
}

crate::test_case!(under_ci_a_test_that_cannot_run_fails);
fn under_ci_a_test_that_cannot_run_fails() {
    let out = this_binary()
        .env("CI", "true")
        .env("TEST_DATABASE_URL", NOWHERE)
        .args(["query_count::player_page_queries_postgres"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout.contains("query_count::player_page_queries_postgres ... FAILED"),
        "{stdout}"
    );
    assert!(stdout.contains("PostgreSQL is unreachable at"), "{stdout}");
}

/// The line of `stdout` that reports the test `name`.
fn line_of<'a>(stdout: &'a str, name: &str) -> &'a str {
    stdout
        .lines()
        .find(|l| l.starts_with("test ") && l.contains(&format!(" {name} ")))
        .unwrap_or_else(|| panic!("no line for {name} in {stdout}"))
}

crate::test_case!(a_browser_test_on_postgresql_is_ignored_where_either_is_missing);
/// A fresh clone outside CI has no `npm ci` in tests/browser: a browser test
/// on PostgreSQL is ignored with the reason, not failed, whether PostgreSQL
/// is there or not (and ignored for PostgreSQL first where both are missing).
fn a_browser_test_on_postgresql_is_ignored_where_either_is_missing() {
    const TEST: &str = "outbox::a_tablet_offline_keeps_its_deal_and_sends_it_once";
    let run = |database: Option<&str>| {
        let mut cmd = this_binary();
        cmd.env_remove("CI").env("CHROMIUM", "/nowhere/chromium").arg(TEST);
        if let Some(url) = database {
            cmd.env("TEST_DATABASE_URL", url);
        }
        let out = cmd.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{stdout}\n{stderr}");
        assert!(stdout.contains("0 passed; 0 failed; 2 ignored"), "{stdout}");
        assert!(
            line_of(&stdout, &format!("{TEST}_sqlite")).contains("[needs the browser]"),
            "{stdout}"
        );
        assert!(
            stderr.contains("note: ignored, needs the browser: /nowhere/chromium is missing"),
            "{stderr}"
        );
        stdout
    };
    let postgres = format!("{TEST}_postgres");
    // Neither: PostgreSQL is named.
    let stdout = run(Some(NOWHERE));
    assert!(line_of(&stdout, &postgres).contains("[needs PostgreSQL]"), "{stdout}");
    // PostgreSQL there (as under CI), the browser missing: the browser is named.
    if crate::common::harness::missing(crate::common::harness::Needs::Postgres).is_none() {
        let stdout = run(None);
        assert!(line_of(&stdout, &postgres).contains("[needs the browser]"), "{stdout}");
    }
}
