//! Elo's order dependence: the sequential methods replayed with their games in another
//! order (reversed, or shuffled by a seeded generator), and each player's spread of ratings
//! over those orders.
//!
//! Elo and multiplayer Elo update after every game (event), so the same results in another
//! order give other ratings; how much is the lesson (a larger K, a larger spread). A replay
//! permutes the order the method itself would use (by date, round, or as listed:
//! [`crate::methods::sequential::game_order`]) and takes the items one by one.
//!
//! The other methods take no order. Brent's ratings and JRank's strengths are fixed points of
//! sums over all the games. The AGA rates event by event, so it is sequential across events,
//! but its sequence is the calendar — the events' dates, with σ growing by the days between
//! them (eq. 32) — which is part of the data, not a processing order a replay could change;
//! within an event it is one joint fit. So their spread is 0 by construction
//! ([`Spread::fixed`]); [`replay`] still replays them (with the games listed in the new
//! order) so a test can show it: Brent's ratings agree to 1e-9 in every order.
//!
//! The generator is SplitMix64 (G. L. Steele, D. Lea, C. H. Flood, *Fast splittable
//! pseudorandom number generators*, OOPSLA 2014; constants from S. Vigna's public-domain
//! `splitmix64.c`), and the shuffle Fisher–Yates (Durstenfeld's, Knuth's Algorithm P), with
//! D. Lemire's multiply-and-shift for a number below n. The same seed gives the same orders on
//! every platform, and shuffle k of a seed is the same permutation of positions for every
//! method with as many items, so two Elo runs (K = 16, K = 40) are replayed in the same orders.

use crate::error::RateError;
use crate::methods::fit::Fit;
use crate::methods::rating::{PlayerRating, Rating};
use crate::methods::{check_data, elo, multi_elo, rate, Method, Options};
use crate::model::Dataset;
use serde::{Deserialize, Serialize};

/// SplitMix64: 64 bits of state, one addition and two multiplications per number.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0), by Lemire's multiply-and-shift: the bias is at most
    /// n / 2⁶⁴, nothing for any list of games.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// Another order for the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    /// Last game first.
    Reversed,
    /// A Fisher–Yates shuffle by SplitMix64 from this seed.
    Shuffled(u64),
}

impl Order {
    /// `n` shuffles from one seed: the k-th takes the k-th number of a SplitMix64 from `seed`
    /// as its own seed, so the first k orders are the same whatever `n`.
    pub fn shuffles(n: usize, seed: u64) -> Vec<Order> {
        let mut rng = SplitMix64::new(seed);
        (0..n).map(|_| Order::Shuffled(rng.next_u64())).collect()
    }

    /// Rearranges `items` into this order.
    pub fn apply<T>(self, items: &mut [T]) {
        match self {
            Order::Reversed => items.reverse(),
            Order::Shuffled(seed) => {
                let mut rng = SplitMix64::new(seed);
                for k in (1..items.len()).rev() {
                    items.swap(k, rng.below(k + 1));
                }
            }
        }
    }
}

/// Rates `data` by `method` with the games in `order`: a sequential method takes its items
/// (games, events) in that rearrangement of its own order; any other method sees the games
/// listed in that order.
pub fn replay(data: &Dataset, method: &Method, options: &Options, order: Order) -> Result<Rating, RateError> {
    let permute = |items: &mut [usize]| order.apply(items);
    match method {
        Method::Elo(p) => {
            check_data(data)?;
            to_end(elo::fit(data, p)?.reordered(permute))
        }
        Method::MultiElo(p) => {
            check_data(data)?;
            to_end(multi_elo::fit(data, p)?.reordered(permute))
        }
        Method::WengLin(p) => {
            check_data(data)?;
            to_end(crate::methods::weng_lin::fit(data, p)?.reordered(permute))
        }
        _ => {
            let mut listed = data.clone();
            order.apply(&mut listed.games);
            rate(&listed, method, options)
        }
    }
}

fn to_end(mut fit: impl Fit) -> Result<Rating, RateError> {
    while fit.step().is_some() {}
    Box::new(fit).into_rating()
}

/// A player's ratings over several orders.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    pub min: f64,
    pub max: f64,
    pub mean: f64,
    /// The standard deviation of the ratings over the orders (dividing by their number: it
    /// describes the orders replayed, it estimates nothing).
    pub sd: f64,
    /// The orders in which the player had a rating.
    pub orders: usize,
}

impl Spread {
    /// The spread of a method that takes no order: its one rating, `orders` times.
    pub fn fixed(rating: f64, orders: usize) -> Spread {
        Spread { min: rating, max: rating, mean: rating, sd: 0.0, orders }
    }
}

/// A player's rating as the comparison counts it: finite, with a rank (players without
/// games, and Brent's players with no finite rating, have none).
pub fn rated(p: &PlayerRating) -> Option<f64> {
    p.rating.filter(|r| r.is_finite() && p.rank.is_some())
}

/// Each player's spread over the orders replayed so far, added one replay at a time: Welford's
/// running mean and sum of squared deviations, one fixed record per player however many orders
/// (a replay's whole [`Rating`] can be dropped once added: a million games replayed twenty
/// times keep a hundred thousand records, not twenty ratings or two million numbers).
#[derive(Clone, Debug, Default)]
pub struct Spreads {
    /// Per dataset player: the spread so far (its `sd` not yet taken) and the sum of squares.
    acc: Vec<Option<(Spread, f64)>>,
}

impl Spreads {
    pub fn new(players: usize) -> Spreads {
        Spreads { acc: vec![None; players] }
    }

    /// Adds one replay's ratings (players the comparison does not count are left out).
    pub fn add(&mut self, rating: &Rating) {
        for p in &rating.players {
            let Some(r) = rated(p) else { continue };
            let Some(slot) = self.acc.get_mut(p.index) else { continue };
            let (s, m2) = slot.get_or_insert((Spread { min: r, max: r, mean: 0.0, sd: 0.0, orders: 0 }, 0.0));
            s.orders += 1;
            (s.min, s.max) = (s.min.min(r), s.max.max(r));
            let delta = r - s.mean;
            s.mean += delta / s.orders as f64;
            *m2 += delta * (r - s.mean);
        }
    }

    /// Per dataset player, the spread over the orders added; `None` for a player rated in none.
    pub fn spreads(&self) -> Vec<Option<Spread>> {
        self.acc.iter().map(|a| a.map(|(s, m2)| Spread { sd: (m2 / s.orders as f64).max(0.0).sqrt(), ..s })).collect()
    }

    /// The mean over the players rated of the sd of their ratings (0 when none is).
    pub fn mean_sd(&self) -> f64 {
        let (sum, n) = self.spreads().into_iter().flatten().fold((0.0, 0usize), |(sum, n), s| (sum + s.sd, n + 1));
        if n == 0 {
            0.0
        } else {
            sum / n as f64
        }
    }
}

/// Per dataset player, the spread of their rating over `orders` (replayed one at a time);
/// `None` for a player rated in none of them.
pub fn spread(data: &Dataset, method: &Method, options: &Options, orders: &[Order]) -> Result<Vec<Option<Spread>>, RateError> {
    let mut acc = Spreads::new(data.players.len());
    for &order in orders {
        acc.add(&replay(data, method, options, order)?);
    }
    Ok(acc.spreads())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::brent::BrentParams;
    use crate::methods::elo::EloParams;
    use crate::methods::multi_elo::MultiEloParams;
    use crate::model::Event;

    /// A league: `n` players of spread-out strengths, `games` random pairings, results by
    /// Bradley–Terry with some draws; dated, so Elo takes them by date.
    fn league(n: usize, games: usize, seed: u64) -> Dataset {
        let mut rng = SplitMix64::new(seed);
        let unit = |rng: &mut SplitMix64| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let strength: Vec<f64> = (0..n).map(|i| 2.0 * i as f64 / n as f64).collect();
        let mut d = Dataset::new();
        for k in 0..games {
            let a = rng.below(n);
            let b = (a + 1 + rng.below(n - 1)) % n;
            let p = 1.0 / (1.0 + (strength[b] - strength[a]).exp());
            let s = if unit(&mut rng) < 0.2 { 0.5 } else { f64::from(u8::from(unit(&mut rng) < p)) };
            d.add_game(&format!("P{a:02}"), &format!("P{b:02}"), s).set_date(Some(format!("2024-{:02}-01", 1 + k / 40)));
        }
        d
    }

    fn ratings(r: &Rating) -> Vec<(usize, f64)> {
        let mut v: Vec<(usize, f64)> = r.players.iter().filter_map(|p| rated(p).map(|x| (p.index, x))).collect();
        crate::sort::by_key(&mut v, |x| x.0);
        v
    }

    #[test]
    fn a_shuffle_is_a_repeatable_permutation() {
        let orders = Order::shuffles(3, 42);
        assert_eq!(orders, Order::shuffles(3, 42));
        assert_eq!(orders[..2], Order::shuffles(2, 42)[..], "the first orders do not depend on how many");
        let mut seen = Vec::new();
        for order in orders {
            let mut v: Vec<usize> = (0..50).collect();
            order.apply(&mut v);
            assert_ne!(v, (0..50).collect::<Vec<_>>());
            seen.push(v.clone());
            v.sort_unstable();
            assert_eq!(v, (0..50).collect::<Vec<_>>(), "each item once");
        }
        assert_ne!(seen[0], seen[1]);
        let mut v = vec![1, 2, 3];
        Order::Reversed.apply(&mut v);
        assert_eq!(v, [3, 2, 1]);
    }

    /// A replay is the method run on the games listed in that order and taken as listed.
    #[test]
    fn a_replay_takes_the_games_in_the_new_order() {
        let data = league(12, 200, 1);
        let elo = EloParams::default();
        let order = crate::model::chronological_order(&data.games);
        for o in [Order::Reversed, Order::Shuffled(9)] {
            let mut listed = data.clone();
            let mut taken = order.clone();
            o.apply(&mut taken);
            listed.games = taken.iter().map(|&g| data.games[g].clone()).collect();
            let as_listed = Method::Elo(EloParams { chronological: false, ..elo.clone() });
            let want = rate(&listed, &as_listed, &Options::default()).unwrap();
            let got = replay(&data, &Method::Elo(elo.clone()), &Options::default(), o).unwrap();
            assert_eq!(ratings(&got), ratings(&want));
            // Multiplayer Elo on two-player games is Elo, in any order.
            let multi = replay(&data, &Method::MultiElo(MultiEloParams::default()), &Options::default(), o).unwrap();
            for ((i, a), (j, b)) in ratings(&multi).into_iter().zip(ratings(&want)) {
                assert!(i == j && (a - b).abs() < 1e-9, "{a} != {b}");
            }
        }
    }

    #[test]
    fn multiplayer_events_are_replayed_too() {
        let mut d = Dataset::new();
        let ids: Vec<usize> = ["A", "B", "C", "D"].iter().map(|n| d.player(n).unwrap()).collect();
        for k in 0..6u32 {
            let places = ids.iter().map(|&i| (i, (i as u32 + k) % 4 + 1)).collect();
            d.events.push(Event { name: format!("e{k}"), places, line: 0, unranked: Vec::new(), team: Vec::new() });
        }
        let m = Method::MultiElo(MultiEloParams::default());
        let forward = rate(&d, &m, &Options::default()).unwrap();
        let back = replay(&d, &m, &Options::default(), Order::Reversed).unwrap();
        assert_ne!(ratings(&forward), ratings(&back), "the same events in another order move the ratings");
        let total = |r: &Rating| ratings(r).iter().map(|x| x.1).sum::<f64>();
        assert!((total(&back) - 6000.0).abs() < 1e-9, "the sum of ratings is kept in any order");
    }

    /// Brent's ratings are a fixed point of sums over all games: no order changes them.
    #[test]
    fn brent_is_the_same_in_every_order() {
        let data = league(30, 600, 2);
        let brent = Method::Brent(BrentParams { eps: 1e-13, ..Default::default() });
        let options = Options::default();
        let base = ratings(&rate(&data, &brent, &options).unwrap());
        let mut orders = Order::shuffles(5, 7);
        orders.push(Order::Reversed);
        for &o in &orders {
            for ((i, a), (j, b)) in ratings(&replay(&data, &brent, &options, o).unwrap()).into_iter().zip(&base) {
                assert!(i == *j && (a - b).abs() < 1e-9, "{o:?}: {a} != {b}");
            }
        }
        for s in spread(&data, &brent, &options, &orders).unwrap().into_iter().flatten() {
            assert!(s.max - s.min < 1e-9 && s.sd < 1e-9 && s.orders == orders.len(), "{s:?}");
        }
    }

    #[test]
    fn elo_depends_on_the_order_and_more_with_a_larger_k() {
        let data = league(20, 400, 3);
        let orders = Order::shuffles(20, 11);
        let mean_sd = |k: f64| {
            let m = Method::Elo(EloParams { k, ..Default::default() });
            let s = spread(&data, &m, &Options::default(), &orders).unwrap();
            assert!(s.iter().flatten().all(|s| s.orders == 20 && s.min <= s.mean && s.mean <= s.max));
            s.iter().flatten().map(|s| s.sd).sum::<f64>() / s.iter().flatten().count() as f64
        };
        let (small, large) = (mean_sd(16.0), mean_sd(40.0));
        assert!(small > 1.0, "some spread at K = 16: {small}");
        assert!(large > 1.5 * small, "K = 40 spreads more than K = 16: {large} vs {small}");
        // Repeatable: the same seed, the same spread.
        assert_eq!(mean_sd(16.0), small);
    }

    #[test]
    fn a_single_order_has_no_spread_and_sd_is_over_the_orders() {
        // Two games, Anna beats Ben and Ben beats Cleo, in two orders (K = 25, ζ = 400).
        // As listed: Anna–Ben gives ±12.5 (Ben 1487.5); then Ben (1487.5) beats Cleo (1500),
        // μ = 1/(1 + 10^(12.5/400)), Ben gains 25(1 − μ). Reversed: Ben beats Cleo first
        // (+12.5, Ben 1512.5), then loses to Anna from 1512.5, μ_Anna = 1/(1 + 10^(12.5/400)).
        let mut d = Dataset::new();
        d.add_game("Anna", "Ben", 1.0);
        d.add_game("Ben", "Cleo", 1.0);
        let mu = 1.0 / (1.0 + 10f64.powf(12.5 / 400.0));
        let ben = [1487.5 + 25.0 * (1.0 - mu), 1512.5 - 25.0 * (1.0 - mu)];
        let m = Method::Elo(EloParams::default());
        // Shuffled(0) leaves two games in place (its first number is above 2⁶³, so the one
        // swap is of the second game with itself): the orders are as listed, and reversed.
        let mut two = [0, 1];
        Order::Shuffled(0).apply(&mut two);
        assert_eq!(two, [0, 1]);
        let b = spread(&d, &m, &Options::default(), &[Order::Shuffled(0), Order::Reversed]).unwrap()[1].unwrap();
        let (lo, hi) = (ben[0].min(ben[1]), ben[0].max(ben[1]));
        assert_eq!((b.min, b.max, b.orders), (lo, hi, 2));
        // Two values: the mean is halfway and the sd (over the orders, not n − 1) half the gap.
        assert!((b.mean - (lo + hi) / 2.0).abs() < 1e-9 && (b.sd - (hi - lo) / 2.0).abs() < 1e-9, "{b:?}");
        let one = spread(&d, &m, &Options::default(), &[Order::Reversed]).unwrap()[1].unwrap();
        assert_eq!((one.min, one.max, one.sd), (ben[1], ben[1], 0.0));
    }
}
