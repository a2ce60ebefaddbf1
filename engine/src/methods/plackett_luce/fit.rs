//! Plackett–Luce behind the [`Fit`] interface ([`PlackettLuceFit`]): the MM iteration, one
//! pass over the places a step, and its ratings at an iterate on Brent's display scale.

use super::coarse;
use super::params::PlackettLuceParams;
use super::problem::{Problem, UNRATED};
use super::sweep::{expected, log_likelihood, Scratch};
use super::uncertainty;
use crate::diagnose::Status;
use crate::error::{check, RateError, MAX_ITER};
use crate::methods::brent::accelerated::{Anderson, ROUNDING};
use crate::methods::brent::coarse::Coarse;
use crate::methods::brent::EARLY_ERRORS;
use crate::methods::cost::Passes;
use crate::methods::fit::{groups_warning, stop_warning, Advance, Fit, Measures, Quantity, Stepper, Steps, Stopping, Taken};
use crate::methods::predictive::Model;
use crate::methods::ranking::{rank, Placing};
use crate::methods::rating::{MethodVariant, PlayerRating, Rating, ScaleReport, SolverReport, StopReason};
use crate::methods::spec::{About, MethodSpec};
use crate::methods::{Method, MethodKind, Options};
use crate::model::Dataset;
use crate::scale::{Offset, Scale};

impl MethodSpec for PlackettLuceParams {
    const ABOUT: About = About {
        title: "Plackett–Luce ratings",
        label: "Plackett–Luce",
        short: "Plackett–Luce",
        about: "Plackett–Luce: each place goes to one of the players left with chance x / Σx (ties: Davidson–Luce); maximum likelihood by Hunter's MM iteration.",
        sequential: false,
        decimals: None,
        axis: None,
        // Measured on a million random games, drawn ones Davidson–Luce ties (docs/performance.md,
        // *Evaluation's estimate*): 10.9–13.3 replays in the worker, 12.2–12.3 natively.
        passes: Passes::flat(13.5, 12.5),
    };

    fn validate(&self) -> Result<(), RateError> {
        check(self.sigma.is_finite() && self.sigma >= 0.0, "sigma", self.sigma, "a number ≥ 0")?;
        check(self.gamma.is_finite() && self.gamma >= 0.0, "gamma", self.gamma, "a number ≥ 0")?;
        check(self.delta.is_finite() && self.delta > 0.0, "delta", self.delta, "a tie parameter δ > 0")?;
        check(self.eps.is_finite() && self.eps > 0.0, "eps", self.eps, "a number > 0")?;
        check(self.max_iter >= 1, "max_iter", self.max_iter as f64, "at least 1")?;
        check(self.max_iter <= MAX_ITER, "max_iter", self.max_iter as f64, "at most 10000000")
    }

    fn start<'d>(&self, data: &'d Dataset, options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
        Ok(Box::new(PlackettLuceFit::new(data, self, &options.scale)?))
    }

    fn model(&self, _rating: &Rating, _players: usize) -> Model {
        // Two players' chances are Bradley–Terry's, as Brent's.
        Model::Logistic
    }
}

/// The MM iteration on `data`, ready to step, and what it needs to show its iterates.
pub struct PlackettLuceFit<'d> {
    pub problem: Problem,
    data: &'d Dataset,
    params: PlackettLuceParams,
    scale: Scale,
    /// Current strengths, per node (the dummy last).
    x: Vec<f64>,
    /// The expected wins of the current pass, and the pass's scratch.
    work: Vec<f64>,
    scratch: Scratch,
    steps: Steps,
    /// The current iterate's pass, and the iterate before it when it was an MM step.
    current: Option<Eval>,
    previous: Option<Eval>,
    passes: usize,
    /// The coarse correction along a chain of levels ([`coarse`]), planned at the first pass,
    /// and with it Anderson's mixing of the corrected map in place of SQUAREM.
    coarse: Option<Coarse>,
    planned: bool,
    anderson: Anderson,
}

impl<'d> PlackettLuceFit<'d> {
    pub fn new(data: &'d Dataset, params: &PlackettLuceParams, scale: &Scale) -> Result<PlackettLuceFit<'d>, RateError> {
        params.validate()?;
        if data.games.is_empty() && data.events.is_empty() {
            return Err(RateError::NoGames);
        }
        if let Some(Offset::Anchor { player, .. }) = &scale.offset {
            data.find(player).ok_or_else(|| RateError::UnknownAnchor(player.clone()))?;
        }
        let problem = Problem::new(data, params);
        let stop = problem.structure.groups.is_empty().then_some(StopReason::NothingToRate);
        let steps = Steps::new(stop).until(Stopping::below(Quantity::Change, params.eps, params.max_iter));
        let x = vec![1.0; problem.nodes];
        Ok(PlackettLuceFit {
            problem,
            data,
            params: params.clone(),
            scale: scale.clone(),
            x,
            work: Vec::new(),
            scratch: Scratch::default(),
            steps,
            current: None,
            previous: None,
            passes: 0,
            coarse: None,
            planned: false,
            anderson: Anderson::default(),
        })
    }

    /// The strengths of the current iterate, per node (the dummy last).
    pub fn strengths(&self) -> &[f64] {
        &self.x
    }

    /// The log-likelihood at the current iterate (what each step never lowers).
    pub fn log_likelihood(&self) -> f64 {
        log_likelihood(&self.problem, &self.x)
    }

    /// One pass at `x`: the log-likelihood (up to the constant of δ), the MM step's image
    /// `F(x)`, per node `(W_i + σ) / (E_i/x_i + σ/x_i)` with the dummy's games as their own
    /// terms, renormalised, and the largest `|W_i − E_i|` at `x`.
    fn eval(&mut self, x: Vec<f64>) -> Eval {
        self.passes += 1;
        let p = &self.problem;
        let denominators = expected(p, &x, &mut self.work, &mut self.scratch);
        if !self.planned {
            // The coarse Hessian at the starting strengths serves the whole run, as Brent's.
            self.planned = true;
            self.coarse = coarse::plan(p, &x);
            self.passes += usize::from(self.coarse.is_some());
        }
        let mut f = x.clone();
        let mut gradient = if self.coarse.is_some() { vec![0.0; p.nodes] } else { Vec::new() };
        let (mut residual, mut ll) = (0.0f64, -denominators);
        let dummy = (p.gamma > 0.0 && p.group[p.n] != UNRATED).then(|| x[p.n]);
        let mut dummy_expected = 0.0;
        // Generalised iterative scaling with teams of up to C: the MM ratio to the power 1/C
        // (C = 1, no teams: Hunter's MM step itself, left as it was).
        let c = p.teams.as_ref().map_or(1, |t| t.size);
        let step = |ratio: f64| if c == 1 { ratio } else { ratio.powf(1.0 / c as f64) };
        for i in (0..p.n).filter(|&i| p.group[i] != UNRATED) {
            let mut expected = self.work[i];
            if let (Some(xd), true) = (dummy, p.hub[i]) {
                let e = p.gamma * x[i] / (x[i] + xd);
                expected += e;
                dummy_expected += p.gamma - e;
                ll -= p.gamma * (x[i] + xd).ln();
            }
            ll += p.wins[i] * x[i].ln();
            residual = residual.max((p.wins[i] - expected).abs());
            if let Some(g) = gradient.get_mut(i) {
                *g = p.wins[i] - expected;
            }
            f[i] = if c == 1 {
                (p.wins[i] + p.sigma) * x[i] / (expected + p.sigma)
            } else {
                x[i] * step((p.wins[i] + p.sigma) / (expected + p.sigma))
            };
        }
        if let Some(xd) = dummy {
            let i = p.n;
            ll += p.wins[i] * xd.ln();
            residual = residual.max((p.wins[i] - dummy_expected).abs());
            f[i] = if c == 1 {
                (p.wins[i] + p.sigma) * xd / (dummy_expected + p.sigma)
            } else {
                xd * step((p.wins[i] + p.sigma) / (dummy_expected + p.sigma))
            };
        }
        let g = self.coarse.as_ref().map(|c| {
            // F(x) e^{Pδ}: the MM step's image moved by the centres' Newton step.
            let mut shift = vec![0.0f64; p.nodes];
            c.correct(&|i| gradient[i], &mut shift);
            let mut g: Vec<f64> = f.iter().zip(&shift).map(|(f, s)| f * s.exp()).collect();
            p.renormalise(&mut g);
            g
        });
        p.renormalise(&mut f);
        Eval { x, f, g, ll, residual }
    }

    /// SQUAREM's extrapolation (Varadhan & Roland 2008, S3) in log-strengths from `x0`, its
    /// MM image `x1` and `x1`'s `x2`: `r = x1 − x0`, `v = x2 − 2x1 + x0`,
    /// `α = −|r|/|v|` (at most −1), `x0 − 2αr + α²v`.
    fn extrapolate(&self, x0: &[f64], x1: &[f64], x2: &[f64]) -> Vec<f64> {
        let (mut rr, mut vv) = (0.0, 0.0);
        for ((a, b), c) in x0.iter().zip(x1).zip(x2) {
            let (r, v) = ((b / a).ln(), (c / b).ln() - (b / a).ln());
            rr += r * r;
            vv += v * v;
        }
        let alpha = if vv > 0.0 { (-(rr / vv).sqrt()).min(-1.0) } else { -1.0 };
        let mut y: Vec<f64> = x0
            .iter()
            .zip(x1)
            .zip(x2)
            .map(|((a, b), c)| {
                let (r, v) = ((b / a).ln(), (c / b).ln() - (b / a).ln());
                (a.ln() - 2.0 * alpha * r + alpha * alpha * v).exp()
            })
            .collect();
        self.problem.renormalise(&mut y);
        y
    }

    /// The next iterate: with a coarse correction, [`PlackettLuceFit::mixed`]'s; else the MM
    /// step from the current one, or, after an MM step, SQUAREM's extrapolation when it raises
    /// the likelihood (else the MM step after all).
    fn next(&mut self, cur: Eval) -> Eval {
        if let Some(g) = &cur.g {
            return self.mixed(&cur, g);
        }
        match self.previous.take() {
            Some(prev) => {
                let trial = self.extrapolate(&prev.x, &cur.x, &cur.f);
                let trial = self.eval(trial);
                if trial.ll >= cur.ll && trial.f.iter().all(|v| v.is_finite()) {
                    return trial;
                }
                let step = self.eval(cur.f.clone());
                self.previous = Some(cur);
                step
            }
            None => {
                let step = self.eval(cur.f.clone());
                self.previous = Some(cur);
                step
            }
        }
    }
}

impl PlackettLuceFit<'_> {
    /// With a coarse correction ([`coarse`]), the next iterate as Brent's accelerated
    /// iteration takes it: Anderson's mixing of the corrected map `r ↦ ln G(e^r)` in the
    /// log-strengths, kept when the likelihood does not fall (to rounding), else the MM step
    /// (which cannot lower it) and the mixing's memory cleared. SQUAREM's two-step
    /// extrapolation takes out one slow mode; the corrected map leaves several a little slow.
    fn mixed(&mut self, cur: &Eval, g: &[f64]) -> Eval {
        let r: Vec<f64> = cur.x.iter().map(|v| v.ln()).collect();
        let image: Vec<f64> = g.iter().map(|v| v.ln()).collect();
        let mut y: Vec<f64> = self.anderson.propose(&r, &image).iter().map(|v| v.exp()).collect();
        self.problem.renormalise(&mut y);
        let trial = self.eval(y);
        let floor = cur.ll - ROUNDING * cur.ll.abs().max(1.0);
        let positive = |v: &[f64]| v.iter().all(|v| v.is_finite() && *v > 0.0);
        if trial.ll.is_finite() && trial.ll >= floor && positive(&trial.x) && positive(&trial.f) {
            return trial;
        }
        self.anderson = Anderson::default();
        self.eval(cur.f.clone())
    }
}

/// An iterate and what one pass at it gives.
struct Eval {
    x: Vec<f64>,
    /// The MM step's image `F(x)`.
    f: Vec<f64>,
    /// `F(x)` with the coarse correction, when there is one.
    g: Option<Vec<f64>>,
    ll: f64,
    residual: f64,
}

/// What the trace measures: the stopping quantity, as Brent's, and the likelihood equations'.
pub fn measures(params: &PlackettLuceParams) -> Measures {
    Measures {
        step: "iteration".into(),
        change: "relative change".into(),
        residual: "largest |wins − expected wins|".into(),
        tolerance: Some((Quantity::Change, params.eps)),
        fits: crate::methods::fit::Fits::One,
    }
}

impl Stepper for PlackettLuceFit<'_> {
    /// One iteration (one pass, or two when an extrapolation is refused): converged when the
    /// step and the MM step from the new iterate are both below ε.
    fn advance(&mut self) -> Advance {
        let cur = match self.current.take() {
            Some(c) => c,
            None => self.eval(self.x.clone()),
        };
        let next = self.next(cur);
        let p = &self.problem;
        let rated = |i: &usize| p.group[*i] != UNRATED;
        let (mut change, mut mm, mut finite) = (0.0f64, 0.0f64, true);
        for i in (0..p.nodes).filter(rated) {
            let (y, f) = (next.x[i], next.f[i]);
            finite &= y.is_finite() && y > 0.0 && f.is_finite() && f > 0.0;
            change = change.max(((y - self.x[i]) / y).abs());
            mm = mm.max(((f - y) / f).abs());
        }
        if !finite {
            return Advance::Stop(StopReason::NonFinite);
        }
        self.x.clone_from(&next.x);
        let residual = next.residual;
        self.current = Some(next);
        Advance::Took(Taken::new(change, residual).settled(mm < self.params.eps))
    }

    fn steps(&self) -> &Steps {
        &self.steps
    }

    fn steps_mut(&mut self) -> &mut Steps {
        &mut self.steps
    }

    fn on_stop(&mut self) {
        self.current = None;
        self.previous = None;
        self.anderson = Anderson::default();
        self.coarse = None;
        self.work = Vec::new();
        self.scratch = Scratch::default();
    }
}

impl Fit for PlackettLuceFit<'_> {
    fn measures(&self) -> Measures {
        measures(&self.params)
    }

    fn display(&self) -> Vec<Option<f64>> {
        match offset(self) {
            Ok(c) => (0..self.problem.n).map(|i| self.rating(i, c)).collect(),
            Err(_) => (0..self.problem.n).map(|i| self.rating(i, default_offset(&self.scale))).collect(),
        }
    }

    fn finish(&self) -> Result<Rating, RateError> {
        snapshot(self, true)
    }

    fn finish_early(&self) -> Option<Result<Rating, RateError>> {
        // Only the dense inverse is slow: as Brent's, above `EARLY_ERRORS` players a group.
        let dense = |n: usize| n > EARLY_ERRORS && n <= uncertainty::MAX_GROUP;
        let slow = self.steps.stop == Some(StopReason::Converged) && self.problem.group_size.iter().any(|&n| dense(n));
        slow.then(|| snapshot(self, false))
    }

    fn iterate(&self) -> Option<Vec<f64>> {
        Some(self.x.clone())
    }
}

impl PlackettLuceFit<'_> {
    /// Player `i`'s rating, `factor · ln x_i + c` (each group has mean log-strength 0).
    fn rating(&self, i: usize, c: f64) -> Option<f64> {
        (self.problem.group[i] != UNRATED).then(|| self.scale.factor() * self.x[i].ln() + c)
    }
}

/// The offset `c` when no anchor places the scale.
fn default_offset(scale: &Scale) -> f64 {
    match scale.effective_offset(false) {
        Offset::Mean(m) => m,
        _ => 0.0,
    }
}

/// The display scale's offset: the mean's, 0, or the anchor player's.
fn offset(f: &PlackettLuceFit) -> Result<f64, RateError> {
    match f.scale.effective_offset(false) {
        Offset::Mean(m) => Ok(m),
        Offset::Absolute => Ok(0.0),
        Offset::Anchor { player, rating } => {
            let a = f.data.find(&player).ok_or_else(|| RateError::UnknownAnchor(player.clone()))?;
            if f.problem.group[a] == UNRATED {
                return Err(RateError::UnknownAnchor(format!("{player} (who has no finite rating)")));
            }
            Ok(rating - f.scale.factor() * f.x[a].ln())
        }
    }
}

/// The ratings at the current iterate (final once the fit has stopped), with the standard
/// errors (of a converged fit) when `errors`.
fn snapshot(f: &PlackettLuceFit, errors: bool) -> Result<Rating, RateError> {
    if f.steps.stop == Some(StopReason::NonFinite) {
        return Err(RateError::NonFinite { iteration: f.steps.len() + 1 });
    }
    let p = &f.problem;
    let c = offset(f)?;
    let stop = f.steps.stop.unwrap_or(StopReason::Cancelled);
    let factor = f.scale.factor();
    let se = if stop == StopReason::Converged && errors { uncertainty::standard_errors(p, &f.x).se } else { vec![None; p.nodes] };
    let players = rows(f, c, &se);
    let final_residual = if stop == StopReason::NothingToRate { 0.0 } else { final_residual(f) };
    let mut warnings: Vec<String> = Vec::new();
    let last = f.steps.trace.last().map_or(f64::NAN, |t| t.change);
    warnings.extend(stop_warning(stop, f.steps.len(), &measures(&f.params), last));
    if stop == StopReason::NothingToRate {
        warnings.push("no group of players can be rated on these results: add a dummy player (gamma > 0)".into());
    }
    warnings.extend(groups_warning(p.structure.groups.len()));
    if stop == StopReason::Converged && p.group_size.iter().any(|&n| n > uncertainty::MAX_GROUP) {
        warnings.push(format!(
            "standard errors in groups of more than {} players are approximated by 1/√H_ii, which understates them a little",
            uncertainty::MAX_GROUP
        ));
    }
    if p.teams.is_some() && p.gamma == 0.0 && matches!(stop, StopReason::MaxIterations | StopReason::NonFinite) {
        // The groups of team events are found as if teammates drew each other: a maximum
        // likelihood may still not exist, and then the ratings run off without converging.
        warnings
            .push("with teams, ratings may grow without bound when few results join the players: try a dummy player (gamma > 0)".into());
    }
    if let Some(g) = p.diagnosis.suggested_gamma {
        warnings.push(format!("degenerate results (see the diagnosis): try a dummy player, gamma = {g}"));
    }
    Ok(Rating {
        method: MethodKind::PlackettLuce,
        variant: MethodVariant::PlackettLuce,
        params: Method::PlackettLuce(f.params.clone()),
        players,
        report: SolverReport {
            iterations: f.steps.len(),
            converged: stop == StopReason::Converged,
            stop,
            trace: f.steps.trace.records().to_vec(),
            final_residual,
            passes: Some(f.passes),
        },
        diagnosis: p.diagnosis.clone(),
        groups: p.structure.groups.len(),
        scale: Some(ScaleReport { kind: f.scale.kind, factor, offset: f.scale.effective_offset(false) }),
        accuracy: None,
        decided: None,
        fit: None,
        games: None,
        warnings,
    })
}

/// The largest `|W_i − E_i|` at the final iterate (a pass of its own).
fn final_residual(f: &PlackettLuceFit) -> f64 {
    let p = &f.problem;
    let mut e = Vec::new();
    expected(p, &f.x, &mut e, &mut Scratch::default());
    if p.gamma > 0.0 {
        let xd = f.x[p.n];
        for i in (0..p.n).filter(|&i| p.hub[i]) {
            let share = p.gamma * f.x[i] / (f.x[i] + xd);
            e[i] += share;
            e[p.n] += p.gamma - share;
        }
    }
    (0..p.nodes).filter(|&i| p.group[i] != UNRATED).map(|i| (p.wins[i] - e[i]).abs()).fold(0.0, f64::max)
}

/// The players best first: larger groups first, dominant tiers first, then by rating.
fn rows(f: &PlackettLuceFit, c: f64, se: &[Option<f64>]) -> Vec<PlayerRating> {
    let p = &f.problem;
    let data = f.data;
    let (events, scores) = tallies(data, p);
    let players = (0..p.n)
        .map(|i| {
            let g = p.structure.group[i];
            let log = (p.group[i] != UNRATED).then(|| f.x[i].ln());
            PlayerRating {
                deviation: None,
                volatility: None,
                name: data.players[i].name.clone(),
                index: i,
                id: data.players[i].id().map(str::to_string),
                rank: None,
                rating: f.rating(i, c),
                log_strength: log,
                games: events[i],
                score: scores[i],
                group: g.map(|g| g + 1),
                status: p.structure.status[i],
                sigma: se[i].filter(|_| g.is_some()).map(|v| f.scale.factor() * v),
                history: None,
                label: None,
            }
        })
        .collect();
    rank(players, |i, r| Placing {
        ranked: r.status != Status::NoGames,
        shares: r.status == Status::Rated,
        tier: p.structure.order[i],
        value: Some(r.log_strength.unwrap_or(0.0)),
    })
}

/// Per player, the events and games played, and the score: in events the share of the other
/// sides finished above (`event_score`), with the games' points: what a table's columns say.
fn tallies(data: &Dataset, p: &Problem) -> (Vec<u32>, Vec<f64>) {
    let mut played = vec![0u32; p.n];
    for e in &data.events {
        e.places.iter().map(|&(q, _)| q).chain(e.unranked.iter().copied()).for_each(|q| played[q] += 1);
    }
    // The score: the share of the other sides finished above, ties half (one meaning for
    // every method that rates events).
    let mut scores = crate::methods::event_score::scores(&data.events, p.n);
    for (q, (g, s)) in data.tallies().into_iter().enumerate() {
        played[q] += g;
        scores[q] += s;
    }
    (played, scores)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Event;

    /// A wins every event; B, C, D beat one another in turn.
    fn dominated() -> Dataset {
        let mut d = Dataset::new();
        let [a, b, c, e] = ["A", "B", "C", "D"].map(|n| d.player(n).unwrap());
        for (k, order) in [[a, b, c, e], [a, c, e, b], [a, e, b, c]].into_iter().enumerate() {
            d.events.push(Event::ranked(format!("{k}"), order.iter().enumerate().map(|(j, &p)| (p, j as u32 + 1)).collect(), k + 2));
        }
        d
    }

    #[test]
    fn the_dummy_player_gives_an_unbeaten_player_a_finite_rating() {
        let d = dominated();
        let without = rate(&d, 0.0);
        let a = without.players.iter().find(|p| p.name == "A").unwrap();
        assert_eq!((a.status, a.rating), (Status::UnboundedAbove, None));
        assert!(without.players.iter().filter(|p| p.name != "A").all(|p| p.rating.is_some_and(f64::is_finite)));
        let with = rate(&d, 0.5);
        assert!(with.report.converged);
        assert_eq!(with.players[0].name, "A");
        assert!(with.players.iter().all(|p| p.rating.is_some_and(f64::is_finite) && p.sigma.is_some_and(f64::is_finite)));
    }

    fn rate(d: &Dataset, gamma: f64) -> Rating {
        crate::methods::rate(d, &Method::PlackettLuce(PlackettLuceParams { gamma, ..Default::default() }), &Options::default()).unwrap()
    }

    #[test]
    fn a_fit_steps_shows_each_iterate_and_can_be_cancelled() {
        let d = dominated();
        let params = PlackettLuceParams { gamma: 0.5, ..Default::default() };
        let mut fit = PlackettLuceFit::new(&d, &params, &Scale::default()).unwrap();
        assert_eq!(fit.display(), vec![Some(1500.0); 4], "before a step, everyone at the mean");
        fit.step().unwrap();
        let shown = fit.display();
        assert!(shown[0].unwrap() > 1500.0 && shown.iter().all(Option::is_some));
        fit.cancel();
        assert_eq!(fit.step(), None);
        let r = fit.finish().unwrap();
        assert_eq!((r.report.stop, r.report.iterations), (StopReason::Cancelled, 1));
        assert!(r.warnings.iter().any(|w| w.contains("before converging")), "{:?}", r.warnings);
        assert!(r.players.iter().all(|p| p.sigma.is_none()), "no standard errors mid-iteration");
    }
}
