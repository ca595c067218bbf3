//! Clubs on one server (issue 48, item 1; FORMATS.md "Clubs"), on both
//! databases: `chelem club add` and `chelem user add --club/--admin`,
//! `GET`/`POST /api/clubs`; a new tournament's or season's club; an
//! organizer of club A refused (403) on club B's settings, rounds, deal
//! corrections and exports, through the API and the pages, while the
//! public pages stay public and the administrator may do it all; the
//! migration that puts an existing server's tournaments, seasons and
//! accounts into the default club.

use crate::common;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use common::builder::{Built, TournamentBuilder};
use common::http::{call, get, login_as, post, PASSWORD, USER};
use common::{Jar, TestDb};
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::ops::clubs::{self, Membership};
use chelem::db::ops::{accounts, seasons};
use chelem::db::schema::{deal_scores, tournament_clubs};
use chelem::db::AnyConnection;

/// Runs `f` in one unit of work on `db`.
fn write<T>(db: &TestDb, f: impl FnOnce(&mut chelem::db::Tx<'_>) -> T) -> T {
    chelem::db::write(&mut db.conn(), |tx| Ok::<_, diesel::result::Error>(f(tx))).unwrap()
}

/// The clubs `name` acts for.
fn membership(db: &TestDb, name: &str) -> Membership {
    let conn: &mut AnyConnection = &mut db.conn();
    let user = chelem::db::models::User::find_by_username(conn, name).unwrap().unwrap();
    clubs::membership(conn, user.id).unwrap()
}

/// An API token of `name`.
fn token(db: &TestDb, name: &str) -> String {
    write(db, |tx| accounts::create_api_token(tx, name, "tests").unwrap())
}

both_backends!(cli_and_api_make_clubs_and_organizers, |db: TestDb| async move {
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    // A new server has its default club.
    let (status, list) = call(&app, Method::GET, "/api/clubs", None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list, json!([{"id": 1, "name": "Club", "town": ""}]));

    let pw = format!("{PASSWORD}\n");
    // The first account administers the default club.
    let (ok, out, err) = common::chelem(&db.url, &["user", "add", "gerant"], &pw);
    assert!(ok, "{out} {err}");
    assert_eq!(
        membership(&db, "gerant"),
        Membership {
            admin: true,
            clubs: vec![1]
        }
    );
    // One club: `user add` without --club joins it.
    let (ok, _, err) = common::chelem(&db.url, &["user", "add", "seul"], &pw);
    assert!(ok, "{err}");
    assert_eq!(
        membership(&db, "seul"),
        Membership {
            admin: false,
            clubs: vec![1]
        }
    );

    let (ok, out, err) = common::chelem(&db.url, &["club", "add", "Tarot Club Lyonnais"], "");
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "2");
    let (ok, _, err) = common::chelem(&db.url, &["user", "add", "lyon", "--club", "2"], &pw);
    assert!(ok, "{err}");
    assert_eq!(
        membership(&db, "lyon"),
        Membership {
            admin: false,
            clubs: vec![2]
        }
    );
    let (ok, _, err) = common::chelem(&db.url, &["user", "add", "double", "--club", "1", "--club", "2"], &pw);
    assert!(ok, "{err}");
    assert_eq!(
        membership(&db, "double"),
        Membership {
            admin: false,
            clubs: vec![1, 2]
        }
    );
    let (ok, _, err) = common::chelem(&db.url, &["user", "add", "chef", "--admin"], &pw);
    assert!(ok, "{err}");
    assert_eq!(
        membership(&db, "chef"),
        Membership {
            admin: true,
            clubs: vec![]
        }
    );
    // Refused with a sentence, nobody made.
    for (args, said) in [
        (vec!["user", "add", "perdu"], "several clubs"),
        (vec!["user", "add", "perdu", "--club", "99"], "there is no club 99"),
        (vec!["club", "add", "  "], "Give the club a name"),
    ] {
        let (ok, out, err) = common::chelem(&db.url, &args, &pw);
        assert!(!ok, "{args:?}: {out}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
    assert!(chelem::db::models::User::find_by_username(&mut db.conn(), "perdu")
        .unwrap()
        .is_none());

    // The API: an administrator makes a club, an organizer may not.
    let (admin, lyon) = (token(&db, "gerant"), token(&db, "lyon"));
    let body = json!({"name": "Club de Villeurbanne", "town": "Villeurbanne"});
    let (status, v) = call(&app, Method::POST, "/api/clubs", Some(&lyon), Some(body.clone())).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
    assert!(v["error"].as_str().unwrap().contains("administrator"), "{v}");
    let (status, _) = call(&app, Method::POST, "/api/clubs", None, Some(body.clone())).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, v) = call(&app, Method::POST, "/api/clubs", Some(&admin), Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v, json!({"id": 3}));
    for bad in [
        json!({"town": "Bron"}),
        json!({"name": 7}),
        json!({"name": "x".repeat(101)}),
    ] {
        let (status, v) = call(&app, Method::POST, "/api/clubs", Some(&admin), Some(bad.clone())).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {v}");
        assert!(v["error"].as_str().is_some_and(|s| s.ends_with('.')), "{v}");
    }
    let (status, list) = call(&app, Method::GET, "/api/clubs", None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        list,
        json!([
            {"id": 1, "name": "Club", "town": ""},
            {"id": 2, "name": "Tarot Club Lyonnais", "town": ""},
            {"id": 3, "name": "Club de Villeurbanne", "town": "Villeurbanne"},
        ])
    );
});

/// Two clubs: the default one (1), whose organizer is [`USER`], and the
/// Lyon club (2) of `lyon`; `double` organizes both, `gerant` (the first
/// account) administers the server without organizing any.
fn two_clubs(db: &TestDb) {
    write(db, |tx| {
        accounts::create_member(tx, "gerant", PASSWORD, &[], true).unwrap();
        accounts::create_user(tx, USER, PASSWORD).unwrap();
        let lyon = clubs::create(tx, "Tarot Club Lyonnais", "Lyon").unwrap();
        accounts::create_member(tx, "lyon", PASSWORD, &[lyon], false).unwrap();
        accounts::create_member(tx, "double", PASSWORD, &[1, lyon], false).unwrap();
    });
    assert_eq!(
        membership(db, "gerant"),
        Membership {
            admin: true,
            clubs: vec![]
        }
    );
    assert_eq!(
        membership(db, USER),
        Membership {
            admin: false,
            clubs: vec![1]
        }
    );
}

/// The default club's tournament: 8 players, round 1 seated, a deal at each
/// table (made below the web layer: owned by the default club).
fn home_tournament(db: &TestDb) -> Built {
    TournamentBuilder::new("Mardi du club")
        .rounds(3)
        .players(8)
        .seated(1)
        .deals(|t, k| (k == 1).then(|| json!({"taker": t.players[0], "contract": "garde", "oudlers": 2, "points": 50})))
        .build(&mut db.conn())
}

/// A logged-in browser of `name`.
async fn browser<S, B>(app: &S, name: &str) -> Jar
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let mut jar = Jar::default();
    let resp = login_as(app, &mut jar, name, PASSWORD).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    jar
}

/// The points stored for a tournament's deals (what a refused correction
/// must leave as it was).
fn points(db: &TestDb) -> Vec<(i32, i32)> {
    deal_scores::table
        .select((deal_scores::deal_id, deal_scores::score))
        .order((deal_scores::deal_id, deal_scores::player_id))
        .load(&mut db.conn())
        .unwrap()
}

both_backends!(new_tournaments_and_seasons_belong_to_a_club, |db: TestDb| async move {
    two_clubs(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let (home, lyon, double, admin) = (
        token(&db, USER),
        token(&db, "lyon"),
        token(&db, "double"),
        token(&db, "gerant"),
    );
    let owner = |id: &Value| -> i32 {
        tournament_clubs::table
            .find(id.as_i64().unwrap() as i32)
            .select(tournament_clubs::club_id)
            .first(&mut db.conn())
            .unwrap()
    };
    let new = |club: Option<i32>| {
        let mut v = json!({"name": "Open", "rounds": 3});
        if let Some(c) = club {
            v["club"] = json!(c);
        }
        Some(v)
    };
    // One club: theirs by default.
    let (status, v) = call(&app, Method::POST, "/api/tournaments", Some(&lyon), new(None)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(owner(&v["id"]), 2);
    let (status, v) = call(&app, Method::POST, "/api/tournaments", Some(&home), new(None)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(owner(&v["id"]), 1);
    let before = chelem::db::models::Tournament::list(&mut db.conn()).unwrap().len();
    // Another club's: 403; no such club, or several and none said: 422.
    for (who, club, want, said) in [
        (&lyon, Some(1), StatusCode::FORBIDDEN, "another club"),
        (&lyon, Some(99), StatusCode::UNPROCESSABLE_ENTITY, "no club 99"),
        (&double, None, StatusCode::UNPROCESSABLE_ENTITY, "several clubs"),
    ] {
        let (status, v) = call(&app, Method::POST, "/api/tournaments", Some(who), new(club)).await;
        assert_eq!(status, want, "{club:?}: {v}");
        assert!(v["error"].as_str().unwrap().contains(said), "{v}");
    }
    let (status, v) = call(
        &app,
        Method::POST,
        "/api/tournaments",
        Some(&lyon),
        Some(json!({"name": "x", "club": "2"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(
        chelem::db::models::Tournament::list(&mut db.conn()).unwrap().len(),
        before
    );
    let (status, v) = call(&app, Method::POST, "/api/tournaments", Some(&double), new(Some(2))).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(owner(&v["id"]), 2);
    // The administrator, of no club, for any club.
    let (status, v) = call(&app, Method::POST, "/api/tournaments", Some(&admin), new(Some(2))).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(owner(&v["id"]), 2);
    let (status, v) = call(&app, Method::POST, "/api/tournaments", Some(&admin), new(None)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");

    // Each lists its clubs' tournaments only; the administrator all.
    let names = |v: &Value| v.as_array().unwrap().len();
    let (_, mine) = call(&app, Method::GET, "/api/tournaments", Some(&lyon), None).await;
    assert_eq!(names(&mine), 3, "{mine}");
    let (_, mine) = call(&app, Method::GET, "/api/tournaments", Some(&home), None).await;
    assert_eq!(names(&mine), 1, "{mine}");
    let (_, all) = call(&app, Method::GET, "/api/tournaments", Some(&admin), None).await;
    assert_eq!(names(&all), 4, "{all}");

    // Seasons: the same, and none holds another club's tournament.
    let home_t = mine[0]["id"].clone();
    let season = |club: Option<i32>, tournaments: Value| {
        let mut v = json!({"name": "Circuit", "starts": "2026-09-01", "ends": "2027-06-30", "rule": {"points": "total"}, "tournaments": tournaments});
        if let Some(c) = club {
            v["club"] = json!(c);
        }
        Some(v)
    };
    let (status, v) = call(
        &app,
        Method::POST,
        "/api/seasons",
        Some(&lyon),
        season(None, json!([home_t])),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
    let (status, v) = call(
        &app,
        Method::POST,
        "/api/seasons",
        Some(&lyon),
        season(Some(1), json!([])),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
    let (status, v) = call(
        &app,
        Method::POST,
        "/api/seasons",
        Some(&double),
        season(None, json!([])),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (status, v) = call(&app, Method::POST, "/api/seasons", Some(&lyon), season(None, json!([]))).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let lyon_season = v["id"].as_i64().unwrap();
    assert_eq!(clubs::season_club(&mut db.conn(), lyon_season as i32).unwrap(), Some(2));
    let attach = format!("/api/seasons/{lyon_season}/tournaments/{home_t}");
    let (status, v) = call(&app, Method::PUT, &attach, Some(&lyon), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
    let (status, v) = call(&app, Method::PUT, &attach, Some(&home), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
    // Its public standings stay public.
    let (status, _) = call(
        &app,
        Method::GET,
        &format!("/api/seasons/{lyon_season}/standings"),
        Some(&home),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    // The pages: the form offers a choice to an organizer of two clubs.
    let mut jar = browser(&app, "double").await;
    let (status, body, _) = get(&app, &jar, "/tournaments/new").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("name=\"club\""), "{body}");
    let (status, body, _) = post(
        &app,
        &mut jar,
        "/tournaments",
        &[("name", "Open du jeudi"), ("rounds", "3")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body.contains("plusieurs clubs") || body.contains("several clubs"),
        "{body}"
    );
    let (status, _, location) = post(
        &app,
        &mut jar,
        "/tournaments",
        &[("name", "Open du jeudi"), ("rounds", "3"), ("club", "2")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let id: i32 = location.unwrap().trim_start_matches("/tournaments/").parse().unwrap();
    assert_eq!(owner(&json!(id)), 2);
    let mut jar = browser(&app, "lyon").await;
    let (status, _, _) = post(
        &app,
        &mut jar,
        "/tournaments",
        &[("name", "Open du jeudi"), ("rounds", "3"), ("club", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body, _) = get(&app, &jar, "/tournaments/new").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!body.contains("name=\"club\""), "one club, no choice");
});

both_backends!(
    an_organizer_changes_only_what_their_clubs_own,
    |db: TestDb| async move {
        two_clubs(&db);
        let t = home_tournament(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let (home, lyon, admin) = (token(&db, USER), token(&db, "lyon"), token(&db, "gerant"));
        let id = t.id;
        let table = &t.rounds[0][0];
        let rule = json!({"points": "total"});
        let new = seasons::new_season("Challenge des Mardis", "2026-01-01", "2027-12-31", &rule).unwrap();
        let season = write(&db, |tx| seasons::create(tx, &new, &[id], USER, None).unwrap());
        let stored = (
            chelem::db::ops::export::export(&mut db.conn(), id).unwrap(),
            points(&db),
        );

        // The API: 403 to the other club's organizer, with the sentence.
        let api: Vec<(Method, String, Option<Value>)> = vec![
            (Method::GET, format!("/api/tournaments/{id}/rounds/1"), None),
            (
                Method::POST,
                format!("/api/tournaments/{id}/rounds"),
                Some(json!({"close_previous": true})),
            ),
            (
                Method::POST,
                format!("/api/tournaments/{id}/rounds/1/close"),
                Some(json!({"force": true})),
            ),
            (
                Method::POST,
                format!("/api/tournaments/{id}/players"),
                Some(json!({"name": "Intrus", "club": "Lyon"})),
            ),
            (
                Method::DELETE,
                format!("/api/tournaments/{id}/players/{}", t.players[0]),
                None,
            ),
            (Method::POST, format!("/api/tournaments/{id}/checkin-all"), None),
            (Method::PUT, format!("/api/seasons/{season}/tournaments/{id}"), None),
            (Method::DELETE, format!("/api/seasons/{season}/tournaments/{id}"), None),
        ];
        for (method, uri, body) in &api {
            let (status, v) = call(&app, method.clone(), uri, Some(&lyon), body.clone()).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {uri}: {v}");
            assert!(v["error"].as_str().unwrap().contains("another club"), "{v}");
        }
        // The pages: settings, rounds, a deal's correction, exports, prints.
        let mut jar = browser(&app, "lyon").await;
        let (n, k) = (table.number, 1);
        for uri in [
            format!("/tournaments/{id}"),
            format!("/tournaments/{id}/edit"),
            format!("/tournaments/{id}/rounds/1"),
            format!("/tournaments/{id}/rounds/1/tables/{n}/deals/{k}"),
            format!("/tournaments/{id}/export.json"),
            format!("/tournaments/{id}/federation.csv"),
            format!("/tournaments/{id}/federation.json"),
            format!("/tournaments/{id}/standings/print"),
            format!("/tournaments/{id}/audit"),
            format!("/seasons/{season}/print"),
        ] {
            let (status, body, _) = get(&app, &jar, &uri).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{uri}");
            // The pages in French (the default), the `.json` files in English.
            assert!(
                body.contains("autre club") || body.contains("another club"),
                "{uri}: {body}"
            );
        }
        let deal = [
            ("taker", table.players[1].to_string()),
            ("contract", "garde_sans".to_owned()),
            ("oudlers", "3".to_owned()),
            ("points", "70".to_owned()),
            ("camp", "attack".to_owned()),
        ];
        let deal: Vec<(&str, &str)> = deal.iter().map(|(k, v)| (*k, v.as_str())).collect();
        for (uri, fields) in [
            (format!("/tournaments/{id}/rounds/1/tables/{n}/deals/{k}"), deal.clone()),
            (
                format!("/tournaments/{id}/edit"),
                vec![("name", "Pris"), ("rounds", "3")],
            ),
            (
                format!("/tournaments/{id}/rounds"),
                vec![("expected", "8"), ("close_previous", "on")],
            ),
            (
                format!("/tournaments/{id}/players"),
                vec![("name", "Intrus"), ("club", "Lyon"), ("licence", "")],
            ),
            (format!("/seasons/{season}/tournaments/{id}/detach"), vec![]),
        ] {
            let (status, _, _) = post(&app, &mut jar, &uri, &fields).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{uri}");
        }
        assert_eq!(
            (
                chelem::db::ops::export::export(&mut db.conn(), id).unwrap(),
                points(&db)
            ),
            stored,
            "refused, nothing written"
        );
        // What the public reads, they read as the public does.
        for uri in [
            format!("/tournaments/{id}/standings"),
            format!("/tournaments/{id}/results.csv"),
            format!("/seasons/{season}"),
        ] {
            assert_eq!(get(&app, &jar, &uri).await.0, StatusCode::OK, "{uri}");
        }
        let (status, _) = call(
            &app,
            Method::GET,
            &format!("/api/tournaments/{id}/standings"),
            Some(&lyon),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        // Their own listings do not show it.
        let (_, body, _) = get(&app, &jar, "/tournaments").await;
        assert!(!body.contains("Mardi du club"), "{body}");
        let (_, body, _) = get(&app, &jar, "/seasons").await;
        assert!(!body.contains("Challenge des Mardis"), "{body}");
        // A table's link stays the table's, whoever holds it.
        let (status, _, _) = get(&app, &jar, &format!("/t/{}", table.token)).await;
        assert_eq!(status, StatusCode::OK);

        // The club's organizer and the administrator may.
        for (who, name) in [(&home, USER), (&admin, "gerant")] {
            let (status, v) = call(
                &app,
                Method::GET,
                &format!("/api/tournaments/{id}/rounds/1"),
                Some(who),
                None,
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{name}: {v}");
            let jar = browser(&app, name).await;
            for uri in [
                format!("/tournaments/{id}/edit"),
                format!("/tournaments/{id}/export.json"),
                format!("/tournaments/{id}/rounds/1/tables/{n}/deals/{k}"),
                format!("/seasons/{season}/print"),
            ] {
                assert_eq!(get(&app, &jar, &uri).await.0, StatusCode::OK, "{name} {uri}");
            }
            let (_, body, _) = get(&app, &jar, "/tournaments").await;
            assert!(body.contains("Mardi du club"), "{name}");
        }
        let mut jar = browser(&app, "gerant").await;
        let (status, _, _) = post(
            &app,
            &mut jar,
            &format!("/tournaments/{id}/rounds/1/tables/{n}/deals/{k}"),
            &deal,
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "the administrator corrects the deal");
        assert_ne!(points(&db), stored.1);
    }
);

both_backends!(
    the_migration_puts_a_server_into_its_default_club,
    |db: TestDb| async move {
        use diesel_migrations::MigrationHarness;
        // The database as it was before clubs: the migrations from the clubs' on undone.
        let clubs_version = "20261203000001";
        let applied = |conn: &mut AnyConnection| -> Vec<String> {
            match conn {
                AnyConnection::Sqlite(c) => c.applied_migrations().unwrap(),
                AnyConnection::Postgresql(c) => c.applied_migrations().unwrap(),
            }
            .into_iter()
            .map(|v| v.to_string())
            .collect()
        };
        {
            let conn: &mut AnyConnection = &mut db.conn();
            while applied(conn).iter().any(|v| v.as_str() == clubs_version) {
                match conn {
                    AnyConnection::Sqlite(c) => c.revert_last_migration(chelem::db::SQLITE_MIGRATIONS).map(|_| ()),
                    AnyConnection::Postgresql(c) => c.revert_last_migration(chelem::db::PG_MIGRATIONS).map(|_| ()),
                }
                .unwrap();
            }
            for name in ["premier", "second"] {
                diesel::sql_query(format!(
                    "INSERT INTO users (username, password_hash, created_at) VALUES ('{name}', 'x', CURRENT_TIMESTAMP)"
                ))
                .execute(conn)
                .unwrap();
            }
        }
        let t = home_tournament(&db);
        let rule = json!({"points": "total"});
        let new = seasons::new_season("Challenge des Mardis", "2026-01-01", "2027-12-31", &rule).unwrap();
        let season = write(&db, |tx| seasons::create(tx, &new, &[t.id], "premier", None).unwrap());
        chelem::db::run_migrations(&mut db.conn()).unwrap();

        {
            let conn: &mut AnyConnection = &mut db.conn();
            assert_eq!(clubs::list(conn).unwrap().len(), 1);
            let owned: i32 = tournament_clubs::table
                .find(t.id)
                .select(tournament_clubs::club_id)
                .first(conn)
                .unwrap();
            assert_eq!(owned, 1);
            assert_eq!(clubs::season_club(conn, season.get()).unwrap(), Some(1));
        }
        assert_eq!(
            membership(&db, "premier"),
            Membership {
                admin: true,
                clubs: vec![1]
            }
        );
        assert_eq!(
            membership(&db, "second"),
            Membership {
                admin: false,
                clubs: vec![1]
            }
        );
    }
);

both_backends!(
    the_administrator_makes_clubs_and_organizers_in_the_browser,
    |db: TestDb| async move {
        two_clubs(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        // An organizer may not.
        let mut jar = browser(&app, USER).await;
        assert_eq!(get(&app, &jar, "/clubs").await.0, StatusCode::FORBIDDEN);
        let (status, _, _) = post(&app, &mut jar, "/clubs", &[("name", "Club intrus")]).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // The administrator: a club, then its first organizer.
        let mut jar = browser(&app, "gerant").await;
        let (status, body, _) = get(&app, &jar, "/clubs").await;
        assert_eq!(status, StatusCode::OK);
        assert!(body.contains("Tarot Club Lyonnais"), "{body}");
        let (status, body, _) = post(&app, &mut jar, "/clubs", &[("name", " "), ("town", "Bron")]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(body.contains("Donnez un nom au club"), "{body}");
        let (status, _, _) = post(&app, &mut jar, "/clubs", &[("name", "Club de Bron"), ("town", "Bron")]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let bron = clubs::list(&mut db.conn()).unwrap().last().unwrap().id;
        let fields = |club: String, password: &'static str| {
            vec![
                ("club", club),
                ("username", "bron".to_owned()),
                ("password", password.to_owned()),
            ]
        };
        for (club, password, said) in [(bron.to_string(), "court", "8"), ("99".to_owned(), PASSWORD, "99")] {
            let f = fields(club, password);
            let f: Vec<(&str, &str)> = f.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let (status, body, _) = post(&app, &mut jar, "/clubs/organizers", &f).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
            assert!(body.contains(said), "{body}");
        }
        let f = fields(bron.to_string(), PASSWORD);
        let f: Vec<(&str, &str)> = f.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let (status, _, _) = post(&app, &mut jar, "/clubs/organizers", &f).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(
            membership(&db, "bron"),
            Membership {
                admin: false,
                clubs: vec![bron]
            }
        );
        let mut jar = browser(&app, "bron").await;
        assert_eq!(get(&app, &jar, "/tournaments").await.0, StatusCode::OK);

        // A refused form comes back as typed (the password never).
        let (status, body, _) = post(
            &app,
            &mut jar_admin(&app).await,
            "/clubs",
            &[("name", "x".repeat(101).as_str()), ("town", "Bron-Ouest")],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(body.contains("value=\"Bron-Ouest\""), "{body}");
        // Renaming a club: refused without a name (its form kept), then done.
        let rename = format!("/clubs/{bron}");
        let (status, body, _) = post(&app, &mut jar, &rename, &[("name", ""), ("town", "Bron-Parilly")]).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "an organizer may not: {body}");
        let mut jar = jar_admin(&app).await;
        let (status, body, _) = post(&app, &mut jar, &rename, &[("name", ""), ("town", "Bron-Parilly")]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            body.contains("Donnez un nom au club") && body.contains("value=\"Bron-Parilly\""),
            "{body}"
        );
        assert_eq!(
            clubs::list(&mut db.conn()).unwrap().last().unwrap().name,
            "Club de Bron"
        );
        let (status, _, _) = post(
            &app,
            &mut jar,
            &rename,
            &[("name", "Tarot Club de Bron"), ("town", "Bron")],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(
            clubs::list(&mut db.conn()).unwrap().last().unwrap().name,
            "Tarot Club de Bron"
        );
        let (status, _, _) = post(&app, &mut jar, "/clubs/99", &[("name", "Nulle part")]).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // An existing account joins a second club, and leaves it.
        let join = format!("/clubs/{bron}/organizers");
        let (status, body, _) = post(&app, &mut jar, &join, &[("username", "personne")]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            body.contains("Il n’y a pas de compte « personne »") && body.contains("value=\"personne\""),
            "{body}"
        );
        let (status, _, _) = post(&app, &mut jar, &join, &[("username", "lyon")]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(membership(&db, "lyon").clubs, vec![2, bron]);
        let (_, body, _) = get(&app, &jar, "/clubs").await;
        assert!(body.contains(&format!("/clubs/{bron}/organizers")), "{body}");
        let user = chelem::db::models::User::find_by_username(&mut db.conn(), "lyon")
            .unwrap()
            .unwrap()
            .id;
        let leave = format!("/clubs/{bron}/organizers/{user}/delete");
        let (status, _, _) = post(&app, &mut jar, &leave, &[]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(membership(&db, "lyon").clubs, vec![2]);
        let (status, _, _) = post(&app, &mut jar, &leave, &[]).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
);

/// A logged-in browser of the administrator.
async fn jar_admin<S, B>(app: &S) -> Jar
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    browser(app, "gerant").await
}

both_backends!(
    a_circuit_shares_a_tournament_and_a_season_between_clubs,
    |db: TestDb| async move {
        two_clubs(&db);
        let t = home_tournament(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let (home, lyon) = (token(&db, USER), token(&db, "lyon"));
        let (id, table) = (t.id, &t.rounds[0][0]);
        let n = table.number;
        // The default club's season, holding its Tuesday.
        let body = json!({"name": "Circuit de l'Entente", "starts": "2026-01-01", "ends": "2027-12-31",
                          "rule": {"points": "total"}, "tournaments": [id.get()]});
        let (status, v) = call(&app, Method::POST, "/api/seasons", Some(&home), Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        let season = v["id"].as_i64().unwrap();
        let mut lyon_jar = browser(&app, "lyon").await;
        assert_eq!(
            get(&app, &lyon_jar, &format!("/tournaments/{id}")).await.0,
            StatusCode::FORBIDDEN
        );

        // Sharing is the owner's: refused to Lyon, to an unknown club, to
        // the owner itself, for no tournament; nothing written.
        let put = |uri: String, who: String| {
            let app = &app;
            async move { call(app, Method::PUT, &uri, Some(&who), None).await }
        };
        let (status, v) = put(format!("/api/tournaments/{id}/clubs/2"), lyon.clone()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
        let (status, v) = put(format!("/api/tournaments/{id}/clubs/99"), home.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert!(v["error"].as_str().unwrap().contains("no club 99"), "{v}");
        let (status, v) = put(format!("/api/tournaments/{id}/clubs/1"), home.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert!(v["error"].as_str().unwrap().contains("owns it"), "{v}");
        let (status, _) = put("/api/tournaments/999999/clubs/2".into(), home.clone()).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let shared = |db: &TestDb| {
            use chelem::db::ops::shares::{shared_with, Shared};
            let conn: &mut AnyConnection = &mut db.conn();
            (
                shared_with(conn, Shared::Tournament(id)).unwrap(),
                shared_with(conn, Shared::Season(season as i32)).unwrap(),
            )
        };
        assert_eq!(shared(&db), (vec![], vec![]));

        // The owner shares the tournament on its page (a bad choice said,
        // kept, nothing written), the season through the API; the pages
        // are linked from the settings and the season (several clubs here).
        let mut home_jar = browser(&app, USER).await;
        for (uri, link) in [
            (format!("/tournaments/{id}/edit"), format!("/tournaments/{id}/clubs")),
            (format!("/seasons/{season}"), format!("/seasons/{season}/clubs")),
        ] {
            let (_, body, _) = get(&app, &home_jar, &uri).await;
            assert!(body.contains(&format!("href=\"{link}\"")), "{uri}: {body}");
        }
        let page = format!("/tournaments/{id}/clubs");
        let (status, body, _) = post(&app, &mut home_jar, &page, &[("club", "Lyon")]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(body.contains("Choisissez le club"), "{body}");
        assert_eq!(shared(&db), (vec![], vec![]));
        let (status, _, at) = post(&app, &mut home_jar, &page, &[("club", "2")]).await;
        assert_eq!((status, at.as_deref()), (StatusCode::SEE_OTHER, Some(page.as_str())));
        let (status, body, _) = get(&app, &home_jar, &page).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            body.contains("Tarot Club Lyonnais") && body.contains("Ne plus partager"),
            "{body}"
        );
        for _ in 0..2 {
            let (status, v) = put(format!("/api/seasons/{season}/clubs/2"), home.clone()).await;
            assert_eq!(status, StatusCode::NO_CONTENT, "{v}");
        }
        assert_eq!(shared(&db), (vec![2], vec![2]));

        // Lyon's organizer reads it (its pages, files, their listings)…
        for uri in [
            format!("/tournaments/{id}"),
            format!("/tournaments/{id}/rounds/1"),
            format!("/tournaments/{id}/export.json"),
            format!("/tournaments/{id}/clubs"),
            format!("/seasons/{season}/print"),
        ] {
            assert_eq!(get(&app, &lyon_jar, &uri).await.0, StatusCode::OK, "{uri}");
        }
        let (_, body, _) = get(&app, &lyon_jar, "/tournaments").await;
        assert!(body.contains("Mardi du club"), "{body}");
        let (_, body, _) = get(&app, &lyon_jar, "/seasons").await;
        assert!(body.contains("Circuit de l"), "{body}");
        // … enters a deal at a table…
        let deal = [
            ("taker", table.players[1].to_string()),
            ("contract", "garde".to_owned()),
            ("oudlers", "2".to_owned()),
            ("points", "61".to_owned()),
            ("camp", "attack".to_owned()),
        ];
        let deal: Vec<(&str, &str)> = deal.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let before = points(&db);
        let entry = format!("/tournaments/{id}/rounds/1/tables/{n}/deals/2");
        let (status, body, _) = post(&app, &mut lyon_jar, &entry, &deal).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        assert_eq!(points(&db).len(), before.len() + 4, "the deal is in");
        // … but changes nothing else: 403 with the circuit's sentence, nothing written.
        let stored = (
            chelem::db::ops::export::export(&mut db.conn(), id).unwrap(),
            points(&db),
        );
        for (uri, fields) in [
            (
                format!("/tournaments/{id}/edit"),
                vec![("name", "Pris"), ("rounds", "3")],
            ),
            (
                format!("/tournaments/{id}/rounds"),
                vec![("expected", "8"), ("close_previous", "on")],
            ),
            (
                format!("/tournaments/{id}/rounds/1/tables/{n}/awards"),
                vec![("reason", "retard")],
            ),
            (format!("/tournaments/{id}/clubs/2/delete"), vec![]),
            (format!("/seasons/{season}/tournaments/{id}/detach"), vec![]),
        ] {
            let (status, body, _) = post(&app, &mut lyon_jar, &uri, &fields).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{uri}");
            assert!(
                body.contains("partagé avec votre club dans un circuit"),
                "{uri}: {body}"
            );
        }
        let (status, v) = call(
            &app,
            Method::POST,
            &format!("/api/tournaments/{id}/rounds"),
            Some(&lyon),
            Some(json!({"close_previous": true})),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
        assert!(v["error"].as_str().unwrap().contains("circuit"), "{v}");
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("/api/seasons/{season}/clubs/2"),
            Some(&lyon),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(
            (
                chelem::db::ops::export::export(&mut db.conn(), id).unwrap(),
                points(&db)
            ),
            stored,
            "refused, nothing written"
        );
        assert_eq!(shared(&db), (vec![2], vec![2]));

        // Lyon's own evening joins the circuit's season once shared with
        // the default club: the season ranks both clubs' players.
        let (status, v) = call(
            &app,
            Method::POST,
            "/api/tournaments",
            Some(&lyon),
            Some(json!({"name": "Jeudi lyonnais", "rounds": 2})),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        let theirs = v["id"].as_i64().unwrap();
        let attach = format!("/api/seasons/{season}/tournaments/{theirs}");
        assert_eq!(put(attach.clone(), home.clone()).await.0, StatusCode::FORBIDDEN);
        let (status, v) = put(format!("/api/tournaments/{theirs}/clubs/1"), lyon.clone()).await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{v}");
        let (status, v) = put(attach, home.clone()).await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{v}");
        let (_, body, _) = get(&app, &home_jar, &format!("/seasons/{season}")).await;
        assert!(
            body.contains("Jeudi lyonnais") && body.contains("Mardi du club"),
            "{body}"
        );

        // The public pages: the home page lists the clubs, each club's page
        // its own and its circuit's, with the club that runs each.
        let anyone = Jar::default();
        let (_, body, _) = get(&app, &anyone, "/").await;
        assert!(
            body.contains("href=\"/clubs/2\"") && body.contains("Tarot Club Lyonnais"),
            "{body}"
        );
        let (status, body, _) = get(&app, &anyone, "/clubs/2").await;
        assert_eq!(status, StatusCode::OK);
        assert!(body.contains("Jeudi lyonnais"), "{body}");
        assert!(
            body.contains("Mardi du club") && body.contains("organisé par Club"),
            "{body}"
        );
        assert!(body.contains("Circuit de l"), "{body}");
        let (_, body, _) = get(&app, &anyone, "/clubs/1").await;
        assert!(
            body.contains("Mardi du club") && body.contains("organisé par Tarot Club Lyonnais"),
            "{body}"
        );
        assert_eq!(get(&app, &anyone, "/clubs/99").await.0, StatusCode::NOT_FOUND);

        // The owner stops sharing: Lyon is refused again; stopping twice is 404.
        let (status, _, _) = post(&app, &mut home_jar, &format!("/tournaments/{id}/clubs/2/delete"), &[]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(
            get(&app, &lyon_jar, &format!("/tournaments/{id}")).await.0,
            StatusCode::FORBIDDEN
        );
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("/api/tournaments/{id}/clubs/2"),
            Some(&home),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(shared(&db), (vec![], vec![2]));
        // The tournament's audit log says who shared it, and who stopped.
        let (_, body, _) = get(&app, &home_jar, &format!("/tournaments/{id}/audit")).await;
        let said = format!("{USER} a partagé ce tournoi avec le club « Tarot Club Lyonnais » (circuit)");
        assert!(body.contains(&said), "{body}");
        let said = format!("{USER} a cessé de partager ce tournoi avec le club « Tarot Club Lyonnais »");
        assert!(body.contains(&said), "{body}");
    }
);
