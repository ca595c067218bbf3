//! The call at six players on the seat page (RULES.md, "Six players"): the
//! form offers one king and one queen, never two kings; a pair that is not
//! a king and a queen, sent anyway, is refused by the server with a
//! sentence naming the cards in words, in French and in English.

use crate::common;

use common::client::Client;
use common::seats::post_form as post;
use common::server::Server;
use common::TestDb;
use serde_json::{json, Value};

/// A six-player game of people, bid until the taker is to call: the
/// server, the seats' links and the taker's.
fn at_the_call(db: &TestDb) -> (Server, Vec<String>, String) {
    let org = common::http::api_token(db);
    let server = Server::start_with(db.state(), 2);
    let client = Client::new(&server.url());
    let a = client.call(
        "POST",
        "/api/games",
        Some(&org),
        Some(&json!({"players": 6, "seed": 7})),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let tokens: Vec<String> = a.body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_owned())
        .collect();
    for _ in 0..6 {
        let v = view(&client, &tokens[0]);
        if v["phase"] == "calling" {
            break;
        }
        let seat = v["to_act"].as_u64().unwrap() as usize;
        let bid = if v["bids"].as_array().unwrap().is_empty() {
            "garde"
        } else {
            "pass"
        };
        let path = format!("/api/seats/{}/actions", tokens[seat]);
        let a = client.call("POST", &path, None, Some(&json!({"bid": bid})));
        assert_eq!(a.status, 200, "{}", a.body);
    }
    let v = view(&client, &tokens[0]);
    assert_eq!(v["phase"], "calling", "{v}");
    let taker = tokens[v["to_act"].as_u64().unwrap() as usize].clone();
    (server, tokens, taker)
}

fn view(client: &Client, token: &str) -> Value {
    client.call("GET", &format!("/api/seats/{token}"), None, None).body
}

/// A card code (`KS`, `10H`, `21T`) in a sentence.
fn has_code(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
        let b = w.as_bytes();
        (2..=3).contains(&b.len())
            && b"SHDCT".contains(&b[b.len() - 1])
            && b[..b.len() - 1]
                .iter()
                .all(|c| c.is_ascii_digit() || b"JNQK".contains(c))
    })
}

fn six_player_call(db: TestDb) {
    let (server, _, taker) = at_the_call(&db);
    let addr = server.addr.clone();
    let client = Client::new(&server.url());
    // The form: a king picked among the kings, a queen among the queens.
    let page = client.call("GET", &format!("/s/{taker}"), None, None);
    let html = page.body.as_str().unwrap_or_default().to_owned();
    assert!(html.contains("type=\"radio\" name=\"call\" value=\"K"), "{html}");
    assert!(html.contains("type=\"radio\" name=\"call2\" value=\"Q"), "{html}");
    assert!(!html.contains("name=\"call\" value=\"Q"), "no queen among the kings");
    assert!(
        !html.contains("type=\"checkbox\" name=\"call\""),
        "no free pick of two cards"
    );
    let version = view(&client, &taker)["version"].to_string();
    // Two kings sent anyway: refused, the cards named in words.
    let a = post(
        &addr,
        &taker,
        "fr",
        &[("version", &version), ("call", "KS"), ("call2", "KH")],
    );
    assert_eq!(a.status, 422, "{}", a.body);
    assert!(a.body.contains("pas le roi de pique et le roi de cœur."), "{}", a.body);
    let a = post(
        &addr,
        &taker,
        "en",
        &[("version", &version), ("call", "KS"), ("call", "KH")],
    );
    assert_eq!(a.status, 422, "{}", a.body);
    assert!(
        a.body.contains("not the king of spades and the king of hearts"),
        "{}",
        a.body
    );
    // The API says it in English too.
    let path = format!("/api/seats/{taker}/actions");
    let a = client.call("POST", &path, None, Some(&json!({"call": ["KS", "KH"]})));
    assert_eq!(a.status, 422, "{}", a.body);
    let said = a.body["error"].as_str().unwrap();
    assert!(said.contains("the king of spades and the king of hearts"), "{said}");
    assert!(!has_code(said), "{said}");
    assert_eq!(view(&client, &taker)["phase"], "calling", "nothing was stored");
    // A king and a queen: the call is made.
    let a = post(
        &addr,
        &taker,
        "fr",
        &[("version", &version), ("call", "KS"), ("call2", "QH")],
    );
    assert!(a.status == 200 || a.status == 303, "{} {}", a.status, a.body);
    assert_ne!(view(&client, &taker)["phase"], "calling");
}

fn sqlite() {
    six_player_call(TestDb::sqlite());
}
fn postgres() {
    six_player_call(TestDb::postgres());
}
crate::test_case!(sqlite);
crate::test_case!(postgres, Postgres);
