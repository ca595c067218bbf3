//! How a table of a round enters its deals: typed, played on the devices,
//! or typed up to a deal and played from there (the round page's badge).

use crate::db::ops::deals::Played;
use crate::i18n::Lang;

/// How a table enters its deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableMode {
    /// Typed in (its link's forms, the API).
    Typed,
    /// Played on the devices from its first deal.
    Digital,
    /// Typed up to this deal, then played on the devices.
    Hybrid(i32),
}

impl TableMode {
    /// The mode of a table, from its game's slots if it has one.
    pub fn of(played: Option<&Played>) -> TableMode {
        match played {
            None => TableMode::Typed,
            Some(p) if p.first > 1 => TableMode::Hybrid(p.first - 1),
            Some(_) => TableMode::Digital,
        }
    }

    /// Its label in `lang`.
    pub fn label(&self, lang: &Lang) -> String {
        match self {
            TableMode::Typed => lang.t("table-mode-typed"),
            TableMode::Digital => lang.t("table-mode-digital"),
            TableMode::Hybrid(last) => lang.t_args("table-mode-hybrid", &[("last", last.to_string())]),
        }
    }
}
