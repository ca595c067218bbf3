//! The game-log writer against serde: [`Game::write_log`] is written by hand
//! for speed (with serde building a `GameLog` first, `chelem simulate --log`
//! takes about 60% longer), so it must give, byte for byte, what
//! `serde_json` writes of [`Game::log`], for any deal: random seeds and
//! dealers at 3, 4, 5 and 6 players, random legal play (or the quick bots), at
//! every step from the deal to the score.

use chelem::bots::Bot;
use chelem::tarot::{Game, Seat};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The log line as `write_log` writes it.
fn written(g: &Game) -> String {
    let mut out = Vec::new();
    g.write_log(&mut out).expect("writing to a vector");
    String::from_utf8(out).expect("the log is UTF-8")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn the_log_writer_writes_what_serde_writes(
        players in 3u8..=6,
        dealer in 0u8..6,
        seed in any::<u64>(),
        play in any::<u64>(),
        quick in any::<bool>(),
    ) {
        let mut g = Game::new(players, Seat(dealer % players), seed);
        let bot = if quick { Bot::Quick } else { Bot::Random };
        let mut rng = ChaCha8Rng::seed_from_u64(play);
        loop {
            prop_assert_eq!(written(&g), serde_json::to_string(&g.log()).unwrap());
            let Some(seat) = g.to_act() else { break };
            let action = bot.act(&g, seat, &mut rng);
            g.apply(seat, action).expect("a legal action");
        }
    }
}
