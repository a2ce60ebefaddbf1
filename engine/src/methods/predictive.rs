//! The models a method's ratings predict a game by: the first player's expected score from
//! the two players' values. Each method names its model ([`super::spec::MethodSpec::model`]);
//! `evaluation::predict` reads the values off a fit and asks the model.
//!
//! * [`Model::Logistic`] (Brent, Bradley–Terry): `x_i / (x_i + x_j)`, from the natural
//!   log-strengths;
//! * [`Model::Elo`]: Elo's expected score `1 / (1 + 10^(−(R_i + h − R_j)/ζ))`, home advantage
//!   `h` included (none on neutral ground, as in the fit); Whole-History Rating's is this one
//!   on its latest ratings, ζ = 400 and no `h`;
//! * [`Model::Shares`] (multiplayer Elo): the first player's expected share of a two-player
//!   game, `1 / (1 + 10^(−(R_i − R_j)/ζ))`; of a multi-player event, each player's share
//!   `10^(R_i/ζ) / Σ_j 10^(R_j/ζ)`, the winner's being its prediction;
//! * [`Model::Aga`]: its probit, `Φ((x_i − x_j − d)/σ_px)` on the continuous rating scale,
//!   with `d` and `σ_px` from the game's handicap and komi (a game without either is the
//!   AGA's even game without komi, as the ratings were fit with);
//! * [`Model::JRank`]: its paper's model, `W_i / W_j = M(S_i)/M(S_j)` with `M(x) = (x + k)^p`
//!   and the scores `S_i + S_j = 1`, solved for `S_i`: with `q = exp((w_i − w_j)/p)`,
//!   `S_i = (q(1 + k) − k)/(1 + q)`, kept within [0, 1] (the model gives certainty beyond);
//! * [`Model::Glicko`] (Glicko, Glicko-2, Stephenson): Glickman's predictive probability,
//!   which counts both players' deviations,
//!   `1 / (1 + 10^(−g(√(RD_i² + RD_j²))(R_i − R_j)/400))` (an unrated player at the initial
//!   rating and deviation).

use super::aga::{erfc::erfc, handicap::handicap_equivalent, seed::to_continuous};
use super::rating::Rating;
use crate::model::Game;

/// How a method's ratings predict a game.
#[derive(Clone, Debug, PartialEq)]
pub enum Model {
    Logistic,
    Elo {
        zeta: f64,
        home: f64,
    },
    Shares {
        zeta: f64,
    },
    Aga,
    JRank {
        k: f64,
        p: f64,
    },
    /// Glickman's predictive probability: the deviations (by player id; the default for
    /// none) widen it.
    Glicko {
        deviations: Vec<Option<f64>>,
        default: f64,
    },
}

impl Model {
    /// Glickman's model for a fit with deviations: each rated player's, `default` for the
    /// others.
    pub fn glicko(rating: &Rating, players: usize, default: f64) -> Model {
        let mut deviations = vec![None; players];
        for r in &rating.players {
            if let Some(slot) = deviations.get_mut(r.index) {
                *slot = r.deviation.filter(|d| d.is_finite());
            }
        }
        Model::Glicko { deviations, default }
    }

    /// Whether the model reads the natural log-strengths rather than the ratings as shown.
    pub fn natural(&self) -> bool {
        matches!(self, Model::Logistic | Model::JRank { .. })
    }

    /// The model's value for a rating as the method reports it (the AGA's dan/kyu rating on
    /// its continuous scale).
    pub fn value(&self, x: f64) -> f64 {
        match self {
            Model::Aga => to_continuous(x),
            _ => x,
        }
    }

    /// The first player's expected score in `g`, the players' values being `a` and `b`.
    pub fn expected(&self, a: f64, b: f64, g: &Game) -> f64 {
        match *self {
            Model::Logistic => 1.0 / (1.0 + (b - a).exp()),
            Model::Elo { zeta, home } => expected(a + if g.neutral() { 0.0 } else { home } - b, zeta),
            Model::Shares { zeta } => expected(a - b, zeta),
            Model::Aga => {
                let (d, sigma) = handicap_equivalent(g.handicap().unwrap_or(0.0), g.komi().unwrap_or(0.0));
                0.5 * erfc(-((a - b - d) / sigma) / std::f64::consts::SQRT_2)
            }
            Model::Glicko { ref deviations, default } => {
                let rd = |i: usize| deviations.get(i).copied().flatten().unwrap_or(default);
                let (ra, rb) = (rd(g.first()), rd(g.second()));
                let q = std::f64::consts::LN_10 / 400.0;
                let gg = 1.0 / (1.0 + 3.0 * q * q * (ra * ra + rb * rb) / (std::f64::consts::PI * std::f64::consts::PI)).sqrt();
                1.0 / (1.0 + 10f64.powf(-gg * (a - b) / 400.0))
            }
            Model::JRank { k, p } => {
                let q = ((a - b) / p).exp();
                if q.is_infinite() {
                    return 1.0;
                }
                ((q * (1.0 + k) - k) / (1.0 + q)).clamp(0.0, 1.0)
            }
        }
    }
}

/// The expected score of a player `diff` rating points above the opponent (Elo's logistic
/// curve on scale ζ).
pub fn expected(diff: f64, zeta: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-diff / zeta))
}
