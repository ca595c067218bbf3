//! A player file as clubs have them (a spreadsheet saved as CSV), read
//! and checked line by line before any database work: each line becomes
//! checked [`PlayerFields`] (and a team's name), or a refusal [`Msg`].
//! Pure: no database here.

use std::collections::HashMap;

use super::player_input::{Licence, PlayerFields};
use super::Msg;

/// The text of an uploaded file: UTF-8 (its byte order mark dropped), or
/// else Windows-1252, what spreadsheets on Windows often save.
pub fn decode_file(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|b| windows_1252(*b)).collect(),
    }
}

/// A Windows-1252 byte as a character (Latin-1, but for 0x80–0x9F).
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}', '\u{90}', '‘',
        '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9f => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// One line of a player file, read and checked (before any database work).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvLine {
    /// Line number in the file (the header is line 1, blank lines count).
    pub line: usize,
    /// What was on it (cut after [`CONTENT_CHARS`] characters).
    pub content: String,
    /// The player, or why the line is refused.
    pub player: Result<PlayerFields, Msg>,
    /// Their team's name in a team event (empty: none given).
    pub team: String,
}

/// How much of a refused line the report shows.
pub const CONTENT_CHARS: usize = 200;

/// The columns a player file may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Name,
    FirstName,
    Club,
    Licence,
    Team,
}

/// What a header cell names: `Nom`, `name`, `Prénom`, `club`, `Licence`,
/// `Numéro de licence`, `license`… (case, accents and `_` ignored).
fn column_of(header: &str) -> Option<Column> {
    let folded: String = header
        .trim()
        .trim_matches('"')
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'à' | 'â' => 'a',
            'ô' => 'o',
            'î' | 'ï' => 'i',
            'û' | 'ù' | 'ü' => 'u',
            'ç' => 'c',
            '_' | '-' | '.' | '°' | 'º' | ':' => ' ',
            c => c,
        })
        .collect();
    let words = folded.split_whitespace().collect::<Vec<_>>().join(" ");
    match words.as_str() {
        "nom" | "name" | "nom prenom" | "nom et prenom" | "nom complet" | "full name" | "joueur" | "joueuse"
        | "player" | "nom du joueur" => Some(Column::Name),
        "prenom" | "first name" | "firstname" | "given name" => Some(Column::FirstName),
        "club" | "nom du club" | "club name" => Some(Column::Club),
        "licence" | "license" | "licence fft" | "license fft" | "numero de licence" | "numero licence"
        | "no de licence" | "no licence" | "n de licence" | "n licence" | "num licence" | "licence number"
        | "license number" | "licence no" | "license no" => Some(Column::Licence),
        "equipe" | "team" | "nom d'equipe" | "nom equipe" | "team name" => Some(Column::Team),
        _ => None,
    }
}

/// The separator of a file, from its header line: `;` (French spreadsheets),
/// `,` or a tab, whichever the header uses most (`,` when it has none).
fn separator(header: &str) -> u8 {
    let count = |c: char| header.chars().filter(|x| *x == c).count();
    [(b'\t', count('\t')), (b';', count(';')), (b',', count(','))]
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .max_by_key(|(_, n)| *n)
        .map(|(b, _)| b)
        .unwrap_or(b',')
}

fn shorten(s: &str) -> String {
    if s.chars().count() > CONTENT_CHARS {
        let mut cut: String = s.chars().take(CONTENT_CHARS).collect();
        cut.push('…');
        cut
    } else {
        s.to_owned()
    }
}

/// Reads a player file as clubs have them: a header line naming the columns
/// (`nom`/`name`, optionally `prénom`, `club`, `licence`/`numéro de
/// licence`, `équipe`/`team`, in French or English, any case; other columns are ignored), `;`,
/// `,` or tab separated, with or without a UTF-8 byte order mark, CRLF or LF
/// line ends, blank lines skipped. Each line is checked on its own: a line
/// with more (non-empty) fields than the header, a missing name, a bad
/// licence or a licence already on an earlier line is refused with its
/// reason. The whole file is refused only when its header names no name
/// column.
pub fn parse_csv(text: &str) -> Result<Vec<CsvLine>, Msg> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let header_line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let sep = separator(header_line);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(sep)
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    // The header: the first line with something on it.
    let header = loop {
        match records.next() {
            None => return Err(Msg::new("csv-no-name-column")),
            Some(Err(e)) => return Err(Msg::new("csv-unreadable").arg("error", e)),
            Some(Ok(r)) if r.iter().all(|f| f.is_empty()) => continue,
            Some(Ok(r)) => break r,
        }
    };
    let columns = Columns::of(&header)?;
    let sep_str = (sep as char).to_string();

    // Line numbers as an editor shows them, from the byte where each record
    // starts (the reader's own line count leaves out blank lines).
    let mut cursor = (0usize, 1usize);
    let mut line_at = |byte: usize| {
        let bytes = text.as_bytes();
        let start = byte.min(bytes.len());
        let start = start + bytes[start..].iter().take_while(|b| matches!(b, b'\r' | b'\n')).count();
        let (from, line) = cursor;
        let from = from.min(start);
        let line = line + bytes[from..start].iter().filter(|b| **b == b'\n').count();
        cursor = (start, line);
        line
    };
    let mut lines = Vec::new();
    let mut licences: HashMap<Licence, usize> = HashMap::new();
    for record in records {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(0, |p| line_at(p.byte() as usize));
                lines.push(CsvLine {
                    line,
                    content: String::new(),
                    player: Err(Msg::new("csv-bad-line").arg("error", e)),
                    team: String::new(),
                });
                continue;
            }
        };
        if record.iter().all(|f| f.is_empty()) {
            continue;
        }
        let line = record.position().map_or(0, |p| line_at(p.byte() as usize));
        let content = shorten(&record.iter().collect::<Vec<_>>().join(&sep_str));
        let player = columns.player(&record, line, &mut licences);
        let team = columns.team.and_then(|c| record.get(c)).unwrap_or("").to_owned();
        lines.push(CsvLine {
            line,
            content,
            player,
            team,
        });
    }
    Ok(lines)
}

/// Where a file's columns are, from its header.
struct Columns {
    name: usize,
    first: Option<usize>,
    club: Option<usize>,
    licence: Option<usize>,
    team: Option<usize>,
    /// How many columns the header names.
    width: usize,
}

impl Columns {
    /// The columns of `header`; refused when it names no name column.
    fn of(header: &csv::StringRecord) -> Result<Columns, Msg> {
        let columns: Vec<Option<Column>> = header.iter().map(column_of).collect();
        let find = |c: Column| columns.iter().position(|x| *x == Some(c));
        Ok(Columns {
            name: find(Column::Name).ok_or_else(|| Msg::new("csv-no-name-column"))?,
            first: find(Column::FirstName),
            club: find(Column::Club),
            licence: find(Column::Licence),
            team: find(Column::Team),
            width: header.len(),
        })
    }

    /// The player on `record` (at `line`), checked: a line with more
    /// (non-empty) fields than the header, a bad name or licence, or a
    /// licence already on an earlier line (`licences`) is refused.
    fn player(
        &self,
        record: &csv::StringRecord,
        line: usize,
        licences: &mut HashMap<Licence, usize>,
    ) -> Result<PlayerFields, Msg> {
        // Empty cells after the last column (spreadsheets pad lines) say nothing.
        let used = (0..record.len())
            .rev()
            .find(|i| !record[*i].is_empty())
            .map_or(0, |i| i + 1);
        if used > self.width {
            return Err(Msg::new("csv-too-many-columns")
                .arg("count", used)
                .arg("expected", self.width));
        }
        let get = |c: Option<usize>| c.and_then(|c| record.get(c)).unwrap_or("");
        let name = match self.first {
            Some(f) => format!("{} {}", get(Some(f)), get(Some(self.name))),
            None => get(Some(self.name)).to_owned(),
        };
        let p = PlayerFields::new(&name, get(self.club), get(self.licence))?;
        if let Some(l) = &p.licence {
            if let Some(first) = licences.get(l) {
                return Err(Msg::new("csv-licence-twice")
                    .arg("licence", l.as_str())
                    .arg("line", *first));
            }
            licences.insert(l.clone(), line);
        }
        Ok(p)
    }
}
