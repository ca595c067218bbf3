//! The organizer's pages and who may reach what, on both databases.

use crate::common;

use actix_web::http::{header, StatusCode};
use actix_web::test;
use common::builder::TournamentBuilder;
use common::http::{get, login, post};
use common::{create_user, Jar, TestDb};
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::schema::{deals, players, registrations, rounds, tournaments};
use chelem::tournament::ids::PlayerId;

macro_rules! count {
    ($db:expr, $table:expr) => {
        $table.count().get_result::<i64>(&mut *$db.conn()).unwrap()
    };
}

both_backends!(organizer_runs_a_round_from_the_pages, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;

    // A refused form keeps what was typed and creates nothing.
    let (status, body, _) = post(
        &app,
        &mut jar,
        "/tournaments",
        &[("name", "Coupe d'hiver"), ("rounds", "cinq")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("doit être un nombre entier"), "{body}");
    assert!(
        body.contains("value=\"Coupe d&#39;hiver\"") || body.contains("value=\"Coupe d&#x27;hiver\""),
        "{body}"
    );
    assert_eq!(count!(db, tournaments::table), 0);

    let (status, _, loc) = post(
        &app,
        &mut jar,
        "/tournaments",
        &[
            ("name", "Coupe d'hiver"),
            ("rounds", "2"),
            ("table5_mode", "dealer_out"),
            ("seed", "3"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let dash = loc.unwrap();
    let id: i32 = dash.rsplit('/').next().unwrap().parse().unwrap();
    for i in 0..8 {
        let name = format!("Joueur {i}");
        let (status, _, _) = post(
            &app,
            &mut jar,
            &format!("/tournaments/{id}/players"),
            &[("name", name.as_str()), ("club", "Club"), ("checked_in", "on")],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER);
    }
    // A player without a name is refused, the form kept.
    let (status, body, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/players"),
        &[("name", " "), ("club", "Mon club")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("Le nom du joueur est obligatoire"));
    assert!(body.contains("value=\"Mon club\""));
    assert_eq!(count!(db, registrations::table), 8);

    // Start round 1; a double tap (same expected round) does not start round 2.
    let (status, _, loc) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/rounds"),
        &[("expected", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(loc.as_deref(), Some(format!("/tournaments/{id}/rounds/1").as_str()));
    let (status, _, loc2) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/rounds"),
        &[("expected", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(loc2, loc);
    assert_eq!(count!(db, rounds::table), 1);

    // Settings: the name and tie-breaker can change; the table-of-5 mode no
    // longer can once round 1 is seated.
    let edit = format!("/tournaments/{id}/edit");
    let (status, form, _) = get(&app, &jar, &edit).await;
    assert_eq!(status, StatusCode::OK);
    assert!(form.contains("value=\"Coupe d&#39;hiver\""), "{form}");
    let fields = [
        ("name", "Coupe d'hiver 2026"),
        ("rounds", "2"),
        ("table5_mode", "dealer_out"),
        ("seed", "3"),
        ("tie_breaker", "best_round"),
    ];
    let (status, _, _) = post(&app, &mut jar, &edit, &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (name, tie): (String, String) = tournaments::table
        .select((tournaments::name, tournaments::tie_breaker))
        .first(&mut *db.conn())
        .unwrap();
    assert_eq!((name.as_str(), tie.as_str()), ("Coupe d'hiver 2026", "best_round"));
    let fields = [
        ("name", "Coupe d'hiver 2026"),
        ("rounds", "2"),
        ("table5_mode", "called_king"),
        ("seed", "3"),
    ];
    let (status, body, _) = post(&app, &mut jar, &edit, &fields).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body.contains("ne changent plus"), "{body}");
    let mode: String = tournaments::table
        .select(tournaments::table5_mode)
        .first(&mut *db.conn())
        .unwrap();
    assert_eq!(mode, "dealer_out");

    let (status, page, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/1")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Table 1") && page.contains("Table 2"));

    // Enter deal 1 at table 1 with a French decimal comma.
    let players: Vec<i32> = {
        use chelem::db::schema::{round_tables, seats};
        seats::table
            .inner_join(round_tables::table)
            .filter(round_tables::number.eq(1))
            .order(seats::seat)
            .select(seats::player_id)
            .load(&mut *db.conn())
            .unwrap()
    };
    let taker = players[1].to_string();
    let deal_url = format!("/tournaments/{id}/rounds/1/tables/1/deals/1");
    let (status, form, _) = get(&app, &jar, &deal_url).await;
    assert_eq!(status, StatusCode::OK);
    assert!(form.contains("name=\"taker\""));
    // An impossible deal: refused, the form keeps what was typed.
    let (status, body, _) = post(
        &app,
        &mut jar,
        &deal_url,
        &[
            ("taker", taker.as_str()),
            ("contract", "garde"),
            ("oudlers", "0"),
            ("points", "90"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("ne peut pas avoir plus de 79 points"), "{body}");
    assert!(body.contains("value=\"90\""));
    assert_eq!(count!(db, deals::table), 0);

    let (status, _, loc) = post(
        &app,
        &mut jar,
        &deal_url,
        &[
            ("taker", taker.as_str()),
            ("contract", "garde"),
            ("oudlers", "2"),
            ("points", "49,5"),
            ("petit_au_bout", ""),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(
        loc.as_deref(),
        Some(format!("/tournaments/{id}/rounds/1/tables/1?saved=1").as_str())
    );
    // Submitting the same form again records nothing new.
    let (status, _, _) = post(
        &app,
        &mut jar,
        &deal_url,
        &[
            ("taker", taker.as_str()),
            ("contract", "garde"),
            ("oudlers", "2"),
            ("points", "49,5"),
            ("petit_au_bout", ""),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(count!(db, deals::table), 1);
    let record: String = deals::table.select(deals::record_json).first(&mut *db.conn()).unwrap();
    let record: Value = serde_json::from_str(&record).unwrap();
    assert_eq!(record["points"], json!(49.5));

    // The score sheet explains the score: garde made by 9, (25 + 9) × 2 = 68.
    let (status, sheet, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/1/tables/1")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(sheet.contains("Garde de \u{2068}Joueur"), "{sheet}");
    assert!(sheet.contains("faite de 9 : (25 + 9) × 2 = 68"), "{sheet}");
    assert!(sheet.contains(">204<"), "taker +204: {sheet}");

    // Closing with missing deals is refused, then forced.
    let (status, body, _) = post(&app, &mut jar, &format!("/tournaments/{id}/rounds/1/close"), &[]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body.contains("Des donnes manquent"));
    let (status, _, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/rounds/1/close"),
        &[("force", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);

    // After closing, a correction needs a reason, and is kept in the audit log.
    let (status, body, _) = post(
        &app,
        &mut jar,
        &deal_url,
        &[
            ("taker", taker.as_str()),
            ("contract", "garde"),
            ("oudlers", "2"),
            ("points", "52"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("raison"), "{body}");
    let (status, _, _) = post(
        &app,
        &mut jar,
        &deal_url,
        &[
            ("taker", taker.as_str()),
            ("contract", "garde"),
            ("oudlers", "2"),
            ("points", "52"),
            ("reason", "erreur de saisie"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, audit, _) = get(&app, &jar, &format!("/tournaments/{id}/audit")).await;
    assert!(audit.contains("erreur de saisie") && audit.contains("deal.correct"));

    // Seating report, standings, player page.
    let (status, report, _) = get(&app, &jar, &format!("/tournaments/{id}/seating")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(report.contains("Aucune rencontre répétée"));
    let (status, standings, _) = get(&app, &Jar::default(), &format!("/tournaments/{id}/standings")).await;
    assert_eq!(status, StatusCode::OK, "standings are public");
    assert!(standings.contains("Joueur"));
    // After the correction (52 points: (25 + 11) × 2 = 72), the taker's +216
    // shows twice (round 1 and total), and in nobody else's cells.
    assert_eq!(standings.matches(">216<").count(), 2, "{standings}");
    let pid: i32 = players::table.select(players::id).first(&mut *db.conn()).unwrap();
    let (status, _, _) = get(&app, &Jar::default(), &format!("/tournaments/{id}/players/{pid}")).await;
    assert_eq!(status, StatusCode::OK);
});

both_backends!(authorization_is_enforced, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let token = {
        let mut conn = db.conn();
        chelem::db::write(&mut conn, |tx| {
            chelem::db::ops::accounts::create_api_token(tx, "arbitre", "t")
        })
        .unwrap()
    };
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let api = |method: actix_web::http::Method, uri: String, bearer: Option<String>, body: Option<Value>| {
        let mut req = test::TestRequest::default().method(method).uri(&uri);
        if let Some(b) = bearer {
            req = req.insert_header((header::AUTHORIZATION, format!("Bearer {b}")));
        }
        if let Some(b) = body {
            req = req.set_json(b);
        }
        req.to_request()
    };
    use actix_web::http::Method;
    // No token → 401, and nothing is created.
    let resp = test::call_service(
        &app,
        api(
            Method::POST,
            "/api/tournaments".into(),
            None,
            Some(json!({"name": "X", "rounds": 2})),
        ),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    let v: Value = test::read_body_json(resp).await;
    assert!(v["error"].is_string());
    let resp = test::call_service(
        &app,
        api(
            Method::POST,
            "/api/tournaments".into(),
            Some("chl_wrong".into()),
            Some(json!({"name": "X", "rounds": 2})),
        ),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(count!(db, tournaments::table), 0);
    // Malformed JSON → 400; a bad setting → 422.
    let req = test::TestRequest::post()
        .uri("/api/tournaments")
        .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
        .insert_header((header::CONTENT_TYPE, "application/json"))
        .set_payload("{nope")
        .to_request();
    assert_eq!(test::call_service(&app, req).await.status(), StatusCode::BAD_REQUEST);
    let resp = test::call_service(
        &app,
        api(
            Method::POST,
            "/api/tournaments".into(),
            Some(token.clone()),
            Some(json!({"name": "X", "rounds": 0})),
        ),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::UNPROCESSABLE_ENTITY);

    let resp = test::call_service(
        &app,
        api(
            Method::POST,
            "/api/tournaments".into(),
            Some(token.clone()),
            Some(json!({"name": "X", "rounds": 2})),
        ),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::CREATED);
    let id = test::read_body_json::<Value, _>(resp).await["id"].as_i64().unwrap();
    for i in 0..8 {
        let resp = test::call_service(
            &app,
            api(
                Method::POST,
                format!("/api/tournaments/{id}/players"),
                Some(token.clone()),
                Some(json!({"name": format!("P{i}")})),
            ),
        )
        .await;
        assert_eq!(resp.status(), StatusCode::CREATED);
    }
    let resp = test::call_service(
        &app,
        api(
            Method::POST,
            format!("/api/tournaments/{id}/rounds"),
            Some(token.clone()),
            None,
        ),
    )
    .await;
    let round: Value = test::read_body_json(resp).await;
    let t1 = round["tables"][0]["token"].as_str().unwrap().to_owned();
    let t2 = round["tables"][1]["token"].as_str().unwrap().to_owned();
    let p1: Vec<i64> = round["tables"][0]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_i64().unwrap())
        .collect();
    let p2: Vec<i64> = round["tables"][1]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_i64().unwrap())
        .collect();

    // A table token is not an organizer token.
    let resp = test::call_service(
        &app,
        api(
            Method::GET,
            format!("/api/tournaments/{id}/rounds/1"),
            Some(t1.clone()),
            None,
        ),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    // A table cannot write a deal naming another table's players.
    let deal = json!({"taker": p2[0], "contract": "garde", "oudlers": 2, "points": 50});
    let resp = test::call_service(
        &app,
        api(Method::PUT, format!("/api/tables/{t1}/deals/1"), None, Some(deal)),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v: Value = test::read_body_json(resp).await;
    assert!(
        v["error"].as_str().unwrap().contains("does not play at this table"),
        "{v}"
    );
    // Its own deal is fine, and touches only its own table.
    let deal = json!({"taker": p1[0], "contract": "garde", "oudlers": 2, "points": 50});
    let resp = test::call_service(
        &app,
        api(
            Method::PUT,
            format!("/api/tables/{t1}/deals/1"),
            None,
            Some(deal.clone()),
        ),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(count!(db, deals::table), 1);
    // Unknown token → 404; deal number outside the table's deals → 422.
    let resp = test::call_service(
        &app,
        api(Method::PUT, "/api/tables/nope/deals/1".into(), None, Some(deal.clone())),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    let resp = test::call_service(
        &app,
        api(
            Method::PUT,
            format!("/api/tables/{t1}/deals/9"),
            None,
            Some(deal.clone()),
        ),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // A closed round → 409 for every table.
    let resp = test::call_service(
        &app,
        api(
            Method::POST,
            format!("/api/tournaments/{id}/rounds/1/close"),
            Some(token.clone()),
            Some(json!({"force": true})),
        ),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::OK);
    let deal2 = json!({"taker": p2[0], "contract": "garde", "oudlers": 2, "points": 50});
    let resp = test::call_service(
        &app,
        api(Method::PUT, format!("/api/tables/{t2}/deals/1"), None, Some(deal2)),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::CONFLICT);
    assert_eq!(count!(db, deals::table), 1);

    // Standings are public; organizer pages are not.
    let resp = test::call_service(
        &app,
        test::TestRequest::get()
            .uri(&format!("/api/tournaments/{id}/standings"))
            .to_request(),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::OK);
    for uri in [
        format!("/tournaments/{id}"),
        "/tournaments".to_owned(),
        format!("/tournaments/{id}/rounds/1"),
        format!("/tournaments/{id}/audit"),
    ] {
        let (status, _, loc) = get(&app, &Jar::default(), &uri).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{uri}");
        assert!(loc.unwrap().starts_with("/login?next="), "{uri}");
    }
    // A player cannot post organizer forms either (no session: login first).
    let mut jar = Jar::default();
    let resp = test::call_service(&app, test::TestRequest::get().uri("/").to_request()).await;
    jar.absorb(&resp);
    let (status, _, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/rounds"),
        &[("expected", "2")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(count!(db, rounds::table), 1);
});

both_backends!(a_table_enters_its_deals_from_its_link, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let token = {
        let mut conn = db.conn();
        chelem::db::write(&mut conn, |tx| {
            chelem::db::ops::accounts::create_api_token(tx, "arbitre", "t")
        })
        .unwrap()
    };
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let bearer = (header::AUTHORIZATION, format!("Bearer {token}"));
    let t = TournamentBuilder::new("Club")
        .rounds(1)
        .players(4)
        .named(|i| format!("Joueuse {i}"))
        .club(|_| String::new())
        .seated(1)
        .build_in(&db.state());
    let (id, table) = (t.id, &t.rounds[0][0]);
    let link = format!("/t/{}", table.token);
    let taker = table.players[2].to_string();

    // The tablet, with no login, opens its sheet and enters deal 1.
    let mut jar = Jar::default();
    let resp = test::call_service(&app, test::TestRequest::get().uri(&link).to_request()).await;
    assert_eq!(resp.status(), StatusCode::OK);
    jar.absorb(&resp);
    let (status, form, _) = get(&app, &jar, &format!("{link}/deals/1")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(form.contains(&format!("action=\"{link}/deals/1\"")));
    let fields = [
        ("taker", taker.as_str()),
        ("contract", "garde_sans"),
        ("oudlers", "1"),
        ("points", "55"),
    ];
    let (status, _, loc) = post(&app, &mut jar, &format!("{link}/deals/1"), &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(loc.as_deref(), Some(format!("{link}?saved=1").as_str()));
    let (_, sheet, _) = get(&app, &jar, &link).await;
    // Worked example 2 without petit au bout: garde sans won by 4 → (25 + 4) × 4 = 116, taker +348.
    assert!(sheet.contains(">348<"), "{sheet}");
    // The public standings one tap away; no organizer link.
    let standings = format!("href=\"/tournaments/{id}/standings\"");
    assert!(sheet.contains(&standings), "{sheet}");
    assert!(
        !sheet.replace(&standings, "").contains("href=\"/tournaments/"),
        "no organizer links on the tablet"
    );
    assert_eq!(count!(db, deals::table), 1);

    // Once the round is closed, the tablet cannot change it.
    let req = test::TestRequest::post()
        .uri(&format!("/api/tournaments/{id}/rounds/1/close"))
        .insert_header(bearer.clone())
        .set_json(json!({"force": true}))
        .to_request();
    assert_eq!(test::call_service(&app, req).await.status(), StatusCode::OK);
    let fields = [
        ("taker", taker.as_str()),
        ("contract", "garde"),
        ("oudlers", "1"),
        ("points", "55"),
    ];
    let (status, body, _) = post(&app, &mut jar, &format!("{link}/deals/1"), &fields).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body.contains("close"), "{body}");
    let record: String = deals::table.select(deals::record_json).first(&mut *db.conn()).unwrap();
    assert!(record.contains("garde_sans"), "unchanged: {record}");
    // A made-up link is a friendly 404.
    let (status, _, _) = get(&app, &jar, "/t/0000").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
});

both_backends!(
    the_player_directory_finds_and_corrects_players,
    |db: TestDb| async move {
        create_user(&db, "arbitre", "tres-secret-42");
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = Jar::default();
        login(&app, &mut jar).await;
        let people = [
            ("Christine Fournir", "Les Bouts de Reims", "78695681"),
            ("Patrick Roux", "Garde Contre Grenoble", "75888073"),
        ];
        TournamentBuilder::new("Annuaire")
            .rounds(1)
            .names(people.map(|p| p.0))
            .club(move |i| people[i].1.into())
            .licence(move |i| people[i].2.into())
            .build_in(&db.state());
        let (status, page, _) = get(&app, &jar, "/players?q=FOURN").await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains("Christine Fournir") && !page.contains("Patrick Roux"),
            "{page}"
        );
        let pid: i32 = players::table
            .filter(players::name.eq("Christine Fournir"))
            .select(players::id)
            .first(&mut *db.conn())
            .unwrap();
        // A licence that belongs to someone else is refused, nothing changes.
        let edit = format!("/players/{pid}/edit");
        let (status, body, _) = post(
            &app,
            &mut jar,
            &edit,
            &[
                ("name", "Christine Fournier"),
                ("club", "Les Bouts de Reims"),
                ("licence", "75888073"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(body.contains("Patrick Roux"), "{body}");
        assert!(
            body.contains("value=\"Christine Fournier\""),
            "the form keeps what was typed"
        );
        // The typo is corrected.
        let (status, _, _) = post(
            &app,
            &mut jar,
            &edit,
            &[
                ("name", "Christine Fournier"),
                ("club", "Les Bouts de Reims"),
                ("licence", "78695681"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let name: String = players::table
            .find(pid)
            .select(players::name)
            .first(&mut *db.conn())
            .unwrap();
        assert_eq!(name, "Christine Fournier");
        // Not for visitors.
        let (status, _, _) = get(&app, &Jar::default(), "/players").await;
        assert_eq!(status, StatusCode::SEE_OTHER);
    }
);

both_backends!(seating_constraints_hold_round_after_round, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let t = TournamentBuilder::new("Contraintes")
        .rounds(3)
        .seed(11)
        .players(12)
        .named(|i| format!("Joueur {i:02}"))
        .club(|_| String::new())
        .build_in(&db.state());
    let (id, ids) = (t.id, t.players);
    let (a, b, c) = (ids[0].to_string(), ids[1].to_string(), ids[2].to_string());
    let (status, _, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/constraints"),
        &[("kind", "apart"), ("player_a", a.as_str()), ("player_b", b.as_str())],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (status, _, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/constraints"),
        &[("kind", "fixed"), ("player_a", c.as_str()), ("table_number", "2")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    // A constraint naming a single player twice is refused.
    let (status, body, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/constraints"),
        &[("kind", "apart"), ("player_a", a.as_str()), ("player_b", a.as_str())],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("deux joueurs inscrits différents"));
    for round in 1..=3 {
        let expected = round.to_string();
        let (status, _, _) = post(
            &app,
            &mut jar,
            &format!("/tournaments/{id}/rounds"),
            // No deals are entered here: the organizer forces each close.
            &[("expected", expected.as_str()), ("close_previous", "on")],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let seats: Vec<(i32, i32)> = {
            use chelem::db::schema::{round_tables, seats};
            seats::table
                .inner_join(round_tables::table.inner_join(rounds::table))
                .filter(rounds::number.eq(round))
                .select((round_tables::number, seats::player_id))
                .load(&mut *db.conn())
                .unwrap()
        };
        let table_of = |p: PlayerId| seats.iter().find(|(_, q)| *q == p.get()).unwrap().0;
        assert_ne!(table_of(ids[0]), table_of(ids[1]), "round {round}: kept apart");
        assert_eq!(table_of(ids[2]), 2, "round {round}: fixed at table 2");
        assert_eq!(seats.len(), 12);
    }
});
