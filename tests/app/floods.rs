//! A flood of event streams against the real server under a systemd-like
//! open-file limit (`prlimit --nofile=1024:4096`), on both databases: the
//! server raises its soft limit to the hard one, 5,000 stream attempts come
//! from loopback addresses (one client past its own cap, then many), and
//! meanwhile `/healthz`, a page and the tables' deal entries keep answering.
//! Streams past a cap get a 503 with `Retry-After` and a sentence; nothing
//! fails for want of a file; a stream's place comes back when it closes.

use crate::common;

use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use chelem::web::limits::Capacity;
use chelem::web::live::gate::StreamLimits;
use common::browser::{Launch, RealServer};
use common::client::Client;
use common::room::{self, Table};
use common::TestDb;

/// Stream attempts in all.
const ATTEMPTS: usize = 5000;
/// Attempts from the first client, past its own cap.
const FIRST_CLIENT: usize = 250;
/// The other clients' addresses: 127.0.0.3 and on.
const OTHER_CLIENTS: u8 = 24;
/// Attempts in flight at once.
const IN_FLIGHT: usize = 50;
/// Attempts between two checks that the room is still served.
const CHECK_EVERY: usize = 500;
/// The server's limit, as a systemd service gets it.
const SOFT: u64 = 1024;
const HARD: u64 = 4096;
/// The server's pool (the default of `serve`).
const POOL: u32 = 16;

/// How one stream attempt ended.
enum Attempt {
    /// 200: the stream is open (kept open until the end of the test).
    Open(TcpStream),
    /// 503 with `Retry-After` and the JSON sentence.
    Refused,
    /// Anything else.
    Failed(String),
}

/// One `GET /api/tournaments/{id}/events` from `from`.
async fn attempt(server: SocketAddr, from: Ipv4Addr, id: i64) -> Attempt {
    let run = async {
        let socket = TcpSocket::new_v4()?;
        socket.bind(SocketAddr::new(from.into(), 0))?;
        let mut s = socket.connect(server).await?;
        let req =
            format!("GET /api/tournaments/{id}/events HTTP/1.1\r\nHost: {server}\r\nAccept: text/event-stream\r\n\r\n");
        s.write_all(req.as_bytes()).await?;
        let mut head = Vec::new();
        let mut buf = [0u8; 1024];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = s.read(&mut buf).await?;
            if n == 0 {
                return Ok(Attempt::Failed(format!(
                    "closed after {:?}",
                    String::from_utf8_lossy(&head)
                )));
            }
            head.extend_from_slice(&buf[..n]);
        }
        let text = String::from_utf8_lossy(&head).into_owned();
        if text.starts_with("HTTP/1.1 200") {
            return Ok(Attempt::Open(s));
        }
        if !text.starts_with("HTTP/1.1 503") {
            return Ok(Attempt::Failed(text));
        }
        // The server closes a refused stream's connection after its answer.
        let mut rest = Vec::new();
        s.read_to_end(&mut rest).await?;
        let all = text.to_ascii_lowercase() + &String::from_utf8_lossy(&rest);
        let ok = all.contains("\r\nretry-after: 5\r\n")
            && all.contains("\r\nconnection: close\r\n")
            && all.contains(r#"{"error":"too many live connections are open; try again in a moment"}"#);
        Ok::<_, std::io::Error>(if ok { Attempt::Refused } else { Attempt::Failed(all) })
    };
    match tokio::time::timeout(Duration::from_secs(20), run).await {
        Ok(Ok(a)) => a,
        Ok(Err(e)) => Attempt::Failed(e.to_string()),
        Err(_) => Attempt::Failed("no answer within 20 s".into()),
    }
}

/// What the flood got.
#[derive(Default)]
struct Tally {
    open: Vec<TcpStream>,
    refused: usize,
    failed: Vec<String>,
}

/// `count` attempts from the addresses `from` in turn, `IN_FLIGHT` at once;
/// every `CHECK_EVERY` attempts, `check` runs (the room still served).
async fn flood(
    tally: &mut Tally,
    server: SocketAddr,
    id: i64,
    from: &[Ipv4Addr],
    count: usize,
    check: &mut impl FnMut(),
) {
    let mut done = 0;
    while done < count {
        let n = IN_FLIGHT.min(count - done);
        let mut set = tokio::task::JoinSet::new();
        for k in 0..n {
            set.spawn(attempt(server, from[(done + k) % from.len()], id));
        }
        while let Some(a) = set.join_next().await {
            match a.unwrap() {
                Attempt::Open(s) => tally.open.push(s),
                Attempt::Refused => tally.refused += 1,
                Attempt::Failed(e) => tally.failed.push(e),
            }
        }
        done += n;
        if done % CHECK_EVERY == 0 {
            check();
        }
    }
}

/// The soft and hard open-file limits of a process, from `/proc`.
fn open_file_limits(pid: u32) -> (u64, u64) {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    let line = limits.lines().find(|l| l.starts_with("Max open files")).unwrap();
    let v: Vec<u64> = line.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    (v[0], v[1])
}

/// Files the process has open.
fn open_files(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count())
}

fn stream_flood(db: TestDb) {
    let (id, tables) = room::setup(&mut db.conn(), 4, 8);
    let launch = Launch {
        prefix: vec!["prlimit".into(), format!("--nofile={SOFT}:{HARD}")],
        env: vec![],
        log_to_file: true,
        ..Launch::default()
    };
    let server = RealServer::launch(Some(&db.url), launch);
    assert_eq!(
        open_file_limits(server.pid()),
        (HARD, HARD),
        "the server raised its soft limit"
    );
    let caps = StreamLimits::within(Capacity::from_open_files(HARD, POOL).connections);
    assert!(
        caps.total < ATTEMPTS - FIRST_CLIENT,
        "the flood goes past the total cap"
    );

    let client = Client::new(&server.url());
    let mut checks = 0;
    let mut peak_files = 0;
    let mut check = || {
        assert_eq!(client.call("GET", "/healthz", None, None).status, 200, "healthz");
        let page = client.call("GET", &format!("/tournaments/{id}/standings"), None, None);
        assert_eq!(page.status, 200, "the standings page");
        let table: &Table = &tables[checks % tables.len()];
        let k = checks / tables.len() + 1;
        let body = room::deal_body(&table.players, k, checks, 8);
        let put = client.call(
            "PUT",
            &format!("/api/tables/{}/deals/{k}", table.token),
            None,
            Some(&body),
        );
        assert_eq!(put.status, 200, "deal entry: {}", put.body);
        peak_files = peak_files.max(open_files(server.pid()));
        checks += 1;
    };

    let addr: SocketAddr = server.addr.parse().unwrap();
    let first = [Ipv4Addr::new(127, 0, 0, 2)];
    let others: Vec<Ipv4Addr> = (0..OTHER_CLIENTS).map(|i| Ipv4Addr::new(127, 0, 0, 3 + i)).collect();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut tally = Tally::default();
    rt.block_on(async {
        flood(&mut tally, addr, id, &first, FIRST_CLIENT, &mut check).await;
        assert_eq!(tally.open.len(), caps.per_client, "one client gets its cap");
        assert_eq!(tally.refused, FIRST_CLIENT - caps.per_client, "and no more");
        flood(&mut tally, addr, id, &others, ATTEMPTS - FIRST_CLIENT, &mut check).await;
    });
    check();
    let log = server.log();
    eprintln!(
        "{}: {} streams open, {} refused, {} failed; {checks} checks; the server had up to {peak_files} files open",
        db.backend.name(),
        tally.open.len(),
        tally.refused,
        tally.failed.len()
    );
    assert!(
        tally.failed.is_empty(),
        "no attempt fails: {:?}",
        &tally.failed[..tally.failed.len().min(5)]
    );
    assert_eq!(tally.open.len(), caps.total, "streams up to the total cap");
    assert_eq!(tally.refused, ATTEMPTS - caps.total, "the rest refused");
    assert!(
        !log.contains("Too many open files") && !log.contains("rror accepting"),
        "nothing failed for want of a file: {log}"
    );

    // Closed streams give their places back: the first client gets its cap again.
    drop(std::mem::take(&mut tally.open));
    let started = Instant::now();
    rt.block_on(async {
        loop {
            let mut again = Tally::default();
            flood(&mut again, addr, id, &first, caps.per_client, &mut || ()).await;
            assert!(again.failed.is_empty(), "{:?}", again.failed);
            if again.open.len() == caps.per_client {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "places not given back: {} of {}",
                again.open.len(),
                caps.per_client
            );
            drop(again);
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    });
}

crate::test_case!(sqlite_streams_flood_is_shed_before_files_run_out);
fn sqlite_streams_flood_is_shed_before_files_run_out() {
    stream_flood(TestDb::sqlite());
}

crate::test_case!(postgres_streams_flood_is_shed_before_files_run_out, Postgres);
fn postgres_streams_flood_is_shed_before_files_run_out() {
    stream_flood(TestDb::postgres());
}
