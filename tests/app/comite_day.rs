//! A comité's day end to end (issue 48, item 5), on both databases,
//! through the API, the table links and the organizer's pages: a duo
//! afternoon (pairs) and a grand prix evening of the same day, six players
//! in both, each with its prize list (the pairs paid, their members
//! sharing; the grand prix's bonus for the players of both); and a
//! quadrettes tournament whose late arrivals make a fifth team, every round
//! seated with no team-mates at one table.

use crate::common;

use std::collections::BTreeMap;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use serde_json::{json, Value};

use common::http::{api_token, call, get, login, post};
use common::{Jar, TestDb};

/// A tournament made over the API: its id.
async fn tournament<S, B>(app: &S, tok: &str, settings: Value) -> i64
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (status, v) = call(app, Method::POST, "/api/tournaments", Some(tok), Some(settings)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    v["id"].as_i64().unwrap()
}

/// Registers player `i` of the day (a licence of their own: the same
/// person in every tournament of the day): their id.
async fn register<S, B>(app: &S, tok: &str, id: i64, i: usize) -> i64
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let body = json!({"name": format!("Joueur {i:02}"), "club": "Club", "licence": format!("{:07}", 7000 + i)});
    let (status, v) = call(
        app,
        Method::POST,
        &format!("/api/tournaments/{id}/players"),
        Some(tok),
        Some(body),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    v["id"].as_i64().unwrap()
}

/// Registers a team of `players`: its id.
async fn team<S, B>(app: &S, tok: &str, id: i64, name: &str, players: &[i64]) -> i64
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let body = json!({"name": name, "players": players});
    let (status, v) = call(
        app,
        Method::POST,
        &format!("/api/tournaments/{id}/teams"),
        Some(tok),
        Some(body),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    v["id"].as_i64().unwrap()
}

/// Seats round `r`, checks that no team has two members at one table,
/// enters every deal through the table links and closes the round.
async fn play_round<S, B>(app: &S, tok: &str, id: i64, r: usize, teams: &BTreeMap<i64, Vec<i64>>)
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (status, round) = call(
        app,
        Method::POST,
        &format!("/api/tournaments/{id}/rounds"),
        Some(tok),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{round}");
    for (k, t) in round["tables"].as_array().unwrap().iter().enumerate() {
        let seated: Vec<i64> = t["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_i64().unwrap())
            .collect();
        for (team, mates) in teams {
            let there = mates.iter().filter(|p| seated.contains(p)).count();
            assert!(there <= 1, "round {r}: team {team} {mates:?} together at {seated:?}");
        }
        let deals = if seated.len() == 5 { 5 } else { 4 };
        for d in 1..=deals {
            let deal = json!({"taker": seated[d % seated.len()], "contract": "garde", "oudlers": 2,
                              "points": 31 + 7 * ((3 * k + 5 * d + r) % 7)});
            let path = format!("/api/tables/{}/deals/{d}", t["token"].as_str().unwrap());
            let (status, v) = call(app, Method::PUT, &path, None, Some(deal)).await;
            assert_eq!(status, StatusCode::OK, "{v}");
        }
    }
    let close = format!("/api/tournaments/{id}/rounds/{r}/close");
    let (status, v) = call(app, Method::POST, &close, Some(tok), None).await;
    assert!(status.is_success(), "{v}");
}

/// What each entry ranked `ranks` (best first, ties sharing a rank) gets
/// from `places` (euros, best first): the sum of the places its tie spans,
/// shared and rounded down to the euro (docs/prizes.md, "Ties").
fn shares(ranks: &[u32], places: &[i64]) -> Vec<i64> {
    ranks
        .iter()
        .map(|&rank| {
            let tied = ranks.iter().filter(|&&r| r == rank).count();
            let first = rank as usize - 1;
            let sum: i64 = (first..first + tied).filter_map(|p| places.get(p)).sum();
            sum / tied as i64
        })
        .collect()
}

/// The prize list's CSV, by player name: (prize, bonus) in euros.
async fn prize_csv<S, B>(app: &S, jar: &Jar, id: i64) -> BTreeMap<String, (f64, f64)>
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (status, csv, _) = get(app, jar, &format!("/tournaments/{id}/prizes.csv")).await;
    assert_eq!(status, StatusCode::OK, "{csv}");
    let euros = |s: &str| {
        if s.is_empty() {
            0.0
        } else {
            s.replace(',', ".").parse::<f64>().unwrap()
        }
    };
    csv.trim_start_matches('\u{feff}')
        .lines()
        .skip(1)
        .map(|line| {
            let cols: Vec<&str> = line.split(';').collect();
            (cols[1].to_owned(), (euros(cols[3]), euros(cols[5])))
        })
        .collect()
}

/// The prize rule's form: `fee` € a player, `share` % redistributed as
/// `split` (percents) to the euro, and the bonus (`1 €` to the players of
/// `with`, or none).
fn rule_form(fee: &str, share: &str, split: &str, with: Option<i64>) -> Vec<(&'static str, String)> {
    let places = split.split(' ').count().to_string();
    let mut form = vec![
        ("preset", "top8".to_owned()),
        ("fee", fee.to_owned()),
        ("paying", String::new()),
        ("pot", String::new()),
        ("share", share.to_owned()),
        ("places", places),
        ("split", split.to_owned()),
        ("kind", "percents".to_owned()),
        ("rounding", "euro".to_owned()),
        ("fixed", String::new()),
    ];
    if let Some(t) = with {
        form.push(("bonus", "1 €".to_owned()));
        form.push(("with", t.to_string()));
    }
    form
}

both_backends!(
    a_duo_afternoon_and_a_grand_prix_evening_pay_their_prizes,
    |db: TestDb| async move {
        let token = api_token(&db);
        let tok = token.as_str();
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let day = "2026-12-12";

        // The afternoon: four pairs, one round.
        let duo = tournament(
            &app,
            tok,
            json!({"name": "Duo de l'après-midi", "rounds": 1, "teams": 2, "event_date": day}),
        )
        .await;
        let mut players = Vec::new();
        for i in 0..8 {
            players.push(register(&app, tok, duo, i).await);
        }
        let mut pairs = BTreeMap::new();
        for k in 0..4 {
            let mates = vec![players[2 * k], players[2 * k + 1]];
            pairs.insert(team(&app, tok, duo, &format!("Paire {}", k + 1), &mates).await, mates);
        }
        play_round(&app, tok, duo, 1, &pairs).await;

        // The evening: players 0 to 5 of the afternoon and six more.
        let gp = tournament(
            &app,
            tok,
            json!({"name": "Grand prix du soir", "rounds": 1, "event_date": day}),
        )
        .await;
        for (i, &p) in players.iter().enumerate().take(6) {
            assert_eq!(register(&app, tok, gp, i).await, p, "the same person");
        }
        for i in 8..14 {
            register(&app, tok, gp, i).await;
        }
        play_round(&app, tok, gp, 1, &BTreeMap::new()).await;

        // The prize rules, set on the organizer's form.
        let mut jar = Jar::default();
        login(&app, &mut jar).await;
        let set = |id: i64, form: Vec<(&'static str, String)>| {
            let app = &app;
            let mut jar = jar.clone();
            async move {
                let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
                let (status, page, _) =
                    post(app, &mut jar, &format!("/tournaments/{id}/prizes/settings"), &fields).await;
                assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
            }
        };
        // Duo: 8 × 10 € = 80 €, 90 % = 72 € to the first two pairs (60 %,
        // 40 %: 43 € and 28 €), each pair's members sharing its prize.
        set(duo, rule_form("10", "90", "60 40", None)).await;
        // Grand prix: 12 × 8 € = 96 €, 90 % = 86 € to three places (50, 30,
        // 20 %: 43, 25, 17 €); 1 € to each player of the afternoon too.
        set(gp, rule_form("8", "90", "50 30 20", Some(duo))).await;

        // The duo's list: from the team standings as the public sees them.
        let (_, rows) = call(
            &app,
            Method::GET,
            &format!("/api/tournaments/{duo}/teams/standings"),
            None,
            None,
        )
        .await;
        let rows = rows.as_array().unwrap();
        let ranks: Vec<u32> = rows.iter().map(|r| r["rank"].as_u64().unwrap() as u32).collect();
        let per_team = shares(&ranks, &[43, 28]);
        let (_, standings) = call(
            &app,
            Method::GET,
            &format!("/api/tournaments/{duo}/standings"),
            None,
            None,
        )
        .await;
        let name_of: BTreeMap<i64, String> = standings
            .as_array()
            .unwrap()
            .iter()
            .map(|l| (l["player"].as_i64().unwrap(), l["name"].as_str().unwrap().to_owned()))
            .collect();
        let paid = prize_csv(&app, &jar, duo).await;
        let mut expected = BTreeMap::new();
        for (row, amount) in rows.iter().zip(&per_team) {
            for p in row["players"].as_array().unwrap() {
                if *amount > 0 {
                    expected.insert(name_of[&p.as_i64().unwrap()].clone(), ((amount / 2) as f64, 0.0));
                }
            }
        }
        assert_eq!(paid, expected, "the pairs paid, their members sharing");
        let (_, page, _) = get(&app, &jar, &format!("/tournaments/{duo}/prizes")).await;
        assert!(
            page.contains("Cagnotte : 10\u{a0}€ × 8 joueurs payants = 80\u{a0}€"),
            "{page}"
        );

        // The grand prix's list: its places, and 1 € to each of the six
        // players of both.
        let (_, standings) = call(
            &app,
            Method::GET,
            &format!("/api/tournaments/{gp}/standings"),
            None,
            None,
        )
        .await;
        let lines = standings.as_array().unwrap();
        let ranks: Vec<u32> = lines.iter().map(|l| l["rank"].as_u64().unwrap() as u32).collect();
        let prizes = shares(&ranks, &[43, 25, 17]);
        let paid = prize_csv(&app, &jar, gp).await;
        for (line, prize) in lines.iter().zip(&prizes) {
            let (player, name) = (line["player"].as_i64().unwrap(), line["name"].as_str().unwrap());
            let both = players[..6].contains(&player);
            let want = (*prize as f64, if both { 1.0 } else { 0.0 });
            if want == (0.0, 0.0) {
                assert!(!paid.contains_key(name), "{name} is paid nothing: {paid:?}");
            } else {
                assert_eq!(paid.get(name), Some(&want), "{name}: {paid:?}");
            }
        }
        let (_, page, _) = get(&app, &jar, &format!("/tournaments/{gp}/prizes")).await;
        assert!(
            page.contains("Prime : 1\u{a0}€ à chaque joueur qui a aussi joué « Duo de l&#39;après-midi »"),
            "the bonus names the duo: {page}"
        );
        let (status, sheet, _) = get(&app, &jar, &format!("/tournaments/{gp}/prizes/sheet")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(sheet.contains("Signature"), "{sheet}");
    }
);

both_backends!(quadrettes_take_late_arrivals_and_never_meet, |db: TestDb| async move {
    let token = api_token(&db);
    let tok = token.as_str();
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let id = tournament(
        &app,
        tok,
        json!({"name": "Quadrettes du comité", "rounds": 3, "teams": 4}),
    )
    .await;
    let mut teams = BTreeMap::new();
    let mut next = 0;
    let mut quadrette = |k: usize| {
        let start = next;
        next += 4;
        (format!("Quadrette {k}"), start)
    };
    for k in 1..=4 {
        let (name, start) = quadrette(k);
        let mut mates = Vec::new();
        for i in start..start + 4 {
            mates.push(register(&app, tok, id, i).await);
        }
        teams.insert(team(&app, tok, id, &name, &mates).await, mates);
    }
    play_round(&app, tok, id, 1, &teams).await;
    // Four late arrivals make a fifth quadrette: 20 players, five tables,
    // each of them one member of four different teams.
    let (name, start) = quadrette(5);
    let mut late = Vec::new();
    for i in start..start + 4 {
        late.push(register(&app, tok, id, i).await);
    }
    teams.insert(team(&app, tok, id, &name, &late).await, late);
    for r in 2..=3 {
        play_round(&app, tok, id, r, &teams).await;
    }
    // The team standings: five teams, each the sum of its members.
    let (_, standings) = call(
        &app,
        Method::GET,
        &format!("/api/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    let totals: BTreeMap<i64, i64> = standings
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["player"].as_i64().unwrap(), l["total"].as_i64().unwrap()))
        .collect();
    let (_, rows) = call(
        &app,
        Method::GET,
        &format!("/api/tournaments/{id}/teams/standings"),
        None,
        None,
    )
    .await;
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 5, "{rows:?}");
    for row in rows {
        let members: Vec<i64> = row["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_i64().unwrap())
            .collect();
        assert_eq!(members, teams[&row["team"].as_i64().unwrap()]);
        let sum: i64 = members.iter().map(|p| totals[p]).sum();
        assert_eq!(row["total"].as_i64().unwrap(), sum, "{row}");
    }
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let (status, page, _) = get(&app, &jar, &format!("/tournaments/{id}/teams")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Quadrette 5"), "{page}");
});
