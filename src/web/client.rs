//! Who is on the other end of a request: the client's address and whether it
//! came over HTTPS. Behind a reverse proxy the socket's peer is the proxy;
//! only when that peer is one of the `--trusted-proxy` addresses are its
//! `X-Forwarded-For` and `X-Forwarded-Proto` believed. Anyone else's
//! forwarding headers are ignored: a client naming itself another address
//! would otherwise slip out of the login throttle and into someone else's
//! line in the log.
//!
//! `X-Forwarded-For` is read from the right: each proxy appends the address
//! it received the request from, so the right-most address that is not
//! itself a trusted proxy is the one our side of the chain saw; everything to
//! its left was written by the client and proves nothing.

use std::net::IpAddr;

use actix_web::http::header::HeaderMap;
use actix_web::{web, HttpRequest};

use super::AppState;

/// The client of a request, as far as the trusted proxies vouch for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Client {
    /// The client's address (`None`: no socket, as in some tests).
    pub ip: Option<IpAddr>,
    /// Whether the client spoke HTTPS to the trusted proxy in front of us.
    pub https: bool,
}

impl Client {
    /// The client of `req`, under the application's trusted proxies.
    pub fn of(req: &HttpRequest) -> Client {
        let trusted = req
            .app_data::<web::Data<AppState>>()
            .map(|s| s.config.trusted_proxies.as_slice())
            .unwrap_or_default();
        Client::from_parts(req.peer_addr().map(|a| a.ip()), req.headers(), trusted)
    }

    /// The client behind the socket peer `peer`, given the request's
    /// `headers` and the `trusted` proxies' addresses.
    pub fn from_parts(peer: Option<IpAddr>, headers: &HeaderMap, trusted: &[IpAddr]) -> Client {
        let direct = Client { ip: peer, https: false };
        let Some(peer) = peer.map(canonical) else {
            return direct;
        };
        if !trusted.iter().any(|t| canonical(*t) == peer) {
            return direct;
        }
        let is_trusted = |ip: &IpAddr| trusted.iter().any(|t| canonical(*t) == *ip);
        let chain = header_values(headers, "x-forwarded-for")
            .map(|v| v.parse::<IpAddr>().map(canonical))
            .collect::<Vec<_>>();
        // The right-most address not itself a proxy of ours; an unreadable
        // entry stops the walk there (what lies left of it is unverifiable),
        // and so the proxy itself is the client.
        let mut ip = peer;
        for entry in chain.iter().rev() {
            match entry {
                Ok(addr) if is_trusted(addr) => ip = *addr,
                Ok(addr) => {
                    ip = *addr;
                    break;
                }
                Err(_) => break,
            }
        }
        // The proxy next to us sets or appends the scheme last.
        let https = header_values(headers, "x-forwarded-proto")
            .last()
            .is_some_and(|p| p.eq_ignore_ascii_case("https"));
        Client { ip: Some(ip), https }
    }

    /// The address as the throttle and the log write it (`unknown` without one).
    pub fn address(&self) -> String {
        self.ip.map_or_else(|| "unknown".to_owned(), |ip| ip.to_string())
    }
}

/// An IPv4 address written as IPv6 (`::ffff:a.b.c.d`, what a dual-stack
/// socket shows) as the IPv4 address it is.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The comma-separated values of every `name` header, in order, trimmed.
fn header_values<'h>(headers: &'h HeaderMap, name: &str) -> impl DoubleEndedIterator<Item = &'h str> {
    headers
        .get_all(name)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .collect::<Vec<_>>()
        .into_iter()
}

#[cfg(test)]
mod tests {
    use super::{Client, IpAddr};
    use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(HeaderName::from_static(k), HeaderValue::from_static(v));
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn only_a_trusted_peer_is_believed() {
        let proxy = [ip("10.0.0.1")];
        let h = headers(&[("x-forwarded-for", "203.0.113.5"), ("x-forwarded-proto", "https")]);
        let behind = Client::from_parts(Some(ip("10.0.0.1")), &h, &proxy);
        assert_eq!((behind.ip, behind.https), (Some(ip("203.0.113.5")), true));
        let direct = Client::from_parts(Some(ip("198.51.100.2")), &h, &proxy);
        assert_eq!((direct.ip, direct.https), (Some(ip("198.51.100.2")), false));
        assert_eq!(Client::from_parts(None, &h, &proxy).address(), "unknown");
        // A dual-stack socket's mapped address is the proxy too.
        let mapped = Client::from_parts(Some(ip("::ffff:10.0.0.1")), &h, &proxy);
        assert_eq!(mapped.ip, Some(ip("203.0.113.5")));
    }

    #[test]
    fn the_chain_is_read_from_the_right() {
        let proxies = [ip("10.0.0.1"), ip("10.0.0.2")];
        let from = |xff: &'static str| {
            Client::from_parts(Some(ip("10.0.0.1")), &headers(&[("x-forwarded-for", xff)]), &proxies).ip
        };
        // What the client wrote itself (left) is not believed.
        assert_eq!(from("1.2.3.4, 203.0.113.5"), Some(ip("203.0.113.5")));
        assert_eq!(from("1.2.3.4, 203.0.113.5, 10.0.0.2"), Some(ip("203.0.113.5")));
        // Garbage stops the walk: the last trusted hop is the client.
        assert_eq!(from("203.0.113.5, garbage, 10.0.0.2"), Some(ip("10.0.0.2")));
        assert_eq!(from(""), Some(ip("10.0.0.1")));
        // Several headers make one list.
        let h = headers(&[("x-forwarded-for", "1.2.3.4"), ("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(
            Client::from_parts(Some(ip("10.0.0.1")), &h, &proxies).ip,
            Some(ip("203.0.113.9"))
        );
        // The scheme the nearest proxy wrote counts.
        let h = headers(&[("x-forwarded-proto", "https, http")]);
        assert!(!Client::from_parts(Some(ip("10.0.0.1")), &h, &proxies).https);
        let h = headers(&[("x-forwarded-proto", "http, HTTPS")]);
        assert!(Client::from_parts(Some(ip("10.0.0.1")), &h, &proxies).https);
    }
}
