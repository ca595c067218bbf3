//! A blocking JSON client over real HTTP (one kept-alive connection), as a
//! table's tablet or a script, for the tests that need real connections
//! (the concurrency test).

use std::time::{Duration, Instant};

use serde_json::Value;

/// One answer: status (0 when the exchange itself failed), JSON body, when
/// the request left and how long it took.
#[derive(Debug, Clone)]
pub struct Answer {
    /// HTTP status.
    pub status: u16,
    /// JSON answer (a string when it is not JSON).
    pub body: Value,
    /// When the request left.
    pub started: Instant,
    /// When the answer was read.
    pub ended: Instant,
    /// Its `Retry-After` header.
    pub retry_after: Option<String>,
}

impl Answer {
    /// The latency.
    pub fn took(&self) -> Duration {
        self.ended - self.started
    }
}

/// A blocking HTTP client (one connection, kept alive), as a table's tablet.
pub struct Client {
    agent: ureq::Agent,
    base: String,
}

impl Client {
    /// A client of the server at `base` (`http://127.0.0.1:PORT`).
    pub fn new(base: &str) -> Client {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        Client {
            agent,
            base: base.to_owned(),
        }
    }

    /// One request; `token` is an organizer's API token.
    pub fn call(&self, method: &str, path: &str, token: Option<&str>, body: Option<&Value>) -> Answer {
        self.call_with(method, path, token, body, &[])
    }

    /// [`Client::call`] with more request headers.
    pub fn call_with(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
        headers: &[(&str, &str)],
    ) -> Answer {
        let url = format!("{}{path}", self.base);
        let auth = token.map(|t| format!("Bearer {t}"));
        let started = Instant::now();
        let result = match method {
            "GET" | "DELETE" => {
                let mut req = if method == "GET" {
                    self.agent.get(&url)
                } else {
                    self.agent.delete(&url)
                };
                if let Some(a) = &auth {
                    req = req.header("Authorization", a);
                }
                for (k, v) in headers {
                    req = req.header(*k, *v);
                }
                req.call()
            }
            "POST" | "PUT" => {
                let mut req = if method == "POST" {
                    self.agent.post(&url)
                } else {
                    self.agent.put(&url)
                };
                if let Some(a) = &auth {
                    req = req.header("Authorization", a);
                }
                for (k, v) in headers {
                    req = req.header(*k, *v);
                }
                match body {
                    Some(b) => req.header("Content-Type", "application/json").send(b.to_string()),
                    None => req.send_empty(),
                }
            }
            other => panic!("no {other} here"),
        };
        let (status, body, retry_after) = match result {
            Ok(mut resp) => {
                let status = resp.status().as_u16();
                let retry_after = resp
                    .headers()
                    .get("Retry-After")
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned);
                let text = resp.body_mut().read_to_string().unwrap_or_default();
                (
                    status,
                    serde_json::from_str(&text).unwrap_or(Value::String(text)),
                    retry_after,
                )
            }
            Err(e) => (0, Value::String(e.to_string()), None),
        };
        Answer {
            status,
            body,
            started,
            ended: Instant::now(),
            retry_after,
        }
    }
}
