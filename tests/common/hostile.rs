//! Hostile clients of the real server: raw HTTP over a socket (any bytes,
//! any size, as slowly as wanted), an organizer session and a tablet link
//! to aim at, the refusal sentence of an answer, and a fingerprint of
//! everything stored, to show that a refused request stored nothing.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::schema;
use chelem::tournament::ids::{PlayerId, TournamentId};

use super::builder::TournamentBuilder;
use super::http::{api_token, PASSWORD, USER};
use super::TestDb;

/// How long a test waits on the server before calling it hung (never reached
/// by a server that behaves).
pub const PATIENCE: Duration = Duration::from_secs(60);

/// One HTTP answer.
#[derive(Debug, Clone)]
pub struct Answer {
    /// Status (0: the connection closed without an answer).
    pub status: u16,
    /// Headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// Body, decoded from chunks, as text.
    pub body: String,
}

impl Answer {
    /// The value of the cookie `name` set by this answer.
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.headers
            .iter()
            .filter(|(k, _)| k == "set-cookie")
            .filter_map(|(_, v)| v.split(';').next()?.split_once('='))
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.to_owned())
    }

    /// The refusal sentence the answer carries: `{"error": …}` under `/api`,
    /// the alert of a form shown again, or the message of the error page.
    pub fn sentence(&self) -> Option<String> {
        if let Ok(v) = serde_json::from_str::<Value>(&self.body) {
            return v["error"].as_str().map(str::to_owned).filter(|s| s.contains(' '));
        }
        let after = |marker: &str| {
            let start = self.body.find(marker)? + marker.len();
            let text = &self.body[start..];
            Some(text[..text.find('<')?].trim().to_owned())
        };
        after("role=\"alert\">")
            .or_else(|| after("</h1>\n  <p>"))
            .filter(|s| s.contains(' '))
    }
}

/// Parses a whole HTTP/1.1 answer.
pub fn parse_answer(raw: &[u8]) -> Answer {
    let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
        return Answer {
            status: 0,
            headers: vec![],
            body: String::from_utf8_lossy(raw).into_owned(),
        };
    };
    let head = String::from_utf8_lossy(&raw[..end]);
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    if chunked {
        body = unchunk(&body).0;
    }
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    }
}

/// A chunked body's data, and whether its last (empty) chunk was there.
fn unchunk(mut data: &[u8]) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    while let Some(eol) = data.windows(2).position(|w| w == b"\r\n") {
        let Some(size) = std::str::from_utf8(&data[..eol])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next()?.trim(), 16).ok())
        else {
            break;
        };
        let start = eol + 2;
        if size == 0 {
            return (out, data[start..].starts_with(b"\r\n"));
        }
        if start + size > data.len() {
            break;
        }
        out.extend_from_slice(&data[start..start + size]);
        if start + size + 2 > data.len() {
            break;
        }
        data = &data[start + size + 2..];
    }
    (out, false)
}

/// Connects to the server, with [`PATIENCE`] on every read and write.
pub fn connect(addr: &str) -> TcpStream {
    let s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(PATIENCE)).unwrap();
    s.set_write_timeout(Some(PATIENCE)).unwrap();
    s
}

/// Reads until the server closes the connection (or [`PATIENCE`] runs out,
/// or the connection is reset): what it sent.
pub fn read_all(s: &mut TcpStream) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    loop {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => return out,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
}

/// Sends `head` (request line and headers, without the blank line) and
/// `body` on a connection the server closes after answering; the answer.
/// The body is written from another thread, so a server that answers
/// before reading it all (a refusal) is read, not deadlocked.
pub fn exchange(addr: &str, head: &str, body: Vec<u8>) -> Answer {
    let mut s = connect(addr);
    let mut w = s.try_clone().unwrap();
    let head = format!("{head}\r\nConnection: close\r\n\r\n");
    let writer = std::thread::spawn(move || {
        // The server may refuse and close before the body is all sent.
        let _ = w.write_all(head.as_bytes()).and_then(|_| w.write_all(&body));
    });
    let raw = read_answer(&mut s);
    // A refusal comes before the body is all sent: the rest is not sent
    // (the server would otherwise wait up to its disconnect timeout, a
    // second, for a client still writing).
    let _ = s.shutdown(std::net::Shutdown::Both);
    let _ = writer.join();
    parse_answer(&raw)
}

/// Reads one answer: until its body is whole (as long as `Content-Length`
/// says, or up to the last chunk), or the server closes the connection.
fn read_answer(s: &mut TcpStream) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    while !whole(&out) {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
    out
}

/// Whether `raw` holds a whole answer whose end its head tells.
fn whole(raw: &[u8]) -> bool {
    let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
        return false;
    };
    let head = parse_answer(&raw[..end + 4]);
    let body = &raw[end + 4..];
    let header = |name: &str| head.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    if let Some(n) = header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        return body.len() >= n;
    }
    header("transfer-encoding").is_some_and(|v| v.contains("chunked")) && unchunk(body).1
}

/// Who sends the requests: an organizer's session (cookies and the CSRF
/// token of its forms) and API token.
#[derive(Debug, Clone)]
pub struct Visitor {
    /// `127.0.0.1:port`.
    pub addr: String,
    /// The `Cookie` header of the session.
    pub cookies: String,
    /// The CSRF token the forms carry.
    pub csrf: String,
    /// An API token.
    pub token: String,
}

impl Visitor {
    /// Creates the organizer (and an API token) and logs in over HTTP.
    pub fn login(db: &TestDb, addr: &str) -> Visitor {
        let token = api_token(db);
        Visitor {
            token,
            ..Visitor::log_in(addr, "t", PASSWORD)
        }
    }

    /// Logs the organizer in over HTTP with `password`, naming `host` (the
    /// real server wants its own address); the account exists already (as
    /// [`super::browser::RealServer`] makes it); no API token.
    pub fn log_in(addr: &str, host: &str, password: &str) -> Visitor {
        let a = exchange(addr, &format!("GET /login HTTP/1.1\r\nHost: {host}"), vec![]);
        let csrf = a.cookie("chelem_csrf").expect("a CSRF cookie");
        let form = form_body(&[
            ("csrf", &csrf),
            ("username", USER),
            ("password", password),
            ("next", "/"),
        ]);
        let a = exchange(
            addr,
            &form_head("POST", "/login", &format!("chelem_csrf={csrf}"), form.len())
                .replace("Host: t\r\n", &format!("Host: {host}\r\n")),
            form,
        );
        assert_eq!(a.status, 303, "login: {} {}", a.status, a.body);
        let session = a.cookie("chelem_session").expect("a session");
        let csrf = a.cookie("chelem_csrf").unwrap_or(csrf);
        Visitor {
            addr: addr.to_owned(),
            cookies: format!("chelem_session={session}; chelem_csrf={csrf}"),
            csrf,
            token: String::new(),
        }
    }

    /// A form POST of these pairs (the CSRF token first): the answer.
    pub fn post_form(&self, path: &str, pairs: &[(&str, &str)]) -> Answer {
        let mut all = vec![("csrf", self.csrf.as_str())];
        all.extend_from_slice(pairs);
        let body = form_body(&all);
        exchange(&self.addr, &form_head("POST", path, &self.cookies, body.len()), body)
    }

    /// A GET with the session: the answer.
    pub fn get(&self, path: &str) -> Answer {
        let head = format!("GET {path} HTTP/1.1\r\nHost: t\r\nCookie: {}", self.cookies);
        exchange(&self.addr, &head, vec![])
    }

    /// Imports a player file typed into the import form of tournament
    /// `id`: the answer.
    pub fn import_players(&self, id: impl std::fmt::Display, csv: &str) -> Answer {
        let body = format!(
            "--xyz\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{}\r\n\
             --xyz\r\nContent-Disposition: form-data; name=\"csv_text\"\r\n\r\n{csv}\r\n--xyz--\r\n",
            self.csrf
        )
        .into_bytes();
        let head = format!(
            "POST /tournaments/{id}/players/import HTTP/1.1\r\nHost: t\r\nCookie: {}\r\n\
             Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: {}",
            self.cookies,
            body.len()
        );
        exchange(&self.addr, &head, body)
    }

    /// A JSON API call with the bearer token, `body` sent as is.
    pub fn api(&self, method: &str, path: &str, body: &[u8]) -> Answer {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer {}\r\n\
             Content-Type: application/json\r\nContent-Length: {}",
            self.token,
            body.len()
        );
        exchange(&self.addr, &head, body.to_vec())
    }
}

/// The cells of a CSV file as a French spreadsheet has it: a byte order
/// mark, `;` separators.
pub fn spreadsheet_cells(body: &str) -> Vec<Vec<String>> {
    let body = body.strip_prefix('\u{feff}').expect("a byte order mark");
    csv::ReaderBuilder::new()
        .delimiter(b';')
        .has_headers(false)
        .from_reader(body.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

/// A url-encoded form body.
pub fn form_body(pairs: &[(&str, &str)]) -> Vec<u8> {
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish()
        .into_bytes()
}

/// The head of a form POST.
pub fn form_head(method: &str, path: &str, cookies: &str, len: usize) -> String {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: t\r\nCookie: {cookies}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len}"
    )
}

/// A tournament of 8 players with its round 1 started: its id, the player
/// ids, and table 1's tablet token. Made straight in the database (not
/// under test).
pub fn seated_tournament(db: &TestDb) -> (TournamentId, Vec<PlayerId>, String) {
    let t = TournamentBuilder::new("Open des Remparts")
        .rounds(3)
        .seed(5)
        .players(8)
        .seated(1)
        .build(&mut db.conn());
    let token = t.rounds[0][0].token.clone();
    (t.id, t.players, token)
}

/// Everything stored that a request could change (logins and sessions
/// aside): the row count of every table and the export of every tournament.
pub fn fingerprint(db: &TestDb) -> Value {
    use schema::*;
    let mut conn = db.conn();
    let c = &mut *conn;
    let counts = json!({
        "users": users::table.count().get_result::<i64>(c).unwrap(),
        "api_tokens": api_tokens::table.count().get_result::<i64>(c).unwrap(),
        "players": players::table.count().get_result::<i64>(c).unwrap(),
        "tournaments": tournaments::table.count().get_result::<i64>(c).unwrap(),
        "registrations": registrations::table.count().get_result::<i64>(c).unwrap(),
        "seating_constraints": seating_constraints::table.count().get_result::<i64>(c).unwrap(),
        "rounds": rounds::table.count().get_result::<i64>(c).unwrap(),
        "round_tables": round_tables::table.count().get_result::<i64>(c).unwrap(),
        "seats": seats::table.count().get_result::<i64>(c).unwrap(),
        "deals": deals::table.count().get_result::<i64>(c).unwrap(),
        "submissions": submissions::table.count().get_result::<i64>(c).unwrap(),
        "deal_scores": deal_scores::table.count().get_result::<i64>(c).unwrap(),
        "audit_log": audit_log::table.count().get_result::<i64>(c).unwrap(),
    });
    let ids: Vec<TournamentId> = tournaments::table.select(tournaments::id).load(c).unwrap();
    let exports: Vec<Value> = ids
        .into_iter()
        .map(|id| serde_json::to_value(chelem::db::ops::export::export(c, id).unwrap()).unwrap())
        .collect();
    let directory: Vec<(String, String, Option<String>)> = players::table
        .select((players::name, players::club, players::licence))
        .order(players::id)
        .load(c)
        .unwrap();
    json!({"counts": counts, "exports": exports, "directory": directory})
}
