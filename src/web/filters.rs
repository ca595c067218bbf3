//! The templates' own filters: a name people typed (a player, a club, a
//! tournament, a seat) shown isolated from the text around it, so that a
//! right-to-left name — or a direction override stored before the forms
//! refused them — cannot reorder what follows it on the page.
//!
//! `{{ p.name|bdi }}` in HTML content: `<bdi>…</bdi>`, the name escaped
//! (the stylesheet gives `bdi` its `unicode-bidi: isolate`).
//! `{{ p.name|isolate }}` where no element may stand (an SVG `<text>` or
//! `<title>`, an `<option>`, an attribute): the name between the Unicode
//! isolates U+2068 and U+2069 (FIRST STRONG ISOLATE, POP DIRECTIONAL
//! ISOLATE), escaped as usual; the closing isolate also ends any embedding
//! or override left open inside the name.
//!
//! A module using them in its templates imports this one as `filters`.

use std::fmt;

use askama::filters::{escape, Html, HtmlSafe};

/// A name as HTML: escaped, inside `<bdi>`.
pub struct Bdi<T>(T);

impl<T: fmt::Display> fmt::Display for Bdi<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let escaped = escape(&self.0, Html).map_err(|_| fmt::Error)?;
        write!(f, "<bdi>{escaped}</bdi>")
    }
}

impl<T: fmt::Display> HtmlSafe for Bdi<T> {}

/// `{{ name|bdi }}`: the name escaped inside `<bdi>`.
#[askama::filter_fn]
pub fn bdi<T: fmt::Display>(name: T, _env: &dyn askama::Values) -> askama::Result<Bdi<T>> {
    Ok(Bdi(name))
}

/// `{{ name|isolate }}`: the name between U+2068 and U+2069 (escaped by
/// the template as any text).
#[askama::filter_fn]
pub fn isolate<T: fmt::Display>(name: T, _env: &dyn askama::Values) -> askama::Result<String> {
    Ok(isolated(&name))
}

/// Text between the Unicode isolates U+2068 and U+2069.
pub fn isolated(text: &dyn fmt::Display) -> String {
    format!("\u{2068}{text}\u{2069}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_escaped_and_isolated() {
        assert_eq!(Bdi("<b>\u{202E}Zoé").to_string(), "<bdi>&#60;b&#62;\u{202E}Zoé</bdi>");
        assert_eq!(isolated(&"\u{202E}abc"), "\u{2068}\u{202E}abc\u{2069}");
    }
}
