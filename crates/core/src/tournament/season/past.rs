//! A season's past results brought in (issue 46, item 4): lines of a
//! club's spreadsheet (date, tournament, player, club, licence, place,
//! total, deals) checked as a whole and grouped into tournaments, or the
//! first inconsistency with its line number. Pure: the caller reads the
//! file and writes what this accepts.

use std::collections::BTreeMap;

use chrono::NaiveDate;

/// One line of the file, as read (fields trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastLine {
    /// The line number in the file (1-based, the header being line 1).
    pub line: usize,
    /// The tournament's date.
    pub date: NaiveDate,
    /// Its name.
    pub tournament: String,
    /// The player's name.
    pub player: String,
    /// Their club.
    pub club: String,
    /// Their licence (empty: none).
    pub licence: String,
    /// Their place.
    pub place: u32,
    /// Their total.
    pub total: i64,
    /// Deals they played.
    pub deals: u32,
}

/// A past tournament: its lines, by place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastTournament {
    /// Its date.
    pub date: NaiveDate,
    /// Its name.
    pub name: String,
    /// Its players' lines, by place then line.
    pub lines: Vec<PastLine>,
}

/// Why a file is refused: a message id, the line, and the arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastError {
    /// Message id (`season-import-…`).
    pub key: &'static str,
    /// The line it names.
    pub line: usize,
    /// Other arguments.
    pub args: Vec<(&'static str, String)>,
}

fn refuse(key: &'static str, line: usize) -> PastError {
    PastError {
        key,
        line,
        args: Vec::new(),
    }
}

/// Who a line is, within a tournament: the licence, else the name and club.
fn who(l: &PastLine) -> (String, String) {
    if l.licence.is_empty() {
        (l.player.to_lowercase(), l.club.to_lowercase())
    } else {
        (l.licence.clone(), String::new())
    }
}

/// The tournaments of `lines`, checked against the season's days
/// (`starts..=ends`): every date inside, nobody twice in one tournament,
/// each place `1 +` the number of players placed before (ties repeat a
/// place, the next place skips as many), and players sharing a place
/// sharing a total. Tournaments by date, then name.
pub fn check(lines: Vec<PastLine>, starts: NaiveDate, ends: NaiveDate) -> Result<Vec<PastTournament>, PastError> {
    let mut by: BTreeMap<(NaiveDate, String), Vec<PastLine>> = BTreeMap::new();
    for l in lines {
        if l.date < starts || l.date > ends {
            let mut e = refuse("season-import-date", l.line);
            e.args.push(("date", l.date.to_string()));
            return Err(e);
        }
        by.entry((l.date, l.tournament.clone())).or_default().push(l);
    }
    let mut out = Vec::new();
    for ((date, name), mut lines) in by {
        let mut seen: BTreeMap<(String, String), usize> = BTreeMap::new();
        for l in &lines {
            if let Some(first) = seen.insert(who(l), l.line) {
                let mut e = refuse("season-import-twice", l.line);
                e.args.push(("first", first.to_string()));
                return Err(e);
            }
        }
        lines.sort_by_key(|l| (l.place, l.line));
        for (i, l) in lines.iter().enumerate() {
            let before = lines.iter().filter(|o| o.place < l.place).count() as u32;
            if l.place != before + 1 {
                let mut e = refuse("season-import-place", l.line);
                e.args.push(("place", l.place.to_string()));
                e.args.push(("expected", (before + 1).to_string()));
                return Err(e);
            }
            if let Some(prev) = i.checked_sub(1).map(|j| &lines[j]) {
                if prev.place == l.place && prev.total != l.total {
                    let mut e = refuse("season-import-tie", l.line);
                    e.args.push(("other", prev.line.to_string()));
                    return Err(e);
                }
            }
        }
        out.push(PastTournament { date, name, lines });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: usize, t: &str, player: &str, place: u32, total: i64) -> PastLine {
        PastLine {
            line: n,
            date: NaiveDate::from_ymd_opt(2026, 10, 6).unwrap(),
            tournament: t.into(),
            player: player.into(),
            club: "TCL".into(),
            licence: String::new(),
            place,
            total,
            deals: 12,
        }
    }

    fn season() -> (NaiveDate, NaiveDate) {
        (
            NaiveDate::from_ymd_opt(2026, 9, 1).unwrap(),
            NaiveDate::from_ymd_opt(2027, 6, 30).unwrap(),
        )
    }

    #[test]
    fn ties_repeat_a_place_and_the_next_skips() {
        let (s, e) = season();
        let ok = vec![
            line(2, "A", "x", 1, 90),
            line(3, "A", "y", 2, 10),
            line(4, "A", "z", 2, 10),
            line(5, "A", "w", 4, -110),
        ];
        let t = check(ok, s, e).unwrap();
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].lines.len(), 4);
    }

    #[test]
    fn each_inconsistency_names_its_line() {
        let (s, e) = season();
        let key = |lines: Vec<PastLine>| {
            let e = check(lines, s, e).unwrap_err();
            (e.key, e.line)
        };
        assert_eq!(
            key(vec![line(2, "A", "x", 1, 9), line(3, "A", "y", 1, 8)]),
            ("season-import-tie", 3)
        );
        assert_eq!(
            key(vec![line(2, "A", "x", 1, 9), line(3, "A", "y", 3, 8)]),
            ("season-import-place", 3)
        );
        assert_eq!(
            key(vec![line(2, "A", "x", 1, 9), line(3, "A", "X", 2, 8)]),
            ("season-import-twice", 3)
        );
        let mut late = line(4, "A", "x", 1, 0);
        late.date = NaiveDate::from_ymd_opt(2027, 7, 1).unwrap();
        assert_eq!(key(vec![line(2, "A", "y", 1, 9), late]), ("season-import-date", 4));
        // Two evenings of the same name are two tournaments.
        let mut other = line(3, "A", "x", 1, 5);
        other.date = NaiveDate::from_ymd_opt(2026, 10, 13).unwrap();
        assert_eq!(check(vec![line(2, "A", "x", 1, 5), other], s, e).unwrap().len(), 2);
    }
}
