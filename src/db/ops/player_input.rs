//! What the organizer types about players, parsed once at the edge: a
//! form's fields (`web::player_form`), a JSON body or a CSV line becomes
//! checked [`PlayerFields`], or a refusal [`Msg`] (a message key the pages
//! translate). Pure: no database here.

use std::collections::HashMap;

use super::text_input::{check_chars, clean_name};
use super::Msg;

/// Longest name or club, in characters.
pub const MAX_CHARS: usize = 120;

/// The check of a one-line text that has no form of its own (who entered a
/// deal, an audit entry's words, in an imported document): the characters a name may not hold
/// ([`check_chars`]), as for a player's fields, and at most `max` characters.
pub fn check_text(field: &str, s: &str, max: usize) -> Result<(), Msg> {
    check_chars(field, s)?;
    let count = s.chars().count();
    if count > max {
        return Err(Msg::new("text-too-long")
            .arg("field", field)
            .arg("count", count)
            .arg("max", max));
    }
    Ok(())
}

/// A player's full name: spaces folded, 1 to [`MAX_CHARS`] characters,
/// through the checks of every name ([`clean_name`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerName(String);

impl PlayerName {
    /// Checks a name as typed.
    pub fn parse(s: &str) -> Result<PlayerName, Msg> {
        let name = clean_name("player-name", s)?;
        let count = name.chars().count();
        if count == 0 {
            return Err(Msg::new("player-name-missing"));
        }
        if count > MAX_CHARS {
            return Err(Msg::new("player-name-too-long")
                .arg("count", count)
                .arg("max", MAX_CHARS));
        }
        Ok(PlayerName(name))
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A club name: at most [`MAX_CHARS`] characters, through the checks of
/// every name ([`clean_name`]); may be empty.
fn parse_club(s: &str) -> Result<String, Msg> {
    let club = clean_name("player-club", s)?;
    let count = club.chars().count();
    if count > MAX_CHARS {
        return Err(Msg::new("player-club-too-long"));
    }
    Ok(club)
}

/// An FFT licence number: 1 to [`Licence::MAX_DIGITS`] digits (spaces
/// typed between them are dropped).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Licence(String);

impl Licence {
    /// Most digits of a licence number.
    pub const MAX_DIGITS: usize = 10;

    /// Checks a licence as typed: `None` when nothing was typed.
    pub fn parse(s: &str) -> Result<Option<Licence>, Msg> {
        check_chars("player-licence", s)?;
        let digits: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        if digits.is_empty() {
            return Ok(None);
        }
        if digits.chars().count() > Licence::MAX_DIGITS || !digits.chars().all(|c| c.is_ascii_digit()) {
            return Err(Msg::new("player-licence-digits")
                .arg("value", s.trim())
                .arg("max", Licence::MAX_DIGITS));
        }
        Ok(Some(Licence(digits)))
    }

    /// The digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The order of a list of players by name, as clubs keep it: by surname,
/// then first name. The surname is the words written in capitals
/// ("DUPONT Pierre", "Pierre DUPONT"), else every word after the first
/// ("Pierre Dupont", "Anne de La Salle"); a single word, or a name whose
/// last words have no letter ("Robot 2"), is its own surname.
/// Case and accents do not count ("Émile" between "Emil" and "Emma").
pub fn surname_order(name: &str) -> (String, String) {
    let words: Vec<&str> = name.split_whitespace().collect();
    let capitals = |w: &str| w.chars().filter(|c| c.is_alphabetic()).count() > 1 && !w.chars().any(char::is_lowercase);
    let (surname, first): (Vec<&str>, Vec<&str>) = match words.iter().any(|w| capitals(w)) {
        true => words.iter().partition(|w| capitals(w)),
        false if words.len() > 1 => (words[1..].to_vec(), words[..1].to_vec()),
        false => (words.clone(), Vec::new()),
    };
    // A surname of no letters ("Robot 2") is no surname: the whole name.
    if !surname.iter().any(|w| w.chars().any(char::is_alphabetic)) {
        return (folded(name), String::new());
    }
    (folded(&surname.join(" ")), folded(&first.join(" ")))
}

/// A name as compared and sorted: lowercase, without accents, isolation
/// marks or repeated spaces ("  Zoé  MARTIN " and "zoe martin" are the
/// same): the search for a name and the lists by surname alike.
pub fn folded(name: &str) -> String {
    let nfd = icu_normalizer::DecomposingNormalizerBorrowed::new_nfd().normalize(name);
    let kept: String = nfd
        .chars()
        .filter(|c| !matches!(*c as u32, 0x0300..=0x036F | 0x2066..=0x2069 | 0x200B..=0x200F))
        .flat_map(char::to_lowercase)
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A player's fields, checked: what registering or correcting a player takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerFields {
    /// Full name.
    pub name: PlayerName,
    /// Club (may be empty).
    pub club: String,
    /// FFT licence, when given.
    pub licence: Option<Licence>,
}

impl PlayerFields {
    /// Checks a name, a club and a licence as typed; the first refusal.
    pub fn new(name: &str, club: &str, licence: &str) -> Result<PlayerFields, Msg> {
        Ok(PlayerFields {
            name: PlayerName::parse(name)?,
            club: parse_club(club)?,
            licence: Licence::parse(licence)?,
        })
    }
}

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
/// licence`, in French or English, any case; other columns are ignored), `;`,
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
    let columns: Vec<Option<Column>> = header.iter().map(column_of).collect();
    let find = |c: Column| columns.iter().position(|x| *x == Some(c));
    let name_col = find(Column::Name).ok_or_else(|| Msg::new("csv-no-name-column"))?;
    let first_col = find(Column::FirstName);
    let club_col = find(Column::Club);
    let licence_col = find(Column::Licence);
    let width = header.len();
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
                });
                continue;
            }
        };
        if record.iter().all(|f| f.is_empty()) {
            continue;
        }
        let line = record.position().map_or(0, |p| line_at(p.byte() as usize));
        let content = shorten(&record.iter().collect::<Vec<_>>().join(&sep_str));
        // Empty cells after the last column (spreadsheets pad lines) say nothing.
        let used = (0..record.len())
            .rev()
            .find(|i| !record[*i].is_empty())
            .map_or(0, |i| i + 1);
        let player = if used > width {
            Err(Msg::new("csv-too-many-columns")
                .arg("count", used)
                .arg("expected", width))
        } else {
            let get = |c: Option<usize>| c.and_then(|c| record.get(c)).unwrap_or("");
            let name = match first_col {
                Some(f) => format!("{} {}", get(Some(f)), get(Some(name_col))),
                None => get(Some(name_col)).to_owned(),
            };
            PlayerFields::new(&name, get(club_col), get(licence_col)).and_then(|p| {
                match p.licence.as_ref().and_then(|l| licences.get(l)) {
                    Some(first) => Err(Msg::new("csv-licence-twice")
                        .arg("licence", p.licence.as_ref().map_or("", Licence::as_str))
                        .arg("line", *first)),
                    None => {
                        if let Some(l) = &p.licence {
                            licences.insert(l.clone(), line);
                        }
                        Ok(p)
                    }
                }
            })
        };
        lines.push(CsvLine { line, content, player });
    }
    Ok(lines)
}

#[cfg(test)]
mod surname_tests {
    use super::surname_order;

    #[test]
    fn players_sort_by_surname_then_first_name() {
        let mut names = vec![
            "Zoé Ménard",
            "Robot 2",
            "Pierre Dumont",
            "ARNAUD Luc",
            "Anne de La Salle",
            "Émile Dumont",
            "Yves",
        ];
        names.sort_by_key(|n| surname_order(n));
        assert_eq!(
            names,
            [
                "ARNAUD Luc",
                "Anne de La Salle",
                "Émile Dumont",
                "Pierre Dumont",
                "Zoé Ménard",
                "Robot 2",
                "Yves"
            ]
        );
    }
}
