//! The organizer's reports on a tournament: the seating report (who met
//! whom), the audit log (told in sentences by `audit_lines`), and the whole
//! tournament as a backup document.

mod audit_lines;
mod audit_named;

use actix_web::{get, web, HttpResponse};

use std::collections::HashMap;

use crate::db::models::{Player, Tournament};
use crate::db::ops::export::{self, ExportError};
use crate::db::ops::round_seating::history;
use crate::db::ops::{audit as audit_log, tournaments};
use crate::tournament::ids::{PlayerId, TournamentId};
use crate::tournament::seating::SeatingReport;
use crate::web::filters;

use super::super::{render, AppError, Ctx, OrgPage};
use audit_lines::player_ids;
pub use audit_lines::{describe_deal, tell, AuditLine};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(seating_report).service(audit).service(export_json);
}

/// The seating report.
#[derive(askama::Template)]
#[template(path = "organizer/seating.html")]
pub struct SeatingPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// The report.
    pub report: SeatingReport,
    /// Pairs met more than once, by name.
    pub repeated: Vec<(String, String, u32)>,
    /// Rounds seated.
    pub rounds: usize,
}

#[get("/tournaments/{id}/seating")]
async fn seating_report(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let page = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let hist = history(conn, id)?;
            let report = SeatingReport::from_rounds(&hist);
            let ids: Vec<PlayerId> = hist.iter().flatten().flatten().copied().collect();
            let nm = Player::names(conn, &ids)?;
            let name = |p: PlayerId| nm.get(&p).cloned().unwrap_or_default();
            let repeated = report
                .repeated_pairs
                .iter()
                .map(|r| (name(r.a), name(r.b), r.met))
                .collect();
            Ok(SeatingPage {
                ctx,
                t,
                report,
                repeated,
                rounds: hist.len(),
            })
        })
        .await?;
    Ok(render::page(&page))
}

/// The audit log page.
#[derive(askama::Template)]
#[template(path = "organizer/audit.html")]
pub struct AuditPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Entries, newest first, in sentences.
    pub entries: Vec<AuditLine>,
}

#[get("/tournaments/{id}/audit")]
async fn audit(OrgPage { ctx, state, .. }: OrgPage, path: web::Path<TournamentId>) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tz = state.config.timezone;
    let lang = ctx.lang;
    let (t, entries) = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            // An action this build cannot tell is refused, named (409).
            let entries = audit_log::log(conn, id)?;
            let mut ids = Vec::new();
            for e in &entries {
                player_ids(e, &mut ids);
            }
            ids.sort_unstable();
            ids.dedup();
            // Names isolated in the sentences they are told in.
            let names: HashMap<PlayerId, String> = Player::names(conn, &ids)?
                .into_iter()
                .map(|(p, n)| (p, filters::isolated(&n)))
                .collect();
            let lines = entries.into_iter().map(|e| tell(lang, tz, e, &names)).collect();
            Ok((t, lines))
        })
        .await?;
    Ok(render::page(&AuditPage { ctx, t, entries }))
}

/// The whole tournament as `chelem export` writes it (FORMATS.md, "Export
/// and import"), to download: `chelem import` reads it back.
#[get("/tournaments/{id}/export.json")]
async fn export_json(OrgPage { state, .. }: OrgPage, path: web::Path<TournamentId>) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let doc = state
        .db(move |conn| {
            export::export(conn, id).map_err(|e| match e {
                ExportError::NotFound(_) => AppError::NotFound,
                e => AppError::Internal(e.into()),
            })
        })
        .await?;
    let body = serde_json::to_string_pretty(&doc).map_err(|e| AppError::Internal(e.into()))?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"chelem-tournament-{id}.json\""),
        ))
        .body(body))
}
