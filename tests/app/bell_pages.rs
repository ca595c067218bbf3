//! After a timed round's bell, no page offers a slot the server refuses,
//! and every page still offers what it accepts (issue 45, item 4): on the
//! real HTTP server and both databases, in both languages. The table's
//! pages (from its link, `/t/{token}`): the sheet's deal links and its lead
//! button, the banner after a save, the deal form (409 with the sentence
//! for a refused slot, instead of a form) and its preview; each slot's
//! offer compared with what the server then does with it (the API's PUT,
//! the same deal path). The sheet and the form say what may still be
//! entered before anyone types. The organizer's sheet still offers every
//! slot (the bell never refuses them).

use crate::common;

use std::collections::BTreeSet;

use chrono::{DateTime, NaiveDateTime, Utc};
use serde_json::{json, Value};

use common::builder::TournamentBuilder;
use common::client::Client;
use common::http::api_token;
use common::server::Server;
use common::TestDb;

const DEALS: i32 = 4;

/// A table of the round: its link and its players in seat order.
struct Seated {
    token: String,
    players: Vec<i64>,
}

impl Seated {
    fn sheet(&self) -> String {
        format!("/t/{}", self.token)
    }

    fn garde(&self, points: i64) -> Value {
        json!({"taker": self.players[0], "contract": "garde", "oudlers": 2, "points": points})
    }
}

/// A page as a tablet gets it, in `lang`: (status, body).
fn page(c: &Client, path: &str, lang: &str, org: Option<&str>) -> (u16, String) {
    let cookie = format!("chelem_lang={lang}");
    let a = c.call_with("GET", path, org, None, &[("Cookie", cookie.as_str())]);
    let body = match a.body {
        Value::String(s) => s,
        other => other.to_string(),
    };
    (a.status, body)
}

/// The deals a sheet links to a form of (`{base}/deals/{k}"`).
fn offered(sheet: &str, base: &str) -> BTreeSet<i32> {
    let at = format!("href=\"{base}/deals/");
    sheet
        .match_indices(&at)
        .filter_map(|(i, _)| sheet[i + at.len()..].split('"').next()?.parse().ok())
        .collect()
}

/// The deal of the sheet's lead button, if it has one.
fn lead(sheet: &str, base: &str) -> Option<i32> {
    let (_, rest) = sheet.split_once("class=\"lead-next\"")?;
    let p = rest.split("</p>").next()?;
    offered(p, base).into_iter().next()
}

/// Whether the server takes deal `k` from the table now (the API's PUT).
fn accepted(c: &Client, t: &Seated, k: i32) -> bool {
    let a = c.call(
        "PUT",
        &format!("/api/tables/{}/deals/{k}", t.token),
        None,
        Some(&t.garde(51)),
    );
    assert!(a.status == 200 || a.status == 409, "deal {k}: {} {}", a.status, a.body);
    a.status == 200
}

/// The sentences of the bell, by language: what may still be entered
/// (deal `n`), corrections only, and the refusal of deal `k`.
fn may_enter(lang: &str, n: i32) -> String {
    match lang {
        "fr" => format!("Temps écoulé : la table peut encore saisir la donne {n}"),
        _ => format!("Time is up: the table may still enter deal {n}"),
    }
}

fn corrections_only(lang: &str) -> &'static str {
    match lang {
        "fr" => "Temps écoulé : plus de nouvelle donne à saisir",
        _ => "Time is up: no new deal to enter",
    }
}

fn refused(lang: &str, k: i32) -> String {
    match lang {
        "fr" => format!("mais pas commencer la donne {k}"),
        _ => format!("but not start deal {k}"),
    }
}

/// Every page of table `t` after the bell, in both languages: the sheet
/// offers exactly `offer` (its lead button `next`) and says what may still
/// be entered (`note`); each slot's form and preview answer 200 when the
/// sheet offers it, else 409 with the refusal, the form showing no field.
fn pages_agree(c: &Client, t: &Seated, offer: &[i32], next: Option<i32>, note: &dyn Fn(&str) -> String) {
    let base = t.sheet();
    for lang in ["fr", "en"] {
        let (status, sheet) = page(c, &base, lang, None);
        assert_eq!(status, 200, "{sheet}");
        assert_eq!(
            offered(&sheet, &base),
            offer.iter().copied().collect(),
            "{lang}: {sheet}"
        );
        assert_eq!(lead(&sheet, &base), next, "{lang}: the lead button: {sheet}");
        assert!(sheet.contains(&note(lang)), "{lang}: {sheet}");
        for k in 1..=DEALS {
            let (status, form) = page(c, &format!("{base}/deals/{k}"), lang, None);
            let preview = format!(
                "{base}/deals/{k}/preview?taker={}&contract=garde&oudlers=2&camp=attack&points=51",
                t.players[0]
            );
            let (p_status, p_body) = page(c, &preview, lang, None);
            if offer.contains(&k) {
                assert_eq!(status, 200, "{lang} form {k}: {form}");
                assert!(form.contains(&note(lang)), "{lang} form {k} says it: {form}");
                assert_eq!(p_status, 200, "{lang} preview {k}: {p_body}");
            } else {
                assert_eq!(status, 409, "{lang} form {k}: {form}");
                assert!(form.contains(&refused(lang, k)), "{lang} form {k}: {form}");
                assert!(!form.contains("name=\"taker\""), "{lang} form {k}: no form");
                assert_eq!(p_status, 409, "{lang} preview {k}: {p_body}");
                assert!(p_body.contains(&refused(lang, k)), "{lang} preview {k}: {p_body}");
            }
        }
    }
}

/// The slots the server takes from table `t` now: every refused slot is
/// tried first (a refusal changes nothing), then the others.
fn server_takes(c: &Client, t: &Seated, offer: &[i32]) -> Vec<i32> {
    let refused: Vec<i32> = (1..=DEALS).filter(|k| !offer.contains(k)).collect();
    let mut taken: Vec<i32> = refused.into_iter().filter(|k| accepted(c, t, *k)).collect();
    taken.extend(offer.iter().copied().filter(|k| accepted(c, t, *k)));
    taken.sort();
    taken
}

fn time(v: &Value) -> NaiveDateTime {
    DateTime::parse_from_rfc3339(v.as_str().unwrap()).unwrap().naive_utc()
}

fn wait_for_bell(end: NaiveDateTime) {
    while end - Utc::now().naive_utc() > chrono::Duration::milliseconds(-300) {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

fn after_the_bell(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let built = TournamentBuilder::new("Chrono")
        .rounds(2)
        .deals_table4(DEALS as usize)
        .players(8)
        .build_in(&db.state());
    let id = built.id;
    let a = c.call(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        Some(&org),
        Some(&json!({"minutes": 0.1})),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let end = time(&a.body["ends_at"]);
    let tables: Vec<Seated> = a.body["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| Seated {
            token: t["token"].as_str().unwrap().to_owned(),
            players: t["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_i64().unwrap())
                .collect(),
        })
        .collect();
    let (t1, t2) = (&tables[0], &tables[1]);
    // Before the bell: table 1 entered deal 1, table 2 deals 1 and 3;
    // every slot is offered.
    assert!(accepted(&c, t1, 1));
    assert!(accepted(&c, t2, 1) && accepted(&c, t2, 3));
    let (_, sheet) = page(&c, &t1.sheet(), "fr", None);
    assert_eq!(offered(&sheet, &t1.sheet()), (1..=DEALS).collect(), "{sheet}");
    assert_eq!(lead(&sheet, &t1.sheet()), Some(2), "{sheet}");
    wait_for_bell(end);

    // Table 1 was playing deal 2: it enters it and corrects deal 1, no more.
    pages_agree(&c, t1, &[1, 2], Some(2), &|l| may_enter(l, 2));
    // Table 2 had 1 and 3: deal 2 was in progress, 3 may be corrected.
    pages_agree(&c, t2, &[1, 2, 3], Some(2), &|l| may_enter(l, 2));
    // The offers are what the server does.
    assert_eq!(server_takes(&c, t1, &[1, 2]), vec![1, 2]);
    assert_eq!(server_takes(&c, t2, &[1, 2, 3]), vec![1, 2, 3]);
    // Deal 2 entered: corrections only, no lead button, no banner
    // inviting deal 3 after the save.
    pages_agree(&c, t1, &[1, 2], None, &|l| corrections_only(l).to_owned());
    for (lang, invite) in [("fr", "Saisir la donne"), ("en", "Enter deal")] {
        let (_, saved) = page(&c, &format!("{}?saved=2", t1.sheet()), lang, None);
        assert!(!saved.contains(invite), "{lang}: {saved}");
    }
    // The organizer is never refused by the bell: their sheet of table 1
    // offers every slot, and leads to deal 3.
    let base = format!("/tournaments/{id}/rounds/1/tables/1");
    let (status, sheet) = page(&c, &base, "fr", Some(&org));
    assert_eq!(status, 200, "{sheet}");
    assert_eq!(offered(&sheet, &base), (1..=DEALS).collect(), "{sheet}");
    assert_eq!(lead(&sheet, &base), Some(3), "{sheet}");
    assert!(!sheet.contains("bell-note"), "no table's note: {sheet}");
    let (status, form) = page(&c, &format!("{base}/deals/3"), "fr", Some(&org));
    assert_eq!(status, 200, "{form}");
}

on_both!(no_page_offers_a_slot_the_server_refuses_after_the_bell, after_the_bell);
