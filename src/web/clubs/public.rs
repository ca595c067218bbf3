//! A club's public page (`/clubs/{id}`): its tournaments (under way, to
//! come, finished) and its seasons, those of a circuit it shares in
//! included, each with the club that runs it; linked from the home page
//! when the server hosts several clubs.

use actix_web::{get, web, HttpResponse};

use crate::db::models::{Round, Season, Tournament};
use crate::db::ops::clubs::{self, Club, ClubId, Membership};
use crate::tournament::ids::TournamentId;
use crate::web::pages::Listed;
use crate::web::{filters, render, AppError, AppState, Ctx};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(club_page);
}

/// The page.
#[derive(askama::Template)]
#[template(path = "clubs/public.html")]
pub struct ClubPage {
    /// Page context.
    pub ctx: Ctx,
    /// The club.
    pub club: Club,
    /// Its tournaments under way.
    pub running: Vec<Listed<Tournament>>,
    /// The next five to come.
    pub upcoming: Vec<Listed<Tournament>>,
    /// The latest ten finished.
    pub recent: Vec<Listed<Tournament>>,
    /// Its seasons, the latest first.
    pub seasons: Vec<Listed<Season>>,
}

/// What `club` runs or shares in: its tournaments with their rounds'
/// statuses and each one's owner, its seasons with theirs.
type Holdings = (
    Vec<Tournament>,
    Vec<(TournamentId, crate::tournament::table::RoundStatus)>,
    Vec<(TournamentId, Option<ClubId>)>,
    Vec<(Season, Option<ClubId>)>,
);

fn holdings(conn: &mut crate::db::AnyConnection, club: ClubId) -> diesel::QueryResult<Holdings> {
    let who = Membership {
        admin: false,
        clubs: vec![club],
    };
    let all = Tournament::list(conn)?;
    let mine = clubs::keep_tournaments(conn, &who, all)?;
    let ids: Vec<TournamentId> = mine.iter().map(|t| t.id).collect();
    let statuses = Round::statuses(conn, &ids)?;
    let owners = clubs::tournament_owners(conn, &ids)?;
    let seasons = Season::list(conn)?;
    let season_ids: Vec<i32> = seasons.iter().map(|s| s.id.get()).collect();
    let kept = clubs::seasons_of(conn, &who, &season_ids)?;
    let seasons: Vec<Season> = seasons.into_iter().filter(|s| kept.contains(&s.id.get())).collect();
    let kept: Vec<i32> = seasons.iter().map(|s| s.id.get()).collect();
    let owners_of_seasons = clubs::season_owners(conn, &kept)?;
    let listed = seasons
        .into_iter()
        .zip(owners_of_seasons)
        .map(|(s, (_, owner))| (s, owner))
        .collect();
    Ok((mine, statuses, owners, listed))
}

#[get("/clubs/{id}")]
async fn club_page(ctx: Ctx, state: web::Data<AppState>, path: web::Path<ClubId>) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let read = state
        .db(move |conn| {
            let all = clubs::list(conn)?;
            let Some(club) = all.iter().find(|c| c.id == id).cloned() else {
                return Ok(None);
            };
            Ok(Some((club, all, holdings(conn, id)?)))
        })
        .await?;
    let (club, all, (tournaments, statuses, owners, seasons)) = read.ok_or(AppError::NotFound)?;
    let by = |owner: Option<ClubId>| {
        owner
            .filter(|o| *o != club.id)
            .and_then(|o| all.iter().find(|c| c.id == o))
            .map(|c| c.name.clone())
    };
    let (running, upcoming, recent) = crate::web::pages::by_phase(&state, tournaments, &statuses);
    let list = |ts: Vec<Tournament>| {
        ts.into_iter()
            .map(|t| {
                let owner = owners.iter().find(|(id, _)| *id == t.id).and_then(|(_, o)| *o);
                Listed { by: by(owner), item: t }
            })
            .collect::<Vec<_>>()
    };
    let page = ClubPage {
        running: list(running),
        upcoming: list(upcoming),
        recent: list(recent),
        seasons: seasons
            .into_iter()
            .map(|(s, owner)| Listed { by: by(owner), item: s })
            .collect(),
        ctx,
        club,
    };
    Ok(render::page(&page))
}
