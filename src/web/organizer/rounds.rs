//! Rounds for the organizer: start the next one, see its tables, enter or
//! correct deals, close it; the seating report and the audit log.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::db::models::{AuditEntry, Deal, Player, Round, RoundTable, Tournament};
use crate::db::ops::deals::{self, deal_players, score_body, Actor};
use crate::db::ops::rounds::{self, history, missing_deals};
use crate::db::ops::tournaments::{self, Table5Mode};
use crate::db::AnyConnection;
use crate::i18n::Lang;
use crate::tarot::ScoreOutput;
use crate::tournament::seating::SeatingReport;

use super::super::csrf::CsrfForm;
use super::super::{render, AppError, AppState, Ctx, Organizer};
use super::dashboard::render_dashboard;
use super::{refusal, see_other};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(start)
        .service(show)
        .service(close)
        .service(sheet)
        .service(deal_form)
        .service(deal_post)
        .service(seating_report)
        .service(audit);
}

#[derive(Deserialize)]
struct StartForm {
    #[serde(default)]
    expected: String,
    /// Force the close of the round still open.
    #[serde(default)]
    close_previous: Option<String>,
}

#[post("/tournaments/{id}/rounds")]
async fn start(
    ctx: Ctx,
    org: Organizer,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<StartForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let expected = form.0.expected.trim().parse::<i32>().ok();
    let close_previous = form.0.close_previous.is_some();
    let actor = org.0.username;
    let r = state
        .db(move |conn| refusal(rounds::start_next(conn, id, expected, close_previous, &actor)))
        .await?;
    match r {
        Ok(seated) => Ok(see_other(format!("/tournaments/{id}/rounds/{}", seated.round))),
        Err((status, e)) => {
            let error = Some(e.render(ctx.lang));
            render_dashboard(&state, ctx, id, Default::default(), error, None, status).await
        }
    }
}

/// A table on the round page.
pub struct TableView {
    /// Number.
    pub number: i32,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Deals entered.
    pub entered: usize,
    /// Deals to play.
    pub deal_count: i32,
    /// The tablet's link.
    pub link: String,
}

/// The round page.
#[derive(askama::Template)]
#[template(path = "organizer/round.html")]
pub struct RoundPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub number: i32,
    /// Closed.
    pub closed: bool,
    /// Tables.
    pub tables: Vec<TableView>,
    /// Tables with missing deals.
    pub missing: Vec<(i32, Vec<i32>)>,
    /// Refusal to show.
    pub error: Option<String>,
}

impl RoundPage {
    /// The missing tables as a list.
    pub fn missing_list(&self) -> String {
        self.missing
            .iter()
            .map(|(t, _)| t.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn load_round(conn: &mut AnyConnection, id: i32, n: i32) -> Result<(Tournament, Round, Vec<TableView>), AppError> {
    let t = tournaments::get(conn, id)?;
    let round = Round::find(conn, id, n)?.ok_or(AppError::NotFound)?;
    let mut tables = Vec::new();
    for table in RoundTable::for_round(conn, round.id)? {
        let ids = RoundTable::players(conn, table.id)?;
        let nm = Player::names(conn, &ids)?;
        tables.push(TableView {
            number: table.number,
            players: ids.iter().map(|p| nm.get(p).cloned().unwrap_or_default()).collect(),
            entered: Deal::for_table(conn, table.id)?.len(),
            deal_count: table.deal_count,
            link: format!("/t/{}", table.token),
        });
    }
    Ok((t, round, tables))
}

async fn render_round(
    state: &AppState,
    ctx: Ctx,
    id: i32,
    n: i32,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (t, round, tables, missing) = state
        .db(move |conn| {
            let (t, round, tables) = load_round(conn, id, n)?;
            let missing = missing_deals(conn, round.id)?;
            Ok((t, round, tables, missing))
        })
        .await?;
    Ok(render::page_with_status(
        &RoundPage {
            ctx,
            t,
            number: n,
            closed: round.is_closed(),
            tables,
            missing,
            error,
        },
        status,
    ))
}

#[get("/tournaments/{id}/rounds/{n}")]
async fn show(
    ctx: Ctx,
    _org: Organizer,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    render_round(&state, ctx, id, n, None, StatusCode::OK).await
}

#[derive(Deserialize)]
struct CloseForm {
    #[serde(default)]
    force: String,
}

#[post("/tournaments/{id}/rounds/{n}/close")]
async fn close(
    ctx: Ctx,
    org: Organizer,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<CloseForm>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let force = !form.0.force.is_empty();
    let actor = org.0.username;
    let r = state
        .db(move |conn| refusal(rounds::close(conn, id, n, force, &actor)))
        .await?;
    match r {
        Ok(()) => Ok(see_other(format!("/tournaments/{id}/rounds/{n}"))),
        Err((status, e)) => {
            let error = Some(e.render(ctx.lang));
            render_round(&state, ctx, id, n, error, status).await
        }
    }
}

/// One deal row of a score sheet.
pub struct SheetRow {
    /// Deal number.
    pub k: i32,
    /// Dealer's name.
    pub dealer: String,
    /// Entered yet.
    pub entered: bool,
    /// The explanation.
    pub summary: String,
    /// Scores by table seat ("" for the player sitting out, "·" when not entered).
    pub scores: Vec<String>,
}

/// The score sheet of a table (feuille de marque).
#[derive(askama::Template)]
#[template(path = "organizer/sheet.html")]
pub struct SheetPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: i32,
    /// Round closed.
    pub closed: bool,
    /// Table number.
    pub table: i32,
    /// The tablet link.
    pub link: String,
    /// Where the deal links hang from.
    pub base: String,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Deal rows.
    pub rows: Vec<SheetRow>,
    /// Totals by seat.
    pub totals: Vec<i64>,
}

impl SheetPage {
    /// Whether the totals sum to zero.
    pub fn balanced(&self) -> bool {
        self.totals.iter().sum::<i64>() == 0
    }
}

/// The sentence explaining a deal's score.
pub fn explain(lang: Lang, record: &Value, output: Option<&ScoreOutput>, names: &HashMap<i32, String>) -> String {
    let Some(o) = output else {
        return lang.t("deal-all-passed");
    };
    let contract = record.get("contract").and_then(Value::as_str).unwrap_or("");
    let taker = record
        .get("taker")
        .and_then(Value::as_i64)
        .and_then(|p| names.get(&(p as i32)).cloned())
        .unwrap_or_default();
    let key = if o.won {
        "deal-summary-made"
    } else {
        "deal-summary-failed"
    };
    lang.t_args(
        key,
        &[
            ("contract", lang.t(&format!("contract-{contract}"))),
            ("taker", taker),
            ("margin", o.margin.to_string()),
            ("formula", o.formula.clone()),
        ],
    )
}

/// Finds a table of a tournament's round by number.
pub fn find_table(
    conn: &mut AnyConnection,
    id: i32,
    n: i32,
    tn: i32,
) -> Result<(Tournament, Round, RoundTable), AppError> {
    let t = tournaments::get(conn, id)?;
    let round = Round::find(conn, id, n)?.ok_or(AppError::NotFound)?;
    let table = RoundTable::for_round(conn, round.id)?
        .into_iter()
        .find(|tb| tb.number == tn)
        .ok_or(AppError::NotFound)?;
    Ok((t, round, table))
}

/// Builds the score sheet of a table; `base` is the URL the deal links hang from.
pub fn build_sheet(
    conn: &mut AnyConnection,
    ctx: Ctx,
    (id, n, tn): (i32, i32, i32),
    base: String,
) -> Result<SheetPage, AppError> {
    let (t, round, table) = find_table(conn, id, n, tn)?;
    let lang = ctx.lang;
    let ids = RoundTable::players(conn, table.id)?;
    let nm = Player::names(conn, &ids)?;
    let entered: HashMap<i32, Deal> = Deal::for_table(conn, table.id)?
        .into_iter()
        .map(|d| (d.number, d))
        .collect();
    let mode = Table5Mode::from_name(&t.table5_mode).unwrap_or_default();
    let mut totals = vec![0i64; ids.len()];
    let mut rows = Vec::new();
    for k in 1..=table.deal_count {
        let dealer = nm
            .get(&ids[((k - 1) as usize) % ids.len()])
            .cloned()
            .unwrap_or_default();
        let (_, out) = deal_players(&ids, k, mode);
        match entered.get(&k) {
            Some(d) => {
                let record: Value = serde_json::from_str(&d.record_json).unwrap_or(Value::Null);
                let scored = score_body(&t, &ids, k, &record).ok();
                let output = scored.as_ref().and_then(|s| s.output.as_ref());
                let scores: HashMap<i32, i32> = Deal::scores(conn, d.id)?.into_iter().collect();
                let mut cells = Vec::new();
                for (i, p) in ids.iter().enumerate() {
                    let s = scores.get(p).copied().unwrap_or(0);
                    totals[i] += i64::from(s);
                    cells.push(if Some(*p) == out { String::new() } else { s.to_string() });
                }
                rows.push(SheetRow {
                    k,
                    dealer,
                    entered: true,
                    summary: explain(lang, &record, output, &nm),
                    scores: cells,
                });
            }
            None => rows.push(SheetRow {
                k,
                dealer,
                entered: false,
                summary: String::new(),
                scores: ids
                    .iter()
                    .map(|p| if Some(*p) == out { String::new() } else { "·".into() })
                    .collect(),
            }),
        }
    }
    Ok(SheetPage {
        ctx,
        round: n,
        closed: round.is_closed(),
        table: tn,
        link: format!("/t/{}", table.token),
        base,
        players: ids.iter().map(|p| nm.get(p).cloned().unwrap_or_default()).collect(),
        rows,
        totals,
        t,
    })
}

#[get("/tournaments/{id}/rounds/{n}/tables/{t}")]
async fn sheet(
    ctx: Ctx,
    _org: Organizer,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, n, tn) = path.into_inner();
    let base = format!("/tournaments/{id}/rounds/{n}/tables/{tn}");
    let page = state.db(move |conn| build_sheet(conn, ctx, (id, n, tn), base)).await?;
    Ok(render::page(&page))
}

/// The deal entry form (organizer).
#[derive(askama::Template)]
#[template(path = "organizer/deal_form.html")]
pub struct DealFormPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: i32,
    /// Round closed (corrections need a reason).
    pub closed: bool,
    /// Table number.
    pub table: i32,
    /// Deal number.
    pub k: i32,
    /// The deal's players (id, name).
    pub players: Vec<(i32, String)>,
    /// Who sits out, if anyone.
    pub sitting_out: Option<String>,
    /// A partner can be named (5-player called-king game).
    pub partner_allowed: bool,
    /// Misère is played.
    pub misere: bool,
    /// The form's values.
    pub values: HashMap<String, String>,
    /// What was refused.
    pub error: Option<String>,
    /// A deal is already recorded in this slot.
    pub existing: bool,
    /// The sheet's URL (the form posts to `{base}/deals/{k}`).
    pub base: String,
}

impl DealFormPage {
    /// The value of a field.
    pub fn v(&self, name: &str) -> &str {
        self.values.get(name).map(String::as_str).unwrap_or("")
    }
    /// Whether a field has this value.
    pub fn is(&self, name: &str, value: &str) -> bool {
        self.v(name) == value
    }
    /// Whether a select for a player's field has this value.
    pub fn is_p(&self, prefix: &str, player: &i32, value: &str) -> bool {
        self.v(&format!("{prefix}{player}")) == value
    }
    /// Whether a player is the selected one for a field.
    pub fn is_player(&self, name: &str, player: &i32) -> bool {
        self.v(name) == player.to_string()
    }
}

/// Form values from a stored record.
fn values_from_record(record: &Value) -> HashMap<String, String> {
    let mut v = HashMap::new();
    if record.get("passed").and_then(Value::as_bool) == Some(true) {
        v.insert("passed".into(), "1".into());
        return v;
    }
    let s = |x: Option<&Value>| match x {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => String::new(),
        Some(o) => o.to_string(),
    };
    for k in ["taker", "partner", "contract", "oudlers", "petit_au_bout"] {
        v.insert(k.into(), s(record.get(k)));
    }
    if let Some(p) = record.get("points").and_then(Value::as_f64) {
        v.insert(
            "points".into(),
            if p.fract() == 0.0 {
                format!("{p:.0}")
            } else {
                p.to_string()
            },
        );
    }
    if let Some(c) = record.get("chelem") {
        if c.get("announced").and_then(Value::as_bool) == Some(true) {
            v.insert("chelem_announced".into(), "1".into());
        }
        v.insert("chelem_made_by".into(), s(c.get("made_by")));
    }
    for (list, prefix, key) in [("handfuls", "handful_", "size"), ("miseres", "misere_", "kind")] {
        for h in record.get(list).and_then(Value::as_array).into_iter().flatten() {
            v.insert(format!("{prefix}{}", s(h.get("player"))), s(h.get(key)));
        }
    }
    v
}

/// The deal body (API shape) from the form's values.
fn body_from_values(v: &HashMap<String, String>) -> Value {
    let get = |k: &str| v.get(k).map(|s| s.trim()).unwrap_or("");
    if get("passed") == "1" {
        return json!({"passed": true});
    }
    let opt_str = |k: &str| if get(k).is_empty() { Value::Null } else { json!(get(k)) };
    let num = |k: &str| {
        let raw = get(k).replace(',', ".");
        if raw.is_empty() {
            Value::Null
        } else if let Ok(i) = raw.parse::<i64>() {
            json!(i)
        } else if let Ok(f) = raw.parse::<f64>() {
            json!(f)
        } else {
            json!(get(k))
        }
    };
    let listed = |prefix: &str, key: &str| {
        let mut items: Vec<(i64, String)> = v
            .iter()
            .filter_map(|(k, val)| {
                let p = k.strip_prefix(prefix)?.parse::<i64>().ok()?;
                (!val.trim().is_empty()).then(|| (p, val.trim().to_owned()))
            })
            .collect();
        items.sort();
        Value::Array(
            items
                .into_iter()
                .map(|(p, val)| json!({"player": p, key: val}))
                .collect(),
        )
    };
    let handfuls = listed("handful_", "size");
    let miseres = listed("misere_", "kind");
    json!({
        "taker": num("taker"),
        "partner": num("partner"),
        "contract": opt_str("contract"),
        "oudlers": num("oudlers"),
        "points": num("points"),
        "handfuls": handfuls,
        "miseres": miseres,
        "petit_au_bout": opt_str("petit_au_bout"),
        "chelem": {"announced": get("chelem_announced") == "1", "made_by": opt_str("chelem_made_by")},
    })
}

pub fn form_page(
    conn: &mut AnyConnection,
    ctx: Ctx,
    (id, n, tn, k): (i32, i32, i32, i32),
    base: String,
    values: Option<HashMap<String, String>>,
    error: Option<String>,
) -> Result<DealFormPage, AppError> {
    let (t, round, table) = find_table(conn, id, n, tn)?;
    if k < 1 || k > table.deal_count {
        return Err(AppError::NotFound);
    }
    let ids = RoundTable::players(conn, table.id)?;
    let nm = Player::names(conn, &ids)?;
    let mode = Table5Mode::from_name(&t.table5_mode).unwrap_or_default();
    let (playing, out) = deal_players(&ids, k, mode);
    let existing = Deal::find(conn, table.id, k)?;
    let values = match values {
        Some(v) => v,
        None => existing
            .as_ref()
            .map(|d| values_from_record(&serde_json::from_str(&d.record_json).unwrap_or(Value::Null)))
            .unwrap_or_default(),
    };
    let rules = deals::rules_of(&t);
    Ok(DealFormPage {
        ctx,
        round: n,
        closed: round.is_closed(),
        table: tn,
        k,
        players: playing
            .iter()
            .map(|p| (*p, nm.get(p).cloned().unwrap_or_default()))
            .collect(),
        sitting_out: out.and_then(|p| nm.get(&p).cloned()),
        partner_allowed: playing.len() == 5,
        misere: rules.misere,
        values,
        error,
        existing: existing.is_some(),
        base,
        t,
    })
}

#[get("/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}")]
async fn deal_form(
    ctx: Ctx,
    _org: Organizer,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, n, tn, k) = path.into_inner();
    let page = state
        .db(move |conn| {
            form_page(
                conn,
                ctx,
                (id, n, tn, k),
                format!("/tournaments/{id}/rounds/{n}/tables/{tn}"),
                None,
                None,
            )
        })
        .await?;
    Ok(render::page(&page))
}

/// Enters deal `k` of a table from the deal form, for an organizer or the
/// table itself; answers the redirect to the sheet at `base`, or the form again,
/// as typed, with the refusal.
pub async fn enter_from_form(
    state: &AppState,
    ctx: Ctx,
    table_at: TableAt,
    k: i32,
    fields: Vec<(String, String)>,
    actor: Actor,
    base: String,
) -> Result<HttpResponse, AppError> {
    let values: HashMap<String, String> = fields.into_iter().filter(|(k, _)| k != "csrf").collect();
    let body = body_from_values(&values);
    // Only an organizer gives a reason; the table's corrections need none while the round is open.
    let reason = match actor {
        Actor::Organizer(_) => values.get("reason").cloned().unwrap_or_default(),
        Actor::Table => String::new(),
    };
    let lang = ctx.lang;
    let back = base.clone();
    let outcome = state
        .db(move |conn| {
            let (t, round, table) = match &table_at {
                TableAt::Number(id, n, tn) => find_table(conn, *id, *n, *tn)?,
                TableAt::Token(token) => {
                    let (table, round) = RoundTable::by_token(conn, token)?.ok_or(AppError::NotFound)?;
                    (tournaments::get(conn, round.tournament_id)?, round, table)
                }
            };
            match refusal(deals::enter(conn, &table, &round, k, &body, &actor, &reason))? {
                Ok(_) => Ok(None),
                Err((status, e)) => {
                    let at = (t.id, round.number, table.number, k);
                    let page = form_page(conn, ctx, at, base, Some(values), Some(e.render(lang)))?;
                    Ok(Some((status, page)))
                }
            }
        })
        .await?;
    match outcome {
        None => Ok(see_other(back)),
        Some((status, page)) => Ok(render::page_with_status(&page, status)),
    }
}

/// How a deal form finds its table.
pub enum TableAt {
    /// Tournament id, round number, table number (organizer pages).
    Number(i32, i32, i32),
    /// The table's secret token (its own pages).
    Token(String),
}

#[post("/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}")]
async fn deal_post(
    ctx: Ctx,
    org: Organizer,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32, i32)>,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let (id, n, tn, k) = path.into_inner();
    let base = format!("/tournaments/{id}/rounds/{n}/tables/{tn}");
    let actor = Actor::Organizer(org.0.username);
    enter_from_form(&state, ctx, TableAt::Number(id, n, tn), k, form.0, actor, base).await
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
    ctx: Ctx,
    _org: Organizer,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
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
async fn audit(
    ctx: Ctx,
    _org: Organizer,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (t, entries) = state
        .db(move |conn| Ok((tournaments::get(conn, id)?, AuditEntry::for_tournament(conn, id)?)))
        .await?;
    Ok(render::page(&AuditPage { ctx, t, entries }))
}
