//! What every form handler does with its outcome: a 303 after success, or
//! the form shown again, as typed, with the refusal in the visitor's
//! language and the status that fits. Shared by the organizer's and the
//! tables' pages.

use actix_web::http::{header, StatusCode};
use actix_web::HttpResponse;

use crate::db::ops::{Msg, OpError, OpResult};
use crate::db::Tx;
use crate::i18n::Lang;

use super::AppError;

/// A 303 to `to` (after a successful POST).
pub fn see_other(to: impl Into<String>) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, to.into()))
        .finish()
}

/// A refusal to show on the form it came from.
#[derive(Debug, Clone)]
pub struct Refused {
    /// 422 for bad input, 409 for a conflict with the current state.
    pub status: StatusCode,
    /// The sentence, in the visitor's language.
    pub message: String,
}

impl Refused {
    /// Bad input found before any database work (422).
    pub fn invalid(lang: Lang, msg: &Msg) -> Refused {
        Refused {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: msg.render(lang),
        }
    }
}

/// Runs a form's operation in a savepoint of the request's unit of work
/// and sorts its outcome as [`refusal`] does: a refused operation leaves
/// nothing written (the unit itself commits, a refusal is an answer).
pub fn attempt<T>(
    tx: &mut Tx<'_>,
    lang: Lang,
    op: impl FnOnce(&mut Tx<'_>) -> OpResult<T>,
) -> Result<Result<T, Refused>, AppError> {
    refusal(lang, tx.savepoint(op))
}

/// Splits an operation's result: its value, or a refusal to show on the
/// form; any other failure goes to the error page.
pub fn refusal<T>(lang: Lang, r: OpResult<T>) -> Result<Result<T, Refused>, AppError> {
    let status = match &r {
        Ok(_) => StatusCode::OK,
        Err(OpError::Invalid(_)) => StatusCode::UNPROCESSABLE_ENTITY,
        Err(OpError::Conflict(_) | OpError::Stale { .. }) => StatusCode::CONFLICT,
        Err(_) => return r.map(Ok).map_err(AppError::from),
    };
    Ok(r.map_err(|e| Refused {
        status,
        message: e.render(lang),
    }))
}
