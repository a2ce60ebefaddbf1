//! Methods side by side: one dataset rated by several methods (each with its own parameters;
//! the same method twice is allowed), each player's rating and rank under each, how far every
//! pair of methods agrees ([`agreement`]: Kendall's τ-b, Spearman's ρ, the top-10 overlap),
//! and, when asked, how far Elo's ratings move when the games come in another order
//! ([`order`]).
//!
//! Every method is rated by [`crate::methods::rate`], the same fit every other caller runs
//! (a caller that steps the fits itself, as the app's worker does, hands the results to
//! [`Comparison::new`]). A method that fails keeps its error in its place and the others'
//! results stand; the edges name it ([`export::failure_messages`]: `elo#2: …`).
//!
//! Agreement is measured on ranks (each method's own, [`crate::methods::ranking::rank`], so
//! ties are its one tie rule) over the players both methods rate ([`order::rated`]: a finite
//! rating and a rank). Ranks rather than ratings because the methods' scales differ (Elo
//! points, log-strengths, dan/kyu) and only the order is comparable; the two give the same τ
//! and ρ.
//!
//! Methods are told apart by their position in the list; names (`elo`, `elo#2`) are made at
//! the edges, by [`export::labels`].

pub mod agreement;
pub mod export;
pub mod order;

use crate::error::RateError;
use crate::methods::rating::Rating;
use crate::methods::{rate, Method, Options};
use crate::model::Dataset;
use agreement::Agreement;
use order::{rated, spread, Order, Spread};

/// One method's results.
#[derive(Clone, Debug)]
pub struct Rated {
    pub rating: Rating,
    /// Per dataset player, the spread of the rating over the orders asked for (`None` when
    /// none were): replayed for a sequential method, [`Spread::fixed`] for the others.
    pub spread: Option<Vec<Option<Spread>>>,
}

/// A player's line of the comparison, one entry per method (in the methods' order; `None`
/// where that method failed or does not rate the player).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The player's index in the dataset.
    pub player: usize,
    pub name: String,
    pub ratings: Vec<Option<f64>>,
    pub ranks: Vec<Option<usize>>,
    pub spread: Vec<Option<Spread>>,
}

impl Row {
    /// How many places the player moves from method `a` to method `b` (positive: up, a better
    /// rank under `b`).
    pub fn shift(&self, a: usize, b: usize) -> Option<i64> {
        Some(self.ranks[a]? as i64 - self.ranks[b]? as i64)
    }
}

/// The agreement of methods `a` and `b` (positions in the list, `a < b`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pair {
    pub a: usize,
    pub b: usize,
    pub agreement: Agreement,
}

/// Several methods on one dataset.
#[derive(Clone, Debug)]
pub struct Comparison {
    pub methods: Vec<Method>,
    /// Each method's results or its error, in the methods' order.
    pub outcomes: Vec<Result<Rated, RateError>>,
    /// Every player, in the order of the first method that rated (best first), else as in
    /// the dataset.
    pub rows: Vec<Row>,
    /// Every pair of methods that both rated, `a < b`, in list order.
    pub pairs: Vec<Pair>,
    /// How many orders the spreads are over (0: none asked for).
    pub orders: usize,
}

/// Rates `data` by each of `methods` in turn and compares them; with `orders`, also the
/// spread of each method's ratings over those orders.
pub fn compare(data: &Dataset, methods: &[Method], options: &Options, orders: &[Order]) -> Comparison {
    let outcomes = methods.iter().map(|m| rate_one(data, m, options, orders)).collect();
    Comparison::new(data, methods.to_vec(), outcomes, orders.len())
}

/// One method's part of a comparison: its ratings and, with `orders`, their spread.
pub fn rate_one(data: &Dataset, method: &Method, options: &Options, orders: &[Order]) -> Result<Rated, RateError> {
    let rating = rate(data, method, options)?;
    let spread = match orders.len() {
        0 => None,
        _ if method.kind().sequential() => Some(spread(data, method, options, orders)?),
        n => {
            let mut fixed = vec![None; data.players.len()];
            for p in &rating.players {
                fixed[p.index] = rated(p).map(|r| Spread::fixed(r, n));
            }
            Some(fixed)
        }
    };
    Ok(Rated { rating, spread })
}

impl Comparison {
    /// Assembles a comparison from each method's outcome (a caller that rates the methods
    /// itself, a step at a time, hands them over here).
    pub fn new(data: &Dataset, methods: Vec<Method>, outcomes: Vec<Result<Rated, RateError>>, orders: usize) -> Comparison {
        assert_eq!(methods.len(), outcomes.len(), "one outcome per method");
        let (n, m) = (data.players.len(), methods.len());
        let mut rows: Vec<Row> = (0..n)
            .map(|i| Row {
                player: i,
                name: data.players[i].name.clone(),
                ratings: vec![None; m],
                ranks: vec![None; m],
                spread: vec![None; m],
            })
            .collect();
        for (k, outcome) in outcomes.iter().enumerate() {
            let Ok(result) = outcome else { continue };
            for p in result.rating.players.iter().filter(|p| p.index < n) {
                rows[p.index].ratings[k] = rated(p);
                rows[p.index].ranks[k] = rated(p).and(p.rank);
                rows[p.index].spread[k] = result.spread.as_ref().and_then(|s| s.get(p.index).copied().flatten());
            }
        }
        let ok: Vec<usize> = (0..m).filter(|&k| outcomes[k].is_ok()).collect();
        let pairs = ok
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| ok[i + 1..].iter().map(move |&b| (a, b)))
            .map(|(a, b)| Pair { a, b, agreement: pair_agreement(&rows, a, b) })
            .collect();
        let rows = match ok.first().and_then(|&k| outcomes[k].as_ref().ok()) {
            Some(first) => in_order_of(rows, &first.rating),
            None => rows,
        };
        Comparison { methods, outcomes, rows, pairs, orders }
    }

    /// The methods that failed, with their errors.
    pub fn failures(&self) -> impl Iterator<Item = (usize, &RateError)> {
        self.outcomes.iter().enumerate().filter_map(|(k, o)| o.as_ref().err().map(|e| (k, e)))
    }
}

/// The agreement of two methods' ranks; a better rank is a higher value.
fn pair_agreement(rows: &[Row], a: usize, b: usize) -> Agreement {
    let value = |k: usize| -> Vec<f64> { rows.iter().map(|r| r.ranks[k].map_or(f64::NAN, |x| -(x as f64))).collect() };
    agreement::agreement(&value(a), &value(b))
}

/// The rows in the order of `rating`'s players (best first), any it leaves out after them.
fn in_order_of(rows: Vec<Row>, rating: &Rating) -> Vec<Row> {
    let mut slots: Vec<Option<Row>> = rows.into_iter().map(Some).collect();
    let mut out: Vec<Row> = rating.players.iter().filter_map(|p| slots.get_mut(p.index).and_then(Option::take)).collect();
    out.extend(slots.into_iter().flatten());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::brent::BrentParams;
    use crate::methods::elo::EloParams;
    use crate::methods::multi_elo::MultiEloParams;

    fn small() -> Dataset {
        let mut d = Dataset::new();
        for (a, b, s) in [("Anna", "Ben", 1.0), ("Ben", "Cleo", 1.0), ("Cleo", "Anna", 0.5), ("Anna", "Dan", 1.0), ("Dan", "Ben", 0.5)] {
            d.add_game(a, b, s);
        }
        d.player("Eve");
        d
    }

    #[test]
    fn every_method_rates_and_every_pair_is_compared() {
        let methods = [
            Method::Brent(BrentParams::default()),
            Method::Elo(EloParams { k: 16.0, ..Default::default() }),
            Method::Elo(EloParams { k: 40.0, ..Default::default() }),
        ];
        let c = compare(&small(), &methods, &Options::default(), &[]);
        assert!(c.outcomes.iter().all(Result::is_ok));
        assert_eq!(c.pairs.iter().map(|p| (p.a, p.b)).collect::<Vec<_>>(), [(0, 1), (0, 2), (1, 2)]);
        // Elo with K = 16 and K = 40 after these five games orders the players alike.
        let elos = c.pairs[2].agreement;
        assert_eq!((elos.common, elos.kendall_tau_b, elos.spearman_rho), (4, Some(1.0), Some(1.0)));
        assert_eq!(c.rows[0].name, "Anna", "best first by the first method");
        let eve = c.rows.iter().find(|r| r.name == "Eve").unwrap();
        assert_eq!((eve.ratings.clone(), eve.ranks.clone()), (vec![None; 3], vec![None; 3]), "no games, no rating");
        assert!(c.rows.iter().all(|r| r.spread.iter().all(Option::is_none)));
        let anna = &c.rows[0];
        assert_eq!(anna.shift(0, 1), Some(0));
    }

    #[test]
    fn a_failing_method_keeps_its_error_and_the_others_their_results() {
        // Multiplayer Elo rates the games; an Elo with K < 0 cannot start.
        let methods = [Method::Elo(EloParams { k: -1.0, ..Default::default() }), Method::MultiElo(MultiEloParams::default())];
        let c = compare(&small(), &methods, &Options::default(), &Order::shuffles(3, 1));
        let failures: Vec<(usize, String)> = c.failures().map(|(k, e)| (k, e.to_string())).collect();
        assert_eq!(failures.len(), 1);
        assert_eq!(failures[0].0, 0);
        assert!(failures[0].1.contains('k'), "{}", failures[0].1);
        assert!(c.pairs.is_empty(), "no pair with a failed method");
        assert_eq!(c.rows[0].name, "Anna", "ordered by the first method that rated");
        assert!(c.rows[0].ratings[1].is_some() && c.rows[0].ratings[0].is_none());
        assert_eq!(c.rows[0].spread[1].unwrap().orders, 3);
    }

    #[test]
    fn order_free_methods_have_no_spread() {
        let methods = [Method::Brent(BrentParams::default()), Method::Elo(EloParams::default())];
        let c = compare(&small(), &methods, &Options::default(), &Order::shuffles(10, 5));
        assert_eq!(c.orders, 10);
        for r in c.rows.iter().filter(|r| r.ratings[0].is_some()) {
            let s = r.spread[0].unwrap();
            assert_eq!((s.min, s.max, s.sd, s.orders), (r.ratings[0].unwrap(), r.ratings[0].unwrap(), 0.0, 10));
        }
        assert!(c.rows.iter().filter_map(|r| r.spread[1]).any(|s| s.sd > 0.0), "Elo moves with the order");
    }
}
