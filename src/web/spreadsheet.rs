//! The one writer of every CSV file Chelem serves: typed cells, so that a
//! number is written as a number and text can never become a formula.
//!
//! A spreadsheet runs a cell starting with `=`, `+`, `-` or `@` (and, in
//! some, a tab or a line end before them) as a formula: a player named
//! `=HYPERLINK("http://x","y")` would be a link in the organizer's sheet.
//! As OWASP recommends, a text cell starting with one of those (or their
//! full-width forms) is written with a leading `'`, which spreadsheets take
//! as "this is text" and do not show. Numbers are [`Cell::Int`] and
//! [`Cell::Decimal`], written as the numbers they are (`-40` stays `-40`,
//! `41,5` with the decimal comma a French spreadsheet reads): only text is
//! ever neutralised. The `csv` crate quotes what holds a separator, a quote
//! or a line end.

use std::borrow::Cow;

use super::deal::facts::decimal_comma;
use super::AppError;
use crate::db::ops::text_input::is_invisible;

/// One cell of a spreadsheet row.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// Text (a name, a club, a heading, a word): neutralised when it could
    /// start a formula.
    Text(String),
    /// A whole number (a score, a place, a count).
    Int(i64),
    /// A number with a fraction (card points), written with a decimal comma.
    Decimal(f64),
    /// Nothing.
    Empty,
}

impl From<String> for Cell {
    fn from(s: String) -> Cell {
        Cell::Text(s)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Cell {
        Cell::Text(s.to_owned())
    }
}

impl From<i64> for Cell {
    fn from(n: i64) -> Cell {
        Cell::Int(n)
    }
}

impl From<i32> for Cell {
    fn from(n: i32) -> Cell {
        Cell::Int(n.into())
    }
}

impl From<u32> for Cell {
    fn from(n: u32) -> Cell {
        Cell::Int(n.into())
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(v: Option<T>) -> Cell {
        v.map_or(Cell::Empty, Into::into)
    }
}

impl Cell {
    /// The cell as written in the file.
    pub fn written(&self) -> Cow<'_, str> {
        match self {
            Cell::Text(s) => neutralise(s),
            Cell::Int(n) => Cow::Owned(n.to_string()),
            Cell::Decimal(x) => Cow::Owned(decimal_comma(*x)),
            Cell::Empty => Cow::Borrowed(""),
        }
    }
}

/// What a spreadsheet may read as the start of a formula: `=`, `+`, `-`,
/// `@`, their full-width forms, a tab, a carriage return or a line feed.
fn starts_a_formula(c: char) -> bool {
    matches!(
        c,
        '=' | '+' | '-' | '@' | '\t' | '\r' | '\n' | '\u{FF1D}' | '\u{FF0B}' | '\u{FF0D}' | '\u{FF20}'
    )
}

/// What shows nothing before a cell's first visible character, which a
/// spreadsheet may skip before it reads a formula: spaces, the byte order
/// mark, zero-width spaces and joiners, word joiners and the other
/// invisible characters ([`is_invisible`]), and Unicode's other format
/// characters (`Cf`).
fn shows_nothing(c: char) -> bool {
    is_invisible(c)
        || matches!(
            c,
            '\u{0600}'..='\u{0605}'
                | '\u{06DD}'
                | '\u{070F}'
                | '\u{0890}'..='\u{0891}'
                | '\u{08E2}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{110BD}'
                | '\u{110CD}'
                | '\u{13430}'..='\u{1343F}'
        )
}

/// Text as a cell that no spreadsheet runs: a leading `'` before text
/// whose first character, once what shows nothing is skipped (spaces, a
/// byte order mark, zero-width characters…), could start a formula; a tab
/// or a line end counts wherever it stands among them.
pub fn neutralise(s: &str) -> Cow<'_, str> {
    let first = s.chars().find(|c| starts_a_formula(*c) || !shows_nothing(*c));
    match first {
        Some(c) if starts_a_formula(c) => Cow::Owned(format!("'{s}")),
        _ => Cow::Borrowed(s),
    }
}

/// Rows as CSV the way a French spreadsheet opens it: a byte order mark,
/// `;` between fields, every cell through [`Cell::written`].
pub fn french_csv(rows: &[Vec<Cell>]) -> Result<Vec<u8>, AppError> {
    let mut w = csv::WriterBuilder::new()
        .delimiter(b';')
        .flexible(false)
        .from_writer("\u{feff}".as_bytes().to_vec());
    for r in rows {
        w.write_record(r.iter().map(|c| c.written().into_owned()))
            .map_err(|e| AppError::Internal(e.into()))?;
    }
    w.into_inner().map_err(|e| AppError::Internal(anyhow::anyhow!("{e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn csv(rows: Vec<Vec<Cell>>) -> String {
        String::from_utf8(french_csv(&rows).unwrap()).unwrap()
    }

    #[test]
    fn text_that_could_be_a_formula_is_neutralised() {
        for s in [
            "=HYPERLINK(\"http://x\",\"y\")",
            "+cmd|' /C calc'!A0",
            "-2+3",
            "@SUM(1)",
            "\tTab",
            "\rCR",
            " =1+1",
            "\u{FF1D}1+1",
            "\u{FEFF}=1+1",
            "\u{200B}+cmd",
            "\u{200C}\u{200D}-2+3",
            "\u{2060}@SUM(1)",
            "\u{00A0}\u{200B}\t=1",
            "\u{200E}=1",
            "\u{061C}\u{FE0F}=1",
            "\u{E0041}=1",
            "\u{0600}=1",
        ] {
            assert_eq!(neutralise(s), format!("'{s}"), "{s:?}");
        }
        for s in [
            "Zoé",
            "",
            "a=b",
            "O'Neil",
            "1+1",
            "40",
            "\u{FEFF}Zoé",
            "\u{200B}a=b",
            " ",
        ] {
            assert_eq!(neutralise(s), s, "{s:?}");
        }
    }

    #[test]
    fn numbers_stay_numbers_and_text_never_runs() {
        let out = csv(vec![vec![
            Cell::from(-40),
            Cell::Decimal(41.5),
            Cell::Decimal(-0.5),
            "=1+1".into(),
            "-40".into(),
            Cell::Empty,
            Cell::from(None::<i64>),
            "a;b \"c\"".into(),
        ]]);
        assert_eq!(out, "\u{feff}-40;41,5;-0,5;'=1+1;'-40;;;\"a;b \"\"c\"\"\"\n");
    }
}
