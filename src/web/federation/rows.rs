//! The federation file as spreadsheet rows (its CSV): the tournament's
//! fields, then the players' table, then a team event's teams.

use crate::tournament::ids::RoundNo;
use crate::web::spreadsheet::Cell;

use super::FederationFile;

/// The players' columns of the CSV, in order (`licence` only in the
/// organizer's file).
fn player_columns(public: bool, teams: bool) -> Vec<&'static str> {
    let mut cols = vec!["rank", "name"];
    if !public {
        cols.push("licence");
    }
    cols.extend([
        "club",
        "total",
        "deals",
        "per_deal",
        "positions_3",
        "positions_4",
        "positions_5",
        "late_from",
        "withdrawn_after",
    ]);
    if teams {
        cols.push("team");
    }
    cols
}

/// The file as spreadsheet rows: the tournament's fields (name, value),
/// an empty row, then the players' table under its header. Every row has
/// the players' table's width (the CSV is rectangular).
pub fn rows(f: &FederationFile) -> Vec<Vec<Cell>> {
    let in_teams = f.players.iter().any(|p| p.team.is_some());
    let cols = player_columns(f.public, in_teams);
    let width = cols.len();
    let t = &f.tournament;
    let text = |v: &Option<String>| Cell::from(v.as_deref());
    let fields: Vec<(&str, Cell)> = vec![
        ("format", Cell::from(f.format)),
        ("format_version", Cell::from(f.format_version)),
        ("public", Cell::from(u32::from(f.public))),
        ("name", Cell::from(t.name.as_str())),
        ("date", Cell::from(t.date.as_str())),
        ("place", text(&t.place)),
        ("club", text(&t.club)),
        ("organizer", text(&t.organizer)),
        ("format_of_play", Cell::from(t.format)),
        ("rounds_planned", Cell::from(t.rounds_planned)),
        ("rounds_played", Cell::from(t.rounds_played as i64)),
        ("deals_per_round_3", Cell::from(t.deals_per_round.at3)),
        ("deals_per_round_4", Cell::from(t.deals_per_round.at4)),
        ("deals_per_round_5", Cell::from(t.deals_per_round.at5)),
        ("table5_mode", Cell::from(t.table5_mode)),
        ("timed", Cell::from(u32::from(t.timed))),
        ("ranking", Cell::from(t.ranking)),
        ("tie_breaker", Cell::from(t.tie_breaker)),
        ("players", Cell::from(t.players as i64)),
    ];
    let pad = |mut row: Vec<Cell>| {
        row.resize(width, Cell::Empty);
        row
    };
    let mut out: Vec<Vec<Cell>> = fields.into_iter().map(|(k, v)| pad(vec![Cell::from(k), v])).collect();
    out.push(pad(Vec::new()));
    out.push(cols.iter().map(|c| Cell::from(*c)).collect());
    for p in &f.players {
        let mut row = vec![Cell::from(p.rank), Cell::from(p.name.as_str())];
        if let Some(licence) = &p.licence {
            row.push(text(licence));
        }
        row.extend([
            Cell::from(p.club.as_str()),
            Cell::Int(p.total),
            Cell::from(p.deals),
            if p.deals == 0 {
                Cell::Empty
            } else {
                Cell::Decimal(p.per_deal.as_f64())
            },
            Cell::from(p.positions.at3),
            Cell::from(p.positions.at4),
            Cell::from(p.positions.at5),
            Cell::from(p.late_from.map(RoundNo::get)),
            Cell::from(p.withdrawn_after.map(RoundNo::get)),
        ]);
        if in_teams {
            row.push(text(&p.team));
        }
        out.push(row);
    }
    // The teams' table under the players' one.
    if !f.teams.is_empty() {
        out.push(pad(Vec::new()));
        out.push(pad(["team_rank", "team", "team_total", "team_players"]
            .map(Cell::from)
            .to_vec()));
        for x in &f.teams {
            let row = vec![Cell::from(x.rank), Cell::from(x.name.as_str()), Cell::Int(x.total)];
            out.push(pad([row, vec![Cell::Text(x.players.join(", "))]].concat()));
        }
    }
    out
}
