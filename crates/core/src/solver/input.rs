//! A position from a `chelem simulate --log` line whose `tricks` may stop
//! early, the last one possibly incomplete (FORMATS.md, `chelem solve`).
//! The deal is rebuilt through the engine from the logged hands and dog:
//! every bid, call, écart, handful and card is checked by the rules, so an
//! impossible position is refused with the engine's own sentence.

use serde::Deserialize;

use super::{Position, SolveError};
use crate::tarot::play::{BidEntry, HandfulLog, PlayedCard};
use crate::tarot::{Action, Call, Card, CardSet, Contract, Game, Seat};

/// A trick of the input: complete, or the last one stopped early.
#[derive(Debug, Clone, Deserialize)]
struct InputTrick {
    leader: Seat,
    cards: Vec<PlayedCard>,
    #[serde(default)]
    winner: Option<Seat>,
}

/// The fields of a game-log line that a position needs (the others,
/// `points`, `oudlers`, `scores`..., are not read).
#[derive(Debug, Clone, Deserialize)]
pub struct SolveInput {
    players: u8,
    dealer: Seat,
    hands: Vec<Vec<Card>>,
    dog: Vec<Card>,
    bids: Vec<BidEntry>,
    #[serde(default)]
    chelem_announced: bool,
    #[serde(default)]
    called: Option<Call>,
    #[serde(default)]
    discard: Vec<Card>,
    #[serde(default)]
    handfuls: Vec<HandfulLog>,
    #[serde(default)]
    tricks: Vec<InputTrick>,
}

fn impossible(s: String) -> SolveError {
    SolveError::Impossible(s)
}

fn set(cards: &[Card], what: &str) -> Result<CardSet, SolveError> {
    let s: CardSet = cards.iter().copied().collect();
    if s.len() as usize != cards.len() {
        return Err(impossible(format!("{what} lists a card twice")));
    }
    Ok(s)
}

/// Parses a log line into a position.
pub fn position_from_log(text: &str) -> Result<Result<Position, SolveError>, serde_json::Error> {
    let input: SolveInput = serde_json::from_str(text)?;
    Ok(input.position())
}

impl SolveInput {
    /// The position this log describes, checked by the rules.
    pub fn position(&self) -> Result<Position, SolveError> {
        let mut g = self.deal()?;
        for b in &self.bids {
            g.apply(b.seat, Action::Bid(b.bid))
                .map_err(|e| impossible(format!("bid of seat {}: {e}", b.seat)))?;
        }
        let taker = g.taker().ok_or(SolveError::NoTaker)?;
        if let Some(c) = self.called {
            g.apply(taker, Action::Call(c))
                .map_err(|e| impossible(format!("the call: {e}")))?;
        }
        if g.contract().is_some_and(Contract::has_ecart) {
            let d = set(&self.discard, "the écart")?;
            g.apply(taker, Action::Discard(d))
                .map_err(|e| impossible(format!("the écart: {e}")))?;
        }
        g.apply(taker, Action::Chelem(self.chelem_announced))
            .map_err(|e| impossible(format!("the chelem announcement: {e}")))?;
        let mut pending = [CardSet::EMPTY; 6];
        for h in &self.handfuls {
            let i = h.seat.index();
            if i >= usize::from(self.players) || !pending[i].is_empty() {
                return Err(impossible(format!(
                    "seat {} shows a handful twice or is not at the table",
                    h.seat
                )));
            }
            pending[i] = set(&h.shown, "a handful")?;
            if pending[i].is_empty() {
                return Err(impossible(format!("seat {} shows an empty handful", h.seat)));
            }
        }
        self.play_tricks(&mut g, &mut pending)?;
        check_handfuls(&g, &pending)?;
        Position::with_pending(&g, pending)
    }

    fn deal(&self) -> Result<Game, SolveError> {
        if !(3..=6).contains(&self.players) || self.dealer.0 >= self.players {
            return Err(impossible(format!(
                "a table has 3 to 6 players and the dealer is one of them: {} players, dealer {}",
                self.players, self.dealer
            )));
        }
        let mut hands = Vec::with_capacity(self.hands.len());
        for h in &self.hands {
            hands.push(set(h, "a hand")?);
        }
        let dog = set(&self.dog, "the dog")?;
        Game::with_deal(self.players, self.dealer, &hands, dog).ok_or_else(|| {
            impossible(format!(
                "the hands and the dog are not the 78 cards dealt to {} players",
                self.players
            ))
        })
    }

    /// Plays the logged tricks, each seat's handful shown before its first
    /// card (taken out of `pending`).
    fn play_tricks(&self, g: &mut Game, pending: &mut [CardSet; 6]) -> Result<(), SolveError> {
        let n = self.tricks.len();
        for (i, t) in self.tricks.iter().enumerate() {
            let no = i + 1;
            if t.leader != g.trick_leader() {
                return Err(impossible(format!(
                    "trick {no}: seat {} leads, but seat {} won the trick before",
                    t.leader,
                    g.trick_leader()
                )));
            }
            if t.cards.len() > usize::from(self.players) {
                return Err(impossible(format!("trick {no} has more cards than players")));
            }
            let full = t.cards.len() == usize::from(self.players);
            if !full && i + 1 < n {
                return Err(impossible(format!("trick {no} is incomplete but is not the last one")));
            }
            for pc in &t.cards {
                if pc.seat.0 >= self.players {
                    return Err(impossible(format!("trick {no}: seat {} is not at the table", pc.seat)));
                }
                let h = pending[pc.seat.index()];
                if !h.is_empty() && g.may_show_handful(pc.seat) && g.to_act() == Some(pc.seat) {
                    g.apply(pc.seat, Action::Handful(h))
                        .map_err(|e| impossible(format!("the handful of seat {}: {e}", pc.seat)))?;
                    pending[pc.seat.index()] = CardSet::EMPTY;
                }
                g.apply(pc.seat, Action::Card(pc.card))
                    .map_err(|e| impossible(format!("trick {no}, seat {} plays {}: {e}", pc.seat, pc.card)))?;
            }
            if let (true, Some(w)) = (full, t.winner) {
                let (_, _, won) = g.trick_at(i as u8);
                if won != w {
                    return Err(impossible(format!(
                        "trick {no}: seat {w} is logged as winning it, but seat {won} does"
                    )));
                }
            }
        }
        Ok(())
    }
}

/// Whether each handful still to show may be shown when its seat comes to
/// play: tried on a copy of the deal, played on to that seat's turn.
fn check_handfuls(g: &Game, pending: &[CardSet; 6]) -> Result<(), SolveError> {
    for s in Seat::all(g.players()) {
        let h = pending[s.index()];
        if h.is_empty() {
            continue;
        }
        if !g.may_show_handful(s) {
            return Err(impossible(format!("seat {s} shows a handful after its first card")));
        }
        let mut copy = *g;
        while copy.to_act() != Some(s) {
            let seat = copy.to_act().expect("the seat plays in the first trick");
            let card = copy.legal_cards().lowest().expect("a card to play");
            copy.apply(seat, Action::Card(card)).expect("a legal card");
        }
        copy.apply(s, Action::Handful(h))
            .map_err(|e| impossible(format!("the handful of seat {s}: {e}")))?;
    }
    Ok(())
}
