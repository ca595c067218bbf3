//! Players across tournaments (issue 46, item 2): registering a name and
//! club the directory already knows offers to take that player up again,
//! never forces it. On the form: the question comes first, nothing written;
//! "Le reprendre" registers the same directory entry (their history
//! follows), "Nouveau joueur" a namesake. In the CSV import: the box
//! "Reprendre les joueurs déjà connus", ticked by default, takes them up
//! and the report says so; unticked, they are new players as before.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;

use chelem::db::models::Registration;
use chelem::tournament::ids::{PlayerId, TournamentId};
use common::builder::TournamentBuilder;
use common::create_user;
use common::http::{login, post, upload_with, PASSWORD, USER};
use common::{Jar, TestDb};

/// The players registered in tournament `id`: (player id, name).
fn registered(db: &TestDb, id: TournamentId) -> Vec<(PlayerId, String)> {
    Registration::with_players(&mut db.conn(), id)
        .unwrap()
        .into_iter()
        .map(|(_, p)| (p.id, p.name))
        .collect()
}

/// The player form as typed for Jean Dupont (another case, spaces
/// doubled), with the answer `known`.
fn form(known: &str) -> Vec<(&'static str, &str)> {
    vec![
        ("name", "jean  dupont"),
        ("club", "TAROT CLUB LYONNAIS"),
        ("licence", ""),
        ("checked_in", "on"),
        ("known", known),
    ]
}

/// An empty tournament.
fn empty(db: &TestDb, name: &str) -> TournamentId {
    TournamentBuilder::new(name).players(0).build_in(&db.state()).id
}

both_backends!(a_known_name_and_club_is_offered_not_forced, |db: TestDb| async move {
    // Jean Dupont played last week's tournament (no licence).
    let last_week = TournamentBuilder::new("Mardi 1")
        .players(4)
        .named(|i| ["Jean Dupont", "Odile Martin", "Paul Roux", "Zoé Petit"][i].into())
        .club(|_| "Tarot Club Lyonnais".into())
        .build_in(&db.state());
    let jean = last_week.players[0];
    create_user(&db, USER, PASSWORD);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let today = empty(&db, "Mardi 2");
    // Typed again (another case, spaces doubled): asked first, nothing written.
    let (status, page, _) = post(&app, &mut jar, &format!("/tournaments/{today}/players"), &form("")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("déjà connu : le reprendre ?"), "{page}");
    assert!(page.contains("Jean Dupont"), "{page}");
    assert!(page.contains(&format!("name=\"known\" value=\"{jean}\"")), "{page}");
    assert!(page.contains("value=\"jean  dupont\""), "the form as typed: {page}");
    assert!(registered(&db, today).is_empty(), "nothing written before the answer");
    // Taken up again: the same directory entry.
    let again = jean.to_string();
    let (status, page, _) = post(&app, &mut jar, &format!("/tournaments/{today}/players"), &form(&again)).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    assert_eq!(registered(&db, today), vec![(jean, "Jean Dupont".to_owned())]);
    // Registered already: not offered again; the double entry refused.
    let (status, page, _) = post(&app, &mut jar, &format!("/tournaments/{today}/players"), &form("")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{page}");
    assert_eq!(registered(&db, today).len(), 1);
    // A namesake: a new player, when the organizer says so.
    let other = empty(&db, "Mardi 3");
    let (status, page, _) = post(&app, &mut jar, &format!("/tournaments/{other}/players"), &form("new")).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    let namesake = registered(&db, other);
    assert_eq!(namesake.len(), 1);
    assert_ne!(namesake[0].0, jean, "a new directory entry");
    // An answer naming someone else: refused with a sentence, nothing written.
    let odile = last_week.players[1].to_string();
    let fourth = empty(&db, "Mardi 4");
    let (status, page, _) = post(&app, &mut jar, &format!("/tournaments/{fourth}/players"), &form(&odile)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{page}");
    assert!(
        page.contains("n’est plus dans l’annuaire sous ce nom et ce club"),
        "{page}"
    );
    assert!(registered(&db, fourth).is_empty());
});

both_backends!(an_import_takes_known_players_up_when_asked, |db: TestDb| async move {
    let last_week = TournamentBuilder::new("Mardi 1")
        .players(2)
        .named(|i| ["Jean Dupont", "Odile Martin"][i].into())
        .club(|i| ["Tarot Club Lyonnais", ""][i].into())
        .build_in(&db.state());
    let (jean, odile) = (last_week.players[0], last_week.players[1]);
    create_user(&db, USER, PASSWORD);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let csv = "name,club,licence\nJean Dupont,Tarot Club Lyonnais,\nodile martin,,\nNina Neuve,Dijon,\n";
    // The box ticked (as the form sends it by default).
    let asked = empty(&db, "Mardi 2");
    let fields = [("checked_in", "on"), ("again", "on")];
    let (status, page) = upload_with(&app, &jar, asked, csv.as_bytes(), "fr", &fields).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("2 joueurs déjà connus repris de l’annuaire"), "{page}");
    assert!(page.contains("ligne 2"), "{page}");
    let ids: Vec<PlayerId> = registered(&db, asked).into_iter().map(|(p, _)| p).collect();
    assert_eq!(ids.len(), 3);
    assert!(ids.contains(&jean) && ids.contains(&odile), "{ids:?}");
    // Unticked: every line a new player, as before.
    let fresh = empty(&db, "Mardi 3");
    let (status, page) = upload_with(&app, &jar, fresh, csv.as_bytes(), "fr", &[("checked_in", "on")]).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(!page.contains("déjà connus repris"), "{page}");
    let ids: Vec<PlayerId> = registered(&db, fresh).into_iter().map(|(p, _)| p).collect();
    assert_eq!(ids.len(), 3);
    assert!(!ids.contains(&jean) && !ids.contains(&odile), "{ids:?}");
});
