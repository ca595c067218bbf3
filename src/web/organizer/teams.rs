//! A team event's teams on the organizer's pages (FORMATS.md, "Teams"):
//! the list of teams with their members, a form to register one (its
//! players picked from the registered ones, as the seating constraints'
//! fields), a button to remove one; and what the round page says when the
//! seating could not keep two team-mates apart.

use std::collections::{BTreeMap, BTreeSet};

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Registration, Teams, Tournament};
use crate::db::ops::{teams, tournaments, Msg, OpError};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, TableNo, TeamId, TournamentId};
use crate::tournament::teams::{Team, MAX_SIZE};
use crate::web::filters;

use super::super::csrf::CsrfForm;
use super::super::form::{attempt, see_other};
use super::super::{render, AppError, AppState, Ctx, OrgPage};
use super::constraints::Named;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(teams_page).service(add_team).service(remove_team);
}

/// The form registering a team, as typed: its name and up to six players
/// ("Name #17", an id, or a name typed whole).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct TeamForm {
    /// Name.
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    p1: String,
    #[serde(default)]
    p2: String,
    #[serde(default)]
    p3: String,
    #[serde(default)]
    p4: String,
    #[serde(default)]
    p5: String,
    #[serde(default)]
    p6: String,
}

impl TeamForm {
    /// The player fields as typed, in order.
    pub fn fields(&self) -> [&str; MAX_SIZE as usize] {
        [&self.p1, &self.p2, &self.p3, &self.p4, &self.p5, &self.p6]
    }

    /// The players it names among the `registered` ones, the empty fields
    /// left out.
    fn players(&self, registered: &[(PlayerId, String)]) -> Result<Vec<PlayerId>, OpError> {
        let named = self.fields().into_iter().filter(|s| !s.trim().is_empty());
        named
            .map(|s| {
                Named::parse(s)
                    .ok_or_else(|| OpError::Invalid(Msg::new("constraint-player-required")))?
                    .resolve(registered, "team-player-not-found")
            })
            .collect()
    }
}

/// A team as the page lists it.
pub struct TeamEntry {
    /// Id.
    pub id: TeamId,
    /// Name.
    pub name: String,
    /// Its members' names.
    pub members: Vec<String>,
}

/// The organizer's teams page (`/tournaments/{id}/teams/edit`).
#[derive(askama::Template)]
#[template(path = "organizer/teams.html")]
pub struct TeamsEditPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Its teams.
    pub teams: Vec<TeamEntry>,
    /// The registered players in no team: (id, name).
    pub free: Vec<(PlayerId, String)>,
    /// The form as typed (after a refusal).
    pub form: TeamForm,
    /// What was refused.
    pub error: Option<String>,
}

impl TeamsEditPage {
    /// How many player fields the form has: the teams' size.
    pub fn size(&self) -> usize {
        self.t.teams.map_or(0, |n| n as usize)
    }
}

/// The registered players of tournament `id`: (id, name).
fn registered(conn: &mut AnyConnection, id: TournamentId) -> Result<Vec<(PlayerId, String)>, OpError> {
    Ok(Registration::with_players(conn, id)?
        .into_iter()
        .map(|(_, p)| (p.id, p.name))
        .collect())
}

async fn render_teams(
    state: &AppState,
    ctx: Ctx,
    id: TournamentId,
    form: TeamForm,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (t, list, regs) = state
        .db(move |conn| Ok((tournaments::get(conn, id)?, Teams::of(conn, id)?, registered(conn, id)?)))
        .await?;
    let names: BTreeMap<PlayerId, String> = regs.iter().cloned().collect();
    let taken: BTreeSet<PlayerId> = list.iter().flat_map(|x| x.players.iter().copied()).collect();
    let teams = list
        .into_iter()
        .map(|x| TeamEntry {
            members: x
                .players
                .iter()
                .map(|p| names.get(p).cloned().unwrap_or_default())
                .collect(),
            id: x.id,
            name: x.name,
        })
        .collect();
    let free = regs.into_iter().filter(|(p, _)| !taken.contains(p)).collect();
    let page = TeamsEditPage {
        ctx,
        t,
        teams,
        free,
        form,
        error,
    };
    Ok(render::page_with_status(&page, status))
}

#[get("/tournaments/{id}/teams/edit")]
async fn teams_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    render_teams(
        &state,
        ctx,
        path.into_inner(),
        TeamForm::default(),
        None,
        StatusCode::OK,
    )
    .await
}

#[post("/tournaments/{id}/teams/edit")]
async fn add_team(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
    form: CsrfForm<TeamForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let typed = form.0;
    let asked = typed.clone();
    let r = state
        .write(move |tx| {
            tournaments::get(tx, id)?;
            attempt(tx, ctx.lang, |tx| {
                let players = asked.players(&registered(tx, id)?)?;
                teams::create(tx, id, &asked.name, &players)
            })
        })
        .await?;
    match r {
        Ok(_) => Ok(see_other(format!("/tournaments/{id}/teams/edit"))),
        Err(refused) => render_teams(&state, ctx, id, typed, Some(refused.message), refused.status).await,
    }
}

#[post("/tournaments/{id}/teams/{team}/delete")]
async fn remove_team(
    OrgPage { state, .. }: OrgPage,
    path: web::Path<(TournamentId, TeamId)>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    let (id, team) = path.into_inner();
    state.write(move |tx| Ok(teams::delete(tx, id, team)?)).await?;
    Ok(see_other(format!("/tournaments/{id}/teams/edit")))
}

/// What a round page says of team-mates seated at one table (the seating
/// could not keep them apart: too few tables for the teams' size, or the
/// organizer's own moves): one sentence a table.
pub fn mates_together(ctx: &Ctx, teams: &[Team], tables: &[(TableNo, Vec<(PlayerId, String)>)]) -> Vec<String> {
    let mut said = Vec::new();
    for (n, players) in tables {
        for team in teams {
            // Each name isolated from the sentence around it.
            let there: Vec<String> = players
                .iter()
                .filter(|(p, _)| team.players.contains(p))
                .map(|(_, name)| format!("\u{2068}{name}\u{2069}"))
                .collect();
            if there.len() > 1 {
                let msg = Msg::new("teams-mates-together")
                    .arg("table", n)
                    .name("team", &team.name)
                    .arg("players", ctx.lang.list(&there));
                said.push(msg.render(ctx.lang));
            }
        }
    }
    said
}
