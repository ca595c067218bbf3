//! Standings fair across table sizes and deal counts, on both databases:
//! the deals each player played and scored and their average per deal on
//! every face of the standings (JSON, CSV, pages), the ranking setting, and
//! the results file for the federation read back against the standings.

use crate::common;

use std::collections::HashMap;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::models::{AuditAction, AuditEntry};
use chelem::db::ops::deals::Actor;
use chelem::db::ops::players::{self, PlayerFields};
use chelem::db::schema::tournaments;
use chelem::tournament::ids::{PlayerId, RoundNo, TournamentId};
use chelem::tournament::standings::Standings;
use common::builder::{Built, Table, TournamentBuilder};
use common::hostile::spreadsheet_cells;
use common::http::{api_token, call, get, login, post, USER};
use common::{Jar, TestDb};

/// Deals a table enters: at a table of 5 only deals 1 to 3 (so its players
/// play 1, 2 or 3 of them: the dealer sits out), deal 2 passed at a table
/// of 4, a garde taken by a player who plays the deal otherwise.
fn deal(table: &Table, k: i32) -> Option<Value> {
    let n = table.players.len();
    if n == 5 && k > 3 {
        return None;
    }
    if n == 4 && k == 2 {
        return Some(json!({"passed": true}));
    }
    // Seat k % n plays deal k: the dealer of a table of 5 is seat k - 1.
    let taker = table.players[k as usize % n];
    Some(json!({"taker": taker, "contract": "garde", "oudlers": 2, "points": 30 + 7 * k}))
}

/// Deals each player played and positions (round, table size), from the
/// seating alone: the test's own count, not the server's.
fn expected(rounds: &[Vec<Table>]) -> HashMap<PlayerId, (u32, Vec<usize>)> {
    let mut out: HashMap<PlayerId, (u32, Vec<usize>)> = HashMap::new();
    for tables in rounds {
        for t in tables {
            let n = t.players.len();
            for (seat, p) in t.players.iter().enumerate() {
                let played = (1..=t.deal_count)
                    .filter(|k| deal(t, *k).is_some())
                    .filter(|k| !(n == 5 && (*k as usize - 1) % 5 == seat))
                    .count() as u32;
                let e = out.entry(*p).or_default();
                e.0 += played;
                e.1.push(n);
            }
        }
    }
    out
}

/// `total ÷ deals` in hundredths, half away from zero.
fn hundredths(total: i64, deals: u32) -> i64 {
    if deals == 0 {
        return 0;
    }
    let (n, d) = (total.abs() * 100, i64::from(deals));
    total.signum() * ((2 * n + d) / (2 * d))
}

/// An average as French writes it (`12,5`, `-3,25`), as the CSV does.
fn comma(h: i64) -> String {
    format!("{}", h as f64 / 100.0).replace('.', ",")
}

fn standings(db: &TestDb, id: TournamentId) -> Standings {
    chelem::db::ops::standings::compute(&mut db.conn(), id, None, chelem::db::ops::visible::Audience::Organizer)
        .unwrap()
}

/// 9 players (a table of 5 and one of 4), 2 rounds seated, the deals of
/// [`deal`] entered; FFT tables of 5.
fn nine_players(db: &TestDb, ranking: &str) -> Built {
    TournamentBuilder::new("Open de Dijon")
        .rounds(3)
        .seed(7)
        .ranking(ranking)
        .players(9)
        .named(|i| format!("Joueur {i:02}"))
        .seated(2)
        .deals(deal)
        .build(&mut db.conn())
}

both_backends!(deals_and_averages_show_on_every_face, |db: TestDb| async move {
    common::create_user(&db, USER, common::http::PASSWORD);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let t = nine_players(&db, "");
    let id = t.id;
    let want = expected(&t.rounds);
    let s = standings(&db, id);
    assert!(s.check.ok());
    assert_eq!(s.lines.len(), 9);
    for l in &s.lines {
        let (deals, sizes) = &want[&l.player];
        assert_eq!(l.deals, *deals, "deals of {}", l.name);
        assert_eq!(l.per_deal.0, hundredths(l.total, *deals), "{}", l.name);
        let at = |n: usize| sizes.iter().filter(|s| **s == n).count() as u32;
        assert_eq!((l.positions.at4, l.positions.at5), (at(4), at(5)), "{}", l.name);
    }
    // Someone sat at the table of 5 and missed deals there.
    assert!(s.lines.iter().any(|l| l.deals < 7), "{:?}", want);
    // Ranked by total (the default).
    assert!(s.lines.windows(2).all(|w| w[0].total >= w[1].total));

    // The JSON: `deals` and `per_deal` (2 decimals) beside what was there.
    let (status, rows) = call(
        &app,
        Method::GET,
        &format!("/api/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let rows = rows.as_array().unwrap();
    for (row, l) in rows.iter().zip(&s.lines) {
        assert_eq!(row["player"], l.player.get());
        assert_eq!(row["total"], l.total);
        assert_eq!(row["rank"], l.rank);
        assert_eq!(row["deals"], l.deals);
        assert_eq!(
            row["per_deal"].as_f64().unwrap(),
            hundredths(l.total, l.deals) as f64 / 100.0
        );
    }

    // The CSV: two columns at the end, the average with a decimal comma.
    let jar = Jar::default();
    let (status, body, _) = get(&app, &jar, &format!("/tournaments/{id}/standings.csv")).await;
    assert_eq!(status, StatusCode::OK);
    let cells = spreadsheet_cells(&body);
    assert_eq!(
        cells[0],
        ["Place", "Nom", "Total", "P1", "P2", "Donnes", "Moyenne par donne"]
    );
    for (row, l) in cells[1..].iter().zip(&s.lines) {
        assert_eq!(row[1], l.name);
        assert_eq!(row[5], l.deals.to_string());
        assert_eq!(row[6], comma(l.per_deal.0));
    }

    // The pages: the standings, the projector, the results page.
    let fr = |h: i64| {
        let sign = if h < 0 { "-" } else { "" };
        format!("{sign}{},{:02}", h.abs() / 100, h.abs() % 100)
    };
    for page in ["standings", "projector", "results.html"] {
        let (status, body, _) = get(&app, &jar, &format!("/tournaments/{id}/{page}")).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert!(body.contains("Moy./donne"), "{page}: {body}");
        for l in &s.lines {
            // On a phone the standings and the projector keep the average,
            // not the count.
            let cell = format!(r#"<td class="num wide-only">{}</td>"#, l.deals);
            assert!(body.contains(&cell), "{page}: {cell}");
            assert!(
                body.contains(&fr(l.per_deal.0)),
                "{page}: {} of {}",
                fr(l.per_deal.0),
                l.name
            );
        }
    }

    // The player page marks a position at a table of 5, and only that.
    for l in &s.lines {
        let (status, body, _) = get(&app, &jar, &format!("/tournaments/{id}/players/{}", l.player)).await;
        assert_eq!(status, StatusCode::OK);
        let marks = body.matches("badge table-size").count() as u32;
        assert_eq!(marks, l.positions.at5, "badges of {}", l.name);
        assert_eq!(
            body.matches("table de 5</span>").count() as u32,
            l.positions.at5,
            "words of {}: {body}",
            l.name
        );
        assert!(body.contains(&format!("{} donnes jouées", l.deals)), "{}", l.name);
        // The statistics' own count of the deals played says the same.
        let stat = format!("<dt>Donnes jouées</dt><dd>{}</dd>", l.deals);
        assert!(body.contains(&stat), "{}: {stat}", l.name);
    }
});

both_backends!(the_ranking_setting_orders_by_average, |db: TestDb| async move {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let count = || tournaments::table.count().get_result::<i64>(&mut *db.conn()).unwrap();

    // Through the API: stored, or refused with a sentence and nothing written.
    let (status, v) = call(
        &app,
        Method::POST,
        "/api/tournaments",
        Some(&token),
        Some(json!({"name": "Moyennes", "rounds": 2, "ranking": "per_deal"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let made = TournamentId::new(v["id"].as_i64().unwrap() as i32);
    let t = chelem::db::ops::tournaments::get(&mut db.conn(), made).unwrap();
    assert_eq!(t.ranking.name(), "per_deal");
    let before = count();
    let (status, v) = call(
        &app,
        Method::POST,
        "/api/tournaments",
        Some(&token),
        Some(json!({"name": "Refusé", "rounds": 2, "ranking": "moyenne"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("moyenne"), "{v}");
    assert_eq!(count(), before, "nothing written");

    // Ranked per deal: by exact average, a player without a deal last.
    let mut built = nine_players(&db, "per_deal");
    let id = built.id;
    let late = chelem::db::write(&mut db.conn(), |tx| {
        players::register(tx, id, &PlayerFields::new("Zoé Tardive", "", "").unwrap(), true)
    })
    .unwrap()
    .0
    .id;
    built.players.push(late);
    let s = standings(&db, id);
    assert_eq!(s.lines.len(), 10);
    assert_eq!(s.lines.last().unwrap().player, late);
    assert_eq!(s.lines.last().unwrap().deals, 0);
    for w in s.lines.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        if b.deals == 0 {
            continue;
        }
        let (x, y) = (a.total * i64::from(b.deals), b.total * i64::from(a.deals));
        assert!(x >= y, "{} ({}) before {} ({})", a.name, a.per_deal, b.name, b.per_deal);
        assert_eq!(a.rank == b.rank, x == y, "{} and {}", a.name, b.name);
    }
    let (_, rows) = call(
        &app,
        Method::GET,
        &format!("/api/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    let order: Vec<i64> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["player"].as_i64().unwrap())
        .collect();
    let want: Vec<i64> = s.lines.iter().map(|l| i64::from(l.player.get())).collect();
    assert_eq!(order, want);
    let mut jar = Jar::default();
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}/standings")).await;
    assert!(page.contains("Classement à la moyenne par donne jouée"), "{page}");

    // Back to the total from the settings page: kept in the audit log.
    login(&app, &mut jar).await;
    let (_, form, _) = get(&app, &jar, &format!("/tournaments/{id}/edit")).await;
    assert!(form.contains(r#"<option value="per_deal" selected>"#), "{form}");
    let (status, body, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/edit"),
        &[
            ("name", "Open de Dijon"),
            ("rounds", "3"),
            ("table5_mode", "dealer_out"),
            ("seed", "7"),
            ("ranking", "total"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    let audit = AuditEntry::for_tournament(&mut db.conn(), id).unwrap();
    let change = audit
        .iter()
        .rev()
        .find(|e| e.action == AuditAction::SettingsChanged)
        .unwrap();
    assert!(change
        .before_json
        .as_deref()
        .unwrap()
        .contains(r#""ranking":"per_deal""#));
    assert!(change.after_json.as_deref().unwrap().contains(r#""ranking":"total""#));
    let s = standings(&db, id);
    assert!(s.lines.windows(2).all(|w| w[0].total >= w[1].total));
    assert_ne!(s.lines.last().unwrap().player, late, "someone lost points");
    // A ranking the form does not know: refused, nothing changed.
    let (status, body, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/edit"),
        &[
            ("name", "Open de Dijon"),
            ("rounds", "3"),
            ("seed", "7"),
            ("ranking", "best"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("Classement inconnu « best »"), "{body}");
    let t = chelem::db::ops::tournaments::get(&mut db.conn(), id).unwrap();
    assert_eq!(t.ranking.name(), "total");
});

/// A tournament with clubs and licences, a withdrawal after round 1 and a
/// late arrival in round 2, tables of 5: its id.
fn federation_tournament(db: &TestDb) -> TournamentId {
    common::create_user(db, USER, common::http::PASSWORD);
    let mut conn = db.conn();
    let mut t = TournamentBuilder::new("Open de Lyon")
        .date("2026-12-05")
        .rounds(3)
        .seed(3)
        .created_by(USER)
        .venue("Salle Molière, Lyon", "Tarot Club Lyonnais", "Odile Martin")
        .players(9)
        .named(|i| format!("Joueur {i:02}"))
        .club(|i| ["Lyon TC", "", "=Tarot 69"][i % 3].into())
        .licence(|i| {
            if i % 2 == 0 {
                format!("{}", 7_000_100 + i)
            } else {
                String::new()
            }
        })
        .seated(1)
        .deals(deal)
        .build(&mut conn);
    let gone = t.players[4];
    chelem::db::write(&mut conn, |tx| players::withdraw(tx, t.id, gone)).unwrap();
    chelem::db::write(&mut conn, |tx| {
        players::register(
            tx,
            t.id,
            &PlayerFields::new("Léa Tardive", "Dijon", "7999999").unwrap(),
            true,
        )
    })
    .unwrap();
    for table in t.seat_next(&mut conn) {
        for k in 1..=table.deal_count {
            if let Some(body) = deal(&table, k) {
                table.enter(&mut conn, k, &body, &Actor::Table, "");
            }
        }
    }
    t.id
}

both_backends!(
    the_federation_file_reads_back_as_the_standings,
    |db: TestDb| async move {
        let id = federation_tournament(&db);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let s = standings(&db, id);
        assert!(s.lines.iter().any(|l| l.withdrawn_after.is_some()));
        assert!(s.lines.iter().any(|l| l.late_from == Some(RoundNo::new(2))));
        let regs: HashMap<String, (String, Option<String>)> =
            chelem::db::models::Registration::with_players(&mut db.conn(), id)
                .unwrap()
                .into_iter()
                .map(|(_, p)| (p.name, (p.club, p.licence)))
                .collect();

        // Not for anyone: the CSV sends to the login page, like every
        // organizer's page; the JSON file answers as the API does (401 and
        // a JSON error), never a redirect.
        let anon = Jar::default();
        let (status, body, location) = get(&app, &anon, &format!("/tournaments/{id}/federation.csv")).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert!(location.unwrap().starts_with("/login"));
        assert!(!body.contains("7000100"));
        for file in ["federation.json", "export.json"] {
            let (status, body, location) = get(&app, &anon, &format!("/tournaments/{id}/{file}")).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{file}: {body}");
            assert_eq!(location, None, "{file}");
            let v: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{file}: not JSON: {body}"));
            assert!(v["error"].as_str().unwrap().contains("logged in"), "{file}: {v}");
            assert!(!body.contains("7000100"), "{file}");
        }
        let mut jar = Jar::default();
        login(&app, &mut jar).await;

        // JSON.
        let (status, body, _) = get(&app, &jar, &format!("/tournaments/{id}/federation.json")).await;
        assert_eq!(status, StatusCode::OK);
        let f: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(f["format"], "chelem-federation-results");
        assert_eq!(f["format_version"], 1);
        assert_eq!(f["public"], false);
        let t = &f["tournament"];
        assert_eq!(t["name"], "Open de Lyon");
        assert_eq!(t["date"], "2026-12-05");
        // Where, by which club and whom, as the settings say: the
        // organizer's name, never the account's login.
        assert_eq!(t["place"], "Salle Molière, Lyon");
        assert_eq!(t["club"], "Tarot Club Lyonnais");
        assert_eq!(t["organizer"], "Odile Martin");
        assert_eq!(t["format"], "libres");
        assert_eq!(
            (t["rounds_planned"].as_i64(), t["rounds_played"].as_i64()),
            (Some(3), Some(2))
        );
        assert_eq!(t["deals_per_round"], json!({"3": 3, "4": 4, "5": 5}));
        assert_eq!(t["table5_mode"], "dealer_out");
        assert_eq!(t["timed"], false);
        assert_eq!(t["ranking"], "total");
        assert_eq!(t["tie_breaker"], "none");
        assert_eq!(t["players"], s.lines.len());
        let players = f["players"].as_array().unwrap();
        assert_eq!(players.len(), s.lines.len());
        for (p, l) in players.iter().zip(&s.lines) {
            let (club, licence) = &regs[&l.name];
            assert_eq!(p["rank"], l.rank);
            assert_eq!(p["name"], l.name.as_str());
            assert_eq!(p["club"], club.as_str());
            assert_eq!(p["licence"], json!(licence));
            assert_eq!(p["total"], l.total);
            assert_eq!(p["deals"], l.deals);
            assert_eq!(p["per_deal"].as_f64().unwrap(), l.per_deal.as_f64());
            let pos = &p["positions"];
            assert_eq!(
                (pos["3"].as_u64(), pos["4"].as_u64(), pos["5"].as_u64()),
                (
                    Some(l.positions.at3.into()),
                    Some(l.positions.at4.into()),
                    Some(l.positions.at5.into())
                )
            );
            assert_eq!(p["late_from"], json!(l.late_from.map(|r| r.get())));
            assert_eq!(p["withdrawn_after"], json!(l.withdrawn_after.map(|r| r.get())));
        }

        // CSV: the tournament's fields, an empty row, the players' table.
        let (status, body, _) = get(&app, &jar, &format!("/tournaments/{id}/federation.csv")).await;
        assert_eq!(status, StatusCode::OK);
        let cells = spreadsheet_cells(&body);
        let blank = cells.iter().position(|r| r.iter().all(String::is_empty)).unwrap();
        let fields: HashMap<&str, &str> = cells[..blank].iter().map(|r| (r[0].as_str(), r[1].as_str())).collect();
        assert_eq!(fields["format_version"], "1");
        assert_eq!(fields["public"], "0");
        assert_eq!(fields["name"], "Open de Lyon");
        assert_eq!(fields["organizer"], "Odile Martin");
        assert_eq!(fields["place"], "Salle Molière, Lyon");
        assert_eq!(fields["club"], "Tarot Club Lyonnais");
        assert_eq!(fields["deals_per_round_5"], "5");
        assert_eq!(fields["players"], s.lines.len().to_string());
        let head = &cells[blank + 1];
        assert_eq!(
            head,
            &[
                "rank",
                "name",
                "licence",
                "club",
                "total",
                "deals",
                "per_deal",
                "positions_3",
                "positions_4",
                "positions_5",
                "late_from",
                "withdrawn_after"
            ]
        );
        let rows = &cells[blank + 2..];
        assert_eq!(rows.len(), s.lines.len());
        let opt = |v: Option<RoundNo>| v.map(|r| r.to_string()).unwrap_or_default();
        for (row, l) in rows.iter().zip(&s.lines) {
            let (club, licence) = &regs[&l.name];
            // A club that could start a formula is written as text.
            let club = if club.starts_with('=') {
                format!("'{club}")
            } else {
                club.clone()
            };
            let average = if l.deals == 0 {
                String::new()
            } else {
                comma(l.per_deal.0)
            };
            let want = [
                l.rank.to_string(),
                l.name.clone(),
                licence.clone().unwrap_or_default(),
                club,
                l.total.to_string(),
                l.deals.to_string(),
                average,
                l.positions.at3.to_string(),
                l.positions.at4.to_string(),
                l.positions.at5.to_string(),
                opt(l.late_from),
                opt(l.withdrawn_after),
            ];
            assert_eq!(row, &want);
        }

        // The public variant: anyone, the same without a licence.
        let (status, body, _) = get(&app, &anon, &format!("/tournaments/{id}/results.json")).await;
        assert_eq!(status, StatusCode::OK);
        let p: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(p["public"], true);
        assert!(!body.contains("licence") && !body.contains("7000100"), "{body}");
        let mut private = f.clone();
        private["public"] = json!(true);
        for row in private["players"].as_array_mut().unwrap() {
            row.as_object_mut().unwrap().remove("licence");
        }
        assert_eq!(p, private);
        let (status, body, _) = get(&app, &anon, &format!("/tournaments/{id}/results.csv")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(!body.contains("licence") && !body.contains("7000100"), "{body}");
        let cells = spreadsheet_cells(&body);
        let blank = cells.iter().position(|r| r.iter().all(String::is_empty)).unwrap();
        assert_eq!(cells[blank + 1][..3], ["rank", "name", "club"]);
        assert_eq!(cells.len(), blank + 2 + s.lines.len());

        // The organizer finds the files on the dashboard.
        let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}")).await;
        assert!(page.contains(&format!("/tournaments/{id}/federation.csv")), "{page}");
        assert!(page.contains(&format!("/tournaments/{id}/federation.json")), "{page}");
    }
);
