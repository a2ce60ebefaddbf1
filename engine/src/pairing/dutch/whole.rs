//! A bracket paired whole, without the matching: the common bracket of a big open (FIDE
//! Handbook C.04.3, 2026, chapter C0403202602: Art. 3–4, the criteria C6–C21), found in
//! about the square of the bracket's size where the matching (`bracket`) takes the cube of
//! the whole round's.
//!
//! **When.** The bracket has no more MDPs than residents, and the players below it can be
//! paired among themselves (all of them, or all but one who may take the PAB), shown by a
//! greedy try. Then the best pairings of the round are those that pair every MDP with a
//! resident and the residents among themselves, one left over when the count is odd:
//! completion (C4), C6 (the most pairs in the bracket) and C7 (the most MDPs paired) are at
//! their most, which no pairing that floats more reaches. What is left to choose on, in the
//! weights' order (`bracket::fields`):
//! - C8: the floater's place in the next bracket (it must pair there as the next bracket's
//!   residents allow, checked for the floater found); C9: the last bracket's floater takes
//!   the PAB, and must be a candidate with the fewest unplayed games;
//! - C10, C11 (topscorers of the last round, where C3 is relaxed): no pair may breach them,
//!   the bound being none;
//! - C12, C13: the fewest pairs whose two players want the same colour, of those the fewest
//!   who both want it strongly. With P pairs among n players, at least `W − (n − P)` pairs
//!   clash, W the players wishing the commoner colour (the others take at most one each),
//!   and likewise for the strong wishes;
//! - C14, C16: the floater floated down in R-1 only if every resident did; C15, C17,
//!   C19, C21: no MDP meets a resident who floated up in R-1 or R-2 (the bound is none);
//!   C18, C20: every MDP paired with a resident has its whole score difference;
//! - Art. 4's order: the MDPs from the highest, each with the first resident a best pairing
//!   allows; then the remainder S1 against S2 before any exchange (`bracket::exchange`'s
//!   fields), S2's transpositions in lexicographic order.
//!
//! **How.** Each MDP takes the first resident the bounds still allow on the players left
//! (counting is a necessary condition, so a resident passed over is in no best pairing);
//! then a depth-first search over S2's transpositions, S1 from its first player, takes the
//! first candidate that meets every bound, its floater among those allowed to float. Such
//! a candidate is a best pairing, and the one the greedy fixing of `bracket` makes (a search
//! that goes back is that fixing with an exact test), so the pairs and their order are the
//! matching's. When no candidate meets the bounds (an exchange, or more clashes than the
//! bounds, may be best), the search runs past its budget, the floater cannot be placed as
//! C8 allows, or the greedy try below fails, the caller pairs the bracket by the matching,
//! which is always exact.

use super::bracket::{beyond, Fixed, Round};
use super::state::{Float, Player, Strength};
use crate::tournament::Colour;

/// The search's budget, in candidates tried, over the bracket's size squared: past it the
/// matching pairs the bracket (the search is exact, its time is what is bounded).
const BUDGET: usize = 8;

/// The bracket of score `s` among `left` (rank indices, in rank order) paired whole, in the
/// order the greedy fixing fixes its pairs; `None` when the conditions above do not hold.
/// `next` is the round's next score (the next bracket's residents).
pub fn pair_whole(r: &Round, left: &[usize], s: i64, next: Option<i64>) -> Option<Vec<Fixed>> {
    let bracket: Vec<usize> = left.iter().copied().filter(|&x| r.players[x].score >= s).collect();
    let (mdps, residents): (Vec<usize>, Vec<usize>) = bracket.iter().partition(|&&x| r.players[x].score > s);
    if mdps.len() > residents.len() {
        return None;
    }
    let below: Vec<usize> = left.iter().copied().filter(|&x| r.players[x].score < s).collect();
    let odd = bracket.len() % 2 == 1;
    if odd && below.is_empty() && !r.odd || !odd && !below_pairs(r, None, &below, next) {
        return None;
    }
    let mut all = Tally::default();
    bracket.iter().for_each(|&x| all.add(Wish::of(&r.players[x]), 1));
    let bound = least_of(all, bracket.len());
    // Who may float (an odd bracket's one downfloater, or the PAB in the last bracket) with
    // C9, C14 and C16 at their best; C8 is checked for the one found.
    let may_float = |d: usize| odd && (!below.is_empty() || takes_pab(r, &bracket, d)) && floats_least(r, &residents, d);
    let (mut pairs, rem, spent) = mdp_pairing(r, &mdps, &residents, (all, bound), &may_float)?;
    let (s1, s2) = rem.split_at(rem.len() / 2);
    let floats = s2.iter().map(|&x| may_float(x)).collect();
    let mut search = Search::new(r, (s1, s2), floats, (bound.0.saturating_sub(spent.0), bound.1.saturating_sub(spent.1)));
    if !search.run() {
        return None;
    }
    if let Some(d) = search.floater() {
        if !below.is_empty() && !below_pairs(r, Some(d), &below, next) {
            return None;
        }
    }
    pairs.extend(search.pairs());
    Some(pairs)
}

/// The MDPs' pairs, the remainder (residents unpaired, in rank order) and the clashes and
/// strong clashes spent.
type MdpPairs = (Vec<Fixed>, Vec<usize>, (usize, usize));

/// The MDP-pairing (Art. 3.2, 4.4): each MDP from the highest with the first resident a best
/// pairing allows, as far as counting can tell (C1 and C3, the clashes' bounds on the
/// players left, and C15, C17, C19, C21 at their best: no resident who floated up in R-1 or
/// R-2 faces an MDP), and in an odd bracket a resident left who `may_float`. The
/// remainder's search then shows a best pairing exists, or the matching pairs the bracket.
/// Returns the MDPs' pairs, the remainder (residents unpaired, in rank order) and the
/// clashes spent.
fn mdp_pairing(
    r: &Round,
    mdps: &[usize],
    residents: &[usize],
    (all, bound): (Tally, (usize, usize)),
    may_float: &dyn Fn(usize) -> bool,
) -> Option<MdpPairs> {
    let (mut rest, mut spent, mut left) = (all, (0, 0), residents.len() + mdps.len());
    let mut taken = vec![false; residents.len()];
    let odd = left % 2 == 1;
    let mut floaters = residents.iter().filter(|&&x| may_float(x)).count();
    let mut pairs = Vec::new();
    let up = |x: usize| r.players[x].floats.contains(&Float::Up);
    for &a in mdps {
        let wa = Wish::of(&r.players[a]);
        rest.add(wa, -1);
        let fits = |j: usize| {
            let c = residents[j];
            if taken[j] || up(c) || !meets(r, a, c) || odd && may_float(c) && floaters == 1 {
                return None;
            }
            let cost = wa.clash(Wish::of(&r.players[c]));
            let mut after = rest;
            after.add(Wish::of(&r.players[c]), -1);
            let floor = least_of(after, left - 2);
            (spent.0 + cost.0 + floor.0 <= bound.0 && spent.1 + cost.1 + floor.1 <= bound.1).then_some(cost)
        };
        let (j, cost) = (0..residents.len()).find_map(|j| fits(j).map(|cost| (j, cost)))?;
        taken[j] = true;
        floaters -= may_float(residents[j]) as usize;
        rest.add(Wish::of(&r.players[residents[j]]), -1);
        spent = (spent.0 + cost.0, spent.1 + cost.1);
        left -= 2;
        pairs.push(((a, residents[j]), Vec::new()));
    }
    let rem = residents.iter().zip(&taken).filter(|(_, &t)| !t).map(|(&x, _)| x).collect();
    Some((pairs, rem, spent))
}

/// Whether `hi` (ranked higher) and `lo` may meet here: C1 and C3, and no C10 or C11 breach
/// (possible only where a topscorer relaxes C3, in the last round): none is the bound, and
/// when a best pairing has none, a pair with one is in no best pairing.
fn meets(r: &Round, hi: usize, lo: usize) -> bool {
    r.compatible[hi][lo] && beyond(&r.players[hi], &r.players[lo]) == (0, 0)
}

/// The last bracket's floater `d` takes the PAB: it must be a candidate for it (C2, C5, and
/// completion's weights), and of them one with the fewest unplayed games (C9: its field
/// counts the unplayed games of the candidates paired).
fn takes_pab(r: &Round, bracket: &[usize], d: usize) -> bool {
    let unplayed = |x: usize| r.round - 1 - r.players[x].played;
    let fewest = bracket.iter().filter(|&&x| r.bye_candidate[x]).map(|&x| unplayed(x)).min();
    r.bye_candidate[d] && fewest == Some(unplayed(d))
}

/// C14 and C16: the floater `d` is a resident who floated down in R-1 only if every
/// resident did (their fields count the residents paired in the bracket who did).
fn floats_least(r: &Round, residents: &[usize], d: usize) -> bool {
    (0..2).all(|k| {
        let down = |x: usize| r.players[x].floats[k] == Float::Down;
        !down(d) || residents.iter().all(|&x| down(x))
    })
}

/// Whether the players below pair among themselves (every one, or all but one bye candidate
/// when the round's count is odd), shown by a greedy try in rank order: a try that fails
/// proves nothing, and the matching then pairs the bracket. With a floater `d` (the first
/// to pair), also whether C8 is at its most: as many pairs in the next bracket as its
/// residents and d can make, d among them, and as many of its residents in them as can be
/// (the bound no pairing passes, whoever floats).
fn below_pairs(r: &Round, d: Option<usize>, below: &[usize], next: Option<i64>) -> bool {
    let order: Vec<usize> = d.into_iter().chain(below.iter().copied()).collect();
    let out = match r.odd {
        true => match order.iter().rposition(|&x| r.bye_candidate[x] && Some(x) != d) {
            Some(k) => Some(k),
            None => return false,
        },
        false => None,
    };
    let Some(pairs) = greedy(r, &order, out) else { return false };
    let in_next = |x: usize| Some(r.players[x].score) == next;
    let mut c8 = [0usize; 3];
    for (hi, _) in pairs.into_iter().filter(|&(_, lo)| in_next(lo)) {
        c8[0] += 1;
        c8[1] += (Some(hi) == d) as usize;
        c8[2] += in_next(hi) as usize + 1;
    }
    let t = below.iter().filter(|&&x| in_next(x)).count();
    d.is_none() || c8 == [t.div_ceil(2), t.min(1), if t % 2 == 1 { t } else { t.saturating_sub(1) }]
}

/// The players of `order` (rank indices, in rank order) but the one at place `out` paired
/// greedily, each with the first player after it they may meet (higher first), and two left
/// over then taken into a pair made, from the last (x and y with a and b for a–b: a swap);
/// `None` when someone is still left over (which proves nothing: an exact matching may
/// still pair them).
pub fn greedy(r: &Round, order: &[usize], out: Option<usize>) -> Option<Vec<(usize, usize)>> {
    let may = |i: usize, j: usize| r.compatible[order[i]][order[j]];
    let mut done = vec![false; order.len()];
    if let Some(k) = out {
        done[k] = true;
    }
    let (mut pairs, mut over) = (Vec::with_capacity(order.len() / 2), Vec::new());
    for i in 0..order.len() {
        if !done[i] {
            done[i] = true;
            match (i + 1..order.len()).find(|&j| !done[j] && may(i, j)) {
                Some(j) => {
                    done[j] = true;
                    pairs.push((i, j));
                }
                None => over.push(i),
            }
        }
    }
    while let [.., x, y] = over[..] {
        over.truncate(over.len() - 2);
        if may(x, y) {
            pairs.push((x, y));
            continue;
        }
        let k = pairs.iter().rposition(|&(a, b)| may(x, a) && may(y, b) || may(x, b) && may(y, a))?;
        let (a, b) = pairs[k];
        let (xa, yb) = if may(x, a) && may(y, b) { ((x, a), (y, b)) } else { ((x, b), (y, a)) };
        pairs[k] = xa;
        pairs.push(yb);
    }
    over.is_empty().then(|| pairs.into_iter().map(|(i, j)| (order[i.min(j)], order[i.max(j)])).collect())
}

/// A player's colour wish as C12 and C13 read it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wish {
    None,
    White { strong: bool },
    Black { strong: bool },
}

impl Wish {
    fn of(p: &Player) -> Wish {
        let strong = p.strength >= Strength::Strong;
        match p.wants {
            None => Wish::None,
            Some(Colour::White) => Wish::White { strong },
            Some(Colour::Black) => Wish::Black { strong },
        }
    }

    /// Counts: both want the same colour (C12), and both strongly (C13).
    fn clash(self, other: Wish) -> (usize, usize) {
        match (self, other) {
            (Wish::White { strong: a }, Wish::White { strong: b }) | (Wish::Black { strong: a }, Wish::Black { strong: b }) => {
                (1, (a && b) as usize)
            }
            _ => (0, 0),
        }
    }
}

/// How many of a side's players still to pair wish each colour: [white, white strongly,
/// black, black strongly].
#[derive(Clone, Copy, Default)]
struct Tally([usize; 4]);

impl Tally {
    fn add(&mut self, w: Wish, by: isize) {
        let mut bump = |i: usize| self.0[i] = (self.0[i] as isize + by) as usize;
        match w {
            Wish::None => {}
            Wish::White { strong } => {
                bump(0);
                if strong {
                    bump(1);
                }
            }
            Wish::Black { strong } => {
                bump(2);
                if strong {
                    bump(3);
                }
            }
        }
    }
}

/// The least clashes and strong clashes of any pairing of `m` S1 players into S2's players
/// still free (`spare` of them left over) with these tallies: S1's players of a wish beyond
/// the S2 players of other wishes must meet their own (at most one colour can be over).
fn least(a: Tally, b: Tally, m: usize, spare: usize) -> (usize, usize) {
    let over = |i: usize| (a.0[i] + b.0[i]).saturating_sub(m + spare);
    (over(0) + over(2), over(1) + over(3))
}

/// The least clashes and strong clashes of any pairing of `n` players with this tally that
/// leaves at most one out: with P pairs, the players of one wish beyond P (and the one left
/// out) must meet their own.
fn least_of(t: Tally, n: usize) -> (usize, usize) {
    let over = |i: usize| t.0[i].saturating_sub(n / 2 + n % 2);
    (over(0) + over(2), over(1) + over(3))
}

/// The depth-first search over S2's transpositions.
struct Search<'a> {
    r: &'a Round<'a>,
    s1: &'a [usize],
    s2: &'a [usize],
    wish1: Vec<Wish>,
    wish2: Vec<Wish>,
    /// Whether each S2 player may be the one left over (when S2 has one more than S1), and
    /// how many who may are still unpaired.
    floats: Vec<bool>,
    floaters: usize,
    /// The S2 player (index into `s2`) each S1 player is paired with so far.
    chosen: Vec<usize>,
    used: Vec<bool>,
    /// The bounds the whole pairing must meet.
    bound: (usize, usize),
    budget: usize,
}

impl<'a> Search<'a> {
    /// The search for S1 against S2 with at most `bound` clashes and strong clashes; when S2
    /// has one more player, the one left over among those `floats` allows.
    fn new(r: &'a Round<'a>, (s1, s2): (&'a [usize], &'a [usize]), floats: Vec<bool>, bound: (usize, usize)) -> Self {
        let wish1: Vec<Wish> = s1.iter().map(|&x| Wish::of(&r.players[x])).collect();
        let wish2: Vec<Wish> = s2.iter().map(|&x| Wish::of(&r.players[x])).collect();
        let budget = BUDGET * s1.len().max(16).pow(2);
        let floaters = floats.iter().filter(|&&f| f).count();
        let (chosen, used) = (Vec::with_capacity(s1.len()), vec![false; s2.len()]);
        Search { r, s1, s2, wish1, wish2, floats, floaters, chosen, used, bound, budget }
    }

    /// Finds the first candidate meeting the bounds; false when there is none or the budget
    /// ran out. Iterative, so a bracket of thousands needs no deep stack: `next[i]` is the
    /// S2 index S1[i] tries next.
    fn run(&mut self) -> bool {
        let m = self.s1.len();
        let (mut a, mut b) = (Tally::default(), Tally::default());
        self.wish1.iter().for_each(|&w| a.add(w, 1));
        self.wish2.iter().for_each(|&w| b.add(w, 1));
        if self.s2.len() > m && self.floaters == 0 {
            return false;
        }
        let mut next = vec![0usize; m + 1];
        let mut spent = (0usize, 0usize);
        let mut i = 0;
        while i < m {
            let found = self.try_from(i, next[i], (a, b), spent);
            match found {
                Some((j, cost)) => {
                    a.add(self.wish1[i], -1);
                    b.add(self.wish2[j], -1);
                    self.used[j] = true;
                    self.floaters -= self.floats[j] as usize;
                    self.chosen.push(j);
                    spent = (spent.0 + cost.0, spent.1 + cost.1);
                    next[i] = j + 1;
                    i += 1;
                    next[i] = 0;
                }
                None => {
                    if i == 0 || self.budget == 0 {
                        return false;
                    }
                    i -= 1;
                    let j = self.chosen.pop().expect("a choice to undo");
                    self.used[j] = false;
                    self.floaters += self.floats[j] as usize;
                    a.add(self.wish1[i], 1);
                    b.add(self.wish2[j], 1);
                    let cost = self.wish1[i].clash(self.wish2[j]);
                    spent = (spent.0 - cost.0, spent.1 - cost.1);
                }
            }
        }
        true
    }

    /// The first S2 player from index `from` that S1[i] may meet with the bounds still in
    /// reach, and the clashes the pair costs.
    fn try_from(&mut self, i: usize, from: usize, (a, b): (Tally, Tally), spent: (usize, usize)) -> Option<(usize, (usize, usize))> {
        let m = self.s1.len() - i - 1;
        let mut a = a;
        a.add(self.wish1[i], -1);
        for j in from..self.s2.len() {
            let last_floater = self.s2.len() > self.s1.len() && self.floats[j] && self.floaters == 1;
            if self.used[j] || last_floater || !meets(self.r, self.s1[i], self.s2[j]) {
                continue;
            }
            self.budget = self.budget.checked_sub(1)?;
            let cost = self.wish1[i].clash(self.wish2[j]);
            let mut b = b;
            b.add(self.wish2[j], -1);
            let rest = least(a, b, m, self.s2.len() - self.s1.len());
            if spent.0 + cost.0 + rest.0 <= self.bound.0 && spent.1 + cost.1 + rest.1 <= self.bound.1 {
                return Some((j, cost));
            }
        }
        None
    }

    /// The S2 player the pairs found leave over (an odd bracket's downfloater).
    fn floater(&self) -> Option<usize> {
        (0..self.s2.len()).find(|&j| !self.used[j]).map(|j| self.s2[j])
    }

    /// The pairs found, S1[i] with its S2 player, in the fixing's order.
    fn pairs(&self) -> Vec<Fixed> {
        self.chosen.iter().enumerate().map(|(i, &j)| ((self.s1[i], self.s2[j]), Vec::new())).collect()
    }
}
