//! The strong bot and the duplicate duel: legal and deterministic play, a
//! sampler consistent with what the seat saw, no peeking at hidden cards,
//! and a duel that measures.

use chelem::bots::sample::Knowledge;
use chelem::bots::{play_out, sampler_action, Bot, Budget};
use chelem::cli_duel::{duel_stats, Summary};
use chelem::tarot::{Action, Card, CardSet, Game, Phase, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A deal played by `bots` until `stop` actions into the play phase (or its end).
fn played_into(players: u8, seed: u64, bots: &[Bot], stop: usize) -> Game {
    let mut g = Game::new(players, Seat((seed % u64::from(players)) as u8), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xABCD);
    let mut k = 0;
    while let Some(s) = g.to_act() {
        if g.phase() == Phase::Play {
            if k >= stop {
                break;
            }
            k += 1;
        }
        let a = bots[s.index()].act(&g, s, &mut rng);
        g.apply(s, a).expect("a legal action");
    }
    g
}

/// Mixed tables: quick and random seats give varied contracts, voids, handfuls.
fn table(players: u8, seed: u64) -> Vec<Bot> {
    (0..players)
        .map(|s| if (seed >> s) & 1 == 0 { Bot::Quick } else { Bot::Random })
        .collect()
}

#[test]
fn strong_bot_plays_only_legal_actions() {
    for players in 3..=6u8 {
        for seed in 0..8u64 {
            let mut bots = table(players, seed);
            bots[(seed % u64::from(players)) as usize] = Bot::Strong(Budget::Playouts(6));
            bots[((seed + 1) % u64::from(players)) as usize] = Bot::Strong(Budget::Playouts(3));
            let mut g = Game::new(players, Seat(0), seed);
            // play_out panics on an illegal action.
            play_out(&mut g, &bots, &mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(g.phase(), Phase::Done);
        }
    }
}

#[test]
fn strong_bot_is_deterministic_for_a_seed() {
    for players in 3..=6u8 {
        let seed = 40 + u64::from(players);
        let bots = vec![Bot::Strong(Budget::Playouts(5)); usize::from(players)];
        let run = || {
            let mut g = Game::new(players, Seat(1), seed);
            play_out(&mut g, &bots, &mut ChaCha8Rng::seed_from_u64(9));
            g.log()
        };
        assert_eq!(run(), run());
    }
}

/// Independent of the sampler: the suits a seat showed it lacks.
fn shown_voids(g: &Game, seat: Seat) -> CardSet {
    let n = g.players();
    let mut tricks: Vec<(Seat, Vec<Card>)> = (0..g.tricks_done())
        .map(|i| {
            let (l, c, _) = g.trick_at(i);
            (l, c.to_vec())
        })
        .collect();
    tricks.push((g.trick_leader(), g.trick().to_vec()));
    let mut void = CardSet::EMPTY;
    for (leader, cards) in tricks {
        let led = cards.iter().copied().find(|c| *c != Card::EXCUSE);
        let Some(suit) = led.and_then(Card::suit) else { continue };
        for (k, c) in cards.iter().enumerate() {
            if (leader.0 + k as u8) % n == seat.0 && *c != Card::EXCUSE && c.suit() != Some(suit) {
                void = void.or(CardSet::suit(suit));
                if !c.is_trump() {
                    void = void.or(CardSet::TRUMPS);
                }
            }
        }
    }
    void
}

#[test]
fn sampled_deals_are_consistent_with_what_the_seat_saw() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut checked = 0;
    for players in 3..=6u8 {
        for seed in 0..40u64 {
            let g = played_into(players, seed, &table(players, seed), 3 + (seed as usize * 7) % 50);
            let Some(seat) = g.to_act() else { continue };
            let kn = Knowledge::of(&g, seat).expect("the play phase");
            for _ in 0..4 {
                let d = kn.sample(&mut rng).expect("a consistent sample");
                let b = kn.rebuild(&g, &d).expect("the public history replays on the sample");
                assert_eq!(b.hand(seat), g.hand(seat), "the seat's own hand never changes");
                assert_eq!(b.dealt(seat), g.dealt(seat));
                assert_eq!(
                    b.view(seat),
                    g.view(seat),
                    "the same game from the seat's point of view"
                );
                for s in Seat::all(players).filter(|&s| s != seat) {
                    assert!(b.hand(s).and(g.played()).is_empty(), "played cards never reappear");
                    assert!(b.hand(s).and(shown_voids(&g, s)).is_empty(), "a shown void stays void");
                    assert!(g.handful(s).minus(g.played()).is_subset(b.hand(s)), "handfuls stay");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "only {checked} samples checked");
}

#[test]
fn strong_bot_never_looks_at_hidden_cards() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut differ = 0;
    for players in 3..=6u8 {
        for seed in 0..12u64 {
            let g = played_into(players, seed, &table(players, seed), 2 + (seed as usize * 5) % 40);
            let Some(seat) = g.to_act() else { continue };
            let kn = Knowledge::of(&g, seat).expect("the play phase");
            // The same game for this seat, other hidden cards.
            let d = kn.sample(&mut rng).expect("a sample");
            let other = kn.rebuild(&g, &d).expect("a rebuilt game");
            assert_eq!(other.view(seat), g.view(seat));
            if Seat::all(players).any(|s| other.hand(s) != g.hand(s)) {
                differ += 1;
            }
            let budget = Budget::Playouts(12);
            let a = sampler_action(&g, seat, budget, &mut ChaCha8Rng::seed_from_u64(seed));
            let b = sampler_action(&other, seat, budget, &mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(a, b, "{players} players, seed {seed}");
            assert!(matches!(a, Action::Card(_) | Action::Handful(_)));
        }
    }
    assert!(differ > 10, "the hidden cards differed in only {differ} games");
}

#[test]
fn duel_measures_quick_against_random() {
    for players in [3u8, 4, 5] {
        let one = duel_stats(players, 30, 1, Bot::Quick, Bot::Random, 1);
        let two = duel_stats(players, 30, 1, Bot::Quick, Bot::Random, 2);
        assert_eq!(one, two, "the same results on any number of threads");
        let s = Summary::of(&one);
        assert_eq!(s.n, 30);
        assert!(s.mean.is_finite() && s.half_width.is_finite() && s.half_width > 0.0);
        assert!(
            s.mean > 0.0,
            "{players} players: quick {:.1} per deal against random",
            s.mean
        );
    }
    let s = Summary::of(&duel_stats(4, 6, 2, Bot::Strong(Budget::Playouts(4)), Bot::Quick, 2));
    assert!(s.mean.is_finite() && s.half_width.is_finite());
}

#[test]
fn duel_table_lists_each_table_size() {
    use chelem::cli_duel::{run, DuelOptions};
    let mut opts = DuelOptions {
        players: vec![3, 5],
        deals: 8,
        a: "strong".into(),
        b: "quick".into(),
        seed: 4,
        playouts: Some(4),
        budget_ms: 100,
        threads: 2,
    };
    let table = run(&opts).expect("a table");
    assert!(table.contains("4 playouts per decision"), "{table}");
    assert!(table.lines().any(|l| l.starts_with("| 3 | 8 |")), "{table}");
    assert!(table.lines().any(|l| l.starts_with("| 5 | 8 |")), "{table}");
    opts.a = "nobody".into();
    assert!(run(&opts).is_err());
    opts.a = "quick".into();
    opts.players = vec![7];
    assert!(run(&opts).is_err());
    opts.players = vec![2];
    assert!(run(&opts).is_err());
}
