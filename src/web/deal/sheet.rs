//! The score sheet of a table (feuille de marque): every deal with its
//! explanation and scores, and the totals that must sum to zero.

use std::borrow::Borrow;
use std::collections::HashMap;

use crate::db::models::{room, Award, Deal, GameSeat, Player, RoundTable, Tournament};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo};
use crate::tournament::table::{deal_players, dealer_seat};
use crate::web::clock::ClockView;
use crate::web::filters;

use crate::db::ops::deals::{may_confirm, Played};

use super::super::{AppError, Ctx};
use super::preview::{explain, Preview};
use super::TableAt;

/// One deal row of a score sheet.
pub struct SheetRow {
    /// Deal number.
    pub k: i32,
    /// Dealer's name.
    pub dealer: String,
    /// Dealer's short name (narrow columns).
    pub dealer_short: String,
    /// Entered yet.
    pub entered: bool,
    /// The explanation.
    pub summary: String,
    /// Scores by table seat ("" for the player sitting out, "·" when not entered).
    pub scores: Vec<String>,
    /// Entered, waiting for a defender's confirmation (not counted yet).
    pub pending: bool,
    /// Played on the devices (the table's game plays this slot).
    pub played: bool,
    /// Voided by the organizer, with this reason: struck, counting for nobody.
    pub void: Option<String>,
}

/// Points the organizer awarded at the table, as a row of the sheet.
pub struct AwardRow {
    /// The award's id.
    pub id: i32,
    /// Why.
    pub reason: String,
    /// Points by table seat ("" for none).
    pub cells: Vec<String>,
}

/// The organizer's adjustment forms under the sheet: what was typed in the
/// one refused, and why.
#[derive(Default)]
pub struct AdjustForms {
    /// The form refused (`void`, `award`, `withdraw-{id}`) and the sentence.
    pub error: Option<(String, String)>,
    /// The deal chosen in the void form.
    pub deal: String,
    /// The reason typed in the form refused.
    pub reason: String,
    /// The points typed in the award form, by table seat.
    pub points: Vec<String>,
}

impl AdjustForms {
    /// The sentence for form `which`, if it was the one refused.
    pub fn error_for(&self, which: &str) -> Option<&str> {
        self.error.as_ref().filter(|(w, _)| w == which).map(|(_, m)| m.as_str())
    }

    /// What form `which` shows in its reason field.
    pub fn reason_for(&self, which: &str) -> &str {
        if self.error_for(which).is_some() {
            &self.reason
        } else {
            ""
        }
    }

    /// The points typed for seat `i`.
    pub fn points_at(&self, i: &usize) -> &str {
        self.points.get(*i).map_or("", String::as_str)
    }
}

/// A seat of a table that plays on the devices: its player's name, a link
/// to their own seat page.
pub struct SeatLink {
    /// The name.
    pub name: String,
    /// The seat's page (`/s/{token}`), if it has a link.
    pub link: Option<String>,
    /// A bot plays it now.
    pub bot: bool,
}

/// What the sheet of a table playing on the devices shows: each player's
/// seat, and from which deal the devices play.
pub struct Devices {
    /// The seats, in table order.
    pub seats: Vec<SeatLink>,
    /// The last deal typed before the switch (hybrid), if any.
    pub typed_until: Option<i32>,
}

/// A deal waiting for a defender's confirmation, with who may confirm it.
pub struct Pending {
    /// Deal number.
    pub k: i32,
    /// The version being confirmed.
    pub version: i32,
    /// Its explanation.
    pub summary: String,
    /// The defenders (id, name): a tap on a name confirms.
    pub defenders: Vec<(PlayerId, String)>,
}

/// What the sheet says right after a deal was saved.
pub struct Saved {
    /// The deal saved.
    pub k: i32,
    /// Its score and explanation.
    pub preview: Preview,
    /// The next deal to enter, if any.
    pub next: Option<i32>,
}

/// The score sheet of a table.
#[derive(askama::Template)]
#[template(path = "deal/sheet.html")]
pub struct SheetPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: RoundNo,
    /// Round closed.
    pub closed: bool,
    /// Table number.
    pub table: TableNo,
    /// The table as its room calls it.
    pub table_name: String,
    /// The tablet link.
    pub link: String,
    /// Where the deal links hang from.
    pub base: String,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Short names for the columns (a table of 5 on a phone).
    pub short: Vec<String>,
    /// Deal rows.
    pub rows: Vec<SheetRow>,
    /// Totals by seat.
    pub totals: Vec<i64>,
    /// The deal just saved, if the page follows a save.
    pub saved: Option<Saved>,
    /// Deals waiting for a defender's confirmation (confirmation asked).
    pub pending: Vec<Pending>,
    /// The table's own page (from its link): confirmations are tapped here.
    pub own: bool,
    /// The table plays on the devices.
    pub devices: Option<Devices>,
    /// A timed round's countdown.
    pub clock: Option<ClockView>,
    /// Points awarded by the organizer, after the deals.
    pub awards: Vec<AwardRow>,
    /// Player ids in seat order (the award form's fields).
    pub ids: Vec<PlayerId>,
    /// The organizer's adjustment forms.
    pub adjust: AdjustForms,
}

impl SheetRow {
    /// Whether this page may open the deal's form: not for a slot played
    /// on the devices (the table's link never, an organizer to correct a
    /// deal played and over), else while the round is open or for an
    /// organizer.
    pub fn editable(&self, own: impl Borrow<bool>, closed: impl Borrow<bool>, organizer: impl Borrow<bool>) -> bool {
        if self.void.is_some() || self.played && (*own.borrow() || !self.entered) {
            return false;
        }
        !*closed.borrow() || *organizer.borrow()
    }
}

impl SheetPage {
    /// Whether the totals sum to zero.
    pub fn balanced(&self) -> bool {
        self.totals.iter().sum::<i64>() == 0
    }

    /// The deals the organizer may void (entered, not voided).
    pub fn voidable(&self) -> Vec<i32> {
        self.rows
            .iter()
            .filter(|r| r.entered && r.void.is_none())
            .map(|r| r.k)
            .collect()
    }

    /// Whether the organizer's adjustment forms show: an organizer's own
    /// view of the table (not from the table's link).
    pub fn adjustable(&self) -> bool {
        self.ctx.is_organizer() && !self.own
    }
}

/// A short name for a narrow column: the first name, shortened when long
/// ("Jean-Christophe" → "Jean-C.", "Bernadette" stays, "Maximilienne" →
/// "Maximil."), with the initial of the last word when it is short
/// ("Odile Martin" → "Odile M.").
pub fn short_name(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let first = words.first().copied().unwrap_or("");
    let initial = |w: &str| w.chars().next().map(|c| format!("{c}.")).unwrap_or_default();
    let short = match first.split_once('-') {
        Some((a, b)) if first.chars().count() > 8 => format!("{a}-{}", initial(b)),
        _ if first.chars().count() > 10 => format!("{}.", first.chars().take(7).collect::<String>()),
        _ => first.to_owned(),
    };
    match words.last().filter(|_| words.len() > 1) {
        Some(last) if short.chars().count() <= 6 => format!("{short} {}", initial(last)),
        _ => short,
    }
}

/// Builds the score sheet of a table; `saved` is the deal just saved, if any.
pub fn build(conn: &mut AnyConnection, ctx: Ctx, at: &TableAt, saved: Option<i32>) -> Result<SheetPage, AppError> {
    let (t, round, table) = at.find(conn)?;
    let lang = ctx.lang;
    let ids = RoundTable::players(conn, table.id)?;
    let nm = Player::names(conn, &ids)?;
    let entered: HashMap<i32, (Deal, HashMap<PlayerId, i32>)> = Deal::with_scores_for_table(conn, table.id)?
        .into_iter()
        .map(|(d, scores)| (d.number, (d, scores.into_iter().collect())))
        .collect();
    let played = Played::of_tables(conn, &[table.id])?.remove(&table.id);
    let plays = |k: i32| played.is_some_and(|p| p.plays(k));
    let mut totals = vec![0i64; ids.len()];
    let mut rows = Vec::new();
    let mut pending = Vec::new();
    let mut saved_deal = None;
    for k in 1..=table.deal_count {
        let dealer = nm.get(&ids[dealer_seat(ids.len(), k)]).cloned().unwrap_or_default();
        let (_, out) = deal_players(&ids, k, t.table5_mode);
        let Some((d, scores)) = entered.get(&k) else {
            rows.push(blank_row(k, dealer, &ids, out, plays(k)));
            continue;
        };
        // Scored again for its explanation: one source of truth, the rules core.
        let scored = d.record.score_at(&ids, k, t.table5_mode, &t.rules).ok();
        let output = scored.as_ref().and_then(|s| s.output.as_ref());
        let cells = entered_cells(d, scores, &ids, out, &mut totals);
        let summary = explain(lang, &d.record, output, &nm);
        if !d.confirmed && d.void_reason.is_none() {
            pending.push(pending_of(&t, k, d, &summary, &ids, &nm));
        }
        if saved == Some(k) {
            saved_deal = Some(saved_of(k, &summary, scores, &ids, &nm));
        }
        rows.push(SheetRow {
            k,
            dealer_short: short_name(&dealer),
            dealer,
            entered: true,
            summary,
            scores: cells,
            pending: !d.confirmed && d.void_reason.is_none(),
            played: plays(k),
            void: d.void_reason.clone(),
        });
    }
    let awards = Award::for_tables(conn, &[table.id])?
        .into_iter()
        .map(|a| award_row(a, &ids, &mut totals))
        .collect();
    if let Some(s) = saved_deal.as_mut() {
        s.next = next_to_enter(&rows, s.k);
    }
    let players: Vec<String> = ids.iter().map(|p| nm.get(p).cloned().unwrap_or_default()).collect();
    let table_name = ctx.table_name(&room::layout(conn, t.id)?, table.number);
    Ok(SheetPage {
        clock: ClockView::of(&round, &ctx),
        ctx,
        round: round.number,
        closed: round.is_closed(),
        table: table.number,
        table_name,
        link: format!("/t/{}", table.token),
        base: at.base(),
        short: players.iter().map(|n| short_name(n)).collect(),
        players,
        rows,
        totals,
        saved: saved_deal,
        pending,
        own: matches!(at, TableAt::Token(_)),
        devices: played.map(|p| devices(conn, &p)).transpose()?,
        t,
        awards,
        adjust: AdjustForms {
            points: vec![String::new(); ids.len()],
            ..AdjustForms::default()
        },
        ids,
    })
}

/// An award as a row of the sheet; its points are added to `totals`.
fn award_row(a: Award, ids: &[PlayerId], totals: &mut [i64]) -> AwardRow {
    let cells = ids
        .iter()
        .enumerate()
        .map(|(i, p)| match a.points.iter().find(|(q, _)| q == p) {
            Some((_, v)) => {
                totals[i] += i64::from(*v);
                format!("{v:+}")
            }
            None => String::new(),
        })
        .collect();
    AwardRow {
        id: a.id,
        reason: a.reason,
        cells,
    }
}

/// The seats of a table's game, each a link to its page.
fn devices(conn: &mut AnyConnection, played: &Played) -> Result<Devices, AppError> {
    let seats = GameSeat::of_game(conn, played.game)?
        .into_iter()
        .map(|s| SeatLink {
            name: s.name,
            link: s.token.map(|t| format!("/s/{t}")),
            bot: s.bot.is_some(),
        })
        .collect();
    Ok(Devices {
        seats,
        typed_until: (played.first > 1).then_some(played.first - 1),
    })
}

/// The row of deal `k`, not entered yet: "·" for each player, "" for the
/// one sitting out (`out`).
fn blank_row(k: i32, dealer: String, ids: &[PlayerId], out: Option<PlayerId>, played: bool) -> SheetRow {
    SheetRow {
        k,
        dealer_short: short_name(&dealer),
        dealer,
        entered: false,
        summary: String::new(),
        scores: ids
            .iter()
            .map(|p| if Some(*p) == out { String::new() } else { "·".into() })
            .collect(),
        pending: false,
        played,
        void: None,
    }
}

/// The score cells of an entered deal by table seat ("" for the player
/// sitting out); a confirmed deal's scores are added to `totals`.
fn entered_cells(
    d: &Deal,
    scores: &HashMap<PlayerId, i32>,
    ids: &[PlayerId],
    out: Option<PlayerId>,
    totals: &mut [i64],
) -> Vec<String> {
    let mut cells = Vec::new();
    for (i, p) in ids.iter().enumerate() {
        let s = scores.get(p).copied().unwrap_or(0);
        if d.confirmed && d.void_reason.is_none() {
            totals[i] += i64::from(s);
        }
        cells.push(if Some(*p) == out { String::new() } else { s.to_string() });
    }
    cells
}

/// Deal `k` waiting for a defender's confirmation, with the defenders who
/// may confirm it.
fn pending_of(
    t: &Tournament,
    k: i32,
    d: &Deal,
    summary: &str,
    ids: &[PlayerId],
    nm: &HashMap<PlayerId, String>,
) -> Pending {
    let (playing, _) = deal_players(ids, k, t.table5_mode);
    Pending {
        k,
        version: d.version,
        summary: summary.to_owned(),
        defenders: playing
            .iter()
            .filter(|p| may_confirm(&d.record, &playing, **p))
            .map(|p| (*p, nm.get(p).cloned().unwrap_or_default()))
            .collect(),
    }
}

/// What the sheet says of deal `k` just saved: its explanation and each
/// player's score (the next deal to enter is found once every row is made).
fn saved_of(
    k: i32,
    summary: &str,
    scores: &HashMap<PlayerId, i32>,
    ids: &[PlayerId],
    nm: &HashMap<PlayerId, String>,
) -> Saved {
    Saved {
        k,
        preview: Preview {
            ok: true,
            message: summary.to_owned(),
            field: String::new(),
            scores: ids
                .iter()
                .filter_map(|p| Some((nm.get(p).cloned().unwrap_or_default(), *scores.get(p)?)))
                .collect(),
        },
        next: None,
    }
}

/// The next deal to enter after deal `k`: the first empty slot after it,
/// else before it (the devices' slots are not typed).
fn next_to_enter(rows: &[SheetRow], k: i32) -> Option<i32> {
    let empty = |r: &&SheetRow| !r.entered && !r.played;
    rows.iter()
        .filter(|r| r.k > k)
        .find(empty)
        .or_else(|| rows.iter().find(empty))
        .map(|r| r.k)
}

#[cfg(test)]
mod tests {
    use super::short_name;

    #[test]
    fn short_names_fit_a_narrow_column() {
        assert_eq!(short_name("Odile Martin"), "Odile M.");
        assert_eq!(short_name("Jean-Christophe Moreau"), "Jean-C.");
        assert_eq!(short_name("Bernadette Lefebvre-Dubois"), "Bernadette");
        assert_eq!(short_name("Maximilienne Durand"), "Maximil.");
        assert_eq!(short_name("Zoé"), "Zoé");
        assert_eq!(short_name("  "), "");
    }
}
