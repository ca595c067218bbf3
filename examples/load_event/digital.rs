//! The digital tables of the load run (`--digital N`): N tables of the round
//! switched to play on the devices, three seats given to the strong bot and
//! one played by a client as a simple person would (FORMATS.md "Digital
//! play: seats"), with no think time, beside the tables typing their deals.
//! What it measures is the cost of a room of bots to the typed tables.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::http::{Conn, Sse};
use crate::Tally;

/// A digital table as set up: its game and the person's seat link.
pub struct DigitalTable {
    pub game: i64,
    pub seat: String,
}

/// Switches table `number` of round 1 to the devices and gives seats 1 to 3
/// to the strong bot; `None` (with the answer printed) when the server refuses.
pub async fn set_up(conn: &mut Conn, token: &str, tid: i64, number: usize) -> Option<DigitalTable> {
    let auth = [("Authorization", format!("Bearer {token}"))];
    let path = format!("/api/tournaments/{tid}/rounds/1/tables/{number}/digital");
    let a = conn.call("POST", &path, &auth, None).await;
    if a.status != 201 {
        eprintln!("POST {path}: {} {}", a.status, String::from_utf8_lossy(&a.body));
        return None;
    }
    let v = a.json();
    let game = v["game"].as_i64()?;
    let seat = v["seats"][0]["token"].as_str()?.to_owned();
    for s in 1..4 {
        let body = json!({"bot": "strong"}).to_string().into_bytes();
        let path = format!("/api/games/{game}/seats/{s}");
        let a = conn.call("POST", &path, &auth, Some(&body)).await;
        if a.status != 204 {
            eprintln!("POST {path}: {} {}", a.status, String::from_utf8_lossy(&a.body));
            return None;
        }
    }
    Some(DigitalTable { game, seat })
}

/// The action a simple player takes from its seat's view: a garde when it
/// may (contracts get played), the smallest handful offered, else the first
/// legal thing.
fn choose(view: &Value) -> Value {
    let legal: Vec<&str> = view["legal"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let first = legal.first().copied().unwrap_or_default();
    let mut action = match view["phase"].as_str().unwrap_or_default() {
        "bidding" => json!({"bid": if legal.contains(&"garde") { "garde" } else { first }}),
        "calling" => json!({"call": first}),
        "discard" => json!({"discard": legal.iter().take(6).collect::<Vec<_>>()}),
        "chelem" => json!({"chelem": false}),
        _ => match view.get("handful_offer") {
            Some(h) => json!({"handful": h}),
            None => json!({"card": first}),
        },
    };
    action["version"] = view["version"].clone();
    action
}

/// What one digital table's person did.
#[derive(Default)]
pub struct SeatRun {
    /// The person's actions (POST).
    pub actions: Tally,
    /// The seat's views (GET), while waiting for the bots.
    pub views: Tally,
    /// Deals dealt at the table (the last view's deal number).
    pub deals: u64,
}

/// Plays the person's seat until `deadline`: acts on its turn, starts the
/// next deal when the last one is over, else waits for the seat's stream to
/// say something moved (as the seat's page does), `poll` at most.
pub async fn seat_client(addr: String, seat: String, deadline: Instant, poll: Duration) -> SeatRun {
    let mut conn = Conn::new(&addr);
    let mut run = SeatRun::default();
    let view_path = format!("/api/seats/{seat}");
    let action_path = format!("/api/seats/{seat}/actions");
    let mut stream = Sse::open(&addr, &format!("/s/{seat}/events")).await.ok();
    while Instant::now() < deadline {
        let a = conn.call("GET", &view_path, &[], None).await;
        run.views.add("GET seat view", &a);
        if !a.ok() {
            wait(&mut stream, poll).await;
            continue;
        }
        let v = a.json();
        run.deals = v["deal"].as_u64().unwrap_or(run.deals);
        let mine = v["phase"] != "done" && v["to_act"] == v["seat"] && v["bot"].is_null();
        let body = if mine {
            Some(choose(&v))
        } else if v["phase"] == "done" && v["next"] == true {
            Some(json!({"next": true, "version": v["version"]}))
        } else {
            None
        };
        match body {
            Some(b) => {
                let a = conn
                    .call("POST", &action_path, &[], Some(&b.to_string().into_bytes()))
                    .await;
                run.actions.add("POST seat action", &a);
            }
            None => wait(&mut stream, poll).await,
        }
    }
    run
}

/// Waits for the seat's stream to say the game changed, `poll` at most; a
/// stream that ended is dropped (the client then looks every `poll`).
async fn wait(stream: &mut Option<Sse>, poll: Duration) {
    let Some(s) = stream else {
        tokio::time::sleep(poll).await;
        return;
    };
    match tokio::time::timeout(poll, s.next()).await {
        Ok(Ok(Some(_))) | Err(_) => {}
        Ok(Ok(None) | Err(_)) => *stream = None,
    }
}
