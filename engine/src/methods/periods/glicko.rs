//! Glicko (Glickman 1999; "The Glicko system"): a rating and a rating deviation (RD) per
//! player. At a period's start each player's RD grows by `c` per period since they last
//! played (`sqrt(RD² + c²t)`, at most `max_deviation`; `c` by default the paper's scaled to
//! the period's length, [`super::length`]); then, from the ratings and RDs at the
//! start, each player's
//!
//! ```text
//! d² = 1 / (q² Σ g(RD_j)² E_j (1 − E_j)),   RD' = sqrt(1 / (1/RD² + 1/d²)),
//! r' = r + q RD'² Σ g(RD_j) (s_j − E_j),
//! ```
//!
//! with q = ln 10 / 400, g(RD) = 1 / sqrt(1 + 3q²RD²/π²), E_j = 1 / (1 + 10^(−g(RD_j)(r − r_j)/400)).

mod params;

pub use params::GlickoParams;

use super::fit::{PeriodFit, Roster};
use super::{run, starts, Convention, Growth, PeriodGame, PeriodNote, PeriodRule, Periods, RdState, Standing, Start, Q};
use crate::error::{check, RateError};
use crate::methods::cost::Passes;
use crate::methods::fit::Fit;
use crate::methods::predictive::Model;
use crate::methods::rating::Rating;
use crate::methods::spec::About;
use crate::methods::spec::MethodSpec;
use crate::methods::Method;
use crate::methods::Options;
use crate::model::Dataset;
use crate::model::Player;

impl MethodSpec for GlickoParams {
    const ABOUT: About = About {
        title: "Glicko ratings",
        label: "Glicko",
        short: "Glicko",
        about: "Glicko: a rating and a deviation RD per player, rated period by period (rounds, weeks, months…); a player who sits periods out keeps the rating while the RD grows.",
        sequential: true,
        decimals: None,
        axis: None,
        // Measured on a million random games, each its own period (docs/performance.md,
        // *Evaluation's estimate*): 2.0–2.8 replays in the worker, 0.9–1.0 natively.
        passes: Passes::flat(3.0, 1.0),
    };

    fn validate(&self) -> Result<(), RateError> {
        check(self.initial_rating.is_finite(), "initial rating", self.initial_rating, "a finite number")?;
        check(self.max_deviation.is_finite() && self.max_deviation > 0.0, "maximum deviation", self.max_deviation, "a positive number")?;
        let d = self.initial_deviation;
        check(d > 0.0 && d <= self.max_deviation, "initial deviation", d, "a positive number up to the maximum deviation")?;
        let c = self.c.unwrap_or(0.0);
        check(c.is_finite() && c >= 0.0, "c", c, "a number of at least 0")
    }

    super::glicko_family_spec!();
}

impl GlickoParams {
    /// The fit on `data`, whose `players` it keeps (see [`MethodSpec::start_apart`]).
    fn begin<'p>(&self, data: &Dataset, players: &'p [Player]) -> Result<Box<dyn Fit + 'p>, RateError> {
        self.validate()?;
        let made = Periods::from_dataset(data, self.period)?;
        let (days, per) = (made.1.days(self.convention, &made.0), made.1.unit(self.convention));
        let c = Growth::of("c", self.c, GlickoParams::paper_c(), days, per);
        let initial = Start { rating: self.initial_rating, deviation: self.initial_deviation };
        let (starts, note) = starts(&data.players, initial, self.max_deviation);
        let rule = Glicko::growing(self, c.value, &starts)?;
        let notes = std::iter::once(PeriodNote::Growth(c)).chain(note).collect();
        Ok(Box::new(PeriodFit::new(Roster::of(data, players), Method::Glicko(self.clone()), made, Box::new(rule), notes)?))
    }
}

/// Glicko's state.
pub struct Glicko {
    p: GlickoParams,
    /// The growth per period used.
    c: f64,
    s: RdState,
}

impl Glicko {
    /// Every player starting from the initial rating and deviation.
    pub fn new(players: usize, p: &GlickoParams) -> Result<Glicko, RateError> {
        Glicko::starting(p, &vec![Start { rating: p.initial_rating, deviation: p.initial_deviation }; players])
    }

    /// Each player starting from their own [`Start`] (a player list's: [`starts`]), `c` as set
    /// or the paper's unscaled (the periods' length unknown here).
    pub fn starting(p: &GlickoParams, starts: &[Start]) -> Result<Glicko, RateError> {
        Glicko::growing(p, p.c.unwrap_or_else(GlickoParams::paper_c), starts)
    }

    /// [`Glicko::starting`] with the growth `c` per period.
    pub fn growing(p: &GlickoParams, c: f64, starts: &[Start]) -> Result<Glicko, RateError> {
        p.validate()?;
        check(c.is_finite() && c >= 0.0, "c", c, "a number of at least 0")?;
        Ok(Glicko { p: p.clone(), c, s: RdState::new(starts) })
    }
}

impl PeriodRule for Glicko {
    fn convention(&self) -> Convention {
        self.p.convention
    }

    fn period(&mut self, time: i64, period: &[PeriodGame]) -> f64 {
        let (max2, c2, convention) = (self.p.max_deviation.powi(2), self.c * self.c, self.p.convention);
        let grown = |rd2: f64, last: Option<i64>| match (last, convention) {
            (Some(l), _) => (rd2 + (time - l) as f64 * c2).min(max2),
            (None, Convention::PlayerRatings) => (rd2 + c2).min(max2),
            (None, Convention::Glickman) => rd2,
        };
        self.s.start(period, &grown, 0.0);
        let mut largest = 0.0f64;
        for k in 0..self.s.scratch.present.len() {
            let i = self.s.scratch.present[k];
            let rd2 = 1.0 / (1.0 / self.s.rd2[i] + Q * Q * self.s.scratch.sums[i].info);
            largest = largest.max(self.s.set(i, time, rd2, Q * rd2 * self.s.scratch.sums[i].surprise));
        }
        largest
    }

    fn standings(&self, end: i64) -> Vec<Standing> {
        let (max2, c2, convention) = (self.p.max_deviation.powi(2), self.c * self.c, self.p.convention);
        self.s.standings(&|rd2, last| match (convention, last) {
            (Convention::Glickman, Some(l)) => (rd2 + (end - l) as f64 * c2).min(max2),
            _ => rd2,
        })
    }

    fn ratings(&self) -> Vec<Option<f64>> {
        self.s.ratings()
    }

    fn rating(&self, i: usize) -> f64 {
        self.s.r[i]
    }

    fn prefetch(&self, i: usize) {
        self.s.prefetch(i);
    }

    fn deviation(&self, i: usize) -> Option<f64> {
        Some(self.s.rd2[i].sqrt())
    }
}

/// Each player's rating and deviation after the last period.
pub fn glicko(data: &Periods, p: &GlickoParams) -> Result<Vec<Standing>, RateError> {
    Ok(run(data, &mut Glicko::new(data.players, p)?))
}

#[cfg(test)]
mod tests {
    use super::super::Scratch;
    use super::*;

    /// Glickman's worked example ("The Glicko system", step 2): a player rated 1500 (RD 200)
    /// beats 1400 (RD 30) and loses to 1550 (RD 100) and 1700 (RD 300): r' = 1464, RD' = 151.4
    /// (the paper's rounded figures; unrounded r' = 1464.1, RD' = 151.4).
    #[test]
    fn glickmans_worked_example() {
        let start = [(1500.0, 200.0), (1400.0, 30.0), (1550.0, 100.0), (1700.0, 300.0)];
        let games = [(1, 1.0), (2, 0.0), (3, 0.0)].map(|(j, s)| PeriodGame::new(0, j, s));
        let r: Vec<f64> = start.iter().map(|x| x.0).collect();
        let rd2: Vec<f64> = start.iter().map(|x| x.1 * x.1).collect();
        let mut s = Scratch::new(4);
        s.start(&games);
        s.sum(&games, &|i| r[i], &|i| rd2[i], 0.0);
        let d2 = 1.0 / (Q * Q * s.sums[0].info);
        assert!((d2 - 53670.85).abs() < 60.0, "d² = {d2}");
        let new2 = 1.0 / (1.0 / rd2[0] + 1.0 / d2);
        let new_r = r[0] + Q * new2 * s.sums[0].surprise;
        assert!((new_r - 1464.0).abs() < 0.5 && (new2.sqrt() - 151.4).abs() < 0.05, "r' = {new_r}, RD' = {}", new2.sqrt());
    }

    #[test]
    fn a_player_who_sits_periods_out_has_only_the_deviation_grown() {
        let game = |a, b, s| PeriodGame::new(a, b, s);
        let data = Periods::from_lists(3, vec![(1, vec![game(0, 1, 1.0), game(1, 2, 0.5)]), (5, vec![game(1, 2, 1.0)])]);
        let p = GlickoParams::default();
        let out = glicko(&data, &p).unwrap();
        let after_one = glicko(&data.first(1), &p).unwrap();
        assert_eq!(out[0].rating, after_one[0].rating, "the rating of a player who stopped stays");
        let c = GlickoParams::paper_c();
        let grown = (after_one[0].deviation.powi(2) + 4.0 * c * c).sqrt();
        assert!((out[0].deviation - grown.min(350.0)).abs() < 1e-9, "grown for the 4 periods since: {}", out[0].deviation);
        let pr = glicko(&data, &GlickoParams { convention: Convention::PlayerRatings, ..p }).unwrap();
        assert!(pr[0].deviation < out[0].deviation, "PlayerRatings reports it as it was");
    }

    #[test]
    fn bad_parameters_are_refused() {
        let data = Periods::default();
        for p in [
            GlickoParams { c: Some(-1.0), ..GlickoParams::default() },
            GlickoParams { initial_deviation: 400.0, ..GlickoParams::default() },
            GlickoParams { initial_rating: f64::NAN, ..GlickoParams::default() },
        ] {
            assert!(glicko(&data, &p).is_err(), "{p:?}");
        }
    }
}
