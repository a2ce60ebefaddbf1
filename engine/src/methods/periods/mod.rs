//! Ratings through time on rating periods: Glicko (Glickman 1999), Glicko-2 (Glickman's
//! 2013 example paper) and Stephenson's method (the Glicko variant that won Kaggle's 2012
//! chess rating contest, as R's PlayerRatings implements it).
//!
//! Every game of a period is rated from the ratings at the period's start; a player joins at
//! their first period with the initial rating and deviation; a player who sits periods out
//! has only their deviation grown. What differs between the papers and PlayerRatings (the
//! reference our goldens come from) is a [`Convention`]:
//!
//! | | [`Convention::Glickman`] (default) | [`Convention::PlayerRatings`] |
//! |---|---|---|
//! | periods | numbered: a gap of empty periods is time passing | only the periods with games count |
//! | a new player's first period (Glicko, Stephenson) | the initial deviation as it is | grown by `c` once, like everyone's |
//! | the deviation reported for a player who stopped | grown for every period since, up to the maximum | as it was after their last period |
//! | Glicko-2's volatility | Glickman's Illinois iteration (ε = 10⁻⁶) | R's `optimize` (Brent's minimiser, tolerance ε^¼) on the same likelihood, bounded by 2 ln σ ± 4τ; σ capped at the maximum deviation |
//! | Glicko-2's deviation after a period | as computed | capped at the maximum |
//!
//! Sources: M. E. Glickman, "Parameter estimation in large dynamic paired comparison
//! experiments", Applied Statistics 48 (1999), and "The Glicko system" (the worked example);
//! "Example of the Glicko-2 system" (2013); A. Stephenson and J. Sonas, R package
//! PlayerRatings 1.1-0 (`glicko`, `glicko2`, `steph`), whose goldens on the AFL data
//! `tests/periods.rs` reproduces. Coulom's Whole-History Rating is [`whr`].

pub mod fmin;
pub mod glicko;
pub mod glicko2;
pub mod stephenson;
pub mod whr;

use serde::{Deserialize, Serialize};

/// Whose conventions a period method follows where the papers and PlayerRatings differ (the
/// table in the module's documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Convention {
    #[default]
    Glickman,
    PlayerRatings,
}

impl Convention {
    pub const ALL: [Convention; 2] = [Convention::Glickman, Convention::PlayerRatings];

    pub fn name(self) -> &'static str {
        match self {
            Convention::Glickman => "glickman",
            Convention::PlayerRatings => "playerratings",
        }
    }
}

impl std::str::FromStr for Convention {
    type Err = String;

    fn from_str(s: &str) -> Result<Convention, String> {
        Convention::ALL
            .into_iter()
            .find(|c| s.trim().eq_ignore_ascii_case(c.name()))
            .ok_or_else(|| format!("'{}' is not a convention: expected glickman or playerratings", crate::error::excerpt(s)))
    }
}

/// One game of a period: player indices and the first player's score in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PeriodGame {
    pub first: usize,
    pub second: usize,
    pub score: f64,
}

/// Games grouped into rating periods, in time order: each period's number (a round, a week,
/// a day; gaps are periods with no games) and its games; `players` indices in all.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Periods {
    pub players: usize,
    pub periods: Vec<(i64, Vec<PeriodGame>)>,
}

impl Periods {
    /// Each period's time as the convention counts it: its number (Glickman), or its place
    /// among the periods with games (PlayerRatings).
    pub(crate) fn times(&self, convention: Convention) -> Vec<i64> {
        match convention {
            Convention::Glickman => self.periods.iter().map(|p| p.0).collect(),
            Convention::PlayerRatings => (0..self.periods.len() as i64).collect(),
        }
    }

    /// The players of each period, each once, in the order they first appear.
    pub(crate) fn present(games: &[PeriodGame], players: usize) -> Vec<usize> {
        let mut seen = vec![false; players];
        let mut out = Vec::new();
        for g in games {
            for i in [g.first, g.second] {
                if !std::mem::replace(&mut seen[i], true) {
                    out.push(i);
                }
            }
        }
        out
    }
}

/// A player's standing after the last period.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    pub rating: f64,
    /// The rating deviation (RD), on the rating scale.
    pub deviation: f64,
    /// Glicko-2's volatility σ.
    pub volatility: Option<f64>,
    pub games: u32,
    /// The time of the last period played (as [`Periods::times`] counts it).
    pub last: Option<i64>,
}

/// Glicko's scale factor q = ln 10 / 400.
pub(crate) const Q: f64 = std::f64::consts::LN_10 / 400.0;

/// Glicko's attenuation of an opponent of deviation² `rd2` (on the rating scale).
pub(crate) fn g(rd2: f64) -> f64 {
    1.0 / (1.0 + 3.0 * Q * Q * rd2 / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// Glicko's expected score of a player rated `r` against `r_j` with attenuation `g_j`.
pub fn expected(r: f64, r_j: f64, g_j: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-g_j * (r - r_j) / 400.0))
}

/// Glickman's `c`: the growth per period that brings a deviation of `from` back to `to` in
/// `periods` periods without games (1999, section 3.2: 50 → 350).
pub fn c_for(from: f64, to: f64, periods: f64) -> f64 {
    ((to * to - from * from) / periods).sqrt()
}

/// Each player's games and score sums in one period, for a Glicko-type update: Σ g²E(1−E)
/// (`info`), Σ g(s − E) (`surprise`) and the games (`games`); `bonus` is added to every score
/// (Stephenson), `rd2` the deviations² at the period's start.
pub(crate) struct Sums {
    pub info: Vec<f64>,
    pub surprise: Vec<f64>,
    pub games: Vec<u32>,
    /// Σ (r_opponent − r) (Stephenson's neighbourhood term).
    pub neighbours: Vec<f64>,
}

pub(crate) fn sums(games: &[PeriodGame], r: &[f64], rd2: &[f64], bonus: f64) -> Sums {
    let n = r.len();
    let mut s = Sums { info: vec![0.0; n], surprise: vec![0.0; n], games: vec![0; n], neighbours: vec![0.0; n] };
    for game in games {
        for (i, j, score) in [(game.first, game.second, game.score), (game.second, game.first, 1.0 - game.score)] {
            let gj = g(rd2[j]);
            let e = expected(r[i], r[j], gj);
            s.info[i] += gj * gj * e * (1.0 - e);
            s.surprise[i] += gj * (score + bonus - e);
            s.games[i] += 1;
            s.neighbours[i] += r[j] - r[i];
        }
    }
    s
}
