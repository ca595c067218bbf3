//! The edge of a typed deal's way (see [`super::entry`]): its form, read
//! once as it arrives and before any database work, becomes a
//! [`TypedDeal`]: the deal it describes (or the field at fault), the
//! version of the slot it was opened at, its idempotency key, the reason of
//! a correction, and the form as typed, to be shown again after a refusal.

use crate::db::ops::deals::Actor;

use super::form::{DealForm, Reading};

/// A deal's form as the edge read it.
#[derive(Debug, Clone)]
pub struct TypedDeal {
    /// The form as typed: shown again, exactly, after a refusal.
    pub form: DealForm,
    /// The deal it describes, or the field at fault.
    pub reading: Reading,
    /// The version of the slot it was opened at (FORMATS.md "Versions");
    /// `None` when it does not say.
    pub version: Option<i32>,
    /// Its idempotency key, when it is one: the same key again never
    /// records twice.
    pub key: Option<String>,
    /// Why a correction is made: an organizer's; a table's corrections
    /// need none while the round is open.
    pub reason: String,
}

impl TypedDeal {
    /// Reads the form `typist` sent.
    pub fn read(form: DealForm, typist: &Actor) -> TypedDeal {
        let reason = match typist {
            Actor::Organizer(_) => form.reason.clone(),
            Actor::Table | Actor::Devices => String::new(),
        };
        TypedDeal {
            reading: form.read(),
            version: form.version_read(),
            key: check_key(&form.key),
            reason,
            form,
        }
    }
}

/// A form's idempotency key when it is one (8 to 100 letters, digits, `-`, `_`).
pub fn check_key(s: &str) -> Option<String> {
    let s = s.trim();
    let ok = (8..=100).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    ok.then(|| s.to_owned())
}

/// A fresh idempotency key for a form.
pub fn new_key() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_idempotency_key_is_8_to_100_letters_digits_dashes_and_underscores() {
        assert_eq!(check_key(" ab-cd_EF09 ").as_deref(), Some("ab-cd_EF09"));
        assert_eq!(check_key(&"k".repeat(100)).map(|k| k.len()), Some(100));
        for bad in [
            "abcdefg",
            "abc defgh",
            "abcdefgh<",
            "abcdéfgh",
            "abcd.efgh",
            &"k".repeat(101),
        ] {
            assert_eq!(check_key(bad), None, "{bad:?}");
        }
        let a = new_key();
        assert_eq!(check_key(&a).as_deref(), Some(a.as_str()));
        assert_ne!(a, new_key());
    }
}
