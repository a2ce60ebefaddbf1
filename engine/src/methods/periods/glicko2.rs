//! Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): a rating, a deviation and a
//! volatility σ per player, on the Glicko-2 scale (μ = (r − 1500)/173.7178, φ = RD/173.7178).
//! For each player of a period, from the values at its start (steps 3–8 of the paper):
//!
//! ```text
//! v = 1 / Σ g(φ_j)² E_j (1 − E_j),   Δ = v Σ g(φ_j) (s_j − E_j),
//! σ' = the root of f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²) − (x − ln σ²)/τ²  (x = ln σ'²),
//! φ* = sqrt(φ² + σ'²),  φ' = 1 / sqrt(1/φ*² + 1/v),  μ' = μ + φ'² Σ g(φ_j)(s_j − E_j);
//! ```
//!
//! a player without games in a period has φ grown to sqrt(φ² + σ²) (at most the maximum).

mod params;

pub use params::Glicko2Params;

use super::fit::{PeriodFit, Roster};
use super::{fmin, run, starts, Convention, Growth, PeriodGame, PeriodNote, PeriodRule, Periods, Scratch, Standing, Start};
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

/// The Glicko-2 scale: 400 / ln 10.
pub const SCALE: f64 = 400.0 / std::f64::consts::LN_10;

impl MethodSpec for Glicko2Params {
    const ABOUT: About = About {
        title: "Glicko-2 ratings",
        label: "Glicko-2",
        short: "Glicko-2",
        about: "Glicko-2: Glicko with a volatility σ per player, which sets how fast their deviation grows; what lichess uses.",
        sequential: true,
        decimals: None,
        axis: None,
        // Each player's volatility is an iteration of its own. Measured on a million random
        // games, each its own period (docs/performance.md, *Evaluation's estimate*): 3.3–3.7
        // replays in the worker, 1.6–1.9 natively.
        passes: Passes::flat(4.0, 2.0),
    };

    fn validate(&self) -> Result<(), RateError> {
        check(self.initial_rating.is_finite(), "initial rating", self.initial_rating, "a finite number")?;
        check(self.max_deviation.is_finite() && self.max_deviation > 0.0, "maximum deviation", self.max_deviation, "a positive number")?;
        let d = self.initial_deviation;
        check(d > 0.0 && d <= self.max_deviation, "initial deviation", d, "a positive number up to the maximum deviation")?;
        let s = self.initial_volatility.unwrap_or(Glicko2Params::PAPER_VOLATILITY);
        check(s.is_finite() && s > 0.0 && s < 10.0, "initial volatility", s, "a positive number below 10")?;
        check(self.tau.is_finite() && self.tau > 0.0 && self.tau <= 10.0, "tau", self.tau, "a positive number up to 10")
    }

    super::glicko_family_spec!();
}

impl Glicko2Params {
    /// The fit on `data`, whose `players` it keeps (see [`MethodSpec::start_apart`]).
    fn begin<'p>(&self, data: &Dataset, players: &'p [Player]) -> Result<Box<dyn Fit + 'p>, RateError> {
        self.validate()?;
        let made = Periods::from_dataset(data, self.period)?;
        let (days, per) = (made.1.days(self.convention, &made.0), made.1.unit(self.convention));
        let sigma = Growth::of("σ", self.initial_volatility, Glicko2Params::PAPER_VOLATILITY, days, per);
        let initial = Start { rating: self.initial_rating, deviation: self.initial_deviation };
        let (starts, note) = starts(&data.players, initial, self.max_deviation);
        let rule = Glicko2::volatile(self, sigma.value, &starts)?;
        let notes = std::iter::once(PeriodNote::Growth(sigma)).chain(note).collect();
        Ok(Box::new(PeriodFit::new(Roster::of(data, players), Method::Glicko2(self.clone()), made, Box::new(rule), notes)?))
    }
}

/// One player's values on the Glicko-2 scale.
#[derive(Clone, Copy, Debug)]
struct State {
    mu: f64,
    phi2: f64,
    sigma: f64,
}

/// Glicko-2's state: each player's values, last period played and games.
pub struct Glicko2 {
    p: Glicko2Params,
    st: Vec<State>,
    last: Vec<Option<i64>>,
    games: Vec<u32>,
    scratch: Scratch,
}

impl Glicko2 {
    /// Every player starting from the initial rating and deviation.
    pub fn new(players: usize, p: &Glicko2Params) -> Result<Glicko2, RateError> {
        Glicko2::starting(p, &vec![Start { rating: p.initial_rating, deviation: p.initial_deviation }; players])
    }

    /// Each player starting from their own [`Start`] (a player list's: [`starts`]), with the
    /// initial volatility as set or the paper's unscaled (a player list gives none; the
    /// periods' length is unknown here).
    pub fn starting(p: &Glicko2Params, starts: &[Start]) -> Result<Glicko2, RateError> {
        Glicko2::volatile(p, p.initial_volatility.unwrap_or(Glicko2Params::PAPER_VOLATILITY), starts)
    }

    /// [`Glicko2::starting`] with every player's volatility starting at `sigma`.
    pub fn volatile(p: &Glicko2Params, sigma: f64, starts: &[Start]) -> Result<Glicko2, RateError> {
        p.validate()?;
        check(sigma.is_finite() && sigma > 0.0 && sigma < 10.0, "initial volatility", sigma, "a positive number below 10")?;
        let state = |s: &Start| State { mu: (s.rating - p.initial_rating) / SCALE, phi2: (s.deviation / SCALE).powi(2), sigma };
        let players = starts.len();
        let (last, games, scratch) = (vec![None; players], vec![0; players], Scratch::new(players));
        Ok(Glicko2 { p: p.clone(), st: starts.iter().map(state).collect(), last, games, scratch })
    }

    fn max2(&self) -> f64 {
        (self.p.max_deviation / SCALE).powi(2)
    }
}

impl PeriodRule for Glicko2 {
    fn convention(&self) -> Convention {
        self.p.convention
    }

    fn period(&mut self, time: i64, period: &[PeriodGame]) -> f64 {
        let max2 = self.max2();
        self.scratch.start(period);
        for &i in &self.scratch.present {
            if let Some(l) = self.last[i] {
                // The periods sat out: the deviation grown by the volatility in each.
                let s = &mut self.st[i];
                // Two rounds of one day share their time: none sat out between them.
                s.phi2 = (s.phi2 + (time - l - 1).max(0) as f64 * s.sigma * s.sigma).min(max2);
            }
        }
        let largest = rate_period(period, &mut self.st, &mut self.scratch, &self.p, max2);
        for &i in &self.scratch.present {
            self.last[i] = Some(time);
            self.games[i] += self.scratch.sums[i].games;
        }
        largest
    }

    fn standings(&self, end: i64) -> Vec<Standing> {
        let max2 = self.max2();
        (0..self.st.len())
            .map(|i| {
                let s = self.st[i];
                let phi2 = match (self.p.convention, self.last[i]) {
                    (Convention::Glickman, Some(l)) => (s.phi2 + (end - l) as f64 * s.sigma * s.sigma).min(max2),
                    _ => s.phi2,
                };
                Standing {
                    rating: self.p.initial_rating + SCALE * s.mu,
                    deviation: SCALE * phi2.sqrt(),
                    volatility: Some(s.sigma),
                    games: self.games[i],
                    last: self.last[i],
                }
            })
            .collect()
    }

    fn ratings(&self) -> Vec<Option<f64>> {
        self.st.iter().zip(&self.last).map(|(s, l)| l.map(|_| self.p.initial_rating + SCALE * s.mu)).collect()
    }

    fn rating(&self, i: usize) -> f64 {
        self.p.initial_rating + SCALE * self.st[i].mu
    }

    fn prefetch(&self, i: usize) {
        super::prefetch(self.st.as_ptr().wrapping_add(i));
        super::prefetch(self.last.as_ptr().wrapping_add(i));
        super::prefetch(self.games.as_ptr().wrapping_add(i));
        super::prefetch(self.scratch.sums.as_ptr().wrapping_add(i));
    }

    fn deviation(&self, i: usize) -> Option<f64> {
        Some(SCALE * self.st[i].phi2.sqrt())
    }
}

/// Each player's rating, deviation and volatility after the last period.
pub fn glicko2(data: &Periods, p: &Glicko2Params) -> Result<Vec<Standing>, RateError> {
    Ok(run(data, &mut Glicko2::new(data.players, p)?))
}

/// Steps 3–8 for the players of one period (listed in `scratch`), from the values at its
/// start; the largest rating change (rating scale).
fn rate_period(period: &[PeriodGame], st: &mut [State], scratch: &mut Scratch, p: &Glicko2Params, max2: f64) -> f64 {
    // On the rating scale the sums are Glicko's: g and E agree, and q² Σ… is Glicko-2's 1/v.
    {
        let st = &*st;
        scratch.sum(period, &|i| SCALE * st[i].mu, &|i| SCALE * SCALE * st[i].phi2, 0.0);
    }
    let mut largest = 0.0f64;
    for &i in &scratch.present {
        let (info, surprise) = (scratch.sums[i].info, scratch.sums[i].surprise);
        let v = 1.0 / info;
        let delta = v * surprise;
        let sigma = match p.convention {
            Convention::Glickman => volatility(st[i].phi2, v, delta, st[i].sigma, p.tau),
            Convention::PlayerRatings => volatility_r(st[i].phi2, v, delta, st[i].sigma, p.tau).min(p.max_deviation / SCALE),
        };
        let star2 = st[i].phi2 + sigma * sigma;
        let mut phi2 = 1.0 / (1.0 / star2 + info);
        if p.convention == Convention::PlayerRatings {
            phi2 = phi2.min(max2);
        }
        largest = largest.max((SCALE * phi2 * surprise).abs());
        st[i] = State { mu: st[i].mu + phi2 * surprise, phi2, sigma };
    }
    largest
}

/// Step 5: the new volatility by Glickman's Illinois iteration (ε = 10⁻⁶).
pub fn volatility(phi2: f64, v: f64, delta: f64, sigma: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi2 - v - ex) / (2.0 * (phi2 + v + ex).powi(2)) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi2 + v {
        (delta * delta - phi2 - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1e6 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    let mut guard = 0;
    while (big_b - big_a).abs() > 1e-6 && guard < 10_000 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            (big_a, fa) = (big_b, fb);
        } else {
            fa /= 2.0;
        }
        (big_b, fb) = (c, fc);
        guard += 1;
    }
    (big_a / 2.0).exp()
}

/// The new volatility as PlayerRatings finds it: R's `optimize` on the likelihood whose
/// stationary point is the root of Glickman's f, over 2 ln σ ± 4τ.
fn volatility_r(phi2: f64, v: f64, delta: f64, sigma: f64, tau: f64) -> f64 {
    let prior = 2.0 * sigma.ln();
    let mut nllh = |z: f64| {
        let denom = phi2 + z.exp() + v;
        (z - prior) * (z - prior) / (tau * tau) + denom.ln() + delta * delta / denom
    };
    let z = fmin::fmin(&mut nllh, prior - 4.0 * tau, prior + 4.0 * tau, fmin::r_tolerance());
    (z / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's example (2013): r = 1500, RD = 200, σ = 0.06, τ = 0.5, against 1400/30 (won),
    /// 1550/100 and 1700/300 (lost): r' = 1464.06, RD' = 151.52, σ' = 0.05999 as printed
    /// (unrounded: 1464.05, 151.5165, 0.0599960; the paper rounds μ' first).
    #[test]
    fn glickmans_worked_example() {
        let players = [(1500.0, 200.0), (1400.0, 30.0), (1550.0, 100.0), (1700.0, 300.0)];
        let mut st: Vec<State> =
            players.iter().map(|&(r, rd)| State { mu: (r - 1500.0) / SCALE, phi2: (rd / SCALE).powi(2), sigma: 0.06 }).collect();
        let games: Vec<PeriodGame> = [(1, 1.0), (2, 0.0), (3, 0.0)].iter().map(|&(j, s)| PeriodGame::new(0, j, s)).collect();
        let p = Glicko2Params { max_deviation: 1e9, ..Glicko2Params::default() };
        let mut scratch = Scratch::new(4);
        scratch.start(&games);
        rate_period(&games, &mut st, &mut scratch, &p, f64::INFINITY);
        let (r, rd, sigma) = (1500.0 + SCALE * st[0].mu, SCALE * st[0].phi2.sqrt(), st[0].sigma);
        assert!((r - 1464.06).abs() < 0.02, "r' = {r}");
        assert!((rd - 151.52).abs() < 0.005, "RD' = {rd}");
        assert!((sigma - 0.05999).abs() < 1e-5, "σ' = {sigma} (printed truncated to 0.05999)");
        assert!((sigma - 0.0599960).abs() < 1e-7, "σ' unrounded = {sigma}");
        // R's minimiser finds the same volatility to its tolerance.
        let phi2 = (200.0 / SCALE).powi(2);
        let (v, delta) = (1.778977, -0.483933);
        assert!((volatility_r(phi2, v, delta, 0.06, 0.5) - volatility(phi2, v, delta, 0.06, 0.5)).abs() < 1e-5);
    }
}
