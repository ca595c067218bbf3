//! `chelem serve` on a SQLite file in a folder it cannot write, with no
//! `-wal` or `-shm` file beside it (a read-only mount, a copy handed
//! over): it starts, serves the pages read-only, and answers writes 503
//! with its sentence, never a 500, nor a refusal to start. The folder and
//! the file are made read-only; as root (whom permissions do not stop) the
//! server runs as `nobody` through `setpriv`.

use crate::common;

use std::fs::{self, File, Permissions};
use std::net::TcpListener;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::builder::TournamentBuilder;
use common::client::Client;

/// The process's user may still write a read-only folder (root).
fn writes_anyway(folder: &Path) -> bool {
    let probe = folder.join("probe");
    let wrote = File::create(&probe).is_ok();
    let _ = fs::remove_file(&probe);
    wrote
}

/// `chelem serve` on `db`, as `nobody` when `as_nobody`; its standard
/// error goes to `log`. The process and its address.
fn serve(db: &Path, log: &Path, as_nobody: bool) -> (Child, String) {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr = format!("127.0.0.1:{port}");
    let chelem = env!("CARGO_BIN_EXE_chelem");
    let mut cmd = if as_nobody {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", chelem]);
        c
    } else {
        Command::new(chelem)
    };
    let child = cmd
        .args(["--database-url", db.to_str().unwrap(), "serve", "--bind", &addr])
        .current_dir(db.parent().unwrap())
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(File::create(log).unwrap())
        .spawn()
        .expect("chelem serve (and setpriv, as root)");
    (child, addr)
}

/// The server, stopped when dropped, and its folder writable again (so that
/// the temporary folder goes away, a failed test included).
struct Running {
    child: Child,
    folder: std::path::PathBuf,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = fs::set_permissions(&self.folder, Permissions::from_mode(0o755));
    }
}

crate::test_case!(a_file_in_a_read_only_folder_is_served_read_only);
fn a_file_in_a_read_only_folder_is_served_read_only() {
    let top = tempfile::tempdir().unwrap();
    let folder = top.path().join("copy");
    fs::create_dir(&folder).unwrap();
    let db = folder.join("chelem.db");
    let url = db.to_str().unwrap().to_owned();
    let (id, token, names) = {
        let (pool, _) = chelem::db::build_pool(&url, 1).unwrap();
        let mut conn = pool.get().unwrap();
        chelem::db::run_migrations(&mut conn).unwrap();
        let t = TournamentBuilder::new("Open en lecture seule")
            .players(4)
            .named(|i| format!("Lectrice {i}"))
            .seated(1)
            .build(&mut conn);
        (
            t.id,
            t.rounds[0][0].token.clone(),
            (0..4).map(|i| format!("Lectrice {i}")).collect::<Vec<_>>(),
        )
    };
    // The last connection closed: the log is folded in and removed.
    for side in ["chelem.db-wal", "chelem.db-shm"] {
        assert!(!folder.join(side).exists(), "{side} left beside the file");
    }
    fs::set_permissions(top.path(), Permissions::from_mode(0o755)).unwrap();
    fs::set_permissions(&db, Permissions::from_mode(0o444)).unwrap();
    fs::set_permissions(&folder, Permissions::from_mode(0o555)).unwrap();
    let as_nobody = writes_anyway(&folder);

    let log = top.path().join("server.log");
    let (child, addr) = serve(&db, &log, as_nobody);
    let mut server = Running {
        child,
        folder: folder.clone(),
    };
    let client = Client::new(&format!("http://{addr}"));
    let start = Instant::now();
    let health = loop {
        if let Ok(Some(status)) = server.child.try_wait() {
            panic!(
                "the server stopped at start ({status}): {}",
                fs::read_to_string(&log).unwrap()
            );
        }
        if TcpListener::bind(&addr).is_err() {
            let a = client.call("GET", "/healthz", None, None);
            if a.status != 0 {
                break a;
            }
        }
        assert!(start.elapsed() < Duration::from_secs(20), "the server did not come up");
        std::thread::sleep(Duration::from_millis(100));
    };
    // It says it is read-only, and serves the pages.
    assert_eq!(health.status, 503, "{:?}", health.body);
    assert_eq!(health.body["reason"], "the database is read-only", "{:?}", health.body);
    let standings = client.call("GET", &format!("/tournaments/{id}/standings"), None, None);
    assert_eq!(standings.status, 200, "{:?}", standings.body);
    let page = standings.body.as_str().unwrap_or_default();
    for name in &names {
        assert!(page.contains(name.as_str()), "{name} on the standings");
    }
    let sheet = client.call("GET", &format!("/t/{token}"), None, None);
    assert_eq!(sheet.status, 200, "{:?}", sheet.body);
    let api = client.call("GET", &format!("/api/tournaments/{id}/standings"), None, None);
    assert_eq!(api.status, 200, "{:?}", api.body);
    assert_eq!(api.body.as_array().map(Vec::len), Some(4), "{:?}", api.body);

    // A write: 503 with the sentence, nothing written.
    let deal = serde_json::json!({"passed": true});
    let put = client.call("PUT", &format!("/api/tables/{token}/deals/1"), None, Some(&deal));
    assert_eq!(put.status, 503, "{:?}", put.body);
    assert!(
        put.body["error"].as_str().unwrap_or_default().contains("read-only"),
        "{:?}",
        put.body
    );
    assert!(!folder.join("chelem.db-wal").exists(), "no log made beside the file");
    drop(server);
}
