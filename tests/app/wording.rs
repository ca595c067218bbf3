//! What the organizer's pages say (issue 45, items 12 to 14), on the real
//! HTTP server and both databases: a duplicate tournament says so and
//! changes seats by swaps only, never offering its robots; the results say
//! "Classement final" only once the last round is closed; a closed round
//! offers to start the next and its tables' sheets tell the organizer what
//! they may still do (not to ask the organizer); players are listed by
//! surname on every list by name (dashboard, check-in, slips); the CSV
//! import says that it marks players present; a casual game's seats left
//! unnamed are named in the page's language ("Robot 2", not "Bot 2").

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;
use serde_json::{json, Value};

use common::builder::TournamentBuilder;
use common::client::Client;
use common::http::{api_token, get, login, post};
use common::server::Server;
use common::{Jar, TestDb};

/// A page as the organizer reads it (200 expected).
fn page(c: &Client, org: &str, path: &str) -> String {
    let a = c.call("GET", path, Some(org), None);
    assert_eq!(a.status, 200, "{path}: {}", a.body);
    a.body.as_str().unwrap().to_owned()
}

/// A JSON call as the organizer: (status, body).
fn api(c: &Client, org: &str, path: &str, body: Value) -> (u16, Value) {
    let a = c.call("POST", path, Some(org), Some(&body));
    (a.status, a.body)
}

/// The part of `page` from `from` to the next `to`.
fn section<'a>(page: &'a str, from: &str, to: &str) -> &'a str {
    let at = page.find(from).unwrap_or_else(|| panic!("no {from} in {page}"));
    let end = page[at..].find(to).map_or(page.len(), |e| at + e);
    &page[at..end]
}

fn a_duplicate_says_so_and_changes_seats_by_swaps_only(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let (status, body) = api(
        &c,
        &org,
        "/api/tournaments",
        json!({"name": "Duplicate du jeudi", "rounds": 2, "format": "duplicate",
               "deals_per_round": 2, "fill_with_bots": true}),
    );
    assert_eq!(status, 201, "{body}");
    let id = body["id"].as_i64().unwrap();
    for i in 0..9 {
        let (status, body) = api(
            &c,
            &org,
            &format!("/api/tournaments/{id}/players"),
            json!({"name": format!("Joueur {i:02}"), "checked_in": true}),
        );
        assert_eq!(status, 201, "{body}");
    }
    let (status, seated) = api(&c, &org, &format!("/api/tournaments/{id}/rounds"), json!({}));
    assert_eq!(status, 201, "{seated}");

    // The dashboard's subtitle says what kind of tournament this is.
    let home = page(&c, &org, &format!("/tournaments/{id}"));
    let subtitle = section(&home, "<p class=\"muted\">", "</p>");
    assert!(
        subtitle.contains("Duplicate, 2 donnes par partie, les mêmes à toutes les tables"),
        "{subtitle}"
    );
    assert!(subtitle.contains("Points de match"), "{subtitle}");
    assert!(!subtitle.contains("Le donneur ne joue pas"), "{subtitle}");

    // The change of seats offers swaps between people: no "one seat more"
    // at a table of 4, no robot.
    let round = page(&c, &org, &format!("/tournaments/{id}/rounds/1"));
    assert!(round.contains("Robot 1"), "the robots' table is listed: {round}");
    let form = section(&round, "id=\"seats\"", "</section>");
    assert!(!form.contains("une place de plus"), "{form}");
    assert!(!form.contains("value=\"t"), "{form}");
    assert!(!form.contains("Robot"), "{form}");
    assert!(form.contains("⇄"), "swaps are offered: {form}");

    // The server says why a move cannot be.
    let tables = seated["tables"].as_array().unwrap();
    let mover = tables[0]["players"][0].as_i64().unwrap();
    let (status, body) = api(
        &c,
        &org,
        &format!("/api/tournaments/{id}/rounds/1/move"),
        json!({"player": mover, "table": 2}),
    );
    assert_eq!(status, 409, "{body}");
    assert!(body.to_string().contains("duplicate"), "{body}");
}

fn a_closed_round_offers_the_next_and_the_results_wait_for_the_last(db: TestDb) {
    let org = api_token(&db);
    let t = TournamentBuilder::new("Coupe d'automne")
        .rounds(2)
        .players(4)
        .seated(1)
        .build_in(&db.state());
    let id = t.id.get();
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let results = |c: &Client| {
        section(
            &page(c, &org, &format!("/tournaments/{id}/results.html")),
            "<h2>",
            "</h2>",
        )
        .to_owned()
    };
    let round = format!("/tournaments/{id}/rounds/1");

    // Round 1 open: the results are not final, no next round offered.
    assert!(results(&c).contains("Classement après la partie 1"), "{}", results(&c));
    assert!(!page(&c, &org, &round).contains("Lancer la partie 2"));

    // Round 1 closed: its page offers round 2, its table's sheet tells the
    // organizer what they may still do, the table is told to ask them.
    let (status, body) = api(
        &c,
        &org,
        &format!("/api/tournaments/{id}/rounds/1/close"),
        json!({"force": true}),
    );
    assert_eq!(status, 200, "{body}");
    let closed = page(&c, &org, &round);
    let offer = section(&closed, "class=\"panel start-next\"", "</section>");
    assert!(offer.contains("La partie 1 est close"), "{offer}");
    assert!(
        offer.contains(&format!("action=\"/tournaments/{id}/rounds\"")),
        "{offer}"
    );
    assert!(offer.contains("name=\"expected\" value=\"2\""), "{offer}");
    assert!(offer.contains("Lancer la partie 2"), "{offer}");
    let sheet = page(&c, &org, &format!("/tournaments/{id}/rounds/1/tables/1"));
    assert!(
        sheet.contains("En tant qu&#39;arbitre, vous pouvez encore les corriger"),
        "{sheet}"
    );
    assert!(!sheet.contains("Adressez-vous"), "{sheet}");
    assert!(!sheet.contains("class=\"notice\">Cette partie est close"), "{sheet}");
    let tablet = c.call("GET", &format!("/t/{}", t.rounds[0][0].token), None, None);
    assert!(
        tablet.body.as_str().unwrap().contains("Adressez-vous à l&#39;arbitre"),
        "{}",
        tablet.body
    );
    assert!(results(&c).contains("Classement après la partie 1"), "{}", results(&c));

    // Round 2 played and closed: the results are final, nothing to start.
    let (status, body) = api(&c, &org, &format!("/api/tournaments/{id}/rounds"), json!({}));
    assert_eq!(status, 201, "{body}");
    assert!(!page(&c, &org, &round).contains("Lancer la partie"));
    let (status, body) = api(
        &c,
        &org,
        &format!("/api/tournaments/{id}/rounds/2/close"),
        json!({"force": true}),
    );
    assert_eq!(status, 200, "{body}");
    assert!(results(&c).contains("Classement final"), "{}", results(&c));
    assert!(!page(&c, &org, &format!("/tournaments/{id}/rounds/2")).contains("Lancer la partie"));
}

fn players_are_listed_by_surname(db: TestDb) {
    let org = api_token(&db);
    // By first name they would read Albert, Bernard, Marc, Zoé.
    let t = TournamentBuilder::new("Coupe des noms")
        .names(["Zoé Arnaud", "Albert Zola", "Marc Dupont", "Bernard Morel"])
        .seated(1)
        .build_in(&db.state());
    let id = t.id.get();
    // A fifth, registered and not present: the check-in list has one.
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    for (name, present) in [("Yves Abel", false), ("Anne Abel", false)] {
        let (status, body) = api(
            &c,
            &org,
            &format!("/api/tournaments/{id}/players"),
            json!({"name": name, "checked_in": present}),
        );
        assert_eq!(status, 201, "{body}");
    }
    let in_order = |page: &str, names: &[&str]| {
        let at: Vec<usize> = names
            .iter()
            .map(|n| page.find(n).unwrap_or_else(|| panic!("no {n} in {page}")))
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{names:?} at {at:?}");
    };
    let seated = ["Zoé Arnaud", "Marc Dupont", "Bernard Morel", "Albert Zola"];
    let everyone = [
        "Anne Abel",
        "Yves Abel",
        "Zoé Arnaud",
        "Marc Dupont",
        "Bernard Morel",
        "Albert Zola",
    ];
    let home = page(&c, &org, &format!("/tournaments/{id}"));
    in_order(section(&home, "id=\"players\"", "</section>"), &everyone);
    in_order(
        &page(&c, &org, &format!("/tournaments/{id}/checkin-all")),
        &["Anne Abel", "Yves Abel"],
    );
    in_order(&page(&c, &org, &format!("/tournaments/{id}/rounds/1/slips")), &seated);
    // The import says that it marks players present, beside its box.
    assert!(home.contains("aria-describedby=\"import-present-note\""), "{home}");
    assert!(
        home.contains("Coché d&#39;office : chaque joueur importé est pointé présent"),
        "{home}"
    );
}

async fn unnamed_casual_seats_are_named_in_the_page_language(db: TestDb) {
    let _ = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let fields = [
        ("players", "4"),
        ("deals", "1"),
        ("pace", "instant"),
        ("name0", "Odile"),
        ("who0", "human"),
        ("who1", "quick"),
        ("who2", "human"),
        ("who3", "strong"),
    ];
    let (status, body, to) = post(&app, &mut jar, "/games", &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    let (status, game, _) = get(&app, &jar, &to.unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(game.contains("Robot 2") && game.contains("Robot 4"), "{game}");
    assert!(game.contains("Place 3"), "{game}");
    assert!(!game.contains("Bot 2") && !game.contains("Bot 4"), "{game}");
}

on_both!(a_duplicate_says_so_and_changes_seats_by_swaps_only);
on_both!(a_closed_round_offers_the_next_and_the_results_wait_for_the_last);
on_both!(players_are_listed_by_surname);
both_backends!(
    unnamed_casual_seats_are_named_in_the_page_language,
    unnamed_casual_seats_are_named_in_the_page_language
);
