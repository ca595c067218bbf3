//! The real `chelem` binary on a database (a fresh SQLite file by default),
//! and Debian's chromium driven by a playwright-core script in `tests/browser/`.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The organizer the browser logs in as.
pub const USER: &str = "arbitre";
/// Their password.
pub const PASSWORD: &str = "mot-de-passe-42";

/// The tools a browser test needs: node, chromium and playwright-core.
pub struct Browser {
    /// `tests/browser`, where the scripts are.
    pub here: PathBuf,
    /// The chromium binary.
    pub chromium: String,
}

/// What the browser tests lack here (`node`, Debian's `chromium`,
/// `npm ci` in `tests/browser`), if anything.
pub fn missing() -> Option<String> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    if Command::new("node").arg("--version").output().is_err() {
        Some("node is missing".into())
    } else if !Path::new(&chromium()).exists() {
        Some(format!("{} is missing (Debian's chromium package)", chromium()))
    } else if !here.join("node_modules/playwright-core").exists() {
        Some("playwright-core is missing (npm ci in tests/browser)".into())
    } else {
        None
    }
}

fn chromium() -> String {
    std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into())
}

/// The browser tools. A test calling this is registered as needing the
/// browser ([`super::harness::Needs::Browser`]): it runs only where they are
/// (or under CI, where their absence fails it here).
pub fn browser() -> Browser {
    if let Some(what) = missing() {
        panic!("{what}: the browser test cannot run (see .ci/run)");
    }
    Browser {
        here: Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser"),
        chromium: chromium(),
    }
}

impl Browser {
    /// Runs `script` with node; (success, stdout, stderr).
    pub fn run(&self, script: &str, args: &[&str]) -> (bool, String, String) {
        let out = Command::new("node")
            .arg(self.here.join(script))
            .args(args)
            .env("CHROMIUM", &self.chromium)
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

/// `target/screenshots/`, where the browser tests keep what they saw.
pub fn screenshots_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The real binary serving a database (a fresh SQLite file in a temporary
/// folder unless told otherwise), with the organizer [`USER`]; stopped when
/// dropped.
pub struct RealServer {
    child: Child,
    /// `127.0.0.1:port`.
    pub addr: String,
    /// The server's folder (its SQLite database lives there by default).
    pub dir: tempfile::TempDir,
    /// The `DATABASE_URL` it serves (`None`: `chelem.db` in [`RealServer::dir`]).
    database_url: Option<String>,
    /// How it is started.
    launch: Launch,
}

/// How [`RealServer`] starts `chelem serve`, besides its address and database.
#[derive(Debug, Clone, Default)]
pub struct Launch {
    /// A command the server runs under (e.g. `prlimit --nofile=1024:4096`).
    pub prefix: Vec<String>,
    /// More environment (flags of `serve` by their variables), and `RUST_LOG`.
    pub env: Vec<(String, String)>,
    /// Its standard error goes to `server.log` in its folder ([`RealServer::log`]).
    pub log_to_file: bool,
    /// Bound to every interface (`--bind 0.0.0.0:port`, the tests still
    /// talking to it on the loopback).
    pub network: bool,
    /// No organizer account made before it starts: the database as a
    /// newcomer's, where `serve` prints the first account's link.
    pub no_account: bool,
}

impl RealServer {
    /// Starts it on a fresh SQLite database and waits until `/healthz` answers.
    pub fn start() -> RealServer {
        RealServer::on(None)
    }

    /// Starts it on `database_url` (e.g. a PostgreSQL database made by
    /// `TestDb::postgres`; `None`: a fresh SQLite file in its folder), makes
    /// the organizer [`USER`] there, and waits until `/healthz` answers.
    pub fn on(database_url: Option<&str>) -> RealServer {
        RealServer::launch(database_url, Launch::default())
    }

    /// [`RealServer::on`], started as `launch` says.
    pub fn launch(database_url: Option<&str>, launch: Launch) -> RealServer {
        let dir = tempfile::tempdir().unwrap();
        let database_url = database_url.map(str::to_owned);
        if !launch.no_account {
            add_organizer(dir.path(), database_url.as_deref());
        }
        let (child, addr) = serve(dir.path(), database_url.as_deref(), &launch);
        let mut server = RealServer {
            child,
            addr,
            dir,
            database_url,
            launch,
        };
        server.wait_healthy();
        server
    }

    /// Starts it bound to every interface (`--bind 0.0.0.0:port`) on a fresh
    /// SQLite file, and waits until `/healthz` answers on the loopback
    /// address (the only one the tests talk to); returns it with the lines
    /// it printed when it started.
    pub fn on_network() -> (RealServer, Vec<String>) {
        let mut server = RealServer::launch(
            None,
            Launch {
                network: true,
                ..Launch::default()
            },
        );
        let lines = server.printed();
        (server, lines)
    }

    /// The lines the server printed on its standard output when it started
    /// (its last start, once: they are read from its pipe).
    pub fn printed(&mut self) -> Vec<String> {
        let out = self
            .child
            .stdout
            .take()
            .expect("the server's output, read once per start");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufRead::lines(std::io::BufReader::new(out)).map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        // Everything is printed before the server answers: what is in the
        // pipe is all there is.
        std::iter::from_fn(|| rx.recv_timeout(Duration::from_millis(500)).ok()).collect()
    }

    /// Kills the server with SIGKILL (no shutdown, no flush: a crash) and
    /// waits for it to be gone.
    pub fn kill(&mut self) {
        // `Child::kill` is SIGKILL on Unix.
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Asks the server to stop with SIGTERM (what systemd and `docker stop`
    /// send) and waits for it to be gone, at most `patience` (then it is
    /// killed, and the answer says so): how it ended and how long it took.
    pub fn terminate(&mut self, patience: Duration) -> (Option<std::process::ExitStatus>, Duration) {
        let start = Instant::now();
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -TERM");
        while start.elapsed() < patience {
            if let Some(status) = self.child.try_wait().unwrap() {
                return (Some(status), start.elapsed());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.kill();
        (None, start.elapsed())
    }

    /// Starts the server again on the same database, on a new port, and
    /// waits until `/healthz` answers.
    pub fn restart(&mut self) {
        let (child, addr) = serve(self.dir.path(), self.database_url.as_deref(), &self.launch);
        self.child = child;
        self.addr = addr;
        self.wait_healthy();
    }

    /// Waits until `/healthz` answers. A server that exits at once found its
    /// port taken between the choice of the port and its own bind (by another
    /// test's socket: a bind on every interface also meets the loopback's
    /// client ports): it is started again on another port, twice at most.
    fn wait_healthy(&mut self) {
        let mut tries = 1;
        let mut start = Instant::now();
        while !self.healthy() {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(tries < 3, "the server exited at start ({status}), {tries} times");
                tries += 1;
                let (child, addr) = serve(self.dir.path(), self.database_url.as_deref(), &self.launch);
                self.child = child;
                self.addr = addr;
                start = Instant::now();
                continue;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "the server did not come up");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// An API token of [`USER`], made by the CLI on the server's database.
    pub fn api_token(&self) -> String {
        let out = chelem_command(self.dir.path(), self.database_url.as_deref())
            .args(["token", "create", "--user", USER])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap().trim().to_owned()
    }

    /// `http://addr`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// What the server wrote on its standard error so far (with
    /// [`Launch::log_to_file`]).
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default()
    }

    fn healthy(&self) -> bool {
        let Ok(mut s) = TcpStream::connect(&self.addr) else {
            return false;
        };
        let _ = s.set_read_timeout(Some(Duration::from_secs(2)));
        let req = format!(
            "GET /healthz HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        );
        if s.write_all(req.as_bytes()).is_err() {
            return false;
        }
        let mut answer = String::new();
        let _ = s.read_to_string(&mut answer);
        answer.starts_with("HTTP/1.1 200")
    }
}

/// The `chelem` binary run in `dir` on `database_url` (`None`: the default,
/// `chelem.db` in `dir`).
fn chelem_command(dir: &Path, database_url: Option<&str>) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chelem"));
    cmd.current_dir(dir);
    match database_url {
        Some(url) => cmd.env("DATABASE_URL", url),
        None => cmd.env_remove("DATABASE_URL"),
    };
    cmd
}

/// The organizer [`USER`], made by the CLI in `dir` on `database_url`.
fn add_organizer(dir: &Path, database_url: Option<&str>) {
    let mut add = chelem_command(dir, database_url)
        .args(["user", "add", USER])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    add.stdin
        .take()
        .unwrap()
        .write_all(format!("{PASSWORD}\n").as_bytes())
        .unwrap();
    assert!(add.wait().unwrap().success());
}

/// `chelem serve` on a free port, on the loopback (or every interface,
/// [`Launch::network`]): the process and its loopback address.
fn serve(dir: &Path, database_url: Option<&str>, launch: &Launch) -> (Child, String) {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr = format!("127.0.0.1:{port}");
    let bind = if launch.network {
        format!("0.0.0.0:{port}")
    } else {
        addr.clone()
    };
    let mut cmd = chelem_command(dir, database_url);
    if let Some((program, args)) = launch.prefix.split_first() {
        // The same command, run by `program`: its arguments, then the binary and its own.
        let inner = std::mem::replace(&mut cmd, Command::new(program));
        cmd.args(args).arg(inner.get_program()).current_dir(dir);
        for (k, v) in inner.get_envs() {
            match v {
                Some(v) => cmd.env(k, v),
                None => cmd.env_remove(k),
            };
        }
    }
    cmd.args(["serve", "--bind", &bind])
        .env("RUST_LOG", "warn")
        // Bots play at once: the tests wait for them, not a person.
        .env("CHELEM_BOT_DELAY_MS", "0")
        .envs(launch.env.iter().map(|(k, v)| (k, v)))
        // A few lines at start, then nothing: read them with `RealServer::printed`.
        .stdout(Stdio::piped());
    if launch.log_to_file {
        cmd.stderr(std::fs::File::create(dir.join("server.log")).unwrap());
    }
    (cmd.spawn().unwrap(), addr)
}

impl Drop for RealServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
