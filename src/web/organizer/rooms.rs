//! The rooms page: the organizer splits a session over rooms (salles),
//! sizes them in tables, chooses how tables are numbered, and reaches each
//! room's projector and table cards.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{room, Round, RoundTable, SeatingConstraint, Tournament};
use crate::db::ops::{invalid, rooms, tournaments};
use crate::i18n::Lang;
use crate::tournament::ids::{RoomNo, RoundNo, TableNo, TournamentId};
use crate::tournament::rooms::{Layout, Numbering};
use crate::tournament::table::Constraint;
use crate::web::filters;

use super::super::csrf::CsrfForm;
use super::super::form::{attempt, see_other, Refused};
use super::super::{render, AppError, AppState, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(rooms_page)
        .service(add_room)
        .service(numbering)
        .service(change_room)
        .service(remove_room);
}

/// The query of a room's own page, its projector or its cards (`?room=2`;
/// see [`Layout::asked`]).
#[derive(Deserialize)]
pub struct RoomQuery {
    /// The room's number, as typed in the address.
    #[serde(default)]
    pub room: Option<String>,
}

/// A room as the page lists it.
pub struct RoomView {
    /// Number.
    pub number: RoomNo,
    /// Name.
    pub name: String,
    /// Tables it holds (as set, or as typed in a refused change).
    pub tables: String,
    /// The tables of the last round it holds, said.
    pub now: String,
    /// Players kept in it.
    pub kept: usize,
}

/// What a refused form had typed, shown again as it was.
#[derive(Clone)]
pub enum Typed {
    /// Nothing to show again.
    Nothing,
    /// The add form.
    Add(RoomForm),
    /// A room's form.
    Change(RoomNo, RoomForm),
}

/// A room form as typed.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct RoomForm {
    /// Name.
    #[serde(default)]
    pub name: String,
    /// Tables.
    #[serde(default)]
    pub tables: String,
}

/// The rooms page.
#[derive(askama::Template)]
#[template(path = "organizer/rooms.html")]
pub struct RoomsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Its rooms.
    pub rooms: Vec<RoomView>,
    /// Numbering across rooms.
    pub numbering: Numbering,
    /// Tables in the last round (0: none seated).
    pub last_tables: usize,
    /// The last round's number.
    pub last_round: RoundNo,
    /// The add form as typed (after a refusal).
    pub form: RoomForm,
    /// What was refused.
    pub error: Option<String>,
}

impl RoomsPage {
    /// Whether `n` is the numbering chosen (for the form).
    pub fn is_numbering(&self, n: &str) -> bool {
        self.numbering.name() == n
    }
}

async fn render_rooms(
    state: &AppState,
    ctx: Ctx,
    id: TournamentId,
    typed: Typed,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let page = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let layout = room::layout(conn, id)?;
            let last = Round::last_number(conn, id)?;
            let last_tables = match Round::find(conn, id, last)? {
                Some(r) => RoundTable::for_round(conn, r.id)?.len(),
                None => 0,
            };
            let constraints: Vec<Constraint> = SeatingConstraint::for_tournament(conn, id)?
                .iter()
                .filter_map(|c| c.constraint().ok())
                .collect();
            let mut rooms = views(ctx.lang, &layout, last_tables, &constraints);
            let form = match typed {
                Typed::Add(f) => f,
                Typed::Change(n, f) => {
                    if let Some(r) = rooms.iter_mut().find(|r| r.number == n) {
                        r.name = f.name;
                        r.tables = f.tables;
                    }
                    RoomForm::default()
                }
                Typed::Nothing => RoomForm::default(),
            };
            Ok(RoomsPage {
                ctx,
                t,
                rooms,
                numbering: layout.numbering,
                last_tables,
                last_round: last,
                form,
                error,
            })
        })
        .await?;
    Ok(render::page_with_status(&page, status))
}

/// The rooms with the tables of a round of `tables` tables each holds.
fn views(lang: Lang, layout: &Layout, tables: usize, constraints: &[Constraint]) -> Vec<RoomView> {
    layout
        .rooms
        .iter()
        .map(|r| {
            let range = layout.tables_of(r.number, tables);
            let shown = |n: usize| layout.label(TableNo::new(n as i32)).number.to_string();
            let now = if range.is_empty() {
                lang.t("room-now-none")
            } else if range.len() == 1 {
                lang.t_args("room-now-one", &[("n", shown(range.start))])
            } else {
                lang.t_args(
                    "room-now",
                    &[("first", shown(range.start)), ("last", shown(range.end - 1))],
                )
            };
            RoomView {
                number: r.number,
                name: r.name.clone(),
                tables: r.tables.to_string(),
                now,
                kept: constraints
                    .iter()
                    .filter(|c| matches!(c, Constraint::Room(_, n) if *n == r.number))
                    .count(),
            }
        })
        .collect()
}

#[get("/tournaments/{id}/rooms")]
async fn rooms_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    render_rooms(&state, ctx, path.into_inner(), Typed::Nothing, None, StatusCode::OK).await
}

/// Runs a change of the rooms: back to the page, or the page again with
/// the refusal (and the form as typed).
async fn room_action<F>(
    OrgPage { ctx, state, user }: OrgPage,
    id: TournamentId,
    typed: Typed,
    action: F,
) -> Result<HttpResponse, AppError>
where
    F: FnOnce(&mut crate::db::Tx<'_>, &str) -> Result<(), crate::db::ops::OpError> + Send + 'static,
{
    let actor = user.username;
    let r = state
        .write(move |tx| attempt(tx, ctx.lang, |tx| action(tx, &actor)))
        .await?;
    match r {
        Ok(()) => Ok(see_other(format!("/tournaments/{id}/rooms"))),
        Err(Refused { status, message }) => render_rooms(&state, ctx, id, typed, Some(message), status).await,
    }
}

#[post("/tournaments/{id}/rooms")]
async fn add_room(
    page: OrgPage,
    path: web::Path<TournamentId>,
    form: CsrfForm<RoomForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let typed = Typed::Add(form.0.clone());
    let f = form.0;
    room_action(page, id, typed, move |tx, actor| {
        rooms::add(tx, id, &f.name, &f.tables, actor).map(|_| ())
    })
    .await
}

#[post("/tournaments/{id}/rooms/{room}")]
async fn change_room(
    page: OrgPage,
    path: web::Path<(TournamentId, RoomNo)>,
    form: CsrfForm<RoomForm>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let typed = Typed::Change(n, form.0.clone());
    let f = form.0;
    room_action(page, id, typed, move |tx, actor| {
        rooms::change(tx, id, n, &f.name, &f.tables, actor)
    })
    .await
}

#[post("/tournaments/{id}/rooms/{room}/delete")]
async fn remove_room(
    page: OrgPage,
    path: web::Path<(TournamentId, RoomNo)>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    room_action(page, id, Typed::Nothing, move |tx, actor| {
        rooms::remove(tx, id, n, actor)
    })
    .await
}

/// The numbering form.
#[derive(Deserialize)]
struct NumberingForm {
    #[serde(default)]
    numbering: String,
}

#[post("/tournaments/{id}/rooms-numbering")]
async fn numbering(
    page: OrgPage,
    path: web::Path<TournamentId>,
    form: CsrfForm<NumberingForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    // Read here: the storage layer takes the numbering, not its name.
    let n = Numbering::from_name(form.0.numbering.trim());
    room_action(page, id, Typed::Nothing, move |tx, actor| {
        let n = n.ok_or_else(|| invalid("room-numbering-unknown"))?;
        rooms::set_numbering(tx, id, n, actor)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::rooms::Room;

    #[test]
    fn each_room_says_which_tables_it_holds() {
        let room = |n: i32, name: &str, tables: i32| Room {
            number: RoomNo::new(n),
            name: name.into(),
            tables,
        };
        let mut layout = Layout {
            rooms: vec![room(1, "Salle A", 1), room(2, "Mezzanine", 3), room(3, "Annexe", 2)],
            numbering: Numbering::RunOn,
        };
        // A round of 4 tables: one in the first room, three in the second.
        let now =
            |layout: &Layout| -> Vec<String> { views(Lang::En, layout, 4, &[]).into_iter().map(|v| v.now).collect() };
        assert_eq!(
            now(&layout),
            [
                "Last round: table 1",
                "Last round: tables 2 to 4",
                "Last round: no table in this room"
            ]
        );
        layout.numbering = Numbering::Restart;
        assert_eq!(
            now(&layout),
            [
                "Last round: table 1",
                "Last round: tables 1 to 3",
                "Last round: no table in this room"
            ]
        );
    }
}
