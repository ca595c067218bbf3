//! The organizer's mistakes undone, on both databases: a round's start
//! taken back (its page, with a reason, and `DELETE
//! /api/tournaments/{id}/rounds/{n}`) while none of its deals is entered;
//! players moved or swapped between tables before they have a deal (the
//! round page and the API); a withdrawal that asks to be confirmed.

use crate::common;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use common::builder::{Built, TournamentBuilder};
use common::http::{api_token, call, get, login, post};
use common::{Jar, TestDb};
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::models::{GameSeat, Round, RoundTable, SeatingConstraint};
use chelem::db::ops::deals::Actor;
use chelem::db::ops::{export, games, rounds};
use chelem::db::schema::{
    audit_log, events, games as game_t, players, registrations, round_tables, seating_constraints,
};
use chelem::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};
use chelem::tournament::table::Constraint;

/// Every deal passed: valid at any table.
fn passed(_: &common::builder::Table, _: i32) -> Option<Value> {
    Some(json!({"passed": true}))
}

/// A tournament of `n` players (3 rounds), round 1 seated, every deal of it
/// entered when `deals`.
fn tournament(db: &TestDb, n: usize, deals: bool) -> Built {
    let b = TournamentBuilder::new("Open des regrets")
        .rounds(3)
        .seed(4)
        .players(n)
        .seated(1);
    let b = if deals { b.deals(passed) } else { b };
    b.build(&mut db.conn())
}

/// The whole tournament as exported: what a refusal must leave as it was.
fn doc(db: &TestDb, id: TournamentId) -> export::Document {
    export::export(&mut db.conn(), id).unwrap()
}

/// The tables of round `n` as seated, players in seat order.
fn seating(db: &TestDb, id: TournamentId, n: i32) -> Vec<Vec<PlayerId>> {
    let seated = rounds::seated_round(&mut db.conn(), id, RoundNo::new(n)).unwrap();
    seated.tables.into_iter().map(|t| t.players).collect()
}

/// The audit entries of an action: their reasons.
fn audited(db: &TestDb, action: &str) -> Vec<String> {
    audit_log::table
        .filter(audit_log::action.eq(action))
        .select(audit_log::reason)
        .load(&mut *db.conn())
        .unwrap()
}

/// The data of the live events `round` of a tournament, in order.
fn round_events(db: &TestDb, id: TournamentId) -> Vec<Value> {
    let data: Vec<String> = events::table
        .filter(events::tournament_id.eq(id))
        .filter(events::kind.eq("round"))
        .order(events::id)
        .select(events::data)
        .load(&mut *db.conn())
        .unwrap();
    data.iter().map(|d| serde_json::from_str(d).unwrap()).collect()
}

fn name_of(db: &TestDb, p: PlayerId) -> String {
    players::table
        .find(p)
        .select(players::name)
        .first(&mut *db.conn())
        .unwrap()
}

both_backends!(a_round_start_is_undone_from_its_page, |db: TestDb| async move {
    common::create_user(&db, common::http::USER, common::http::PASSWORD);
    let mut t = tournament(&db, 9, true);
    t.seat_next(&mut db.conn());
    let id = t.id;
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    // A late arrival while round 2 is seated: from round 3, as things stand.
    let fields = [("name", "Zoé Tardive"), ("club", "Club"), ("checked_in", "on")];
    let (status, _, _) = post(&app, &mut jar, &format!("/tournaments/{id}/players"), &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER);

    // The round page offers it; its page asks why.
    let round2 = format!("/tournaments/{id}/rounds/2");
    let undo = format!("{round2}/undo");
    let (_, page, _) = get(&app, &jar, &round2).await;
    assert!(page.contains(&format!("href=\"{undo}\"")), "{page}");
    let (status, page, _) = get(&app, &jar, &undo).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Annuler le début de la partie 2 ?"), "{page}");
    assert!(page.contains("name=\"reason\""), "{page}");

    // No reason: 422, the question again, nothing changed.
    let before = doc(&db, id);
    let (status, page, _) = post(&app, &mut jar, &undo, &[("reason", "  ")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("Indiquez pourquoi"), "{page}");
    assert!(page.contains("name=\"reason\""), "{page}");
    // Round 1 is not the last one: 409.
    let reason = [("reason", "Zoé est arrivée après le lancement")];
    let (status, page, _) = post(&app, &mut jar, &format!("/tournaments/{id}/rounds/1/undo"), &reason).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(page.contains("Seule la dernière partie lancée (la partie 2)"), "{page}");
    assert_eq!(doc(&db, id), before);

    // With a reason: the round, its tables and links are gone.
    let (status, _, loc) = post(&app, &mut jar, &undo, &reason).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let loc = loc.unwrap();
    assert_eq!(loc, format!("/tournaments/{id}?undone=2"));
    let (_, page, _) = get(&app, &jar, &loc).await;
    assert!(page.contains("Le début de la partie 2 est annulé"), "{page}");
    let (status, _, _) = get(&app, &jar, &round2).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let old_link = format!("/t/{}", t.rounds[1][0].token);
    let (status, _, _) = get(&app, &Jar::default(), &old_link).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "the table's link is gone");
    let rounds_left = Round::for_tournament(&mut db.conn(), id).unwrap();
    assert_eq!(rounds_left.len(), 1);
    let tables: i64 = round_tables::table.count().get_result(&mut *db.conn()).unwrap();
    assert_eq!(tables as usize, t.rounds[0].len(), "only round 1's tables are left");
    // A second tap writes nothing more.
    let (status, _, again) = post(&app, &mut jar, &undo, &reason).await;
    assert_eq!((status, again.as_deref()), (StatusCode::SEE_OTHER, Some(loc.as_str())));
    assert_eq!(audited(&db, "round.undo"), vec![reason[0].1.to_owned()]);
    // The audit page tells it, with the reason and the tables undone.
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}/audit")).await;
    assert!(page.contains("a annulé le début de la partie 2"), "{page}");
    assert!(page.contains("Zoé est arrivée après le lancement"), "{page}");
    // The live pages hear of it.
    let last = round_events(&db, id).pop().unwrap();
    assert_eq!(last, json!({"round": 2, "state": "undone"}));

    // Started again: the late arrival plays it.
    let (status, _, loc) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/rounds"),
        &[("expected", "2")],
    )
    .await;
    assert_eq!((status, loc.as_deref()), (StatusCode::SEE_OTHER, Some(round2.as_str())));
    let zoe: PlayerId = players::table
        .filter(players::name.eq("Zoé Tardive"))
        .select(players::id)
        .first(&mut *db.conn())
        .unwrap();
    assert!(
        seating(&db, id, 2).iter().flatten().any(|p| *p == zoe),
        "the late arrival is seated"
    );
});

both_backends!(a_round_with_a_deal_keeps_its_start, |db: TestDb| async move {
    let token = api_token(&db);
    let mut t = tournament(&db, 8, true);
    let two = t.seat_next(&mut db.conn());
    let id = t.id;
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let uri = |n: i32| format!("/api/tournaments/{id}/rounds/{n}");
    let reason = || Some(json!({"reason": "mauvais pointage"}));

    // The API's refusals, each with its sentence.
    let before = doc(&db, id);
    let (status, v) = call(&app, Method::DELETE, &uri(2), Some(&token), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("give the reason"), "{v}");
    let (status, v) = call(
        &app,
        Method::DELETE,
        &uri(2),
        Some(&token),
        Some(json!({"reason": " "})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (status, v) = call(&app, Method::DELETE, &uri(7), Some(&token), reason()).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
    assert!(v["error"].is_string(), "{v}");
    let (status, v) = call(&app, Method::DELETE, &uri(1), Some(&token), reason()).await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains("only the last round"), "{v}");
    assert_eq!(doc(&db, id), before);

    // A deal entered at one table: 409, nothing changed.
    two[1].enter(&mut db.conn(), 1, &json!({"passed": true}), &Actor::Table, "");
    let before = doc(&db, id);
    let (status, v) = call(&app, Method::DELETE, &uri(2), Some(&token), reason()).await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    let error = v["error"].as_str().unwrap();
    assert!(
        error.contains("already entered") && error.contains(&format!("tables {}", two[1].number)),
        "{v}"
    );
    assert_eq!(doc(&db, id), before);

    // The page says so, without the form; its post is refused the same.
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let undo = format!("/tournaments/{id}/rounds/2/undo");
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/2")).await;
    assert!(!page.contains(&undo), "no undo offered once a deal is in");
    let (status, page, _) = get(&app, &jar, &undo).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("déjà saisies ou jouées"), "{page}");
    assert!(!page.contains("name=\"reason\""), "{page}");
    let (status, page, _) = post(&app, &mut jar, &undo, &[("reason", "erreur")]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(page.contains("déjà saisies ou jouées"), "{page}");
    assert_eq!(doc(&db, id), before);
    assert!(audited(&db, "round.undo").is_empty());
});

both_backends!(the_api_undoes_a_round_start, |db: TestDb| async move {
    let token = api_token(&db);
    let mut t = tournament(&db, 8, true);
    t.seat_next(&mut db.conn());
    let id = t.id;
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let round2 = format!("/api/tournaments/{id}/rounds/2");
    let standings = format!("/api/tournaments/{id}/standings");
    let (_, before) = call(&app, Method::GET, &standings, None, None).await;

    let (status, v) = call(
        &app,
        Method::DELETE,
        &round2,
        Some(&token),
        Some(json!({"reason": "mauvais pointage"})),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{v}");
    let (status, _) = call(&app, Method::GET, &round2, Some(&token), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, after) = call(&app, Method::GET, &standings, None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(after, before, "no deal was entered: the standings are as they were");
    assert_eq!(audited(&db, "round.undo"), vec!["mauvais pointage".to_owned()]);
    let round = |state: &str| json!({"round": 2, "state": state});
    assert_eq!(round_events(&db, id).pop(), Some(round("undone")));
    // Again: 404, the round is no more.
    let (status, _) = call(
        &app,
        Method::DELETE,
        &round2,
        Some(&token),
        Some(json!({"reason": "encore"})),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Started again, then closed: its start no longer undoes.
    let (status, v) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/rounds"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!((status, v["round"].as_i64()), (StatusCode::CREATED, Some(2)), "{v}");
    let close = format!("{round2}/close");
    let (status, _) = call(&app, Method::POST, &close, Some(&token), Some(json!({"force": true}))).await;
    assert_eq!(status, StatusCode::OK);
    let (status, v) = call(
        &app,
        Method::DELETE,
        &round2,
        Some(&token),
        Some(json!({"reason": "trop tard"})),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains("closed"), "{v}");
});

both_backends!(
    players_move_and_swap_before_their_tables_have_a_deal,
    |db: TestDb| async move {
        let token = api_token(&db);
        // 9 players: table 1 of 5, table 2 of 4.
        let t = tournament(&db, 9, false);
        let id = t.id;
        let (one, two) = (t.rounds[0][0].clone(), t.rounds[0][1].clone());
        assert_eq!((one.players.len(), two.players.len()), (5, 4));
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = Jar::default();
        login(&app, &mut jar).await;
        let seats = format!("/tournaments/{id}/rounds/1/seats");

        // A swap from the round page: each takes the other's place.
        let (x, y) = (one.players[0], two.players[2]);
        let with = format!("p{y}");
        let (status, _, loc) = post(&app, &mut jar, &seats, &[("player", &x.to_string()), ("with", &with)]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let loc = loc.unwrap();
        assert_eq!(loc, format!("/tournaments/{id}/rounds/1?reseated=1#seats"));
        let swapped = |ps: &[PlayerId]| -> Vec<PlayerId> {
            ps.iter()
                .map(|&p| {
                    if p == x {
                        y
                    } else if p == y {
                        x
                    } else {
                        p
                    }
                })
                .collect()
        };
        assert_eq!(seating(&db, id, 1), vec![swapped(&one.players), swapped(&two.players)]);
        let (_, page, _) = get(&app, &jar, &loc).await;
        assert!(page.contains("Places changées"), "{page}");
        assert!(page.contains("Rapport de placement"), "{page}");
        // Both tables' sheets show it, the organizer's and the table's own.
        let (xn, yn) = (name_of(&db, x), name_of(&db, y));
        let (_, sheet1, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/1/tables/1")).await;
        assert!(sheet1.contains(&yn) && !sheet1.contains(&xn), "{sheet1}");
        let (_, sheet2, _) = get(&app, &Jar::default(), &format!("/t/{}", two.token)).await;
        assert!(sheet2.contains(&xn) && !sheet2.contains(&yn), "{sheet2}");

        // A move: table 1 (5) gives y to table 2 (4); each plays its size's deals.
        let (status, _, _) = post(&app, &mut jar, &seats, &[("player", &y.to_string()), ("with", "t2")]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let now = seating(&db, id, 1);
        assert_eq!((now[0].len(), now[1].len()), (4, 5));
        assert_eq!(now[1].last(), Some(&y), "the one moved takes the last place");
        let round = Round::find(&mut db.conn(), id, RoundNo::new(1)).unwrap().unwrap();
        let counts: Vec<i32> = RoundTable::for_round(&mut db.conn(), round.id)
            .unwrap()
            .iter()
            .map(|t| t.deal_count)
            .collect();
        assert_eq!(counts, vec![two.deal_count, one.deal_count]);

        // Refusals, nothing changed: a table left with 3, the same table, no choice.
        let before = doc(&db, id);
        let from_one = now[0][0].to_string();
        let (status, page, _) = post(&app, &mut jar, &seats, &[("player", &from_one), ("with", "t2")]).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(page.contains("La table 1 aurait 3 joueurs"), "{page}");
        assert!(
            page.contains(&format!("<option value=\"{from_one}\" selected>")),
            "the form as typed"
        );
        let same = format!("p{}", now[0][1]);
        let (status, page, _) = post(&app, &mut jar, &seats, &[("player", &from_one), ("with", &same)]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(page.contains("à la même table"), "{page}");
        let (status, _, _) = post(&app, &mut jar, &seats, &[("player", &from_one), ("with", "")]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(doc(&db, id), before);

        // The API: a swap answers the round as seated now.
        let api = |what: &str| format!("/api/tournaments/{id}/rounds/1/{what}");
        let (a, b) = (now[0][1], now[1][0]);
        let (status, v) = call(
            &app,
            Method::POST,
            &api("swap"),
            Some(&token),
            Some(json!({"player": a, "with": b})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["tables"][0]["players"][1], json!(b), "{v}");
        assert_eq!(v["tables"][1]["players"][0], json!(a), "{v}");
        let (status, v) = call(
            &app,
            Method::POST,
            &api("move"),
            Some(&token),
            Some(json!({"player": a, "table": "2"})),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert!(v["error"].as_str().unwrap().contains("\"table\""), "{v}");
        let (status, v) = call(
            &app,
            Method::POST,
            &api("move"),
            Some(&token),
            Some(json!({"player": a, "table": 9})),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        // b is at table 1 now, of 4: it cannot give a player.
        let (status, v) = call(
            &app,
            Method::POST,
            &api("move"),
            Some(&token),
            Some(json!({"player": b, "table": 2})),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{v}");
        assert!(
            v["error"].as_str().unwrap().contains("table 1 would have 3 players"),
            "{v}"
        );

        // Seating constraints hold: two players kept apart are not brought
        // together, a player held at a table does not leave it; nothing changes.
        let now = seating(&db, id, 1);
        chelem::db::write(&mut db.conn(), |tx| {
            SeatingConstraint::create(tx, id, Constraint::Apart(now[0][0], now[1][0]))?;
            SeatingConstraint::create(tx, id, Constraint::Fixed(now[1][1], TableNo::new(2)))
        })
        .unwrap();
        let (status, v) = call(
            &app,
            Method::POST,
            &api("swap"),
            Some(&token),
            Some(json!({"player": now[0][1], "with": now[1][0]})),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{v}");
        let apart = format!(
            "{} and {} must play at different tables",
            name_of(&db, now[0][0]),
            name_of(&db, now[1][0])
        );
        assert!(v["error"].as_str().unwrap().contains(&apart), "{v}");
        let (status, page, _) = post(
            &app,
            &mut jar,
            &seats,
            &[("player", &now[1][1].to_string()), ("with", &format!("p{}", now[0][2]))],
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{page}");
        assert!(
            page.contains("doit jouer à la table 2 (contrainte de placement)"),
            "{page}"
        );
        diesel::delete(seating_constraints::table)
            .execute(&mut *db.conn())
            .unwrap();
        assert_eq!(seating(&db, id, 1), now, "the seating unchanged");

        // A deal entered at table 2: its players stay, by page and by API.
        two.enter(&mut db.conn(), 1, &json!({"passed": true}), &Actor::Table, "");
        let before = doc(&db, id);
        let now = seating(&db, id, 1);
        let (p, q) = (now[0][0], now[1][0]);
        let (status, v) = call(
            &app,
            Method::POST,
            &api("swap"),
            Some(&token),
            Some(json!({"player": p, "with": q})),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{v}");
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .contains("already entered or played at table 2"),
            "{v}"
        );
        let (status, page, _) = post(
            &app,
            &mut jar,
            &seats,
            &[("player", &p.to_string()), ("with", &format!("p{q}"))],
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(page.contains("déjà saisie ou jouée à la table 2"), "{page}");
        assert_eq!(doc(&db, id), before);

        // Kept in the audit log, heard by the live pages.
        assert_eq!(audited(&db, "round.seats").len(), 3);
        let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}/audit")).await;
        assert!(page.contains("a changé des places de la partie 1"), "{page}");
        let reseated = json!({"round": 1, "state": "reseated"});
        assert_eq!(round_events(&db, id).iter().filter(|e| **e == reseated).count(), 3);

        // A closed round's seats no longer change.
        let (status, _) = call(
            &app,
            Method::POST,
            &api("close"),
            Some(&token),
            Some(json!({"force": true})),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        let (status, v) = call(
            &app,
            Method::POST,
            &api("move"),
            Some(&token),
            Some(json!({"player": p, "table": 1})),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{v}");
        assert!(v["error"].as_str().unwrap().contains("closed"), "{v}");
    }
);

both_backends!(withdrawing_asks_for_confirmation, |db: TestDb| async move {
    common::create_user(&db, common::http::USER, common::http::PASSWORD);
    let t = tournament(&db, 8, false);
    let (id, table) = (t.id, t.rounds[0][1].clone());
    let pid = table.players[0];
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let withdrawn = || -> Option<i32> {
        registrations::table
            .filter(registrations::player_id.eq(pid))
            .select(registrations::withdrawn_after)
            .first(&mut *db.conn())
            .unwrap()
    };
    let confirm = format!("/tournaments/{id}/players/{pid}/withdraw");

    // The player list's button asks first (a GET: nothing written).
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}")).await;
    assert!(
        page.contains(&format!("<form method=\"get\" action=\"{confirm}\"")),
        "{page}"
    );
    let (status, page, _) = get(&app, &jar, &confirm).await;
    assert_eq!(status, StatusCode::OK);
    let name = name_of(&db, pid);
    assert!(page.contains("Retirer") && page.contains(&name), "{page}");
    assert!(
        page.contains(&format!("termine sa table (table {})", table.number)),
        "{page}"
    );
    assert!(
        page.contains("Oui, déclarer l&#39;abandon") || page.contains("Oui, déclarer l'abandon"),
        "{page}"
    );
    // A post that is not the confirmation asks again.
    let (status, page, _) = post(&app, &mut jar, &confirm, &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Retirer"), "{page}");
    assert_eq!(withdrawn(), None, "the first click does not withdraw");

    // The confirmation does.
    let (status, _, loc) = post(&app, &mut jar, &confirm, &[("confirm", "1")]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(loc.as_deref(), Some(format!("/tournaments/{id}#players").as_str()));
    assert_eq!(withdrawn(), Some(1));
    let (_, page, _) = get(&app, &jar, &confirm).await;
    assert!(page.contains("a déjà abandonné"), "{page}");
});

both_backends!(
    a_table_on_the_devices_counts_from_its_first_action,
    |db: TestDb| async move {
        let token = api_token(&db);
        let mut t = tournament(&db, 8, true);
        let two = t.seat_next(&mut db.conn());
        let id = t.id;
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let round2 = format!("/api/tournaments/{id}/rounds/2");
        let games = |db: &TestDb| -> i64 { game_t::table.count().get_result(&mut *db.conn()).unwrap() };
        // Table 1 plays on the devices: dealt, nobody has acted yet.
        let game = chelem::db::write(&mut db.conn(), |tx| {
            games::make_digital(tx, &two[0], common::http::USER)
        })
        .unwrap();
        assert_eq!(games(&db), 1);
        // A seat acts: the deal is under way, the round's start stays.
        let seat = games::GameState::load(&mut db.conn(), game).unwrap().to_act().unwrap();
        let link = GameSeat::of_game(&mut db.conn(), game).unwrap()[seat]
            .token
            .clone()
            .unwrap();
        let (status, v) = call(
            &app,
            Method::POST,
            &format!("/api/seats/{link}/actions"),
            None,
            Some(json!({"bid": "pass"})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let (status, v) = call(
            &app,
            Method::DELETE,
            &round2,
            Some(&token),
            Some(json!({"reason": "erreur"})),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{v}");
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .contains(&format!("tables {}", two[0].number)),
            "{v}"
        );
        // Its players keep their seats too.
        let (p, q) = (two[0].players[0], two[1].players[0]);
        let (status, v) = call(
            &app,
            Method::POST,
            &format!("{round2}/swap"),
            Some(&token),
            Some(json!({"player": p, "with": q})),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{v}");
        assert_eq!(games(&db), 1);
    }
);

both_backends!(a_game_where_nobody_acted_goes_with_the_round, |db: TestDb| async move {
    let token = api_token(&db);
    let mut t = tournament(&db, 8, true);
    let two = t.seat_next(&mut db.conn());
    let id = t.id;
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    chelem::db::write(&mut db.conn(), |tx| {
        games::make_digital(tx, &two[0], common::http::USER)
    })
    .unwrap();
    let (status, v) = call(
        &app,
        Method::DELETE,
        &format!("/api/tournaments/{id}/rounds/2"),
        Some(&token),
        Some(json!({"reason": "erreur"})),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{v}");
    let left: i64 = game_t::table.count().get_result(&mut *db.conn()).unwrap();
    assert_eq!(left, 0, "the game dealt where nobody acted is gone with its round");
});
