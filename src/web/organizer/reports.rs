//! The organizer's reports on a tournament: the seating report (who met
//! whom), the audit log, and the whole tournament as a backup document.

use actix_web::{get, web, HttpResponse};

use crate::db::models::{AuditEntry, Player, Tournament};
use crate::db::ops::export::{self, ExportError};
use crate::db::ops::rounds::history;
use crate::db::ops::tournaments;
use crate::tournament::seating::SeatingReport;

use super::super::{render, AppError, Ctx, OrgPage};

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
async fn seating_report(OrgPage { ctx, state, .. }: OrgPage, path: web::Path<i32>) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let page = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let hist = history(conn, id)?;
            let rounds: Vec<Vec<Vec<u32>>> = hist
                .iter()
                .map(|r| r.iter().map(|tb| tb.iter().map(|p| *p as u32).collect()).collect())
                .collect();
            let report = SeatingReport::from_rounds(&rounds);
            let ids: Vec<i32> = hist.iter().flatten().flatten().copied().collect();
            let nm = Player::names(conn, &ids)?;
            let name = |p: u32| nm.get(&(p as i32)).cloned().unwrap_or_default();
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
    /// Entries, newest first.
    pub entries: Vec<AuditEntry>,
}

#[get("/tournaments/{id}/audit")]
async fn audit(OrgPage { ctx, state, .. }: OrgPage, path: web::Path<i32>) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (t, entries) = state
        .db(move |conn| Ok((tournaments::get(conn, id)?, AuditEntry::for_tournament(conn, id)?)))
        .await?;
    Ok(render::page(&AuditPage { ctx, t, entries }))
}

/// The whole tournament as `chelem export` writes it (FORMATS.md, "Export
/// and import"), to download: `chelem import` reads it back.
#[get("/tournaments/{id}/export.json")]
async fn export_json(OrgPage { state, .. }: OrgPage, path: web::Path<i32>) -> Result<HttpResponse, AppError> {
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
