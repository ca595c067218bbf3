//! The usual setup, written once: a tournament with its players, rounds
//! seated and deals entered, through the real write door (the operations of
//! `chelem::db::ops` in one unit of work), on either database.
//!
//! ```ignore
//! let t = TournamentBuilder::new("Open de Dijon")
//!     .rounds(3)
//!     .seed(7)
//!     .players(13)
//!     .seated(2)
//!     .deals(|table, k| (k == 1).then(|| json!({"passed": true})))
//!     .build(&mut db.conn());
//! let (id, first) = (t.id, t.players[0]);
//! let link = format!("/t/{}", t.rounds[0][0].token);
//! ```

use std::ops::Deref;

use serde_json::Value;

use chelem::db::models::{Round, RoundTable, User};
use chelem::db::ops::deals::{self, Actor, Entry};
use chelem::db::ops::players::{self, PlayerFields};
use chelem::db::ops::{rounds, tournaments, OpError};
use chelem::db::{AnyConnection, Tx};
use chelem::tournament::deal::TableDeal;
use chelem::tournament::ids::{PlayerId, TournamentId};
use chelem::web::settings::TournamentForm;
use chelem::web::AppState;

use super::http::USER;

/// What a player's name, club or licence is, by their index (0-based).
type Field = Box<dyn Fn(usize) -> String>;

/// The deal a table enters as its deal `k`, if any.
type Deals = Box<dyn Fn(&Table, i32) -> Option<Value>>;

/// A tournament to make. Unless told otherwise: 2 rounds, a random seed,
/// the form's defaults; players named `Joueur {i}` (from 0), club `Club`,
/// no licence, all checked in; no round seated, no deal.
pub struct TournamentBuilder {
    form: TournamentForm,
    created_by: Option<String>,
    players: usize,
    name: Field,
    club: Field,
    licence: Field,
    seated: usize,
    deals: Option<Deals>,
}

impl TournamentBuilder {
    /// A tournament named `name`.
    pub fn new(name: impl Into<String>) -> TournamentBuilder {
        TournamentBuilder {
            form: TournamentForm {
                name: name.into(),
                rounds: "2".into(),
                ..TournamentForm::default()
            },
            created_by: None,
            players: 0,
            name: Box::new(|i| format!("Joueur {i}")),
            club: Box::new(|_| "Club".into()),
            licence: Box::new(|_| String::new()),
            seated: 0,
            deals: None,
        }
    }

    /// Rounds planned.
    pub fn rounds(mut self, n: usize) -> Self {
        self.form.rounds = n.to_string();
        self
    }

    /// The seating seed.
    pub fn seed(mut self, seed: u64) -> Self {
        self.form.seed = seed.to_string();
        self
    }

    /// The date, `YYYY-MM-DD`.
    pub fn date(mut self, date: &str) -> Self {
        self.form.date = date.into();
        self
    }

    /// Where, the host club and the organizer's name.
    pub fn venue(mut self, place: &str, club: &str, organizer: &str) -> Self {
        self.form.place = place.into();
        self.form.host_club = club.into();
        self.form.organizer_name = organizer.into();
        self
    }

    /// Deals at a table of 4.
    pub fn deals_table4(mut self, n: usize) -> Self {
        self.form.deals_table4 = n.to_string();
        self
    }

    /// Deals at a table of 5.
    pub fn deals_table5(mut self, n: usize) -> Self {
        self.form.deals_table5 = n.to_string();
        self
    }

    /// How tables of 5 play: `dealer_out` or `called_king`.
    pub fn table5_mode(mut self, mode: &str) -> Self {
        self.form.table5_mode = mode.into();
        self
    }

    /// The tie-breaker: `best_round` or `taker_wins`.
    pub fn tie_breaker(mut self, tie: &str) -> Self {
        self.form.tie_breaker = tie.into();
        self
    }

    /// What orders the standings: `total` or `per_deal`.
    pub fn ranking(mut self, ranking: &str) -> Self {
        self.form.ranking = ranking.into();
        self
    }

    /// Each round lasts `minutes` (fractions allowed: `"0.05"` is 3 s).
    pub fn round_minutes(mut self, minutes: &str) -> Self {
        self.form.round_minutes = minutes.into();
        self
    }

    /// A duplicate tournament of `deals` deals a round (FORMATS.md,
    /// "Duplicate tournaments").
    pub fn duplicate(mut self, deals: usize) -> Self {
        self.form.format = "duplicate".into();
        self.form.deals_per_round = deals.to_string();
        self
    }

    /// A defender confirms each deal entered at a table.
    pub fn confirm_deals(mut self) -> Self {
        self.form.confirm_deals = Some("on".into());
        self
    }

    /// Every scoring variant that changes a score on: garde contre ×8,
    /// handfuls 20/40/60, misère, rounding to 10.
    pub fn scoring_variants(mut self) -> Self {
        for switch in [
            &mut self.form.garde_contre_x8,
            &mut self.form.handfuls_20_40_60,
            &mut self.form.misere,
            &mut self.form.round_to_10,
        ] {
            *switch = Some("on".into());
        }
        self
    }

    /// Made by the organizer `username` (who must exist).
    pub fn created_by(mut self, username: &str) -> Self {
        self.created_by = Some(username.into());
        self
    }

    /// `n` players.
    pub fn players(mut self, n: usize) -> Self {
        self.players = n;
        self
    }

    /// One player per name, in this order.
    pub fn names<S: Into<String>>(self, names: impl IntoIterator<Item = S>) -> Self {
        let names: Vec<String> = names.into_iter().map(Into::into).collect();
        let n = names.len();
        self.named(move |i| names[i].clone()).players(n)
    }

    /// Player `i`'s name.
    pub fn named(mut self, name: impl Fn(usize) -> String + 'static) -> Self {
        self.name = Box::new(name);
        self
    }

    /// Player `i`'s club (empty: none).
    pub fn club(mut self, club: impl Fn(usize) -> String + 'static) -> Self {
        self.club = Box::new(club);
        self
    }

    /// Player `i`'s licence (empty: none).
    pub fn licence(mut self, licence: impl Fn(usize) -> String + 'static) -> Self {
        self.licence = Box::new(licence);
        self
    }

    /// Rounds 1 to `n` seated, each closed (forced, as the organizer does)
    /// when the next one starts: round `n` stays open.
    pub fn seated(mut self, n: usize) -> Self {
        self.seated = n;
        self
    }

    /// At each round seated, before the next one, every table enters its
    /// deal `k` (1 to its deal count) as `deal(table, k)` says: a deal as
    /// the API takes it (players by id), or `None` to leave it out.
    pub fn deals(mut self, deal: impl Fn(&Table, i32) -> Option<Value> + 'static) -> Self {
        self.deals = Some(Box::new(deal));
        self
    }

    /// Makes it on `conn`, through the door of a process without a hub (the
    /// events reach the servers through the database, as the command line's).
    pub fn build(self, conn: &mut AnyConnection) -> Built {
        chelem::db::write(conn, |tx| self.make(tx)).unwrap_or_else(|e| panic!("the set-up: {e:?}"))
    }

    /// Makes it through the door of the app of `state`, as its requests
    /// would: its hub hears of every write at the commit.
    pub fn build_in(self, state: &AppState) -> Built {
        let mut conn = state.pool.get().expect("a connection");
        state
            .hub
            .write(&mut conn, |tx| self.make(tx))
            .unwrap_or_else(|e| panic!("the set-up: {e:?}"))
    }

    fn make(&self, tx: &mut Tx<'_>) -> Result<Built, OpError> {
        let created_by = match &self.created_by {
            Some(name) => Some(User::find_by_username(tx, name)?.expect("the organizer").id),
            None => None,
        };
        let t = tournaments::create(tx, &self.form.parse(created_by)?)?;
        let mut built = Built {
            id: t.id,
            players: Vec::with_capacity(self.players),
            rounds: Vec::new(),
        };
        for i in 0..self.players {
            let fields = PlayerFields::new(&(self.name)(i), &(self.club)(i), &(self.licence)(i))
                .unwrap_or_else(|m| panic!("player {i}: {m:?}"));
            let (player, _) = players::register(tx, t.id, &fields, true)?;
            built.players.push(player.id);
        }
        for _ in 0..self.seated {
            let tables = built.start_next(tx)?;
            if let Some(deal) = &self.deals {
                for table in &tables {
                    for k in 1..=table.deal_count {
                        if let Some(body) = deal(table, k) {
                            table.enter_in(tx, k, &body, &Actor::Table, "")?;
                        }
                    }
                }
            }
            built.rounds.push(tables);
        }
        Ok(built)
    }
}

/// A tournament as made.
#[derive(Debug, Clone)]
pub struct Built {
    /// Its id.
    pub id: TournamentId,
    /// Its players' ids, in the order they were registered.
    pub players: Vec<PlayerId>,
    /// The tables of each round seated: `rounds[0]` holds round 1's, by number.
    pub rounds: Vec<Vec<Table>>,
}

impl Built {
    /// Seats the next round (closing the previous one, forced); its tables,
    /// also added to [`Built::rounds`].
    pub fn seat_next(&mut self, conn: &mut AnyConnection) -> Vec<Table> {
        let tables = chelem::db::write(conn, |tx| self.start_next(tx)).unwrap_or_else(|e| panic!("{e:?}"));
        self.rounds.push(tables.clone());
        tables
    }

    fn start_next(&self, tx: &mut Tx<'_>) -> Result<Vec<Table>, OpError> {
        let seated = rounds::start_next(tx, self.id, None, true, USER)?;
        let round = Round::find(tx, self.id, seated.round)?.expect("the round just seated");
        Ok(RoundTable::with_players_of_round(tx, round.id)?
            .into_iter()
            .map(|(row, players)| Table {
                round: round.clone(),
                row,
                players: players.into_iter().map(|(id, _)| id).collect(),
            })
            .collect())
    }
}

/// A table of a seated round: its row (`id`, `number`, `token`,
/// `deal_count`, by deref), its round and its players.
#[derive(Debug, Clone)]
pub struct Table {
    /// Its round, as seated.
    pub round: Round,
    /// Its row.
    pub row: RoundTable,
    /// Its players' ids, in seat order.
    pub players: Vec<PlayerId>,
}

impl Deref for Table {
    type Target = RoundTable;

    fn deref(&self) -> &RoundTable {
        &self.row
    }
}

impl Table {
    /// Enters its deal `k` (as the API takes it: players by id) as `actor`,
    /// with `reason` (a correction after the close needs one).
    pub fn enter(&self, conn: &mut AnyConnection, k: i32, body: &Value, actor: &Actor, reason: &str) {
        chelem::db::write(conn, |tx| self.enter_in(tx, k, body, actor, reason))
            .unwrap_or_else(|e| panic!("table {} deal {k} {body}: {e:?}", self.number));
    }

    fn enter_in(&self, tx: &mut Tx<'_>, k: i32, body: &Value, actor: &Actor, reason: &str) -> Result<(), OpError> {
        let deal = TableDeal::from_json(body).unwrap_or_else(|e| panic!("deal {k} {body}: {e:?}"));
        let entry = Entry {
            table: &self.row,
            round: &self.round,
            number: k,
            deal: &deal,
            actor,
            reason,
            version: None,
            key: None,
        };
        deals::enter(tx, &entry).map(drop)
    }
}
