//! The search player: legal actions at every table size, no peeking at the
//! cards its seat cannot see, determinism under a playout budget, a bid
//! and an écart that follow the seat's score, a bid that follows the
//! table's scores.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::candidates::{candidates, ecarts};
use super::ismcts::{ismcts_action, ismcts_action_at};
use super::stakes::Stakes;
use super::{play_out, quick_action, random_subset, Bot, Budget};
use crate::tarot::cards::CardSet;
use crate::tarot::contract::{deal_shape, Contract, Seat};
use crate::tarot::{Action, Game, Phase};

const LOW: Budget = Budget::Playouts(4);

#[test]
fn plays_only_legal_actions_at_every_table_size() {
    for players in 3..=6u8 {
        let mut took = false;
        for seed in 0..3u64 {
            let me = (seed % u64::from(players)) as usize;
            let mut bots = vec![Bot::Quick; usize::from(players)];
            bots[me] = Bot::Strong(LOW);
            let mut g = Game::new(players, Seat(0), 100 + seed);
            // play_out panics on an illegal action.
            play_out(&mut g, &bots, &mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(g.phase(), Phase::Done);
            took |= g.taker() == Some(Seat(me as u8));
        }
        // The whole table searching: someone takes, calls, discards.
        let mut g = Game::new(players, Seat(1), 7);
        let bots = vec![Bot::Strong(Budget::Playouts(2)); usize::from(players)];
        play_out(&mut g, &bots, &mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(g.phase(), Phase::Done);
        took |= g.taker().is_some();
        assert!(took, "{players} players: no deal taken by a searching seat");
    }
}

/// Plays `game` with the quick player until `seat` is to act in a state
/// `stop` accepts (`None` if the deal ends first).
fn until(mut game: Game, seat: Seat, stop: impl Fn(&Game) -> bool) -> Option<Game> {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    while let Some(s) = game.to_act() {
        if s == seat && stop(&game) {
            return Some(game);
        }
        let a = quick_action(&game, s, &mut rng);
        game.apply(s, a).ok()?;
    }
    None
}

/// The seat that takes `game` when the quick player bids at every seat.
fn quick_taker(mut game: Game) -> Option<Seat> {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    while game.phase() == Phase::Bidding {
        let s = game.to_act()?;
        let a = quick_action(&game, s, &mut rng);
        game.apply(s, a).ok()?;
    }
    game.taker()
}

/// The same history with the cards `seat` has not seen dealt differently:
/// the other seats' hands (and the dog while it is hidden) redrawn. Only
/// before the first card (the hands are the dealt ones).
fn redealt(g: &Game, seat: Seat, seed: u64) -> Option<Game> {
    let players = g.players();
    let (each, _) = deal_shape(players);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let hidden_dog = !g.dog_public() && g.taker() != Some(seat) || g.phase() == Phase::Bidding;
    let mut pool = if hidden_dog { g.dog() } else { CardSet::EMPTY };
    for s in Seat::all(players).filter(|&s| s != seat) {
        pool = pool.or(g.dealt(s));
    }
    let mut hands = vec![CardSet::EMPTY; usize::from(players)];
    for s in Seat::all(players) {
        hands[s.index()] = if s == seat {
            g.dealt(s)
        } else {
            let h = random_subset(pool, u32::from(each), &mut rng);
            pool = pool.minus(h);
            h
        };
    }
    let dog = if hidden_dog { pool } else { g.dog() };
    let mut v = Game::with_deal(players, g.dealer(), &hands, dog)?;
    for (s, a) in g.actions() {
        v.apply(s, a).ok()?;
    }
    Some(v)
}

#[test]
fn never_looks_at_the_cards_its_seat_has_not_seen() {
    let phases = [
        Phase::Bidding,
        Phase::Calling,
        Phase::Discard,
        Phase::Chelem,
        Phase::Play,
    ];
    let mut compared = [0u32; 5];
    for players in 3..=6u8 {
        for seed in 0..12u64 {
            let deal = Game::new(players, Seat(0), 500 + seed);
            // The taker of this deal under the quick player, else the first to bid.
            let seat = quick_taker(deal).unwrap_or(Seat(1));
            for (p, phase) in phases.iter().enumerate() {
                let at = |g: &Game| g.phase() == *phase && g.tricks_done() == 0 && g.trick().is_empty();
                let Some(g) = until(deal, seat, at) else { continue };
                let Some(v) = redealt(&g, seat, seed) else { continue };
                assert_ne!(
                    Seat::all(players).map(|s| g.hand(s)).collect::<Vec<_>>(),
                    Seat::all(players).map(|s| v.hand(s)).collect::<Vec<_>>(),
                    "the redeal changes the hidden cards"
                );
                let act = |x: &Game| ismcts_action(x, seat, Budget::Playouts(6), &mut ChaCha8Rng::seed_from_u64(seed));
                assert_eq!(act(&g), act(&v), "{players} players, seed {seed}, {phase:?}");
                compared[p] += 1;
            }
        }
    }
    // Every kind of decision was compared (calls only at 5 and 6 players).
    assert!(compared.iter().all(|&k| k >= 2), "{compared:?}");
}

#[test]
fn deterministic_under_a_playout_budget() {
    for players in 3..=6u8 {
        let bots = vec![Bot::Strong(Budget::Playouts(3)); usize::from(players)];
        let run = |rng_seed: u64| {
            let mut g = Game::new(players, Seat(2), 40 + u64::from(players));
            play_out(&mut g, &bots, &mut ChaCha8Rng::seed_from_u64(rng_seed));
            g.log()
        };
        assert_eq!(run(9), run(9), "{players} players");
    }
}

/// The deal where `seat` holds `hand` (the rest dealt from `seed`), at 4 players.
fn with_hand(hand: CardSet, seat: Seat, seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pool = CardSet::DECK.minus(hand);
    let mut hands = vec![CardSet::EMPTY; 4];
    for (s, h) in hands.iter_mut().enumerate() {
        *h = if s == seat.index() {
            hand
        } else {
            let h = random_subset(pool, 18, &mut rng);
            pool = pool.minus(h);
            h
        };
    }
    Game::with_deal(4, Seat(3), &hands, pool).expect("a full deal")
}

#[test]
fn bids_by_the_seats_score() {
    let cards = |s: &str| {
        s.split_whitespace()
            .map(|c| c.parse().expect("a card"))
            .fold(CardSet::EMPTY, |mut set, c| {
                set.insert(c);
                set
            })
    };
    // Every high trump, both other oudlers and four kings: a garde at least.
    let strong = cards("21T 20T 19T 18T 17T 16T 15T 14T 13T 12T 11T 1T EX KS KH KD KC QS");
    // No trump above 5, no honour: nothing to take with.
    let weak = cards("2T 3T 4T 5T 2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C 5C");
    let first = Seat(0);
    for seed in 0..3 {
        let bid = |hand| match ismcts_action(
            &with_hand(hand, first, seed),
            first,
            Budget::Playouts(24),
            &mut ChaCha8Rng::seed_from_u64(seed),
        ) {
            Action::Bid(b) => b,
            other => panic!("{other:?}"),
        };
        assert!(bid(strong) >= Some(Contract::Garde), "seed {seed}");
        assert_eq!(bid(weak), None, "seed {seed}");
    }
}

#[test]
fn ecarts_are_legal_distinct_and_start_with_quicks() {
    for seed in 0..20u64 {
        let mut g = Game::new(4, Seat(0), seed);
        let seat = Seat(1);
        g.apply(seat, Action::Bid(Some(Contract::Petite)))
            .expect("first to bid");
        for s in [Seat(2), Seat(3), Seat(0)] {
            g.apply(s, Action::Bid(None)).expect("a pass");
        }
        assert_eq!(g.phase(), Phase::Discard);
        let hand = g.hand(seat);
        let all = ecarts(hand, 6);
        assert_eq!(all[0], super::quick::ecart(hand, 6));
        for (i, e) in all.iter().enumerate() {
            assert!(!all[..i].contains(e), "seed {seed}: twice {e:?}");
            assert!(g.clone().apply(seat, Action::Discard(*e)).is_ok(), "seed {seed}: {e:?}");
        }
        let quick = quick_action(&g, seat, &mut ChaCha8Rng::seed_from_u64(0));
        assert_eq!(candidates(&g, seat, quick).len(), all.len());
    }
}

/// The first seat's bid in deal `seed` at 4 players, at a table whose
/// scores are `stakes` (its bids ranked: a pass is `None`, the lowest).
fn first_bid(seed: u64, stakes: &Stakes) -> Option<Contract> {
    let game = Game::new(4, Seat(3), seed);
    let first = game.to_act().expect("the first to bid");
    match ismcts_action_at(
        &game,
        first,
        Budget::Playouts(32),
        stakes,
        &mut ChaCha8Rng::seed_from_u64(seed),
    ) {
        Action::Bid(b) => b,
        other => panic!("{other:?}"),
    }
}

#[test]
fn bids_by_the_tables_scores() {
    // Seat 0 bids first (the dealer is seat 3); on the last deal of the
    // table it is 30 behind the three others, or 30 ahead of them.
    let behind = Stakes::new(&[0, 30, 30, 30], 0);
    let ahead = Stakes::new(&[30, 0, 0, 0], 0);
    // Its places settled whatever happens: exactly the bids on points alone.
    let settled = Stakes::new(&[2000, 0, 0, 0], 0);
    let (mut bolder, mut meeker) = (0, 0);
    let (mut safer, mut riskier) = (0, 0);
    for seed in 0..40 {
        let alone = first_bid(seed, &Stakes::NONE);
        assert_eq!(first_bid(seed, &settled), alone, "seed {seed}");
        let b = first_bid(seed, &behind);
        bolder += usize::from(b > alone);
        meeker += usize::from(b < alone);
        let a = first_bid(seed, &ahead);
        safer += usize::from(a < alone);
        riskier += usize::from(a > alone);
    }
    // Behind, a pass leaves it behind: it bids more often, and higher.
    assert!(bolder > meeker + 2, "behind: {bolder} higher bids, {meeker} lower");
    // Ahead, a pass keeps its places: it bids less often, and lower.
    assert!(safer > riskier + 2, "ahead: {safer} lower bids, {riskier} higher");
}
