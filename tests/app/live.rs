//! Live updates (FORMATS.md, "Live updates") and the standings cache: the
//! SSE stream read over a real socket sees the events of a deal saved
//! through the API, a reconnecting client resumes with Last-Event-ID, the
//! cached standings stay exact through saves, corrections and rounds, a
//! cached page makes no database query, and on PostgreSQL a second instance
//! on the same database hears a deal saved through the first within a
//! second, its standings included.

use crate::common;

use std::time::{Duration, Instant};

use actix_web::http::{Method, StatusCode};

use serde_json::{json, Value};

use chelem::db::ops::standings;
use chelem::db::ops::visible::Audience;
use chelem::tournament::ids::{PlayerId, RoundNo, TournamentId};
use chelem::web::AppState;
use common::builder::{Table, TournamentBuilder};
use common::client::Client;
use common::http::{api_token, call};
use common::server::Server;
use common::sse::{Event, Sse};
use common::TestDb;

const WAIT: Duration = Duration::from_secs(5);

/// A tournament of `players` players and 2 rounds, round 1 seated through
/// the door of the app of `state`: its id and round 1's tables.
fn seated(state: &AppState, players: usize) -> (TournamentId, Vec<Table>) {
    let t = TournamentBuilder::new("En direct")
        .rounds(2)
        .players(players)
        .named(|i| format!("Joueur {i:02}"))
        .seated(1)
        .build_in(state);
    (t.id, t.rounds[0].clone())
}

/// A garde made by the table's first player, `points` for the attack.
fn garde(table: &Table, points: i64) -> Value {
    json!({"taker": table.players[0], "contract": "garde", "oudlers": 2, "points": points})
}

fn put(c: &Client, table: &Table, k: i32, body: &Value) -> Value {
    let token = &table.token;
    let a = c.call("PUT", &format!("/api/tables/{token}/deals/{k}"), None, Some(body));
    assert_eq!(a.status, 200, "{:?}", a.body);
    a.body
}

fn expect(sse: &mut Sse, name: &str, data: Value) -> Event {
    let e = sse
        .next(WAIT)
        .unwrap_or_else(|| panic!("no {name} event within {WAIT:?}"));
    assert_eq!((e.event.as_str(), e.json()), (name, data), "{e:?}");
    assert!(e.id.is_some(), "every stored event carries its id: {e:?}");
    e
}

fn sse_stream(db: TestDb) {
    let token = api_token(&db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let (id, tables) = seated(&db.state(), 8);

    let unknown = Sse::open(&server.addr, "/api/tournaments/999999/events", None);
    assert_eq!(unknown.status, 404);

    let path = format!("/api/tournaments/{id}/events");
    let mut sse = Sse::open(&server.addr, &path, None);
    assert_eq!(sse.status, 200);
    assert_eq!(sse.header("content-type"), Some("text/event-stream"));
    // Never compressed (it would hold events back), even when asked.
    assert_eq!(sse.header("content-encoding"), Some("identity"));

    put(&c, &tables[0], 1, &garde(&tables[0], 51));
    let deal = expect(&mut sse, "deal", json!({"round": 1, "table": 1, "deal": 1}));
    let st1 = expect(&mut sse, "standings", json!({"round": 1}));
    put(&c, &tables[1], 2, &garde(&tables[1], 40));
    let deal2 = expect(&mut sse, "deal", json!({"round": 1, "table": 2, "deal": 2}));
    let st2 = expect(&mut sse, "standings", json!({"round": 1}));
    let ids: Vec<i64> = [&deal, &st1, &deal2, &st2].iter().map(|e| e.id.unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "ids grow: {ids:?}");

    // The same deal again changes nothing and says nothing; another
    // tournament's events are not this stream's.
    put(&c, &tables[1], 2, &garde(&tables[1], 40));
    let other = c.call(
        "POST",
        "/api/tournaments",
        Some(&token),
        Some(&json!({"name": "Autre", "rounds": 1})),
    );
    let other = other.body["id"].as_i64().unwrap();
    let p = json!({"name": "Quelqu'un", "club": "Ailleurs"});
    assert_eq!(
        c.call(
            "POST",
            &format!("/api/tournaments/{other}/players"),
            Some(&token),
            Some(&p)
        )
        .status,
        201
    );
    let a = c.call(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/close"),
        Some(&token),
        Some(&json!({"force": true})),
    );
    assert_eq!(a.status, 200, "{:?}", a.body);
    let closed = expect(&mut sse, "round", json!({"round": 1, "state": "closed"}));
    assert!(closed.id.unwrap() > ids[3]);

    // A client that reconnects after the first deal gets what it missed, in
    // order, with the same ids.
    let mut again = Sse::open(&server.addr, &path, Some(deal.id.unwrap()));
    for seen in [&st1, &deal2, &st2, &closed] {
        let e = again.next(WAIT).expect("replayed event");
        assert_eq!(&e, seen);
    }
    // …then the live ones.
    let a = c.call("POST", &format!("/api/tournaments/{id}/rounds"), Some(&token), None);
    assert_eq!(a.status, 201, "{:?}", a.body);
    let started = expect(&mut again, "round", json!({"round": 2, "state": "started"}));
    assert_eq!(
        expect(&mut sse, "round", json!({"round": 2, "state": "started"})),
        started
    );
}

crate::test_case!(sse_stream_sqlite);
fn sse_stream_sqlite() {
    sse_stream(TestDb::sqlite_pool(4));
}

crate::test_case!(sse_stream_postgres, Postgres);
fn sse_stream_postgres() {
    sse_stream(TestDb::postgres_pool(4));
}

/// Tables saving at once (their commits overlap): a spectator gets every
/// event exactly once, ids growing, none skipped. A publisher's event id is
/// given before its commit, so a stream that read ids as they commit could
/// pass over one that commits late.
fn concurrent_events_in_order(db: TestDb) {
    const TABLES: usize = 12;
    const DEALS: i32 = 4;
    let server = Server::start_with(db.state(), 2);
    let (id, tables) = seated(&db.state(), 4 * TABLES);
    let mut sse = Sse::open(&server.addr, &format!("/api/tournaments/{id}/events"), None);
    assert_eq!(sse.status, 200);
    let writers: Vec<_> = tables
        .iter()
        .map(|t| {
            let (t, url) = (t.clone(), server.url());
            std::thread::spawn(move || {
                let c = Client::new(&url);
                for k in 1..=DEALS {
                    put(&c, &t, k, &garde(&t, 40 + i64::from(k)));
                }
            })
        })
        .collect();
    for w in writers {
        w.join().unwrap();
    }
    // Entries saved together (one commit) send their deal events, then one
    // standings event: every deal once, a standings event after the last
    // one, nothing else.
    let mut deals = std::collections::BTreeSet::new();
    let mut ids = Vec::new();
    let mut last = String::new();
    loop {
        let wait = if deals.len() < TABLES * DEALS as usize {
            WAIT
        } else {
            Duration::from_millis(300)
        };
        let Some(e) = sse.next(wait) else { break };
        match e.event.as_str() {
            "deal" => {
                let d = e.json();
                assert!(
                    deals.insert((d["table"].as_i64().unwrap(), d["deal"].as_i64().unwrap())),
                    "{e:?} twice"
                );
            }
            "standings" => {}
            other => panic!("unexpected event {other}"),
        }
        last = e.event.clone();
        ids.push(e.id.unwrap());
    }
    assert_eq!(deals.len(), TABLES * DEALS as usize, "an event of every saved deal");
    assert_eq!(last, "standings", "the standings follow the last deal");
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "ids grow: {ids:?}");
}

crate::test_case!(concurrent_events_in_order_sqlite);
fn concurrent_events_in_order_sqlite() {
    concurrent_events_in_order(TestDb::sqlite_pool(4));
}

crate::test_case!(concurrent_events_in_order_postgres, Postgres);
fn concurrent_events_in_order_postgres() {
    concurrent_events_in_order(TestDb::postgres_pool(4));
}

/// The standings of the API equal the ones computed from the database.
async fn assert_exact<S, B>(app: &S, db: &TestDb, id: TournamentId, round: Option<RoundNo>)
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let uri = match round {
        Some(r) => format!("/api/tournaments/{id}/standings?round={r}"),
        None => format!("/api/tournaments/{id}/standings"),
    };
    let (status, served) = call(app, Method::GET, &uri, None, None).await;
    assert_eq!(status, StatusCode::OK);
    let fresh = standings::compute(&mut db.conn(), id, round, Audience::Public).unwrap();
    let fresh: Vec<(i64, i64, u32)> = fresh
        .lines
        .iter()
        .map(|l| (l.player.get().into(), l.total, l.rank))
        .collect();
    let served: Vec<(i64, i64, u32)> = served
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["player"].as_i64().unwrap(),
                l["total"].as_i64().unwrap(),
                l["rank"].as_u64().unwrap() as u32,
            )
        })
        .collect();
    assert_eq!(served, fresh, "the cached standings ({uri}) differ from the database's");
}

async fn page<S, B>(app: &S, uri: &str) -> String
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (status, body, _) = common::http::get(app, &common::Jar::default(), uri).await;
    assert_eq!(status, StatusCode::OK, "{uri}");
    body
}

both_backends!(cached_standings_stay_exact, |db: TestDb| async move {
    let token = api_token(&db);
    let app = actix_web::test::init_service(chelem::chelem_app!(db.state())).await;
    let id = TournamentBuilder::new("Exact")
        .rounds(2)
        .players(8)
        .build_in(&db.state())
        .id;
    // Cached before round 1.
    assert_exact(&app, &db, id, None).await;
    assert!(page(&app, &format!("/tournaments/{id}/projector"))
        .await
        .contains("pas encore commencé"));
    let (_, seated) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/rounds"),
        Some(&token),
        None,
    )
    .await;
    let table = &seated["tables"][0];
    // A garde made by the first player of a table seated through the API.
    let garde = |table: &Value, points: i64| {
        let taker = &table["players"][0];
        json!({"taker": taker, "contract": "garde", "oudlers": 2, "points": points})
    };
    let put_uri = format!("/api/tables/{}/deals/1", table["token"].as_str().unwrap());
    // The live pages listen to the tournament's events, and reload every
    // 30 s without JavaScript.
    let tablet = format!("/t/{}", table["token"].as_str().unwrap());
    for uri in [
        format!("/tournaments/{id}/standings"),
        format!("/tournaments/{id}/projector"),
        tablet,
    ] {
        let html = page(&app, &uri).await;
        assert!(
            html.contains(&format!("data-live=\"/api/tournaments/{id}/events\"")),
            "{uri}: {html}"
        );
        assert!(html.contains("data-live-region="), "{uri}");
        assert!(
            html.contains(r#"<noscript><meta http-equiv="refresh" content="30"></noscript>"#),
            "{uri}"
        );
        assert!(
            html.contains(r#"<script src="/static/live.js" defer></script>"#),
            "{uri}"
        );
    }
    let script = page(&app, "/static/live.js").await;
    assert!(script.contains("new EventSource"));
    assert_exact(&app, &db, id, None).await;
    let projector = page(&app, &format!("/tournaments/{id}/projector")).await;
    assert!(projector.contains("Partie 1 sur 2 en cours"), "{projector}");
    assert!(projector.contains("Donnes saisies\u{a0}: 0/8"), "{projector}");

    // A save: read at once, the standings include it.
    let (status, saved) = call(&app, Method::PUT, &put_uri, None, Some(garde(table, 56))).await;
    assert_eq!(status, StatusCode::OK);
    assert_exact(&app, &db, id, None).await;
    assert_exact(&app, &db, id, Some(RoundNo::new(1))).await;
    let (_, lines) = call(
        &app,
        Method::GET,
        &format!("/api/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    let taker = table["players"][0].as_i64().unwrap();
    let total =
        |lines: &Value| lines.as_array().unwrap().iter().find(|l| l["player"] == taker).unwrap()["total"].clone();
    assert_eq!(total(&lines), json!(saved["scores"][taker.to_string()]));
    assert!(page(&app, &format!("/tournaments/{id}/projector"))
        .await
        .contains("Donnes saisies\u{a0}: 1/8"));

    // A correction.
    let mut fix = garde(table, 30);
    fix["version"] = saved["version"].clone();
    let (status, fixed) = call(&app, Method::PUT, &put_uri, None, Some(fix)).await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(fixed["scores"], saved["scores"]);
    assert_exact(&app, &db, id, None).await;
    assert_exact(&app, &db, id, Some(RoundNo::new(1))).await;
    let (_, lines) = call(
        &app,
        Method::GET,
        &format!("/api/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    assert_eq!(total(&lines), json!(fixed["scores"][taker.to_string()]));

    // A round closed, then the next one started.
    let close = format!("/api/tournaments/{id}/rounds/1/close");
    let (status, _) = call(&app, Method::POST, &close, Some(&token), Some(json!({"force": true}))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page(&app, &format!("/tournaments/{id}/projector"))
        .await
        .contains("Partie 1 sur 2 terminée"));
    assert_exact(&app, &db, id, None).await;
    call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/rounds"),
        Some(&token),
        None,
    )
    .await;
    assert!(page(&app, &format!("/tournaments/{id}/standings"))
        .await
        .contains("?round=2"));
    assert!(page(&app, &format!("/tournaments/{id}/projector"))
        .await
        .contains("Partie 2 sur 2 en cours"));

    // A change made outside this app (another process, the command line)
    // reaches the cache through the events table within the safety poll.
    let pid = PlayerId::new(lines[0]["player"].as_i64().unwrap() as i32);
    let fields = chelem::db::ops::players::PlayerFields::new("Nouveau Nom", "Club", "").unwrap();
    chelem::db::write(&mut db.conn(), |tx| chelem::db::ops::players::edit(tx, pid, &fields)).unwrap();
    let start = Instant::now();
    while !page(&app, &format!("/tournaments/{id}/standings"))
        .await
        .contains("Nouveau Nom")
    {
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "the rename never reached the cached standings"
        );
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
});

both_backends!(a_cached_standings_page_makes_no_query, |db: TestDb| async move {
    // One connection, and a short wait for it: a request that needs the
    // database while the test holds it fails.
    let manager = chelem::db::Manager::new(&db.url).unwrap();
    let pool = diesel::r2d2::Pool::builder()
        .max_size(1)
        .connection_timeout(Duration::from_millis(300))
        .build(manager)
        .unwrap();
    let state = AppState::new(pool.clone(), &db.url, Default::default()).unwrap();
    let hub = state.hub.clone();
    let id = TournamentBuilder::new("Zéro")
        .rounds(1)
        .players(4)
        .seated(1)
        .build_in(&state)
        .id;
    let app = actix_web::test::init_service(chelem::chelem_app!(state)).await;
    // The hub reads the events of these writes a moment later (and drops the
    // standings again): wait for it, so what is cached next stays.
    let last = chelem::db::models::StoredEvent::last_id(&mut pool.get().unwrap()).unwrap();
    let start = Instant::now();
    while hub.last_seen() < last {
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "the hub never read the events"
        );
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
    let uris = [
        format!("/tournaments/{id}/standings"),
        format!("/tournaments/{id}/standings?round=1"),
        format!("/tournaments/{id}/projector"),
        format!("/api/tournaments/{id}/standings"),
    ];
    for uri in &uris {
        page(&app, uri).await;
    }
    let held = pool.get().unwrap();
    for uri in &uris {
        page(&app, uri).await;
    }
    // The database is still needed for what is not cached (and out of reach).
    let (status, _, _) =
        common::http::get(&app, &common::Jar::default(), &format!("/tournaments/{id}/players/1")).await;
    assert!(status.is_server_error(), "{status}");
    drop(held);
});

/// The database's name in its URL.
fn db_name(db: &TestDb) -> String {
    url::Url::parse(&db.url)
        .unwrap()
        .path()
        .trim_start_matches('/')
        .to_owned()
}

crate::test_case!(two_instances_share_live_updates_postgres, Postgres);
/// Two servers on one PostgreSQL database: a deal saved through A reaches
/// the SSE client of B within a second, and B's standings include it; when
/// the listening connections are cut, they come back by themselves.
fn two_instances_share_live_updates_postgres() {
    let db = TestDb::postgres_pool(3);
    let a = Server::start(db.state());
    let b = Server::start(db.other_instance(3));
    let ca = Client::new(&a.url());
    let cb = Client::new(&b.url());
    let (id, tables) = seated(&db.state(), 8);
    let path = format!("/api/tournaments/{id}/events");
    let standings = format!("/api/tournaments/{id}/standings");
    // B has the standings in memory before the deal.
    let before = cb.call("GET", &standings, None, None);
    assert!(before.body.as_array().unwrap().iter().all(|l| l["total"] == 0));
    let mut sse = Sse::open(&b.addr, &path, None);
    assert_eq!(sse.status, 200);

    let saved_at = Instant::now();
    let saved = put(&ca, &tables[0], 1, &garde(&tables[0], 61));
    let deal = sse.next_named("deal", WAIT).expect("B's client hears A's deal");
    let took = saved_at.elapsed();
    assert_eq!(deal.json(), json!({"round": 1, "table": 1, "deal": 1}));
    assert!(
        took < Duration::from_secs(1),
        "A's deal reached B's client after {took:?}"
    );
    let after = cb.call("GET", &standings, None, None);
    let taker = tables[0].players[0];
    let line = after
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["player"] == taker.get())
        .unwrap()
        .clone();
    assert_eq!(
        line["total"],
        saved["scores"][taker.to_string()],
        "B's standings include A's deal"
    );
    eprintln!("A's deal reached B's SSE client after {took:?}");

    // Cut both hubs' connections: they reconnect and catch up.
    let mut admin = chelem::db::Manager::new(&common::pg_base_url())
        .unwrap()
        .connect()
        .unwrap();
    let cut = format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{}' AND application_name = 'chelem-live'",
        db_name(&db)
    );
    diesel::connection::SimpleConnection::batch_execute(&mut admin, &cut).unwrap();
    put(&ca, &tables[1], 1, &garde(&tables[1], 45));
    let deal = sse
        .next_named("deal", WAIT)
        .expect("B hears A again after reconnecting");
    assert_eq!(deal.json(), json!({"round": 1, "table": 2, "deal": 1}));
    let after = cb.call("GET", &standings, None, None);
    let taker = tables[1].players[0];
    let line = after
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["player"] == taker.get())
        .unwrap()
        .clone();
    assert_ne!(line["total"], 0);
}
