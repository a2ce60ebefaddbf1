//! What each method predicts for a game from its fit on earlier games: the first player's
//! expected score, by the method's own model ([`crate::methods::predictive::Model`], which
//! each method names).
//!
//! A player the earlier games leave without a rating (unseen, or unbounded when γ = 0) gets
//! the method's default ([`crate::methods::spec::MethodSpec::unrated`]): Brent's and JRank's
//! mean (log-strength 0), Elo's initial rating (or the player list's), the AGA's 0 on its
//! continuous scale, the Glicko family's initial rating (and deviation), WHR's anchor; such
//! games are counted.

use super::rankings::Ranked;
use crate::methods::predictive::Model;
use crate::methods::rating::Rating;
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

impl Predictor {
    /// The predictions of `method` fit as `rating` on `data`'s players.
    pub fn new(method: &Method, rating: &Rating, data: &Dataset) -> Predictor {
        let n = data.players.len();
        let mut values = vec![None; n];
        let model = method.model(rating, n);
        for r in &rating.players {
            let v = if model.natural() { r.log_strength } else { r.rating.filter(|_| r.rank.is_some()) };
            if let Some(slot) = values.get_mut(r.index) {
                *slot = v.filter(|x| x.is_finite()).map(|x| model.value(x));
            }
        }
        let defaults = data.players.iter().map(|p| method.unrated(p)).collect();
        Predictor { model, values, defaults }
    }

    /// The first player's expected score in `g`, and whether a player had no rating.
    pub fn predict(&self, g: &Game) -> (f64, bool) {
        let value = |i: usize| self.values.get(i).copied().flatten();
        let (a, b) = (value(g.first()), value(g.second()));
        let unseen = a.is_none() || b.is_none();
        let a = a.unwrap_or_else(|| self.defaults.get(g.first()).copied().unwrap_or(0.0));
        let b = b.unwrap_or_else(|| self.defaults.get(g.second()).copied().unwrap_or(0.0));
        (self.model.expected(a, b, g), unseen)
    }

    /// The prediction of a multi-player event ([`super::rankings`]) by each player's
    /// strength on the Plackett–Luce scale (`e^x` of a natural log-strength; multiplayer Elo's
    /// and Weng–Lin's `10^(R/ζ)`), and whether a player had no rating; `None` for the methods
    /// whose model has no such strength (those that rate two-player games only).
    pub fn predict_event(&self, event: &Event) -> Option<(Ranked, bool)> {
        let scale = match self.model {
            Model::Logistic => 1.0,
            Model::Shares { zeta } => std::f64::consts::LN_10 / zeta,
            _ => return None,
        };
        let unseen = std::cell::Cell::new(false);
        let theta = |p: usize| {
            let v = self.values.get(p).copied().flatten();
            unseen.set(unseen.get() | v.is_none());
            scale * v.unwrap_or_else(|| self.defaults.get(p).copied().unwrap_or(0.0))
        };
        let ranked = super::rankings::predict(event, theta);
        Some((ranked, unseen.get()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::periods::whr::WhrParams;
    use crate::methods::{rate, Options};

    /// A player the fit never saw is predicted at the method's own start: for WHR its anchor,
    /// where a player of even results stands (not at 0, a certain loss).
    #[test]
    fn an_unseen_player_meets_an_even_one_as_an_equal_under_whr() {
        let mut data = Dataset::new();
        data.add_game("A", "B", 1.0);
        data.add_game("B", "A", 1.0);
        let method = Method::Whr(WhrParams::default());
        let rating = rate(&data, &method, &Options::default()).unwrap();
        data.add_game("C", "A", 0.5);
        let predictor = Predictor::new(&method, &rating, &data);
        let (p, unseen) = predictor.predict(data.games.last().unwrap());
        assert!(unseen);
        // (Not exactly even: the Newton sweeps stop at their tolerance; at 0 it would be 0.0002.)
        assert!((p - 0.5).abs() < 0.01, "{p}");
    }
}
