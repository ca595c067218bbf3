//! Late arrivals and withdrawals where the standings show: a player who
//! withdrew before playing any deal is nowhere (standings, results, prints,
//! CSV, counts), one who withdrew after playing keeps their scores with a
//! mark, and a late arrival carries theirs; on both databases.

use crate::common;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use common::builder::TournamentBuilder;
use common::http::{api_token, call, get, login, post};
use common::{Jar, TestDb};
use serde_json::{json, Value};

both_backends!(
    withdrawn_before_playing_is_nowhere_and_marks_show,
    |db: TestDb| async move {
        let token = api_token(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = Jar::default();
        login(&app, &mut jar).await;
        // Round 1 seated and played by 8 players (two tables of 4).
        let built = TournamentBuilder::new("Open des absents")
            .rounds(3)
            .seed(5)
            .players(8)
            .named(|i| format!("Joueur {i}"))
            .seated(1)
            .deals(|table, k| {
                Some(json!({
                    "taker": table.players[k as usize % table.players.len()],
                    "contract": "garde",
                    "oudlers": 2,
                    "points": 45 + k,
                }))
            })
            .build_in(&db.state());
        let id = built.id;
        let api = |path: &str| format!("/api/tournaments/{id}{path}");
        // Two newcomers during round 1 (first round 2): one withdraws before
        // playing; a round 1 player withdraws after it.
        let mut late = Vec::new();
        for name in ["Zoé Tardive", "Yves Fantôme"] {
            let (status, v) = call(
                &app,
                Method::POST,
                &api("/players"),
                Some(&token),
                Some(json!({"name": name, "club": "Club"})),
            )
            .await;
            assert_eq!(status, StatusCode::CREATED, "{v}");
            assert_eq!(v["first_round"], 2);
            late.push(v["id"].as_i64().unwrap());
        }
        let (ghost, left) = (late[1], built.players[0].get());
        for pid in [ghost, i64::from(left)] {
            let (status, v) = call(
                &app,
                Method::DELETE,
                &api(&format!("/players/{pid}")),
                Some(&token),
                None,
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{v}");
        }

        // The JSON standings: 9 lines (8 + the late arrival), the ghost absent.
        let (status, v) = call(&app, Method::GET, &api("/standings"), None, None).await;
        assert_eq!(status, StatusCode::OK);
        let lines = v.as_array().unwrap();
        let by_id = |pid: i64| lines.iter().find(|l| l["player"] == pid);
        assert_eq!(lines.len(), 9, "{v}");
        assert!(
            by_id(ghost).is_none(),
            "a player withdrawn before playing is ranked: {v}"
        );
        let gone = by_id(i64::from(left)).expect("a withdrawn player keeps their past scores");
        assert_eq!(gone["withdrawn_after"], 1, "{gone}");
        assert_eq!(by_id(late[0]).unwrap()["late_from"], 2);
        assert_eq!(lines.iter().filter(|l| l.get("late_from").is_some()).count(), 1);
        assert_eq!(lines.iter().map(|l| l["total"].as_i64().unwrap()).sum::<i64>(), 0);

        // Every page and file that lists the players: the ghost is not there,
        // the marks are, and the counts say 9.
        let pages = [
            format!("/tournaments/{id}/standings"),
            format!("/tournaments/{id}/projector"),
            format!("/tournaments/{id}/results.html"),
            format!("/tournaments/{id}/standings/print"),
            format!("/tournaments/{id}/standings.csv"),
        ];
        for page in &pages {
            let (status, body, _) = get(&app, &jar, page).await;
            assert_eq!(status, StatusCode::OK, "{page}");
            assert!(
                !body.contains("Fantôme"),
                "{page} names the player withdrawn before playing"
            );
            assert!(body.contains("Joueur 0"), "{page}");
            assert!(
                body.contains("abandon après la partie 1"),
                "{page}: no withdrawal mark\n{body}"
            );
            assert!(body.contains("en retard (partie 2)"), "{page}: no late mark\n{body}");
        }
        let (_, results, _) = get(&app, &jar, &format!("/tournaments/{id}/results.html")).await;
        assert!(results.contains("9 joueurs"), "{results}");
        let (_, print, _) = get(&app, &jar, &format!("/tournaments/{id}/standings/print")).await;
        assert!(print.contains("9 joueurs"), "{print}");
        let (_, csv, _) = get(&app, &jar, &format!("/tournaments/{id}/standings.csv")).await;
        let rows: Vec<&str> = csv.lines().collect();
        assert_eq!(rows.len(), 10, "a header and 9 players:\n{csv}");
        assert!(rows[0].ends_with(";Remarque;Donnes;Moyenne par donne"), "{}", rows[0]);
        // The withdrawn player's own page carries the mark.
        let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}/players/{left}")).await;
        assert!(page.contains("abandon après la partie 1"), "{page}");

        // Back in the tournament, the ghost is ranked again (the rule is
        // "withdrawn and never played", not a deletion).
        let (status, body, _) = post(
            &app,
            &mut jar,
            &format!("/tournaments/{id}/players/{ghost}/reinstate"),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        let (_, v): (_, Value) = call(&app, Method::GET, &api("/standings"), None, None).await;
        assert_eq!(v.as_array().unwrap().len(), 10, "{v}");
        assert!(v.as_array().unwrap().iter().any(|l| l["player"] == ghost));
    }
);
