//! Weng–Lin behind the [`Fit`] interface: its [`MethodSpec`] and its [`Rule`] for the
//! sequential stepper (a step is one event, or the two-player games of one date or round).
//! Each event's sides are its teams (`Event::team`), or teams of one in an event of
//! individuals: the ranked at their places, the unranked tied below the last ranked place;
//! each two-player game is an event of two (a draw a tie).

use super::params::WengLinParams;
use super::update::{pair_score, update, validate, Skill};
use crate::error::RateError;
use crate::methods::cost::Passes;
use crate::methods::fit::Fit;
use crate::methods::predictive::Model;
use crate::methods::rating::Rating;
use crate::methods::sequential::{event_items, ordered_games, Entries, EventItems, Rule, Run, SequentialFit, Step, Update};
use crate::methods::spec::{About, MethodSpec};
use crate::methods::{Method, MethodKind, Options};
use crate::model::{Dataset, Event, Game, Player};

impl MethodSpec for WengLinParams {
    const ABOUT: About = About {
        title: "Weng–Lin ratings",
        label: "Weng–Lin",
        short: "Weng–Lin",
        about: "Weng–Lin (OpenSkill): a skill μ ± σ per player, updated event by event from the whole ranking, ties included (Plackett–Luce or Bradley–Terry).",
        sequential: true,
        decimals: Some(2),
        axis: Some("skill μ (Weng–Lin's scale)"),
        // Measured on a million random games (docs/performance.md, *Evaluation's estimate*):
        // 3.0–3.4 replays in the worker, 3.2–3.5 natively.
        passes: Passes::flat(3.5, 3.5),
    };

    fn validate(&self) -> Result<(), RateError> {
        validate(self)
    }

    fn start<'d>(&self, data: &'d Dataset, _options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
        Ok(Box::new(fit(data, self)?))
    }

    /// Two players' Bradley–Terry probability at σ = 0: `1 / (1 + e^(−(μ_i − μ_j)/(√2 β)))`,
    /// which is Elo's curve with ζ = √2 β ln 10 (the players' σ left out).
    fn model(&self, _rating: &Rating, _players: usize) -> Model {
        Model::Shares { zeta: std::f64::consts::SQRT_2 * self.beta * std::f64::consts::LN_10 }
    }

    fn unrated(&self, _player: &Player) -> f64 {
        self.mu
    }
}

/// Rates `data` by Weng–Lin.
pub fn rate(data: &Dataset, params: &WengLinParams) -> Result<Rating, RateError> {
    crate::methods::rate(data, &Method::WengLin(params.clone()), &Default::default())
}

/// An event's players and places: the ranked at theirs, the unranked one below the last.
fn places(e: &Event) -> Vec<(usize, u32)> {
    let below = e.places.iter().map(|&(_, place)| place).max().unwrap_or(0).saturating_add(1);
    e.places.iter().copied().chain(e.unranked.iter().map(|&p| (p, below))).collect()
}

/// An event's sides, each its entries (by index), and each entry's side: the teams of `team`
/// in the order first met, or every entry a side of its own when `team` is empty (or, data
/// built wrongly that `check_data` refuses, not one team an entry).
fn sides(len: usize, team: &[u32]) -> (Vec<Vec<usize>>, Vec<usize>) {
    if team.is_empty() || team.len() != len {
        return ((0..len).map(|k| vec![k]).collect(), (0..len).collect());
    }
    let (mut sides, mut index): (Vec<Vec<usize>>, Vec<usize>) = (Vec::new(), vec![usize::MAX; len]);
    let side_of = team
        .iter()
        .enumerate()
        .map(|(k, &t)| {
            let slot = &mut index[(t as usize).min(len - 1)];
            if *slot == usize::MAX {
                *slot = sides.len();
                sides.push(Vec::new());
            }
            sides[*slot].push(k);
            *slot
        })
        .collect();
    (sides, side_of)
}

/// Weng–Lin behind the [`Fit`] interface: the events in input order, then the two-player
/// games in their order (by date or round when every game has one); a game without a score
/// is left out.
pub fn fit<'d>(data: &'d Dataset, params: &WengLinParams) -> Result<SequentialFit<'d, WengLinRule<'d>>, RateError> {
    validate(params)?;
    let n = data.players.len();
    let events: Vec<Vec<(usize, u32)>> = data.events.iter().map(places).collect();
    // Per player, the last event seen in (plus one): a player both placed and unranked in one
    // event is refused, as one placed twice is by `check_data`.
    let mut seen = vec![0usize; n];
    let teams: Vec<Vec<u32>> = data.events.iter().map(|e| e.team.clone()).collect();
    let fits = |k: usize, e: &[(usize, u32)], seen: &mut Vec<usize>| {
        sides(e.len(), &teams[k]).0.len() >= 2 && e.iter().all(|&(p, _)| p < n && std::mem::replace(&mut seen[p], k + 1) != k + 1)
    };
    if let Some(k) = (0..events.len()).find(|&k| !fits(k, &events[k], &mut seen)) {
        let e = &data.events[k];
        let problem = format!(
            "event {} (line {}) has {} players (in {} sides), or one twice",
            k + 1,
            e.line,
            e.size(),
            sides(e.size(), &e.team).0.len()
        );
        return Err(RateError::InvalidData {
            item: "event".into(),
            problem,
            expected: "two or more players of the data, each once".into(),
        });
    }
    let first_game = events.len();
    let (mut order, how) = ordered_games(&data.games, true);
    order.retain(|&g| !data.games[g].score.is_nan());
    let items = event_items(first_game, &order);
    if items.is_empty() {
        return Err(RateError::NoGames);
    }
    let batches = EventItems { games: &data.games, first_game, how, games_only: data.events.is_empty() };
    let (variant, name, same) = (batches.variant(), batches.step_name(), |a, b| batches.same(a, b));
    let rule = WengLinRule { events, games: &data.games, teams, sigma: vec![params.sigma; n], params: params.clone() };
    Ok(SequentialFit::new(data, rule, variant, items, Step { name, same: &same, initial: params.mu }))
}

/// Item `item`'s players and places (`events` the data's, the items after them `games`): a
/// game's winner placed first, its loser second, and a draw's two players both first.
fn entries<'a>(events: &'a [Vec<(usize, u32)>], games: &[Game], item: usize) -> Entries<'a, (usize, u32)> {
    let Some(game) = item.checked_sub(events.len()) else { return Entries::Listed(&events[item]) };
    let g = &games[game];
    let (a, b) = match g.score {
        s if s > 0.5 => (1, 2),
        s if s < 0.5 => (2, 1),
        _ => (1, 1),
    };
    Entries::Pair([(g.first(), a), (g.second(), b)])
}

/// Weng–Lin's update of one event, and each player's σ (μ is the run's rating).
pub struct WengLinRule<'d> {
    /// The data's events; the items after them are the data's games.
    events: Vec<Vec<(usize, u32)>>,
    games: &'d [Game],
    /// Per event of the data, each entry's team (empty: individuals); games have none.
    teams: Vec<Vec<u32>>,
    sigma: Vec<f64>,
    params: WengLinParams,
}

impl WengLinRule<'_> {
    /// Each player's σ now.
    pub fn sigmas(&self) -> &[f64] {
        &self.sigma
    }
}

impl Rule for WengLinRule<'_> {
    fn kind(&self) -> MethodKind {
        MethodKind::WengLin
    }

    fn params(&self) -> Method {
        Method::WengLin(self.params.clone())
    }

    fn start(&self, _player: &Player) -> Option<f64> {
        // A player list's rating is on another scale and has no σ: everyone starts at μ₀.
        Some(self.params.mu)
    }

    fn sigma(&self, player: usize) -> Option<f64> {
        self.sigma.get(player).copied()
    }

    fn apply(&mut self, item: usize, step: usize, run: &mut Run) -> Update {
        let entries = entries(&self.events, self.games, item);
        let ev = &*entries;
        let (sides, side_of) = sides(ev.len(), self.teams.get(item).map_or(&[][..], Vec::as_slice));
        let before: Vec<Skill> = ev.iter().map(|&(p, _)| Skill { mu: run.ratings[p], sigma: self.sigma[p] }).collect();
        let places: Vec<u32> = sides.iter().map(|side| ev[side[0]].1).collect();
        let mut after = before.clone();
        let mut refs: Vec<Vec<&mut Skill>> = sides.iter().map(|_| Vec::new()).collect();
        after.iter_mut().zip(&side_of).for_each(|(s, &a)| refs[a].push(s));
        update(&mut refs, &places, &self.params);
        // Each side's sums, as the update sees them (a team of one: its player's).
        let sums: Vec<Skill> = sides
            .iter()
            .map(|side| Skill { mu: side.iter().map(|&k| before[k].mu).sum(), sigma: side.iter().map(|&k| before[k].sigma.powi(2)).sum() })
            .collect();
        // Foresight: did the favourite (a single highest μ) win alone?
        let best = places.iter().copied().min().unwrap_or(1);
        let top = sums.iter().map(|s| s.mu).fold(f64::NEG_INFINITY, f64::max);
        let alone = |v: &[bool]| v.iter().filter(|&&x| x).count() == 1;
        let winners: Vec<bool> = places.iter().map(|&p| p == best).collect();
        let favourites: Vec<bool> = sums.iter().map(|s| s.mu == top).collect();
        let foreseen = (alone(&winners) && alone(&favourites)).then(|| winners.iter().zip(&favourites).any(|(&w, &f)| w && f));
        let (mut change, mut surprise) = (0.0f64, 0.0f64);
        let others = (sides.len() - 1) as f64;
        for (k, &(p, place)) in ev.iter().enumerate() {
            // The share of the other sides beaten (ties half) against its Bradley–Terry
            // expectation (`sums[a].sigma` holds the side's variance).
            let (a, mut score, mut expected) = (side_of[k], 0.0, 0.0);
            for (b, &other) in places.iter().enumerate().filter(|&(b, _)| b != a) {
                let c = (sums[a].sigma + sums[b].sigma + 2.0 * self.params.beta.powi(2)).sqrt();
                score += pair_score(place, other);
                expected += 1.0 / (1.0 + ((sums[b].mu - sums[a].mu) / c).exp());
            }
            let delta = after[k].mu - before[k].mu;
            self.sigma[p] = after[k].sigma;
            run.record(p, delta, score / others, step);
            // σ beside μ in the history, for the chart's band.
            if let Some(point) = run.histories[p].last_mut() {
                *point = point.with_deviation(Some(after[k].sigma));
            }
            change = change.max(delta.abs());
            surprise = surprise.max(((score - expected) / others).abs());
        }
        Update { change, surprise, foreseen }
    }

    fn entrants(&self, item: usize, each: &mut dyn FnMut(usize)) {
        entries(&self.events, self.games, item).iter().for_each(|&(p, _)| each(p));
    }

    fn item(&self) -> &'static str {
        "event"
    }
}
