//! Tables that type some deals and play the others on the devices, on both
//! databases: a slot is typed or played, never both. Deals typed before
//! the switch stay as they are and the game starts at the first empty slot;
//! typing a slot the devices play is refused (409, a sentence) by the form,
//! its preview and the API; a played deal never replaces a typed one; a
//! typed deal after an empty slot refuses the switch; the table's link
//! leads each player to their own seat, the table cards carry each seat's
//! QR code, the round page says how each table enters its deals.

use crate::common;

use std::time::{Duration, Instant};

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use common::builder::TournamentBuilder;
use common::http::{api_token, call, get, login, post, USER};
use common::{Jar, TestDb};
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::bots::BotKind;
use chelem::db::models::{Deal, DealChanges, NewDeal, RoundTable, Tournament};
use chelem::db::ops::{deals as deal_ops, games, OpError};
use chelem::db::schema::{audit_log, deals, game_deals, games as games_table};
use chelem::tournament::deal::TableDeal;
use chelem::tournament::ids::{RoundNo, TableNo};

/// A garde of `taker` made with 50 points and 2 oudlers, as the API takes it.
fn garde(taker: impl Into<Value>) -> Value {
    json!({"taker": taker.into(), "contract": "garde", "oudlers": 2, "points": 50})
}

/// The slots of a table: (number, version, entered by, record).
fn slots(db: &TestDb, table: i32) -> Vec<(i32, i32, String, String)> {
    deals::table
        .filter(deals::table_id.eq(table))
        .order(deals::number)
        .select((deals::number, deals::version, deals::entered_by, deals::record_json))
        .load(&mut *db.conn())
        .unwrap()
}

/// The audit log's corrections of deals: their subjects.
fn corrections(db: &TestDb) -> Vec<String> {
    audit_log::table
        .filter(audit_log::action.eq("deal.correct"))
        .order(audit_log::id)
        .select(audit_log::subject)
        .load(&mut *db.conn())
        .unwrap()
}

/// Waits until `n` slots of the table are filled (the bots play them from
/// the server); the slots then.
fn wait_for_slots(db: &TestDb, table: i32, n: usize) -> Vec<(i32, i32, String, String)> {
    let start = Instant::now();
    loop {
        let s = slots(db, table);
        if s.len() >= n {
            return s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the bots did not finish: {s:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The French sentence of a slot played on the devices, as the pages say it.
fn on_devices_fr(table: i32, k: i32, first: i32) -> String {
    format!("La table {table} joue sur les appareils depuis la donne {first} : la donne {k} s&#39;y joue")
}

both_backends!(
    typed_deals_stay_and_the_devices_play_from_the_first_empty_slot,
    |db: TestDb| async move {
        let org = api_token(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let t = TournamentBuilder::new("Coupe hybride")
            .players(4)
            .deals_table4(4)
            .seated(1)
            .deals(|table, k| (k <= 2).then(|| garde(table.players[k as usize].get())))
            .build_in(&db.state());
        let (id, table) = (t.id, &t.rounds[0][0]);
        let link = format!("/t/{}", table.token);
        let typed = slots(&db, table.id);
        assert_eq!(typed.len(), 2);

        // The switch: the game starts at slot 3, dealt by the slot's dealer
        // (seat 2 at a table of 4, as if deals 1 and 2 had been dealt).
        let (status, body) = call(
            &app,
            Method::POST,
            &format!("/api/tournaments/{id}/rounds/1/tables/1/digital"),
            Some(&org),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let game = body["game"].as_i64().unwrap();
        let seats: Vec<String> = body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().unwrap().to_owned())
            .collect();
        let (_, view) = call(&app, Method::GET, &format!("/api/seats/{}", seats[0]), None, None).await;
        assert_eq!(view["deal"], 3, "{view}");
        assert_eq!(view["deals"], 4, "{view}");
        assert_eq!(view["dealer"], 2, "{view}");

        // Typing slot 3 (in progress) or 4 (to come): 409 and the sentence,
        // by the API, the form, its preview; nothing stored.
        for k in [3, 4] {
            let uri = format!("/api/tables/{}/deals/{k}", table.token);
            let (status, body) = call(&app, Method::PUT, &uri, None, Some(garde(table.players[0].get()))).await;
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
            let sentence = format!("Table 1 plays on the devices from deal 3 on: deal {k} is played there");
            assert!(body["error"].as_str().unwrap().contains(&sentence), "{body}");
        }
        let mut jar = Jar::default();
        let resp = test::call_service(&app, test::TestRequest::get().uri(&link).to_request()).await;
        jar.absorb(&resp);
        let (status, page, _) = get(&app, &jar, &format!("{link}/deals/3")).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(page.contains(&on_devices_fr(1, 3, 3)), "{page}");
        // The refusal leads back to the table's sheet, not only home.
        let back = format!("<a class=\"button\" href=\"{link}\">Retour à la feuille de marque</a>");
        assert!(page.contains(&back), "{page}");
        let p0 = table.players[0].to_string();
        let fields = [
            ("taker", p0.as_str()),
            ("contract", "garde"),
            ("oudlers", "2"),
            ("points", "50"),
            ("version", "0"),
        ];
        let query = serde_urlencoded::to_string(fields).unwrap();
        let (status, preview, _) = get(&app, &jar, &format!("{link}/deals/3/preview?{query}")).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(preview.contains(&on_devices_fr(1, 3, 3)), "{preview}");
        let (status, page, _) = post(&app, &mut jar, &format!("{link}/deals/3"), &fields).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(page.contains(&on_devices_fr(1, 3, 3)), "{page}");
        assert!(page.contains("value=\"50\""), "the form is kept as typed: {page}");
        assert_eq!(slots(&db, table.id), typed, "nothing stored");

        // Slot 1, typed before the switch, is still corrected from the table.
        let p1 = table.players[1].to_string();
        let fix = [
            ("taker", p1.as_str()),
            ("contract", "petite"),
            ("oudlers", "1"),
            ("points", "60"),
            ("version", "1"),
        ];
        let (status, page, _) = post(&app, &mut jar, &format!("{link}/deals/1"), &fix).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
        let corrected = slots(&db, table.id);
        assert_eq!(corrected[0].1, 2, "slot 1 corrected");
        assert_eq!(corrected[1], typed[1], "slot 2 untouched");

        // The table's link: each player's name leads to their own seat; no
        // form for the slots the devices play, the typed ones keep theirs.
        let (_, sheet, _) = get(&app, &jar, &link).await;
        assert!(sheet.contains(&format!("href=\"{link}/deals/1\"")), "{sheet}");
        assert!(!sheet.contains(&format!("href=\"{link}/deals/3\"")), "{sheet}");
        assert!(!sheet.contains(&format!("href=\"{link}/deals/4\"")), "{sheet}");
        for (s, token) in seats.iter().enumerate() {
            assert!(sheet.contains(&format!("href=\"/s/{token}\"")), "seat {s}: {sheet}");
            let (status, seat_page, _) = get(&app, &Jar::default(), &format!("/s/{token}")).await;
            assert_eq!(status, StatusCode::OK);
            // Players are named by their registration: `Joueur {i}`.
            let i = t.players.iter().position(|p| *p == table.players[s]).unwrap();
            let name = format!("<bdi>Joueur {i}</bdi>");
            assert!(seat_page.contains(&name), "seat {s} opens as {name}: {seat_page}");
            // The standings one tap away.
            let standings = format!("href=\"/tournaments/{id}/standings\"");
            assert!(seat_page.contains(&standings), "seat {s}: {seat_page}");
        }

        // The organizer: the round page says the table is hybrid, the table
        // cards carry each seat's QR code.
        let mut org_jar = Jar::default();
        login(&app, &mut org_jar).await;
        let (_, round, _) = get(&app, &org_jar, &format!("/tournaments/{id}/rounds/1")).await;
        assert!(
            round.contains("Saisie jusqu&#39;à la donne 2, puis sur les appareils"),
            "{round}"
        );
        let (_, cards, _) = get(&app, &org_jar, &format!("/tournaments/{id}/rounds/1/cards")).await;
        assert!(cards.contains("class=\"card digital\""), "{cards}");
        for place in 1..=4 {
            assert!(cards.contains(&format!("data-seat=\"{place}\"")), "{cards}");
        }
        assert_eq!(cards.matches("<svg").count(), 5, "the table's QR code and each seat's");

        // The bots play slots 3 and 4: the typed slots stay as they were, and
        // the only correction in the audit log is the one of slot 1.
        for s in 0..4 {
            let (status, body) = call(
                &app,
                Method::POST,
                &format!("/api/games/{game}/seats/{s}"),
                Some(&org),
                Some(json!({"bot": "quick"})),
            )
            .await;
            assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        }
        let done = wait_for_slots(&db, table.id, 4);
        assert_eq!(done[..2], corrected[..], "the typed deals are unchanged");
        assert!(done[2..].iter().all(|s| s.1 == 1 && s.2 == "table 1"), "{done:?}");
        assert_eq!(corrections(&db), vec!["round 1 table 1 deal 1".to_owned()]);
    }
);

both_backends!(
    once_on_the_devices_a_table_types_nothing_the_devices_play,
    |db: TestDb| async move {
        let org = api_token(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let t = TournamentBuilder::new("Coupe des appareils")
            .players(4)
            .deals_table4(2)
            .seated(1)
            .build_in(&db.state());
        let (id, table) = (t.id, &t.rounds[0][0]);
        let link = format!("/t/{}", table.token);

        // The organizer's button on the round page.
        let mut org_jar = Jar::default();
        login(&app, &mut org_jar).await;
        let (status, _, loc) = post(
            &app,
            &mut org_jar,
            &format!("/tournaments/{id}/rounds/1/tables/1/digital"),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let game: i64 = loc.unwrap().trim_start_matches("/games/").parse().unwrap();
        let (_, round, _) = get(&app, &org_jar, &format!("/tournaments/{id}/rounds/1")).await;
        assert!(round.contains("mode-digital"), "{round}");

        // The current slot, typed from the table's form or the API, and by
        // the organizer: 409, the sentence, nothing stored.
        let mut jar = Jar::default();
        let resp = test::call_service(&app, test::TestRequest::get().uri(&link).to_request()).await;
        jar.absorb(&resp);
        let p0 = table.players[0].to_string();
        let fields = [
            ("taker", p0.as_str()),
            ("contract", "garde"),
            ("oudlers", "2"),
            ("points", "50"),
            ("version", "0"),
        ];
        let (status, page, _) = post(&app, &mut jar, &format!("{link}/deals/1"), &fields).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(page.contains(&on_devices_fr(1, 1, 1)), "{page}");
        let uri = format!("/tournaments/{id}/rounds/1/tables/1/deals/1");
        let (status, page, _) = post(&app, &mut org_jar, &uri, &fields).await;
        assert_eq!(status, StatusCode::CONFLICT, "the organizer too, while it is played");
        assert!(page.contains(&on_devices_fr(1, 1, 1)), "{page}");
        let put = format!("/api/tables/{}/deals/1", table.token);
        let (status, body) = call(&app, Method::PUT, &put, None, Some(garde(table.players[0].get()))).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(
            body["error"].as_str().unwrap().contains("plays on the devices"),
            "{body}"
        );
        assert!(slots(&db, table.id).is_empty());

        // The bots play both deals; none replaces anything (no correction).
        for s in 0..4 {
            let (status, _) = call(
                &app,
                Method::POST,
                &format!("/api/games/{game}/seats/{s}"),
                Some(&org),
                Some(json!({"bot": "quick"})),
            )
            .await;
            assert_eq!(status, StatusCode::NO_CONTENT);
        }
        let done = wait_for_slots(&db, table.id, 2);
        assert!(done.iter().all(|s| s.1 == 1 && s.2 == "table 1"), "{done:?}");
        assert!(corrections(&db).is_empty(), "{:?}", corrections(&db));
        // A deal played and over: still no form from the table's link.
        let (status, _, _) = get(&app, &jar, &format!("{link}/deals/1")).await;
        assert_eq!(status, StatusCode::CONFLICT);
    }
);

/// Stores a deal in a slot behind the deal path's back (as a typed entry
/// racing the switch once could): the game's path must not replace it.
fn typed_behind_the_back(db: &TestDb, table: &common::builder::Table, k: i32) {
    let mut conn = db.conn();
    let t = Tournament::find(&mut conn, table.round.tournament_id).unwrap().unwrap();
    let scored = deal_ops::score_at(&t, &table.players, k, &TableDeal::Passed).unwrap();
    let now = chrono::Utc::now().naive_utc();
    let new = NewDeal {
        table_id: table.id,
        number: k,
        created_at: now,
        content: DealChanges::new(&scored, "table 1", now, 1, true),
    };
    chelem::db::write(&mut conn, |tx| Deal::insert(tx, &new, &scored.scores)).unwrap();
}

/// A game's deal reaching its end over a typed slot is refused: nothing of
/// it is stored, the typed deal stays, no correction is logged.
fn a_played_deal_never_replaces_a_typed_one(db: TestDb) {
    let t = TournamentBuilder::new("Coupe")
        .players(4)
        .deals_table4(2)
        .seated(1)
        .build(&mut db.conn());
    let table = &t.rounds[0][0];
    let game = chelem::db::write(&mut db.conn(), |tx| games::make_digital(tx, table, USER)).unwrap();
    for s in 0..4 {
        chelem::db::write(&mut db.conn(), |tx| games::set_bot(tx, game, s, Some(BotKind::Quick))).unwrap();
    }
    typed_behind_the_back(&db, table, 1);
    let typed = slots(&db, table.id);
    // The bots play deal 1 (no server here: their turns, one by one).
    let refused = loop {
        let turn = games::bot_turn(&mut db.conn(), game)
            .unwrap()
            .expect("the deal goes on until its end");
        let decided = turn.decide();
        match chelem::db::write(&mut db.conn(), |tx| games::bot_move(tx, game, &decided)) {
            Ok(_) => continue,
            Err(e) => break e,
        }
    };
    match refused {
        OpError::Conflict(m) => assert_eq!(m.key, deal_ops::TYPED_KEPT),
        other => panic!("refused as {other:?}"),
    }
    assert_eq!(slots(&db, table.id), typed, "the typed deal stays");
    assert!(corrections(&db).is_empty());
    let over: Vec<Option<chrono::NaiveDateTime>> = game_deals::table
        .filter(game_deals::game_id.eq(game))
        .select(game_deals::finished_at)
        .load(&mut *db.conn())
        .unwrap();
    assert_eq!(over, vec![None], "the played deal's end is not stored");
}

crate::test_case!(a_played_deal_never_replaces_a_typed_one_sqlite);
fn a_played_deal_never_replaces_a_typed_one_sqlite() {
    a_played_deal_never_replaces_a_typed_one(TestDb::sqlite());
}

crate::test_case!(a_played_deal_never_replaces_a_typed_one_postgres, Postgres);
fn a_played_deal_never_replaces_a_typed_one_postgres() {
    a_played_deal_never_replaces_a_typed_one(TestDb::postgres());
}

both_backends!(
    a_typed_deal_after_an_empty_slot_refuses_the_switch,
    |db: TestDb| async move {
        let org = api_token(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        // Two tables: table 1 typed its deal 2 only, table 2 nothing.
        let t = TournamentBuilder::new("Coupe à trous")
            .players(8)
            .deals_table4(3)
            .seated(1)
            .deals(|table, k| (table.number.get() == 1 && k == 2).then(|| garde(table.players[0].get())))
            .build_in(&db.state());
        let (id, table) = (t.id, &t.rounds[0][0]);
        let typed = slots(&db, table.id);
        let games_count = || -> i64 { games_table::table.count().get_result(&mut *db.conn()).unwrap() };

        let sentence =
            "La table 1 ne peut pas passer sur les appareils : la donne 2 est saisie alors que la donne 1 est vide";
        let mut org_jar = Jar::default();
        login(&app, &mut org_jar).await;
        let (status, page, _) = post(
            &app,
            &mut org_jar,
            &format!("/tournaments/{id}/rounds/1/tables/1/digital"),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(page.contains(sentence), "{page}");
        let (status, body) = call(
            &app,
            Method::POST,
            &format!("/api/tournaments/{id}/rounds/1/tables/1/digital"),
            Some(&org),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .contains("deal 2 is typed in while deal 1 is empty"),
            "{body}"
        );
        assert_eq!(games_count(), 0, "nothing written");
        assert_eq!(slots(&db, table.id), typed);

        // Every table at once: table 2 goes to the devices, table 1 stays
        // typed, and the page says so, with the reason.
        let (status, page, _) = post(&app, &mut org_jar, &format!("/tournaments/{id}/rounds/1/digital"), &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("Restées à la saisie à la main"), "{page}");
        assert!(page.contains(sentence), "{page}");
        assert_eq!(games_count(), 1);
        let second = RoundTable::by_number(&mut db.conn(), id, RoundNo::new(1), TableNo::new(2))
            .unwrap()
            .unwrap()
            .0;
        assert!(
            chelem::db::models::GameRow::for_table(&mut db.conn(), second.id)
                .unwrap()
                .is_some(),
            "table 2 plays on the devices"
        );
        assert_eq!(slots(&db, table.id), typed);
    }
);
