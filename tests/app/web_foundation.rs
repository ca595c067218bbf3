//! The foundation over HTTP, in-process, on both databases: pages, languages,
//! login/logout, CSRF, throttling, errors, health.

use crate::common;

use actix_web::http::{header, StatusCode};
use actix_web::test;
use common::http::login_as;
use common::{create_user, Jar, TestDb};
use diesel::prelude::*;

use chelem::db::schema::sessions;

fn session_count(db: &TestDb) -> i64 {
    sessions::table.count().get_result(&mut *db.conn()).unwrap()
}

async fn body_string<B: actix_web::body::MessageBody>(resp: actix_web::dev::ServiceResponse<B>) -> String {
    String::from_utf8(test::read_body(resp).await.to_vec()).unwrap()
}

macro_rules! app {
    ($db:expr) => {
        test::init_service(chelem::chelem_app!($db.state())).await
    };
}

both_backends!(
    home_is_french_by_default_and_english_on_request,
    |db: TestDb| async move {
        let app = app!(db);
        let resp = test::call_service(&app, test::TestRequest::get().uri("/").to_request()).await;
        assert_eq!(resp.status(), StatusCode::OK);
        let h = resp.headers().clone();
        assert!(h
            .get("content-security-policy")
            .unwrap()
            .to_str()
            .unwrap()
            .contains("script-src 'self'"));
        assert!(!h
            .get("content-security-policy")
            .unwrap()
            .to_str()
            .unwrap()
            .contains("unsafe-inline"));
        assert_eq!(h.get("x-frame-options").unwrap(), "DENY");
        assert_eq!(h.get("x-content-type-options").unwrap(), "nosniff");
        let body = body_string(resp).await;
        assert!(body.contains("<html lang=\"fr\">"), "{body}");
        assert!(body.contains("Connexion arbitre"));

        let req = test::TestRequest::get()
            .uri("/")
            .insert_header((header::ACCEPT_LANGUAGE, "en-GB,en;q=0.9,fr;q=0.5"))
            .to_request();
        let body = body_string(test::call_service(&app, req).await).await;
        assert!(body.contains("<html lang=\"en\">"));
        assert!(body.contains("Organizer login"));
    }
);

both_backends!(language_switch_sticks, |db: TestDb| async move {
    let app = app!(db);
    let mut jar = Jar::default();
    let resp = test::call_service(&app, test::TestRequest::get().uri("/login").to_request()).await;
    jar.absorb(&resp);
    let csrf = jar.get("chelem_csrf").unwrap().to_owned();
    let req = test::TestRequest::post()
        .uri("/lang")
        .insert_header((header::COOKIE, jar.header()))
        .set_form([("csrf", csrf.as_str()), ("lang", "en"), ("back", "/login")])
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(resp.headers().get(header::LOCATION).unwrap(), "/login");
    jar.absorb(&resp);
    assert_eq!(jar.get("chelem_lang"), Some("en"));
    // A French browser that chose English keeps English.
    let req = test::TestRequest::get()
        .uri("/login")
        .insert_header((header::COOKIE, jar.header()))
        .insert_header((header::ACCEPT_LANGUAGE, "fr-FR"))
        .to_request();
    let body = body_string(test::call_service(&app, req).await).await;
    assert!(body.contains("<html lang=\"en\">"));
    assert!(body.contains("User name"));
    // The switch never sends anyone to another site.
    let req = test::TestRequest::post()
        .uri("/lang")
        .insert_header((header::COOKIE, jar.header()))
        .set_form([("csrf", csrf.as_str()), ("lang", "fr"), ("back", "//evil.example/")])
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.headers().get(header::LOCATION).unwrap(), "/");
});

both_backends!(login_success_and_logout_ends_the_session, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let app = app!(db);
    let mut jar = Jar::default();
    let resp = login_as(&app, &mut jar, "arbitre", "tres-secret-42").await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(resp.headers().get(header::LOCATION).unwrap(), "/");
    let session = jar.get("chelem_session").expect("session cookie").to_owned();
    assert_eq!(session_count(&db), 1);
    // The session cookie is HttpOnly and SameSite=Lax.
    let c = resp
        .response()
        .cookies()
        .find(|c| c.name() == "chelem_session")
        .unwrap();
    assert_eq!(c.http_only(), Some(true));
    assert_eq!(c.same_site(), Some(actix_web::cookie::SameSite::Lax));

    let req = test::TestRequest::get()
        .uri("/")
        .insert_header((header::COOKIE, jar.header()))
        .to_request();
    let body = body_string(test::call_service(&app, req).await).await;
    assert!(body.contains("arbitre"), "logged-in page names the organizer");
    assert!(body.contains("Déconnexion"));

    let old_cookies = jar.header();
    let csrf = jar.get("chelem_csrf").unwrap().to_owned();
    let req = test::TestRequest::post()
        .uri("/logout")
        .insert_header((header::COOKIE, jar.header()))
        .set_form([("csrf", csrf.as_str())])
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(session_count(&db), 0, "logout deletes the session row");
    // Replaying the old cookie no longer authenticates.
    let req = test::TestRequest::get()
        .uri("/")
        .insert_header((header::COOKIE, old_cookies))
        .to_request();
    let body = body_string(test::call_service(&app, req).await).await;
    assert!(!body.contains("Déconnexion"));
    let _ = session;
});

both_backends!(
    login_failure_keeps_the_name_and_makes_no_session,
    |db: TestDb| async move {
        create_user(&db, "arbitre", "tres-secret-42");
        let app = app!(db);
        let mut jar = Jar::default();
        let resp = login_as(&app, &mut jar, "arbitre", "mauvais").await;
        assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
        let body = body_string(resp).await;
        assert!(body.contains("Identifiant ou mot de passe incorrect."));
        assert!(body.contains("value=\"arbitre\""), "the form keeps the name as typed");
        assert_eq!(session_count(&db), 0);
        assert!(jar.get("chelem_session").is_none());
        // An unknown user gets the same answer.
        let resp = login_as(&app, &mut jar, "personne", "tres-secret-42").await;
        assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    }
);

/// A login attempt of `user` from the address `peer`, with the jar's CSRF token.
fn login_from(jar: &Jar, user: &str, password: &str, peer: &str) -> actix_http::Request {
    let csrf = jar.get("chelem_csrf").unwrap().to_owned();
    test::TestRequest::post()
        .uri("/login")
        .peer_addr(peer.parse().unwrap())
        .insert_header((header::COOKIE, jar.header()))
        .set_form([
            ("csrf", csrf.as_str()),
            ("username", user),
            ("password", password),
            ("next", "/"),
        ])
        .to_request()
}

both_backends!(
    login_guessing_is_slowed_per_account_never_locked,
    |db: TestDb| async move {
        use chelem::web::auth::FREE_FAILURES;
        create_user(&db, "arbitre", "tres-secret-42");
        let app = app!(db);
        let mut jar = Jar::default();
        let resp = test::call_service(&app, test::TestRequest::get().uri("/login").to_request()).await;
        jar.absorb(&resp);
        // The organizer logged in on their laptop before, and out: the
        // laptop keeps its known-device cookie.
        let mut laptop = Jar::default();
        laptop.absorb(&resp);
        let resp = test::call_service(
            &app,
            login_from(&laptop, "arbitre", "tres-secret-42", "198.51.100.9:5000"),
        )
        .await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        laptop.absorb(&resp);
        let csrf = laptop.get("chelem_csrf").unwrap().to_owned();
        let req = test::TestRequest::post()
            .uri("/logout")
            .insert_header((header::COOKIE, laptop.header()))
            .set_form([("csrf", csrf.as_str())])
            .to_request();
        laptop.absorb(&test::call_service(&app, req).await);
        assert!(laptop.get("chelem_device").is_some());
        let guesser = "192.0.2.7:5000";
        for _ in 0..FREE_FAILURES {
            let resp = test::call_service(&app, login_from(&jar, "arbitre", "mauvais", guesser)).await;
            assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
        }
        // The next attempt from there waits a second, whatever the password.
        let resp = test::call_service(&app, login_from(&jar, "arbitre", "tres-secret-42", guesser)).await;
        assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
        let body = body_string(resp).await;
        assert!(body.contains("Réessayez dans 1"), "{body}");
        assert_eq!(session_count(&db), 0);
        // Meanwhile the organizer, on their laptop, logs in at once.
        let resp = test::call_service(
            &app,
            login_from(&laptop, "arbitre", "tres-secret-42", "198.51.100.9:5000"),
        )
        .await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        // After the wait, a wrong guess is checked again, and the wait doubles.
        actix_web::rt::time::sleep(std::time::Duration::from_millis(1100)).await;
        let resp = test::call_service(&app, login_from(&jar, "arbitre", "encore", guesser)).await;
        assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
        let resp = test::call_service(&app, login_from(&jar, "arbitre", "tres-secret-42", guesser)).await;
        assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(body_string(resp).await.contains("Réessayez dans 2"));
        // The right password goes through once the wait is over: never locked out.
        actix_web::rt::time::sleep(std::time::Duration::from_millis(2100)).await;
        let resp = test::call_service(&app, login_from(&jar, "arbitre", "tres-secret-42", guesser)).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        assert_eq!(session_count(&db), 2);
    }
);

both_backends!(
    post_without_csrf_is_refused_and_changes_nothing,
    |db: TestDb| async move {
        create_user(&db, "arbitre", "tres-secret-42");
        let app = app!(db);
        let mut jar = Jar::default();
        // Login form without the token.
        let resp = test::call_service(&app, test::TestRequest::get().uri("/login").to_request()).await;
        jar.absorb(&resp);
        let req = test::TestRequest::post()
            .uri("/login")
            .insert_header((header::COOKIE, jar.header()))
            .set_form([("username", "arbitre"), ("password", "tres-secret-42")])
            .to_request();
        let resp = test::call_service(&app, req).await;
        assert_eq!(resp.status(), StatusCode::FORBIDDEN);
        assert!(body_string(resp).await.contains("Ce formulaire a expiré"));
        assert_eq!(session_count(&db), 0);
        // A wrong token, or a token without its cookie, is refused too.
        let req = test::TestRequest::post()
            .uri("/login")
            .insert_header((header::COOKIE, jar.header()))
            .set_form([
                ("csrf", "0".repeat(64).as_str()),
                ("username", "arbitre"),
                ("password", "tres-secret-42"),
            ])
            .to_request();
        assert_eq!(test::call_service(&app, req).await.status(), StatusCode::FORBIDDEN);
        let csrf = jar.get("chelem_csrf").unwrap().to_owned();
        let req = test::TestRequest::post()
            .uri("/login")
            .set_form([
                ("csrf", csrf.as_str()),
                ("username", "arbitre"),
                ("password", "tres-secret-42"),
            ])
            .to_request();
        assert_eq!(test::call_service(&app, req).await.status(), StatusCode::FORBIDDEN);
        assert_eq!(session_count(&db), 0);

        // Logged in, a logout without the token does not end the session.
        let resp = login_as(&app, &mut jar, "arbitre", "tres-secret-42").await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        let req = test::TestRequest::post()
            .uri("/logout")
            .insert_header((header::COOKIE, jar.header()))
            .to_request();
        assert_eq!(test::call_service(&app, req).await.status(), StatusCode::FORBIDDEN);
        assert_eq!(session_count(&db), 1);
    }
);

both_backends!(not_found_page_is_friendly, |db: TestDb| async move {
    let app = app!(db);
    let resp = test::call_service(&app, test::TestRequest::get().uri("/pas/ici").to_request()).await;
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        resp.headers().get(header::CONTENT_TYPE).unwrap(),
        "text/html; charset=utf-8"
    );
    let body = body_string(resp).await;
    assert!(body.contains("Page introuvable"));
    assert!(body.contains("href=\"/\""));
    let req = test::TestRequest::get()
        .uri("/pas/ici")
        .insert_header((header::ACCEPT_LANGUAGE, "en"))
        .to_request();
    let body = body_string(test::call_service(&app, req).await).await;
    assert!(body.contains("Page not found"));
    // Under /api errors are JSON.
    let resp = test::call_service(&app, test::TestRequest::get().uri("/api/nothing").to_request()).await;
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    let v: serde_json::Value = test::read_body_json(resp).await;
    assert_eq!(v["error"], "not found");
});

both_backends!(healthz_checks_the_database, |db: TestDb| async move {
    let backend = db.backend.name();
    let app = app!(db);
    let resp = test::call_service(&app, test::TestRequest::get().uri("/healthz").to_request()).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let v: serde_json::Value = test::read_body_json(resp).await;
    assert_eq!(v["status"], "ok");
    assert_eq!(v["database"], backend);
});

crate::test_case!(async a_monitor_asking_without_pause_costs_the_database_a_few_checks_a_second, Postgres);
/// `/healthz` asked again and again answers every time, but what it finds
/// serves the next requests for [`chelem::web::health::FRESH`]: the
/// database sees a few checks a second, not one per request (the festival's
/// load run asked 547 times a second, each check a write, on SQLite its
/// write lock taken between the tablets' entries). Counted by the probe
/// itself, exactly, and as PostgreSQL's committed transactions, loosely:
/// its statistics reach the counter up to seconds late (a backend holds
/// them while it flushed less than a second ago), so a bound on them
/// only tells a few from one per request.
async fn a_monitor_asking_without_pause_costs_the_database_a_few_checks_a_second() {
    use chelem::web::health::FRESH;
    let db = TestDb::postgres();
    let commits = |db: &TestDb| -> i64 {
        #[derive(QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let conn = &mut *db.conn();
        let chelem::db::AnyConnection::Postgresql(pg) = conn else {
            panic!("PostgreSQL")
        };
        diesel::sql_query("SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()")
            .get_result::<Count>(pg)
            .unwrap()
            .n
    };
    let state = db.state();
    let probe = state.health.clone();
    let app = test::init_service(chelem::chelem_app!(state)).await;
    let settle = std::time::Duration::from_millis(1500);
    actix_web::rt::time::sleep(settle).await;
    let before = commits(&db);
    let start = std::time::Instant::now();
    let mut asked = 0;
    while asked < 200 || start.elapsed() < FRESH * 3 {
        let resp = test::call_service(&app, test::TestRequest::get().uri("/healthz").to_request()).await;
        assert_eq!(resp.status(), StatusCode::OK);
        asked += 1;
    }
    let took = start.elapsed();
    // One check per FRESH at most (a window begun at each end: + 2).
    let windows = (took.as_millis() / FRESH.as_millis()) as u64 + 2;
    let checks = probe.checks();
    assert!(
        (1..=windows).contains(&checks),
        "{asked} requests in {took:?}: {checks} checks, at most {windows} expected"
    );
    actix_web::rt::time::sleep(settle).await;
    let seen = commits(&db) - before;
    // Each check two transactions (the pool tests the connection it hands
    // out, then the check), the counter's readings and late statistics
    // besides: far below one per request.
    let most = 2 * windows as i64 + 20;
    assert!(
        (1..=most).contains(&seen) && (most as usize) < asked / 4,
        "{asked} requests in {took:?}: {seen} transactions, at most {most} expected"
    );
}

crate::test_case!(async healthz_reports_an_unreachable_database);
async fn healthz_reports_an_unreachable_database() {
    // A pool aimed at a port where no database listens.
    let manager = chelem::db::Manager::new("postgres://postgres@127.0.0.1:9/none").unwrap();
    let pool = diesel::r2d2::Pool::builder()
        .connection_timeout(std::time::Duration::from_millis(300))
        .build_unchecked(manager);
    let state = chelem::web::AppState::new(pool, "postgres://postgres@127.0.0.1:9/none", Default::default()).unwrap();
    let app = test::init_service(chelem::chelem_app!(state)).await;
    let resp = test::call_service(&app, test::TestRequest::get().uri("/healthz").to_request()).await;
    assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE);
    let v: serde_json::Value = test::read_body_json(resp).await;
    assert_eq!(v["status"], "unavailable");
}

both_backends!(api_score_gives_the_cli_answers, |db: TestDb| async move {
    let app = app!(db);
    let record = serde_json::json!({"players": 5, "taker": 0, "partner": 3, "contract": "garde", "oudlers": 2,
        "points": 43.5, "handfuls": [{"seat": 1, "size": "simple"}], "petit_au_bout": "attack",
        "chelem": {"announced": false, "made_by": null}});
    let req = test::TestRequest::post()
        .uri("/api/score")
        .set_json(&record)
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let v: serde_json::Value = test::read_body_json(resp).await;
    let lib = chelem::tarot::score_value(&record, &chelem::tarot::ScoringRules::default()).unwrap();
    assert_eq!(v, serde_json::to_value(&lib).unwrap());
    // S = (25 + 3 + 10) × 2 + 20 = 96: taker +192, partner +96, defenders −96.
    assert_eq!(v["scores"], serde_json::json!([192, -96, -96, 96, -96]));

    let bad =
        serde_json::json!({"players": 4, "taker": 0, "partner": 2, "contract": "garde", "oudlers": 2, "points": 50});
    let req = test::TestRequest::post().uri("/api/score").set_json(&bad).to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v: serde_json::Value = test::read_body_json(resp).await;
    assert_eq!(v, serde_json::json!({"error": "partner is only for 5 players"}));

    let req = test::TestRequest::post()
        .uri("/api/score")
        .insert_header((header::CONTENT_TYPE, "application/json"))
        .set_payload("{\"players\": 4,")
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let v: serde_json::Value = test::read_body_json(resp).await;
    assert!(v["error"].as_str().unwrap().starts_with("malformed JSON"));
});

both_backends!(
    a_guesser_on_the_clubs_wifi_does_not_lock_out_other_accounts,
    |db: TestDb| async move {
        create_user(&db, "arbitre", "tres-secret-42");
        let app = app!(db);
        let mut jar = Jar::default();
        let resp = test::call_service(&app, test::TestRequest::get().uri("/login").to_request()).await;
        jar.absorb(&resp);
        // Guessing many accounts from one address (a club's shared Wi-Fi)…
        for i in 0..20 {
            let user = format!("user{i}");
            let resp = test::call_service(&app, login_from(&jar, &user, "devine", "192.0.2.7:5000")).await;
            assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
        }
        // …does not stop the organizer on the same Wi-Fi.
        let resp = test::call_service(&app, login_from(&jar, "arbitre", "tres-secret-42", "192.0.2.7:5001")).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    }
);
