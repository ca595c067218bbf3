//! Test support: a fresh database per test on each backend, and the real app
//! in-process.

pub mod browser;
pub mod builder;
pub mod client;
pub mod cut;
pub mod fixture;
pub mod harness;
pub mod hostile;
pub mod http;
pub mod room;
pub mod routes;
pub mod seats;
pub mod server;
pub mod sse;

use chelem::db::{build_pool, run_migrations, AnyConnection, Backend, DbPool, Manager};
use chelem::web::{AppState, WebConfig};
use diesel::connection::SimpleConnection;

/// Where PostgreSQL tests connect (a server database used only to create and
/// drop per-test databases).
pub fn pg_base_url() -> String {
    std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// A database that lives as long as the test: a SQLite file in a temporary
/// directory, or a PostgreSQL database created for the test and dropped after.
pub struct TestDb {
    pub pool: DbPool,
    pub backend: Backend,
    /// The database's URL.
    pub url: String,
    /// The app state (its live hub) of the in-process app, made on first use.
    state: std::sync::OnceLock<AppState>,
    pg_name: Option<String>,
    _dir: Option<tempfile::TempDir>,
}

impl TestDb {
    pub fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("test.db");
        let url = path.to_str().unwrap().to_owned();
        let (pool, backend) = build_pool(&url, 2).expect("sqlite pool");
        run_migrations(&mut pool.get().unwrap()).expect("migrations");
        TestDb {
            pool,
            backend,
            url,
            state: std::sync::OnceLock::new(),
            pg_name: None,
            _dir: Some(dir),
        }
    }

    /// A fresh PostgreSQL database. A test calling this is registered as
    /// needing PostgreSQL ([`harness::Needs::Postgres`]): the harness runs it
    /// only where the server answers (always under CI), so an unreachable
    /// server here is a failure, never a silent pass.
    pub fn postgres() -> TestDb {
        let base = pg_base_url();
        let mut admin = match Manager::new(&base).expect("postgres URL").connect() {
            Ok(c) => c,
            Err(e) => panic!("PostgreSQL is unreachable at {base}: {e}"),
        };
        let name = format!("chelem_test_{}", chelem::secrets::new_token("")[..16].to_owned());
        // A commit need not wait for its flush to the disk: what a test
        // checks is what the other sessions see, never a crash of
        // PostgreSQL itself. The waits were most of the suite's time on a
        // busy disk (issue 44: a PostgreSQL test 10 to 20 times its SQLite
        // twin).
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .expect("create test database");
        admin
            .batch_execute(&format!("ALTER DATABASE {name} SET synchronous_commit = off"))
            .expect("test database settings");
        let mut url = url::Url::parse(&base).expect("postgres URL");
        url.set_path(&format!("/{name}"));
        let (pool, backend) = build_pool(url.as_str(), 2).expect("postgres pool");
        run_migrations(&mut pool.get().unwrap()).expect("migrations");
        TestDb {
            pool,
            backend,
            url: url.to_string(),
            state: std::sync::OnceLock::new(),
            pg_name: Some(name),
            _dir: None,
        }
    }

    pub fn conn(&self) -> diesel::r2d2::PooledConnection<Manager> {
        self.pool.get().expect("connection")
    }

    /// The state of the in-process app on this database: one per test
    /// database (its hub, its standings cache), made on first use.
    pub fn state(&self) -> AppState {
        self.state
            .get_or_init(|| AppState::new(self.pool.clone(), &self.url, WebConfig::default()).expect("app state"))
            .clone()
    }

    /// Another app instance on the same database: its own pool, hub and
    /// standings cache, as a second server would have.
    pub fn other_instance(&self, pool_size: u32) -> AppState {
        let (pool, _) = build_pool(&self.url, pool_size).expect("pool");
        AppState::new(pool, &self.url, WebConfig::default()).expect("app state")
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        // Stop this database's hub before the database goes.
        drop(self.state.take());
        if let Some(name) = self.pg_name.take() {
            drop_later(name);
        }
    }
}

/// The test databases still to drop, and the thread that drops them one
/// after the other behind the tests: PostgreSQL's `DROP DATABASE` waits
/// about a second and a half for the disk, and with some 180 PostgreSQL
/// tests on two threads that wait was a third of the suite's time (issue
/// 44). [`finish_drops`] waits for the last one before the run ends.
static DROPS: std::sync::Mutex<Option<(std::sync::mpsc::Sender<String>, std::thread::JoinHandle<()>)>> =
    std::sync::Mutex::new(None);

fn drop_later(name: String) {
    let mut drops = DROPS.lock().unwrap_or_else(|e| e.into_inner());
    let (sender, _) = drops.get_or_insert_with(|| {
        let (sender, names) = std::sync::mpsc::channel::<String>();
        let dropper = std::thread::spawn(move || {
            for name in names {
                if let Ok(mut admin) = Manager::new(&pg_base_url()).unwrap().connect() {
                    let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
                }
            }
        });
        (sender, dropper)
    });
    let _ = sender.send(name);
}

/// Waits until every test database given to [`drop_later`] is dropped.
pub fn finish_drops() {
    let taken = DROPS.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some((sender, dropper)) = taken {
        drop(sender);
        let _ = dropper.join();
    }
}

/// Runs an async test body once on SQLite and once on PostgreSQL (the
/// tests `$name::sqlite` and `$name::postgres` of [`harness`]). The body is
/// compiled once, for both.
#[macro_export]
macro_rules! both_backends {
    ($name:ident, $body:expr) => {
        mod $name {
            use super::*;
            async fn both_backends_body(db: $crate::common::TestDb) {
                ($body)(db).await;
            }
            async fn sqlite() {
                both_backends_body($crate::common::TestDb::sqlite()).await;
            }
            async fn postgres() {
                both_backends_body($crate::common::TestDb::postgres()).await;
            }
            $crate::test_case!(async sqlite);
            $crate::test_case!(async postgres, Postgres);
        }
    };
}

/// The same for a test body that is a plain function of its database (it
/// starts its own server or threads): `on_both!(name, |db| body(db))`, or
/// `on_both!(name)` for the function `name` itself.
#[macro_export]
macro_rules! on_both {
    ($name:ident) => {
        $crate::on_both!($name, super::$name);
    };
    ($name:ident, $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            fn sqlite() {
                ($body)($crate::common::TestDb::sqlite());
            }
            fn postgres() {
                ($body)($crate::common::TestDb::postgres());
            }
            $crate::test_case!(sqlite);
            $crate::test_case!(postgres, Postgres);
        }
    };
}

/// Runs the `chelem` binary on `url` with `args` and `stdin`: (success,
/// stdout, stderr).
pub fn chelem(url: &str, args: &[&str], stdin: &str) -> (bool, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_chelem"))
        .args(args)
        .env("DATABASE_URL", url)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run chelem");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

pub fn create_user(db: &TestDb, name: &str, password: &str) {
    let mut conn = db.conn();
    let c: &mut AnyConnection = &mut conn;
    chelem::db::write(c, |tx| chelem::db::ops::accounts::create_user(tx, name, password)).expect("user");
}

/// A browser-like cookie jar for in-process tests.
#[derive(Default, Clone)]
pub struct Jar(pub std::collections::BTreeMap<String, String>);

impl Jar {
    pub fn absorb<B>(&mut self, resp: &actix_web::dev::ServiceResponse<B>) {
        for c in resp.response().cookies() {
            if c.value().is_empty() {
                self.0.remove(c.name());
            } else {
                self.0.insert(c.name().to_owned(), c.value().to_owned());
            }
        }
    }
    pub fn header(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(|s| s.as_str())
    }
}

/// Pools of a server's size, for the tests that drive the real HTTP server
/// with many clients at once (the constructors above keep 2 connections).
impl TestDb {
    /// [`TestDb::sqlite`] with a pool of `n` connections.
    pub fn sqlite_pool(n: u32) -> TestDb {
        let mut db = TestDb::sqlite();
        db.pool = build_pool(&db.url, n).expect("sqlite pool").0;
        db
    }

    /// [`TestDb::postgres`] with a pool of `n` connections. PostgreSQL allows 100 in
    /// all, shared by the tests running in parallel: keep `n` small.
    pub fn postgres_pool(n: u32) -> TestDb {
        let mut db = TestDb::postgres();
        db.pool = build_pool(&db.url, n).expect("postgres pool").0;
        db
    }
}
