//! The problem the MM iteration solves, set up once from a [`Dataset`]: every event (and every
//! two-player game) as its players sorted by place, cut into stages, restricted to the rated
//! groups; each player's wins; the dummy player; the tie weights.

use super::params::PlackettLuceParams;
use crate::diagnose::{analyse, Diagnosis, Structure};
use crate::model::Dataset;
use crate::pairs::Pairs;

/// Marks a node that is not rated.
pub const UNRATED: u32 = u32::MAX;

/// One event's players, `items[start..start + len]`, best first, and its weight (1 but for a
/// game with a fractional score, split into two weighted wins).
#[derive(Clone, Copy, Debug)]
pub struct Span {
    pub start: u32,
    pub len: u32,
    /// Its stages (places chosen); the unranked come after them.
    pub stages: u32,
    pub weight: f64,
}

pub struct Problem {
    /// Real players; node `n` is the dummy player when γ > 0.
    pub n: usize,
    pub nodes: usize,
    /// Per item, its player, events one after another, each best first (ties together, the
    /// unranked last).
    pub item: Vec<u32>,
    /// Per item, its stage in its event (0 = first place); an unranked player's is the
    /// event's stage count (it is in every stage and chosen at none).
    pub stage: Vec<u32>,
    pub events: Vec<Span>,
    /// The largest tie `D`: every stage's denominator sums over the subsets of up to `D`
    /// players (Davidson–Luce).
    pub ties: usize,
    /// `δ_k` for `k = 1..=D` (`delta[0] = δ_1 = 1`).
    pub delta: Vec<f64>,
    /// Per node, the stages won, a tie of `t` counting `1/t` each (the dummy's included).
    pub wins: Vec<f64>,
    /// Per real player, whether it draws the dummy.
    pub hub: Vec<bool>,
    pub gamma: f64,
    pub sigma: f64,
    /// Per node: its rated group, or [`UNRATED`].
    pub group: Vec<u32>,
    pub group_size: Vec<usize>,
    pub structure: Structure,
    pub diagnosis: Diagnosis,
}

/// An event as (player, place) with the unranked at place `u32::MAX`, and its weight.
type Raw = (Vec<(usize, u32)>, f64);

/// Every event and game as [`Raw`]: a game's win places the winner first, a draw ties both; a
/// fractional score is two weighted wins; a score that is no number is left out.
fn raw_events(data: &Dataset) -> Vec<Raw> {
    let mut out: Vec<Raw> = Vec::with_capacity(data.events.len() + data.games.len());
    let n = data.players.len();
    for e in &data.events {
        // A player the dataset does not hold is left out (the data's check refuses them).
        let mut v: Vec<(usize, u32)> = e.places.iter().copied().filter(|&(p, _)| p < n).collect();
        v.extend(e.unranked.iter().filter(|&&p| p < n).map(|&p| (p, u32::MAX)));
        out.push((v, 1.0));
    }
    for g in &data.games {
        let (a, b, s) = (g.first(), g.second(), g.score);
        match s {
            _ if s.is_nan() => {}
            _ if s == 1.0 || s == 0.0 || s == 0.5 => {
                let (pa, pb) = if s == 0.5 {
                    (1, 1)
                } else if s == 1.0 {
                    (1, 2)
                } else {
                    (2, 1)
                };
                out.push((vec![(a, pa), (b, pb)], 1.0));
            }
            _ => {
                out.push((vec![(a, 1), (b, 2)], s));
                out.push((vec![(a, 2), (b, 1)], 1.0 - s));
            }
        }
    }
    for (v, _) in &mut out {
        crate::sort::by_key(v, |&(_, place)| place);
    }
    out.retain(|(v, w)| v.len() >= 2 && *w > 0.0 && v[0].1 != u32::MAX);
    out
}

/// The edges that say who scored against whom, enough for the groups (a chain per event,
/// O(places)): a tie's players draw in a chain, the first of each stage beats every player of
/// the next stage (and every unranked one after the last).
fn chain(n: usize, raw: &[Raw]) -> Pairs {
    let mut edges: Vec<(usize, usize, f64)> = Vec::new();
    for (v, _) in raw {
        // The first items of the stage under way and of the one before it.
        let (mut head, mut prev) = (0, 0);
        for k in 1..v.len() {
            let place = v[k].1;
            if place == v[k - 1].1 && place != u32::MAX {
                edges.push((v[k - 1].0, v[k].0, 0.5));
                continue;
            }
            if place != v[k - 1].1 {
                (prev, head) = (head, k);
            }
            edges.push((v[prev].0, v[k].0, 1.0));
        }
    }
    Pairs::from_games(n, edges.into_iter())
}

impl Problem {
    pub fn new(data: &Dataset, params: &PlackettLuceParams) -> Problem {
        let n = data.players.len();
        let raw = raw_events(data);
        let pairs = chain(n, &raw);
        let names: Vec<String> = data.players.iter().map(|p| p.name.clone()).collect();
        let dummy = params.gamma > 0.0;
        let mut played = vec![false; n];
        raw.iter().flat_map(|(v, _)| v).for_each(|&(p, _)| played[p] = true);
        let hub: Vec<bool> = played.iter().map(|&p| p && dummy).collect();
        let (diagnosis, structure) = analyse(&pairs, &names, params.gamma, &hub, &vec![false; n]);
        let nodes = n + usize::from(dummy);
        let mut group: Vec<u32> = structure.group.iter().map(|g| g.map_or(UNRATED, |g| g as u32)).collect();
        let hub: Vec<bool> = (0..n).map(|i| hub[i] && group[i] != UNRATED).collect();
        if dummy {
            group.push((0..n).find(|&i| hub[i]).map_or(UNRATED, |i| group[i]));
        }
        let group_size = structure.groups.iter().map(Vec::len).collect();
        let mut p = Problem {
            n,
            nodes,
            item: Vec::new(),
            stage: Vec::new(),
            events: Vec::new(),
            ties: 1,
            delta: vec![1.0],
            wins: vec![0.0; nodes],
            hub,
            gamma: params.gamma,
            sigma: params.sigma,
            group,
            group_size,
            structure,
            diagnosis,
        };
        p.add_events(&raw);
        p.delta = (1..=p.ties).map(|k| if k == 1 { 1.0 } else { params.delta }).collect();
        if dummy {
            let hubs = p.hub.iter().filter(|&&h| h).count();
            p.wins[n] = params.gamma / 2.0 * hubs as f64;
            (0..n).filter(|&i| p.hub[i]).for_each(|i| p.wins[i] += params.gamma / 2.0);
        }
        p
    }

    /// Keeps each event's players of each rated group as an event of its own (between groups
    /// the gaps are infinite: in the limit the likelihood is the product of these), with its
    /// stages, and counts the wins.
    fn add_events(&mut self, raw: &[Raw]) {
        let mut groups: Vec<u32> = Vec::new();
        for (v, weight) in raw {
            groups.clear();
            groups.extend(v.iter().map(|&(p, _)| self.group[p]).filter(|&g| g != UNRATED));
            groups.sort_unstable();
            groups.dedup();
            if groups.len() == 1 && v.iter().all(|&(p, _)| self.group[p] != UNRATED) {
                // The usual case, the whole event in one group: no copy.
                self.add_event(v, *weight);
                continue;
            }
            for &g in &groups {
                let part: Vec<(usize, u32)> = v.iter().copied().filter(|&(p, _)| self.group[p] == g).collect();
                if part.len() >= 2 && part[0].1 != u32::MAX {
                    self.add_event(&part, *weight);
                }
            }
        }
    }

    /// Adds one event (sorted, at least two players, one ranked).
    fn add_event(&mut self, part: &[(usize, u32)], weight: f64) {
        let start = self.item.len() as u32;
        let mut stage = 0u32;
        let mut k = 0;
        while k < part.len() && part[k].1 != u32::MAX {
            let end = k + part[k..].iter().take_while(|&&(_, place)| place == part[k].1).count();
            let t = end - k;
            self.ties = self.ties.max(t);
            for &(p, _) in &part[k..end] {
                self.item.push(p as u32);
                self.stage.push(stage);
                self.wins[p] += weight / t as f64;
            }
            stage += 1;
            k = end;
        }
        for &(p, _) in &part[k..] {
            self.item.push(p as u32);
            self.stage.push(stage);
        }
        self.events.push(Span { start, len: part.len() as u32, stages: stage, weight });
    }

    /// Scales each group to geometric mean 1 over its real players.
    pub fn renormalise(&self, x: &mut [f64]) {
        let groups = self.group_size.len();
        let mut log_sum = vec![0.0; groups];
        for i in 0..self.n {
            if self.group[i] != UNRATED {
                log_sum[self.group[i] as usize] += x[i].ln();
            }
        }
        let factor: Vec<f64> = log_sum.iter().zip(&self.group_size).map(|(&l, &size)| (-l / size as f64).exp()).collect();
        for (xi, &g) in x.iter_mut().zip(&self.group) {
            if g != UNRATED {
                *xi *= factor[g as usize];
            }
        }
    }
}
