//! A loopback TCP relay in front of a server (PostgreSQL in the outage
//! tests) that can be cut: while cut, its connections are closed and new
//! ones are closed as soon as they come, as a stopped database's port
//! would refuse them; mended, it relays again.

use std::io;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

/// The relay; it runs until the test process ends.
pub struct Cut {
    /// The address it listens on.
    pub addr: SocketAddr,
    up: Arc<AtomicBool>,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Cut {
    /// A relay to `upstream`, up.
    pub fn to(upstream: SocketAddr) -> Cut {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let up = Arc::new(AtomicBool::new(true));
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let (up2, open2) = (up.clone(), open.clone());
        thread::spawn(move || {
            for client in listener.incoming().flatten() {
                if !up2.load(Ordering::SeqCst) {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                }
                let Ok(server) = TcpStream::connect(upstream) else {
                    continue;
                };
                let mut open = open2.lock().unwrap();
                open.retain(|s| s.peer_addr().is_ok());
                open.extend([client.try_clone().unwrap(), server.try_clone().unwrap()]);
                relay(client.try_clone().unwrap(), server.try_clone().unwrap());
                relay(server, client);
            }
        });
        Cut { addr, up, open }
    }

    /// Closes every relayed connection and refuses new ones.
    pub fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        for s in self.open.lock().unwrap().drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
    }

    /// Relays again.
    pub fn mend(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

/// Copies `from` into `to` on a thread of its own until either closes.
fn relay(mut from: TcpStream, mut to: TcpStream) {
    thread::spawn(move || {
        let _ = io::copy(&mut from, &mut to);
        let _ = to.shutdown(Shutdown::Both);
    });
}
