//! The harness of the tests that need PostgreSQL or the browser
//! (`tests/common/harness.rs`), tried on a real test binary of this crate
//! (`query_count`, built by the same `cargo test`): where PostgreSQL cannot
//! be reached, its PostgreSQL test is reported ignored with the reason, not
//! `ok`; under CI the same test runs and fails.

use std::path::PathBuf;
use std::process::Command;

/// The newest test binary `name` beside this one (`target/…/deps/name-<hash>`).
fn test_binary(name: &str) -> PathBuf {
    let me = std::env::current_exe().unwrap();
    let deps = me.parent().unwrap();
    let prefix = format!("{name}-");
    std::fs::read_dir(deps)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with(&prefix) && !n.contains('.') && e.path().is_file()
        })
        .max_by_key(|e| e.metadata().and_then(|m| m.modified()).ok())
        .map(|e| e.path())
        .unwrap_or_else(|| {
            panic!(
                "no {name} test binary in {}: run `cargo test` (it builds every test)",
                deps.display()
            )
        })
}

const NOWHERE: &str = "postgres://postgres@127.0.0.1:9/postgres";

#[test]
fn a_test_that_cannot_run_is_ignored_with_its_reason() {
    let out = Command::new(test_binary("query_count"))
        .env_remove("CI")
        .env("TEST_DATABASE_URL", NOWHERE)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("test [needs PostgreSQL] player_page_queries_postgres ... ignored"),
        "{stdout}"
    );
    assert!(
        stderr.contains(&format!("note: ignored, needs PostgreSQL, unreachable at {NOWHERE}")),
        "{stderr}"
    );
    assert!(stdout.contains("player_page_queries_sqlite   ... ok"), "{stdout}");
    assert!(stdout.contains("1 passed; 0 failed; 1 ignored"), "{stdout}");
}

#[test]
fn under_ci_a_test_that_cannot_run_fails() {
    let out = Command::new(test_binary("query_count"))
        .env("CI", "true")
        .env("TEST_DATABASE_URL", NOWHERE)
        .args(["postgres"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(stdout.contains("player_page_queries_postgres ... FAILED"), "{stdout}");
    assert!(stdout.contains("PostgreSQL is unreachable at"), "{stdout}");
}
