//! The problem the MM iteration solves, set up once from a [`Dataset`]: every event (and every
//! two-player game) as its players sorted by place, cut into stages, restricted to the rated
//! groups; each player's wins; the dummy player; the tie weights. With teams ([`Teams`]) the
//! events are of sides, each side's strength the product of its members'.

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
    /// In team events: the sides (the events above are then empty, the wins each member's
    /// share of its sides' wins).
    pub teams: Option<Teams>,
}

/// The sides of team events: each side of each event (a two-player game's sides are of one)
/// a node of [`Teams::sides`], whose strength is the product of its members' strengths
/// (the sum of their log-strengths), so that the sweep over the sides' places gives each
/// side's expected wins, and a member's are the sum of its sides'.
pub struct Teams {
    pub sides: Box<Problem>,
    /// Side `s`'s members are `members[start[s]..start[s + 1]]`.
    pub start: Vec<u32>,
    pub members: Vec<u32>,
    /// The largest side `C`: generalised iterative scaling's step is `((W + σ)/(E + σ))^(1/C)`.
    pub size: usize,
    /// Whether the sides differ in size, so that the data fix the level of the log-strengths
    /// (a common factor on every strength favours the larger sides): then they are not
    /// renormalised, and strength 1 is the scale's offset.
    pub level: bool,
}

impl Teams {
    /// Side `s`'s members.
    pub fn of(&self, s: usize) -> &[u32] {
        &self.members[self.start[s] as usize..self.start[s + 1] as usize]
    }

    /// Each side's strength at the players' `x`, into `out`.
    pub fn strengths(&self, x: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend((0..self.start.len() - 1).map(|s| self.of(s).iter().map(|&i| x[i as usize]).product::<f64>()));
    }
}

/// An event as (player, place) with the unranked at place `u32::MAX`, and its weight.
type Raw = (Vec<(usize, u32)>, f64);

/// Calls `f` with every event and game as (player, place), sorted by place with the unranked
/// (place `u32::MAX`) last, and its weight: a game's win places the winner first, a draw ties
/// both; a fractional score is two weighted wins; a score that is no number is left out, and so
/// is an event of fewer than two players, none of them ranked. One list is reused for all: the
/// set-up makes no copy of the data's events (they are most of its memory).
fn each_event(data: &Dataset, mut f: impl FnMut(&[(usize, u32)], f64)) {
    let n = data.players.len();
    let mut v: Vec<(usize, u32)> = Vec::new();
    let mut give = |v: &mut Vec<(usize, u32)>, weight: f64| {
        crate::sort::by_key(v, |&(_, place)| place);
        if v.len() >= 2 && weight > 0.0 && v[0].1 != u32::MAX {
            f(v, weight);
        }
    };
    for e in &data.events {
        // A player the dataset does not hold is left out (the data's check refuses them).
        v.clear();
        v.extend(e.places.iter().copied().filter(|&(p, _)| p < n));
        v.extend(e.unranked.iter().filter(|&&p| p < n).map(|&p| (p, u32::MAX)));
        give(&mut v, 1.0);
    }
    for (pair, weight) in data.games.iter().flat_map(game_parts) {
        v.clear();
        v.extend(pair);
        give(&mut v, weight);
    }
}

/// A two-player game as events (unsorted): one, two for a fractional score, none for a score
/// that is no number.
fn game_parts(g: &crate::model::Game) -> impl Iterator<Item = ([(usize, u32); 2], f64)> {
    let (a, b, s) = (g.first(), g.second(), g.score);
    let parts = match s {
        _ if s.is_nan() => [None, None],
        _ if s == 0.5 => [Some(([(a, 1), (b, 1)], 1.0)), None],
        _ if s == 1.0 => [Some(([(a, 1), (b, 2)], 1.0)), None],
        _ if s == 0.0 => [Some(([(a, 2), (b, 1)], 1.0)), None],
        _ => [Some(([(a, 1), (b, 2)], s)), Some(([(a, 2), (b, 1)], 1.0 - s))],
    };
    parts.into_iter().flatten()
}

/// The two-player games as [`Raw`] events (unsorted).
fn game_events(data: &Dataset) -> Vec<Raw> {
    data.games.iter().flat_map(game_parts).map(|(pair, w)| (pair.to_vec(), w)).collect()
}

/// The edges that say who scored against whom, enough for the groups (a chain per event,
/// O(places)): a tie's players draw in a chain, the first of each stage beats every player of
/// the next stage (and every unranked one after the last). Marks in `played` who is in an event.
fn chain(n: usize, data: &Dataset, played: &mut [bool]) -> Pairs {
    // Room for every edge (an event's players but one, a game's two parts), made once.
    let edges = data.events.iter().map(|e| e.size().saturating_sub(1)).sum::<usize>() + 2 * data.games.len();
    let mut packed: Vec<u64> = Vec::with_capacity(edges);
    let mut fits = true;
    each_event(data, |v, _| {
        v.iter().for_each(|&(p, _)| played[p] = true);
        chain_edges(v, |a, b, s| match Pairs::outcome(a, b, s) {
            Some(g) => packed.push(g),
            None => fits = false,
        });
    });
    if fits {
        return Pairs::from_outcomes(n, packed);
    }
    // A billion players or more: the plain pairs.
    let mut edges: Vec<(usize, usize, f64)> = Vec::new();
    each_event(data, |v, _| chain_edges(v, |a, b, s| edges.push((a, b, s))));
    Pairs::from_games(n, edges.into_iter())
}

/// [`chain`]'s edges of one event, `(winner, loser, 1)` or `(one, other, ½)` for a tie.
fn chain_edges(v: &[(usize, u32)], mut edge: impl FnMut(usize, usize, f64)) {
    // The first items of the stage under way and of the one before it.
    let (mut head, mut prev) = (0, 0);
    for k in 1..v.len() {
        let place = v[k].1;
        if place == v[k - 1].1 && place != u32::MAX {
            edge(v[k - 1].0, v[k].0, 0.5);
            continue;
        }
        if place != v[k - 1].1 {
            (prev, head) = (head, k);
        }
        edge(v[prev].0, v[k].0, 1.0);
    }
}

/// The groups' edges for team events: the sides' chain between their first members, and each
/// member drawing its side's first (teammates are rated on one scale, never apart).
fn team_chain(n: usize, raw: &[Raw], start: &[u32], members: &[u32]) -> Pairs {
    let first = |s: usize| members[start[s] as usize] as usize;
    let mut edges: Vec<(usize, usize, f64)> = Vec::new();
    raw.iter().for_each(|(v, _)| chain_edges(v, |a, b, w| edges.push((first(a), first(b), w))));
    for s in 0..start.len() - 1 {
        let side = &members[start[s] as usize..start[s + 1] as usize];
        edges.extend(side[1..].iter().map(|&i| (side[0] as usize, i as usize, 0.5)));
    }
    Pairs::from_games(n, edges.into_iter())
}

/// Team events as [`Raw`] events of sides (numbered across the data), with each side's
/// members (`start`, `members` as [`Teams`] holds them); a two-player game's sides are of one.
fn team_events(data: &Dataset) -> (Vec<Raw>, Vec<u32>, Vec<u32>) {
    let (mut start, mut members) = (vec![0u32], Vec::new());
    let mut out: Vec<Raw> = Vec::new();
    for (mut v, w) in game_events(data) {
        crate::sort::by_key(&mut v, |&(_, place)| place);
        let sides = v.iter().map(|&(p, place)| {
            members.push(p as u32);
            start.push(members.len() as u32);
            (start.len() - 2, place)
        });
        out.push((sides.collect(), w));
    }
    for e in data.events.iter().filter(|e| e.size() >= 2) {
        let entries = e.places.iter().copied().chain(e.unranked.iter().map(|&p| (p, u32::MAX)));
        let mut by_team: Vec<Vec<(usize, u32)>> = vec![Vec::new(); e.size()];
        for (k, (p, place)) in entries.enumerate() {
            // Individuals (no `team`) are sides of one; `check_data` holds the team numbers.
            let t = e.team.get(k).map_or(k, |&t| t as usize);
            by_team[t.min(e.size() - 1)].push((p, place));
        }
        let mut v: Vec<(usize, u32)> = Vec::new();
        for side in by_team.into_iter().filter(|t| !t.is_empty()) {
            members.extend(side.iter().map(|&(p, _)| p as u32));
            start.push(members.len() as u32);
            v.push((start.len() - 2, side[0].1));
        }
        crate::sort::by_key(&mut v, |&(_, place)| place);
        if v.len() >= 2 && v[0].1 != u32::MAX {
            out.push((v, 1.0));
        }
    }
    (out, start, members)
}

impl Problem {
    pub fn new(data: &Dataset, params: &PlackettLuceParams) -> Problem {
        let n = data.players.len();
        // Team events (a side of two or more somewhere) are read as events of sides; else the
        // events are of players, exactly as without teams.
        let teams = data.events.iter().any(|e| e.largest_team() > 1).then(|| team_events(data));
        let mut played = vec![false; n];
        let pairs = match &teams {
            None => chain(n, data, &mut played),
            Some((raw, start, members)) => team_chain(n, raw, start, members),
        };
        let names: Vec<String> = data.players.iter().map(|p| p.name.clone()).collect();
        let dummy = params.gamma > 0.0;
        if let Some((side_raw, start, members)) = &teams {
            for &(s, _) in side_raw.iter().flat_map(|(v, _)| v) {
                members[start[s] as usize..start[s + 1] as usize].iter().for_each(|&i| played[i as usize] = true);
            }
        }
        let hub: Vec<bool> = played.iter().map(|&p| p && dummy).collect();
        let (diagnosis, structure) = analyse(&pairs, &names, params.gamma, &hub, &vec![false; n]);
        // The pairs only find the groups: freed before the events' items are made.
        drop((pairs, names));
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
            teams: None,
        };
        match teams {
            None => p.add_events(data),
            Some((side_raw, start, members)) => p.add_teams(&side_raw, start, members, params),
        }
        p.delta = (1..=p.ties).map(|k| if k == 1 { 1.0 } else { params.delta }).collect();
        if dummy {
            let hubs = p.hub.iter().filter(|&&h| h).count();
            p.wins[n] = params.gamma / 2.0 * hubs as f64;
            (0..n).filter(|&i| p.hub[i]).for_each(|i| p.wins[i] += params.gamma / 2.0);
        }
        p
    }

    /// The sides of team events as a problem of their own ([`Teams`]), each side in its
    /// members' group (teammates always share one: [`team_chain`] links them), each member
    /// winning what its sides win.
    fn add_teams(&mut self, raw: &[Raw], start: Vec<u32>, members: Vec<u32>, params: &PlackettLuceParams) {
        let count = start.len() - 1;
        let group: Vec<u32> = (0..count).map(|s| self.group[members[start[s] as usize] as usize]).collect();
        let mut sides = Problem {
            n: count,
            nodes: count,
            item: Vec::new(),
            stage: Vec::new(),
            events: Vec::new(),
            ties: 1,
            delta: vec![1.0],
            wins: vec![0.0; count],
            hub: vec![false; count],
            gamma: 0.0,
            sigma: params.sigma,
            group,
            group_size: self.group_size.clone(),
            structure: self.structure.clone(),
            diagnosis: Diagnosis::default(),
            teams: None,
        };
        sides.add_raw(raw);
        sides.delta = (1..=sides.ties).map(|k| if k == 1 { 1.0 } else { params.delta }).collect();
        self.ties = sides.ties;
        let teams = Teams { sides: Box::new(sides), start, members, size: 1, level: false };
        let (mut size, mut least) = (1, usize::MAX);
        for s in 0..count {
            (size, least) = (size.max(teams.of(s).len()), least.min(teams.of(s).len()));
            teams.of(s).iter().for_each(|&i| self.wins[i as usize] += teams.sides.wins[s]);
        }
        self.teams = Some(Teams { size, level: least < size, ..teams });
    }

    /// Keeps each event's players of each rated group as an event of its own (between groups
    /// the gaps are infinite: in the limit the likelihood is the product of these), with its
    /// stages, and counts the wins. The lists are made at their final size: they are what
    /// the iterations keep, beside the data.
    fn add_events(&mut self, data: &Dataset) {
        let places = data.events.iter().map(|e| e.size()).sum::<usize>() + 4 * data.games.len();
        self.item.reserve_exact(places);
        self.stage.reserve_exact(places);
        self.events.reserve_exact(data.events.len() + 2 * data.games.len());
        let mut groups: Vec<u32> = Vec::new();
        each_event(data, |v, weight| self.add_grouped(v, weight, &mut groups));
        self.item.shrink_to_fit();
        self.stage.shrink_to_fit();
        self.events.shrink_to_fit();
    }

    /// [`Problem::add_events`] for the sides of team events.
    fn add_raw(&mut self, raw: &[Raw]) {
        let mut groups: Vec<u32> = Vec::new();
        raw.iter().for_each(|(v, weight)| self.add_grouped(v, *weight, &mut groups));
    }

    /// One event (sorted, at least two players, one ranked), a part for each rated group
    /// (`groups` a list to reuse).
    fn add_grouped(&mut self, v: &[(usize, u32)], weight: f64, groups: &mut Vec<u32>) {
        groups.clear();
        groups.extend(v.iter().map(|&(p, _)| self.group[p]).filter(|&g| g != UNRATED));
        groups.sort_unstable();
        groups.dedup();
        if groups.len() == 1 && v.iter().all(|&(p, _)| self.group[p] != UNRATED) {
            // The usual case, the whole event in one group: no copy.
            self.add_event(v, weight);
            return;
        }
        for &g in groups.iter() {
            let part: Vec<(usize, u32)> = v.iter().copied().filter(|&(p, _)| self.group[p] == g).collect();
            if part.len() >= 2 && part[0].1 != u32::MAX {
                self.add_event(&part, weight);
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

    /// Scales each group to geometric mean 1 over its real players (but where the data fix the
    /// level: [`Teams::level`]).
    pub fn renormalise(&self, x: &mut [f64]) {
        if self.teams.as_ref().is_some_and(|t| t.level) {
            return;
        }
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
