//! The statistics, charts, results, audit and home pages over the real app,
//! on both databases, from the tournament of `common::fixture`.

use crate::common;

use actix_web::http::{header, StatusCode};
use actix_web::test;
use common::fixture::{stats_tournament, NAMES};
use common::http::{get, login};
use common::{create_user, Jar, TestDb};

use chelem::db::models::{Round, RoundTable};
use chelem::tournament::ids::RoundNo;
use chelem::tournament::table::dealer_seat;

/// (status, headers, body) of an anonymous or logged-in GET.
async fn fetch<S, B>(app: &S, jar: &Jar, uri: &str) -> (StatusCode, header::HeaderMap, String)
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: actix_web::body::MessageBody,
{
    let req = test::TestRequest::get()
        .uri(uri)
        .insert_header((header::COOKIE, jar.header()))
        .to_request();
    let resp = test::call_service(app, req).await;
    let status = resp.status();
    let headers = resp.headers().clone();
    let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    (status, headers, body)
}

both_backends!(statistics_and_charts_pages, |db: TestDb| async move {
    create_user(&db, "arbitre", "tres-secret-42");
    let (id, ids) = stats_tournament(&mut db.conn());
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let anon = Jar::default();

    // The tournament's statistics page: three charts and the figures.
    let (status, body, _) = get(&app, &anon, &format!("/tournaments/{id}/stats")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body.matches("<polyline").count(), 13, "one line per player");
    assert_eq!(body.matches("<polyline data-player=").count(), 13);
    assert_eq!(body.matches("class=\"highlight\"").count(), 10, "the top 10 stand out");
    assert_eq!(body.matches("class=\"label\"").count(), 10);
    for label in [
        "Course au classement",
        ">Partie<",
        ">Score cumulé<",
        "Contrats pris et réussis",
        "Répartition des scores par donne",
    ] {
        assert!(body.contains(label), "{label} missing");
    }
    assert!(body.contains("21 sur 30 (70\u{a0}%)"), "{body}");
    assert!(body.contains("<dt>Donnes où tous ont passé</dt><dd>9</dd>"), "{body}");
    assert!(body.contains("<dt>Donnes saisies</dt><dd>39</dd>"), "{body}");
    // Rounds 0 to 3 on the race's axis.
    assert!(body.contains(">3</text>"));
    assert!(!body.contains("<script"));

    // Each chart alone, as SVG.
    let (status, headers, svg) = fetch(&app, &anon, &format!("/tournaments/{id}/charts/race.svg")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers
        .get(header::CONTENT_TYPE)
        .unwrap()
        .to_str()
        .unwrap()
        .starts_with("image/svg+xml"));
    assert_eq!(svg.matches("<polyline").count(), 13);
    let (_, _, svg) = fetch(&app, &anon, &format!("/tournaments/{id}/charts/contracts.svg")).await;
    assert_eq!(svg.matches("class=\"made\"").count(), 4);
    assert!(
        svg.contains("0 sur 9 (0\u{a0}%)") && svg.contains(">Garde sans<"),
        "{svg}"
    );
    // Tables of 4 and of 5 (13 players: two of 4, one of 5), one row each.
    assert!(body.contains("Tables de 4 et tables de 5"), "{body}");
    let (_, _, svg) = fetch(&app, &anon, &format!("/tournaments/{id}/charts/sizes.svg")).await;
    assert!(
        svg.contains("class=\"chart sizes\"") && svg.contains("<title id=\"sizes-title\">"),
        "{svg}"
    );
    assert_eq!(svg.matches("class=\"made\"").count(), 2, "{svg}");
    for n in ["4", "5"] {
        assert!(svg.contains(&format!(">Tables de {n}<")), "{n}: {svg}");
    }
    let (status, _, _) = fetch(&app, &anon, &format!("/tournaments/{id}/charts/pie.svg")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The self-contained results page: inline CSS by hash, no script, no
    // outside resource, no licence or club without the organizer.
    let (status, headers, page) = fetch(&app, &anon, &format!("/tournaments/{id}/results.html")).await;
    assert_eq!(status, StatusCode::OK);
    let csp = headers.get(header::CONTENT_SECURITY_POLICY).unwrap().to_str().unwrap();
    assert!(
        csp.contains("style-src 'sha256-") && csp.starts_with("default-src 'none'"),
        "{csp}"
    );
    assert!(headers.get(header::CONTENT_DISPOSITION).is_none());
    assert!(page.contains("<style>") && page.contains("<svg"));
    for absent in ["<script", "src=", "href=\"/", "rel=\"stylesheet", "7000100", "Club 1"] {
        assert!(!page.contains(absent), "{absent} in the results page");
    }
    assert_eq!(page.matches("<polyline").count(), 13);
    // The rounds' columns, on a screen wider than a phone (results.css).
    assert!(page.contains("<th class=\"num wide-only\">P3</th>"), "rounds' columns");
    // The total beside the name (a phone shows it without scrolling).
    assert!(page.contains("<th>Nom</th><th class=\"num\">Total</th>"), "{page}");
    // The CSP's hash is the inline stylesheet's.
    use base64::Engine;
    use sha2::Digest;
    let css = page.split("<style>").nth(1).unwrap().split("</style>").next().unwrap();
    let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(css.as_bytes()));
    assert!(csp.contains(&hash));
    let (_, headers, _) = fetch(&app, &anon, &format!("/tournaments/{id}/results.html?download=1")).await;
    let disposition = headers.get(header::CONTENT_DISPOSITION).unwrap().to_str().unwrap();
    assert!(
        disposition.starts_with("attachment; filename=\"resultats-"),
        "{disposition}"
    );
    // Details are the organizer's: a visitor is sent to log in.
    let (status, _, _) = fetch(&app, &anon, &format!("/tournaments/{id}/results.html?details=1")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let (status, _, page) = fetch(&app, &jar, &format!("/tournaments/{id}/results.html?details=1")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("7000100") && page.contains("Club 1"));

    // A player of the table of 5 in round 1 sat out the deal they dealt.
    let (pid, dealt) = {
        let mut conn = db.conn();
        let round = Round::find(&mut conn, id, RoundNo::new(1)).unwrap().unwrap();
        let five = RoundTable::for_round(&mut conn, round.id)
            .unwrap()
            .into_iter()
            .find(|t| t.deal_count == 5)
            .unwrap();
        let players = RoundTable::players(&mut conn, five.id).unwrap();
        (players[dealer_seat(5, 2)], 2)
    };
    let (status, body, _) = get(&app, &anon, &format!("/tournaments/{id}/players/{pid}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        body.contains(&format!(
            "Donne {dealt}</td><td class=\"num\">ne joue pas (donneur)</td>"
        )),
        "{body}"
    );
    assert!(
        body.contains("<dt>Donnes passées comme donneur (table de 5)</dt>"),
        "{body}"
    );
    assert_eq!(body.matches("<polyline").count(), 13);
    let high: Vec<&str> = body
        .match_indices("class=\"highlight\"")
        .map(|(i, _)| &body[i.saturating_sub(40)..i])
        .collect();
    assert_eq!(high.len(), 1, "only the player's own line stands out");
    assert!(high[0].contains(&format!("data-player=\"{pid}\"")), "{high:?}");

    // The audit log in sentences, names and local time.
    let (status, body, _) = get(&app, &jar, &format!("/tournaments/{id}/audit")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("arbitre a corrigé la donne 2 de la table"), "{body}");
    assert!(
        body.contains("Après\u{a0}: Garde d&#39;\u{2068}Odile\u{2069}, 2 bouts, 60 points"),
        "{body}"
    );
    assert!(body.contains("arbitre a lancé la partie 3."), "{body}");
    assert!(body.contains("arbitre a clôturé la partie 2."), "{body}");
    assert!(body.contains(&format!("{}, ", NAMES[0])) || body.contains(NAMES[0]));
    assert!(body.contains(" CET") || body.contains(" CEST"), "Paris time");
    assert!(!body.contains(" UTC"));
    assert!(body.contains("erreur de preneur"));
    // Pages of players and tournament in English.
    let _ = ids;

    // Home: the running tournament, with its standings and statistics.
    let (status, body, _) = get(&app, &anon, "/").await;
    assert_eq!(status, StatusCode::OK);
    let running = body.split("class=\"panel running\"").nth(1).expect("a running section");
    assert!(running.contains(&format!("/tournaments/{id}/standings")), "{body}");
    assert!(running.contains(&format!("/tournaments/{id}/stats")));
});
