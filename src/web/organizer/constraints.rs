//! Seating constraints the organizer sets: two players kept apart, a player
//! held at one table (a wheelchair, a player who keeps the bar) or in one
//! room.

use actix_web::{post, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{room, Registration, SeatingConstraint};
use crate::db::ops::{Msg, OpError};
use crate::tournament::ids::{PlayerId, RoomNo, TableNo, TournamentId};
use crate::tournament::table::{Constraint, ConstraintKind};
use crate::web::public::find::folded;

use super::super::csrf::CsrfForm;
use super::super::{AppError, OrgPage};
use super::players::player_action;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(add_constraint).service(delete_constraint);
}

/// The constraint form as typed.
#[derive(Deserialize)]
struct ConstraintForm {
    kind: String,
    player_a: String,
    #[serde(default)]
    player_b: String,
    #[serde(default)]
    table_number: String,
    #[serde(default)]
    room: String,
}

/// A player as the form names them: picked from the list ("Name #17"), an
/// id, or a name typed whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Named {
    /// A player id.
    Id(PlayerId),
    /// A name, to find among the registered players.
    Name(String),
}

impl Named {
    pub(super) fn parse(s: &str) -> Option<Named> {
        let s = s.trim();
        if let Some((_, id)) = s.rsplit_once('#') {
            return id.trim().parse().ok().map(Named::Id);
        }
        if !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()) {
            return s.parse().ok().map(Named::Id);
        }
        (!s.is_empty()).then(|| Named::Name(s.to_owned()))
    }

    /// The registered player it names; `refusal` when none (or several
    /// share the name typed).
    pub(super) fn resolve(
        &self,
        registered: &[(PlayerId, String)],
        refusal: &'static str,
    ) -> Result<PlayerId, OpError> {
        let found: Vec<PlayerId> = match self {
            Named::Id(p) => registered.iter().filter(|(id, _)| id == p).map(|(id, _)| *id).collect(),
            Named::Name(n) => {
                let n = folded(n);
                registered
                    .iter()
                    .filter(|(_, name)| folded(name) == n)
                    .map(|(id, _)| *id)
                    .collect()
            }
        };
        match found[..] {
            [p] => Ok(p),
            [_, _, ..] => Err(OpError::Invalid(Msg::new("constraint-player-ambiguous"))),
            [] => Err(OpError::Invalid(Msg::new(refusal))),
        }
    }
}

/// A constraint as the form asks for it, its players still to find.
enum Asked {
    Apart(Named, Named),
    Fixed(Named, TableNo),
    Room(Named, RoomNo),
}

impl ConstraintForm {
    /// The constraint it asks for (its players are found among the
    /// registered ones in the database).
    fn parse(&self) -> Result<Asked, OpError> {
        let player =
            |s: &str, refusal: &'static str| Named::parse(s).ok_or_else(|| OpError::Invalid(Msg::new(refusal)));
        let a = player(&self.player_a, "constraint-player-required")?;
        match ConstraintKind::from_name(self.kind.trim()) {
            Some(ConstraintKind::Apart) => Ok(Asked::Apart(a, player(&self.player_b, "constraint-two-players")?)),
            Some(ConstraintKind::Fixed) => {
                let t = self
                    .table_number
                    .trim()
                    .parse::<TableNo>()
                    .ok()
                    .filter(|t| t.get() >= 1)
                    .ok_or_else(|| OpError::Invalid(Msg::new("constraint-table-required")))?;
                Ok(Asked::Fixed(a, t))
            }
            Some(ConstraintKind::Room) => {
                let r = self
                    .room
                    .trim()
                    .parse::<RoomNo>()
                    .map_err(|_| OpError::Invalid(Msg::new("constraint-room-required")))?;
                Ok(Asked::Room(a, r))
            }
            None => Err(OpError::Invalid(Msg::new("constraint-kind"))),
        }
    }
}

#[post("/tournaments/{id}/constraints")]
async fn add_constraint(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
    form: CsrfForm<ConstraintForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let parsed = form.0.parse();
    player_action(ctx, &state, id, move |conn| {
        let asked = parsed?;
        let registered: Vec<(PlayerId, String)> = Registration::with_players(conn, id)?
            .into_iter()
            .map(|(_, p)| (p.id, p.name))
            .collect();
        let one = |n: &Named| n.resolve(&registered, "constraint-player-required");
        let c = match asked {
            Asked::Apart(a, b) => {
                let (a, b) = (one(&a)?, b.resolve(&registered, "constraint-two-players")?);
                if a == b {
                    return Err(OpError::Invalid(Msg::new("constraint-two-players")));
                }
                Constraint::Apart(a, b)
            }
            Asked::Fixed(a, t) => Constraint::Fixed(one(&a)?, t),
            Asked::Room(a, r) => {
                let a = one(&a)?;
                if room::layout(conn, id)?.room(r).is_none() {
                    return Err(OpError::Invalid(Msg::new("constraint-room-required")));
                }
                Constraint::Room(a, r)
            }
        };
        SeatingConstraint::create(conn, id, c)?;
        Ok(())
    })
    .await
}

#[post("/tournaments/{id}/constraints/{cid}/delete")]
async fn delete_constraint(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, i32)>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    let (id, cid) = path.into_inner();
    player_action(ctx, &state, id, move |conn| {
        SeatingConstraint::delete(conn, id, cid)?;
        Ok(())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_named_by_the_list_an_id_or_a_whole_name() {
        let registered = [
            (PlayerId::new(3), "Zoé Lefèvre".to_owned()),
            (PlayerId::new(8), "Jean Martin".to_owned()),
            (PlayerId::new(9), "Jean Martin".to_owned()),
        ];
        let find = |s: &str| Named::parse(s).map(|n| n.resolve(&registered, "constraint-player-required"));
        assert_eq!(find("Jean Martin #9").unwrap().unwrap(), PlayerId::new(9));
        assert_eq!(find(" 3 ").unwrap().unwrap(), PlayerId::new(3));
        assert_eq!(find("zoe lefevre").unwrap().unwrap(), PlayerId::new(3));
        let refused = |s: &str| match find(s).unwrap() {
            Err(OpError::Invalid(m)) => m.key.to_string(),
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(refused("Jean Martin"), "constraint-player-ambiguous");
        assert_eq!(refused("Jean Martin #12"), "constraint-player-required");
        assert_eq!(refused("Personne"), "constraint-player-required");
        assert!(find("   ").is_none());
        assert!(find("Jean #x").is_none());
    }
}
