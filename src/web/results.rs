//! Statistics and results: the tournament's statistics page with its charts,
//! each chart alone as SVG, the self-contained results page a club uploads
//! as it is, and the statistics block of a player's page. The figures come
//! from the pure `tournament::stats`, the charts from `web::charts`.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};
use base64::Engine;
use chrono::{NaiveDateTime, TimeZone};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::db::models::{Deal, Registration, Round, RoundTable, Tournament};
use crate::db::ops::{standings, tournaments};
use crate::db::AnyConnection;
use crate::i18n::Lang;
use crate::tarot::Contract;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::standings::Standings;
use crate::tournament::stats::{self, ByContract, PlayerStats, StatDeal, Taken, TournamentStats};

use super::charts::{svg, ContractsChart, Highlight, HistogramChart, RaceChart, Words};
use super::{render, AppError, AppState, Ctx};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(stats_page).service(chart).service(results_html);
}

/// A time of the database (UTC) in the server's time zone, as the page's
/// language writes it, with the zone's abbreviation.
pub fn local_time(tz: chrono_tz::Tz, utc: NaiveDateTime, lang: Lang) -> String {
    let local = tz.from_utc_datetime(&utc);
    match lang {
        Lang::Fr => local.format("%d/%m/%Y %H:%M:%S %Z").to_string(),
        Lang::En => local.format("%Y-%m-%d %H:%M:%S %Z").to_string(),
    }
}

/// A decimal as the language writes it: 69,6 in French, 69.6 in English.
fn decimal(lang: Lang, v: Option<f64>) -> String {
    match v {
        None => "—".into(),
        Some(v) if lang == Lang::Fr => format!("{v}").replace('.', ","),
        Some(v) => format!("{v}"),
    }
}

/// "3 of 4 (75 %)", or "—" when never.
fn made_of(lang: Lang, t: &Taken) -> String {
    match t.rate() {
        None => "—".into(),
        Some(rate) => lang.t_args(
            "stats-made-of",
            &[
                ("won", t.won.to_string()),
                ("taken", t.taken.to_string()),
                ("rate", rate.to_string()),
            ],
        ),
    }
}

/// A line of the contracts table.
pub struct ContractRow {
    /// The contract's name.
    pub name: String,
    /// Taken.
    pub taken: u32,
    /// Made.
    pub won: u32,
    /// Success rate ("75 %", "—").
    pub rate: String,
}

/// Statistics ready to show: contracts and facts (label, value).
pub struct StatsView {
    /// One line per contract, and the total last.
    pub contracts: Vec<ContractRow>,
    /// Other figures.
    pub facts: Vec<(String, String)>,
}

fn contract_rows(lang: Lang, by: &ByContract) -> Vec<ContractRow> {
    let row = |name: String, t: Taken| ContractRow {
        name,
        taken: t.taken,
        won: t.won,
        rate: t
            .rate()
            .map(|r| lang.t_args("stats-rate", &[("rate", r.to_string())]))
            .unwrap_or_else(|| "—".into()),
    };
    let mut rows: Vec<ContractRow> = by
        .lines()
        .into_iter()
        .map(|(c, t)| row(contract_name(lang, c), t))
        .collect();
    rows.push(row(lang.t("total"), by.total()));
    rows
}

fn contract_name(lang: Lang, c: Contract) -> String {
    lang.t(&format!("contract-{}", c.name()))
}

fn handfuls(h: &stats::Handfuls) -> String {
    format!("{} / {} / {}", h.0[0], h.0[1], h.0[2])
}

impl StatsView {
    /// The tournament's figures.
    pub fn tournament(lang: Lang, s: &TournamentStats) -> StatsView {
        let mut facts = vec![
            (lang.t("stats-deals"), s.deals.to_string()),
            (lang.t("stats-passed"), s.passed.to_string()),
            (lang.t("stats-taken"), made_of(lang, &s.taken.total())),
        ];
        if s.with_partner > 0 {
            facts.push((lang.t("stats-with-partner"), s.with_partner.to_string()));
        }
        facts.extend([
            (lang.t("stats-taker-average"), decimal(lang, s.taker_average())),
            (lang.t("stats-handfuls"), handfuls(&s.handfuls)),
            (
                lang.t("stats-petit-camps"),
                format!("{} / {}", s.petit_attack, s.petit_defence),
            ),
            (
                lang.t("stats-chelems-camps"),
                format!("{} / {}", s.chelems_attack, s.chelems_defence),
            ),
            (lang.t("stats-chelems-failed"), s.chelems_failed.to_string()),
        ]);
        StatsView {
            contracts: contract_rows(lang, &s.taken),
            facts,
        }
    }

    /// A player's figures.
    pub fn player(lang: Lang, s: &PlayerStats) -> StatsView {
        let mut facts = vec![(lang.t("stats-played"), s.played.to_string())];
        if s.sat_out > 0 {
            facts.push((lang.t("stats-sat-out"), s.sat_out.to_string()));
        }
        facts.extend([
            (lang.t("stats-average"), decimal(lang, s.average())),
            (lang.t("stats-taken"), made_of(lang, &s.taken.total())),
            (lang.t("stats-partner"), made_of(lang, &s.partner)),
            (lang.t("stats-defence"), made_of(lang, &s.defence)),
            (lang.t("stats-handfuls"), handfuls(&s.handfuls)),
            (
                lang.t("stats-petit-player"),
                format!("{} / {}", s.petit_won, s.petit_lost),
            ),
            (lang.t("stats-chelems"), s.chelems.to_string()),
        ]);
        if s.chelems_failed > 0 {
            facts.push((lang.t("stats-chelems-failed"), s.chelems_failed.to_string()));
        }
        StatsView {
            contracts: contract_rows(lang, &s.taken),
            facts,
        }
    }
}

/// The standings race as SVG.
pub fn race_svg(lang: Lang, s: &Standings, rounds: RoundNo, highlight: Highlight, player_name: Option<&str>) -> String {
    let lines = stats::race(&s.lines, rounds);
    let desc = match player_name {
        Some(name) => lang.t_args("chart-race-desc-player", &[("name", name.to_owned())]),
        None => lang.t("chart-race-desc"),
    };
    svg(&RaceChart::new(
        &lines,
        highlight,
        Words {
            title: lang.t("chart-race-title"),
            desc,
            x_label: lang.t("chart-race-x"),
            y_label: lang.t("chart-race-y"),
        },
    ))
}

/// The contracts taken and made as SVG.
pub fn contracts_svg(lang: Lang, by: &ByContract) -> String {
    let rows: Vec<(String, Taken)> = by
        .lines()
        .into_iter()
        .map(|(c, t)| (contract_name(lang, c), t))
        .collect();
    svg(&ContractsChart::new(
        &rows,
        |t| made_of(lang, t),
        (lang.t("chart-contracts-taken"), lang.t("chart-contracts-made")),
        Words {
            title: lang.t("chart-contracts-title"),
            desc: lang.t("chart-contracts-desc"),
            x_label: lang.t("chart-contracts-x"),
            y_label: String::new(),
        },
    ))
}

/// The distribution of scores per deal as SVG.
pub fn scores_svg(lang: Lang, values: &[i32]) -> String {
    svg(&HistogramChart::new(
        values,
        |lo, hi, count| {
            lang.t_args(
                "chart-scores-column",
                &[
                    ("lo", lo.to_string()),
                    ("hi", hi.to_string()),
                    ("count", count.to_string()),
                ],
            )
        },
        Words {
            title: lang.t("chart-scores-title"),
            desc: lang.t("chart-scores-desc"),
            x_label: lang.t("chart-scores-x"),
            y_label: lang.t("chart-scores-y"),
        },
    ))
}

/// Everything a tournament's statistics are made from: seven queries.
pub struct TournamentData {
    /// The tournament.
    pub t: Tournament,
    /// Its standings.
    pub standings: Standings,
    /// Round numbers seated.
    pub rounds: Vec<RoundNo>,
    /// Every deal entered.
    pub deals: Vec<StatDeal>,
}

impl TournamentData {
    /// Reads the tournament `id`.
    pub fn load(conn: &mut AnyConnection, id: TournamentId) -> Result<TournamentData, AppError> {
        let t = tournaments::get(conn, id)?;
        let standings = standings::compute(conn, id, None)?;
        let rounds = Round::for_tournament(conn, id)?.into_iter().map(|r| r.number).collect();
        let mut seats: HashMap<i32, Vec<PlayerId>> = HashMap::new();
        for (_, table, player) in RoundTable::seats_of_tournament(conn, id)? {
            seats.entry(table).or_default().push(player);
        }
        let mut scores: HashMap<(i32, i32), Vec<(PlayerId, i32)>> = HashMap::new();
        for l in Deal::score_lines(conn, id)? {
            scores
                .entry((l.table_id, l.deal))
                .or_default()
                .push((l.player_id, l.score));
        }
        let deals = Deal::for_tournament(conn, id)?
            .into_iter()
            .map(|(round, d)| {
                let players = seats.get(&d.table_id).map(Vec::as_slice).unwrap_or_default();
                let scores = scores.remove(&(d.table_id, d.number)).unwrap_or_default();
                StatDeal::at_table(round, players, d.number, t.table5_mode, d.record, d.attack_won, scores)
            })
            .collect();
        Ok(TournamentData {
            t,
            standings,
            rounds,
            deals,
        })
    }

    fn last_round(&self) -> RoundNo {
        self.rounds.iter().copied().max().unwrap_or_default()
    }
}

/// The tournament's statistics page.
#[derive(askama::Template)]
#[template(path = "public/stats.html")]
pub struct StatsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Any deal entered yet.
    pub any: bool,
    /// The figures.
    pub tstats: StatsView,
    /// The race chart (SVG).
    pub race: String,
    /// The contracts chart (SVG).
    pub contracts: String,
    /// The scores chart (SVG).
    pub scores: String,
}

#[get("/tournaments/{id}/stats")]
async fn stats_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let data = state.db(move |conn| TournamentData::load(conn, id)).await?;
    let lang = ctx.lang;
    let ts = TournamentStats::of(&data.deals);
    let page = StatsPage {
        any: !data.deals.is_empty(),
        tstats: StatsView::tournament(lang, &ts),
        race: race_svg(lang, &data.standings, data.last_round(), Highlight::Top(10), None),
        contracts: contracts_svg(lang, &ts.taken),
        scores: scores_svg(lang, &stats::deal_scores(&data.deals, None)),
        t: data.t,
        ctx,
    };
    Ok(render::page(&page))
}

/// One chart alone, as an SVG file: `race.svg`, `contracts.svg`, `scores.svg`.
#[get("/tournaments/{id}/charts/{name}")]
async fn chart(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, String)>,
) -> Result<HttpResponse, AppError> {
    let (id, name) = path.into_inner();
    if !["race.svg", "contracts.svg", "scores.svg"].contains(&name.as_str()) {
        return Err(AppError::NotFound);
    }
    let data = state.db(move |conn| TournamentData::load(conn, id)).await?;
    let lang = ctx.lang;
    let body = match name.as_str() {
        "race.svg" => race_svg(lang, &data.standings, data.last_round(), Highlight::Top(10), None),
        "contracts.svg" => contracts_svg(lang, &TournamentStats::of(&data.deals).taken),
        _ => scores_svg(lang, &stats::deal_scores(&data.deals, None)),
    };
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{body}")))
}

/// The stylesheet inlined in the results page.
pub const RESULTS_CSS: &str = include_str!("../../static/results.css");

/// The results page's Content-Security-Policy: its one inline stylesheet
/// (by hash), nothing else, no script at all.
static RESULTS_CSP: LazyLock<String> = LazyLock::new(|| {
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(RESULTS_CSS.as_bytes()));
    format!(
        "default-src 'none'; style-src 'sha256-{hash}'; img-src data:; base-uri 'none'; form-action 'none'; \
         frame-ancestors 'none'"
    )
});

/// A line of the results' standings.
pub struct ResultLine {
    /// Place.
    pub rank: u32,
    /// Name.
    pub name: String,
    /// Club (details only).
    pub club: String,
    /// Licence (details only).
    pub licence: String,
    /// Round totals ("" for a round not played).
    pub rounds: Vec<String>,
    /// Total.
    pub total: i64,
}

/// The self-contained results page.
#[derive(askama::Template)]
#[template(path = "results.html")]
pub struct ResultsPage {
    /// Page context (language only: the page has no link back).
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round numbers.
    pub rounds: Vec<RoundNo>,
    /// Standings.
    pub lines: Vec<ResultLine>,
    /// Clubs and licences shown.
    pub details: bool,
    /// Figures.
    pub tstats: StatsView,
    /// Race chart.
    pub race: String,
    /// Contracts chart.
    pub contracts: String,
    /// Scores chart.
    pub scores: String,
    /// When it was made, local time.
    pub generated: String,
    /// The inline stylesheet.
    pub css: &'static str,
}

#[derive(Deserialize)]
struct ResultsQuery {
    details: Option<String>,
    download: Option<String>,
}

fn ticked(v: &Option<String>) -> bool {
    v.as_deref().is_some_and(|v| !v.is_empty() && v != "0")
}

#[get("/tournaments/{id}/results.html")]
async fn results_html(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    q: web::Query<ResultsQuery>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let details = ticked(&q.details);
    if details && !ctx.is_organizer() {
        return Err(AppError::LoginRequired);
    }
    let (data, players) = state
        .db(move |conn| {
            let data = TournamentData::load(conn, id)?;
            let players = if details {
                Registration::with_players(conn, id)?
                    .into_iter()
                    .map(|(_, p)| (p.id, (p.club, p.licence.unwrap_or_default())))
                    .collect()
            } else {
                HashMap::new()
            };
            Ok((data, players))
        })
        .await?;
    let lang = ctx.lang;
    let ts = TournamentStats::of(&data.deals);
    let lines = data
        .standings
        .lines
        .iter()
        .map(|l| {
            let (club, licence) = players.get(&l.player).cloned().unwrap_or_default();
            ResultLine {
                rank: l.rank,
                name: l.name.clone(),
                club,
                licence,
                rounds: data
                    .rounds
                    .iter()
                    .map(|r| l.rounds.get(r).map(|v| v.to_string()).unwrap_or_default())
                    .collect(),
                total: l.total,
            }
        })
        .collect();
    let page = ResultsPage {
        lines,
        details,
        tstats: StatsView::tournament(lang, &ts),
        race: race_svg(lang, &data.standings, data.last_round(), Highlight::Top(10), None),
        contracts: contracts_svg(lang, &ts.taken),
        scores: scores_svg(lang, &stats::deal_scores(&data.deals, None)),
        generated: local_time(state.config.timezone, crate::db::now(), lang),
        css: RESULTS_CSS,
        rounds: data.rounds,
        t: data.t,
        ctx,
    };
    let mut resp = render::page(&page);
    resp.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_str(&RESULTS_CSP).map_err(|e| AppError::Internal(e.into()))?,
    );
    if ticked(&q.download) {
        let file = format!("resultats-{}.html", page.t.id);
        resp.headers_mut().insert(
            header::CONTENT_DISPOSITION,
            header::HeaderValue::from_str(&format!("attachment; filename=\"{file}\""))
                .map_err(|e| AppError::Internal(e.into()))?,
        );
    }
    Ok(resp)
}

/// The statistics block of a player's page.
pub struct PlayerBlock {
    /// The figures.
    pub view: StatsView,
    /// The race with their line standing out (SVG).
    pub race: String,
    /// (table id, deal number) of the deals they sat out as the dealer.
    pub sat_out: HashSet<(i32, i32)>,
}

impl PlayerBlock {
    /// Whether the player sat deal `number` of table `table_id` out.
    pub fn sat_out(&self, table_id: i32, number: i32) -> bool {
        self.sat_out.contains(&(table_id, number))
    }
}

/// What a player's page read about the tables they sat at.
pub struct PlayerTables<'a> {
    /// Their tables: (round number, table).
    pub tables: &'a [(RoundNo, RoundTable)],
    /// The players of those tables in seat order: (table id, player, name).
    pub mates: &'a [(i32, PlayerId, String)],
    /// Their score in each deal: (table id, deal number, score).
    pub scores: &'a [(i32, i32, Option<i32>)],
}

/// The statistics block of player `pid`'s page, from what the page already
/// read (standings, their tables) and one query for the deals of their tables.
pub fn player_block(
    conn: &mut AnyConnection,
    lang: Lang,
    t: &Tournament,
    pid: PlayerId,
    s: &Standings,
    read: PlayerTables,
) -> Result<PlayerBlock, AppError> {
    let PlayerTables { tables, mates, scores } = read;
    let ids: Vec<i32> = tables.iter().map(|(_, t)| t.id).collect();
    let round_of: HashMap<i32, RoundNo> = tables.iter().map(|(r, t)| (t.id, *r)).collect();
    let mut sat_out = HashSet::new();
    let mut deals = Vec::new();
    for d in Deal::for_tables(conn, &ids)? {
        let players: Vec<PlayerId> = mates
            .iter()
            .filter(|(tid, _, _)| *tid == d.table_id)
            .map(|(_, p, _)| *p)
            .collect();
        let own = scores
            .iter()
            .find(|(tid, k, _)| *tid == d.table_id && *k == d.number)
            .and_then(|(_, _, s)| *s);
        let sd = StatDeal::at_table(
            round_of.get(&d.table_id).copied().unwrap_or_default(),
            &players,
            d.number,
            t.table5_mode,
            d.record,
            d.attack_won,
            own.map(|s| vec![(pid, s)]).unwrap_or_default(),
        );
        if sd.sat_out == Some(pid) {
            sat_out.insert((d.table_id, d.number));
        }
        deals.push(sd);
    }
    let name = s
        .lines
        .iter()
        .find(|l| l.player == pid)
        .map(|l| l.name.clone())
        .unwrap_or_default();
    let rounds = s
        .lines
        .iter()
        .flat_map(|l| l.rounds.keys().copied())
        .max()
        .unwrap_or_default();
    let rounds = rounds.max(tables.iter().map(|(r, _)| *r).max().unwrap_or_default());
    Ok(PlayerBlock {
        view: StatsView::player(lang, &PlayerStats::of(pid, &deals)),
        race: race_svg(lang, s, rounds, Highlight::Player(pid), Some(&name)),
        sat_out,
    })
}
