//! A quick rule-based player: a hand evaluation for the bid, a sound écart,
//! and simple card play (win cheaply, smear points to a winning partner,
//! save the petit, get rid of the excuse before the last trick).
//!
//! No allocation on the hot path: card sets are bitmasks. It uses only what
//! its seat may know. The RNG is taken for the interface (a playout policy
//! passes one); the choices are deterministic rules.

use rand::Rng;

use crate::tarot::card::Card;
use crate::tarot::cards::CardSet;
use crate::tarot::contract::{deal_shape, Contract, HandfulSize, Seat};
use crate::tarot::play::{callable_rank, callable_ranks_six, discardable_plain, trick_winner_index, Call};
use crate::tarot::{Action, Game, Phase};

/// The quick player's action for `seat`, the seat to act.
pub fn quick_action<R: Rng + ?Sized>(game: &Game, seat: Seat, _rng: &mut R) -> Action {
    let hand = game.hand(seat);
    match game.phase() {
        Phase::Bidding => Action::Bid(bid(game, hand)),
        Phase::Calling if game.players() == 6 => Action::Call(call_six(hand)),
        Phase::Calling => Action::Call(Call::One(call(hand))),
        Phase::Discard => Action::Discard(ecart(hand, game.dog().len())),
        Phase::Chelem => Action::Chelem(false),
        Phase::Play => {
            if game.may_show_handful(seat) && is_attack_known(game, seat) {
                if let Some(h) = handful(game.players(), hand) {
                    return Action::Handful(h);
                }
            }
            Action::Card(card(game, seat, hand))
        }
        Phase::Done => Action::Chelem(false),
    }
}

/// Strength of a hand, scaled to a hand of 18 cards.
pub fn hand_strength(hand: CardSet, players: u8) -> i32 {
    let trumps = hand.and(CardSet::TRUMPS);
    let t = trumps.len() as i32;
    let mut s = 2 * t;
    s += trumps.and(CardSet(0x1F << 71)).len() as i32; // 16..20
    if hand.contains(Card::MONDE) {
        s += 10;
    }
    if hand.contains(Card::EXCUSE) {
        s += 8;
    }
    if hand.contains(Card::PETIT) {
        s += match t {
            0..=3 => 1,
            4..=5 => 5,
            _ => 8,
        };
    }
    for i in 0..4 {
        let suit = hand.and(CardSet::suit_index(i));
        let n = suit.len() as i32;
        let king = !suit.and(CardSet::KINGS).is_empty();
        let queen = !suit.and(CardSet::QUEENS).is_empty();
        if king {
            s += 6;
            if queen {
                s += 2;
            }
        }
        if queen {
            s += 3;
        }
        s += 2 * suit.and(CardSet::KNIGHTS).len() as i32 + suit.and(CardSet::JACKS).len() as i32;
        match n {
            0 if t >= 4 => s += 5,
            1 if t >= 4 => s += 2,
            5.. => s += 2 * (n - 4),
            _ => {}
        }
    }
    let each = i32::from(deal_shape(players).0);
    s * 18 / each
}

fn bid(game: &Game, hand: CardSet) -> Option<Contract> {
    let s = hand_strength(hand, game.players())
        + match game.players() {
            3 => 2,
            4 => 2,
            _ => 4,
        };
    let want = if s >= 80 {
        Contract::GardeContre
    } else if s >= 68 {
        Contract::GardeSans
    } else if s >= 52 {
        Contract::Garde
    } else if s >= 38 {
        Contract::Petite
    } else {
        return None;
    };
    (Some(want) > game.highest_bid()).then_some(want)
}

/// The card to call: of the rank the rules impose, one not in hand, in the
/// suit where the hand is longest.
fn call(hand: CardSet) -> Card {
    call_of(callable_rank(hand), hand)
}

/// 6 players: one card of each rank the rules impose, chosen as at 5
/// players, two different ones.
fn call_six(hand: CardSet) -> Call {
    let [first, second] = callable_ranks_six(hand);
    let a = call_of(first, hand);
    let b = call_of(second.minus(CardSet::one(a)), hand);
    Call::Two(a, b)
}

/// The card of `rank` to call: one not in hand, in the suit where the hand
/// is longest (one in hand when every card of the rank is).
fn call_of(rank: CardSet, hand: CardSet) -> Card {
    let mut best = None;
    let mut best_len = -1;
    for c in rank.minus(hand) {
        let suit = CardSet::suit(c.suit().expect("a suit card"));
        let len = hand.and(suit).len() as i32;
        if len > best_len {
            best_len = len;
            best = Some(c);
        }
    }
    best.or_else(|| rank.lowest()).expect("a callable card")
}

/// The écart: empty the shortest suits without a king first, their most
/// valuable cards first; trumps (lowest) only when nothing else can go.
pub fn ecart(hand: CardSet, need: u32) -> CardSet {
    let plain = discardable_plain(hand);
    if plain.len() <= need {
        let mut out = plain;
        let mut trumps = hand.and(CardSet::TRUMPS).minus(CardSet::OUDLERS);
        while out.len() < need {
            let c = trumps.lowest().expect("enough trumps for the écart");
            trumps.remove(c);
            out.insert(c);
        }
        return out;
    }
    // Order suits: no king first, then fewest discardable cards.
    let mut order = [0u8, 1, 2, 3];
    let key = |i: u8| {
        let suit = hand.and(CardSet::suit_index(i));
        let king = !suit.and(CardSet::KINGS).is_empty();
        (king as u32) * 100 + plain.and(suit).len()
    };
    order.sort_by_key(|&i| key(i));
    let mut out = CardSet::EMPTY;
    for i in order {
        let mut cards = plain.and(CardSet::suit_index(i));
        while out.len() < need {
            let Some(c) = cards.highest() else { break };
            cards.remove(c);
            out.insert(c);
        }
    }
    out
}

/// The biggest handful the hand holds: lowest trumps, the excuse only
/// when it is needed and no trump is left over.
pub(crate) fn handful(players: u8, hand: CardSet) -> Option<CardSet> {
    let trumps = hand.and(CardSet::TRUMPS);
    let t = trumps.len();
    let has_ex = hand.contains(Card::EXCUSE);
    let mut best = None;
    for s in [HandfulSize::Simple, HandfulSize::Double, HandfulSize::Triple] {
        let k = u32::from(s.trumps_needed(players)?);
        if k <= t {
            let mut shown = CardSet::EMPTY;
            let mut rest = trumps;
            while shown.len() < k {
                let c = rest.lowest().expect("enough trumps");
                rest.remove(c);
                shown.insert(c);
            }
            best = Some(shown);
        } else if has_ex && k == t + 1 {
            best = Some(trumps.or(CardSet::EXCUSE));
        }
    }
    best
}

/// Whether `seat` knows it is in the attack.
fn is_attack_known(game: &Game, seat: Seat) -> bool {
    Some(seat) == game.taker() || !game.called_cards().and(game.dealt(seat)).is_empty()
}

/// Whether `other` is known by `seat` to be on its side.
fn teammate(game: &Game, seat: Seat, other: Seat) -> bool {
    if other == seat {
        return true;
    }
    let taker = game.taker();
    let me_attack = is_attack_known(game, seat);
    if me_attack {
        // A partner knows the taker, and another partner once it shows.
        Some(other) == taker || game.is_partner_public(other)
    } else {
        Some(other) != taker && !game.is_partner_public(other)
    }
}

/// Cheapest card to give: fewest points, lowest; the excuse and the petit last.
fn cheapest(set: CardSet) -> Card {
    let base = set.minus(CardSet::EXCUSE.or(CardSet::one(Card::PETIT)));
    let pool = if base.is_empty() { set } else { base };
    let low = pool.minus(
        CardSet::OUDLERS
            .or(CardSet::KINGS)
            .or(CardSet::QUEENS)
            .or(CardSet::KNIGHTS)
            .or(CardSet::JACKS),
    );
    if let Some(c) = lowest_rank(low) {
        return c;
    }
    for tier in [CardSet::JACKS, CardSet::KNIGHTS, CardSet::QUEENS, CardSet::KINGS] {
        if let Some(c) = pool.and(tier).lowest() {
            return c;
        }
    }
    pool.lowest().expect("a card")
}

/// The lowest-ranked card: suit cards by rank, before trumps.
fn lowest_rank(set: CardSet) -> Option<Card> {
    let suited = set.and(CardSet::SUITED);
    if suited.is_empty() {
        return set.lowest();
    }
    let mut best: Option<Card> = None;
    for i in 0..4 {
        if let Some(c) = suited.and(CardSet::suit_index(i)).lowest() {
            if best.is_none_or(|b| c.rank() < b.rank()) {
                best = Some(c);
            }
        }
    }
    best
}

/// The most valuable card to give to a winning partner (no oudler but the
/// petit, never the excuse).
fn richest(set: CardSet, allow_petit: bool) -> Card {
    let mut pool = set.minus(CardSet::OUDLERS);
    if allow_petit && set.contains(Card::PETIT) {
        return Card::PETIT;
    }
    if pool.is_empty() {
        pool = set.minus(CardSet::EXCUSE);
    }
    if pool.is_empty() {
        return set.lowest().expect("a card");
    }
    for tier in [CardSet::KINGS, CardSet::QUEENS, CardSet::KNIGHTS, CardSet::JACKS] {
        if let Some(c) = pool.and(tier).lowest() {
            return c;
        }
    }
    lowest_rank(pool.and(CardSet::SUITED)).unwrap_or_else(|| pool.lowest().expect("a card"))
}

/// Whether `c` beats `best` in a trick.
fn beats(c: Card, best: Card) -> bool {
    if c.is_trump() {
        !best.is_trump() || c > best
    } else {
        !best.is_trump() && c.suit() == best.suit() && c > best
    }
}

/// Cards of `c`'s kind above it that are still out (not played, not in `hand`).
fn higher_out(c: Card, game: &Game, hand: CardSet) -> CardSet {
    let same = match c.suit() {
        Some(s) => CardSet::suit(s),
        None => CardSet::TRUMPS,
    };
    same.and(CardSet::above(c)).minus(game.played()).minus(hand)
}

fn card(game: &Game, seat: Seat, hand: CardSet) -> Card {
    let legal = game.legal_cards();
    if legal.len() == 1 {
        return legal.lowest().expect("a legal card");
    }
    let n = game.players();
    // Get rid of the excuse before the last trick.
    if legal.contains(Card::EXCUSE) && hand.len() <= 2 {
        return Card::EXCUSE;
    }
    let trick = game.trick();
    let first = trick.iter().position(|c| *c != Card::EXCUSE);
    let Some(_) = first else {
        return lead(game, seat, hand, legal);
    };
    let leader = game.trick_leader();
    let bi = trick_winner_index(trick);
    let best = trick[bi];
    let best_seat = leader.after(bi as u8, n);
    let last = trick.len() as u8 == n - 1;
    let winners = CardSet(
        legal
            .minus(CardSet::EXCUSE)
            .iter()
            .filter(|c| beats(*c, best))
            .fold(0u128, |m, c| m | CardSet::one(c).0),
    );
    let no_ex = legal.minus(CardSet::EXCUSE);
    let pool = if no_ex.is_empty() { legal } else { no_ex };
    if teammate(game, seat, best_seat) {
        let sure = last
            || (higher_out(best, game, hand).is_empty()
                && (best.is_trump() || game.played().and(CardSet::TRUMPS).len() > 15));
        if sure {
            let non_trump = pool.minus(CardSet::TRUMPS);
            if !non_trump.is_empty() {
                return richest(non_trump, false);
            }
            return richest(pool, true);
        }
        return cheapest(pool);
    }
    if !winners.is_empty() {
        if last {
            if winners.contains(Card::PETIT) {
                return Card::PETIT;
            }
            let w = winners.minus(CardSet::one(Card::PETIT));
            let w = if w.is_empty() { winners } else { w };
            // Suit card: the lowest that wins; trump: the lowest.
            return w.lowest().expect("a winner");
        }
        let suited = winners.and(CardSet::SUITED);
        if let Some(top) = suited.highest() {
            if higher_out(top, game, hand).is_empty() {
                return top;
            }
            return cheapest(pool);
        }
        // Trumps: the lowest winner but the petit; a master trump if the trick is rich.
        let w = winners.minus(CardSet::one(Card::PETIT));
        if w.is_empty() {
            return cheapest(pool);
        }
        let rich = trick.iter().map(|c| c.points_half()).sum::<u16>() >= 8;
        if rich {
            if let Some(top) = w.highest() {
                if higher_out(top, game, hand).is_empty() {
                    return top;
                }
            }
        }
        return w.lowest().expect("a winner");
    }
    // Cannot win.
    if legal.contains(Card::EXCUSE) && hand.len() <= 4 {
        return Card::EXCUSE;
    }
    cheapest(pool)
}

fn lead(game: &Game, seat: Seat, hand: CardSet, legal: CardSet) -> Card {
    let no_ex = legal.minus(CardSet::EXCUSE);
    if no_ex.is_empty() {
        return Card::EXCUSE;
    }
    let trumps = no_ex.and(CardSet::TRUMPS);
    let taker = Some(seat) == game.taker();
    if taker && trumps.len() * 2 >= hand.len() && trumps.len() >= 3 {
        // Draw trumps: a master trump, else a middling one (keep the petit).
        if let Some(top) = trumps.highest() {
            if higher_out(top, game, hand).is_empty() && top != Card::PETIT {
                return top;
            }
        }
        let t = trumps.minus(CardSet::one(Card::PETIT).or(CardSet::one(Card::MONDE)));
        if let Some(c) = t.lowest() {
            return c;
        }
    }
    let plain = no_ex.minus(CardSet::TRUMPS);
    if plain.is_empty() {
        let t = trumps.minus(CardSet::one(Card::PETIT));
        return t.lowest().unwrap_or(Card::PETIT);
    }
    // A master suit card (a king still good).
    for c in plain.and(CardSet::KINGS.or(CardSet::QUEENS)) {
        if higher_out(c, game, hand).is_empty() {
            return c;
        }
    }
    // The lowest card of the longest suit.
    let mut best: Option<Card> = None;
    let mut best_len = 0;
    for i in 0..4 {
        let s = plain.and(CardSet::suit_index(i));
        let len = s.len();
        if len > best_len {
            best_len = len;
            best = s.lowest();
        }
    }
    best.unwrap_or_else(|| cheapest(no_ex))
}
