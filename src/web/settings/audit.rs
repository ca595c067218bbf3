//! A settings change as the audit page tells it: the settings before and
//! after, read back from the audit log whichever way the entry was written
//! — the typed settings' own JSON (entries written since), or the older
//! record of the form's fields (numbers as text, a switch `"on"` or null)
//! — and compared in the form's words, field by field.

use serde_json::{Map, Value};

use crate::db::models::TournamentSettings;
use crate::i18n::Lang;

use super::TournamentForm;

/// Each setting changed, "field: before → after", the fields named and
/// shown as the form has them (a switch `on` or `—`). An entry that reads
/// as settings neither way is compared as the JSON it is.
pub fn setting_changes(lang: Lang, before: &Option<String>, after: &Option<String>) -> Vec<String> {
    let (before, after) = (before.as_deref(), after.as_deref());
    let as_json = |s: Option<&str>| s.and_then(|s| serde_json::from_str::<Value>(s).ok());
    let (before, after) = match (before.and_then(in_form_words), after.and_then(in_form_words)) {
        (Some(b), Some(a)) => (b, a),
        _ => match (as_json(before), as_json(after)) {
            (Some(Value::Object(b)), Some(Value::Object(a))) => (b, a),
            _ => return Vec::new(),
        },
    };
    let show = |v: Option<&Value>| match v {
        Some(Value::String(s)) => s.clone(),
        None | Some(Value::Null) => "—".into(),
        Some(v) => v.to_string(),
    };
    after
        .iter()
        .filter(|(field, new)| before.get(*field) != Some(*new))
        .map(|(field, new)| {
            lang.t_args(
                "audit-setting-change",
                &[
                    ("field", field.clone()),
                    ("before", show(before.get(field))),
                    ("after", show(Some(new))),
                ],
            )
        })
        .collect()
}

/// The settings an audit entry's JSON holds, as the form's fields.
fn in_form_words(json: &str) -> Option<Map<String, Value>> {
    let settings = match serde_json::from_str::<TournamentSettings>(json) {
        Ok(s) => s,
        // Written before the typed settings: the form's fields, read as
        // the form is.
        Err(_) => serde_json::from_str::<TournamentForm>(json).ok()?.read().ok()?.settings,
    };
    match serde_json::to_value(TournamentForm::from_settings(&settings)) {
        Ok(Value::Object(fields)) => Some(fields),
        _ => None,
    }
}
