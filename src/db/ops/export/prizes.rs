//! A tournament's prize rule in its export document (docs/prizes.md, "In
//! backups and the audit log"): its bonus's tournaments by name and date,
//! found again by them on import.

use crate::db::models::Tournament;
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::TournamentId;

use super::{BonusDoc, ExportError, ImportError, PrizesDoc};

/// Tournament `id`'s prize rule, its bonus's tournaments by name and date
/// (one deleted since is left out).
pub(super) fn prizes(conn: &mut AnyConnection, id: TournamentId) -> Result<Option<PrizesDoc>, ExportError> {
    let Some(mut rule) = crate::db::models::PrizeRule::find(conn, id)? else {
        return Ok(None);
    };
    let bonus = match rule.bonus.take() {
        None => None,
        Some(b) => {
            let mut with = Vec::new();
            for other in b.with {
                if let Some(t) = Tournament::find(conn, other)? {
                    with.push((t.name.clone(), t.event_date.clone()));
                }
            }
            Some(BonusDoc { with, pay: b.pay })
        }
    };
    Ok(Some(PrizesDoc { rule, bonus }))
}

/// The prize rule of a backup. Its bonus names the other tournaments of
/// the day by name and date: where one of them is not on this server (a
/// backup restored elsewhere), the bonus is left out rather than paid for
/// another tournament's players.
pub(super) fn import_prizes(tx: &mut Tx<'_>, t: TournamentId, doc: &PrizesDoc) -> Result<(), ImportError> {
    let mut rule = doc.rule.clone();
    if let Some(b) = &doc.bonus {
        let all = Tournament::list(tx)?;
        let found: Vec<TournamentId> = b
            .with
            .iter()
            .filter_map(|(name, date)| {
                all.iter()
                    .find(|o| o.id != t && o.name == *name && o.event_date == *date)
                    .map(|o| o.id)
            })
            .collect();
        if !found.is_empty() && found.len() == b.with.len() {
            rule.bonus = Some(crate::tournament::prizes::Bonus {
                with: found,
                pay: b.pay,
            });
        }
    }
    crate::db::models::PrizeRule::set(tx, t, &rule)?;
    Ok(())
}
