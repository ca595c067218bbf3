//! The audit log's actions, on both databases: a moved bell is told in its
//! own sentence.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;
use chrono::NaiveDate;
use common::builder::TournamentBuilder;
use common::http::{get, login};
use common::{Jar, TestDb};

use chelem::db::models::{AuditEntry, NewAuditEntry};
use chelem::tournament::ids::{RoundNo, TournamentId};

/// A tournament of 8 players, round 1 seated (in the log: its start).
fn tournament(db: &TestDb) -> TournamentId {
    common::create_user(db, common::http::USER, common::http::PASSWORD);
    TournamentBuilder::new("Open du jeudi")
        .rounds(2)
        .seed(3)
        .players(8)
        .seated(1)
        .build(&mut db.conn())
        .id
}

both_backends!(a_moved_bell_has_its_sentence, |db: TestDb| async move {
    let id = tournament(&db);
    let at = |h, m| {
        NaiveDate::from_ymd_opt(2026, 11, 26)
            .unwrap()
            .and_hms_opt(h, m, 0)
            .unwrap()
    };
    chelem::db::write(&mut db.conn(), |tx| {
        let moved = NewAuditEntry::clock_moved(id, common::http::USER, RoundNo(1), at(20, 0), at(20, 5));
        AuditEntry::write(tx, &moved)
    })
    .unwrap();
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let (status, page, _) = get(&app, &jar, &format!("/tournaments/{id}/audit")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("a déplacé la fin de la partie 1."), "{page}");
    assert!(page.contains("Fin\u{a0}: 26/11/2026"), "{page}");
    assert!(page.contains("round.clock · round 1"), "the raw data: {page}");
});
