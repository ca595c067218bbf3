//! An independent checker of a game-log line (FORMATS.md) against the FFT
//! rules (RULES.md). It reads the JSON with its own card parser and its own
//! trick, excuse, counting and scoring code: nothing of the engine.

use serde_json::Value;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Suit(u8),
    Trump,
    Excuse,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct C {
    kind: Kind,
    rank: u8,
}

impl C {
    fn half(self) -> i64 {
        match (self.kind, self.rank) {
            (Kind::Excuse, _) | (Kind::Trump, 1) | (Kind::Trump, 21) => 9,
            (Kind::Suit(_), 14) => 9,
            (Kind::Suit(_), 13) => 7,
            (Kind::Suit(_), 12) => 5,
            (Kind::Suit(_), 11) => 3,
            _ => 1,
        }
    }
    fn oudler(self) -> bool {
        matches!(
            (self.kind, self.rank),
            (Kind::Excuse, _) | (Kind::Trump, 1) | (Kind::Trump, 21)
        )
    }
    fn trump(self) -> bool {
        self.kind == Kind::Trump
    }
    fn is_ex(self) -> bool {
        self.kind == Kind::Excuse
    }
}

fn parse(s: &str) -> Result<C, String> {
    if s == "EX" {
        return Ok(C {
            kind: Kind::Excuse,
            rank: 0,
        });
    }
    let (head, last) = s.split_at(s.len() - 1);
    let rank: u8 = match head {
        "J" => 11,
        "N" => 12,
        "Q" => 13,
        "K" => 14,
        h => h.parse().map_err(|_| format!("bad card {s}"))?,
    };
    let kind = match last {
        "T" if (1..=21).contains(&rank) => Kind::Trump,
        "S" if (1..=14).contains(&rank) => Kind::Suit(0),
        "H" if (1..=14).contains(&rank) => Kind::Suit(1),
        "D" if (1..=14).contains(&rank) => Kind::Suit(2),
        "C" if (1..=14).contains(&rank) => Kind::Suit(3),
        _ => return Err(format!("bad card {s}")),
    };
    Ok(C { kind, rank })
}

fn cards(v: &Value) -> Result<Vec<C>, String> {
    v.as_array()
        .ok_or("not a list of cards")?
        .iter()
        .map(|c| parse(c.as_str().ok_or("card not a string")?))
        .collect()
}

fn contract_rank(s: &str) -> Result<u8, String> {
    Ok(match s {
        "petite" => 1,
        "garde" => 2,
        "garde_sans" => 3,
        "garde_contre" => 4,
        _ => return Err(format!("bad contract {s}")),
    })
}

fn u(v: &Value, f: &str) -> Result<usize, String> {
    v[f].as_u64().map(|x| x as usize).ok_or(format!("{f} missing"))
}

fn remove(hand: &mut Vec<C>, c: C) -> bool {
    if let Some(i) = hand.iter().position(|x| *x == c) {
        hand.swap_remove(i);
        true
    } else {
        false
    }
}

/// What the checker found (for statistics).
#[derive(Debug, Default)]
pub struct Checked {
    pub void: bool,
}

/// Checks one game-log line; the error says what breaks the rules.
pub fn check(line: &Value) -> Result<Checked, String> {
    let n = u(line, "players")?;
    let dealer = u(line, "dealer")?;
    let (each, dog_n) = match n {
        3 => (24, 6),
        4 => (18, 6),
        5 => (15, 3),
        6 => (12, 6),
        _ => return Err("players".into()),
    };
    if dealer >= n {
        return Err("dealer".into());
    }
    // The deal: sizes, every card once, no petit sec.
    let hands_v = line["hands"].as_array().ok_or("hands")?;
    if hands_v.len() != n {
        return Err("hands count".into());
    }
    let mut hands: Vec<Vec<C>> = hands_v.iter().map(cards).collect::<Result<_, _>>()?;
    let dog = cards(&line["dog"])?;
    if dog.len() != dog_n || hands.iter().any(|h| h.len() != each) {
        return Err("dealing sizes".into());
    }
    let mut all: Vec<C> = hands.iter().flatten().copied().chain(dog.iter().copied()).collect();
    all.sort_by_key(|c| (kind_key(c.kind), c.rank));
    all.dedup();
    if all.len() != 78 {
        return Err(format!("{} distinct cards, not 78", all.len()));
    }
    for h in &hands {
        let trumps: Vec<_> = h.iter().filter(|c| c.trump()).collect();
        if trumps.len() == 1 && trumps[0].rank == 1 && !h.iter().any(|c| c.is_ex()) {
            return Err("petit sec not redealt".into());
        }
    }
    // Bidding: one round from the dealer's next seat, each bid higher.
    let bids = line["bids"].as_array().ok_or("bids")?;
    if bids.len() != n {
        return Err("one bid per seat".into());
    }
    let mut best = 0u8;
    let mut taker = None;
    for (k, b) in bids.iter().enumerate() {
        let seat = u(b, "seat")?;
        if seat != (dealer + 1 + k) % n {
            return Err("bidding order".into());
        }
        let bid = b["bid"].as_str().ok_or("bid")?;
        if bid != "pass" {
            let r = contract_rank(bid)?;
            if r <= best {
                return Err(format!("bid {bid} not higher"));
            }
            best = r;
            taker = Some(seat);
        }
    }
    let scores: Vec<i64> = line["scores"]
        .as_array()
        .ok_or("scores")?
        .iter()
        .map(|s| s.as_i64().ok_or("score"))
        .collect::<Result<_, _>>()?;
    if scores.len() != n {
        return Err("scores count".into());
    }
    let Some(taker) = taker else {
        if !line["taker"].is_null() || !line["tricks"].as_array().is_some_and(|t| t.is_empty()) {
            return Err("void deal with a taker or tricks".into());
        }
        if scores.iter().any(|s| *s != 0) {
            return Err("void deal scored".into());
        }
        return Ok(Checked { void: true });
    };
    if u(line, "taker")? != taker {
        return Err("taker".into());
    }
    let contract = contract_rank(line["contract"].as_str().ok_or("contract")?)?;
    if contract != best {
        return Err("contract".into());
    }
    // The call (5 players: one card; 6 players: a king and a queen).
    let (called, partners) = check_call(line, &hands, n, taker)?;
    let attack = |s: usize| s == taker || partners.contains(&s);
    // The écart.
    let discard = cards(&line["discard"])?;
    if contract <= 2 {
        let mut h = hands[taker].clone();
        h.extend(dog.iter().copied());
        if discard.len() != dog_n {
            return Err("écart size".into());
        }
        let plain = h
            .iter()
            .filter(|c| matches!(c.kind, Kind::Suit(_)) && c.rank != 14)
            .count();
        let trumps = discard.iter().filter(|c| c.trump()).count();
        for c in &discard {
            if !remove(&mut h, *c) {
                return Err("écart card not held".into());
            }
            if c.oudler() || (matches!(c.kind, Kind::Suit(_)) && c.rank == 14) {
                return Err("king or oudler in the écart".into());
            }
        }
        if trumps > dog_n.saturating_sub(plain) {
            return Err("trump in the écart while other cards could go".into());
        }
        hands[taker] = h;
    } else if !discard.is_empty() {
        return Err("écart without the dog".into());
    }
    // Handfuls.
    let sizes = match n {
        3 => [13, 15, 18],
        4 => [10, 13, 15],
        5 => [8, 10, 13],
        _ => [7, 9, 11],
    };
    let mut handful_bonus = 0i64;
    let mut seen = vec![false; n];
    for h in line["handfuls"].as_array().ok_or("handfuls")? {
        let seat = u(h, "seat")?;
        if seen[seat] {
            return Err("two handfuls".into());
        }
        seen[seat] = true;
        let shown = cards(&h["shown"])?;
        let size = h["size"].as_str().ok_or("size")?;
        let (k, bonus) = match size {
            "simple" => (sizes[0], 20),
            "double" => (sizes[1], 30),
            "triple" => (sizes[2], 40),
            _ => return Err("size".into()),
        };
        if shown.len() != k {
            return Err("handful count".into());
        }
        handful_bonus += bonus;
        for c in &shown {
            if !(c.trump() || c.is_ex()) || !hands[seat].contains(c) {
                return Err("handful card".into());
            }
        }
        if shown.iter().any(|c| c.is_ex()) && hands[seat].iter().any(|c| c.trump() && !shown.contains(c)) {
            return Err("excuse shown with trumps left".into());
        }
    }
    // Tricks.
    let tricks = line["tricks"].as_array().ok_or("tricks")?;
    if tricks.len() != each {
        return Err("trick count".into());
    }
    let announced = line["chelem_announced"].as_bool().ok_or("chelem_announced")?;
    let mut leader = if announced { taker } else { (dealer + 1) % n };
    let mut winners = Vec::with_capacity(each);
    let mut attack_half: i64 = 0;
    let mut attack_oudlers = 0;
    let mut excuse: Option<(usize, usize)> = None; // owner, trick
    let mut trick_cards: Vec<Vec<C>> = vec![];
    for (t, tr) in tricks.iter().enumerate() {
        if u(tr, "leader")? != leader {
            return Err(format!("trick {t}: wrong leader"));
        }
        let played = tr["cards"].as_array().ok_or("cards")?;
        if played.len() != n {
            return Err("trick size".into());
        }
        let mut cs: Vec<C> = vec![];
        for (k, pc) in played.iter().enumerate() {
            let seat = u(pc, "seat")?;
            if seat != (leader + k) % n {
                return Err(format!("trick {t}: out of turn"));
            }
            let c = parse(pc["card"].as_str().ok_or("card")?)?;
            let hand = &hands[seat];
            if !hand.contains(&c) {
                return Err(format!("trick {t}: {seat} plays a card not held"));
            }
            let first_call: &[C] = if t == 0 { &called } else { &[] };
            legal(hand, &cs, c, first_call).map_err(|e| format!("trick {t} seat {seat}: {e}"))?;
            remove(&mut hands[seat], c);
            if c.is_ex() {
                excuse = Some((seat, t));
            }
            cs.push(c);
        }
        // Winner: highest trump, else highest of the suit led.
        let mut w: Option<usize> = None;
        for (i, c) in cs.iter().enumerate() {
            if c.is_ex() {
                continue;
            }
            w = match w {
                None => Some(i),
                Some(b) => {
                    let bc = cs[b];
                    let better = if c.trump() {
                        !bc.trump() || c.rank > bc.rank
                    } else {
                        !bc.trump() && c.kind == bc.kind && c.rank > bc.rank
                    };
                    Some(if better { i } else { b })
                }
            };
        }
        let mut winner = (leader + w.ok_or("no winner")?) % n;
        if t == each - 1 {
            if let Some((es, et)) = excuse {
                if et == t && winners.iter().all(|&x: &usize| attack(x) == attack(es)) {
                    winner = es;
                }
            }
        }
        if u(tr, "winner")? != winner {
            return Err(format!("trick {t}: winner {winner} expected"));
        }
        winners.push(winner);
        trick_cards.push(cs);
        leader = winner;
    }
    // Counting.
    for (t, cs) in trick_cards.iter().enumerate() {
        if attack(winners[t]) {
            for c in cs.iter().filter(|c| !c.is_ex()) {
                attack_half += c.half();
                attack_oudlers += c.oudler() as i64;
            }
        }
    }
    let pile_extra: Vec<C> = match contract {
        1 | 2 => discard.clone(),
        3 => dog.clone(),
        _ => vec![],
    };
    for c in &pile_extra {
        attack_half += c.half();
        attack_oudlers += c.oudler() as i64;
    }
    let mut excuse_wins = false;
    if let Some((es, et)) = excuse {
        let last = et == each - 1;
        let to_attack = if last && winners[et] == es {
            excuse_wins = true;
            attack(es)
        } else if last {
            !attack(es)
        } else {
            attack(es)
        };
        if to_attack {
            attack_half += 9;
            attack_oudlers += 1;
        }
        if !last && attack(es) != attack(winners[et]) {
            attack_half += if attack(es) { -1 } else { 1 };
        }
    }
    let points = line["points"].as_f64().ok_or("points")?;
    if (points * 2.0) as i64 != attack_half || line["oudlers"].as_i64() != Some(attack_oudlers) {
        return Err(format!(
            "attack points {} / oudlers {} expected, log {points} / {}",
            attack_half as f64 / 2.0,
            attack_oudlers,
            line["oudlers"]
        ));
    }
    // Score.
    let target = [56, 51, 41, 36][attack_oudlers as usize] * 2;
    let won = attack_half >= target;
    let w = if won { 1 } else { -1 };
    let margin = ((attack_half - target).abs() + 1) / 2;
    let has_petit = |cs: &Vec<C>| cs.iter().any(|c| c.trump() && c.rank == 1);
    let pab_trick = if excuse_wins && has_petit(&trick_cards[each - 2]) {
        Some(each - 2)
    } else if has_petit(&trick_cards[each - 1]) {
        Some(each - 1)
    } else {
        None
    };
    let p = pab_trick.map_or(0, |t| if attack(winners[t]) { 10 } else { -10 });
    let m = [0, 1, 2, 4, 6][contract as usize];
    let all_attack = winners.iter().all(|&x| attack(x));
    let all_defence = winners.iter().all(|&x| !attack(x));
    let c = match (announced, all_attack, all_defence) {
        (true, true, _) => 400,
        (false, true, _) => 200,
        (true, false, true) => -400,
        (true, false, false) => -200,
        (false, false, true) => -200,
        _ => 0,
    };
    let s = (w * (25 + margin) + p) * m + w * handful_bonus + c;
    let defenders = (0..n).filter(|&x| !attack(x)).count() as i64;
    let mut expected = vec![0i64; n];
    for (seat, e) in expected.iter_mut().enumerate() {
        *e = if seat == taker {
            s * (defenders - partners.len() as i64)
        } else if partners.contains(&seat) {
            s
        } else {
            -s
        };
    }
    if expected != scores {
        return Err(format!("scores {scores:?}, expected {expected:?}"));
    }
    Ok(Checked { void: false })
}

/// The called cards and the partners (seats, never the taker, in seat
/// order): at 5 players the called card is the king (a queen holding the
/// four kings, a knight holding them and the four queens) and the log's
/// `partner` its holder (the taker included); at 6 players a king and a
/// queen (two queens holding the four kings, two knights holding them and
/// the four queens), the log's `partner` the list of the partners.
fn check_call(line: &Value, hands: &[Vec<C>], n: usize, taker: usize) -> Result<(Vec<C>, Vec<usize>), String> {
    if n < 5 {
        if !line["called"].is_null() || !line["partner"].is_null() {
            return Err("call outside 5 and 6 players".into());
        }
        return Ok((vec![], vec![]));
    }
    let th = &hands[taker];
    let all_of = |r: u8| {
        (0..4).all(|s| {
            th.contains(&C {
                kind: Kind::Suit(s),
                rank: r,
            })
        })
    };
    let rank_of = |c: &C| if matches!(c.kind, Kind::Suit(_)) { c.rank } else { 0 };
    let holder = |c: &C| (0..n).find(|&s| hands[s].contains(c));
    if n == 5 {
        let called = parse(line["called"].as_str().ok_or("called")?)?;
        let need = if !all_of(14) {
            14
        } else if !all_of(13) {
            13
        } else {
            12
        };
        if rank_of(&called) != need {
            return Err("called card of the wrong rank".into());
        }
        let h = holder(&called);
        if line["partner"].as_u64().map(|x| x as usize) != h {
            return Err("partner is not the holder of the called card".into());
        }
        return Ok((vec![called], h.filter(|&h| h != taker).into_iter().collect()));
    }
    let called = cards(&line["called"])?;
    if called.len() != 2 || called[0] == called[1] {
        return Err("two different called cards at 6 players".into());
    }
    let mut ranks = [rank_of(&called[0]), rank_of(&called[1])];
    ranks.sort();
    let need = if !all_of(14) {
        [13, 14]
    } else if !all_of(13) {
        [13, 13]
    } else {
        [12, 12]
    };
    if ranks != need {
        return Err(format!("called cards of the wrong ranks: {ranks:?}, not {need:?}"));
    }
    let mut partners: Vec<usize> = called.iter().filter_map(holder).filter(|&h| h != taker).collect();
    partners.sort();
    partners.dedup();
    let logged: Vec<usize> = line["partner"]
        .as_array()
        .ok_or("partner must be a list at 6 players")?
        .iter()
        .map(|p| p.as_u64().map(|x| x as usize).ok_or("partner seat"))
        .collect::<Result<_, _>>()?;
    if logged != partners {
        return Err(format!(
            "partners {logged:?}, the called cards' holders are {partners:?}"
        ));
    }
    Ok((called, partners))
}

/// Whether `c` may be played on `trick` from `hand` (RULES.md "Play");
/// `called`: the called cards on the first trick (none after it).
fn legal(hand: &[C], trick: &[C], c: C, called: &[C]) -> Result<(), String> {
    if c.is_ex() {
        return Ok(());
    }
    let led = trick.iter().find(|x| !x.is_ex());
    let Some(led) = led else {
        // A called suit is led only with a called card, unless the hand has
        // nothing else.
        let barred = |x: &C| called.iter().any(|k| k.kind == x.kind) && !called.contains(x);
        if barred(&c) && hand.iter().any(|x| !barred(x)) {
            return Err("called suit led on the first trick".into());
        }
        return Ok(());
    };
    let has = |f: &dyn Fn(&C) -> bool| hand.iter().any(f);
    let max_trump = trick.iter().filter(|x| x.trump()).map(|x| x.rank).max();
    let must_trump = |c: C| -> Result<(), String> {
        if !has(&|x: &C| x.trump()) {
            return Ok(());
        }
        if !c.trump() {
            return Err("must trump".into());
        }
        if let Some(m) = max_trump {
            if c.rank < m && has(&|x: &C| x.trump() && x.rank > m) {
                return Err("must overtrump".into());
            }
        }
        Ok(())
    };
    if led.trump() {
        return must_trump(c);
    }
    if c.kind == led.kind {
        return Ok(());
    }
    if has(&|x: &C| x.kind == led.kind) {
        return Err("must follow".into());
    }
    must_trump(c)
}

fn kind_key(k: Kind) -> u8 {
    match k {
        Kind::Suit(s) => s,
        Kind::Trump => 4,
        Kind::Excuse => 5,
    }
}
