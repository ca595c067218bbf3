//! Tournament scoring settings: the FFT rules by default, club variants as switches.

use serde::{Deserialize, Serialize};

/// Scoring variants a tournament may switch on. `Default` is pure FFT
/// (every switch off).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct ScoringRules {
    /// Garde contre multiplies by 8 instead of 6.
    pub garde_contre_x8: bool,
    /// Handful bonuses 20/40/60 instead of 20/30/40.
    pub handfuls_20_40_60: bool,
    /// No petite (prise): garde is the lowest contract; a petite is refused.
    pub no_petite: bool,
    /// Misère: a player without trumps (and excuse) or without face cards
    /// declares it and earns 10 from each other player. When off, a record
    /// with misères is refused.
    pub misere: bool,
    /// Each defender's amount is rounded to the nearest multiple of 10
    /// (halves away from zero); the attack balances.
    pub round_to_10: bool,
}

impl ScoringRules {
    /// The FFT rules (same as `Default`).
    pub const FFT: ScoringRules = ScoringRules {
        garde_contre_x8: false,
        handfuls_20_40_60: false,
        no_petite: false,
        misere: false,
        round_to_10: false,
    };
}
