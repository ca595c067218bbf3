//! A player's page: their rounds deal by deal, their total and place, their
//! seat in the round under way, and their statistics.

use actix_web::{get, web, HttpResponse};

use crate::db::models::{room, Deal, Player, Registration, Round, RoundTable, Tournament};
use crate::db::ops::duplicate::StandingRow;
use crate::db::ops::visible::Visible;
use crate::db::ops::{standings, tournaments};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};
use crate::tournament::rooms::Layout;
use crate::web::filters;
use crate::web::{render, AppError, AppState, Ctx};

/// One round of a player's history.
pub struct PlayerRound {
    /// Round number.
    pub round: RoundNo,
    /// Table number.
    pub table: TableNo,
    /// The table as its room calls it.
    pub table_name: String,
    /// The other players at the table.
    pub opponents: Vec<String>,
    /// Players at the table: a position at a table of 3 or 5 is marked.
    pub size: usize,
    /// Deal by deal: number, score ("" where the player sat out) and the
    /// score explained.
    pub deals: Vec<(i32, String, String)>,
    /// Points the organizer awarded at the table (0: none).
    pub awarded: i64,
    /// Round total.
    pub total: i64,
    /// A duplicate round: each deal's number in the tournament, and its
    /// figure once every table entered it (same order as `deals`).
    pub dup: Vec<DupDeal>,
}

/// A deal of a duplicate round on a player's page.
pub struct DupDeal {
    /// Its number in the tournament.
    pub deal: u32,
    /// The player's figure ("75 %"), once every table entered it.
    pub figure: Option<String>,
}

/// Where a player sits in the round under way.
pub struct CurrentSeat {
    /// Round number.
    pub round: RoundNo,
    /// Table number, as its room shows it.
    pub table: i32,
    /// The room, in a tournament of several rooms.
    pub room: Option<String>,
    /// Place at the table, 1-based, in playing order.
    pub seat: usize,
    /// The other players at the table, in playing order.
    pub others: Vec<String>,
}

/// A player's page.
#[derive(askama::Template)]
#[template(path = "public/player.html")]
pub struct PlayerPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// The player.
    pub player: Player,
    /// Their rounds.
    pub rounds: Vec<PlayerRound>,
    /// Late or withdrawn, in words ("" for the others).
    pub mark: String,
    /// Their total.
    pub total: i64,
    /// Their place.
    pub rank: u32,
    /// Deals played and scored, and the average per deal as the language
    /// writes it.
    pub fair: (u32, String),
    /// Their statistics and the race (see `web::results`).
    pub stats: crate::web::results::PlayerBlock,
    /// Their table and seat in the round under way, if they play it.
    pub current: Option<CurrentSeat>,
    /// A duplicate tournament: the player's place and figure ("62,5 % sur
    /// 8 donnes"), from the comparison.
    pub dup_line: Option<String>,
}

impl PlayerPage {
    /// No suggestions under "find my name" here (the standings page has them).
    pub fn no_names(&self) -> &'static str {
        ""
    }
    /// "16 deals played, 12.50 per deal".
    pub fn fair_line(&self) -> String {
        // The average after the words: as a Fluent argument, 3.00 would
        // lose its decimals.
        let words = self
            .ctx
            .lang
            .t_args("player-fair", &[("deals", self.fair.0.to_string())]);
        format!("{words} {}", self.fair.1)
    }
    /// "Round 3 under way: table 5, seat 2".
    pub fn current_line(&self, c: &CurrentSeat) -> String {
        let mut args = vec![
            ("round", c.round.to_string()),
            ("table", c.table.to_string()),
            ("seat", c.seat.to_string()),
        ];
        match &c.room {
            None => self.ctx.lang.t_args("live-current-seat", &args),
            Some(room) => {
                args.push(("room", crate::web::filters::isolated(room)));
                self.ctx.lang.t_args("live-current-seat-room", &args)
            }
        }
    }
}

/// Where the player sits in the round still open (`open`), with whom.
fn current_seat(
    rooms: &Layout,
    tables: &[(RoundNo, RoundTable)],
    mates: &[(i32, PlayerId, String)],
    open: Option<RoundNo>,
    pid: PlayerId,
) -> Option<CurrentSeat> {
    tables
        .iter()
        .find(|(round, _)| Some(*round) == open)
        .map(|(round, table)| {
            let at: Vec<&(i32, PlayerId, String)> = mates.iter().filter(|(tid, _, _)| *tid == table.id).collect();
            let label = rooms.label(table.number);
            CurrentSeat {
                round: *round,
                table: label.number,
                room: label.room.map(|(_, name)| name),
                seat: at.iter().position(|(_, p, _)| *p == pid).map_or(0, |i| i + 1),
                others: at
                    .iter()
                    .filter(|(_, p, _)| *p != pid)
                    .map(|(_, _, name)| name.clone())
                    .collect(),
            }
        })
}

/// A player's page: a constant number of queries (fourteen at most), however many rounds
/// were played (`tests/query_count.rs` holds it to that); of the deals the
/// visitor may see (`ctx.audience()`, `db::ops::visible`).
pub fn load_player_page(
    conn: &mut AnyConnection,
    ctx: Ctx,
    id: TournamentId,
    pid: PlayerId,
) -> Result<PlayerPage, AppError> {
    let t = tournaments::get(conn, id)?;
    let reg = Registration::find(conn, id, pid)?.ok_or(AppError::NotFound)?;
    let mark = ctx.lang.mark(&reg.late_from(), &reg.withdrawn_after);
    let player = Player::find(conn, pid)?.ok_or(AppError::NotFound)?;
    let visible = Visible::load(conn, &t, ctx.audience())?;
    let (s, rows) = standings::ranked(conn, &t, None, &visible)?;
    let line = s.lines.iter().find(|l| l.player == pid);
    let (total, rank) = line.map(|l| (l.total, l.rank)).unwrap_or((0, 0));
    let fair = line.map_or((0, String::new()), |l| {
        (l.deals, ctx.lang.per_deal(l.deals, l.per_deal))
    });
    let (dup_deals, dup_line) = duplicate_of(ctx.lang, &t, &visible, rows.as_deref(), pid);
    let tables = RoundTable::of_player(conn, id, pid)?;
    let ids: Vec<i32> = tables.iter().map(|(_, t)| t.id).collect();
    let mates = RoundTable::players_of_tables(conn, &ids)?;
    let deals = Deal::player_scores_in_tables(conn, &ids, pid, visible.hidden())?;
    let read = crate::web::results::PlayerTables {
        tables: &tables,
        mates: &mates,
        scores: &deals,
        hidden: visible.hidden(),
        duplicate: visible.duplicate_deals(),
    };
    let stats = crate::web::results::player_block(conn, ctx.lang, &t, pid, &s, read)?;
    let open = Round::for_tournament(conn, id)?
        .pop()
        .filter(|r| !r.is_closed())
        .map(|r| r.number);
    let rooms = room::layout(conn, id)?;
    let current = current_seat(&rooms, &tables, &mates, open, pid);
    let rounds = tables
        .into_iter()
        .map(|(round, table)| {
            let deals: Vec<(i32, Option<i32>)> = deals
                .iter()
                .filter(|(tid, _, _)| *tid == table.id)
                .map(|(_, k, score)| (*k, *score))
                .collect();
            let opponents: Vec<String> = mates
                .iter()
                .filter(|(tid, p, _)| *tid == table.id && *p != pid)
                .map(|(_, _, name)| name.clone())
                .collect();
            let dealt: i64 = deals.iter().map(|(_, s)| i64::from(s.unwrap_or(0))).sum();
            // The standings' round total holds the points awarded too.
            let counted = line.and_then(|l| l.rounds.get(&round)).copied().unwrap_or(dealt);
            PlayerRound {
                round,
                table: table.number,
                table_name: ctx.table_name(&rooms, table.number),
                size: opponents.len() + 1,
                opponents,
                awarded: counted - dealt,
                total: counted,
                dup: dup_deals
                    .iter()
                    .filter(|(r, ..)| *r == round)
                    .map(|(_, deal, figure)| DupDeal {
                        deal: *deal,
                        figure: figure.clone(),
                    })
                    .collect(),
                deals: deals
                    .into_iter()
                    // "" where they sat out: the page says so.
                    .map(|(k, s)| match s {
                        Some(s) if !stats.sat_out(table.id, k) => (k, s.to_string(), stats.formula(table.id, k)),
                        _ => (k, String::new(), String::new()),
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(PlayerPage {
        ctx,
        t,
        player,
        rounds,
        mark,
        total,
        rank,
        fair,
        stats,
        current,
        dup_line,
    })
}

/// A duplicate tournament's part of a player's page: each deal the player
/// played that the visitor may see (round, deal number, figure once the
/// deal is complete), and the place and figure line; nothing for another
/// format.
type DupOfPlayer = (Vec<(RoundNo, u32, Option<String>)>, Option<String>);

/// The part of a duplicate tournament's (its standings by the comparison:
/// `rows`) on player `pid`'s page.
fn duplicate_of(
    lang: crate::i18n::Lang,
    t: &Tournament,
    visible: &Visible,
    rows: Option<&[StandingRow]>,
    pid: PlayerId,
) -> DupOfPlayer {
    let Some(rows) = rows else {
        return (Vec::new(), None);
    };
    let mut deals = Vec::new();
    for d in visible.duplicate_deals() {
        for r in &d.results {
            if let Some(s) = r.players.iter().position(|p| *p == pid) {
                let figure = d
                    .complete()
                    .then(|| super::traveller::figure(lang, t.comparison, &r.compared[s]));
                deals.push((d.round, d.prepared.deal.0, figure));
            }
        }
    }
    let dup_line = rows.iter().position(|r| r.player == pid).map(|i| {
        let figure = super::duplicate_figure(lang, t, rows, i, pid);
        lang.t_args(
            "dup-player-line",
            &[("figure", figure), ("deals", rows[i].deals.to_string())],
        )
    });
    (deals, dup_line)
}

#[get("/tournaments/{id}/players/{pid}")]
pub(super) async fn player_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId)>,
) -> Result<HttpResponse, AppError> {
    let (id, pid) = path.into_inner();
    let page = state.db(move |conn| load_player_page(conn, ctx, id, pid)).await?;
    Ok(render::page(&page))
}
