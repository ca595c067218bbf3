//! The statistics block of a player's page: their figures and the race with
//! their line standing out.

use std::collections::{HashMap, HashSet};

use crate::db::models::{Deal, RoundTable, Tournament};
use crate::db::AnyConnection;
use crate::i18n::Lang;
use crate::tournament::ids::{PlayerId, RoundNo};
use crate::tournament::standings::Standings;
use crate::tournament::stats::{PlayerStats, StatDeal};
use crate::web::charts::Highlight;
use crate::web::AppError;

use super::figures::StatsView;
use super::svgs::race_svg;
use crate::web::deal::preview::explain;

/// The statistics block of a player's page.
pub struct PlayerBlock {
    /// The figures.
    pub view: StatsView,
    /// The race with their line standing out (SVG).
    pub race: super::svgs::RaceFigure,
    /// (table id, deal number) of the deals they sat out as the dealer.
    pub sat_out: HashSet<(i32, i32)>,
    /// Each deal's score explained, by (table id, deal number), each bonus
    /// named as the deal form names it.
    pub formulas: HashMap<(i32, i32), String>,
}

impl PlayerBlock {
    /// Deal `number` of table `table_id` explained ("" when unknown).
    pub fn formula(&self, table_id: i32, number: i32) -> String {
        self.formulas.get(&(table_id, number)).cloned().unwrap_or_default()
    }

    /// Whether the player sat deal `number` of table `table_id` out.
    pub fn sat_out(&self, table_id: i32, number: i32) -> bool {
        self.sat_out.contains(&(table_id, number))
    }
}

/// What a player's page read about the tables they sat at.
pub struct PlayerTables<'a> {
    /// Their tables: (round number, table).
    pub tables: &'a [(RoundNo, RoundTable)],
    /// The players of those tables in seat order: (table id, player, name).
    pub mates: &'a [(i32, PlayerId, String)],
    /// Their score in each deal: (table id, deal number, score).
    pub scores: &'a [(i32, i32, Option<i32>)],
    /// The deals the visitor may not see (row ids, `db::ops::visible`).
    pub hidden: &'a [i32],
    /// A duplicate tournament's deals the visitor may see (for the race).
    pub duplicate: &'a [crate::db::ops::duplicate::DealResults],
}

/// The statistics block of player `pid`'s page, from what the page already
/// read (standings, their tables) and one query for the deals of their tables.
pub fn player_block(
    conn: &mut AnyConnection,
    lang: Lang,
    t: &Tournament,
    pid: PlayerId,
    s: &Standings,
    read: PlayerTables,
) -> Result<PlayerBlock, AppError> {
    let PlayerTables {
        tables,
        mates,
        scores,
        hidden,
        duplicate,
    } = read;
    let ids: Vec<i32> = tables.iter().map(|(_, t)| t.id).collect();
    let round_of: HashMap<i32, RoundNo> = tables.iter().map(|(r, t)| (t.id, *r)).collect();
    let mut sat_out = HashSet::new();
    let mut deals = Vec::new();
    let mut formulas = HashMap::new();
    let names: HashMap<PlayerId, String> = mates.iter().map(|(_, p, n)| (*p, n.clone())).collect();
    for d in Deal::for_tables(conn, &ids, hidden)? {
        let players: Vec<PlayerId> = mates
            .iter()
            .filter(|(tid, _, _)| *tid == d.table_id)
            .map(|(_, p, _)| *p)
            .collect();
        if let Ok(scored) = d.record.score_at(&players, d.number, t.table5_mode, &t.rules) {
            let said = explain(lang, &scored.deal, scored.output.as_ref(), &names);
            formulas.insert((d.table_id, d.number), said);
        }
        let own = scores
            .iter()
            .find(|(tid, k, _)| *tid == d.table_id && *k == d.number)
            .and_then(|(_, _, s)| *s);
        let sd = StatDeal::at_table(
            round_of.get(&d.table_id).copied().unwrap_or_default(),
            &players,
            d.number,
            t.table5_mode,
            d.record,
            d.attack_won,
            own.map(|s| vec![(pid, s)]).unwrap_or_default(),
        );
        if sd.sat_out == Some(pid) {
            sat_out.insert((d.table_id, d.number));
        }
        deals.push(sd);
    }
    let name = s
        .lines
        .iter()
        .find(|l| l.player == pid)
        .map(|l| l.name.clone())
        .unwrap_or_default();
    let rounds = s
        .lines
        .iter()
        .flat_map(|l| l.rounds.keys().copied())
        .max()
        .unwrap_or_default();
    let rounds = rounds.max(tables.iter().map(|(r, _)| *r).max().unwrap_or_default());
    Ok(PlayerBlock {
        view: StatsView::player(lang, &PlayerStats::of(pid, &deals)),
        race: race_svg(lang, t, s, duplicate, rounds, (Highlight::Player(pid), Some(&name))),
        sat_out,
        formulas,
    })
}
