//! Listing and creating tournaments.

use actix_web::{get, post, web, HttpResponse};

use crate::db::models::Tournament;
use crate::db::ops::tournaments;
use crate::tournament::ids::{RoundNo, TournamentId};
use crate::web::filters;
use crate::web::settings::TournamentForm;

use super::super::csrf::CsrfForm;
use super::super::form::{attempt, see_other, Refused};
use super::super::{render, AppError, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(new_form)
        .service(create)
        .service(edit_form)
        .service(update);
}

/// The list of tournaments.
#[derive(askama::Template)]
#[template(path = "organizer/tournaments.html")]
pub struct ListPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournaments, newest first.
    pub tournaments: Vec<Tournament>,
}

#[get("/tournaments")]
async fn list(OrgPage { ctx, state, user }: OrgPage) -> Result<HttpResponse, AppError> {
    let who = user.clubs;
    let tournaments = state
        .db(move |conn| {
            let all = Tournament::list(conn)?;
            Ok(crate::db::ops::clubs::keep_tournaments(conn, &who, all)?)
        })
        .await?;
    Ok(render::page(&ListPage { ctx, tournaments }))
}

/// The creation form.
#[derive(askama::Template)]
#[template(path = "organizer/tournament_new.html")]
pub struct NewPage {
    /// Page context.
    pub ctx: Ctx,
    /// The form as typed.
    pub form: TournamentForm,
    /// What was wrong.
    pub error: Option<String>,
    /// Where the form posts.
    pub action: String,
    /// The page's title (message id).
    pub title_key: &'static str,
    /// Round 1 is seated: some settings are fixed.
    pub started: bool,
    /// The clubs a new tournament may belong to (a choice when several).
    pub clubs: Vec<crate::db::ops::clubs::Club>,
    /// An existing tournament on a server of several clubs: its circuit
    /// page is linked.
    pub circuit: bool,
}

impl NewPage {
    fn checked(v: &Option<String>) -> bool {
        v.as_deref().is_some_and(|s| !s.is_empty())
    }
    /// Whether a rule switch is ticked.
    pub fn rule(&self, name: &str) -> bool {
        let f = &self.form;
        match name {
            "garde_contre_x8" => Self::checked(&f.garde_contre_x8),
            "handfuls_20_40_60" => Self::checked(&f.handfuls_20_40_60),
            "no_petite" => Self::checked(&f.no_petite),
            "misere" => Self::checked(&f.misere),
            "round_to_10" => Self::checked(&f.round_to_10),
            "confirm_deals" => Self::checked(&f.confirm_deals),
            _ => false,
        }
    }
}

#[get("/tournaments/new")]
async fn new_form(OrgPage { ctx, state, user }: OrgPage) -> Result<HttpResponse, AppError> {
    let form = TournamentForm {
        rounds: "5".into(),
        deals_table4: "4".into(),
        deals_table5: "5".into(),
        deals_table3: "3".into(),
        date: chrono::Utc::now().date_naive().format("%Y-%m-%d").to_string(),
        ..Default::default()
    };
    let clubs = crate::web::clubs::choices(&state, &user.clubs).await?;
    Ok(render::page(&NewPage {
        ctx,
        form,
        error: None,
        action: "/tournaments".into(),
        title_key: "tournaments-new",
        started: false,
        clubs,
        circuit: false,
    }))
}

#[post("/tournaments")]
async fn create(
    OrgPage { ctx, user, state }: OrgPage,
    form: CsrfForm<TournamentForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.0;
    let f = form.clone();
    let clubs = crate::web::clubs::choices(&state, &user.clubs).await?;
    let club = crate::web::clubs::chosen_of_form(&state, &user.clubs, &form.club, ctx.lang).await?;
    let user = user.id;
    match state
        .write(move |tx| {
            attempt(tx, ctx.lang, |tx| {
                let new = f.parse(Some(user))?;
                let club = club.clone().map_err(crate::db::ops::OpError::Invalid)?;
                let t = tournaments::create(tx, &new)?;
                crate::db::ops::clubs::own_tournament(tx, t.id, club)?;
                Ok(t)
            })
        })
        .await?
    {
        Ok(t) => Ok(see_other(format!("/tournaments/{}", t.id))),
        Err(Refused { status, message }) => {
            let error = Some(message);
            let page = NewPage {
                ctx,
                form,
                error,
                action: "/tournaments".into(),
                title_key: "tournaments-new",
                started: false,
                clubs,
                circuit: false,
            };
            Ok(render::page_with_status(&page, status))
        }
    }
}

#[get("/tournaments/{id}/edit")]
async fn edit_form(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (t, seated) = state
        .db(move |conn| {
            Ok((
                tournaments::get(conn, id)?,
                crate::db::models::Round::last_number(conn, id)?,
            ))
        })
        .await?;
    Ok(render::page(&NewPage {
        ctx,
        form: TournamentForm::from_tournament(&t),
        error: None,
        action: format!("/tournaments/{id}/edit"),
        title_key: "tournament-edit",
        started: seated > RoundNo::NONE,
        clubs: Vec::new(),
        circuit: crate::web::clubs::many(&state).await?,
    }))
}

#[post("/tournaments/{id}/edit")]
async fn update(
    OrgPage { ctx, user, state }: OrgPage,
    path: web::Path<TournamentId>,
    form: CsrfForm<TournamentForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let form = form.0;
    let f = form.clone();
    let actor = user.username;
    let r = state
        .write(move |tx| {
            let seated = crate::db::models::Round::last_number(tx, id)?;
            Ok((
                attempt(tx, ctx.lang, |tx| {
                    tournaments::update(tx, id, &f.parse_change()?, &actor)
                })?,
                seated,
            ))
        })
        .await?;
    match r {
        (Ok(_), _) => Ok(see_other(format!("/tournaments/{id}"))),
        (Err(Refused { status, message }), seated) => {
            let page = NewPage {
                error: Some(message),
                ctx,
                form,
                action: format!("/tournaments/{id}/edit"),
                title_key: "tournament-edit",
                started: seated > RoundNo::NONE,
                clubs: Vec::new(),
                circuit: crate::web::clubs::many(&state).await?,
            };
            Ok(render::page_with_status(&page, status))
        }
    }
}
