//! The audit log's actions, on both databases: a moved bell is told in its
//! own sentence; a stored action this build does not know (a row written by
//! a newer version of Chelem, or by hand) makes the audit page a 409 naming
//! it — never a 500, an entry left out, or a sentence for another action —
//! and the export refuses it, naming it.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;
use chrono::NaiveDate;
use common::builder::TournamentBuilder;
use common::http::{get, login};
use common::{Jar, TestDb};
use diesel::prelude::*;

use chelem::db::models::{AuditEntry, NewAuditEntry};
use chelem::db::ops::export::{self, ExportError};
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
        let moved = NewAuditEntry::clock_moved(id, common::http::USER, RoundNo::new(1), at(20, 0), at(20, 5));
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

both_backends!(an_unknown_stored_action_is_refused_by_name, |db: TestDb| async move {
    let id = tournament(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let audit = format!("/tournaments/{id}/audit");
    let (status, page, _) = get(&app, &jar, &audit).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("a lancé la partie 1."), "{page}");

    // A row this build cannot tell, written behind its back.
    diesel::sql_query(format!(
        "INSERT INTO audit_log (tournament_id, actor, action, subject, reason, created_at) \
         VALUES ({id}, 'arbitre', 'deal.explode', 'round 1 table 2 deal 3', '', '2026-11-26 20:00:00')"
    ))
    .execute(&mut *db.conn())
    .unwrap();

    // The page refuses, naming the action: not a 500, not the log without it.
    let (status, page, _) = get(&app, &jar, &audit).await;
    assert_eq!(status, StatusCode::CONFLICT, "{page}");
    assert!(
        page.contains("contient une action que cette version de Chelem ne connaît pas"),
        "{page}"
    );
    assert!(page.contains("deal.explode"), "{page}");
    assert!(
        !page.contains("a lancé la partie 1."),
        "no log told without the entry: {page}"
    );

    // The export (`chelem export`) refuses it too, naming it.
    match export::export(&mut db.conn(), id) {
        Err(ExportError::Stored(why)) => assert!(why.contains("\"deal.explode\""), "{why}"),
        other => panic!("refused, not {other:?}"),
    }
});
