//! Check-in at the door, on both databases: a tap on a player's row without
//! JavaScript comes back to the row (303 to `#player-<id>`, the search
//! kept); with JavaScript the same form answers the row and the counts in
//! JSON; a double post sets, never flips; "everyone is here" marks exactly
//! the registered players still playing, after a confirmation page, in one
//! audit entry; the JSON API of both; the search box, accents aside; and
//! no check-in without the form's CSRF token.

use crate::common;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::test;
use serde_json::{json, Value};

use chelem::db::models::{AuditAction, AuditEntry, Registration, StoredEvent};
use chelem::db::ops::players;
use chelem::db::AnyConnection;
use chelem::tournament::ids::{PlayerId, RoundNo, TournamentId};
use common::builder::TournamentBuilder;
use common::http::{api_token, call, get, login, post};
use common::{Jar, TestDb};

const NAMES: [&str; 10] = [
    "Hélène Roux",
    "Helena Martin",
    "Paul Girard",
    "Zoé Lefèvre",
    "Jean Dupont",
    "Anne Blanc",
    "Marc Petit",
    "Lucie Moreau",
    "Odile Garnier",
    "Yves Fabre",
];

/// A tournament of [`NAMES`] (licences `1000000 + i`), nobody checked in
/// yet but the players listed in `present`.
fn tournament(db: &TestDb, present: &[usize]) -> (TournamentId, Vec<PlayerId>) {
    let built = TournamentBuilder::new("Open de la porte")
        .rounds(3)
        .seed(3)
        .names(NAMES)
        .licence(|i| (1_000_000 + i).to_string())
        .build_in(&db.state());
    let mut conn = db.conn();
    for (i, pid) in built.players.iter().enumerate() {
        if !present.contains(&i) {
            chelem::db::write(&mut conn, |tx| players::set_checked_in(tx, built.id, *pid, false)).unwrap();
        }
    }
    (built.id, built.players)
}

fn reg(conn: &mut AnyConnection, id: TournamentId, pid: PlayerId) -> Registration {
    Registration::find(conn, id, pid).unwrap().expect("registered")
}

/// A form POST as checkin.js sends it: the jar's cookies and CSRF token,
/// `Accept: application/json`; (status, JSON answer).
async fn post_json<S, B>(app: &S, jar: &Jar, uri: &str, fields: &[(&str, &str)]) -> (StatusCode, Value)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let csrf = jar.get("chelem_csrf").unwrap_or("").to_owned();
    post_json_token(app, jar, uri, &csrf, fields).await
}

/// [`post_json`] with this CSRF field.
async fn post_json_token<S, B>(
    app: &S,
    jar: &Jar,
    uri: &str,
    csrf: &str,
    fields: &[(&str, &str)],
) -> (StatusCode, Value)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let mut form: Vec<(&str, &str)> = vec![("csrf", csrf)];
    form.extend_from_slice(fields);
    let req = test::TestRequest::post()
        .uri(uri)
        .insert_header((header::COOKIE, jar.header()))
        .insert_header((header::ACCEPT, "application/json"))
        .set_form(&form)
        .to_request();
    let resp = test::call_service(app, req).await;
    let status = resp.status();
    let bytes = test::read_body(resp).await;
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// A POST of the JSON API with the organizer's token: (status, answer).
async fn post_api<S, B>(app: &S, token: &str, uri: &str, body: Value) -> (StatusCode, Value)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    call(app, Method::POST, uri, Some(token), Some(body)).await
}

/// The `<li>` of a player's row in a dashboard page.
fn row_of(page: &str, pid: PlayerId) -> &str {
    let start = page
        .find(&format!("<li id=\"player-{pid}\""))
        .unwrap_or_else(|| panic!("no row for player {pid}:\n{page}"));
    let end = page[start..].find("</li>").expect("the row ends") + start;
    &page[start..end]
}

/// The opening tag of a row: whether it is on show.
fn row_shown(page: &str, pid: PlayerId) -> bool {
    let row = row_of(page, pid);
    let tag = &row[..row.find('>').unwrap()];
    !tag.contains(" hidden")
}

both_backends!(
    a_tap_without_javascript_comes_back_to_the_row,
    |db: TestDb| async move {
        common::create_user(&db, common::http::USER, common::http::PASSWORD);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = Jar::default();
        login(&app, &mut jar).await;
        let (id, pids) = tournament(&db, &[]);
        let helene = pids[0];
        let dash = format!("/tournaments/{id}");

        // Each row is one form whose button fills it, named by the player and the action.
        let (status, page, _) = get(&app, &jar, &dash).await;
        assert_eq!(status, StatusCode::OK);
        let row = row_of(&page, helene);
        assert!(
            row.contains(&format!("action=\"/tournaments/{id}/players/{helene}/checkin\"")),
            "{row}"
        );
        assert!(
            row.contains("<input type=\"hidden\" name=\"present\" value=\"1\">"),
            "{row}"
        );
        assert!(row.contains("<button type=\"submit\" class=\"checkin-tap\">"), "{row}");
        assert!(
            row.contains("<span class=\"visually-hidden\"> : pointer présent</span>"),
            "{row}"
        );
        assert!(page.contains("0 présent "), "{page}");
        assert!(page.contains("10 inscrits non pointés"), "{page}");

        // A tap: 303 back to the row, the player present.
        let checkin = format!("/tournaments/{id}/players/{helene}/checkin");
        let (status, _, to) = post(&app, &mut jar, &checkin, &[("present", "1"), ("q", "")]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(
            to.as_deref(),
            Some(format!("/tournaments/{id}#player-{helene}").as_str())
        );
        let mut conn = db.conn();
        assert!(reg(&mut conn, id, helene).checked_in);
        // The same tap again (a double tap, a resend): still present, not flipped.
        let (status, _, _) = post(&app, &mut jar, &checkin, &[("present", "1"), ("q", "")]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let r = reg(&mut conn, id, helene);
        assert!(r.checked_in, "a second tap flipped the check-in back");
        assert_eq!(r.first_round, RoundNo::new(1));

        // The row now offers the undo, and the counts say so.
        let (_, page, _) = get(&app, &jar, &dash).await;
        let row = row_of(&page, helene);
        assert!(row.contains("name=\"present\" value=\"0\""), "{row}");
        assert!(row.contains(" : annuler le pointage</span>"), "{row}");
        assert!(row.contains("class=\"checkin-row status-present\""), "{row}");
        assert!(page.contains("1 présent "), "{page}");
        assert!(page.contains("9 inscrits non pointés"), "{page}");

        // Tapped under a search: the way back keeps it.
        let (status, _, to) = post(&app, &mut jar, &checkin, &[("present", "0"), ("q", "hélène r")]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(
            to.as_deref(),
            Some(format!("/tournaments/{id}?q=h%C3%A9l%C3%A8ne+r#player-{helene}").as_str())
        );
        assert!(!reg(&mut conn, id, helene).checked_in, "the undo is stored");
        let (status, _, _) = post(&app, &mut jar, &checkin, &[("present", "0"), ("q", "")]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert!(!reg(&mut conn, id, helene).checked_in);

        // Without the form's token, nothing is written.
        let req = test::TestRequest::post()
            .uri(&checkin)
            .insert_header((header::COOKIE, jar.header()))
            .set_form([("present", "1")])
            .to_request();
        let resp = test::call_service(&app, req).await;
        assert_eq!(resp.status(), StatusCode::FORBIDDEN);
        let req = test::TestRequest::post()
            .uri(&checkin)
            .insert_header((header::COOKIE, jar.header()))
            .set_form([("csrf", "not-the-token"), ("present", "1")])
            .to_request();
        let resp = test::call_service(&app, req).await;
        assert_eq!(resp.status(), StatusCode::FORBIDDEN);
        // As the script sends it: refused in JSON, in the visitor's language.
        let (status, v) = post_json_token(&app, &jar, &checkin, "not-the-token", &[("present", "1")]).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
        assert!(
            !reg(&mut conn, id, helene).checked_in,
            "a refused form stored the check-in"
        );

        // A withdrawn player's row is no button; their check-in is refused by the row.
        let paul = pids[2];
        chelem::db::write(&mut conn, |tx| players::withdraw(tx, id, paul)).unwrap();
        let (_, page, _) = get(&app, &jar, &dash).await;
        let row = row_of(&page, paul);
        assert!(!row.contains("/checkin\""), "{row}");
        assert!(row.contains("/reinstate\""), "{row}");
        let (status, page, _) = post(
            &app,
            &mut jar,
            &format!("/tournaments/{id}/players/{paul}/checkin"),
            &[("present", "1")],
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(page.contains("Ce joueur a abandonné"), "{page}");
        let r = reg(&mut conn, id, paul);
        assert!(!r.checked_in && r.withdrawn_after.is_some());
    }
);

both_backends!(
    a_tap_with_javascript_answers_the_row_and_the_counts,
    |db: TestDb| async move {
        common::create_user(&db, common::http::USER, common::http::PASSWORD);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = Jar::default();
        login(&app, &mut jar).await;
        let (id, pids) = tournament(&db, &[4, 5, 6, 8]);
        let zoe = pids[3];
        let checkin = format!("/tournaments/{id}/players/{zoe}/checkin");

        let (status, v) = post_json(&app, &jar, &checkin, &[("present", "1"), ("q", "zoe")]).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["player"], zoe.get());
        assert_eq!(v["present"], true);
        assert_eq!(v["status"], "status-present");
        assert_eq!(v["waiting"], 5);
        let row = v["row"].as_str().unwrap();
        assert!(
            row.starts_with(&format!("<li id=\"player-{zoe}\" class=\"checkin-row status-present\"")),
            "{row}"
        );
        assert!(
            row.contains("name=\"present\" value=\"0\""),
            "the next tap undoes: {row}"
        );
        assert!(row.contains("name=\"q\" value=\"zoe\""), "{row}");
        assert!(
            row.contains(&format!("value=\"{}\"", jar.get("chelem_csrf").unwrap())),
            "{row}"
        );
        let counts = v["counts"].as_str().unwrap();
        assert!(counts.contains("5 présents"), "{counts}");
        assert!(counts.contains("5 inscrits non pointés"), "{counts}");
        assert_eq!(v["next_count"], "5 joueurs seront placés");
        let mut conn = db.conn();
        assert!(reg(&mut conn, id, zoe).checked_in);

        // Sent twice (a double tap): the same answer, nothing flipped.
        let (status, again) = post_json(&app, &jar, &checkin, &[("present", "1"), ("q", "zoe")]).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(again, v);
        assert!(reg(&mut conn, id, zoe).checked_in);

        // A refusal is a sentence the script shows by the row.
        let yves = pids[9];
        chelem::db::write(&mut conn, |tx| players::withdraw(tx, id, yves)).unwrap();
        let (status, v) = post_json(
            &app,
            &jar,
            &format!("/tournaments/{id}/players/{yves}/checkin"),
            &[("present", "1")],
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{v}");
        assert_eq!(
            v["error"],
            "Ce joueur a abandonné : réintégrez-le d'abord pour le pointer."
        );
        // Once seated, a player's check-in is no longer undone by a tap.
        let (status, _, _) = post(
            &app,
            &mut jar,
            &format!("/tournaments/{id}/rounds"),
            &[("expected", "1")],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let (status, v) = post_json(&app, &jar, &checkin, &[("present", "0")]).await;
        assert_eq!(status, StatusCode::CONFLICT, "{v}");
        assert!(v["error"].as_str().unwrap().contains("déjà été placé"), "{v}");
        assert!(reg(&mut conn, id, zoe).checked_in);
        let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}")).await;
        assert!(!row_of(&page, zoe).contains("/checkin\""), "{}", row_of(&page, zoe));
        // A late arrival checked in now plays from round 2.
        let lucie = pids[7];
        let (status, v) = post_json(
            &app,
            &jar,
            &format!("/tournaments/{id}/players/{lucie}/checkin"),
            &[("present", "1")],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["status"], "status-late");
        assert!(v["row"].as_str().unwrap().contains("dès la partie 2"), "{v}");
        assert_eq!(reg(&mut conn, id, lucie).first_round, RoundNo::new(2));
    }
);

both_backends!(everyone_is_here_marks_exactly_the_registered, |db: TestDb| async move {
    common::create_user(&db, common::http::USER, common::http::PASSWORD);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    // 8 present (round 1 seats them), 2 registered; then one of the
    // registered and one present player withdraw.
    let (id, pids) = tournament(&db, &[0, 1, 2, 3, 4, 5, 6, 7]);
    let mut conn = db.conn();
    let (status, _, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/rounds"),
        &[("expected", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let late = [pids[8]];
    let ghost = pids[9];
    let gone = pids[1];
    for p in [ghost, gone] {
        chelem::db::write(&mut conn, |tx| players::withdraw(tx, id, p)).unwrap();
    }
    // One more registered after round 1 was seated: 2 to check in.
    let newcomer = {
        let fields = players::PlayerFields::new("Nadia Benali", "Club", "").unwrap();
        chelem::db::write(&mut conn, |tx| players::register(tx, id, &fields, false))
            .unwrap()
            .0
            .id
    };

    // The dashboard offers it; the question lists whom it concerns.
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}")).await;
    assert!(
        page.contains(&format!(
            "href=\"/tournaments/{id}/checkin-all\">Tout le monde est là</a>"
        )),
        "{page}"
    );
    let ask = format!("/tournaments/{id}/checkin-all");
    let (status, page, _) = get(&app, &jar, &ask).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Tout le monde est là ?"), "{page}");
    assert!(page.contains("Oui, pointer les 2 joueurs"), "{page}");
    assert!(
        page.contains("Odile Garnier") && page.contains("Nadia Benali"),
        "{page}"
    );
    assert!(!page.contains("Yves Fabre"), "a withdrawn player is listed: {page}");
    assert!(
        page.contains(&format!("action=\"/tournaments/{id}/checkin-all\"")),
        "{page}"
    );

    // Not confirmed: the question again, nothing written.
    let events = StoredEvent::last_id(&mut conn).unwrap();
    let (status, page, _) = post(&app, &mut jar, &ask, &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Oui, pointer les 2 joueurs"), "{page}");
    assert!(!reg(&mut conn, id, late[0]).checked_in);

    // Confirmed: the 2, in one go, one audit entry, one live event.
    let (status, _, to) = post(&app, &mut jar, &ask, &[("confirm", "1")]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let to = to.unwrap();
    assert_eq!(to, format!("/tournaments/{id}?checked=2#players"));
    let (_, page, _) = get(&app, &jar, &to).await;
    assert!(page.contains("<p class=\"notice\">2 joueurs pointés.</p>"), "{page}");
    let regs: Vec<Registration> = Registration::with_players(&mut conn, id)
        .unwrap()
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    for r in &regs {
        let withdrawn = [ghost, gone].contains(&r.player_id);
        assert_eq!(r.withdrawn_after.is_some(), withdrawn, "{r:?}");
        if r.player_id == ghost {
            assert!(!r.checked_in, "a withdrawn player was checked in: {r:?}");
        } else {
            assert!(r.checked_in, "{r:?}");
        }
    }
    // Registered before round 1 was seated: they join from round 2.
    assert_eq!(reg(&mut conn, id, late[0]).first_round, RoundNo::new(2));
    assert_eq!(reg(&mut conn, id, newcomer).first_round, RoundNo::new(2));
    assert_eq!(reg(&mut conn, id, pids[0]).first_round, RoundNo::new(1));
    let audit: Vec<AuditEntry> = AuditEntry::for_tournament(&mut conn, id)
        .unwrap()
        .into_iter()
        .filter(|e| e.action == AuditAction::AllCheckedIn)
        .collect();
    assert_eq!(audit.len(), 1, "{audit:?}");
    assert_eq!(audit[0].subject, "2 players");
    assert_eq!(audit[0].actor, common::http::USER);
    let new_events: Vec<StoredEvent> = StoredEvent::of_tournament_since(&mut conn, id, events, 100).unwrap();
    assert_eq!(new_events.len(), 1, "{new_events:?}");
    assert_eq!(new_events[0].kind, "standings");
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}/audit")).await;
    assert!(page.contains("(tout le monde est là) : 2 joueurs."), "{page}");

    // Again: nobody left, the page says so; a post changes nothing more.
    let (_, page, _) = get(&app, &jar, &ask).await;
    assert!(page.contains("Tous les joueurs inscrits sont déjà pointés."), "{page}");
    let (status, _, to) = post(&app, &mut jar, &ask, &[("confirm", "1")]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(to.unwrap(), format!("/tournaments/{id}?checked=0#players"));
    let audit = AuditEntry::for_tournament(&mut conn, id).unwrap();
    assert_eq!(
        audit.iter().filter(|e| e.action == AuditAction::AllCheckedIn).count(),
        1
    );
    // The dashboard's button hides (the script shows it again after an undo).
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}")).await;
    assert!(
        page.contains("class=\"button checkin-all\" href=") && page.contains("/checkin-all\" hidden>"),
        "{page}"
    );

    // Without the form's token: refused, nothing written.
    chelem::db::write(&mut conn, |tx| players::set_checked_in(tx, id, newcomer, false)).unwrap();
    let req = test::TestRequest::post()
        .uri(&ask)
        .insert_header((header::COOKIE, jar.header()))
        .set_form([("confirm", "1")])
        .to_request();
    assert_eq!(test::call_service(&app, req).await.status(), StatusCode::FORBIDDEN);
    assert!(!reg(&mut conn, id, newcomer).checked_in);
});

both_backends!(the_json_api_checks_in_one_and_all, |db: TestDb| async move {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let (id, pids) = tournament(&db, &[]);
    let one = |pid: PlayerId| format!("/api/tournaments/{id}/players/{pid}/checkin");
    let pid = pids[4];
    let mut conn = db.conn();

    let (status, v) = post_api(&app, &token, &one(pid), json!({"present": true})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v, json!({"player": pid.get(), "present": true, "first_round": 1}));
    // Twice: the same, nothing flipped.
    let (status, again) = post_api(&app, &token, &one(pid), json!({"present": true})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again, v);
    assert!(reg(&mut conn, id, pid).checked_in);
    let (status, v) = post_api(&app, &token, &one(pid), json!({"present": false})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["present"], false);
    assert!(!reg(&mut conn, id, pid).checked_in);

    // Bad bodies: a sentence, nothing written.
    for (body, says) in [
        (json!({"present": "yes"}), "must be true or false"),
        (json!({}), "\"present\" is missing"),
        (json!([true]), "must be a JSON object"),
    ] {
        let (status, v) = post_api(&app, &token, &one(pid), body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {v}");
        assert!(v["error"].as_str().unwrap().contains(says), "{body}: {v}");
    }
    assert!(!reg(&mut conn, id, pid).checked_in);
    // Nobody, a player of no tournament, no token.
    let (status, _) = post_api(&app, &token, &one(PlayerId::new(999_999)), json!({"present": true})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, v) = call(&app, Method::POST, &one(pid), None, Some(json!({"present": true}))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{v}");
    assert!(!reg(&mut conn, id, pid).checked_in);
    // A withdrawn player: 409.
    chelem::db::write(&mut conn, |tx| players::withdraw(tx, id, pids[9])).unwrap();
    let (status, v) = post_api(&app, &token, &one(pids[9]), json!({"present": true})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains("withdrawn"), "{v}");

    // Everyone: the 9 still playing; then nobody.
    let all = format!("/api/tournaments/{id}/checkin-all");
    let (status, v) = call(&app, Method::POST, &all, None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{v}");
    let (status, v) = call(&app, Method::POST, &all, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v, json!({"checked_in": 9}));
    let (status, v) = call(&app, Method::POST, &all, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v, json!({"checked_in": 0}));
    assert!(!reg(&mut conn, id, pids[9]).checked_in);
    let audit = AuditEntry::for_tournament(&mut conn, id).unwrap();
    let entries: Vec<&AuditEntry> = audit.iter().filter(|e| e.action == AuditAction::AllCheckedIn).collect();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].subject, "9 players");
});

both_backends!(the_search_box_finds_names_without_accents, |db: TestDb| async move {
    common::create_user(&db, common::http::USER, common::http::PASSWORD);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let (id, pids) = tournament(&db, &[]);
    let search = |q: &str| {
        let q = percent_encoding::utf8_percent_encode(q, percent_encoding::NON_ALPHANUMERIC);
        format!("/tournaments/{id}?q={q}")
    };
    // The box is there, as typed, with the rows' folded names for the script.
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}")).await;
    assert!(
        page.contains("<input id=\"checkin-q\" type=\"search\" name=\"q\" value=\"\""),
        "{page}"
    );
    assert!(
        row_of(&page, pids[0]).contains("data-search=\"helene roux 1000000\""),
        "{page}"
    );
    assert!(pids.iter().all(|p| row_shown(&page, *p)));

    for (typed, want) in [
        ("helene", vec![0]),
        ("  HÉLÈNE  ", vec![0]),
        ("hel", vec![0, 1]),
        ("zoe lefevre", vec![3]),
        ("1000006", vec![6]),
        ("personne", vec![]),
    ] {
        let (status, page, _) = get(&app, &jar, &search(typed)).await;
        assert_eq!(status, StatusCode::OK, "{typed}");
        let shown: Vec<usize> = (0..pids.len()).filter(|&i| row_shown(&page, pids[i])).collect();
        assert_eq!(shown, want, "{typed:?}");
        assert!(
            page.contains(&format!("Affichés : {}", want.len())),
            "{typed:?}: {page}"
        );
        let none = page.contains("<p class=\"muted\" id=\"checkin-none\">");
        assert_eq!(none, want.is_empty(), "{typed:?}");
        // Every row's form keeps the search for the way back.
        let row = row_of(&page, pids[0]);
        assert!(
            row.contains(&format!("name=\"q\" value=\"{typed}\"")),
            "{typed:?}: {row}"
        );
    }
});

// A long list comes a page at a time: 450 players, 200 rows a page with
// the links between pages; a search lists every match across the pages
// (a page at a time); a tap without JavaScript comes back to its page.
both_backends!(a_long_list_comes_a_page_at_a_time, |db: TestDb| async move {
    common::create_user(&db, common::http::USER, common::http::PASSWORD);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let built = TournamentBuilder::new("Festival")
        .players(450)
        .named(|i| format!("Joueur {i:03}"))
        .build_in(&db.state());
    let id = built.id;
    let rows = |page: &str| page.matches("<li id=\"player-").count();
    // The list alone (the constraints' choices name every player too).
    let list = |page: &str| -> String {
        let start = page.find("<ul class=\"checkin-list\"").expect("the list");
        page[start..start + page[start..].find("</ul>").unwrap()].to_owned()
    };
    let (status, page, _) = get(&app, &jar, &format!("/tournaments/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(rows(&page), 200, "the first page");
    assert!(page.contains("Joueurs 1 à 200 sur 450"), "{page}");
    assert!(page.contains("data-partial"), "the script asks the server");
    assert!(page.contains(&format!("href=\"/tournaments/{id}?page=2#players\" rel=\"next\"")));
    assert!(!page.contains("rel=\"prev\""));
    assert!(list(&page).contains("Joueur 000") && !list(&page).contains("Joueur 200"));
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}?page=3")).await;
    assert_eq!(rows(&page), 50, "the last page");
    assert!(page.contains("Joueurs 401 à 450 sur 450"), "{page}");
    assert!(list(&page).contains("Joueur 449") && !list(&page).contains("Joueur 399"));
    assert!(page.contains("rel=\"prev\"") && !page.contains("rel=\"next\""));
    // A page beyond the last is the last.
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}?page=99")).await;
    assert!(page.contains("Joueurs 401 à 450 sur 450"), "{page}");
    // A search lists its matches, from every page.
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}?q=joueur+44")).await;
    assert_eq!(rows(&page), 10, "Joueur 440 to 449: {page}");
    assert!(page.contains("Affichés : 10"), "{page}");
    assert!(page.contains("Joueurs 1 à 10 sur 10"), "{page}");
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}?q=joueur&page=2")).await;
    assert!(page.contains("Joueurs 201 à 400 sur 450"), "{page}");
    assert!(
        page.contains(
            "href=\"/tournaments/{id}?page=3&#38;q=joueur#players\""
                .replace("{id}", &id.to_string())
                .as_str()
        ),
        "{page}"
    );
    // A tap on page 3 without JavaScript comes back to page 3, at the row.
    let pid = built.players[420];
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}?page=3")).await;
    assert!(row_of(&page, pid).contains("name=\"page\" value=\"3\""), "{page}");
    let (status, _, location) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/players/{pid}/checkin"),
        &[("present", "0"), ("q", ""), ("page", "3")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(
        location.as_deref(),
        Some(format!("/tournaments/{id}?page=3#player-{pid}").as_str())
    );
    assert!(!reg(&mut db.conn(), id, pid).checked_in);
    // A short list is whole: no pages.
    let small = TournamentBuilder::new("Club").players(12).build_in(&db.state());
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{}", small.id)).await;
    assert_eq!(rows(&page), 12);
    assert!(!page.contains("data-partial") && !page.contains("class=\"pager\""));
});
