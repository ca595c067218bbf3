//! Rooms (salles), on both databases: the organizer splits the hall into
//! rooms on the rooms page (refusals said, the form kept as typed), tables
//! numbered on or from 1 in each room, players kept in a room whatever the
//! seating, each room's projector and table cards, the round page, the
//! table sheet, a digital table's game page and the player's page naming
//! the room, a kept player not
//! moved out by hand, a room holding kept players not removed, and the rooms
//! carried through an export and its import.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;
use common::builder::TournamentBuilder;
use common::http::{get, login, post};
use common::{Jar, TestDb};
use diesel::prelude::*;

use chelem::db::models::RoundTable;
use chelem::db::ops::{export, games, rounds};
use chelem::db::schema::{audit_log, players, rooms};
use chelem::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};

/// The tables of round `n`, players in seat order.
fn seating(db: &TestDb, id: TournamentId, n: i32) -> Vec<Vec<PlayerId>> {
    let seated = rounds::seated_round(&mut db.conn(), id, RoundNo::new(n)).unwrap();
    seated.tables.into_iter().map(|t| t.players).collect()
}

/// A name as pages show it, isolated from the text around it.
fn iso(name: &str) -> String {
    format!("\u{2068}{name}\u{2069}")
}

/// A table as a room calls it ("Mezzanine · table 1").
fn iso_in(room: &str, n: usize) -> String {
    format!("{} · table {n}", iso(room))
}

/// The table (1-based) player `p` sits at.
fn table_of(tables: &[Vec<PlayerId>], p: PlayerId) -> usize {
    tables.iter().position(|t| t.contains(&p)).unwrap() + 1
}

fn room_rows(db: &TestDb, id: TournamentId) -> Vec<(i32, String, i32)> {
    rooms::table
        .filter(rooms::tournament_id.eq(id))
        .order(rooms::number)
        .select((rooms::number, rooms::name, rooms::tables))
        .load(&mut *db.conn())
        .unwrap()
}

both_backends!(a_hall_of_two_rooms, |db: TestDb| async move {
    common::create_user(&db, common::http::USER, common::http::PASSWORD);
    // 26 players: 2 tables of 5 and 4 of 4 (6 tables), 3 rounds.
    let t = TournamentBuilder::new("Festival des salles")
        .rounds(3)
        .seed(11)
        .players(26)
        .build(&mut db.conn());
    let id = t.id;
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let page = format!("/tournaments/{id}/rooms");

    // Refusals: a sentence, 422, the form as typed, nothing stored.
    let (status, body, _) = post(&app, &mut jar, &page, &[("name", "Salle A"), ("tables", "0")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("Indiquez un nombre de tables entre 1 et 2000"), "{body}");
    assert!(body.contains("value=\"Salle A\""), "the name typed is kept: {body}");
    let (status, body, _) = post(&app, &mut jar, &page, &[("name", " \u{200B} "), ("tables", "2")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body.contains("Le nom de la salle n&#39;est fait que de caractères invisibles"),
        "{body}"
    );
    assert!(room_rows(&db, id).is_empty());

    // Salle A holds 2 tables, the Mezzanine the rest (set to 3, it takes 4).
    for (name, tables) in [("Salle A", "2"), ("Mezzanine", "3")] {
        let (status, _, at) = post(&app, &mut jar, &page, &[("name", name), ("tables", tables)]).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(at.as_deref(), Some(page.as_str()));
    }
    let (status, body, _) = post(&app, &mut jar, &page, &[("name", "Mezzanine"), ("tables", "1")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body.contains(&format!("Une salle s&#39;appelle déjà « {} »", iso("Mezzanine"))),
        "{body}"
    );
    assert_eq!(
        room_rows(&db, id),
        [(1, "Salle A".to_owned(), 2), (2, "Mezzanine".to_owned(), 3)]
    );
    // A refused change: its row as typed, the room as it was.
    let fields = [("name", "Salle Alpha"), ("tables", "deux")];
    let (status, body, _) = post(&app, &mut jar, &format!("{page}/1"), &fields).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body.contains("value=\"Salle Alpha\"") && body.contains("value=\"deux\""),
        "{body}"
    );
    assert_eq!(room_rows(&db, id)[0], (1, "Salle A".to_owned(), 2));
    // A numbering the page does not offer: refused, the numbering as it was.
    let (status, body, _) = post(&app, &mut jar, &format!("{page}-numbering"), &[("numbering", "zigzag")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("Choisissez une numérotation des tables."), "{body}");
    let layout = chelem::db::models::room::layout(&mut db.conn(), id).unwrap();
    assert_eq!(layout.numbering.name(), "run-on");
    let (status, _, _) = post(
        &app,
        &mut jar,
        &format!("{page}-numbering"),
        &[("numbering", "restart")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);

    // Three players kept in the Mezzanine (reduced mobility), one in Salle A.
    let constraints = format!("/tournaments/{id}/constraints");
    // The dashboard lists the players once, for every constraint's field.
    let (_, dash, _) = get(&app, &jar, &format!("/tournaments/{id}")).await;
    assert_eq!(dash.matches("list=\"constraint-players\"").count(), 4, "{dash}");
    assert_eq!(
        dash.matches("<option value=\"").count(),
        26 + 2,
        "26 players, 2 rooms: {dash}"
    );
    let kept = [t.players[0], t.players[1], t.players[2]];
    let name = |p: PlayerId| -> String {
        players::table
            .find(p)
            .select(players::name)
            .first(&mut *db.conn())
            .unwrap()
    };
    // Picked from the list, an id, a name typed whole (another case).
    let typed = [
        format!("{} #{}", name(kept[0]), kept[0]),
        kept[1].to_string(),
        name(kept[2]).to_uppercase(),
    ];
    for who in &typed {
        let fields = [("kind", "room"), ("player_a", who.as_str()), ("room", "2")];
        let (status, body, _) = post(&app, &mut jar, &constraints, &fields).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{who}: {body}");
    }
    let fields = [("kind", "room"), ("player_a", "Personne Inconnue"), ("room", "2")];
    let (status, body, _) = post(&app, &mut jar, &constraints, &fields).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("Choisissez un joueur inscrit."), "{body}");
    let in_a = t.players[3];
    let fields = [("kind", "room"), ("player_a", &in_a.to_string()), ("room", "1")];
    assert_eq!(
        post(&app, &mut jar, &constraints, &fields).await.0,
        StatusCode::SEE_OTHER
    );
    let fields = [("kind", "room"), ("player_a", &in_a.to_string()), ("room", "9")];
    let (status, body, _) = post(&app, &mut jar, &constraints, &fields).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("Choisissez une salle du tournoi."), "{body}");
    let (_, dash, _) = get(&app, &jar, &format!("/tournaments/{id}")).await;
    assert!(
        dash.contains(&format!("joue toujours en salle « {} »", iso("Mezzanine"))),
        "{dash}"
    );

    // Every round: the kept players in their room, whatever the seating.
    let start = format!("/tournaments/{id}/rounds");
    for n in 1..=3 {
        let expected = n.to_string();
        let fields = [("expected", expected.as_str()), ("close_previous", "on")];
        let (status, _, _) = post(&app, &mut jar, &start, &fields).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "round {n}");
        let tables = seating(&db, id, n);
        assert_eq!(tables.len(), 6);
        for p in kept {
            assert!(
                table_of(&tables, p) >= 3,
                "round {n}: {p} out of the Mezzanine: {tables:?}"
            );
        }
        assert!(
            table_of(&tables, in_a) <= 2,
            "round {n}: {in_a} out of Salle A: {tables:?}"
        );
    }
    let left: i64 = audit_log::table
        .filter(audit_log::action.eq("round.rooms"))
        .count()
        .get_result(&mut *db.conn())
        .unwrap();
    assert_eq!(left, 0, "every kept player was kept");

    // The round page: a heading per room, tables numbered from 1 in each.
    let (_, round, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/3")).await;
    let a = round
        .find("<h2 class=\"room-head\"><bdi>Salle A</bdi></h2>")
        .expect("Salle A's heading");
    let m = round
        .find("<h2 class=\"room-head\"><bdi>Mezzanine</bdi></h2>")
        .expect("the Mezzanine's heading");
    assert!(a < m);
    let tables_under = |from: usize, to: usize| round[from..to].matches("\">Table ").count();
    assert_eq!(tables_under(a, m), 2, "{round}");
    assert_eq!(tables_under(m, round.len()), 4, "{round}");
    assert!(round[m..].contains("/tables/6\">Table 4</a>"), "{round}");

    // The seat change form names each table with its room; the posted
    // slips tell each player their room.
    assert!(
        round.contains(&format!("<optgroup label=\"{}\">", iso_in("Mezzanine", 4))),
        "{round}"
    );
    let (_, slips, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/3/slips")).await;
    assert_eq!(
        slips.matches(&format!("<b>{}", iso("Mezzanine"))).count(),
        16,
        "{slips}"
    );
    assert_eq!(slips.matches(&format!("<b>{}", iso("Salle A"))).count(), 10, "{slips}");

    // A table's sheet and its deal form name the room.
    let (_, sheet, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/3/tables/3")).await;
    assert!(sheet.contains(&iso_in("Mezzanine", 1)), "{sheet}");
    let (_, form, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/3/tables/3/deals/1")).await;
    assert!(form.contains(&iso_in("Mezzanine", 1)), "{form}");
    let (_, printed, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/3/sheets?table=3")).await;
    assert!(
        printed.contains(&format!("{}</h1>", iso_in("Mezzanine", 1))),
        "{printed}"
    );

    // The player's page says where to go.
    let tables = seating(&db, id, 3);
    let shown = table_of(&tables, kept[0]) - 2;
    let (_, player, _) = get(&app, &jar, &format!("/tournaments/{id}/players/{}", kept[0])).await;
    assert!(
        player.contains(&format!("en cours : {}, table {shown},", iso("Mezzanine"))),
        "{player}"
    );

    // Each room's screen: its tables' progress, the whole standings.
    let (status, screen, _) = get(&app, &jar, &format!("/tournaments/{id}/projector?room=2")).await;
    assert_eq!(status, StatusCode::OK);
    // (The French colon follows a no-break space.)
    let screen = screen.replace('\u{a0}', " ");
    assert!(
        screen.contains("<span class=\"projector-room\"><bdi>Mezzanine</bdi></span>"),
        "{screen}"
    );
    assert!(screen.contains("Tables terminées : 0/4"), "{screen}");
    assert!(screen.contains("Encore en jeu : tables 1, 2, 3, 4"), "{screen}");
    assert_eq!(
        screen.matches("<tr><td class=\"num\">").count(),
        26,
        "the whole standings"
    );
    let (status, _, _) = get(&app, &jar, &format!("/tournaments/{id}/projector?room=9")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, whole, _) = get(&app, &jar, &format!("/tournaments/{id}/projector")).await;
    assert!(
        whole.replace('\u{a0}', " ").contains("Tables terminées : 0/6"),
        "{whole}"
    );

    // Each room's table cards: its own tables only.
    let (status, cards, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/3/cards?room=1")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cards.matches("<article class=\"card").count(), 2, "{cards}");
    assert_eq!(
        cards.matches("<p class=\"card-room\"><bdi>Salle A</bdi></p>").count(),
        2,
        "{cards}"
    );
    assert!(
        cards.contains(">Table 1</h1>") && cards.contains(">Table 2</h1>"),
        "{cards}"
    );
    let (_, cards, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/3/cards?room=2")).await;
    assert_eq!(cards.matches("<article class=\"card").count(), 4);

    // A kept player is not moved out of their room by hand.
    let out = tables.iter().position(|t| t.contains(&kept[0])).unwrap();
    let other = *tables[0].iter().find(|p| !kept.contains(p) && **p != in_a).unwrap();
    let fields = [("player", kept[0].to_string()), ("with", format!("p{other}"))];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (status, body, _) = post(&app, &mut jar, &format!("/tournaments/{id}/rounds/3/seats"), &fields).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // The names isolated from the sentence (a name written right to left).
    assert!(
        body.contains(&format!("doit jouer en salle « {} »", iso("Mezzanine"))),
        "{body}"
    );
    assert_eq!(seating(&db, id, 3)[out], tables[out]);

    // A room holding kept players stays.
    let (status, body, _) = post(&app, &mut jar, &format!("{page}/2/delete"), &[]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body.contains("3 joueurs sont gardés dans cette salle"), "{body}");
    assert_eq!(room_rows(&db, id).len(), 2);

    // The rooms page tells what each room holds now.
    let (_, rooms_page, _) = get(&app, &jar, &page).await;
    assert!(rooms_page.contains("Dernière partie : tables 1 à 2"), "{rooms_page}");
    assert!(rooms_page.contains("Dernière partie : tables 1 à 4"), "{rooms_page}");
    assert!(rooms_page.contains("3 joueurs gardés dans cette salle"), "{rooms_page}");

    // An export carries the rooms; its import holds them as they were.
    let doc = export::export(&mut db.conn(), id).unwrap();
    assert_eq!(doc.rooms.len(), 2);
    assert_eq!(doc.tournament.room_numbering.name(), "restart");
    let imported = chelem::db::write(&mut db.conn(), |tx| export::import(tx, &doc)).unwrap();
    assert_eq!(
        room_rows(&db, imported.tournament_id),
        [(1, "Salle A".to_owned(), 2), (2, "Mezzanine".to_owned(), 3)]
    );
    let again = export::export(&mut db.conn(), imported.tournament_id).unwrap();
    assert_eq!(again.rooms, doc.rooms);
    assert_eq!(again.tournament.room_numbering.name(), "restart");
    assert_eq!(
        again
            .seating_constraints
            .iter()
            .filter(|c| c.kind.name() == "room")
            .count(),
        4
    );

    // A table played on the devices: its game page names the room too.
    let (row, _) = RoundTable::by_number(&mut db.conn(), id, RoundNo::new(3), TableNo::new(3))
        .unwrap()
        .unwrap();
    let game = chelem::db::write(&mut db.conn(), |tx| games::make_digital(tx, &row, common::http::USER)).unwrap();
    let (status, game_page, _) = get(&app, &jar, &format!("/games/{game}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        game_page.contains(&format!("Partie 3</a> · {}</p>", iso_in("Mezzanine", 1))),
        "{game_page}"
    );
});
