//! Team events on the organizer's pages and out of the screen (issue 48,
//! item 2), on both databases: teams registered on their page (each
//! refusal said, the form kept as typed, nothing written) and removed;
//! teams from the player file's team column (a team of the wrong size
//! refused with its lines, its players registered); the round page saying
//! when the seating could not keep team-mates apart; the team standings in
//! the spreadsheet, the sheet to print, on the projector and in the
//! federation file.

use crate::common;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use serde_json::{json, Value};

use common::http::{api_token, call, get, login, post, upload};
use common::{Jar, TestDb};

/// The team standings as the API gives them: (name, total, players).
async fn team_rows<S, B>(app: &S, id: i64) -> Vec<(String, i64, Vec<i64>)>
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let (status, v) = call(
        app,
        Method::GET,
        &format!("/api/tournaments/{id}/teams/standings"),
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let players = r["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_i64().unwrap())
                .collect();
            (
                r["name"].as_str().unwrap().to_owned(),
                r["total"].as_i64().unwrap(),
                players,
            )
        })
        .collect()
}

both_backends!(teams_on_the_organizer_pages, |db: TestDb| async move {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let tok = Some(token.as_str());
    let made = json!({"name": "Duo du dimanche", "rounds": 2, "teams": 2});
    let (_, v) = call(&app, Method::POST, "/api/tournaments", tok, Some(made)).await;
    let id = v["id"].as_i64().unwrap();
    let mut players = Vec::new();
    for name in ["Anne Aubert", "Bruno Blanc", "Chloé Caron", "Denis Dumas"] {
        let p = json!({"name": name, "club": "Club"});
        let (_, v) = call(
            &app,
            Method::POST,
            &format!("/api/tournaments/{id}/players"),
            tok,
            Some(p),
        )
        .await;
        players.push(v["id"].as_i64().unwrap());
    }
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let edit = format!("/tournaments/{id}/teams/edit");
    let (status, page, _) = get(&app, &jar, &edit).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(
        page.contains("name=\"p1\"") && page.contains("name=\"p2\"") && !page.contains("name=\"p3\""),
        "{page}"
    );
    assert!(
        page.contains(&format!("Anne Aubert\u{2069} #{}", players[0])),
        "the list offers the players: {page}"
    );
    // The dashboard and the menu lead there.
    let (_, dash, _) = get(&app, &jar, &format!("/tournaments/{id}")).await;
    assert!(dash.contains(&format!("href=\"{edit}\"")), "{dash}");

    // A team picked from the list, another typed by name.
    let a = format!("Anne Aubert #{}", players[0]);
    let (status, _, to) = post(
        &app,
        &mut jar,
        &edit,
        &[("name", "Les As"), ("p1", &a), ("p2", "bruno blanc")],
    )
    .await;
    assert_eq!((status, to.as_deref()), (StatusCode::SEE_OTHER, Some(edit.as_str())));
    let rows = team_rows(&app, id).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].2, vec![players[0], players[1]]);

    // Refusals: the sentence, the status, the form as typed, nothing written.
    let c = format!("#{}", players[2]);
    type Fields<'a> = &'a [(&'a str, &'a str)];
    let refusals: [(Fields, StatusCode, &str); 4] = [
        (
            &[("name", "Les Rois"), ("p1", &c), ("p2", "Zoé Inconnue")],
            StatusCode::UNPROCESSABLE_ENTITY,
            "inscrit au tournoi",
        ),
        (
            &[("name", "Les Rois"), ("p1", &c), ("p2", &a)],
            StatusCode::CONFLICT,
            "Anne Aubert",
        ),
        (
            &[("name", "Les As"), ("p1", &c), ("p2", "Denis Dumas")],
            StatusCode::CONFLICT,
            "s’appelle déjà",
        ),
        (
            &[("name", "Les Rois"), ("p1", &c), ("p2", "")],
            StatusCode::UNPROCESSABLE_ENTITY,
            "compte 2 joueurs, pas 1",
        ),
    ];
    for (fields, want, words) in refusals {
        let (status, page, _) = post(&app, &mut jar, &edit, fields).await;
        assert_eq!(status, want, "{fields:?}: {page}");
        assert!(page.contains(words), "{words}: {page}");
        assert!(page.contains("role=\"alert\""), "{page}");
        let typed = fields[0].1;
        assert!(page.contains(&format!("value=\"{typed}\"")), "the name kept: {page}");
        assert!(page.contains(&format!("value=\"{c}\"")), "the player kept: {page}");
    }
    assert_eq!(team_rows(&app, id).await.len(), 1, "nothing written by a refusal");

    // The second team; both listed; one removed.
    let d = format!("Denis Dumas #{}", players[3]);
    let (status, _, _) = post(&app, &mut jar, &edit, &[("name", "Les Rois"), ("p1", &c), ("p2", &d)]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let rows = team_rows(&app, id).await;
    assert_eq!(rows.len(), 2);
    let (_, page, _) = get(&app, &jar, &edit).await;
    assert!(
        page.contains("Les Rois") && page.contains("Tous les joueurs inscrits sont dans une équipe"),
        "{page}"
    );
    let (_, v) = call(
        &app,
        Method::GET,
        &format!("/api/tournaments/{id}/teams/standings"),
        None,
        None,
    )
    .await;
    let rois = v.as_array().unwrap().iter().find(|r| r["name"] == "Les Rois").unwrap()["team"].clone();
    let (status, _, _) = post(&app, &mut jar, &format!("/tournaments/{id}/teams/{rois}/delete"), &[]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(team_rows(&app, id).await.len(), 1);
    let (status, _, _) = post(&app, &mut jar, &format!("/tournaments/{id}/teams/{rois}/delete"), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a team removed twice");
    // Not for anonymous visitors.
    let (status, _, to) = get(&app, &Jar::default(), &edit).await;
    assert!(
        status == StatusCode::SEE_OTHER && to.unwrap().contains("/login"),
        "{status}"
    );
});

both_backends!(teams_from_the_player_file, |db: TestDb| async move {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let tok = Some(token.as_str());
    let made = json!({"name": "Quadrettes", "rounds": 2, "teams": 4});
    let (_, v) = call(&app, Method::POST, "/api/tournaments", tok, Some(made)).await;
    let id = v["id"].as_i64().unwrap();
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    // Two quadrettes; a third has three lines, a fourth a refused line.
    let mut file = String::from("Nom;Club;Équipe\n");
    for i in 0..8 {
        file.push_str(&format!(
            "Joueur {i};Club;{}\n",
            if i < 4 { "Les Piques" } else { " les  cœurs " }
        ));
    }
    for i in 0..3 {
        file.push_str(&format!("Trio {i};Club;Les Trois\n"));
    }
    for i in 0..4 {
        // Line 15 has a cell too many: refused, its team short of a player.
        let extra = if i == 2 { ";de trop" } else { "" };
        file.push_str(&format!("Carreau {i};Club;Les Carreaux{extra}\n"));
    }
    file.push_str("Seul;Club;\n");
    let (status, page) = upload(&app, &jar, id, file.as_bytes(), "fr").await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("2 équipes inscrites"), "{page}");
    assert!(page.contains("2 équipes refusées"), "{page}");
    assert!(
        page.contains("lignes 10, 11, 12") && page.contains("compte 4 joueurs, pas 3"),
        "{page}"
    );
    assert!(page.contains("Les Carreaux"), "{page}");
    let rows = team_rows(&app, id).await;
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names.contains(&"Les Piques") && names.contains(&"les cœurs"),
        "{names:?}"
    );
    assert!(rows.iter().all(|r| r.2.len() == 4));
    let (_, v) = call(
        &app,
        Method::GET,
        &format!("/api/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    assert_eq!(
        v.as_array().unwrap().len(),
        8 + 3 + 3 + 1,
        "the players stay registered: {v}"
    );

    // In a tournament without teams the column is said to be ignored.
    let (_, v) = call(
        &app,
        Method::POST,
        "/api/tournaments",
        tok,
        Some(json!({"name": "Solo", "rounds": 1})),
    )
    .await;
    let solo = v["id"].as_i64().unwrap();
    let (status, page) = upload(&app, &jar, solo, "Nom;Équipe\nA;X\nB;X\n".as_bytes(), "fr").await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("ne se joue pas par équipes"), "{page}");
    let (_, v) = call(
        &app,
        Method::GET,
        &format!("/api/tournaments/{solo}/standings"),
        None,
        None,
    )
    .await;
    assert_eq!(v.as_array().unwrap().len(), 2, "{v}");
});

both_backends!(team_standings_everywhere_they_go, |db: TestDb| async move {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let tok = Some(token.as_str());
    // Quadrettes at 8 players: two tables, each team's four cannot all sit
    // apart; the round page says so.
    let made = json!({"name": "Quadrettes du soir", "rounds": 1, "teams": 4});
    let (_, v) = call(&app, Method::POST, "/api/tournaments", tok, Some(made)).await;
    let id = v["id"].as_i64().unwrap();
    let api = |p: &str| format!("/api/tournaments/{id}{p}");
    let mut players = Vec::new();
    for i in 0..8 {
        let p = json!({"name": format!("Équipier {i}"), "club": "Club"});
        let (_, v) = call(&app, Method::POST, &api("/players"), tok, Some(p)).await;
        players.push(v["id"].as_i64().unwrap());
    }
    for (k, name) in ["Les Piques", "Les Cœurs"].iter().enumerate() {
        let body = json!({"name": name, "players": &players[4 * k..4 * k + 4]});
        let (status, v) = call(&app, Method::POST, &api("/teams"), tok, Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
    }
    let (status, round) = call(&app, Method::POST, &api("/rounds"), tok, None).await;
    assert_eq!(status, StatusCode::CREATED, "{round}");
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let (_, page, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/1")).await;
    assert!(page.contains("class=\"error mates-together\""), "{page}");
    assert!(page.contains("n’a pas pu les séparer"), "{page}");
    for t in round["tables"].as_array().unwrap() {
        let tp: Vec<Value> = t["players"].as_array().unwrap().clone();
        for d in 1..=4 {
            let deal = json!({"taker": tp[d % tp.len()], "contract": "garde", "oudlers": 2, "points": 30 + 7 * d});
            let path = format!("/api/tables/{}/deals/{d}", t["token"].as_str().unwrap());
            let (status, v) = call(&app, Method::PUT, &path, None, Some(deal)).await;
            assert_eq!(status, StatusCode::OK, "{v}");
        }
    }
    let rows = team_rows(&app, id).await;
    let (first, second) = (&rows[0], &rows[1]);

    // The spreadsheet: a line a team, its total and each member's figure.
    let (status, csv, _) = get(&app, &Jar::default(), &format!("/tournaments/{id}/teams.csv")).await;
    assert_eq!(status, StatusCode::OK, "{csv}");
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').lines().collect();
    assert!(
        lines[0].starts_with("Place;Nom de l’équipe;Total de l’équipe;Joueur 1;Points 1"),
        "{csv}"
    );
    assert!(lines[1].starts_with(&format!("1;{};{};", first.0, first.1)), "{csv}");
    assert!(lines[2].contains(&format!(";{};{};", second.0, second.1)), "{csv}");
    assert_eq!(lines[1].split(';').count(), 3 + 2 * 4, "{csv}");
    // The sheet to print (the organizer's) and the projector's slide.
    let (status, print, _) = get(&app, &jar, &format!("/tournaments/{id}/teams/print")).await;
    assert_eq!(status, StatusCode::OK, "{print}");
    assert!(
        print.contains(&format!("<td class=\"num total\">{}</td>", first.1)),
        "{print}"
    );
    let (status, _, _) = get(&app, &Jar::default(), &format!("/tournaments/{id}/teams/print")).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "the print is the organizer's");
    let (_, screen, _) = get(&app, &Jar::default(), &format!("/tournaments/{id}/projector")).await;
    assert!(
        screen.contains("projector-teams") && screen.contains("Les Cœurs"),
        "{screen}"
    );
    // The federation file: each player's team, the teams' table.
    let (_, fed, _) = get(&app, &jar, &format!("/tournaments/{id}/federation.json")).await;
    let fed: Value = serde_json::from_str(&fed).unwrap();
    assert_eq!(fed["teams"][0]["name"], first.0.as_str(), "{fed}");
    assert_eq!(fed["teams"][0]["total"], first.1, "{fed}");
    assert!(
        fed["players"].as_array().unwrap().iter().all(|p| p["team"].is_string()),
        "{fed}"
    );
    let (_, fcsv, _) = get(&app, &jar, &format!("/tournaments/{id}/results.csv")).await;
    assert!(fcsv.contains("withdrawn_after;team"), "{fcsv}");
    assert!(fcsv.contains(&format!("1;{};{};", first.0, first.1)), "{fcsv}");
    // The prize list ranks the teams: 8 × 10 € all to the first place,
    // shared by its members (and those of a team tied with it).
    let rule = [
        ("preset", "top8"),
        ("fee", "10"),
        ("paying", ""),
        ("pot", ""),
        ("share", "100"),
        ("places", "1"),
        ("split", "100"),
        ("kind", "percents"),
        ("rounding", "cent"),
        ("fixed", ""),
        ("bonus", ""),
    ];
    let (status, page, _) = post(&app, &mut jar, &format!("/tournaments/{id}/prizes/settings"), &rule).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    let winners: Vec<i64> = rows
        .iter()
        .filter(|r| r.1 == first.1)
        .flat_map(|r| r.2.clone())
        .collect();
    let each = 8000 / winners.len() as i64;
    let (status, prizes, _) = get(&app, &jar, &format!("/tournaments/{id}/prizes.csv")).await;
    assert_eq!(status, StatusCode::OK, "{prizes}");
    let paid: Vec<Vec<&str>> = prizes.lines().skip(1).map(|l| l.split(';').collect()).collect();
    assert_eq!(paid.len(), winners.len(), "each member of the first team: {prizes}");
    for line in &paid {
        let cents = (line[6].replace(',', ".").parse::<f64>().unwrap() * 100.0).round() as i64;
        assert_eq!((line[0], cents), ("1", each), "{prizes}");
    }
    // An individual tournament's file has no team anywhere.
    let (_, v) = call(
        &app,
        Method::POST,
        "/api/tournaments",
        tok,
        Some(json!({"name": "Solo", "rounds": 1})),
    )
    .await;
    let (_, solo, _) = get(&app, &jar, &format!("/tournaments/{}/federation.json", v["id"])).await;
    assert!(!solo.contains("\"team"), "{solo}");
});

both_backends!(duplicate_pairs_add_their_percentages, |db: TestDb| async move {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let tok = Some(token.as_str());
    let made = json!({"name": "Duo duplicate", "rounds": 1, "format": "duplicate", "deals_per_round": 2, "teams": 2});
    let (status, v) = call(&app, Method::POST, "/api/tournaments", tok, Some(made)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let id = v["id"].as_i64().unwrap();
    let api = |p: &str| format!("/api/tournaments/{id}{p}");
    let mut players = Vec::new();
    for i in 0..8 {
        let p = json!({"name": format!("Donneur {i}"), "club": "Club"});
        let (_, v) = call(&app, Method::POST, &api("/players"), tok, Some(p)).await;
        players.push(v["id"].as_i64().unwrap());
    }
    for k in 0..4 {
        let body = json!({"name": format!("Paire {k}"), "players": &players[2 * k..2 * k + 2]});
        let (status, v) = call(&app, Method::POST, &api("/teams"), tok, Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
    }
    let (status, round) = call(&app, Method::POST, &api("/rounds"), tok, None).await;
    assert_eq!(status, StatusCode::CREATED, "{round}");
    for (i, t) in round["tables"].as_array().unwrap().iter().enumerate() {
        let tp = t["players"].as_array().unwrap();
        for k in 1..=2 {
            let deal = json!({"taker": tp[k - 1], "contract": "garde", "oudlers": 2, "points": 40 + 9 * i + k});
            let path = format!("/api/tables/{}/deals/{k}", t["token"].as_str().unwrap());
            let (status, v) = call(&app, Method::PUT, &path, None, Some(deal)).await;
            assert_eq!(status, StatusCode::OK, "{v}");
        }
    }
    // Each pair's figure: its members' percentages added.
    let (_, standings) = call(&app, Method::GET, &api("/standings"), None, None).await;
    let percent = |p: i64| {
        let row = standings.as_array().unwrap().iter().find(|r| r["player"] == p).unwrap();
        row["percent"].as_f64().unwrap()
    };
    let (_, v) = call(&app, Method::GET, &api("/teams/standings"), None, None).await;
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 4, "{v}");
    let mut sum = 0.0;
    for r in rows {
        let want: f64 = r["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| percent(p.as_i64().unwrap()))
            .sum();
        let got = r["total"].as_f64().unwrap();
        assert!((got - want).abs() < 0.011, "{r}: {want}");
        sum += got;
    }
    // Matchpoints share 50 % a seat: four pairs of two add up to 400.
    assert!((sum - 400.0).abs() < 0.05, "{v}");
    // The page and the spreadsheet write them with a decimal comma.
    let (_, page, _) = get(&app, &Jar::default(), &format!("/tournaments/{id}/teams")).await;
    let first = format!("{:.2}", rows[0]["total"].as_f64().unwrap()).replace('.', ",");
    assert!(
        page.contains(&format!("<td class=\"num total\">{first}</td>")),
        "{first}: {page}"
    );
    let (_, csv, _) = get(&app, &Jar::default(), &format!("/tournaments/{id}/teams.csv")).await;
    let name = rows[0]["name"].as_str().unwrap();
    let line = csv
        .lines()
        .find(|l| l.contains(&format!(";{name};")))
        .expect("the team's line");
    let cell = line.split(';').nth(2).unwrap().replace(',', ".");
    assert_eq!(
        cell.parse::<f64>().unwrap(),
        rows[0]["total"].as_f64().unwrap(),
        "{csv}"
    );
});
