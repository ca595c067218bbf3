//! Merging two directory entries that are one person (issue 46): the
//! directory's radio buttons choose the entry kept and the entry merged
//! away; a confirmation page shows both with their tournaments; the
//! directory lists the merges ([`lines`]), the last one with its undo
//! button (`super::directory`; see `db::ops::merge` for what may be merged
//! and when a merge may be undone).

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Player, PlayerMerge};
use crate::db::ops::merge::{self, Entry};
use crate::db::ops::{Msg, OpError, OpResult};
use crate::db::AnyConnection;
use crate::i18n::Lang;
use crate::tournament::ids::PlayerId;
use crate::web::clock::local_time;
use crate::web::filters;

use super::super::csrf::CsrfForm;
use super::super::form::{attempt, refusal, see_other, Refused};
use super::super::{render, AppError, AppState, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(confirm).service(do_merge);
}

/// The confirmation page.
#[derive(askama::Template)]
#[template(path = "organizer/merge.html")]
pub struct MergePage {
    /// Page context.
    pub ctx: Ctx,
    /// The entry kept and the entry merged away, when both are chosen.
    pub entries: Option<(Entry, Entry)>,
    /// Why it cannot be done (no button then), or what was refused.
    pub error: Option<String>,
}

impl MergePage {
    /// Each entry with the message naming its side.
    pub fn sides(&self) -> Vec<(&'static str, &Entry)> {
        match &self.entries {
            Some((kept, removed)) => vec![("merge-kept", kept), ("merge-removed", removed)],
            None => Vec::new(),
        }
    }
}

/// The two entries chosen, as the form sends them.
#[derive(Debug, Clone, Deserialize)]
pub struct Chosen {
    #[serde(default)]
    keep: String,
    #[serde(default)]
    drop: String,
}

impl Chosen {
    /// The ids, or the sentence asking for two entries (422).
    fn ids(&self) -> OpResult<(PlayerId, PlayerId)> {
        match (self.keep.trim().parse(), self.drop.trim().parse()) {
            (Ok(k), Ok(d)) => Ok((k, d)),
            _ => Err(OpError::Invalid(Msg::new("merge-choose-two"))),
        }
    }
}

/// Both entries with their tournaments (404 when one is unknown).
fn entries(conn: &mut AnyConnection, keep: PlayerId, drop: PlayerId) -> OpResult<(Entry, Entry)> {
    Ok((merge::entry(conn, keep)?, merge::entry(conn, drop)?))
}

/// The page, with the refusal (if any) and its status.
async fn answer(
    state: &AppState,
    ctx: Ctx,
    chosen: Chosen,
    refused: Option<Refused>,
) -> Result<HttpResponse, AppError> {
    let lang = ctx.lang;
    let ids = match chosen.ids() {
        Ok(ids) => ids,
        Err(e) => {
            let (status, error) = (StatusCode::UNPROCESSABLE_ENTITY, Some(e.render(lang)));
            let page = MergePage {
                ctx,
                entries: None,
                error,
            };
            return Ok(render::page_with_status(&page, status));
        }
    };
    let (found, check) = state
        .db(move |conn| {
            Ok((
                entries(conn, ids.0, ids.1)?,
                merge::check(conn, ids.0, ids.1).map(|_| ()),
            ))
        })
        .await?;
    // Refused when sent (its status); when only asked, the page says why
    // it cannot be done, without the button.
    let (status, error) = match (refused, refusal(lang, check)?) {
        (Some(r), _) => (r.status, Some(r.message)),
        (None, Err(r)) => (StatusCode::OK, Some(r.message)),
        (None, Ok(())) => (StatusCode::OK, None),
    };
    let page = MergePage {
        ctx,
        entries: Some(found),
        error,
    };
    Ok(render::page_with_status(&page, status))
}

#[get("/directory/merge")]
async fn confirm(OrgPage { ctx, state, .. }: OrgPage, q: web::Query<Chosen>) -> Result<HttpResponse, AppError> {
    answer(&state, ctx, q.into_inner(), None).await
}

#[post("/directory/merge")]
async fn do_merge(OrgPage { ctx, state, user }: OrgPage, form: CsrfForm<Chosen>) -> Result<HttpResponse, AppError> {
    let chosen = form.0;
    let lang = ctx.lang;
    let (keep, drop) = match chosen.ids() {
        Ok(ids) => ids,
        Err(_) => return answer(&state, ctx, chosen, None).await,
    };
    let actor = user.username;
    match state
        .write(move |tx| attempt(tx, lang, |tx| merge::merge(tx, keep, drop, &actor)))
        .await?
    {
        Ok(_) => Ok(see_other("/players")),
        Err(r) => answer(&state, ctx, chosen, Some(r)).await,
    }
}

/// A merge as the directory lists it.
pub struct MergeLine {
    /// Its id (the undo button's).
    pub id: i32,
    /// Who merged what into what, when.
    pub sentence: String,
    /// Who undid it, when.
    pub undone: Option<String>,
    /// Whether it may be undone now (the last merge standing).
    pub undoable: bool,
}

/// The last merges, newest first, in sentences.
pub fn lines(conn: &mut AnyConnection, lang: Lang, tz: chrono_tz::Tz) -> OpResult<Vec<MergeLine>> {
    let merges = PlayerMerge::recent(conn, 20)?;
    let last = PlayerMerge::last_standing(conn)?.map(|m| m.id);
    let kept: Vec<PlayerId> = merges.iter().map(|m| m.kept_id).collect();
    let names: std::collections::HashMap<PlayerId, String> = Player::by_ids(conn, &kept)?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    Ok(merges
        .into_iter()
        .map(|m| {
            let kept = names.get(&m.kept_id).cloned().unwrap_or_default();
            let args = [
                ("actor", m.actor.clone()),
                ("removed", filters::isolated(&m.removed_name)),
                ("removed_id", m.removed_id.to_string()),
                ("kept", filters::isolated(&kept)),
                ("kept_id", m.kept_id.to_string()),
                ("when", local_time(tz, m.created_at, lang)),
            ];
            let undone = match (&m.undone_by, m.undone_at) {
                (Some(by), Some(at)) => Some(lang.t_args(
                    "merge-log-undone",
                    &[("actor", by.clone()), ("when", local_time(tz, at, lang))],
                )),
                _ => None,
            };
            MergeLine {
                id: m.id,
                sentence: lang.t_args("merge-log-line", &args),
                undone,
                undoable: last == Some(m.id),
            }
        })
        .collect())
}
