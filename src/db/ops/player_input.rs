//! What the organizer types about players, parsed once at the edge: a
//! form's fields (`web::player_form`), a JSON body or a CSV line becomes
//! checked [`PlayerFields`], or a refusal [`Msg`] (a message key the pages
//! translate). Pure: no database here.

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
