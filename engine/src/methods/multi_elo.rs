//! Multiplayer Elo for events with places (the seed's AHP argument, applied place by place):
//! the note's expectation vector `E_i = 10^(R_i/ζ) / Σ_j 10^(R_j/ζ)` is the chance of
//! finishing first among the players still unplaced. Stage s of an event takes the players
//! not yet placed (the unranked among them), `S_i = 1` for the player placed there (a tie of t
//! is one stage, 1/t each) and 0 for the rest, and `R_i += K Σ_s (S_i − E_i)` from the
//! ratings before the event. With only the winner placed it is the note's one-winner update;
//! two-player events are Elo exactly; the sum of ratings never changes. Two-player games in
//! the data count as two-player events.
//!
//! ```
//! use ratings_engine::methods::multi_elo::{rate, MultiEloParams};
//! use ratings_engine::{Dataset, Event};
//! let mut d = Dataset::new();
//! let ids: Vec<usize> = ["A", "B", "C", "D"].iter().map(|n| d.player(n).unwrap()).collect();
//! d.events.push(Event { name: "game 1".into(), places: ids.iter().map(|&i| (i, i as u32 + 1)).collect(), line: 2, unranked: Vec::new(), team: Vec::new() });
//! let r = rate(&d, &MultiEloParams::default()).unwrap();
//! assert_eq!(r.players[0].name, "A");
//! assert!((r.players[0].rating.unwrap() - (1500.0 + 25.0 * 0.75)).abs() < 1e-9);
//! // B, second: a quarter expected of the win, then a third of second place.
//! assert!((r.players[1].rating.unwrap() - (1500.0 + 25.0 * (2.0 / 3.0 - 0.25))).abs() < 1e-9);
//! ```

mod params;

pub use params::MultiEloParams;

use super::sequential::{event_items, ordered_games, Entries, EventItems, Rule, Run, SequentialFit, Step, Update};
use crate::error::{check, RateError};
use crate::methods::cost::Passes;
use crate::methods::fit::Fit;
use crate::methods::predictive::Model;
use crate::methods::rating::Rating;
use crate::methods::spec::About;
use crate::methods::spec::MethodSpec;
use crate::methods::Options;
use crate::methods::{Method, MethodKind};
use crate::model::Dataset;
use crate::model::Player;

/// Each player's share of the win expected from the ratings, computed with the largest
/// exponent taken out so nothing overflows.
pub fn expected_shares(ratings: &[f64], zeta: f64) -> Vec<f64> {
    let top = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let w: Vec<f64> = ratings.iter().map(|r| 10f64.powf((r - top) / zeta)).collect();
    let total: f64 = w.iter().sum();
    w.iter().map(|x| x / total).collect()
}

impl MethodSpec for MultiEloParams {
    const ABOUT: About = About {
        title: "Multiplayer Elo ratings",
        label: "Multiplayer Elo",
        short: "Multiplayer Elo",
        about: "Multiplayer Elo: each place is won among the players not yet placed, each expecting 10^(R/ζ) / Σ 10^(R/ζ) of it. Reads event,player,place rows, 1st,2nd,3rd… or player/score columns; two-player games count too.",
        sequential: true,
        decimals: None,
        axis: None,
        // Measured on a million random games, each a two-player event (docs/performance.md,
        // *Evaluation's estimate*): 2.4–3.0 replays in the worker, 2.5 natively.
        passes: Passes::flat(3.0, 2.5),
    };

    fn validate(&self) -> Result<(), RateError> {
        check(self.zeta.is_finite() && self.zeta > 0.0, "zeta", self.zeta, "a number > 0")?;
        check(self.k.is_finite() && self.k >= 0.0, "k", self.k, "a number ≥ 0")?;
        check(self.initial.is_finite(), "initial", self.initial, "a number")
    }

    fn start<'d>(&self, data: &'d Dataset, _options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
        Ok(Box::new(fit(data, self)?))
    }

    fn model(&self, _rating: &Rating, _players: usize) -> Model {
        Model::Shares { zeta: self.zeta }
    }

    fn unrated(&self, player: &Player) -> f64 {
        player.listed().map_or(self.initial, |l| l.rating)
    }
}

pub fn rate(data: &Dataset, params: &MultiEloParams) -> Result<Rating, RateError> {
    crate::methods::rate(data, &Method::MultiElo(params.clone()), &Default::default())
}

/// Multiplayer Elo behind the [`crate::methods::fit::Fit`] interface: a step is one event
/// (or the two-player games of one date or round).
pub fn fit<'d>(data: &'d Dataset, params: &MultiEloParams) -> Result<SequentialFit<'d, MultiEloRule<'d>>, RateError> {
    params.validate()?;
    // Teams are refused rather than read as teammates tied at one place: the note's
    // expectation vector is of players, and no team rule is given by it.
    if let Some(k) = data.events.iter().position(|e| e.largest_team() > 1) {
        return Err(RateError::Teams { method: MultiEloParams::ABOUT.label.into(), event: k + 1, line: data.events[k].line });
    }
    // Events as (players, places), the unranked placed at infinity (never placed); two-player
    // games join them, in their own order.
    let unranked = |e: &'d crate::model::Event| e.unranked.iter().map(|&p| (p, f64::INFINITY));
    let events: Vec<Vec<(usize, f64)>> =
        data.events.iter().map(|e| e.places.iter().map(|&(p, place)| (p, place as f64)).chain(unranked(e)).collect()).collect();
    let first_game = events.len();
    let (order, how) = ordered_games(&data.games, true);
    let items = event_items(first_game, &order);
    if items.is_empty() {
        return Err(RateError::NoGames);
    }
    let batches = EventItems { games: &data.games, first_game, how, games_only: data.events.is_empty() };
    let (variant, name, same) = (batches.variant(), batches.step_name(), |a, b| batches.same(a, b));
    let rule = MultiEloRule { events, games: &data.games, params: params.clone() };
    Ok(SequentialFit::new(data, rule, variant, items, Step { name, same: &same, initial: params.initial }))
}

/// Multiplayer Elo's update of one event.
pub struct MultiEloRule<'d> {
    /// The data's events; the items after them are the data's games.
    events: Vec<Vec<(usize, f64)>>,
    games: &'d [crate::model::Game],
    params: MultiEloParams,
}

impl MultiEloRule<'_> {
    /// Item `item`'s players and places: a game's winner placed first, its loser second, and a
    /// draw's two players both first (they share the win).
    fn entries(&self, item: usize) -> Entries<'_, (usize, f64)> {
        let Some(game) = item.checked_sub(self.events.len()) else { return Entries::Listed(&self.events[item]) };
        let g = &self.games[game];
        let place = |s: f64| if s < 0.5 { 2.0 } else { 1.0 };
        Entries::Pair([(g.first(), place(g.score)), (g.second(), place(1.0 - g.score))])
    }
}

impl Rule for MultiEloRule<'_> {
    fn kind(&self) -> MethodKind {
        MethodKind::MultiElo
    }

    fn params(&self) -> Method {
        Method::MultiElo(self.params.clone())
    }

    fn apply(&mut self, item: usize, step: usize, run: &mut Run) -> Update {
        let entries = self.entries(item);
        let ev = &*entries;
        let before: Vec<f64> = ev.iter().map(|&(p, _)| run.ratings[p]).collect();
        let sums = stage_sums(ev, &before, self.params.zeta);
        let best = ev.iter().map(|&(_, place)| place).fold(f64::INFINITY, f64::min);
        let winners = ev.iter().filter(|&&(_, place)| place == best).count();
        // Foresight: did the favourite (a single highest rating) win alone?
        let top = before.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let decided = winners == 1 && before.iter().filter(|&&x| x == top).count() == 1;
        let foreseen = decided.then(|| ev.iter().zip(&before).any(|(&(_, place), &x)| place == best && x == top));
        let (mut change, mut surprise) = (0.0f64, 0.0f64);
        for (k, &(p, _)) in ev.iter().enumerate() {
            let delta = self.params.k * sums[k];
            // The score tallied is the share of the others beaten, ties half (one meaning of
            // a score in events for every method: `super::event_score`).
            run.record(p, delta, beaten(ev, k), step);
            change = change.max(delta.abs());
            surprise = surprise.max(sums[k].abs());
        }
        Update { change, surprise, foreseen }
    }

    fn entrants(&self, item: usize, each: &mut dyn FnMut(usize)) {
        self.entries(item).iter().for_each(|&(p, _)| each(p));
    }

    fn item(&self) -> &'static str {
        "event"
    }
}

/// The share of the others in `ev` that entry `k` finished above, ties (the unranked among
/// themselves) half: as [`super::event_score`] scores an event of individuals.
fn beaten(ev: &[(usize, f64)], k: usize) -> f64 {
    let place = ev[k].1;
    let above: f64 = ev
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != k)
        .map(|(_, &(_, other))| match place.total_cmp(&other) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        })
        .sum();
    above / (ev.len().max(2) - 1) as f64
}

/// Each player's `Σ_s (S_i − E_i)` over the stages of one event (players with their places,
/// the unranked at infinity).
/// A stage is one place: its set the players not placed before it, the players placed there
/// scoring 1/t each. Each stage's shares are worked out afresh with its own largest exponent
/// taken out, so none overflows or vanishes whatever the gaps (an event is small: the cost of
/// a set per place does not matter).
fn stage_sums(ev: &[(usize, f64)], before: &[f64], zeta: f64) -> Vec<f64> {
    let mut sums = vec![0.0; ev.len()];
    let mut stages: Vec<f64> = ev.iter().map(|&(_, place)| place).filter(|p| p.is_finite()).collect();
    crate::sort::unstable_by(&mut stages, f64::total_cmp);
    stages.dedup();
    let mut left: Vec<usize> = (0..ev.len()).collect();
    for &place in &stages {
        let shares = expected_shares(&left.iter().map(|&j| before[j]).collect::<Vec<_>>(), zeta);
        let tied = left.iter().filter(|&&j| ev[j].1 == place).count() as f64;
        for (m, &j) in left.iter().enumerate() {
            let score = if ev[j].1 == place { 1.0 / tied } else { 0.0 };
            sums[j] += score - shares[m];
        }
        left.retain(|&j| ev[j].1 != place);
    }
    sums
}
