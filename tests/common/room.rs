//! A room of tables of 4 entering deals through the JSON API, as tablets
//! would: the tournament set up in the database, valid deal bodies, the scores the
//! rules core gives them, and the checks of what the server stored. Shared by
//! the concurrency test and the crash test.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use chelem::db::AnyConnection;
use chelem::tarot::{score_value, ScoringRules};

use super::builder::TournamentBuilder;
use super::client::Client;

/// A table of round 1: number, tablet token, players by id in seat order.
#[derive(Debug, Clone)]
pub struct Table {
    /// Table number.
    pub number: i64,
    /// The tablet's token.
    pub token: String,
    /// Player ids in seat order.
    pub players: Vec<i64>,
}

/// A tournament of `4 × tables` players playing `deals` deals a table, and
/// its round 1, made on `conn` (the set-up is not under test).
pub fn setup(conn: &mut AnyConnection, tables: usize, deals: usize) -> (i64, Vec<Table>) {
    let t = TournamentBuilder::new("Open du Mans")
        .rounds(3)
        .deals_table4(deals)
        .seed(11)
        .players(4 * tables)
        .named(|i| format!("Joueur {i:03}"))
        .club(|i| format!("Club {}", i % 13))
        .seated(1)
        .build(conn);
    let seated: Vec<Table> = t.rounds[0]
        .iter()
        .map(|t| Table {
            number: t.number.get().into(),
            token: t.token.clone(),
            players: t.players.iter().map(|&p| p.get().into()).collect(),
        })
        .collect();
    assert_eq!(seated.len(), tables);
    assert!(seated.iter().all(|t| t.players.len() == 4));
    (t.id.get().into(), seated)
}

/// A valid deal body for deal `k` of a table of 4 (players by id), varied by
/// `salt`; every 7th table passes its last deal (deal `deals`).
pub fn deal_body(players: &[i64], k: usize, salt: usize, deals: usize) -> Value {
    if k == deals && salt % 7 == 3 {
        return json!({"passed": true});
    }
    let taker = players[(k + salt) % players.len()];
    let contract = ["petite", "garde", "garde_sans", "garde_contre"][(k * 3 + salt) % 4];
    let oudlers = (k + salt) % 4;
    let base = [30.0, 34.0, 38.0, 44.0][oudlers];
    let points = base + ((k * 7 + salt * 5) % 24) as f64 + if (k + salt).is_multiple_of(3) { 0.5 } else { 0.0 };
    let handfuls = if (k + salt).is_multiple_of(5) {
        json!([{"player": players[(k + 1) % players.len()], "size": "simple"}])
    } else {
        json!([])
    };
    json!({"taker": taker, "partner": null, "contract": contract, "oudlers": oudlers, "points": points,
           "handfuls": handfuls, "petit_au_bout": null, "chelem": {"announced": false, "made_by": null}})
}

/// What the rules core gives for that body, by player id (as the API writes it).
pub fn expected_scores(body: &Value, players: &[i64]) -> BTreeMap<String, i64> {
    if body.get("passed").is_some() {
        return players.iter().map(|p| (p.to_string(), 0)).collect();
    }
    let seat = |id: &Value| players.iter().position(|p| Some(*p) == id.as_i64()).unwrap();
    let mut rec = body.clone();
    rec["players"] = json!(players.len());
    rec["taker"] = json!(seat(&body["taker"]));
    rec["handfuls"] = Value::Array(
        body["handfuls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| json!({"seat": seat(&h["player"]), "size": h["size"]}))
            .collect(),
    );
    let out = score_value(&rec, &ScoringRules::default()).unwrap_or_else(|e| panic!("{rec}: {e}"));
    players
        .iter()
        .zip(out.scores)
        .map(|(p, s)| (p.to_string(), s))
        .collect()
}

/// Scores by player id (as the API writes them) of deals by (table index, deal).
pub type Deals = BTreeMap<(usize, usize), BTreeMap<String, i64>>;

/// The `scores` object of an answer, by player id.
pub fn scores_of(v: &Value) -> BTreeMap<String, i64> {
    v.as_object()
        .unwrap_or_else(|| panic!("no scores object: {v}"))
        .iter()
        .map(|(p, s)| (p.clone(), s.as_i64().unwrap()))
        .collect()
}

/// The deals of round 1 as the organizer reads them: (table index, deal) →
/// scores, and whether the round is closed.
pub fn stored_deals(client: &Client, org: &str, id: i64, tables: &[Table]) -> (Deals, bool) {
    let a = client.call("GET", &format!("/api/tournaments/{id}/rounds/1"), Some(org), None);
    assert_eq!(a.status, 200, "{}", a.body);
    let index: BTreeMap<&str, usize> = tables.iter().enumerate().map(|(i, t)| (t.token.as_str(), i)).collect();
    let mut stored = BTreeMap::new();
    let doc_tables = a.body["tables"].as_array().unwrap();
    assert_eq!(doc_tables.len(), tables.len());
    for t in doc_tables {
        let i = index[t["token"].as_str().unwrap()];
        for d in t["deals"].as_array().unwrap() {
            let k = d["deal"].as_u64().unwrap() as usize;
            let scores = scores_of(&d["scores"]);
            assert_eq!(scores.values().sum::<i64>(), 0, "a stored deal sums to zero: {d}");
            let before = stored.insert((i, k), scores);
            assert!(before.is_none(), "deal {k} of table {} stored twice", tables[i].number);
        }
    }
    (stored, a.body["closed"] == json!(true))
}

/// The standings are the sums of the stored deals, and sum to zero.
pub fn check_standings(client: &Client, id: i64, tables: &[Table], stored: &Deals) {
    let mut want: BTreeMap<i64, i64> = tables.iter().flat_map(|t| t.players.iter().map(|p| (*p, 0))).collect();
    for scores in stored.values() {
        for (p, s) in scores {
            *want.get_mut(&p.parse::<i64>().unwrap()).expect("a seated player") += s;
        }
    }
    let a = client.call("GET", &format!("/api/tournaments/{id}/standings"), None, None);
    assert_eq!(a.status, 200, "{}", a.body);
    let got: BTreeMap<i64, i64> = a
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["player"].as_i64().unwrap(), l["total"].as_i64().unwrap()))
        .collect();
    assert_eq!(got.len(), want.len(), "every player has a line");
    for (p, total) in &want {
        assert_eq!(got.get(p), Some(total), "player {p}'s total");
    }
    assert_eq!(got.values().sum::<i64>(), 0, "standings sum to zero");
}
