//! The organizer's seasons: the list, a new season made from a preset
//! whose sentence says what it does (its best N and participation points
//! adjustable), tournaments attached at creation or later, and detached.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::db::models::{Season, Tournament};
use crate::db::ops::seasons;
use crate::db::ops::Msg;
use crate::i18n::Lang;
use crate::tournament::ids::{SeasonId, TournamentId};
use crate::tournament::season::Rule;
use crate::web::csrf::CsrfForm;
use crate::web::filters;
use crate::web::form::{attempt, see_other, Refused};
use crate::web::{render, AppError, AppState, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(seasons_page)
        .service(create)
        .service(attach)
        .service(detach)
        .service(import);
}

/// The presets: (name, rule). The first is chosen by default.
pub fn presets() -> Vec<(&'static str, Value)> {
    vec![
        ("places-best-10", json!({"points": "places", "best_of": 10})),
        ("places", json!({"points": "places"})),
        (
            "scale",
            json!({"points": "places", "scale": [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]}),
        ),
        ("total", json!({"points": "total"})),
        ("percent", json!({"points": "percent"})),
    ]
}

/// A preset as the form offers it.
pub struct PresetView {
    /// Its name (the radio's value).
    pub name: &'static str,
    /// What it does, in a sentence.
    pub says: String,
    /// Whether it is chosen.
    pub chosen: bool,
}

/// The new season's form, as typed.
#[derive(Debug, Clone, Default)]
pub struct SeasonForm {
    name: String,
    starts: String,
    ends: String,
    preset: String,
    /// Only the N best (empty: the preset's).
    best_of: String,
    /// Points per tournament played (empty: none).
    participation: String,
    /// Tournament ids (the checked boxes, one field each).
    tournaments: Vec<String>,
    /// The club it belongs to (empty: the organizer's only club).
    club: String,
}

impl SeasonForm {
    /// The form of its fields (`tournaments` given once per box checked;
    /// other fields ignored).
    fn of(fields: Vec<(String, String)>) -> SeasonForm {
        let mut f = SeasonForm::default();
        for (k, v) in fields {
            match k.as_str() {
                "name" => f.name = v,
                "starts" => f.starts = v,
                "ends" => f.ends = v,
                "preset" => f.preset = v,
                "best_of" => f.best_of = v,
                "participation" => f.participation = v,
                "tournaments" => f.tournaments.push(v),
                "club" => f.club = v,
                _ => {}
            }
        }
        f
    }
}

/// The seasons page.
#[derive(askama::Template)]
#[template(path = "seasons/list.html")]
pub struct SeasonsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Every season: (id, name, dates).
    pub seasons: Vec<(SeasonId, String, String)>,
    /// The presets.
    pub presets: Vec<PresetView>,
    /// Tournaments to attach at once: (id, name, date, checked).
    pub tournaments: Vec<(TournamentId, String, String, bool)>,
    /// The form as typed.
    pub form: SeasonForm,
    /// A refusal.
    pub error: Option<String>,
    /// The clubs a new season may belong to (a choice when several).
    pub clubs: Vec<crate::db::ops::clubs::Club>,
}

async fn render_list(
    state: &AppState,
    ctx: Ctx,
    form: SeasonForm,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let lang = ctx.lang;
    let who = crate::web::clubs::membership(&ctx);
    let (seasons, tournaments) = state
        .db(move |conn| {
            let seasons = Season::list(conn)?;
            let ids: Vec<i32> = seasons.iter().map(|s| s.id.get()).collect();
            let kept = crate::db::ops::clubs::seasons_of(conn, &who, &ids)?;
            let seasons = seasons
                .into_iter()
                .filter(|s| kept.contains(&s.id.get()))
                .collect::<Vec<_>>();
            let all = Tournament::list(conn)?;
            Ok((seasons, crate::db::ops::clubs::keep_tournaments(conn, &who, all)?))
        })
        .await?;
    let chosen = if form.preset.is_empty() {
        "places-best-10"
    } else {
        form.preset.as_str()
    };
    let clubs = crate::web::clubs::choices(state, &crate::web::clubs::membership(&ctx)).await?;
    let page = SeasonsPage {
        clubs,
        seasons: seasons
            .into_iter()
            .map(|s| {
                let dates = lang.t_args(
                    "season-dates",
                    &[("starts", lang.date(&s.starts)), ("ends", lang.date(&s.ends))],
                );
                (s.id, s.name, dates)
            })
            .collect(),
        presets: presets()
            .into_iter()
            .map(|(name, rule)| PresetView {
                name,
                says: Rule::from_json(&rule)
                    .map(|r| super::view::rule_sentence(lang, &r))
                    .unwrap_or_default(),
                chosen: name == chosen,
            })
            .collect(),
        tournaments: tournaments
            .into_iter()
            .map(|t| {
                let checked = form.tournaments.contains(&t.id.to_string());
                (t.id, t.name.clone(), t.event_date.clone(), checked)
            })
            .collect(),
        form,
        error,
        ctx,
    };
    Ok(render::page_with_status(&page, status))
}

#[get("/seasons")]
async fn seasons_page(OrgPage { ctx, state, .. }: OrgPage) -> Result<HttpResponse, AppError> {
    render_list(&state, ctx, SeasonForm::default(), None, StatusCode::OK).await
}

/// The rule the form chose: its preset, with its best N and participation
/// points when typed.
fn rule_of(lang: Lang, f: &SeasonForm) -> Result<Value, Refused> {
    let refuse = |m: Msg| Refused::invalid(lang, &m);
    let mut rule = presets()
        .into_iter()
        .find(|(name, _)| *name == f.preset)
        .map(|(_, r)| r)
        .ok_or_else(|| refuse(Msg::new("season-preset-unknown")))?;
    let number = |s: &str, key: &'static str| -> Result<Option<Value>, Refused> {
        let s = s.trim().replace(',', ".");
        if s.is_empty() {
            return Ok(None);
        }
        s.parse::<f64>()
            .map(|x| Some(json!(x)))
            .map_err(|_| refuse(Msg::new(key).arg("value", &s)))
    };
    if let Some(n) = number(&f.best_of, "season-rule-best-of")? {
        rule["best_of"] = json!(n
            .as_f64()
            .filter(|x| x.fract() == 0.0 && *x >= 0.0)
            .map(|x| x as u64)
            .unwrap_or(0));
    }
    if let Some(p) = number(&f.participation, "season-rule-participation")? {
        rule["participation"] = p;
    }
    Ok(rule)
}

#[post("/seasons")]
async fn create(
    OrgPage { ctx, state, user }: OrgPage,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let f = SeasonForm::of(form.0);
    let lang = ctx.lang;
    let made = rule_of(lang, &f).and_then(|rule| {
        seasons::new_season(&f.name, &f.starts, &f.ends, &rule).map_err(|m| Refused::invalid(lang, &m))
    });
    let new = match made {
        Ok(new) => new,
        Err(r) => return render_list(&state, ctx, f, Some(r.message), r.status).await,
    };
    let ids: Vec<TournamentId> = f.tournaments.iter().filter_map(|s| s.trim().parse().ok()).collect();
    let club = match crate::web::clubs::chosen_of_form(&state, &user.clubs, &f.club, lang).await? {
        Ok(c) => c,
        Err(m) => {
            let message = Some(m.render(lang));
            return render_list(&state, ctx, f, message, StatusCode::UNPROCESSABLE_ENTITY).await;
        }
    };
    crate::web::clubs::check_tournaments(&state, &user.clubs, &ids, lang).await?;
    let (actor, uid) = (user.username.clone(), user.id);
    let r = state
        .write(move |tx| {
            attempt(tx, lang, |tx| {
                let id = seasons::create(tx, &new, &ids, &actor, Some(uid))?;
                crate::db::ops::clubs::own_season(tx, id.get(), club)?;
                Ok(id)
            })
        })
        .await?;
    match r {
        Ok(id) => Ok(see_other(format!("/seasons/{id}"))),
        Err(r) => render_list(&state, ctx, f, Some(r.message), r.status).await,
    }
}

/// The attach form.
#[derive(Deserialize)]
struct AttachForm {
    #[serde(default)]
    tournament: String,
}

#[post("/seasons/{id}/tournaments")]
async fn attach(
    OrgPage { ctx, state, user }: OrgPage,
    path: web::Path<SeasonId>,
    form: CsrfForm<AttachForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let Ok(t) = form.0.tournament.trim().parse::<TournamentId>() else {
        let message = Msg::new("season-attach-which-one").render(ctx.lang);
        let page = super::pages::page(&state, ctx, id, Some(message)).await?;
        return Ok(render::page_with_status(&page, StatusCode::UNPROCESSABLE_ENTITY));
    };
    crate::web::clubs::check_tournaments(&state, &user.clubs, &[t], ctx.lang).await?;
    let actor = user.username;
    state.write(move |tx| Ok(seasons::attach(tx, id, t, &actor)?)).await?;
    Ok(see_other(format!("/seasons/{id}")))
}

#[post("/seasons/{id}/tournaments/{tid}/detach")]
async fn detach(
    OrgPage { state, user, .. }: OrgPage,
    path: web::Path<(SeasonId, TournamentId)>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    let (id, t) = path.into_inner();
    let actor = user.username;
    state.write(move |tx| Ok(seasons::detach(tx, id, t, &actor)?)).await?;
    Ok(see_other(format!("/seasons/{id}")))
}

/// The import form: the file's text, pasted.
#[derive(Deserialize)]
struct ImportForm {
    #[serde(default)]
    csv: String,
}

#[post("/seasons/{id}/import")]
async fn import(
    OrgPage { ctx, state, user }: OrgPage,
    path: web::Path<SeasonId>,
    form: CsrfForm<ImportForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (lang, actor, text) = (ctx.lang, user.username, form.0.csv);
    let r = state
        .write(move |tx| attempt(tx, lang, |tx| seasons::import::import(tx, id, &text, &actor)))
        .await?;
    match r {
        Ok(_) => Ok(see_other(format!("/seasons/{id}"))),
        Err(r) => {
            let page = super::pages::page(&state, ctx, id, Some(r.message)).await?;
            Ok(render::page_with_status(&page, r.status))
        }
    }
}
