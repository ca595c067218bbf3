//! Duplicate tournaments through the JSON API (FORMATS.md, "Duplicate
//! tournaments"), on the real HTTP server and both databases: 16 players,
//! 3 rounds of 4 deals entered on paper at 4 tables; each round's tables
//! play the same deals (numbered through the tournament); each deal's
//! traveller shown to anyone only once every table entered it; matchpoints
//! (or datum) and the standings checked against a reference computed here;
//! the players left over sitting out in turn; the settings refused with a
//! sentence.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Value};

use chelem::db::models::Tournament;
use chelem::tournament::ids::TournamentId;
use common::client::Client;
use common::http::api_token;
use common::server::Server;
use common::TestDb;

const ROUNDS: i64 = 3;
const DEALS: i64 = 4;

fn create(c: &Client, org: &str, body: Value) -> i64 {
    let a = c.call("POST", "/api/tournaments", Some(org), Some(&body));
    assert_eq!(a.status, 201, "{}", a.body);
    a.body["id"].as_i64().unwrap()
}

fn add_players(c: &Client, org: &str, id: i64, n: usize) {
    for i in 0..n {
        let a = c.call(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            Some(org),
            Some(&json!({"name": format!("Joueur {i:02}"), "club": "Duplicate"})),
        );
        assert_eq!(a.status, 201, "{}", a.body);
    }
}

/// The deal a table enters: the taker in the same seat at every table, the
/// points varying by table (two tables share a result now and then, one
/// table's every player passes once).
fn entry(players: &[i64], r: i64, table: i64, k: i64) -> Value {
    if r == 2 && table == 3 && k == 2 {
        return json!({"passed": true});
    }
    let points = 30 + (table * 7 + k * 13 + r * 5) % 40;
    let points = if table == 2 { 30 + (k * 13 + r * 5) % 40 } else { points };
    json!({"taker": players[((k - 1) % 4) as usize], "contract": "garde", "oudlers": 2, "points": points})
}

/// Matchpoints of each result against the others at its seat.
fn reference_matchpoints(results: &[Vec<i64>]) -> Vec<Vec<u32>> {
    results
        .iter()
        .map(|mine| {
            (0..4)
                .map(|s| {
                    results
                        .iter()
                        .map(|other| match mine[s].cmp(&other[s]) {
                            std::cmp::Ordering::Greater => 2,
                            std::cmp::Ordering::Equal => 1,
                            std::cmp::Ordering::Less => 0,
                        })
                        .sum::<u32>()
                        - 1
                })
                .collect()
        })
        .collect()
}

/// A figure as the French pages write it: "75", "62,5", "63,33".
fn shown(x: f64) -> String {
    let text = format!("{x:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.replace('.', ",")
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The round's deal diagrams: one page a deal, each hand 18 cards by suit
/// (from the highest), the dog 6, the same cards as the deal's document;
/// the table cards name the deals; the organizer's alone.
fn diagrams(c: &Client, org: &str, id: i64, numbers: &[i64]) {
    let a = c.call("GET", &format!("/tournaments/{id}/rounds/1/diagrams"), None, None);
    let page = a.body.as_str().unwrap_or_default();
    assert!(
        page.contains(r#"action="/login""#) && !page.contains("diagram-hand"),
        "the diagrams are the organizer's: sent to the login page: {page}"
    );
    let a = c.call("GET", &format!("/tournaments/{id}/rounds/1/diagrams"), Some(org), None);
    assert_eq!(a.status, 200, "{}", a.body);
    let html = a.body.as_str().unwrap();
    let pages: Vec<&str> = html.split(r#"<article class="diagram""#).skip(1).collect();
    assert_eq!(pages.len(), numbers.len());
    for (page, d) in pages.iter().zip(numbers) {
        assert!(page.starts_with(&format!(r#" data-deal="{d}""#)), "{page}");
        let doc = c
            .call("GET", &format!("/api/tournaments/{id}/deals/{d}"), Some(org), None)
            .body;
        let sections: Vec<&str> = page.split("<section").skip(1).collect();
        assert_eq!(sections.len(), 5, "four hands and the dog");
        for (s, section) in sections.iter().enumerate() {
            // Cards listed: the ranks in each <dd>, and the excuse.
            let mut count = 0;
            for dd in section.split("<dd>").skip(1) {
                count += dd.split("</dd>").next().unwrap().split_whitespace().count();
            }
            if section.contains("Excuse</dt>") {
                count += 1;
            }
            let cards = if s < 4 { &doc["hands"][s] } else { &doc["dog"] };
            let cards = cards.as_array().unwrap();
            assert_eq!(count, cards.len(), "deal {d}, section {s}: {section}");
            // Trumps from the highest, as in the deal's document.
            let mut trumps: Vec<i64> = cards
                .iter()
                .filter_map(|c| c.as_str().unwrap().strip_suffix('T').map(|n| n.parse().unwrap()))
                .collect();
            trumps.sort_unstable_by(|a, b| b.cmp(a));
            if !trumps.is_empty() {
                let listed = trumps.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ");
                assert!(
                    section.contains(&format!("<dt>Atouts</dt><dd>{listed}</dd>")),
                    "deal {d}: {section}"
                );
            }
        }
        let dealer = (d - 1) % 4;
        let marked = sections.iter().position(|s| s.contains("deals-first")).unwrap() as i64;
        assert_eq!(marked, dealer, "deal {d}: the dealer marked");
    }
    let a = c.call("GET", &format!("/tournaments/{id}/rounds/1/cards"), Some(org), None);
    let list = numbers.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
    assert_eq!(
        a.body
            .as_str()
            .unwrap()
            .matches(&format!("Donnes jouées : {list}"))
            .count(),
        4,
        "every table card names the deals"
    );
}

/// A whole evening by the API, compared by `comparison`.
fn evening(db: TestDb, comparison: &str) {
    let org = api_token(&db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let id = create(
        &c,
        &org,
        json!({"name": "Duplicate du mardi", "rounds": ROUNDS, "format": "duplicate",
               "deals_per_round": DEALS, "comparison": comparison, "fill_with_bots": false}),
    );
    add_players(&c, &org, id, 16);
    // Each player's percentages (matchpoints) or datums, and scores.
    let mut figures: BTreeMap<i64, Vec<f64>> = BTreeMap::new();
    let mut met: BTreeSet<(i64, i64)> = BTreeSet::new();
    for r in 1..=ROUNDS {
        let a = c.call(
            "POST",
            &format!("/api/tournaments/{id}/rounds"),
            Some(&org),
            Some(&json!({"close_previous": true})),
        );
        assert_eq!(a.status, 201, "{}", a.body);
        let tables = a.body["tables"].as_array().unwrap().clone();
        assert_eq!(tables.len(), 4, "16 players, 4 tables of 4: {}", a.body);
        let numbers: Vec<i64> = ((r - 1) * DEALS + 1..=r * DEALS).collect();
        if r == 1 {
            diagrams(&c, &org, id, &numbers);
        }
        for t in &tables {
            assert_eq!(t["players"].as_array().unwrap().len(), 4, "{t}");
            assert_eq!(t["deals"], json!(numbers), "the same deals at every table: {t}");
        }
        for k in 1..=DEALS {
            let d = numbers[(k - 1) as usize];
            let mut results: Vec<Vec<i64>> = Vec::new();
            let mut seats: Vec<Vec<i64>> = Vec::new();
            for (i, t) in tables.iter().enumerate() {
                let players: Vec<i64> = t["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p.as_i64().unwrap())
                    .collect();
                let token = t["token"].as_str().unwrap();
                if i + 1 == tables.len() {
                    // Before the last table enters it, the deal is the
                    // organizer's alone.
                    let a = c.call("GET", &format!("/api/tournaments/{id}/deals/{d}"), None, None);
                    assert_eq!(
                        a.status, 403,
                        "deal {d} shown before every table entered it: {}",
                        a.body
                    );
                    assert!(
                        a.body["error"].as_str().unwrap_or_default().contains("every table"),
                        "{}",
                        a.body
                    );
                    let a = c.call("GET", &format!("/api/tournaments/{id}/deals/{d}"), Some(&org), None);
                    assert_eq!(a.status, 200, "{}", a.body);
                    assert_eq!(
                        a.body["results"].as_array().unwrap().len(),
                        tables.len() - 1,
                        "{}",
                        a.body
                    );
                    // The same on the pages: the traveller refused with the
                    // sentence, the list without its link.
                    let a = c.call("GET", &format!("/tournaments/{id}/deals/{d}"), None, None);
                    assert_eq!(a.status, 403);
                    assert!(
                        a.body.as_str().unwrap().contains("toutes les tables de sa partie"),
                        "{}",
                        a.body
                    );
                    let a = c.call("GET", &format!("/tournaments/{id}/deals"), None, None);
                    assert_eq!(a.status, 200);
                    let list = a.body.as_str().unwrap();
                    assert!(
                        !list.contains(&format!("/tournaments/{id}/deals/{d}\"")),
                        "deal {d} linked too soon"
                    );
                    assert!(list.contains("3 / 4"), "{list}");
                    let a = c.call("GET", &format!("/tournaments/{id}/travellers.csv"), None, None);
                    let csv = a.body.as_str().unwrap().trim_start_matches('\u{feff}');
                    assert!(
                        !csv.lines().any(|l| l.starts_with(&format!("{d};"))),
                        "deal {d} in the CSV too soon"
                    );
                }
                let body = entry(&players, r, i as i64 + 1, k);
                let a = c.call("PUT", &format!("/api/tables/{token}/deals/{k}"), None, Some(&body));
                assert_eq!(a.status, 200, "{}", a.body);
                results.push(
                    players
                        .iter()
                        .map(|p| a.body["scores"][p.to_string()].as_i64().unwrap())
                        .collect(),
                );
                seats.push(players);
            }
            for p in &seats {
                for a in 0..4 {
                    for b in a + 1..4 {
                        met.insert((p[a].min(p[b]), p[a].max(p[b])));
                    }
                }
            }
            // The traveller, open to anyone now.
            let a = c.call("GET", &format!("/api/tournaments/{id}/deals/{d}"), None, None);
            assert_eq!(a.status, 200, "{}", a.body);
            let doc = &a.body;
            assert_eq!(
                (doc["deal"].as_i64(), doc["round"].as_i64()),
                (Some(d), Some(r)),
                "{doc}"
            );
            assert_eq!(doc["dealer"].as_i64(), Some((d - 1) % 4), "{doc}");
            let mut cards: BTreeSet<String> = BTreeSet::new();
            for hand in doc["hands"].as_array().unwrap() {
                assert_eq!(hand.as_array().unwrap().len(), 18, "{doc}");
                cards.extend(hand.as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()));
            }
            let dog = doc["dog"].as_array().unwrap();
            assert_eq!(dog.len(), 6);
            cards.extend(dog.iter().map(|c| c.as_str().unwrap().to_owned()));
            assert_eq!(cards.len(), 78, "every card once: {doc}");
            let mp = reference_matchpoints(&results);
            let listed = doc["results"].as_array().unwrap();
            assert_eq!(listed.len(), tables.len());
            let n = results.len() as f64;
            for (i, line) in listed.iter().enumerate() {
                assert_eq!(line["table"].as_i64(), Some(i as i64 + 1), "{line}");
                assert_eq!(line["players"], json!(seats[i]), "{line}");
                assert_eq!(line["scores"], json!(results[i]), "{line}");
                for s in 0..4 {
                    let percent = round2(100.0 * f64::from(mp[i][s]) / (2.0 * (n - 1.0)));
                    assert_eq!(
                        line["percent"][s].as_f64(),
                        Some(percent),
                        "deal {d}, table {}, seat {s}: {line}",
                        i + 1
                    );
                    let others: i64 = results.iter().map(|x| x[s]).sum::<i64>() - results[i][s];
                    let datum = round2(results[i][s] as f64 - others as f64 / (n - 1.0));
                    let figure = match comparison {
                        "datum" => {
                            assert_eq!(line["datum"][s].as_f64(), Some(datum), "{line}");
                            assert!(line.get("matchpoints").is_none());
                            datum
                        }
                        _ => {
                            assert_eq!(line["matchpoints"][s].as_u64(), Some(u64::from(mp[i][s])), "{line}");
                            percent
                        }
                    };
                    figures.entry(seats[i][s]).or_default().push(figure);
                }
            }
            // The traveller page: every table's players and figures, each
            // explained, and the 78 cards.
            let a = c.call("GET", &format!("/tournaments/{id}/deals/{d}"), None, None);
            assert_eq!(a.status, 200);
            let page = a.body.as_str().unwrap();
            assert_eq!(page.matches("data-card=").count(), 78, "the hands and the dog");
            let line = &listed[1];
            let (mine, percent) = (
                line["scores"][0].as_i64().unwrap(),
                line["percent"][0].as_f64().unwrap(),
            );
            let words = match comparison {
                "datum" => format!("Donne {d}, place 1 : {mine} − la moyenne des 3 autres"),
                _ => format!(
                    "Donne {d}, place 1 : {mine} contre 3 autres → {} / 6 = {} %",
                    line["matchpoints"][0],
                    shown(percent)
                ),
            };
            assert!(page.contains(&words), "{words} not in the traveller");
            // Each table's score explained as the deal form explains it:
            // a garde, 2 oudlers, made or failed, × 2.
            let formulas: Vec<&str> = page
                .split("class=\"small formula\">")
                .skip(1)
                .map(|s| s.split('<').next().unwrap())
                .collect();
            assert_eq!(formulas.len(), listed.len(), "one formula a table: {formulas:?}");
            for f in &formulas {
                let passed = f.contains("passé") || f.contains("pass");
                assert!(passed || (f.starts_with("Garde") && f.contains(" \u{d7} 2 = ")), "{f}");
            }
            for name in seats.iter().flatten() {
                assert!(
                    page.contains(&format!("/players/{name}\"")),
                    "player {name} not on the traveller"
                );
            }
            // Matchpoints add up to n(n-1) at every seat.
            for s in 0..4 {
                let total: u32 = mp.iter().map(|m| m[s]).sum();
                assert_eq!(total as f64, n * (n - 1.0));
            }
        }
        // The round document: each table's deal numbers, its entries with theirs.
        let a = c.call("GET", &format!("/api/tournaments/{id}/rounds/{r}"), Some(&org), None);
        assert_eq!(a.status, 200, "{}", a.body);
        for t in a.body["tables"].as_array().unwrap() {
            assert_eq!(t["deals"], json!(numbers), "{t}");
            let entries = t["entries"].as_array().unwrap();
            assert_eq!(entries.len() as i64, DEALS, "{t}");
            for e in entries {
                let k = e["deal"].as_i64().unwrap();
                assert_eq!(e["deal_no"].as_i64(), Some(numbers[(k - 1) as usize]), "{e}");
            }
        }
    }
    // The seating engine met others as rarely as it could: 16 players, 3
    // rounds of tables of 4, nobody meets anyone twice.
    assert_eq!(met.len(), 16 * 3 * 3 / 2, "a pair met twice");

    // The standings, against the reference.
    let a = c.call("GET", &format!("/api/tournaments/{id}/standings"), None, None);
    assert_eq!(a.status, 200, "{}", a.body);
    let lines = a.body.as_array().unwrap();
    assert_eq!(lines.len(), 16);
    let key = |l: &Value| match comparison {
        "datum" => l["total"].as_f64().unwrap(),
        _ => l["percent"].as_f64().unwrap(),
    };
    for (i, l) in lines.iter().enumerate() {
        let player = l["player"].as_i64().unwrap();
        let mine = &figures[&player];
        assert_eq!(l["deals"].as_u64(), Some(ROUNDS as u64 * DEALS as u64), "{l}");
        let expected = match comparison {
            "datum" => round2(mine.iter().sum::<f64>()),
            _ => round2(mine.iter().sum::<f64>() / mine.len() as f64),
        };
        assert!(
            (key(l) - expected).abs() < 0.011,
            "player {player}: {l}, expected {expected}"
        );
        if i > 0 {
            let before = &lines[i - 1];
            assert!(key(before) >= key(l), "ranked: {before} then {l}");
            let rank = l["rank"].as_u64().unwrap();
            if key(before) == key(l) {
                assert_eq!(rank, before["rank"].as_u64().unwrap(), "ties share the place");
            } else {
                assert_eq!(rank, i as u64 + 1, "{l}");
            }
        }
    }
    if comparison == "matchpoints" {
        // Every deal a player played was compared: the average of the
        // percentages of the 16 players is 50.
        let mean: f64 = lines.iter().map(|l| l["percent"].as_f64().unwrap()).sum::<f64>() / 16.0;
        assert!((mean - 50.0).abs() < 0.01, "{mean}");
    } else {
        let sum: f64 = lines.iter().map(|l| l["total"].as_f64().unwrap()).sum();
        assert!(sum.abs() < 0.2, "the datums sum to zero: {sum}");
    }
    // The standings page, the projector and the results page rank the
    // same way, with the comparison's figure in the bold column.
    for page in ["standings", "projector", "results.html"] {
        let a = c.call("GET", &format!("/tournaments/{id}/{page}"), None, None);
        assert_eq!(a.status, 200);
        let html = a.body.as_str().unwrap();
        let mut at = 0;
        for l in lines {
            let name = l["name"].as_str().unwrap();
            let found = html[at..]
                .find(name)
                .unwrap_or_else(|| panic!("{page}: {name} not after place {at}"));
            at += found + name.len();
        }
        let (head, figure) = match comparison {
            "datum" => ("Datum", lines[0]["total"].as_f64().unwrap()),
            _ => ("%", lines[0]["percent"].as_f64().unwrap()),
        };
        assert!(html.contains(&format!(">{head}</th>")), "{page}: no {head} column");
        let shown = format!("{figure:.2}").replace('.', ",");
        assert!(html.contains(&shown), "{page}: the leader's {shown} is not shown");
    }
    // The race ranks as the standings do: on the leader's page and in the
    // chart alone, each player's line ends at their figure, higher for a
    // better place (the y axis points down), the leader's title naming it.
    let leader = lines[0]["player"].as_i64().unwrap();
    for path in [
        format!("/tournaments/{id}/charts/race.svg"),
        format!("/tournaments/{id}/players/{leader}"),
    ] {
        let a = c.call("GET", &path, None, None);
        assert_eq!(a.status, 200, "{path}");
        let svg = a.body.as_str().unwrap();
        let end_y = |player: i64| -> f64 {
            let at = svg
                .find(&format!("<polyline data-player=\"{player}\""))
                .unwrap_or_else(|| panic!("{path}: no line for {player}"));
            let points = &svg[at..];
            let points = &points[points.find("points=\"").unwrap() + 8..];
            let points = &points[..points.find('"').unwrap()];
            points
                .rsplit(' ')
                .next()
                .unwrap()
                .split(',')
                .nth(1)
                .unwrap()
                .parse()
                .unwrap()
        };
        for w in lines.windows(2) {
            let (a, b) = (w[0]["player"].as_i64().unwrap(), w[1]["player"].as_i64().unwrap());
            assert!(
                end_y(a) <= end_y(b) + 0.05,
                "{path}: {a} placed above {b} but its line ends lower"
            );
        }
        let figure = match comparison {
            "datum" => format!("+{}", shown(lines[0]["total"].as_f64().unwrap())),
            _ => format!("{}\u{a0}%", shown(lines[0]["percent"].as_f64().unwrap())),
        };
        let name = lines[0]["name"].as_str().unwrap();
        let title = format!("<title>1. \u{2068}{name} ({figure})\u{2069}</title>");
        assert!(svg.contains(&title), "{path}: {title}");
        let axis = if comparison == "datum" {
            "Datum cumulé"
        } else {
            "Pourcentage moyen"
        };
        assert!(svg.contains(axis), "{path}: the axis says {axis}");
    }
    // The federation's file says what kind of tournament it was.
    let a = c.call("GET", &format!("/tournaments/{id}/federation.json"), Some(&org), None);
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body["tournament"]["format"], "duplicate", "{}", a.body);
    // The results page gains the travellers: every deal, every table.
    let a = c.call("GET", &format!("/tournaments/{id}/results.html"), None, None);
    let html = a.body.as_str().unwrap();
    assert_eq!(html.matches(r#"<table class="traveller">"#).count(), 12, "{html}");
    assert_eq!(html.matches(r#"class="deal-line">Table "#).count(), 12 * 4, "{html}");
    assert!(html.contains("Donne 12 <small"), "{html}");
    // The leader's page: their place by the comparison, their figure, each
    // of their 12 deals linked to its traveller with its figure.
    let a = c.call("GET", &format!("/tournaments/{id}/players/{leader}"), None, None);
    assert_eq!(a.status, 200);
    let page = a.body.as_str().unwrap();
    assert!(page.contains("sur 12 donnes"), "{page}");
    assert!(page.contains("1re place"), "the leader's place: {page}");
    let links = page.matches(&format!("href=\"/tournaments/{id}/deals/")).count();
    assert_eq!(links, 12, "each deal linked");
    assert!(!page.contains("en attente"), "every deal complete");
    // Each deal's score explained beside it: a garde × 2, or nobody took.
    let formulas = page.matches("class=\"small formula\">").count();
    assert_eq!(formulas, 12, "each of the 12 deals explained");
    assert!(page.matches(" \u{d7} 2 = ").count() >= 11, "{page}");
    // The travellers as a spreadsheet: a line per deal, table and seat.
    let a = c.call("GET", &format!("/tournaments/{id}/travellers.csv"), None, None);
    assert_eq!(a.status, 200);
    let csv = a.body.as_str().unwrap().trim_start_matches('\u{feff}');
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(';').collect()).collect();
    assert_eq!(rows.len(), 1 + (ROUNDS * DEALS * 4 * 4) as usize, "{csv}");
    assert_eq!(rows[0][0], "Donne");
    let total: i64 = rows[1..].iter().map(|r| r[5].parse::<i64>().unwrap()).sum();
    assert_eq!(total, 0, "every deal's scores sum to zero");
    if comparison == "matchpoints" {
        let mean = rows[1..]
            .iter()
            .map(|r| r[7].replace(',', ".").parse::<f64>().unwrap())
            .sum::<f64>()
            / (rows.len() - 1) as f64;
        assert!((mean - 50.0).abs() < 0.01, "{mean}");
    }
    // The standings as a spreadsheet: in the comparison's order, its figure last.
    let a = c.call("GET", &format!("/tournaments/{id}/standings.csv"), None, None);
    let csv = a.body.as_str().unwrap().trim_start_matches('\u{feff}');
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(';').collect()).collect();
    assert_eq!(rows.len(), 17, "{csv}");
    assert_eq!(
        *rows[0].last().unwrap(),
        if comparison == "datum" { "Datum" } else { "Pourcentage" }
    );
    for (row, l) in rows[1..].iter().zip(lines) {
        assert_eq!(
            (row[0], row[1]),
            (l["rank"].to_string().as_str(), l["name"].as_str().unwrap()),
            "{csv}"
        );
        let figure: f64 = row.last().unwrap().replace(',', ".").parse().unwrap();
        assert!((figure - key(l)).abs() < 0.001, "{row:?} against {l}");
    }
    // A backup keeps the format: its copy ranks the same.
    let doc = chelem::db::ops::export::export(&mut db.conn(), TournamentId::new(id as i32)).unwrap();
    let text = serde_json::to_string(&doc).unwrap();
    assert!(
        text.contains(r#""format":"duplicate""#),
        "{}",
        &text[..300.min(text.len())]
    );
    let copy = chelem::db::write(&mut db.conn(), |tx| chelem::db::ops::export::import_json(tx, &text)).unwrap();
    let a = c.call(
        "GET",
        &format!("/api/tournaments/{}/standings", copy.tournament_id),
        None,
        None,
    );
    let strip = |v: &Value| -> Vec<(Value, Value, Value, Value)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["rank"].clone(),
                    l["name"].clone(),
                    l["percent"].clone(),
                    l["total"].clone(),
                )
            })
            .collect()
    };
    assert_eq!(
        strip(&a.body),
        strip(&Value::Array(lines.clone())),
        "the copy's standings"
    );
    // No deal 13 in 3 rounds of 4; no deal 0.
    for d in [0, 13] {
        let a = c.call("GET", &format!("/api/tournaments/{id}/deals/{d}"), Some(&org), None);
        assert_eq!(a.status, 404, "deal {d}: {}", a.body);
    }
}

/// 10 players, 5 rounds: 2 sit out each round, nobody twice before everyone
/// once; every table is of 4.
fn sit_out(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let id = create(
        &c,
        &org,
        json!({"name": "Duplicate à 10", "rounds": 5, "format": "duplicate", "deals_per_round": 1}),
    );
    add_players(&c, &org, id, 10);
    let mut out_count: BTreeMap<i64, u32> = BTreeMap::new();
    for r in 1..=5 {
        let a = c.call(
            "POST",
            &format!("/api/tournaments/{id}/rounds"),
            Some(&org),
            Some(&json!({"close_previous": true})),
        );
        assert_eq!(a.status, 201, "{}", a.body);
        let seated: BTreeSet<i64> = a.body["tables"]
            .as_array()
            .unwrap()
            .iter()
            .inspect(|t| assert_eq!(t["players"].as_array().unwrap().len(), 4, "{t}"))
            .flat_map(|t| t["players"].as_array().unwrap().iter().map(|p| p.as_i64().unwrap()))
            .collect();
        assert_eq!(seated.len(), 8);
        assert!(a.body["tables"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["deals"] == json!([r])));
        let all: BTreeSet<i64> = (1..=10).map(|i| i + first_player(&db) - 1).collect();
        for p in all.difference(&seated) {
            *out_count.entry(*p).or_default() += 1;
        }
        let most = out_count.values().max().copied().unwrap_or(0);
        let everyone_once = out_count.len() == 10;
        assert!(
            most <= 1 || everyone_once,
            "round {r}: someone sat out twice first: {out_count:?}"
        );
    }
    assert_eq!(out_count.len(), 10, "everyone sat out once: {out_count:?}");
    assert!(out_count.values().all(|n| *n == 1));
}

/// The smallest player id of the database (players are numbered from it).
fn first_player(db: &TestDb) -> i64 {
    use chelem::db::schema::players::dsl::*;
    use diesel::prelude::*;
    players
        .select(diesel::dsl::min(id))
        .first::<Option<i32>>(&mut db.conn())
        .unwrap()
        .map(i64::from)
        .unwrap_or(1)
}

/// Unknown settings: 422 with a sentence naming the value, nothing made.
fn settings(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    for (body, says) in [
        (json!({"name": "D", "rounds": 2, "format": "triplette"}), "triplette"),
        (
            json!({"name": "D", "rounds": 2, "format": "duplicate", "comparison": "imps"}),
            "imps",
        ),
        (
            json!({"name": "D", "rounds": 2, "format": "duplicate", "deals_per_round": 0}),
            "deals_per_round",
        ),
        (
            json!({"name": "D", "rounds": 2, "fill_with_bots": true}),
            "fill_with_bots",
        ),
    ] {
        let a = c.call("POST", "/api/tournaments", Some(&org), Some(&body));
        assert_eq!(a.status, 422, "{body}: {}", a.body);
        assert!(
            a.body["error"].as_str().unwrap_or_default().contains(says),
            "{body}: {}",
            a.body
        );
        assert!(
            Tournament::list(&mut db.conn()).unwrap().is_empty(),
            "{body}: nothing made"
        );
    }
    // A libres tournament's round document and standings are as before.
    let id = create(&c, &org, json!({"name": "Libres", "rounds": 1}));
    add_players(&c, &org, id, 4);
    let a = c.call("POST", &format!("/api/tournaments/{id}/rounds"), Some(&org), None);
    assert_eq!(a.status, 201);
    assert!(a.body["tables"][0].get("deals").is_none(), "{}", a.body);
    let a = c.call("GET", &format!("/api/tournaments/{id}/rounds/1"), Some(&org), None);
    assert!(a.body["tables"][0]["deals"].is_array() && a.body["tables"][0].get("entries").is_none());
    let a = c.call("GET", &format!("/api/tournaments/{id}/deals/1"), Some(&org), None);
    assert_eq!(a.status, 404, "no duplicate deal in a libres tournament");
    let t = Tournament::find(&mut db.conn(), TournamentId::new(id as i32))
        .unwrap()
        .unwrap();
    assert_eq!(t.format, chelem::tournament::duplicate::Format::Libres);
}

/// Two digital tables of a duplicate round, one played by its four people
/// (the test taps for them), one by a person and three bots: every seat is
/// dealt exactly its hand of the prepared deal (the game logs hold the
/// same hands at both tables and in the deal's document), and the deal's
/// results are compared once both tables finished.
fn digital(db: TestDb) {
    use chelem::tarot::GameLog;
    use common::seats::play_game;
    let org = api_token(&db);
    let server = Server::start_with(db.state(), 2);
    let c = Client::new(&server.url());
    let id = create(
        &c,
        &org,
        json!({"name": "Duplicate sur tablettes", "rounds": 1, "format": "duplicate", "deals_per_round": 1}),
    );
    add_players(&c, &org, id, 8);
    let a = c.call("POST", &format!("/api/tournaments/{id}/rounds"), Some(&org), None);
    assert_eq!(a.status, 201, "{}", a.body);
    let mut games = Vec::new();
    for t in 1..=2 {
        let a = c.call(
            "POST",
            &format!("/api/tournaments/{id}/rounds/1/tables/{t}/digital"),
            Some(&org),
            None,
        );
        assert_eq!(a.status, 201, "{}", a.body);
        let game = a.body["game"].as_i64().unwrap();
        let tokens: Vec<String> = a.body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().unwrap().to_owned())
            .collect();
        games.push((game, tokens));
    }
    for s in 1..4 {
        let a = c.call(
            "POST",
            &format!("/api/games/{}/seats/{s}", games[1].0),
            Some(&org),
            Some(&json!({"bot": "quick"})),
        );
        assert_eq!(a.status, 204, "{}", a.body);
    }
    play_game(&c, &games[0].1, &mut |_, _| {});
    // The deal over at one table only: the comparison is to come.
    let a = c.call("GET", &format!("/s/{}", games[0].1[0]), None, None);
    let page = a.body.as_str().unwrap();
    assert!(page.contains("la comparaison viendra"), "{page}");
    play_game(&c, &games[1].1[..1], &mut |_, _| {});
    // A seat's page says which deal of the tournament it is, and, the deal
    // over, leads to the comparison with the other tables.
    let a = c.call("GET", &format!("/s/{}", games[0].1[0]), None, None);
    assert_eq!(a.status, 200);
    let page = a.body.as_str().unwrap();
    assert!(page.contains("Duplicate : donne 1 du tournoi"), "{page}");
    assert!(page.contains(&format!(r#"href="/tournaments/{id}/deals/1""#)), "{page}");
    // Both tables over: the seat's result against the other table's.
    assert!(page.contains("Votre résultat face aux autres tables"), "{page}");
    assert!(
        page.contains("Donne 1, place 1 :") && page.contains("contre 1 autre →"),
        "{page}"
    );
    assert!(!page.contains("la comparaison viendra"), "{page}");
    let doc = c.call("GET", &format!("/api/tournaments/{id}/deals/1"), None, None);
    assert_eq!(doc.status, 200, "both tables finished deal 1: {}", doc.body);
    assert_eq!(doc.body["results"].as_array().unwrap().len(), 2, "{}", doc.body);
    for (game, _) in &games {
        let a = c.call("GET", &format!("/api/games/{game}/log?deal=1"), Some(&org), None);
        assert_eq!(a.status, 200, "{}", a.body);
        let log: GameLog = serde_json::from_value(a.body).unwrap();
        assert_eq!(log.dealer.0, 0, "deal 1's dealer");
        for s in 0..4 {
            let dealt: Vec<String> = log.hands[s].iter().map(|c| c.to_string()).collect();
            let mut prepared: Vec<String> = doc.body["hands"][s]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_owned())
                .collect();
            let mut dealt = dealt;
            dealt.sort();
            prepared.sort();
            assert_eq!(dealt, prepared, "game {game}, seat {s}: the prepared hand");
        }
    }
}

/// A table's phone enters its duplicate deal by taps (the form says which
/// deal of the tournament it is), then the deal's traveller, once both
/// tables entered it, on the phone (`tests/browser/duplicate.js`).
fn on_a_phone(db: TestDb) {
    let b = common::browser::browser();
    let org = api_token(&db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let id = create(
        &c,
        &org,
        json!({"name": "Duplicate au téléphone", "rounds": 1, "format": "duplicate", "deals_per_round": 1}),
    );
    add_players(&c, &org, id, 8);
    let a = c.call("POST", &format!("/api/tournaments/{id}/rounds"), Some(&org), None);
    assert_eq!(a.status, 201, "{}", a.body);
    let tables = a.body["tables"].as_array().unwrap().clone();
    let players: Vec<i64> = tables[1]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_i64().unwrap())
        .collect();
    let a = c.call(
        "PUT",
        &format!("/api/tables/{}/deals/1", tables[1]["token"].as_str().unwrap()),
        None,
        Some(&entry(&players, 1, 2, 1)),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let link = format!("/t/{}", tables[0]["token"].as_str().unwrap());
    let shots = common::browser::screenshots_dir();
    let (ok, stdout, stderr) = b.run(
        "duplicate.js",
        &[
            &server.url(),
            &link,
            &format!("/tournaments/{id}/deals/1"),
            shots.to_str().unwrap(),
        ],
    );
    assert!(ok, "the duplicate deal on a phone failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("duplicate passed"), "{stdout}");
    let doc = c.call("GET", &format!("/api/tournaments/{id}/deals/1"), None, None);
    let first = &doc.body["results"][0]["record"];
    assert_eq!(
        (first["contract"].as_str(), first["points"].as_f64()),
        (Some("garde"), Some(50.0)),
        "{}",
        doc.body
    );
}

/// Five players with bots filling the empty seats: each round one table of
/// 4 people and one of the player left over with three bots, dealt on the
/// devices at the round's start (the bots bid first: the round's start sets
/// them going); the bots' results count in the comparison, they are not
/// ranked, not in the directory, never left over; nobody is left over
/// twice before everyone once; a backup keeps them.
fn bots_fill(db: TestDb) {
    use chelem::bots::{BotKind, Pace};
    use chelem::db::models::{GameRow, GameSeat, Player, RoundTable};
    use chelem::tournament::ids::{RoundNo, TableNo};
    use common::seats::play_game;
    let org = api_token(&db);
    let server = Server::start_with(db.state(), 2);
    let c = Client::new(&server.url());
    let id = create(
        &c,
        &org,
        json!({"name": "Duplicate avec robots", "rounds": 2, "format": "duplicate",
               "deals_per_round": 1, "fill_with_bots": true}),
    );
    add_players(&c, &org, id, 5);
    let tid = TournamentId::new(id as i32);
    let mut with_bots = Vec::new();
    for r in 1..=2i64 {
        let body = json!({"close_previous": true});
        let a = c.call(
            "POST",
            &format!("/api/tournaments/{id}/rounds"),
            Some(&org),
            Some(&body),
        );
        assert_eq!(a.status, 201, "round {r}: {}", a.body);
        let tables = a.body["tables"].as_array().unwrap().clone();
        assert_eq!(tables.len(), 2, "round {r}: {}", a.body);
        let people: Vec<i64> = tables[0]["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_i64().unwrap())
            .collect();
        let mixed: Vec<i64> = tables[1]["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_i64().unwrap())
            .collect();
        assert_eq!((people.len(), mixed.len()), (4, 4), "round {r}: {}", a.body);
        let bots: Vec<Player> = Player::bot_players(&mut db.conn()).unwrap();
        assert_eq!(
            bots.iter().map(|b| b.name.as_str()).collect::<Vec<_>>(),
            ["Robot 1", "Robot 2", "Robot 3"]
        );
        let bot_ids: Vec<i64> = bots.iter().map(|b| i64::from(b.id.get())).collect();
        assert_eq!(&mixed[1..], &bot_ids[..], "round {r}: the person first, then the bots");
        assert!(!bot_ids.contains(&mixed[0]) && people.iter().all(|p| !bot_ids.contains(p)));
        with_bots.push(mixed[0]);
        // The bots' table is on the devices already, the bots in their seats.
        let (table, _) = RoundTable::by_number(&mut db.conn(), tid, RoundNo::new(r as i32), TableNo::new(2))
            .unwrap()
            .unwrap();
        let game = GameRow::for_table(&mut db.conn(), table.id)
            .unwrap()
            .expect("the bots' table plays on the devices");
        chelem::db::write(&mut db.conn(), |tx| GameRow::set_pace(tx, game.id, Pace::Instant)).unwrap();
        let seats = GameSeat::of_game(&mut db.conn(), game.id).unwrap();
        assert_eq!(seats[0].bot, None);
        assert!(seats[1..]
            .iter()
            .all(|s| s.bot == Some(BotKind::DEFAULT) && s.token.is_none()));
        let (paper, _) = RoundTable::by_number(&mut db.conn(), tid, RoundNo::new(r as i32), TableNo::new(1))
            .unwrap()
            .unwrap();
        assert!(
            GameRow::for_table(&mut db.conn(), paper.id).unwrap().is_none(),
            "table 1 on paper"
        );
        // Table 1 enters its deal on paper, table 2 plays it with its bots.
        let a = c.call(
            "PUT",
            &format!("/api/tables/{}/deals/1", tables[0]["token"].as_str().unwrap()),
            None,
            Some(&entry(&people, r, 1, 1)),
        );
        assert_eq!(a.status, 200, "{}", a.body);
        play_game(&c, &[seats[0].token.clone().unwrap()], &mut |_, _| {});
        let doc = c.call("GET", &format!("/api/tournaments/{id}/deals/{r}"), None, None);
        assert_eq!(doc.status, 200, "both tables played deal {r}: {}", doc.body);
        let results = doc.body["results"].as_array().unwrap();
        assert_eq!(results.len(), 2, "{}", doc.body);
        let scores: Vec<Vec<i64>> = results
            .iter()
            .map(|t| {
                t["scores"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_i64().unwrap())
                    .collect()
            })
            .collect();
        let expected = reference_matchpoints(&scores);
        for (t, result) in results.iter().enumerate() {
            let mp: Vec<u32> = result["matchpoints"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap() as u32)
                .collect();
            assert_eq!(mp, expected[t], "table {}: the bots' results compared too", t + 1);
        }
        // The traveller names the bots as bots, with no player page to lead to.
        let a = c.call("GET", &format!("/tournaments/{id}/deals/{r}"), None, None);
        let page = a.body.as_str().unwrap();
        assert!(
            page.contains("<bdi>Robot 3</bdi> <small class=\"muted\">(robot)</small>"),
            "{page}"
        );
        for b in &bot_ids {
            assert!(!page.contains(&format!("/tournaments/{id}/players/{b}\"")), "{page}");
        }
        assert!(
            page.contains(&format!("/tournaments/{id}/players/{}\"", mixed[0])),
            "{page}"
        );
    }
    assert_ne!(
        with_bots[0], with_bots[1],
        "nobody left over twice before everyone once"
    );
    // The standings rank the five people, not the bots; each one's figure
    // is their seat's comparison with the other table, bots included.
    let a = c.call("GET", &format!("/api/tournaments/{id}/standings"), None, None);
    assert_eq!(a.status, 200, "{}", a.body);
    let rows = a.body.as_array().unwrap();
    assert_eq!(rows.len(), 5, "{}", a.body);
    assert!(
        rows.iter().all(|l| !l["name"].as_str().unwrap().starts_with("Robot")),
        "{}",
        a.body
    );
    let mut percents: BTreeMap<i64, Vec<f64>> = BTreeMap::new();
    for r in 1..=2 {
        let doc = c.call("GET", &format!("/api/tournaments/{id}/deals/{r}"), None, None);
        for result in doc.body["results"].as_array().unwrap() {
            for (s, p) in result["players"].as_array().unwrap().iter().enumerate() {
                percents
                    .entry(p.as_i64().unwrap())
                    .or_default()
                    .push(result["percent"][s].as_f64().unwrap());
            }
        }
    }
    for l in rows {
        let mine = &percents[&l["player"].as_i64().unwrap()];
        let mean = mine.iter().sum::<f64>() / mine.len() as f64;
        assert!(
            (l["percent"].as_f64().unwrap() - round2(mean)).abs() < 0.001,
            "{l} against {mine:?}"
        );
        assert_eq!(l["deals"].as_i64().unwrap(), mine.len() as i64, "{l}");
    }
    // Never in the directory.
    assert!(Player::search(&mut db.conn(), "Robot", 50).unwrap().is_empty());
    assert_eq!(Player::search(&mut db.conn(), "", 50).unwrap().len(), 5);
    // A backup names them as bots; its copy seats this database's bots.
    let doc = chelem::db::ops::export::export(&mut db.conn(), tid).unwrap();
    let text = serde_json::to_string(&doc).unwrap();
    assert!(text.contains(r#""name":"Robot 3","club":"","licence":null"#), "{text}");
    assert!(text.contains(r#""bot":"strong""#), "{text}");
    let copy = chelem::db::write(&mut db.conn(), |tx| chelem::db::ops::export::import_json(tx, &text)).unwrap();
    let (table, _) = RoundTable::by_number(&mut db.conn(), copy.tournament_id, RoundNo::new(1), TableNo::new(2))
        .unwrap()
        .unwrap();
    let seated = RoundTable::players(&mut db.conn(), table.id).unwrap();
    let bots: Vec<_> = Player::bot_players(&mut db.conn())
        .unwrap()
        .iter()
        .map(|b| b.id)
        .collect();
    assert_eq!(&seated[1..], &bots[..], "the copy's bots are this database's");
    assert_eq!(
        Player::bot_players(&mut db.conn()).unwrap().len(),
        3,
        "no bot made twice"
    );
}

on_both!(an_evening_by_matchpoints, |db| evening(db, "matchpoints"));
on_both!(an_evening_by_datum, |db| evening(db, "datum"));
on_both!(the_players_left_over_sit_out_in_turn, sit_out);
on_both!(unknown_settings_are_refused, settings);
on_both!(digital_tables_are_dealt_the_prepared_hands, digital);
on_both!(bots_fill_the_empty_seats, bots_fill);

crate::test_case!(a_phone_enters_a_duplicate_deal_and_reads_its_traveller, Browser);
fn a_phone_enters_a_duplicate_deal_and_reads_its_traveller() {
    on_a_phone(TestDb::sqlite());
}
crate::test_case!(
    a_phone_enters_a_duplicate_deal_and_reads_its_traveller_postgres,
    PostgresAndBrowser
);
fn a_phone_enters_a_duplicate_deal_and_reads_its_traveller_postgres() {
    on_a_phone(TestDb::postgres());
}

// The organizer's form: the format and the comparison chosen at creation; an
// unknown one refused with the sentence, the form kept as typed.
crate::both_backends!(the_organizer_creates_a_duplicate_by_the_form, |db: TestDb| async move {
    use actix_web::http::StatusCode;
    use common::http::{get, login, post};
    api_token(&db);
    let app = actix_web::test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = common::Jar::default();
    login(&app, &mut jar).await;
    let (status, html, _) = get(&app, &jar, "/tournaments/new").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains(r#"<select name="format""#)
            && html.contains(r#"value="datum""#)
            && html.contains(r#"name="fill_with_bots""#),
        "{html}"
    );
    let (status, html, _) = post(
        &app,
        &mut jar,
        "/tournaments",
        &[("name", "Duplicate du jeudi"), ("rounds", "3"), ("format", "duplex")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("duplex") && html.contains("Duplicate du jeudi"),
        "the sentence and the form as typed: {html}"
    );
    assert!(Tournament::list(&mut db.conn()).unwrap().is_empty());
    let (status, _, location) = post(
        &app,
        &mut jar,
        "/tournaments",
        &[
            ("name", "Duplicate du jeudi"),
            ("rounds", "3"),
            ("deals_table4", "5"),
            ("format", "duplicate"),
            ("comparison", "datum"),
            ("fill_with_bots", "on"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{location:?}");
    let t = &Tournament::list(&mut db.conn()).unwrap()[0];
    assert_eq!(
        (t.format, t.comparison, t.deals_table4, t.fill_with_bots),
        (
            chelem::tournament::duplicate::Format::Duplicate,
            chelem::tournament::duplicate::Comparison::Datum,
            5,
            true
        )
    );
    // Its settings page says so, and keeps the format through a change.
    let (status, html, _) = get(&app, &jar, &format!("/tournaments/{}/edit", t.id)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        !html.contains(r#"<select name="format""#),
        "the format is chosen at creation only"
    );
    assert!(
        html.contains("Tournoi en duplicate") || html.contains("Duplicate tournament"),
        "{html}"
    );
    assert!(
        html.contains("Des robots complètent la table"),
        "the bots' setting said: {html}"
    );
    let (status, _, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{}/edit", t.id),
        &[
            ("name", "Duplicate du jeudi soir"),
            ("rounds", "4"),
            ("deals_table4", "5"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let t = &Tournament::list(&mut db.conn()).unwrap()[0];
    assert_eq!(
        (t.name.as_str(), t.format, t.fill_with_bots),
        (
            "Duplicate du jeudi soir",
            chelem::tournament::duplicate::Format::Duplicate,
            true
        )
    );
    // Five players: the round started from the dashboard seats one of them
    // with three bots, on the devices, and sets the bots going (the first
    // to bid is a bot).
    let id = t.id;
    for i in 0..5 {
        let fields = chelem::db::ops::players::PlayerFields::new(&format!("Joueur {i}"), "", "").unwrap();
        chelem::db::write(&mut db.conn(), |tx| {
            chelem::db::ops::players::register(tx, id, &fields, true)
        })
        .unwrap();
    }
    let (status, _, location) = post(&app, &mut jar, &format!("/tournaments/{id}/rounds"), &[]).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{location:?}");
    let (table, _) = chelem::db::models::RoundTable::by_number(
        &mut db.conn(),
        id,
        chelem::tournament::ids::RoundNo::new(1),
        chelem::tournament::ids::TableNo::new(2),
    )
    .unwrap()
    .unwrap();
    let game = chelem::db::models::GameRow::for_table(&mut db.conn(), table.id)
        .unwrap()
        .expect("the bots' table on the devices");
    let started = std::time::Instant::now();
    while chelem::db::models::GameDeal::of_game(&mut db.conn(), game.id).unwrap()[0].actions == 0 {
        assert!(started.elapsed() < std::time::Duration::from_secs(30), "no bot played");
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
});
