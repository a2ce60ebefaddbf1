//! The AGA rating system (P. Waldron, *The AGA Ratings System*, 2010; `methods.md` §3, whose
//! corrections to the paper are followed).
//!
//! Maximum a posteriori ratings: each player has a Gaussian prior `N(μ, σ)`, each game's
//! result is probit in the rating difference, `P(white wins) = ½ erfc(−RD/(σ_px √2))`,
//! `RD = r_white − r_black − d`, with the handicap equivalent `d` and spread `σ_px` of
//! [`handicap::handicap_equivalent`]. Ratings are on the dan/kyu scale (3.4 = a 3 dan, −5.2 =
//! a 5 kyu) with nothing in (−1, 1); the fit works on the continuous scale of
//! [`seed::to_continuous`] and maps back. [`fit`] maximises the posterior by Newton's method
//! and takes σ_i = √((H⁻¹)_ii) at the optimum.
//!
//! With [`AgaParams::by_event`] (the default) the run is the AGA's own: tournament by
//! tournament in date order, each player's prior their previous result.
//!
//! * **Events**: games are grouped by `event`; games without one by `date`; games with
//!   neither form one group. Groups run in order of their earliest date (undated groups
//!   first), ties in input order.
//! * **Priors**: a player's previous `(μ, σ)`, σ grown by eq. (32) for the days since their
//!   last event (`√(σ² + (0.0005 t)²)`). A player with a listed rating (a player list's
//!   `rating`, `sigma`, `date`) starts from it (σ from [`seed::seed_sigma`] when the list has
//!   none, no growth when it has no date; a listed rating inside (−1, 1), such as the AGA's 0
//!   for "unrated", is ignored with a warning). A new player is seeded from the rank they
//!   declared in their first game there ([`seed::rank_seed`]: `3d` → 3.5, `5k` → −5.5) with
//!   σ = [`seed::seed_sigma`]. A player with no usable rank and no listed rating gets
//!   μ = the mean prior μ of their opponents in that event (or of everyone in it, or 0 on
//!   the continuous scale = 1.0 if nobody has one) and σ = 6, with a warning.
//! * **Self-promotion** (§4.2), by the rank declared in the event against the previous μ,
//!   in stones on the continuous scale (`Δr`): `Δr ≥ 3` with at least one win at the new rank
//!   reseeds at the claimed rank; otherwise `Δr ≥ 1` applies eqs. (30)–(31) (after the time
//!   growth). Nobody is demoted by declaring a lower rank.
//! * Posterior σ are exact (a dense inverse per connected group) up to
//!   [`fit::DENSE_SIGMA_MAX`] connected players in one fit; beyond, `1/√H_ii`, with a warning.
//! * Prior σ are kept within [0.01, 6] (6 is the largest seed σ; 0.01 keeps the Hessian
//!   well conditioned).
//!
//! Without `by_event`, one fit over all games: listed ratings as they are (no time growth),
//! else the first declared rank, else the default above; no self-promotion.
//!
//! Games are left out (with a warning) for a handicap that is negative, fractional or not a
//! number, a komi that is not a number, the conditions BayRate refuses (handicap ≥ 2 with
//! `|komi| ≥ 10`, or handicap < 2 with komi ≤ −20), a score outside [0, 1], or a player on
//! both sides. Missing handicap or komi count as 0. A draw counts half a win each way.
//! Games and score in the output count the games rated.
//!
//! ```
//! use ratings_engine::{methods::aga::{rate, AgaParams}, Dataset};
//! let mut d = Dataset::new();
//! d.add_game("Anna", "Ben", 1.0).set_ranks(Some("2d".into()), Some("1k".into()));
//! d.add_game("Ben", "Anna", 0.0).set_ranks(Some("1k".into()), Some("2d".into()));
//! let r = rate(&d, &AgaParams::default()).unwrap();
//! assert_eq!(r.players[0].name, "Anna");
//! assert!(r.players.iter().all(|p| p.rating.unwrap().abs() >= 1.0));
//! ```

pub mod erfc;
pub mod fit;
pub mod handicap;
pub mod linalg;
mod params;
pub mod seed;

pub use fit::{FitGame, Newton, Seed};
pub use handicap::handicap_equivalent;
pub use params::AgaParams;
pub use seed::{decayed_sigma, from_continuous, label, promoted, rank_seed, seed_sigma, to_continuous};

use crate::diagnose::{Diagnosis, Status};
use crate::error::{check, RateError, MAX_ITER};
use crate::methods::cost::Passes;
use crate::methods::fit::{Advance, Fit, Measures, Quantity, Stepper, Steps, Taken};
use crate::methods::predictive::Model;
use crate::methods::ranking::{rank, Placing};
use crate::methods::rating::{IterationRecord, MethodVariant, PlayerRating, Rating, SolverReport, StopReason};
use crate::methods::spec::About;
use crate::methods::spec::MethodSpec;
use crate::methods::Options;
use crate::methods::{Method, MethodKind};
use crate::model::Dataset;
use std::collections::HashMap;

/// The largest prior σ (the seed curve's maximum).
pub const SIGMA_MAX: f64 = 6.0;
/// The smallest prior σ.
pub const SIGMA_MIN: f64 = 0.01;

impl MethodSpec for AgaParams {
    const ABOUT: About = About {
        title: "AGA ratings",
        label: "AGA (Go)",
        short: "AGA",
        about: "AGA (Go): the most probable ratings given each player's prior (declared rank or previous rating) and the games, with handicap and komi; shown on the dan/kyu scale with σ.",
        sequential: false,
        decimals: Some(2),
        axis: Some("rank (dan above 0, kyu below)"),
        // Measured on a million random games (docs/performance.md, *Evaluation's estimate*):
        // 7.9–9.4 replays in the worker, 10.8–10.9 natively.
        passes: Passes::flat(9.5, 11.0),
    };

    fn validate(&self) -> Result<(), RateError> {
        check(self.eps.is_finite() && self.eps > 0.0, "eps", self.eps, "a number > 0")?;
        check(self.max_iter >= 1, "max_iter", self.max_iter as f64, "at least 1")?;
        check(self.max_iter <= MAX_ITER, "max_iter", self.max_iter as f64, "at most 10000000")
    }

    fn start<'d>(&self, data: &'d Dataset, _options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
        Ok(Box::new(AgaFit::new(data, self)?))
    }

    fn model(&self, _rating: &Rating, _players: usize) -> Model {
        Model::Aga
    }
}

impl AgaParams {
    /// How the fit runs (`by_event` or `single_fit` in a rating's JSON).
    pub fn variant(&self) -> MethodVariant {
        MethodVariant::Aga { by_event: self.by_event }
    }
}

/// Rates `data` by the AGA system.
pub fn rate(data: &Dataset, params: &AgaParams) -> Result<Rating, RateError> {
    run(data, params, &mut |_| true)
}

/// As [`rate`], calling `progress` after each Newton iteration of each fit; it returns
/// `false` to cancel (the events rated so far are reported).
pub fn run(data: &Dataset, params: &AgaParams, progress: &mut dyn FnMut(&IterationRecord) -> bool) -> Result<Rating, RateError> {
    crate::methods::rate_with(data, &Method::Aga(params.clone()), &Default::default(), progress)
}

/// The AGA's run behind the [`Fit`] interface: event by event, a step is one Newton
/// iteration of the current event's fit (numbered through the whole run; `outer` numbers
/// the fit).
pub struct AgaFit<'d> {
    data: &'d Dataset,
    params: AgaParams,
    games: Vec<Usable>,
    groups: Vec<Group>,
    /// Per player: the rating after their latest fit (or their listed rating).
    state: Vec<Option<State>>,
    played: Vec<bool>,
    /// Per player: started at their opponents' mean, for want of a rank or rating.
    unseeded: Vec<bool>,
    warnings: Vec<String>,
    /// The fit under way: its group, its members (dataset indices) and Newton's state.
    current: Option<(usize, Vec<usize>, Newton)>,
    next_group: usize,
    steps: Steps,
    /// The last finished fit's own trace (what the report keeps).
    last_trace: Vec<IterationRecord>,
    iterations: usize,
    final_residual: f64,
    /// The first way a fit failed to converge, if one did.
    failed: Option<StopReason>,
    rated_groups: usize,
}

impl<'d> AgaFit<'d> {
    pub fn new(data: &'d Dataset, params: &AgaParams) -> Result<AgaFit<'d>, RateError> {
        params.validate()?;
        let mut warnings = Vec::new();
        let games = usable_games(data, &mut warnings);
        if games.is_empty() {
            return Err(RateError::NoGames);
        }
        let state = listed_states(data, &mut warnings);
        let groups = if params.by_event {
            events(data, &games, &mut warnings)
        } else {
            vec![Group { name: "all games".into(), day: None, games: (0..games.len()).collect() }]
        };
        let n = data.players.len();
        Ok(AgaFit {
            data,
            params: params.clone(),
            games,
            groups,
            state,
            played: vec![false; n],
            unseeded: vec![false; n],
            warnings,
            current: None,
            next_group: 0,
            steps: Steps::default(),
            last_trace: Vec::new(),
            iterations: 0,
            final_residual: 0.0,
            failed: None,
            rated_groups: 0,
        })
    }

    /// Sets up the next event's fit, or returns false when there is none.
    fn open_group(&mut self) -> bool {
        let Some(group) = self.groups.get(self.next_group) else { return false };
        let (members, seeds, fit_games) = setup(&self.games, group, &self.state, self.params.by_event, &mut self.unseeded);
        let newton = Newton::new(seeds, fit_games, self.params.eps, self.params.max_iter);
        self.current = Some((self.next_group, members, newton));
        self.next_group += 1;
        true
    }

    /// Ends the current fit: its players' new ratings, and what to say about it.
    fn close_group(&mut self) {
        let Some((gi, members, newton)) = self.current.take() else { return };
        let priors = newton.priors().to_vec();
        let result = newton.outcome();
        let group = &self.groups[gi];
        self.iterations += result.iterations;
        self.final_residual = self.final_residual.max(result.gradient);
        if !matches!(result.stop, StopReason::Converged | StopReason::Cancelled) {
            self.failed.get_or_insert(result.stop);
            self.warnings.push(format!(
                "{}: the fit did not converge in {} Newton iterations (largest |gradient| {:.3e}, tolerance {:.1e}); its last iterate is used",
                group.name,
                result.iterations,
                result.gradient,
                self.params.eps
            ));
        }
        if !result.sigma_exact {
            self.warnings.push(format!(
                "{}: more than {} connected players or a singular Hessian: σ is approximated by 1/√H_ii (everyone else held fixed), which understates it",
                group.name,
                fit::DENSE_SIGMA_MAX
            ));
        }
        for (k, &p) in members.iter().enumerate() {
            let (x, s) = (result.x[k], result.sigma[k]);
            let (x, s) = if x.is_finite() && s.is_finite() && s > 0.0 { (x, s) } else { (priors[k].mean, priors[k].sigma) };
            let day = group.day.or(self.state[p].as_ref().and_then(|st| st.day));
            self.state[p] = Some(State { x, sigma: s.min(SIGMA_MAX), day });
            self.played[p] = true;
        }
        self.last_trace = result.trace;
        self.rated_groups += 1;
    }
}

impl Stepper for AgaFit<'_> {
    /// The next Newton iteration of the event under way, opening the next event when one is
    /// done; after the last, the run stops (converged, or as the first event that did not).
    /// The run itself has no tolerance or cap: each event's fit has its own ([`Newton`]).
    fn advance(&mut self) -> Advance {
        loop {
            if self.current.is_none() && !self.open_group() {
                return Advance::Stop(self.failed.unwrap_or(StopReason::Converged));
            }
            let (gi, _, newton) = self.current.as_mut().expect("a fit is open");
            if let Some(r) = newton.step() {
                return Advance::Took(Taken::new(r.change, r.residual).outer(Some(*gi + 1)));
            }
            self.close_group();
        }
    }

    fn steps(&self) -> &Steps {
        &self.steps
    }

    fn steps_mut(&mut self) -> &mut Steps {
        &mut self.steps
    }

    /// A cancel in the middle of an event: its fit ends there, and its players keep the
    /// current iterate (after the last event, none is under way).
    fn on_stop(&mut self) {
        if let Some((_, _, newton)) = &mut self.current {
            newton.steps.stop(StopReason::Cancelled);
        }
        self.close_group();
    }
}

impl Fit for AgaFit<'_> {
    fn measures(&self) -> Measures {
        Measures {
            step: "Newton step".into(),
            change: "largest rating step (stones)".into(),
            residual: "largest |gradient|".into(),
            tolerance: Some((Quantity::Residual, self.params.eps)),
            fits: crate::methods::fit::Fits::Apart,
        }
    }

    fn display(&self) -> Vec<Option<f64>> {
        // Players rated so far, at their latest rating; the others at their listed rating, as
        // the final table shows them.
        let listed = |i: usize| self.data.players[i].listed().map(|l| l.rating).filter(|r| r.is_finite() && r.abs() >= 1.0);
        let mut out: Vec<Option<f64>> = (0..self.data.players.len())
            .map(|i| if self.played[i] { self.state[i].map(|s| from_continuous(s.x)) } else { listed(i) })
            .collect();
        if let Some((_, members, newton)) = &self.current {
            for (k, &p) in members.iter().enumerate() {
                out[p] = Some(from_continuous(newton.x[k])).filter(|v| v.is_finite());
            }
        }
        out
    }

    fn finish(&self) -> Result<Rating, RateError> {
        let stop = self.steps.stop.unwrap_or(StopReason::Cancelled);
        let mut warnings = self.warnings.clone();
        if stop == StopReason::Cancelled {
            warnings.push(format!("stopped after {} of {} fits, before finishing", self.rated_groups, self.groups.len()));
        }
        let unseeded: Vec<&str> =
            (0..self.unseeded.len()).filter(|&i| self.unseeded[i]).map(|i| self.data.players[i].name.as_str()).collect();
        if !unseeded.is_empty() {
            warnings.push(format!(
                "{} with no declared rank or listed rating, started at their opponents' mean with σ = 6: {}",
                crate::text::count(unseeded.len(), "player", "players"),
                crate::text::sorted_names_and_more(unseeded, SHOWN_NAMES)
            ));
        }
        Ok(Rating {
            method: MethodKind::Aga,
            variant: self.params.variant(),
            params: Method::Aga(self.params.clone()),
            players: output(self.data, &self.games, &self.state, &self.played),
            report: SolverReport {
                iterations: self.iterations,
                converged: stop == StopReason::Converged,
                stop,
                trace: self.last_trace.clone(),
                final_residual: self.final_residual,
                passes: None,
            },
            diagnosis: Diagnosis::default(),
            groups: 1,
            scale: None,
            warnings,
            accuracy: None,
            decided: None,
            fit: None,
            games: None,
        })
    }
}

/// The players' listed ratings, as the state the run starts from; listed ratings inside
/// (−1, 1) are no AGA ratings and are ignored with a warning.
fn listed_states(data: &Dataset, warnings: &mut Vec<String>) -> Vec<Option<State>> {
    let mut state: Vec<Option<State>> = vec![None; data.players.len()];
    let mut in_gap = Vec::new();
    for (i, p) in data.players.iter().enumerate() {
        let Some(l) = p.listed() else { continue };
        if !(l.rating.is_finite() && l.rating.abs() >= 1.0) {
            in_gap.push(p.name.clone());
            continue;
        }
        let sigma = l.sigma.filter(|s| s.is_finite() && *s > 0.0).unwrap_or_else(|| seed_sigma(l.rating));
        state[i] = Some(State { x: to_continuous(l.rating), sigma, day: l.date.as_deref().and_then(seed::day_number) });
    }
    if !in_gap.is_empty() {
        warnings.push(format!(
            "{} inside (−1, 1), which is no AGA rating (0 means unrated), ignored: {}",
            crate::text::count(in_gap.len(), "listed rating", "listed ratings"),
            names_list(&in_gap)
        ));
    }
    state
}

/// A player's rating between fits, on the continuous scale.
#[derive(Clone, Copy, Debug)]
struct State {
    x: f64,
    sigma: f64,
    /// Day number of the event it comes from.
    day: Option<i64>,
}

/// A game fit to rate.
struct Usable {
    index: usize,
    white: usize,
    black: usize,
    score: f64,
    d: f64,
    sigma_px: f64,
    /// The declared ranks' seeds.
    seeds: (Option<f64>, Option<f64>),
}

fn usable_games(data: &Dataset, warnings: &mut Vec<String>) -> Vec<Usable> {
    let mut out = Vec::with_capacity(data.games.len());
    let mut skipped: Vec<String> = Vec::new();
    let mut bad_ranks: Vec<String> = Vec::new();
    let mut bad_rank_count = 0;
    let n = data.players.len();
    for (index, g) in data.games.iter().enumerate() {
        let at = if g.line() > 0 { format!("line {}", g.line()) } else { format!("game {}", index + 1) };
        if g.first() >= n || g.second() >= n || g.first() == g.second() {
            skipped.push(format!("{at}: the same player (or no player) on both sides"));
            continue;
        }
        if !(g.score.is_finite() && (0.0..=1.0).contains(&g.score)) {
            skipped.push(format!("{at}: score {} is not in [0, 1]", g.score));
            continue;
        }
        let (d, sigma_px) = match handicap::checked(g.handicap(), g.komi()) {
            Ok(v) => v,
            Err(e) => {
                skipped.push(format!("{at}: {e}"));
                continue;
            }
        };
        let mut seed_of = |r: Option<&str>| {
            let r = r.map(str::trim).filter(|s| !s.is_empty())?;
            let s = rank_seed(r);
            if s.is_none() {
                bad_rank_count += 1;
                if bad_ranks.len() < 5 {
                    bad_ranks.push(format!("'{}' ({at})", crate::error::excerpt(r)));
                }
            }
            s
        };
        let ranks = g.ranks();
        let seeds = (seed_of(ranks.0), seed_of(ranks.1));
        out.push(Usable { index, white: g.first(), black: g.second(), score: g.score, d, sigma_px, seeds });
    }
    if !skipped.is_empty() {
        let shown: Vec<&str> = skipped.iter().take(10).map(String::as_str).collect();
        let more = if skipped.len() > 10 { format!("; and {} more", skipped.len() - 10) } else { String::new() };
        warnings.push(format!("{} left out: {}{more}", crate::text::count(skipped.len(), "game", "games"), shown.join("; ")));
    }
    if bad_rank_count > 0 {
        let more = if bad_rank_count > bad_ranks.len() { format!(" and {} more", bad_rank_count - bad_ranks.len()) } else { String::new() };
        warnings.push(format!(
            "{} such as 3d, 5k or 1p and {} ignored: {}{more}",
            crate::text::count(bad_rank_count, "declared rank is not a rank", "declared ranks are not ranks"),
            if bad_rank_count == 1 { "was" } else { "were" },
            bad_ranks.join(", ")
        ));
    }
    out
}

/// A set of games rated in one fit.
struct Group {
    name: String,
    day: Option<i64>,
    /// Indices into the usable games.
    games: Vec<usize>,
}

fn events(data: &Dataset, games: &[Usable], warnings: &mut Vec<String>) -> Vec<Group> {
    let mut index: HashMap<(u8, String), usize> = HashMap::new();
    let mut groups: Vec<Group> = Vec::new();
    let mut bad_dates = 0;
    for (k, u) in games.iter().enumerate() {
        let g = &data.games[u.index];
        let (key, name) = match (g.event(), g.date()) {
            // The group's name is what warnings call it: a short excerpt of a long one.
            (Some(e), _) => ((0, e.to_string()), crate::error::excerpt(e)),
            (None, Some(d)) => ((1, d.to_string()), format!("games of {}", crate::error::excerpt(d))),
            (None, None) => ((2, String::new()), "games without event or date".into()),
        };
        let day = g.date().and_then(seed::day_number);
        if g.date().is_some() && day.is_none() {
            bad_dates += 1;
        }
        let at = *index.entry(key).or_insert_with(|| {
            groups.push(Group { name, day: None, games: Vec::new() });
            groups.len() - 1
        });
        let grp = &mut groups[at];
        grp.games.push(k);
        grp.day = match (grp.day, day) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    if bad_dates > 0 {
        let dates = crate::text::count(bad_dates, "game date is", "game dates are");
        warnings.push(format!("{dates} not dates such as 2010-01-31: those games count as undated (no σ growth)"));
    }
    // Stable: undated first, then by date; ties keep input order.
    crate::sort::by_key(&mut groups, |g| g.day.map_or((0, 0), |d| (1, d)));
    groups
}

/// One event's players (dataset indices), what each declared there, and its games in
/// local indices.
struct Roster {
    members: Vec<usize>,
    /// Per member: the declared rank's seed (the first usable one) and wins at that rank.
    claimed: Vec<Option<f64>>,
    wins: Vec<u32>,
    games: Vec<FitGame>,
}

impl Roster {
    fn new(games: &[Usable], group: &Group) -> Roster {
        let mut local: HashMap<usize, usize> = HashMap::new();
        let mut r = Roster { members: Vec::new(), claimed: Vec::new(), wins: Vec::new(), games: Vec::with_capacity(group.games.len()) };
        for &k in &group.games {
            let u = &games[k];
            let (w, b) = (r.local(&mut local, u.white), r.local(&mut local, u.black));
            for (i, seed, won) in [(w, u.seeds.0, u.score == 1.0), (b, u.seeds.1, u.score == 0.0)] {
                if r.claimed[i].is_none() {
                    r.claimed[i] = seed;
                }
                if won && seed.is_some() && seed == r.claimed[i] {
                    r.wins[i] += 1;
                }
            }
            r.games.push(FitGame { white: w, black: b, score: u.score, d: u.d, sigma_px: u.sigma_px });
        }
        r
    }

    /// The local index of player `p`, added if new.
    fn local(&mut self, index: &mut HashMap<usize, usize>, p: usize) -> usize {
        *index.entry(p).or_insert_with(|| {
            self.members.push(p);
            self.claimed.push(None);
            self.wins.push(0);
            self.members.len() - 1
        })
    }
}

/// A member's prior from their previous rating (grown with time, and promoted by a higher
/// declared rank) or from their declared rank; `None` with neither.
fn prior(state: Option<State>, claim: Option<f64>, wins: u32, day: Option<i64>, by_event: bool) -> Option<Seed> {
    let prior = match (state, claim) {
        (Some(st), claim) => {
            let mut sigma = st.sigma;
            if let (true, Some(now), Some(then)) = (by_event, day, st.day) {
                sigma = decayed_sigma(sigma, (now - then) as f64);
            }
            let mut s = Seed { mean: st.x, sigma };
            if let (true, Some(c)) = (by_event, claim) {
                let delta = to_continuous(c) - st.x;
                if delta >= 3.0 && wins > 0 {
                    s = Seed { mean: to_continuous(c), sigma: seed_sigma(c) };
                } else if delta >= 1.0 {
                    let (mean, sigma) = promoted(s.mean, s.sigma, delta);
                    s = Seed { mean, sigma };
                }
            }
            Some(s)
        }
        (None, Some(c)) => Some(Seed { mean: to_continuous(c), sigma: seed_sigma(c) }),
        (None, None) => None,
    };
    prior.map(|s| Seed { mean: s.mean, sigma: s.sigma.clamp(SIGMA_MIN, SIGMA_MAX) })
}

/// Priors for the members with none: their opponents' mean prior (or everyone's, or 0), σ = 6.
fn fill_unseeded(priors: &mut [Option<Seed>], games: &[FitGame]) -> Vec<usize> {
    let known: Vec<f64> = priors.iter().flatten().map(|s| s.mean).collect();
    let everyone = if known.is_empty() { 0.0 } else { known.iter().sum::<f64>() / known.len() as f64 };
    let mut opp: Vec<(f64, u32)> = vec![(0.0, 0); priors.len()];
    for g in games {
        for (me, other) in [(g.white, g.black), (g.black, g.white)] {
            if let Some(s) = priors[other] {
                opp[me].0 += s.mean;
                opp[me].1 += 1;
            }
        }
    }
    let mut filled = Vec::new();
    for i in 0..priors.len() {
        if priors[i].is_none() {
            let mean = if opp[i].1 > 0 { opp[i].0 / opp[i].1 as f64 } else { everyone };
            priors[i] = Some(Seed { mean, sigma: SIGMA_MAX });
            filled.push(i);
        }
    }
    filled
}

/// The players of a group, their priors and the games in local indices.
fn setup(
    games: &[Usable],
    group: &Group,
    state: &[Option<State>],
    by_event: bool,
    unseeded: &mut [bool],
) -> (Vec<usize>, Vec<Seed>, Vec<FitGame>) {
    let r = Roster::new(games, group);
    let mut priors: Vec<Option<Seed>> =
        r.members.iter().enumerate().map(|(i, &p)| prior(state[p], r.claimed[i], r.wins[i], group.day, by_event)).collect();
    for i in fill_unseeded(&mut priors, &r.games) {
        unseeded[r.members[i]] = true;
    }
    let seeds = priors.into_iter().map(|s| s.expect("every member has a prior")).collect();
    (r.members, seeds, r.games)
}

fn output(data: &Dataset, games: &[Usable], state: &[Option<State>], played: &[bool]) -> Vec<PlayerRating> {
    let n = data.players.len();
    let mut tally = vec![(0u32, 0.0f64); n];
    for u in games {
        tally[u.white].0 += 1;
        tally[u.white].1 += u.score;
        tally[u.black].0 += 1;
        tally[u.black].1 += 1.0 - u.score;
    }
    let rows: Vec<PlayerRating> = (0..n)
        .map(|i| {
            let p = &data.players[i];
            let (rating, sigma, status) = if played[i] {
                let st = state[i].expect("a rated player has a state");
                (Some(from_continuous(st.x)), Some(st.sigma), Status::Rated)
            } else {
                // Listed but without (rated) games: the list's rating, as given.
                let l = p.listed().filter(|l| l.rating.is_finite() && l.rating.abs() >= 1.0);
                (l.map(|l| l.rating), l.and_then(|l| l.sigma).filter(|s| s.is_finite() && *s > 0.0), Status::NoGames)
            };
            PlayerRating {
                deviation: None,
                volatility: None,
                name: p.name.clone(),
                index: i,
                id: p.id().map(str::to_string),
                rank: None,
                rating,
                log_strength: None,
                games: tally[i].0,
                score: tally[i].1,
                group: played[i].then_some(1),
                status,
                sigma,
                history: None,
                label: rating.map(label),
            }
        })
        .collect();
    // Best first; rated players before the others (those by their listed rating); equal ratings by name.
    rank(rows, |_, r| Placing { ranked: r.status == Status::Rated, shares: true, tier: (0, 0), value: r.rating })
}

/// Names a warning shows before "and N more".
const SHOWN_NAMES: usize = 10;

fn names_list(names: &[String]) -> String {
    crate::text::names_and_more(names, SHOWN_NAMES)
}
