//! The CSV player import in one pass: every line decided as registering the
//! players one after the other would (the directory's player by licence, a
//! double entry refused), the whole file in a few statements however long
//! it is, stored whole or not at all — even when the server is stopped
//! (SIGTERM) while it imports.

use crate::common;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use diesel::connection::{Connection, InstrumentationEvent};
use diesel::prelude::*;

use chelem::db::ops::players;
use chelem::db::AnyConnection;
use chelem::tournament::ids::TournamentId;
use common::browser::RealServer;
use common::builder::TournamentBuilder;
use common::hostile::{exchange, Visitor};
use common::TestDb;

/// A file of `n` new players (licences from `first_licence`), `;`-separated.
fn file(n: usize, first_licence: usize) -> String {
    let mut text = String::from("nom;prénom;club;licence\n");
    for i in 0..n {
        text.push_str(&format!("Nouveau{i};Joueur;Club {};{}\n", i % 30, first_licence + i));
    }
    text
}

/// The tournament's registrations: player name by player id.
fn registered(db: &TestDb, id: TournamentId) -> BTreeMap<i32, String> {
    use chelem::db::models::Registration;
    Registration::with_players(&mut db.conn(), id)
        .unwrap()
        .into_iter()
        .map(|(_, p)| (p.id.get(), p.name))
        .collect()
}

/// Counts the statements `f` sends on `conn`: all of them, and the reads.
fn count_queries<T>(conn: &mut AnyConnection, f: impl FnOnce(&mut AnyConnection) -> T) -> (usize, usize, T) {
    let all = Arc::new(AtomicUsize::new(0));
    let reads = Arc::new(AtomicUsize::new(0));
    let (a, r) = (all.clone(), reads.clone());
    conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
        if let InstrumentationEvent::StartQuery { query, .. } = event {
            a.fetch_add(1, Ordering::Relaxed);
            if query.to_string().trim_start().starts_with("SELECT") {
                r.fetch_add(1, Ordering::Relaxed);
            }
        }
    });
    let out = f(conn);
    conn.set_instrumentation(|_: InstrumentationEvent<'_>| {});
    (all.load(Ordering::Relaxed), reads.load(Ordering::Relaxed), out)
}

// Each line is decided as registering one after the other would.
both_backends!(every_line_is_decided_as_one_by_one, |db: TestDb| async move {
    let mut conn = db.conn();
    // The directory: a registered player with a licence, one without, and
    // an unregistered player with a licence.
    let t = TournamentBuilder::new("Open")
        .names(["Anne Déjà", "Paul Sans"])
        .club(|_| "Dijon".into())
        .licence(|i| if i == 0 { "111".into() } else { String::new() })
        .build(&mut conn);
    let elsewhere = TournamentBuilder::new("Autre")
        .names(["Marc Ailleurs"])
        .club(|_| "Beaune".into())
        .licence(|_| "222".into())
        .build(&mut conn);
    let text = "nom;club;licence\n\
        Anne Autre;X;111\n\
        PAUL SANS;DIJON;\n\
        Marc Renommé;Y;222\n\
        Léa Neuve;Z;333\n\
        léa neuve;z;\n\
        ;Z;444\n\
        Jean Neuf;Z;12ab\n\
        Jean Neuf;Z;\n";
    let report = chelem::db::write(&mut conn, |tx| players::import_csv(tx, t.id, text, true)).unwrap();
    let imported: Vec<(usize, &str)> = report.imported.iter().map(|(l, n)| (*l, n.as_str())).collect();
    // The directory's player by licence keeps their name; new players are added.
    assert_eq!(imported, [(4, "Marc Ailleurs"), (5, "Léa Neuve"), (9, "Jean Neuf")]);
    let refused: Vec<(usize, &str)> = report.refused.iter().map(|r| (r.line, r.reason.key.as_ref())).collect();
    assert_eq!(
        refused,
        [
            (2, "player-already-registered"),
            (3, "player-already-registered"),
            (6, "player-already-registered"),
            (7, "player-name-missing"),
            (8, "player-licence-digits"),
        ]
    );
    let names: Vec<String> = registered(&db, t.id).into_values().collect();
    assert_eq!(names.len(), 5, "{names:?}");
    assert!(names.contains(&"Marc Ailleurs".to_owned()));
    assert_eq!(
        registered(&db, elsewhere.id).len(),
        1,
        "Marc stays registered where he was"
    );
    // Imported again: every line is a double entry now.
    let again = chelem::db::write(&mut conn, |tx| players::import_csv(tx, t.id, text, true)).unwrap();
    assert!(again.imported.is_empty(), "{:?}", again.imported);
});

// A few reads for the whole file, however long (none per line); on
// PostgreSQL a few statements in all (SQLite, in-process, inserts row by row).
both_backends!(the_statements_do_not_grow_with_the_file, |db: TestDb| async move {
    let mut conn = db.conn();
    let small = TournamentBuilder::new("Petit").players(3).build(&mut conn);
    let big = TournamentBuilder::new("Grand").players(3).build(&mut conn);
    let (few, few_reads, report) = count_queries(&mut conn, |conn| {
        chelem::db::write(conn, |tx| players::import_csv(tx, small.id, &file(10, 500_000), true)).unwrap()
    });
    assert_eq!(report.imported.len(), 10);
    let (many, many_reads, report) = count_queries(&mut conn, |conn| {
        chelem::db::write(conn, |tx| players::import_csv(tx, big.id, &file(2_500, 600_000), true)).unwrap()
    });
    assert_eq!(report.imported.len(), 2_500);
    assert_eq!(registered(&db, big.id).len(), 2_503);
    // 2,500 lines: the licences' look-up in 3 batches.
    assert!(
        many_reads <= few_reads + 2,
        "{few_reads} reads for 10 lines, {many_reads} for 2,500"
    );
    if db.backend == chelem::db::Backend::Postgres {
        // The inserts in 3 batches too.
        assert!(many <= few + 6, "{few} statements for 10 lines, {many} for 2,500");
    }
});

/// The tournament's registration count, read straight from the database.
fn registrations(db: &TestDb, id: TournamentId) -> i64 {
    use chelem::db::schema::registrations::dsl as r;
    r::registrations
        .filter(r::tournament_id.eq(id))
        .count()
        .get_result(&mut *db.conn())
        .unwrap()
}

/// The real server stops promptly on SIGTERM while it imports a big file
/// (under the 2 MB limit), and the import is there whole or not at all.
fn sigterm_during_an_import(db: TestDb) {
    let t = TournamentBuilder::new("Open").players(4).build(&mut db.conn());
    let mut server = RealServer::on(Some(&db.url));
    let v = Visitor::log_in(&server.addr, &server.addr, common::browser::PASSWORD);
    let lines = 20_000;
    let csv = file(lines, 900_000);
    assert!(csv.len() < 2 * 1024 * 1024, "{} bytes", csv.len());
    let body = format!(
        "--xyz\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{}\r\n\
         --xyz\r\nContent-Disposition: form-data; name=\"csv_text\"\r\n\r\n{csv}\r\n--xyz--\r\n",
        v.csrf
    )
    .into_bytes();
    let head = format!(
        "POST /tournaments/{}/players/import HTTP/1.1\r\nHost: {}\r\nCookie: {}\r\n\
         Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: {}",
        t.id,
        server.addr,
        v.cookies,
        body.len()
    );
    let addr = server.addr.clone();
    let upload = std::thread::spawn(move || exchange(&addr, &head, body));
    // Stopped while the file is being sent or imported.
    std::thread::sleep(Duration::from_millis(150));
    let (status, took) = server.terminate(Duration::from_secs(60));
    let answer = upload.join().unwrap();
    eprintln!(
        "SIGTERM during an import of {lines} lines: exited {status:?} after {took:?}; the upload got {}",
        answer.status
    );
    assert!(
        status.is_some(),
        "the server stopped on SIGTERM (not killed after a minute)"
    );
    let n = registrations(&db, t.id);
    assert!(
        n == 4 || n == 4 + lines as i64,
        "all or nothing: {n} registrations (4 before, {lines} in the file)"
    );
    if answer.status == 200 {
        assert_eq!(n, 4 + lines as i64, "an import answered is stored");
    }
}

crate::test_case!(sigterm_during_an_import_on_sqlite);
fn sigterm_during_an_import_on_sqlite() {
    sigterm_during_an_import(TestDb::sqlite());
}

crate::test_case!(sigterm_during_an_import_on_postgres, Postgres);
fn sigterm_during_an_import_on_postgres() {
    sigterm_during_an_import(TestDb::postgres());
}
