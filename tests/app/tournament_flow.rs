//! A whole tournament over HTTP, on both databases: players from a CSV file,
//! three rounds with tables of 4 and 5 in both table-of-5 modes, deals through
//! the API and the organizer's pages, corrections, a withdrawal, a late
//! arrival, standings checked against sums computed here; and who may do what.

use crate::common;

use std::collections::{BTreeMap, HashMap};

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::test;
use common::http::{api_token, call, login, upload};
use common::{Jar, TestDb};
use serde_json::{json, Value};

use chelem::tarot::{score_value, ScoringRules};

type Resp<B> = ServiceResponse<B>;

/// The first `n` players of the sample CSV (name, club, licence).
fn sample_csv(n: usize) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/players_120.csv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        // Without ../shared (a lone checkout), make players up.
        let mut s = String::from("name,club,licence\n");
        for i in 0..120 {
            s.push_str(&format!("Joueur {i},Club {},{}\n", i % 7, 10_000_000 + i));
        }
        s
    });
    text.lines().take(n + 1).collect::<Vec<_>>().join("\n")
}

/// A valid deal body for deal `k` at a table, with players by id; varied by `salt`.
fn deal_body(playing: &[i64], k: usize, salt: usize, five_called: bool) -> Value {
    let taker = playing[(k + salt) % playing.len()];
    let contracts = ["petite", "garde", "garde_sans", "garde_contre"];
    let contract = contracts[(k * 3 + salt) % 4];
    let oudlers = (k + salt) % 4;
    // Points well inside the possible range for these oudlers.
    let base = [30.0, 34.0, 38.0, 44.0][oudlers];
    let points = base + ((k * 7 + salt * 5) % 24) as f64 + if (k + salt).is_multiple_of(3) { 0.5 } else { 0.0 };
    let partner = if five_called {
        Some(playing[(k + salt + 2) % playing.len()])
    } else {
        None
    };
    let handfuls = if (k + salt).is_multiple_of(5) {
        json!([{"player": playing[(k + 1) % playing.len()], "size": "simple"}])
    } else {
        json!([])
    };
    json!({"taker": taker, "partner": partner, "contract": contract, "oudlers": oudlers, "points": points,
           "handfuls": handfuls, "petit_au_bout": null, "chelem": {"announced": false, "made_by": null}})
}

/// What the rules core says for that body, by player id (computed here, from
/// the seats, independently of the server's mapping).
fn expected_scores(body: &Value, playing: &[i64]) -> HashMap<i64, i64> {
    let seat = |id: &Value| playing.iter().position(|p| Some(*p) == id.as_i64());
    let mut rec = body.clone();
    rec["players"] = json!(playing.len());
    rec["taker"] = json!(seat(&body["taker"]).unwrap());
    rec["partner"] = match seat(&body["partner"]) {
        Some(s) => json!(s),
        None => Value::Null,
    };
    rec["handfuls"] = Value::Array(
        body["handfuls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| json!({"seat": seat(&h["player"]).unwrap(), "size": h["size"]}))
            .collect(),
    );
    let out = score_value(&rec, &ScoringRules::default()).unwrap_or_else(|e| panic!("{rec}: {e}"));
    playing.iter().zip(out.scores).map(|(p, s)| (*p, s)).collect()
}

struct Flow {
    totals: BTreeMap<i64, i64>,
}

impl Flow {
    fn add(&mut self, scores: &HashMap<i64, i64>, sign: i64) {
        for (p, s) in scores {
            *self.totals.entry(*p).or_default() += sign * s;
        }
    }
}

fn ids(v: &Value) -> Vec<i64> {
    v.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect()
}

/// Plays a round through the API: every deal of every table; returns the
/// bodies sent per (table token, deal).
async fn play_round<S, B>(
    app: &S,
    round: &Value,
    dealer_out: bool,
    salt: usize,
    flow: &mut Flow,
) -> HashMap<(String, usize), (Value, Vec<i64>)>
where
    S: Service<actix_http::Request, Response = Resp<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let mut sent = HashMap::new();
    for table in round["tables"].as_array().unwrap() {
        let players = ids(&table["players"]);
        let token = table["token"].as_str().unwrap().to_owned();
        let n = players.len();
        let deals = if n == 5 { 5 } else { n };
        for k in 1..=deals {
            let playing: Vec<i64> = if n == 5 && dealer_out {
                players
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != (k - 1) % 5)
                    .map(|(_, p)| *p)
                    .collect()
            } else {
                players.clone()
            };
            let body = if k == deals && salt % 2 == 1 {
                json!({"passed": true})
            } else {
                deal_body(
                    &playing,
                    k,
                    salt + table["table"].as_u64().unwrap() as usize,
                    n == 5 && !dealer_out,
                )
            };
            let (status, answer) = call(
                app,
                Method::PUT,
                &format!("/api/tables/{token}/deals/{k}"),
                None,
                Some(body.clone()),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body} → {answer}");
            let got: HashMap<i64, i64> = answer["scores"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(p, s)| (p.parse().unwrap(), s.as_i64().unwrap()))
                .collect();
            assert_eq!(got.len(), n, "every player of the table has a score");
            assert_eq!(got.values().sum::<i64>(), 0, "a deal sums to zero");
            assert_eq!(answer["passed"], body.get("passed").is_some(), "{answer}");
            assert_eq!(
                (answer["deal"].as_u64(), answer["version"].as_u64()),
                (Some(k as u64), Some(1))
            );
            if body.get("passed").is_some() {
                assert!(got.values().all(|s| *s == 0));
            } else {
                let want = expected_scores(&body, &playing);
                for (p, s) in &got {
                    assert_eq!(*s, want.get(p).copied().unwrap_or(0), "player {p} in {body}");
                }
                if n == 5 && dealer_out {
                    assert_eq!(got[&players[(k - 1) % 5]], 0, "the dealer sits out and scores 0");
                }
                flow.add(&want, 1);
            }
            sent.insert((token.clone(), k), (body, playing));
        }
    }
    sent
}

async fn standings<S, B>(app: &S, id: i64) -> BTreeMap<i64, i64>
where
    S: Service<actix_http::Request, Response = Resp<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let (status, v) = call(
        app,
        Method::GET,
        &format!("/api/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let lines = v.as_array().unwrap();
    // Ranks by decreasing total, ties sharing the place.
    for w in lines.windows(2) {
        assert!(w[0]["total"].as_i64() >= w[1]["total"].as_i64());
        if w[0]["total"] == w[1]["total"] {
            assert_eq!(w[0]["rank"], w[1]["rank"]);
        }
    }
    lines
        .iter()
        .map(|l| (l["player"].as_i64().unwrap(), l["total"].as_i64().unwrap()))
        .collect()
}

async fn full_flow(db: TestDb, dealer_out: bool) {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mode = if dealer_out { "dealer_out" } else { "called_king" };
    let (status, v) = call(
        &app,
        Method::POST,
        "/api/tournaments",
        Some(&token),
        Some(json!({"name": "Open de Reims", "rounds": 3, "table5_mode": mode, "seed": 7})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let id = v["id"].as_i64().unwrap();

    // 22 players: 21 from the CSV through the organizer's import page, one through the API.
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let csv = sample_csv(21);
    let report = import_csv(&app, &mut jar, id, &csv).await;
    assert!(report.contains("21 joueurs inscrits"), "{report}");
    let (status, v) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/players"),
        Some(&token),
        Some(json!({"name": "Zoé Dernière", "club": "Tarot Club de Dijon"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    // The same licence twice is refused, and nothing is added.
    let dup_licence = csv.lines().nth(1).unwrap().split(',').nth(2).unwrap().to_owned();
    let (status, v) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/players"),
        Some(&token),
        Some(json!({"name": "Quelqu'un", "club": "X", "licence": dup_licence})),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains("already registered"));

    let mut flow = Flow {
        totals: BTreeMap::new(),
    };

    // Round 1: 22 players → three tables of 4 and two of 5.
    let (status, r1) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/rounds"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{r1}");
    assert_eq!(r1["round"], 1);
    let mut sizes: Vec<usize> = r1["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| ids(&t["players"]).len())
        .collect();
    sizes.sort();
    assert_eq!(sizes, vec![4, 4, 4, 5, 5]);
    let seated: Vec<i64> = r1["tables"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| ids(&t["players"]))
        .collect();
    assert_eq!(seated.len(), 22);
    let sent = play_round(&app, &r1, dealer_out, 0, &mut flow).await;

    // The same PUT twice changes nothing.
    let ((tok, k), (body, playing)) = sent.iter().find(|(_, (b, _))| b.get("passed").is_none()).unwrap();
    let (status, again) = call(
        &app,
        Method::PUT,
        &format!("/api/tables/{tok}/deals/{k}"),
        None,
        Some(body.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again["changed"], false);
    // A different PUT corrects the deal (audit log), standings follow.
    let mut corrected = body.clone();
    corrected["points"] = json!(corrected["points"].as_f64().unwrap() + 3.0);
    let (status, v) = call(
        &app,
        Method::PUT,
        &format!("/api/tables/{tok}/deals/{k}"),
        None,
        Some(corrected.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["changed"], true);
    flow.add(&expected_scores(body, playing), -1);
    flow.add(&expected_scores(&corrected, playing), 1);
    // The audit log and the deal name the table that wrote it, and say which deal.
    let table_no = r1["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["token"] == tok.as_str())
        .unwrap()["table"]
        .clone();
    let (audit, entered_by) = {
        use chelem::db::schema::{audit_log, deals};
        use diesel::prelude::*;
        let audit: Vec<(String, String)> = audit_log::table
            .filter(audit_log::action.eq("deal.correct"))
            .select((audit_log::actor, audit_log::subject))
            .load(&mut *db.conn())
            .unwrap();
        let entered_by: Vec<String> = deals::table
            .filter(deals::version.gt(1))
            .select(deals::entered_by)
            .load(&mut *db.conn())
            .unwrap();
        (audit, entered_by)
    };
    let who = format!("table {table_no}");
    assert_eq!(audit, vec![(who.clone(), format!("round 1 table {table_no} deal {k}"))]);
    assert_eq!(entered_by, vec![who]);

    // An impossible deal is refused with the rules core's sentence; nothing changes.
    let before = standings(&app, id).await;
    let mut bad = corrected.clone();
    bad["points"] = json!(95);
    let (status, v) = call(
        &app,
        Method::PUT,
        &format!("/api/tables/{tok}/deals/{k}"),
        None,
        Some(bad),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["error"], "points must be between 0 and 91");
    assert_eq!(standings(&app, id).await, before);

    assert_eq!(standings(&app, id).await, expect_totals(&flow, &seated_all(&r1)));

    // Close round 1; the table can no longer write it.
    let (status, _) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/rounds/1/close"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, v) = call(
        &app,
        Method::PUT,
        &format!("/api/tables/{tok}/deals/{k}"),
        None,
        Some(body.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");

    // A withdrawal and a late arrival before round 2.
    let gone = seated[0];
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("/api/tournaments/{id}/players/{gone}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, v) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/players"),
        Some(&token),
        Some(json!({"name": "Arrivé Tard", "club": "Les Bouts de Reims"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let late = v["id"].as_i64().unwrap();
    assert_eq!(v["first_round"], 2);

    let (status, r2) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/rounds"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{r2}");
    let seated2 = seated_all(&r2);
    assert_eq!(seated2.len(), 22);
    assert!(!seated2.contains(&gone), "the withdrawn player is not seated");
    assert!(seated2.contains(&late), "the late arrival is seated");
    // No repeat meeting between rounds 1 and 2.
    assert_no_repeats(&[&r1, &r2]);
    play_round(&app, &r2, dealer_out, 1, &mut flow).await;
    let (status, v) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/rounds/2/close"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");

    let (status, r3) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/rounds"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_no_repeats(&[&r1, &r2, &r3]);
    play_round(&app, &r3, dealer_out, 2, &mut flow).await;
    // A round with missing deals cannot be closed without force.
    let (status, r3doc) = call(
        &app,
        Method::GET,
        &format!("/api/tournaments/{id}/rounds/3"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(r3doc["tables"][0]["deals"].as_array().unwrap().len() >= 4);
    let (status, _) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/rounds/3/close"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // No fourth round in a three-round tournament.
    let (status, v) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/rounds"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");

    // Standings: the server's totals are the sums computed here; everything sums to zero.
    let mut everyone: Vec<i64> = seated_all(&r1);
    everyone.push(late);
    let got = standings(&app, id).await;
    assert_eq!(got, expect_totals(&flow, &everyone));
    assert_eq!(got.values().sum::<i64>(), 0);
    assert!(got.contains_key(&gone), "a withdrawn player keeps their past scores");

    // The public standings page shows them, with the zero-sum check for the organizer.
    let req = test::TestRequest::get()
        .uri(&format!("/tournaments/{id}/standings"))
        .insert_header((header::COOKIE, jar.header()))
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let page = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(page.contains("somme nulle"), "zero-sum check visible to the organizer");
}

fn seated_all(round: &Value) -> Vec<i64> {
    round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| ids(&t["players"]))
        .collect()
}

fn expect_totals(flow: &Flow, players: &[i64]) -> BTreeMap<i64, i64> {
    let mut out: BTreeMap<i64, i64> = players.iter().map(|p| (*p, 0)).collect();
    for (p, s) in &flow.totals {
        out.insert(*p, *s);
    }
    out
}

fn assert_no_repeats(rounds: &[&Value]) {
    let mut met: HashMap<(i64, i64), u32> = HashMap::new();
    for r in rounds {
        for t in r["tables"].as_array().unwrap() {
            let ps = ids(&t["players"]);
            for (i, a) in ps.iter().enumerate() {
                for b in &ps[i + 1..] {
                    *met.entry((*a.min(b), *a.max(b))).or_default() += 1;
                }
            }
        }
    }
    let repeats: Vec<_> = met.iter().filter(|(_, n)| **n > 1).collect();
    assert!(repeats.is_empty(), "repeat meetings: {repeats:?}");
}

async fn import_csv<S, B>(app: &S, jar: &mut Jar, id: i64, csv: &str) -> String
where
    S: Service<actix_http::Request, Response = Resp<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let (status, page) = upload(app, jar, id, csv.as_bytes(), "fr").await;
    assert_eq!(status, StatusCode::OK);
    page
}

both_backends!(full_tournament_dealer_out, |db: TestDb| async move {
    full_flow(db, true).await
});
both_backends!(full_tournament_called_king, |db: TestDb| async move {
    full_flow(db, false).await
});
