//! `GET /api/tournaments/{id}/events`: the live events of a tournament as
//! Server-Sent Events, exactly as FORMATS.md ("Live updates") writes them.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header;
use actix_web::web::{Bytes, BytesMut};
use actix_web::{get, web, HttpRequest, HttpResponse};
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::sync::broadcast::Receiver;
use tokio::time::{timeout_at, Instant};

use crate::db::models::StoredEvent;
use crate::db::now;
use crate::db::ops::events::{read_settled, stamp_now};
use crate::db::ops::visible::Audience;
use crate::tournament::ids::TournamentId;

use super::super::{AppError, AppState};
use super::Batch;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(events);
}

/// A comment line at least this often keeps proxies from closing the stream.
pub const PING: Duration = Duration::from_secs(15);
/// A client that missed more events than this reloads instead of replaying them.
pub const MAX_REPLAY: i64 = 500;
/// How long a browser waits before reconnecting, in milliseconds.
const RETRY_MS: u32 = 2000;

/// One event as the stream sends it.
pub fn frame(e: &StoredEvent) -> Bytes {
    let data = stamp_now(&e.kind, &e.data, now());
    Bytes::from(format!("id: {}\nevent: {}\ndata: {}\n\n", e.id, e.kind, data))
}

/// The event that tells a client to reload the page: it missed too much. No
/// `id`, so a reconnection still resumes from the last event it saw.
fn reload() -> Bytes {
    Bytes::from_static(b"event: reload\ndata: {}\n\n")
}

/// The `Last-Event-ID` a reconnecting client sends (an unreadable one counts
/// as none: the client starts from now).
fn last_event_id(req: &HttpRequest) -> Option<i64> {
    req.headers()
        .get("Last-Event-ID")
        .and_then(|h| h.to_str().ok())
        .and_then(|s| s.trim().parse().ok())
}

struct Stream {
    tournament: TournamentId,
    /// What to send before waiting for new events.
    queued: VecDeque<Bytes>,
    /// The last event id sent (the replay's and the broadcast's may overlap).
    sent: i64,
    events: Receiver<Arc<Batch>>,
    next_ping: Instant,
    /// This stream's place among the open ones, given back with the stream.
    _permit: super::gate::Permit,
}

impl Stream {
    /// The next chunk of the stream; `None` ends it (the hub stopped).
    async fn next(&mut self) -> Option<Bytes> {
        loop {
            if let Some(b) = self.queued.pop_front() {
                self.next_ping = Instant::now() + PING;
                return Some(b);
            }
            let first = match timeout_at(self.next_ping, self.events.recv()).await {
                Err(_) => {
                    self.queued.push_back(Bytes::from_static(b": ping\n\n"));
                    continue;
                }
                Ok(r) => r,
            };
            // What the hub sent meanwhile goes out with it, in one write.
            let mut chunk = BytesMut::new();
            let mut received = Some(first);
            while let Some(r) = received.take() {
                match r {
                    Ok(batch) => {
                        if let Some((frames, last)) = batch.frames_after(self.tournament, self.sent) {
                            self.sent = last;
                            chunk.extend_from_slice(&frames);
                        }
                    }
                    // The client could not keep up: it reloads.
                    Err(RecvError::Lagged(_)) => chunk.extend_from_slice(&reload()),
                    Err(RecvError::Closed) => return None,
                }
                received = match self.events.try_recv() {
                    Ok(b) => Some(Ok(b)),
                    Err(TryRecvError::Lagged(n)) => Some(Err(RecvError::Lagged(n))),
                    Err(TryRecvError::Empty) => None,
                    // Sent what was read; the next call ends the stream.
                    Err(TryRecvError::Closed) => None,
                };
            }
            if !chunk.is_empty() {
                self.queued.push_back(chunk.freeze());
            }
        }
    }
}

/// The address of a tournament's live events (FORMATS.md, "Live updates"):
/// the route below.
pub fn live_url(tournament_id: TournamentId) -> String {
    format!("/api/tournaments/{tournament_id}/events")
}

#[get("/api/tournaments/{id}/events")]
async fn events(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    // Refused before anything is read when too many streams are open.
    let permit = state.streams.admit(&req)?;
    // 404 for an unknown tournament (from memory when its standings are).
    state.standings(id, Audience::Public, None).await?;
    // Subscribe before reading what was missed: nothing falls in between.
    let receiver = state.hub.subscribe();
    let mut queued = VecDeque::from([Bytes::from(format!("retry: {RETRY_MS}\n: live\n\n"))]);
    let sent = match last_event_id(&req) {
        // A new client starts from what is committed now, even if the hub
        // has not broadcast all of it yet.
        None => state.db(|conn| Ok(read_settled(conn, StoredEvent::last_id)?)).await?,
        Some(after) => {
            let missed = state
                .db(move |conn| {
                    Ok(read_settled(conn, |conn| {
                        StoredEvent::of_tournament_since(conn, id, after, MAX_REPLAY + 1)
                    })?)
                })
                .await?;
            if missed.len() as i64 > MAX_REPLAY {
                queued.push_back(reload());
            } else {
                queued.extend(missed.iter().map(frame));
            }
            // Whatever was replayed (or skipped by the reload) is not sent again.
            missed.last().map_or(after, |e| e.id.max(after))
        }
    };
    let stream = Stream {
        tournament: id,
        queued,
        sent,
        events: receiver,
        next_ping: Instant::now() + PING,
        _permit: permit,
    };
    let body = futures_util::stream::unfold(stream, |mut s| async move {
        s.next().await.map(|b| (Ok::<_, Infallible>(b), s))
    });
    Ok(response(body))
}

/// A stream of Server-Sent Events as a response: never cached, compressed
/// or buffered by a proxy.
pub fn response<S>(body: S) -> HttpResponse
where
    S: futures_util::Stream<Item = Result<Bytes, Infallible>> + 'static,
{
    HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        // Compressing would hold events back until a buffer fills.
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body)
}
