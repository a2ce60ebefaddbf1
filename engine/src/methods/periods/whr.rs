//! Whole-History Rating (R. Coulom, "Whole-History Rating: A Bayesian Rating System for
//! Players of Time-Varying Strength", 2008): each player's strength is a Wiener process in
//! time, r(t₂) − r(t₁) ~ N(0, |t₂ − t₁| w²), and the ratings of every player on every day
//! they played are fitted jointly to all the games (Bradley–Terry: P(i beats j) = γᵢ/(γᵢ+γⱼ),
//! γ = eʳ), by Newton's method on one player's whole time series at a time (its Hessian is
//! tridiagonal: the prior links only neighbouring days).
//!
//! As the original implementation does (P. Schwamb's `whole_history_rating`, whose test
//! `tests/periods.rs` reproduces): w² is given in Elo² per period; a player's first day holds a
//! virtual win and a virtual loss against a player of rating 0 (the prior that keeps a rating
//! finite); the Newton step subtracts 0.001 from the Hessian's diagonal (a damping that does
//! not move the optimum); the uncertainty of a day is its variance from the inverse Hessian.
//! A draw counts as half a win and half a loss (the reference has none).

mod newton;
mod params;
mod scores;
mod times;

pub use newton::Stepped;
use newton::{FirstDay, History, Newton};
pub use params::WhrParams;
use scores::Scores;
use times::{Links, Times};

use super::fit::{rating, Roster};
use super::Periods;
use super::{PeriodBasis, PeriodNote, Standing};
use crate::error::{check, RateError};
use crate::methods::cost::Passes;
use crate::methods::fit::{stop_warning, Advance, Fit, Measures, Partway, Quantity, Stepper, Steps, Stopping, Taken, Timed};
use crate::methods::predictive::Model;
use crate::methods::rating::Rating;
use crate::methods::rating::{HistoryPoint, MethodVariant, StopReason};
use crate::methods::spec::About;
use crate::methods::spec::MethodSpec;
use crate::methods::Method;
use crate::methods::Options;
use crate::model::Dataset;
use crate::model::Player;

/// Natural-log strength per Elo point.
const PER_ELO: f64 = std::f64::consts::LN_10 / 400.0;

/// WHR's cost on a dated history (`methods::cost::dated`), in replays of Elo at each side's
/// second a game: the million random games dated over five years took 11.4 s in the worker
/// (32.5 replays) and 3.6–4.0 s natively (18–20), a tenth of them 0.26 s and 0.18–0.20 s: a
/// game's cost grows as 10^0.65 and 10^0.29 over ten times the games, so 0.3 (the native
/// side's, rounded; the worker's estimate of a small history errs long).
const DATED: Passes = Passes { worker: 35.0, native: 20.0, growth: 0.3, dated: None };

impl MethodSpec for WhrParams {
    const ABOUT: About = About {
        title: "Whole-History ratings",
        label: "Whole-History Rating",
        short: "WHR",
        about: "Whole-History Rating: each player's strength drifts over time (a Wiener process), and every day's ratings are fitted to all games at once, so later games revise earlier ratings.",
        sequential: false,
        decimals: None,
        axis: None,
        // Newton steps on every day of every player at once until the ratings settle. Measured
        // on the undated million random games, each its own period (docs/performance.md,
        // *Evaluation's estimate*): 508 replays in the worker (one thread), 230–240 natively (two).
        // A game costs less on a shorter history: a tenth of the games, 1/10.4 of it a game in
        // the worker and 1/6.6 natively, so 10^-0.8 (the native side's 0.82, rounded down,
        // errs long in the worker). The same games dated over five years: DATED.
        passes: Passes { worker: 510.0, native: 240.0, growth: 0.8, dated: Some(&DATED) },
    };

    fn validate(&self) -> Result<(), RateError> {
        check(self.w2.is_finite() && self.w2 > 0.0, "w2", self.w2, "a positive number (Elo² per period)")?;
        check(self.tolerance.is_finite() && self.tolerance > 0.0, "tolerance", self.tolerance, "a positive number")?;
        check(self.anchor.is_finite(), "anchor", self.anchor, "a finite number")
    }

    fn start<'d>(&self, data: &'d Dataset, _options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
        Ok(Box::new(WhrFit::new(data, &data.players, self)?))
    }

    fn start_apart<'p>(&self, data: &Dataset, players: &'p [Player], _options: &Options) -> Option<Result<Box<dyn Fit + 'p>, RateError>> {
        Some(WhrFit::new(data, players, self).map(|fit| Box::new(fit) as Box<dyn Fit + 'p>))
    }

    fn model(&self, _rating: &Rating, _players: usize) -> Model {
        // Bradley–Terry on the latest ratings, Elo's scale.
        Model::Elo { zeta: 400.0, home: 0.0 }
    }

    fn unrated(&self, player: &Player) -> f64 {
        player.listed().map_or(self.anchor, |l| l.rating)
    }
}

/// A WHR fit: every player's days, stepped by [`Whr::sweep`].
///
/// The days of all players lie in one set of arrays (player `i`'s are `start[i]..start[i + 1]`,
/// in time order), and each day's games in another (`played[d]..played[d + 1]`: the opponent's
/// day and this player's score), built once: a sweep reads its opponents' strengths by index
/// and allocates nothing per player, so it costs O(games + player-days).
#[derive(Clone, Debug)]
pub struct Whr {
    /// Each player's place in the arrays: the players in breadth-first order of the games
    /// ([`breadth_first`]), so that opponents' days lie near each other in memory; the sweeps
    /// go in this order.
    place: Vec<usize>,
    start: Vec<usize>,
    /// Each day's time, rating (natural-log units) and strength e^r (kept with the rating: the
    /// opponents' strengths are read far more often than a rating moves).
    /// The strengths are empty while a Newton step under way holds their room
    /// ([`Newton::step_part`]); [`Whr::strength`] reads them.
    time: Times,
    r: Vec<f64>,
    gamma: Vec<f64>,
    /// Each day's variance, once [`Whr::update_uncertainty`] has set it (empty before: 0).
    variance: Vec<f64>,
    played: Vec<u32>,
    opponent: Vec<u32>,
    score: Scores,
    /// Each player's prior on their first day.
    first: Vec<FirstDay>,
    /// Where the players' sections begin ([`separate`]), when they are.
    sections: Option<Sections>,
    w2: f64,
    /// The Wiener prior's links between a player's days ([`Times::links`]).
    links: Links,
    /// The sweeps' over-relaxation ([`Relax`]).
    relax: Relax,
    /// The whole-history Newton solver ([`Whr::newton`]), once it has stepped.
    solver: Option<Box<Newton>>,
    /// Whether the ratings start from an earlier fit's ([`Whr::warm_after`]): the Newton
    /// steps are then limited to [`Whr::WARM_STEP`].
    warm: bool,
}

/// Successive over-relaxation of the sweeps near the optimum. The sweep is block Gauss–Seidel,
/// which on long, loosely linked histories contracts slowly (by 0.995 a sweep on a
/// 100,000-game league without dates: 1,000 sweeps left a change of 5e-5 against the tolerance
/// 1e-10). Near the optimum the log-posterior is nearly quadratic with a negative definite
/// Hessian, where block SOR converges for any 0 < ω < 2, fastest near ω = 2 / (1 + √(1 − ρ))
/// for a Gauss–Seidel contraction ρ (Young's formula). Far from it the steps are not linear and
/// over-relaxing them diverges (ω ≥ 1.5 from the first sweep did), and on a quickly
/// contracting fit a large ω only oscillates (ω = 1.9 took the reference's two players 226
/// sweeps instead of 38). So the sweeps are the reference's until [`Relax::SPAN`] of them in a
/// row have steps below [`Relax::BELOW`]; their contraction then sets ω ([`Relax::after`]). The
/// optimum, and so the converged answer, is the same.
#[derive(Clone, Debug, Default)]
struct Relax {
    /// The largest steps of the last sweeps in a row below [`Relax::BELOW`] since ω was last
    /// chosen.
    calm: Vec<f64>,
    /// ω once chosen.
    omega: Option<f64>,
}

impl Relax {
    const BELOW: f64 = 0.05;
    const SPAN: usize = 10;
    /// The largest ω taken (2 does not converge).
    const MOST: f64 = 1.95;

    /// ω for the next sweep.
    fn omega(&self) -> f64 {
        self.omega.unwrap_or(1.0)
    }

    /// After a sweep whose largest step was `largest`. The first [`Relax::SPAN`] calm sweeps'
    /// contraction ρ sets ω by Young's formula; each further span's contraction λ under ω
    /// gives ρ again, by (λ + ω − 1)² = λ ω² ρ (SOR's eigenvalues on a consistently ordered
    /// system), and ω only grows: the contraction of the first calm sweeps understates the
    /// later one (0.965 a sweep then, 0.995 later on the league above).
    fn after(&mut self, largest: f64) {
        if largest < Relax::BELOW && largest.is_finite() {
            self.calm.push(largest);
        } else {
            self.calm.clear();
        }
        let (&[first, .., last], true) = (&self.calm[..], self.calm.len() > Relax::SPAN) else { return };
        self.calm.clear();
        self.calm.push(last);
        let lambda = (last / first).powf(1.0 / Relax::SPAN as f64);
        let omega = self.omega();
        if !(lambda < 1.0 && lambda > omega - 1.0) {
            // Not contracting, or oscillating (ω past its best): ω stays.
            return;
        }
        let rho = (lambda + omega - 1.0).powi(2) / (lambda * omega * omega);
        let young = 2.0 / (1.0 + (1.0 - rho.min(1.0)).sqrt());
        self.omega = Some(young.clamp(omega, Relax::MOST));
    }
}

/// A player's rating on a day they played: Elo (0 = the virtual opponent) and its variance
/// (natural-log units², as the reference prints it ×100).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DayRating {
    pub time: i64,
    pub elo: f64,
    pub variance: f64,
}

/// One player's tridiagonal system: the Hessian's diagonal `h` and super-diagonal `up`, the
/// gradient `g`, and room for the pivots; sized once for the longest history.
struct Scratch {
    h: Vec<f64>,
    up: Vec<f64>,
    g: Vec<f64>,
    pivot: Vec<f64>,
}

impl Scratch {
    fn new(n: usize) -> Scratch {
        Scratch { h: vec![0.0; n], up: vec![0.0; n], g: vec![0.0; n], pivot: vec![0.0; n] }
    }
}

/// Each player's place in breadth-first order of the game graph (each part from its first
/// player): opponents get places near each other, and so do their days, which a sweep reads
/// (on 2,000,000 player-days in the order of the input, nearly every game's opponent was a
/// cache miss).
///
/// Then, when it is worth it, the second half is ordered as two sections ([`separate`]), and
/// where those begin is returned with the places.
fn breadth_first(data: &Periods) -> (Vec<usize>, Option<Sections>) {
    let n = data.players;
    let mut start = vec![0usize; n + 1];
    let games = || data.iter().flat_map(|(_, list)| list.iter());
    for g in games() {
        start[g.first() + 1] += 1;
        start[g.second() + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut at = start.clone();
    let mut next = vec![0usize; start[n]];
    for g in games() {
        for (a, b) in [(g.first(), g.second()), (g.second(), g.first())] {
            next[at[a]] = b;
            at[a] += 1;
        }
    }
    let mut place = vec![usize::MAX; n];
    let mut queue = Vec::with_capacity(n);
    for root in 0..n {
        if place[root] != usize::MAX {
            continue;
        }
        place[root] = queue.len();
        queue.push(root);
        let mut k = queue.len() - 1;
        while k < queue.len() {
            let i = queue[k];
            for &j in &next[start[i]..start[i + 1]] {
                if place[j] == usize::MAX {
                    place[j] = queue.len();
                    queue.push(j);
                }
            }
            k += 1;
        }
    }
    separate(place, &start, &next)
}

/// Where the players' sections begin: the second half's players who never met the first
/// half, from `.0`, and those who did (the separator), from `.1`. The first half, `0..s.0`, and
/// the second's first section play no game against each other, so the preconditioner's sweeps
/// go through the two at once, each on its own thread, then through the separator
/// ([`newton::History::sections`]), with the same bits as one sweep in this order.
pub(crate) type Sections = (usize, usize);

/// The first half of `place` (breadth-first places) as it is; then the second half's
/// players who never met the first half, then those who did, each in the order they had. Only
/// when the separator holds at most an eighth of the players, as on a league whose players
/// meet their own level (breadth-first order then spreads along the field, and the two halves
/// meet at its front alone), and the league is large enough for two threads to pay.
fn separate(mut place: Vec<usize>, start: &[usize], next: &[usize]) -> (Vec<usize>, Option<Sections>) {
    let n = place.len();
    if n < 2 || start[n] < crate::threads::LARGE {
        return (place, None);
    }
    let half = n / 2;
    let met = |i: usize| place[i] >= half && next[start[i]..start[i + 1]].iter().any(|&j| place[j] < half);
    let separator: Vec<bool> = (0..n).map(met).collect();
    let count = separator.iter().filter(|&&s| s).count();
    if count > n / 8 {
        return (place, None);
    }
    let mut by_place = vec![0usize; n];
    for (i, &p) in place.iter().enumerate() {
        by_place[p] = i;
    }
    let (mut inner, mut outer) = (half, n - count);
    for &i in &by_place[half..] {
        let to = if separator[i] { &mut outer } else { &mut inner };
        place[i] = *to;
        *to += 1;
    }
    (place, Some((half, n - count)))
}

/// An index into the day or game arrays, which hold them as `u32` (half the memory of `usize`).
fn index(n: usize, what: &str) -> Result<u32, RateError> {
    u32::try_from(n).map_err(|_| RateError::InvalidData {
        item: format!("{n} {what}"),
        problem: "too many for Whole-History Rating".into(),
        expected: "at most 4,294,967,295".into(),
    })
}

impl Whr {
    /// The most a Newton step from a warm start moves a day's rating (natural-log units,
    /// about 700 Elo; [`Newton::limit`]).
    const WARM_STEP: f64 = 4.0;

    /// The players' days from the periods (a period is a day; periods of one time share a
    /// day), every rating 0: the days counted, then each day's games counted, then placed in
    /// the order of the periods.
    pub fn new(data: &Periods, p: &WhrParams) -> Result<Whr, RateError> {
        p.validate()?;
        let (place, sections) = breadth_first(data);
        let games = || data.iter().flat_map(|(t, list)| list.iter().flat_map(|g| [(*t, place[g.first()]), (*t, place[g.second()])]));
        // Each player's days, counted.
        let mut last: Vec<Option<i64>> = vec![None; data.players];
        let mut start = vec![0usize; data.players + 1];
        for (t, i) in games() {
            if last[i] != Some(t) {
                last[i] = Some(t);
                start[i + 1] += 1;
            }
        }
        for i in 0..data.players {
            start[i + 1] += start[i];
        }
        let days = start[data.players];
        index(days, "player-days")?;
        // Each day's time and number of games; `at[i]` is player i's current day.
        let mut time = vec![0i64; days];
        let mut played = vec![0u32; days + 1];
        let mut at: Vec<usize> = start[..data.players].to_vec();
        last.fill(None);
        let mut entries = 0usize;
        for (t, i) in games() {
            if last[i].is_some_and(|l| l != t) {
                at[i] += 1;
            }
            last[i] = Some(t);
            time[at[i]] = t;
            played[at[i] + 1] += 1;
            entries += 1;
        }
        index(entries, "games of players")?;
        for d in 0..days {
            played[d + 1] += played[d];
        }
        let (opponent, score) = Whr::place(data, &place, &start, &played);
        let score = Scores::of(score);
        let time = Times::of(time);
        let w2 = p.w2 * PER_ELO * PER_ELO;
        let links = time.links(&start, w2);
        let first = vec![FirstDay::Virtual { centre: 0.0 }; data.players];
        let (r, gamma) = (vec![0.0; days], vec![1.0; days]);
        Ok(Whr {
            place,
            start,
            time,
            r,
            gamma,
            variance: Vec::new(),
            played,
            opponent,
            score,
            first,
            sections,
            w2,
            links,
            relax: Relax::default(),
            solver: None,
            warm: false,
        })
    }

    /// Each day's games, in the order of the periods: the opponent's day and the score.
    fn place(data: &Periods, place: &[usize], start: &[usize], played: &[u32]) -> (Vec<u32>, Vec<f64>) {
        let entries = played.last().map_or(0, |&e| e as usize);
        let (mut opponent, mut score) = (vec![0u32; entries], vec![0.0; entries]);
        let mut last: Vec<Option<i64>> = vec![None; data.players];
        let mut at: Vec<usize> = start[..data.players].to_vec();
        let mut cursor: Vec<u32> = played[..played.len() - 1].to_vec();
        let mut day_of = |i: usize, t: i64| {
            if last[i].is_some_and(|l| l != t) {
                at[i] += 1;
            }
            last[i] = Some(t);
            at[i]
        };
        for (t, list) in data.iter() {
            for g in list {
                let (first, second, s) = (g.first(), g.second(), g.score);
                let (a, b) = (day_of(place[first], *t), day_of(place[second], *t));
                for (d, o, s) in [(a, b, s), (b, a, 1.0 - s)] {
                    let k = cursor[d] as usize;
                    // (Both below 2³²: `new` checked the days and the games.)
                    (opponent[k], score[k]) = (o as u32, s);
                    cursor[d] += 1;
                }
            }
        }
        (opponent, score)
    }

    /// Player `i`'s first day held by a player list's `rating` (Elo, shown as the ratings are:
    /// `anchor` is the reference's 0): with a `deviation` (Elo), a normal prior of that mean and
    /// deviation, the Bayesian prior the method's model has room for; without, the
    /// reference's virtual win and loss, against a player of that rating instead of 0. The
    /// player's days start there.
    pub fn listed(&mut self, i: usize, rating: f64, deviation: Option<f64>, anchor: f64) {
        self.ratings_to_change();
        let i = self.place[i];
        let mean = (rating - anchor) * PER_ELO;
        self.first[i] = match deviation {
            Some(d) => FirstDay::Normal { mean, variance: (d * PER_ELO).powi(2) },
            None => FirstDay::Virtual { centre: mean },
        };
        for d in self.start[i]..self.start[i + 1] {
            self.r[d] = mean;
            self.gamma[d] = mean.exp();
        }
    }

    /// Each player's (time, rating) on each day, players in their dataset order, ratings in
    /// natural-log units: what a fit of the same players' longer history starts from
    /// ([`Whr::warm_after`]).
    pub fn timed(&self) -> Timed {
        let mut timed = Timed::default();
        for &q in &self.place {
            timed.push_player((self.start[q]..self.start[q + 1]).map(|d| (self.time.get(d), self.r[d])));
        }
        timed
    }

    /// Starts each player's day at the rating `earlier` ([`Whr::timed`] of an earlier part of
    /// this history) holds for that player at that time; the other days (the player's days
    /// after it, a player new to it) keep the start [`Whr::new`] and [`Whr::listed`] gave
    /// them. Any start leads to the same optimum (the log-posterior is strictly concave, and
    /// each Newton step raises it): this one only takes fewer steps there. Whether any day
    /// took a rating.
    pub fn warm_after(&mut self, earlier: &Timed) -> bool {
        self.ratings_to_change();
        let mut taken = false;
        for (i, &q) in self.place.iter().enumerate() {
            let old = earlier.player(i);
            // Both in time order: one pass over the two.
            let mut k = 0;
            for d in self.start[q]..self.start[q + 1] {
                while k < old.len() && old[k].0 < self.time.get(d) {
                    k += 1;
                }
                if let Some(&(_, r)) = old.get(k).filter(|(t, r)| *t == self.time.get(d) && r.is_finite()) {
                    (self.r[d], self.gamma[d]) = (r, r.exp());
                    taken = true;
                }
            }
        }
        self.warm = taken;
        taken
    }

    /// Newton steps on the whole history ([`Whr::newton`]) until no rating moves by more than
    /// the tolerance (or the most steps), then the uncertainties; the number of steps.
    pub fn fit(&mut self, p: &WhrParams) -> Result<usize, RateError> {
        for step in 1..=p.max_sweeps {
            if self.newton()?.change <= p.tolerance {
                self.update_uncertainty();
                return Ok(step);
            }
        }
        self.update_uncertainty();
        Ok(p.max_sweeps)
    }

    /// The reference's iteration ([`Whr::sweep`]) until no rating moves by more than the
    /// tolerance (or the most sweeps), then the uncertainties; the number of sweeps. What
    /// [`Whr::fit`] did before the whole-history Newton steps, kept to check them against.
    pub fn fit_by_sweeps(&mut self, p: &WhrParams) -> Result<usize, RateError> {
        for sweep in 1..=p.max_sweeps {
            if self.sweep()? <= p.tolerance {
                self.update_uncertainty();
                return Ok(sweep);
            }
        }
        self.update_uncertainty();
        Ok(p.max_sweeps)
    }

    /// One Newton step on every day of every player at once ([`newton`]: conjugate gradients
    /// on the whole Hessian, a line search that raises the log-posterior): the largest change
    /// of a day's rating, the gradient before the step and the inner iterations.
    pub fn newton(&mut self) -> Result<Stepped, RateError> {
        self.newton_part(usize::MAX).map(|s| s.expect("a step given every iteration it needs ends"))
    }

    /// [`Whr::newton`] a part at a time, at most `budget` conjugate-gradient iterations a
    /// call: `None` while the step is under way ([`Newton::step_part`]; the ratings are those
    /// before it until it ends).
    pub fn newton_part(&mut self, budget: usize) -> Result<Option<Stepped>, RateError> {
        let h = History {
            start: &self.start,
            played: &self.played,
            opponent: &self.opponent,
            score: &self.score,
            first: &self.first,
            time: &self.time,
            by_day: self.links.by_day(),
            by_gap: self.links.by_gap(),
            sections: self.sections,
        };
        let warm = self.warm;
        let solver = self.solver.get_or_insert_with(|| {
            let mut solver = Box::new(Newton::new(&h));
            if warm {
                solver.limit(Whr::WARM_STEP);
            }
            solver
        });
        let Some(stepped) = solver.step_part(&h, &mut self.r, &mut self.gamma, budget) else { return Ok(None) };
        if let Some(d) = (0..self.r.len()).find(|&d| !self.r[d].is_finite() || self.r[d].abs() > 650.0) {
            let i = self.start.partition_point(|&s| s <= d) - 1;
            return Err(self.diverged(i, d));
        }
        Ok(Some(stepped))
    }

    /// The conjugate-gradient iterations of the Newton step under way, if one is.
    pub fn partway(&self) -> Option<usize> {
        self.solver.as_ref().and_then(|s| s.partway())
    }

    /// The error of a rating that ran away: player `i` (in the sweeps' order) on day `d`.
    fn diverged(&self, i: usize, d: usize) -> RateError {
        // As the reference: a rating beyond e^650 has run away (the games alone cannot fix
        // it, e.g. one player winning everything with no days in between).
        RateError::Unstable(format!(
            "Whole-History Rating diverged: player {} reached {} natural-log units at period {}",
            self.place.iter().position(|&q| q == i).unwrap_or(i) + 1,
            crate::error::number(self.r[d]),
            self.time.get(d)
        ))
    }

    /// The number of players.
    fn players(&self) -> usize {
        self.start.len() - 1
    }

    /// The most days any player has.
    fn longest(&self) -> usize {
        newton::longest(&self.start)
    }

    /// One Newton step on each player in turn, with the others' latest ratings (over-relaxed
    /// near the optimum: [`Relax`]); the largest Newton step.
    pub fn sweep(&mut self) -> Result<f64, RateError> {
        let mut largest = 0.0f64;
        let mut s = Scratch::new(self.longest());
        let omega = self.relax.omega();
        self.ratings_to_change();
        for i in 0..self.players() {
            let days = self.start[i]..self.start[i + 1];
            let n = days.len();
            if n == 0 {
                continue;
            }
            self.player_step(i, &mut s);
            for (d, x) in days.clone().zip(&s.g[..n]) {
                self.r[d] -= omega * x;
                self.gamma[d] = self.r[d].exp();
                largest = largest.max(x.abs());
            }
            if let Some(d) = days.into_iter().find(|&d| !self.r[d].is_finite() || self.r[d].abs() > 650.0) {
                return Err(self.diverged(i, d));
            }
        }
        self.relax.after(largest);
        Ok(largest)
    }

    /// Day `k` of player `i`: the derivatives of its games' log-likelihood (with the first
    /// day's prior: [`FirstDay`]) in r. The sums run in the reference's order: the games,
    /// then the first day's virtual win and loss.
    fn derivatives(&self, i: usize, k: usize) -> (f64, f64) {
        let day = self.start[i] + k;
        let (r, gamma) = (self.r[day], self.strength(day));
        let (mut first, mut second) = (0.0, 0.0);
        let mut add = |d: f64, s: f64| {
            first += s - gamma / (gamma + d);
            second += d / (gamma + d).powi(2);
        };
        let games = self.played[day] as usize..self.played[day + 1] as usize;
        for e in games {
            add(self.strength(self.opponent[e] as usize), self.score.get(e));
        }
        let mut prior = (0.0, 0.0);
        match self.first[i] {
            _ if k > 0 => {}
            FirstDay::Virtual { centre } => {
                add(centre.exp(), 1.0);
                add(centre.exp(), 0.0);
            }
            FirstDay::Normal { mean, variance } => prior = (-(r - mean) / variance, -1.0 / variance),
        }
        (first + prior.0, -gamma * second + prior.1)
    }

    /// The prior's variance between day `k` and day `k + 1` of player `i`.
    fn sigma2(&self, i: usize, k: usize) -> f64 {
        let d = self.start[i] + k;
        self.time.gap(d) as f64 * self.w2
    }

    /// The Hessian's diagonal and super-diagonal (with the reference's −0.001) and the
    /// gradient of player `i`'s log-posterior, into `s`'s first days.
    fn system(&self, i: usize, s: &mut Scratch) {
        let n = self.start[i + 1] - self.start[i];
        for k in 0..n {
            let (d1, d2) = self.derivatives(i, k);
            let r = self.r[self.start[i] + k];
            s.h[k] = d2 - 0.001;
            s.g[k] = d1;
            if k + 1 < n {
                let s2 = self.sigma2(i, k);
                s.h[k] -= 1.0 / s2;
                s.up[k] = 1.0 / s2;
                s.g[k] -= (r - self.r[self.start[i] + k + 1]) / s2;
            }
            if k > 0 {
                let s2 = self.sigma2(i, k - 1);
                s.h[k] -= 1.0 / s2;
                s.g[k] -= (r - self.r[self.start[i] + k - 1]) / s2;
            }
        }
    }

    /// Player `i`'s Newton step x (r ← r − x), left in `s.g`: one day by 1-D Newton, more by
    /// the tridiagonal solve of H x = g (Thomas's algorithm, in place).
    fn player_step(&self, i: usize, s: &mut Scratch) {
        match self.start[i + 1] - self.start[i] {
            0 => {}
            1 => {
                let (d1, d2) = self.derivatives(i, 0);
                s.g[0] = d1 / d2;
            }
            n => {
                self.system(i, s);
                // Forward elimination (the sub-diagonal equals the super-diagonal): the pivots,
                // and g becomes y; then the back solve turns y into x.
                let Scratch { h, up, g, pivot } = s;
                pivot[0] = h[0];
                for k in 1..n {
                    let a = up[k - 1] / pivot[k - 1];
                    pivot[k] = h[k] - a * up[k - 1];
                    g[k] -= a * g[k - 1];
                }
                g[n - 1] /= pivot[n - 1];
                for k in (0..n - 1).rev() {
                    g[k] = (g[k] - up[k] * g[k + 1]) / pivot[k];
                }
            }
        }
    }

    /// Each day's variance ([`Whr::variances`]), then everything let go of but what a
    /// history reads (each player's days, their times and ratings): for a caller done with
    /// the fit, which can no longer step. A finished run's rating holds its histories and
    /// rows; the games' arrays, the strengths and the priors beside them were its peak. (Not
    /// public: a `Whr` after it would fail to step, which only [`WhrFit::into_rating`], which
    /// consumes its fit, can rule out.)
    fn variances_letting_go(&mut self) -> Vec<f64> {
        self.solver = None;
        let variance = self.variances();
        self.played = Vec::new();
        self.opponent = Vec::new();
        self.score = Scores::Plain(Vec::new());
        self.gamma = Vec::new();
        self.first = Vec::new();
        variance
    }

    /// Before the ratings are changed from outside a Newton step (a player list, a warm
    /// start, a sweep): the strengths back in `gamma`, and the solver told to forget its
    /// log-posterior and any step under way.
    fn ratings_to_change(&mut self) {
        self.strengths_back();
        if let Some(s) = &mut self.solver {
            s.moved();
        }
    }

    /// γ = eʳ made anew in `gamma` where a Newton step under way holds its room
    /// ([`Newton::give_back`]; the step is dropped, the ratings being its start's): for a
    /// caller about to change the ratings or done stepping.
    fn strengths_back(&mut self) {
        if self.gamma.len() == self.r.len() {
            return;
        }
        let mut room = self.solver.as_mut().map(|s| s.give_back()).unwrap_or_default();
        room.clear();
        room.extend(self.r.iter().map(|r| r.exp()));
        self.gamma = room;
    }

    /// Day `d`'s strength γ = eʳ: kept, or, while a Newton step under way holds the
    /// strengths' room, made from the rating (the same bits).
    #[inline]
    fn strength(&self, d: usize) -> f64 {
        self.gamma.get(d).copied().unwrap_or_else(|| self.r[d].exp())
    }

    /// Each day's variance: the diagonal of −H⁻¹ (H with the −0.001, as the reference).
    pub fn update_uncertainty(&mut self) {
        self.variance = self.variances();
    }

    /// Each day's variance, as [`Whr::update_uncertainty`] sets it.
    fn variances(&self) -> Vec<f64> {
        let mut variance = vec![0.0; self.r.len()];
        let mut s = Scratch::new(self.longest());
        let mut e = vec![0.0; self.longest()];
        for i in 0..self.players() {
            let n = self.start[i + 1] - self.start[i];
            if n == 0 {
                continue;
            }
            self.system(i, &mut s);
            let Scratch { h, up, pivot: d, .. } = &mut s;
            // Forward pivots d and backward pivots e of the tridiagonal H.
            d[0] = h[0];
            for k in 1..n {
                d[k] = h[k] - up[k - 1] * up[k - 1] / d[k - 1];
            }
            e[n - 1] = h[n - 1];
            for k in (0..n - 1).rev() {
                e[k] = h[k] - up[k] * up[k] / e[k + 1];
            }
            for k in 0..n {
                // (H⁻¹)_kk = 1 / (d_k + e_k − h_k).
                variance[self.start[i] + k] = -1.0 / (d[k] + e[k] - h[k]);
            }
        }
        variance
    }

    /// The largest component of the log-posterior's gradient (without the damping): zero at
    /// the fit's optimum.
    pub fn gradient_norm(&self) -> f64 {
        let mut s = Scratch::new(self.longest());
        let mut m = 0.0f64;
        for i in 0..self.players() {
            self.system(i, &mut s);
            m = s.g[..self.start[i + 1] - self.start[i]].iter().fold(m, |m, g| m.max(g.abs()));
        }
        m
    }

    /// Player `i`'s rating on each day they played.
    pub fn history(&self, i: usize) -> Vec<DayRating> {
        self.history_with(i, &self.variance)
    }

    /// Player `i`'s rating on each day they played, with the days' `variance` (0 where it is
    /// empty).
    fn history_with(&self, i: usize, variance: &[f64]) -> Vec<DayRating> {
        let i = self.place[i];
        (self.start[i]..self.start[i + 1])
            .map(|d| DayRating { time: self.time.get(d), elo: self.r[d] / PER_ELO, variance: variance.get(d).copied().unwrap_or(0.0) })
            .collect()
    }
}

/// Whole-History Rating, a Newton step on the whole history a step ([`Whr::newton`]).
pub struct WhrFit<'d> {
    roster: Roster<'d>,
    params: WhrParams,
    whr: Whr,
    basis: PeriodBasis,
    /// How the periods were made, when it needs saying.
    note: Option<PeriodNote>,
    steps: Steps,
    failed: Option<RateError>,
    /// Each period's time and the games up to its end (a day's place in the history).
    through: Vec<(i64, usize)>,
}

impl<'d> WhrFit<'d> {
    /// A day of a player's history as a point of it: after `game` games, at the day's time,
    /// with its posterior standard deviation in Elo points.
    fn point(&self, game: usize, d: &DayRating) -> HistoryPoint {
        let deviation = Some(d.variance.max(0.0).sqrt() / PER_ELO).filter(|v| v.is_finite());
        HistoryPoint::new(game, self.params.anchor + d.elo, Some(d.time), deviation)
    }

    /// The fit on `data`, whose `players` it keeps (see [`MethodSpec::start_apart`]).
    pub fn new(data: &Dataset, players: &'d [Player], p: &WhrParams) -> Result<WhrFit<'d>, RateError> {
        let (periods, basis, notes) = Periods::by_day(data);
        let note = notes.into_iter().next();
        if periods.is_empty() {
            return Err(RateError::NoGames);
        }
        let mut through = Vec::with_capacity(periods.len());
        let mut games = 0;
        for (time, list) in periods.iter() {
            games += list.len();
            through.push((*time, games));
        }
        let mut whr = Whr::new(&periods, p)?;
        for (i, player) in data.players.iter().enumerate() {
            if let Some(l) = player.listed().filter(|l| l.rating.is_finite()) {
                whr.listed(i, l.rating, l.sigma.filter(|d| d.is_finite() && *d > 0.0), p.anchor);
            }
        }
        // "No rating moves by more than" the tolerance: a sweep at it has converged.
        let steps = Steps::new(None).until(Stopping::at_most(Quantity::Change, p.tolerance, p.max_sweeps));
        Ok(WhrFit { roster: Roster::of(data, players), params: p.clone(), whr, basis, note, steps, failed: None, through })
    }
}

impl Stepper for WhrFit<'_> {
    /// One Newton step on the whole history; a rating that runs away ends the fit with its
    /// error.
    fn advance(&mut self) -> Advance {
        let stepped = self.whr.newton();
        self.took(stepped.map(Some)).expect("a whole step")
    }

    /// The Newton step a conjugate-gradient iteration at a time, asking `more()` between
    /// them: an iteration on a million games takes about 0.1 s, a step up to 260 of them.
    fn advance_part(&mut self, more: &mut dyn FnMut() -> bool) -> Option<Advance> {
        loop {
            let part = self.whr.newton_part(1);
            if !matches!(part, Ok(None)) {
                return self.took(part);
            }
            if !more() {
                return None;
            }
        }
    }

    fn steps(&self) -> &Steps {
        &self.steps
    }

    fn steps_mut(&mut self) -> &mut Steps {
        &mut self.steps
    }
}

impl WhrFit<'_> {
    /// What a Newton step (or its part) did, for the loop: `None` while it is under way.
    fn took(&mut self, part: Result<Option<Stepped>, RateError>) -> Option<Advance> {
        match part {
            Ok(s) => s.map(|s| Advance::Took(Taken::new(s.change, s.gradient))),
            Err(e) => {
                self.failed = Some(e);
                Some(Advance::Stop(StopReason::NonFinite))
            }
        }
    }
}

impl Fit for WhrFit<'_> {
    fn partway(&self) -> Option<Partway> {
        self.whr.partway().map(|done| Partway { done, what: "conjugate-gradient iteration".into() })
    }

    fn measures(&self) -> Measures {
        Measures {
            step: "Newton step".into(),
            change: "largest change of a day's rating (natural-log units)".into(),
            residual: "largest component of the log-posterior's gradient before the step".into(),
            tolerance: Some((Quantity::Change, self.params.tolerance)),
            fits: crate::methods::fit::Fits::One,
        }
    }

    fn display(&self) -> Vec<Option<f64>> {
        (0..self.roster.len()).map(|i| self.whr.history(i).last().map(|d| self.params.anchor + d.elo)).collect()
    }

    fn timed_iterate(&self) -> Option<Timed> {
        Some(self.whr.timed())
    }

    fn warm_after(&mut self, earlier: &Timed) -> bool {
        self.steps.is_empty() && self.whr.warm_after(earlier)
    }

    /// [`Fit::finish`], with the Newton solver, the games' arrays and the strengths let go of
    /// first ([`Whr::variances_letting_go`]): held beside the histories and rows the rating
    /// makes, they were the run's peak.
    fn into_rating(mut self: Box<Self>) -> Result<Rating, RateError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let variance = self.whr.variances_letting_go();
        self.rating_with(&variance)
    }

    fn finish(&self) -> Result<Rating, RateError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        // The uncertainties of the fit as it stands, beside it (not a copy of it).
        self.rating_with(&self.whr.variances())
    }
}

impl WhrFit<'_> {
    /// The rating of the fit as it stands, each day with its `variance`.
    fn rating_with(&self, variance: &[f64]) -> Result<Rating, RateError> {
        let whr = &self.whr;
        let stop = self.steps.stop.unwrap_or(StopReason::Cancelled);
        let standings: Vec<Standing> = (0..self.roster.len())
            .map(|i| {
                let days = whr.history_with(i, variance);
                let last = days.last();
                Standing {
                    rating: last.map_or(0.0, |d| self.params.anchor + d.elo),
                    // The variance in natural-log units², as an Elo standard deviation.
                    deviation: last.map_or(0.0, |d| d.variance.max(0.0).sqrt() * 400.0 / std::f64::consts::LN_10),
                    volatility: None,
                    games: 0,
                    last: last.map(|d| d.time),
                }
            })
            .collect();
        let last = self.steps.trace.last().map_or(0.0, |r| r.change);
        let mut warnings: Vec<String> = stop_warning(stop, self.steps.len(), &self.measures(), last).into_iter().collect();
        warnings.extend(self.note.iter().map(PeriodNote::to_string));
        let method = Method::Whr(self.params.clone());
        let mut r =
            rating(&self.roster, &method, MethodVariant::WholeHistory { basis: self.basis }, &standings, stop, self.steps.len(), warnings)?;
        r.report.final_residual = last;
        // The whole history as fitted now: each day's rating, placed after that day's games.
        // Periods of one day share its time: the day ends with the last of them.
        let at = |time: i64| self.through.partition_point(|t| t.0 <= time).checked_sub(1).map_or(0, |k| self.through[k].1);
        for p in &mut r.players {
            let days = whr.history_with(p.index, variance);
            p.history = p.rating.map(|_| days.iter().map(|d| self.point(at(d.time), d)).collect());
        }
        Ok(r)
    }
}
