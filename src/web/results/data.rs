//! What a tournament's statistics are made from, read in seven queries (and
//! two a round for a duplicate tournament's comparison), as one audience
//! may see them ([`crate::db::ops::visible`]).

use std::collections::HashMap;

use crate::db::models::{Deal, Round, RoundTable, Tournament};
use crate::db::ops::duplicate::StandingRow;
use crate::db::ops::visible::{Audience, Visible};
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
    /// Its standings (a duplicate tournament's in the order of its comparison).
    pub standings: Standings,
    /// A duplicate tournament's standings by its comparison (None otherwise).
    pub duplicate: Option<Vec<StandingRow>>,
    /// What the audience may see of it.
    pub visible: Visible,
    /// Round numbers seated.
    pub rounds: Vec<RoundNo>,
    /// Every deal entered that the audience may see.
    pub deals: Vec<StatDeal>,
    /// Every planned round played and closed: the standings are final.
    pub over: bool,
}

impl TournamentData {
    /// Reads the tournament `id` as `audience` may see it.
    pub fn load(conn: &mut AnyConnection, id: TournamentId, audience: Audience) -> Result<TournamentData, AppError> {
        let t = tournaments::get(conn, id)?;
        let visible = Visible::load(conn, &t, audience)?;
        let (standings, duplicate) = standings::ranked(conn, &t, None, &visible)?;
        let all = Round::for_tournament(conn, id)?;
        let over = Round::all_played(&all, t.rounds_planned);
        let rounds = all.into_iter().map(|r| r.number).collect();
        let mut seats: HashMap<i32, Vec<PlayerId>> = HashMap::new();
        for (_, table, player) in RoundTable::seats_of_tournament(conn, id)? {
            seats.entry(table).or_default().push(player);
        }
        let mut scores: HashMap<(i32, i32), Vec<(PlayerId, i32)>> = HashMap::new();
        for l in Deal::score_lines(conn, id, visible.hidden())? {
            scores
                .entry((l.table_id, l.deal))
                .or_default()
                .push((l.player_id, l.score));
        }
        let deals = Deal::for_tournament(conn, id, visible.hidden())?
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
            duplicate,
            visible,
            rounds,
            deals,
            over,
        })
    }

    /// The standings race, the top ten standing out.
    pub(super) fn race(&self, lang: crate::i18n::Lang) -> super::svgs::RaceFigure {
        super::svgs::race_svg(
            lang,
            &self.t,
            &self.standings,
            self.visible.duplicate_deals(),
            self.last_round(),
            (crate::web::charts::Highlight::Top(10), None),
        )
    }

    pub(super) fn last_round(&self) -> RoundNo {
        self.rounds.iter().copied().max().unwrap_or_default()
    }
}
