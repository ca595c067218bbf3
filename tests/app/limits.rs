//! What a request may cost, over real sockets on both databases: a 10 MB
//! body to every route that takes one is refused (413, a sentence, nothing
//! stored), declared or sent in chunks; a client that sends its head or its
//! body too slowly is cut off after the configured deadline.

use crate::common;

use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chelem::tournament::ids::{PlayerId, TournamentId};
use chelem::web::limits::Timeouts;
use chelem::web::{AppState, WebConfig};
use common::hostile::{connect, exchange, fingerprint, parse_answer, read_all, seated_tournament, Visitor};
use common::server::Server;
use common::TestDb;

const TEN_MB: usize = 10 * 1024 * 1024;

/// How a route takes its body.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Form,
    Json,
    Multipart,
}

/// Every route that takes a body (the ids made up where a real one is not
/// needed to reach the body).
fn routes(id: TournamentId, pid: PlayerId, token: &str) -> Vec<(&'static str, String, Kind)> {
    use Kind::*;
    vec![
        ("POST", "/login".into(), Form),
        ("POST", "/logout".into(), Form),
        ("POST", "/lang".into(), Form),
        ("POST", "/tournaments".into(), Form),
        ("POST", format!("/tournaments/{id}/edit"), Form),
        ("POST", format!("/tournaments/{id}/players"), Form),
        ("POST", format!("/tournaments/{id}/players/import"), Multipart),
        ("POST", format!("/tournaments/{id}/players/{pid}/checkin"), Form),
        ("POST", format!("/tournaments/{id}/players/{pid}/withdraw"), Form),
        ("POST", format!("/tournaments/{id}/checkin-all"), Form),
        ("POST", format!("/tournaments/{id}/constraints"), Form),
        ("POST", format!("/tournaments/{id}/constraints/1/delete"), Form),
        ("POST", format!("/players/{pid}/edit"), Form),
        ("POST", format!("/tournaments/{id}/rounds"), Form),
        ("POST", format!("/tournaments/{id}/rounds/1/close"), Form),
        ("POST", format!("/tournaments/{id}/rounds/1/undo"), Form),
        ("POST", format!("/tournaments/{id}/rounds/1/seats"), Form),
        ("POST", format!("/tournaments/{id}/rounds/1/tables/1/deals/1"), Form),
        ("POST", format!("/t/{token}/deals/1"), Form),
        ("POST", format!("/t/{token}/deals/1/confirm"), Form),
        ("POST", "/api/score".into(), Json),
        ("POST", "/api/tournaments".into(), Json),
        ("POST", format!("/api/tournaments/{id}/players"), Json),
        // The withdrawal reads no body: refused all the same.
        ("DELETE", format!("/api/tournaments/{id}/players/{pid}"), Json),
        ("POST", format!("/api/tournaments/{id}/players/{pid}/checkin"), Json),
        ("POST", format!("/api/tournaments/{id}/checkin-all"), Json),
        ("POST", format!("/api/tournaments/{id}/rounds"), Json),
        ("POST", format!("/api/tournaments/{id}/rounds/1/close"), Json),
        ("DELETE", format!("/api/tournaments/{id}/rounds/1"), Json),
        ("POST", format!("/api/tournaments/{id}/rounds/1/swap"), Json),
        ("POST", format!("/api/tournaments/{id}/rounds/1/move"), Json),
        ("PUT", format!("/api/tables/{token}/deals/1"), Json),
    ]
}

fn head(v: &Visitor, method: &str, path: &str, kind: Kind, length: Option<usize>) -> String {
    let content_type = match kind {
        Kind::Form => "application/x-www-form-urlencoded".to_owned(),
        Kind::Json => "application/json".to_owned(),
        Kind::Multipart => "multipart/form-data; boundary=xyz".to_owned(),
    };
    let length = match length {
        Some(n) => format!("Content-Length: {n}"),
        None => "Transfer-Encoding: chunked".to_owned(),
    };
    format!(
        "{method} {path} HTTP/1.1\r\nHost: t\r\nCookie: {}\r\nAuthorization: Bearer {}\r\n\
         Content-Type: {content_type}\r\n{length}",
        v.cookies, v.token
    )
}

/// 10 MB of a body of this kind (a form field, a JSON string, a file part).
fn big_body(kind: Kind) -> Vec<u8> {
    let (open, close): (&[u8], &[u8]) = match kind {
        Kind::Form => (b"csrf=x&name=", b""),
        Kind::Json => (b"{\"name\": \"", b"\"}"),
        Kind::Multipart => (
            b"--xyz\r\nContent-Disposition: form-data; name=\"csv_file\"; filename=\"a.csv\"\r\n\r\nnom\r\n",
            b"\r\n--xyz--\r\n",
        ),
    };
    let mut body = open.to_vec();
    body.resize(TEN_MB - close.len(), b'a');
    body.extend_from_slice(close);
    body
}

/// `body` in chunks of 64 KB, as chunked transfer encoding sends it.
fn chunked(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + body.len() / 1000);
    for c in body.chunks(64 * 1024) {
        out.extend_from_slice(format!("{:x}\r\n", c.len()).as_bytes());
        out.extend_from_slice(c);
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"0\r\n\r\n");
    out
}

both_backends!(a_ten_mb_body_is_refused_on_every_route, |db: TestDb| async move {
    let (id, pids, token) = seated_tournament(&db);
    let server = Server::start(db.state());
    let v = Visitor::login(&db, &server.addr);
    let before = fingerprint(&db);
    for (method, path, kind) in routes(id, pids[0], &token) {
        let body = big_body(kind);
        // Declared: refused from the head, before anything reads the body.
        let a = exchange(
            &server.addr,
            &head(&v, method, &path, kind, Some(body.len())),
            body.clone(),
        );
        assert_eq!(a.status, 413, "{method} {path} (declared): {}", a.body);
        let sentence = a
            .sentence()
            .unwrap_or_else(|| panic!("{method} {path}: no sentence in {}", a.body));
        assert!(sentence.contains('2'), "{method} {path}: {sentence}");
        // Chunked: refused once 2 MB have arrived, whether the route reads it or not.
        let a = exchange(&server.addr, &head(&v, method, &path, kind, None), chunked(&body));
        assert_eq!(a.status, 413, "{method} {path} (chunked): {}", a.body);
        assert!(a.sentence().is_some(), "{method} {path} (chunked): {}", a.body);
    }
    assert_eq!(fingerprint(&db), before);
    // And the server still answers.
    assert_eq!(v.get(&format!("/tournaments/{id}")).status, 200);
});

/// A server whose clients have 2 s for a head and 2 s for a body.
fn impatient_server(db: &TestDb) -> (Server, Timeouts) {
    let timeouts = Timeouts {
        request_head: Duration::from_secs(2),
        body: Duration::from_secs(2),
        keep_alive: Duration::from_secs(2),
    };
    let state = AppState {
        config: Arc::new(WebConfig {
            timeouts,
            ..WebConfig::default()
        }),
        ..db.state()
    };
    (Server::start(state), timeouts)
}

/// Sends `start`, then `drip` one byte every 200 ms (at most 300 of them,
/// a minute) until the server closes the connection; returns what the
/// server sent and when it closed.
fn trickle(addr: &str, start: &[u8], drip: &[u8]) -> (Vec<u8>, Duration) {
    let mut s = connect(addr);
    s.write_all(start).unwrap();
    let began = Instant::now();
    let mut w = s.try_clone().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = stop.clone();
    let drip = drip.to_vec();
    let writer = std::thread::spawn(move || {
        for b in drip.iter().cycle().take(300) {
            if stopped.load(Ordering::Relaxed) || w.write_all(&[*b]).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    });
    let got = read_all(&mut s);
    let closed = began.elapsed();
    stop.store(true, Ordering::Relaxed);
    let _ = writer.join();
    (got, closed)
}

both_backends!(slow_clients_are_cut_off, |db: TestDb| async move {
    let (server, t) = impatient_server(&db);
    // The bound is the behaviour (the deadline, not a minute later), not a speed.
    let bound = |d: Duration| d + Duration::from_secs(5);

    // A head sent a byte at a time, never finished.
    let (got, closed) = trickle(&server.addr, b"GET / HTTP/1.1\r\nHost: t\r\nX-Slow: ", b"abcdefgh");
    assert!(closed < bound(t.request_head), "open for {closed:?}");
    let a = parse_answer(&got);
    assert!(a.status == 0 || a.status == 408, "{a:?}");

    // A connection that says nothing at all.
    let mut s = connect(&server.addr);
    let began = Instant::now();
    let mut buf = [0u8; 512];
    let n = s.read(&mut buf).unwrap_or(0);
    assert!(
        began.elapsed() < bound(t.request_head),
        "open for {:?}",
        began.elapsed()
    );
    assert!(
        n == 0 || buf.starts_with(b"HTTP/1.1 408"),
        "{:?}",
        String::from_utf8_lossy(&buf[..n])
    );

    // A body announced at 1 000 bytes, sent a byte at a time.
    let start =
        b"POST /api/score HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{";
    let (got, closed) = trickle(&server.addr, start, b"          ");
    assert!(closed < bound(t.body), "open for {closed:?}");
    let a = parse_answer(&got);
    assert_eq!(a.status, 408, "{a:?}");
    assert!(a.sentence().is_some_and(|s| s.contains("too long")), "{a:?}");

    // The same for a form, in the visitor's language.
    let start = b"POST /lang HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                  Content-Length: 1000\r\n\r\nlang=";
    let (got, _) = trickle(&server.addr, start, b"frfrfr");
    let a = parse_answer(&got);
    assert_eq!(a.status, 408, "{a:?}");
    assert!(a.sentence().is_some_and(|s| s.contains("trop de temps")), "{a:?}");

    // Clients that keep up are served.
    let a = exchange(&server.addr, "GET /healthz HTTP/1.1\r\nHost: t", vec![]);
    assert_eq!(a.status, 200, "{a:?}");
});
