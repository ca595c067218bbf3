//! A duplicate tournament's prepared deal stays the organizer's until every
//! table of its round has entered it (issue 43), on the real HTTP server and
//! both databases: two tables play the same deals; once table 1 has entered
//! deal 1 (a garde contre, scores found nowhere else), every GET route of
//! the application (read from its sources, tests/common/routes.rs) is
//! walked as an anonymous visitor (in French and in English) and as a
//! player of table 2, and none tells of it: no contract, no score, no
//! changed total or deal count, and every page that reads the same at each
//! reading reads as it did before the entry (but the list of the deals,
//! which counts the tables that entered each). The organizer sees it at
//! once, and neither is served the other's cached standings. Once table 2
//! has entered it, anyone sees it. A season holding the tournament (its
//! pages, CSV and API walked the same way) counts it no sooner.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use serde_json::{json, Value};

use common::client::Client;
use common::http::api_token;
use common::routes;
use common::server::Server;
use common::sse::Sse;
use common::TestDb;

/// Table 1's entry of deal 1: a garde contre, 3 oudlers, 80 points: the
/// taker 1242, each defender −414 (read back from the answer).
fn garde_contre(taker: i64) -> Value {
    json!({"taker": taker, "contract": "garde_contre", "oudlers": 3, "points": 80})
}

/// Whether `c` may stand beside a number without making it part of a
/// longer one or of a word (a token, an id).
fn apart(c: Option<char>) -> bool {
    c.is_none_or(|c| !c.is_ascii_alphanumeric())
}

/// How many times `needle` is in `text`: a number standing alone, a word
/// whatever its case.
fn count(text: &str, needle: &str) -> usize {
    if !needle.chars().all(|c| c.is_ascii_digit()) {
        return text.to_lowercase().matches(&needle.to_lowercase()).count();
    }
    text.match_indices(needle)
        .filter(|(at, _)| apart(text[..*at].chars().next_back()) && apart(text[at + needle.len()..].chars().next()))
        .count()
}

/// A page without what differs at each reading: the time it was made (the
/// results page's footer), the CSRF token of its forms.
fn unstamped(page: &str) -> String {
    let mut page = match (page.find("<footer>"), page.find("</footer>")) {
        (Some(from), Some(to)) if from < to => format!("{}{}", &page[..from], &page[to..]),
        _ => page.to_owned(),
    };
    const CSRF: &str = r#"name="csrf" value=""#;
    let mut at = 0;
    while let Some(found) = page[at..].find(CSRF) {
        let from = at + found + CSRF.len();
        let to = from + page[from..].find('"').unwrap_or(0);
        page.replace_range(from..to, "");
        at = from;
    }
    page
}

/// Every path to read: each GET route with its placeholders filled (every
/// player, both deals, every chart…), and the query strings that change
/// what a page shows. The event streams are read apart ([`events`]).
fn paths(id: i64, players: &[i64], token: &str) -> Vec<String> {
    let values: BTreeMap<&str, Vec<String>> = [
        ("{id}", vec![id.to_string()]),
        ("{pid}", players.iter().map(i64::to_string).collect()),
        ("{d}", vec!["1".into(), "2".into()]),
        ("{n}", vec!["1".into()]),
        ("{t}", vec!["1".into(), "2".into()]),
        ("{k}", vec!["1".into()]),
        ("{token}", vec![token.to_owned()]),
        (
            "{name}",
            ["race.svg", "contracts.svg", "scores.svg", "sizes.svg"]
                .map(String::from)
                .to_vec(),
        ),
    ]
    .into();
    let mut out = Vec::new();
    for route in routes::all().into_iter().filter(|r| r.method == "GET") {
        if route.pattern.ends_with("/events") && route.pattern.starts_with("/api/") {
            continue;
        }
        let mut filled = vec![route.pattern.clone()];
        for (key, vals) in &values {
            filled = filled
                .into_iter()
                .flat_map(|p| match p.contains(key) {
                    true => vals.iter().map(|v| p.replace(key, v)).collect(),
                    false => vec![p],
                })
                .collect();
        }
        for p in &filled {
            assert!(!p.contains('{'), "{p}: a placeholder this test does not fill");
        }
        out.extend(filled);
    }
    for extra in [
        "/tournaments/{id}/standings?round=1",
        "/api/tournaments/{id}/standings?round=1",
        "/tournaments/{id}/results.html?download=1",
    ] {
        out.push(extra.replace("{id}", &id.to_string()));
    }
    out
}

/// A visitor: anonymous, or a player holding table 2's link (as a bearer
/// token and a session cookie, as a curious phone would try it), in French
/// or in English.
#[derive(Clone, Copy)]
struct Visitor<'a> {
    token: Option<&'a str>,
    english: bool,
}

/// What `who` reads at every path: the bodies, by path.
fn walk(c: &Client, paths: &[String], who: Visitor) -> BTreeMap<String, String> {
    let cookie = who.token.map(|t| format!("chelem_session={t}"));
    let mut headers: Vec<(&str, &str)> = Vec::new();
    if let Some(c) = &cookie {
        headers.push(("Cookie", c));
    }
    if who.english {
        headers.push(("Accept-Language", "en"));
    }
    paths
        .iter()
        .map(|p| {
            let a = c.call_with("GET", p, who.token, None, &headers);
            assert_ne!(a.status, 0, "{p}: no answer");
            assert!(a.status < 500, "{p}: {} {}", a.status, a.body);
            let text = match &a.body {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (p.clone(), text)
        })
        .collect()
}

/// The tournament's live events from the first, as anyone reads them.
fn events(server: &Server, id: i64) -> String {
    let mut sse = Sse::open(&server.addr, &format!("/api/tournaments/{id}/events"), Some(0));
    assert_eq!(sse.status, 200);
    let mut out = String::new();
    while let Some(e) = sse.next(Duration::from_millis(300)) {
        out.push_str(&format!("{}: {}\n", e.event, e.data));
    }
    out
}

/// The standings as the API gives them to `token` (None: anyone): by
/// player, (total, deals).
fn standings(c: &Client, id: i64, token: Option<&str>) -> BTreeMap<i64, (f64, u64)> {
    let a = c.call("GET", &format!("/api/tournaments/{id}/standings"), token, None);
    assert_eq!(a.status, 200, "{}", a.body);
    a.body
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["player"].as_i64().unwrap(),
                (l["total"].as_f64().unwrap(), l["deals"].as_u64().unwrap()),
            )
        })
        .collect()
}

fn text(c: &Client, path: &str, token: Option<&str>) -> String {
    let a = c.call("GET", path, token, None);
    assert_eq!(a.status, 200, "{path}: {}", a.body);
    a.body.as_str().map_or_else(|| a.body.to_string(), str::to_owned)
}

/// What tells of table 1's deal 1: its contract, its two scores.
fn needles(taker: i64, defender: i64) -> [String; 4] {
    [
        "Garde contre".into(),
        "garde_contre".into(),
        taker.to_string(),
        defender.abs().to_string(),
    ]
}

/// What of `needles` page `text` holds more of than it did `before`.
fn traces(text: &str, needles: &[String], before: &str) -> Vec<String> {
    needles
        .iter()
        .filter(|n| count(text, n) > count(before, n))
        .cloned()
        .collect()
}

/// The duplicate tournament of the test, seated: 8 players at 2 tables,
/// one round of 2 deals.
struct Seated {
    id: i64,
    players: Vec<i64>,
    /// Each table's players, by seat, and its link's token.
    tables: [(Vec<i64>, String); 2],
}

fn seat(c: &Client, org: &str) -> Seated {
    let a = c.call(
        "POST",
        "/api/tournaments",
        Some(org),
        Some(
            &json!({"name": "Duplicate du jeudi", "rounds": 1, "format": "duplicate",
                     "deals_per_round": 2, "comparison": "matchpoints", "fill_with_bots": false}),
        ),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let id = a.body["id"].as_i64().unwrap();
    // A season by totals holding it, under the same id (the first of
    // each): the walk reads its pages and API too (`{id}`), where the
    // hidden deal must not count either.
    let a = c.call(
        "POST",
        "/api/seasons",
        Some(org),
        Some(
            &json!({"name": "Saison du jeudi", "starts": "2020-01-01", "ends": "2040-12-31",
                     "rule": {"points": "total"}, "tournaments": [id]}),
        ),
    );
    assert_eq!((a.status, a.body["id"].as_i64()), (201, Some(id)), "{}", a.body);
    let mut players = Vec::new();
    for i in 0..8 {
        let a = c.call(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            Some(org),
            Some(&json!({"name": format!("Joueuse {i}"), "club": "Duplicate"})),
        );
        assert_eq!(a.status, 201, "{}", a.body);
        players.push(a.body["id"].as_i64().unwrap());
    }
    let a = c.call(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        Some(org),
        Some(&json!({})),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let tables = a.body["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 2, "{}", a.body);
    let table = |t: &Value| -> (Vec<i64>, String) {
        let players = t["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_i64().unwrap())
            .collect();
        (players, t["token"].as_str().unwrap().to_owned())
    };
    Seated {
        id,
        players,
        tables: [table(&tables[0]), table(&tables[1])],
    }
}

/// The organizer sees table 1's deal at once: in the standings (read before
/// anyone else's, so that the public's are not the ones cached), the CSV
/// and the pages. The standings they read.
fn the_organizer_sees_it(c: &Client, org: &str, id: i64, taker: i64, score: i64) -> BTreeMap<i64, (f64, u64)> {
    let seen = standings(c, id, Some(org));
    assert_eq!(seen[&taker], (score as f64, 1), "{seen:?}");
    for path in [
        format!("/tournaments/{id}/deals.csv"),
        format!("/tournaments/{id}/players/{taker}"),
        format!("/tournaments/{id}/standings"),
        format!("/tournaments/{id}/results.json"),
    ] {
        let page = text(c, &path, Some(org));
        assert!(
            count(&page, &score.to_string()) > 0,
            "{path}: the organizer sees {score}: {page}"
        );
    }
    let stats = text(c, &format!("/tournaments/{id}/stats"), Some(org));
    assert!(count(&stats, "Garde contre") > 0, "the organizer's statistics: {stats}");
    seen
}

/// What tells of the hidden deal, at each path `who` reads now, against
/// what it read `before` the deal was entered: a needle more, or a page
/// that reads the same at each reading (`steady`) changed, but the list of
/// the deals (which says how many tables entered each).
fn told(
    c: &Client,
    id: i64,
    paths: &[String],
    who: Visitor,
    before: &BTreeMap<String, String>,
    steady: &BTreeSet<String>,
    needles: &[String],
) -> Vec<String> {
    let mut out = Vec::new();
    for (path, page) in walk(c, paths, who) {
        let mut found = traces(&page, needles, &before[&path]);
        let progress = path == format!("/tournaments/{id}/deals");
        if steady.contains(&path) && !progress && unstamped(&page) != unstamped(&before[&path]) {
            found.push("changed".into());
        }
        if !found.is_empty() {
            out.push(format!(
                "{path} (token {:?}, english {}): {found:?}",
                who.token, who.english
            ));
        }
    }
    out
}

fn hidden_until_every_table_entered(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let Seated { id, players, tables } = seat(&c, &org);
    let [(one, token1), (two, token2)] = &tables;
    let paths = paths(id, &players, token2);
    let visitors = [
        Visitor {
            token: None,
            english: false,
        },
        Visitor {
            token: None,
            english: true,
        },
        Visitor {
            token: Some(token2),
            english: false,
        },
    ];
    // Before any entry: what every page says of nothing; read twice, to
    // know the pages that say the same at each reading once their CSRF
    // token and time are set aside (all but a few).
    let before: Vec<BTreeMap<String, String>> = visitors.iter().map(|v| walk(&c, &paths, *v)).collect();
    let steady: BTreeSet<String> = walk(&c, &paths, visitors[0])
        .into_iter()
        .filter(|(p, page)| unstamped(&before[0][p]) == unstamped(page))
        .map(|(p, _)| p)
        .collect();
    assert!(steady.len() > paths.len() * 9 / 10, "{steady:?}");
    let events_before = events(&server, id);

    // Table 1 enters deal 1.
    let taker = one[0];
    let a = c.call(
        "PUT",
        &format!("/api/tables/{token1}/deals/1"),
        None,
        Some(&garde_contre(taker)),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let taker_score = a.body["scores"][taker.to_string()].as_i64().unwrap();
    let defender_score = a.body["scores"][one[1].to_string()].as_i64().unwrap();
    assert_eq!((taker_score, defender_score), (1242, -414), "{}", a.body);
    let needles = needles(taker_score, defender_score);
    let org_view = the_organizer_sees_it(&c, &org, id, taker, taker_score);

    // Anyone else: no trace anywhere, whoever asks; the standings as
    // before (no total, no deal counted); the list of the deals without
    // a link to it.
    let found: Vec<String> = visitors
        .iter()
        .zip(&before)
        .flat_map(|(v, seen)| told(&c, id, &paths, *v, seen, &steady, &needles))
        .collect();
    assert!(found.is_empty(), "these tell of the hidden deal:\n{}", found.join("\n"));
    let found = traces(&events(&server, id), &needles, &events_before);
    assert!(found.is_empty(), "the live events tell of it: {found:?}");
    let public = standings(&c, id, None);
    assert!(
        public.values().all(|&(total, deals)| total == 0.0 && deals == 0),
        "{public:?}"
    );
    let csv = text(&c, &format!("/tournaments/{id}/deals.csv"), None);
    assert_eq!(csv.trim_start_matches('\u{feff}').lines().count(), 1, "{csv}");
    let list = text(&c, &format!("/tournaments/{id}/deals"), None);
    assert!(list.contains("1 / 2"), "{list}");
    assert!(!list.contains(&format!("/tournaments/{id}/deals/1\"")), "{list}");
    // The organizer, asking again, is not served the public's standings.
    assert_eq!(standings(&c, id, Some(&org)), org_view);

    // Table 2 enters it: now anyone sees it.
    let a = c.call(
        "PUT",
        &format!("/api/tables/{token2}/deals/1"),
        None,
        Some(&json!({"taker": two[0], "contract": "garde", "oudlers": 2, "points": 45})),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let public = standings(&c, id, None);
    assert_eq!(public[&taker], (taker_score as f64, 1), "{public:?}");
    assert_eq!(public[&two[0]].1, 1, "{public:?}");
    for path in [
        format!("/tournaments/{id}/deals.csv"),
        format!("/tournaments/{id}/players/{taker}"),
        format!("/tournaments/{id}/standings"),
        format!("/tournaments/{id}/projector"),
        format!("/tournaments/{id}/results.html"),
        format!("/tournaments/{id}/standings.csv"),
        format!("/tournaments/{id}/results.json"),
    ] {
        let page = text(&c, &path, None);
        assert!(
            count(&page, &needles[2]) > 0,
            "{path}: {taker_score} once complete: {page}"
        );
    }
    let stats = text(&c, &format!("/tournaments/{id}/stats"), None);
    assert!(count(&stats, "Garde contre") > 0, "{stats}");
    let csv = text(&c, &format!("/tournaments/{id}/deals.csv"), None);
    assert!(csv.contains("Garde contre"), "{csv}");
}

on_both!(
    a_deal_is_hidden_until_every_table_entered_it,
    hidden_until_every_table_entered
);
