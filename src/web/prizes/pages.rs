//! A tournament's prize list from its standings as the public sees them:
//! the page (the rule in sentences, what the pot keeps, what rounding and
//! ties left), the A4 to print, the sheet to sign (name, place, amount, a
//! signature column) and the CSV.

use actix_web::{get, web, HttpResponse};

use crate::db::models::Tournament;
use crate::tournament::ids::TournamentId;
use crate::web::exports::csv_response;
use crate::web::filters;
use crate::web::spreadsheet::{french_csv, Cell};
use crate::web::{render, AppError, Ctx, OrgPage};

use super::view::{self, money, Line};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(prizes_csv)
        .service(list_page)
        .service(print_page)
        .service(sheet_page);
}

/// What the prize pages show.
pub struct Shown {
    /// The tournament.
    pub t: Tournament,
    /// Whether a rule is set.
    pub set: bool,
    /// The rule, in sentences.
    pub rule: Vec<String>,
    /// A refusal of the rule as it stands (amounts over what is redistributed).
    pub error: Option<String>,
    /// The sums: (what, how much), said.
    pub sums: Vec<(String, String)>,
    /// What rounding, ties and caps left, said.
    pub notes: Vec<String>,
    /// One line per player paid.
    pub lines: Vec<Line>,
}

impl Shown {
    /// A sum, said in the page's language.
    pub fn money(&self, ctx: &Ctx, c: &i64) -> String {
        if *c == 0 {
            String::new()
        } else {
            money(ctx.lang, *c)
        }
    }
}

async fn shown(state: &crate::web::AppState, ctx: &Ctx, id: TournamentId) -> Result<Shown, AppError> {
    let d = state.db(move |conn| super::load(conn, id)).await?;
    let lang = ctx.lang;
    let mut s = Shown {
        set: d.rule.is_some(),
        rule: d
            .rule
            .as_ref()
            .map(|r| view::rule_sentences(lang, r, d.registered, &d.others))
            .unwrap_or_default(),
        error: None,
        sums: Vec::new(),
        notes: Vec::new(),
        lines: Vec::new(),
        t: d.t,
    };
    match d.list {
        Some(Ok(l)) => {
            let mut sums = vec![
                ("prize-sum-pot", l.pot),
                ("prize-sum-fund", l.fund),
                ("prize-sum-places", l.to_places),
            ];
            if l.bonus.0 > 0 {
                sums.push(("prize-sum-bonus", i64::from(l.bonus.0) * l.bonus.1));
            }
            if l.fixed > 0 {
                sums.push(("prize-sum-fixed", l.fixed));
            }
            sums.push(("prize-sum-kept", l.kept));
            s.sums = sums.into_iter().map(|(k, c)| (lang.t(k), money(lang, c))).collect();
            s.notes = view::notes(lang, &l);
            s.lines = view::lines(lang, &l, &d.names);
        }
        Some(Err(e)) => s.error = Some(view::refusal(lang, &e)),
        None => {}
    }
    Ok(s)
}

/// The prize list's page.
#[derive(askama::Template)]
#[template(path = "prizes/list.html")]
pub struct ListPage {
    /// Page context.
    pub ctx: Ctx,
    /// What it shows.
    pub shown: Shown,
}

/// The prize list on A4; `sheet`: the sheet to sign.
#[derive(askama::Template)]
#[template(path = "prizes/print.html")]
pub struct PrintPage {
    /// Page context.
    pub ctx: Ctx,
    /// What it shows.
    pub shown: Shown,
    /// The sheet to sign (a signature column), or the list.
    pub sheet: bool,
}

#[get("/tournaments/{id}/prizes")]
async fn list_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let shown = shown(&state, &ctx, path.into_inner()).await?;
    Ok(render::page(&ListPage { ctx, shown }))
}

#[get("/tournaments/{id}/prizes/print")]
async fn print_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let shown = shown(&state, &ctx, path.into_inner()).await?;
    Ok(render::page(&PrintPage {
        ctx,
        shown,
        sheet: false,
    }))
}

#[get("/tournaments/{id}/prizes/sheet")]
async fn sheet_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let shown = shown(&state, &ctx, path.into_inner()).await?;
    Ok(render::page(&PrintPage {
        ctx,
        shown,
        sheet: true,
    }))
}

/// `GET /tournaments/{id}/prizes.csv`: place, name, club, prize, fixed,
/// bonus, total (euros, a decimal comma), things given; one line per
/// player paid.
#[get("/tournaments/{id}/prizes.csv")]
async fn prizes_csv(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let shown = shown(&state, &ctx, id).await?;
    let lang = ctx.lang;
    let head = [
        "csv-place",
        "player-name",
        "player-club",
        "prize-col-prize",
        "prize-col-fixed",
        "prize-col-bonus",
        "prize-col-total",
        "prize-col-items",
    ];
    let euros = |c: i64| Cell::Decimal(c as f64 / 100.0);
    let mut rows = vec![head.iter().map(|k| Cell::from(lang.t(k))).collect::<Vec<_>>()];
    for l in &shown.lines {
        rows.push(vec![
            l.rank.into(),
            l.name.as_str().into(),
            l.club.as_str().into(),
            euros(l.prize),
            euros(l.fixed),
            euros(l.bonus),
            euros(l.total),
            l.items.as_str().into(),
        ]);
    }
    Ok(csv_response(french_csv(&rows)?, &format!("prizes-{id}.csv")))
}
