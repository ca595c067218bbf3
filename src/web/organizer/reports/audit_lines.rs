//! The audit log told in sentences, for an arbiter: one sentence per
//! [`AuditAction`], chosen by an exhaustive `match` (a new action does not
//! compile until it has its sentence), with the details its JSON holds
//! (the deal before and after, the tables seated, the settings changed).

use std::collections::HashMap;

use serde_json::Value;

use crate::db::models::{AuditAction, AuditEntry};
use crate::i18n::Lang;
use crate::tarot::Camp;
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::{PlayerId, TableNo};
use crate::web::clock::local_time;

use super::audit_named::{self, json};

/// An audit entry told in sentences, for an arbiter.
pub struct AuditLine {
    /// When, local time.
    pub when: String,
    /// What happened, in a sentence with names.
    pub sentence: String,
    /// Details (before and after, the tables, the settings changed).
    pub details: Vec<String>,
    /// Why, as the organizer wrote it.
    pub reason: String,
    /// The stored entry, for the raw data.
    pub entry: AuditEntry,
}

/// The player ids an entry's JSON names (deal records, seated tables,
/// points awarded), whose names its sentence tells.
pub fn player_ids(e: &AuditEntry, out: &mut Vec<PlayerId>) {
    for json in [&e.before_json, &e.after_json].into_iter().flatten() {
        let Ok(v) = serde_json::from_str::<Value>(json) else {
            continue;
        };
        match e.action {
            AuditAction::DealCorrected => {
                if let Some(d) = TableDeal::from_json(&v).ok().as_ref().and_then(TableDeal::played) {
                    out.push(d.taker);
                    out.extend(d.partner);
                    out.extend(d.handfuls.iter().map(|h| h.0));
                }
            }
            AuditAction::PointsAwarded | AuditAction::AwardWithdrawn => {
                let points: Vec<(PlayerId, i32)> = serde_json::from_value(v).unwrap_or_default();
                out.extend(points.into_iter().map(|(p, _)| p));
            }
            AuditAction::RoundStarted | AuditAction::RoundUndone | AuditAction::SeatsChanged => {
                out.extend(
                    v.as_array()
                        .into_iter()
                        .flatten()
                        .flat_map(|t| t.as_array().into_iter().flatten())
                        .filter_map(|p| {
                            p.as_i64()
                                .and_then(|p| i32::try_from(p).ok())
                                .and_then(|p| PlayerId::try_from(p).ok())
                        }),
                );
            }
            AuditAction::DealVoided
            | AuditAction::DealRestored
            | AuditAction::RoomsLeftOut
            | AuditAction::RoundClosed
            | AuditAction::RoundForceClosed
            | AuditAction::ClockMoved
            | AuditAction::RoomAdded
            | AuditAction::RoomChanged
            | AuditAction::RoomRemoved
            | AuditAction::NumberingChanged
            | AuditAction::AllCheckedIn
            | AuditAction::SettingsChanged
            | AuditAction::SeasonCreated
            | AuditAction::SeasonAttached
            | AuditAction::SeasonDetached
            | AuditAction::ClubShared
            | AuditAction::ClubUnshared
            | AuditAction::PrizesChanged
            | AuditAction::PlayerMerged
            | AuditAction::MergeUndone => {}
        }
    }
}

/// A deal in words: "Garde d'Odile avec Paul, 2 bouts, 51 points, petit au bout à l'attaque".
pub fn describe_deal(lang: Lang, deal: &TableDeal, names: &HashMap<PlayerId, String>) -> String {
    let Some(d) = deal.played() else {
        return lang.t("deal-all-passed");
    };
    let name = |p: PlayerId| names.get(&p).cloned().unwrap_or_else(|| p.to_string());
    let partner = d
        .partner
        .map(|p| lang.t_args("audit-deal-partner", &[("partner", name(p))]))
        .unwrap_or_default();
    let mut parts = vec![lang.t_args(
        "audit-deal",
        &[
            ("contract", lang.t(&format!("contract-{}", d.contract.name()))),
            ("taker", name(d.taker)),
            ("partner", partner),
            ("oudlers", d.oudlers.to_string()),
            ("points", d.points.as_points().to_string()),
        ],
    )];
    match d.petit_au_bout {
        Some(Camp::Attack) => parts.push(lang.t("audit-deal-petit-attack")),
        Some(Camp::Defence) => parts.push(lang.t("audit-deal-petit-defence")),
        None => {}
    }
    for (p, size) in &d.handfuls {
        let size = lang.t(&format!("handful-{}", size.name())).to_lowercase();
        parts.push(lang.t_args("audit-deal-handful", &[("size", size), ("name", name(*p))]));
    }
    if d.chelem.made_by.is_some() {
        parts.push(lang.t("audit-deal-chelem"));
    }
    parts.join(", ")
}

/// Tells an entry in sentences: the sentence of its action, with the
/// details its family of actions gives.
pub fn tell(lang: Lang, tz: chrono_tz::Tz, e: AuditEntry, names: &HashMap<PlayerId, String>) -> AuditLine {
    let mut t = Telling::new(lang, &e, names);
    let sentence = match e.action {
        AuditAction::DealCorrected => {
            t.deals_before_after();
            lang.t_args("audit-deal-correct", &t.at_deal())
        }
        AuditAction::DealVoided => lang.t_args("audit-deal-void", &t.at_deal()),
        AuditAction::DealRestored => lang.t_args("audit-deal-restore", &t.at_deal()),
        AuditAction::PointsAwarded => {
            t.points(&e.after_json);
            lang.t_args("audit-award", &t.at_table())
        }
        AuditAction::AwardWithdrawn => {
            t.points(&e.before_json);
            lang.t_args("audit-award-withdraw", &t.at_table())
        }
        AuditAction::RoundStarted => {
            t.tables_numbered(&e.after_json);
            lang.t_args("audit-round-start", &t.at_round())
        }
        AuditAction::RoundUndone => {
            t.tables_numbered(&e.before_json);
            lang.t_args("audit-round-undo", &t.at_round())
        }
        AuditAction::SeatsChanged => {
            t.tables_reseated();
            lang.t_args("audit-round-seats", &t.at_round())
        }
        AuditAction::RoomsLeftOut => {
            t.players_left_out();
            lang.t_args("audit-round-rooms", &[("round", t.arg(0))])
        }
        AuditAction::RoundClosed => lang.t_args("audit-round-close", &t.at_round()),
        AuditAction::RoundForceClosed => {
            t.details.extend(missing_lines(lang, json(&e.after_json)));
            lang.t_args("audit-round-force-close", &t.at_round())
        }
        AuditAction::ClockMoved => {
            t.ends_moved(tz);
            lang.t_args("audit-round-clock", &t.at_round())
        }
        AuditAction::RoomAdded => lang.t_args("audit-room-add", &t.room()),
        AuditAction::RoomChanged => lang.t_args("audit-room-change", &t.room()),
        AuditAction::RoomRemoved => lang.t_args("audit-room-remove", &t.room()),
        AuditAction::NumberingChanged => lang.t_args("audit-room-numbering", &t.room()),
        AuditAction::AllCheckedIn => lang.t_args("audit-checkin-all", &[t.actor(), ("count", t.arg(0))]),
        AuditAction::SettingsChanged => {
            let changes = crate::web::settings::setting_changes(lang, &e.before_json, &e.after_json);
            t.details.extend(changes);
            lang.t_args("audit-settings", &[t.actor()])
        }
        AuditAction::SeasonCreated
        | AuditAction::SeasonAttached
        | AuditAction::SeasonDetached
        | AuditAction::ClubShared
        | AuditAction::ClubUnshared => audit_named::about_named(lang, t.actor(), &e),
        AuditAction::PrizesChanged => {
            t.details.extend(audit_named::prizes_before_after(lang, &e));
            lang.t_args("audit-prizes", &[t.actor()])
        }
        AuditAction::PlayerMerged | AuditAction::MergeUndone => {
            let v = json(&e.after_json).or_else(|| json(&e.before_json)).unwrap_or_default();
            let key = match e.action {
                AuditAction::PlayerMerged => "audit-player-merge",
                _ => "audit-player-merge-undo",
            };
            let said = |who: &str, what: &str| match &v[who][what] {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let args = [
                t.actor(),
                ("kept", said("kept", "name")),
                ("kept_id", said("kept", "id")),
                ("removed", said("removed", "name")),
                ("removed_id", said("removed", "id")),
            ];
            lang.t_args(key, &args)
        }
    };
    let details = t.details;
    AuditLine {
        when: local_time(tz, e.created_at, lang),
        sentence,
        details,
        reason: e.reason.clone(),
        entry: e,
    }
}

/// An entry being told: what its sentence and details are made of.
struct Telling<'a> {
    lang: Lang,
    e: &'a AuditEntry,
    /// The numbers of its subject (`round 2 table 3 deal 1`: 2, 3, 1).
    numbers: Vec<String>,
    names: &'a HashMap<PlayerId, String>,
    /// The details told so far.
    details: Vec<String>,
}

impl<'a> Telling<'a> {
    fn new(lang: Lang, e: &'a AuditEntry, names: &'a HashMap<PlayerId, String>) -> Telling<'a> {
        let numbers = e
            .subject
            .split_whitespace()
            .filter(|w| w.chars().all(|c| c.is_ascii_digit()))
            .map(str::to_owned)
            .collect();
        Telling {
            lang,
            e,
            numbers,
            names,
            details: Vec::new(),
        }
    }

    /// The subject's `i`-th number (empty when it has none).
    fn arg(&self, i: usize) -> String {
        self.numbers.get(i).cloned().unwrap_or_default()
    }

    fn actor(&self) -> (&'static str, String) {
        ("actor", self.e.actor.clone())
    }

    fn name(&self, p: PlayerId) -> String {
        self.names.get(&p).cloned().unwrap_or_else(|| p.to_string())
    }

    /// Who, and which round (`round r`).
    fn at_round(&self) -> [(&'static str, String); 2] {
        [self.actor(), ("round", self.arg(0))]
    }

    /// Who, and which table of which round (`round r table t`).
    fn at_table(&self) -> [(&'static str, String); 3] {
        [self.actor(), ("round", self.arg(0)), ("table", self.arg(1))]
    }

    /// Who, and which deal of which table (`round r table t deal k`).
    fn at_deal(&self) -> [(&'static str, String); 4] {
        [
            self.actor(),
            ("round", self.arg(0)),
            ("table", self.arg(1)),
            ("deal", self.arg(2)),
        ]
    }

    /// Who, and which room (`room n`); the room's name and tables told.
    fn room(&mut self) -> [(&'static str, String); 2] {
        let after = json(&self.e.after_json).unwrap_or_default();
        if let (Some(name), Some(tables)) = (after["name"].as_str(), after["tables"].as_i64()) {
            self.details.push(self.lang.t_args(
                "audit-room-detail",
                &[("name", name.to_owned()), ("tables", tables.to_string())],
            ));
        }
        [self.actor(), ("room", self.arg(0))]
    }

    /// A corrected deal, before and after, in words.
    fn deals_before_after(&mut self) {
        let deal = |s: &Option<String>| {
            json(s)
                .and_then(|v| TableDeal::from_json(&v).ok())
                .map(|d| describe_deal(self.lang, &d, self.names))
                .unwrap_or_default()
        };
        let (before, after) = (deal(&self.e.before_json), deal(&self.e.after_json));
        self.details.push(
            self.lang
                .t_args("audit-before-after", &[("before", before), ("after", after)]),
        );
    }

    /// Points awarded (`given`: `[[player, points], …]`), on one line.
    fn points(&mut self, given: &Option<String>) {
        let points: Vec<(PlayerId, i32)> = json(given)
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default();
        let list: Vec<String> = points.iter().map(|(p, v)| format!("{} {v:+}", self.name(*p))).collect();
        self.details.push(list.join(", "));
    }

    /// The tables of a round, seated or undone, numbered from 1.
    fn tables_numbered(&mut self, tables: &Option<String>) {
        let tables: Vec<Vec<PlayerId>> = json(tables)
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default();
        let numbers = (1..=tables.len()).map(|i| i.to_string());
        self.table_lines(numbers.zip(tables));
    }

    /// Two tables reseated, as they are after, numbered as the subject says
    /// (`round r table a table b`).
    fn tables_reseated(&mut self) {
        let tables: Vec<Vec<PlayerId>> = json(&self.e.after_json)
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default();
        let numbers: Vec<String> = self.numbers.iter().skip(1).cloned().collect();
        self.table_lines(numbers.into_iter().zip(tables));
    }

    /// One detail line per table: "Table 2 : Anne, Paul, Zoé, Marc".
    fn table_lines(&mut self, tables: impl Iterator<Item = (String, Vec<PlayerId>)>) {
        for (table, players) in tables {
            let list: Vec<String> = players.iter().map(|p| self.name(*p)).collect();
            let line = self
                .lang
                .t_args("audit-round-table", &[("table", table), ("players", list.join(", "))]);
            self.details.push(line);
        }
    }

    /// The players the rooms could not keep, one per line.
    fn players_left_out(&mut self) {
        let left: Vec<PlayerId> = json(&self.e.after_json)
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default();
        let lines: Vec<String> = left.iter().map(|p| self.name(*p)).collect();
        self.details.extend(lines);
    }

    /// A round's end moved: from when to when, local time.
    fn ends_moved(&mut self, tz: chrono_tz::Tz) {
        let ends = |s: &Option<String>| {
            json(s)
                .and_then(|v| v["ends_at"].as_str().map(str::to_owned))
                .and_then(|t| chrono::DateTime::parse_from_rfc3339(&t).ok())
                .map(|t| local_time(tz, t.naive_utc(), self.lang))
        };
        if let (Some(before), Some(after)) = (ends(&self.e.before_json), ends(&self.e.after_json)) {
            let line = self
                .lang
                .t_args("audit-clock-ends", &[("before", before), ("after", after)]);
            self.details.push(line);
        }
    }
}

/// A forced close's details: each table with the deals it had not entered.
fn missing_lines(lang: Lang, after: Option<Value>) -> Vec<String> {
    let missing: Vec<(TableNo, Vec<i32>)> = after.and_then(|v| serde_json::from_value(v).ok()).unwrap_or_default();
    missing
        .into_iter()
        .map(|(table, deals)| {
            let deals: Vec<String> = deals.iter().map(|d| d.to_string()).collect();
            lang.t_args(
                "audit-missing-table",
                &[("table", table.to_string()), ("deals", deals.join(", "))],
            )
        })
        .collect()
}
