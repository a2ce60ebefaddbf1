//! What the sequential methods (Elo, multiplayer Elo) share: the order games are taken in,
//! the stepper behind the [`Fit`] interface (a step is the games of one date or round), and
//! turning final ratings and histories into a [`Rating`].

use crate::diagnose::{Diagnosis, Status};
use crate::error::RateError;
use crate::methods::fit::{Advance, Fit, Measures, Stepper, Steps, Taken};
use crate::methods::ranking::{rank, Placing};
use crate::methods::rating::{GameOrder, HistoryPoint, MethodVariant, PlayerRating, Rating, SolverReport, StopReason};
use crate::methods::{Method, MethodKind};
use crate::model::{chronological_order, chronological_order_by, round_number, Dataset, Game};

/// The order to take the games in: the chronological order when every game has a date, or
/// every game a numbered round; else as given. Also says which, in words.
pub fn game_order(games: &[Game], chronological: bool) -> (Vec<usize>, &'static str) {
    let (order, how) = ordered_games(games, chronological);
    (order, how.name())
}

/// [`game_order`] with the order's kind typed (what the sequential methods record).
pub fn ordered_games(games: &[Game], chronological: bool) -> (Vec<usize>, GameOrder) {
    let input = || ((0..games.len()).collect(), GameOrder::Input);
    if !chronological || games.is_empty() {
        return input();
    }
    if games.iter().all(|g| g.date().is_some()) {
        return (chronological_order(games), GameOrder::ByDate);
    }
    if games.iter().all(|g| g.round().and_then(round_number).is_some()) {
        return (chronological_order_by(games, false), GameOrder::ByRound);
    }
    input()
}

/// One update of a sequential method: what it did to the ratings.
pub struct Update {
    /// The largest rating change it made.
    pub change: f64,
    /// The largest `|result − expected result|` among its players.
    pub surprise: f64,
    /// For the foresight accuracy: `Some(true)` when the favourite won a decided game.
    pub foreseen: Option<bool>,
}

/// What a sequential method does with one item (a game for Elo, an event for multiplayer
/// Elo): updates the ratings, the tallies and the histories.
pub trait Rule {
    fn kind(&self) -> MethodKind;
    fn params(&self) -> Method;
    /// Applies item `item` as the `step`-th (1-based) update of the run.
    fn apply(&mut self, item: usize, step: usize, run: &mut Run) -> Update;
    /// Calls `each` with every player item `item` moves (and so adds a history point to):
    /// each player's history is made to its size before the run ([`Run::record`]).
    fn entrants(&self, item: usize, each: &mut dyn FnMut(usize));
    /// Warnings once the run is over.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
    /// What one item is, in words: a step when the items are taken one by one.
    fn item(&self) -> &'static str {
        "game"
    }
    /// Each game's ratings before it, when the rule keeps them (Elo's `per_game`).
    fn games(&self) -> Option<Vec<crate::methods::rating::GameRecord>> {
        None
    }
    /// A player's rating before their first item when the rule sets it (`None`: the player
    /// list's rating, else the run's start; Weng–Lin starts everyone at its μ₀).
    fn start(&self, _player: &crate::model::Player) -> Option<f64> {
        None
    }
    /// A player's uncertainty at the end, on the rating's scale (Weng–Lin's σ).
    fn sigma(&self, _player: usize) -> Option<f64> {
        None
    }
}

/// The state of a sequential run.
pub struct Run {
    pub ratings: Vec<f64>,
    pub histories: Vec<Vec<HistoryPoint>>,
    /// Games (or events) each player took part in, and points scored.
    pub tallies: Vec<(u32, f64)>,
}

impl Run {
    /// Moves player `p` by `delta` after an item in which they scored `score`.
    pub fn record(&mut self, p: usize, delta: f64, score: f64, step: usize) {
        self.ratings[p] += delta;
        self.tallies[p].0 += 1;
        self.tallies[p].1 += score;
        self.histories[p].push(HistoryPoint::at(step, self.ratings[p]));
    }
}

/// A sequential method behind the [`Fit`] interface: one step is one batch of items (the
/// games of one date or round, or a single item when they are taken as listed).
pub struct SequentialFit<'d, R: Rule> {
    data: &'d Dataset,
    rule: R,
    variant: MethodVariant,
    /// The items in processing order, and the batches as ranges of that order.
    order: Vec<usize>,
    batches: Batches,
    step_name: &'static str,
    run: Run,
    done: usize,
    decided: usize,
    foreseen: usize,
    steps: Steps,
}

impl<'d, R: Rule> SequentialFit<'d, R> {
    /// `order` lists the items in processing order; `same_step(a, b)` says whether two
    /// consecutive items belong to one step.
    pub fn new(data: &'d Dataset, rule: R, variant: MethodVariant, order: Vec<usize>, step: Step<'_>) -> SequentialFit<'d, R> {
        let initial = |p: &crate::model::Player, start: f64| p.listed().map_or(start, |l| l.rating);
        let start = step.initial;
        let n = data.players.len();
        let run = Run {
            ratings: data.players.iter().map(|p| rule.start(p).unwrap_or_else(|| initial(p, start))).collect(),
            histories: histories(&rule, &order, n),
            tallies: vec![(0, 0.0); n],
        };
        let batches = Batches::of(&order, step.same);
        SequentialFit {
            data,
            rule,
            variant,
            order,
            batches,
            step_name: step.name,
            run,
            done: 0,
            decided: 0,
            foreseen: 0,
            steps: Steps::default(),
        }
    }
}

impl<R: Rule> SequentialFit<'_, R> {
    /// The same run with its items taken in another order: `permute` rearranges the order
    /// the method would have used (by date, round or as listed). Each item becomes a step of
    /// its own, since a date's games are no longer together. Consumes the fit, so that no
    /// step can have been taken in the old order (the order-dependence study,
    /// `compare::order`, replays Elo this way).
    pub fn reordered(mut self, permute: impl FnOnce(&mut [usize])) -> Self {
        permute(&mut self.order);
        self.batches = Batches::Each(self.order.len());
        self.step_name = self.rule.item();
        self.variant = self.variant.reordered();
        self
    }
}

impl<R: Rule> SequentialFit<'_, R> {
    /// The ratings now (after the steps taken), per dataset player.
    pub fn ratings(&self) -> &[f64] {
        &self.run.ratings
    }

    /// The items (games or events) of step `k` (1-based), in the order they are applied.
    pub fn step_items(&self, k: usize) -> Vec<usize> {
        k.checked_sub(1).and_then(|k| self.batches.get(k)).map_or_else(Vec::new, |b| b.map(|x| self.order[x]).collect())
    }
}

/// The items of a method that takes events and then two-player games (multiplayer Elo,
/// Weng–Lin): items `0..first_game` are the data's events, item `first_game + g` the game `g`,
/// taken in the games' order (by date or round when every game has one). With games only, a
/// step is the games of one date or round.
pub struct EventItems<'d> {
    pub games: &'d [Game],
    pub first_game: usize,
    pub how: GameOrder,
    /// Whether the data have no events (only games).
    pub games_only: bool,
}

impl EventItems<'_> {
    /// How the run went: games in `how`'s order when there are only games.
    pub fn variant(&self) -> MethodVariant {
        MethodVariant::MultiElo { games: self.games_only.then_some(self.how), reordered: false }
    }

    /// What a step is, in words.
    pub fn step_name(&self) -> &'static str {
        match (self.games_only, self.how) {
            (true, GameOrder::ByDate) => "date",
            (true, GameOrder::ByRound) => "round",
            _ => "event",
        }
    }

    /// Whether items `a` and `b` are taken in one step: two games of one date or round.
    pub fn same(&self, a: usize, b: usize) -> bool {
        let game = |k: usize| (k >= self.first_game).then(|| &self.games[k - self.first_game]);
        match (game(a), game(b), self.how) {
            (Some(x), Some(y), GameOrder::ByDate) => x.date().map(str::trim) == y.date().map(str::trim),
            (Some(x), Some(y), GameOrder::ByRound) => x.round().and_then(round_number) == y.round().and_then(round_number),
            _ => false,
        }
    }
}

/// The items [`EventItems`] describes, in processing order: the events, then the games in
/// `order`.
pub fn event_items(first_game: usize, order: &[usize]) -> Vec<usize> {
    (0..first_game).chain(order.iter().map(|&g| first_game + g)).collect()
}

/// One item's entries (a player and their place): an event's own list, or a two-player game's
/// pair made as it is taken, so that a games file's million games are not each a list.
pub enum Entries<'a, T> {
    Listed(&'a [T]),
    Pair([T; 2]),
}

impl<T> std::ops::Deref for Entries<'_, T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            Entries::Listed(entries) => entries,
            Entries::Pair(pair) => pair,
        }
    }
}

/// How a run is cut into steps, and where ratings start.
pub struct Step<'a> {
    pub name: &'static str,
    pub same: &'a dyn Fn(usize, usize) -> bool,
    pub initial: f64,
}

/// Each player's history, empty and made to hold the points `order`'s items will give them:
/// grown by doubling as the items came, a million games' lists held up to twice their points.
fn histories<R: Rule>(rule: &R, order: &[usize], n: usize) -> Vec<Vec<HistoryPoint>> {
    let mut counts = vec![0usize; n];
    for &item in order {
        rule.entrants(item, &mut |p| counts[p] += 1);
    }
    counts.into_iter().map(Vec::with_capacity).collect()
}

/// The run's steps as ranges of the order: each item a step of its own (a games file with
/// neither dates nor rounds, a reordered run), held as nothing but their number, or the
/// end of each step (16 bytes an item when each step was a range).
enum Batches {
    Each(usize),
    Ends(Vec<usize>),
}

impl Batches {
    /// Consecutive items `same` puts in one step are one batch.
    fn of(order: &[usize], same: &dyn Fn(usize, usize) -> bool) -> Batches {
        let mut ends: Vec<usize> = Vec::new();
        for k in 0..order.len() {
            match ends.last_mut() {
                Some(end) if same(order[k - 1], order[k]) => *end = k + 1,
                _ => ends.push(k + 1),
            }
        }
        if ends.len() == order.len() {
            Batches::Each(order.len())
        } else {
            Batches::Ends(ends)
        }
    }

    fn len(&self) -> usize {
        match self {
            Batches::Each(n) => *n,
            Batches::Ends(ends) => ends.len(),
        }
    }

    /// Step `k`'s items (0-based), as a range of the order.
    fn get(&self, k: usize) -> Option<std::ops::Range<usize>> {
        match self {
            Batches::Each(n) => (k < *n).then(|| k..k + 1),
            Batches::Ends(ends) => Some(k.checked_sub(1).map_or(0, |j| ends[j])..*ends.get(k)?),
        }
    }
}

impl<R: Rule> Stepper for SequentialFit<'_, R> {
    /// Applies the next batch of items; the last batch finishes the run.
    fn advance(&mut self) -> Advance {
        let k = self.steps.len();
        let Some(batch) = self.batches.get(k) else {
            return Advance::Stop(StopReason::Finished);
        };
        let (mut change, mut residual) = (0.0f64, 0.0f64);
        for k in batch {
            self.done += 1;
            let u = self.rule.apply(self.order[k], self.done, &mut self.run);
            change = change.max(u.change.abs());
            residual = residual.max(u.surprise.abs());
            if let Some(f) = u.foreseen {
                self.decided += 1;
                self.foreseen += usize::from(f);
            }
        }
        Advance::Took(Taken::new(change, residual).last(k + 1 == self.batches.len()))
    }

    fn steps(&self) -> &Steps {
        &self.steps
    }

    fn steps_mut(&mut self) -> &mut Steps {
        &mut self.steps
    }
}

impl<R: Rule> Fit for SequentialFit<'_, R> {
    fn measures(&self) -> Measures {
        Measures {
            step: self.step_name.into(),
            change: "largest rating change".into(),
            residual: "largest |result − expected|".into(),
            tolerance: None,
            fits: crate::methods::fit::Fits::One,
        }
    }

    fn display(&self) -> Vec<Option<f64>> {
        (0..self.run.ratings.len()).map(|i| Some(self.run.ratings[i]).filter(|r| r.is_finite())).collect()
    }

    fn finish(&self) -> Result<Rating, RateError> {
        rating(self, self.run.histories.clone())
    }

    fn into_rating(mut self: Box<Self>) -> Result<Rating, RateError> {
        // The histories are handed to the rating's rows, not copied beside them.
        let histories = std::mem::take(&mut self.run.histories);
        rating(&self, histories)
    }
}

/// The day of each place in the run's order (`i32::MIN`: undated), when every item is a dated
/// game taken in date order (Elo on a dated league), for [`timed`]; `None` otherwise.
///
/// Each game's date is read once, here, in the order's sequence: read for each history point
/// (two a game) it cost a game's random fetch, its date's and the date's parsing each time, five
/// times Elo's whole replay on a dated million-game league.
fn days_by_place<R: Rule>(fit: &SequentialFit<'_, R>) -> Option<Vec<i32>> {
    let games = &fit.data.games;
    let dated = fit.data.events.is_empty()
        && fit.order.len() == games.len()
        && matches!(
            fit.variant,
            MethodVariant::Elo { order: GameOrder::ByDate, reordered: false, .. }
                | MethodVariant::MultiElo { games: Some(GameOrder::ByDate), reordered: false }
        );
    // A day number is within ±3.7 million (years 1 to 9999: `model::day_number`).
    let day = |g: usize| games[g].date().and_then(crate::model::day_number).and_then(|d| i32::try_from(d).ok()).unwrap_or(i32::MIN);
    dated.then(|| fit.order.iter().map(|&g| day(g)).collect())
}

/// Each history point timed by its game's date ([`days_by_place`]) when there are dates: the
/// history chart is then drawn in time. In place, and the days let go of before the rating's
/// rows are made (the run's peak).
fn timed<R: Rule>(fit: &SequentialFit<'_, R>, histories: &mut [Vec<HistoryPoint>]) {
    let Some(days) = days_by_place(fit) else { return };
    let day = |p: &HistoryPoint| days.get(p.game().checked_sub(1)?).filter(|&&d| d != i32::MIN).map(|&d| i64::from(d));
    for p in histories.iter_mut().flatten() {
        *p = p.with_time(day(p));
    }
}

/// Assembles the [`Rating`] with these `histories` (the run's own, or a copy): best first,
/// equal ratings sharing a rank, ties by name. Ratings that overflowed are an error, never
/// shown as numbers.
fn rating<R: Rule>(fit: &SequentialFit<'_, R>, mut histories: Vec<Vec<HistoryPoint>>) -> Result<Rating, RateError> {
    let (data, run) = (fit.data, &fit.run);
    let mut warnings = fit.rule.warnings();
    let stop = fit.steps.stop.unwrap_or(StopReason::Cancelled);
    if stop == StopReason::Cancelled {
        warnings.push(format!("stopped after {} of {} steps, before the end of the games", fit.steps.len(), fit.batches.len()));
    }
    let n = data.players.len();
    if let Some(i) = (0..n).find(|&i| !run.ratings[i].is_finite() || histories[i].iter().any(|h| !h.rating().is_finite())) {
        return Err(RateError::Overflow { player: data.players[i].name.clone() });
    }
    timed(fit, &mut histories);
    let rows = histories
        .into_iter()
        .enumerate()
        .map(|(i, history)| {
            let played = run.tallies[i].0 > 0;
            PlayerRating {
                deviation: None,
                volatility: None,
                name: data.players[i].name.clone(),
                index: i,
                id: data.players[i].id().map(str::to_string),
                rank: None,
                rating: Some(run.ratings[i]),
                log_strength: None,
                games: run.tallies[i].0,
                score: run.tallies[i].1,
                group: played.then_some(1),
                status: if played { Status::Rated } else { Status::NoGames },
                sigma: fit.rule.sigma(i).filter(|_| played),
                history: played.then_some(history),
                label: None,
            }
        })
        .collect();
    let players = rank(rows, |i, _| Placing { ranked: run.tallies[i].0 > 0, shares: true, tier: (0, 0), value: Some(run.ratings[i]) });
    Ok(Rating {
        method: fit.rule.kind(),
        variant: fit.variant,
        params: fit.rule.params(),
        players,
        // A sequential method's trace is its steps, not iterations towards a fixed point:
        // the report counts the items processed and keeps no trace.
        report: SolverReport {
            iterations: fit.done,
            converged: stop == StopReason::Finished,
            stop,
            trace: Vec::new(),
            final_residual: 0.0,
            passes: None,
        },
        diagnosis: Diagnosis::default(),
        groups: 1,
        scale: None,
        warnings,
        accuracy: (fit.decided > 0).then(|| fit.foreseen as f64 / fit.decided as f64),
        decided: (fit.decided > 0).then_some(fit.decided),
        fit: None,
        games: fit.rule.games(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_are_ordered_by_their_numbers() {
        assert_eq!(round_number("Matchday 12"), Some(12.0));
        assert_eq!(round_number("3"), Some(3.0));
        assert_eq!(round_number("final"), None);
        let mut d = Dataset::new();
        for r in ["10", "2", "1"] {
            d.add_game("A", "B", 1.0).set_round(Some(r));
        }
        assert_eq!(game_order(&d.games, true), (vec![2, 1, 0], "by round"));
        assert_eq!(game_order(&d.games, false).0, vec![0, 1, 2]);
        d.games[0].set_date(Some("2024-01-03"));
        assert_eq!(game_order(&d.games, true).1, "by round", "dates only count when every game has one");
        // A date on some games does not move them: round 1 still comes first.
        d.games[2].set_date(Some("2024-01-01"));
        assert_eq!(game_order(&d.games, true), (vec![2, 1, 0], "by round"));
    }
}
