//! Input cleaned at the edge, before anything reaches the database: control
//! characters (a NUL byte makes PostgreSQL fail, and none belongs in a name,
//! a token or a search) are refused with a 422 sentence on both databases,
//! and a number out of range says so with a 422 wherever it stands (path,
//! query string, form or JSON body) instead of a parser's message.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::HttpRequest;
use serde_json::Value;

use crate::db::ops::{Msg, OpError};

use super::AppError;

/// Whether `s` holds a control character other than tab and line ends.
pub fn has_control(s: &str) -> bool {
    s.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

/// The refusal of a field holding a control character.
pub fn control_char(field: &str) -> AppError {
    AppError::Op(OpError::Invalid(Msg::new("input-control-char").arg("field", field)))
}

/// The refusal of a number that does not fit (or is not a number at all).
pub fn bad_number(field: &str, value: &str) -> AppError {
    AppError::Op(OpError::Invalid(
        Msg::new("input-bad-number").arg("field", field).arg("value", value),
    ))
}

/// Checks every field of a decoded form.
pub fn check_fields<'a>(fields: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<(), AppError> {
    for (name, value) in fields {
        if has_control(name) || has_control(value) {
            return Err(control_char(name));
        }
    }
    Ok(())
}

/// Checks every string (and key) of a JSON document.
pub fn check_json(v: &Value) -> Result<(), AppError> {
    fn walk(v: &Value, field: &str) -> Result<(), AppError> {
        match v {
            Value::String(s) if has_control(s) => Err(control_char(field)),
            Value::Array(items) => items.iter().try_for_each(|i| walk(i, field)),
            Value::Object(map) => map.iter().try_for_each(|(k, v)| {
                if has_control(k) {
                    Err(control_char(k))
                } else {
                    walk(v, k)
                }
            }),
            _ => Ok(()),
        }
    }
    walk(v, "body")
}

/// Middleware: refuses a path or query string holding a control character
/// (percent-encoded or not) before it is routed.
pub async fn reject_control_chars(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let decoded = |s: &str| percent_encoding::percent_decode_str(s).decode_utf8_lossy().into_owned();
    let path = decoded(req.path());
    let query = decoded(req.query_string());
    if has_control(&path) || has_control(&query) {
        let field = if has_control(&path) { "path" } else { "query" };
        return Ok(req.error_response(control_char(field)).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// Why a path or query string did not parse: a number too large (or not a
/// number) is a 422 naming it; anything else is a page that does not exist.
pub fn path_error(req: &HttpRequest) -> AppError {
    let segments = req.match_info().iter().map(|(k, v)| (k.to_owned(), v.to_owned()));
    let query =
        url::form_urlencoded::parse(req.query_string().as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned()));
    for (name, value) in segments.chain(query) {
        let digits = value.strip_prefix('-').unwrap_or(&value);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && value.parse::<i32>().is_err() {
            return bad_number(&name, &value);
        }
    }
    AppError::NotFound
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_found() {
        assert!(has_control("a\0b"));
        assert!(has_control("\u{1b}[31m"));
        assert!(has_control("x\u{7f}"));
        assert!(!has_control("Élodie Ménard\r\n\tok"));
        assert!(check_json(&serde_json::json!({"a": ["ok", {"b": "x\u{0}"}]})).is_err());
        assert!(check_json(&serde_json::json!({"a\u{1}": 1})).is_err());
        assert!(check_json(&serde_json::json!({"name": "Zoé", "n": 3})).is_ok());
    }
}
