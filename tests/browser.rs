//! Chelem in a real browser: Debian's chromium, driven by playwright-core
//! scripts in `tests/browser/`, against the real `chelem` binary serving a
//! fresh SQLite database.
//!
//! Needs `node`, `chromium` and `npm ci` in `tests/browser` (`.ci/run` sees to
//! them). Outside CI, a missing piece skips the test with a note; in CI it fails.

mod common;

use std::path::{Path, PathBuf};

use common::browser::{browser, RealServer, PASSWORD, USER};

fn players_csv(dir: &Path) -> PathBuf {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/players_120.csv");
    let text = std::fs::read_to_string(shared).unwrap_or_else(|_| {
        let mut s = String::from("name,club,licence\n");
        for i in 0..22 {
            s.push_str(&format!("Joueur {i},Club {},{}\n", i % 5, 20_000_000 + i));
        }
        s
    });
    let path = dir.join("joueurs.csv");
    std::fs::write(&path, text.lines().take(23).collect::<Vec<_>>().join("\n") + "\n").unwrap();
    path
}

/// A whole club evening at a phone's size (`flow.js`).
#[test]
fn organizer_runs_a_club_evening_in_a_real_browser() {
    let Some(b) = browser() else { return };
    let server = RealServer::start();
    let csv = players_csv(server.dir.path());
    let (ok, stdout, stderr) = b.run("flow.js", &[&server.url(), csv.to_str().unwrap(), USER, PASSWORD]);
    assert!(ok, "browser flow failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("browser flow passed"), "{stdout}");
}

/// Long names at a phone's and a laptop's size (`long_names.js`): no page
/// gets wider than the screen.
#[test]
fn long_names_never_widen_a_page_in_a_browser() {
    let Some(b) = browser() else { return };
    let server = RealServer::start();
    let (ok, stdout, stderr) = b.run("long_names.js", &[&server.url(), USER, PASSWORD]);
    assert!(ok, "long names widen a page:\n{stdout}\n{stderr}");
    assert!(stdout.contains("long names passed"), "{stdout}");
}

/// Every print view printed to PDF (`print.js`): a 120-player round's table
/// cards on 15 pages, one slip per player, 30 blank score sheets, a filled
/// one, and the standings with every name and total. The PDFs and the
/// screenshots stay in `target/screenshots/`.
#[test]
fn print_views_print_to_pdf_in_a_real_browser() {
    let Some(b) = browser() else { return };
    if std::process::Command::new("pdftotext").arg("-v").output().is_err() {
        assert!(
            std::env::var_os("CI").is_none(),
            "pdftotext (poppler-utils) is missing and CI is set (see .ci/run)"
        );
        eprintln!("note: pdftotext (poppler-utils) is missing; print test skipped outside CI");
        return;
    }
    let server = RealServer::start();
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/players_120.csv");
    let text = std::fs::read_to_string(shared).unwrap_or_else(|_| {
        let mut s = String::from("name,club,licence\n");
        for i in 0..120 {
            s.push_str(&format!("Joueur {i:03},Club {},\n", i % 7));
        }
        s
    });
    assert_eq!(text.lines().count(), 121, "120 players");
    let csv = server.dir.path().join("joueurs-120.csv");
    std::fs::write(&csv, text).unwrap();
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    let (ok, stdout, stderr) = b.run(
        "print.js",
        &[
            &server.url(),
            csv.to_str().unwrap(),
            out.to_str().unwrap(),
            USER,
            PASSWORD,
        ],
    );
    assert!(ok, "print views failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("print views passed"), "{stdout}");
    assert!(out.join("print-cards.pdf").exists());
}
