//! A game as read: its row, seats and deals, and the last deal rebuilt
//! from its seed and actions ([`GameState`], [`rebuild`]).

use diesel::prelude::*;

use crate::db::models::{GameActionRow, GameDeal, GameRow, GameSeat, Round, RoundTable, Tournament};
use crate::db::AnyConnection;
use crate::tarot::{Game, Phase, Seat};

use super::replay::{self, seat_map, stored_fault};
use super::BotKind;
use crate::db::ops::{Msg, OpError, OpResult};
use crate::tournament::ids::GameId;

/// A game and the state of its deals, read in one go.
#[derive(Debug, Clone)]
pub struct GameState {
    /// The game.
    pub game: GameRow,
    /// Its seats, in table order.
    pub seats: Vec<GameSeat>,
    /// Its deals so far, in order.
    pub deals: Vec<GameDeal>,
    /// The scores of each finished deal by table seat (`None`: sat out),
    /// read with the deals: a stored list that does not read is an error
    /// naming it, never a deal left out of the totals.
    scores: Vec<(i32, Vec<Option<i64>>)>,
    /// The last deal, rebuilt.
    pub play: Option<Game>,
    /// The table seat of each seat of the last deal.
    pub map: Vec<usize>,
    /// Actions of the last deal read (its version: what a page sends back).
    pub version: i32,
    /// For a digital table: its tournament, round and table.
    pub table: Option<(Tournament, Round, RoundTable)>,
}

impl GameState {
    /// Reads game `id` and rebuilds its last deal, all from one moment of
    /// the database: outside a transaction it opens one (on PostgreSQL
    /// repeatable read, so every query sees the same snapshot; SQLite's
    /// reader sees one in any transaction). Else a deal finishing between
    /// two of the queries could show over without its scores in the totals.
    pub fn load(conn: &mut AnyConnection, id: GameId) -> OpResult<GameState> {
        if crate::db::in_transaction(conn)? {
            return GameState::read(conn, id);
        }
        conn.transaction(|conn| {
            if let AnyConnection::Postgresql(pg) = conn {
                diesel::sql_query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").execute(pg)?;
            }
            GameState::read(conn, id)
        })
    }

    fn read(conn: &mut AnyConnection, id: GameId) -> OpResult<GameState> {
        let game = GameRow::find(conn, id)?.ok_or(OpError::NotFound)?;
        let seats = GameSeat::of_game(conn, id)?;
        let deals = GameDeal::of_game(conn, id)?;
        let scores = deal_scores(&deals)?;
        let table = match game.table_id {
            Some(tid) => {
                use crate::db::schema::{round_tables, rounds};
                let (table, round): (RoundTable, Round) = round_tables::table
                    .inner_join(rounds::table)
                    .filter(round_tables::id.eq(tid))
                    .select((RoundTable::as_select(), Round::as_select()))
                    .first(conn)?;
                let t = Tournament::find(conn, round.tournament_id)?.ok_or(OpError::NotFound)?;
                Some((t, round, table))
            }
            None => None,
        };
        let no_petite = table.as_ref().is_some_and(|(t, _, _)| t.rules.no_petite);
        // The version is the number of actions rebuilt.
        let (play, map, version) = match deals.last() {
            Some(d) => {
                let actions = GameActionRow::of_deal(conn, d.id)?;
                (
                    Some(rebuild(d, &actions, seats.len(), no_petite)?),
                    seat_map(d)?,
                    actions.len() as i32,
                )
            }
            None => (None, Vec::new(), 0),
        };
        Ok(GameState {
            game,
            seats,
            deals,
            scores,
            play,
            map,
            version,
            table,
        })
    }

    /// The last deal's row.
    pub fn current(&self) -> Option<&GameDeal> {
        self.deals.last()
    }

    /// The seat of the last deal a table seat plays (`None`: it sits out).
    pub fn deal_seat(&self, table_seat: usize) -> Option<Seat> {
        self.map.iter().position(|&t| t == table_seat).map(|p| Seat(p as u8))
    }

    /// The table seat to act now, if a deal is in progress.
    pub fn to_act(&self) -> Option<usize> {
        let g = self.play.as_ref()?;
        g.to_act().map(|s| self.map[s.index()])
    }

    /// The bot to act now: its seat of the deal and what it is.
    pub fn bot_to_act(&self) -> Option<(Seat, BotKind)> {
        let table_seat = self.to_act()?;
        let bot = self.seats[table_seat].bot?;
        Some((self.deal_seat(table_seat)?, bot))
    }

    /// Whether the last deal is over.
    pub fn deal_over(&self) -> bool {
        self.play.as_ref().is_none_or(|g| g.phase() == Phase::Done)
    }

    /// Whether another deal is still to play once this one is over (the
    /// game's deals end at its deal count, from its first deal's number).
    pub fn more_deals(&self) -> bool {
        self.next_number() <= self.game.deal_count
    }

    /// How many deals the game plays: from its first deal's number (a
    /// digital table's first empty slot) to its deal count.
    pub fn planned(&self) -> i32 {
        self.game.deal_count - self.deals.first().map_or(1, |d| d.number) + 1
    }

    /// The number of the next deal to deal: one after the last.
    pub fn next_number(&self) -> i32 {
        self.deals.last().map_or(1, |d| d.number + 1)
    }

    /// Whether a seat is played by a bot.
    pub fn is_bot(&self, table_seat: usize) -> bool {
        self.seats.get(table_seat).is_some_and(|s| s.bot.is_some())
    }

    /// Whether the deal in progress has seen no action yet, or is over: a
    /// seat may change hands only then.
    pub fn between_deals(&self) -> bool {
        self.deal_over() || self.version == 0
    }

    /// Whether every deal is played.
    pub fn finished(&self) -> bool {
        self.deal_over() && !self.more_deals()
    }

    /// Whether the game's round is closed (a digital table).
    pub fn round_closed(&self) -> bool {
        self.table.as_ref().is_some_and(|(_, r, _)| r.is_closed())
    }

    /// Whether the next deal may be dealt now: the last one is over, more
    /// are to come, the round is open and its bell has not rung.
    pub fn next_open(&self) -> bool {
        self.deal_over() && self.more_deals() && !self.round_closed() && !self.bell_rung()
    }

    /// Whether the round's bell has rung (a digital table of a timed round):
    /// no new deal is dealt.
    pub fn bell_rung(&self) -> bool {
        self.table
            .as_ref()
            .is_some_and(|(_, r, _)| !crate::tournament::clock::may_deal(r.ends_at, crate::db::now()))
    }

    /// The smallest handful a person at `table_seat` may show now (a bot's
    /// seat is offered none).
    pub fn handful_offer(&self, table_seat: usize) -> Option<crate::tarot::CardSet> {
        let seat = self.deal_seat(table_seat).filter(|_| !self.is_bot(table_seat))?;
        self.play.as_ref()?.smallest_handful(seat)
    }

    /// The cards this table seat may pick its handful from, and the counts
    /// it may show, when it may show one now (the rules core's choice).
    pub fn handful_choice(&self, table_seat: usize) -> Option<(crate::tarot::CardSet, Vec<u8>)> {
        let seat = self.deal_seat(table_seat).filter(|_| !self.is_bot(table_seat))?;
        self.play.as_ref()?.handful_choice(seat)
    }

    /// The scores of each finished deal by table seat (`None`: sat out).
    pub fn deal_scores(&self) -> &[(i32, Vec<Option<i64>>)] {
        &self.scores
    }

    /// Each table seat's total over the finished deals.
    pub fn totals(&self) -> Vec<i64> {
        let mut out = vec![0; self.seats.len()];
        for (_, scores) in self.deal_scores() {
            for (t, s) in scores.iter().enumerate() {
                if let (Some(v), Some(total)) = (s, out.get_mut(t)) {
                    *total += v;
                }
            }
        }
        out
    }

    /// The table's scores as the seats of the deal in progress see them,
    /// `totals` being each table seat's total so far: and the deals the
    /// game still deals after this one (none once the round's bell has
    /// rung). What the strong bot weighs.
    pub fn stakes(&self, totals: &[i64]) -> crate::bots::Stakes {
        let by_seat: Vec<i64> = self.map.iter().map(|&t| totals.get(t).copied().unwrap_or(0)).collect();
        let left = if self.bell_rung() {
            0
        } else {
            (self.game.deal_count - self.deals.last().map_or(0, |d| d.number)).max(0)
        };
        crate::bots::Stakes::new(&by_seat, left as u32)
    }

    /// Names by seat of the last deal.
    pub fn deal_names(&self) -> Vec<String> {
        self.map.iter().map(|&t| self.seats[t].name.clone()).collect()
    }
}

/// The scores of each finished deal of `deals` by table seat; a 409 naming
/// the game, the deal and the stored text when one does not read.
fn deal_scores(deals: &[GameDeal]) -> OpResult<Vec<(i32, Vec<Option<i64>>)>> {
    let mut out = Vec::new();
    for d in deals {
        if let Some(text) = d.scores.as_deref() {
            let scores = serde_json::from_str(text)
                .map_err(|_| stored_fault(d, Msg::new("game-stored-scores-unread").arg("text", text)))?;
            out.push((d.number, scores));
        }
    }
    Ok(out)
}

/// Rebuilds a deal of a game of `table_seats` seats from its seed and
/// stored actions ([`replay::replay`], the import's too): one that does not
/// replay is a 409 naming the game, the deal and the action.
pub fn rebuild(d: &GameDeal, actions: &[GameActionRow], table_seats: usize, no_petite: bool) -> OpResult<Game> {
    let map = seat_map(d)?;
    replay::replay(&replay::stored_row(d, &map, actions, table_seats, no_petite))
        .map_err(|f| OpError::Conflict(f.msg(d.game_id, d.number)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDateTime;

    fn deal(number: i32, scores: Option<&str>) -> GameDeal {
        GameDeal {
            id: 100 + number,
            game_id: GameId::new(1),
            number,
            dealer: 0,
            seat_map: "[0,1,2,3]".into(),
            seed: 7,
            actions: 0,
            scores: scores.map(str::to_owned),
            log: None,
            created_at: NaiveDateTime::default(),
            finished_at: None,
        }
    }

    #[test]
    fn finished_deals_scores_are_read_and_one_that_does_not_read_is_an_error() {
        let deals = [
            deal(1, Some("[60,-20,-20,-20]")),
            deal(2, Some("[null,30,-10,-20]")),
            deal(3, None),
        ];
        assert_eq!(
            deal_scores(&deals).unwrap(),
            vec![
                (1, vec![Some(60), Some(-20), Some(-20), Some(-20)]),
                (2, vec![None, Some(30), Some(-10), Some(-20)])
            ]
        );
        let broken = [deal(1, Some("[60,-20,-20,-20]")), deal(2, Some("[30,x]"))];
        let said = |e: OpError| match e {
            OpError::Conflict(m) => (m.args.clone(), m.cause.map(|c| c.args).unwrap_or_default()),
            other => panic!("a 409, not {other:?}"),
        };
        let arg = |args: &[(&str, String)], k: &str| args.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone());
        let (m, cause) = said(deal_scores(&broken).unwrap_err());
        assert_eq!(arg(&m, "deal").as_deref(), Some("2"), "{m:?}");
        assert_eq!(arg(&cause, "text").as_deref(), Some("[30,x]"), "{cause:?}");
        let mut odd = deal(3, None);
        odd.seat_map = "[0,1,two]".into();
        let (m, cause) = said(seat_map(&odd).unwrap_err());
        assert_eq!(arg(&m, "deal").as_deref(), Some("3"), "{m:?}");
        assert_eq!(arg(&cause, "map").as_deref(), Some("[0,1,two]"), "{cause:?}");
    }
}
