//! The organizer's adjustments of a table (issue: timed rounds, "void a
//! deal or award an adjusted score to a table with a reason"), from the
//! table's sheet, on both databases: a deal voided counts for nobody (the
//! standings, the deals played, the sheet's totals), cannot be corrected by
//! the table, and is restored; points awarded must sum to zero (refused
//! with the sum, the form as typed, nothing written) and add to the
//! standings until withdrawn; each step asks a reason, lands in the audit
//! log and is published to the live pages.

use crate::common;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use common::builder::{Built, TournamentBuilder};
use common::http::{call, get, login, post};
use common::{Jar, TestDb};
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::ops::visible::Audience;
use chelem::db::ops::{export, standings};
use chelem::db::schema::{audit_log, award_points, events};
use chelem::tournament::ids::{PlayerId, TournamentId};

/// A garde the taker (seat 1) wins at every deal: scores that move.
fn garde(t: &common::builder::Table, k: i32) -> Option<Value> {
    Some(
        json!({"taker": t.players[(k as usize) % t.players.len()], "contract": "garde",
                "oudlers": 2, "points": 51}),
    )
}

/// Each player's (total, deals played), by id.
fn totals(db: &TestDb, id: TournamentId) -> Vec<(PlayerId, i64, u32)> {
    let s = standings::compute(&mut db.conn(), id, None, Audience::Organizer).unwrap();
    assert!(s.check.ok(), "the standings sum to zero: {:?}", s.check);
    let mut v: Vec<_> = s.lines.iter().map(|l| (l.player, l.total, l.deals)).collect();
    v.sort();
    v
}

fn total_of(rows: &[(PlayerId, i64, u32)], p: PlayerId) -> (i64, u32) {
    rows.iter().find(|r| r.0 == p).map(|r| (r.1, r.2)).unwrap()
}

fn audited(db: &TestDb, action: &str) -> Vec<String> {
    audit_log::table
        .filter(audit_log::action.eq(action))
        .order(audit_log::id)
        .select(audit_log::reason)
        .load(&mut *db.conn())
        .unwrap()
}

/// The kinds of the live events of a tournament, in order.
fn event_kinds(db: &TestDb, id: TournamentId) -> Vec<String> {
    events::table
        .filter(events::tournament_id.eq(id))
        .order(events::id)
        .select(events::kind)
        .load(&mut *db.conn())
        .unwrap()
}

fn doc(db: &TestDb, id: TournamentId) -> export::Document {
    export::export(&mut db.conn(), id).unwrap()
}

fn tournament(db: &TestDb) -> Built {
    TournamentBuilder::new("Coupe des arbitres")
        .rounds(2)
        .seed(5)
        .players(8)
        .seated(1)
        .deals(garde)
        .build(&mut db.conn())
}

both_backends!(a_deal_is_voided_and_restored, |db: TestDb| async move {
    common::create_user(&db, common::http::USER, common::http::PASSWORD);
    let t = tournament(&db);
    let id = t.id;
    let table = &t.rounds[0][0];
    let sheet = format!("/tournaments/{id}/rounds/1/tables/{}", table.number);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let before = totals(&db, id);
    let deal1: Vec<(PlayerId, i32)> = {
        let d = doc(&db, id);
        d.rounds[0].tables[0].deals[0]
            .scores
            .iter()
            .map(|s| (s.player, s.score))
            .collect()
    };
    assert!(deal1.iter().any(|(_, s)| *s != 0), "deal 1 scores something");

    // The sheet offers the adjustments to the organizer, not to the table.
    let (_, page, _) = get(&app, &jar, &sheet).await;
    assert!(page.contains("Ajustements de l’arbitre"), "{page}");
    assert!(page.contains(&format!("action=\"{sheet}/void\"")), "{page}");
    let (_, page, _) = get(&app, &Jar::default(), &format!("/t/{}", table.token)).await;
    assert!(
        !page.contains("Ajustements de l’arbitre"),
        "the table's own sheet has no adjustments"
    );

    // No reason: 422, the form again with the deal chosen, nothing changed.
    let void = format!("{sheet}/void");
    let unchanged = doc(&db, id);
    let (status, page, _) = post(
        &app,
        &mut jar,
        &void,
        &[("deal", "1"), ("reason", "  "), ("action", "void")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("Un ajustement doit être motivé"), "{page}");
    assert!(page.contains("<option value=\"1\" selected>"), "{page}");
    assert_eq!(doc(&db, id), unchanged);
    // A slot never entered: 409 with its sentence.
    let (status, page, _) = post(
        &app,
        &mut jar,
        &void,
        &[("deal", "9"), ("reason", "x"), ("action", "void")],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(page.contains("La donne 9 n’a pas été saisie"), "{page}");
    assert_eq!(doc(&db, id), unchanged);
    // Only an organizer: the table's link cannot.
    let (_, _, loc) = post(&app, &mut Jar::default(), &void, &[("deal", "1"), ("reason", "x")]).await;
    assert_ne!(loc, Some(format!("{sheet}#adjust")));
    assert_eq!(doc(&db, id), unchanged);

    // Voided: it counts for nobody.
    let events_before = event_kinds(&db, id).len();
    let reason = "donne mal distribuée (13 cartes)";
    let (status, _, loc) = post(
        &app,
        &mut jar,
        &void,
        &[("deal", "1"), ("reason", reason), ("action", "void")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(loc.as_deref(), Some(format!("{sheet}#adjust").as_str()));
    let after = totals(&db, id);
    for (p, s) in &deal1 {
        let (was, deals_was) = total_of(&before, *p);
        let (now, deals_now) = total_of(&after, *p);
        assert_eq!(now, was - i64::from(*s), "player {p}: deal 1 no longer counts");
        assert_eq!(deals_now, deals_was - 1, "player {p}: one deal played less");
    }
    assert_eq!(audited(&db, "deal.void"), vec![reason.to_owned()]);
    assert_eq!(event_kinds(&db, id)[events_before..], ["deal", "standings"]);
    // The sheet shows it struck, with the reason, out of the totals.
    let (_, page, _) = get(&app, &jar, &sheet).await;
    assert!(page.contains("class=\"void\""), "{page}");
    assert!(page.contains(reason), "{page}");
    let stored = doc(&db, id);
    assert_eq!(stored.rounds[0].tables[0].deals[0].void_reason.as_deref(), Some(reason));
    // The table cannot change it: 409 with the sentence, nothing changed.
    let token = &table.token;
    let (status, v) = call(
        &app,
        Method::PUT,
        &format!("/api/tables/{token}/deals/1"),
        None,
        Some(json!({"passed": true})),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains("voided"), "{v}");
    assert_eq!(doc(&db, id), stored);
    // Voided twice: 409.
    let (status, page, _) = post(
        &app,
        &mut jar,
        &void,
        &[("deal", "1"), ("reason", "encore"), ("action", "void")],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(page.contains("déjà annulée"), "{page}");

    // Restored (with its reason): as before.
    let (status, page, _) = post(
        &app,
        &mut jar,
        &void,
        &[("deal", "1"), ("reason", ""), ("action", "restore")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("Un ajustement doit être motivé"), "{page}");
    let (status, _, _) = post(
        &app,
        &mut jar,
        &void,
        &[("deal", "1"), ("reason", "erreur de table"), ("action", "restore")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(totals(&db, id), before);
    assert_eq!(audited(&db, "deal.restore"), vec!["erreur de table".to_owned()]);
    // The table may correct it again.
    let (status, v) = call(
        &app,
        Method::PUT,
        &format!("/api/tables/{token}/deals/1"),
        None,
        Some(json!({"passed": true})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
});

both_backends!(points_are_awarded_summing_to_zero, |db: TestDb| async move {
    common::create_user(&db, common::http::USER, common::http::PASSWORD);
    let t = tournament(&db);
    let id = t.id;
    let table = &t.rounds[0][1];
    let (a, b, c) = (table.players[0], table.players[1], table.players[2]);
    let other = t.rounds[0][0].players[0];
    let sheet = format!("/tournaments/{id}/rounds/1/tables/{}", table.number);
    let awards = format!("{sheet}/awards");
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let before = totals(&db, id);
    let field = |p: PlayerId| format!("p{p}");
    let (fa, fb, fc, fo) = (field(a), field(b), field(c), field(other));

    // Not summing to zero: 422 with the sum, the points as typed, nothing written.
    let unchanged = doc(&db, id);
    let typed = [
        (fa.as_str(), "+30"),
        (fb.as_str(), "−10"),
        (fc.as_str(), ""),
        ("reason", "fin de partie à la sonnerie"),
    ];
    let (status, page, _) = post(&app, &mut jar, &awards, &typed).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("leur somme fait 20"), "{page}");
    assert!(page.contains(&format!("name=\"{fa}\" value=\"+30\"")), "{page}");
    assert!(page.contains(&format!("name=\"{fb}\" value=\"−10\"")), "{page}");
    assert!(page.contains("value=\"fin de partie à la sonnerie\""), "{page}");
    assert_eq!(doc(&db, id), unchanged);
    // Not a number: 422 naming the player.
    let (status, page, _) = post(&app, &mut jar, &awards, &[(fa.as_str(), "dix"), ("reason", "x")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("doivent être un nombre entier"), "{page}");
    // Nothing given, or no reason: 422.
    let (status, page, _) = post(&app, &mut jar, &awards, &[("reason", "x")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("au moins deux joueurs"), "{page}");
    let (status, _, _) = post(&app, &mut jar, &awards, &[(fa.as_str(), "10"), (fb.as_str(), "-10")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // A player of another table is not given anything.
    let (status, _, _) = post(
        &app,
        &mut jar,
        &awards,
        &[(fo.as_str(), "40"), (fa.as_str(), "-40"), ("reason", "x")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(doc(&db, id), unchanged);

    // Summing to zero: in the standings, the sheet, the audit log, the stream.
    let events_before = event_kinds(&db, id).len();
    let given = [
        (fa.as_str(), "+30"),
        (fb.as_str(), "−10"),
        (fc.as_str(), "-20"),
        ("reason", "fin de partie à la sonnerie"),
    ];
    let (status, _, loc) = post(&app, &mut jar, &awards, &given).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(loc.as_deref(), Some(format!("{sheet}#adjust").as_str()));
    let after = totals(&db, id);
    for (p, d) in [(a, 30), (b, -10), (c, -20), (table.players[3], 0), (other, 0)] {
        let (was, deals_was) = total_of(&before, p);
        assert_eq!(total_of(&after, p), (was + d, deals_was), "player {p}");
    }
    assert_eq!(
        audited(&db, "table.award"),
        vec!["fin de partie à la sonnerie".to_owned()]
    );
    assert_eq!(event_kinds(&db, id)[events_before..], ["standings"]);
    let (_, page, _) = get(&app, &jar, &sheet).await;
    assert!(page.contains("Points attribués"), "{page}");
    assert!(page.contains("<td class=\"num\">+30</td>"), "{page}");
    assert!(page.contains("✓"), "the sheet's totals still sum to zero: {page}");
    // A player's page tells the points awarded in its round's total.
    let (_, page, _) = get(&app, &Jar::default(), &format!("/tournaments/{id}/players/{a}")).await;
    assert!(page.contains("Points attribués"), "{page}");
    let (_, page, _) = get(
        &app,
        &Jar::default(),
        &format!("/tournaments/{id}/players/{}", table.players[3]),
    )
    .await;
    assert!(!page.contains("Points attribués"), "none given to this one: {page}");
    let points: i64 = award_points::table.count().get_result(&mut *db.conn()).unwrap();
    assert_eq!(points, 3, "one row per player given points");
    // The export carries it, and an import of it has the same standings.
    let d = doc(&db, id);
    assert_eq!(d.rounds[0].tables[1].awards.len(), 1);
    let copy = chelem::db::write(&mut db.conn(), |tx| export::import(tx, &d))
        .unwrap()
        .tournament_id;
    let by_name = |id| {
        let s = standings::compute(&mut db.conn(), id, None, Audience::Organizer).unwrap();
        s.lines.into_iter().map(|l| (l.name, l.total)).collect::<Vec<_>>()
    };
    assert_eq!(by_name(copy), by_name(id));

    // Withdrawn (with a reason): as before.
    let award_id = chelem::db::models::Award::for_tables(&mut db.conn(), &[table.id]).unwrap()[0].id;
    let withdraw = format!("{awards}/{award_id}/withdraw");
    let (status, page, _) = post(&app, &mut jar, &withdraw, &[("reason", " ")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("Un ajustement doit être motivé"), "{page}");
    let (status, _, _) = post(&app, &mut jar, &withdraw, &[("reason", "donnés à la mauvaise table")]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(totals(&db, id), before);
    assert_eq!(
        audited(&db, "table.award.withdraw"),
        vec!["donnés à la mauvaise table".to_owned()]
    );
    let (status, _, _) = post(&app, &mut jar, &withdraw, &[("reason", "encore")]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
});
