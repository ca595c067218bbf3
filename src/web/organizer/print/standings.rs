//! The final standings to print: every round's column, the club, the
//! tie-break figure when the tournament breaks ties.

use std::collections::HashMap;

use actix_web::{get, web, HttpResponse};

use crate::db::models::{Registration, Round, Tournament};
use crate::db::ops::visible::Audience;
use crate::db::ops::{standings, tournaments};
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::standings::Standings;
use crate::web::exports::tie_break_column;
use crate::web::filters;
use crate::web::{render, AppError, Ctx, OrgPage};

/// The standings to print: every round's column, the club.
#[derive(askama::Template)]
#[template(path = "print/standings.html")]
pub struct StandingsPrint {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Standings.
    pub s: Standings,
    /// Round numbers seated.
    pub rounds: Vec<RoundNo>,
    /// The tie-break figure's column title, and each line's figure, when
    /// the tournament breaks ties.
    pub tie: Option<(String, Vec<String>)>,
    /// Whether every planned round is seated and closed.
    pub last: bool,
    /// Clubs by player id.
    pub clubs: HashMap<PlayerId, String>,
}

impl StandingsPrint {
    /// A player's club.
    pub fn club(&self, player: &PlayerId) -> &str {
        self.clubs.get(player).map(String::as_str).unwrap_or("")
    }
}

#[get("/tournaments/{id}/standings/print")]
pub(super) async fn standings_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let page = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let s = standings::compute(conn, id, None, Audience::Organizer)?;
            let all = Round::for_tournament(conn, id)?;
            let last = Round::all_played(&all, t.rounds_planned);
            let clubs = Registration::with_players(conn, id)?
                .into_iter()
                .map(|(_, p)| (p.id, p.club))
                .collect();
            let tie = tie_break_column(t.tie_breaker)
                .map(|(key, figure)| (ctx.t(key), s.lines.iter().map(|l| figure(l).to_string()).collect()));
            Ok(StandingsPrint {
                ctx,
                t,
                s,
                tie,
                rounds: all.into_iter().map(|r| r.number).collect(),
                last,
                clubs,
            })
        })
        .await?;
    Ok(render::page(&page))
}
