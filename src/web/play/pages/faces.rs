//! The cards as the seat pages and the replay draw them, who played them,
//! the handfuls shown, and the words of the bids and the contract.

use crate::i18n::Lang;
use crate::tarot::play::Call;
use crate::tarot::{Card, CardKind, CardSet, Contract, HandfulSize, Seat};
use crate::web::deal::preview::handful_name;

/// A card as the pages draw it: an SVG face (templates/play/card.html)
/// with the rank in the corner as printed on French cards (R, D, C, V), the
/// suit's own shape from the page's symbols (templates/play/suits.html),
/// trumps with their number and the excuse with its star.
#[derive(Debug, Clone)]
pub struct CardFace {
    /// Notation (`KH`): the value a form sends.
    pub code: String,
    /// Rank as printed in the card's corner.
    pub rank: String,
    /// The suit's letter (`S`, `H`, `D`, `C`), `T` for a trump, `X` for
    /// the excuse: the card's CSS class (`s-H`) and its symbol (`#suit-H`).
    pub key: char,
    /// Whether it may be played (or chosen) now.
    pub legal: bool,
    /// Its name in words, for screen readers ("Roi de cœur", "14 d'atout").
    pub spoken: String,
    /// Why it may not be chosen now, when the page can say it (a king
    /// tapped for the écart: "a king can't go in the écart").
    pub why: Option<String>,
}

impl CardFace {
    /// The face of `c` in `lang`.
    pub fn of(c: Card, lang: Lang, legal: bool) -> CardFace {
        let code = c.to_string();
        let spoken = lang.card_label(c);
        let (rank, key) = match c.kind() {
            CardKind::Excuse => (lang.t("card-excuse-short"), 'X'),
            CardKind::Trump(n) => (n.to_string(), 'T'),
            CardKind::Suited(suit, rank) => {
                let letter = match (rank.value(), lang) {
                    (11, Lang::Fr) => "V".to_owned(),
                    (11, _) => "J".to_owned(),
                    (12, _) => "C".to_owned(),
                    (13, Lang::Fr) => "D".to_owned(),
                    (13, _) => "Q".to_owned(),
                    (14, Lang::Fr) => "R".to_owned(),
                    (14, _) => "K".to_owned(),
                    (v, _) => v.to_string(),
                };
                (letter, suit.letter())
            }
        };
        CardFace {
            code,
            rank,
            key,
            legal,
            spoken,
            why: None,
        }
    }

    pub fn list(cards: &[Card], lang: Lang) -> Vec<CardFace> {
        cards.iter().map(|&c| CardFace::of(c, lang, false)).collect()
    }

    /// The suit's symbol as text (`♥`), for a line of words; empty for a
    /// trump or the excuse.
    pub fn symbol(&self) -> &'static str {
        match self.key {
            'S' => "\u{2660}",
            'H' => "\u{2665}",
            'D' => "\u{2666}",
            'C' => "\u{2663}",
            _ => "",
        }
    }

    /// Whether the face shows a suit's symbol (not a trump's number).
    pub fn suited(&self) -> bool {
        matches!(self.key, 'S' | 'H' | 'D' | 'C')
    }
}

/// `cards` in the order a hand is held: spades, hearts, clubs, diamonds
/// (black and red alternate, so the two red suits never sit side by side),
/// then the trumps up to the excuse; each suit from the ace up.
pub fn held_order(cards: &mut [Card]) {
    cards.sort_by_key(|c| match c.kind() {
        CardKind::Suited(suit, rank) => {
            let place = match suit.letter() {
                'S' => 0,
                'H' => 1,
                'C' => 2,
                _ => 3,
            };
            (place, rank.value())
        }
        CardKind::Trump(n) => (4, n),
        CardKind::Excuse => (5, 0),
    });
}

/// A card someone played.
#[derive(Debug, Clone)]
pub struct Played {
    /// Who.
    pub name: String,
    /// What.
    pub card: CardFace,
    /// Whether it took the trick.
    pub won: bool,
}

/// A handful shown.
#[derive(Debug, Clone)]
pub struct Shown {
    /// Who.
    pub name: String,
    /// Simple, double, triple.
    pub size: String,
    /// The cards.
    pub cards: Vec<CardFace>,
}

impl Shown {
    /// The handfuls shown in a deal, `name` naming each deal seat.
    pub(super) fn list(
        handfuls: &[crate::tarot::play::HandfulLog],
        name: &dyn Fn(Seat) -> String,
        lang: Lang,
    ) -> Vec<Shown> {
        handfuls
            .iter()
            .map(|h| Shown {
                name: name(h.seat),
                size: handful_name(lang, h.size),
                cards: CardFace::list(&h.shown, lang),
            })
            .collect()
    }
}

pub(super) fn contract_label(c: Contract, lang: Lang) -> String {
    lang.t(&format!("contract-{}", c.name()))
}

/// "Garde de Alice, qui appelle R♥ (partenaire : Bob)", once there is a taker.
pub(super) fn contract_line(
    lang: Lang,
    taker: Option<Seat>,
    contract: Option<Contract>,
    called: Option<Call>,
    partners: &[Seat],
    name: &dyn Fn(Seat) -> String,
) -> Option<String> {
    let (t, c) = (taker?, contract?);
    let mut line = lang.t_args(
        "play-contract-line",
        &[("contract", contract_label(c, lang)), ("taker", name(t))],
    );
    if let Some(call) = called {
        // At 6 players two cards: "R♥ D♠".
        let cards: Vec<String> = call
            .to_vec()
            .into_iter()
            .map(|k| {
                let f = CardFace::of(k, lang, false);
                format!("{}{}", f.rank, f.symbol())
            })
            .collect();
        line.push_str(&lang.t_args("play-called-line", &[("card", cards.join(" "))]));
        if !partners.is_empty() {
            // Fluent drops a message's leading space: "R♥ (partenaire : Bob)".
            line.push(' ');
            let names: Vec<String> = partners.iter().map(|&p| name(p)).collect();
            line.push_str(&lang.t_args("play-partner-line", &[("partner", names.join(", "))]));
        }
    }
    Some(line)
}

pub(super) fn bid_label(b: Option<Contract>, lang: Lang) -> String {
    match b {
        None => lang.t("play-pass"),
        Some(c) => lang.t(&format!("contract-{}", c.name())),
    }
}

/// A handful for a seat to pick: the cards it may show and how many.
#[derive(Debug, Clone)]
pub struct HandfulPick {
    /// Its trumps (and the excuse when it may stand for one).
    pub cards: Vec<CardFace>,
    /// The counts it may show, for the page's script: `10 13`.
    pub counts: String,
    /// "Tap the trumps to show: 10 (single handful) · 13 (double handful)."
    pub hint: String,
}

impl HandfulPick {
    /// The pick among `cards`, `counts` the sizes it may show (simple,
    /// double, triple in order).
    pub fn new(cards: CardSet, counts: &[u8], lang: Lang) -> HandfulPick {
        let sizes = [HandfulSize::Simple, HandfulSize::Double, HandfulSize::Triple];
        let named: Vec<String> = counts
            .iter()
            .zip(sizes)
            .map(|(n, s)| format!("{n} ({})", handful_name(lang, s)))
            .collect();
        HandfulPick {
            cards: cards.iter().map(|c| CardFace::of(c, lang, true)).collect(),
            counts: counts.iter().map(u8::to_string).collect::<Vec<_>>().join(" "),
            hint: lang.t_args("play-handful-pick", &[("counts", named.join(" \u{b7} "))]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contract_line_spaces_the_partner_off_the_called_card() {
        let names = |s: Seat| ["Alice", "Bob", "Chloé", "David", "Emma"][s.0 as usize].to_owned();
        let king: Card = "KH".parse().unwrap();
        let line = contract_line(
            Lang::Fr,
            Some(Seat(0)),
            Some(Contract::Garde),
            Some(Call::One(king)),
            &[Seat(1)],
            &names,
        )
        .unwrap();
        assert!(line.starts_with("Garde d'Alice, qui appelle R"), "{line}");
        assert!(line.ends_with(" (partenaire : Bob)"), "{line}");
        assert!(
            !line.contains("♠(") && !line.contains("♥(") && !line.contains("♦(") && !line.contains("♣("),
            "{line}"
        );
        let line = contract_line(
            Lang::En,
            Some(Seat(0)),
            Some(Contract::Garde),
            Some(Call::One(king)),
            &[],
            &names,
        )
        .unwrap();
        assert!(!line.contains("partner"), "{line}");
    }

    #[test]
    fn a_card_is_named_in_words_for_screen_readers() {
        let said = |code: &str, lang| CardFace::of(code.parse().unwrap(), lang, false).spoken;
        assert_eq!(said("KH", Lang::Fr), "Roi de cœur");
        assert_eq!(said("1S", Lang::Fr), "As de pique");
        assert_eq!(said("7D", Lang::Fr), "7 de carreau");
        assert_eq!(said("NC", Lang::En), "Knight of clubs");
        assert_eq!(said("JS", Lang::En), "Jack of spades");
        assert_eq!(said("14T", Lang::Fr), "14 d'atout");
        assert_eq!(said("1T", Lang::En), "Petit (trump 1)");
        assert_eq!(said("EX", Lang::Fr), "Excuse");
    }
}
