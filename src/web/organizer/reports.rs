//! The organizer's reports on a tournament: the seating report (who met
//! whom) and the audit log.

use actix_web::{get, web, HttpResponse};

use crate::db::models::{AuditEntry, Player, Tournament};
use crate::db::ops::rounds::history;
use crate::db::ops::tournaments;
use crate::tournament::seating::SeatingReport;

use super::super::{render, AppError, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(seating_report).service(audit);
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
