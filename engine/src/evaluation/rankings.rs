//! What a fit predicts of a whole multi-player event, and how well: each side's chance of
//! first place, and the probability of the event's whole finishing order, under the
//! Plackett–Luce model with the side's strength.
//!
//! * A side is a player, or a team of players (`Event::team`) whose log-strength is the sum
//!   of its members' (the product of their strengths), as Plackett–Luce and Weng–Lin model a
//!   team.
//! * The order's probability: the places taken best first, each place's group of sides drawn
//!   from those left, `γ_i / Σ_left γ_j` a side. Sides that share a place (a tie) may come in
//!   any order, so a tied group's probability is the sum over its orders: exact by a sum over
//!   the group's subsets (up to [`EXACT_TIE`] sides), else by the exponential race it equals
//!   (each side finishing at an exponential time of rate γ; the group all before the rest:
//!   `∫ Π_G (1 − e^(−γ_i t)) S e^(−S t) dt`, `S` the rest's strength), integrated numerically.
//! * The unranked sides (`Event::unranked`) come last in any order: probability 1. A tie for
//!   last place is the same.
//!
//! The log-loss of an event is `−ln` of its order's probability: with equal strengths a full
//! ranking of `n` costs `ln n!`, the coin's. First place: the favourite (largest strength) is
//! predicted to win, a tie for favourite counting its mean.

pub use super::metrics::Ranked;
use super::metrics::FLOOR;
use crate::model::{Event, PlayerId};

/// Tied groups up to this size are summed exactly over their subsets (2^n n steps).
pub const EXACT_TIE: usize = 16;

/// A side of an event: its place (`None`: unranked) and members' log-strengths summed.
struct Side {
    place: Option<u32>,
    theta: f64,
}

/// The sides of `event`, each member's natural log-strength given by `theta`.
fn sides(event: &Event, theta: impl Fn(PlayerId) -> f64) -> Vec<Side> {
    let entries = event.places.iter().map(|&(p, place)| (p, Some(place))).chain(event.unranked.iter().map(|&p| (p, None)));
    if !event.has_teams() {
        return entries.map(|(p, place)| Side { place, theta: theta(p) }).collect();
    }
    let mut out: Vec<Side> = Vec::new();
    let mut index: Vec<(u32, usize)> = Vec::new();
    for ((p, place), &team) in entries.zip(&event.team) {
        match index.iter().find(|t| t.0 == team) {
            Some(&(_, k)) => out[k].theta += theta(p),
            None => {
                index.push((team, out.len()));
                out.push(Side { place, theta: theta(p) });
            }
        }
    }
    out
}

/// The prediction of `event` by members' natural log-strengths `theta`.
pub fn predict(event: &Event, theta: impl Fn(PlayerId) -> f64) -> Ranked {
    let sides = sides(event, theta);
    let top = sides.iter().map(|s| s.theta).fold(f64::NEG_INFINITY, f64::max);
    let gamma: Vec<f64> = sides.iter().map(|s| (s.theta - top).exp()).collect();
    let total: f64 = gamma.iter().sum();
    let shares = gamma.iter().map(|g| g / total).collect();
    let best = sides.iter().filter_map(|s| s.place).min();
    let winners = sides.iter().filter(|s| s.place.is_some() && s.place == best).count().max(1) as f64;
    let actual = sides.iter().map(|s| if s.place.is_some() && s.place == best { 1.0 / winners } else { 0.0 }).collect();
    Ranked { shares, actual, loss: -order_log_probability(&sides, &gamma) }
}

/// `ln` of the probability of the sides' finishing order, `gamma` their strengths.
fn order_log_probability(sides: &[Side], gamma: &[f64]) -> f64 {
    let mut places: Vec<u32> = sides.iter().filter_map(|s| s.place).collect();
    places.sort_unstable();
    places.dedup();
    let mut left: f64 = gamma.iter().sum();
    let mut log_p = 0.0;
    for place in places {
        let group: Vec<f64> = sides.iter().zip(gamma).filter(|(s, _)| s.place == Some(place)).map(|(_, &g)| g).collect();
        let in_group: f64 = group.iter().sum();
        let rest = (left - in_group).max(0.0);
        log_p += tied_first_probability(&group, rest).max(FLOOR).ln();
        left = rest;
    }
    log_p
}

/// The probability that the sides of strengths `group` take the next `group.len()` places, in
/// any order, ahead of others of total strength `rest`.
pub fn tied_first_probability(group: &[f64], rest: f64) -> f64 {
    if rest <= 0.0 {
        return 1.0;
    }
    match group.len() {
        0 => 1.0,
        1 => group[0] / (group[0] + rest),
        n if n <= EXACT_TIE => by_subsets(group, rest),
        _ => by_race(group, rest),
    }
}

/// Sums over the group's orders by its subsets: `f(T ∪ {i}) += f(T) γ_i / (left − γ_T)`.
pub fn by_subsets(group: &[f64], rest: f64) -> f64 {
    let n = group.len();
    let total: f64 = group.iter().sum::<f64>() + rest;
    let mut f = vec![0.0; 1 << n];
    f[0] = 1.0;
    for set in 0..(1usize << n) - 1 {
        if f[set] == 0.0 {
            continue;
        }
        let taken: f64 = (0..n).filter(|&i| set >> i & 1 == 1).map(|i| group[i]).sum();
        let left = total - taken;
        for (i, &g) in group.iter().enumerate().filter(|&(i, _)| set >> i & 1 == 0) {
            f[set | 1 << i] += f[set] * g / left;
        }
    }
    f[(1 << n) - 1]
}

/// The exponential race's integral, `∫ Π_G (1 − e^(−γ_i t)) S e^(−S t) dt`, by the trapezoid
/// rule in `ln t` (the integrand is smooth and falls off at both ends there), from where the
/// strongest of the group has barely started to where the rest has surely finished.
pub fn by_race(group: &[f64], rest: f64) -> f64 {
    let strongest = group.iter().copied().fold(0.0, f64::max);
    let (from, to) = ((1e-12 / strongest).ln(), (60.0 / rest).ln());
    const STEPS: usize = 4000;
    let h = (to - from) / STEPS as f64;
    let f = |u: f64| {
        let t = u.exp();
        let finished: f64 = group.iter().map(|g| -(-g * t).exp_m1()).product();
        finished * rest * (-rest * t).exp() * t
    };
    let inner: f64 = (1..STEPS).map(|k| f(from + h * k as f64)).sum();
    (inner + (f(from) + f(to)) / 2.0) * h
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two ways of summing a tie agree, and with the orders written out by hand.
    #[test]
    fn a_tie_summed_by_subsets_and_by_the_race_agree() {
        let (a, b, rest) = (2.0, 0.5, 1.5);
        let by_hand = a / (a + b + rest) * b / (b + rest) + b / (a + b + rest) * a / (a + rest);
        assert!((by_subsets(&[a, b], rest) - by_hand).abs() < 1e-15);
        assert!((by_race(&[a, b], rest) - by_hand).abs() < 1e-9, "{}", by_race(&[a, b], rest));
        let group: Vec<f64> = (0..12).map(|i| (0.3 * i as f64 - 1.5).exp()).collect();
        for rest in [0.01, 1.0, 40.0] {
            let (s, r) = (by_subsets(&group, rest), by_race(&group, rest));
            assert!((s - r).abs() < 1e-8 * s.max(1e-300) + 1e-14, "{s} {r}");
        }
    }
}
