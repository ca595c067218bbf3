//! The server's log: one span per request (tracing-actix-web), closed with
//! its status and latency, without the secrets a request may carry. A
//! table's or a seat's link is its token, so a path segment matched by a
//! `{token}` placeholder is written `{token}`; the query string (a login's
//! `next`, a form sent by GET) is left out.

use crate::tournament::ids::{RoundNo, TableNo, TournamentId};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{Error, HttpMessage};
use tracing::field::Empty;
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};

/// The root span of every request (use as `TracingLogger::<RequestSpan>`).
pub struct RequestSpan;

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let route = request.match_pattern();
        let target = loggable_path(route.as_deref(), request.path());
        let request_id = request.extensions().get::<RequestId>().map(|id| id.to_string());
        let span = tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %route.as_deref().unwrap_or("default"),
            http.target = %target,
            http.client_ip = %crate::web::client::Client::of(request.request()).address(),
            request_id = %request_id.unwrap_or_default(),
            user = Empty,
            tournament = Empty,
            round = Empty,
            table = Empty,
            deal = Empty,
            player = Empty,
            game = Empty,
            http.status_code = Empty,
            otel.status_code = Empty,
            exception.message = Empty,
            exception.details = Empty,
        );
        if let Some(pattern) = route.as_deref() {
            for (field, value) in ids(pattern, request.path()) {
                span.record(field, value);
            }
        }
        span
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

/// The ids a request names in its path, as the fields of its span: the
/// segments of the matched route `pattern`'s placeholders (`{id}` a
/// tournament's or a game's, `{n}` a round, `{t}` a table, `{k}` a deal,
/// `{pid}` a player). A table's or a seat's token names none: the handler
/// records the ids of what it found ([`record_table`]).
pub fn ids(pattern: &str, path: &str) -> Vec<(&'static str, i64)> {
    let games = pattern.starts_with("/games/") || pattern.starts_with("/api/games/");
    pattern
        .split('/')
        .zip(path.split('/'))
        .filter_map(|(p, s)| {
            let field = match p {
                "{id}" if games => "game",
                "{id}" => "tournament",
                "{n}" => "round",
                "{t}" => "table",
                "{k}" => "deal",
                "{pid}" => "player",
                _ => return None,
            };
            Some((field, s.parse().ok()?))
        })
        .collect()
}

/// Records in a request's span (`span`, taken in the handler: the unit of
/// work runs on another thread) which tournament, round and table a
/// table's token led to.
pub fn record_table(span: &Span, tournament: TournamentId, round: RoundNo, table: TableNo) {
    span.record("tournament", tournament.get());
    span.record("round", round.get());
    span.record("table", table.get());
}

/// Whether a route placeholder holds a secret (a table's or a seat's token).
fn secret_placeholder(segment: &str) -> bool {
    segment.starts_with('{') && segment.ends_with('}') && segment.contains("token")
}

/// The path as the log shows it: the segments a `{…token}` placeholder of
/// the matched route `pattern` took replaced by the placeholder. A path no
/// route matched keeps only its segments shorter than a token (16
/// characters), the others written `…`: a mistyped link is still a secret.
pub fn loggable_path(pattern: Option<&str>, path: &str) -> String {
    let segments = path.split('/');
    match pattern {
        Some(pattern) if pattern.split('/').count() == path.split('/').count() => segments
            .zip(pattern.split('/'))
            .map(|(s, p)| if secret_placeholder(p) { p } else { s })
            .collect::<Vec<_>>()
            .join("/"),
        _ => segments
            .map(|s| if s.chars().count() >= 16 { "…" } else { s })
            .collect::<Vec<_>>()
            .join("/"),
    }
}

/// The log subscriber of `chelem serve`: `filter`'s levels, each request's
/// span logged when it closes, lines written to `writer`. The tests read
/// what it writes.
pub fn subscriber<W>(
    filter: tracing_subscriber::EnvFilter,
    writer: W,
    ansi: bool,
) -> impl tracing::Subscriber + Send + Sync
where
    W: for<'a> tracing_subscriber::fmt::MakeWriter<'a> + Send + Sync + 'static,
{
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_span_events(tracing_subscriber::fmt::format::FmtSpan::CLOSE)
        .with_writer(writer)
        .with_ansi(ansi)
        .finish()
}

#[cfg(test)]
mod tests {
    use super::{ids, loggable_path};

    #[test]
    fn a_request_span_names_the_ids_of_its_path() {
        assert_eq!(
            ids(
                "/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}",
                "/tournaments/7/rounds/2/tables/3/deals/4"
            ),
            [("tournament", 7), ("round", 2), ("table", 3), ("deal", 4)]
        );
        assert_eq!(
            ids("/api/games/{id}/seats/{seat}", "/api/games/12/seats/1"),
            [("game", 12)]
        );
        assert_eq!(
            ids(
                "/tournaments/{id}/players/{pid}/{action}",
                "/tournaments/5/players/9/withdraw"
            ),
            [("tournament", 5), ("player", 9)]
        );
        // A token names nothing; a value that is not a number is left out.
        assert_eq!(
            ids("/t/{token}/deals/{k}", "/t/abcdef0123456789/deals/2"),
            [("deal", 2)]
        );
        assert!(ids("/tournaments/{id}", "/tournaments/x").is_empty());
    }

    #[test]
    fn tokens_leave_the_path() {
        let token = "0123456789abcdef0123456789abcdef";
        assert_eq!(
            loggable_path(Some("/t/{token}/deals/{k}"), &format!("/t/{token}/deals/3")),
            "/t/{token}/deals/3"
        );
        assert_eq!(
            loggable_path(
                Some("/api/tables/{token}/deals/{k}"),
                &format!("/api/tables/{token}/deals/3")
            ),
            "/api/tables/{token}/deals/3"
        );
        assert_eq!(
            loggable_path(Some("/tournaments/{id}/rounds/{n}"), "/tournaments/3/rounds/2"),
            "/tournaments/3/rounds/2"
        );
        // No route: a token-long segment is hidden, a short one kept.
        assert_eq!(loggable_path(None, &format!("/t/{token}/nope")), "/t/…/nope");
        assert_eq!(loggable_path(None, "/nothing/here"), "/nothing/here");
    }
}
