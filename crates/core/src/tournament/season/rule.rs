//! A season's rule: how a tournament's result becomes season points
//! (FORMATS.md, "Seasons"), read from its JSON form by a refusing
//! constructor.

use serde_json::{json, Map, Value};

use super::{as_points, centi, Centi};

/// What a tournament gives a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PointsKind {
    /// The player's total there.
    Total,
    /// By place: `n − r + 1` of `n`, or the rule's scale.
    Places,
    /// A duplicate tournament's percentage; the season takes the mean.
    Percent,
}

impl PointsKind {
    /// The stored (and JSON) name.
    pub fn name(self) -> &'static str {
        match self {
            PointsKind::Total => "total",
            PointsKind::Places => "places",
            PointsKind::Percent => "percent",
        }
    }

    /// The kind of a name; `None` for an unknown one.
    pub fn from_name(s: &str) -> Option<PointsKind> {
        match s {
            "total" => Some(PointsKind::Total),
            "places" => Some(PointsKind::Places),
            "percent" => Some(PointsKind::Percent),
            _ => None,
        }
    }
}

/// A season's rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// What a tournament gives.
    pub points: PointsKind,
    /// With [`PointsKind::Places`]: points of ranks 1, 2, 3… (hundredths),
    /// 0 beyond; `None`: `n − r + 1`.
    pub scale: Option<Vec<Centi>>,
    /// Only the player's N best figures count (`None`: all).
    pub best_of: Option<u32>,
    /// Points for every tournament played, in hundredths (never with
    /// [`PointsKind::Percent`]).
    pub participation: Centi,
}

/// Why a rule is refused: a message id and its arguments (the server
/// says it in the reader's language).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError {
    /// Message id (`season-rule-…`).
    pub key: &'static str,
    /// Its arguments.
    pub args: Vec<(&'static str, String)>,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.key)?;
        for (k, v) in &self.args {
            write!(f, " {k}={v}")?;
        }
        Ok(())
    }
}

impl std::error::Error for RuleError {}

fn refuse(key: &'static str) -> RuleError {
    RuleError { key, args: Vec::new() }
}

fn refuse_with(key: &'static str, arg: &'static str, value: impl ToString) -> RuleError {
    RuleError {
        key,
        args: vec![(arg, value.to_string())],
    }
}

/// The most points a figure may be given (a scale's step, participation).
const MAX_POINTS: f64 = 1_000_000.0;
/// The longest scale.
const MAX_SCALE: usize = 1000;

fn points_value(key: &'static str, v: &Value) -> Result<Centi, RuleError> {
    match v.as_f64() {
        Some(x) if (0.0..=MAX_POINTS).contains(&x) => Ok(centi(x)),
        _ => Err(refuse_with(key, "value", v)),
    }
}

impl Rule {
    /// The rule of its JSON form (`{"points": "places", "best_of": 10,
    /// "participation": 0}`), or why not. Unknown keys are refused: a typo
    /// must not silently change a season.
    pub fn from_json(v: &Value) -> Result<Rule, RuleError> {
        let obj: &Map<String, Value> = v.as_object().ok_or_else(|| refuse("season-rule-not-object"))?;
        if let Some(k) = obj
            .keys()
            .find(|k| !["points", "scale", "best_of", "participation"].contains(&k.as_str()))
        {
            return Err(refuse_with("season-rule-unknown-key", "key", k));
        }
        let points = match obj.get("points") {
            Some(Value::String(s)) => {
                PointsKind::from_name(s).ok_or_else(|| refuse_with("season-rule-points", "value", s))?
            }
            Some(other) => return Err(refuse_with("season-rule-points", "value", other)),
            None => return Err(refuse("season-rule-points-missing")),
        };
        let scale = match obj.get("scale") {
            None | Some(Value::Null) => None,
            Some(Value::Array(steps)) if points == PointsKind::Places => {
                if steps.is_empty() || steps.len() > MAX_SCALE {
                    return Err(refuse_with("season-rule-scale-length", "max", MAX_SCALE));
                }
                Some(
                    steps
                        .iter()
                        .map(|s| points_value("season-rule-scale-step", s))
                        .collect::<Result<_, _>>()?,
                )
            }
            Some(Value::Array(_)) => return Err(refuse("season-rule-scale-places-only")),
            Some(other) => return Err(refuse_with("season-rule-scale-step", "value", other)),
        };
        let best_of = match obj.get("best_of") {
            None | Some(Value::Null) => None,
            Some(v) => match v.as_u64() {
                Some(n @ 1..=1000) => Some(n as u32),
                _ => return Err(refuse_with("season-rule-best-of", "value", v)),
            },
        };
        let participation = match obj.get("participation") {
            None | Some(Value::Null) => 0,
            Some(v) => points_value("season-rule-participation", v)?,
        };
        if points == PointsKind::Percent && participation != 0 {
            return Err(refuse("season-rule-participation-percent"));
        }
        Ok(Rule {
            points,
            scale,
            best_of,
            participation,
        })
    }

    /// Its JSON form (what [`Rule::from_json`] reads back).
    pub fn to_json(&self) -> Value {
        let mut v = json!({"points": self.points.name(), "participation": as_points(self.participation)});
        if let Some(scale) = &self.scale {
            v["scale"] = scale.iter().map(|c| json!(as_points(*c))).collect();
        }
        if let Some(n) = self.best_of {
            v["best_of"] = json!(n);
        }
        v
    }

    /// Points of place `p` (1-based) among `n` who played, in hundredths.
    pub fn place_points(&self, p: u32, n: u32) -> Centi {
        match &self.scale {
            Some(scale) => scale.get(p as usize - 1).copied().unwrap_or(0),
            None => Centi::from(n.saturating_sub(p) + 1) * 100,
        }
    }
}
