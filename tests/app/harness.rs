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
