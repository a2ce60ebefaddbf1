//! Stephenson's method (A. Stephenson, the winner of Kaggle's 2012 "FIDE/Deloitte" chess
//! rating contest; R package PlayerRatings' `steph`): Glicko with three changes. A player's
//! deviation grows by `h` for each game of a period as well as by `c` per period; every score
//! gets a bonus `b` (a reward for playing); and each rating is pulled towards its opponents'
//! by λ/100 of their mean difference (the neighbourhood term):
//!
//! ```text
//! RD² ← min(RD² + t c², RD_max²);   RD'² = 1 / (1/(RD² + n h²) + q² Σ g_j² E_j (1 − E_j)),
//! r' = r + q RD'² Σ g_j (s_j + b/100 − E_j) + (λ/100) Σ (r_j − r) / n,
//! ```
//!
//! over the n games of the period, t the periods since the player last played (1 in their
//! first). Defined by PlayerRatings' implementation, whose conventions it follows.

mod params;

pub use params::StephensonParams;

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

impl MethodSpec for StephensonParams {
    const ABOUT: About = About {
        title: "Stephenson ratings",
        label: "Stephenson (Glicko variant)",
        short: "Stephenson",
        about: "Stephenson: Glicko with a deviation that also grows per game, a bonus for playing and a pull toward the opponents' ratings; won Kaggle's 2012 chess rating contest.",
        sequential: true,
        decimals: None,
        axis: None,
        // Measured on a million random games, each its own period (docs/performance.md,
        // *Evaluation's estimate*): 1.8–2.0 replays in the worker, 0.9–1.0 natively.
        passes: Passes::flat(2.0, 1.0),
    };

    fn validate(&self) -> Result<(), RateError> {
        check(self.initial_rating.is_finite(), "initial rating", self.initial_rating, "a finite number")?;
        check(self.max_deviation.is_finite() && self.max_deviation > 0.0, "maximum deviation", self.max_deviation, "a positive number")?;
        let d = self.initial_deviation;
        check(d > 0.0 && d <= self.max_deviation, "initial deviation", d, "a positive number up to the maximum deviation")?;
        let c = self.c.unwrap_or(0.0);
        check(c.is_finite() && c >= 0.0, "c", c, "a number of at least 0")?;
        check(self.h.is_finite() && self.h >= 0.0, "h", self.h, "a number of at least 0")?;
        check(self.bonus.is_finite() && self.bonus.abs() <= 100.0, "bonus", self.bonus, "a number from -100 to 100")?;
        check(self.lambda.is_finite() && (0.0..=100.0).contains(&self.lambda), "lambda", self.lambda, "a number from 0 to 100")
    }

    super::glicko_family_spec!();
}

impl StephensonParams {
    /// The fit on `data`, whose `players` it keeps (see [`MethodSpec::start_apart`]).
    fn begin<'p>(&self, data: &Dataset, players: &'p [Player]) -> Result<Box<dyn Fit + 'p>, RateError> {
        self.validate()?;
        let made = Periods::from_dataset(data, self.period)?;
        let convention = Convention::PlayerRatings;
        let (days, per) = (made.1.days(convention, &made.0), made.1.unit(convention));
        let c = Growth::of("c", self.c, StephensonParams::PAPER_C, days, per);
        let initial = Start { rating: self.initial_rating, deviation: self.initial_deviation };
        let (starts, note) = starts(&data.players, initial, self.max_deviation);
        let rule = Stephenson::growing(self, c.value, &starts)?;
        let notes = std::iter::once(PeriodNote::Growth(c)).chain(note).collect();
        Ok(Box::new(PeriodFit::new(Roster::of(data, players), Method::Stephenson(self.clone()), made, Box::new(rule), notes)?))
    }
}

/// Stephenson's state.
pub struct Stephenson {
    p: StephensonParams,
    /// The growth per period used.
    c: f64,
    s: RdState,
}

impl Stephenson {
    /// Every player starting from the initial rating and deviation.
    pub fn new(players: usize, p: &StephensonParams) -> Result<Stephenson, RateError> {
        Stephenson::starting(p, &vec![Start { rating: p.initial_rating, deviation: p.initial_deviation }; players])
    }

    /// Each player starting from their own [`Start`] (a player list's: [`starts`]).
    /// `c` as set or PlayerRatings' unscaled (the periods' length unknown here).
    pub fn starting(p: &StephensonParams, starts: &[Start]) -> Result<Stephenson, RateError> {
        Stephenson::growing(p, p.c.unwrap_or(StephensonParams::PAPER_C), starts)
    }

    /// [`Stephenson::starting`] with the growth `c` per period.
    pub fn growing(p: &StephensonParams, c: f64, starts: &[Start]) -> Result<Stephenson, RateError> {
        p.validate()?;
        check(c.is_finite() && c >= 0.0, "c", c, "a number of at least 0")?;
        Ok(Stephenson { p: p.clone(), c, s: RdState::new(starts) })
    }
}

impl PeriodRule for Stephenson {
    /// Defined by PlayerRatings: its conventions throughout.
    fn convention(&self) -> Convention {
        Convention::PlayerRatings
    }

    fn period(&mut self, time: i64, period: &[PeriodGame]) -> f64 {
        let p = &self.p;
        let (max2, c2, h2) = (p.max_deviation * p.max_deviation, self.c * self.c, p.h * p.h);
        let grown = |rd2: f64, last: Option<i64>| (rd2 + last.map_or(1, |l| time - l) as f64 * c2).min(max2);
        self.s.start(period, &grown, p.bonus / 100.0);
        let mut largest = 0.0f64;
        for k in 0..self.s.scratch.present.len() {
            let i = self.s.scratch.present[k];
            let sc = &self.s.scratch.sums[i];
            let games = sc.games as f64;
            let rd2 = 1.0 / (1.0 / (self.s.rd2[i] + games * h2) + Q * Q * sc.info);
            let step = Q * rd2 * sc.surprise + p.lambda / 100.0 * sc.neighbours / games;
            largest = largest.max(self.s.set(i, time, rd2, step));
        }
        largest
    }

    fn standings(&self, _end: i64) -> Vec<Standing> {
        self.s.standings(&|rd2, _| rd2)
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

/// Each player's rating and deviation after the last period (periods counted as
/// PlayerRatings counts them: the periods with games).
pub fn stephenson(data: &Periods, p: &StephensonParams) -> Result<Vec<Standing>, RateError> {
    Ok(run(data, &mut Stephenson::new(data.players, p)?))
}
