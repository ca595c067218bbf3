//! Organizer accounts and API tokens, shared by the CLI and the web layer.

use crate::db::models::{ApiToken, NewUser, User};
use crate::db::{now, AnyConnection};
use crate::secrets::{hash_password, new_token, token_hash};

/// Shortest password accepted for an organizer.
pub const MIN_PASSWORD_LEN: usize = 8;

/// What can go wrong managing accounts.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// Name empty, too long or with odd characters.
    #[error("the user name must be 1 to 64 letters, digits, dots, dashes or underscores")]
    BadUsername,
    /// Password too short.
    #[error("the password must be at least {MIN_PASSWORD_LEN} characters long")]
    WeakPassword,
    /// Name taken.
    #[error("a user named \"{0}\" already exists")]
    Exists(String),
    /// No such user.
    #[error("there is no user named \"{0}\"")]
    NoSuchUser(String),
    /// Database failure.
    #[error("database error: {0}")]
    Db(#[from] diesel::result::Error),
    /// Hashing failure.
    #[error("password hashing failed: {0}")]
    Hash(String),
}

fn valid_username(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

/// Creates an organizer account.
pub fn create_user(conn: &mut AnyConnection, username: &str, password: &str) -> Result<User, AccountError> {
    let username = username.trim();
    if !valid_username(username) {
        return Err(AccountError::BadUsername);
    }
    if password.chars().count() < MIN_PASSWORD_LEN {
        return Err(AccountError::WeakPassword);
    }
    if User::find_by_username(conn, username)?.is_some() {
        return Err(AccountError::Exists(username.to_owned()));
    }
    let hash = hash_password(password).map_err(|e| AccountError::Hash(e.to_string()))?;
    let user = User::create(
        conn,
        &NewUser {
            username,
            password_hash: &hash,
            created_at: now(),
        },
    )?;
    Ok(user)
}

/// Makes an API token for `username`; returns the token (shown once).
pub fn create_api_token(conn: &mut AnyConnection, username: &str, label: &str) -> Result<String, AccountError> {
    let user = User::find_by_username(conn, username)?.ok_or_else(|| AccountError::NoSuchUser(username.to_owned()))?;
    let token = new_token("chl_");
    ApiToken::create(conn, user.id, &token_hash(&token), label, now())?;
    Ok(token)
}

/// Revokes `username`'s API tokens (those labelled `label`, if given); how
/// many were revoked.
pub fn revoke_api_tokens(conn: &mut AnyConnection, username: &str, label: Option<&str>) -> Result<usize, AccountError> {
    let user = User::find_by_username(conn, username)?.ok_or_else(|| AccountError::NoSuchUser(username.to_owned()))?;
    Ok(ApiToken::revoke(conn, user.id, label)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames() {
        assert!(valid_username("arbitre.reims"));
        assert!(!valid_username(""));
        assert!(!valid_username("a b"));
    }
}
