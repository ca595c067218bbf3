//! The round page's clock form: the organizer moves a timed round's end
//! (+5 min, −5 min, or a number of minutes), as the API's
//! `POST /api/tournaments/{id}/rounds/{n}/clock` does.

use actix_web::{post, web, HttpResponse};
use serde::Deserialize;

use crate::db::ops::round_clock;
use crate::db::ops::{Msg, OpError};
use crate::tournament::ids::{RoundNo, TournamentId};

use super::super::csrf::CsrfForm;
use super::super::form::{attempt, see_other, Refused};
use super::super::links::SiteUrl;
use super::super::{AppError, OrgPage};
use super::rounds::{render_round, Said};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(move_clock);
}

#[derive(Deserialize)]
struct ClockForm {
    /// Minutes to add (negative: earlier), `5`, `-5`, `2,5`.
    #[serde(default)]
    add_minutes: String,
}

#[post("/tournaments/{id}/rounds/{n}/clock")]
async fn move_clock(
    OrgPage { ctx, user, state }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
    site: SiteUrl,
    form: CsrfForm<ClockForm>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let typed = form.0.add_minutes.trim().replace(',', ".").replace('−', "-");
    let actor = user.username;
    let r = state
        .write(move |tx| {
            attempt(tx, ctx.lang, |tx| {
                let minutes: f64 = typed
                    .parse()
                    .map_err(|_| OpError::Invalid(Msg::new("clock-bad-minutes")))?;
                round_clock::move_end(tx, id, n, minutes, &actor)
            })
        })
        .await?;
    match r {
        Ok(_) => Ok(see_other(format!("/tournaments/{id}/rounds/{n}"))),
        Err(Refused { status, message }) => {
            render_round(&state, ctx, (id, n), site, Said::error(message), status).await
        }
    }
}
