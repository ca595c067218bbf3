//! What a seat sees: the JSON view of FORMATS.md ("Digital play: seats"),
//! with the scores across the deals of the table. Built only from
//! [`crate::tarot::Game::view`] of that seat: no other seat's hidden card can
//! get in.

use serde_json::{json, Value};

use crate::db::ops::games::GameState;
use crate::tarot::{Game, Seat, SeatView};

/// What a seat that sits this deal out (the dealer at a table of 5) sees:
/// what every player sees, no hand.
fn spectator(game: &Game) -> SeatView {
    let watcher = Seat::all(game.players())
        .find(|s| Some(*s) != game.taker())
        .unwrap_or(Seat(0));
    let mut v = game.view(watcher);
    v.hand.clear();
    v.legal.clear();
    v
}

/// The seat's view of the deal in progress (or just over), in the deal's
/// seats; `None` before the first deal.
pub fn seat_view(st: &GameState, table_seat: usize) -> Option<SeatView> {
    let game = st.play.as_ref()?;
    let mut v = match st.deal_seat(table_seat) {
        Some(s) => game.view(s),
        None => spectator(game),
    };
    // A seat a bot plays takes no action from its page.
    if st.is_bot(table_seat) {
        v.legal.clear();
    }
    Some(v)
}

/// The JSON view of a seat: FORMATS.md's fields, plus the deal's number, the
/// version to send back with an action, the names by seat and the totals.
pub fn seat_json(st: &GameState, table_seat: usize) -> Value {
    let deal = st.current();
    let mut out = match seat_view(st, table_seat) {
        Some(v) => serde_json::to_value(&v).expect("a view serializes"),
        None => json!({}),
    };
    let sitting_out = st.deal_seat(table_seat).is_none();
    let o = out.as_object_mut().expect("an object");
    o.insert("game".into(), json!(st.game.id));
    o.insert(
        "seat".into(),
        st.deal_seat(table_seat).map_or(Value::Null, |s| json!(s)),
    );
    o.insert("table_seat".into(), json!(table_seat));
    o.insert("sitting_out".into(), json!(sitting_out));
    o.insert("bot".into(), json!(st.seats[table_seat].bot));
    o.insert("deal".into(), json!(deal.map(|d| d.number)));
    o.insert("deals".into(), json!(st.game.deal_count));
    o.insert("version".into(), json!(st.version));
    o.insert("names".into(), json!(st.deal_names()));
    o.insert(
        "table".into(),
        json!(st.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>()),
    );
    o.insert("totals".into(), json!(st.totals()));
    o.insert("next".into(), json!(st.next_open()));
    if let Some(h) = st.handful_offer(table_seat) {
        o.insert("handful_offer".into(), json!(h.to_vec()));
    }
    out
}

/// "A quick bot" / "A strong bot", in `lang`.
pub fn bot_label(kind: crate::bots::BotKind, lang: crate::i18n::Lang) -> String {
    lang.t(match kind {
        crate::bots::BotKind::Strong => "play-bot-strong",
        crate::bots::BotKind::Quick => "play-bot-quick",
    })
}

/// A deal's scores by table seat as the score tables show them: "–" for
/// the seat that sat out.
pub fn score_cells(scores: &[Option<i64>]) -> Vec<String> {
    scores.iter().map(|v| v.map_or("–".into(), |x| x.to_string())).collect()
}
