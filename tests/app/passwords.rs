//! Passwords changed, on both databases: by `chelem user passwd`, and by
//! the organizer on their own page. The old password stops opening, the
//! new one opens, the other sessions end; a wrong current password is
//! refused, counts as a failed login, and meets the login's brakes.

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::test;
use diesel::prelude::*;

use crate::common;
use chelem::db::schema::{login_attempts, users};
use chelem::web::auth::{LoginLimits, FREE_FAILURES};
use chelem::web::{AppState, WebConfig};
use common::http::{get, login, login_as, post, PASSWORD, USER};
use common::{create_user, Jar, TestDb};

/// The password the tests change to.
const NEW: &str = "nouveau-secret-43";

/// The organizer's stored password hash.
fn stored_hash(db: &TestDb) -> String {
    users::table
        .filter(users::username.eq(USER))
        .select(users::password_hash)
        .first(&mut *db.conn())
        .unwrap()
}

/// The status of a login of [`USER`] with `password` from a browser that
/// never logged in.
async fn login_status<S, B>(app: &S, password: &str) -> StatusCode
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    login_as(app, &mut Jar::default(), USER, password).await.status()
}

both_backends!(
    user_passwd_changes_the_password_and_ends_the_sessions,
    |db: TestDb| async move {
        create_user(&db, USER, PASSWORD);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = Jar::default();
        login(&app, &mut jar).await;
        assert_eq!(get(&app, &jar, "/tournaments").await.0, StatusCode::OK);

        let (ok, out, err) = common::chelem(&db.url, &["user", "passwd", USER], &format!("{NEW}\n"));
        assert!(ok, "{err}");
        assert!(out.contains(&format!("password of \"{USER}\" changed")), "{out}");
        // The session of before is over; the old password opens no more, the new one does.
        let (status, _, location) = get(&app, &jar, "/tournaments").await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert!(location.unwrap().starts_with("/login?next="));
        assert_eq!(login_status(&app, PASSWORD).await, StatusCode::UNAUTHORIZED);
        assert_eq!(login_status(&app, NEW).await, StatusCode::SEE_OTHER);

        // Refused with a sentence and a failing exit code; nothing changed.
        let hash = stored_hash(&db);
        for (name, input, said) in [
            ("personne", "un-mot-de-passe\n", "there is no user named \"personne\""),
            (USER, "court\n", "at least 8 characters"),
            (USER, "", "no password on standard input"),
        ] {
            let (ok, out, err) = common::chelem(&db.url, &["user", "passwd", name], input);
            assert!(!ok, "{name} {input:?}: {out}");
            assert!(err.contains(said), "{name} {input:?}: {err}");
        }
        assert_eq!(stored_hash(&db), hash);
    }
);

/// The app on `db` with waits of an hour after the free failures: a test
/// that meets the brakes does not depend on how fast it runs.
fn patient_app_state(db: &TestDb) -> AppState {
    let config = WebConfig {
        login: LoginLimits {
            first_delay: Duration::from_secs(3600),
            max_delay: Duration::from_secs(3600),
            ..LoginLimits::default()
        },
        ..WebConfig::default()
    };
    AppState::new(db.pool.clone(), &db.url, config).expect("app state")
}

both_backends!(
    an_organizer_changes_their_own_password_from_their_page,
    |db: TestDb| async move {
        create_user(&db, USER, PASSWORD);
        let app = test::init_service(chelem::chelem_app!(patient_app_state(&db))).await;
        let (mut here, mut elsewhere) = (Jar::default(), Jar::default());
        login(&app, &mut here).await;
        login(&app, &mut elsewhere).await;
        // The header of the organizer's pages leads to the page.
        let (_, body, _) = get(&app, &here, "/tournaments").await;
        assert!(body.contains(r#"<a class="who" href="/account/password""#), "{body}");
        let (status, body, _) = get(&app, &here, "/account/password").await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            body.contains(r#"name="current""#) && body.contains(r#"name="new_again""#),
            "{body}"
        );

        // Refused, nothing changed: the new password's rules, the same
        // twice, the current password.
        let hash = stored_hash(&db);
        for (fields, sentence) in [
            (
                [("current", PASSWORD), ("new", "abc1234"), ("new_again", "abc1234")],
                "Le mot de passe doit compter au moins 8 caractères.",
            ),
            (
                [("current", PASSWORD), ("new", NEW), ("new_again", "autre-chose-99")],
                "Les deux mots de passe tapés ne sont pas les mêmes.",
            ),
            (
                [("current", "pas-le-bon-1"), ("new", NEW), ("new_again", NEW)],
                "Le mot de passe actuel n&#39;est pas le bon",
            ),
        ] {
            let (status, body, _) = post(&app, &mut here, "/account/password", &fields).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert!(body.contains(sentence), "{body}");
            for (_, typed) in fields {
                assert!(!body.contains(typed), "{typed} shown: {body}");
            }
            assert_eq!(stored_hash(&db), hash);
        }
        // The wrong current password is a failed login of the account.
        let failures: i64 = login_attempts::table
            .filter(login_attempts::username.eq(USER))
            .filter(login_attempts::success.eq(false))
            .count()
            .get_result(&mut *db.conn())
            .unwrap();
        assert_eq!(failures, 1);

        // The change: said on the page; this browser stays logged in, the
        // other session is over; the old password opens no more, the new one does.
        let fields = [("current", PASSWORD), ("new", NEW), ("new_again", NEW)];
        let (status, _, location) = post(&app, &mut here, "/account/password", &fields).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let location = location.unwrap();
        assert_eq!(location, "/account/password?changed=1");
        let (_, body, _) = get(&app, &here, &location).await;
        assert!(body.contains("Mot de passe changé."), "{body}");
        assert_eq!(get(&app, &here, "/tournaments").await.0, StatusCode::OK);
        let (status, _, _) = get(&app, &elsewhere, "/tournaments").await;
        assert_eq!(status, StatusCode::SEE_OTHER, "the other session still opens");
        assert_eq!(login_status(&app, PASSWORD).await, StatusCode::UNAUTHORIZED);
        assert_eq!(login_status(&app, NEW).await, StatusCode::SEE_OTHER);

        // Guessing the current password with a session (and no known-device
        // cookie): after the free failures, the wait, even for the right one.
        here.0.remove("chelem_device");
        let changed = stored_hash(&db);
        let guess = |current: &'static str| [("current", current), ("new", PASSWORD), ("new_again", PASSWORD)];
        // (The failures from before count: a success from a browser that
        // is not a known device forgets none of the account's failures.)
        let earlier: i64 = login_attempts::table
            .filter(login_attempts::username.eq(USER))
            .filter(login_attempts::success.eq(false))
            .count()
            .get_result(&mut *db.conn())
            .unwrap();
        assert!((1..FREE_FAILURES).contains(&earlier), "{earlier} failures kept");
        for _ in earlier..FREE_FAILURES {
            let (status, body, _) = post(&app, &mut here, "/account/password", &guess("encore-faux-1")).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        }
        let (status, body, _) = post(&app, &mut here, "/account/password", &guess(NEW)).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert!(body.contains("Trop de tentatives échouées pour ce compte."), "{body}");
        assert_eq!(stored_hash(&db), changed, "nothing changed while held back");
        assert_eq!(login_status(&app, NEW).await, StatusCode::TOO_MANY_REQUESTS);
    }
);
