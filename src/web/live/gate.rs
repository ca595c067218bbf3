//! How many event streams may be open: at most [`StreamLimits::total`] in
//! all and [`StreamLimits::per_client`] from one client address. Each open
//! stream holds a socket, a file descriptor of the process, for as long as
//! the client likes; without a cap a few hundred anonymous clients take the
//! descriptors the pages, the deal entries and the database need ("Too many
//! open files"). A stream past a cap is refused at once with a 503 and
//! `Retry-After` ([`AppError::Busy`]); an admitted one holds a [`Permit`],
//! dropped with its response body when the stream ends, which frees its place.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use actix_web::HttpRequest;

use super::super::AppError;

/// The caps on open event streams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamLimits {
    /// Streams open at once, all clients together.
    pub total: usize,
    /// Streams open at once from one client address (a club's room behind
    /// one NAT shares an address: its tablets and phones count together).
    pub per_client: usize,
}

impl StreamLimits {
    /// Streams one client address may hold unless told otherwise: a large
    /// room behind one address (50 tables' tablets and 150 phones).
    pub const PER_CLIENT: usize = 200;

    /// The caps derived from the connections the server accepts at once
    /// ([`super::super::limits::Capacity::connections`]): streams take at
    /// most three quarters of them, so a quarter stays for the pages and
    /// the deal entries whatever the streams do.
    pub fn within(connections: usize) -> StreamLimits {
        let total = (connections * 3 / 4).max(1);
        StreamLimits {
            total,
            per_client: StreamLimits::PER_CLIENT.min(total),
        }
    }
}

impl Default for StreamLimits {
    /// The caps of a server that may accept 1,000 connections.
    fn default() -> StreamLimits {
        StreamLimits::within(1000)
    }
}

/// The open streams, counted: shared by every worker of an app instance.
#[derive(Clone)]
pub struct StreamGate {
    limits: StreamLimits,
    open: Arc<Mutex<Open>>,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_client: HashMap<IpAddr, usize>,
}

impl StreamGate {
    /// A gate with these caps, nothing open.
    pub fn new(limits: StreamLimits) -> StreamGate {
        StreamGate {
            limits,
            open: Arc::default(),
        }
    }

    /// The caps.
    pub fn limits(&self) -> StreamLimits {
        self.limits
    }

    /// Streams open now.
    pub fn open(&self) -> usize {
        self.lock().total
    }

    /// A place for one more stream of the request's client, or
    /// [`AppError::Busy`] when a cap is reached.
    pub fn admit(&self, req: &HttpRequest) -> Result<Permit, AppError> {
        self.admit_client(client_key(req))
    }

    /// A place for one more stream of `client`, or [`AppError::Busy`].
    pub fn admit_client(&self, client: Option<IpAddr>) -> Result<Permit, AppError> {
        let mut open = self.lock();
        if open.total >= self.limits.total {
            tracing::warn!(
                open = open.total,
                cap = self.limits.total,
                "event stream refused: total cap"
            );
            return Err(AppError::Busy);
        }
        if let Some(ip) = client {
            let n = open.by_client.entry(ip).or_default();
            if *n >= self.limits.per_client {
                tracing::warn!(client = %ip, open = *n, cap = self.limits.per_client, "event stream refused: per-client cap");
                return Err(AppError::Busy);
            }
            *n += 1;
        }
        open.total += 1;
        Ok(Permit {
            gate: self.clone(),
            client,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        // The counts stay right even if a holder panicked: nothing is left half-done.
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// One admitted stream's place; given back when dropped (the stream's
/// response body ended: finished, failed, or its client went away).
pub struct Permit {
    gate: StreamGate,
    client: Option<IpAddr>,
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut open = self.gate.lock();
        open.total -= 1;
        if let Some(ip) = self.client {
            if let Some(n) = open.by_client.get_mut(&ip) {
                *n -= 1;
                if *n == 0 {
                    open.by_client.remove(&ip);
                }
            }
        }
    }
}

/// The address a stream is counted under: the peer's IP, an IPv6 one by its
/// /64 (one machine or home network holds a whole /64).
fn client_key(req: &HttpRequest) -> Option<IpAddr> {
    // The client's own address behind a trusted proxy (`--trusted-proxy`),
    // else the peer's: a proxy's streams are not one client's.
    crate::web::client::Client::of(req)
        .ip
        .map(crate::web::conn_gate::client_key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_hold_per_client_and_in_total_and_places_come_back() {
        let gate = StreamGate::new(StreamLimits {
            total: 3,
            per_client: 2,
        });
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let a1 = gate.admit_client(Some(a)).unwrap();
        let _a2 = gate.admit_client(Some(a)).unwrap();
        assert!(matches!(gate.admit_client(Some(a)), Err(AppError::Busy)));
        let b1 = gate.admit_client(Some(b)).unwrap();
        assert!(matches!(gate.admit_client(Some(b)), Err(AppError::Busy)), "total");
        assert_eq!(gate.open(), 3);
        drop(b1);
        let _b2 = gate.admit_client(Some(b)).unwrap();
        drop(a1);
        assert_eq!(gate.open(), 2);
        let _a3 = gate.admit_client(Some(a)).unwrap();
        assert_eq!(gate.open(), 3);
    }

    #[test]
    fn streams_leave_a_quarter_of_the_connections() {
        assert_eq!(
            StreamLimits::within(800),
            StreamLimits {
                total: 600,
                per_client: 200
            }
        );
        assert_eq!(
            StreamLimits::within(100),
            StreamLimits {
                total: 75,
                per_client: 75
            }
        );
    }
}
