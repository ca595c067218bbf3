//! The handful chosen by the player on the seat page, without JavaScript
//! (issue 45, item 9): the seat's trumps offered as boxes to tick (the
//! excuse only when it may stand for a trump the seat lacks), "Ne pas
//! montrer" beside "Montrer ma poignée"; the trumps ticked are the ones
//! shown; a count no handful has, the excuse with a trump kept back, a
//! card that is no trump or nothing ticked are refused with a sentence
//! naming the cards in words, and nothing changes.

use crate::common;

use chelem::tarot::{Card, Game, Seat};
use common::client::Client;
use common::seats::{choose, post_form};
use common::server::Server;
use common::TestDb;
use serde_json::{json, Value};

/// A handful's sizes at four: simple, double, triple.
const SIZES: [usize; 3] = [10, 13, 15];

fn view(client: &Client, token: &str) -> Value {
    client.call("GET", &format!("/api/seats/{token}"), None, None).body
}

fn trumps_of(hand: &Value) -> Vec<String> {
    hand.as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .filter(|c| c.ends_with('T'))
        .collect()
}

/// A first seed whose deal may give some seat of four at least ten trumps
/// and the excuse (under some dealer: the server says which it deals).
fn seeds() -> impl Iterator<Item = u64> {
    (0..200_000u64).filter(|&seed| {
        (0..4).any(|d| {
            let g = Game::new(4, Seat(d), seed);
            (0..4).any(|s| {
                let h = g.hand(Seat(s));
                h.contains(Card::EXCUSE) && h.and(chelem::tarot::CardSet::TRUMPS).len() >= 10
            })
        })
    })
}

/// A game of four people on a seed where a seat holds ten trumps or more
/// and the excuse, played as simple players do until that seat is first to
/// act in play: the server, the seats' links, that seat's.
fn at_the_handful(db: &TestDb) -> (Server, Client, Vec<String>, String) {
    let org = common::http::api_token(db);
    let server = Server::start_with(db.state(), 2);
    let client = Client::new(&server.url());
    for seed in seeds().take(30) {
        let a = client.call(
            "POST",
            "/api/games",
            Some(&org),
            Some(&json!({"players": 4, "seed": seed})),
        );
        assert_eq!(a.status, 201, "{}", a.body);
        let tokens: Vec<String> = a.body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().unwrap().to_owned())
            .collect();
        let holder = tokens.iter().find(|t| {
            let v = view(&client, t);
            let hand = v["hand"].as_array().unwrap();
            hand.iter().any(|c| c == "EX") && trumps_of(&v["hand"]).len() >= 10
        });
        let Some(holder) = holder.cloned() else { continue };
        for _ in 0..40 {
            let views: Vec<Value> = tokens.iter().map(|t| view(&client, t)).collect();
            let i = views.iter().position(common::seats::my_turn).expect("someone to act");
            if tokens[i] == holder && views[i]["phase"] == "play" {
                assert!(views[i].get("handful_offer").is_some(), "{}", views[i]);
                return (server, client, tokens, holder);
            }
            let path = format!("/api/seats/{}/actions", tokens[i]);
            let a = client.call("POST", &path, None, Some(&choose(&views[i])));
            assert_eq!(a.status, 200, "{}", a.body);
        }
        panic!("the seat never came to play");
    }
    panic!("no seed deals ten trumps and the excuse");
}

fn refused(addr: &str, token: &str, lang: &str, fields: &[(&'static str, String)], said: &str) {
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let a = post_form(addr, token, lang, &fields);
    assert_eq!(a.status, 422, "{fields:?}: {}", a.body);
    let text = a.body.replace("&#x27;", "'").replace("&#39;", "'");
    assert!(text.contains(said), "{fields:?}: {said:?} not in {text}");
}

fn chosen_and_refused(db: TestDb) {
    let (server, client, _, token) = at_the_handful(&db);
    let addr = server.addr.clone();
    let v = view(&client, &token);
    let version = v["version"].to_string();
    let trumps = trumps_of(&v["hand"]);
    // The form: a box for every trump, the excuse only when the seat's
    // trumps and the excuse make a handful; the two buttons.
    let page = client.call("GET", &format!("/s/{token}"), None, None);
    let html = page.body.as_str().unwrap_or_default().to_owned();
    for t in &trumps {
        assert!(
            html.contains(&format!("type=\"checkbox\" name=\"handful\" value=\"{t}\"")),
            "{t}: {html}"
        );
    }
    let excuse_offered = html.contains("name=\"handful\" value=\"EX\"");
    assert_eq!(excuse_offered, SIZES.contains(&(trumps.len() + 1)), "{html}");
    assert!(html.contains("name=\"handful\" value=\"none\""), "{html}");
    assert!(
        html.contains("Ne pas montrer") && html.contains("Montrer ma poignée"),
        "{html}"
    );
    assert!(html.contains("data-pick=\"10"), "{html}");

    let with = |cards: &[&'static str]| -> Vec<(&'static str, String)> {
        let mut f = vec![("version", version.clone()), ("handful_show", "1".to_owned())];
        f.extend(cards.iter().map(|c| ("handful", (*c).to_owned())));
        f
    };
    let t: Vec<&'static str> = trumps.iter().map(|c| &*c.clone().leak()).collect();
    // Nine trumps: no handful at four.
    refused(
        &addr,
        &token,
        "fr",
        &with(&t[..9]),
        "Une poignée montre 10, 13 ou 15 atouts à cette table, pas 9.",
    );
    refused(
        &addr,
        &token,
        "en",
        &with(&t[..9]),
        "a handful shows 10, 13 or 15 trumps at this table, not 9",
    );
    // Nine trumps and the excuse, a trump kept back: the excuse may not stand in.
    let mut nine_and_excuse = t[..9].to_vec();
    nine_and_excuse.push("EX");
    refused(
        &addr,
        &token,
        "fr",
        &with(&nine_and_excuse),
        "L'excuse ne remplace un atout dans une poignée que si l'on n'a pas d'autre atout.",
    );
    // A card that is no trump, named in words.
    let other: &'static str = v["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .find(|c| !c.ends_with('T') && *c != "EX")
        .expect("a card that is no trump")
        .to_owned()
        .leak();
    let mut nine_and_other = t[..9].to_vec();
    nine_and_other.push(other);
    refused(
        &addr,
        &token,
        "fr",
        &with(&nine_and_other),
        "Une poignée ne montre que des atouts, pas ",
    );
    let f = with(&nine_and_other);
    let f: Vec<(&str, &str)> = f.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let a = post_form(&addr, &token, "fr", &f);
    assert!(
        a.body.contains("Une poignée ne montre que des atouts, pas "),
        "{}",
        a.body
    );
    assert!(
        !a.body.contains(&format!("pas {other}")),
        "the card in words: {}",
        a.body
    );
    // "Show" with nothing ticked.
    refused(
        &addr,
        &token,
        "fr",
        &with(&[]),
        "Cochez les atouts à montrer, ou choisissez « Ne pas montrer ».",
    );
    let after = view(&client, &token);
    assert_eq!(after["version"], v["version"], "nothing was stored");
    assert!(after["handfuls"].as_array().unwrap().is_empty(), "{after}");

    // The ten highest trumps ticked: those are shown, not the lowest.
    let chosen: Vec<&str> = t[t.len() - 10..].to_vec();
    let f = with(&chosen);
    let f: Vec<(&str, &str)> = f.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let a = post_form(&addr, &token, "fr", &f);
    assert!(a.status == 200 || a.status == 303, "{} {}", a.status, a.body);
    let after = view(&client, &token);
    let shown = &after["handfuls"].as_array().unwrap()[0];
    assert_eq!(shown["size"], "simple", "{after}");
    let mut got: Vec<&str> = shown["shown"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let mut want = chosen.clone();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want);
    assert!(after.get("handful_offer").is_none(), "shown once: {after}");
}

fn declined(db: TestDb) {
    let (server, client, _, token) = at_the_handful(&db);
    let v = view(&client, &token);
    let version = v["version"].to_string();
    let t = trumps_of(&v["hand"]);
    // A few boxes ticked, then "Ne pas montrer": nothing is shown.
    let a = post_form(
        &server.addr,
        &token,
        "fr",
        &[
            ("version", &version),
            ("handful", &t[0]),
            ("handful", &t[1]),
            ("handful", "none"),
        ],
    );
    assert!(a.status == 200 || a.status == 303, "{} {}", a.status, a.body);
    let after = view(&client, &token);
    assert!(after["handfuls"].as_array().unwrap().is_empty(), "{after}");
    assert!(after.get("handful_offer").is_none(), "declined once for all: {after}");
    assert_eq!(after["to_act"], v["to_act"], "the seat still plays its first card");
    let page = client.call("GET", &format!("/s/{token}"), None, None);
    assert!(!page.body.as_str().unwrap_or_default().contains("handful-offer"));
}

fn sqlite() {
    chosen_and_refused(TestDb::sqlite());
}
fn postgres() {
    chosen_and_refused(TestDb::postgres());
}
fn declined_sqlite() {
    declined(TestDb::sqlite());
}
fn declined_postgres() {
    declined(TestDb::postgres());
}
crate::test_case!(sqlite);
crate::test_case!(postgres, Postgres);
crate::test_case!(declined_sqlite);
crate::test_case!(declined_postgres, Postgres);
