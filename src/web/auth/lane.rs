//! The browser's lane: the login page gives each browser a tag only this
//! server can make (`chelem_lane`), so that a browser that has never logged
//! in is not a stranger in the crowd of its address. A lane that has never
//! failed has its password checked at once, whatever the account's wait
//! (a guesser on the same address has used up its own lane's first check
//! long ago); once it has failed, it shares the account's wait like anyone.
//!
//! A guesser could throw its lane away and fetch a new one for each try:
//! each address is given at most [`MINTS_PER_WINDOW`] lanes per
//! [`MINT_WINDOW`], so that trick buys a few checks a minute, not more.
//! The key signing the tags is made at start and kept in memory: after a
//! restart old lanes are nobody's (their browser is given a new one by the
//! next login page or refusal).

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::secrets::{hmac_sha256, new_token, secrets_equal, token_hash};

/// The cookie holding the browser's lane.
pub const LANE_COOKIE: &str = "chelem_lane";
/// How long a browser keeps its lane, in days.
pub const LANE_DAYS: i64 = 1;
/// New lanes one address is given per [`MINT_WINDOW`].
pub const MINTS_PER_WINDOW: usize = 3;
/// The window over which new lanes are counted.
pub const MINT_WINDOW: Duration = Duration::from_secs(60);

/// The lanes' signing key and the lanes given per address.
pub struct Lanes {
    key: String,
    minted: Mutex<Minted>,
}

/// When each address was last given lanes (addresses with none in the
/// window are dropped as the map grows).
#[derive(Default)]
struct Minted {
    by_address: HashMap<String, VecDeque<Instant>>,
    prune_at: usize,
}

impl Default for Lanes {
    fn default() -> Lanes {
        Lanes {
            key: new_token(""),
            minted: Mutex::default(),
        }
    }
}

impl Lanes {
    /// The tag of the lane `nonce`.
    fn tag(&self, nonce: &str) -> String {
        hmac_sha256(self.key.as_bytes(), format!("chelem lane\0{nonce}").as_bytes())
    }

    /// A new lane's cookie value for a browser at `address`, at `now`; `None`
    /// when that address has had its share of new lanes in the window.
    pub fn mint(&self, address: &str, now: Instant) -> Option<String> {
        let mut minted = self.minted.lock().unwrap_or_else(|p| p.into_inner());
        let recent = |times: &mut VecDeque<Instant>| {
            while times.front().is_some_and(|t| now.duration_since(*t) >= MINT_WINDOW) {
                times.pop_front();
            }
        };
        if minted.by_address.len() >= minted.prune_at {
            minted.by_address.retain(|_, times| {
                recent(times);
                !times.is_empty()
            });
            minted.prune_at = (minted.by_address.len() * 2).max(256);
        }
        let times = minted.by_address.entry(address.to_owned()).or_default();
        recent(times);
        if times.len() >= MINTS_PER_WINDOW {
            return None;
        }
        times.push_back(now);
        let nonce = new_token("");
        Some(format!("{nonce}.{}", self.tag(&nonce)))
    }

    /// The throttle key of the lane behind `cookie` when this server made
    /// it, else `None`. The key names the lane in the stored attempts
    /// without revealing the tag.
    pub fn verify(&self, cookie: &str) -> Option<String> {
        let (nonce, tag) = cookie.split_once('.')?;
        if nonce.len() != 64 || !nonce.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        secrets_equal(tag, &self.tag(nonce)).then(|| format!("lane {}", &token_hash(nonce)[..16]))
    }
}

/// Whether a throttle key names one browser (a lane or a known device), not
/// an address that others may share: only such a key's failures are
/// forgotten when it logs in.
pub fn names_one_browser(key: &str) -> bool {
    key.starts_with("lane ") || key.starts_with("device ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lane_is_this_servers_and_an_address_gets_a_few_a_minute() {
        let lanes = Lanes::default();
        let t0 = Instant::now();
        let cookies: Vec<_> = (0..MINTS_PER_WINDOW)
            .map(|_| lanes.mint("203.0.113.10", t0).expect("a lane"))
            .collect();
        assert_eq!(lanes.mint("203.0.113.10", t0 + Duration::from_secs(59)), None);
        assert!(
            lanes.mint("198.51.100.1", t0).is_some(),
            "another address has its own share"
        );
        assert!(
            lanes.mint("203.0.113.10", t0 + MINT_WINDOW).is_some(),
            "the window moves on"
        );
        let keys: Vec<_> = cookies.iter().map(|c| lanes.verify(c).expect("verified")).collect();
        assert!(keys
            .iter()
            .all(|k| k.starts_with("lane ") && k.len() == 5 + 16 && names_one_browser(k)));
        assert_ne!(keys[0], keys[1]);
        assert_eq!(Lanes::default().verify(&cookies[0]), None, "another server's key");
        let (nonce, _) = cookies[0].split_once('.').unwrap();
        for junk in ["", ".", "x.y", &format!("{nonce}.{}", "0".repeat(64))] {
            assert_eq!(lanes.verify(junk), None, "{junk}");
        }
        assert!(!names_one_browser("203.0.113.10"));
    }
}
