//! A tournament's prize rule, as the organizer types it: a preset whose
//! sentence says what it does, and the fields that change it (the entry
//! fee and the players paying, or a fixed pot; the share redistributed;
//! the places paid and their split typed as "30 20 15" percents or
//! amounts; rounding; fixed prizes, one a line; the bonus for players of
//! the day's other tournaments). A refusal is a sentence, the form kept as
//! typed (422), nothing written.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};

use crate::db::models::{PrizeRule, Registration, Tournament};
use crate::db::ops::tournaments;
use crate::tournament::ids::TournamentId;
use crate::tournament::prizes::{Pot, Rounding, Rule};
use crate::web::csrf::CsrfForm;
use crate::web::filters;
use crate::web::form::see_other;
use crate::web::{render, AppError, AppState, Ctx, OrgPage};

use super::typed::{presets, rule_of, PresetView, PrizeForm};
use super::view;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(settings_page).service(save);
}

/// The prize settings page.
#[derive(askama::Template)]
#[template(path = "prizes/settings.html")]
pub struct SettingsPage {
    /// Page context.
    pub ctx: Ctx,
    /// The tournament.
    pub t: Tournament,
    /// Players registered (the paying count by default).
    pub registered: usize,
    /// The presets.
    pub presets: Vec<PresetView>,
    /// The form as typed.
    pub form: PrizeForm,
    /// The other tournaments, for the bonus: (id, name, date, checked).
    pub others: Vec<(TournamentId, String, String, bool)>,
    /// A refusal.
    pub error: Option<String>,
}

async fn render_form(
    state: &AppState,
    ctx: Ctx,
    id: TournamentId,
    form: Option<PrizeForm>,
    error: Option<String>,
) -> Result<HttpResponse, AppError> {
    let (t, rule, registered, all) = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let rule = PrizeRule::find(conn, id)?;
            Ok((
                t,
                rule,
                Registration::with_players(conn, id)?.len(),
                Tournament::list(conn)?,
            ))
        })
        .await?;
    let form = form.unwrap_or_else(|| rule.as_ref().map(PrizeForm::of_rule).unwrap_or_default());
    let chosen = if form.preset.is_empty() {
        "top8"
    } else {
        form.preset.as_str()
    };
    let lang = ctx.lang;
    let presets = presets()
        .into_iter()
        .map(|(name, share, split, fixed)| {
            let r = Rule {
                pot: Pot::Fixed(0),
                share,
                split,
                rounding: Rounding::Euro,
                fixed,
                bonus: None,
            };
            (name, view::split_sentence(lang, &r), name == chosen)
        })
        .collect();
    let others = all
        .into_iter()
        .filter(|o| o.id != id)
        .map(|o| {
            let checked = form.with.contains(&o.id.to_string());
            (o.id, o.name.clone(), o.event_date.clone(), checked)
        })
        .collect();
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let page = SettingsPage {
        ctx,
        t,
        registered,
        presets,
        form,
        others,
        error,
    };
    Ok(render::page_with_status(&page, status))
}

#[get("/tournaments/{id}/prizes/settings")]
async fn settings_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    render_form(&state, ctx, path.into_inner(), None, None).await
}

#[post("/tournaments/{id}/prizes/settings")]
async fn save(
    OrgPage { ctx, state, user }: OrgPage,
    path: web::Path<TournamentId>,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let f = PrizeForm::of(form.0);
    let (registered, others) = state
        .db(move |conn| {
            tournaments::get(conn, id)?;
            let others: Vec<TournamentId> = Tournament::list(conn)?
                .into_iter()
                .map(|t| t.id)
                .filter(|t| *t != id)
                .collect();
            Ok((Registration::with_players(conn, id)?.len() as u32, others))
        })
        .await?;
    let lang = ctx.lang;
    let checked = rule_of(lang, &f, &others).and_then(|rule| {
        // Amounts over what is redistributed now (once someone paid).
        let pot = rule.pot(registered);
        match rule.places(rule.fund(pot)) {
            Err(e) if pot > 0 => Err(view::refusal(lang, &e)),
            _ => Ok(rule),
        }
    });
    match checked {
        Ok(rule) => {
            let actor = user.username;
            state
                .write(move |tx| Ok(PrizeRule::change(tx, id, &rule, &actor)?))
                .await?;
            Ok(see_other(format!("/tournaments/{id}/prizes")))
        }
        Err(message) => render_form(&state, ctx, id, Some(f), Some(message)).await,
    }
}
