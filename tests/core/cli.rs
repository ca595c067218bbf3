//! The `chelem` binary as scripts drive it: score, seat, user and token
//! admin, and clear start-up errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the `chelem` binary in `dir` with `args` and `stdin` (no database
/// from the environment).
pub(crate) fn chelem(args: &[&str], stdin: &str, dir: &std::path::Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chelem"))
        .args(args)
        .current_dir(dir)
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run chelem");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn score_answers_every_line_with_the_documented_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let good = r#"{"players": 4, "taker": 0, "contract": "garde", "oudlers": 2, "points": 49, "handfuls": [{"seat": 0, "size": "simple"}], "petit_au_bout": "attack"}"#;
    let out = chelem(&["score"], &format!("{good}\n"), dir.path());
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["scores"], serde_json::json!([318, -106, -106, -106]));
    assert_eq!(v["won"], true);
    assert_eq!(v["target"], 41);

    let bad = r#"{"players": 4, "taker": 0, "contract": "garde", "oudlers": 2, "points": 95}"#;
    let out = chelem(&["score"], &format!("{good}\n\n{bad}\n{good}\n"), dir.path());
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 3, "one answer per record, blank lines skipped");
    assert_eq!(lines[1], r#"{"error":"points must be between 0 and 91"}"#);
    assert!(lines[2].starts_with(r#"{"won":true"#));

    let out = chelem(&["score"], &format!("{good}\nnot json\n{bad}\n"), dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout).lines().count(), 3);
}

/// Six players (casual games): `partner` is a list; a bare seat there, or
/// a list at 5, is refused with a sentence, and the other lines still score.
#[test]
fn score_takes_six_players_with_a_list_of_partners() {
    let dir = tempfile::tempdir().unwrap();
    let two = r#"{"players": 6, "taker": 0, "partner": [3, 1], "contract": "garde", "oudlers": 2, "points": 50}"#;
    let alone = r#"{"players": 6, "taker": 2, "partner": null, "contract": "garde", "oudlers": 2, "points": 50}"#;
    let bare = r#"{"players": 6, "taker": 0, "partner": 3, "contract": "garde", "oudlers": 2, "points": 50}"#;
    let list5 = r#"{"players": 5, "taker": 0, "partner": [3], "contract": "garde", "oudlers": 2, "points": 50}"#;
    let out = chelem(&["score"], &format!("{two}\n{alone}\n{bare}\n{list5}\n"), dir.path());
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["scores"], serde_json::json!([68, 68, -68, 68, -68, -68]));
    assert_eq!(lines[0]["won"], true);
    assert_eq!(lines[1]["scores"], serde_json::json!([-68, -68, 340, -68, -68, -68]));
    assert_eq!(
        lines[2]["error"],
        "at 6 players partner is a list of seats (the holders of the called king and queen), or null"
    );
    assert_eq!(
        lines[3]["error"],
        "a list of partners is only for 6 players: at 5 players partner is one seat or null"
    );
}

#[test]
fn seat_prints_the_documented_document_deterministically() {
    let dir = tempfile::tempdir().unwrap();
    let out = chelem(
        &["seat", "--players", "22", "--rounds", "5", "--seed", "4"],
        "",
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["players"], 22);
    let rounds = v["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 5);
    let mut met = std::collections::HashSet::new();
    for r in rounds {
        let mut seen: Vec<u64> = Vec::new();
        for t in r["tables"].as_array().unwrap() {
            let t: Vec<u64> = t.as_array().unwrap().iter().map(|p| p.as_u64().unwrap()).collect();
            assert!(t.len() == 4 || t.len() == 5);
            for (i, a) in t.iter().enumerate() {
                for b in &t[i + 1..] {
                    assert!(met.insert((*a.min(b), *a.max(b))), "{a} and {b} meet twice");
                }
            }
            seen.extend(t);
        }
        seen.sort();
        assert_eq!(seen, (1..=22).collect::<Vec<u64>>());
    }
    let again = chelem(
        &["seat", "--players", "22", "--rounds", "5", "--seed", "4"],
        "",
        dir.path(),
    );
    assert_eq!(again.stdout, out.stdout, "same seed, same seating");
    let bad = chelem(&["seat", "--players", "2", "--rounds", "1"], "", dir.path());
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stderr).contains("at least 3 players"),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn user_and_token_admin_on_the_default_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = chelem(&["user", "add", "arbitre"], "un-mot-de-passe\n", dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        dir.path().join("chelem.db").exists(),
        "the default database is ./chelem.db"
    );
    let again = chelem(&["user", "add", "arbitre"], "un-mot-de-passe\n", dir.path());
    assert_eq!(again.status.code(), Some(1));
    assert!(text(&again.stderr).contains("already exists"));
    let short = chelem(&["user", "add", "autre"], "court\n", dir.path());
    assert_eq!(short.status.code(), Some(1));
    assert!(text(&short.stderr).contains("at least 8 characters"));
    let out = chelem(&["token", "create", "--user", "arbitre"], "", dir.path());
    assert_eq!(out.status.code(), Some(0));
    let token = text(&out.stdout).trim().to_owned();
    assert!(token.starts_with("chl_") && token.len() > 40);
    let nobody = chelem(&["token", "create", "--user", "personne"], "", dir.path());
    assert_eq!(nobody.status.code(), Some(1));
    assert!(text(&nobody.stderr).contains("no user named"));
    // Revoking: by label, then all that are left, then none.
    let out = chelem(
        &["token", "create", "--user", "arbitre", "--label", "script"],
        "",
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0));
    for (args, said) in [
        (
            &["token", "revoke", "--user", "arbitre", "--label", "script"][..],
            "1 token(s) revoked",
        ),
        (&["token", "revoke", "--user", "arbitre"][..], "1 token(s) revoked"),
        (&["token", "revoke", "--user", "arbitre"][..], "0 token(s) revoked"),
    ] {
        let out = chelem(args, "", dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout).trim(), said);
    }
    let nobody = chelem(&["token", "revoke", "--user", "personne"], "", dir.path());
    assert_eq!(nobody.status.code(), Some(1));
    assert!(text(&nobody.stderr).contains("no user named"));
}

#[test]
fn bad_configuration_is_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = chelem(&["--database-url", "mysql://localhost/x", "migrate"], "", dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("unsupported database URL scheme"),
        "{}",
        text(&out.stderr)
    );
    // An unreachable PostgreSQL: an error, never a SQLite file named like the URL.
    let out = chelem(
        &["--database-url", "postgres://nobody@127.0.0.1:9/none", "migrate"],
        "",
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("cannot connect to the postgresql database"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no file was created");
    let out = chelem(&["serve", "--bind", "not-an-address"], "", dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--bind"));
    // A port already taken.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = chelem(&["serve", "--bind", &addr], "", dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("already in use"), "{}", text(&out.stderr));
}
