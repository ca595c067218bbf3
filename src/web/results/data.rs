//! What a tournament's statistics are made from, read in seven queries.

use std::collections::HashMap;

use crate::db::models::{Deal, Round, RoundTable, Tournament};
use crate::db::ops::{standings, tournaments};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::standings::Standings;
use crate::tournament::stats::StatDeal;
use crate::web::AppError;

/// Everything a tournament's statistics are made from: seven queries.
pub struct TournamentData {
    /// The tournament.
    pub t: Tournament,
    /// Its standings.
    pub standings: Standings,
    /// Round numbers seated.
    pub rounds: Vec<RoundNo>,
    /// Every deal entered.
    pub deals: Vec<StatDeal>,
}

impl TournamentData {
    /// Reads the tournament `id`.
    pub fn load(conn: &mut AnyConnection, id: TournamentId) -> Result<TournamentData, AppError> {
        let t = tournaments::get(conn, id)?;
        let standings = standings::compute(conn, id, None)?;
        let rounds = Round::for_tournament(conn, id)?.into_iter().map(|r| r.number).collect();
        let mut seats: HashMap<i32, Vec<PlayerId>> = HashMap::new();
        for (_, table, player) in RoundTable::seats_of_tournament(conn, id)? {
            seats.entry(table).or_default().push(player);
        }
        let mut scores: HashMap<(i32, i32), Vec<(PlayerId, i32)>> = HashMap::new();
        for l in Deal::score_lines(conn, id)? {
            scores
                .entry((l.table_id, l.deal))
                .or_default()
                .push((l.player_id, l.score));
        }
        let deals = Deal::for_tournament(conn, id)?
            .into_iter()
            .map(|(round, d)| {
                let players = seats.get(&d.table_id).map(Vec::as_slice).unwrap_or_default();
                let scores = scores.remove(&(d.table_id, d.number)).unwrap_or_default();
                StatDeal::at_table(round, players, d.number, t.table5_mode, d.record, d.attack_won, scores)
            })
            .collect();
        Ok(TournamentData {
            t,
            standings,
            rounds,
            deals,
        })
    }

    pub(super) fn last_round(&self) -> RoundNo {
        self.rounds.iter().copied().max().unwrap_or_default()
    }
}
