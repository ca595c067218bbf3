//! A deal's form as typed ([`DealForm`]: every field a string, so that a
//! refused form is shown again exactly) and its reading into the domain's
//! [`TableDeal`] ([`Reading`]), or a refusal naming the field at fault
//! ([`FieldError`]): all of it before the table is known, but for whether
//! a partner is called there.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::db::ops::deals::deal_refusal;
use crate::db::ops::Msg;
use crate::tournament::deal::{DealError, DealField, DealFields, TableDeal};
use crate::tournament::ids::PlayerId;

/// The deal form as typed: every field a string, so that a refused form is
/// shown again exactly. Handfuls and misères come as `handful_<player id>`
/// and `misere_<player id>`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct DealForm {
    /// `1` when everyone passed (the form's own button).
    #[serde(default)]
    pub passed: String,
    /// Taker's player id.
    #[serde(default)]
    pub taker: String,
    /// Partner's player id (5-player called-king game), `alone` when the
    /// taker plays alone.
    #[serde(default)]
    pub partner: String,
    /// Contract name.
    #[serde(default)]
    pub contract: String,
    /// Oudlers of the attack.
    #[serde(default)]
    pub oudlers: String,
    /// Points counted (`43,5` or `43.5`), by the camp in `camp`.
    #[serde(default)]
    pub points: String,
    /// Whose pile was counted: `attack` (default) or `defence`.
    #[serde(default)]
    pub camp: String,
    /// `attack`, `defence` or empty.
    #[serde(default)]
    pub petit_au_bout: String,
    /// `1` when the taker announced a chelem.
    #[serde(default)]
    pub chelem_announced: String,
    /// `attack`, `defence` or empty.
    #[serde(default)]
    pub chelem_made_by: String,
    /// Why a correction is made (organizer).
    #[serde(default)]
    pub reason: String,
    /// The slot's version when the form was opened (0: empty).
    #[serde(default)]
    pub version: String,
    /// The form's idempotency key.
    #[serde(default)]
    pub key: String,
    /// `handful_<id>` and `misere_<id>` fields (and the CSRF token).
    #[serde(flatten)]
    pub per_player: BTreeMap<String, String>,
}

/// A refusal of the form: the field at fault (`""`: the form as a whole)
/// and the sentence.
#[derive(Debug, Clone)]
pub struct FieldError {
    /// The field's name in the form (`handfuls`, `miseres` and `chelem` for
    /// their groups).
    pub field: &'static str,
    /// What to say.
    pub msg: Msg,
}

impl FieldError {
    /// A refusal of `field` saying the message `key`.
    pub fn new(field: &'static str, key: &'static str) -> FieldError {
        FieldError {
            field,
            msg: Msg::new(key),
        }
    }

    /// A refusal of the rules core, at the field it points at ("" for the
    /// form as a whole).
    pub fn of(e: &DealError) -> FieldError {
        FieldError {
            field: e.field().map_or("", DealField::name),
            msg: deal_refusal(e),
        }
    }
}

/// What a form says of its deal, read before its table is known.
#[derive(Debug, Clone)]
pub struct Reading {
    /// The deal, or the first field at fault wherever it is played.
    deal: Result<TableDeal, FieldError>,
    /// The taker is named and no partner chosen (neither a player nor
    /// "alone"): where a partner is called, the form is refused there,
    /// before any field after it.
    partner_unchosen: bool,
}

impl Reading {
    /// The deal at a table where a partner is called or not, or the field
    /// at fault.
    pub fn at_table(&self, partner_called: bool) -> Result<&TableDeal, FieldError> {
        if partner_called && self.partner_unchosen {
            return Err(FieldError::new("partner", "deal-choose-partner"));
        }
        self.deal.as_ref().map_err(Clone::clone)
    }

    /// Whether the answer depends on the table: whether a partner is
    /// called there (no partner chosen).
    pub fn asks_partner(&self) -> bool {
        self.partner_unchosen
    }

    /// Whether the form is refused wherever it is played: refused before
    /// any database work.
    pub fn is_refused(&self) -> bool {
        self.deal.is_err()
    }
}

impl DealForm {
    /// The `prefix<player id>` fields that are filled, by player.
    fn listed(&self, prefix: &str) -> Result<Vec<(PlayerId, &str)>, DealError> {
        let mut items = Vec::new();
        for (k, v) in &self.per_player {
            let (Some(id), v) = (k.strip_prefix(prefix), v.trim()) else {
                continue;
            };
            if v.is_empty() {
                continue;
            }
            let field = if prefix == "handful_" { "handfuls" } else { "miseres" };
            let id = id.parse::<PlayerId>().map_err(|_| DealError::BadPlayer { field })?;
            items.push((id, v));
        }
        Ok(items)
    }

    /// Whether anything of a played deal is filled in.
    fn describes_a_deal(&self) -> bool {
        let filled = |s: &str| !s.trim().is_empty();
        [
            &self.taker,
            &self.contract,
            &self.oudlers,
            &self.points,
            &self.petit_au_bout,
            &self.chelem_made_by,
        ]
        .iter()
        .any(|s| filled(s))
            || (filled(&self.partner) && self.partner.trim() != "alone")
            || self
                .per_player
                .iter()
                .any(|(k, v)| (k.starts_with("handful_") || k.starts_with("misere_")) && filled(v))
    }

    /// The version the form was opened at: `None` when it does not say.
    pub fn version_read(&self) -> Option<i32> {
        self.version.trim().parse().ok().filter(|v| *v >= 0)
    }

    /// The deal the form describes, or the field at fault and why. A partner
    /// must be chosen (or `alone`) when `partner_allowed`.
    pub fn parse(&self, partner_allowed: bool) -> Result<TableDeal, FieldError> {
        self.read().at_table(partner_allowed).cloned()
    }

    /// The form read once: the deal it describes or the field at fault,
    /// whatever the table but for the partner's choice.
    pub fn read(&self) -> Reading {
        let taker_named = self.passed.trim() != "1" && self.taker.trim().parse::<PlayerId>().is_ok();
        Reading {
            deal: self.deal(),
            partner_unchosen: taker_named && self.partner.trim().is_empty(),
        }
    }

    /// The deal the form describes where no partner must be chosen, or the
    /// first field at fault.
    fn deal(&self) -> Result<TableDeal, FieldError> {
        if self.passed.trim() == "1" {
            if self.describes_a_deal() {
                return Err(FieldError::new("passed", "deal-passed-and-played"));
            }
            return Ok(TableDeal::Passed);
        }
        let id = |s: &str, field: &'static str, key: &'static str| -> Result<Option<PlayerId>, FieldError> {
            let s = s.trim();
            if s.is_empty() {
                return Ok(None);
            }
            s.parse().map(Some).map_err(|_| FieldError::new(field, key))
        };
        let taker =
            id(&self.taker, "taker", "deal-choose-taker")?.ok_or(FieldError::new("taker", "deal-choose-taker"))?;
        let partner = match self.partner.trim() {
            "alone" => None,
            p => id(p, "partner", "deal-choose-partner")?,
        };
        if partner == Some(taker) {
            return Err(FieldError::new("partner", "deal-partner-is-taker"));
        }
        let contract = self.contract.trim();
        if contract.is_empty() {
            return Err(FieldError::new("contract", "deal-choose-contract"));
        }
        let oudlers = self
            .oudlers
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|o| (0..=3).contains(o))
            .ok_or(FieldError::new("oudlers", "deal-choose-oudlers"))?;
        let points = self.points.trim();
        if points.is_empty() {
            return Err(FieldError::new("points", "deal-type-points"));
        }
        let counted = points
            .replace(',', ".")
            .parse::<f64>()
            .ok()
            .filter(|p| p.is_finite() && (0.0..=91.0).contains(p))
            .ok_or_else(|| FieldError {
                field: "points",
                msg: Msg::new("deal-points-not-a-number").arg("value", points),
            })?;
        let points = match self.camp.trim() {
            "" | "attack" => counted,
            "defence" => 91.0 - counted,
            _ => return Err(FieldError::new("points", "deal-choose-camp")),
        };
        fn optional(s: &str) -> Option<&str> {
            Some(s.trim()).filter(|s| !s.is_empty())
        }
        let handfuls = self.listed("handful_").map_err(|e| FieldError::of(&e))?;
        let miseres = self.listed("misere_").map_err(|e| FieldError::of(&e))?;
        DealFields {
            taker: Some(taker),
            partner,
            contract,
            oudlers,
            points,
            handfuls,
            petit_au_bout: optional(&self.petit_au_bout),
            announced: self.chelem_announced.trim() == "1",
            made_by: optional(&self.chelem_made_by),
            miseres,
        }
        .check()
        .map_err(|e| FieldError::of(&e))
    }

    /// The form showing a stored deal (points as the attack counted them).
    pub fn from_deal(deal: &TableDeal) -> DealForm {
        let Some(d) = deal.played() else {
            return DealForm {
                passed: "1".into(),
                ..DealForm::default()
            };
        };
        let points = d.points.as_points();
        let mut per_player = BTreeMap::new();
        for (p, size) in &d.handfuls {
            per_player.insert(format!("handful_{p}"), size.name().to_owned());
        }
        for (p, kind) in &d.miseres {
            per_player.insert(format!("misere_{p}"), kind.name().to_owned());
        }
        DealForm {
            passed: String::new(),
            taker: d.taker.to_string(),
            partner: d.partner.map(|p| p.to_string()).unwrap_or_else(|| "alone".into()),
            contract: d.contract.name().to_owned(),
            oudlers: d.oudlers.to_string(),
            points: if points.fract() == 0.0 {
                format!("{points:.0}")
            } else {
                points.to_string()
            },
            camp: "attack".into(),
            petit_au_bout: d.petit_au_bout.map(|c| c.name().to_owned()).unwrap_or_default(),
            chelem_announced: if d.chelem.announced { "1".into() } else { String::new() },
            chelem_made_by: d.chelem.made_by.map(|c| c.name().to_owned()).unwrap_or_default(),
            reason: String::new(),
            version: String::new(),
            key: String::new(),
            per_player,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A form as the browser sends it.
    fn form(body: &str) -> DealForm {
        serde_urlencoded::from_str(body).unwrap()
    }

    fn refusal(body: &str) -> (&'static str, String) {
        let e = form(body).parse(false).unwrap_err();
        (e.field, e.msg.key.into_owned())
    }

    #[test]
    fn everyone_passed_with_anything_of_a_played_deal_is_refused() {
        assert!(matches!(form("passed=1").parse(true), Ok(TableDeal::Passed)));
        // "alone" is the partner choice's default: it describes no deal.
        assert!(matches!(
            form("passed=1&partner=alone&handful_3=").parse(true),
            Ok(TableDeal::Passed)
        ));
        for played in [
            "passed=1&taker=3",
            "passed=1&points=41",
            "passed=1&partner=4",
            "passed=1&handful_3=simple",
            "passed=1&misere_4=trumps",
            "passed=1&chelem_made_by=attack",
        ] {
            assert_eq!(
                refusal(played),
                ("passed", "deal-passed-and-played".to_owned()),
                "{played}"
            );
        }
    }

    #[test]
    fn a_handful_or_misere_of_no_player_is_refused_at_its_own_group() {
        let deal = "taker=3&contract=garde&oudlers=2&points=45";
        assert_eq!(refusal(&format!("{deal}&handful_x=simple")).0, "handfuls");
        assert_eq!(refusal(&format!("{deal}&misere_x=trumps")).0, "miseres");
    }

    #[test]
    fn what_a_form_says_of_a_deal_shows_again_in_the_form_of_the_stored_deal() {
        let body = "taker=3&partner=alone&contract=garde&oudlers=2&points=40&camp=defence\
                    &petit_au_bout=attack&chelem_announced=1&chelem_made_by=attack\
                    &handful_3=double&misere_4=trumps";
        let back = DealForm::from_deal(&form(body).parse(true).unwrap());
        assert_eq!(
            [
                back.taker.as_str(),
                &back.partner,
                &back.contract,
                &back.oudlers,
                &back.points,
                &back.petit_au_bout,
                &back.chelem_announced,
                &back.chelem_made_by,
            ],
            ["3", "alone", "garde", "2", "51", "attack", "1", "attack"]
        );
        let extras: Vec<_> = back.per_player.iter().map(|(k, v)| format!("{k}={v}")).collect();
        assert_eq!(extras, ["handful_3=double", "misere_4=trumps"]);
    }

    #[test]
    fn points_outside_0_to_91_are_not_points() {
        let deal = "taker=3&contract=garde&oudlers=2";
        for bad in ["92", "-1", "NaN", "inf", "1e400", "quarante"] {
            assert_eq!(
                refusal(&format!("{deal}&points={bad}")),
                ("points", "deal-points-not-a-number".to_owned()),
                "{bad}"
            );
        }
        assert!(form(&format!("{deal}&points=91")).parse(false).is_ok());
        assert!(form(&format!("{deal}&points=43,5")).parse(false).is_ok());
    }
}
