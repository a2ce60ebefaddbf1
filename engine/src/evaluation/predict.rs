//! What each method predicts for a game from its fit on earlier games: the first player's
//! expected score, by the method's own model.
//!
//! * Brent (Bradley–Terry): `x_i / (x_i + x_j)`, from the natural log-strengths;
//! * Elo: its expected score `1 / (1 + 10^(−(R_i + h − R_j)/ζ))`, home advantage `h` included
//!   (none on neutral ground, as in the fit);
//! * multiplayer Elo: the first player's expected share of a two-player game,
//!   `1 / (1 + 10^(−(R_i − R_j)/ζ))`; of a multi-player event, each player's share
//!   `10^(R_i/ζ) / Σ_j 10^(R_j/ζ)`, the winner's being its prediction;
//! * AGA: its probit, `Φ((x_i − x_j − d)/σ_px)` on the continuous rating scale, with `d` and
//!   `σ_px` from the game's handicap and komi (a game without either is the AGA's even game
//!   without komi, as the ratings were fit with);
//! * JRank: its paper's model, `W_i / W_j = M(S_i)/M(S_j)` with `M(x) = (x + k)^p` and the
//!   scores `S_i + S_j = 1`, solved for `S_i`: with `q = exp((w_i − w_j)/p)`,
//!   `S_i = (q(1 + k) − k)/(1 + q)`, kept within [0, 1] (the model gives certainty beyond);
//! * Glicko, Glicko-2, Stephenson: Glickman's predictive probability, which counts both
//!   players' deviations, `1 / (1 + 10^(−g(√(RD_i² + RD_j²))(R_i − R_j)/400))` (an unrated
//!   player at the initial rating and deviation);
//! * Whole-History Rating: Bradley–Terry on the players' latest ratings (Elo scale, 400).
//!
//! A player the earlier games leave without a rating (unseen, or unbounded when γ = 0) gets
//! the method's default: Brent's and JRank's mean (log-strength 0), Elo's initial rating (or
//! the player list's), the AGA's 0 on its continuous scale; such games are counted.

use crate::methods::aga::{erfc::erfc, handicap::handicap_equivalent, seed::to_continuous};
use crate::methods::elo::expected;
use crate::methods::report::Rating;
use crate::methods::Method;
use crate::model::{Dataset, Event, Game};

/// A fitted method's predictions.
pub struct Predictor {
    model: Model,
    /// By player id: the value the model reads (`None`: no rating from the earlier games).
    values: Vec<Option<f64>>,
    /// By player id: the value used when there is none.
    defaults: Vec<f64>,
}

enum Model {
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

impl Predictor {
    /// The predictions of `method` fit as `rating` on `data`'s players.
    pub fn new(method: &Method, rating: &Rating, data: &Dataset) -> Predictor {
        let n = data.players.len();
        let mut values = vec![None; n];
        let (model, natural) = match method {
            Method::Brent(_) => (Model::Logistic, true),
            Method::Elo(p) => (Model::Elo { zeta: p.zeta, home: p.home }, false),
            Method::MultiElo(p) => (Model::Shares { zeta: p.zeta }, false),
            Method::Aga(_) => (Model::Aga, false),
            Method::JRank(p) => (Model::JRank { k: p.k, p: p.p }, true),
            Method::Glicko(_) | Method::Glicko2(_) | Method::Stephenson(_) => (glicko_model(method, rating, n), false),
            Method::Whr(_) => (Model::Elo { zeta: 400.0, home: 0.0 }, false),
        };
        for r in &rating.players {
            let v = if natural { r.log_strength } else { r.rating.filter(|_| r.rank.is_some()) };
            if let Some(slot) = values.get_mut(r.index) {
                *slot = v.filter(|x| x.is_finite()).map(|x| if matches!(model, Model::Aga) { to_continuous(x) } else { x });
            }
        }
        let defaults = data
            .players
            .iter()
            .map(|p| match method {
                Method::Elo(e) => p.listed().map_or(e.initial, |l| l.rating),
                Method::MultiElo(e) => p.listed().map_or(e.initial, |l| l.rating),
                Method::Glicko(e) => e.initial_rating,
                Method::Glicko2(e) => e.initial_rating,
                Method::Stephenson(e) => e.initial_rating,
                _ => 0.0,
            })
            .collect();
        Predictor { model, values, defaults }
    }

    /// The first player's expected score in `g`, and whether a player had no rating.
    pub fn predict(&self, g: &Game) -> (f64, bool) {
        let value = |i: usize| self.values.get(i).copied().flatten();
        let (a, b) = (value(g.first()), value(g.second()));
        let unseen = a.is_none() || b.is_none();
        let a = a.unwrap_or_else(|| self.defaults.get(g.first()).copied().unwrap_or(0.0));
        let b = b.unwrap_or_else(|| self.defaults.get(g.second()).copied().unwrap_or(0.0));
        (self.expected(a, b, g), unseen)
    }

    /// Each player's predicted share of a multi-player event (multiplayer Elo's model:
    /// `10^(R_i/ζ) / Σ_j 10^(R_j/ζ)`), and whether a player had no rating; `None` for the
    /// methods that do not rate events.
    pub fn predict_event(&self, event: &Event) -> Option<(Vec<f64>, bool)> {
        let Model::Shares { zeta } = self.model else { return None };
        let mut unseen = false;
        let ratings: Vec<f64> = event
            .places
            .iter()
            .map(|&(p, _)| {
                let v = self.values.get(p).copied().flatten();
                unseen |= v.is_none();
                v.unwrap_or_else(|| self.defaults.get(p).copied().unwrap_or(0.0))
            })
            .collect();
        Some((crate::methods::multi_elo::expected_shares(&ratings, zeta), unseen))
    }

    fn expected(&self, a: f64, b: f64, g: &Game) -> f64 {
        match self.model {
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

/// Glickman's model for a period method's fit: each rated player's deviation.
fn glicko_model(method: &Method, rating: &Rating, n: usize) -> Model {
    let default = match method {
        Method::Glicko(p) => p.initial_deviation,
        Method::Glicko2(p) => p.initial_deviation,
        Method::Stephenson(p) => p.initial_deviation,
        _ => 350.0,
    };
    let mut deviations = vec![None; n];
    for r in &rating.players {
        if let Some(slot) = deviations.get_mut(r.index) {
            *slot = r.deviation.filter(|d| d.is_finite());
        }
    }
    Model::Glicko { deviations, default }
}
