//! A table's tablet entering deals from its link, on both databases: the
//! form built for thumbs with its preview scored by the server, a double tap
//! recorded once, a correction from a stale page shown as a conflict with
//! both versions, refusals in the players' words beside their field (a
//! form that does not parse shown again as typed, nothing written), a
//! closed round and a wrong link, and the defenders' confirmation.

use crate::common;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::test;
use common::builder::{Table, TournamentBuilder};
use common::http::{api_token, call, fresh_browser, get, post};
use common::{Jar, TestDb};
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::schema::{audit_log, deals};

/// The value of a hidden field of a page (of its deal form, on a form's
/// page: "Everyone passed", above it, has fields of the same names).
fn hidden(page: &str, name: &str) -> String {
    let page = page.find("id=\"deal-form\"").map_or(page, |i| &page[i..]);
    let at = format!("name=\"{name}\" value=\"");
    let start = page.find(&at).unwrap_or_else(|| panic!("no field {name} in {page}")) + at.len();
    page[start..].split('"').next().unwrap().to_owned()
}

/// The stored deals: (table id, number, taker, version, confirmed).
fn stored(db: &TestDb) -> Vec<(i32, i32, Option<i32>, i32, bool)> {
    deals::table
        .order((deals::table_id, deals::number))
        .select((
            deals::table_id,
            deals::number,
            deals::taker_id,
            deals::version,
            deals::confirmed,
        ))
        .load(&mut *db.conn())
        .unwrap()
}

/// Totals by player id from the public standings.
async fn totals<S, B>(app: &S, id: impl std::fmt::Display) -> Vec<(i64, i64)>
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (status, s) = call(
        app,
        Method::GET,
        &format!("/api/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let mut out: Vec<(i64, i64)> = s
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["player"].as_i64().unwrap(), l["total"].as_i64().unwrap()))
        .collect();
    out.sort();
    out
}

both_backends!(
    a_tablet_enters_a_deal_of_five_by_taps_and_a_double_tap_records_it_once,
    |db: TestDb| async move {
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let t = TournamentBuilder::new("Coupe du club")
            .table5_mode("called_king")
            .players(5)
            .seated(1)
            .build_in(&db.state());
        let table = &t.rounds[0][0];
        let link = format!("/t/{}", table.token);
        let p = |i: usize| table.players[i].to_string();

        let mut jar = Jar::default();
        let resp = test::call_service(&app, test::TestRequest::get().uri(&link).to_request()).await;
        jar.absorb(&resp);
        let (status, form, _) = get(&app, &jar, &format!("{link}/deals/1")).await;
        assert_eq!(status, StatusCode::OK);
        // Taker and partner are tapped by name; "alone" is a choice of its own.
        assert!(form.contains(&format!("name=\"taker\" value=\"{}\"", p(0))), "{form}");
        assert!(form.contains("name=\"partner\" value=\"alone\""), "{form}");
        let key = hidden(&form, "key");
        assert_eq!(hidden(&form, "version"), "0");

        // The preview: the defence counted 41, so the attack made 50 with 2
        // oudlers: garde made by 9, (25 + 9) × 2 = 68; with a simple handful
        // (20) shown by a defender, the deal is worth 88 a defender; the
        // taker gets 2 × 88 = 176, the partner 88.
        let fields = [
            ("taker", p(0)),
            ("partner", p(1)),
            ("contract", "garde".to_owned()),
            ("oudlers", "2".to_owned()),
            ("points", "41".to_owned()),
            ("camp", "defence".to_owned()),
            (format!("handful_{}", p(3)).leak() as &str, "simple".to_owned()),
        ];
        let query = serde_urlencoded::to_string(&fields).unwrap();
        let (status, preview, _) = get(&app, &jar, &format!("{link}/deals/1/preview?{query}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(preview.contains("+176"), "{preview}");
        assert!(preview.contains("-88"), "{preview}");
        assert_eq!(stored(&db).len(), 0, "a preview stores nothing");
        // An unfinished form: the preview says what is missing, at its field.
        let (_, preview, _) = get(
            &app,
            &jar,
            &format!("{link}/deals/1/preview?taker={}&partner={}", p(0), p(1)),
        )
        .await;
        assert!(preview.contains("data-field=\"contract\""), "{preview}");
        assert!(preview.contains("Touchez le contrat"), "{preview}");

        // Saved, twice in a row (a double tap): one deal, version 1.
        let mut posted: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        posted.push(("key", &key));
        posted.push(("version", "0"));
        for _ in 0..2 {
            let (status, _, loc) = post(&app, &mut jar, &format!("{link}/deals/1"), &posted).await;
            assert_eq!(status, StatusCode::SEE_OTHER);
            assert_eq!(loc.as_deref(), Some(format!("{link}?saved=1").as_str()));
        }
        let rows = stored(&db);
        assert_eq!(rows.len(), 1, "{rows:?}");
        assert_eq!(rows[0].3, 1, "the double tap changed nothing");
        // The sheet says it is saved, with its score, and offers the next deal.
        let (_, sheet, _) = get(&app, &jar, &format!("{link}?saved=1")).await;
        assert!(sheet.contains("Donne 1 enregistrée"), "{sheet}");
        assert!(sheet.contains("+176"), "{sheet}");
        assert!(sheet.contains(&format!("href=\"{link}/deals/2\"")), "{sheet}");
        assert!(sheet.contains("Saisir la donne 2"), "{sheet}");
        // Stored as the attack's points.
        let json: String = deals::table.select(deals::record_json).first(&mut *db.conn()).unwrap();
        assert!(json.contains("\"points\":50"), "{json}");
    }
);

both_backends!(
    a_correction_from_a_stale_page_shows_both_versions_and_overwrites_nothing,
    |db: TestDb| async move {
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let t = TournamentBuilder::new("Coupe du club")
            .players(4)
            .seated(1)
            .build_in(&db.state());
        let table = &t.rounds[0][0];
        let link = format!("/t/{}", table.token);
        let p = |i: usize| table.players[i].to_string();

        // Two tablets open deal 1.
        let (mut a, mut b) = (Jar::default(), Jar::default());
        for jar in [&mut a, &mut b] {
            let resp = test::call_service(&app, test::TestRequest::get().uri(&link).to_request()).await;
            jar.absorb(&resp);
        }
        let (_, form_a, _) = get(&app, &a, &format!("{link}/deals/1")).await;
        let (_, form_b, _) = get(&app, &b, &format!("{link}/deals/1")).await;
        let (key_a, key_b) = (hidden(&form_a, "key"), hidden(&form_b, "key"));
        assert_ne!(key_a, key_b);

        let (p0, p1) = (p(0), p(1));
        let garde = [
            ("taker", p0.as_str()),
            ("contract", "garde"),
            ("oudlers", "2"),
            ("points", "47"),
            ("key", key_a.as_str()),
            ("version", "0"),
        ];
        let (status, _, _) = post(&app, &mut a, &format!("{link}/deals/1"), &garde).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        // B, still on the empty form, sends another deal: a conflict, both shown.
        let petite = [
            ("taker", p1.as_str()),
            ("contract", "petite"),
            ("oudlers", "1"),
            ("points", "60"),
            ("key", key_b.as_str()),
            ("version", "0"),
        ];
        let (status, page, _) = post(&app, &mut b, &format!("{link}/deals/1"), &petite).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(page.contains("modifiée entre-temps"), "{page}");
        assert!(
            page.contains("Garde de Joueur") || page.contains("Garde d&#39;") || page.contains("Garde d"),
            "{page}"
        );
        assert!(page.contains("Petite de Joueur") || page.contains("Petite d"), "{page}");
        assert!(page.contains("value=\"60\""), "the form is kept as typed: {page}");
        assert_eq!(
            hidden(&page, "version"),
            "1",
            "saving again replaces version 1, knowingly"
        );
        let rows = stored(&db);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].2.map(|t| t.to_string()), Some(p0.clone()), "A's deal is kept");
        assert_eq!(rows[0].3, 1);

        // B chooses to replace it: the form as shown, sent again.
        let replace = [
            ("taker", p1.as_str()),
            ("contract", "petite"),
            ("oudlers", "1"),
            ("points", "60"),
            ("key", key_b.as_str()),
            ("version", "1"),
        ];
        let (status, _, _) = post(&app, &mut b, &format!("{link}/deals/1"), &replace).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let rows = stored(&db);
        assert_eq!(rows[0].2.map(|t| t.to_string()), Some(p1.clone()));
        assert_eq!(rows[0].3, 2);
        let corrections: i64 = audit_log::table
            .filter(audit_log::action.eq("deal.correct"))
            .count()
            .get_result(&mut *db.conn())
            .unwrap();
        assert_eq!(corrections, 1);

        // A's browser resends its first form (a reload after submit): the key
        // was used, the slot moved on since: a conflict, nothing overwritten.
        let (status, _, _) = post(&app, &mut a, &format!("{link}/deals/1"), &garde).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(stored(&db)[0].3, 2);

        // The API: a retry with the same Idempotency-Key and no version
        // answers the slot as stored and writes nothing.
        let uri = format!("/api/tables/{}/deals/2", table.token);
        let put = |body: Value, key: &'static str| {
            test::TestRequest::default()
                .method(Method::PUT)
                .uri(&uri)
                .insert_header(("Idempotency-Key", key))
                .set_json(body)
                .to_request()
        };
        let first = json!({"taker": p(2).parse::<i64>().unwrap(), "contract": "garde", "oudlers": 1, "points": 52});
        let resp = test::call_service(&app, put(first.clone(), "retry-key-0001")).await;
        assert_eq!(resp.status(), StatusCode::OK);
        let other = json!({"taker": p(3).parse::<i64>().unwrap(), "contract": "petite", "oudlers": 3, "points": 40});
        let (status, _) = call(&app, Method::PUT, &uri, None, Some(other)).await;
        assert_eq!(status, StatusCode::OK);
        let resp = test::call_service(&app, put(first, "retry-key-0001")).await;
        assert_eq!(resp.status(), StatusCode::OK);
        let answer: Value = test::read_body_json(resp).await;
        assert_eq!(answer["replayed"], json!(true), "{answer}");
        assert_eq!(answer["version"], json!(2), "{answer}");
        let rows = stored(&db);
        assert_eq!(
            rows[1].2.map(|t| t.to_string()),
            Some(p(3)),
            "the retry did not overwrite"
        );
        // A malformed key is refused.
        let resp = test::call_service(
            &app,
            test::TestRequest::default()
                .method(Method::PUT)
                .uri(&uri)
                .insert_header(("Idempotency-Key", "x"))
                .set_json(json!({"passed": true}))
                .to_request(),
        )
        .await;
        assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    }
);

both_backends!(
    refusals_speak_the_players_words_beside_their_field,
    |db: TestDb| async move {
        let token = api_token(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let t = TournamentBuilder::new("Coupe du club")
            .table5_mode("called_king")
            .players(5)
            .seated(1)
            .build_in(&db.state());
        let (id, table) = (t.id, &t.rounds[0][0]);
        let link = format!("/t/{}", table.token);
        let p = |i: usize| table.players[i].to_string();
        let (p0, p1) = (p(0), p(1));
        let mut jar = Jar::default();
        let resp = test::call_service(&app, test::TestRequest::get().uri(&link).to_request()).await;
        jar.absorb(&resp);
        let url = format!("{link}/deals/1");

        // "Everyone passed" and a played deal at once: refused, not overridden.
        let (status, page, _) = post(
            &app,
            &mut jar,
            &url,
            &[
                ("passed", "1"),
                ("taker", &p0),
                ("partner", "alone"),
                ("contract", "garde"),
                ("oudlers", "2"),
                ("points", "50"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            page.contains("à la fois « tout le monde a passé » et une donne jouée"),
            "{page}"
        );
        // The taker as their own partner: said, beside the partner field.
        let (status, page, _) = post(
            &app,
            &mut jar,
            &url,
            &[
                ("taker", &p0),
                ("partner", &p0),
                ("contract", "garde"),
                ("oudlers", "2"),
                ("points", "50"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let at_partner = page.find("data-field=\"partner\"").unwrap();
        let said = page
            .find("ne peut pas être son propre partenaire")
            .expect("partner refusal");
        assert!(
            said > at_partner && said < page.find("data-field=\"contract\"").unwrap(),
            "beside the field"
        );
        // At a table of 5 the partner must be chosen (or "alone").
        let (status, page, _) = post(
            &app,
            &mut jar,
            &url,
            &[
                ("taker", &p0),
                ("contract", "garde"),
                ("oudlers", "2"),
                ("points", "50"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(page.contains("Touchez le nom du partenaire appelé"), "{page}");
        // A missing contract and a points typo, in the players' words.
        let (status, page, _) = post(
            &app,
            &mut jar,
            &url,
            &[("taker", &p0), ("partner", &p1), ("oudlers", "2"), ("points", "50")],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(page.contains("Touchez le contrat"), "{page}");
        assert!(!page.contains("« contract »") && !page.contains("a number"), "{page}");
        let (status, page, _) = post(
            &app,
            &mut jar,
            &url,
            &[
                ("taker", &p0),
                ("partner", &p1),
                ("contract", "garde"),
                ("oudlers", "2"),
                ("points", "5O"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            page.contains("« 5O » n&#39;est pas un nombre de points")
                || page.contains("« 5O » n&#x27;est pas un nombre de points"),
            "{page}"
        );
        assert!(page.contains("value=\"5O\""), "kept as typed");
        // The rules core's refusal points at its field too (without an oudler
        // the attack cannot have more than 79 points).
        let (status, page, _) = post(
            &app,
            &mut jar,
            &url,
            &[
                ("taker", &p0),
                ("partner", &p1),
                ("contract", "garde"),
                ("oudlers", "0"),
                ("points", "90"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let at_points = page.find("data-field=\"points\"").unwrap();
        let err = page.find("field-error").expect("a refusal beside a field");
        assert!(err > at_points && page.contains("79"), "{page}");
        assert!(stored(&db).is_empty(), "nothing refused is stored");

        // "Everyone passed" is its own button.
        let (status, _, _) = post(&app, &mut jar, &url, &[("passed", "1")]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(stored(&db).len(), 1);

        // A closed round: 409, and whom to ask.
        let (status, _) = call(
            &app,
            Method::POST,
            &format!("/api/tournaments/{id}/rounds/1/close"),
            Some(&token),
            Some(json!({"force": true})),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        let (status, page, _) = post(
            &app,
            &mut jar,
            &url,
            &[
                ("taker", &p0),
                ("partner", &p1),
                ("contract", "garde"),
                ("oudlers", "2"),
                ("points", "50"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(
            page.contains("adressez-vous à l&#39;arbitre") || page.contains("adressez-vous à l&#x27;arbitre"),
            "{page}"
        );
        // Its tablet opens no form: the sheet, read only, with whom to ask,
        // and the standings one tap away.
        let (status, _, to) = get(&app, &jar, &url).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let sheet = to.expect("to the sheet");
        assert!(url.starts_with(&sheet), "{sheet}");
        let (status, page, _) = get(&app, &jar, &sheet).await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("Adressez-vous à l&#39;arbitre"), "{page}");
        assert!(!page.contains("/deals/1\""), "{page}");
        assert!(
            page.contains(&format!("href=\"/tournaments/{id}/standings\"")),
            "{page}"
        );
        assert_eq!(stored(&db)[0].2, None, "still the passed deal");

        // A wrong table link: 404 with a sentence, for the page and the form.
        let (status, page, _) = get(&app, &jar, "/t/not-a-table-token").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(page.contains("<h1"), "{page}");
        let (status, _, _) = post(&app, &mut jar, "/t/not-a-table-token/deals/1", &[("passed", "1")]).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(stored(&db).len(), 1);
    }
);

both_backends!(a_deal_counts_once_a_defender_confirms_it, |db: TestDb| async move {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let t = TournamentBuilder::new("Coupe du club")
        .confirm_deals()
        .players(4)
        .seated(1)
        .build_in(&db.state());
    let (id, table) = (t.id, &t.rounds[0][0]);
    let link = format!("/t/{}", table.token);
    let p = |i: usize| table.players[i].to_string();
    let (p0, p1) = (p(0), p(1));
    let mut jar = Jar::default();
    let resp = test::call_service(&app, test::TestRequest::get().uri(&link).to_request()).await;
    jar.absorb(&resp);
    let garde = |points: &'static str| {
        vec![
            ("taker", p0.clone()),
            ("contract", "garde".to_owned()),
            ("oudlers", "2".to_owned()),
            ("points", points.to_owned()),
        ]
    };
    let as_refs = |v: &Vec<(&'static str, String)>| v.iter().map(|(k, v)| (*k, v.clone())).collect::<Vec<_>>();
    let send = as_refs(&garde("51"));
    let send: Vec<(&str, &str)> = send.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (status, _, _) = post(&app, &mut jar, &format!("{link}/deals/1"), &send).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    // Entered, not counted yet.
    assert!(totals(&app, id).await.iter().all(|(_, t)| *t == 0));
    let (_, sheet, _) = get(&app, &jar, &link).await;
    assert!(sheet.contains("Donne 1 à confirmer"), "{sheet}");
    assert!(
        !sheet.contains(&format!("name=\"player\" value=\"{p0}\"")),
        "the taker cannot confirm"
    );
    assert!(sheet.contains(&format!("name=\"player\" value=\"{p1}\"")), "{sheet}");
    // The organizer's round page shows it pending.
    let (status, page) = {
        let req = test::TestRequest::get()
            .uri(&format!("/tournaments/{id}/rounds/1"))
            .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
            .to_request();
        let resp = test::call_service(&app, req).await;
        (
            resp.status(),
            String::from_utf8(test::read_body(resp).await.to_vec()).unwrap(),
        )
    };
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("À confirmer par un défenseur : donnes 1"), "{page}");

    // The taker tapping their own name: refused.
    let confirm = format!("{link}/deals/1/confirm");
    let (status, _, _) = post(&app, &mut jar, &confirm, &[("player", &p0), ("version", "1")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(totals(&app, id).await.iter().all(|(_, t)| *t == 0));
    // A defender confirms: it counts (garde made by 10: (25 + 10) × 2 × 3 = 210).
    let (status, _, _) = post(&app, &mut jar, &confirm, &[("player", &p1), ("version", "1")]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let after = totals(&app, id).await;
    assert!(after.contains(&(p0.parse().unwrap(), 210)), "{after:?}");
    assert!(stored(&db)[0].4);

    // A correction asks for a confirmation again.
    let send = as_refs(&garde("45"));
    let send: Vec<(&str, &str)> = send.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (status, _, _) = post(&app, &mut jar, &format!("{link}/deals/1"), &send).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(totals(&app, id).await.iter().all(|(_, t)| *t == 0));
    // A confirmation of the version read before the correction is stale.
    let (status, _, _) = post(&app, &mut jar, &confirm, &[("player", &p1), ("version", "1")]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _, _) = post(&app, &mut jar, &confirm, &[("player", &p1), ("version", "2")]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let after = totals(&app, id).await;
    assert!(after.contains(&(p0.parse().unwrap(), (25 + 4) * 2 * 3)), "{after:?}");
});

both_backends!(
    a_refused_partner_is_said_even_where_no_partner_is_asked,
    |db: TestDb| async move {
        // Found by tests/app/hostile_input.rs: at a table of 4 the form shows no
        // partner field, so a partner that is not a player was refused (422)
        // with its sentence nowhere on the page.
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let (table, link, mut jar) = one_table_of_four(&db, &app).await;
        let p0 = table.players[0].to_string();
        let (status, page, _) = post(
            &app,
            &mut jar,
            &format!("{link}/deals/1"),
            &[
                ("taker", &p0),
                ("partner", "2147483648"),
                ("contract", "garde"),
                ("oudlers", "2"),
                ("points", "50"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            !page.contains("data-field=\"partner\""),
            "no partner field at a table of 4"
        );
        assert!(
            page.contains("role=\"alert\">Touchez le nom du partenaire appelé"),
            "{page}"
        );
    }
);

both_backends!(
    a_deal_number_outside_the_tables_deals_is_refused_and_nothing_stored,
    |db: TestDb| async move {
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let t = TournamentBuilder::new("Coupe du club")
            .deals_table4(3)
            .players(4)
            .seated(1)
            .build_in(&db.state());
        let table = &t.rounds[0][0];
        let tok = &table.token;
        let p0 = table.players[0];
        let deal = json!({"taker": p0, "contract": "garde", "oudlers": 2, "points": 50});
        for k in [0, -1, 4, 99] {
            let (status, v) = call(
                &app,
                Method::PUT,
                &format!("/api/tables/{tok}/deals/{k}"),
                None,
                Some(deal.clone()),
            )
            .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "deal {k}: {v}");
            assert_eq!(v["error"], "The deal number must be between 1 and 3.", "deal {k}");
            // The tablet's form has no such deal either.
            let (status, _, _) = get(&app, &Jar::default(), &format!("/t/{tok}/deals/{k}")).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "form of deal {k}");
        }
        assert!(stored(&db).is_empty());
        // The last deal of the table is one of its deals.
        for k in [1, 3] {
            let (status, v) = call(
                &app,
                Method::PUT,
                &format!("/api/tables/{tok}/deals/{k}"),
                None,
                Some(deal.clone()),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "deal {k}: {v}");
            let (status, _, _) = get(&app, &Jar::default(), &format!("/t/{tok}/deals/{k}")).await;
            assert_eq!(status, StatusCode::OK, "form of deal {k}");
        }
        let numbers: Vec<i32> = stored(&db).iter().map(|d| d.1).collect();
        assert_eq!(numbers, vec![1, 3]);
    }
);

/// The table of a tournament of 4 players, round 1 seated; its link, and
/// a browser to open it.
async fn one_table_of_four<S, B>(db: &TestDb, app: &S) -> (Table, String, Jar)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let t = TournamentBuilder::new("Coupe du club")
        .players(4)
        .seated(1)
        .build_in(&db.state());
    let table = t.rounds[0][0].clone();
    let link = format!("/t/{}", table.token);
    (table, link, fresh_browser(app).await)
}

/// A form's fields as `post` takes them.
fn refs<'a>(fields: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    fields.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

both_backends!(
    a_form_whose_points_do_not_parse_is_refused_as_typed_and_nothing_is_written,
    |db: TestDb| async move {
        use chelem::db::schema::submissions;
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let (table, link, mut jar) = one_table_of_four(&db, &app).await;
        let p0 = table.players[0].to_string();
        // The deals, the keys spent and the audit log.
        let written = |db: &TestDb| {
            let keys: i64 = submissions::table.count().get_result(&mut *db.conn()).unwrap();
            let audit: i64 = audit_log::table.count().get_result(&mut *db.conn()).unwrap();
            (stored(db), keys, audit)
        };
        let garde = |points: &str, key: &str, version: &str| {
            vec![
                ("taker", p0.clone()),
                ("contract", "garde".to_owned()),
                ("oudlers", "2".to_owned()),
                ("points", points.to_owned()),
                ("camp", "defence".to_owned()),
                ("key", key.to_owned()),
                ("version", version.to_owned()),
            ]
        };
        // Deal 1 entered: version 1.
        let url = format!("{link}/deals/1");
        let (_, form, _) = get(&app, &jar, &url).await;
        let (status, _, _) = post(&app, &mut jar, &url, &refs(&garde("41", &hidden(&form, "key"), "0"))).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let before = written(&db);
        assert_eq!((before.0.len(), before.0[0].3), (1, 1));

        // A correction whose points do not parse (a letter O for a zero),
        // then a first entry of deal 2 the same: 422 each, the form as typed
        // (the points, the camp, the key, the version), the refusal beside
        // the points, and nothing written.
        for (k, version) in [(1, "1"), (2, "0")] {
            let url = format!("{link}/deals/{k}");
            let (_, form, _) = get(&app, &jar, &url).await;
            let key = hidden(&form, "key");
            let (status, page, _) = post(&app, &mut jar, &url, &refs(&garde("4O", &key, version))).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "deal {k}: {page}");
            assert!(page.contains("value=\"4O\""), "kept as typed: {page}");
            assert!(
                page.contains("name=\"camp\" value=\"defence\" checked"),
                "the camp kept: {page}"
            );
            assert_eq!(hidden(&page, "key"), key, "the key kept");
            assert_eq!(hidden(&page, "version"), version, "the version kept");
            let at_points = page.find("data-field=\"points\"").unwrap();
            let said = page
                .find("« 4O » n&#39;est pas un nombre de points")
                .or_else(|| page.find("« 4O » n&#x27;est pas un nombre de points"))
                .expect("the refusal, in the players' words");
            assert!(said > at_points, "beside the points");
            assert_eq!(written(&db), before, "deal {k}: nothing written");
        }

        // The key of a refused form is not spent: the form, fixed, saves.
        let (_, form, _) = get(&app, &jar, &url).await;
        let key = hidden(&form, "key");
        let (status, _, _) = post(&app, &mut jar, &url, &refs(&garde("4O", &key, "1"))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let (status, _, _) = post(&app, &mut jar, &url, &refs(&garde("40", &key, "1"))).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(stored(&db)[0].3, 2, "the correction saved");
    }
);
