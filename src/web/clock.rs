//! The countdown of a timed round on every screen (table sheet, deal form,
//! seat page, round page, projector): the page carries the end and the
//! server's time at render (`templates/clock.html`), `static/clock.js`
//! counts down from them with the page's monotonic clock, so a device whose
//! own clock is wrong still shows the server's remaining time. Without
//! JavaScript the page says when the round ends.

use super::Ctx;
use crate::db::models::Round;
use crate::db::now;
use crate::i18n::Lang;
use crate::tournament::clock::{rfc3339, rfc3339_ms};
use crate::tournament::ids::{RoundNo, TournamentId};
use chrono::NaiveDateTime;

/// A timed round's clock, as a page shows it.
#[derive(Debug, Clone)]
pub struct ClockView {
    /// The round.
    pub round: RoundNo,
    /// Its end, RFC 3339 UTC.
    pub ends_at: String,
    /// The server's time at render, RFC 3339 UTC to the millisecond.
    pub now: String,
    /// The end in the club's time zone (`21 h 30`, `21:30`), for the page
    /// without JavaScript.
    pub end_text: String,
    /// The tournament's event stream, where the page may listen to
    /// `event: clock` (the end moved).
    pub live: String,
    /// The page follows the rounds (the projector): a later round's clock
    /// replaces this one as it starts; empty (`ends_at` "") and hidden
    /// until then when no timed round is under way.
    pub follow: bool,
}

impl ClockView {
    /// The clock of `round` while it is open and timed.
    pub fn of(round: &Round, ctx: &Ctx) -> Option<ClockView> {
        let end = round.ends_at.filter(|_| !round.is_closed())?;
        Some(ClockView::new(round.tournament_id, round.number, end, ctx))
    }

    /// The clock of round `number` of a tournament, ending at `end`.
    pub fn new(tournament: TournamentId, number: RoundNo, end: NaiveDateTime, ctx: &Ctx) -> ClockView {
        let local = end.and_utc().with_timezone(&ctx.tz);
        let end_text = if ctx.lang == Lang::Fr {
            local.format("%H h %M").to_string()
        } else {
            local.format("%H:%M").to_string()
        };
        ClockView {
            round: number,
            ends_at: rfc3339(end),
            now: rfc3339_ms(now()),
            end_text,
            live: super::live::sse::live_url(tournament),
            follow: false,
        }
    }

    /// This clock, following the rounds to come (the projector).
    pub fn following(mut self) -> ClockView {
        self.follow = true;
        self
    }

    /// The projector's clock while no timed round is under way: empty and
    /// hidden, shown by `static/clock.js` when a timed round starts.
    pub fn waiting(tournament: TournamentId) -> ClockView {
        ClockView {
            round: RoundNo::NONE,
            ends_at: String::new(),
            now: rfc3339_ms(now()),
            end_text: String::new(),
            live: super::live::sse::live_url(tournament),
            follow: true,
        }
    }
}

/// A time of the database (UTC) in the server's time zone, as the page's
/// language writes it, with the zone's abbreviation.
pub fn local_time(tz: chrono_tz::Tz, utc: chrono::NaiveDateTime, lang: crate::i18n::Lang) -> String {
    use chrono::TimeZone;
    let local = tz.from_utc_datetime(&utc);
    match lang {
        crate::i18n::Lang::Fr => local.format("%d/%m/%Y %H:%M:%S %Z").to_string(),
        crate::i18n::Lang::En => local.format("%-d %b %Y %H:%M:%S %Z").to_string(),
    }
}
