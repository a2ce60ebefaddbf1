//! One bracket of the Dutch system (FIDE Handbook C.04.3, 2026, chapter C0403202602: Art. 3
//! brackets, S1/S2, the MDP-pairing and the remainder; Art. 4 transpositions and exchanges;
//! the quality criteria C6–C21), met as a maximum-weight matching over every player not yet
//! paired, so completion (C4) always holds, then fixed pair by pair in the generation order
//! (`docs/pairing.md` §5: the greedy fixing).
//!
//! The brackets before the first that needs this are paired whole (`whole`), and the
//! matching is built, with their pairs fixed, when a bracket first needs it.
//!
//! **One matching a round.** The round's players are one graph, solved once; a bracket
//! rewrites only the rows of its players, of the next score group and of those it touched
//! before, and re-solves warm ([`Matcher::set_edges_many`]). That is exact because an edge
//! between two players below the next score group carries completion alone (and C9's field,
//! zero but for the bye candidates, whose rows are rewritten when it counts): the layout of
//! the fields is the round's ([`Layout::for_round`]), so such an edge weighs the same in every
//! bracket. Players paired in an earlier bracket keep only their pair's edge: a constant.
//! Candidates whose edge is not tight under the optimal duals are in no best pairing and are
//! passed over without a re-solve ([`Matcher::tight`], complementary slackness).

use super::colour::{clash, hi_gets_white};
use super::explain::{Criterion, Passed, Step, Why};
use super::state::{Float, Player, Strength};
use crate::error::PairError;
use crate::pairing::matching::{Matcher, Mode};
use crate::pairing::weight::{Weight, Wide};
use crate::tournament::Colour;

/// What every bracket solve shares: the players in rank order and the round's facts.
pub struct Round<'a> {
    pub players: &'a [Player],
    /// `compatible[a][b]`: C1 (not met) and C3 (not two non-topscorers with the same
    /// absolute preference).
    pub compatible: Vec<Vec<bool>>,
    /// Who may take the PAB (C2 and C5); all `false` when the count is even.
    pub bye_candidate: Vec<bool>,
    pub odd: bool,
    pub round: usize,
    /// Find the criterion that rules out each candidate passed over (costs a solve each).
    pub explain: bool,
    /// Told of each step as the round is paired (a long round's progress).
    pub report: &'a dyn Fn(Step),
}

/// Bit fields from the top, each wide enough for its sum over a whole matching of the round.
#[derive(Clone)]
pub struct Layout {
    offsets: Vec<usize>,
    pub total: usize,
    /// Score-group slots of the C7 and C8 fields (a bracket's groups: its own, its MDPs',
    /// the next).
    pub slots: usize,
}

impl Layout {
    /// Fields of the given per-edge maxima (top first) for a graph of `m` vertices; a
    /// maximum of 0 marks a field of `bits` bits given in `set_bits` (sums of powers of two).
    fn new(maxima: &[u64], m: usize, set_bits: &[usize], slots: usize) -> Layout {
        let mut sets = set_bits.iter();
        let mut width = |x: u64| match x {
            0 => *sets.next().expect("a width for each set field"),
            x => 64 - (x * (m as u64 / 2 + 1)).leading_zeros() as usize,
        };
        let widths: Vec<usize> = maxima.iter().map(|&x| width(x)).collect();
        let total: usize = widths.iter().sum();
        let mut offsets = vec![0; widths.len()];
        let mut at = total;
        for (i, w) in widths.iter().enumerate() {
            at -= w;
            offsets[i] = at;
        }
        Layout { offsets, total, slots }
    }

    /// The round's layout: `slots` score-group slots (at most the round's score groups),
    /// differences up to the round's spread of scores, exchange fields for its largest score
    /// group.
    pub fn for_round(r: &Round, slots: usize) -> Layout {
        let mut scores: Vec<i64> = r.players.iter().map(|p| p.score).collect();
        scores.dedup();
        let g = slots.min(scores.len()).max(1);
        let spread = scores.first().zip(scores.last()).map_or(0, |(a, b)| a - b) as u64 + 1;
        let biggest = scores.iter().map(|&s| r.players.iter().filter(|p| p.score == s).count()).max().unwrap_or(0);
        let mut maxima = vec![3u64, 1];
        maxima.extend(std::iter::repeat_n(2, g));
        maxima.push(1);
        maxima.extend(std::iter::repeat_n(2, g));
        maxima.push(2 * r.round as u64);
        maxima.extend([2, 2, 1, 1, 2, 1, 2, 1, spread, spread, spread, spread, 1, 2 * r.players.len() as u64 + 2, 0, 0]);
        // Rules 3 and 4: S1 holds at most half the remainder (s1 + 10 bits), S2 the rest.
        let (s1, s2) = ((biggest / 2).min(SET_S1), biggest.min(SET_S2));
        Layout::new(&maxima, r.players.len(), &[s1 + 10, s2 + 3], g)
    }

    /// The weight whose field `f` holds `values[f]`.
    fn weight<const L: usize>(&self, values: &[u128]) -> Wide<L> {
        let mut limbs = [0u64; L];
        for (f, &v) in values.iter().enumerate().filter(|(_, v)| **v > 0) {
            let (limb, bit) = (self.offsets[f] / 64, self.offsets[f] % 64);
            // v < 2^128 spans at most three limbs from `bit`; fields do not overlap.
            let parts = [(v << bit) as u64, ((v << bit) >> 64) as u64, if bit > 0 { (v >> (128 - bit)) as u64 } else { 0 }];
            for (k, part) in parts.into_iter().enumerate() {
                if limb + k < L {
                    limbs[limb + k] |= part;
                }
            }
        }
        Wide(limbs)
    }

    /// The largest weight an edge can have: every bit of every field set.
    fn limit<const L: usize>(&self) -> Wide<L> {
        let mut limbs = [0u64; L];
        for bit in 0..self.total {
            limbs[bit / 64] |= 1 << (bit % 64);
        }
        Wide(limbs)
    }

    /// The criterion of the highest field where two weights differ.
    fn deciding<const L: usize>(&self, a: Wide<L>, b: Wide<L>) -> Criterion {
        let bit = (0..L).rev().find_map(|i| {
            let x = a.0[i] ^ b.0[i];
            (x != 0).then(|| i * 64 + 63 - x.leading_zeros() as usize)
        });
        let field = bit.and_then(|b| self.offsets.iter().position(|&o| o <= b)).unwrap_or(self.offsets.len() - 1);
        self.criterion(field)
    }

    /// The criterion a field belongs to (the field order of [`fields`]).
    fn criterion(&self, f: usize) -> Criterion {
        let g = self.slots;
        let c = 6 + 2 * g;
        match f {
            0 => Criterion::Completion,
            1 => Criterion::C6,
            f if f < 2 + g => Criterion::C7,
            f if f < 3 + 2 * g => Criterion::C8,
            f if f == 3 + 2 * g => Criterion::C9,
            f if f < c + 10 => Criterion::ALL[5 + f - (c - 2)],
            _ => Criterion::Exchange,
        }
    }
}

/// The largest S1 and S2 whose exchanges are ordered by rules 3 and 4 of Art. 4.3.2 (a bit
/// per player): beyond them the rules are left out, which matters only where two exchanges
/// tie on rules 1 and 2 in a bracket that large (none in the benchmark; they keep round 1 of
/// a 400-player event at 8 limbs instead of 16).
const SET_S1: usize = 48;
const SET_S2: usize = 64;

/// The exchange fields of a remainder (Art. 4.3: fewest exchanges, then the smallest
/// difference of the exchanged BSNs): the remainder's players and the size of its S1.
pub struct Remainder<'a> {
    pub players: &'a [usize],
    pub s1: usize,
}

/// What a bracket's edge weights depend on.
struct Ctx<'a> {
    s: i64,
    next: Option<i64>,
    /// The scores of the players present that are at least `s` or equal `next`, descending.
    groups: Vec<i64>,
    rem: Option<&'a Remainder<'a>>,
    c9: bool,
}

/// The score groups a bracket's weights tell apart (its own, its MDPs', the next): how many
/// slots its layout needs.
pub fn groups_in(r: &Round, present: &[usize], s: i64, next: Option<i64>) -> usize {
    Ctx::new(r, present, s, next).groups.len()
}

impl Ctx<'_> {
    fn new<'b>(r: &Round, present: &[usize], s: i64, next: Option<i64>) -> Ctx<'b> {
        let mut groups: Vec<i64> = present.iter().map(|&x| r.players[x].score).filter(|&x| x >= s || Some(x) == next).collect();
        groups.dedup();
        Ctx { s, next, groups, rem: None, c9: false }
    }
}

/// The round's matching: the matcher (which holds the current edges, rank indices: the graph
/// is kept once, there), the best weight W*.
pub struct Solve<const L: usize> {
    matcher: Matcher<Wide<L>>,
    best: Wide<L>,
    layout: Layout,
    /// Rows written by the last bracket (rewritten by the next, to its own fields).
    dirty: Vec<bool>,
}

impl<const L: usize> Solve<L> {
    /// The round's graph with completion weights only (the top field), solved on `u64`
    /// weights and scaled into the round's layout (the cost of a small solve). A player
    /// `partner` names was paired by an earlier bracket (`whole`) and keeps only that edge,
    /// as the brackets leave the players they fix.
    pub fn new(r: &Round, layout: Layout, partner: &[Option<usize>]) -> Result<Self, PairError> {
        let n = r.players.len();
        let err = |cause| PairError::Matching { round: r.round, cause };
        let mut edges = Vec::new();
        let ctx = Ctx { s: i64::MAX, next: None, groups: Vec::new(), rem: None, c9: false };
        let allowed = |a: usize, b: usize| match (partner[a], partner[b]) {
            (None, None) => true,
            (p, _) => p == Some(b),
        };
        for a in 0..n {
            for b in a + 1..n {
                if r.compatible[a][b] && allowed(a, b) {
                    edges.push((a, b, fields(r, layout.slots, (a, b), &ctx)[0] as u64));
                }
            }
        }
        let small = Matcher::new(n, &edges, Mode::MaxWeight, 3).map_err(err)?;
        drop(edges);
        let k = layout.offsets[0];
        // The small duals are at most (2n + 2) · 6 < 2^16: the layout's 20 bits of headroom.
        let scale = |x: u64| Wide::<L>::shifted(x, k).unwrap_or(Wide([u64::MAX; L]));
        let matcher = Matcher::scaled_from(small, scale, layout.limit()).map_err(err)?;
        let mut solve = Solve { matcher, best: Wide([0; L]), layout, dirty: vec![false; n] };
        solve.best = solve.weight(&solve.mate());
        Ok(solve)
    }

    fn mate(&self) -> Vec<Option<usize>> {
        self.matcher.mates()
    }

    fn weight(&self, mate: &[Option<usize>]) -> Wide<L> {
        let mut w = Wide([0; L]);
        for (u, m) in mate.iter().enumerate() {
            if let Some(v) = *m {
                if u < v {
                    w = w.add(self.matcher.weight(u, v).expect("a matched edge exists"));
                }
            }
        }
        w
    }

    fn edges(&self, v: usize, keep: impl Fn(usize) -> bool) -> Vec<(usize, Wide<L>)> {
        self.matcher.edges_at(v).filter(|&(u, _)| keep(u)).collect()
    }

    /// Rewrites the rows of `rows` to the edges among `present` under `ctx`, re-solves, and
    /// takes the new best weight.
    fn refresh(&mut self, r: &Round, rows: &[usize], present: &[bool], ctx: &Ctx) -> Result<(), PairError> {
        let layout = &self.layout;
        let edge = |u: usize, v: usize| (u, layout.weight(&fields(r, layout.slots, (u.min(v), u.max(v)), ctx)));
        let row =
            |v: usize| (0..r.players.len()).filter(|&u| u != v && present[u] && r.compatible[u][v]).map(|u| edge(u, v)).collect::<Vec<_>>();
        // Each row made as its turn comes: held one at a time.
        let edits = rows.iter().map(|&v| (v, row(v)));
        self.matcher.set_edges_of(edits).map_err(|cause| PairError::Matching { round: r.round, cause })?;
        self.best = self.weight(&self.mate());
        Ok(())
    }

    /// Restricts `v` to the edges `keep` allows if the best weight survives (and, with
    /// `partner`, v is then matched to it); otherwise puts v's edges back. Returns whether it
    /// held, and the best weight under the restriction.
    fn restrict(&mut self, v: usize, keep: &dyn Fn(usize) -> bool, partner: Option<usize>) -> Result<(bool, Wide<L>), PairError> {
        let err = |cause| PairError::Matching { round: 0, cause };
        let mut edits = vec![(v, self.edges(v, keep))];
        if let Some(c) = partner {
            edits.push((c, self.edges(c, |u| u == v)));
        }
        // The pair the matching already holds (the common case) needs no search and no copy.
        let before = (!self.matcher.only_removes(&edits)).then(|| self.matcher.snapshot_for(&edits));
        self.matcher.set_edges_many(&edits).map_err(err)?;
        let mate = self.mate();
        let got = self.weight(&mate);
        let ok = got == self.best && partner.is_none_or(|c| mate[v] == Some(c));
        if let Some(before) = before.filter(|_| !ok) {
            self.matcher.restore(before);
        }
        Ok((ok, got))
    }

    /// Keeps `v`, a bye candidate, paired to one of the players `keep` allows if some best
    /// pairing so pairs it (C.04.3 Art. 4.4: an MDP in the set paired in the bracket); returns
    /// whether it held. An edge restriction alone cannot say "paired": the PAB-to-be, left
    /// unmatched, passes it too. So v's edges gain one unit of the completion field, as if v
    /// could not take the PAB: a pairing then weighs W* + unit exactly when it pairs v within
    /// `keep` and is otherwise a best pairing. Kept, the unit stays in v's edges and in W*, so
    /// every later choice of the round leaves v paired; the top field has room for it (a bye
    /// candidate's edge holds at most 2 there, any edge at most 3).
    fn keep_paired(&mut self, v: usize, keep: &dyn Fn(usize) -> bool) -> Result<bool, PairError> {
        let err = |cause| PairError::Matching { round: 0, cause };
        let unit = self.layout.weight::<L>(&[1]);
        let edits = [(v, self.edges(v, keep).into_iter().map(|(u, w)| (u, w.add(unit))).collect())];
        let before = self.matcher.snapshot_for(&edits);
        self.matcher.set_edges_many(&edits).map_err(err)?;
        let target = self.best.add(unit);
        if self.weight(&self.mate()) == target {
            self.best = target;
            return Ok(true);
        }
        self.matcher.restore(before);
        Ok(false)
    }

    /// Why `a` is not paired with `c` (a candidate passed over): C1/C3, or the highest
    /// criterion the best pairing with them together meets less well.
    fn why_not(&mut self, r: &Round, a: usize, c: usize) -> Result<Why, PairError> {
        if !r.compatible[a][c] {
            return Ok(if r.players[a].met.contains(&r.players[c].entrant) { Why::Met } else { Why::SameAbsolute });
        }
        if self.matcher.weight(a, c).is_none() {
            return Ok(Why::Criterion(Criterion::Completion));
        }
        let (_, got) = self.restrict(a, &|u| u == c, Some(c))?;
        Ok(Why::Criterion(self.layout.deciding(self.best, got)))
    }
}

/// The per-edge field values of pair (u, v), u ranked higher, under `ctx`; `slots` score
/// groups in the C7 and C8 fields.
fn fields(r: &Round, slots: usize, (u, v): (usize, usize), ctx: &Ctx) -> Vec<u128> {
    let (pu, pv) = (&r.players[u], &r.players[v]);
    let (s, g) = (ctx.s, slots);
    let mut f = vec![0u128; 2 + 2 * g + 4 + 10 + 4];
    // C9: the PAB assignee has as few unplayed games as possible, so the pairs take the bye
    // candidates with the most; only in the bracket the bye comes from (every candidate left
    // is in it), as bbpPairings acts only when the bracket's one downfloater gets the bye.
    if ctx.c9 {
        let unplayed = |x: usize| if r.bye_candidate[x] { (r.round - 1 - r.players[x].played) as u128 } else { 0 };
        f[3 + 2 * g] = unplayed(u) + unplayed(v);
    }
    f[0] = 1 + (r.odd && !r.bye_candidate[u]) as u128 + (r.odd && !r.bye_candidate[v]) as u128;
    let group = |p: &Player| ctx.groups.iter().position(|&x| x == p.score);
    if pv.score >= s {
        f[1] = 1;
        for p in [pu, pv] {
            if let Some(k) = group(p) {
                f[2 + k] += 1;
            }
        }
        quality(&mut f[6 + 2 * g - 2..], pu, pv, ctx);
        if let Some(rem) = ctx.rem {
            exchange(&mut f[6 + 2 * g + 10..], r, (u, v), rem);
        }
    } else if ctx.next == Some(pv.score) {
        f[2 + g] = 1;
        for p in [pu, pv] {
            if let Some(k) = group(p) {
                f[3 + g + k] += 1;
            }
        }
    }
    f
}

/// C10–C21 of an in-bracket pair, from `f[0]` = C10.
fn quality(f: &mut [u128], pu: &Player, pv: &Player, ctx: &Ctx) {
    let s = ctx.s;
    // C10, C11 (they matter only where C3 is relaxed, for topscorers in the last round):
    // the players of the pair, with the colours 5.2 gives them, going beyond a colour
    // difference of ±2 or to the same colour three times running.
    let (c10, c11) = beyond(pu, pv);
    f[0] = 2 - c10;
    f[1] = 2 - c11;
    let strong = pu.strength >= Strength::Strong && pv.strength >= Strength::Strong;
    f[2] = !clash(pu, pv) as u128;
    f[3] = !(clash(pu, pv) && strong) as u128;
    let resident_df = |p: &Player, k: usize| (p.score == s && p.floats[k] == Float::Down) as u128;
    let mdp_up = |k: usize| (pu.score > s && pv.score == s && pv.floats[k] == Float::Up) as u128;
    f[4] = resident_df(pu, 0) + resident_df(pv, 0);
    f[5] = 1 - mdp_up(0);
    f[6] = resident_df(pu, 1) + resident_df(pv, 1);
    f[7] = 1 - mdp_up(1);
    // C18, C20: the score differences of MDPs who downfloated in R-1: paired here,
    // an MDP's difference is the least it can get, so pairing the widest ones scores.
    // C19, C21: those of MDP opponents who upfloated in R-1. Both as sums (the
    // text compares them in descending order: a first cut).
    let top = ctx.groups.first().map_or(0, |&t| t - s).max(0) as u128;
    let diff = (pu.score - pv.score).max(0) as u128;
    let mdp_down = |k: usize| (pu.score > s && pu.floats[k] == Float::Down) as u128;
    f[8] = mdp_down(0) * diff.min(top);
    f[9] = top - mdp_up(0) * diff.min(top);
    f[10] = mdp_down(1) * diff.min(top);
    f[11] = top - mdp_up(1) * diff.min(top);
}

/// Art. 4.3's exchange order of a remainder pair, from `f[0]`.
fn exchange(f: &mut [u128], r: &Round, (u, v): (usize, usize), rem: &Remainder) {
    let pos = |x: usize| rem.players.iter().position(|&y| y == x);
    let (Some(x), Some(y)) = (pos(u), pos(v)) else { return };
    let x = x.min(y) + 1;
    // Each pair's higher player is taken as its S1 member (its "upper"). Art. 4.3.2: fewest
    // S2 players moved up; then the smallest difference of the moved BSNs, which is the
    // smallest sum of the uppers' BSNs (the players moved down are S1 less its uppers,
    // floaters included).
    f[0] = 1 - (x > rem.s1) as u128;
    f[1] = (r.players.len() - x) as u128;
    // Rules 3 and 4: S1 players moved down as low as possible (S1's uppers as high as
    // possible: 2^(q+1) − 2^BSN), S2 players moved up as high as possible (2^(size + 1 −
    // BSN): a set of sums compared from its lowest member).
    if rem.s1 <= SET_S1 && rem.players.len() - rem.s1 <= SET_S2 {
        f[2] = if x <= rem.s1 { (1u128 << (rem.s1 + 1)) - (1u128 << x) } else { 0 };
        f[3] = if x > rem.s1 { 1u128 << (rem.players.len() + 1 - x) } else { 0 };
    }
}

/// The counts of C10 and C11 breaches in pair (u, v) under Art. 5.2's colours (only a
/// pair with a topscorer can breach them: C3 forbids the rest).
pub(super) fn beyond(pu: &Player, pv: &Player) -> (u128, u128) {
    if !pu.topscorer && !pv.topscorer {
        return (0, 0);
    }
    let u_white = hi_gets_white(pu, 0, pv, Colour::White);
    let (mut c10, mut c11) = (0, 0);
    for (p, c) in [(pu, if u_white { Colour::White } else { Colour::Black }), (pv, if u_white { Colour::Black } else { Colour::White })] {
        let cd = p.colour_difference() + if c == Colour::White { 1 } else { -1 };
        c10 += (cd.abs() > 2) as u128;
        let n = p.colours.len();
        c11 += (n >= 2 && p.colours[n - 1] == c && p.colours[n - 2] == c) as u128;
    }
    (c10, c11)
}

/// A pair fixed by a bracket (rank indices, higher first) and the candidates passed over.
pub type Fixed = ((usize, usize), Vec<Passed>);

/// Pairs the bracket of score `s` among the players `left` (rank indices, in rank order):
/// returns the pairs fixed in the order the generation fixed them. Whoever of the bracket is
/// not in them floats down.
pub fn pair_bracket<const L: usize>(
    r: &Round,
    sv: &mut Solve<L>,
    left: &[usize],
    s: i64,
    next: Option<i64>,
) -> Result<Vec<Fixed>, PairError> {
    let n = r.players.len();
    let in_bracket = |x: usize| r.players[x].score >= s;
    let mut present = vec![false; n];
    left.iter().for_each(|&x| present[x] = true);
    let mut rows: Vec<usize> = left.iter().copied().filter(|&x| in_bracket(x) || Some(r.players[x].score) == next || sv.dirty[x]).collect();
    let mut ctx = Ctx::new(r, left, s, next);
    // With no MDPs the remainder is the bracket's residents, and S1 is half of them unless
    // some must float: its exchange fields go in now, and the remainder's solve below is
    // skipped when that S1 was right (the same weights: what round 1 of a big event saves).
    let residents: Vec<usize> = left.iter().copied().filter(|&x| r.players[x].score == s).collect();
    let no_mdps = !left.iter().any(|&x| r.players[x].score > s);
    let guess = Remainder { players: &residents, s1: residents.len() / 2 };
    if no_mdps {
        ctx.rem = Some(&guess);
    }
    sv.refresh(r, &rows, &present, &ctx)?;
    // C9 acts when the bracket downfloats exactly one player and that one gets the PAB.
    let mate = sv.mate();
    let floating: Vec<usize> = left.iter().copied().filter(|&x| in_bracket(x) && mate[x].is_none_or(|j| !in_bracket(j))).collect();
    ctx.c9 = r.odd && floating.len() == 1 && mate[floating[0]].is_none();
    if ctx.c9 {
        let more: Vec<usize> = left.iter().copied().filter(|&x| r.bye_candidate[x] && !rows.contains(&x)).collect();
        rows.extend(more);
        sv.refresh(r, &rows, &present, &ctx)?;
    }
    sv.dirty.fill(false);
    rows.iter().for_each(|&x| sv.dirty[x] = true);
    let mut fixed = vec![false; n];
    let mut pairs = mdp_pairing(r, sv, left, s, &mut fixed)?;
    // The remainder (Art. 3.3): S1 its first `q` players, q the pairs it makes.
    let rem: Vec<usize> = left.iter().copied().filter(|&x| r.players[x].score == s && !fixed[x]).collect();
    let mate = sv.mate();
    let q = rem.iter().filter(|&&i| mate[i].is_some_and(|j| rem.contains(&j) && j > i)).count();
    let rest: Vec<usize> = left.iter().copied().filter(|&x| !fixed[x]).collect();
    let remainder = Remainder { players: &rem, s1: q };
    let mut ctx2 = Ctx::new(r, &rest, s, next);
    ctx2.rem = Some(&remainder);
    ctx2.c9 = ctx.c9;
    left.iter().for_each(|&x| present[x] = !fixed[x]);
    rows.retain(|&x| !fixed[x]);
    if !(no_mdps && q == guess.s1) {
        sv.refresh(r, &rows, &present, &ctx2)?;
    }
    for (k, &a) in rem.iter().enumerate() {
        if fixed[a] {
            continue;
        }
        let cands: Vec<usize> = rem[k + 1..].iter().copied().filter(|&c| !fixed[c]).collect();
        // Only S2 players are reported passed over: S1 ones would be exchanges (Art. 4.3).
        let s2 = |c: usize| rem.iter().position(|&y| y == c).is_some_and(|p| p >= q);
        pairs.extend(fix_one(r, sv, a, &cands, &in_bracket, &mut fixed, &s2)?);
    }
    Ok(pairs)
}

/// The MDP-pairing (Art. 3.2, 4.4): MDPs from the highest, each with the highest resident
/// the best pairing allows, else another MDP, else floating on.
fn mdp_pairing<const L: usize>(r: &Round, sv: &mut Solve<L>, left: &[usize], s: i64, fixed: &mut [bool]) -> Result<Vec<Fixed>, PairError> {
    let in_bracket = |x: usize| r.players[x].score >= s;
    let mdps: Vec<usize> = left.iter().copied().filter(|&x| r.players[x].score > s).collect();
    let residents: Vec<usize> = left.iter().copied().filter(|&x| r.players[x].score == s).collect();
    // Art. 4.4: the set of MDPs paired first, by the smallest differing BSN: each MDP from
    // the highest is kept paired in the bracket if a best pairing allows it (with those kept
    // before it), else put in the Limbo. A bye candidate must be held paired, not only kept
    // from the players below: else the PAB could go to it while a lower MDP is paired.
    for &a in &mdps {
        let kept = if r.odd && r.bye_candidate[a] { sv.keep_paired(a, &in_bracket)? } else { sv.restrict(a, &in_bracket, None)?.0 };
        if !kept {
            sv.restrict(a, &|u: usize| !in_bracket(u), None)?;
        }
    }
    let mut pairs = Vec::new();
    for &a in &mdps {
        if fixed[a] {
            continue;
        }
        let cands: Vec<usize> = residents.iter().chain(mdps.iter().filter(|&&x| x > a)).copied().filter(|&c| !fixed[c]).collect();
        pairs.extend(fix_one(r, sv, a, &cands, &in_bracket, fixed, &|_| true)?);
    }
    Ok(pairs)
}

/// Fixes `a` with the first of `cands` the best weight allows, or else lets it float; with
/// `r.explain`, says why each candidate `report` names was passed over.
fn fix_one<const L: usize>(
    r: &Round,
    sv: &mut Solve<L>,
    a: usize,
    cands: &[usize],
    in_bracket: &dyn Fn(usize) -> bool,
    fixed: &mut [bool],
    report: &dyn Fn(usize) -> bool,
) -> Result<Option<Fixed>, PairError> {
    let mut passed = Vec::new();
    for &c in cands {
        // Only an edge tight under the current optimal duals can be in a best pairing.
        // (`tight` is false where there is no edge.)
        if sv.matcher.tight(a, c) && sv.restrict(a, &|u| u == c, Some(c))?.0 {
            fixed[a] = true;
            fixed[c] = true;
            return Ok(Some(((a, c), passed)));
        }
        if r.explain && report(c) {
            passed.push(Passed { player: r.players[c].tpn, why: sv.why_not(r, a, c)? });
        }
    }
    sv.restrict(a, &|u| !in_bracket(u), None)?;
    Ok(None)
}
