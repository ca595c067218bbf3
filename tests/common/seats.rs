//! Playing a seat of a deal on the devices as a simple person would, from
//! the seat's view (FORMATS.md "Digital play: seats").

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::client::{Answer, Client};

/// The action a simple player chooses from a seat's view: a garde when it
/// may (so contracts get played), the smallest handful when offered, else
/// the first legal thing.
pub fn choose(view: &Value) -> Value {
    let legal: Vec<&str> = view["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let version = view["version"].clone();
    let mut action = match view["phase"].as_str().unwrap() {
        "bidding" => {
            let bid = if legal.contains(&"garde") { "garde" } else { legal[0] };
            json!({"bid": bid})
        }
        // At 6 two cards: the first callable and the last (a queen and a
        // king, or two queens when the taker holds every king).
        "calling" if view["players"] == 6 => json!({"call": [legal[0], legal[legal.len() - 1]]}),
        "calling" => json!({"call": legal[0]}),
        "discard" => {
            let need = match view["players"].as_u64().unwrap() {
                5 => 3,
                _ => 6,
            };
            json!({"discard": legal[..need].to_vec()})
        }
        "chelem" => json!({"chelem": false}),
        "play" => match view.get("handful_offer") {
            Some(h) => json!({"handful": h}),
            None => json!({"card": legal[0]}),
        },
        other => panic!("no action in phase {other}"),
    };
    action["version"] = version;
    action
}

/// Whether the seat of this view is a person whose turn it is.
pub fn my_turn(view: &Value) -> bool {
    view["phase"] != "done" && !view["seat"].is_null() && view["to_act"] == view["seat"] && view["bot"].is_null()
}

/// Plays the human seats (`tokens`) until every deal of the game is over,
/// bots playing the others from the server; every answer is handed to `seen`
/// with the seat it was for. The views of the end, by token.
pub fn play_game(client: &Client, tokens: &[String], seen: &mut dyn FnMut(usize, &Answer)) -> Vec<Value> {
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < Duration::from_secs(120), "the game did not end");
        let mut views = Vec::new();
        for (i, t) in tokens.iter().enumerate() {
            let a = client.call("GET", &format!("/api/seats/{t}"), None, None);
            assert_eq!(a.status, 200, "{}", a.body);
            seen(i, &a);
            views.push(a.body);
        }
        if let Some((i, v)) = views.iter().enumerate().find(|(_, v)| my_turn(v)) {
            let a = client.call(
                "POST",
                &format!("/api/seats/{}/actions", tokens[i]),
                None,
                Some(&choose(v)),
            );
            assert_eq!(a.status, 200, "{} after {}", a.body, choose(v));
            seen(i, &a);
            continue;
        }
        let v = &views[0];
        if v["phase"] == "done" {
            if v["next"] == true {
                let a = client.call(
                    "POST",
                    &format!("/api/seats/{}/actions", tokens[0]),
                    None,
                    Some(&json!({"next": true})),
                );
                assert_eq!(a.status, 200, "{}", a.body);
                continue;
            }
            return views;
        }
        // A bot's turn: it acts from the server.
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Posts the form `fields` to `path` as a seat's page does (with the CSRF
/// cookie and field a page's GET hands out), on the real server at `addr`.
pub fn seat_form(addr: &str, path: &str, fields: &[(&str, &str)]) -> super::hostile::Answer {
    use super::hostile::{exchange, form_body, form_head};
    let got = exchange(addr, "GET / HTTP/1.1\r\nHost: t", vec![]);
    let csrf = got.cookie("chelem_csrf").expect("a CSRF cookie");
    let mut pairs = vec![("csrf", csrf.as_str())];
    pairs.extend_from_slice(fields);
    let body = form_body(&pairs);
    let head = form_head("POST", path, &format!("chelem_csrf={csrf}"), body.len());
    exchange(addr, &head, body)
}

/// Posts a seat page's form (`/s/{token}`) in `lang` as a browser without
/// JavaScript does, with the CSRF cookie and field.
pub fn post_form(addr: &str, token: &str, lang: &str, fields: &[(&str, &str)]) -> super::hostile::Answer {
    use super::hostile::{exchange, form_body, form_head};
    let got = exchange(addr, "GET / HTTP/1.1\r\nHost: t", vec![]);
    let csrf = got.cookie("chelem_csrf").expect("a CSRF cookie");
    let mut pairs = vec![("csrf", csrf.as_str())];
    pairs.extend_from_slice(fields);
    let body = form_body(&pairs);
    let cookies = format!("chelem_csrf={csrf}; chelem_lang={lang}");
    exchange(
        addr,
        &form_head("POST", &format!("/s/{token}"), &cookies, body.len()),
        body,
    )
}
