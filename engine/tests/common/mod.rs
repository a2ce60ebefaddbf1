//! Shared test helpers: a seeded generator of tournaments and an independent check of
//! Brent's equilibrium equations.
#![allow(dead_code)]

use ratings_engine::compare::order::SplitMix64;
use ratings_engine::{Dataset, Rating};
use std::collections::HashMap;

/// The engine's seeded SplitMix64, with what generating test data needs.
pub struct Rng(SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// Roughly normal (sum of uniforms), mean 0, sd `sd`.
    pub fn normal(&mut self, sd: f64) -> f64 {
        ((0..12).map(|_| self.unit()).sum::<f64>() - 6.0) * sd
    }
}

/// A game's result under Bradley–Terry with log-strengths `a`, `b` and some draws.
pub fn play(rng: &mut Rng, a: f64, b: f64) -> f64 {
    let p = 1.0 / (1.0 + (b - a).exp());
    if rng.unit() < 0.2 {
        0.5
    } else if rng.unit() < p {
        1.0
    } else {
        0.0
    }
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("Player {i:03}")).collect()
}

pub fn round_robin(n: usize, seed: u64) -> Dataset {
    let mut rng = Rng::new(seed);
    let strength: Vec<f64> = (0..n).map(|_| rng.normal(0.8)).collect();
    let names = names(n);
    let mut d = Dataset::new();
    for i in 0..n {
        for j in i + 1..n {
            let s = play(&mut rng, strength[i], strength[j]);
            d.add_game(&names[i], &names[j], s);
        }
    }
    d
}

/// A Swiss: each round, players sorted by score are paired with the next player they have
/// not met yet.
pub fn swiss(n: usize, rounds: usize, seed: u64) -> Dataset {
    let mut rng = Rng::new(seed);
    let strength: Vec<f64> = (0..n).map(|_| rng.normal(0.8)).collect();
    let names = names(n);
    let mut d = Dataset::new();
    let mut score = vec![0.0; n];
    let mut met = std::collections::HashSet::new();
    for _ in 0..rounds {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| score[b].partial_cmp(&score[a]).unwrap().then(a.cmp(&b)));
        let mut free: Vec<usize> = order;
        while free.len() >= 2 {
            let a = free.remove(0);
            let k = free.iter().position(|&b| !met.contains(&(a.min(b), a.max(b)))).unwrap_or(0);
            let b = free.remove(k);
            met.insert((a.min(b), a.max(b)));
            let s = play(&mut rng, strength[a], strength[b]);
            score[a] += s;
            score[b] += 1.0 - s;
            d.add_game(&names[a], &names[b], s);
        }
    }
    d
}

/// A league that pairs players near their own strength, as divisions and Swiss events do:
/// log-strengths with standard deviation `spread`, each game's second player within `n/20`
/// places of the first in the order of strength (the benchmark's near league). Every player is
/// registered first, in order.
pub fn near_league(n: usize, games: usize, seed: u64, spread: f64) -> Dataset {
    let mut rng = Rng::new(seed);
    let strength: Vec<f64> = (0..n).map(|_| rng.normal(spread)).collect();
    let names = names(n);
    let mut by_strength: Vec<usize> = (0..n).collect();
    by_strength.sort_by(|&a, &b| strength[a].total_cmp(&strength[b]));
    let reach = (n / 20).max(1);
    let mut d = Dataset::new();
    for name in &names {
        d.player(name);
    }
    for _ in 0..games {
        let place = rng.below(n);
        let mut other = place;
        while other == place {
            other = (place + rng.below(2 * reach + 1)).saturating_sub(reach).min(n - 1);
        }
        let (a, b) = (by_strength[place], by_strength[other]);
        let s = play(&mut rng, strength[a], strength[b]);
        d.add_game(&names[a], &names[b], s);
    }
    d
}

/// A sparse league: `games` games between random pairs of `n` players.
pub fn league(n: usize, games: usize, seed: u64) -> Dataset {
    league_with_spread(n, games, seed, 0.7)
}

/// A sparse league whose log-strengths have standard deviation `spread` (1.5 is a real
/// federation's, about 260 Elo).
pub fn league_with_spread(n: usize, games: usize, seed: u64, spread: f64) -> Dataset {
    let mut rng = Rng::new(seed);
    let strength: Vec<f64> = (0..n).map(|_| rng.normal(spread)).collect();
    let names = names(n);
    let mut d = Dataset::new();
    for _ in 0..games {
        let a = rng.below(n);
        let mut b = rng.below(n);
        while b == a {
            b = rng.below(n);
        }
        let s = play(&mut rng, strength[a], strength[b]);
        d.add_game(&names[a], &names[b], s);
    }
    d
}

/// The games of `d` in a shuffled order, added to `into` (players keep their names, games
/// their scores and points).
pub fn shuffled(d: &Dataset, seed: u64, mut into: Dataset) -> Dataset {
    let mut order: Vec<usize> = (0..d.games.len()).collect();
    let mut rng = Rng::new(seed);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for &k in &order {
        let g = &d.games[k];
        into.add_game(&d.players[g.first()].name, &d.players[g.second()].name, g.score).set_points(g.points());
    }
    into
}

/// Log-strength by player name.
pub fn by_name(r: &Rating) -> HashMap<String, f64> {
    r.players.iter().filter_map(|p| Some((p.name.clone(), p.log_strength?))).collect()
}

/// The largest |actual − expected score| of Brent's equations (11), summed game by game
/// straight from the dataset (not from the engine's matrix), with old ratings per (16).
pub fn max_equilibrium_residual(d: &Dataset, r: &Rating) -> f64 {
    let x: HashMap<String, f64> = by_name(r).into_iter().map(|(k, v)| (k, v.exp())).collect();
    let mut res = vec![0.0; d.players.len()];
    for g in &d.games {
        let (a, b) = (&d.players[g.first()].name, &d.players[g.second()].name);
        let (xa, xb) = (x[a], x[b]);
        let pa = xa / (xa + xb);
        res[g.first()] += g.score - pa;
        res[g.second()] += (1.0 - g.score) - (1.0 - pa);
    }
    for (i, p) in d.players.iter().enumerate() {
        if let Some(q) = p.prior() {
            let (xi, xh) = (x[&p.name], q.log_strength.exp());
            res[i] += q.weight / 2.0 - q.weight * xi / (xi + xh);
        }
    }
    res.iter().fold(0.0f64, |m, v| m.max(v.abs()))
}
