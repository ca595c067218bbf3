//! Every bonus named in the formula wherever a score is explained (issue
//! 45, item 7): a typed deal's table sheet, the player's page and the deal
//! form's preview (a duplicate traveller's: `duplicate::`); a
//! deal played on the devices, at its end on the seat page and on its
//! replay. Each term past the base and the margin carries its name, in
//! French and in English: "(25 + 6 + 10 (petit au bout)) × 2 + 40 (simple
//! poignée + simple poignée) − 200 (chelem)".

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;
use common::builder::TournamentBuilder;
use common::client::Client;
use common::http::get;
use common::server::Server;
use common::{Jar, TestDb};
use serde_json::{json, Value};

/// The explanation lines of a page (`class="explain-line"`), as text.
fn explain_lines(page: &str) -> Vec<String> {
    page.split("class=\"explain-line\">")
        .skip(1)
        .map(|s| {
            s.split('<')
                .next()
                .unwrap_or_default()
                .replace("&#x27;", "'")
                .replace("&#39;", "'")
        })
        .collect()
}

/// Every word of `names` in the one explanation line of `page` holding `×`.
fn assert_named(page: &str, names: &[&str], what: &str) {
    let lines = explain_lines(page);
    let line = lines
        .iter()
        .find(|l| l.contains('\u{d7}'))
        .unwrap_or_else(|| panic!("{what}: no formula in {lines:?}\n{page}"));
    for n in names {
        assert!(line.contains(n), "{what}: {n:?} not named in {line:?}");
    }
}

both_backends!(
    the_sheet_and_the_preview_name_every_bonus_of_a_typed_deal,
    |db: TestDb| async move {
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        // Garde made by 6 (47 with 2 oudlers), petit au bout to the attack,
        // two simple handfuls (20 each under 20/40/60), a chelem announced
        // and missed (−200), a misère: every term at once.
        let t = TournamentBuilder::new("Coupe des primes")
            .scoring_variants()
            .players(4)
            .seated(1)
            .deals(|table, k| {
                let p = |i: usize| table.players[i].get();
                (k == 1).then(|| {
                    json!({"taker": p(0), "contract": "garde", "oudlers": 2, "points": 47,
                           "handfuls": [{"player": p(0), "size": "simple"}, {"player": p(1), "size": "simple"}],
                           "petit_au_bout": "attack", "chelem": {"announced": true, "made_by": null},
                           "miseres": [{"player": p(2), "kind": "heads"}]})
                })
            })
            .build_in(&db.state());
        let table = &t.rounds[0][0];
        let link = format!("/t/{}", table.token);
        let p = |i: usize| table.players[i].to_string();
        for (lang, names) in [
            (
                "fr",
                [
                    "(petit au bout)",
                    "(simple poignée + simple poignée)",
                    "(chelem)",
                    "| misère",
                ],
            ),
            (
                "en",
                [
                    "(petit au bout)",
                    "(single handful + single handful)",
                    "(slam)",
                    "| misère",
                ],
            ),
        ] {
            let mut jar = Jar::default();
            jar.0.insert("chelem_lang".into(), lang.into());
            let resp = test::call_service(
                &app,
                test::TestRequest::get()
                    .uri(&link)
                    .insert_header((actix_web::http::header::COOKIE, jar.header()))
                    .to_request(),
            )
            .await;
            jar.absorb(&resp);
            let (status, sheet, _) = get(&app, &jar, &link).await;
            assert_eq!(status, StatusCode::OK, "{sheet}");
            let line = sheet
                .split("(25 + 6")
                .nth(1)
                .unwrap_or_else(|| panic!("the deal's formula on the sheet: {sheet}"));
            let line = line.split('<').next().unwrap();
            for n in names {
                assert!(line.contains(n), "sheet ({lang}): {n:?} not named in {line:?}");
            }
            // The taker's page explains the same deal, naming the same bonuses.
            let (status, page, _) = get(&app, &jar, &format!("/tournaments/{}/players/{}", t.id, p(0))).await;
            assert_eq!(status, StatusCode::OK, "{page}");
            let line = page
                .split("class=\"small formula\">")
                .nth(1)
                .and_then(|s| s.split('<').next())
                .unwrap_or_else(|| panic!("the deal's formula on the player page: {page}"))
                .replace("&#39;", "'");
            assert!(line.contains("(25 + 6"), "{line}");
            for n in names {
                assert!(line.contains(n), "player page ({lang}): {n:?} not named in {line:?}");
            }
            // The form's preview of the same deal, as typed.
            let fields = [
                ("taker", p(0)),
                ("contract", "garde".to_owned()),
                ("oudlers", "2".to_owned()),
                ("points", "47".to_owned()),
                ("camp", "attack".to_owned()),
                (format!("handful_{}", p(0)).leak() as &str, "simple".to_owned()),
                (format!("handful_{}", p(1)).leak() as &str, "simple".to_owned()),
                ("petit_au_bout", "attack".to_owned()),
                ("chelem_announced", "1".to_owned()),
                (format!("misere_{}", p(2)).leak() as &str, "heads".to_owned()),
            ];
            let query = serde_urlencoded::to_string(fields).unwrap();
            let (status, preview, _) = get(&app, &jar, &format!("{link}/deals/2/preview?{query}")).await;
            assert_eq!(status, StatusCode::OK, "{preview}");
            assert_named(&preview, &names, &format!("preview ({lang})"));
            // The offline preview is given the same names (static/score.js).
            let (_, form, _) = get(&app, &jar, &format!("{link}/deals/2")).await;
            assert!(form.contains("data-terms="), "{form}");
            assert!(form.contains(names[2].trim_matches(|c| c == '(' || c == ')')), "{form}");
        }
    }
);

/// A person at seat 0 of six, five bots, on a seed that gives seat 0 a
/// handful (shown, as a simple player does): the server and the seat's link.
fn digital_deal_with_a_handful(db: &TestDb) -> (Server, Client, String, i64) {
    let org = common::http::api_token(db);
    let server = Server::start_with(db.state(), 2);
    let client = Client::new(&server.url());
    for seed in 0..500 {
        let body = json!({"players": 6, "bots": [1, 2, 3, 4, 5], "seed": seed, "deals": 1,
                          "pace": "instant", "names": ["Odile"]});
        let a = client.call("POST", "/api/games", Some(&org), Some(&body));
        assert_eq!(a.status, 201, "{}", a.body);
        let token = a.body["seats"][0]["token"].as_str().unwrap().to_owned();
        let game = a.body["game"].as_i64().unwrap();
        let v = client.call("GET", &format!("/api/seats/{token}"), None, None).body;
        let trumps = v["hand"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c.as_str().unwrap().ends_with('T'))
            .count();
        if trumps >= 7 {
            common::seats::play_game(&client, std::slice::from_ref(&token), &mut |_, _| {});
            return (server, client, token, game);
        }
    }
    panic!("no seed gives seat 0 a handful");
}

fn digital_pages_name_every_bonus(db: TestDb) {
    let (_server, client, token, game) = digital_deal_with_a_handful(&db);
    let log = client.call("GET", &format!("/api/games/{game}/log"), None, None).body;
    let shown: &Vec<Value> = log["handfuls"].as_array().unwrap();
    assert!(!shown.is_empty(), "the seat showed its handful: {log}");
    for lang in ["fr", "en"] {
        let cookie = format!("chelem_lang={lang}");
        let mut names: Vec<String> = Vec::new();
        for h in shown {
            let size = h["size"].as_str().unwrap();
            let word = match (lang, size) {
                ("fr", s) => format!("{s} poignée"),
                (_, "simple") => "single handful".to_owned(),
                (_, s) => format!("{s} handful"),
            };
            names.push(word);
        }
        // The petit in the last trick: its bonus is in the formula too.
        let last = log["tricks"].as_array().unwrap().last().unwrap();
        if last["cards"].as_array().unwrap().iter().any(|c| c["card"] == "1T") {
            names.push("(petit au bout)".to_owned());
        }
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        for path in [format!("/s/{token}"), format!("/games/{game}/replay")] {
            let page = client.call_with("GET", &path, None, None, &[("Cookie", &cookie)]);
            assert_eq!(page.status, 200, "{path}");
            let html = page.body.as_str().unwrap_or_default().to_owned();
            assert_named(&html, &names, &format!("{path} ({lang})"));
        }
    }
}

fn sqlite() {
    digital_pages_name_every_bonus(TestDb::sqlite());
}
fn postgres() {
    digital_pages_name_every_bonus(TestDb::postgres());
}
crate::test_case!(sqlite);
crate::test_case!(postgres, Postgres);
