//! A tournament's prize rule (docs/prizes.md): one JSON text per
//! tournament, read by the core's [`Rule`].

use diesel::prelude::*;

use crate::db::schema::{prize_rules, registrations};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{PlayerId, TournamentId};
use crate::tournament::prizes::Rule;

/// The prize rules' table.
pub struct PrizeRule;

impl PrizeRule {
    /// Tournament `id`'s rule (`None`: none set). A stored rule that no
    /// longer reads fails the query, loudly.
    pub fn find(conn: &mut AnyConnection, id: TournamentId) -> QueryResult<Option<Rule>> {
        let text: Option<String> = prize_rules::table
            .find(id)
            .select(prize_rules::rule)
            .first(conn)
            .optional()?;
        text.map(|s| {
            Rule::from_json(&s).map_err(|e| {
                diesel::result::Error::DeserializationError(format!("stored prize rule {s:?}: {e}").into())
            })
        })
        .transpose()
    }

    /// Sets tournament `id`'s rule (replacing any).
    pub fn set(tx: &mut Tx<'_>, id: TournamentId, rule: &Rule) -> QueryResult<()> {
        diesel::delete(prize_rules::table.find(id)).execute(tx.conn())?;
        diesel::insert_into(prize_rules::table)
            .values((
                prize_rules::tournament_id.eq(id),
                prize_rules::rule.eq(rule.to_json()),
                prize_rules::updated_at.eq(crate::db::now()),
            ))
            .execute(tx.conn())?;
        Ok(())
    }

    /// Sets tournament `id`'s rule as `actor` did, in the audit log with
    /// the rule before (nothing written when it does not change).
    pub fn change(tx: &mut Tx<'_>, id: TournamentId, rule: &Rule, actor: &str) -> QueryResult<()> {
        let before = PrizeRule::find(tx, id)?;
        if before.as_ref() == Some(rule) {
            return Ok(());
        }
        PrizeRule::set(tx, id, rule)?;
        let entry = super::NewAuditEntry::prizes(id, actor, before.map(|r| r.to_json()), rule.to_json());
        super::AuditEntry::write(tx, &entry)?;
        Ok(())
    }

    /// The players registered in every tournament of `others` (none when
    /// `others` is empty): one query.
    pub fn registered_in_all(conn: &mut AnyConnection, others: &[TournamentId]) -> QueryResult<Vec<PlayerId>> {
        if others.is_empty() {
            return Ok(Vec::new());
        }
        let rows: Vec<(PlayerId, TournamentId)> = registrations::table
            .filter(registrations::tournament_id.eq_any(others))
            .select((registrations::player_id, registrations::tournament_id))
            .load(conn)?;
        let mut count: std::collections::HashMap<PlayerId, std::collections::BTreeSet<TournamentId>> =
            Default::default();
        for (p, t) in rows {
            count.entry(p).or_default().insert(t);
        }
        let wanted: std::collections::BTreeSet<TournamentId> = others.iter().copied().collect();
        let mut all: Vec<PlayerId> = count
            .into_iter()
            .filter(|(_, ts)| *ts == wanted)
            .map(|(p, _)| p)
            .collect();
        all.sort();
        Ok(all)
    }
}
