//! Whole-History Rating (R. Coulom, "Whole-History Rating: A Bayesian Rating System for
//! Players of Time-Varying Strength", 2008): each player's strength is a Wiener process in
//! time, r(t₂) − r(t₁) ~ N(0, |t₂ − t₁| w²), and the ratings of every player on every day
//! they played are fitted jointly to all the games (Bradley–Terry: P(i beats j) = γᵢ/(γᵢ+γⱼ),
//! γ = eʳ), by Newton's method on one player's whole time series at a time (its Hessian is
//! tridiagonal: the prior links only neighbouring days).
//!
//! As the original implementation does (P. Schwamb's `whole_history_rating`, whose test
//! `tests/periods.rs` reproduces): w² is given in Elo² per period; a player's first day holds a
//! virtual win and a virtual loss against a player of rating 0 (the prior that keeps a rating
//! finite); the Newton step subtracts 0.001 from the Hessian's diagonal (a damping that does
//! not move the optimum); the uncertainty of a day is its variance from the inverse Hessian.
//! A draw counts as half a win and half a loss (the reference has none).

mod params;

pub use params::WhrParams;

use super::fit::rating;
use super::{PeriodBasis, PeriodNote, Standing};
use super::{PeriodGame, Periods};
use crate::error::{check, RateError};
use crate::methods::fit::{stop_warning, Advance, Fit, Measures, Quantity, Stepper, Steps, Stopping, Taken};
use crate::methods::predictive::Model;
use crate::methods::rating::Rating;
use crate::methods::rating::{HistoryPoint, MethodVariant, StopReason};
use crate::methods::spec::About;
use crate::methods::spec::MethodSpec;
use crate::methods::Method;
use crate::methods::Options;
use crate::model::Dataset;
use crate::model::Player;

/// Natural-log strength per Elo point.
const PER_ELO: f64 = std::f64::consts::LN_10 / 400.0;

impl MethodSpec for WhrParams {
    const ABOUT: About = About {
        title: "Whole-History ratings",
        label: "Whole-History Rating",
        short: "WHR",
        about: "Whole-History Rating: each player's strength drifts over time (a Wiener process), and every day's ratings are fitted to all games at once, so later games revise earlier ratings.",
        sequential: false,
        decimals: None,
        // Newton sweeps over every day of every player until the ratings settle.
        passes: 30.0,
    };

    fn validate(&self) -> Result<(), RateError> {
        check(self.w2.is_finite() && self.w2 > 0.0, "w2", self.w2, "a positive number (Elo² per period)")?;
        check(self.tolerance.is_finite() && self.tolerance > 0.0, "tolerance", self.tolerance, "a positive number")?;
        check(self.anchor.is_finite(), "anchor", self.anchor, "a finite number")
    }

    fn start<'d>(&self, data: &'d Dataset, _options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
        Ok(Box::new(WhrFit::new(data, self)?))
    }

    fn model(&self, _rating: &Rating, _players: usize) -> Model {
        // Bradley–Terry on the latest ratings, Elo's scale.
        Model::Elo { zeta: 400.0, home: 0.0 }
    }

    fn unrated(&self, player: &Player) -> f64 {
        player.listed().map_or(self.anchor, |l| l.rating)
    }
}

/// One day of one player: when, the rating (natural-log units), the games.
#[derive(Clone, Debug)]
struct Day {
    time: i64,
    r: f64,
    /// (opponent, the opponent's day, this player's score).
    games: Vec<(usize, usize, f64)>,
    variance: f64,
}

/// What holds a player's first day (natural-log units): the reference's virtual win and loss
/// against a player rated `centre` (0 for everyone), or, from a player list's rating and
/// deviation, a normal prior of that mean and variance.
#[derive(Clone, Copy, Debug, PartialEq)]
enum FirstDay {
    Virtual { centre: f64 },
    Normal { mean: f64, variance: f64 },
}

/// A WHR fit: every player's days, stepped by [`Whr::sweep`].
#[derive(Clone, Debug)]
pub struct Whr {
    days: Vec<Vec<Day>>,
    /// Each player's prior on their first day.
    first: Vec<FirstDay>,
    w2: f64,
}

/// A player's rating on a day they played: Elo (0 = the virtual opponent) and its variance
/// (natural-log units², as the reference prints it ×100).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DayRating {
    pub time: i64,
    pub elo: f64,
    pub variance: f64,
}

impl Whr {
    /// The players' days from the periods (a period is a day), every rating 0.
    pub fn new(data: &Periods, p: &WhrParams) -> Result<Whr, RateError> {
        p.validate()?;
        let mut days: Vec<Vec<Day>> = vec![Vec::new(); data.players];
        let day_of = |days: &mut Vec<Vec<Day>>, i: usize, time: i64| -> usize {
            if days[i].last().is_none_or(|d| d.time != time) {
                days[i].push(Day { time, r: 0.0, games: Vec::new(), variance: 0.0 });
            }
            days[i].len() - 1
        };
        for (time, games) in &data.periods {
            for &PeriodGame { first, second, score } in games {
                let (a, b) = (day_of(&mut days, first, *time), day_of(&mut days, second, *time));
                days[first][a].games.push((second, b, score));
                days[second][b].games.push((first, a, 1.0 - score));
            }
        }
        let first = vec![FirstDay::Virtual { centre: 0.0 }; data.players];
        Ok(Whr { days, first, w2: p.w2 * PER_ELO * PER_ELO })
    }

    /// Player `i`'s first day held by a player list's `rating` (Elo, shown as the ratings are:
    /// `anchor` is the reference's 0): with a `deviation` (Elo), a normal prior of that mean and
    /// deviation, the Bayesian prior the method's model has room for; without, the
    /// reference's virtual win and loss, against a player of that rating instead of 0. The
    /// player's days start there.
    pub fn listed(&mut self, i: usize, rating: f64, deviation: Option<f64>, anchor: f64) {
        let mean = (rating - anchor) * PER_ELO;
        self.first[i] = match deviation {
            Some(d) => FirstDay::Normal { mean, variance: (d * PER_ELO).powi(2) },
            None => FirstDay::Virtual { centre: mean },
        };
        for day in &mut self.days[i] {
            day.r = mean;
        }
    }

    /// Sweeps until no rating moves by more than the tolerance (or the most sweeps), then the
    /// uncertainties; the number of sweeps.
    pub fn fit(&mut self, p: &WhrParams) -> Result<usize, RateError> {
        for sweep in 1..=p.max_sweeps {
            if self.sweep()? <= p.tolerance {
                self.update_uncertainty();
                return Ok(sweep);
            }
        }
        self.update_uncertainty();
        Ok(p.max_sweeps)
    }

    /// One Newton step on each player in turn, with the others' latest ratings; the largest
    /// move.
    pub fn sweep(&mut self) -> Result<f64, RateError> {
        let mut largest = 0.0f64;
        for i in 0..self.days.len() {
            let step = self.newton_step(i);
            for (d, x) in self.days[i].iter_mut().zip(&step) {
                d.r -= x;
                largest = largest.max(x.abs());
            }
            if let Some(d) = self.days[i].iter().find(|d| !d.r.is_finite() || d.r.abs() > 650.0) {
                // As the reference: a rating beyond e^650 has run away (the games alone cannot
                // fix it, e.g. one player winning everything with no days in between).
                return Err(RateError::Unstable(format!(
                    "Whole-History Rating diverged: player {} reached {} natural-log units at period {}",
                    i + 1,
                    crate::error::number(d.r),
                    d.time
                )));
            }
        }
        Ok(largest)
    }

    /// Day `k` of player `i`: the derivatives of its games' log-likelihood (with the first
    /// day's prior: [`FirstDay`]) in r.
    fn derivatives(&self, i: usize, k: usize) -> (f64, f64) {
        let day = &self.days[i][k];
        let gamma = day.r.exp();
        let mut terms: Vec<(f64, f64)> = day.games.iter().map(|&(j, l, s)| (self.days[j][l].r.exp(), s)).collect();
        let mut prior = (0.0, 0.0);
        match self.first[i] {
            _ if k > 0 => {}
            FirstDay::Virtual { centre } => terms.extend([(centre.exp(), 1.0), (centre.exp(), 0.0)]),
            FirstDay::Normal { mean, variance } => prior = (-(day.r - mean) / variance, -1.0 / variance),
        }
        let first: f64 = terms.iter().map(|&(d, s)| s - gamma / (gamma + d)).sum();
        let second: f64 = -gamma * terms.iter().map(|&(d, _)| d / (gamma + d).powi(2)).sum::<f64>();
        (first + prior.0, second + prior.1)
    }

    /// The prior's variance between day `k` and day `k + 1` of player `i`.
    fn sigma2(&self, i: usize, k: usize) -> f64 {
        (self.days[i][k + 1].time - self.days[i][k].time).abs() as f64 * self.w2
    }

    /// The Hessian's diagonal and super-diagonal (with the reference's −0.001) and the
    /// gradient of player `i`'s log-posterior.
    fn system(&self, i: usize) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
        let n = self.days[i].len();
        let (mut h, mut up, mut g) = (vec![0.0; n], vec![0.0; n.saturating_sub(1)], vec![0.0; n]);
        for k in 0..n {
            let (d1, d2) = self.derivatives(i, k);
            let r = self.days[i][k].r;
            h[k] = d2 - 0.001;
            g[k] = d1;
            if k + 1 < n {
                let s2 = self.sigma2(i, k);
                h[k] -= 1.0 / s2;
                up[k] = 1.0 / s2;
                g[k] -= (r - self.days[i][k + 1].r) / s2;
            }
            if k > 0 {
                let s2 = self.sigma2(i, k - 1);
                h[k] -= 1.0 / s2;
                g[k] -= (r - self.days[i][k - 1].r) / s2;
            }
        }
        (h, up, g)
    }

    /// Player `i`'s Newton step x (r ← r − x): one day by 1-D Newton, more by the tridiagonal
    /// solve of H x = g.
    fn newton_step(&self, i: usize) -> Vec<f64> {
        match self.days[i].len() {
            0 => Vec::new(),
            1 => {
                let (d1, d2) = self.derivatives(i, 0);
                vec![d1 / d2]
            }
            n => {
                let (h, up, g) = self.system(i);
                // Forward elimination (the sub-diagonal equals the super-diagonal), back solve.
                let (mut d, mut y) = (vec![h[0]; n], vec![g[0]; n]);
                for k in 1..n {
                    let a = up[k - 1] / d[k - 1];
                    d[k] = h[k] - a * up[k - 1];
                    y[k] = g[k] - a * y[k - 1];
                }
                let mut x = vec![0.0; n];
                x[n - 1] = y[n - 1] / d[n - 1];
                for k in (0..n - 1).rev() {
                    x[k] = (y[k] - up[k] * x[k + 1]) / d[k];
                }
                x
            }
        }
    }

    /// Each day's variance: the diagonal of −H⁻¹ (H with the −0.001, as the reference).
    pub fn update_uncertainty(&mut self) {
        for i in 0..self.days.len() {
            let n = self.days[i].len();
            if n == 0 {
                continue;
            }
            let (h, up, _) = self.system(i);
            // Forward pivots d and backward pivots e of the tridiagonal H.
            let mut d = vec![h[0]; n];
            for k in 1..n {
                d[k] = h[k] - up[k - 1] * up[k - 1] / d[k - 1];
            }
            let mut e = vec![h[n - 1]; n];
            for k in (0..n - 1).rev() {
                e[k] = h[k] - up[k] * up[k] / e[k + 1];
            }
            for k in 0..n {
                // (H⁻¹)_kk = 1 / (d_k + e_k − h_k).
                self.days[i][k].variance = -1.0 / (d[k] + e[k] - h[k]);
            }
        }
    }

    /// The largest component of the log-posterior's gradient (without the damping): zero at
    /// the fit's optimum.
    pub fn gradient_norm(&self) -> f64 {
        (0..self.days.len()).flat_map(|i| self.system(i).2).fold(0.0, |m, g| m.max(g.abs()))
    }

    /// Player `i`'s rating on each day they played.
    pub fn history(&self, i: usize) -> Vec<DayRating> {
        self.days[i].iter().map(|d| DayRating { time: d.time, elo: d.r / PER_ELO, variance: d.variance }).collect()
    }
}

/// Whole-History Rating, a Newton sweep a step.
pub struct WhrFit<'d> {
    data: &'d Dataset,
    params: WhrParams,
    whr: Whr,
    basis: PeriodBasis,
    /// How the periods were made, when it needs saying.
    note: Option<PeriodNote>,
    steps: Steps,
    failed: Option<RateError>,
    /// Each period's time and the games up to its end (a day's place in the history).
    through: Vec<(i64, usize)>,
}

impl<'d> WhrFit<'d> {
    /// A day of a player's history as a point of it: after `game` games, at the day's time,
    /// with its posterior standard deviation in Elo points.
    fn point(&self, game: usize, d: &DayRating) -> HistoryPoint {
        let deviation = Some(d.variance.max(0.0).sqrt() / PER_ELO).filter(|v| v.is_finite());
        HistoryPoint { game, rating: self.params.anchor + d.elo, time: Some(d.time), deviation }
    }

    pub fn new(data: &'d Dataset, p: &WhrParams) -> Result<WhrFit<'d>, RateError> {
        let (periods, basis, notes) = Periods::by_day(data);
        let note = notes.into_iter().next();
        if periods.periods.is_empty() {
            return Err(RateError::NoGames);
        }
        let mut through = Vec::with_capacity(periods.periods.len());
        let mut games = 0;
        for (time, list) in &periods.periods {
            games += list.len();
            through.push((*time, games));
        }
        let mut whr = Whr::new(&periods, p)?;
        for (i, player) in data.players.iter().enumerate() {
            if let Some(l) = player.listed().filter(|l| l.rating.is_finite()) {
                whr.listed(i, l.rating, l.sigma.filter(|d| d.is_finite() && *d > 0.0), p.anchor);
            }
        }
        // "No rating moves by more than" the tolerance: a sweep at it has converged.
        let steps = Steps::new(None).until(Stopping::at_most(Quantity::Change, p.tolerance, p.max_sweeps));
        Ok(WhrFit { data, params: p.clone(), whr, basis, note, steps, failed: None, through })
    }
}

impl Stepper for WhrFit<'_> {
    /// One Newton sweep over the players; a rating that runs away ends the fit with its error.
    fn advance(&mut self) -> Advance {
        match self.whr.sweep() {
            Ok(change) => Advance::Took(Taken::new(change, change)),
            Err(e) => {
                self.failed = Some(e);
                Advance::Stop(StopReason::NonFinite)
            }
        }
    }

    fn steps(&self) -> &Steps {
        &self.steps
    }

    fn steps_mut(&mut self) -> &mut Steps {
        &mut self.steps
    }
}

impl Fit for WhrFit<'_> {
    fn measures(&self) -> Measures {
        Measures {
            step: "Newton sweep".into(),
            change: "largest change of a day's rating (natural-log units)".into(),
            residual: "largest change of a day's rating (natural-log units)".into(),
            tolerance: Some((Quantity::Change, self.params.tolerance)),
        }
    }

    fn display(&self) -> Vec<Option<f64>> {
        (0..self.data.players.len()).map(|i| self.whr.history(i).last().map(|d| self.params.anchor + d.elo)).collect()
    }

    fn finish(&self) -> Result<Rating, RateError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let mut whr = self.whr.clone();
        whr.update_uncertainty();
        let stop = self.steps.stop.unwrap_or(StopReason::Cancelled);
        let standings: Vec<Standing> = (0..self.data.players.len())
            .map(|i| {
                let days = whr.history(i);
                let last = days.last();
                Standing {
                    rating: last.map_or(0.0, |d| self.params.anchor + d.elo),
                    // The variance in natural-log units², as an Elo standard deviation.
                    deviation: last.map_or(0.0, |d| d.variance.max(0.0).sqrt() * 400.0 / std::f64::consts::LN_10),
                    volatility: None,
                    games: 0,
                    last: last.map(|d| d.time),
                }
            })
            .collect();
        let last = self.steps.trace.last().map_or(0.0, |r| r.change);
        let mut warnings: Vec<String> = stop_warning(stop, self.steps.len(), &self.measures(), last).into_iter().collect();
        warnings.extend(self.note.iter().map(PeriodNote::to_string));
        let method = Method::Whr(self.params.clone());
        let mut r =
            rating(self.data, &method, MethodVariant::WholeHistory { basis: self.basis }, &standings, stop, self.steps.len(), warnings)?;
        r.report.final_residual = last;
        // The whole history as fitted now: each day's rating, placed after that day's games.
        // Periods of one day share its time: the day ends with the last of them.
        let at = |time: i64| self.through.partition_point(|t| t.0 <= time).checked_sub(1).map_or(0, |k| self.through[k].1);
        for p in &mut r.players {
            let days = whr.history(p.index);
            p.history = p.rating.map(|_| days.iter().map(|d| self.point(at(d.time), d)).collect());
        }
        Ok(r)
    }
}
