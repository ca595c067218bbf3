//! One client's slow connections cannot stall the room: under a
//! systemd-like open-file limit (`prlimit --nofile=1024:4096`), 3,600
//! connections from one address that send part of a request head and then
//! nothing (as a slow-loris client does, each kept up to the head's 10 s
//! timeout) hold at most that address's share of the connections; the
//! rest are closed as soon as they come. Meanwhile `/healthz`, a page and
//! the tables' deal entries from another address are answered at once,
//! and a club's room behind one address (60 tablets and phones, a few
//! connections and an event stream each) is served in full.

use crate::common;

use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use chelem::web::conn_gate::ConnectionGate;
use chelem::web::limits::Capacity;
use chelem::web::live::gate::StreamLimits;
use common::browser::{Launch, RealServer};
use common::client::Client;
use common::room;
use common::TestDb;

/// The slow client's connections.
const TRICKLE: usize = 3600;
/// The club's tablets and phones behind one address.
const DEVICES: usize = 60;
/// Connections each device keeps besides its event stream.
const PER_DEVICE: usize = 3;
/// The server's limit, as a systemd service gets it.
const SOFT: u64 = 1024;
const HARD: u64 = 4096;
/// The server's pool (the default of `serve`).
const POOL: u32 = 16;

/// A connection from `from` to `server`.
async fn connect(server: SocketAddr, from: Ipv4Addr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from.into(), 0))?;
    socket.connect(server).await
}

/// Whether the server has closed `s` (what is read is 0 bytes at once).
async fn closed(s: &mut TcpStream) -> bool {
    let mut buf = [0u8; 64];
    matches!(
        tokio::time::timeout(Duration::from_millis(1), s.read(&mut buf)).await,
        Ok(Ok(0) | Err(_))
    )
}

/// A request on a kept-alive connection: the status line's code.
async fn get(s: &mut TcpStream, path: &str) -> std::io::Result<u16> {
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: club\r\n\r\n").as_bytes())
        .await?;
    let mut head = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = s.read(&mut buf).await?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        head.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&head);
        let Some(end) = text.find("\r\n\r\n") else { continue };
        let length: usize = text[..end]
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length: ")
                    .map(str::to_owned)
            })
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0);
        if head.len() >= end + 4 + length {
            return Ok(text[9..12].parse().unwrap_or(0));
        }
    }
}

fn slow_heads(db: TestDb) {
    let (id, tables) = room::setup(&mut db.conn(), 4, 8);
    let launch = Launch {
        prefix: vec!["prlimit".into(), format!("--nofile={SOFT}:{HARD}")],
        log_to_file: true,
        ..Launch::default()
    };
    let server = RealServer::launch(Some(&db.url), launch);
    let share = ConnectionGate::share(
        Capacity::from_open_files(HARD, POOL).connections,
        StreamLimits::PER_CLIENT,
    );
    assert!(share * 4 < TRICKLE + 1000, "the trickle goes far past the share");
    let addr: SocketAddr = server.addr.parse().unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let slow = Ipv4Addr::new(127, 0, 0, 2);
    let club = Ipv4Addr::new(127, 0, 0, 3);
    let started = Instant::now();
    let mut trickle = rt.block_on(async {
        let mut trickle = Vec::new();
        for _ in 0..TRICKLE {
            let mut s = connect(addr, slow).await.expect("connect");
            // Part of a head, and nothing more.
            let _ = s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n").await;
            trickle.push(s);
        }
        trickle
    });
    // Another address: the room's requests are answered at once.
    let client = Client::new(&server.url());
    let mut took = Vec::new();
    for (i, table) in tables.iter().enumerate() {
        for (path, method, body) in [
            ("/healthz".to_owned(), "GET", None),
            (format!("/tournaments/{id}/standings"), "GET", None),
            (
                format!("/api/tables/{}/deals/1", table.token),
                "PUT",
                Some(room::deal_body(&table.players, 1, i, 8)),
            ),
        ] {
            let a = client.call(method, &path, None, body.as_ref());
            assert_eq!(a.status, 200, "{method} {path}: {}", a.body);
            took.push(a.ended - a.started);
        }
    }
    // The club behind one address: every device's connections and stream.
    let served = rt.block_on(async {
        let mut held = Vec::new();
        let mut ok = 0;
        for _ in 0..DEVICES {
            for _ in 0..PER_DEVICE {
                let mut s = connect(addr, club).await.expect("connect");
                if get(&mut s, "/healthz").await.is_ok_and(|code| code == 200) {
                    ok += 1;
                }
                held.push(s);
            }
            let mut stream = connect(addr, club).await.expect("connect");
            let req =
                format!("GET /api/tournaments/{id}/events HTTP/1.1\r\nHost: club\r\nAccept: text/event-stream\r\n\r\n");
            stream.write_all(req.as_bytes()).await.unwrap();
            let mut buf = [0u8; 256];
            let n = stream.read(&mut buf).await.unwrap_or(0);
            if buf[..n].starts_with(b"HTTP/1.1 200") {
                ok += 1;
            }
            held.push(stream);
        }
        ok
    });
    let closed_at_once = rt.block_on(async {
        let mut n = 0;
        for s in &mut trickle {
            if closed(s).await {
                n += 1;
            }
        }
        n
    });
    let during = started.elapsed();
    took.sort();
    eprintln!(
        "{}: {TRICKLE} slow connections, {closed_at_once} closed at once (share {share}); \
         the room's {} answers: max {:?}; the club {served} of {}; in {during:?}",
        db.backend.name(),
        took.len(),
        took.last().unwrap(),
        DEVICES * (PER_DEVICE + 1)
    );
    assert!(
        during < Duration::from_secs(9),
        "the checks ran while the slow heads were held (their timeout is 10 s): {during:?}"
    );
    assert_eq!(served, DEVICES * (PER_DEVICE + 1), "the club's room is served in full");
    assert_eq!(
        closed_at_once,
        TRICKLE - share,
        "the slow client holds its share, no more"
    );
    let log = server.log();
    assert!(log.contains("connections refused: per-client share"), "said in the log");
    assert!(!log.contains("Too many open files"), "{log}");
}

crate::test_case!(sqlite_slow_heads_from_one_address_hold_their_share);
fn sqlite_slow_heads_from_one_address_hold_their_share() {
    slow_heads(TestDb::sqlite());
}

crate::test_case!(postgres_slow_heads_from_one_address_hold_their_share, Postgres);
fn postgres_slow_heads_from_one_address_hold_their_share() {
    slow_heads(TestDb::postgres());
}
