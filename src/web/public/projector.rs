//! The projector view of the standings: large type for a room, every
//! round, the current round's progress; its rows made once per snapshot.

use std::sync::Arc;

use actix_web::{get, web, HttpResponse};

use crate::db::models::Tournament;
use crate::i18n::Lang;
use crate::tournament::ids::{RoomNo, RoundNo, TournamentId};
use crate::tournament::standings::Standings;
use crate::web::clock::ClockView;
use crate::web::filters;
use crate::web::links::{qr_svg_inline, SiteUrl};
use crate::web::live::{Progress, Snapshot};
use crate::web::organizer::rooms::RoomQuery;
use crate::web::{render, AppError, AppState, Ctx};

use super::tables_done;
use crate::web::live::sse::live_url;

/// How many players a column of the projector holds at most before a second
/// (then a third) column opens: at 1920×1080, 16 rows of large type.
const COLUMN_ROWS: usize = 16;
/// Rows of a column at most: past them, pages.
const MOST_ROWS: usize = 20;
/// A name longer than this many characters takes a wider column: two
/// columns side by side at most, not three (24 characters in full at 1920
/// px in type read from the back of the room).
const LONG_NAME: usize = 16;

/// The projector's columns for `players` players: up to `most` columns of
/// equal length (each line's index in the standings, best first).
pub fn columns(players: usize, most: usize) -> Vec<std::ops::Range<usize>> {
    let count = players.div_ceil(COLUMN_ROWS).clamp(1, most);
    let per = players.div_ceil(count).max(1);
    (0..players)
        .step_by(per)
        .map(|start| start..(start + per).min(players))
        .collect()
}

/// The projector's pages, each its columns (up to three, two if a name is
/// longer than [`LONG_NAME`]): every player on one screen while columns of
/// [`MOST_ROWS`] hold them, else pages of equal length that turn by
/// themselves (every player seen within one turn of the pages).
pub fn pages(players: usize, longest_name: usize) -> Vec<Vec<std::ops::Range<usize>>> {
    let most = if longest_name > LONG_NAME { 2 } else { 3 };
    let count = players.div_ceil(MOST_ROWS * most).max(1);
    let per = players.div_ceil(count).max(1);
    (0..players)
        .step_by(per)
        .map(|start| {
            let end = (start + per).min(players);
            columns(end - start, most)
                .into_iter()
                .map(|c| c.start + start..c.end + start)
                .collect()
        })
        .collect()
}

/// The tables of the projector, one per column.
#[derive(askama::Template)]
#[template(path = "public/projector_rows.html")]
pub struct ProjectorRows<'a> {
    /// The visitor's language.
    pub lang: Lang,
    /// What they show.
    pub data: &'a Snapshot,
    /// Round numbers seated.
    pub rounds: &'a [RoundNo],
}
rows_impl!(ProjectorRows);

impl ProjectorRows<'_> {
    /// A round's column head ("P3").
    pub fn round_head(&self, r: &RoundNo) -> String {
        self.lang.t_args("round-short", &[("n", r.to_string())])
    }
    /// The pages, each its columns (ranges of lines).
    pub fn pages(&self) -> Vec<Vec<std::ops::Range<usize>>> {
        let lines = &self.data.standings.lines;
        let longest = lines.iter().map(|l| l.name.chars().count()).max().unwrap_or(0);
        pages(lines.len(), longest)
    }
    /// "Standings, page 2/3" above page `n` (from 1), when there are several.
    pub fn page_label(&self, n: &usize, pages: usize) -> String {
        let args = [("n", n.to_string()), ("pages", pages.to_string())];
        self.lang.t_args("projector-page", &args)
    }
    /// The size of the type, by the longest column's length: as large as
    /// a 1080-line screen holds that many rows (style.css, `data-size`;
    /// static/live.js makes it smaller if a name or a row would not fit).
    pub fn size(&self) -> &'static str {
        match self.pages().first().and_then(|p| p.first()).map_or(0, |c| c.len()) {
            0..=10 => "xl",
            11..=13 => "l",
            14..=16 => "m",
            _ => "s",
        }
    }
    /// Whether each round's total has a column: with a single column of
    /// players (side by side, the columns show the place, the name and the
    /// total, what the back of the room reads).
    pub fn round_columns(&self) -> bool {
        self.pages().first().is_none_or(|p| p.len() <= 1)
    }
}

/// The projector view of the standings: large type for a room, every round,
/// the current round's progress, scrolling by itself when the list is long.
#[derive(askama::Template)]
#[template(path = "public/projector.html")]
pub struct ProjectorPage {
    /// Page context.
    pub ctx: Ctx,
    /// What it shows.
    pub data: Arc<Snapshot>,
    /// Round numbers seated.
    pub rounds: Vec<RoundNo>,
    /// The live events' address.
    pub live: String,
    /// The public standings' full address (under the QR code).
    pub standings_url: String,
    /// The room whose screen it is (its tables' progress; the whole
    /// standings), if one is asked (`?room=2`).
    pub room: Option<RoomNo>,
    /// A team event's standings, best first (a slide of their own).
    pub teams: Vec<crate::web::teams::TeamView>,
}

impl ProjectorPage {
    /// The tournament.
    pub fn t(&self) -> &Tournament {
        &self.data.t
    }
    /// Said when the standings are the last read, the database away.
    pub fn stale_note(&self) -> Option<String> {
        self.data.stale_note(self.ctx.lang, self.ctx.tz)
    }
    /// The standings.
    pub fn s(&self) -> &Standings {
        &self.data.standings
    }
    /// The table's rows (made once per snapshot).
    pub fn rows(&self) -> &str {
        let rows = ProjectorRows {
            lang: self.ctx.lang,
            data: &self.data,
            rounds: &self.rounds,
        };
        self.data.rendered.projector_rows[self.ctx.lang as usize].get_or_init(|| rows.html())
    }
    /// The QR code of the standings' address, for the phones in the room.
    pub fn standings_qr(&self) -> String {
        qr_svg_inline(&self.standings_url, "projector-qr")
    }
    /// The current round's progress (in the room shown, if one is).
    pub fn progress(&self) -> Option<&Progress> {
        match self.room {
            None => self.data.progress.as_ref(),
            Some(r) => self.data.room_progress.iter().find(|(n, _)| *n == r).map(|(_, p)| p),
        }
    }
    /// The room's name, on its own screen.
    pub fn room_name(&self) -> Option<&str> {
        self.room.and_then(|r| self.data.rooms.room(r)).map(|r| r.name.as_str())
    }
    /// The room's tables still playing ("Encore en jeu : 3, 7"), on its
    /// own screen.
    pub fn still_playing(&self, p: &Progress) -> Option<String> {
        if self.room.is_none() || p.closed || p.unfinished.is_empty() {
            return None;
        }
        let shown: Vec<String> = p
            .unfinished
            .iter()
            .map(|n| self.data.rooms.label(*n).number.to_string())
            .collect();
        Some(
            self.ctx
                .lang
                .t_args("projector-still-playing", &[("tables", shown.join(", "))]),
        )
    }
    /// "Round 3 of 5, under way" (or "over").
    pub fn round_line(&self) -> String {
        let Some(p) = self.progress() else {
            return String::new();
        };
        let key = if p.closed {
            "live-round-closed"
        } else {
            "live-round-open"
        };
        self.ctx.lang.t_args(
            key,
            &[
                ("round", p.round.to_string()),
                ("rounds", self.t().rounds_planned.to_string()),
            ],
        )
    }
    /// "Tables done: 3/10".
    pub fn tables_done(&self, p: &Progress) -> String {
        tables_done(&self.ctx, p)
    }
    /// "Deals entered: 12/40".
    pub fn deals_in(&self, p: &Progress) -> String {
        let args = [
            ("done", p.deals_in.to_string()),
            ("expected", p.deals_expected.to_string()),
        ];
        self.ctx.lang.t_args("live-deals-in", &args)
    }
    /// The current round's countdown while it is open and timed, else a
    /// hidden one waiting for the next timed round: the projector stays on
    /// the wall from round to round.
    pub fn clock(&self) -> ClockView {
        let id = self.t().id;
        self.progress()
            .filter(|p| !p.closed)
            .and_then(|p| Some(ClockView::new(id, p.round, p.ends_at?, &self.ctx)))
            .map_or_else(|| ClockView::waiting(id), ClockView::following)
    }
    /// Deals entered as a percentage of the round's deals (the bar's text).
    pub fn percent_done(&self) -> usize {
        match self.progress() {
            Some(p) if p.deals_expected > 0 => p.deals_in * 100 / p.deals_expected,
            _ => 0,
        }
    }
}

#[get("/tournaments/{id}/projector")]
pub(super) async fn projector_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    site: SiteUrl,
    path: web::Path<TournamentId>,
    query: web::Query<RoomQuery>,
) -> Result<HttpResponse, AppError> {
    let data = state.standings(path.into_inner(), ctx.audience(), None).await?;
    // A room the tournament does not have: no such screen.
    let room = data
        .rooms
        .asked(query.room.as_deref())
        .map_err(|_| AppError::NotFound)?
        .map(|r| r.number);
    let teams = match data.t.teams {
        None => Vec::new(),
        Some(_) => crate::web::teams::views(&crate::web::teams::read_with(&state, data.clone()).await?, ctx.lang),
    };
    Ok(render::page(&ProjectorPage {
        room,
        teams,
        ctx,
        rounds: data.round_numbers(),
        live: live_url(data.t.id),
        standings_url: format!("{}/tournaments/{}/standings", site.0, data.t.id),
        data,
    }))
}

#[cfg(test)]
mod tests {
    use super::{columns, pages};

    #[test]
    fn the_columns_share_the_players_evenly() {
        assert!(columns(0, 3).is_empty());
        assert_eq!(columns(10, 3), vec![0..10]);
        assert_eq!(columns(16, 3), vec![0..16]);
        assert_eq!(columns(26, 3), [0..13, 13..26]);
        assert_eq!(columns(40, 3), [0..14, 14..28, 28..40]);
        assert_eq!(columns(40, 2), [0..20, 20..40]);
        for n in 0..200 {
            let c = columns(n, 3);
            assert_eq!(c.iter().map(|r| r.len()).sum::<usize>(), n);
            assert!(c.len() <= 3);
            assert!(c.windows(2).all(|w| w[0].end == w[1].start && w[0].len() >= w[1].len()));
        }
    }

    #[test]
    fn past_a_screen_of_players_the_pages_turn() {
        assert!(pages(0, 10).is_empty());
        assert_eq!(pages(26, 12), vec![vec![0..13, 13..26]]);
        // Sixty short names on one screen: three columns of 20.
        assert_eq!(pages(60, 16), vec![vec![0..20, 20..40, 40..60]]);
        // Sixty names of 24 characters: two pages of two columns of 15.
        assert_eq!(pages(60, 24), vec![vec![0..15, 15..30], vec![30..45, 45..60]]);
        // 61 short names: two pages of about thirty, each in two columns.
        assert_eq!(pages(61, 10), vec![vec![0..16, 16..31], vec![31..46, 46..61]]);
        for n in 1..400 {
            for longest in [10, 24] {
                let p = pages(n, longest);
                let lines: Vec<usize> = p.iter().flatten().flat_map(|c| c.clone()).collect();
                assert_eq!(lines, (0..n).collect::<Vec<_>>(), "every player once, in order");
                let most = if longest > 16 { 2 } else { 3 };
                assert!(p
                    .iter()
                    .all(|page| page.len() <= most && page.iter().all(|c| c.len() <= 20)));
            }
        }
    }
}
