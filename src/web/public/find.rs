//! "Find my name": a box on the tournament's public pages (the standings,
//! a player's page) that leads a player to their own page, where their table
//! and seat of the round under way are. It looks among the players of the
//! standings (accents, case and extra spaces set aside), without a query of
//! its own: the standings' snapshot holds them.

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::Tournament;
use crate::tournament::ids::{PlayerId, TournamentId};
use crate::web::filters;
use crate::web::form::see_other;
use crate::web::{render, AppError, AppState, Ctx};

/// The box's query.
#[derive(Debug, Deserialize)]
pub struct FindQuery {
    /// What was typed.
    #[serde(default)]
    pub name: String,
}

/// The answer when the name did not lead to one player: the players it
/// matched, or a sentence saying none did, with the box as typed.
#[derive(askama::Template)]
#[template(path = "public/find.html")]
pub struct FindPage {
    /// Page context.
    pub ctx: Ctx,
    /// The tournament.
    pub t: Tournament,
    /// What was typed.
    pub typed: String,
    /// The players it matches (id, name), several or none.
    pub found: Vec<(PlayerId, String)>,
    /// Why nobody was found, in a sentence.
    pub error: Option<String>,
    /// Whether a name was typed (else the page says what to type).
    pub asked: bool,
}

impl FindPage {
    /// No suggestions under the box here (the standings page has them).
    pub fn no_names(&self) -> &'static str {
        ""
    }
}

/// A name as compared (one rule with the lists by surname).
pub use crate::db::ops::player_input::folded;

/// The players whose name matches what was typed: the one whose whole name
/// it is, else every name holding it (a first name, a part of the surname).
pub fn matches<'a>(players: impl Iterator<Item = (PlayerId, &'a str)>, typed: &str) -> Vec<(PlayerId, String)> {
    let want = folded(typed);
    if want.is_empty() {
        return Vec::new();
    }
    // Each name folded once.
    let mut holding: Vec<(String, PlayerId, &str)> = players
        .map(|(p, n)| (folded(n), p, n))
        .filter(|(f, _, _)| f.contains(&want))
        .collect();
    if holding.iter().any(|(f, _, _)| *f == want) {
        holding.retain(|(f, _, _)| *f == want);
    }
    holding.sort_by(|a, b| a.0.cmp(&b.0));
    holding.into_iter().map(|(_, p, n)| (p, n.to_owned())).collect()
}

#[get("/tournaments/{id}/find")]
pub(super) async fn find_player(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    q: web::Query<FindQuery>,
) -> Result<HttpResponse, AppError> {
    let data = state.standings(path.into_inner(), ctx.audience(), None).await?;
    let players = data.standings.lines.iter().map(|l| (l.player, l.name.as_str()));
    let typed = q.into_inner().name;
    let found = matches(players, &typed);
    if let [(pid, _)] = found.as_slice() {
        return Ok(see_other(format!("/tournaments/{}/players/{pid}", data.t.id)));
    }
    // Nothing typed yet: the box and what to type (200); a name that
    // matches nobody: the sentence, 404, the box as typed.
    let asked = !folded(&typed).is_empty();
    let (error, status) = if !asked {
        (None, StatusCode::OK)
    } else if found.is_empty() {
        let shown = filters::isolated(&typed.trim());
        (
            Some(ctx.lang.t_args("find-none", &[("name", shown)])),
            StatusCode::NOT_FOUND,
        )
    } else {
        (None, StatusCode::OK)
    };
    let page = FindPage {
        ctx,
        t: data.t.clone(),
        typed,
        found,
        error,
        asked,
    };
    Ok(render::page_with_status(&page, status))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_without_accents_case_or_extra_spaces() {
        assert_eq!(folded("  Zoé   MARTIN-Dupont "), "zoe martin-dupont");
        assert_eq!(folded("Ærøskøbing Ça"), folded("ærøskøbing ca"));
        let list = [
            (PlayerId::new(1), "Zoé Martin"),
            (PlayerId::new(2), "Zoe Martinez"),
            (PlayerId::new(3), "Hélène Roux"),
        ];
        let ids = |typed: &str| -> Vec<i32> {
            matches(list.iter().copied(), typed)
                .iter()
                .map(|(p, _)| p.get())
                .collect()
        };
        // The whole name wins over the names holding it.
        assert_eq!(ids("zoe martin"), [1]);
        assert_eq!(ids("ZOÉ"), [1, 2]);
        assert_eq!(ids("helene"), [3]);
        assert_eq!(ids("roux "), [3]);
        assert!(ids("Paul").is_empty());
        assert!(ids("   ").is_empty());
    }
}
