//! The organizer's reports on a tournament: the seating report (who met
//! whom), the audit log, and the whole tournament as a backup document.

use actix_web::{get, web, HttpResponse};

use std::collections::HashMap;

use serde_json::Value;

use crate::db::models::{AuditEntry, Player, Tournament};
use crate::db::ops::export::{self, ExportError};
use crate::db::ops::rounds::history;
use crate::db::ops::tournaments;
use crate::i18n::Lang;
use crate::tarot::Camp;
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::{PlayerId, TableNo, TournamentId};
use crate::tournament::seating::SeatingReport;
use crate::web::{filters, settings};

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

/// An audit entry told in sentences, for an arbiter.
pub struct AuditLine {
    /// When, local time.
    pub when: String,
    /// What happened, in a sentence with names.
    pub sentence: String,
    /// Details (before and after, the tables, the settings changed).
    pub details: Vec<String>,
    /// Why, as the organizer wrote it.
    pub reason: String,
    /// The stored entry, for the raw data.
    pub entry: AuditEntry,
}

/// The numbers of a subject such as `round 2 table 3 deal 1`.
fn numbers(subject: &str) -> Vec<String> {
    subject
        .split_whitespace()
        .filter(|w| w.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_owned)
        .collect()
}

/// The player ids an entry's JSON names (deal records, seated tables).
fn player_ids(e: &AuditEntry, out: &mut Vec<PlayerId>) {
    for json in [&e.before_json, &e.after_json].into_iter().flatten() {
        let Ok(v) = serde_json::from_str::<Value>(json) else {
            continue;
        };
        if e.action == "deal.correct" {
            if let Some(d) = TableDeal::from_json(&v).ok().as_ref().and_then(TableDeal::played) {
                out.push(d.taker);
                out.extend(d.partner);
                out.extend(d.handfuls.iter().map(|h| h.0));
            }
        } else if matches!(e.action.as_str(), "table.award" | "table.award.withdraw") {
            let points: Vec<(PlayerId, i32)> = serde_json::from_value(v).unwrap_or_default();
            out.extend(points.into_iter().map(|(p, _)| p));
        } else if matches!(e.action.as_str(), "round.start" | "round.undo" | "round.seats") {
            out.extend(
                v.as_array()
                    .into_iter()
                    .flatten()
                    .flat_map(|t| t.as_array().into_iter().flatten())
                    .filter_map(|p| p.as_i64().and_then(|p| i32::try_from(p).ok()).map(PlayerId)),
            );
        }
    }
}

/// A deal in words: "Garde d'Odile avec Paul, 2 bouts, 51 points, petit au bout à l'attaque".
pub fn describe_deal(lang: Lang, deal: &TableDeal, names: &HashMap<PlayerId, String>) -> String {
    let Some(d) = deal.played() else {
        return lang.t("deal-all-passed");
    };
    let name = |p: PlayerId| names.get(&p).cloned().unwrap_or_else(|| p.to_string());
    let partner = d
        .partner
        .map(|p| lang.t_args("audit-deal-partner", &[("partner", name(p))]))
        .unwrap_or_default();
    let mut parts = vec![lang.t_args(
        "audit-deal",
        &[
            ("contract", lang.t(&format!("contract-{}", d.contract.name()))),
            ("taker", name(d.taker)),
            ("partner", partner),
            ("oudlers", d.oudlers.to_string()),
            ("points", d.points.as_points().to_string()),
        ],
    )];
    match d.petit_au_bout {
        Some(Camp::Attack) => parts.push(lang.t("audit-deal-petit-attack")),
        Some(Camp::Defence) => parts.push(lang.t("audit-deal-petit-defence")),
        None => {}
    }
    for (p, size) in &d.handfuls {
        let size = lang.t(&format!("handful-{}", size.name())).to_lowercase();
        parts.push(lang.t_args("audit-deal-handful", &[("size", size), ("name", name(*p))]));
    }
    if d.chelem.made_by.is_some() {
        parts.push(lang.t("audit-deal-chelem"));
    }
    parts.join(", ")
}

/// One detail line per table: "Table 2 : Anne, Paul, Zoé, Marc".
fn table_lines(
    lang: Lang,
    tables: impl Iterator<Item = (String, Vec<PlayerId>)>,
    names: &HashMap<PlayerId, String>,
    details: &mut Vec<String>,
) {
    for (table, players) in tables {
        let list: Vec<String> = players
            .iter()
            .map(|p| names.get(p).cloned().unwrap_or_else(|| p.to_string()))
            .collect();
        details.push(lang.t_args("audit-round-table", &[("table", table), ("players", list.join(", "))]));
    }
}

/// Tells an entry in sentences.
pub fn tell(lang: Lang, tz: chrono_tz::Tz, e: AuditEntry, names: &HashMap<PlayerId, String>) -> AuditLine {
    let n = numbers(&e.subject);
    let arg = |i: usize| n.get(i).cloned().unwrap_or_default();
    let json = |s: &Option<String>| s.as_deref().and_then(|s| serde_json::from_str::<Value>(s).ok());
    let actor = ("actor", e.actor.clone());
    let mut details = Vec::new();
    let sentence = match e.action.as_str() {
        "deal.correct" => {
            let deal = |s: &Option<String>| {
                json(s)
                    .and_then(|v| TableDeal::from_json(&v).ok())
                    .map(|d| describe_deal(lang, &d, names))
                    .unwrap_or_default()
            };
            details.push(lang.t_args(
                "audit-before-after",
                &[("before", deal(&e.before_json)), ("after", deal(&e.after_json))],
            ));
            lang.t_args(
                "audit-deal-correct",
                &[actor, ("round", arg(0)), ("table", arg(1)), ("deal", arg(2))],
            )
        }
        // The tables seated, or those undone.
        "round.start" | "round.undo" => {
            let start = e.action == "round.start";
            let tables: Vec<Vec<PlayerId>> = json(if start { &e.after_json } else { &e.before_json })
                .and_then(|v| serde_json::from_value(v).ok())
                .unwrap_or_default();
            let numbers = (1..=tables.len()).map(|i| i.to_string());
            table_lines(lang, numbers.zip(tables), names, &mut details);
            let key = if start { "audit-round-start" } else { "audit-round-undo" };
            lang.t_args(key, &[actor, ("round", arg(0))])
        }
        "round.seats" => {
            let tables: Vec<Vec<PlayerId>> = json(&e.after_json)
                .and_then(|v| serde_json::from_value(v).ok())
                .unwrap_or_default();
            table_lines(lang, n.iter().skip(1).cloned().zip(tables), names, &mut details);
            lang.t_args("audit-round-seats", &[actor, ("round", arg(0))])
        }
        "round.close" => lang.t_args("audit-round-close", &[actor, ("round", arg(0))]),
        "deal.void" | "deal.restore" => {
            let key = if e.action == "deal.void" {
                "audit-deal-void"
            } else {
                "audit-deal-restore"
            };
            lang.t_args(key, &[actor, ("round", arg(0)), ("table", arg(1)), ("deal", arg(2))])
        }
        "table.award" | "table.award.withdraw" => {
            let given = if e.action == "table.award" {
                &e.after_json
            } else {
                &e.before_json
            };
            let points: Vec<(PlayerId, i32)> = json(given)
                .and_then(|v| serde_json::from_value(v).ok())
                .unwrap_or_default();
            let list: Vec<String> = points
                .iter()
                .map(|(p, v)| format!("{} {v:+}", names.get(p).cloned().unwrap_or_else(|| p.to_string())))
                .collect();
            details.push(list.join(", "));
            let key = if e.action == "table.award" {
                "audit-award"
            } else {
                "audit-award-withdraw"
            };
            lang.t_args(key, &[actor, ("round", arg(0)), ("table", arg(1))])
        }
        "room.add" | "room.change" | "room.remove" | "room.numbering" => {
            let after = json(&e.after_json).unwrap_or_default();
            if let (Some(name), Some(tables)) = (after["name"].as_str(), after["tables"].as_i64()) {
                details.push(lang.t_args(
                    "audit-room-detail",
                    &[("name", name.to_owned()), ("tables", tables.to_string())],
                ));
            }
            let key = match e.action.as_str() {
                "room.add" => "audit-room-add",
                "room.change" => "audit-room-change",
                "room.remove" => "audit-room-remove",
                _ => "audit-room-numbering",
            };
            lang.t_args(key, &[actor, ("room", arg(0))])
        }
        "round.rooms" => {
            let left: Vec<PlayerId> = json(&e.after_json)
                .and_then(|v| serde_json::from_value(v).ok())
                .unwrap_or_default();
            details.extend(
                left.iter()
                    .map(|p| names.get(p).cloned().unwrap_or_else(|| p.to_string())),
            );
            lang.t_args("audit-round-rooms", &[("round", arg(0))])
        }
        "players.checkin_all" => lang.t_args("audit-checkin-all", &[actor, ("count", arg(0))]),
        "round.force_close" => {
            details.extend(missing_lines(lang, json(&e.after_json)));
            lang.t_args("audit-round-force-close", &[actor, ("round", arg(0))])
        }
        "tournament.settings" => {
            details.extend(settings::setting_changes(lang, &e.before_json, &e.after_json));
            lang.t_args("audit-settings", &[actor])
        }
        _ => lang.t_args(
            "audit-other",
            &[actor, ("action", e.action.clone()), ("subject", e.subject.clone())],
        ),
    };
    AuditLine {
        when: super::super::results::local_time(tz, e.created_at, lang),
        sentence,
        details,
        reason: e.reason.clone(),
        entry: e,
    }
}

/// A forced close's details: each table with the deals it had not entered.
fn missing_lines(lang: Lang, after: Option<Value>) -> Vec<String> {
    let missing: Vec<(TableNo, Vec<i32>)> = after.and_then(|v| serde_json::from_value(v).ok()).unwrap_or_default();
    missing
        .into_iter()
        .map(|(table, deals)| {
            let deals: Vec<String> = deals.iter().map(|d| d.to_string()).collect();
            lang.t_args(
                "audit-missing-table",
                &[("table", table.to_string()), ("deals", deals.join(", "))],
            )
        })
        .collect()
}

#[get("/tournaments/{id}/audit")]
async fn audit(OrgPage { ctx, state, .. }: OrgPage, path: web::Path<TournamentId>) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tz = state.config.timezone;
    let lang = ctx.lang;
    let (t, entries) = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let entries = AuditEntry::for_tournament(conn, id)?;
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
