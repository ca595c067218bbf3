//! The deals of a game of a document (a table played on the devices) as
//! live play would have stored them: every deal replayed through the
//! rules core by the pages' own replay ([`replay::replay`]): dealt as the
//! table deals (at a duplicate table, exactly the hands the tournament's
//! secret gives), each action legal, once over its log the replay's and its
//! scores those of the deal entered in the table's slot. Each refusal names
//! the game's deal and the action at fault. Pure.

use crate::db::ops::deals::deal_refusal;
use crate::db::ops::games::{replay, table_deal};
use crate::db::ops::Msg;
use crate::tarot::{Action, Game};
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::{PlayerId, RoundNo};

use super::{GameDealDoc, GameDoc, TableDoc, TournamentDoc};

/// A refusal: where after `game` (` deal 3, action 14 (seat 1)`), and why.
type Refusal = (String, Msg);

/// The deals of a game played on the devices at `table` of round `round`:
/// within the table's count, in order, only the last one in progress, the
/// first one dealt with the game's seed when it has one, each replayed and
/// checked ([`check_played`]).
pub(super) fn check_deals(td: &TournamentDoc, round: RoundNo, table: &TableDoc, g: &GameDoc) -> Result<(), Refusal> {
    let mut before: Option<&GameDealDoc> = None;
    for d in &g.deals {
        let here = |(what, m): Refusal| (format!(" deal {}{what}", d.number), m);
        let whole = |m: Msg| here((String::new(), m));
        if d.number < 1 || d.number > table.deal_count {
            return Err(whole(Msg::new("deal-number-range").arg("max", table.deal_count)));
        }
        if before.is_some_and(|b| b.number >= d.number || b.log.is_none()) {
            return Err(whole(Msg::new("import-game-deal-order")));
        }
        if let (Some(seed), 1) = (g.seed, d.number) {
            if seed != d.seed {
                return Err(whole(
                    Msg::new("import-game-seed").arg("seed", seed).arg("first", d.seed),
                ));
            }
        }
        check_played(td, round, table, d).map_err(here)?;
        before = Some(d);
    }
    Ok(())
}

/// A deal of the game: dealt as the table deals its deal `number` (its
/// seats, its dealer; at a duplicate table the prepared hands), replayed
/// action by action, over with its log and scores or in progress with
/// neither.
fn check_played(td: &TournamentDoc, round: RoundNo, table: &TableDoc, d: &GameDealDoc) -> Result<(), Refusal> {
    let whole = |m: Msg| (String::new(), m);
    let n = table.seats.len();
    let (map, dealer, prepared) = table_deal(&td.settings, td.deal_secret, round, n, d.number);
    if d.seat_map != map || d.dealer != i32::from(dealer) {
        return Err(whole(Msg::new("import-game-deal-seats")));
    }
    let stored = replay::Stored {
        table_seats: n,
        dealer: d.dealer,
        seat_map: &d.seat_map,
        seed: d.seed,
        actions: d
            .actions
            .iter()
            .map(|a| {
                (
                    a.seat,
                    serde_json::from_value::<Action>(a.action.clone()).map_err(|_| a.action.to_string()),
                )
            })
            .collect(),
        no_petite: td.settings.rules.no_petite,
    };
    let fault = |f: replay::Fault| (f.place(), f.reason);
    let game = replay::replay(&stored).map_err(fault)?;
    if let Some(p) = &prepared {
        replay::check_prepared(&game, &d.seat_map, p).map_err(fault)?;
    }
    let over = d.log.is_some();
    if d.scores.is_some() != over || d.finished_at.is_some() != over {
        return Err(whole(Msg::new("import-game-end")));
    }
    replay::check_end(&game, d.log.as_ref()).map_err(fault)?;
    if over {
        check_scores(td, table, d, &game).map_err(whole)?;
    }
    Ok(())
}

/// The scores of a deal over, by table seat: those the tournament's rules
/// give to the deal played, as the devices entered it in the table's slot;
/// that slot holds it (as played, unless an organizer corrected it since).
fn check_scores(td: &TournamentDoc, table: &TableDoc, d: &GameDealDoc, game: &Game) -> Result<(), Msg> {
    let rules = &td.settings.rules;
    let mode = td.settings.table5_mode;
    let players: Vec<PlayerId> = d.seat_map.iter().map(|&t| table.seats[t]).collect();
    let scored = TableDeal::from_record(game.record().as_ref(), &players)
        .score_at(&table.seats, d.number, mode, rules)
        .map_err(|e| deal_refusal(&e))?;
    let computed: Vec<Option<i64>> = table
        .seats
        .iter()
        .enumerate()
        .map(|(t, p)| {
            let score = scored.scores.iter().find(|(q, _)| q == p).map(|(_, v)| i64::from(*v));
            score.filter(|_| d.seat_map.contains(&t))
        })
        .collect();
    let stored = d.scores.clone().unwrap_or_default();
    if serde_json::from_value::<Vec<Option<i64>>>(stored.clone()).ok().as_ref() != Some(&computed) {
        return Err(Msg::new("import-game-scores")
            .arg("stored", stored)
            .arg("computed", serde_json::json!(computed)));
    }
    let Some(entered) = table.deals.iter().find(|e| e.number == d.number) else {
        return Err(Msg::new("import-game-not-entered").arg("n", d.number));
    };
    // Version 1: as the devices entered it (a correction makes another).
    if entered.version == 1 {
        let typed = TableDeal::from_json(&entered.record)
            .and_then(|r| r.score_at(&table.seats, d.number, mode, rules))
            .map_err(|e| deal_refusal(&e))?;
        if typed.deal != scored.deal {
            return Err(Msg::new("import-game-entered-differs").arg("n", d.number));
        }
    }
    Ok(())
}
