//! Rules every page keeps (issue 45), checked over every GET route of the
//! application (read from its sources, tests/common/routes.rs) on the real
//! HTTP server and both databases, with real data: a duplicate tournament
//! whose table 1 played its two deals on the devices (so that the seat
//! pages, the replay and the travellers have cards) and whose table 2 has
//! its slots empty (its deal form's preview is read with half points), and
//! a casual game of 3 played to its end (card points in halves: its seats'
//! pages and its replay say what each camp took). Walked as the organizer
//! (who sees every page), in French (the default); the event streams left
//! out (they never end).
//!
//! - Every `<use href="#…">` (or `xlink:href`) points at an element of
//!   the same page: no card drawn without its suit.
//! - No number written with a decimal point in the visible text of a
//!   French page: French writes `41,5`.
//! - No ISO date (`2026-11-28`) in the visible text of a page, French or
//!   English: dates are written in the page's language (`28/11/2026`,
//!   `28 novembre 2026`, `28 November 2026`, `28 Nov 2026`).
//! - A count of one takes the singular, in French and in English.
//! - One French word for a thing: a round is a "partie" (never a
//!   "ronde"), a table's card a "carte de table" (never a "chevalet"), on
//!   every page and in every French message.
//! - No count of one with a plural noun ("1 présents", "1 joueurs") in the
//!   visible text of a French page: counted words agree with their number
//!   (Fluent's plural selectors).

use crate::common;

use std::collections::BTreeMap;

use rand::SeedableRng;

use chelem::bots::Pace;
use chelem::db::models::GameSeat;
use chelem::db::ops::games::{self, CasualGame};
use chelem::db::ops::players;
use chelem::db::AnyConnection;
use chelem::tarot::{Action, Contract};
use chelem::tournament::ids::GameId;
use common::builder::TournamentBuilder;
use common::client::Client;
use common::http::{api_token, USER};
use common::routes;
use common::server::Server;
use common::TestDb;

/// The data of the test.
struct World {
    id: i64,
    /// Table 1's game, and a casual game of 3.
    games: [i64; 2],
    players: Vec<i64>,
    /// Table 1's link (digital play), table 2's (slots empty).
    tables: [String; 2],
    /// The seats' links of both games.
    seats: Vec<String>,
    /// Table 2's first player.
    taker: i64,
}

/// Plays `game` to its end: a garde bid first in each deal, then a quick
/// bot's choices for every seat, from a fixed seed.
fn play_out(conn: &mut AnyConnection, game: GameId) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    loop {
        let st = games::GameState::load(conn, game).unwrap();
        if st.finished() {
            break;
        }
        if st.deal_over() {
            chelem::db::write(conn, |tx| games::next_deal(tx, game)).unwrap();
            continue;
        }
        let g = st.play.unwrap();
        let seat = g.to_act().unwrap();
        let action = if st.version == 0 {
            Action::Bid(Some(Contract::Garde))
        } else {
            chelem::bots::Bot::Quick.act(&g, seat, &mut rng)
        };
        chelem::db::write(conn, |tx| {
            games::act(tx, game, st.map[seat.index()], action, Some(st.version))
        })
        .unwrap();
    }
}

/// A duplicate tournament of 8 players (and two more: one late, one not yet
/// present) on 28 November 2026, 2 deals a round, one round seated,
/// its table 1 playing both deals on the devices; and a casual game of 3
/// (where card points come in halves: 41,5), both played to their end.
fn world(db: &TestDb) -> World {
    let t = TournamentBuilder::new("Duplicate des règles")
        .duplicate(2)
        .date("2026-11-28")
        .players(8)
        .seated(1)
        .build_in(&db.state());
    let mut conn = db.conn();
    // One player arrived late (present from round 2), one registered and
    // not yet present: the players' page counts one of each.
    for (name, present) in [("Lucie Tard", true), ("Marc Absent", false)] {
        let fields = players::PlayerFields::new(name, "", "").unwrap();
        chelem::db::write(&mut conn, |tx| players::register(tx, t.id, &fields, present)).unwrap();
    }
    let table = chelem::db::write(&mut conn, |tx| games::make_digital(tx, &t.rounds[0][0], USER)).unwrap();
    let spec = CasualGame {
        players: 3,
        names: vec!["Odile".into(), "Paul".into(), "Yves".into()],
        bots: Vec::new(),
        // One deal: only the first deal's seed is the one given (the next
        // are drawn), and it makes half points.
        deals: 1,
        seed: Some(11),
        pace: Pace::Instant,
    };
    let casual = chelem::db::write(&mut conn, |tx| games::create_casual(tx, &spec, USER))
        .unwrap()
        .id;
    let mut seats = Vec::new();
    for game in [table, casual] {
        play_out(&mut conn, game);
        seats.extend(
            GameSeat::of_game(&mut conn, game)
                .unwrap()
                .into_iter()
                .filter_map(|s| s.token),
        );
    }
    World {
        id: t.id.get().into(),
        games: [table.get().into(), casual.get().into()],
        players: t.players.iter().map(|p| p.get().into()).collect(),
        tables: [t.rounds[0][0].token.clone(), t.rounds[0][1].token.clone()],
        seats,
        taker: t.rounds[0][1].players[0].get().into(),
    }
}

/// Every path to read: each GET route with its placeholders filled (`{id}`
/// the game's under /games, the tournament's elsewhere; `{token}` a seat's
/// link under /s, a table's under /t), and the query strings that change
/// what a page shows. The event streams are left out (they never end).
fn paths(w: &World) -> Vec<String> {
    let mut out = Vec::new();
    for route in routes::all().into_iter().filter(|r| r.method == "GET") {
        let p = &route.pattern;
        if p.ends_with("/events") {
            continue;
        }
        let ids = if p.contains("/games/") {
            w.games.to_vec()
        } else {
            vec![w.id]
        };
        let tokens: Vec<String> = if p.starts_with("/s/") || p.starts_with("/api/seats/") {
            w.seats.clone()
        } else {
            w.tables.to_vec()
        };
        let values: BTreeMap<&str, Vec<String>> = [
            ("{id}", ids.iter().map(i64::to_string).collect()),
            ("{pid}", w.players.iter().map(i64::to_string).collect()),
            ("{d}", vec!["1".into(), "2".into()]),
            ("{n}", vec!["1".into()]),
            ("{t}", vec!["1".into(), "2".into()]),
            ("{k}", vec!["1".into(), "2".into()]),
            ("{token}", tokens),
            (
                "{name}",
                ["race.svg", "contracts.svg", "scores.svg", "sizes.svg"]
                    .map(String::from)
                    .to_vec(),
            ),
        ]
        .into();
        let mut filled = vec![p.clone()];
        for (key, vals) in &values {
            filled = filled
                .into_iter()
                .flat_map(|p| match p.contains(key) {
                    true => vals.iter().map(|v| p.replace(key, v)).collect(),
                    false => vec![p],
                })
                .collect();
        }
        for p in &filled {
            assert!(!p.contains('{'), "{p}: a placeholder this test does not fill");
        }
        out.extend(filled);
    }
    let (id, two) = (w.id, &w.tables[1]);
    let taker = w.taker;
    let deal = format!("taker={taker}&contract=garde&oudlers=2&points=41.5&camp=attack");
    for game in w.games {
        out.extend([1, 2].map(|d| format!("/games/{game}/replay?deal={d}")));
    }
    out.extend([
        format!("/t/{two}/deals/1/preview?{deal}"),
        format!("/tournaments/{id}/rounds/1/tables/2/deals/1/preview?{deal}"),
        format!("/tournaments/{id}/standings?round=1"),
    ]);
    out
}

/// Every page as the organizer reads it, in the language `lang` asks for
/// (an `Accept-Language`): the text bodies by path (never a 500).
fn walk(c: &Client, paths: &[String], org: &str, lang: &str) -> BTreeMap<String, String> {
    paths
        .iter()
        .filter_map(|p| {
            let a = c.call_with("GET", p, Some(org), None, &[("Accept-Language", lang)]);
            assert_ne!(a.status, 0, "{p}: no answer");
            assert!(a.status < 500, "{p}: {} {}", a.status, a.body);
            a.body.as_str().map(|s| (p.clone(), s.to_owned()))
        })
        .collect()
}

/// The values of attribute `name` (`href="…"`) in `page`: only where a
/// space comes before it (the attribute itself, not `xlink:href`'s tail or
/// `data-href`).
fn attribute_values<'a>(page: &'a str, name: &str) -> Vec<&'a str> {
    let needle = format!("{name}=\"");
    page.match_indices(&needle)
        .filter(|(at, _)| page[..*at].ends_with(|c: char| c.is_whitespace()))
        .filter_map(|(at, _)| {
            let from = at + needle.len();
            page[from..].find('"').map(|len| &page[from..from + len])
        })
        .collect()
}

/// The fragment references of `<use>` elements that name no element of
/// the page.
fn dangling_uses(page: &str) -> Vec<String> {
    let ids: Vec<&str> = attribute_values(page, "id");
    let mut out = Vec::new();
    for (at, _) in page.match_indices("<use") {
        let end = page[at..].find('>').map_or(page.len(), |e| at + e);
        let tag = &page[at..end];
        for target in attribute_values(tag, "href")
            .into_iter()
            .chain(attribute_values(tag, "xlink:href"))
        {
            if let Some(id) = target.strip_prefix('#') {
                if !ids.contains(&id) {
                    out.push(target.to_owned());
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// What a reader sees of an HTML page: its text, without the tags (their
/// attributes), the scripts and the style sheets.
fn visible_text(page: &str) -> String {
    let mut page = page.to_owned();
    for (open, close) in [("<script", "</script>"), ("<style", "</style>")] {
        while let Some(from) = page.find(open) {
            let to = page[from..].find(close).map_or(page.len(), |e| from + e + close.len());
            page.replace_range(from..to, " ");
        }
    }
    let mut out = String::with_capacity(page.len());
    let mut in_tag = false;
    for c in page.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// Each number written with a decimal point in `text` (`41.5`), with what
/// surrounds it. An IPv4 address (four numbers, three points: the server's
/// address in the tables' links and in the advice on `--bind`) is no
/// number and is let be; nothing else is.
fn decimal_points(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let from = i;
        while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
            i += 1;
        }
        let run: String = chars[from..i].iter().collect::<String>();
        let run = run.trim_end_matches('.');
        let parts: Vec<&str> = run.split('.').collect();
        let address = parts.len() == 4 && parts.iter().all(|p| p.parse::<u8>().is_ok());
        if parts.len() > 1 && !address {
            let around: String = chars[from.saturating_sub(30)..(i + 30).min(chars.len())]
                .iter()
                .collect();
            out.push(around.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    out
}

/// Each ISO date (`2026-11-28`) in `text`, with what surrounds it.
fn iso_dates(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let shape = "dddd-dd-dd";
    let mut out = Vec::new();
    for at in 0..chars.len().saturating_sub(shape.len() - 1) {
        let fits = shape.chars().zip(&chars[at..]).all(|(s, c)| match s {
            'd' => c.is_ascii_digit(),
            _ => *c == s,
        });
        let bounded = (at == 0 || !chars[at - 1].is_ascii_digit())
            && chars.get(at + shape.len()).is_none_or(|c| !c.is_ascii_digit());
        if fits && bounded {
            let around: String = chars[at.saturating_sub(30)..(at + 40).min(chars.len())]
                .iter()
                .collect();
            out.push(around.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    out
}

/// French words ending in s or x that stay so in the singular (and the
/// abbreviations that are no nouns).
const INVARIABLE: [&str; 6] = ["fois", "pas", "plus", "mois", "s", "sur"];

/// Whether `word` is a plural in `lang` (French: s or x; English: s).
fn is_plural(lang: &str, word: &str) -> bool {
    let shaped =
        word.len() > 2 && word.chars().all(char::is_alphabetic) && word.chars().next().is_some_and(char::is_lowercase);
    shaped
        && match lang {
            "fr" => (word.ends_with('s') || word.ends_with('x')) && !INVARIABLE.contains(&word),
            _ => word.ends_with('s') && !word.ends_with("ss") && !NO_PLURAL_EN.contains(&word),
        }
}

/// Each "1 présents" (or "1 players") of a `lang` `text`, with the words
/// around it: the number 1 standing alone (not a decimal's tail, a rank or
/// a name's number such as "Table 1 plays") then a word in the plural.
fn one_with_plural_in(lang: &str, text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = Vec::new();
    for i in 1..words.len() {
        let word = words[i].trim_end_matches([',', '.', ';', ':', ')', '»']);
        // "Joueur 1 deals first", "Table 1 plays", "deal 1 scores": a
        // name's number, not a count.
        let named = i >= 2
            && (NAMED_BY_NUMBER.contains(&words[i - 2].to_lowercase().as_str())
                || words[i - 2].chars().next().is_some_and(char::is_uppercase));
        if words[i - 1] == "1" && is_plural(lang, word) && !named {
            out.push(words[i.saturating_sub(4)..(i + 3).min(words.len())].join(" "));
        }
    }
    out
}

fn one_with_plural(text: &str) -> Vec<String> {
    one_with_plural_in("fr", text)
}

fn one_with_plural_en(text: &str) -> Vec<String> {
    one_with_plural_in("en", text)
}

/// The findings of `rule` over the visible text of every HTML page of
/// `pages` (read in one language), by page.
fn over_text(pages: &BTreeMap<String, String>, rule: fn(&str) -> Vec<String>) -> Vec<String> {
    pages
        .iter()
        .filter(|(path, page)| is_html(path, page))
        .flat_map(|(path, page)| {
            rule(&visible_text(page))
                .into_iter()
                .map(move |d| format!("{path}: «{d}»"))
        })
        .collect()
}

/// Whether `path` answers an HTML page (not a file: CSV, JSON, SVG, script,
/// style sheet; not the API).
fn is_html(path: &str, body: &str) -> bool {
    let file = path.split('?').next().unwrap_or(path);
    let ext = [".csv", ".json", ".svg", ".js", ".css"];
    !file.starts_with("/api/") && !ext.iter().any(|e| file.ends_with(e)) && body.trim_start().starts_with('<')
}

/// The tournament made and every page read in French: the world and the pages.
fn read_everything(db: &TestDb) -> (World, BTreeMap<String, String>) {
    read_everything_in(db, "fr")
}

/// The tournament made and every page read in language `lang`.
fn read_everything_in(db: &TestDb, lang: &str) -> (World, BTreeMap<String, String>) {
    let org = api_token(db);
    let w = world(db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let pages = walk(&c, &paths(&w), &org, lang);
    (w, pages)
}

fn every_use_finds_its_symbol(db: TestDb) {
    let (w, pages) = read_everything(&db);
    // The real data is there: the replay draws cards.
    let replay = &pages[&format!("/games/{}/replay?deal=1", w.games[0])];
    assert!(
        replay.matches("<use href=\"#suit-").count() > 20,
        "the replay of deal 1"
    );
    let dangling: Vec<String> = pages
        .iter()
        .map(|(path, page)| (path, dangling_uses(page)))
        .filter(|(_, refs)| !refs.is_empty())
        .map(|(path, refs)| format!("{path}: {refs:?}"))
        .collect();
    assert!(
        dangling.is_empty(),
        "these pages use symbols they do not define:\n{}",
        dangling.join("\n")
    );
}

fn french_pages_write_no_decimal_point(db: TestDb) {
    let (w, pages) = read_everything(&db);
    // The real data is there: the preview scores the deal with its half
    // points, the replay counts the attack's points.
    let preview = format!("/t/{}/deals/1/preview?", w.tables[1]);
    let (_, seen) = pages.iter().find(|(p, _)| p.starts_with(&preview)).unwrap();
    assert!(seen.contains("faite de 1 : (25 + 1) × 2 = 52"), "{seen}");
    let replay = &pages[&format!("/games/{}/replay?deal=1", w.games[0])];
    assert!(replay.contains("Points de l&#39;attaque"), "the replay of deal 1");
    // The casual game of 3 counts half points, which its seats' pages show
    // at the end of its deal.
    let replay = &pages[&format!("/games/{}/replay?deal=1", w.games[1])];
    assert!(replay.contains(",5 · bouts"), "the replay of the game of 3");
    let camps = pages
        .iter()
        .filter(|(p, page)| p.starts_with("/s/") && page.contains("class=\"camps\""));
    assert_eq!(camps.count(), w.seats.len(), "every seat sees what each camp took");
    let decimals = over_text(&pages, decimal_points);
    assert!(
        decimals.is_empty(),
        "these French pages write a decimal point:\n{}",
        decimals.join("\n")
    );
}

fn french_pages_write_dates_in_french(db: TestDb) {
    let (w, pages) = read_everything(&db);
    // The real data is there: the dashboard shows the tournament's date.
    let home = &pages[&format!("/tournaments/{}", w.id)];
    assert!(home.contains("28 novembre 2026"), "the dashboard's date");
    let dates = over_text(&pages, iso_dates);
    assert!(
        dates.is_empty(),
        "these French pages write an ISO date:\n{}",
        dates.join("\n")
    );
}

fn english_pages_write_dates_in_english(db: TestDb) {
    let (w, pages) = read_everything_in(&db, "en");
    // The real data is there, in English: the dashboard shows the date.
    let home = &pages[&format!("/tournaments/{}", w.id)];
    assert!(home.contains("lang=\"en\""), "the dashboard in English");
    assert!(home.contains("28 November 2026"), "the dashboard's date");
    let dates = over_text(&pages, iso_dates);
    assert!(
        dates.is_empty(),
        "these English pages write an ISO date:\n{}",
        dates.join("\n")
    );
}

/// English words ending in s that are no plural.
const NO_PLURAL_EN: [&str; 8] = ["was", "has", "this", "plus", "across", "bonus", "its", "less"];

/// What pages name by a number ("Table 1", "deal 1").
const NAMED_BY_NUMBER: [&str; 7] = ["table", "deal", "round", "seat", "game", "robot", "bot"];

fn english_counts_agree_with_their_number(db: TestDb) {
    let (w, pages) = read_everything_in(&db, "en");
    let home = visible_text(&pages[&format!("/tournaments/{}", w.id)]);
    assert!(home.contains("1 late"), "{home}");
    let wrong = over_text(&pages, one_with_plural_en);
    assert!(
        wrong.is_empty(),
        "these English pages count one with a plural:\n{}",
        wrong.join("\n")
    );
}

fn french_counts_agree_with_their_number(db: TestDb) {
    let (w, pages) = read_everything(&db);
    // The real data is there: one player registered and not present, one
    // late (the dashboard counts them).
    let home = visible_text(&pages[&format!("/tournaments/{}", w.id)]);
    assert!(home.contains("1 arrivé en retard"), "{home}");
    let wrong = over_text(&pages, one_with_plural);
    assert!(
        wrong.is_empty(),
        "these French pages count one with a plural:\n{}",
        wrong.join("\n")
    );
}

/// The words French pages never use, for the one they use instead.
const NOT_OUR_WORDS: [&str; 2] = ["ronde", "chevalet"];

/// Each word of `text` that is one of [`NOT_OUR_WORDS`] (or its plural).
fn not_our_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| {
            let w = w.to_lowercase();
            NOT_OUR_WORDS.iter().any(|n| w == *n || w == format!("{n}s"))
        })
        .map(str::to_owned)
        .collect()
}

fn french_says_partie_and_carte_de_table(db: TestDb) {
    let (_, pages) = read_everything(&db);
    let mut wrong = over_text(&pages, not_our_words);
    // And every French message, shown or not on these pages.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/fr");
    for file in std::fs::read_dir(&dir).unwrap() {
        let path = file.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
            for w in not_our_words(line) {
                wrong.push(format!("{}: «{w}» in «{line}»", path.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "French says partie and carte de table:\n{}",
        wrong.join("\n")
    );
}

on_both!(every_use_finds_its_symbol, every_use_finds_its_symbol);
on_both!(french_pages_write_no_decimal_point, french_pages_write_no_decimal_point);
on_both!(french_pages_write_dates_in_french, french_pages_write_dates_in_french);
on_both!(
    english_pages_write_dates_in_english,
    english_pages_write_dates_in_english
);
on_both!(
    english_counts_agree_with_their_number,
    english_counts_agree_with_their_number
);
on_both!(
    french_counts_agree_with_their_number,
    french_counts_agree_with_their_number
);
on_both!(
    french_says_partie_and_carte_de_table,
    french_says_partie_and_carte_de_table
);
