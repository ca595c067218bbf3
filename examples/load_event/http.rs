//! A small HTTP/1.1 client on tokio for the load run: one kept-alive
//! connection per client, bodies by `Content-Length` or chunked, and a
//! Server-Sent Events reader. Enough for the loopback server of the run, and
//! no HTTP client crate to build.

use std::io;
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// Every exchange is bounded.
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// One answer: status (0 when the exchange failed), body, latency.
#[derive(Debug, Clone)]
pub struct Answer {
    /// HTTP status, 0 for a transport failure.
    pub status: u16,
    /// The body (the error's text on a transport failure).
    pub body: Vec<u8>,
    /// From the first byte written to the last byte read.
    pub took: Duration,
}

impl Answer {
    /// The body as JSON (`Null` when it is not).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }

    /// A 2xx.
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// One kept-alive connection to `addr` (`127.0.0.1:PORT`), reopened after a failure.
pub struct Conn {
    addr: String,
    stream: Option<BufReader<TcpStream>>,
}

/// The head of an answer.
struct Head {
    status: u16,
    length: Option<usize>,
    chunked: bool,
    close: bool,
}

async fn read_head(r: &mut BufReader<TcpStream>) -> io::Result<Head> {
    let mut line = String::new();
    if r.read_line(&mut line).await? == 0 {
        return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "connection closed"));
    }
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, format!("bad status line {line:?}")))?;
    let mut head = Head {
        status,
        length: None,
        chunked: false,
        close: false,
    };
    loop {
        line.clear();
        if r.read_line(&mut line).await? == 0 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "closed in the headers"));
        }
        let l = line.trim_end();
        if l.is_empty() {
            return Ok(head);
        }
        let Some((name, value)) = l.split_once(':') else {
            continue;
        };
        let (name, value) = (name.trim().to_ascii_lowercase(), value.trim().to_ascii_lowercase());
        match name.as_str() {
            "content-length" => head.length = value.parse().ok(),
            "transfer-encoding" => head.chunked = value.contains("chunked"),
            "connection" => head.close = value == "close",
            _ => {}
        }
    }
}

/// The size of the next chunk of a chunked body (0: the end).
async fn chunk_size(r: &mut BufReader<TcpStream>) -> io::Result<usize> {
    let mut line = String::new();
    if r.read_line(&mut line).await? == 0 {
        return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "closed in a chunked body"));
    }
    let hex = line.trim().split(';').next().unwrap_or_default();
    usize::from_str_radix(hex, 16).map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "bad chunk size"))
}

/// Reads one chunk (its data and the CRLF after it) into `out`.
async fn read_chunk(r: &mut BufReader<TcpStream>, size: usize, out: &mut Vec<u8>) -> io::Result<()> {
    let start = out.len();
    out.resize(start + size + 2, 0);
    r.read_exact(&mut out[start..]).await?;
    out.truncate(start + size);
    Ok(())
}

async fn read_body(r: &mut BufReader<TcpStream>, head: &Head) -> io::Result<Vec<u8>> {
    let mut body = Vec::new();
    if head.chunked {
        loop {
            let size = chunk_size(r).await?;
            if size == 0 {
                // The (empty) trailer.
                let mut line = String::new();
                r.read_line(&mut line).await?;
                return Ok(body);
            }
            read_chunk(r, size, &mut body).await?;
        }
    }
    body.resize(head.length.unwrap_or(0), 0);
    r.read_exact(&mut body).await?;
    Ok(body)
}

fn request_text(addr: &str, method: &str, path: &str, headers: &[(&str, String)], body: Option<&[u8]>) -> Vec<u8> {
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\n");
    for (name, value) in headers {
        req.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some(b) = body {
        req.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            b.len()
        ));
    }
    req.push_str("\r\n");
    let mut bytes = req.into_bytes();
    bytes.extend_from_slice(body.unwrap_or_default());
    bytes
}

impl Conn {
    /// A client of `addr`; connects at its first request.
    pub fn new(addr: &str) -> Conn {
        Conn {
            addr: addr.to_owned(),
            stream: None,
        }
    }

    /// One request; a transport failure (or the time limit) answers status 0
    /// and closes the connection (the next request opens a new one).
    pub async fn call(&mut self, method: &str, path: &str, headers: &[(&str, String)], body: Option<&[u8]>) -> Answer {
        let started = Instant::now();
        let result = tokio::time::timeout(TIMEOUT, self.exchange(method, path, headers, body)).await;
        let (status, body) = match result {
            Ok(Ok((status, body, close))) => {
                if close {
                    self.stream = None;
                }
                (status, body)
            }
            Ok(Err(e)) => {
                self.stream = None;
                (0, e.to_string().into_bytes())
            }
            Err(_) => {
                self.stream = None;
                (0, b"timed out".to_vec())
            }
        };
        Answer {
            status,
            body,
            took: started.elapsed(),
        }
    }

    async fn exchange(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, String)],
        body: Option<&[u8]>,
    ) -> io::Result<(u16, Vec<u8>, bool)> {
        if self.stream.is_none() {
            let s = TcpStream::connect(&self.addr).await?;
            s.set_nodelay(true)?;
            self.stream = Some(BufReader::new(s));
        }
        let r = self.stream.as_mut().expect("connected above");
        r.get_mut()
            .write_all(&request_text(&self.addr, method, path, headers, body))
            .await?;
        let head = read_head(r).await?;
        let body = read_body(r, &head).await?;
        Ok((head.status, body, head.close))
    }
}

/// One event of a stream: its id (if any) and name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    /// `id:`.
    pub id: Option<i64>,
    /// `event:` (`message` when absent).
    pub event: SseKind,
    /// A `deal` event's table and deal numbers (its `data:`).
    pub slot: Option<(u32, u32)>,
}

/// The names of events the load run counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SseKind {
    /// `deal`.
    Deal,
    /// `reload`.
    Reload,
    /// Any other name.
    Other,
}

/// A Server-Sent Events stream being read.
pub struct Sse {
    reader: BufReader<TcpStream>,
    /// Decoded text not parsed yet.
    text: Vec<u8>,
    /// Events parsed, not taken yet.
    ready: std::collections::VecDeque<SseEvent>,
}

impl Sse {
    /// Opens `path` on `addr`; an error unless it answers 200, chunked.
    pub async fn open(addr: &str, path: &str) -> io::Result<Sse> {
        let s = TcpStream::connect(addr).await?;
        s.set_nodelay(true)?;
        let mut reader = BufReader::new(s);
        let headers = [("Accept", "text/event-stream".to_owned())];
        reader
            .get_mut()
            .write_all(&request_text(addr, "GET", path, &headers, None))
            .await?;
        let head = read_head(&mut reader).await?;
        if head.status != 200 || !head.chunked {
            return Err(io::Error::other(format!("the stream answered {}", head.status)));
        }
        Ok(Sse {
            reader,
            text: Vec::new(),
            ready: Default::default(),
        })
    }

    /// The next event (comments skipped); `None` when the stream ended.
    pub async fn next(&mut self) -> io::Result<Option<SseEvent>> {
        loop {
            if let Some(e) = self.ready.pop_front() {
                return Ok(Some(e));
            }
            let size = chunk_size(&mut self.reader).await?;
            if size == 0 {
                return Ok(None);
            }
            read_chunk(&mut self.reader, size, &mut self.text).await?;
            self.parse();
        }
    }

    /// Moves every complete event (text up to a blank line) to `ready`.
    /// 500 spectators read about a million events a second between them at
    /// full load: no allocation per event, and the text is moved once per
    /// chunk.
    fn parse(&mut self) {
        let mut start = 0;
        while let Some(end) = find_blank_line(&self.text[start..]) {
            let block = &self.text[start..start + end];
            start += end + 2;
            let mut event = SseEvent {
                id: None,
                event: SseKind::Other,
                slot: None,
            };
            let mut has_data = false;
            for line in block.split(|&b| b == b'\n') {
                if let Some(v) = line.strip_prefix(b"id:") {
                    event.id = std::str::from_utf8(v).ok().and_then(|v| v.trim().parse().ok());
                } else if let Some(v) = line.strip_prefix(b"event:") {
                    event.event = match v.trim_ascii() {
                        b"deal" => SseKind::Deal,
                        b"reload" => SseKind::Reload,
                        _ => SseKind::Other,
                    };
                } else if line.starts_with(b"data:") {
                    has_data = true;
                    if let (Some(t), Some(d)) = (number_after(line, b"\"table\":"), number_after(line, b"\"deal\":")) {
                        event.slot = Some((t, d));
                    }
                }
            }
            // A block without data (comments, `retry:`) dispatches nothing.
            if has_data {
                self.ready.push_back(event);
            }
        }
        self.text.drain(..start);
    }
}

/// The whole number after `key` in `line` (spaces skipped), if any.
fn number_after(line: &[u8], key: &[u8]) -> Option<u32> {
    let at = line.windows(key.len()).position(|w| w == key)? + key.len();
    let digits: Vec<u8> = line[at..]
        .iter()
        .skip_while(|b| **b == b' ')
        .take_while(|b| b.is_ascii_digit())
        .copied()
        .collect();
    std::str::from_utf8(&digits).ok()?.parse().ok()
}

/// Where the first blank line (`\n\n`) of `text` starts.
fn find_blank_line(text: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].iter().position(|&b| b == b'\n') {
        let at = from + i;
        if text.get(at + 1) == Some(&b'\n') {
            return Some(at);
        }
        from = at + 1;
    }
    None
}
