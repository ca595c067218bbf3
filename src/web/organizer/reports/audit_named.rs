//! The audit log's sentences about what an entry's JSON names (a season, a
//! club of a circuit) and about a prize rule (its split before and after).

use crate::db::models::{AuditAction, AuditEntry};
use crate::i18n::Lang;
use crate::tournament::prizes::Rule;
use serde_json::Value;

/// The sentence of an entry about what its JSON names (a season; a club
/// of a circuit).
pub fn about_named(lang: Lang, actor: (&'static str, String), e: &AuditEntry) -> String {
    let v = json(&e.after_json).or_else(|| json(&e.before_json));
    let name = v
        .as_ref()
        .and_then(|v| v["name"].as_str())
        .unwrap_or_default()
        .to_owned();
    let key = match e.action {
        AuditAction::SeasonCreated => "audit-season-create",
        AuditAction::SeasonAttached => "audit-season-attach",
        AuditAction::ClubShared => "audit-club-share",
        AuditAction::ClubUnshared => "audit-club-unshare",
        _ => "audit-season-detach",
    };
    lang.t_args(key, &[actor, ("season", name.clone()), ("club", name)])
}

/// A prize rule's change in details: its split before (when one was set)
/// and after, in sentences.
pub fn prizes_before_after(lang: Lang, e: &AuditEntry) -> Vec<String> {
    let said = |text: &Option<String>| {
        let rule = text.as_deref().and_then(|s| Rule::from_json(s).ok())?;
        Some(crate::web::prizes::view::split_sentence(lang, &rule))
    };
    let mut details = Vec::new();
    if let Some(before) = said(&e.before_json) {
        details.push(lang.t_args("audit-prizes-before", &[("what", before)]));
    }
    if let Some(after) = said(&e.after_json) {
        details.push(lang.t_args("audit-prizes-after", &[("what", after)]));
    }
    details
}

/// A stored JSON text, when it reads.
pub fn json(s: &Option<String>) -> Option<Value> {
    s.as_deref().and_then(|s| serde_json::from_str::<Value>(s).ok())
}
