//! Chelem in a real browser: Debian's chromium, driven by playwright-core
//! scripts in `tests/browser/`, against the real `chelem` binary serving a
//! fresh SQLite database.
//!
//! Needs `node`, `chromium` and `npm ci` in `tests/browser` (`.ci/run` sees to
//! them). Outside CI, a missing piece skips the test with a note; in CI it fails.

use crate::common;

use std::path::{Path, PathBuf};

use common::browser::{browser, RealServer, PASSWORD, USER};
use common::fixture::stats_tournament;
use common::TestDb;

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

crate::test_case!(organizer_runs_a_club_evening_in_a_real_browser, Browser);
/// A whole club evening at a phone's size (`flow.js`).
fn organizer_runs_a_club_evening_in_a_real_browser() {
    let b = browser();
    let server = RealServer::start();
    let csv = players_csv(server.dir.path());
    let (ok, stdout, stderr) = b.run("flow.js", &[&server.url(), csv.to_str().unwrap(), USER, PASSWORD]);
    assert!(ok, "browser flow failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("browser flow passed"), "{stdout}");
}

crate::test_case!(long_names_never_widen_a_page_in_a_browser, Browser);
/// Long names at a phone's and a laptop's size (`long_names.js`): no page
/// gets wider than the screen.
fn long_names_never_widen_a_page_in_a_browser() {
    let b = browser();
    let server = RealServer::start();
    let (ok, stdout, stderr) = b.run("long_names.js", &[&server.url(), USER, PASSWORD]);
    assert!(ok, "long names widen a page:\n{stdout}\n{stderr}");
    assert!(stdout.contains("long names passed"), "{stdout}");
}

crate::test_case!(a_table_enters_a_deal_of_five_on_a_phone, Browser);
/// A table's tablet on a phone (`table_entry.js`): a deal of 5 with partner
/// and handful entered by taps, its score seen before saving, a double tap
/// storing it once, a stale correction shown as a conflict, and the
/// standings on another screen changing without reload. Screenshots under
/// `target/screenshots/`.
fn a_table_enters_a_deal_of_five_on_a_phone() {
    let b = browser();
    let server = RealServer::start();
    let token = server.api_token();
    let client = common::client::Client::new(&server.url());
    let t = client.call(
        "POST",
        "/api/tournaments",
        Some(&token),
        Some(&serde_json::json!({"name": "Soirée", "rounds": 2, "table5_mode": "called_king"})),
    );
    let id = t.body["id"].as_i64().unwrap();
    for name in [
        "Odile Martin",
        "Bernadette Lefebvre",
        "Jean-Christophe Moreau",
        "Lucie Petit",
        "Hervé Garnier",
    ] {
        let a = client.call(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            Some(&token),
            Some(&serde_json::json!({ "name": name })),
        );
        assert_eq!(a.status, 201, "{:?}", a.body);
    }
    let round = client.call("POST", &format!("/api/tournaments/{id}/rounds"), Some(&token), None);
    let link = format!("/t/{}", round.body["tables"][0]["token"].as_str().unwrap());
    let shots = common::browser::screenshots_dir();
    let (ok, stdout, stderr) = b.run(
        "table_entry.js",
        &[&server.url(), &link, &id.to_string(), &token, shots.to_str().unwrap()],
    );
    assert!(ok, "table entry failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("table entry passed"), "{stdout}");
    println!("{}", stdout.trim());
}

crate::test_case!(charts_and_statistics_pages_in_a_real_browser, Browser);
/// The charts and statistics pages (`charts.js`): the charts drawn in a real
/// browser and checked, every changed page at 390 and 1366 px, screenshots
/// under `target/screenshots/`.
fn charts_and_statistics_pages_in_a_real_browser() {
    let b = browser();
    let server = RealServer::start();
    // The tournament written straight into the server's database.
    let db = server.dir.path().join("chelem.db");
    let (pool, _) = chelem::db::build_pool(db.to_str().unwrap(), 1).unwrap();
    let (id, ids) = stats_tournament(&mut pool.get().unwrap());
    drop(pool);
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    let args = [
        server.url(),
        id.to_string(),
        ids[0].to_string(),
        USER.to_owned(),
        PASSWORD.to_owned(),
        out.display().to_string(),
    ];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (ok, stdout, stderr) = b.run("charts.js", &args);
    assert!(ok, "charts in the browser failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("charts passed"), "{stdout}");
}

crate::test_case!(print_views_print_to_pdf_in_a_real_browser, Browser);
/// Every print view printed to PDF (`print.js`): a 120-player round's table
/// cards on 15 pages, one slip per player, 30 blank score sheets, a filled
/// one, and the standings with every name and total. The PDFs and the
/// screenshots stay in `target/screenshots/`.
fn print_views_print_to_pdf_in_a_real_browser() {
    let b = browser();
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

crate::test_case!(live_standings_and_projector_in_a_real_browser, Browser);
/// The live pages (`live.js`): the standings change without a reload after
/// a deal is saved; the projector view at 1920x1080 and 1366x768, its
/// screenshots kept under `target/screenshots/`.
fn live_standings_and_projector_in_a_real_browser() {
    let b = browser();
    let server = RealServer::start();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chelem"))
        .args(["token", "create", "--user", USER])
        .current_dir(server.dir.path())
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let token = String::from_utf8(out.stdout).unwrap().trim().to_owned();
    let c = common::client::Client::new(&server.url());
    let a = c.call(
        "POST",
        "/api/tournaments",
        Some(&token),
        Some(&serde_json::json!({"name": "Open de Dijon", "rounds": 2})),
    );
    assert_eq!(a.status, 201, "{:?}", a.body);
    let id = a.body["id"].as_i64().unwrap();
    // Enough players for the list to be longer than a room's screen.
    for i in 0..44 {
        let p = serde_json::json!({"name": format!("Joueuse {i:02} Martin-Dupont"), "club": "Tarot Club"});
        let path = format!("/api/tournaments/{id}/players");
        assert_eq!(c.call("POST", &path, Some(&token), Some(&p)).status, 201);
    }
    let seated = c.call("POST", &format!("/api/tournaments/{id}/rounds"), Some(&token), None);
    assert_eq!(seated.status, 201, "{:?}", seated.body);
    let tables = seated.body["tables"].as_array().unwrap();
    // Some deals in already, the last table's first deal saved by the script.
    for t in &tables[..4] {
        for k in 1..=2 {
            let body = serde_json::json!({"taker": t["players"][k % 4], "contract": "garde", "oudlers": 2, "points": 40 + 3 * k});
            let path = format!("/api/tables/{}/deals/{k}", t["token"].as_str().unwrap());
            assert_eq!(c.call("PUT", &path, None, Some(&body)).status, 200);
        }
    }
    let last = tables.last().unwrap();
    let deal = serde_json::json!({"taker": last["players"][0], "contract": "garde_contre", "oudlers": 3, "points": 70});
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let (ok, stdout, stderr) = b.run(
        "live.js",
        &[
            &server.url(),
            &id.to_string(),
            last["token"].as_str().unwrap(),
            &deal.to_string(),
            shots.to_str().unwrap(),
        ],
    );
    assert!(ok, "live pages failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("live pages passed"), "{stdout}");
    assert!(shots.join("projector-1920x1080.png").exists());
}

crate::test_case!(a_deal_is_played_on_a_phone_against_three_bots, Browser);
/// A whole deal played on a phone against three bots (`digital.js`): taps on
/// the seat's page, only legal cards tappable, the previous trick on
/// request, the replay; screenshots of the seat page mid-deal and of the
/// replay under `target/screenshots/`.
fn a_deal_is_played_on_a_phone_against_three_bots() {
    let b = browser();
    let server = RealServer::start();
    let token = server.api_token();
    let client = common::client::Client::new(&server.url());
    let a = client.call(
        "POST",
        "/api/games",
        Some(&token),
        Some(&serde_json::json!({"players": 4, "bots": [1, 2, 3], "seed": 12, "names": ["Odile"]})),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let game = a.body["game"].as_i64().unwrap().to_string();
    let seat = format!("/s/{}", a.body["seats"][0]["token"].as_str().unwrap());
    let shots = common::browser::screenshots_dir();
    let (ok, stdout, stderr) = b.run(
        "digital.js",
        &[&server.url(), &seat, &game, USER, PASSWORD, shots.to_str().unwrap()],
    );
    assert!(ok, "the digital deal failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("digital deal passed"), "{stdout}");
    println!("{}", stdout.trim());
}

crate::test_case!(six_play_the_rules_cards_six_player_game, Browser);
/// The six-player game on a phone (`six.js`): one person against five bots
/// (instant pace), on a deal where this seat holds a handful: the table of
/// six, the handful offered and then gone, the result, leaving the table to
/// a bot between deals and coming back with the points kept.
fn six_play_the_rules_cards_six_player_game() {
    let b = browser();
    let server = RealServer::start();
    let token = server.api_token();
    let client = common::client::Client::new(&server.url());
    // The first seed whose deal gives seat 0 a handful (7 trumps at six).
    let seat = (0..500)
        .find_map(|seed| {
            let body = serde_json::json!({"players": 6, "bots": [1, 2, 3, 4, 5], "seed": seed, "deals": 3,
                                          "pace": "instant", "names": ["Odile"]});
            let a = client.call("POST", "/api/games", Some(&token), Some(&body));
            assert_eq!(a.status, 201, "{}", a.body);
            let t = a.body["seats"][0]["token"].as_str().unwrap().to_owned();
            let v = client.call("GET", &format!("/api/seats/{t}"), None, None);
            let trumps = v.body["hand"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c.as_str().is_some_and(|c| c.ends_with('T')))
                .count();
            (trumps >= 7).then_some(t)
        })
        .expect("a deal with a handful at seat 0");
    let shots = common::browser::screenshots_dir();
    let (ok, stdout, stderr) = b.run(
        "six.js",
        &[&server.url(), &format!("/s/{seat}"), shots.to_str().unwrap()],
    );
    assert!(ok, "the six-player deal failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("six-player deal passed"), "{stdout}");
    println!("{}", stdout.trim());
}

crate::test_case!(a_deal_is_played_without_javascript, Browser);
/// A whole deal played with JavaScript switched off (`nojs.js`): forms that
/// load the next page, the écart picked by tapping, the result reached.
fn a_deal_is_played_without_javascript() {
    let b = browser();
    let server = RealServer::start();
    let token = server.api_token();
    let client = common::client::Client::new(&server.url());
    let body = serde_json::json!({"players": 4, "bots": [1, 2, 3], "seed": 3, "pace": "instant"});
    let a = client.call("POST", "/api/games", Some(&token), Some(&body));
    assert_eq!(a.status, 201, "{}", a.body);
    let seat = format!("/s/{}", a.body["seats"][0]["token"].as_str().unwrap());
    let shots = common::browser::screenshots_dir();
    let (ok, stdout, stderr) = b.run("nojs.js", &[&server.url(), &seat, shots.to_str().unwrap()]);
    assert!(ok, "the deal without JavaScript failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("deal without JavaScript passed"), "{stdout}");
    println!("{}", stdout.trim());
}

crate::test_case!(check_in_at_the_door_on_a_phone, Browser);
/// Check-in at the door on a phone (`checkin.js`): 40 players registered,
/// none present; the 20th row tapped without the page moving or reloading,
/// the counts following; the search box filtering as one types; "everyone
/// is here" after its question. Screenshots under `target/screenshots/checkin/`.
fn check_in_at_the_door_on_a_phone() {
    let b = browser();
    let server = RealServer::start();
    let token = server.api_token();
    let client = common::client::Client::new(&server.url());
    let t = client.call(
        "POST",
        "/api/tournaments",
        Some(&token),
        Some(&serde_json::json!({"name": "Open de la porte", "rounds": 3})),
    );
    assert_eq!(t.status, 201, "{:?}", t.body);
    let id = t.body["id"].as_i64().unwrap();
    let mut names: Vec<String> = (0..36).map(|i| format!("Joueuse {i:02} Dupont")).collect();
    names.extend(["Hélène Roux", "Paul Martin", "Anne Martin", "Zoé Absente"].map(String::from));
    let mut last = 0;
    for name in &names {
        let a = client.call(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            Some(&token),
            Some(&serde_json::json!({"name": name, "club": "Tarot Club de Dijon", "checked_in": false})),
        );
        assert_eq!(a.status, 201, "{:?}", a.body);
        last = a.body["id"].as_i64().unwrap();
    }
    // The last one withdraws: their row is no button, "everyone" leaves them out.
    let db = server.dir.path().join("chelem.db");
    let (pool, _) = chelem::db::build_pool(db.to_str().unwrap(), 1).unwrap();
    let (tid, pid) = (
        chelem::tournament::ids::TournamentId::try_from(i32::try_from(id).unwrap()).unwrap(),
        chelem::tournament::ids::PlayerId::try_from(i32::try_from(last).unwrap()).unwrap(),
    );
    chelem::db::write(&mut pool.get().unwrap(), |tx| {
        chelem::db::ops::players::withdraw(tx, tid, pid)
    })
    .unwrap();
    drop(pool);
    let shots = common::browser::screenshots_dir().join("checkin");
    std::fs::create_dir_all(&shots).unwrap();
    let (ok, stdout, stderr) = b.run(
        "checkin.js",
        &[&server.url(), &id.to_string(), USER, PASSWORD, shots.to_str().unwrap()],
    );
    assert!(ok, "check-in in the browser failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("check-in passed"), "{stdout}");
    println!("{}", stdout.trim());
}

crate::test_case!(every_page_passes_the_accessibility_checks, Browser);
/// Pages anyone can use (`a11y.js`): axe-core's WCAG 2.1 A and AA rules,
/// WCAG 2.2's target size and axe's best practices on every kind of page
/// (every GET route of `src/web` that answers with a page, and the pages
/// forms lead to: refusals, the import report, the error pages) at 390 and
/// 1366 px; at 390 px no element wider than the screen (a standings table
/// whole, without scrolling sideways); text at 200 % losing nothing; every
/// organizer page walked with Tab, each stop visibly focused; a player
/// checked in, one withdrawn, a round started and a deal saved with the
/// keyboard alone. Screenshots of the enlarged text under `target/screenshots/`.
fn every_page_passes_the_accessibility_checks() {
    let b = browser();
    let script = std::fs::read_to_string(b.here.join("a11y.js")).unwrap();
    // Every page the application serves is in the script: audited, or named
    // as something else than a page (an image, a download, the API).
    let missing: Vec<String> = common::routes::all()
        .into_iter()
        .filter(|r| r.method == "GET")
        .map(|r| r.pattern)
        .filter(|p| {
            let named = script.contains(&format!("'{p}'")) || script.contains(&format!("'{p} ("));
            // The API and the static files: named by their prefix (NOT_PAGES).
            let under = ["/api/", "/static/"].iter().any(|s| p.starts_with(s));
            !named && !under
        })
        .collect();
    assert!(missing.is_empty(), "pages a11y.js does not look at: {missing:?}");

    let server = RealServer::start();
    let db = server.dir.path().join("chelem.db");
    let (pool, _) = chelem::db::build_pool(db.to_str().unwrap(), 1).unwrap();
    let (stats, ids) = stats_tournament(&mut pool.get().unwrap());
    adjusted(&mut pool.get().unwrap(), stats);
    // A prize rule: the prize pages show a list (the top 8, a cup for the 1st).
    let rule = chelem::tournament::prizes::Rule::from_json(
        r#"{"pot": {"entries": {"fee": 1000}}, "share": 9000,
            "split": {"percents": [3000, 2000, 1500, 1000, 800, 700, 500, 500]},
            "fixed": [{"place": 1, "given": {"item": "Coupe"}}]}"#,
    )
    .unwrap();
    chelem::db::write(&mut pool.get().unwrap(), |tx| {
        chelem::db::models::PrizeRule::set(tx, stats, &rule)
    })
    .unwrap();
    drop(pool);
    let token = server.api_token();
    let c = common::client::Client::new(&server.url());
    let tournament = |name: &str, present: &[&str], absent: &[&str]| {
        let t = c.call(
            "POST",
            "/api/tournaments",
            Some(&token),
            // Timed rounds: the open round's pages show their countdown.
            Some(&serde_json::json!({"name": name, "rounds": 3, "round_minutes": 90})),
        );
        assert_eq!(t.status, 201, "{:?}", t.body);
        let id = t.body["id"].as_i64().unwrap();
        for (name, checked_in) in present
            .iter()
            .map(|n| (n, true))
            .chain(absent.iter().map(|n| (n, false)))
        {
            let p = serde_json::json!({"name": name, "club": "Tarot Club de Dijon", "checked_in": checked_in});
            let a = c.call(
                "POST",
                &format!("/api/tournaments/{id}/players"),
                Some(&token),
                Some(&p),
            );
            assert_eq!(a.status, 201, "{:?}", a.body);
        }
        id
    };
    let nine = [
        "Odile Martin",
        "Bernadette Lefebvre",
        "Jean-Christophe Moreau",
        "Lucie Petit",
        "Hervé Garnier",
        "Amandine Roux",
        "Yves Bonnet",
        "Gisèle Fournier",
        "Karim Benali",
    ];
    // A round open, no deal in yet (it can be undone); a table of 4 and one of 5.
    let open = tournament("Soirée du jeudi", &nine, &[]);
    let round = c.call("POST", &format!("/api/tournaments/{open}/rounds"), Some(&token), None);
    assert_eq!(round.status, 201, "{:?}", round.body);
    // A tournament of eight of them (made by `body`), `teams` registered,
    // its first round seated and `deals` deals entered at each table.
    let eight = |body: serde_json::Value, teams: &[&str], deals: usize| {
        let t = c.call("POST", "/api/tournaments", Some(&token), Some(&body));
        assert_eq!(t.status, 201, "{:?}", t.body);
        let id = t.body["id"].as_i64().unwrap();
        let mut pids = Vec::new();
        for name in &nine[..8] {
            let p = serde_json::json!({"name": name, "club": "Tarot Club de Dijon"});
            let a = c.call(
                "POST",
                &format!("/api/tournaments/{id}/players"),
                Some(&token),
                Some(&p),
            );
            assert_eq!(a.status, 201, "{:?}", a.body);
            pids.push(a.body["id"].clone());
        }
        let size = pids.len() / teams.len().max(1);
        for (k, name) in teams.iter().enumerate() {
            let team = serde_json::json!({"name": name, "players": &pids[size * k..size * (k + 1)]});
            let a = c.call(
                "POST",
                &format!("/api/tournaments/{id}/teams"),
                Some(&token),
                Some(&team),
            );
            assert_eq!(a.status, 201, "{:?}", a.body);
        }
        let round = c.call("POST", &format!("/api/tournaments/{id}/rounds"), Some(&token), None);
        assert_eq!(round.status, 201, "{:?}", round.body);
        for (i, table) in round.body["tables"].as_array().unwrap().iter().enumerate() {
            for k in 1..=deals {
                let deal = serde_json::json!({"taker": table["players"][k - 1], "contract": "garde",
                                              "oudlers": 2, "points": 40 + 5 * i + k});
                let path = format!("/api/tables/{}/deals/{k}", table["token"].as_str().unwrap());
                let a = c.call("PUT", &path, None, Some(&deal));
                assert_eq!(a.status, 200, "{:?}", a.body);
            }
        }
        id
    };
    // A duplicate: its deals list, a traveller and the deal diagrams.
    let dup =
        serde_json::json!({"name": "Duplicate du mardi", "rounds": 2, "format": "duplicate", "deals_per_round": 2});
    let duplicate = eight(dup, &[], 2);
    // A team event: four pairs, a round played (its team standings, their
    // page, the projector's slide, the sheet to print).
    let pairs = ["Les Excuses", "Petit au bout", "Garde contre", "Les Rois"];
    let teams = eight(
        serde_json::json!({"name": "Duo du dimanche", "rounds": 2, "teams": 2}),
        &pairs,
        4,
    );
    // The keyboard's: no round yet, one player not there yet.
    let keys = tournament("Tournoi au clavier", &nine[..8], &["Arrivée Tardive"]);
    // Digital play: a person against three bots, and four bots alone (a replay).
    let game = |body: serde_json::Value| {
        let a = c.call("POST", "/api/games", Some(&token), Some(&body));
        assert_eq!(a.status, 201, "{}", a.body);
        a.body
    };
    let seat = game(serde_json::json!({"players": 4, "bots": [1, 2, 3], "seed": 12, "names": ["Odile"]}));
    let bots = game(serde_json::json!({"players": 4, "bots": [0, 1, 2, 3], "seed": 5}));
    // Another server, a newcomer's: no account yet, the first account's link.
    let mut newcomer = RealServer::launch(
        None,
        common::browser::Launch {
            no_account: true,
            ..Default::default()
        },
    );
    let prefix = format!("Premier compte : {}/setup/", newcomer.url());
    let lines = newcomer.printed();
    let code = lines
        .iter()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no first account link: {lines:?}"));
    let setup = format!("{}/setup/{code}", newcomer.url());

    // A season holding the played tournament: its public page, projector and A4.
    let season = c.call(
        "POST",
        "/api/seasons",
        Some(&token),
        Some(
            &serde_json::json!({"name": "Challenge du mardi", "starts": "2026-09-01", "ends": "2027-06-30",
                                 "rule": {"points": "places", "best_of": 10, "participation": 1},
                                 "tournaments": [stats.get()]}),
        ),
    );
    assert_eq!(season.status, 201, "{:?}", season.body);
    // A second club, the played tournament and the season shared with it
    // (a circuit): its public page, the sharing pages.
    let club = c.call(
        "POST",
        "/api/clubs",
        Some(&token),
        Some(&serde_json::json!({"name": "Tarot Club de Bron", "town": "Bron"})),
    );
    assert_eq!(club.status, 201, "{:?}", club.body);
    let club = club.body["id"].as_i64().unwrap();
    for path in [
        format!("/api/tournaments/{stats}/clubs/{club}"),
        format!("/api/seasons/{}/clubs/{club}", season.body["id"]),
    ] {
        let shared = c.call("PUT", &path, Some(&token), None);
        assert_eq!(shared.status, 204, "{path}: {:?}", shared.body);
    }
    let data = serde_json::json!({
        "club": club,
        "season": season.body["id"],
        "stats": stats.get(),
        "player": ids[0].get(),
        "open": open,
        "keys": keys,
        "seat": format!("/s/{}", seat["seats"][0]["token"].as_str().unwrap()),
        "replay": bots["game"],
        "duplicate": duplicate,
        "teams": teams,
    });
    let shots = common::browser::screenshots_dir();
    let (ok, stdout, stderr) = b.run(
        "a11y.js",
        &[
            &server.url(),
            USER,
            PASSWORD,
            &setup,
            &data.to_string(),
            shots.to_str().unwrap(),
        ],
    );
    assert!(ok, "accessibility failures:\n{stdout}\n{stderr}");
    assert!(stdout.contains("a11y passed"), "{stdout}");
    println!("{}", stdout.trim());
}

crate::test_case!(the_countdown_follows_the_servers_clock, Browser);
/// Timed rounds on the screens (`clock.js`): with the page's clock an hour
/// ahead, the table sheet, the deal form, the round page and the projector
/// show the server's remaining time within a second; the end moved from the
/// round page reaches the open sheet; a projector opened before a round
/// starts shows its clock when it does; a round of 3 seconds shows its
/// bell; without JavaScript the end time. Screenshots under `target/screenshots/`.
fn the_countdown_follows_the_servers_clock() {
    let b = browser();
    let server = RealServer::start();
    let token = server.api_token();
    let c = common::client::Client::new(&server.url());
    let tournament = || {
        let t = c.call(
            "POST",
            "/api/tournaments",
            Some(&token),
            Some(&serde_json::json!({"name": "Open chronométré", "rounds": 2, "round_minutes": 90})),
        );
        assert_eq!(t.status, 201, "{:?}", t.body);
        let id = t.body["id"].as_i64().unwrap();
        for i in 0..8 {
            let p = serde_json::json!({"name": format!("Joueuse {i}"), "club": "Tarot Club"});
            let path = format!("/api/tournaments/{id}/players");
            assert_eq!(c.call("POST", &path, Some(&token), Some(&p)).status, 201);
        }
        id
    };
    let round = |minutes: f64| {
        let id = tournament();
        let body = serde_json::json!({ "minutes": minutes });
        let a = c.call(
            "POST",
            &format!("/api/tournaments/{id}/rounds"),
            Some(&token),
            Some(&body),
        );
        assert_eq!(a.status, 201, "{:?}", a.body);
        serde_json::json!({"id": id, "round": 1, "table": a.body["tables"][0]["token"], "ends_at": a.body["ends_at"]})
    };
    let mut data = round(25.0);
    data["short"] = round(0.05);
    // No round yet: the projector, open before it starts, shows its clock.
    data["later"] = serde_json::json!({ "id": tournament() });
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let (ok, stdout, stderr) = b.run(
        "clock.js",
        &[
            &server.url(),
            USER,
            PASSWORD,
            &data.to_string(),
            shots.to_str().unwrap(),
        ],
    );
    assert!(ok, "the countdown failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("clock passed"), "{stdout}");
}

/// The organizer's adjustments at table 1 of round 1 (its sheet shows them):
/// deal 2 voided, points awarded.
fn adjusted(conn: &mut chelem::db::AnyConnection, id: chelem::tournament::ids::TournamentId) {
    use chelem::db::ops::adjust;
    use chelem::tournament::ids::{RoundNo, TableNo};
    let at = adjust::AtTable {
        tournament: id,
        round: RoundNo::new(1),
        table: TableNo::new(1),
    };
    chelem::db::write(conn, |tx| {
        adjust::set_void(tx, at, 2, true, "cartes mal battues", "arbitre")
    })
    .unwrap();
    let (table, _) = chelem::db::models::RoundTable::by_number(conn, id, RoundNo::new(1), TableNo::new(1))
        .unwrap()
        .unwrap();
    let p = chelem::db::models::RoundTable::players(conn, table.id).unwrap();
    let points = [(p[0], 20), (p[1], -20)];
    chelem::db::write(conn, |tx| {
        adjust::award(tx, at, &points, "donne inachevée à la sonnerie", "arbitre")
    })
    .unwrap();
}

/// Sixty names of 24 characters, each its own (capitals among them, as
/// clubs write surnames).
fn long_names() -> Vec<String> {
    let firsts = [
        "Marie-Christine",
        "Jean-Christophe",
        "Pierre-Emmanuel",
        "Anne-Charlotte",
        "Maximilien",
        "Guillaume",
        "Wladimir",
        "Marguerite",
        "Bénédicte",
        "Christiane",
    ];
    let lasts = [
        "DUMOULIN-MERCIER",
        "Wojciechowski-Martin",
        "Montgomery-Lefebvre",
        "Boulanger-Dupont",
        "MONTAGNE-WATTEAU",
        "Lemaire-Delacroix",
    ];
    (0..60)
        .map(|i| {
            let full = format!("{} {} Delamarre", firsts[i % 10], lasts[i / 10]);
            let name: String = full.chars().take(24).collect();
            assert_eq!(name.chars().count(), 24);
            name
        })
        .collect()
}

crate::test_case!(the_projector_shows_every_player_at_the_bell, Browser);
/// The projector of a 60-player evening at 1920x1080 (`projector.js`),
/// the whole room's and a room's own: round 1 closed (the race chart),
/// round 2 timed and at its bell, a player withdrawn. Every name of 24
/// characters in full, every player on the screen within one turn of the
/// slides, the bell's banner on its own line and no taller than a tenth of
/// the screen, the chart a slide of its own; in French and in English.
fn the_projector_shows_every_player_at_the_bell() {
    let b = browser();
    let server = RealServer::start();
    let token = server.api_token();
    let c = common::client::Client::new(&server.url());
    let t = c.call(
        "POST",
        "/api/tournaments",
        Some(&token),
        Some(&serde_json::json!({"name": "Open de Dijon", "rounds": 3})),
    );
    let id = t.body["id"].as_i64().unwrap();
    let mut ids = Vec::new();
    for name in long_names() {
        let p = serde_json::json!({"name": name, "club": "Tarot Club"});
        let a = c.call(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            Some(&token),
            Some(&p),
        );
        assert_eq!(a.status, 201, "{name}: {:?}", a.body);
        ids.push(a.body["id"].as_i64().unwrap());
    }
    let seated = c.call("POST", &format!("/api/tournaments/{id}/rounds"), Some(&token), None);
    assert_eq!(seated.status, 201, "{:?}", seated.body);
    for (i, t) in seated.body["tables"].as_array().unwrap().iter().enumerate() {
        let players = t["players"].as_array().unwrap();
        let contract = ["petite", "garde"][i % 2];
        let body = serde_json::json!({"taker": players[i % players.len()], "contract": contract, "oudlers": i % 4, "points": 30 + (i * 7) % 50});
        let path = format!("/api/tables/{}/deals/1", t["token"].as_str().unwrap());
        assert_eq!(c.call("PUT", &path, None, Some(&body)).status, 200);
    }
    let close = serde_json::json!({"force": true});
    let closed = c.call(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/close"),
        Some(&token),
        Some(&close),
    );
    assert_eq!(closed.status, 200, "{:?}", closed.body);
    let gone = c.call(
        "DELETE",
        &format!("/api/tournaments/{id}/players/{}", ids[7]),
        Some(&token),
        None,
    );
    assert!(gone.status < 300, "{:?}", gone.body);
    // Two rooms, the projector of each; round 2 of 3 seconds: its bell.
    let db = server.dir.path().join("chelem.db");
    let (pool, _) = chelem::db::build_pool(db.to_str().unwrap(), 1).unwrap();
    let tid = chelem::tournament::ids::TournamentId::new(id as i32);
    for (name, tables) in [("Salle des fêtes", "8"), ("Mezzanine", "7")] {
        chelem::db::write(&mut pool.get().unwrap(), |tx| {
            chelem::db::ops::rooms::add(tx, tid, name, tables, USER).map(|_| ())
        })
        .unwrap();
    }
    drop(pool);
    let timed = serde_json::json!({"minutes": 0.05});
    let second = c.call(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        Some(&token),
        Some(&timed),
    );
    assert_eq!(second.status, 201, "{:?}", second.body);
    let shots = common::browser::screenshots_dir();
    let names = serde_json::to_string(&long_names()).unwrap();
    let (ok, stdout, stderr) = b.run(
        "projector.js",
        &[&server.url(), &id.to_string(), &names, shots.to_str().unwrap()],
    );
    assert!(ok, "the projector failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("projector passed"), "{stdout}");
    println!("{}", stdout.trim());
}

/// A table of five at a phone's size (`sheet.js`), on `server`: the sheet's
/// lead button, its links and names, "Everyone passed" on the form.
fn table_sheet_on_a_phone(server: RealServer) {
    let b = browser();
    let token = server.api_token();
    let client = common::client::Client::new(&server.url());
    let t = client.call(
        "POST",
        "/api/tournaments",
        Some(&token),
        Some(&serde_json::json!({"name": "Soirée", "rounds": 2})),
    );
    assert_eq!(t.status, 201, "{}", t.body);
    let id = t.body["id"].as_i64().unwrap();
    for name in [
        "Thomas Lefèvre",
        "Jean-Christophe Moreau",
        "Bernadette Lefebvre-Dubois",
        "Odile Martin",
        "Robot 1",
    ] {
        let a = client.call(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            Some(&token),
            Some(&serde_json::json!({ "name": name })),
        );
        assert_eq!(a.status, 201, "{}", a.body);
    }
    let round = client.call("POST", &format!("/api/tournaments/{id}/rounds"), Some(&token), None);
    assert_eq!(round.status, 201, "{}", round.body);
    let link = format!("/t/{}", round.body["tables"][0]["token"].as_str().unwrap());
    let shots = common::browser::screenshots_dir();
    let (ok, stdout, stderr) = b.run("sheet.js", &[&server.url(), &link, shots.to_str().unwrap()]);
    assert!(ok, "the table's sheet on a phone:\n{stdout}\n{stderr}");
    assert!(stdout.contains("sheet passed"), "{stdout}");
}

crate::test_case!(a_table_sheet_leads_with_its_next_deal_on_a_phone, Browser);
/// [`table_sheet_on_a_phone`] on SQLite.
fn a_table_sheet_leads_with_its_next_deal_on_a_phone() {
    table_sheet_on_a_phone(RealServer::start());
}

crate::test_case!(
    a_table_sheet_leads_with_its_next_deal_on_a_phone_postgres,
    PostgresAndBrowser
);
/// [`table_sheet_on_a_phone`] on PostgreSQL.
fn a_table_sheet_leads_with_its_next_deal_on_a_phone_postgres() {
    let db = TestDb::postgres();
    table_sheet_on_a_phone(RealServer::on(Some(&db.url)));
}
