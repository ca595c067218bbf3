//! The in-process app behind a real socket (127.0.0.1, a free port), in a
//! thread of its own: for clients that speak HTTP, such as an SSE stream
//! read as it comes. Stopped when dropped.

use std::net::TcpListener;

use chelem::web::AppState;

/// A running server.
pub struct Server {
    /// `127.0.0.1:port`.
    pub addr: String,
    handle: actix_web::dev::ServerHandle,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Serves the app of `state` (one worker), with the request deadlines
    /// of its configuration.
    pub fn start(state: AppState) -> Server {
        Server::start_with(state, 1)
    }

    /// Serves the app of `state` with `workers` workers.
    pub fn start_with(state: AppState, workers: usize) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let (tx, rx) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let server = chelem::chelem_server!(state)
                    .workers(workers)
                    .shutdown_timeout(1)
                    .listen(listener)
                    .unwrap()
                    .run();
                tx.send(server.handle()).unwrap();
                server.await.unwrap();
            })
        });
        let handle = rx.recv().unwrap();
        Server {
            addr,
            handle,
            thread: Some(thread),
        }
    }

    /// `http://addr`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let handle = self.handle.clone();
        let _ = std::thread::spawn(move || actix_web::rt::System::new().block_on(handle.stop(false))).join();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
