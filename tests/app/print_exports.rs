//! Table links, QR codes and print views of a round, over the real HTTP app,
//! on both databases.

use crate::common;

use std::sync::Arc;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{header, StatusCode};
use actix_web::test;
use common::builder::TournamentBuilder;
use common::hostile::spreadsheet_cells;
use common::http::{get, login, post};
use common::{create_user, Jar, TestDb};
use diesel::prelude::*;

use chelem::db::schema::{round_tables, rounds};
use chelem::tournament::ids::{RoundNo, TournamentId};
use chelem::web::{AppState, WebConfig};

/// A GET with the jar's cookies and a `Host` header: (status, content type, body).
async fn get_at<S, B>(app: &S, jar: &Jar, host: &str, uri: &str) -> (StatusCode, String, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let req = test::TestRequest::get()
        .uri(uri)
        .insert_header((header::HOST, host))
        .insert_header((header::COOKIE, jar.header()))
        .to_request();
    let resp = test::call_service(app, req).await;
    let status = resp.status();
    let ctype = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|h| h.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    (status, ctype, body)
}

/// A tournament of `players` players (club `Club k`, licence for the even
/// ones), round 1 started; its id.
fn tournament_with_round(state: &AppState, players: usize) -> TournamentId {
    TournamentBuilder::new("Open de Dijon")
        .rounds(2)
        .seed(7)
        .players(players)
        .named(|i| format!("Joueur {i:02}"))
        .club(|i| format!("Club {}", i % 3))
        .licence(|i| {
            if i.is_multiple_of(2) {
                format!("{}", 10_000 + i)
            } else {
                String::new()
            }
        })
        .seated(1)
        .build_in(state)
        .id
}

/// The tokens of round 1's tables, by table number.
fn tokens(db: &TestDb) -> Vec<String> {
    round_tables::table
        .inner_join(rounds::table)
        .filter(rounds::number.eq(1))
        .order(round_tables::number)
        .select(round_tables::token)
        .load(&mut *db.conn())
        .unwrap()
}

/// Reads the QR code an SVG of this app draws: its path's unit squares,
/// scaled up into a grey image, decoded by `rqrr`.
fn decode_qr(svg: &str) -> String {
    let side: usize = svg
        .split("viewBox=\"0 0 ")
        .nth(1)
        .and_then(|v| v.split(' ').next())
        .and_then(|v| v.parse().ok())
        .expect("a view box");
    let d = svg
        .split(" d=\"")
        .nth(1)
        .and_then(|d| d.split('"').next())
        .expect("a path");
    let mut dark = vec![false; side * side];
    for square in d.split('M').filter(|s| !s.is_empty()) {
        // `M{x} {y}h1v1H{x}V{y}`: one dark module at (x, y).
        let mut it = square.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty());
        let x: usize = it.next().unwrap().parse().unwrap();
        let y: usize = it.next().unwrap().parse().unwrap();
        dark[y * side + x] = true;
    }
    const SCALE: usize = 6;
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(side * SCALE, side * SCALE, |x, y| {
        if dark[(y / SCALE) * side + x / SCALE] {
            0
        } else {
            255
        }
    });
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code in the SVG");
    grids[0].decode().expect("a readable QR code").1
}

both_backends!(
    round_page_shows_full_links_qr_codes_and_places,
    |db: TestDb| async move {
        create_user(&db, "arbitre", "tres-secret-42");
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let mut jar = Jar::default();
        login(&app, &mut jar).await;
        let id = tournament_with_round(&db.state(), 9);
        let tokens = tokens(&db);
        assert_eq!(tokens.len(), 2, "9 players: a table of 5 and one of 4");

        // Links are full URLs, from the request's host when none is configured.
        let host = "club.example:8080";
        let (status, _, page) = get_at(&app, &jar, host, &format!("/tournaments/{id}/rounds/1")).await;
        assert_eq!(status, StatusCode::OK);
        for (i, token) in tokens.iter().enumerate() {
            let link = format!("http://{host}/t/{token}");
            assert!(page.contains(&format!("href=\"{link}\">{link}</a>")), "{page}");
            let qr = format!("/tournaments/{id}/rounds/1/tables/{}/qr.svg", i + 1);
            assert!(page.contains(&format!("src=\"{qr}\"")), "{page}");
            // The QR code is the full link.
            let (status, ctype, svg) = get_at(&app, &jar, host, &qr).await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(ctype, "image/svg+xml");
            assert_eq!(decode_qr(&svg), link);
        }
        // Places from 1, never 0; one first dealer per table.
        assert!(!page.contains("start=\"0\""), "{page}");
        assert!(!page.contains("<li value=\"0\""), "{page}");
        assert_eq!(page.matches("<li value=\"1\">").count(), 2);
        assert_eq!(page.matches("<li value=\"5\">").count(), 1);
        assert_eq!(page.matches("donne en premier").count(), 2);
        assert!(page.contains(&format!("href=\"/tournaments/{id}/rounds/1/cards\"")));

        // The table cards: one per table, each with its places, link and QR code.
        let (status, _, cards) = get_at(&app, &jar, host, &format!("/tournaments/{id}/rounds/1/cards")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(cards.matches("<article class=\"card\"").count(), 2);
        assert_eq!(cards.matches("<svg class=\"qr\"").count(), 2);
        for token in &tokens {
            assert!(cards.contains(&format!(">http://{host}/t/{token}</p>")), "{cards}");
        }
        assert!(cards.contains("Place 5") && !cards.contains("Place 0") && !cards.contains("Place 6"));
        assert!(cards.contains("<bdi>Open de Dijon</bdi> · Partie 1"), "{cards}");
        let first = cards.split("<svg class=\"qr\"").nth(1).unwrap();
        let first = format!("<svg {}", &first[..first.find("</svg>").unwrap() + 6]);
        assert_eq!(decode_qr(&first), format!("http://{host}/t/{}", tokens[0]));

        // Organizer only: the QR code and the cards hold the tables' secrets.
        let anon = Jar::default();
        for uri in [
            format!("/tournaments/{id}/rounds/1/tables/1/qr.svg"),
            format!("/tournaments/{id}/rounds/1/cards"),
        ] {
            let (status, _, body) = get_at(&app, &anon, host, &uri).await;
            assert_eq!(status, StatusCode::SEE_OTHER, "{uri}");
            assert!(!body.contains("<svg") && !body.contains(&tokens[0]), "{uri}");
        }
        // A table or round that does not exist.
        let (status, _, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/1/tables/3/qr.svg")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _, _) = get(&app, &jar, &format!("/tournaments/{id}/rounds/2/cards")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
);

both_backends!(a_configured_public_url_makes_the_links, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let state = AppState {
        config: Arc::new(WebConfig {
            public_url: Some(chelem::config::public_url("https://tarot.example.org/").unwrap()),
            ..WebConfig::default()
        }),
        ..db.state()
    };
    let app = test::init_service(chelem::chelem_app!(state)).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let id = tournament_with_round(&db.state(), 4);
    let token = &tokens(&db)[0];
    let link = format!("https://tarot.example.org/t/{token}");
    let (_, _, page) = get_at(&app, &jar, "10.0.0.5:8080", &format!("/tournaments/{id}/rounds/1")).await;
    assert!(page.contains(&format!(">{link}</a>")), "{page}");
    assert!(!page.contains("10.0.0.5"), "{page}");
    let (_, _, svg) = get_at(
        &app,
        &jar,
        "10.0.0.5:8080",
        &format!("/tournaments/{id}/rounds/1/tables/1/qr.svg"),
    )
    .await;
    assert_eq!(decode_qr(&svg), link);
    let (_, _, cards) = get_at(
        &app,
        &jar,
        "10.0.0.5:8080",
        &format!("/tournaments/{id}/rounds/1/cards"),
    )
    .await;
    assert!(cards.contains(&format!(">{link}</p>")), "{cards}");
});

both_backends!(
    a_page_opened_on_the_laptop_links_the_network_address,
    |db: TestDb| async move {
        create_user(&db, "arbitre", "tres-secret-42");
        // What `chelem serve` found: the machine's address on the room's Wi-Fi.
        let network = "http://192.0.2.7:8080";
        let state = AppState {
            config: Arc::new(WebConfig {
                network_url: Some(network.into()),
                ..WebConfig::default()
            }),
            ..db.state()
        };
        let app = test::init_service(chelem::chelem_app!(state)).await;
        let mut jar = Jar::default();
        login(&app, &mut jar).await;
        let id = tournament_with_round(&db.state(), 4);
        let token = &tokens(&db)[0];
        let round = format!("/tournaments/{id}/rounds/1");
        let qr = format!("/tournaments/{id}/rounds/1/tables/1/qr.svg");
        // Opened on the laptop itself, whichever way: the phones' address.
        for host in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080", "0.0.0.0:8080"] {
            let link = format!("{network}/t/{token}");
            let (_, _, page) = get_at(&app, &jar, host, &round).await;
            assert!(page.contains(&format!(">{link}</a>")), "{host}: {page}");
            assert!(!page.contains("links-unreachable"), "{host}: {page}");
            let (_, _, svg) = get_at(&app, &jar, host, &qr).await;
            assert_eq!(decode_qr(&svg), link, "{host}");
            let (_, _, cards) = get_at(&app, &jar, host, &format!("{round}/cards")).await;
            assert!(cards.contains(&format!(">{link}</p>")), "{host}: {cards}");
        }
        // Opened at a name or address the phones resolve too: kept as it is.
        for host in ["laptop-du-club.local:8080", "192.168.1.30:8080"] {
            let (_, _, page) = get_at(&app, &jar, host, &round).await;
            assert!(
                page.contains(&format!(">http://{host}/t/{token}</a>")),
                "{host}: {page}"
            );
        }
    }
);

both_backends!(
    a_players_total_is_punctuated_in_each_language,
    |db: TestDb| async move {
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let id = tournament_with_round(&db.state(), 4);
        let pid: i32 = {
            use chelem::db::schema::players;
            players::table.select(players::id).first(&mut *db.conn()).unwrap()
        };
        let page = format!("/tournaments/{id}/players/{pid}");
        let (_, _, fr) = get_lang(&app, &Jar::default(), "fr", &page).await;
        assert!(fr.contains(r#"<p class="lead">Total : <strong>"#), "{fr}");
        let (_, _, en) = get_lang(&app, &Jar::default(), "en", &page).await;
        assert!(en.contains(r#"<p class="lead">Total: <strong>"#), "{en}");
    }
);

both_backends!(links_to_the_laptop_itself_are_flagged, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    // A server listening on the loopback alone: no network address.
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let id = tournament_with_round(&db.state(), 4);
    let round = format!("/tournaments/{id}/rounds/1");
    let (_, _, page) = get_at(&app, &jar, "127.0.0.1:8080", &round).await;
    assert!(page.contains(r#"class="warning links-unreachable""#), "{page}");
    assert!(
        page.contains("127.0.0.1:8080, que seul cet ordinateur peut joindre"),
        "{page}"
    );
    let (_, _, page) = get_at(&app, &jar, "10.0.0.5:8080", &round).await;
    assert!(!page.contains("links-unreachable"), "{page}");
});

/// A GET with the jar's cookies and an `Accept-Language`: (status, headers, body).
async fn get_lang<S, B>(app: &S, jar: &Jar, lang: &str, uri: &str) -> (StatusCode, header::HeaderMap, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let req = test::TestRequest::get()
        .uri(uri)
        .insert_header((header::ACCEPT_LANGUAGE, lang))
        .insert_header((header::COOKIE, jar.header()))
        .to_request();
    let resp = test::call_service(app, req).await;
    let status = resp.status();
    let headers = resp.headers().clone();
    let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    (status, headers, body)
}

/// Round 1's seats: player ids by table, in seat order.
fn seats(db: &TestDb) -> Vec<Vec<i32>> {
    use chelem::db::schema::seats;
    let rows: Vec<(i32, i32)> = seats::table
        .inner_join(round_tables::table.inner_join(rounds::table))
        .filter(rounds::number.eq(1))
        .order((round_tables::number, seats::seat))
        .select((round_tables::number, seats::player_id))
        .load(&mut *db.conn())
        .unwrap();
    let mut out: Vec<Vec<i32>> = Vec::new();
    for (t, p) in rows {
        if out.len() < t as usize {
            out.push(Vec::new());
        }
        out[t as usize - 1].push(p);
    }
    out
}

both_backends!(csv_exports_parse_back_to_the_standings, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let id = tournament_with_round(&db.state(), 8);
    // Ties broken by the best round: the standings carry that figure.
    let (status, _, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/edit"),
        &[
            ("name", "Open de Dijon"),
            ("rounds", "2"),
            ("table5_mode", "dealer_out"),
            ("seed", "7"),
            ("tie_breaker", "best_round"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let seats = seats(&db);
    assert_eq!(seats.len(), 2);
    // Deal 1 at each table: a garde made with a decimal comma, a garde sans failed.
    for (t, points, contract) in [(1, "49,5", "garde"), (2, "40", "garde_sans")] {
        let taker = seats[t - 1][1].to_string();
        let (status, body, _) = post(
            &app,
            &mut jar,
            &format!("/tournaments/{id}/rounds/1/tables/{t}/deals/1"),
            &[
                ("taker", taker.as_str()),
                ("contract", contract),
                ("oudlers", "2"),
                ("points", points),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    }

    // The public standings CSV, anonymous: place, name, total, rounds, tie-break.
    let anon = Jar::default();
    let (status, headers, body) = get_lang(&app, &anon, "fr", &format!("/tournaments/{id}/standings.csv")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get(header::CONTENT_TYPE).unwrap(), "text/csv; charset=utf-8");
    assert!(headers
        .get(header::CONTENT_DISPOSITION)
        .unwrap()
        .to_str()
        .unwrap()
        .starts_with("attachment"));
    let rows = spreadsheet_cells(&body);
    assert_eq!(
        rows[0],
        [
            "Place",
            "Nom",
            "Total",
            "P1",
            "Meilleure partie",
            "Donnes",
            "Moyenne par donne"
        ]
    );
    let s = {
        let mut conn = db.conn();
        chelem::db::ops::standings::compute(&mut conn, id, None, chelem::db::ops::visible::Audience::Organizer).unwrap()
    };
    assert_eq!(rows.len(), 1 + 8);
    assert!(s.lines.iter().any(|l| l.total != 0));
    for (row, l) in rows[1..].iter().zip(&s.lines) {
        let round = l
            .rounds
            .get(&RoundNo::new(1))
            .map(|v| v.to_string())
            .unwrap_or_default();
        let want = [
            l.rank.to_string(),
            l.name.clone(),
            l.total.to_string(),
            round,
            l.best_round.to_string(),
            l.deals.to_string(),
            if l.deals == 0 {
                String::new()
            } else {
                format!("{}", l.per_deal.as_f64()).replace('.', ",")
            },
        ];
        assert_eq!(row, &want);
    }
    assert!(
        !body.contains("Club ") && !body.contains("10000"),
        "no club nor licence: {body}"
    );

    // Clubs and licences: an organizer's choice only.
    let details = format!("/tournaments/{id}/standings.csv?details=1");
    let (status, headers, body) = get_lang(&app, &anon, "fr", &details).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(headers
        .get(header::LOCATION)
        .unwrap()
        .to_str()
        .unwrap()
        .starts_with("/login"));
    assert!(!body.contains("Club "));
    let (status, _, body) = get_lang(&app, &jar, "fr", &details).await;
    assert_eq!(status, StatusCode::OK);
    let rows = spreadsheet_cells(&body);
    assert_eq!(
        rows[0],
        [
            "Place",
            "Nom",
            "Club",
            "Licence",
            "Total",
            "P1",
            "Meilleure partie",
            "Donnes",
            "Moyenne par donne"
        ]
    );
    for row in &rows[1..] {
        let i: usize = row[1].trim_start_matches("Joueur ").parse().unwrap();
        assert_eq!(row[2], format!("Club {}", i % 3));
        assert_eq!(
            row[3],
            if i.is_multiple_of(2) {
                format!("{}", 10_000 + i)
            } else {
                String::new()
            }
        );
    }
    // In English, English headers.
    let (_, _, body) = get_lang(&app, &anon, "en", &format!("/tournaments/{id}/standings.csv")).await;
    assert_eq!(
        spreadsheet_cells(&body)[0],
        [
            "Place",
            "Name",
            "Total",
            "R1",
            "Best round",
            "Deals",
            "Average per deal"
        ]
    );

    // The deals: one line per deal entered, points with a decimal comma,
    // each place's player and score, the scores summing to zero.
    let (status, _, body) = get_lang(&app, &anon, "fr", &format!("/tournaments/{id}/deals.csv")).await;
    assert_eq!(status, StatusCode::OK);
    let rows = spreadsheet_cells(&body);
    assert_eq!(rows.len(), 3, "{body}");
    let head = &rows[0];
    assert_eq!(
        &head[..16],
        [
            "Partie",
            "Table",
            "Donne",
            "Donneur",
            "Exempt",
            "Preneur",
            "Appelé",
            "Contrat",
            "Bouts",
            "Points",
            "Résultat",
            "Écart",
            "Petit au bout",
            "Poignées",
            "Chelem",
            "Misères"
        ]
    );
    assert_eq!(head[16..18], ["Joueur 1", "Score 1"]);
    assert_eq!(head.len(), 16 + 2 * 5);
    let names: std::collections::HashMap<i32, String> = {
        use chelem::db::schema::players;
        players::table
            .select((players::id, players::name))
            .load(&mut *db.conn())
            .unwrap()
            .into_iter()
            .collect()
    };
    for (row, (t, points, contract, result)) in rows[1..]
        .iter()
        .zip([(1, "49,5", "Garde", "faite"), (2, "40", "Garde sans", "chutée")])
    {
        assert_eq!(row.len(), head.len());
        assert_eq!(row[..3], ["1".to_string(), t.to_string(), "1".to_string()]);
        let table = &seats[t - 1];
        assert_eq!(row[3], names[&table[0]], "the first place deals deal 1");
        assert_eq!(row[5], names[&table[1]]);
        assert_eq!(
            (row[7].as_str(), row[8].as_str(), row[9].as_str()),
            (contract, "2", points)
        );
        assert_eq!(row[10], result);
        let mut sum = 0;
        for (i, p) in table.iter().enumerate() {
            assert_eq!(row[16 + 2 * i], names[p]);
            sum += row[17 + 2 * i].parse::<i64>().unwrap();
        }
        assert_eq!(sum, 0);
        assert!(row[16 + 2 * table.len()..].iter().all(String::is_empty));
    }
    // A tournament that does not exist.
    let (status, _, _) = get_lang(&app, &anon, "fr", "/tournaments/9999/standings.csv").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = get_lang(&app, &anon, "fr", "/tournaments/9999/deals.csv").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The print views: slips (one per player, by name), sheets blank and
    // filled, the standings; organizer only.
    let (status, _, slips) = get_lang(&app, &jar, "fr", &format!("/tournaments/{id}/rounds/1/slips")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(slips.matches("<li class=\"slip\">").count(), 8);
    let order: Vec<usize> = (0..8)
        .map(|i| slips.find(&format!(">Joueur {i:02}<")).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "slips by name");
    let (status, _, blank) = get_lang(&app, &jar, "fr", &format!("/tournaments/{id}/rounds/1/sheets?blank=1")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(blank.matches("<section class=\"sheet-print\"").count(), 2);
    assert!(!blank.contains("49,5") && !blank.contains("faite"), "a blank sheet");
    assert_eq!(blank.matches("Signature").count(), 8);
    let (status, _, filled) = get_lang(&app, &jar, "fr", &format!("/tournaments/{id}/rounds/1/sheets?table=1")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(filled.matches("<section class=\"sheet-print\"").count(), 1);
    assert!(filled.contains(">49,5<") && filled.contains("faite ("), "{filled}");
    let (status, _, _) = get_lang(&app, &jar, "fr", &format!("/tournaments/{id}/rounds/1/sheets?table=3")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, st) = get_lang(&app, &jar, "fr", &format!("/tournaments/{id}/standings/print")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(st.contains("Classement après la partie 1"), "{st}");
    assert_eq!(st.matches("<td class=\"name\">").count(), 8);
    for uri in [
        format!("/tournaments/{id}/rounds/1/slips"),
        format!("/tournaments/{id}/rounds/1/sheets"),
        format!("/tournaments/{id}/standings/print"),
    ] {
        let (status, _, body) = get_lang(&app, &anon, "fr", &uri).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{uri}");
        assert!(!body.contains("Joueur"), "{uri}");
    }
});
