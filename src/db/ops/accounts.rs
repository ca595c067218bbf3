//! Organizer accounts and API tokens, shared by the CLI and the web layer.

use crate::db::models::{ApiToken, NewUser, Session, User};
use crate::db::ops::clubs::{self as club_ops, ClubId};
use crate::db::{now, Tx};
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
    /// An organizer account exists already: the first one is made.
    #[error("an organizer account exists already")]
    NotFirst,
    /// No such user.
    #[error("there is no user named \"{0}\"")]
    NoSuchUser(String),
    /// The server has several clubs and none was named.
    #[error("this server has several clubs: say which with --club ID")]
    WhichClub,
    /// No such club.
    #[error("there is no club {0}")]
    NoSuchClub(i32),
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

/// Checks a new account's name (trimmed) and password by the rules of every
/// account, before the slow hash: the name as it will be stored.
pub fn check_account<'a>(username: &'a str, password: &str) -> Result<&'a str, AccountError> {
    let username = username.trim();
    if !valid_username(username) {
        return Err(AccountError::BadUsername);
    }
    check_password(password)?;
    Ok(username)
}

/// Checks a new password by the rules of every account.
pub fn check_password(password: &str) -> Result<(), AccountError> {
    if password.chars().count() < MIN_PASSWORD_LEN {
        return Err(AccountError::WeakPassword);
    }
    Ok(())
}

/// A new password, checked ([`check_password`]) and hashed (argon2id, slow
/// on purpose: the web layer runs it on a blocking thread).
pub fn hashed_password(password: &str) -> Result<String, AccountError> {
    check_password(password)?;
    hash_password(password).map_err(|e| AccountError::Hash(e.to_string()))
}

/// A new account, checked and its password hashed, ready to store.
#[derive(Debug)]
pub struct NewAccount {
    /// The login name, trimmed.
    pub username: String,
    /// The password's argon2id PHC string.
    pub password_hash: String,
}

impl NewAccount {
    /// Checks the name and the password ([`check_account`]) and hashes the
    /// password.
    pub fn new(username: &str, password: &str) -> Result<NewAccount, AccountError> {
        let username = check_account(username, password)?;
        Ok(NewAccount {
            username: username.to_owned(),
            password_hash: hashed_password(password)?,
        })
    }

    /// Stores the account, unless its name is taken.
    fn insert(&self, tx: &mut Tx<'_>) -> Result<User, AccountError> {
        if User::find_by_username(tx, &self.username)?.is_some() {
            return Err(AccountError::Exists(self.username.clone()));
        }
        let user = User::create(
            tx,
            &NewUser {
                username: &self.username,
                password_hash: &self.password_hash,
                created_at: now(),
            },
        )?;
        Ok(user)
    }
}

/// Creates an organizer account of the server's only club (FORMATS.md,
/// "Clubs"); the first account administers it.
pub fn create_user(tx: &mut Tx<'_>, username: &str, password: &str) -> Result<User, AccountError> {
    create_member(tx, username, password, &[], false)
}

/// Creates an account: an organizer of `clubs` (none named: of the
/// server's only club, refused with [`AccountError::WhichClub`] when there
/// are several), a server administrator when `admin` (or when it is the
/// first account).
pub fn create_member(
    tx: &mut Tx<'_>,
    username: &str,
    password: &str,
    clubs: &[ClubId],
    admin: bool,
) -> Result<User, AccountError> {
    // The name and the password are told before a taken name: as the
    // rules say, whatever the database holds.
    let account = NewAccount::new(username, password)?;
    for &c in clubs {
        if !club_ops::exists(tx, c)? {
            return Err(AccountError::NoSuchClub(c));
        }
    }
    let first = !User::any(tx)?;
    let clubs = if clubs.is_empty() && !admin {
        match club_ops::list(tx)?.as_slice() {
            [only] => vec![only.id],
            [] => Vec::new(),
            _ => return Err(AccountError::WhichClub),
        }
    } else {
        clubs.to_vec()
    };
    let user = account.insert(tx)?;
    join(tx, user.id, &clubs, admin || first)?;
    Ok(user)
}

/// Makes `user` an organizer of `clubs`, and an administrator when `admin`.
fn join(tx: &mut Tx<'_>, user: i32, clubs: &[ClubId], admin: bool) -> Result<(), AccountError> {
    for &c in clubs {
        club_ops::add_organizer(tx, c, user)?;
    }
    if admin {
        club_ops::make_admin(tx, user)?;
    }
    Ok(())
}

/// Creates the first organizer account (the link `chelem serve` prints on a
/// database without any), in the unit of work `tx`: refused with
/// [`AccountError::NotFirst`] once any account exists. Two at once make one
/// account: the second waits for the first's commit ([`User::lock_table`])
/// and then finds it.
pub fn create_first_user(tx: &mut Tx<'_>, account: &NewAccount) -> Result<User, AccountError> {
    User::lock_table(tx)?;
    if User::any(tx)? {
        return Err(AccountError::NotFirst);
    }
    let user = account.insert(tx)?;
    // The first account administers the default club (FORMATS.md, "Clubs").
    let club: Vec<ClubId> = club_ops::default_club(tx)?.into_iter().collect();
    join(tx, user.id, &club, true)?;
    Ok(user)
}

/// Gives `username` the password whose hash is `password_hash` (from
/// [`hashed_password`]) and ends their sessions, but the one whose token
/// hashes to `keep` (the browser that made the change, if any); the account.
pub fn set_password(
    tx: &mut Tx<'_>,
    username: &str,
    password_hash: &str,
    keep: Option<&str>,
) -> Result<User, AccountError> {
    let user = User::find_by_username(tx, username)?.ok_or_else(|| AccountError::NoSuchUser(username.to_owned()))?;
    User::set_password(tx, user.id, password_hash)?;
    Session::end_all_of(tx, user.id, keep)?;
    Ok(user)
}

/// Makes an API token for `username`; returns the token (shown once).
pub fn create_api_token(tx: &mut Tx<'_>, username: &str, label: &str) -> Result<String, AccountError> {
    let user = User::find_by_username(tx, username)?.ok_or_else(|| AccountError::NoSuchUser(username.to_owned()))?;
    let token = new_token("chl_");
    ApiToken::create(tx, user.id, &token_hash(&token), label, now())?;
    Ok(token)
}

/// Revokes `username`'s API tokens (those labelled `label`, if given); how
/// many were revoked.
pub fn revoke_api_tokens(tx: &mut Tx<'_>, username: &str, label: Option<&str>) -> Result<usize, AccountError> {
    let user = User::find_by_username(tx, username)?.ok_or_else(|| AccountError::NoSuchUser(username.to_owned()))?;
    Ok(ApiToken::revoke(tx, user.id, label)?)
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
