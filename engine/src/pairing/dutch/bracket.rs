//! One bracket of the Dutch system (FIDE Handbook C.04.3, 2026, chapter C0403202602: Art. 3
//! brackets, S1/S2, the MDP-pairing and the remainder; Art. 4 transpositions and exchanges;
//! the quality criteria C6–C8 and C12–C17), met as a maximum-weight matching over every
//! player not yet paired, so completion (C4) always holds, then fixed pair by pair in the
//! generation order (`docs/dev/dutch.md` §3: the greedy fixing).

use super::colour::{clash, hi_gets_white};
use crate::tournament::Colour;
use super::state::{Float, Player, Strength};
use crate::error::PairError;
use crate::pairing::matching::{Matcher, Mode};
use crate::pairing::weight::{Weight, Wide};

/// The weight type: 1,024 bits hold every field of a bracket of up to a few hundred players.
pub type W = Wide<16>;

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
}

/// Bit fields from the top: each field wide enough for its sum over a whole matching.
struct Layout {
    offsets: Vec<usize>,
    total: usize,
}

impl Layout {
    /// Fields of the given per-edge maxima (top first) for a graph of `m` vertices; a
    /// maximum of 0 marks a field of `bits` bits given in `set_bits` (sums of powers of two).
    fn new(maxima: &[u64], m: usize, set_bits: &[usize]) -> Layout {
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
        Layout { offsets, total }
    }

    /// The weight whose field `f` holds `values[f]`.
    fn weight(&self, values: &[u128]) -> W {
        let mut w = W::ZERO;
        for (f, &v) in values.iter().enumerate().filter(|(_, v)| **v > 0) {
            let mut limbs = [0u64; 16];
            let (limb, bit) = (self.offsets[f] / 64, self.offsets[f] % 64);
            // v < 2^128 spans at most three limbs from `bit`.
            let parts = [(v << bit) as u64, ((v << bit) >> 64) as u64, if bit > 0 { (v >> (128 - bit)) as u64 } else { 0 }];
            for (k, part) in parts.into_iter().enumerate() {
                if limb + k < 16 {
                    limbs[limb + k] = part;
                }
            }
            w = w.add(Wide(limbs));
        }
        w
    }
}

/// The exchange fields of a remainder (Art. 4.3: fewest exchanges, then the smallest
/// difference of the exchanged BSNs): the remainder's players and the size of its S1.
pub struct Remainder<'a> {
    pub players: &'a [usize],
    pub s1: usize,
}

/// The solve of one bracket: the matcher, the current edges, and the best weight W*.
struct Solve {
    matcher: Matcher<W>,
    adj: Vec<Vec<Option<W>>>,
    best: W,
}

impl Solve {
    fn mate(&self) -> Vec<Option<usize>> {
        self.matcher.matching().mate
    }

    fn weight(&self, mate: &[Option<usize>]) -> W {
        let mut w = W::ZERO;
        for (u, m) in mate.iter().enumerate() {
            if let Some(v) = *m {
                if u < v {
                    w = w.add(self.adj[u][v].expect("a matched edge exists"));
                }
            }
        }
        w
    }

    fn edges(&self, v: usize, keep: impl Fn(usize) -> bool) -> Vec<(usize, W)> {
        self.adj[v].iter().enumerate().filter_map(|(u, w)| w.filter(|_| keep(u)).map(|w| (u, w))).collect()
    }

    /// Restricts `v` to the edges `keep` allows if the best weight survives (and, with
    /// `partner`, v is then matched to it); otherwise puts v's edges back.
    fn restrict(&mut self, v: usize, keep: &dyn Fn(usize) -> bool, partner: Option<usize>) -> Result<bool, PairError> {
        let err = |cause| PairError::Matching { round: 0, cause };
        let mut touched = vec![v];
        self.matcher.set_edges(v, &self.edges(v, keep)).map_err(err)?;
        if let Some(c) = partner {
            self.matcher.set_edges(c, &self.edges(c, |u| u == v)).map_err(err)?;
            touched.push(c);
        }
        let mate = self.mate();
        let ok = self.weight(&mate) == self.best && partner.is_none_or(|c| mate[v] == Some(c));
        if ok {
            let n = self.adj.len();
            for u in 0..n {
                let drop_v = !keep(u);
                let drop_c = partner.is_some_and(|c| u != v && partner != Some(u) && c != u);
                if drop_v {
                    self.adj[v][u] = None;
                    self.adj[u][v] = None;
                }
                if drop_c {
                    let c = partner.expect("checked");
                    self.adj[c][u] = None;
                    self.adj[u][c] = None;
                }
            }
        } else {
            for &t in &touched {
                self.matcher.set_edges(t, &self.edges(t, |_| true)).map_err(err)?;
            }
        }
        Ok(ok)
    }
}

/// The per-edge field values of pair (u, v), u ranked higher, for a bracket of score `s`.
fn fields(r: &Round, (u, v): (usize, usize), s: i64, next: Option<i64>, groups: &[i64], rem: Option<&Remainder>, c9: bool) -> Vec<u128> {
    let (pu, pv) = (&r.players[u], &r.players[v]);
    let g = groups.len();
    let mut f = vec![0u128; 2 + 2 * g + 4 + 10 + 4];
    // C9: the PAB assignee has as few unplayed games as possible, so the pairs take the bye
    // candidates with the most; only in the bracket the bye comes from (every candidate left
    // is in it), as bbpPairings acts only when the bracket's one downfloater gets the bye.
    if c9 {
        let unplayed = |x: usize| if r.bye_candidate[x] { (r.round - 1 - r.players[x].played) as u128 } else { 0 };
        f[3 + 2 * g] = unplayed(u) + unplayed(v);
    }
    f[0] = 1 + (r.odd && !r.bye_candidate[u]) as u128 + (r.odd && !r.bye_candidate[v]) as u128;
    let group = |p: &Player| groups.iter().position(|&x| x == p.score);
    if pv.score >= s {
        f[1] = 1;
        for p in [pu, pv] {
            if let Some(k) = group(p) {
                f[2 + k] += 1;
            }
        }
        let c = 2 + 2 * g + 4;
        // C10, C11 (they matter only where C3 is relaxed, for topscorers in the last round):
        // the players of the pair, with the colours 5.2 gives them, going beyond a colour
        // difference of ±2 or to the same colour three times running.
        let (c10, c11) = beyond(pu, pv);
        f[c - 2] = 2 - c10;
        f[c - 1] = 2 - c11;
        let strong = pu.strength >= Strength::Strong && pv.strength >= Strength::Strong;
        f[c] = !clash(pu, pv) as u128;
        f[c + 1] = !(clash(pu, pv) && strong) as u128;
        let resident_df = |p: &Player, k: usize| (p.score == s && p.floats[k] == Float::Down) as u128;
        let mdp_up = |k: usize| (pu.score > s && pv.score == s && pv.floats[k] == Float::Up) as u128;
        f[c + 2] = resident_df(pu, 0) + resident_df(pv, 0);
        f[c + 3] = 1 - mdp_up(0);
        f[c + 4] = resident_df(pu, 1) + resident_df(pv, 1);
        f[c + 5] = 1 - mdp_up(1);
        // C18, C20: the score differences of MDPs who downfloated in R-1: paired here,
        // an MDP's difference is the least it can get, so pairing the widest ones scores.
        // C19, C21: those of MDP opponents who upfloated in R-1. Both as sums (the
        // text compares them in descending order: a first cut).
        let top = groups.first().map_or(0, |&t| t - s).max(0) as u128;
        let diff = (pu.score - pv.score).max(0) as u128;
        let mdp_down = |k: usize| (pu.score > s && pu.floats[k] == Float::Down) as u128;
        f[c + 6] = mdp_down(0) * diff.min(top);
        f[c + 7] = top - mdp_up(0) * diff.min(top);
        f[c + 8] = mdp_down(1) * diff.min(top);
        f[c + 9] = top - mdp_up(1) * diff.min(top);
        if let Some(rem) = rem {
            let pos = |x: usize| rem.players.iter().position(|&y| y == x);
            if let (Some(x), Some(y)) = (pos(u), pos(v)) {
                let x = x.min(y) + 1;
                // Each pair's higher player is taken as its S1 member (its "upper"). Art.
                // 4.3.2: fewest S2 players moved up; then the smallest difference of the
                // moved BSNs, which is the smallest sum of the uppers' BSNs (the players
                // moved down are S1 less its uppers, floaters included).
                f[c + 10] = 1 - (x > rem.s1) as u128;
                f[c + 11] = (r.players.len() - x) as u128;
                // Rules 3 and 4: S1 players moved down as low as possible (S1's uppers as
                // high as possible: 2^(q+1) − 2^BSN), S2 players moved up as high as possible
                // (2^(size + 1 − BSN): a set of sums compared from its lowest member).
                if rem.s1 < 100 && rem.players.len() - rem.s1 < 120 {
                    f[c + 12] = if x <= rem.s1 { (1u128 << (rem.s1 + 1)) - (1u128 << x) } else { 0 };
                    f[c + 13] = if x > rem.s1 { 1u128 << (rem.players.len() + 1 - x) } else { 0 };
                }
            }
        }
    } else if next == Some(pv.score) {
        f[2 + g] = 1;
        for p in [pu, pv] {
            if let Some(k) = group(p) {
                f[3 + g + k] += 1;
            }
        }
    }
    f
}

/// The counts of C10 and C11 breaches in pair (u, v) under Art. 5.2's colours (only a
/// pair with a topscorer can breach them: C3 forbids the rest).
fn beyond(pu: &Player, pv: &Player) -> (u128, u128) {
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

/// Builds and solves the graph of the players `left` (rank indices) for the bracket of
/// score `s`.
fn solve(r: &Round, left: &[usize], s: i64, next: Option<i64>, rem: Option<&Remainder>, c9: bool) -> Result<Solve, PairError> {
    let mut groups: Vec<i64> = left.iter().map(|&x| r.players[x].score).filter(|&x| x >= s || Some(x) == next).collect();
    groups.dedup();
    let g = groups.len();
    let m = left.len();
    let mut maxima = vec![3u64, 1];
    maxima.extend(std::iter::repeat_n(2, g));
    maxima.push(1);
    maxima.extend(std::iter::repeat_n(2, g));
    maxima.push(2 * r.round as u64);
    let top = groups.first().map_or(0, |&t| t - s).max(0) as u64 + 1;
    maxima.extend([2, 2, 1, 1, 2, 1, 2, 1, top, top, top, top, 1, 2 * r.players.len() as u64 + 2, 0, 0]);
    let (s1, size) = rem.map_or((0, 0), |x| (x.s1, x.players.len()));
    let layout = Layout::new(&maxima, m, &[s1 + 10, size - s1 + 3]);
    let err = |cause| PairError::Matching { round: r.round, cause };
    if layout.total + 16 > 1024 {
        return Err(PairError::NoValidPairing { round: r.round, players: format!("a bracket of {m} players needs {} weight bits (at most 1008 built)", layout.total) });
    }
    let mut adj = vec![vec![None; m]; m];
    let mut edges = Vec::new();
    for i in 0..m {
        for j in i + 1..m {
            let (u, v) = (left[i], left[j]);
            if r.compatible[u][v] {
                let w = layout.weight(&fields(r, (u, v), s, next, &groups, rem, c9));
                adj[i][j] = Some(w);
                adj[j][i] = Some(w);
                edges.push((i, j, w));
            }
        }
    }
    let limit = edges.iter().map(|e| e.2).max().unwrap_or(W::ZERO);
    let matcher = Matcher::new(m, &edges, Mode::MaxWeight, limit).map_err(err)?;
    let mut solve = Solve { matcher, adj, best: W::ZERO };
    solve.best = solve.weight(&solve.mate());
    Ok(solve)
}

/// Pairs the bracket of score `s` among the players `left` (rank indices, in rank order):
/// returns the pairs fixed (rank indices, higher first). Whoever of the bracket is not in
/// them floats down.
pub fn pair_bracket(r: &Round, left: &[usize], s: i64, next: Option<i64>) -> Result<Vec<(usize, usize)>, PairError> {
    let in_bracket: Vec<bool> = left.iter().map(|&x| r.players[x].score >= s).collect();
    let mut fixed = vec![false; left.len()];
    let mut local_pairs = Vec::new();
    let mut sv = solve(r, left, s, next, None, false)?;
    // C9 acts when the bracket downfloats exactly one player and that one gets the PAB.
    let mate = sv.mate();
    let floating: Vec<usize> = (0..left.len()).filter(|&i| in_bracket[i] && mate[i].is_none_or(|j| !in_bracket[j])).collect();
    let c9 = r.odd && floating.len() == 1 && mate[floating[0]].is_none();
    if c9 {
        sv = solve(r, left, s, next, None, true)?;
    }
    // The MDP-pairing (Art. 3.2, 4.4): MDPs from the highest, each with the highest resident
    // the best pairing allows, else another MDP, else floating on.
    let mdps: Vec<usize> = (0..left.len()).filter(|&i| r.players[left[i]].score > s).collect();
    let residents: Vec<usize> = (0..left.len()).filter(|&i| r.players[left[i]].score == s).collect();
    // Art. 4.4: the set of MDPs paired first, by the smallest differing BSN: each MDP from
    // the highest is kept in the bracket if the best weight allows it, else put in the Limbo.
    for &a in &mdps {
        let inside = |u: usize| in_bracket[u];
        if !sv.restrict(a, &inside, None)? {
            sv.restrict(a, &|u: usize| !in_bracket[u], None)?;
        }
    }
    for &a in &mdps {
        if fixed[a] {
            continue;
        }
        let cands: Vec<usize> = residents.iter().chain(mdps.iter().filter(|&&x| x > a)).copied().filter(|&c| !fixed[c]).collect();
        fix_one(&mut sv, a, &cands, &in_bracket, &mut fixed, &mut local_pairs)?;
    }
    let mut pairs: Vec<(usize, usize)> = local_pairs.iter().map(|&(x, y)| (left[x], left[y])).collect();
    // The remainder (Art. 3.3): S1 its first `q` players, q the pairs it makes.
    let rem: Vec<usize> = residents.iter().copied().filter(|&i| !fixed[i]).collect();
    let mate = sv.mate();
    let q = rem.iter().filter(|&&i| mate[i].is_some_and(|j| rem.contains(&j) && j > i)).count();
    let rest: Vec<usize> = (0..left.len()).filter(|&i| !fixed[i]).map(|i| left[i]).collect();
    let rem_players: Vec<usize> = rem.iter().map(|&i| left[i]).collect();
    let remainder = Remainder { players: &rem_players, s1: q };
    let mut sv2 = solve(r, &rest, s, next, Some(&remainder), c9)?;
    let in2: Vec<bool> = rest.iter().map(|&x| r.players[x].score >= s).collect();
    let mut fixed2 = vec![false; rest.len()];
    let rem2: Vec<usize> = rem_players.iter().map(|&x| rest.iter().position(|&y| y == x).expect("in rest")).collect();
    for (k, &a) in rem2.iter().enumerate() {
        if fixed2[a] {
            continue;
        }
        let cands: Vec<usize> = rem2[k + 1..].iter().copied().filter(|&c| !fixed2[c]).collect();
        let mut p2 = Vec::new();
        fix_one(&mut sv2, a, &cands, &in2, &mut fixed2, &mut p2)?;
        pairs.extend(p2.into_iter().map(|(x, y)| (rest[x], rest[y])));
    }
    Ok(pairs.into_iter().map(|(x, y)| (x.min(y), x.max(y))).collect())
}

/// Fixes `a` with the first of `cands` the best weight allows, or else lets it float.
fn fix_one(sv: &mut Solve, a: usize, cands: &[usize], in_bracket: &[bool], fixed: &mut [bool], pairs: &mut Vec<(usize, usize)>) -> Result<(), PairError> {
    for &c in cands {
        // Only an edge tight under the current optimal duals can be in a best pairing.
        if sv.adj[a][c].is_none() || !sv.matcher.tight(a, c) {
            continue;
        }
        if sv.restrict(a, &|u| u == c, Some(c))? {
            fixed[a] = true;
            fixed[c] = true;
            pairs.push((a, c));
            return Ok(());
        }
    }
    let outside = |u: usize| !in_bracket[u];
    sv.restrict(a, &outside, None)?;
    Ok(())
}
