//! A duplicate round's deal diagrams, one A4 page a deal (FORMATS.md,
//! "Duplicate tournaments"): the four hands by seat, the dog and the
//! dealer, in black on white, from which the organizer or a helper builds
//! each table's étuis. Organizer only: the cards are the round's secret.

use actix_web::{get, web, HttpResponse};

use crate::db::models::Tournament;
use crate::i18n::Lang;
use crate::tarot::{CardKind, CardSet};
use crate::tournament::duplicate::{self, DealNo, Format, Prepared};
use crate::tournament::ids::{RoundNo, TournamentId};
use crate::web::filters;
use crate::web::play::pages::faces::CardFace;
use crate::web::{render, AppError, Ctx, OrgPage};

use super::round_of;

/// One hand, suit by suit: (the suit's symbol or word, its ranks from the
/// highest).
pub struct Hand {
    /// "Place 1".
    pub seat: String,
    /// Whether this seat deals.
    pub dealer: bool,
    /// Its suits, in order, each with its cards from the highest.
    pub suits: Vec<(String, String)>,
}

/// One deal's diagram.
pub struct Diagram {
    /// Its number.
    pub deal: DealNo,
    /// The four hands by seat.
    pub hands: Vec<Hand>,
    /// The dog.
    pub dog: Vec<(String, String)>,
}

/// The round's diagrams.
#[derive(askama::Template)]
#[template(path = "print/diagrams.html")]
pub struct DiagramsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: RoundNo,
    /// One per deal.
    pub diagrams: Vec<Diagram>,
}

/// A set of cards suit by suit: spades, hearts, diamonds, clubs with their
/// symbols, then the trumps and the excuse in words; each from the highest.
pub fn by_suit(cards: CardSet, lang: Lang) -> Vec<(String, String)> {
    let faces: Vec<(CardKind, CardFace)> = cards
        .to_vec()
        .into_iter()
        .map(|c| (c.kind(), CardFace::of(c, lang, false)))
        .collect();
    let mut out = Vec::new();
    for key in ['S', 'H', 'D', 'C', 'T', 'X'] {
        let ranks: Vec<&str> = faces
            .iter()
            .rev()
            .filter(|(_, f)| f.key == key)
            .map(|(_, f)| f.rank.as_str())
            .collect();
        if ranks.is_empty() {
            continue;
        }
        let label = match key {
            'T' => lang.t("dup-trumps"),
            'X' => lang.t("dup-excuse"),
            _ => faces
                .iter()
                .find(|(_, f)| f.key == key)
                .map(|(_, f)| f.symbol().to_owned())
                .unwrap_or_default(),
        };
        let ranks = if key == 'X' { String::new() } else { ranks.join(" ") };
        out.push((label, ranks));
    }
    out
}

fn diagram(p: &Prepared, lang: Lang) -> Diagram {
    Diagram {
        deal: p.deal,
        hands: p
            .hands
            .iter()
            .enumerate()
            .map(|(s, h)| Hand {
                seat: lang.t_args("dup-seat", &[("n", (s + 1).to_string())]),
                dealer: usize::from(p.dealer.0) == s,
                suits: by_suit(*h, lang),
            })
            .collect(),
        dog: by_suit(p.dog, lang),
    }
}

#[get("/tournaments/{id}/rounds/{n}/diagrams")]
pub(super) async fn diagrams_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let (t, _) = state.db(move |conn| round_of(conn, id, n)).await?;
    if t.format != Format::Duplicate {
        return Err(AppError::NotFound);
    }
    let lang = ctx.lang;
    let diagrams = duplicate::deals_of_round(n, t.deals_table4.max(0) as u32)
        .into_iter()
        .map(|d| diagram(&duplicate::prepare(t.deal_secret, d), lang))
        .collect();
    Ok(render::page(&DiagramsPage {
        ctx,
        t,
        round: n,
        diagrams,
    }))
}
