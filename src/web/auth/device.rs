//! The known-device cookie: after a login, the browser keeps a tag that only
//! the server can make, naming the account and a random nonce (OWASP's
//! "device cookies"). A login that shows it for the account it names is
//! throttled on that device's own failures, not on the account's: whatever
//! a guesser does, from wherever, the organizer's own browser gets in.
//!
//! The tag is an HMAC keyed by the account's password hash (salted, and
//! never leaves the server): nothing to store, it survives restarts, and a
//! new password voids every device cookie made before.

use crate::secrets::{hmac_sha256, new_token, secrets_equal, token_hash};

/// The cookie holding the known-device tag.
pub const DEVICE_COOKIE: &str = "chelem_device";
/// How long a browser stays a known device after its last login, in days.
pub const DEVICE_DAYS: i64 = 400;

/// The message the tag signs.
fn message(username: &str, nonce: &str) -> String {
    format!("chelem known device\0{username}\0{nonce}")
}

/// A new device cookie's value for `username`, whose password hash is
/// `password_hash`: `nonce.tag`.
pub fn issue(username: &str, password_hash: &str) -> String {
    let nonce = new_token("");
    let tag = hmac_sha256(password_hash.as_bytes(), message(username, &nonce).as_bytes());
    format!("{nonce}.{tag}")
}

/// The throttle key of the device behind `cookie` when it is a tag of
/// `username` (whose password hash is `password_hash`), else `None`. The key
/// names the device in the stored attempts without revealing the tag.
pub fn verify(cookie: &str, username: &str, password_hash: &str) -> Option<String> {
    let (nonce, tag) = cookie.split_once('.')?;
    if nonce.len() != 64 || !nonce.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let expected = hmac_sha256(password_hash.as_bytes(), message(username, nonce).as_bytes());
    secrets_equal(tag, &expected).then(|| format!("device {}", &token_hash(nonce)[..16]))
}

#[cfg(test)]
mod tests {
    use super::{issue, verify};

    #[test]
    fn a_tag_names_one_account_under_one_password() {
        let cookie = issue("arbitre", "$argon2id$hash-one");
        let key = verify(&cookie, "arbitre", "$argon2id$hash-one").expect("a known device");
        assert!(key.starts_with("device ") && key.len() == 7 + 16, "{key}");
        assert_eq!(verify(&cookie, "arbitre", "$argon2id$hash-one"), Some(key));
        assert_eq!(verify(&cookie, "autre", "$argon2id$hash-one"), None, "another account");
        assert_eq!(verify(&cookie, "arbitre", "$argon2id$hash-two"), None, "a new password");
        let (nonce, tag) = cookie.split_once('.').unwrap();
        let flipped = format!(
            "{nonce}.{}",
            tag.replacen(&tag[..1], if &tag[..1] == "0" { "1" } else { "0" }, 1)
        );
        assert_eq!(verify(&flipped, "arbitre", "$argon2id$hash-one"), None);
        for junk in ["", ".", "x.y", &format!("{}.{tag}", "z".repeat(64))] {
            assert_eq!(verify(junk, "arbitre", "$argon2id$hash-one"), None, "{junk}");
        }
    }
}
