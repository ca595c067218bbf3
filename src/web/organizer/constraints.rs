//! Seating constraints the organizer sets: two players kept apart, a player
//! held at one table (a wheelchair, a player who keeps the bar).

use actix_web::{post, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Registration, SeatingConstraint};
use crate::db::ops::{Msg, OpError};
use crate::tournament::ids::{PlayerId, TableNo, TournamentId};
use crate::tournament::table::{Constraint, ConstraintKind};

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
}

impl ConstraintForm {
    /// The constraint it asks for (whether its players are registered is
    /// checked against the database).
    fn parse(&self) -> Result<Constraint, OpError> {
        let player = |s: &str| {
            s.trim()
                .parse::<PlayerId>()
                .map_err(|_| OpError::Invalid(Msg::new("constraint-player-required")))
        };
        let a = player(&self.player_a)?;
        match ConstraintKind::from_name(self.kind.trim()) {
            Some(ConstraintKind::Apart) => {
                let b = player(&self.player_b)?;
                if a == b {
                    return Err(OpError::Invalid(Msg::new("constraint-two-players")));
                }
                Ok(Constraint::Apart(a, b))
            }
            Some(ConstraintKind::Fixed) => {
                let t = self
                    .table_number
                    .trim()
                    .parse::<TableNo>()
                    .ok()
                    .filter(|t| t.get() >= 1)
                    .ok_or_else(|| OpError::Invalid(Msg::new("constraint-table-required")))?;
                Ok(Constraint::Fixed(a, t))
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
        let c = parsed?;
        let registered = |conn: &mut _, p| Registration::find(conn, id, p).map(|r| r.is_some());
        match c {
            Constraint::Apart(a, b) => {
                if !registered(conn, a)? {
                    return Err(OpError::Invalid(Msg::new("constraint-player-required")));
                }
                if !registered(conn, b)? {
                    return Err(OpError::Invalid(Msg::new("constraint-two-players")));
                }
            }
            Constraint::Fixed(a, _) => {
                if !registered(conn, a)? {
                    return Err(OpError::Invalid(Msg::new("constraint-player-required")));
                }
            }
        }
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
