//! A database that goes away or stops taking writes is answered honestly:
//! 503 with a sentence and `Retry-After`, never 500, never "log in".
//!
//! - Read-only (a SQLite file opened read-only, as a read-only mount would
//!   have it; a PostgreSQL database whose transactions are read-only by
//!   default): writes 503 "the database is read-only", an API token still
//!   identifies its organizer, `/healthz` 503 naming the cause, the
//!   database unchanged.
//! - PostgreSQL unreachable: `/healthz` answers 503 within its budget.
//! - PostgreSQL connections killed (`pg_terminate_backend`) while tables
//!   enter deals and visitors read: only 200 and 503 with `Retry-After`;
//!   every deal stored once, as sent.

use crate::common;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use actix_web::http::{header, Method, StatusCode};
use actix_web::test;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::{build_pool, Backend, Manager};
use chelem::web::{AppState, WebConfig};
use common::browser::RealServer;
use common::builder::TournamentBuilder;
use common::client::Client;
use common::room::{self, check_standings, expected_scores};
use common::TestDb;

/// The test database's name in its PostgreSQL URL.
fn pg_name(db: &TestDb) -> String {
    url::Url::parse(&db.url)
        .unwrap()
        .path()
        .trim_start_matches('/')
        .to_owned()
}

/// An app instance on `db` that can no longer write: its SQLite file opened
/// read-only, or its PostgreSQL database read-only for new connections.
fn read_only_instance(db: &TestDb) -> AppState {
    let url = match db.backend {
        Backend::Sqlite => format!("file:{}?mode=ro", db.url),
        Backend::Postgres => {
            db.conn()
                .batch_execute(&format!(
                    "ALTER DATABASE {} SET default_transaction_read_only = on",
                    pg_name(db)
                ))
                .unwrap();
            db.url.clone()
        }
    };
    let (pool, _) = build_pool(&url, 2).expect("read-only pool");
    AppState::new(pool, &url, WebConfig::default()).expect("app state")
}

fn counts(db: &TestDb) -> (i64, i64, i64) {
    use chelem::db::schema::{deals, players, tournaments};
    let conn = &mut *db.conn();
    (
        tournaments::table.count().get_result(conn).unwrap(),
        players::table.count().get_result(conn).unwrap(),
        deals::table.count().get_result(conn).unwrap(),
    )
}

both_backends!(a_read_only_database_answers_503_not_401, |db: TestDb| async move {
    let token = common::http::api_token(&db);
    let t = TournamentBuilder::new("Open du Mans")
        .players(8)
        .seated(1)
        .build(&mut db.conn());
    let before = counts(&db);
    let app = test::init_service(chelem::chelem_app!(read_only_instance(&db))).await;

    let resp = test::call_service(&app, test::TestRequest::get().uri("/healthz").to_request()).await;
    assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(resp.headers().contains_key(header::RETRY_AFTER));
    let v: Value = test::read_body_json(resp).await;
    assert_eq!(v["reason"], "the database is read-only", "{v}");

    // The token still says who is calling: reads work.
    let (status, list) = common::http::call(&app, Method::GET, "/api/tournaments", Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list.as_array().unwrap().len(), 1);

    // Writes: 503 with the sentence and Retry-After, nothing written.
    let id = t.id.get();
    let writes = [
        (
            Method::POST,
            "/api/tournaments".to_owned(),
            json!({"name": "Soirée", "rounds": 2}),
        ),
        (
            Method::POST,
            format!("/api/tournaments/{id}/players"),
            json!({"name": "Anne Neuve", "club": "X"}),
        ),
        (
            Method::PUT,
            format!("/api/tables/{}/deals/1", t.rounds[0][0].token),
            room::deal_body(
                &t.rounds[0][0]
                    .players
                    .iter()
                    .map(|p| i64::from(p.get()))
                    .collect::<Vec<_>>(),
                1,
                0,
                4,
            ),
        ),
    ];
    for (method, uri, body) in writes {
        let req = test::TestRequest::default()
            .method(method.clone())
            .uri(&uri)
            .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
            .set_json(body);
        let resp = test::call_service(&app, req.to_request()).await;
        assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE, "{method} {uri}");
        assert!(resp.headers().contains_key(header::RETRY_AFTER), "{method} {uri}");
        let v: Value = test::read_body_json(resp).await;
        assert!(
            v["error"].as_str().unwrap().contains("read-only"),
            "{method} {uri}: {v}"
        );
    }
    // The table's page still shows.
    let resp = test::call_service(
        &app,
        test::TestRequest::get()
            .uri(&format!("/t/{}", t.rounds[0][0].token))
            .to_request(),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::OK, "the table's page reads");
    assert_eq!(counts(&db), before, "nothing written");
});

crate::test_case!(async healthz_answers_within_a_second_when_postgres_is_unreachable);
async fn healthz_answers_within_a_second_when_postgres_is_unreachable() {
    // The pool `serve` builds (seconds to wait for a connection), aimed at a
    // port where nothing listens.
    let url = "postgres://postgres@127.0.0.1:1/none";
    let manager = Manager::new(url).unwrap();
    let pool = diesel::r2d2::Pool::builder()
        .connection_timeout(chelem::db::POOL_TIMEOUT)
        .build_unchecked(manager);
    let state = AppState::new(pool, url, WebConfig::default()).unwrap();
    let app = test::init_service(chelem::chelem_app!(state)).await;
    let started = Instant::now();
    let resp = test::call_service(&app, test::TestRequest::get().uri("/healthz").to_request()).await;
    let took = started.elapsed();
    assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(resp.headers().contains_key(header::RETRY_AFTER));
    let v: Value = test::read_body_json(resp).await;
    assert_eq!(v["reason"], "the database does not answer", "{v}");
    // Not a timing claim: the bound is the handler's own budget (0.9 s),
    // against the pool's 30 s it waited before.
    assert!(took < chelem::web::health::BUDGET * 3, "healthz waited {took:?}");
}

/// Tables of 4.
const TABLES: usize = 12;
/// Deals per table.
const DEALS: usize = 8;

/// Every answer of one client: (what was asked, status, Retry-After).
type Seen = Vec<(String, u16, Option<String>)>;

/// A table's tablet: PUTs its deals one after the other, each with its
/// idempotency key, again after each 503 (a little later), until 200.
fn table_client(base: &str, i: usize, table: &room::Table) -> Seen {
    let client = Client::new(base);
    let mut seen = Seen::new();
    for k in 1..=DEALS {
        let body = room::deal_body(&table.players, k, i, DEALS);
        let key = format!("table-{i}-deal-{k}");
        let path = format!("/api/tables/{}/deals/{k}", table.token);
        for _ in 0..100 {
            let a = client.call_with("PUT", &path, None, Some(&body), &[("Idempotency-Key", &key)]);
            seen.push((format!("PUT {path}: {}", a.body), a.status, a.retry_after));
            if a.status != 503 {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    seen
}

/// A visitor reading the standings and the round until told to stop.
fn reader(base: &str, id: i64, org: &str, stop: &AtomicBool) -> Seen {
    let client = Client::new(base);
    let mut seen = Seen::new();
    while !stop.load(Ordering::Relaxed) {
        for (path, token) in [
            (format!("/api/tournaments/{id}/standings"), None),
            (format!("/api/tournaments/{id}/rounds/1"), Some(org)),
            ("/healthz".to_owned(), None),
        ] {
            let a = client.call("GET", &path, token, None);
            seen.push((format!("GET {path}: {}", a.body), a.status, a.retry_after));
        }
    }
    seen
}

/// Kills every connection of the server to its database, `times` times,
/// `every` apart; how many it killed.
fn killer(name: &str, times: usize, every: Duration) -> usize {
    let mut admin = Manager::new(&common::pg_base_url()).unwrap().connect().unwrap();
    let mut killed = 0;
    for _ in 0..times {
        std::thread::sleep(every);
        #[derive(QueryableByName)]
        struct Killed {
            #[diesel(sql_type = diesel::sql_types::Bool)]
            k: bool,
        }
        let rows: Vec<Killed> = diesel::sql_query(format!(
            "SELECT pg_terminate_backend(pid) AS k FROM pg_stat_activity \
             WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        ))
        .load(&mut admin)
        .unwrap();
        killed += rows.iter().filter(|r| r.k).count();
    }
    killed
}

crate::test_case!(postgres_connections_killed_under_load_give_no_500, Postgres);
fn postgres_connections_killed_under_load_give_no_500() {
    let db = TestDb::postgres();
    let server = RealServer::on(Some(&db.url));
    let org = server.api_token();
    let (id, tables) = room::setup(&mut db.conn(), TABLES, DEALS);
    let name = pg_name(&db);
    let base = server.url();
    let stop = AtomicBool::new(false);
    let (seen, killed) = std::thread::scope(|s| {
        let readers: Vec<_> = (0..3).map(|_| s.spawn(|| reader(&base, id, &org, &stop))).collect();
        let killer = s.spawn(|| killer(&name, 15, Duration::from_millis(40)));
        let writers: Vec<_> = tables
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let base = &base;
                s.spawn(move || table_client(base, i, t))
            })
            .collect();
        let mut seen: Seen = writers.into_iter().flat_map(|h| h.join().unwrap()).collect();
        let killed = killer.join().unwrap();
        stop.store(true, Ordering::Relaxed);
        seen.extend(readers.into_iter().flat_map(|h| h.join().unwrap()));
        (seen, killed)
    });
    let mut by_status: BTreeMap<u16, usize> = BTreeMap::new();
    for (_, status, _) in &seen {
        *by_status.entry(*status).or_default() += 1;
    }
    eprintln!("{killed} connections killed; answers {by_status:?}");
    assert!(killed > 0, "connections were killed under the load");
    for (what, status, retry_after) in &seen {
        assert!(
            *status == 200 || *status == 503,
            "only 200 or 503, got {status}: {what}"
        );
        if *status == 503 {
            assert!(retry_after.is_some(), "a 503 says when to retry: {what}");
        }
    }
    // Every deal there once, as sent.
    let client = Client::new(&base);
    let (stored, _) = room::stored_deals(&client, &org, id, &tables);
    assert_eq!(stored.len(), TABLES * DEALS, "every deal stored");
    for ((i, k), scores) in &stored {
        let body = room::deal_body(&tables[*i].players, *k, *i, DEALS);
        assert_eq!(scores, &expected_scores(&body, &tables[*i].players));
    }
    let versions: Vec<i32> = {
        use chelem::db::schema::deals;
        deals::table.select(deals::version).load(&mut *db.conn()).unwrap()
    };
    assert!(versions.iter().all(|v| *v == 1), "each entered once: {versions:?}");
    check_standings(&client, id, &tables, &stored);
}

/// Tables of the outage run, and deals each.
const OUTAGE_TABLES: usize = 4;
/// How long the database is away in the outage run.
const OUTAGE: Duration = Duration::from_secs(3);

/// One answer of the outage run: what was asked, status, `Retry-After`,
/// how long it took, whether the database was away when it was asked.
type Timed = (String, u16, Option<String>, Duration, bool);

crate::test_case!(a_database_outage_is_answered_within_a_second, Postgres);
fn a_database_outage_is_answered_within_a_second() {
    use std::net::ToSocketAddrs;
    let db = TestDb::postgres();
    // The server reaches PostgreSQL through a relay the test can cut, as
    // a stopped database would be: refused, its connections gone.
    let mut url = url::Url::parse(&db.url).unwrap();
    let upstream = (url.host_str().unwrap(), url.port().unwrap_or(5432))
        .to_socket_addrs()
        .unwrap()
        .next()
        .unwrap();
    let relay = common::cut::Cut::to(upstream);
    url.set_host(Some("127.0.0.1")).unwrap();
    url.set_port(Some(relay.addr.port())).unwrap();
    let server = RealServer::on(Some(url.as_str()));
    let org = server.api_token();
    let (id, tables) = room::setup(&mut db.conn(), OUTAGE_TABLES, 2);
    let base = server.url();
    let client = Client::new(&base);
    let standings = format!("/api/tournaments/{id}/standings");
    assert_eq!(client.call("GET", &standings, None, None).status, 200);
    let page = format!("/tournaments/{id}/standings");
    assert_eq!(client.call("GET", &page, None, None).status, 200);
    // A deal entered just before: the standings in memory are of before it.
    let first = room::deal_body(&tables[0].players, 1, 0, 2);
    let path = format!("/api/tables/{}/deals/1", tables[0].token);
    let a = client.call_with("PUT", &path, None, Some(&first), &[("Idempotency-Key", "outage-0-1")]);
    assert_eq!(a.status, 200, "{}", a.body);
    let away = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let seen: Vec<Timed> = std::thread::scope(|s| {
        let (away, done) = (&away, &done);
        let writers: Vec<_> = tables
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let base = &base;
                s.spawn(move || {
                    let client = Client::new(base);
                    let mut seen = Vec::new();
                    // Deal 1 once the database is away; deal 2 after.
                    while !away.load(Ordering::SeqCst) {
                        std::thread::sleep(Duration::from_millis(20));
                    }
                    for k in 1..=2 {
                        let body = room::deal_body(&t.players, k, i, 2);
                        let path = format!("/api/tables/{}/deals/{k}", t.token);
                        let key = format!("outage-{i}-{k}");
                        loop {
                            let was_away = away.load(Ordering::SeqCst);
                            let a = client.call_with("PUT", &path, None, Some(&body), &[("Idempotency-Key", &key)]);
                            let took = a.ended - a.started;
                            seen.push((
                                format!("PUT {path}: {}", a.body),
                                a.status,
                                a.retry_after,
                                took,
                                was_away,
                            ));
                            if a.status != 503 {
                                break;
                            }
                            std::thread::sleep(Duration::from_millis(200));
                        }
                    }
                    seen
                })
            })
            .collect();
        let reader = s.spawn(|| {
            let client = Client::new(&base);
            let mut seen = Vec::new();
            // From the cut on: the standings in memory are still those of
            // before the last deal.
            while !away.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(5));
            }
            while !done.load(Ordering::SeqCst) {
                for (path, token) in [
                    (standings.clone(), None),
                    (page.clone(), None),
                    (format!("/api/tournaments/{id}/rounds/1"), Some(org.as_str())),
                    ("/healthz".to_owned(), None),
                    (format!("/t/{}", tables[0].token), None),
                ] {
                    let was_away = away.load(Ordering::SeqCst);
                    let a = client.call("GET", &path, token, None);
                    if a.status == 503 && path.starts_with("/t/") {
                        let page = a.body.as_str().unwrap_or_default();
                        assert!(page.contains("Service momentanément indisponible"), "{page}");
                        assert!(page.contains("La base de données ne répond pas."), "{page}");
                    }
                    let stale = a
                        .body
                        .as_str()
                        .is_some_and(|b| b.contains("la base de données ne répond pas"));
                    seen.push((
                        format!("GET {path}{}", if stale { " (as of before)" } else { "" }),
                        a.status,
                        a.retry_after,
                        a.ended - a.started,
                        was_away,
                    ));
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            seen
        });
        std::thread::sleep(Duration::from_millis(300));
        relay.cut();
        away.store(true, Ordering::SeqCst);
        std::thread::sleep(OUTAGE);
        away.store(false, Ordering::SeqCst);
        relay.mend();
        let mut seen: Vec<Timed> = writers.into_iter().flat_map(|h| h.join().unwrap()).collect();
        done.store(true, Ordering::SeqCst);
        seen.extend(reader.join().unwrap());
        seen
    });
    let mut by_status: BTreeMap<(bool, u16), usize> = BTreeMap::new();
    for (_, status, _, _, was_away) in &seen {
        *by_status.entry((*was_away, *status)).or_default() += 1;
    }
    let slowest = seen.iter().map(|a| a.3).max().unwrap();
    eprintln!("answers (database away, status): {by_status:?}; slowest {slowest:?}");
    for (what, status, retry_after, took, _) in &seen {
        assert!(
            *status == 200 || *status == 503,
            "only 200 or 503, got {status}: {what}"
        );
        if *status == 503 {
            assert!(retry_after.is_some(), "a 503 says when to retry: {what}");
        }
        // Against the pool's 30 s before: about a second (the bound is the
        // circuit's, not a timing of this machine).
        assert!(*took < Duration::from_secs(5), "{what} took {took:?}");
    }
    assert!(
        by_status.get(&(true, 503)).copied().unwrap_or(0) >= OUTAGE_TABLES,
        "the outage was told: {by_status:?}"
    );
    // The standings page kept being served, from memory, said as of when.
    let kept = seen
        .iter()
        .filter(|(what, status, _, _, away)| *away && *status == 200 && what.ends_with("(as of before)"))
        .count();
    assert!(kept > 0, "the standings page served as of before the outage");
    let sheet_refused = seen
        .iter()
        .any(|(what, status, _, _, _)| what.starts_with("GET /t/") && *status == 503);
    assert!(
        sheet_refused,
        "the table's sheet told the outage (its sentence checked above)"
    );
    // Once it is back, every deal there once, as sent.
    let (stored, _) = room::stored_deals(&client, &org, id, &tables);
    assert_eq!(stored.len(), OUTAGE_TABLES * 2, "every deal stored");
    for ((i, k), scores) in &stored {
        let body = room::deal_body(&tables[*i].players, *k, *i, 2);
        assert_eq!(scores, &expected_scores(&body, &tables[*i].players));
    }
    check_standings(&client, id, &tables, &stored);
}
