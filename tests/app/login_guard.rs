//! The login's brakes on both databases, in-process: one check at a time per
//! account, a guesser on the organizer's own address who cannot keep them
//! out, the bounded pool of password checks, and the client's address and
//! scheme taken from a trusted proxy only. The waits are made short through
//! `WebConfig::login`; the rules are those of the real server.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use actix_web::http::{header, StatusCode};
use actix_web::test;
use diesel::prelude::*;

use crate::common;
use chelem::db::schema::login_attempts;
use chelem::web::auth::{LoginLimits, FREE_FAILURES};
use chelem::web::{AppState, WebConfig};
use common::http::{fresh_browser as browser, PASSWORD, USER};
use common::{create_user, Jar, TestDb};

/// An app state on `db` with `config`.
fn state_with(db: &TestDb, config: WebConfig) -> AppState {
    AppState::new(db.pool.clone(), &db.url, config).expect("app state")
}

/// Waits of 200 ms doubling up to 400 ms: the real rules, quickly.
fn quick_limits() -> LoginLimits {
    LoginLimits {
        first_delay: Duration::from_millis(200),
        max_delay: Duration::from_millis(400),
        ..LoginLimits::default()
    }
}

/// A login post of `user` from the socket peer `peer`, with the jar's
/// cookies and CSRF token and the extra `headers`.
fn login_req(jar: &Jar, user: &str, password: &str, peer: &str, headers: &[(&str, &str)]) -> actix_http::Request {
    let csrf = jar.get("chelem_csrf").unwrap().to_owned();
    let mut req = test::TestRequest::post()
        .uri("/login")
        .peer_addr(peer.parse().unwrap())
        .insert_header((header::COOKIE, jar.header()));
    for (k, v) in headers {
        req = req.insert_header((k.to_string(), v.to_string()));
    }
    req.set_form([
        ("csrf", csrf.as_str()),
        ("username", user),
        ("password", password),
        ("next", "/"),
    ])
    .to_request()
}

/// The stored attempts of `user`: (address, success), in order.
fn attempts(db: &TestDb, user: &str) -> Vec<(String, bool)> {
    login_attempts::table
        .filter(login_attempts::username.eq(user))
        .order(login_attempts::id)
        .select((login_attempts::address, login_attempts::success))
        .load(&mut *db.conn())
        .unwrap()
}

async fn body<B: actix_web::body::MessageBody>(resp: actix_web::dev::ServiceResponse<B>) -> String {
    String::from_utf8(test::read_body(resp).await.to_vec()).unwrap()
}

both_backends!(
    forty_wrong_passwords_at_once_get_the_free_checks_only,
    |db: TestDb| async move {
        create_user(&db, USER, PASSWORD);
        let app = Rc::new(test::init_service(chelem::chelem_app!(db.state())).await);
        let jar = browser(&*app).await;
        let tasks: Vec<_> = (0..40)
            .map(|i| {
                let (app, req) = (
                    app.clone(),
                    login_req(&jar, USER, &format!("faux-{i}"), "192.0.2.7:5000", &[]),
                );
                actix_web::rt::spawn(async move {
                    let resp = test::call_service(&*app, req).await;
                    let retry = resp.headers().get(header::RETRY_AFTER).is_some();
                    (resp.status(), retry)
                })
            })
            .collect();
        let mut answers = Vec::new();
        for t in tasks {
            answers.push(t.await.unwrap());
        }
        let count = |s| answers.iter().filter(|(status, _)| *status == s).count();
        assert_eq!(count(StatusCode::UNAUTHORIZED), FREE_FAILURES as usize, "{answers:?}");
        assert_eq!(count(StatusCode::TOO_MANY_REQUESTS), 40 - FREE_FAILURES as usize);
        assert!(answers
            .iter()
            .all(|(s, retry)| *retry == (*s == StatusCode::TOO_MANY_REQUESTS)));
        // Only the checked ones are stored: one per argon2 check.
        assert_eq!(attempts(&db, USER).len(), FREE_FAILURES as usize);
    }
);

both_backends!(
    a_guesser_on_the_same_address_cannot_keep_the_organizer_out,
    |db: TestDb| async move {
        create_user(&db, USER, PASSWORD);
        let config = WebConfig {
            login: quick_limits(),
            ..WebConfig::default()
        };
        let app = Rc::new(test::init_service(chelem::chelem_app!(state_with(&db, config))).await);
        // Everyone comes from the club's one address.
        let club = "203.0.113.10:4000";
        // The organizer logged in on their laptop the day before, and out.
        let mut laptop = browser(&*app).await;
        let resp = test::call_service(&*app, login_req(&laptop, USER, PASSWORD, club, &[])).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        laptop.absorb(&resp);
        assert!(laptop.get("chelem_device").is_some(), "a known-device cookie");
        laptop.0.remove("chelem_session");

        // A guesser on the same address hammers the account without pause.
        let guesser = browser(&*app).await;
        let done = Rc::new(Cell::new(false));
        let hammer = {
            let (app, done) = (app.clone(), done.clone());
            actix_web::rt::spawn(async move {
                let (mut checked, mut refused, mut i) = (0, 0, 0);
                // At least 30 tries, however quickly the rest of the test
                // goes: a handful would say nothing of "mostly".
                while !done.get() || i < 30 {
                    i += 1;
                    let resp = test::call_service(&*app, login_req(&guesser, USER, &format!("g{i}"), club, &[])).await;
                    match resp.status() {
                        StatusCode::UNAUTHORIZED => checked += 1,
                        StatusCode::TOO_MANY_REQUESTS => refused += 1,
                        other => panic!("the guesser got {other}"),
                    }
                    actix_web::rt::task::yield_now().await;
                }
                (checked, refused)
            })
        };
        // The guesser has run into the wall: a fresh browser is told to wait.
        let fresh = browser(&*app).await;
        let mut told_to_wait = false;
        for _ in 0..50 {
            let resp = test::call_service(&*app, login_req(&fresh, USER, "encore-faux", club, &[])).await;
            if resp.status() == StatusCode::TOO_MANY_REQUESTS {
                told_to_wait = true;
                break;
            }
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(
            told_to_wait,
            "the account's wait applies to every browser on the address"
        );
        // A forged device cookie is nobody's.
        let mut forged = Jar(fresh.0.clone());
        forged
            .0
            .insert("chelem_device".into(), format!("{}.{}", "a".repeat(64), "b".repeat(64)));
        let resp = test::call_service(&*app, login_req(&forged, USER, PASSWORD, club, &[])).await;
        assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);

        // The organizer's laptop gets in at once, the guesser still at it.
        let resp = test::call_service(&*app, login_req(&laptop, USER, PASSWORD, club, &[])).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER, "{}", body(resp).await);
        done.set(true);
        let (checked, refused) = hammer.await.unwrap();
        assert!(
            refused > checked,
            "the guesser is mostly refused: {checked} checked, {refused} refused"
        );

        // However many failures, the wait stays under the cap: the right
        // password, typed on a fresh browser once it is over, goes through.
        let resp = test::call_service(&*app, login_req(&fresh, USER, PASSWORD, club, &[])).await;
        if resp.status() == StatusCode::TOO_MANY_REQUESTS {
            let secs = resp
                .headers()
                .get(header::RETRY_AFTER)
                .unwrap()
                .to_str()
                .unwrap()
                .to_owned();
            assert_eq!(secs, "1", "400 ms at most, rounded up");
            assert!(body(resp).await.contains("Réessayez dans 1 s"));
            actix_web::rt::time::sleep(Duration::from_millis(450)).await;
            let resp = test::call_service(&*app, login_req(&fresh, USER, PASSWORD, club, &[])).await;
            assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        } else {
            assert_eq!(resp.status(), StatusCode::SEE_OTHER, "the wait was already over");
        }
    }
);

both_backends!(a_flood_of_logins_is_answered_busy_not_queued, |db: TestDb| async move {
    // No wait for a free check: what finds none is answered at once.
    let config = WebConfig {
        login: LoginLimits {
            hash_wait: Duration::ZERO,
            ..LoginLimits::default()
        },
        ..WebConfig::default()
    };
    let app = Rc::new(test::init_service(chelem::chelem_app!(state_with(&db, config))).await);
    let jar = browser(&*app).await;
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let (app, req) = (
                app.clone(),
                login_req(&jar, &format!("inconnu-{i}"), "x", "192.0.2.9:1", &[]),
            );
            actix_web::rt::spawn(async move {
                let resp = test::call_service(&*app, req).await;
                let (status, retry) = (resp.status(), resp.headers().get(header::RETRY_AFTER).cloned());
                (status, retry, body(resp).await)
            })
        })
        .collect();
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.unwrap());
    }
    let busy: Vec<_> = answers
        .iter()
        .filter(|a| a.0 == StatusCode::SERVICE_UNAVAILABLE)
        .collect();
    let checked = answers.iter().filter(|a| a.0 == StatusCode::UNAUTHORIZED).count();
    assert_eq!(busy.len() + checked, 8, "401 or 503, nothing else");
    assert!(!busy.is_empty(), "one check at a time: the others are turned away");
    for (_, retry, page) in &busy {
        assert_eq!(retry.as_ref().unwrap(), "2");
        assert!(
            page.contains("Le serveur vérifie d") && page.contains("Réessayez dans 2 s"),
            "{page}"
        );
    }
    // Nothing checked, nothing stored.
    let stored: i64 = login_attempts::table.count().get_result(&mut *db.conn()).unwrap();
    assert_eq!(stored as usize, checked);
});

both_backends!(
    only_a_trusted_proxy_names_the_client_and_the_scheme,
    |db: TestDb| async move {
        create_user(&db, USER, PASSWORD);
        let config = WebConfig {
            trusted_proxies: vec!["10.0.0.1".parse().unwrap()],
            ..WebConfig::default()
        };
        let app = test::init_service(chelem::chelem_app!(state_with(&db, config))).await;
        let forwarded = [
            ("X-Forwarded-For", "192.0.2.99, 198.51.100.7"),
            ("X-Forwarded-Proto", "https"),
        ];
        let secure = |resp: &actix_web::dev::ServiceResponse<_>, name: &str| {
            let c = resp.response().cookies().find(|c| c.name() == name).unwrap();
            c.secure() == Some(true)
        };
        // Through the proxy: the client's address is the one it saw.
        let jar = browser(&app).await;
        let resp = test::call_service(&app, login_req(&jar, USER, "faux", "10.0.0.1:3000", &forwarded)).await;
        assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
        // Straight from a client: its headers are its own words.
        let resp = test::call_service(&app, login_req(&jar, USER, "faux", "192.0.2.50:3000", &forwarded)).await;
        assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
        // Stored under the browser's lane, with the address it came from.
        let stored = attempts(&db, USER);
        let from: Vec<_> = stored
            .iter()
            .map(|(key, ok)| (key.rsplit(" from ").next().unwrap(), *ok))
            .collect();
        assert_eq!(from, [("198.51.100.7", false), ("192.0.2.50", false)]);
        assert!(stored.iter().all(|(key, _)| key.starts_with("lane ")), "{stored:?}");
        // Over https at the proxy: the cookies are Secure.
        let resp = test::call_service(&app, login_req(&jar, USER, PASSWORD, "10.0.0.1:3000", &forwarded)).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        for name in ["chelem_session", "chelem_csrf", "chelem_device"] {
            assert!(secure(&resp, name), "{name} Secure behind https");
        }
        // The same claim from an untrusted peer, or plain http at the proxy: not Secure.
        let resp = test::call_service(&app, login_req(&jar, USER, PASSWORD, "192.0.2.50:3000", &forwarded)).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        assert!(!secure(&resp, "chelem_session"));
        let http = [("X-Forwarded-For", "198.51.100.7"), ("X-Forwarded-Proto", "http")];
        let resp = test::call_service(&app, login_req(&jar, USER, PASSWORD, "10.0.0.1:3000", &http)).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        assert!(!secure(&resp, "chelem_session"));
        // A fresh visitor's CSRF cookie follows the same rule.
        let req = test::TestRequest::get()
            .uri("/login")
            .peer_addr("10.0.0.1:3000".parse().unwrap())
            .insert_header(("X-Forwarded-Proto", "https"))
            .to_request();
        assert!(secure(&test::call_service(&app, req).await, "chelem_csrf"));
    }
);

/// A browser's first visit to the login page from the socket peer `peer`:
/// its cookies (the CSRF token, and its lane).
async fn browser_at<S, B>(app: &S, peer: &str) -> Jar
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let mut jar = Jar::default();
    let req = test::TestRequest::get()
        .uri("/login")
        .peer_addr(peer.parse().unwrap())
        .to_request();
    jar.absorb(&test::call_service(app, req).await);
    jar
}

/// What a guesser trying the account once every `every` from `peer` got:
/// passwords checked, and attempts held back.
#[derive(Debug, Default, Clone, Copy)]
struct Tries {
    checked: usize,
    held: usize,
}

both_backends!(
    a_new_browser_gets_in_while_a_guesser_tries_from_its_address,
    |db: TestDb| async move {
        // The real brakes (1 s doubling up to 8 s), two accounts, two clubs:
        // a guesser at one try a second on one, twenty on the other.
        let app = Rc::new(test::init_service(chelem::chelem_app!(db.state())).await);
        let cases = [
            ("arbitre-a", "203.0.113.21:4000", 1),
            ("arbitre-b", "203.0.113.22:4000", 20),
        ];
        for (user, _, _) in cases {
            create_user(&db, user, PASSWORD);
        }
        let mut runs = Vec::new();
        for (user, club, per_second) in cases {
            let app = app.clone();
            runs.push(actix_web::rt::spawn(async move {
                let guesser = browser_at(&*app, club).await;
                let tries = Rc::new(Cell::new(Tries::default()));
                let done = Rc::new(Cell::new(false));
                let hammer = {
                    let (app, tries, done) = (app.clone(), tries.clone(), done.clone());
                    actix_web::rt::spawn(async move {
                        let mut i = 0;
                        while !done.get() {
                            i += 1;
                            let resp =
                                test::call_service(&*app, login_req(&guesser, user, &format!("g{i}"), club, &[])).await;
                            let mut t = tries.get();
                            match resp.status() {
                                StatusCode::UNAUTHORIZED => t.checked += 1,
                                StatusCode::TOO_MANY_REQUESTS => t.held += 1,
                                other => panic!("the guesser got {other}"),
                            }
                            tries.set(t);
                            actix_web::rt::time::sleep(Duration::from_millis(1000 / per_second)).await;
                        }
                    })
                };
                // The guesser has run into the account's wait.
                actix_web::rt::time::sleep(Duration::from_millis(3200)).await;
                assert!(tries.get().held > 0 || per_second == 1, "{user}: {:?}", tries.get());
                let before = tries.get();
                // A browser that never logged in, on the same address, with
                // the right password: in at once.
                let started = std::time::Instant::now();
                let mut fresh = browser_at(&*app, club).await;
                let resp = test::call_service(&*app, login_req(&fresh, user, PASSWORD, club, &[])).await;
                assert_eq!(resp.status(), StatusCode::SEE_OTHER, "{user}: {}", body(resp).await);
                assert!(started.elapsed() < Duration::from_secs(5));
                fresh.absorb(&resp);
                // The success lifts nobody else's brake: the guesser's
                // failures are all still counted, its next try held back.
                let failures = |db: &TestDb| attempts(db, user).iter().filter(|(_, ok)| !ok).count();
                actix_web::rt::time::sleep(Duration::from_millis(1500)).await;
                done.set(true);
                hammer.await.unwrap();
                let after = tries.get();
                (user, before, after, failures)
            }));
        }
        for run in runs {
            let (user, before, after, failures) = run.await.unwrap();
            // About 4.7 s of guessing: the 3 free checks, then one after
            // 1 s and one after 2 more; the success reset nothing.
            assert!(
                (FREE_FAILURES as usize..=FREE_FAILURES as usize + 2).contains(&after.checked),
                "{user}: {after:?}"
            );
            assert_eq!(failures(&db), after.checked, "{user}: every failure still counted");
            assert!(after.checked - before.checked <= 1, "{user}: {before:?} then {after:?}");
        }
    }
);
