//! The HTTP server of the application (`chelem_server!`), beside the app
//! it serves (`chelem_app!`, in `web/mod.rs`).

/// The HTTP server of the application on `state`, with the request
/// deadlines of its [`WebConfig::timeouts`]; the caller binds it, sets its
/// workers and runs it. `main` and the tests both use it.
#[macro_export]
macro_rules! chelem_server {
    ($state:expr) => {{
        let state: $crate::web::AppState = $state;
        let t = state.config.timeouts;
        let gate = state.connections.clone();
        actix_web::HttpServer::new(move || $crate::chelem_app!(state.clone()))
            .on_connect(move |conn, data| gate.on_connect(conn, data))
            .client_request_timeout(t.request_head)
            .client_disconnect_timeout(std::time::Duration::from_secs(1))
            .keep_alive(t.keep_alive)
    }};
}
