//! Playing a seat of a deal on the devices as a simple person would, from
//! the seat's view (FORMATS.md "Digital play: seats").

use serde_json::{json, Value};

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
