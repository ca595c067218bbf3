//! A defender's confirmation of a deal entered at the table: who may give
//! it, and giving it.

use crate::db::models::{Deal, Round, RoundTable, Tournament};
use crate::db::Tx;
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};

use super::EnteredDeal;
use crate::db::ops::events::{publish, Event};
use crate::db::ops::{Msg, OpError, OpResult};

/// Tells the live pages that deal `deal` of a table changed (saved,
/// corrected or confirmed), and so did the standings.
fn publish_deal(
    tx: &mut Tx<'_>,
    tournament: TournamentId,
    round: RoundNo,
    table: TableNo,
    deal: i32,
) -> diesel::QueryResult<()> {
    let events = [
        Event::Deal { round, table, deal },
        Event::Standings { round: Some(round) },
    ];
    publish(tx, tournament, &events)
}

/// Who may confirm a deal: a player of it who is neither its taker nor the
/// called partner (anyone who played, when everyone passed).
pub fn may_confirm(deal: &TableDeal, playing: &[PlayerId], player: PlayerId) -> bool {
    playing.contains(&player)
        && deal
            .played()
            .is_none_or(|d| d.taker != player && d.partner != Some(player))
}

/// A defender confirms deal `number` of a table at the version they saw:
/// from then on it counts in the standings. Whether it changed anything:
/// confirming twice does not. A deal changed since is refused as stale, a
/// closed round as closed.
pub fn confirm(
    tx: &mut Tx<'_>,
    table: &RoundTable,
    round: &Round,
    number: i32,
    player: PlayerId,
    version: Option<i32>,
) -> OpResult<bool> {
    let t = Tournament::find(tx, round.tournament_id)?.ok_or(OpError::NotFound)?;
    let round = Round::locked(tx, round.id, false)?.ok_or(OpError::NotFound)?;
    if round.is_closed() {
        return Err(OpError::Conflict(
            Msg::new("deal-round-closed").arg("round", round.number),
        ));
    }
    let d = Deal::find_for_update(tx, table.id, number)?.ok_or(OpError::NotFound)?;
    if version.is_some_and(|v| v != d.version) {
        return Err(OpError::Stale {
            msg: Msg::new("deal-stale")
                .arg("read", version.unwrap_or_default())
                .arg("current", d.version),
            current: Box::new(EnteredDeal::stored(tx, &d)?),
        });
    }
    let players = RoundTable::players(tx, table.id)?;
    let (playing, _) = crate::tournament::table::deal_players(&players, number, t.table5_mode);
    if !may_confirm(&d.record, &playing, player) {
        return Err(OpError::Invalid(Msg::new("deal-confirm-not-defender")));
    }
    if d.confirmed {
        return Ok(false);
    }
    Deal::confirm(tx, d.id, player)?;
    publish_deal(tx, t.id, round.number, table.number, number)?;
    Ok(true)
}
