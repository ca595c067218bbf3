//! The load run's tournaments, set up over the API one request at a time
//! (not what is measured): with `--tournaments N` the tables, the tables of
//! 5, the digital tables and the spectators are dealt as evenly as possible
//! among N tournaments, each with its own players and its round 1 seated.

use std::sync::Arc;

use serde_json::{json, Value};

use crate::digital::{self, DigitalTable};
use crate::http::Conn;
use crate::{must, Args, Sends};

/// Tournament `j`'s share (of N) of `total`: `total / N`, one more for the
/// first `total % N`.
pub fn share(total: usize, n: usize, j: usize) -> usize {
    total / n + usize::from(j < total % n)
}

/// One tournament of the run, seated.
pub struct Seated {
    pub tid: i64,
    /// Its tables in all, its tables of 5, its digital tables (its first ones).
    pub tables: usize,
    pub fives: usize,
    pub digital: usize,
    pub deals: usize,
    /// The typed tables (after the digital ones): token, players, number.
    pub typed: Vec<(String, Vec<i64>, usize)>,
    pub digital_tables: Vec<DigitalTable>,
    /// When each of its typed slots' changes were sent.
    pub sends: Arc<Sends>,
}

impl Seated {
    pub fn players(&self) -> usize {
        4 * self.tables + self.fives
    }

    pub fn slots(&self) -> usize {
        (self.tables - self.digital) * self.deals
    }
}

/// The shares of tournament `j`: its tables, tables of 5 and digital tables;
/// an error when its tables of 5 are more than its tables not digital.
pub fn shares(a: &Args, j: usize) -> Result<(usize, usize, usize), String> {
    let n = a.tournaments;
    let (tables, fives, digital) = (share(a.tables, n, j), share(a.fives, n, j), share(a.digital, n, j));
    if fives > tables - digital {
        return Err(format!(
            "tournament {}: {fives} tables of 5 among {tables} tables, {digital} of them digital \
             (the shares of --tables, --fives and --digital among --tournaments)",
            j + 1
        ));
    }
    Ok((tables, fives, digital))
}

/// Creates tournament `j` (of `a.tournaments`), registers its players and
/// seats its round 1; `None` (with the reason printed) when the round is not
/// what was asked.
pub async fn seat(org: &mut Conn, a: &Args, j: usize) -> Option<Seated> {
    let (tables, fives, digital) = shares(a, j).ok()?;
    let label = &a.label;
    let name = if a.tournaments == 1 {
        format!("Load {label}")
    } else {
        format!("Load {label} {}", j + 1)
    };
    // F tables of 5 among TABLES: 4 × TABLES + F players, the tables of 5
    // beyond the remainder's asked for (they come by fours).
    let settings = json!({"name": name, "rounds": 3, "deals_table4": a.deals,
                          "deals_table5": a.deals, "seed": 5, "extra_fives": fives - fives % 4});
    let tid = must(org, &a.token, "POST", "/api/tournaments", Some(settings), 201).await["id"]
        .as_i64()
        .unwrap_or_default();
    for i in 0..4 * tables + fives {
        let player = json!({"name": format!("Joueur {i:03}"), "club": format!("Club {}", i % 13)});
        let path = format!("/api/tournaments/{tid}/players");
        must(org, &a.token, "POST", &path, Some(player), 201).await;
    }
    let path = format!("/api/tournaments/{tid}/rounds");
    let round = must(org, &a.token, "POST", &path, None, 201).await;
    let seated = round_tables(&round);
    let got_fives = seated.iter().filter(|(_, p, _)| p.len() == 5).count();
    if seated.len() != tables
        || got_fives != fives
        || seated
            .iter()
            .enumerate()
            .any(|(i, (_, p, n))| p.len() < 4 || *n != i + 1)
    {
        eprintln!("load_event: expected {tables} tables, {fives} of 5, numbered from 1, got {round}");
        return None;
    }
    // The digital tables come first: the tables of 5 must be typed ones.
    if seated[..digital].iter().any(|(_, p, _)| p.len() != 4) {
        eprintln!("load_event: a table of 5 among the first {digital} (digital) tables");
        return None;
    }
    Some(Seated {
        tid,
        tables,
        fives,
        digital,
        deals: a.deals,
        typed: seated,
        digital_tables: Vec::new(),
        sends: Arc::new((0..tables * a.deals).map(|_| Default::default()).collect()),
    })
}

/// Switches the first `digital` tables of `t` to the devices (their bots
/// given) and keeps the others as its typed tables; `None` when refused.
pub async fn go_digital(org: &mut Conn, token: &str, t: &mut Seated) -> Option<()> {
    for number in 1..=t.digital {
        t.digital_tables.push(digital::set_up(org, token, t.tid, number).await?);
    }
    t.typed = t.typed.split_off(t.digital);
    Some(())
}

/// The tables of a round document: token, players, number.
fn round_tables(round: &Value) -> Vec<(String, Vec<i64>, usize)> {
    round["tables"]
        .as_array()
        .map(|ts| {
            ts.iter()
                .map(|t| {
                    let players = t["players"].as_array().into_iter().flatten().filter_map(Value::as_i64);
                    let number = t["table"].as_u64().unwrap_or(0) as usize;
                    (
                        t["token"].as_str().unwrap_or_default().to_owned(),
                        players.collect(),
                        number,
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}
