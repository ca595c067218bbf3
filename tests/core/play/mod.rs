//! The deal engine (`tarot::play`): legal moves rule by rule, refused
//! actions leave the deal unchanged, seat views hide the others' cards,
//! replays, and many random and bot deals checked by an independent checker
//! of the FFT rules (`play/checker.rs`); the hand-written game-log writer
//! against serde (`play/log_writer.rs`).

pub mod checker;
mod log_writer;
mod six;

use chelem::bots::{play_out, quick_action, random_action, Bot};
use chelem::tarot::cards::CardSet;
use chelem::tarot::contract::Camp;
use chelem::tarot::play::{CompactDeal, GameLog};
use chelem::tarot::{score, Action, Call, Card, Contract, Game, Phase, PlayError, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn cs(s: &str) -> CardSet {
    let set: CardSet = s.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect();
    assert_eq!(set.len() as usize, s.split_whitespace().count(), "{s}");
    set
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn kind_letter(c: Card) -> char {
    if c == Card::EXCUSE {
        'X'
    } else if c.is_trump() {
        'T'
    } else {
        c.suit().unwrap().letter()
    }
}

/// A deal where seat `s` holds `given[s]` and is filled with other cards
/// of no kind in `voids[s]` (suit letters, `T` trumps, `X` the excuse).
fn deal_with(players: u8, given: &[&str], voids: &[&str]) -> ([CardSet; 6], CardSet) {
    let (each, dog_n) = match players {
        3 => (24, 6),
        4 => (18, 6),
        5 => (15, 3),
        _ => (12, 6),
    };
    let mut hands = [CardSet::EMPTY; 6];
    let mut used = CardSet::EMPTY;
    for (s, g) in given.iter().enumerate() {
        hands[s] = cs(g);
        assert!(hands[s].and(used).is_empty(), "a card given twice");
        used = used.or(hands[s]);
    }
    let mut dog = CardSet::EMPTY;
    let n = usize::from(players);
    let allowed = |s: usize, c: Card| !voids.get(s).is_some_and(|v| v.contains(kind_letter(c)));
    // The most constrained cards first, each to the allowed seat with most room.
    let mut rest: Vec<Card> = CardSet::DECK.minus(used).iter().collect();
    rest.sort_by_key(|&c| ((0..n).filter(|&s| allowed(s, c)).count(), c.index() % 7));
    for c in rest {
        let seat = (0..n)
            .filter(|&s| hands[s].len() < each && allowed(s, c))
            .max_by_key(|&s| (each - hands[s].len(), n - s));
        match seat {
            Some(s) => hands[s].insert(c),
            None if dog.len() < dog_n => dog.insert(c),
            None => panic!("cannot place {c}"),
        }
    }
    (hands, dog)
}

/// Seat 0 takes a garde sans (calling `call` at 5), no chelem, then `plays`
/// are played from seat 0.
fn setup(players: u8, given: &[&str], voids: &[&str], call: Option<&str>, plays: &str) -> Game {
    let (hands, dog) = deal_with(players, given, voids);
    let mut g = Game::with_deal(players, Seat(players - 1), &hands[..usize::from(players)], dog).unwrap();
    g.apply(Seat(0), Action::Bid(Some(Contract::GardeSans))).unwrap();
    for s in 1..players {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    if let Some(c) = call {
        g.apply(Seat(0), Action::Call(Call::One(card(c)))).unwrap();
    }
    g.apply(Seat(0), Action::Chelem(false)).unwrap();
    for c in plays.split_whitespace() {
        let seat = g.to_act().unwrap();
        g.apply(seat, Action::Card(card(c)))
            .unwrap_or_else(|e| panic!("{c}: {e}"));
    }
    g
}

enum Exp {
    Exactly(&'static str),
    Hand,
    HandWithout(&'static str),
}

#[test]
fn legal_moves_rule_by_rule() {
    use Exp::*;
    #[allow(clippy::type_complexity)]
    let table: &[(&str, u8, &[&str], &[&str], Option<&str>, &str, Exp)] = &[
        (
            "follow the suit led; the excuse may always go",
            4,
            &["5H", "2H 9H 4T EX"],
            &["", "HX"],
            None,
            "5H",
            Exactly("2H 9H EX"),
        ),
        ("leading: anything", 4, &["5H"], &[], None, "", Hand),
        (
            "the excuse led: the next card is free",
            4,
            &["EX", "3S 4T"],
            &["X", ""],
            None,
            "EX",
            Hand,
        ),
        (
            "the excuse led, then a spade: that sets the suit, must trump",
            4,
            &["EX", "3S", "6T 8T"],
            &["", "", "STX"],
            None,
            "EX 3S",
            Exactly("6T 8T"),
        ),
        (
            "overtrump even over your own partner",
            4,
            &["3S", "10T", "5T 12T 15T"],
            &["", "SX", "STX"],
            None,
            "3S 10T",
            Exactly("12T 15T"),
        ),
        (
            "undertrump only when you cannot overtrump",
            4,
            &["3S", "10T", "5T 7T"],
            &["", "SX", "STX"],
            None,
            "3S 10T",
            Exactly("5T 7T"),
        ),
        (
            "undertrump: the excuse may still go",
            4,
            &["3S", "10T", "5T 7T EX"],
            &["", "SX", "ST"],
            None,
            "3S 10T",
            Exactly("5T 7T EX"),
        ),
        (
            "a void with only the excuse and plain cards: anything",
            4,
            &["3S", "EX 2H 3D"],
            &["", "ST"],
            None,
            "3S",
            Hand,
        ),
        (
            "trumps led: a higher trump when you can",
            4,
            &["12T", "3T 15T"],
            &["", "TX"],
            None,
            "12T",
            Exactly("15T"),
        ),
        (
            "trumps led: any trump when you cannot go higher",
            4,
            &["12T", "3T 5T"],
            &["", "TX"],
            None,
            "12T",
            Exactly("3T 5T"),
        ),
        (
            "trumps led without trumps: anything",
            4,
            &["12T"],
            &["", "TX"],
            None,
            "12T",
            Hand,
        ),
        (
            "3 players: follow",
            3,
            &["KC", "1C 2C"],
            &["", "CX"],
            None,
            "KC",
            Exactly("1C 2C"),
        ),
        (
            "5 players, first trick: the called suit can't be led",
            5,
            &["5H 7H", "", "", "KH"],
            &["H"],
            Some("KH"),
            "",
            HandWithout("5H 7H"),
        ),
        (
            "5 players, first trick: the called king itself can be led",
            5,
            &["5H KH"],
            &["H"],
            Some("KH"),
            "",
            HandWithout("5H"),
        ),
        (
            "5 players, first trick: after the excuse led, still not the called suit",
            5,
            &["EX", "2H 3S", "", "KH"],
            &["", "HX"],
            Some("KH"),
            "EX",
            HandWithout("2H"),
        ),
        (
            "5 players: following the called suit on the first trick is fine",
            5,
            &["KH", "2H 3H"],
            &["", "HX"],
            Some("KH"),
            "KH",
            Exactly("2H 3H"),
        ),
    ];
    for (name, players, given, voids, call, plays, exp) in table {
        let g = setup(*players, given, voids, *call, plays);
        let seat = g.to_act().unwrap();
        let hand = g.hand(seat);
        let expected = match exp {
            Exactly(s) => cs(s),
            Hand => hand,
            HandWithout(s) => hand.minus(cs(s)),
        };
        assert_eq!(g.legal_cards(), expected, "{name}");
        // Every legal card is accepted, every other card of the hand refused
        // with the state unchanged.
        for c in hand {
            let mut h = g;
            let r = h.apply(seat, Action::Card(c));
            if expected.contains(c) {
                assert!(r.is_ok(), "{name}: {c} refused: {r:?}");
            } else {
                assert!(r.is_err(), "{name}: {c} accepted");
                assert_eq!(h, g, "{name}: a refused card changed the deal");
            }
        }
    }
}

#[test]
fn refusals_name_the_rule() {
    let g = setup(4, &["3S", "10T", "5T 12T"], &["", "SX", "STX"], None, "3S 10T");
    let mut h = g;
    let e = h.apply(Seat(2), Action::Card(card("5T"))).unwrap_err();
    assert_eq!(e.code(), "must-overtrump");
    assert!(e.to_string().contains("10T"), "{e}");
    let g = setup(4, &["5H", "2H 4T"], &["", "HX"], None, "5H");
    let mut h = g;
    let e = h.apply(Seat(1), Action::Card(card("4T"))).unwrap_err();
    assert_eq!(e.code(), "must-follow");
    let e = h.apply(Seat(2), Action::Card(card("4T"))).unwrap_err();
    assert_eq!(e.code(), "not-your-turn");
    let e = h.apply(Seat(1), Action::Bid(None)).unwrap_err();
    assert_eq!(e.code(), "wrong-phase");
    assert_eq!(h, g);
    let g = setup(4, &["3S", "2H 4T"], &["", "SX"], None, "3S");
    let e = try_apply(&g, 1, Action::Card(card("2H"))).unwrap_err();
    assert_eq!(e.code(), "must-trump");
    let g = setup(5, &["5H"], &["H"], Some("KH"), "");
    let e = try_apply(&g, 0, Action::Card(card("5H"))).unwrap_err();
    assert_eq!(e.code(), "called-suit-first-trick");
}

#[test]
fn bidding_calling_and_discard_rules() {
    let (hands, dog) = deal_with(5, &["KS KH KD KC 2H", "", "QH"], &[]);
    let mut g = Game::with_deal(5, Seat(4), &hands[..5], dog).unwrap();
    g.apply(Seat(0), Action::Bid(Some(Contract::Garde))).unwrap();
    let before = g;
    assert_eq!(
        g.apply(Seat(1), Action::Bid(Some(Contract::Garde))).unwrap_err().code(),
        "bid-too-low"
    );
    assert_eq!(
        g.apply(Seat(1), Action::Bid(Some(Contract::Petite)))
            .unwrap_err()
            .code(),
        "bid-too-low"
    );
    assert_eq!(g, before);
    for s in 1..5 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    assert_eq!(g.phase(), Phase::Calling);
    assert_eq!(g.legal_calls(), CardSet::QUEENS);
    assert_eq!(
        g.apply(Seat(0), Action::Call(Call::One(card("KH"))))
            .unwrap_err()
            .code(),
        "call-queen"
    );
    g.apply(Seat(0), Action::Call(Call::One(card("QH")))).unwrap();
    assert_eq!(g.partner(), Some(Seat(2)));
    assert_eq!(g.phase(), Phase::Discard);
    assert!(g.dog_public());
    // Écart: 3 cards, no king, no oudler, trumps only when nothing else can go.
    let hand = g.hand(Seat(0));
    let before = g;
    let kings = hand.and(CardSet::KINGS);
    let bad_king = CardSet::one(kings.lowest().unwrap()).or(CardSet::one(card("2H")));
    let e = g.apply(Seat(0), Action::Discard(bad_king)).unwrap_err();
    assert_eq!(e.code(), "discard-count");
    let plain: Vec<Card> = chelem::tarot::play::discardable_plain(hand).iter().collect();
    let mut d = CardSet::one(kings.lowest().unwrap());
    d.insert(plain[0]);
    d.insert(plain[1]);
    assert_eq!(g.apply(Seat(0), Action::Discard(d)).unwrap_err().code(), "discard-king");
    if let Some(t) = hand.and(CardSet::TRUMPS).minus(CardSet::OUDLERS).lowest() {
        let d = CardSet::one(t).or(CardSet::one(plain[0])).or(CardSet::one(plain[1]));
        assert_eq!(
            g.apply(Seat(0), Action::Discard(d)).unwrap_err().code(),
            "discard-trump"
        );
    }
    let foreign = CardSet::DECK.minus(hand).lowest().unwrap();
    let d = CardSet::one(foreign)
        .or(CardSet::one(plain[0]))
        .or(CardSet::one(plain[1]));
    assert_eq!(
        g.apply(Seat(0), Action::Discard(d)).unwrap_err().code(),
        "discard-not-in-hand"
    );
    assert_eq!(g, before);
    let d: CardSet = plain[..3].iter().copied().collect();
    g.apply(Seat(0), Action::Discard(d)).unwrap();
    assert_eq!(g.phase(), Phase::Chelem);
    // Trumps may go when too few other cards can.
    let (hands, _) = deal_with(
        4,
        &[
            "KS KH KD KC 1S 2S 3T 4T 5T 6T 7T 8T 9T 10T 11T 12T 13T 14T",
            "",
            "",
            "",
            "15T 16T 17T 18T 19T 20T",
        ],
        &[],
    );
    let mut g = Game::with_deal(4, Seat(3), &hands[..4], hands[4]).unwrap();
    g.apply(Seat(0), Action::Bid(Some(Contract::Petite))).unwrap();
    for s in 1..4 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    let e = try_apply(&g, 0, Action::Discard(cs("1S 3T 4T 5T 6T 7T"))).unwrap_err();
    assert_eq!(e.code(), "discard-trump", "the 2S must go before a fifth trump");
    g.apply(Seat(0), Action::Discard(cs("1S 2S 3T 4T 5T 6T"))).unwrap();
    assert_eq!(
        g.view(Seat(1)).discard,
        cs("3T 4T 5T 6T").to_vec(),
        "trumps discarded are shown"
    );
    assert_eq!(g.view(Seat(0)).discard.len(), 6);
}

#[test]
fn all_pass_is_a_void_deal() {
    let mut g = Game::new(4, Seat(0), 1);
    for s in [1, 2, 3, 0] {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    assert_eq!(g.phase(), Phase::Done);
    assert_eq!(g.scores(), Some(vec![0; 4]));
    assert!(g.record().is_none());
    let log = g.log();
    assert!(log.taker.is_none() && log.tricks.is_empty());
    assert!(checker::check(&serde_json::to_value(&log).unwrap()).unwrap().void);
}

#[test]
fn handfuls_with_and_without_the_excuse() {
    // 5 players: simple = 8. Seat 0 holds 7 trumps and the excuse.
    let g = setup(5, &["1T 2T 3T 4T 5T 6T 7T EX"], &["T"], Some("KS"), "");
    let mut h = g;
    h.apply(Seat(0), Action::Handful(cs("1T 2T 3T 4T 5T 6T 7T EX")))
        .unwrap();
    assert_eq!(h.view(Seat(3)).handfuls[0].shown.len(), 8, "a handful is public");
    assert_eq!(
        h.apply(Seat(0), Action::Handful(CardSet::EMPTY)).unwrap_err().code(),
        "handful-late"
    );
    // With 8 trumps the excuse can't stand for one.
    let g = setup(5, &["1T 2T 3T 4T 5T 6T 7T 8T EX"], &["T"], Some("KS"), "");
    let mut h = g;
    let e = h
        .apply(Seat(0), Action::Handful(cs("1T 2T 3T 4T 5T 6T 7T EX")))
        .unwrap_err();
    assert_eq!(e.code(), "handful-excuse");
    assert_eq!(
        h.apply(Seat(0), Action::Handful(cs("1T 2T 3T 4T 5T 6T 7T")))
            .unwrap_err()
            .code(),
        "handful-size"
    );
    assert_eq!(h, g);
    h.apply(Seat(0), Action::Handful(cs("1T 2T 3T 4T 5T 6T 7T 8T")))
        .unwrap();
    // A card other than a trump, or not held.
    let g = setup(4, &["1T 2T 3T 4T 5T 6T 7T 8T 9T 10T 2S"], &["T"], None, "");
    let e = try_apply(&g, 0, Action::Handful(cs("1T 2T 3T 4T 5T 6T 7T 8T 9T 2S"))).unwrap_err();
    assert_eq!(e.code(), "handful-not-trump");
    let e = try_apply(&g, 0, Action::Handful(cs("1T 2T 3T 4T 5T 6T 7T 8T 9T 21T"))).unwrap_err();
    assert_eq!(e.code(), "handful-not-in-hand");
    // Playing a card without showing means no handful.
    let mut h = g;
    let c = h.legal_cards().lowest().unwrap();
    h.apply(Seat(0), Action::Card(c)).unwrap();
    h.apply(Seat(1), Action::Handful(CardSet::EMPTY)).unwrap();
    assert!(!h.may_show_handful(Seat(0)));
    assert!(!h.may_show_handful(Seat(1)));
    // The actions replay to the same state (this deal was built from its
    // hands, not from a seed: replay them on the same hands).
    assert_eq!(h.actions().last(), Some(&(Seat(1), Action::Handful(CardSet::EMPTY))));
    let hands: Vec<CardSet> = Seat::all(4).map(|s| h.dealt(s)).collect();
    let mut r = Game::with_deal(4, Seat(3), &hands, h.dog()).unwrap();
    for (seat, a) in h.actions() {
        r.apply(seat, a).unwrap();
    }
    assert_eq!(r, h, "a declined handful replays");
}

#[test]
fn chelem_with_the_excuse_last_and_the_petit_au_bout_before_it() {
    // Seat 0 (taker) holds the petit, 6T..21T and the excuse.
    let (hands, dog) = deal_with(
        4,
        &["1T 6T 7T 8T 9T 10T 11T 12T 13T 14T 15T 16T 17T 18T 19T 20T 21T EX"],
        &[],
    );
    let mut g = Game::with_deal(4, Seat(3), &hands[..4], dog).unwrap();
    g.apply(Seat(0), Action::Bid(Some(Contract::GardeSans))).unwrap();
    for s in 1..4 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    g.apply(Seat(0), Action::Chelem(true)).unwrap();
    assert_eq!(g.to_act(), Some(Seat(0)), "the announcer leads");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let order: Vec<Card> = (6..=21)
        .rev()
        .map(|n| Card::trump(n).unwrap())
        .chain([Card::PETIT, Card::EXCUSE])
        .collect();
    for c in order {
        assert_eq!(g.to_act(), Some(Seat(0)));
        g.apply(Seat(0), Action::Card(c)).unwrap();
        for _ in 0..3 {
            let s = g.to_act().unwrap();
            let a = random_action(&g, s, &mut rng);
            let a = match a {
                Action::Handful(_) => Action::Card(g.legal_cards().lowest().unwrap()),
                a => a,
            };
            g.apply(s, a).unwrap();
        }
    }
    assert_eq!(g.phase(), Phase::Done);
    let o = *g.outcome().unwrap();
    assert_eq!(o.petit_au_bout, Some(Camp::Attack));
    assert_eq!(o.chelem_made_by, Some(Camp::Attack));
    assert_eq!(o.points.get(), 182);
    assert_eq!(o.oudlers, 3);
    // (25 + 55 + 10) × 4 + 400 = 760 per defender.
    assert_eq!(g.scores().unwrap(), vec![2280, -760, -760, -760]);
    let log = serde_json::to_value(g.log()).unwrap();
    checker::check(&log).unwrap();
    assert_eq!(log["tricks"][17]["winner"], 0);
}

/// Random legal play to the end, with a random action tried first at some
/// steps.
fn random_deal(players: u8, seed: u64, rng: &mut ChaCha8Rng) -> Game {
    let mut g = Game::new(players, Seat((seed % u64::from(players)) as u8), seed);
    let bots = [Bot::Random; 6];
    play_out(&mut g, &bots, rng);
    g
}

fn heavy_checks(g: &Game) {
    let log = g.log();
    let value = serde_json::to_value(&log).unwrap();
    let mut fast = Vec::new();
    g.write_log(&mut fast).unwrap();
    assert_eq!(String::from_utf8(fast).unwrap(), serde_json::to_string(&log).unwrap());
    checker::check(&value).unwrap_or_else(|e| panic!("seed {}: {e}\n{value}", g.seed()));
    // The log replays to the same state.
    let back: GameLog = serde_json::from_value(value).unwrap();
    assert_eq!(back, log);
    let replayed = Game::replay(log.players, log.dealer, log.seed, &log.actions()).unwrap();
    assert_eq!(&replayed, g);
    // The compact form too.
    let compact: CompactDeal = serde_json::from_str(&serde_json::to_string(&g.compact()).unwrap()).unwrap();
    assert_eq!(Game::from_compact(&compact).unwrap(), *g);
}

#[test]
fn random_legal_play_always_ends_consistently() {
    // 100,000 deals in all (cheap checks); the log, the replay and the
    // independent checker on one deal in 25.
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut deals = 0;
    for players in [3u8, 4, 5] {
        let count = if players == 4 { 33_334 } else { 33_333 };
        for seed in 0..count {
            let g = random_deal(players, seed, &mut rng);
            deals += 1;
            let n = usize::from(players);
            let scores = g.scores().unwrap();
            assert_eq!(scores.iter().sum::<i64>(), 0);
            let mut all = g.dog();
            let mut total = g.dog().len();
            for s in Seat::all(players) {
                all = all.or(g.dealt(s));
                total += g.dealt(s).len();
            }
            assert_eq!((all, total), (CardSet::DECK, 78));
            if let Some(o) = g.outcome() {
                assert_eq!(o.points.get() + o.defence_points.get(), 182, "seed {seed}");
                let aside = if g.contract().unwrap().has_ecart() {
                    g.discard()
                } else {
                    g.dog()
                };
                assert_eq!(g.played(), CardSet::DECK.minus(aside));
                let s = score(&g.record().unwrap());
                assert_eq!(s.scores, scores);
                assert_eq!(scores.len(), n);
            }
            if seed % 25 == 0 {
                heavy_checks(&g);
            }
        }
    }
    assert_eq!(deals, 100_000);
}

#[test]
fn quick_bot_deals_pass_the_independent_checker() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for players in [3u8, 4, 5] {
        let bots = [Bot::Quick; 6];
        let mut played = 0;
        for seed in 0..2000 {
            let mut g = Game::new(players, Seat((seed % u64::from(players)) as u8), seed);
            play_out(&mut g, &bots, &mut rng);
            if g.contract().is_some() {
                played += 1;
            }
            heavy_checks(&g);
        }
        assert!(played > 500, "{players} players: only {played} deals taken");
    }
}

#[test]
fn the_checker_catches_broken_logs() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut g;
    let mut seed = 0;
    loop {
        g = random_deal(4, seed, &mut rng);
        if g.contract().is_some() {
            break;
        }
        seed += 1;
    }
    let good = serde_json::to_value(g.log()).unwrap();
    checker::check(&good).unwrap();
    let mut bad = good.clone();
    bad["scores"][0] = serde_json::json!(bad["scores"][0].as_i64().unwrap() + 1);
    assert!(checker::check(&bad).is_err());
    let mut bad = good.clone();
    bad["tricks"][0]["winner"] = serde_json::json!((bad["tricks"][0]["winner"].as_u64().unwrap() + 1) % 4);
    assert!(checker::check(&bad).is_err());
    let mut bad = good.clone();
    let p = bad["points"].as_f64().unwrap();
    bad["points"] = serde_json::json!(if p > 1.0 { p - 1.0 } else { p + 1.0 });
    assert!(checker::check(&bad).is_err());
    // Swap two cards of a trick: out of turn or illegal.
    let mut bad = good;
    let a = bad["tricks"][3]["cards"][0]["card"].clone();
    bad["tricks"][3]["cards"][0]["card"] = bad["tricks"][3]["cards"][1]["card"].clone();
    bad["tricks"][3]["cards"][1]["card"] = a;
    assert!(checker::check(&bad).is_err());
}

/// Tries many wrong actions at every step of random deals: each refused one
/// leaves the deal exactly as it was.
#[test]
fn every_illegal_action_leaves_the_state_unchanged() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut refused = 0;
    for seed in 0..150u64 {
        let players = 3 + (seed % 4) as u8;
        let mut g = Game::new(players, Seat(0), seed);
        while let Some(seat) = g.to_act() {
            for _ in 0..6 {
                let s = rng.random_range(0..players + 1);
                let c = Card::from_index(rng.random_range(0..78)).unwrap();
                let set = chelem_random_set(&mut rng);
                let a = match rng.random_range(0..6) {
                    0 => Action::Bid(if rng.random_bool(0.2) {
                        None
                    } else {
                        Some(Contract::ALL[rng.random_range(0..4)])
                    }),
                    1 if rng.random_bool(0.5) => Action::Call(Call::One(c)),
                    1 => Action::Call(Call::Two(c, Card::from_index(rng.random_range(0..78)).unwrap())),
                    2 => Action::Discard(set),
                    3 => Action::Chelem(rng.random_bool(0.5)),
                    4 => Action::Handful(set),
                    _ => Action::Card(c),
                };
                let before = g;
                let mut h = g;
                if let Err(e) = h.apply(Seat(s), a) {
                    refused += 1;
                    assert_eq!(h, before, "{e}");
                    assert!(!e.code().is_empty());
                }
            }
            let a = random_action(&g, seat, &mut rng);
            g.apply(seat, a).unwrap();
            // A deal in progress: its compact form replays to the same state.
            let compact: CompactDeal = serde_json::from_str(&serde_json::to_string(&g.compact()).unwrap()).unwrap();
            assert_eq!(Game::from_compact(&compact).unwrap(), g);
        }
        let e = try_apply(&g, 0, Action::Bid(None)).unwrap_err();
        assert_eq!(e, PlayError::DealOver);
    }
    assert!(refused > 5000, "{refused}");
}

fn try_apply(g: &Game, seat: u8, a: Action) -> Result<(), PlayError> {
    let mut h = *g;
    h.apply(Seat(seat), a)
}

fn chelem_random_set(rng: &mut ChaCha8Rng) -> CardSet {
    let k = rng.random_range(0..14);
    (0..k)
        .map(|_| Card::from_index(rng.random_range(0..78)).unwrap())
        .collect()
}

/// A seat's view never holds a card another seat holds hidden.
#[test]
fn views_never_show_another_seats_hidden_cards() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for seed in 0..300u64 {
        let players = 3 + (seed % 4) as u8;
        let mut g = Game::new(players, Seat((seed % 3) as u8), seed);
        loop {
            for seat in Seat::all(players) {
                let v = g.view(seat);
                assert_eq!(v.hand, g.hand(seat).to_vec());
                let text = serde_json::to_value(&v).unwrap();
                // Every card the view shows, but `legal` and `called`.
                let mut shown: Vec<Card> = v.hand.clone();
                shown.extend(v.dog.iter().flatten());
                shown.extend(&v.discard);
                shown.extend(v.handfuls.iter().flat_map(|h| h.shown.iter()));
                shown.extend(v.trick.iter().map(|p| p.card));
                shown.extend(v.last_trick.iter().flat_map(|t| t.cards.iter().map(|p| p.card)));
                let shown: CardSet = shown.into_iter().collect();
                // Public: the cards played, the dog once shown, handfuls and
                // trumps discarded.
                let mut public = g.played().or(g.hand(seat));
                if g.dog_public() {
                    public = public.or(g.dog());
                }
                for s in Seat::all(players) {
                    public = public.or(g.handful(s));
                }
                public = public.or(g.discard().and(CardSet::TRUMPS));
                if Some(seat) == g.taker() {
                    public = public.or(g.discard());
                }
                assert!(shown.is_subset(public), "seat {seat} sees {}", shown.minus(public));
                for other in Seat::all(players).filter(|&o| o != seat) {
                    assert!(shown.and(g.hand(other)).is_subset(public));
                }
                if matches!(g.phase(), Phase::Play | Phase::Discard) {
                    let legal: CardSet = v.legal.iter().map(|l| l.card().expect("a card")).collect();
                    assert!(legal.is_subset(g.hand(seat)));
                }
                for key in [
                    "seat",
                    "players",
                    "dealer",
                    "phase",
                    "to_act",
                    "hand",
                    "legal",
                    "bids",
                    "taker",
                    "contract",
                    "called",
                    "handfuls",
                    "trick",
                    "last_trick",
                    "scores",
                ] {
                    assert!(text.get(key).is_some(), "view without {key}");
                }
            }
            let Some(seat) = g.to_act() else { break };
            let a = quick_action(&g, seat, &mut rng);
            g.apply(seat, a).unwrap();
        }
    }
}

#[test]
fn actions_serialize_as_formats_says() {
    let cases = [
        (Action::Bid(None), r#"{"bid":"pass"}"#),
        (Action::Bid(Some(Contract::GardeSans)), r#"{"bid":"garde_sans"}"#),
        (Action::Call(Call::One(card("KH"))), r#"{"call":"KH"}"#),
        (
            Action::Call(Call::Two(card("KH"), card("QS"))),
            r#"{"call":["KH","QS"]}"#,
        ),
        (Action::Discard(cs("5H 2S")), r#"{"discard":["2S","5H"]}"#),
        (Action::Chelem(false), r#"{"chelem":false}"#),
        (Action::Handful(CardSet::EMPTY), r#"{"handful":[]}"#),
        (Action::Card(card("EX")), r#"{"card":"EX"}"#),
    ];
    for (a, json) in cases {
        assert_eq!(serde_json::to_string(&a).unwrap(), json);
        assert_eq!(serde_json::from_str::<Action>(json).unwrap(), a);
    }
    let view = serde_json::to_value(Game::new(4, Seat(3), 17).view(Seat(0))).unwrap();
    assert_eq!(view["phase"], "bidding");
    assert_eq!(view["to_act"], 0);
    assert_eq!(
        view["legal"],
        serde_json::json!(["pass", "petite", "garde", "garde_sans", "garde_contre"])
    );
    assert!(view.get("dog").is_none());
}

#[test]
fn a_deal_is_determined_by_its_seed() {
    for players in [3, 4, 5] {
        let a = Game::new(players, Seat(1), 99);
        let b = Game::new(players, Seat(1), 99);
        assert_eq!(a, b);
        assert_ne!(a, Game::new(players, Seat(1), 100));
        for s in Seat::all(players) {
            assert!(!chelem::tarot::play::is_petit_sec(a.dealt(s)));
        }
    }
    // Petit sec redeals happen (about 1 deal in 300 at 4 players) and are counted.
    let redealt = (0..20_000).filter(|&s| Game::new(4, Seat(0), s).redeals() > 0).count();
    assert!((20..200).contains(&redealt), "{redealt}");
}

#[test]
fn the_quick_bot_beats_the_random_player() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut quick = 0i64;
    for seed in 0..3000u64 {
        let players = 4;
        // Quick at seats 0 and 2, random at 1 and 3; rotate the dealer.
        let bots = [Bot::Quick, Bot::Random, Bot::Quick, Bot::Random, Bot::Random];
        let mut g = Game::new(players, Seat((seed % 4) as u8), seed);
        play_out(&mut g, &bots, &mut rng);
        let s = g.scores().unwrap();
        quick += s[0] + s[2];
    }
    eprintln!("quick seats (0 and 2) against random seats: {quick} over 3000 deals");
    assert!(quick > 1_000_000, "quick seats total {quick}");
}

#[test]
fn play_messages_exist_in_both_languages() {
    let src = std::fs::read_to_string("crates/core/src/tarot/play_error.rs").unwrap();
    let mut codes = 0;
    for part in src.split("=> \"").skip(1) {
        let code = &part[..part.find('"').unwrap()];
        codes += 1;
        for lang in chelem::i18n::Lang::ALL {
            let key = format!("play-{code}");
            let msg = lang.t_args(&key, &[]);
            assert_ne!(msg, key, "{}: {key}", lang.code());
        }
    }
    assert!(codes >= 20, "{codes}");
    let e = PlayError::MustOvertrump {
        card: "5T".into(),
        highest: "10T".into(),
    };
    let args: Vec<(&str, String)> = e.args();
    let fr = chelem::i18n::Lang::Fr.t_args(&format!("play-{}", e.code()), &args);
    assert!(fr.contains("10T") && fr.contains("monter"), "{fr}");
    let en = chelem::i18n::Lang::En.t_args(&format!("play-{}", e.code()), &args);
    assert_eq!(en, e.to_string());
}

/// A search may redistribute the hidden cards and play on.
#[test]
fn hands_can_be_resampled_mid_deal() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut g = Game::new(4, Seat(0), 42);
    while g.phase() != Phase::Play || g.tricks_done() < 3 {
        let s = g.to_act().unwrap();
        let a = quick_action(&g, s, &mut rng);
        g.apply(s, a).unwrap();
    }
    // Swap one card between seats 1 and 2.
    let (a, b) = (g.hand(Seat(1)).lowest().unwrap(), g.hand(Seat(2)).lowest().unwrap());
    let mut hands: Vec<CardSet> = Seat::all(4).map(|s| g.hand(s)).collect();
    hands[1].remove(a);
    hands[1].insert(b);
    hands[2].remove(b);
    hands[2].insert(a);
    if g.handful(Seat(1)).is_empty() && g.handful(Seat(2)).is_empty() {
        let mut h = g.with_hands(&hands).unwrap();
        assert_eq!(h.hand(Seat(1)), hands[1]);
        play_out(&mut h, &[Bot::Quick; 4], &mut rng);
        assert_eq!(h.scores().unwrap().iter().sum::<i64>(), 0);
    }
    // Wrong sizes or cards are refused.
    hands[1].remove(b);
    assert!(g.with_hands(&hands).is_none());
}

/// A phase's name is its JSON name, and an action out of its phase is
/// refused with both names (the action's as its JSON key).
#[test]
fn wrong_phase_refusals_name_the_action_and_the_phase() {
    for p in [
        Phase::Bidding,
        Phase::Calling,
        Phase::Discard,
        Phase::Chelem,
        Phase::Play,
        Phase::Done,
    ] {
        assert_eq!(serde_json::to_value(p).unwrap(), serde_json::json!(p.name()));
    }
    let others = [
        Action::Call(Call::One(card("KH"))),
        Action::Discard(CardSet::EMPTY),
        Action::Chelem(true),
        Action::Handful(CardSet::EMPTY),
        Action::Card(card("EX")),
    ];
    let key = |a: Action| {
        let v = serde_json::to_value(a).unwrap();
        v.as_object().unwrap().keys().next().unwrap().clone()
    };
    let bidding = Game::new(4, Seat(3), 5);
    for a in others {
        match try_apply(&bidding, 0, a) {
            Err(PlayError::WrongPhase { action, phase }) => {
                assert_eq!((action, phase), (key(a).as_str(), "bidding"), "{a:?}");
            }
            other => panic!("{a:?} while bidding: {other:?}"),
        }
    }
    let mut g = Game::new(4, Seat(3), 5);
    g.apply(Seat(0), Action::Bid(Some(Contract::GardeSans))).unwrap();
    for s in 1..4 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    assert_eq!(g.phase(), Phase::Chelem);
    let bid = Action::Bid(None);
    assert!(matches!(
        try_apply(&g, 0, bid),
        Err(PlayError::WrongPhase {
            action: "bid",
            phase: "chelem"
        })
    ));
}

/// Table size, dealer and seed are the ones the deal was made with; a deal
/// made from given hands has seed 0.
#[test]
fn a_deal_knows_its_table_dealer_and_seed() {
    let g = Game::new(5, Seat(3), 77);
    assert_eq!((g.players(), g.dealer(), g.seed()), (5, Seat(3), 77));
    let (hands, dog) = deal_with(4, &[], &[]);
    let g = Game::with_deal(4, Seat(2), &hands[..4], dog).unwrap();
    assert_eq!((g.players(), g.dealer(), g.seed()), (4, Seat(2), 0));
}

/// Stored digital deals keep only their seed and actions (`CompactDeal`):
/// the cards a seed deals must never change, or every stored deal would
/// replay into another one. The packets of 3 go round from the dealer's
/// next seat, the dog's cards between packets.
#[test]
fn a_seed_deals_the_same_cards_as_ever() {
    let show = |s: CardSet| s.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    let g = Game::new(4, Seat(1), 2026);
    let hands: Vec<String> = Seat::all(4).map(|s| show(g.dealt(s))).collect();
    let expected = [
        "1S 2S 3S 4S 6S NS JH 1D 8D 1C 2C 3C JC QC 3T 5T 13T 19T",
        "5S 9S JS NH 7D 9D ND 5C 7C 9C 4T 6T 8T 9T 12T 18T 20T 21T",
        "7S 1H 3H 8H 10H 2D 3D 4D 10D JD KD 6C 8C NC 1T 10T 17T EX",
        "8S 10S KS 2H 4H 5H 7H QH KH 5D 6D QD 10C 2T 7T 11T 15T 16T",
    ];
    assert_eq!(hands, expected);
    assert_eq!(show(g.dog()), "QS 6H 9H 4C KC 14T");
}

/// `Game::with_deal` takes only a real deal: 3 to 5 players, the dealer one
/// of them, one hand each of the right size, the 78 cards once.
#[test]
fn with_deal_refuses_what_is_not_a_deal() {
    let (hands, dog) = deal_with(4, &[], &[]);
    let four = [hands[0], hands[1], hands[2], hands[3]];
    assert!(Game::with_deal(4, Seat(3), &four, dog).is_some());
    let six = [hands[0]; 6];
    assert!(Game::with_deal(6, Seat(0), &six, dog).is_none(), "6 players");
    assert!(Game::with_deal(2, Seat(0), &four[..2], dog).is_none(), "2 players");
    assert!(
        Game::with_deal(4, Seat(4), &four, dog).is_none(),
        "a dealer outside the table"
    );
    assert!(
        Game::with_deal(4, Seat(3), &four[..3], dog).is_none(),
        "3 hands for 4 players"
    );
    // 19 and 17 cards: the 78 cards are all there.
    let mut uneven = four;
    let c = uneven[1].lowest().unwrap();
    uneven[1].remove(c);
    uneven[0].insert(c);
    assert!(
        Game::with_deal(4, Seat(3), &uneven, dog).is_none(),
        "hands of 19 and 17"
    );
    // One card in two hands, another in none: the sizes are right.
    let mut twice = four;
    let (kept, lost) = (twice[1].lowest().unwrap(), twice[0].lowest().unwrap());
    twice[0].remove(lost);
    twice[0].insert(kept);
    assert!(Game::with_deal(4, Seat(3), &twice, dog).is_none(), "a card twice");
    // A dog of 5 and a hand of 19.
    let mut small = dog;
    let d = small.lowest().unwrap();
    small.remove(d);
    let mut big = four;
    big[2].insert(d);
    assert!(Game::with_deal(4, Seat(3), &big, small).is_none(), "a dog of 5");
}

/// A search that redistributes hands at 5 players: the partner follows the
/// called card while it is in a hand, and stays who played it once played.
#[test]
fn resampled_hands_move_the_partner_with_the_called_card() {
    let g = setup(5, &["", "", "KH"], &[], Some("KH"), "");
    assert_eq!(g.partner(), Some(Seat(2)));
    let mut hands: Vec<CardSet> = Seat::all(5).map(|s| g.hand(s)).collect();
    let other = hands[3].lowest().unwrap();
    hands[2].remove(card("KH"));
    hands[2].insert(other);
    hands[3].remove(other);
    hands[3].insert(card("KH"));
    assert_eq!(g.with_hands(&hands).unwrap().partner(), Some(Seat(3)));
    // A card moved from one seat to another: the sizes change.
    let mut moved: Vec<CardSet> = Seat::all(5).map(|s| g.hand(s)).collect();
    let c = moved[1].lowest().unwrap();
    moved[1].remove(c);
    moved[4].insert(c);
    assert!(g.with_hands(&moved).is_none());

    // The called suit is led at the second trick, by seat 4.
    let g = setup(
        5,
        &["1C 2H", "2C 3H", "3C KH", "4C 4H", "QC 1H"],
        &[],
        Some("KH"),
        "1C 2C 3C 4C QC 1H 2H 3H KH 4H",
    );
    assert_eq!(g.partner_public(), Some(Seat(2)));
    let mut hands: Vec<CardSet> = Seat::all(5).map(|s| g.hand(s)).collect();
    let (a, b) = (hands[3].lowest().unwrap(), hands[4].lowest().unwrap());
    hands[3].remove(a);
    hands[3].insert(b);
    hands[4].remove(b);
    hands[4].insert(a);
    let h = g.with_hands(&hands).unwrap();
    assert_eq!((h.partner(), h.partner_public()), (Some(Seat(2)), Some(Seat(2))));
}

/// What a deal tells of its bidding: the dog shown once a petite or garde is
/// settled (never for a garde sans or contre), the card called at 5, the
/// chelem announced.
#[test]
fn the_dog_the_called_card_and_the_chelem_as_the_deal_goes() {
    // 5 players: seat 0 bids a garde, the others pass.
    let mut g = Game::new(5, Seat(4), 11);
    g.apply(Seat(0), Action::Bid(Some(Contract::Garde))).unwrap();
    assert!(!g.dog_public(), "a garde bid, the bidding goes on");
    for s in 1..5 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    assert_eq!(g.phase(), Phase::Calling);
    assert!(!g.dog_public(), "the card is not called yet");
    assert_eq!(g.called(), None);
    let king = g.legal_calls().lowest().unwrap();
    g.apply(Seat(0), Action::Call(Call::One(king))).unwrap();
    assert_eq!(g.called(), Some(king));
    assert_eq!(g.phase(), Phase::Discard);
    assert!(g.dog_public(), "a garde: the dog is shown before the écart");

    // 4 players: a garde sans keeps the dog hidden; no card is called.
    for yes in [false, true] {
        let mut g = Game::new(4, Seat(3), 11);
        g.apply(Seat(0), Action::Bid(Some(Contract::GardeSans))).unwrap();
        for s in 1..4 {
            g.apply(Seat(s), Action::Bid(None)).unwrap();
        }
        assert_eq!(g.phase(), Phase::Chelem);
        assert!(!g.dog_public(), "a garde sans: the dog stays hidden");
        assert_eq!(g.called(), None);
        g.apply(Seat(0), Action::Chelem(yes)).unwrap();
        assert_eq!(g.chelem_announced(), yes);
        assert!(!g.dog_public());
    }
}

/// Handfuls are shown in play before a seat's first card; the smallest one
/// a seat may show is its lowest trumps, the excuse standing in for a
/// missing trump only. Who leads the trick in progress.
#[test]
fn handfuls_offered_and_the_trick_leader() {
    let trumps = |from: u8, to: u8| (from..=to).map(|n| format!("{n}T")).collect::<Vec<_>>().join(" ");
    let seat0 = format!("{} 1S", trumps(1, 11));
    let seat1 = format!("{} EX 2S", trumps(12, 20));
    let (hands, dog) = deal_with(4, &[&seat0, &seat1, "KS 5H", "3S 6H"], &["T", "T", "", "TX"]);
    let mut g = Game::with_deal(4, Seat(3), &hands[..4], dog).unwrap();
    assert_eq!(g.trick_leader(), Seat(0), "while bidding: who acts");
    assert!(!g.may_show_handful(Seat(0)), "no handful while bidding");
    assert_eq!(g.smallest_handful(Seat(0)), None);
    g.apply(Seat(0), Action::Bid(Some(Contract::GardeSans))).unwrap();
    assert_eq!(g.trick_leader(), Seat(1), "while bidding: who acts");
    for s in 1..4 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    g.apply(Seat(0), Action::Chelem(false)).unwrap();

    assert!(g.may_show_handful(Seat(0)) && g.may_show_handful(Seat(1)));
    assert_eq!(
        g.smallest_handful(Seat(0)),
        Some(cs(&trumps(1, 10))),
        "10 lowest trumps, no excuse"
    );
    assert_eq!(g.smallest_handful(Seat(1)), None, "not seat 1's turn");
    g.apply(Seat(0), Action::Card(card("1S"))).unwrap();
    assert!(!g.may_show_handful(Seat(0)), "after its first card");
    assert_eq!(g.smallest_handful(Seat(0)), None);
    assert!(g.may_show_handful(Seat(1)));
    assert_eq!(
        g.smallest_handful(Seat(1)),
        Some(cs(&format!("{} EX", trumps(12, 20)))),
        "9 trumps and the excuse"
    );
    g.apply(Seat(1), Action::Card(card("2S"))).unwrap();
    let two = g.hand(Seat(2)).and(CardSet::TRUMPS).len();
    assert!(two < 9, "seat 2 has {two} trumps");
    assert_eq!(g.smallest_handful(Seat(2)), None, "too few trumps");
    assert_eq!(g.trick_leader(), Seat(0));
    g.apply(Seat(2), Action::Card(card("KS"))).unwrap();
    assert_eq!(g.smallest_handful(Seat(3)), None, "no trump at all");
    for c in ["3S", "5H", "6H"] {
        let s = g.to_act().unwrap();
        g.apply(s, Action::Card(card(c))).unwrap();
    }
    assert_eq!(
        (g.trick_leader(), g.to_act()),
        (Seat(2), Some(Seat(0))),
        "seat 2 won the first trick and leads"
    );
    let seats: Vec<Seat> = g.view(Seat(3)).trick.iter().map(|p| p.seat).collect();
    assert_eq!(seats, [Seat(2), Seat(3)]);
    // Then seat 1 is to act again, too late for a handful.
    g.apply(Seat(0), Action::Card(g.legal_cards().lowest().unwrap()))
        .unwrap();
    assert_eq!(g.to_act(), Some(Seat(1)));
    let seats: Vec<Seat> = g.view(Seat(1)).trick.iter().map(|p| p.seat).collect();
    assert_eq!(seats, [Seat(2), Seat(3), Seat(0)], "round the table from the leader");
    let shown = cs(&format!("{} EX", trumps(12, 20)));
    assert!(matches!(
        try_apply(&g, 1, Action::Handful(shown)),
        Err(PlayError::HandfulLate)
    ));
    assert!(!g.may_show_handful(Seat(1)));

    // Trumps enough and the excuse: the excuse stays in the hand.
    let (hands, dog) = deal_with(4, &[&format!("{} EX", trumps(1, 10))], &["T"]);
    let mut g = Game::with_deal(4, Seat(3), &hands[..4], dog).unwrap();
    g.apply(Seat(0), Action::Bid(Some(Contract::GardeSans))).unwrap();
    for s in 1..4 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    g.apply(Seat(0), Action::Chelem(false)).unwrap();
    assert_eq!(g.smallest_handful(Seat(0)), Some(cs(&trumps(1, 10))));
}

/// The bids offered: only to the seat to act, only above the highest; a
/// seat outside the table is refused with the last seat named.
#[test]
fn bids_offered_and_seats_outside_the_table() {
    let mut g = Game::new(4, Seat(3), 21);
    assert_eq!(g.legal_bids(Seat(1)), vec![], "seat 0 bids first");
    assert_eq!(g.legal_bids(Seat(0)).len(), 5, "pass and the four contracts");
    g.apply(Seat(0), Action::Bid(Some(Contract::Petite))).unwrap();
    assert_eq!(g.legal_bids(Seat(0)), vec![]);
    let v = g.view(Seat(1));
    assert_eq!(
        (v.taker, v.contract),
        (None, None),
        "no taker while the bidding goes on"
    );
    assert_eq!(
        g.legal_bids(Seat(1)),
        vec![
            None,
            Some(Contract::Garde),
            Some(Contract::GardeSans),
            Some(Contract::GardeContre)
        ]
    );
    assert!(matches!(
        try_apply(&g, 7, Action::Bid(None)),
        Err(PlayError::NoSuchSeat {
            seat: Seat(7),
            last: Seat(3)
        })
    ));
    for s in 1..4 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    assert_eq!(g.legal_bids(g.to_act().unwrap()), vec![], "the bidding is over");
    let v = g.view(Seat(1));
    assert_eq!((v.taker, v.contract), (Some(Seat(0)), Some(Contract::Petite)));
}

/// A compact deal of a table that cannot be is refused, not replayed.
#[test]
fn a_compact_deal_of_no_table_is_refused() {
    let mut c = Game::new(4, Seat(3), 5).compact();
    for (players, dealer) in [(7, 0), (2, 0), (4, 4), (6, 6)] {
        c.players = players;
        c.dealer = Seat(dealer);
        assert!(
            matches!(Game::from_compact(&c), Err((0, PlayError::NoSuchSeat { .. }))),
            "{players} players, dealer {dealer}"
        );
    }
}

/// The écart: plain cards (no king, no trump) while there are enough of
/// them; otherwise trumps too, never an oudler.
#[test]
fn discardable_cards_take_trumps_only_when_plain_ones_run_short() {
    // Seat 0 holds 15 trumps and three kings; the dog gives 5 more trumps
    // and one plain card.
    let taker = cs(&format!(
        "{} KS KH KD",
        (1..=15).map(|n| format!("{n}T")).collect::<Vec<_>>().join(" ")
    ));
    let dog = cs("16T 17T 18T 19T 20T 1S");
    let rest: Vec<Card> = CardSet::DECK.minus(taker).minus(dog).iter().collect();
    let mut hands = vec![taker];
    hands.extend(rest.chunks(18).map(|c| c.iter().copied().collect::<CardSet>()));
    let mut g = Game::with_deal(4, Seat(3), &hands, dog).unwrap();
    assert_eq!(g.discardable(), CardSet::EMPTY, "not before the bidding ends");
    g.apply(Seat(0), Action::Bid(Some(Contract::Garde))).unwrap();
    for s in 1..4 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    assert_eq!(g.phase(), Phase::Discard);
    let trumps = (2..=20).map(|n| format!("{n}T")).collect::<Vec<_>>().join(" ");
    assert_eq!(g.discardable(), cs(&format!("1S {trumps}")));

    // A hand with plain cards enough: those, and nothing else.
    let mut g = Game::new(4, Seat(3), 8);
    g.apply(Seat(0), Action::Bid(Some(Contract::Garde))).unwrap();
    for s in 1..4 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    let plain = g.hand(Seat(0)).and(CardSet::SUITED).minus(CardSet::KINGS);
    assert!(plain.len() >= 6, "{plain:?}");
    assert_eq!(g.discardable(), plain);
}

/// Plays `cards` in turn order on `g`.
fn play_cards(g: &mut Game, cards: &str) {
    for c in cards.split_whitespace() {
        let seat = g.to_act().unwrap();
        g.apply(seat, Action::Card(card(c)))
            .unwrap_or_else(|e| panic!("{c}: {e}"));
    }
}

#[test]
fn the_excuse_stays_shown_until_its_camp_can_give_a_card_for_it() {
    // 4 players: seat 1 (defence) plays the excuse to a trick the taker
    // wins while the defence has no trick yet: it owes a card.
    let mut g = setup(
        4,
        &["KH KS 4C", "EX 2S KC", "2H 3S 5C", "3H 4S 6C"],
        &[],
        None,
        "KH EX 2H",
    );
    assert_eq!(g.excuse_owed(), None, "the trick is not over");
    play_cards(&mut g, "3H");
    assert_eq!(g.excuse_owed(), Some(Seat(1)));
    for s in 0..4 {
        assert_eq!(g.view(Seat(s)).excuse_owed, Some(Seat(1)), "every seat sees it");
    }
    let json = serde_json::to_value(g.view(Seat(2))).unwrap();
    assert_eq!(json["excuse_owed"], 1);
    play_cards(&mut g, "KS 2S 3S 4S");
    assert_eq!(g.excuse_owed(), Some(Seat(1)), "the taker won again");
    play_cards(&mut g, "4C KC 5C 6C");
    assert_eq!(g.excuse_owed(), None, "the defence won a trick: the card is given");
    assert!(serde_json::to_value(g.view(Seat(0)))
        .unwrap()
        .get("excuse_owed")
        .is_none());

    // 5 players: while the called king is unseen the camps are secret, so
    // is the debt; it shows once the partner is known.
    let mut g = setup(
        5,
        &["KH 2D 8C", "EX 3D 9C", "2H KD 6C", "3H 4D KC", "4H 5D 7C"],
        &[],
        Some("KD"),
        "KH EX 2H 3H 4H",
    );
    assert_eq!(g.excuse_owed(), None, "the partner is still secret");
    play_cards(&mut g, "2D 3D KD 4D 5D");
    assert_eq!(g.view(Seat(3)).partner, Some(Seat(2)));
    assert_eq!(g.excuse_owed(), Some(Seat(1)));
    play_cards(&mut g, "6C KC 7C 8C 9C");
    assert_eq!(g.excuse_owed(), None);
}
