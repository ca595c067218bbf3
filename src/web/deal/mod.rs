//! A table's deals, shared by the organizer's pages and the table's own
//! pages (`/t/{token}`): the score sheet and the deal entry form. Both areas
//! reach a table through [`TableAt`].
//!
//! A typed deal goes one way ([`entry`] tells it): the edge reads its form
//! once ([`typed`], [`form`]), the unit of work scores and stores it
//! (`db::ops::deals`), the page is built after ([`page`], reading the slot
//! in [`slot`], the scores told in [`preview`]). The JSON API's and the
//! devices' deals take the same unit of work ([`writer`]). The sheet:
//! [`sheet`], [`sheet_rows`], [`facts`].

pub mod entry;
pub mod facts;
pub mod form;
pub mod page;
pub mod preview;
pub mod sheet;
pub mod sheet_rows;
pub mod slot;
pub mod typed;
pub mod writer;

use crate::db::models::{Round, RoundTable, Tournament};
use crate::db::ops::deals::Actor;
use crate::db::ops::tournaments;
use crate::db::AnyConnection;
use crate::tournament::ids::{RoundNo, TableNo, TournamentId};

use super::AppError;

/// How a page finds its table.
#[derive(Debug, Clone)]
pub enum TableAt {
    /// Tournament id, round number, table number (organizer pages).
    Number(TournamentId, RoundNo, TableNo),
    /// The table's secret token (its own pages).
    Token(String),
}

impl TableAt {
    /// The URL the table's pages hang from (the sheet; deals at `{base}/deals/{k}`).
    pub fn base(&self) -> String {
        match self {
            TableAt::Number(id, n, tn) => format!("/tournaments/{id}/rounds/{n}/tables/{tn}"),
            TableAt::Token(token) => format!("/t/{token}"),
        }
    }

    /// Who types a deal from this page: the table from its link, an
    /// organizer from theirs (as the one deal path decides what each may).
    pub fn typist(&self) -> Actor {
        match self {
            TableAt::Number(..) => Actor::Organizer(String::new()),
            TableAt::Token(_) => Actor::Table,
        }
    }

    /// The table, with its round and tournament.
    pub fn find(&self, conn: &mut AnyConnection) -> Result<(Tournament, Round, RoundTable), AppError> {
        match self {
            TableAt::Number(id, n, tn) => {
                let t = tournaments::get(conn, *id)?;
                let (table, round) = RoundTable::by_number(conn, *id, *n, *tn)?.ok_or(AppError::NotFound)?;
                Ok((t, round, table))
            }
            TableAt::Token(token) => {
                let (table, round) = RoundTable::by_token(conn, token)?.ok_or(AppError::NotFound)?;
                Ok((tournaments::get(conn, round.tournament_id)?, round, table))
            }
        }
    }
}
