//! The organizer's adjustments under a table's sheet: voiding a deal or
//! restoring it, awarding points at the table, withdrawing an award. Each
//! asks a reason and is kept in the audit log (`db::ops::adjust`); a
//! refusal shows the sheet again with the form as typed.

use std::collections::HashMap;

use actix_web::{post, web, HttpResponse};
use serde::Deserialize;

use crate::db::ops::adjust::{self, AtTable};
use crate::db::ops::{Msg, OpError, OpResult};
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};

use super::super::csrf::CsrfForm;
use super::super::deal::sheet::{self, AdjustForms};
use super::super::deal::TableAt;
use super::super::form::{attempt, see_other, Refused};
use super::super::{render, AppError, AppState, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(void_post).service(award_post).service(withdraw_post);
}

type TablePath = web::Path<(TournamentId, RoundNo, TableNo)>;

fn at((tournament, round, table): (TournamentId, RoundNo, TableNo)) -> AtTable {
    AtTable {
        tournament,
        round,
        table,
    }
}

/// The sheet, after an adjustment: the forms' place on it.
fn sheet_url(at: AtTable) -> String {
    format!(
        "/tournaments/{}/rounds/{}/tables/{}#adjust",
        at.tournament, at.round, at.table
    )
}

/// The sheet shown again with a refused form as typed: `typed` says which
/// form and holds its fields; `fields`, the award form's, give each
/// player's points as typed.
async fn refused(
    state: &AppState,
    ctx: Ctx,
    at: AtTable,
    r: Refused,
    typed: AdjustForms,
    fields: Option<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let place = TableAt::Number(at.tournament, at.round, at.table);
    let mut page = state.db(move |conn| sheet::build(conn, ctx, &place, None)).await?;
    let points = match fields {
        Some(f) => page
            .ids
            .iter()
            .map(|p| f.get(&format!("p{p}")).cloned().unwrap_or_default())
            .collect(),
        None => std::mem::take(&mut page.adjust.points),
    };
    page.adjust = AdjustForms {
        error: typed.error.map(|(which, _)| (which, r.message)),
        points,
        ..typed
    };
    Ok(render::page_with_status(&page, r.status))
}

#[derive(Deserialize)]
struct VoidForm {
    #[serde(default)]
    deal: String,
    #[serde(default)]
    reason: String,
    /// `void` or `restore`.
    #[serde(default)]
    action: String,
}

#[post("/tournaments/{id}/rounds/{n}/tables/{t}/void")]
async fn void_post(
    OrgPage { ctx, user, state }: OrgPage,
    path: TablePath,
    form: CsrfForm<VoidForm>,
) -> Result<HttpResponse, AppError> {
    let at = at(path.into_inner());
    let VoidForm { deal, reason, action } = form.0;
    let void = action != "restore";
    let k: Option<i32> = deal.trim().parse().ok();
    let (typed_reason, actor) = (reason.clone(), user.username);
    let r = state
        .write(move |tx| {
            attempt(tx, ctx.lang, |tx| {
                let k = k.ok_or_else(|| OpError::Invalid(Msg::new("adjust-no-deal").arg("deal", "?")))?;
                adjust::set_void(tx, at, k, void, &reason, &actor)
            })
        })
        .await?;
    match r {
        Ok(()) => Ok(see_other(sheet_url(at))),
        Err(r) => {
            let which = match k {
                Some(k) if !void => format!("restore-{k}"),
                _ => "void".to_owned(),
            };
            let typed = AdjustForms {
                error: Some((which, String::new())),
                deal,
                reason: typed_reason,
                points: Vec::new(),
            };
            refused(&state, ctx, at, r, typed, None).await
        }
    }
}

/// Points as typed: empty is none, a sign may be `+`, `-` or `−`.
fn points_of(typed: &str) -> Option<i32> {
    let t = typed.trim().replace('−', "-");
    let t = t.strip_prefix('+').unwrap_or(&t);
    if t.is_empty() {
        return Some(0);
    }
    t.parse().ok()
}

#[post("/tournaments/{id}/rounds/{n}/tables/{t}/awards")]
async fn award_post(
    OrgPage { ctx, user, state }: OrgPage,
    path: TablePath,
    form: CsrfForm<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let at = at(path.into_inner());
    let fields = form.0;
    let reason = fields.get("reason").cloned().unwrap_or_default();
    let actor = user.username;
    let typed = fields.clone();
    let r = state
        .write(move |tx| {
            attempt(tx, ctx.lang, |tx| {
                let points = award_points(tx, at, &fields)?;
                adjust::award(tx, at, &points, &reason, &actor)
            })
        })
        .await?;
    match r {
        Ok(_) => Ok(see_other(sheet_url(at))),
        Err(r) => {
            let forms = AdjustForms {
                error: Some(("award".to_owned(), String::new())),
                reason: typed.get("reason").cloned().unwrap_or_default(),
                ..AdjustForms::default()
            };
            refused(&state, ctx, at, r, forms, Some(typed)).await
        }
    }
}

/// The points of the award form, by player of the table (`p{id}` fields);
/// a field that is not a whole number is refused, naming its player.
fn award_points(
    tx: &mut crate::db::Tx<'_>,
    at: AtTable,
    fields: &HashMap<String, String>,
) -> OpResult<Vec<(PlayerId, i32)>> {
    let (table, _) =
        crate::db::models::RoundTable::by_number(tx, at.tournament, at.round, at.table)?.ok_or(OpError::NotFound)?;
    let ids = crate::db::models::RoundTable::players(tx, table.id)?;
    let names = crate::db::models::Player::names(tx, &ids)?;
    let mut points = Vec::new();
    for p in ids {
        let typed = fields.get(&format!("p{p}")).map_or("", String::as_str);
        let v = points_of(typed).ok_or_else(|| {
            OpError::Invalid(Msg::new("award-bad-points").name("name", names.get(&p).cloned().unwrap_or_default()))
        })?;
        points.push((p, v));
    }
    Ok(points)
}

#[derive(Deserialize)]
struct WithdrawForm {
    #[serde(default)]
    reason: String,
}

#[post("/tournaments/{id}/rounds/{n}/tables/{t}/awards/{a}/withdraw")]
async fn withdraw_post(
    OrgPage { ctx, user, state }: OrgPage,
    path: web::Path<(TournamentId, RoundNo, TableNo, i32)>,
    form: CsrfForm<WithdrawForm>,
) -> Result<HttpResponse, AppError> {
    let (id, n, tn, award) = path.into_inner();
    let at = at((id, n, tn));
    let reason = form.0.reason;
    let (typed_reason, actor) = (reason.clone(), user.username);
    let r = state
        .write(move |tx| {
            attempt(tx, ctx.lang, |tx| {
                adjust::withdraw_award(tx, at, award, &reason, &actor)
            })
        })
        .await?;
    match r {
        Ok(()) => Ok(see_other(sheet_url(at))),
        Err(r) => {
            let typed = AdjustForms {
                error: Some((format!("withdraw-{award}"), String::new())),
                reason: typed_reason,
                ..AdjustForms::default()
            };
            refused(&state, ctx, at, r, typed, None).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::points_of;

    #[test]
    fn points_read_as_typed() {
        assert_eq!(points_of(""), Some(0));
        assert_eq!(points_of(" +20 "), Some(20));
        assert_eq!(points_of("−35"), Some(-35));
        assert_eq!(points_of("-35"), Some(-35));
        assert_eq!(points_of("12.5"), None);
        assert_eq!(points_of("abc"), None);
    }
}
