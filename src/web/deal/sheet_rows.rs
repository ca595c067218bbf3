//! The rows of a table's score sheet: each deal's row, the points awarded,
//! the deals waiting for a defender, the deal just saved, the seats of a
//! table playing on the devices; how each is made from what is stored.

use std::collections::HashMap;

use crate::db::models::{Award, Deal, GameSeat, Tournament};
use crate::db::ops::deals::{may_confirm, Played};
use crate::db::AnyConnection;
use crate::tournament::ids::PlayerId;
use crate::tournament::table::deal_players;

use super::super::AppError;
use super::preview::Preview;

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
    /// This page may open the deal's form: not voided, and the typist may
    /// type the slot now ([`crate::db::ops::deals::Typable`]: not after the
    /// close for a table, not the devices' slots, not past the bell).
    pub editable: bool,
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
}

/// A short name for a narrow column: the first name, shortened when long
/// ("Jean-Christophe" → "Jean-C.", "Bernadette" stays, "Maximilienne" →
/// "Maximil."), with the initial of the last word when it is short
/// ("Odile Martin" → "Odile M."), or that word whole when it is a number
/// ("Robot 1").
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
        // A number tells players apart ("Robot 1"): kept whole.
        Some(last) if last.chars().all(|c| c.is_ascii_digit()) => format!("{short} {last}"),
        Some(last) if short.chars().count() <= 6 => format!("{short} {}", initial(last)),
        _ => short,
    }
}

/// An award as a row of the sheet; its points are added to `totals`.
pub(super) fn award_row(a: Award, ids: &[PlayerId], totals: &mut [i64]) -> AwardRow {
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
pub(super) fn devices(conn: &mut AnyConnection, played: &Played) -> Result<Devices, AppError> {
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
pub(super) fn blank_row(k: i32, dealer: String, ids: &[PlayerId], out: Option<PlayerId>, played: bool) -> SheetRow {
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
        editable: false,
    }
}

/// The score cells of an entered deal by table seat ("" for the player
/// sitting out); a confirmed deal's scores are added to `totals`.
pub(super) fn entered_cells(
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
pub(super) fn pending_of(
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
/// player's score.
pub(super) fn saved_of(
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
    }
}

/// The next deal to enter after deal `k` (0: from the first): the first
/// empty slot after it that this page may type, else before it.
pub(super) fn next_to_enter(rows: &[SheetRow], k: i32) -> Option<i32> {
    let empty = |r: &&SheetRow| !r.entered && r.editable;
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
        assert_eq!(short_name("Robot 1"), "Robot 1");
        assert_eq!(short_name("Bot 12"), "Bot 12");
        assert_eq!(short_name("  "), "");
    }
}
