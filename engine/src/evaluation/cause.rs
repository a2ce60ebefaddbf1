//! Why a method predicts the later games badly: overfitting or stale ratings, told apart by
//! its in-sample log-loss (its fit's predictions of the games it was fit on) and the earlier
//! games' games a player.
//!
//! A fit with one rating a player on `n` games among `m` players is expected to score better
//! on its own games than on new ones by about `m / n` in mean log-loss (Akaike's correction:
//! one parameter a player), that is `2 / g` with `g` games a player: 0.125 at 16 games a
//! player, 0.005 at 400. So a method that fits the earlier games far better than it predicts
//! the later ones ([`OVERFIT_GAP`]) with few games a player ([`FEW_GAMES`]) is overfitting:
//! its ratings follow the earlier games' luck, and rolling blocks would not help; more games
//! a player, or a prior that shrinks the ratings, would. With many games a player the gap is
//! the players' change since the split: stale ratings.

use crate::methods::{Method, MethodKind};
use crate::model::Dataset;
use serde::{Deserialize, Serialize};

/// In-sample log-loss this far below the held-out one (or more) is a fit that does not carry
/// over to new games.
pub const OVERFIT_GAP: f64 = 0.05;

/// A median of fewer games a player than this in the earlier games is few: Akaike's expected
/// gap `2 / g` is then above 0.04, close to [`OVERFIT_GAP`].
pub const FEW_GAMES: f64 = 50.0;

/// A method that overfits the earlier games, with what would shrink its ratings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Overfit {
    pub label: String,
    pub in_sample: f64,
    pub held_out: f64,
    /// The median games a player in the earlier games.
    pub games_per_player: f64,
    /// Whether the method has nothing pulling the ratings together (Brent with γ = 0).
    pub no_prior: bool,
    /// What would steady it, as a sentence.
    pub remedy: String,
}

impl Overfit {
    /// `label` overfitting, when its scores say so: the in-sample log-loss at least
    /// [`OVERFIT_GAP`] below the held-out one, with fewer than [`FEW_GAMES`] a player.
    pub fn of(label: &str, method: &Method, in_sample: Option<f64>, held_out: f64, games_per_player: Option<f64>) -> Option<Overfit> {
        let (in_sample, g) = (in_sample?, games_per_player?);
        (held_out - in_sample >= OVERFIT_GAP && g < FEW_GAMES).then(|| {
            let (no_prior, remedy) = remedy(method);
            Overfit { label: label.to_string(), in_sample, held_out, games_per_player: g, no_prior, remedy: remedy.into() }
        })
    }

    /// "brent fits the earlier games closely (in-sample log-loss 0.48 against 0.71 held out)
    /// with about 16 games a player and no prior: its ratings follow the earlier games' luck. A
    /// dummy player (γ) or more games a player would shrink them" (no final stop).
    pub fn text(&self) -> String {
        format!(
            "{} fits the earlier games closely (in-sample log-loss {:.2} against {:.2} held out) with about {} games a player{}: its ratings follow the earlier games' luck (overfitting, not stale ratings). {}",
            self.label,
            self.in_sample,
            self.held_out,
            self.games_per_player.round(),
            if self.no_prior { " and no prior" } else { "" },
            self.remedy
        )
    }
}

/// Whether `method` has no prior, and what of its own would shrink its ratings: only a
/// parameter it has.
fn remedy(method: &Method) -> (bool, &'static str) {
    match method {
        Method::Brent(p) if p.gamma == 0.0 => (true, "A dummy player (γ above 0) or more games a player would shrink them"),
        Method::Brent(_) => (false, "A larger dummy player weight γ or more games a player would shrink them"),
        _ => match method.kind() {
            MethodKind::Elo | MethodKind::MultiElo => (false, "A smaller K or more games a player would steady them"),
            MethodKind::Whr => (false, "A smaller w² (less drift) or more games a player would steady them"),
            _ => (false, "More games a player would steady them"),
        },
    }
}

/// The median number of earlier games (or events, `train`) of the players in the predicted
/// ones (`test`; a player new to them counting 0): the games behind the ratings that predict
/// (teams long gone from a century of games do not count). `None` when nothing is predicted.
pub fn games_per_player(data: &Dataset, train: &[usize], test: &[usize], events: bool) -> Option<f64> {
    let players = |i: usize| -> Vec<usize> {
        if events {
            let e = &data.events[i];
            e.places.iter().map(|p| p.0).chain(e.unranked.iter().copied()).collect()
        } else {
            vec![data.games[i].first(), data.games[i].second()]
        }
    };
    let mut counts = vec![0usize; data.players.len()];
    for p in train.iter().flat_map(|&i| players(i)) {
        if let Some(c) = counts.get_mut(p) {
            *c += 1;
        }
    }
    let mut predicted: Vec<usize> = test.iter().flat_map(|&i| players(i)).filter(|&p| p < counts.len()).collect();
    predicted.sort_unstable();
    predicted.dedup();
    let mut played: Vec<usize> = predicted.into_iter().map(|p| counts[p]).collect();
    if played.is_empty() {
        return None;
    }
    played.sort_unstable();
    let n = played.len();
    Some(if n % 2 == 1 { played[n / 2] as f64 } else { (played[n / 2 - 1] + played[n / 2]) as f64 / 2.0 })
}
