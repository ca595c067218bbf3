//! The checks every name people type goes through — a player's name, a
//! club, a tournament's name, a seat's name in a casual game — whether it
//! comes from a form, a JSON body, a CSV line or an import: spaces folded,
//! no control character, no direction control, not made only of invisible
//! characters, not too long. Pure: no database here.
//!
//! Direction controls (the embeddings, overrides and isolates U+202A–U+202E
//! and U+2066–U+2069) are refused rather than stripped: no name needs one
//! (a right-to-left name is written right to left by its letters alone), a
//! right-to-left override makes `Alice` show as `ecilA` and reorders what
//! follows it, and stripping would store a name other than the one typed
//! without telling who typed it. The pages isolate every name anyway
//! (`<bdi>`), for names stored before this check and for the letters of
//! right-to-left scripts. The direction marks (U+200E, U+200F, U+061C) and
//! the joiners (U+200C, U+200D: Persian, Indic scripts, emoji) stay allowed
//! inside a name, only a name made of nothing else is refused.

use super::Msg;

/// A direction embedding, override or isolate (U+202A–U+202E,
/// U+2066–U+2069): what can reorder the text around a name.
pub fn is_direction_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A character that shows nothing: white space, Unicode's
/// `Default_Ignorable_Code_Point` (zero-width spaces and joiners, direction
/// marks and controls, variation selectors, the byte order mark, fillers,
/// tags…) and the blank braille pattern.
pub fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'..='\u{1160}'
                | '\u{17B4}'..='\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFF8}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// Whether `s` is not empty yet shows nothing at all.
pub fn invisible_only(s: &str) -> bool {
    !s.is_empty() && s.chars().all(is_invisible)
}

/// Refuses text holding a control character (NUL, tab, line feed,
/// escape…) or a direction control, naming the first one's position.
/// `field` is a message id of the field (`player-name`, `tournament-name`…,
/// shown through its `field-…` message).
pub fn check_chars(field: &str, s: &str) -> Result<(), Msg> {
    for (i, c) in s.chars().enumerate() {
        if c.is_control() {
            return Err(Msg::new("player-control-char")
                .arg("field", field)
                .arg("position", i + 1));
        }
        if is_direction_control(c) {
            return Err(Msg::new("text-direction-char")
                .arg("field", field)
                .arg("position", i + 1));
        }
    }
    Ok(())
}

/// A name as typed, checked ([`check_chars`]), runs of white space folded
/// into one space, refused when made only of invisible characters: the
/// name to store, `""` when nothing was typed (each caller says whether a
/// name is required). Lengths are each caller's.
pub fn clean_name(field: &str, s: &str) -> Result<String, Msg> {
    check_chars(field, s)?;
    let name = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if invisible_only(&name) {
        return Err(Msg::new("text-invisible").arg("field", field));
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_made_of_nothing_visible_are_refused() {
        for s in [
            "\u{200B}",
            "\u{200B}\u{200C}\u{200D}\u{FEFF}",
            "\u{2060} \u{3164}",
            "\u{2800}",
            "\u{E0041}",
        ] {
            assert_eq!(clean_name("player-name", s).unwrap_err().key, "text-invisible", "{s:?}");
        }
        assert_eq!(clean_name("player-name", "   ").unwrap(), "");
        assert_eq!(clean_name("player-name", "  Zoé   Ménard ").unwrap(), "Zoé Ménard");
        // Joiners and marks inside a visible name are letters' business.
        assert!(clean_name("player-name", "👨\u{200D}👩\u{200D}👧").is_ok());
        assert!(clean_name("player-name", "\u{5D3}\u{5D5}\u{5D3}\u{200F}").is_ok());
    }

    #[test]
    fn direction_controls_and_control_characters_are_refused_where_they_stand() {
        let e = clean_name("player-name", "ab\u{202E}cd").unwrap_err();
        assert_eq!(e.key, "text-direction-char");
        assert!(e.args.contains(&("position", "3".to_owned())));
        for c in [
            '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
        ] {
            assert_eq!(
                clean_name("club", &format!("x{c}")).unwrap_err().key,
                "text-direction-char"
            );
        }
        assert_eq!(clean_name("club", "a\0").unwrap_err().key, "player-control-char");
        assert_eq!(clean_name("club", "\ta").unwrap_err().key, "player-control-char");
    }
}
