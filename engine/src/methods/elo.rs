//! Elo's sequential ratings (A. Elo, *The Rating of Chessplayers*; the seed's R code).
//!
//! For a game of i (white / home) against j with home advantage h,
//! `μ = 1 / (1 + 10^(−(r_i + h − r_j)/ζ))`, and both players move by `K (S − μ)` from their
//! ratings before the game, so the sum of ratings never changes. With points, `S` may be the
//! margin score `(P + 1) / (P + P′ + 2)`. The seed's own code used h only when judging
//! foresight; the usual practice (and the default here) also puts it in the update.
//!
//! As sports analysts run it (FiveThirtyEight's NFL Elo, ClubElo): a game on neutral ground
//! (`neutral` column) has no home advantage; with [`Mov::FiveThirtyEight`] the change is
//! multiplied by `ln(max(|margin|, 1) + 1) · 2.2 / (0.001 · d_w + 2.2)`, `d_w` the winner's
//! rating edge including home advantage (a tie: `ln 2 · 2.2 / 1.0`); with seasons (`season`
//! column) a player's rating, when they first play in a new season, reverts once a share
//! (`season_regression`) toward `season_mean`, or is set to the player list's rating for that
//! season when it gives one.
//!
//! ```
//! use ratings_engine::methods::elo::{rate, EloParams};
//! use ratings_engine::Dataset;
//! let mut d = Dataset::new();
//! d.add_game("Anna", "Ben", 1.0);
//! let r = rate(&d, &EloParams::default()).unwrap();
//! assert_eq!(r.players[0].rating, Some(1512.5)); // K/2 = 12.5 from an even game
//! ```

mod params;

pub use params::{EloParams, Mov};

use super::sequential::{ordered_games, Rule, Run, SequentialFit, Step, Update};
use crate::error::{check, RateError};
use crate::methods::cost::Passes;
use crate::methods::fit::Fit;
use crate::methods::predictive::Model;
pub use crate::methods::rating::GameRecord;
use crate::methods::rating::{GameOrder, MethodVariant, Rating};
use crate::methods::spec::About;
use crate::methods::spec::MethodSpec;
use crate::methods::Options;
use crate::methods::{Method, MethodKind};
use crate::model::Player;
use crate::model::{round_number, Dataset, Game};

impl MethodSpec for EloParams {
    const ABOUT: About = About {
        title: "Elo ratings",
        label: "Elo",
        short: "Elo",
        about: "Elo: after each game, both players move by K × (result − expected result). Games are taken in date or round order when every game has one.",
        sequential: true,
        decimals: None,
        axis: None,
        // The unit: one replay (`cost::Runtime::seconds_per_game_pass`).
        passes: Passes::flat(1.0, 1.0),
    };

    fn validate(&self) -> Result<(), RateError> {
        check(self.zeta.is_finite() && self.zeta > 0.0, "zeta", self.zeta, "a number > 0")?;
        check(self.k.is_finite() && self.k >= 0.0, "k", self.k, "a number ≥ 0")?;
        check(self.home.is_finite(), "home", self.home, "a number")?;
        check(self.initial.is_finite(), "initial", self.initial, "a number")?;
        let r = self.season_regression;
        check(r.is_finite() && (0.0..=1.0).contains(&r), "season_regression", r, "a share from 0 to 1")?;
        let mean = self.season_mean.unwrap_or(self.initial);
        check(mean.is_finite(), "season_mean", mean, "a number")
    }

    fn start<'d>(&self, data: &'d Dataset, _options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
        Ok(Box::new(fit(data, self)?))
    }

    fn model(&self, _rating: &Rating, _players: usize) -> Model {
        Model::Elo { zeta: self.zeta, home: self.home }
    }

    fn unrated(&self, player: &Player) -> f64 {
        player.listed().map_or(self.initial, |l| l.rating)
    }
}

impl EloParams {
    /// The first player's home advantage in `g` (none on neutral ground).
    pub fn home_of(&self, g: &Game) -> f64 {
        if g.neutral() {
            0.0
        } else {
            self.home
        }
    }
}

// Elo's expected score is its predictive model's, defined there.
pub use crate::methods::predictive::expected;

pub fn rate(data: &Dataset, params: &EloParams) -> Result<Rating, RateError> {
    crate::methods::rate(data, &Method::Elo(params.clone()), &Default::default())
}

/// One game's update, as the run makes it: the first player's expected score μ, their score
/// S (the margin score when used), and the change `K (S − μ)` (the second player's is its
/// negative). The step-by-step working (`methods::working`) shows these numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameUpdate {
    pub expected: f64,
    pub score: f64,
    pub change: f64,
    /// Whether S is the margin score.
    pub margin: bool,
}

/// The update of game `g` at ratings `r` (before the game).
pub fn game_update(g: &Game, params: &EloParams, r: &[f64]) -> GameUpdate {
    let (i, j) = (g.first(), g.second());
    let with_home = r[i] + params.home_of(g) - r[j];
    let mu = expected(if params.home_in_update { with_home } else { r[i] - r[j] }, params.zeta);
    let (s, margin) = match (params.margin, g.points()) {
        (true, Some((a, b))) => ((a + 1.0) / (a + b + 2.0), true),
        _ => (g.score, false),
    };
    let multiplier = match (params.mov, g.points()) {
        (Mov::FiveThirtyEight, Some((a, b))) => fivethirtyeight(a - b, with_home, g.score),
        _ => 1.0,
    };
    GameUpdate { expected: mu, score: s, change: params.k * multiplier * (s - mu), margin }
}

/// FiveThirtyEight's margin-of-victory multiplier for a game won by `margin` points by the
/// first player, `diff` rating points (home advantage included) ahead, who scored `score`.
pub fn fivethirtyeight(margin: f64, diff: f64, score: f64) -> f64 {
    let winner_edge = if score > 0.5 { diff } else { -diff };
    let damping = if score == 0.5 { 2.2 / 1.0 } else { 2.2 / (0.001 * winner_edge + 2.2) };
    (margin.abs().max(1.0) + 1.0).ln() * damping
}

/// Elo behind the [`crate::methods::fit::Fit`] interface: a step is the games of one date
/// (or round), or one game when they are taken as listed.
pub fn fit<'d>(data: &'d Dataset, params: &EloParams) -> Result<SequentialFit<'d, EloRule<'d>>, RateError> {
    params.validate()?;
    if data.games.is_empty() {
        return Err(RateError::NoGames);
    }
    let games = &data.games;
    let (order, how) = ordered_games(games, params.chronological);
    let variant = MethodVariant::Elo { order: how, margin: params.margin, reordered: false };
    let by_date = |a: usize, b: usize| games[a].date().map(str::trim) == games[b].date().map(str::trim);
    let by_round = |a: usize, b: usize| {
        let number = |i: usize| games[i].round().and_then(round_number);
        number(a) == number(b)
    };
    let each = |_: usize, _: usize| false;
    let step = match how {
        GameOrder::ByDate => Step { name: "date", same: &by_date, initial: params.initial },
        GameOrder::ByRound => Step { name: "round", same: &by_round, initial: params.initial },
        GameOrder::Input => Step { name: "game", same: &each, initial: params.initial },
    };
    let n = data.players.len();
    let seasons = vec![None; if games.iter().any(|g| g.season().is_some()) { n } else { 0 }];
    let per_game = if params.per_game { Vec::with_capacity(games.len()) } else { Vec::new() };
    let rule = EloRule { games, data, params: params.clone(), margin_used: false, mov_used: false, seasons, per_game };
    Ok(SequentialFit::new(data, rule, variant, order, step))
}

/// Elo's update of one game.
pub struct EloRule<'d> {
    games: &'d [Game],
    data: &'d Dataset,
    params: EloParams,
    margin_used: bool,
    mov_used: bool,
    /// By player: the season of their last game (empty when no game has a season).
    seasons: Vec<Option<&'d str>>,
    /// Each game's ratings before it and the first player's expected score, when asked for.
    per_game: Vec<GameRecord>,
}

impl<'d> EloRule<'d> {
    /// Player `p`'s first game of `season`: the player list's rating for that season, or the
    /// reversion toward the mean (a player's very first game keeps their starting rating).
    fn enter_season(&mut self, p: usize, season: &'d str, run: &mut Run) {
        let last = self.seasons[p].replace(season);
        if last.is_some_and(|l| l.trim() == season.trim()) {
            return;
        }
        let listed = self.data.players[p].season_rating(season);
        let r = run.ratings[p];
        let mean = self.params.season_mean.unwrap_or(self.params.initial);
        run.ratings[p] = match (listed, last) {
            (Some(x), _) => x,
            (None, Some(_)) => r + self.params.season_regression * (mean - r),
            (None, None) => r,
        };
    }
}

impl Rule for EloRule<'_> {
    fn kind(&self) -> MethodKind {
        MethodKind::Elo
    }

    fn params(&self) -> Method {
        Method::Elo(self.params.clone())
    }

    fn apply(&mut self, item: usize, step: usize, run: &mut Run) -> Update {
        let g = &self.games[item];
        let (i, j) = (g.first(), g.second());
        if let (false, Some(season)) = (self.seasons.is_empty(), g.season()) {
            self.enter_season(i, season, run);
            self.enter_season(j, season, run);
        }
        let params = &self.params;
        let u = game_update(g, params, &run.ratings);
        self.margin_used |= u.margin;
        self.mov_used |= params.mov != Mov::Off && g.points().is_some();
        if params.per_game {
            self.per_game.push(GameRecord {
                line: g.line(),
                first: i,
                second: j,
                first_before: run.ratings[i],
                second_before: run.ratings[j],
                expected: u.expected,
                score: g.score,
            });
        }
        let with_home = run.ratings[i] + params.home_of(g) - run.ratings[j];
        let foreseen = (g.score != 0.5 && with_home != 0.0).then_some((with_home > 0.0) == (g.score > 0.5));
        let (s, mu, delta) = (u.score, u.expected, u.change);
        run.record(i, delta, g.score, step);
        run.record(j, -delta, 1.0 - g.score, step);
        Update { change: delta, surprise: s - mu, foreseen }
    }

    fn entrants(&self, item: usize, each: &mut dyn FnMut(usize)) {
        each(self.games[item].first());
        each(self.games[item].second());
    }

    fn games(&self) -> Option<Vec<GameRecord>> {
        self.params.per_game.then(|| self.per_game.clone())
    }

    fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.params.margin && !self.margin_used {
            out.push("margin scoring asked for, but no game has points: plain results used".into());
        }
        if self.params.mov != Mov::Off && !self.mov_used {
            out.push("a margin-of-victory multiplier asked for, but no game has points: none applied".into());
        }
        if self.params.season_regression > 0.0 && self.seasons.is_empty() {
            out.push("a reversion between seasons asked for, but no game has a season (a 'season' column): none made".into());
        }
        out
    }
}
