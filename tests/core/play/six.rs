//! Six players (RULES.md "Six players", casual games): 12 cards each and a
//! dog of 6, the call of a king and a queen (two queens holding the four
//! kings, two knights holding the kings and the queens), the partners (the
//! called cards' holders: 0, 1 or 2), the first-trick rule on the called
//! suits, the log (`called` and `partner` as lists), and random and bot
//! deals through the independent checker.

use super::{card, checker, cs, deal_with, heavy_checks, random_deal};

use chelem::bots::{play_out, Bot};
use chelem::tarot::cards::CardSet;
use chelem::tarot::play::{Call, LogPartner};
use chelem::tarot::{score, Action, Card, Contract, Game, Phase, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn two(a: &str, b: &str) -> Action {
    Action::Call(Call::Two(card(a), card(b)))
}

/// Seat 0 (the dealer is seat 5) bids `contract`, the others pass: the
/// calling phase, on the given hands and dog.
fn calling_on(hands: &[CardSet; 6], dog: CardSet, contract: Contract) -> Game {
    let mut g = Game::with_deal(6, Seat(5), hands, dog).unwrap();
    g.apply(Seat(0), Action::Bid(Some(contract))).unwrap();
    for s in 1..6 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    assert_eq!(g.phase(), Phase::Calling);
    g
}

/// As [`calling_on`], seat `s` holding `given[s]` (the rest dealt around).
fn calling(given: &[&str], contract: Contract) -> Game {
    let (hands, dog) = deal_with(6, given, &[]);
    calling_on(&hands, dog, contract)
}

/// The same deal with `c` moved into the dog (a dog card takes its place).
fn into_dog(hands: &mut [CardSet; 6], dog: &mut CardSet, c: Card) {
    let s = hands.iter().position(|h| h.contains(c)).expect("a dealt card");
    let d = dog
        .minus(CardSet::KINGS.or(CardSet::QUEENS))
        .lowest()
        .expect("a plain dog card");
    hands[s].remove(c);
    hands[s].insert(d);
    dog.remove(d);
    dog.insert(c);
}

fn code(g: &Game, a: Action) -> &'static str {
    let mut h = *g;
    let e = h.apply(Seat(0), a).unwrap_err();
    assert_eq!(&h, g, "a refused call changes nothing");
    e.code()
}

#[test]
fn a_six_player_deal_is_twelve_cards_each_and_a_dog_of_six() {
    for seed in 0..60u64 {
        let g = Game::new(6, Seat((seed % 6) as u8), seed);
        let mut all = g.dog();
        for s in Seat::all(6) {
            assert_eq!(g.dealt(s).len(), 12, "seed {seed}");
            all = all.or(g.dealt(s));
        }
        assert_eq!(g.dog().len(), 6);
        assert_eq!(all, CardSet::DECK);
        assert_eq!(g.tricks_total(), 12);
        assert_eq!(g.to_act(), Some(Seat(((seed + 1) % 6) as u8)));
    }
}

#[test]
fn the_taker_calls_a_king_and_a_queen_in_any_suits() {
    let g = calling(&["2H", "KH", "QS"], Contract::Garde);
    assert_eq!(g.legal_calls(), CardSet::KINGS.or(CardSet::QUEENS));
    assert_eq!(code(&g, Action::Call(Call::One(card("KH")))), "call-two");
    assert_eq!(code(&g, two("KH", "KS")), "call-king-queen");
    assert_eq!(code(&g, two("QH", "QS")), "call-king-queen");
    assert_eq!(code(&g, two("KH", "NS")), "call-king-queen");
    assert_eq!(code(&g, two("KH", "KH")), "call-king-queen");
    let mut h = g;
    assert_eq!(
        h.apply(Seat(0), two("KH", "KS")).unwrap_err().to_string(),
        "at 6 players the taker calls a king and a queen, not KH and KS"
    );
    // Queen first is fine; the order called is kept.
    let mut g = g;
    g.apply(Seat(0), two("QS", "KH")).unwrap();
    assert_eq!(g.call(), Some(Call::Two(card("QS"), card("KH"))));
    assert_eq!(g.called_cards(), cs("KH QS"));
    assert_eq!(g.partners(), [Seat(1), Seat(2)]);
    assert!(g.is_attack(Seat(1)) && g.is_attack(Seat(2)) && !g.is_attack(Seat(3)));
    // Garde: the taker takes the dog of 6 and discards 6.
    assert_eq!(g.phase(), Phase::Discard);
    assert_eq!(g.hand(Seat(0)).len(), 18);
    let six = g.discardable().iter().take(6).collect::<CardSet>();
    let five = six.minus(CardSet::one(six.lowest().unwrap()));
    assert_eq!(code(&g, Action::Discard(five)), "discard-count");
    g.apply(Seat(0), Action::Discard(six)).unwrap();
    assert_eq!(g.hand(Seat(0)).len(), 12);
    // The same suit twice is allowed.
    let mut g = calling(&["2H", "KH", "QH"], Contract::GardeSans);
    g.apply(Seat(0), two("KH", "QH")).unwrap();
    assert_eq!(g.partners(), [Seat(1), Seat(2)]);
    assert_eq!(g.phase(), Phase::Chelem);
    // One card at 5 players, never two.
    let (hands, dog) = deal_with(5, &["2H"], &[]);
    let mut g = Game::with_deal(5, Seat(4), &hands[..5], dog).unwrap();
    g.apply(Seat(0), Action::Bid(Some(Contract::Garde))).unwrap();
    for s in 1..5 {
        g.apply(Seat(s), Action::Bid(None)).unwrap();
    }
    assert_eq!(code(&g, two("KH", "QS")), "call-one");
}

#[test]
fn four_kings_call_two_queens_and_kings_and_queens_two_knights() {
    let g = calling(&["KS KH KD KC 2H", "QH", "QD"], Contract::Garde);
    assert_eq!(g.legal_calls(), CardSet::QUEENS);
    assert_eq!(code(&g, two("KH", "QD")), "call-two-queens");
    assert_eq!(code(&g, two("QH", "QH")), "call-two-queens");
    assert_eq!(code(&g, two("QH", "NH")), "call-two-queens");
    let mut h = g;
    h.apply(Seat(0), two("QD", "QH")).unwrap();
    assert_eq!(h.partners(), [Seat(1), Seat(2)]);

    let g = calling(&["KS KH KD KC QS QH QD QC NS", "NH"], Contract::Garde);
    assert_eq!(g.legal_calls(), CardSet::KNIGHTS);
    assert_eq!(code(&g, two("NH", "QS")), "call-two-knights");
    assert_eq!(code(&g, two("NH", "NH")), "call-two-knights");
    let mut h = g;
    h.apply(Seat(0), two("NH", "NS")).unwrap();
    // NS is the taker's own: one partner.
    assert_eq!(h.partners(), [Seat(1)]);
    assert_eq!(h.called_holders().collect::<Vec<_>>(), [Some(Seat(1)), Some(Seat(0))]);
}

#[test]
fn the_partners_are_the_holders_of_the_called_cards() {
    let partners = |given: &[&str], dogged: &[&str]| {
        let (mut hands, mut dog) = deal_with(6, given, &[]);
        for c in dogged {
            into_dog(&mut hands, &mut dog, card(c));
        }
        let mut g = calling_on(&hands, dog, Contract::GardeSans);
        g.apply(Seat(0), two("KH", "QS")).unwrap();
        (g.partners(), g.log().partner)
    };
    let list = |s: &[u8]| Some(LogPartner::Seats(s.iter().map(|&s| Seat(s)).collect()));
    // Two players.
    assert_eq!(
        partners(&["", "", "", "KH", "QS"], &[]),
        (vec![Seat(3), Seat(4)], list(&[3, 4]))
    );
    // One: the same player holds both cards...
    assert_eq!(partners(&["", "", "KH QS"], &[]), (vec![Seat(2)], list(&[2])));
    // ... or the taker holds one ...
    assert_eq!(partners(&["KH", "QS"], &[]), (vec![Seat(1)], list(&[1])));
    // ... or one lies in the dog.
    assert_eq!(
        partners(&["", "", "", "", "", "QS"], &["KH"]),
        (vec![Seat(5)], list(&[5]))
    );
    // None: the taker holds both, or the dog, or one each.
    assert_eq!(partners(&["KH QS"], &[]), (vec![], list(&[])));
    assert_eq!(partners(&[], &["KH", "QS"]), (vec![], list(&[])));
    assert_eq!(partners(&["KH"], &["QS"]), (vec![], list(&[])));
}

#[test]
fn on_the_first_trick_a_called_suit_is_led_only_with_a_called_card() {
    // The taker (seat 0, dealer 5) leads the first trick.
    let lead = |given: &[&str], voids: &[&str], call: Action| {
        let (hands, dog) = deal_with(6, given, voids);
        let mut g = calling_on(&hands, dog, Contract::GardeSans);
        g.apply(Seat(0), call).unwrap();
        g.apply(Seat(0), Action::Chelem(false)).unwrap();
        (g.legal_cards(), g.hand(Seat(0)))
    };
    let hs = CardSet::suit(card("KH").suit().unwrap()).or(CardSet::suit(card("QS").suit().unwrap()));
    let (legal, hand) = lead(&["KH 2H 3S 4D 5T"], &[], two("KH", "QS"));
    assert_eq!(legal, hand.minus(hs).or(cs("KH")));
    assert!(legal.contains(card("4D")) && !legal.contains(card("2H")) && !legal.contains(card("3S")));
    // The same suit called twice: only that suit is barred.
    let (legal, hand) = lead(&["2H 3S QH"], &[], two("KH", "QH"));
    let hearts = CardSet::suit(card("KH").suit().unwrap());
    assert_eq!(legal, hand.minus(hearts).or(cs("QH")));
    assert!(legal.contains(card("3S")));
    // Nothing but the called suits (and no called card): anything goes.
    let (legal, hand) = lead(&["", "KH", "QS"], &["DCTX"], two("KH", "QS"));
    assert_eq!(legal, hand);
    // After the first trick the called suits are free.
    let (hands, dog) = deal_with(6, &["KH 2H 3S 4D"], &[]);
    let mut g = calling_on(&hands, dog, Contract::GardeSans);
    g.apply(Seat(0), two("KH", "QS")).unwrap();
    g.apply(Seat(0), Action::Chelem(false)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while g.tricks_done() == 0 {
        let seat = g.to_act().unwrap();
        let a = chelem::bots::random_action(&g, seat, &mut rng);
        g.apply(seat, a).unwrap();
    }
    let seat = g.to_act().unwrap();
    assert!(g.trick().is_empty());
    assert_eq!(g.legal_cards(), g.hand(seat));
}

#[test]
fn the_view_and_the_log_write_the_call_and_the_partners_as_lists() {
    let (hands, dog) = deal_with(6, &["2H", "KH", "", "QS"], &[]);
    let mut g = calling_on(&hands, dog, Contract::GardeSans);
    g.apply(Seat(0), two("KH", "QS")).unwrap();
    g.apply(Seat(0), Action::Chelem(false)).unwrap();
    let view = serde_json::to_value(g.view(Seat(2))).unwrap();
    assert_eq!(view["called"], serde_json::json!(["KH", "QS"]));
    assert_eq!(view["partners"], serde_json::json!([]));
    // The actions replay, the call included.
    let back: Action = serde_json::from_str(r#"{"call": ["KH", "QS"]}"#).unwrap();
    assert_eq!(back, two("KH", "QS"));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut shown = false;
    while let Some(seat) = g.to_act() {
        let a = chelem::bots::quick_action(&g, seat, &mut rng);
        g.apply(seat, a).unwrap();
        if g.played().contains(card("KH")) && !shown {
            shown = true;
            let v = serde_json::to_value(g.view(Seat(2))).unwrap();
            assert!(v["partners"].as_array().unwrap().contains(&serde_json::json!(1)), "{v}");
        }
    }
    let log = serde_json::to_value(g.log()).unwrap();
    assert_eq!(log["called"], serde_json::json!(["KH", "QS"]));
    assert_eq!(log["partner"], serde_json::json!([1, 3]));
    // (A deal from given hands has no seed to replay: the checker and the
    // log writer only.)
    checker::check(&log).unwrap();
    let mut fast = Vec::new();
    g.write_log(&mut fast).unwrap();
    assert_eq!(
        String::from_utf8(fast).unwrap(),
        serde_json::to_string(&g.log()).unwrap()
    );
    // Each partner scores S, each defender −S, the taker S.
    let scores = g.scores().unwrap();
    let s = scores[1];
    assert_eq!(scores, vec![s, s, -s, s, -s, -s]);
    assert_eq!(score(&g.record().unwrap()).scores, scores);
}

/// Tallies what the six-player deals went through, so that the checks are
/// seen to cover each case.
#[derive(Default, Debug)]
struct Seen {
    played: u32,
    partners: [u32; 3],
    queens: u32,
}

impl Seen {
    fn add(&mut self, g: &Game) {
        if g.contract().is_none() {
            return;
        }
        self.played += 1;
        self.partners[g.partners().len()] += 1;
        if g.called_cards().is_subset(CardSet::QUEENS) {
            self.queens += 1;
        }
    }
}

/// Random legal play at 6 players, every deal through the log writer, the
/// independent checker, the replay and the compact form. 100,000 such deals
/// run with `cargo test --test core -- --ignored six::` (see the report of
/// issue 26); the suite runs 5,000.
fn random_six_player_deals(count: u64) -> Seen {
    let mut rng = ChaCha8Rng::seed_from_u64(66);
    let mut seen = Seen::default();
    for seed in 0..count {
        let g = random_deal(6, seed, &mut rng);
        assert_eq!(g.scores().unwrap().iter().sum::<i64>(), 0);
        if let Some(o) = g.outcome() {
            assert_eq!(o.points.get() + o.defence_points.get(), 182, "seed {seed}");
        }
        heavy_checks(&g);
        seen.add(&g);
    }
    seen
}

#[test]
fn random_six_player_deals_pass_the_independent_checker() {
    let seen = random_six_player_deals(5_000);
    assert!(seen.played > 4_000, "{seen:?}");
    assert!(seen.partners.iter().all(|&k| k > 50), "{seen:?}");
}

#[test]
#[ignore = "100,000 deals: a few minutes; run by hand"]
fn a_hundred_thousand_random_six_player_deals_pass_the_independent_checker() {
    let seen = random_six_player_deals(100_000);
    eprintln!("{seen:?}");
    assert!(seen.partners.iter().all(|&k| k > 1_000), "{seen:?}");
}

#[test]
fn quick_bot_six_player_deals_pass_the_independent_checker() {
    let mut rng = ChaCha8Rng::seed_from_u64(606);
    let bots = [Bot::Quick; 6];
    let mut seen = Seen::default();
    for seed in 0..2000 {
        let mut g = Game::new(6, Seat((seed % 6) as u8), seed);
        play_out(&mut g, &bots, &mut rng);
        heavy_checks(&g);
        seen.add(&g);
    }
    assert!(seen.played > 500, "{seen:?}");
    assert!(seen.partners.iter().all(|&k| k > 0), "{seen:?}");
}

#[test]
fn the_checker_catches_broken_six_player_logs() {
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    let g = (0..)
        .map(|seed| random_deal(6, seed, &mut rng))
        .find(|g| g.partners().len() == 2)
        .unwrap();
    let good = serde_json::to_value(g.log()).unwrap();
    checker::check(&good).unwrap();
    // A partner left out, a bare seat, one card called, a king for the queen.
    let mut bad = good.clone();
    bad["partner"].as_array_mut().unwrap().pop();
    assert!(checker::check(&bad).is_err());
    let mut bad = good.clone();
    bad["partner"] = bad["partner"][0].clone();
    assert!(checker::check(&bad).is_err());
    let mut bad = good.clone();
    bad["called"] = bad["called"][0].clone();
    assert!(checker::check(&bad).is_err());
    let mut bad = good.clone();
    let king = ["KS", "KH", "KD", "KC"]
        .into_iter()
        .find(|k| !good["called"].as_array().unwrap().contains(&serde_json::json!(k)))
        .unwrap();
    let q = usize::from(good["called"][0].as_str().unwrap().starts_with('K'));
    bad["called"][q] = serde_json::json!(king);
    assert!(checker::check(&bad).is_err());
    // A score that pays the taker as if alone.
    let mut bad = good;
    let t = bad["taker"].as_u64().unwrap() as usize;
    let s = bad["scores"][t].as_i64().unwrap();
    bad["scores"][t] = serde_json::json!(5 * s);
    assert!(checker::check(&bad).is_err());
}
