//! How many connections one client address may hold at once. The server
//! accepts at most [`super::limits::Capacity::connections`] in all; without
//! a share per address, one machine opening thousands of connections and
//! trickling their request heads (each kept up to the head's timeout) takes
//! them all, and every other client waits in the listen queue. A connection
//! past its address's share is closed as soon as it is accepted, before a
//! byte is read; the others are counted until they close.
//!
//! The share is counted per address as the event streams are (an IPv6
//! address by its /64), on the socket's peer: behind a `--trusted-proxy`
//! every client comes from the proxy, which is not counted (it keeps its
//! own limits). A club's room behind one NAT (60 tablets and phones, a few
//! connections each, and their event streams) stays far below the share.

use std::any::Any;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use actix_web::dev::Extensions;
use actix_web::rt::net::TcpStream;

/// The connections held per client address.
#[derive(Clone)]
pub struct ConnectionGate {
    per_client: usize,
    exempt: Arc<Vec<IpAddr>>,
    held: Arc<Mutex<HashMap<IpAddr, Count>>>,
}

/// An address's connections held now, and those refused since it last
/// held none.
#[derive(Default)]
struct Count {
    held: usize,
    refused: usize,
}

/// One counted connection's place, in the connection's data: given back
/// when the connection closes.
struct Held {
    gate: ConnectionGate,
    ip: IpAddr,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.gate.lock();
        if let Some(count) = held.get_mut(&self.ip) {
            count.held -= 1;
            if count.held == 0 {
                held.remove(&self.ip);
            }
        }
    }
}

impl ConnectionGate {
    /// Connections one address may hold unless told otherwise, for a
    /// server that holds `connections` in all and `streams_per_client`
    /// event streams per address: a quarter of them, but always room for
    /// an address's streams and its pages besides.
    pub fn share(connections: usize, streams_per_client: usize) -> usize {
        (connections / 4).max(streams_per_client + 100)
    }

    /// A gate letting each address hold `per_client` connections, but for
    /// the `exempt` ones (trusted proxies).
    pub fn new(per_client: usize, exempt: Vec<IpAddr>) -> ConnectionGate {
        ConnectionGate {
            per_client: per_client.max(1),
            exempt: Arc::new(exempt.into_iter().map(client_key).collect()),
            held: Arc::default(),
        }
    }

    /// Connections held now by `ip`'s address.
    pub fn held_by(&self, ip: IpAddr) -> usize {
        self.lock().get(&client_key(ip)).map_or(0, |c| c.held)
    }

    /// Whether one more connection of `ip` is let in: then it is counted
    /// until the returned place is dropped.
    fn admit(&self, ip: IpAddr) -> Option<Option<Held>> {
        let ip = client_key(ip);
        if self.exempt.contains(&ip) {
            return Some(None);
        }
        let mut held = self.lock();
        let count = held.entry(ip).or_default();
        if count.held >= self.per_client {
            count.refused += 1;
            // Said at the 1st, 2nd, 4th, 8th… refusal: a flood is not a flood of logs.
            if count.refused.is_power_of_two() {
                tracing::warn!(client = %ip, cap = self.per_client, refused = count.refused, "connections refused: per-client share");
            }
            return None;
        }
        count.held += 1;
        Some(Some(Held { gate: self.clone(), ip }))
    }

    /// The server's `on_connect` hook: counts a new connection under its
    /// peer's address, or closes it at once when that address holds its
    /// share already.
    pub fn on_connect(&self, conn: &dyn Any, data: &mut Extensions) {
        let Some(sock) = conn.downcast_ref::<TcpStream>() else {
            return;
        };
        let Ok(peer) = sock.peer_addr() else {
            return;
        };
        match self.admit(peer.ip()) {
            Some(Some(held)) => {
                data.insert(held);
            }
            Some(None) => {}
            // Nothing read, nothing answered: the client sees its
            // connection closed, and the place stays for others.
            None => {
                let _ = socket2::SockRef::from(sock).shutdown(std::net::Shutdown::Both);
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Count>> {
        // The counts stay right even if a holder panicked: nothing is left half-done.
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The address a connection is counted under: an IPv4 address (also when
/// written as IPv6), an IPv6 one by its /64.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
        ip => ip,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_its_share_and_places_come_back() {
        let gate = ConnectionGate::new(2, vec!["10.0.0.1".parse().unwrap()]);
        let a: IpAddr = "192.0.2.7".parse().unwrap();
        let first = gate.admit(a).expect("in").expect("counted");
        let second = gate.admit(a).expect("in").expect("counted");
        assert!(gate.admit(a).is_none(), "past the share");
        assert!(gate.admit("192.0.2.8".parse().unwrap()).is_some(), "another address");
        let v6: IpAddr = "2001:db8:1:2::5".parse().unwrap();
        let _held = gate.admit(v6).unwrap();
        let _held2 = gate.admit("2001:db8:1:2::6".parse().unwrap()).unwrap();
        assert!(gate.admit("2001:db8:1:2::7".parse().unwrap()).is_none(), "one /64");
        assert!(
            gate.admit("::ffff:192.0.2.7".parse().unwrap()).is_none(),
            "IPv4 as IPv6"
        );
        for _ in 0..10 {
            assert!(
                matches!(gate.admit("10.0.0.1".parse().unwrap()), Some(None)),
                "a trusted proxy"
            );
        }
        drop(first);
        assert_eq!(gate.held_by(a), 1);
        assert!(gate.admit(a).is_some(), "a place came back");
        drop(second);
        assert_eq!(ConnectionGate::share(3456, 200), 864);
        assert_eq!(ConnectionGate::share(768, 200), 300);
    }
}
