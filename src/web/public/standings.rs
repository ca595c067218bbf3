//! The standings page (cumulative, or one round's), and its live part made
//! once per snapshot and language.

use std::borrow::Cow;
use std::sync::Arc;

use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::Tournament;
use crate::i18n::Lang;
use crate::tournament::ids::{RoundNo, TournamentId};
use crate::web::filters;
use crate::web::live::Snapshot;
use crate::web::{render, AppError, AppState, Ctx};

use crate::web::live::sse::live_url;

/// The standings page.
#[derive(askama::Template)]
#[template(path = "public/standings.html")]
pub struct StandingsPage {
    /// Page context.
    pub ctx: Ctx,
    /// What it shows, shared with every request until the tournament changes.
    pub data: Arc<Snapshot>,
    /// Round numbers seated.
    pub rounds: Vec<RoundNo>,
    /// The live events' address.
    pub live: String,
}

impl StandingsPage {
    /// A page of `data`.
    pub fn new(ctx: Ctx, data: Arc<Snapshot>) -> StandingsPage {
        StandingsPage {
            ctx,
            rounds: data.round_numbers(),
            live: live_url(data.t.id),
            data,
        }
    }
    /// The tournament.
    pub fn t(&self) -> &Tournament {
        &self.data.t
    }
    /// Said when the standings are the last read, the database away.
    pub fn stale_note(&self) -> Option<String> {
        self.data.stale_note(self.ctx.lang, self.ctx.tz)
    }
    /// The players' names, the suggestions of "find my name" (the
    /// `<option>`s of its list): made once per snapshot, 2,000 names
    /// escaped again for each visitor took 5 % of the festival's server.
    pub fn find_names(&self) -> &str {
        self.data.rendered.find_options.get_or_init(|| {
            let names: Vec<String> = self
                .data
                .standings
                .lines
                .iter()
                .map(|l| filters::isolated(&l.name))
                .collect();
            askama::Template::render(&FindOptions { names: &names }).unwrap_or_default()
        })
    }
    /// The live part: made once per snapshot and language for visitors, each
    /// time for an organizer (it holds the zero-sum check).
    pub fn region(&self) -> Cow<'_, str> {
        let region = StandingsRegion {
            lang: self.ctx.lang,
            organizer: self.ctx.is_organizer(),
            data: &self.data,
            rounds: &self.rounds,
        };
        if region.organizer {
            return Cow::Owned(region.html());
        }
        let slot = &self.data.rendered.standings_region[self.ctx.lang as usize];
        Cow::Borrowed(slot.get_or_init(|| region.html()))
    }
}

/// The suggestions of "find my name".
#[derive(askama::Template)]
#[template(source = r#"{% for n in names %}<option value="{{ n }}">{% endfor %}"#, ext = "html")]
struct FindOptions<'a> {
    names: &'a [String],
}

/// The live part of the standings page.
#[derive(askama::Template)]
#[template(path = "public/standings_region.html")]
pub struct StandingsRegion<'a> {
    /// The visitor's language.
    pub lang: Lang,
    /// Whether an organizer is looking (the zero-sum check shows).
    pub organizer: bool,
    /// What it shows.
    pub data: &'a Snapshot,
    /// Round numbers seated.
    pub rounds: &'a [RoundNo],
}

impl StandingsRegion<'_> {
    /// The message `key` with one argument.
    pub fn t1(&self, key: &str, name: &str, value: impl std::fmt::Display) -> String {
        self.lang.t_args(key, &[(name, value.to_string())])
    }
}
rows_impl!(StandingsRegion);

#[derive(Deserialize)]
struct RoundQuery {
    round: Option<RoundNo>,
}

/// The standings page, from memory when nothing changed since it was read.
#[get("/tournaments/{id}/standings")]
pub(super) async fn standings_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    q: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let data = state.standings(path.into_inner(), ctx.audience(), q.round).await?;
    Ok(render::page(&StandingsPage::new(ctx, data)))
}
