//! Passwords (argon2id), random tokens and their hashes, and the account
//! operations shared by the CLI and the web layer.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::db::models::{ApiToken, NewUser, User};
use crate::db::{now, AnyConnection};

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

/// Hashes a password with argon2id and a random salt (PHC string).
pub fn hash_password(password: &str) -> Result<String, AccountError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AccountError::Hash(e.to_string()))
}

/// Checks a password against a PHC string; false on any mismatch or bad hash.
pub fn verify_password(password: &str, phc: &str) -> bool {
    match PasswordHash::new(phc) {
        Ok(parsed) => Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok(),
        Err(_) => false,
    }
}

/// A hash to verify against when the user does not exist, so that the answer
/// takes as long either way.
pub fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_password("not-a-real-password").unwrap_or_default())
}

/// A random token: 32 bytes, hex, with a prefix telling what it is for.
pub fn new_token(prefix: &str) -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    format!("{prefix}{}", hex::encode(bytes))
}

/// SHA-256 of a token, hex: what the database keeps.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Constant-time comparison of two secrets.
pub fn secrets_equal(a: &str, b: &str) -> bool {
    use subtle::ConstantTimeEq;
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
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
    let hash = hash_password(password)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_round_trip() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("correct horsf", &h));
        assert!(!verify_password("x", "not a hash"));
    }

    #[test]
    fn tokens_are_random_and_hashed() {
        let a = new_token("t_");
        let b = new_token("t_");
        assert_ne!(a, b);
        assert_eq!(a.len(), 2 + 64);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
        assert!(secrets_equal(&a, &a.clone()));
        assert!(!secrets_equal(&a, &b));
    }

    #[test]
    fn usernames() {
        assert!(valid_username("arbitre.reims"));
        assert!(!valid_username(""));
        assert!(!valid_username("a b"));
    }
}
