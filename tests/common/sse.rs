//! A Server-Sent Events client over a plain socket: reads the stream as it
//! comes (chunked transfer encoding) and parses its events.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// One event of the stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// `id:` (None when the event has none).
    pub id: Option<i64>,
    /// `event:`.
    pub event: String,
    /// `data:`.
    pub data: String,
}

impl Event {
    /// The data as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.data).unwrap_or_else(|e| panic!("event data {:?} is not JSON: {e}", self.data))
    }
}

/// A stream being read.
pub struct Sse {
    reader: BufReader<TcpStream>,
    /// Decoded text not parsed yet.
    text: String,
    /// The answer's status.
    pub status: u16,
    /// The answer's headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// Comment lines seen (`: ping`…).
    pub comments: Vec<String>,
}

impl Sse {
    /// Opens `path` on `addr`, resuming after `last_event_id` if given.
    pub fn open(addr: &str, path: &str, last_event_id: Option<i64>) -> Sse {
        let mut stream = TcpStream::connect(addr).unwrap();
        let resume = last_event_id
            .map(|id| format!("Last-Event-ID: {id}\r\n"))
            .unwrap_or_default();
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip\r\n{resume}\r\n"
        );
        stream.write_all(req.as_bytes()).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut reader = BufReader::new(stream);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let status = line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let mut headers = Vec::new();
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                headers.push((k.trim().to_ascii_lowercase(), v.trim().to_owned()));
            }
        }
        Sse {
            reader,
            text: String::new(),
            status,
            headers,
            comments: Vec::new(),
        }
    }

    /// A header of the answer.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Reads one chunk of the body (false when the stream ended or the wait
    /// ran out).
    fn read_chunk(&mut self, until: Instant) -> bool {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        self.reader.get_ref().set_read_timeout(Some(left)).unwrap();
        let mut size = String::new();
        match self.reader.read_line(&mut size) {
            Ok(0) | Err(_) => return false,
            Ok(_) => {}
        }
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            panic!("not a chunk size: {size:?}");
        };
        if n == 0 {
            return false;
        }
        let mut chunk = vec![0; n + 2];
        self.reader
            .get_ref()
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        self.reader.read_exact(&mut chunk).unwrap();
        self.text.push_str(std::str::from_utf8(&chunk[..n]).unwrap());
        true
    }

    /// The next event, or None if none came within `wait`.
    pub fn next(&mut self, wait: Duration) -> Option<Event> {
        let until = Instant::now() + wait;
        loop {
            while let Some(end) = self.text.find("\n\n") {
                let block: String = self.text.drain(..end + 2).collect();
                let mut event = Event {
                    id: None,
                    event: "message".into(),
                    data: String::new(),
                };
                let mut any = false;
                for line in block.lines() {
                    if let Some(c) = line.strip_prefix(':') {
                        self.comments.push(c.trim().to_owned());
                    } else if let Some(v) = line.strip_prefix("id: ") {
                        event.id = Some(v.parse().unwrap());
                        any = true;
                    } else if let Some(v) = line.strip_prefix("event: ") {
                        event.event = v.to_owned();
                        any = true;
                    } else if let Some(v) = line.strip_prefix("data: ") {
                        event.data = v.to_owned();
                        any = true;
                    }
                }
                if any && !event.data.is_empty() {
                    return Some(event);
                }
            }
            if !self.read_chunk(until) {
                return None;
            }
        }
    }

    /// The next event named `name` (others are skipped), or None.
    pub fn next_named(&mut self, name: &str, wait: Duration) -> Option<Event> {
        let until = Instant::now() + wait;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let e = self.next(left)?;
            if e.event == name {
                return Some(e);
            }
        }
    }
}
