//! Listing and creating tournaments.

use actix_web::{get, post, web, HttpResponse};

use crate::db::models::Tournament;
use crate::db::ops::tournaments::{self, TournamentForm};

use super::super::csrf::CsrfForm;
use super::super::{render, AppError, AppState, Ctx, Organizer};
use super::{refusal, see_other};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(new_form).service(create);
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
async fn list(ctx: Ctx, _org: Organizer, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let tournaments = state.db(|conn| Ok(Tournament::list(conn)?)).await?;
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
            _ => false,
        }
    }
}

#[get("/tournaments/new")]
async fn new_form(ctx: Ctx, _org: Organizer) -> HttpResponse {
    let form = TournamentForm {
        rounds: "5".into(),
        deals_table4: "4".into(),
        deals_table5: "5".into(),
        deals_table3: "3".into(),
        date: chrono::Utc::now().date_naive().format("%Y-%m-%d").to_string(),
        ..Default::default()
    };
    render::page(&NewPage { ctx, form, error: None })
}

#[post("/tournaments")]
async fn create(
    ctx: Ctx,
    org: Organizer,
    state: web::Data<AppState>,
    form: CsrfForm<TournamentForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.0;
    let f = form.clone();
    let user = org.0.id;
    match state
        .db(move |conn| refusal(tournaments::create(conn, &f, Some(user))))
        .await?
    {
        Ok(t) => Ok(see_other(format!("/tournaments/{}", t.id))),
        Err((status, e)) => {
            let error = Some(e.render(ctx.lang));
            Ok(render::page_with_status(&NewPage { ctx, form, error }, status))
        }
    }
}
