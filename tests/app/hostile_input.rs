//! Hostile input to every form and API route that takes input, over real
//! HTTP on both databases: huge and negative numbers, NaN and 1e999,
//! unicode (right-to-left, zero-width, emoji), 64 KB strings, HTML and
//! script, wrong JSON types, missing and repeated fields. Whatever comes,
//! the answer is below 500, a refusal carries a sentence and stores
//! nothing, and a name with HTML in it shows escaped on every page.
//! `PROPTEST_CASES` raises the number of requests per route (default 8).

use crate::common;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{json, Value};

use common::hostile::{fingerprint, seated_tournament, Answer, Visitor};
use common::server::Server;
use common::TestDb;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8)
}

/// A hostile value for a text field.
fn hostile_text() -> impl Strategy<Value = String> {
    let fixed: Vec<String> = [
        "99999999999999999999",
        "-1",
        "-2147483649",
        "2147483648",
        "1e999",
        "NaN",
        "-inf",
        "-0",
        "0x1F",
        "43,5",
        "<script>alert('x')</script>",
        "\"><img src=x onerror=alert(1)>",
        "&amp;&lt;b&gt;",
        "\u{202E}evil\u{202C}",
        "a\u{200B}b\u{FEFF}",
        "🂡🃏👨‍👩‍👧",
        "Zoé Ménard",
        "",
        "   ",
        "\0",
        "x\u{1b}[31m",
        "/\r\nSet-Cookie: x=1",
        "//evil.example/",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    prop_oneof![
        6 => proptest::sample::select(fixed),
        1 => Just("A".repeat(64 * 1024)),
        1 => Just("é".repeat(40_000)),
        2 => "\\PC{0,30}",
        2 => "[0-9]{1,3}",
    ]
}

/// A hostile JSON value (wrong types included).
fn hostile_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        4 => hostile_text().prop_map(Value::String),
        1 => proptest::sample::select(vec![
            json!(i64::MAX), json!(i64::MIN), json!(-1), json!(0), json!(3), json!(u64::MAX),
            json!(1e308), json!(-0.0), json!(43.5), json!(0.1),
        ]),
        1 => any::<bool>().prop_map(Value::Bool),
        1 => Just(Value::Null),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..3).prop_map(Value::Array),
            proptest::collection::btree_map("[a-z_]{1,8}", inner, 0..3)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Form pairs for `fields`: each given a hostile value, left out, or sent twice.
fn hostile_form(fields: &'static [&'static str]) -> impl Strategy<Value = Vec<(String, String)>> {
    proptest::collection::vec((hostile_text(), 0..6u8, hostile_text()), fields.len()).prop_map(move |values| {
        let mut pairs = Vec::new();
        for (name, (value, how, again)) in fields.iter().zip(values) {
            match how {
                0 => {}
                1 => {
                    pairs.push((name.to_string(), value));
                    pairs.push((name.to_string(), again));
                }
                _ => pairs.push((name.to_string(), value)),
            }
        }
        pairs
    })
}

/// A JSON body for `fields`: an object of hostile values (some left out),
/// or, once in a while, something else entirely.
fn hostile_body(fields: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    let object = proptest::collection::vec((hostile_json(), any::<bool>()), fields.len()).prop_map(move |values| {
        let mut m = serde_json::Map::new();
        for (name, (value, keep)) in fields.iter().zip(values) {
            if keep {
                m.insert(name.to_string(), value);
            }
        }
        serde_json::to_vec(&Value::Object(m)).unwrap()
    });
    prop_oneof![
        6 => object,
        1 => hostile_json().prop_map(|v| serde_json::to_vec(&v).unwrap()),
        1 => proptest::collection::vec(any::<u8>(), 0..64),
        1 => Just(b"{\"name\": \"x\", \"name\": 1, \"rounds\": 1e999}".to_vec()),
    ]
}

/// A path number: ordinary, out of range or not a number.
fn hostile_number() -> impl Strategy<Value = String> {
    proptest::sample::select(vec![
        "1",
        "2",
        "0",
        "-1",
        "2147483648",
        "99999999999999999999",
        "1e3",
        "abc",
        "%F0%9F%82%A1",
    ])
    .prop_map(str::to_owned)
}

const TOURNAMENT: &[&str] = &[
    "name",
    "date",
    "rounds",
    "deals_table4",
    "deals_table5",
    "deals_table3",
    "table5_mode",
    "tie_breaker",
    "extra_fives",
    "swiss_from_round",
    "seed",
    "garde_contre_x8",
    "misere",
    "confirm_deals",
];
const PLAYER: &[&str] = &["name", "club", "licence", "checked_in"];
const DEAL: &[&str] = &[
    "passed",
    "taker",
    "partner",
    "contract",
    "oudlers",
    "points",
    "camp",
    "petit_au_bout",
    "chelem_announced",
    "chelem_made_by",
    "reason",
    "version",
    "key",
    "handful_1",
    "misere_2",
];

/// Longest request head the HTTP layer reads; a longer one (a 64 KB query
/// string) is refused there, 431 or 400, before the app could say why.
const HEAD_LIMIT: usize = 32 * 1024;

/// Checks one answer to a hostile request: below 500, a sentence with a
/// refusal, nothing stored by a refusal.
fn check(db: &TestDb, what: &str, before: &Value, a: &Answer) -> Result<(), TestCaseError> {
    prop_assert!(a.status > 0 && a.status < 500, "{what}: {} {}", a.status, a.body);
    if what.len() > HEAD_LIMIT && what.starts_with("GET ") {
        prop_assert!(a.status == 431 || a.status == 400, "{}: {}", short_str(what), a.status);
        prop_assert!(
            &fingerprint(db) == before,
            "{}: refused with {} but stored",
            short_str(what),
            a.status
        );
        return Ok(());
    }
    let what = &short_str(what);
    if a.status >= 400 {
        prop_assert!(
            a.sentence().is_some(),
            "{what}: {} without a sentence: {}",
            a.status,
            a.body
        );
        prop_assert!(
            &fingerprint(db) == before,
            "{what}: refused with {} but stored",
            a.status
        );
    }
    Ok(())
}

/// Runs `cases()` hostile requests made by `request` from `strategy`.
fn attack<S: Strategy>(db: &TestDb, name: &str, strategy: S, request: impl Fn(&S::Value) -> (String, Answer)) {
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        max_shrink_iters: 50,
        ..Config::default()
    });
    let result = runner.run(&strategy, |input| {
        let before = fingerprint(db);
        let (what, a) = request(&input);
        check(db, &what, &before, &a)
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
}

both_backends!(hostile_input_is_refused_with_a_sentence, |db: TestDb| async move {
    let (id, pids, token) = seated_tournament(&db);
    let server = Server::start(db.state());
    let v = Visitor::login(&db, &server.addr);
    let form = |path: String, pairs: &Vec<(String, String)>| {
        let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let a = v.post_form(&path, &pairs);
        (format!("POST {path} {:?}", short(&pairs)), a)
    };
    let p = pids[0];

    attack(&db, "new tournament", hostile_form(TOURNAMENT), |f| {
        form("/tournaments".into(), f)
    });
    attack(&db, "tournament edit", hostile_form(TOURNAMENT), |f| {
        form(format!("/tournaments/{id}/edit"), f)
    });
    attack(&db, "player", hostile_form(PLAYER), |f| {
        form(format!("/tournaments/{id}/players"), f)
    });
    attack(&db, "directory edit", hostile_form(PLAYER), |f| {
        form(format!("/players/{p}/edit"), f)
    });
    attack(
        &db,
        "player status",
        (hostile_form(&["present"]), hostile_number()),
        |(f, n)| form(format!("/tournaments/{id}/players/{n}/checkin"), f),
    );
    attack(
        &db,
        "constraint",
        hostile_form(&["kind", "player_a", "player_b", "table_number"]),
        |f| form(format!("/tournaments/{id}/constraints"), f),
    );
    attack(&db, "round start", hostile_form(&["expected", "close_previous"]), |f| {
        form(format!("/tournaments/{id}/rounds"), f)
    });
    attack(
        &db,
        "round close",
        (hostile_form(&["force"]), hostile_number()),
        |(f, n)| form(format!("/tournaments/{id}/rounds/{n}/close"), f),
    );
    attack(&db, "table deal", (hostile_form(DEAL), hostile_number()), |(f, k)| {
        form(format!("/t/{token}/deals/{k}"), f)
    });
    attack(
        &db,
        "organizer deal",
        (hostile_form(DEAL), hostile_number()),
        |(f, k)| form(format!("/tournaments/{id}/rounds/1/tables/1/deals/{k}"), f),
    );
    attack(&db, "confirm", hostile_form(&["player", "version"]), |f| {
        form(format!("/t/{token}/deals/1/confirm"), f)
    });
    attack(&db, "language", hostile_form(&["lang", "back"]), |f| {
        form("/lang".into(), f)
    });
    attack(&db, "login", hostile_form(&["username", "password", "next"]), |f| {
        form("/login".into(), f)
    });
    attack(
        &db,
        "own password",
        hostile_form(&["current", "new", "new_again"]),
        |f| form("/account/password".into(), f),
    );
    attack(&db, "import", hostile_form(&["name", "club", "licence"]), |f| {
        // The fields as the lines of a player file.
        let csv = format!(
            "nom;club;licence\n{}\n",
            f.iter().map(|(_, v)| v.as_str()).collect::<Vec<_>>().join(";")
        );
        (format!("import {:?}", short(f)), v.import_players(id, &csv))
    });
    // Query strings.
    let query = |path: String, pairs: &Vec<(String, String)>| {
        let q = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(pairs)
            .finish();
        let path = format!("{path}?{q}");
        (format!("GET {path}"), v.get(&path))
    };
    attack(&db, "deal preview", hostile_form(DEAL), |f| {
        query(format!("/t/{token}/deals/1/preview"), f)
    });
    attack(&db, "directory search", hostile_form(&["q"]), |f| {
        query("/players".into(), f)
    });
    attack(&db, "standings", hostile_form(&["round"]), |f| {
        query(format!("/tournaments/{id}/standings"), f)
    });
    attack(&db, "api standings", hostile_form(&["round"]), |f| {
        query(format!("/api/tournaments/{id}/standings"), f)
    });
    attack(&db, "table sheet", hostile_form(&["saved"]), |f| {
        query(format!("/t/{token}"), f)
    });
    // The JSON API.
    let api = |method: &str, path: String, body: &Vec<u8>| {
        let a = v.api(method, &path, body);
        (
            format!("{method} {path} {}", short_str(&String::from_utf8_lossy(body))),
            a,
        )
    };
    let score = &[
        "players",
        "taker",
        "partner",
        "contract",
        "oudlers",
        "points",
        "handfuls",
        "petit_au_bout",
        "chelem",
    ];
    attack(&db, "api score", hostile_body(score), |b| {
        api("POST", "/api/score".into(), b)
    });
    let t = &[
        "name",
        "date",
        "rounds",
        "deals_table4",
        "seed",
        "table5_mode",
        "rules",
        "misere",
    ];
    attack(&db, "api tournament", hostile_body(t), |b| {
        api("POST", "/api/tournaments".into(), b)
    });
    let pl = &["name", "club", "licence", "checked_in"];
    attack(&db, "api player", hostile_body(pl), |b| {
        api("POST", format!("/api/tournaments/{id}/players"), b)
    });
    attack(&db, "api round", hostile_body(&["close_previous"]), |b| {
        api("POST", format!("/api/tournaments/{id}/rounds"), b)
    });
    attack(
        &db,
        "api close",
        (hostile_body(&["force"]), hostile_number()),
        |(b, n)| api("POST", format!("/api/tournaments/{id}/rounds/{n}/close"), b),
    );
    let deal = &[
        "passed",
        "taker",
        "partner",
        "contract",
        "oudlers",
        "points",
        "handfuls",
        "petit_au_bout",
        "chelem",
        "miseres",
        "version",
    ];
    attack(&db, "api deal", (hostile_body(deal), hostile_number()), |(b, k)| {
        api("PUT", format!("/api/tables/{token}/deals/{k}"), b)
    });
    attack(&db, "api withdraw", hostile_number(), |n| {
        api("DELETE", format!("/api/tournaments/{id}/players/{n}"), &Vec::new())
    });

    // Playing on the devices: a casual game of four people, its seat 1 to act.
    let game = v.api("POST", "/api/games", br#"{"players": 4, "seed": 3}"#);
    assert_eq!(game.status, 201, "{}", game.body);
    let game: Value = serde_json::from_str(&game.body).unwrap();
    let seat = game["seats"][1]["token"].as_str().unwrap().to_owned();
    let g = &["players", "bots", "seed", "deals", "names", "bot"];
    attack(&db, "api game", hostile_body(g), |b| {
        api("POST", "/api/games".into(), b)
    });
    let act = &["bid", "call", "discard", "chelem", "handful", "card", "next", "version"];
    attack(&db, "api seat action", hostile_body(act), |b| {
        api("POST", format!("/api/seats/{seat}/actions"), b)
    });
    let act_form = &[
        "bid",
        "call",
        "card",
        "chelem",
        "handful",
        "discard",
        "discarding",
        "next",
        "version",
    ];
    attack(&db, "seat action", hostile_form(act_form), |f| {
        form(format!("/s/{seat}"), f)
    });
    let casual = &["players", "deals", "name0", "who0", "name1", "who1", "name2", "who2"];
    attack(&db, "casual game", hostile_form(casual), |f| form("/games".into(), f));
    attack(
        &db,
        "game seat",
        (hostile_form(&["bot"]), hostile_number()),
        |(f, n)| form(format!("/games/{}/seats/{n}", game["game"]), f),
    );
    attack(&db, "replay", hostile_form(&["deal"]), |f| {
        query(format!("/games/{}/replay", game["game"]), f)
    });

    // Whatever was accepted shows escaped everywhere.
    let pages = pages_of_every_tournament(&db, &token);
    for path in pages {
        let a = v.get(&path);
        assert!(a.status < 500, "{path}: {}", a.status);
        for raw in ["<script>alert", "<img src=x"] {
            assert!(!a.body.contains(raw), "{path} shows {raw} unescaped");
        }
    }
});

fn short_str(s: &str) -> String {
    if s.chars().count() > 200 {
        format!("{}… ({} bytes)", s.chars().take(200).collect::<String>(), s.len())
    } else {
        s.to_owned()
    }
}

fn short<K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.as_ref().to_owned(), short_str(v.as_ref())))
        .collect()
}

/// Every page that shows names, for every tournament and player stored.
pub(crate) fn pages_of_every_tournament(db: &TestDb, token: &str) -> Vec<String> {
    use diesel::prelude::*;
    let mut conn = db.conn();
    let ids: Vec<i32> = chelem::db::schema::tournaments::table
        .select(chelem::db::schema::tournaments::id)
        .load(&mut *conn)
        .unwrap();
    let players: Vec<i32> = chelem::db::schema::players::table
        .select(chelem::db::schema::players::id)
        .load(&mut *conn)
        .unwrap();
    let mut pages = vec![
        "/".to_owned(),
        "/tournaments".to_owned(),
        "/players".to_owned(),
        format!("/t/{token}"),
    ];
    pages.push(format!("/t/{token}/deals/1"));
    for id in ids {
        for p in [
            "",
            "/standings",
            "/projector",
            "/stats",
            "/results.html",
            "/seating",
            "/audit",
            "/edit",
            "/rounds/1",
            "/rounds/1/cards",
            "/rounds/1/slips",
            "/rounds/1/sheets",
            "/standings/print",
            "/rounds/1/tables/1",
        ] {
            pages.push(format!("/tournaments/{id}{p}"));
        }
        for pid in &players {
            pages.push(format!("/tournaments/{id}/players/{pid}"));
        }
    }
    for pid in players {
        pages.push(format!("/players/{pid}/edit"));
    }
    pages
}

both_backends!(html_in_names_shows_escaped_on_every_page, |db: TestDb| async move {
    let server = Server::start(db.state());
    let v = Visitor::login(&db, &server.addr);
    let evil_t = "Open \"><img src=x onerror=alert(1)>";
    let evil_p = "<script>alert('xss')</script> Zoé";
    let a = v.api(
        "POST",
        "/api/tournaments",
        json!({"name": evil_t, "rounds": 2}).to_string().as_bytes(),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let id = serde_json::from_str::<Value>(&a.body).unwrap()["id"].as_i64().unwrap();
    let mut pids = vec![];
    for i in 0..4 {
        let name = if i == 0 {
            evil_p.to_owned()
        } else {
            format!("Joueur {i}")
        };
        let club = if i == 0 { "<b>Club</b>" } else { "Club" };
        let a = v.api(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({"name": name, "club": club}).to_string().as_bytes(),
        );
        assert_eq!(a.status, 201, "{}", a.body);
        pids.push(serde_json::from_str::<Value>(&a.body).unwrap()["id"].as_i64().unwrap());
    }
    let a = v.api("POST", &format!("/api/tournaments/{id}/rounds"), b"");
    assert_eq!(a.status, 201, "{}", a.body);
    let round: Value = serde_json::from_str(&a.body).unwrap();
    let token = round["tables"][0]["token"].as_str().unwrap().to_owned();
    let deal = json!({"taker": pids[0], "contract": "garde", "oudlers": 2, "points": 47.5});
    let a = v.api(
        "PUT",
        &format!("/api/tables/{token}/deals/1"),
        deal.to_string().as_bytes(),
    );
    assert_eq!(a.status, 200, "{}", a.body);

    // Askama writes `<` and `>` as numeric references.
    let escaped = |body: &str| body.contains("&#60;script&#62;alert(") || body.contains("&lt;script&gt;alert(");
    let mut missing = Vec::new();
    for path in pages_of_every_tournament(&db, &token) {
        let a = v.get(&path);
        assert!(a.status < 400, "{path}: {} {}", a.status, a.body);
        for raw in ["<script>alert", "<img src=x", "<b>Club"] {
            assert!(!a.body.contains(raw), "{path} shows {raw} unescaped");
        }
        if !escaped(&a.body) {
            missing.push(path);
        }
    }
    // The name is on every page about the player or the tournament (the
    // tournament list, the seating report and the settings name no player).
    let mine = format!("/players/{}/edit", pids[0]);
    missing.retain(|p| {
        !(["/", "/tournaments"].contains(&p.as_str()) || p.ends_with("/seating") || p.ends_with("/edit") && *p != mine)
    });
    assert!(
        missing.is_empty(),
        "the player's name is not shown escaped on {missing:?}"
    );
});

both_backends!(the_api_scores_the_same_bytes_as_the_cli, |db: TestDb| async move {
    // Found while writing the deal_json fuzz target: the API read a key given twice as
    // its last value, while `chelem score` refused the record.
    let server = Server::start(db.state());
    let v = Visitor::login(&db, &server.addr);
    for body in [
        &br#"{"players": 4, "players": 5, "taker": 0, "contract": "garde", "oudlers": 2, "points": 41}"#[..],
        br#"{"players": 4, "taker": 0, "contract": "garde", "oudlers": 2, "points": 41}"#,
        br#"{"players": 4, "taker": 0, "contract": "garde", "oudlers": 2, "points": 1e999}"#,
    ] {
        let mut out = Vec::new();
        chelem::cli_score::run(body, &mut out, &chelem::tarot::ScoringRules::default()).unwrap();
        let cli: Value = serde_json::from_slice(&out).unwrap();
        let a = v.api("POST", "/api/score", body);
        let api: Value = serde_json::from_str(&a.body).unwrap();
        if cli["error"].as_str().is_some_and(|e| e.contains("is not valid JSON")) {
            // Not JSON at all (exit status 2 for the CLI): a 400.
            assert_eq!(a.status, 400, "{}", a.body);
        } else {
            assert_eq!(api, cli, "{}", String::from_utf8_lossy(body));
            assert_eq!(a.status, if cli.get("error").is_some() { 422 } else { 200 });
        }
    }
});
