//! Team events (issue 48, FORMATS.md "Teams"), on both databases through
//! the API and the pages: a tournament of pairs, teams registered (and
//! each refusal said, nothing written), late arrivals making a pair and a
//! withdrawal, every round seated with no team-mates at one table, the
//! team standings adding the members' totals (ties sharing the rank), on
//! the JSON and on the live page.

use crate::common;

use std::collections::BTreeMap;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use serde_json::{json, Value};

use common::http::{api_token, call};
use common::{Jar, TestDb};

/// The rounds' tables as the API gave them: each table's players.
fn tables(round: &Value) -> Vec<Vec<i64>> {
    round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            t["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_i64().unwrap())
                .collect()
        })
        .collect()
}

both_backends!(pairs_never_meet_and_their_totals_add_up, |db: TestDb| async move {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let tok = Some(token.as_str());
    // Not a team event: teams refused (409), and a size out of bounds (422).
    let (_, v) = call(
        &app,
        Method::POST,
        "/api/tournaments",
        tok,
        Some(json!({"name": "Individuel", "rounds": 3})),
    )
    .await;
    let solo = v["id"].as_i64().unwrap();
    let body = json!({"name": "Seuls", "players": [1, 2]});
    let (status, v) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{solo}/teams"),
        tok,
        Some(body),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    let bad = json!({"name": "Trop", "rounds": 3, "teams": 7});
    let (status, v) = call(&app, Method::POST, "/api/tournaments", tok, Some(bad)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");

    let made = json!({"name": "Duo du samedi", "rounds": 3, "teams": 2});
    let (status, v) = call(&app, Method::POST, "/api/tournaments", tok, Some(made)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let id = v["id"].as_i64().unwrap();
    let api = |path: &str| format!("/api/tournaments/{id}{path}");
    let mut players = Vec::new();
    for i in 0..16 {
        let p = json!({"name": format!("Joueur {i:02}"), "club": "Club"});
        let (status, v) = call(&app, Method::POST, &api("/players"), tok, Some(p)).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        players.push(v["id"].as_i64().unwrap());
    }
    // Seven pairs; two players stay without a team.
    let mut teams: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for k in 0..7 {
        let mates = vec![players[2 * k], players[2 * k + 1]];
        let body = json!({"name": format!("Paire {}", k + 1), "players": mates});
        let (status, v) = call(&app, Method::POST, &api("/teams"), tok, Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        teams.insert(v["id"].as_i64().unwrap(), mates);
    }
    // Refusals: each with its status and sentence, no team written.
    let refusals = [
        (
            json!({"name": "Solo", "players": [players[14]]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "has 2 players, not 1",
        ),
        (
            json!({"name": "Déjà", "players": [players[0], players[14]]}),
            StatusCode::CONFLICT,
            "already in a team",
        ),
        (
            json!({"name": "Inconnu", "players": [players[14], 99999]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "is not registered",
        ),
        (
            json!({"name": "Deux fois", "players": [players[14], players[14]]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "given twice",
        ),
        (
            json!({"name": "Paire 1", "players": [players[14], players[15]]}),
            StatusCode::CONFLICT,
            "already called",
        ),
        (
            json!({"name": "  ", "players": [players[14], players[15]]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "a name",
        ),
        (
            json!({"name": "Sans liste", "players": "14"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "players",
        ),
    ];
    for (body, want, words) in refusals {
        let (status, v) = call(&app, Method::POST, &api("/teams"), tok, Some(body.clone())).await;
        assert_eq!(status, want, "{body}: {v}");
        assert!(v.to_string().contains(words), "{body}: {v}");
    }
    let (_, v) = call(&app, Method::GET, &api("/teams/standings"), None, None).await;
    assert_eq!(v.as_array().unwrap().len(), 7, "nothing written by a refusal: {v}");

    let mut rounds = Vec::new();
    for r in 1..=3 {
        if r == 2 {
            // Two late arrivals make a pair; a lone player withdraws.
            let mut late = Vec::new();
            for name in ["Zoé Tardive", "Yves Tardif"] {
                let (_, v) = call(
                    &app,
                    Method::POST,
                    &api("/players"),
                    tok,
                    Some(json!({"name": name, "club": "C"})),
                )
                .await;
                late.push(v["id"].as_i64().unwrap());
            }
            let body = json!({"name": "Les Tardifs", "players": late});
            let (status, v) = call(&app, Method::POST, &api("/teams"), tok, Some(body)).await;
            assert_eq!(status, StatusCode::CREATED, "{v}");
            teams.insert(v["id"].as_i64().unwrap(), late);
            let (status, v) = call(
                &app,
                Method::DELETE,
                &api(&format!("/players/{}", players[15])),
                tok,
                None,
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{v}");
        }
        let (status, round) = call(&app, Method::POST, &api("/rounds"), tok, None).await;
        assert_eq!(status, StatusCode::CREATED, "{round}");
        for table in tables(&round) {
            for (team, mates) in &teams {
                let there = mates.iter().filter(|p| table.contains(p)).count();
                assert!(there <= 1, "round {r}: team {team} {mates:?} together at {table:?}");
            }
        }
        // Every table enters its deals: the table's first seat takes a garde.
        for (k, t) in round["tables"].as_array().unwrap().iter().enumerate() {
            let tp = t["players"].as_array().unwrap();
            let deals = if tp.len() == 5 { 5 } else { 4 };
            for d in 1..=deals {
                let deal = json!({"taker": tp[(d as usize) % tp.len()], "contract": "garde",
                                  "oudlers": 2, "points": 30 + 5 * ((k + d as usize + r) % 5)});
                let path = format!("/api/tables/{}/deals/{d}", t["token"].as_str().unwrap());
                let (status, v) = call(&app, Method::PUT, &path, None, Some(deal)).await;
                assert_eq!(status, StatusCode::OK, "{v}");
            }
        }
        rounds.push(round);
        let (status, v) = call(&app, Method::POST, &api(&format!("/rounds/{r}/close")), tok, None).await;
        assert!(status.is_success(), "{v}");
    }

    // The team standings: each total the members' totals added, best first,
    // equal totals sharing the rank.
    let (_, standings) = call(&app, Method::GET, &api("/standings"), None, None).await;
    let totals: BTreeMap<i64, i64> = standings
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["player"].as_i64().unwrap(), l["total"].as_i64().unwrap()))
        .collect();
    let (status, v) = call(&app, Method::GET, &api("/teams/standings"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 8, "{v}");
    let mut previous: Option<(i64, i64)> = None;
    for (i, row) in rows.iter().enumerate() {
        let team = row["team"].as_i64().unwrap();
        let mates = &teams[&team];
        let got: Vec<i64> = row["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_i64().unwrap())
            .collect();
        let mut want = mates.clone();
        want.sort();
        assert_eq!(got, want, "{row}");
        let total = row["total"].as_i64().unwrap();
        assert_eq!(
            total,
            mates.iter().map(|p| totals.get(p).copied().unwrap_or(0)).sum::<i64>(),
            "{row}"
        );
        let rank = row["rank"].as_i64().unwrap();
        match previous {
            None => assert_eq!(rank, 1),
            Some((t, r)) if t == total => assert_eq!(rank, r, "a tie shares the rank: {v}"),
            Some((t, _)) => {
                assert!(total < t, "best first: {v}");
                assert_eq!(rank, i as i64 + 1, "{v}");
            }
        }
        previous = Some((total, rank));
    }
    // The page: linked from the standings, every team with its total.
    let jar = Jar::default();
    let (_, page, _) = common::http::get(&app, &jar, &format!("/tournaments/{id}/standings")).await;
    assert!(page.contains(&format!("href=\"/tournaments/{id}/teams\"")), "{page}");
    let (status, page, _) = common::http::get(&app, &jar, &format!("/tournaments/{id}/teams")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(
        page.contains("Classement par équipes") && page.contains("Les Tardifs"),
        "{page}"
    );
    let first = &rows[0];
    let line = format!("<td class=\"num total\">{}</td>", first["total"]);
    assert!(page.contains(&line), "{line}: {page}");
});

both_backends!(
    a_backup_keeps_the_teams_and_refuses_broken_ones,
    |db: TestDb| async move {
        use chelem::db::ops::export;
        use chelem::tournament::ids::TournamentId;
        let token = api_token(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let tok = Some(token.as_str());
        let made = json!({"name": "Quadrettes", "rounds": 2, "teams": 4});
        let (_, v) = call(&app, Method::POST, "/api/tournaments", tok, Some(made)).await;
        let id = v["id"].as_i64().unwrap();
        let mut players = Vec::new();
        for i in 0..16 {
            let p = json!({"name": format!("Équipier {i:02}"), "club": "Club"});
            let (_, v) = call(
                &app,
                Method::POST,
                &format!("/api/tournaments/{id}/players"),
                tok,
                Some(p),
            )
            .await;
            players.push(v["id"].as_i64().unwrap());
        }
        for k in 0..4 {
            let body = json!({"name": format!("Quadrette {}", k + 1), "players": &players[4 * k..4 * k + 4]});
            let (status, v) = call(
                &app,
                Method::POST,
                &format!("/api/tournaments/{id}/teams"),
                tok,
                Some(body),
            )
            .await;
            assert_eq!(status, StatusCode::CREATED, "{v}");
        }
        let doc = export::export(&mut db.conn(), TournamentId::new(id as i32)).unwrap();
        assert_eq!(doc.teams.len(), 4);
        let copy = chelem::db::write(&mut db.conn(), |tx| export::import(tx, &doc)).unwrap();
        let copied = export::export(&mut db.conn(), copy.tournament_id).unwrap();
        assert_eq!(copied.teams, doc.teams, "the teams come back as they were");
        // A team of the wrong size in a backup: refused whole, naming it.
        let mut broken = doc.clone();
        broken.teams[2].players.pop();
        let before = chelem::db::models::Tournament::list(&mut db.conn()).unwrap().len();
        let err = chelem::db::write(&mut db.conn(), |tx| export::import(tx, &broken)).unwrap_err();
        assert!(err.to_string().contains("team 3"), "{err}");
        assert_eq!(
            chelem::db::models::Tournament::list(&mut db.conn()).unwrap().len(),
            before
        );
    }
);
