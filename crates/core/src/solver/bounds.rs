//! Quick bounds: at the start of a trick, the best and the worst the
//! taker can still score, whatever the cards left do — the attack taking
//! every card point and oudler left (and the excuse's half point, petit
//! au bout and the chelem when still possible), or none. Each bound is a
//! score computed by the one scoring path ([`score`]) on such a record,
//! which is at least (at most) any end of the deal: the FFT score grows
//! with the attack's points and oudlers, with petit au bout and the chelem
//! going its way. A record the rules refuse gives no bound (no cut).

use super::key::Summary;
use crate::tarot::{
    score, Camp, Card, CardSet, Chelem, Contract, DealRecord, Game, HalfPoints, Handful, HandfulSize, RecordInput,
    ScoringRules, Seat,
};

use super::state::End;

/// Not computed yet, and refused by the rules, in the memo.
const UNKNOWN: i32 = i32::MIN;
const REFUSED: i32 = i32::MIN + 1;

/// What the bounds of a deal share: its record less the outcome, and the
/// cards counted for the attack at the end whoever plays (écart or dog).
pub(super) struct Stakes {
    input: RecordInput,
    taker: Seat,
    fixed_points: u16,
    fixed_oudlers: u8,
    /// Scores already computed, by (points, oudlers, petit au bout, chelem)
    /// (`slot`): a few thousand, looked up at every leaf.
    memo: Vec<i32>,
}

impl Stakes {
    pub fn new(g: &Game, pending: &[CardSet; 6]) -> Stakes {
        let taker = g.taker().expect("a taker");
        let contract = g.contract().expect("a contract");
        let fixed = match contract {
            Contract::Petite | Contract::Garde => g.discard(),
            Contract::GardeSans => g.dog(),
            Contract::GardeContre => CardSet::EMPTY,
        };
        let handfuls = Seat::all(g.players())
            .filter_map(|s| {
                let n = g.handful(s).or(pending[s.index()]).len() as u8;
                let need = |h: HandfulSize| h.trumps_needed(g.players()).unwrap_or(u8::MAX);
                let size = [HandfulSize::Triple, HandfulSize::Double, HandfulSize::Simple]
                    .into_iter()
                    .find(|&h| n >= need(h))?;
                Some(Handful { seat: s, size })
            })
            .collect();
        Stakes {
            input: RecordInput {
                players: g.players(),
                taker: taker.0,
                partners: g.partners().iter().map(|p| p.0).collect(),
                contract,
                oudlers: 0,
                points: HalfPoints(0),
                handfuls,
                petit_au_bout: None,
                chelem: Chelem {
                    announced: g.chelem_announced(),
                    made_by: None,
                },
                miseres: vec![],
            },
            taker,
            fixed_points: fixed.points_half(),
            fixed_oudlers: fixed.and(CardSet::OUDLERS).len() as u8,
            memo: vec![UNKNOWN; 183 * 4 * 9],
        }
    }

    /// The taker's score at the end `e` (the points at most 91, the
    /// oudlers at most 3: what a bound may ask beyond is worth no more).
    pub fn score_end(&mut self, e: End) -> Option<i32> {
        let (points, oudlers, petit, chelem) = (e.0.min(182), e.1.min(3), e.2, e.3);
        let code = |c: Option<Camp>| match c {
            None => 0,
            Some(Camp::Attack) => 1,
            Some(Camp::Defence) => 2,
        };
        let slot = ((usize::from(points) * 4 + usize::from(oudlers)) * 3 + code(petit)) * 3 + code(chelem);
        match self.memo[slot] {
            UNKNOWN => {
                let v = self.score_of(points, oudlers, petit, chelem);
                self.memo[slot] = v.unwrap_or(REFUSED);
                v
            }
            REFUSED => None,
            v => Some(v),
        }
    }

    fn taker_score(&mut self, points: u16, oudlers: u8, petit: Option<Camp>, chelem: Option<Camp>) -> Option<i32> {
        self.score_end((points, oudlers, petit, chelem))
    }

    fn score_of(&self, points: u16, oudlers: u8, petit: Option<Camp>, chelem: Option<Camp>) -> Option<i32> {
        let mut input = self.input.clone();
        input.points = HalfPoints(points);
        input.oudlers = oudlers;
        input.petit_au_bout = petit;
        input.chelem.made_by = chelem;
        let record = DealRecord::new(input, &ScoringRules::FFT).ok()?;
        Some(score(&record).scores[self.taker.index()] as i32)
    }

    /// (lowest, highest) score the taker may still end with, the cards
    /// `attack` and `defence` in the hands of each camp, `loose` in the
    /// trick in progress, the done tricks `s`.
    ///
    /// Besides "every card left to one camp", what is sure whoever plays
    /// (at the start of a trick: `loose` empty): the highest trump left wins
    /// the trick it falls in, so its holder's camp wins a trick (no chelem
    /// for the other camp) and the monde stays with its holder's camp —
    /// unless the other camp, having won every trick so far, still holds
    /// the excuse: played to the last trick of a chelem, it wins it.
    pub fn bounds(
        &mut self,
        attack: CardSet,
        defence: CardSet,
        loose: CardSet,
        s: Summary,
    ) -> (Option<i32>, Option<i32>) {
        let left = attack.or(defence).or(loose);
        let excuse_gone = s.excuse != 0;
        let points = s.points + self.fixed_points;
        let oudlers = s.oudlers + self.fixed_oudlers;
        let petit_left = left.contains(Card::PETIT);
        // Whether a camp's highest trump or monde is sure: (attack, defence).
        let (mut sure_attack, mut sure_defence) = (false, false);
        let mut top_attack = None;
        if loose.is_empty() {
            let excuse_attack = attack.contains(Card::EXCUSE);
            let excuse_defence = defence.contains(Card::EXCUSE);
            sure_attack = s.won & 1 != 0 || !excuse_defence;
            sure_defence = s.won & 2 != 0 || !excuse_attack;
            top_attack = left.and(CardSet::TRUMPS).highest().map(|t| attack.contains(t));
        }
        let monde_attack = sure_attack && attack.contains(Card::MONDE);
        let monde_defence = sure_defence && defence.contains(Card::MONDE);
        let (monde_pts, monde_oudler) = (Card::MONDE.points_half(), 1);
        // Best: every card left, the excuse and its half point too, but a
        // monde sure to the defence.
        let mut hi_points = points + left.points_half() + if excuse_gone { 9 } else { 0 } + 1;
        let mut hi_oudlers = oudlers + left.and(CardSet::OUDLERS).len() as u8 + u8::from(excuse_gone);
        if monde_defence {
            hi_points -= monde_pts;
            hi_oudlers -= monde_oudler;
        }
        let mut lo_points = points.saturating_sub(1);
        let mut lo_oudlers = oudlers;
        if monde_attack {
            lo_points += monde_pts;
            lo_oudlers += monde_oudler;
        }
        let hi_petit = (petit_left || s.petit_last == 1).then_some(Camp::Attack);
        let defence_wins_one = top_attack == Some(false) && sure_defence;
        let attack_wins_one = top_attack == Some(true) && sure_attack;
        let hi_chelem = (s.won & 2 == 0 && !defence_wins_one).then_some(Camp::Attack);
        let lo_petit = (petit_left || s.petit_last == 2).then_some(Camp::Defence);
        let lo_chelem = (s.won & 1 == 0 && !attack_wins_one).then_some(Camp::Defence);
        (
            self.taker_score(lo_points, lo_oudlers, lo_petit, lo_chelem),
            self.taker_score(hi_points, hi_oudlers, hi_petit, hi_chelem),
        )
    }
}
