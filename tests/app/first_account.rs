//! The first organizer account, made in the browser, on both databases: the
//! real `chelem serve` on a database without any account prints a one-time
//! link; its page makes the account and logs it in; then the link is dead
//! and the login page no longer points to it. Bad input, wrong codes and
//! tabs racing, in-process.

use actix_web::http::{header, StatusCode};
use actix_web::test;
use diesel::prelude::*;

use crate::common;
use chelem::db::schema::users;
use chelem::secrets::new_token;
use chelem::web::{AppState, WebConfig};
use common::browser::{Launch, RealServer};
use common::hostile::{exchange, form_body, form_head, Answer, Visitor};
use common::http::{fresh_browser, PASSWORD, USER};
use common::TestDb;

/// The login page's sentence on the first account (its class).
const HINT: &str = r#"class="warning first-account""#;
/// What a dead link says.
const CLOSED: &str = "Le compte organisateur existe déjà\u{a0}: connectez-vous.";

/// The accounts stored: (name, password hash), in order.
fn accounts(db: &TestDb) -> Vec<(String, String)> {
    users::table
        .select((users::username, users::password_hash))
        .order(users::id)
        .load(&mut *db.conn())
        .unwrap()
}

/// A GET of `path` from the real server at `addr`, with `cookies`.
fn get(addr: &str, path: &str, cookies: &str) -> Answer {
    exchange(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookies}"),
        vec![],
    )
}

/// A form POST of `pairs` to the real server at `addr`, with `cookies`.
fn post(addr: &str, path: &str, cookies: &str, pairs: &[(&str, &str)]) -> Answer {
    let body = form_body(pairs);
    let head = form_head("POST", path, cookies, body.len()).replace("Host: t\r\n", &format!("Host: {addr}\r\n"));
    exchange(addr, &head, body)
}

fn location(a: &Answer) -> &str {
    a.headers
        .iter()
        .find(|(k, _)| k == "location")
        .map_or("", |(_, v)| v.as_str())
}

both_backends!(
    a_new_server_prints_a_link_that_makes_the_first_account_once,
    |db: TestDb| async move {
        let launch = Launch {
            no_account: true,
            ..Launch::default()
        };
        let mut server = RealServer::launch(Some(&db.url), launch);
        let addr = server.addr.clone();
        let lines = server.printed();
        let prefix = format!("Premier compte : http://{addr}/setup/");
        let code = lines
            .iter()
            .find_map(|l| l.strip_prefix(&prefix))
            .unwrap_or_else(|| panic!("no link to the first account: {lines:?}"))
            .to_owned();
        // The console speaks one language, the server's default (French):
        // every line the server printed is one of its French lines.
        let french = [
            "Chelem tourne sur http://",
            "Sur le réseau : http://",
            "Liens et QR codes des tables : ",
            "Seul cet ordinateur atteint le serveur : ",
            "Premier compte : http://",
            "Premier compte, sur le réseau : http://",
            "(aucun compte arbitre pour l'instant : ce lien crée le premier, une seule fois)",
        ];
        let other: Vec<&String> = lines
            .iter()
            .filter(|l| !french.iter().any(|f| l.starts_with(f)))
            .collect();
        assert!(other.is_empty(), "lines not in French: {other:?}");
        assert!(
            code.len() == 64 && code.bytes().all(|b| b.is_ascii_hexdigit()),
            "{code}"
        );

        // The login page says where the first account is made.
        let login = get(&addr, "/login", "");
        assert_eq!(login.status, 200);
        assert!(login.body.contains(HINT), "{}", login.body);
        assert!(
            login
                .body
                .contains("le lien «\u{a0}Premier compte\u{a0}» que le serveur a affiché"),
            "{}",
            login.body
        );

        // So does its answer to a login that cannot succeed.
        let csrf = login.cookie("chelem_csrf").expect("a CSRF cookie");
        let form = [
            ("csrf", csrf.as_str()),
            ("username", USER),
            ("password", PASSWORD),
            ("next", "/"),
        ];
        let failed = post(&addr, "/login", &format!("chelem_csrf={csrf}"), &form);
        assert_eq!(failed.status, 401);
        assert!(failed.body.contains(HINT), "{}", failed.body);

        // A code that is not the server's: no such page.
        for wrong in [new_token(""), code[..63].to_owned(), format!("{code}0")] {
            assert_eq!(get(&addr, &format!("/setup/{wrong}"), "").status, 404, "{wrong}");
        }

        // The link's page, then its form: the account, logged in.
        let path = format!("/setup/{code}");
        let page = get(&addr, &path, "");
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(page.body.contains(&format!(r#"action="{path}""#)), "{}", page.body);
        let csrf = page.cookie("chelem_csrf").expect("a CSRF cookie");
        let form = [
            ("csrf", csrf.as_str()),
            ("username", USER),
            ("password", PASSWORD),
            ("password_again", PASSWORD),
        ];
        let made = post(&addr, &path, &format!("chelem_csrf={csrf}"), &form);
        assert_eq!((made.status, location(&made)), (303, "/tournaments"), "{}", made.body);
        let session = made.cookie("chelem_session").expect("logged in");
        let home = get(&addr, "/tournaments", &format!("chelem_session={session}"));
        assert_eq!(home.status, 200, "{}", home.body);
        assert!(home.body.contains(r#"href="/account/password""#), "{}", home.body);
        let stored = accounts(&db);
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].0, USER);
        assert!(stored[0].1.starts_with("$argon2id$"), "{}", stored[0].1);

        // The link is dead now, read or posted; nothing more is made.
        let dead = get(&addr, &path, "");
        assert_eq!(dead.status, 410);
        assert!(dead.body.contains(CLOSED), "{}", dead.body);
        let form = [
            ("csrf", csrf.as_str()),
            ("username", "autre"),
            ("password", PASSWORD),
            ("password_again", PASSWORD),
        ];
        let again = post(&addr, &path, &format!("chelem_csrf={csrf}"), &form);
        assert_eq!(again.status, 410);
        assert!(again.body.contains(CLOSED), "{}", again.body);
        assert_eq!(accounts(&db).len(), 1);

        // The login page no longer speaks of it; the account logs in there.
        let login = get(&addr, "/login", "");
        assert_eq!(login.status, 200);
        assert!(!login.body.contains(HINT), "{}", login.body);
        Visitor::log_in(&addr, &addr, PASSWORD);

        // Started again on a database with an account: no link, and the
        // old code is no page at all.
        server.kill();
        server.restart();
        let lines = server.printed();
        assert!(lines[0].starts_with("Chelem tourne sur"), "{lines:?}");
        assert!(
            !lines
                .iter()
                .any(|l| l.contains("Premier compte") || l.contains("/setup/")),
            "{lines:?}"
        );
        assert_eq!(get(&server.addr, &path, "").status, 404);
    }
);

/// The in-process app of a server that printed the link of `code`.
fn state_with_code(db: &TestDb, code: &str) -> AppState {
    let config = WebConfig {
        setup_code: Some(code.to_owned()),
        ..WebConfig::default()
    };
    AppState::new(db.pool.clone(), &db.url, config).expect("app state")
}

both_backends!(
    bad_first_account_input_is_refused_with_its_sentence_and_nothing_written,
    |db: TestDb| async move {
        let code = new_token("");
        let app = test::init_service(chelem::chelem_app!(state_with_code(&db, &code))).await;
        let mut jar = fresh_browser(&app).await;
        let path = format!("/setup/{code}");
        let short = "abc1234";
        let cases = [
            (
                [USER, short, short],
                "Le mot de passe doit compter au moins 8 caractères.",
            ),
            (
                [USER, PASSWORD, "tres-secret-43"],
                "Les deux mots de passe tapés ne sont pas les mêmes.",
            ),
            (["", PASSWORD, PASSWORD], "doit compter de 1 à 64 lettres"),
            (["  ", PASSWORD, PASSWORD], "doit compter de 1 à 64 lettres"),
            (["l arbitre", PASSWORD, PASSWORD], "doit compter de 1 à 64 lettres"),
        ];
        for ([name, password, again], sentence) in cases {
            let fields = [("username", name), ("password", password), ("password_again", again)];
            let (status, body, _) = common::http::post(&app, &mut jar, &path, &fields).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}: {body}");
            assert!(body.contains(sentence), "{name:?}: {body}");
            // The form again, the name as typed, never a password.
            assert!(
                body.contains(&format!(r#"name="username" value="{name}""#)),
                "{name:?}: {body}"
            );
            assert!(!body.contains(password) && !body.contains(again), "{body}");
            assert!(accounts(&db).is_empty(), "{name:?}: an account was stored");
        }

        // In English for a visitor who chose it.
        jar.0.insert("chelem_lang".into(), "en".into());
        let fields = [
            ("username", USER),
            ("password", PASSWORD),
            ("password_again", "autre-chose"),
        ];
        let (status, body, _) = common::http::post(&app, &mut jar, &path, &fields).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(body.contains("The two passwords typed are not the same."), "{body}");

        // Without the form's CSRF token: refused as every form.
        let req = test::TestRequest::post()
            .uri(&path)
            .insert_header((header::COOKIE, jar.header()))
            .set_form([("username", USER), ("password", PASSWORD), ("password_again", PASSWORD)])
            .to_request();
        assert_eq!(test::call_service(&app, req).await.status(), StatusCode::FORBIDDEN);

        // Another code: no such page, read or posted.
        let other = format!("/setup/{}", new_token(""));
        assert_eq!(common::http::get(&app, &jar, &other).await.0, StatusCode::NOT_FOUND);
        let fields = [("username", USER), ("password", PASSWORD), ("password_again", PASSWORD)];
        let (status, _, _) = common::http::post(&app, &mut jar, &other, &fields).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // A server that printed no link (it had an account at start) has no such page.
        let plain = test::init_service(chelem::chelem_app!(db.other_instance(1))).await;
        assert_eq!(common::http::get(&plain, &jar, &path).await.0, StatusCode::NOT_FOUND);
        assert!(accounts(&db).is_empty());
    }
);

both_backends!(tabs_posting_at_once_make_exactly_one_account, |db: TestDb| async move {
    let code = new_token("");
    let app = test::init_service(chelem::chelem_app!(state_with_code(&db, &code))).await;
    let path = format!("/setup/{code}");
    let csrf = new_token("");
    // Four tabs, four names: a unique name cannot be what stops the others.
    let tab = |name: &str| {
        let req = test::TestRequest::post()
            .uri(&path)
            .insert_header((header::COOKIE, format!("chelem_csrf={csrf}")))
            .set_form([
                ("csrf", csrf.as_str()),
                ("username", name),
                ("password", PASSWORD),
                ("password_again", PASSWORD),
            ])
            .to_request();
        test::call_service(&app, req)
    };
    let answers = tokio::join!(tab("arbitre"), tab("adjoint"), tab("tresorier"), tab("president"));
    let answers = [answers.0, answers.1, answers.2, answers.3];
    let mut made = Vec::new();
    for (i, resp) in answers.into_iter().enumerate() {
        let status = resp.status();
        let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
        match status {
            StatusCode::SEE_OTHER => made.push(i),
            StatusCode::GONE => assert!(body.contains(CLOSED), "{body}"),
            other => panic!("tab {i}: {other} {body}"),
        }
    }
    assert_eq!(made.len(), 1, "one tab makes the account");
    let names = ["arbitre", "adjoint", "tresorier", "president"];
    let stored: Vec<String> = accounts(&db).into_iter().map(|(name, _)| name).collect();
    assert_eq!(stored, [names[made[0]]]);
});
