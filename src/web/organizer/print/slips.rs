//! A round's movement slips: every player's table and place, by name.

use actix_web::{get, web, HttpResponse};

use crate::db::models::{room, RoundTable, Tournament};
use crate::db::AnyConnection;
use crate::tournament::ids::{RoundNo, TableNo, TournamentId};
use crate::web::filters;
use crate::web::{render, AppError, Ctx, OrgPage};

use super::super::rounds::seat_views;
use super::round_of;

/// A player's slip: where they sit this round.
pub struct Slip {
    /// The player's name.
    pub name: String,
    /// Table number.
    pub table: TableNo,
    /// "table 3", or "Mezzanine · table 3" in a tournament of rooms.
    pub table_name: String,
    /// Place at the table, from 1.
    pub place: usize,
    /// Whether they deal deal 1.
    pub deals_first: bool,
}

/// The round's movement slips: every player's table and place, by name.
#[derive(askama::Template)]
#[template(path = "print/slips.html")]
pub struct SlipsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: RoundNo,
    /// The slips, by name.
    pub slips: Vec<Slip>,
}

fn load_slips(conn: &mut AnyConnection, ctx: Ctx, id: TournamentId, n: RoundNo) -> Result<SlipsPage, AppError> {
    let (t, round) = round_of(conn, id, n)?;
    let rooms = room::layout(conn, id)?;
    let mut slips: Vec<Slip> = RoundTable::with_players_of_round(conn, round.id)?
        .into_iter()
        .flat_map(|(table, players)| {
            let table_name = ctx.table_name_or(&rooms, table.number, "slip-table");
            seat_views(players).into_iter().map(move |s| Slip {
                name: s.name,
                table: table.number,
                table_name: table_name.clone(),
                place: s.place,
                deals_first: s.deals_first,
            })
        })
        .collect();
    slips.sort_by_cached_key(|s| (crate::db::ops::players::surname_order(&s.name), s.table));
    Ok(SlipsPage {
        ctx,
        t,
        round: n,
        slips,
    })
}

#[get("/tournaments/{id}/rounds/{n}/slips")]
pub(super) async fn slips_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let page = state.db(move |conn| load_slips(conn, ctx, id, n)).await?;
    Ok(render::page(&page))
}
