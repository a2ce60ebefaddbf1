//! The period methods behind the one fit interface: a step of Glicko, Glicko-2 or Stephenson
//! is a rating period (a round, a day, or a game when the input has neither); a step of
//! Whole-History Rating is a Newton sweep over every player's whole history.

use super::glicko::Glicko;
use super::glicko2::Glicko2;
use super::stephenson::Stephenson;
use super::whr::{Whr, WhrParams};
use super::{PeriodBasis, PeriodRule, Periods, Standing};
use crate::diagnose::{Diagnosis, Status};
use crate::error::RateError;
use crate::methods::fit::{stop_warning, Fit, Measures, Quantity, Steps};
use crate::methods::ranking::{rank, Placing};
use crate::methods::report::{HistoryPoint, IterationRecord, MethodVariant, PlayerRating, Rating, SolverReport, StopReason};
use crate::methods::Method;
use crate::model::Dataset;

/// Glicko, Glicko-2 or Stephenson, a period a step.
pub struct PeriodFit<'d> {
    data: &'d Dataset,
    method: Method,
    periods: Periods,
    basis: PeriodBasis,
    times: Vec<i64>,
    rule: Box<dyn PeriodRule>,
    steps: Steps,
    /// Each player's rating after each period they played, and the games rated so far.
    histories: Vec<Vec<HistoryPoint>>,
    rated: usize,
}

impl<'d> PeriodFit<'d> {
    pub fn new(data: &'d Dataset, method: &Method) -> Result<PeriodFit<'d>, RateError> {
        let (periods, basis) = Periods::from_dataset(data);
        let n = data.players.len();
        let rule: Box<dyn PeriodRule> = match method {
            Method::Glicko(p) => Box::new(Glicko::new(n, p)?),
            Method::Glicko2(p) => Box::new(Glicko2::new(n, p)?),
            Method::Stephenson(p) => Box::new(Stephenson::new(n, p)?),
            other => unreachable!("not a period method: {}", other.kind()),
        };
        if periods.periods.is_empty() {
            return Err(RateError::NoGames);
        }
        let times = periods.times(rule.convention());
        let histories = vec![Vec::new(); n];
        Ok(PeriodFit { data, method: method.clone(), periods, basis, times, rule, steps: Steps::new(None), histories, rated: 0 })
    }
}

impl Fit for PeriodFit<'_> {
    fn measures(&self) -> Measures {
        Measures {
            step: self.basis.step().into(),
            change: "largest rating change".into(),
            residual: "largest rating change".into(),
            tolerance: None,
        }
    }

    fn step(&mut self) -> Option<IterationRecord> {
        if self.steps.stopped() {
            return None;
        }
        let k = self.steps.len();
        let Some((_, games)) = self.periods.periods.get(k) else {
            self.steps.stop(StopReason::Finished);
            return None;
        };
        let change = self.rule.period(self.times[k], games);
        self.rated += games.len();
        for g in games {
            for i in [g.first, g.second] {
                // Each player once per period (their last point is this period's already).
                if self.histories[i].last().is_none_or(|h| h.game != self.rated) {
                    self.histories[i].push(HistoryPoint { game: self.rated, rating: self.rule.rating(i) });
                }
            }
        }
        let record = self.steps.push(change, change, None);
        if self.steps.len() == self.periods.periods.len() {
            self.steps.stop(StopReason::Finished);
        }
        Some(record)
    }

    fn steps(&self) -> &Steps {
        &self.steps
    }

    fn steps_mut(&mut self) -> &mut Steps {
        &mut self.steps
    }

    fn display(&self) -> Vec<Option<f64>> {
        self.rule.ratings()
    }

    fn finish(&self) -> Result<Rating, RateError> {
        let stop = self.steps.stop.unwrap_or(StopReason::Cancelled);
        let done = self.steps.len();
        let end = if done == 0 { 0 } else { self.times[done - 1] };
        let mut warnings = Vec::new();
        if stop == StopReason::Cancelled {
            warnings.push(format!("stopped after {done} of {} rating periods", self.periods.periods.len()));
        }
        if self.basis == PeriodBasis::Game {
            warnings.push("the games have neither rounds nor dates: each game is a rating period of its own".into());
        }
        let variant = MethodVariant::Periods { basis: self.basis };
        let mut r = rating(self.data, &self.method, variant, &self.rule.standings(end), stop, done, warnings)?;
        for p in &mut r.players {
            p.history = p.rating.map(|_| self.histories[p.index].clone());
        }
        Ok(r)
    }
}

/// The [`Rating`] of period standings: best first, equal ratings sharing a rank.
fn rating(
    data: &Dataset,
    method: &Method,
    variant: MethodVariant,
    standings: &[Standing],
    stop: StopReason,
    steps: usize,
    warnings: Vec<String>,
) -> Result<Rating, RateError> {
    let tallies = data.tallies();
    if let Some(i) = standings.iter().position(|s| !s.rating.is_finite() || !s.deviation.is_finite()) {
        return Err(RateError::Overflow { player: data.players[i].name.clone() });
    }
    let rows = standings
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let played = s.last.is_some();
            PlayerRating {
                name: data.players[i].name.clone(),
                index: i,
                id: data.players[i].id().map(str::to_string),
                rank: None,
                rating: played.then_some(s.rating),
                log_strength: None,
                games: tallies[i].0,
                score: tallies[i].1,
                group: played.then_some(1),
                status: if played { Status::Rated } else { Status::NoGames },
                sigma: None,
                history: None,
                label: None,
                deviation: played.then_some(s.deviation),
                volatility: s.volatility.filter(|_| played),
            }
        })
        .collect();
    let players = rank(rows, |i, r| Placing { ranked: r.rating.is_some(), shares: true, tier: (0, 0), value: Some(standings[i].rating) });
    Ok(Rating {
        method: method.kind(),
        variant,
        params: method.clone(),
        players,
        report: SolverReport {
            iterations: steps,
            converged: matches!(stop, StopReason::Finished | StopReason::Converged),
            stop,
            trace: Vec::new(),
            final_residual: 0.0,
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

/// Whole-History Rating, a Newton sweep a step.
pub struct WhrFit<'d> {
    data: &'d Dataset,
    params: WhrParams,
    whr: Whr,
    basis: PeriodBasis,
    steps: Steps,
    failed: Option<RateError>,
    /// Each period's time and the games up to its end (a day's place in the history).
    through: Vec<(i64, usize)>,
}

impl<'d> WhrFit<'d> {
    pub fn new(data: &'d Dataset, p: &WhrParams) -> Result<WhrFit<'d>, RateError> {
        let (periods, basis) = Periods::from_dataset(data);
        if periods.periods.is_empty() {
            return Err(RateError::NoGames);
        }
        let mut through = Vec::with_capacity(periods.periods.len());
        let mut games = 0;
        for (time, list) in &periods.periods {
            games += list.len();
            through.push((*time, games));
        }
        let whr = Whr::new(&periods, p)?;
        Ok(WhrFit { data, params: p.clone(), whr, basis, steps: Steps::new(None), failed: None, through })
    }
}

impl Fit for WhrFit<'_> {
    fn measures(&self) -> Measures {
        Measures {
            step: "Newton sweep".into(),
            change: "largest change of a day's rating (natural-log units)".into(),
            residual: "largest change of a day's rating (natural-log units)".into(),
            tolerance: Some((Quantity::Change, self.params.tolerance)),
        }
    }

    fn step(&mut self) -> Option<IterationRecord> {
        if self.steps.stopped() {
            return None;
        }
        match self.whr.sweep() {
            Ok(change) => {
                let record = self.steps.push(change, change, None);
                if change <= self.params.tolerance {
                    self.steps.stop(StopReason::Converged);
                } else if self.steps.len() >= self.params.max_sweeps {
                    self.steps.stop(StopReason::MaxIterations);
                }
                Some(record)
            }
            Err(e) => {
                self.failed = Some(e);
                self.steps.stop(StopReason::NonFinite);
                None
            }
        }
    }

    fn steps(&self) -> &Steps {
        &self.steps
    }

    fn steps_mut(&mut self) -> &mut Steps {
        &mut self.steps
    }

    fn display(&self) -> Vec<Option<f64>> {
        (0..self.data.players.len()).map(|i| self.whr.history(i).last().map(|d| self.params.anchor + d.elo)).collect()
    }

    fn finish(&self) -> Result<Rating, RateError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let mut whr = self.whr.clone();
        whr.update_uncertainty();
        let stop = self.steps.stop.unwrap_or(StopReason::Cancelled);
        let standings: Vec<Standing> = (0..self.data.players.len())
            .map(|i| {
                let days = whr.history(i);
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
        let warnings: Vec<String> = stop_warning(stop, self.steps.len(), &self.measures(), last).into_iter().collect();
        let method = Method::Whr(self.params.clone());
        let mut r =
            rating(self.data, &method, MethodVariant::WholeHistory { basis: self.basis }, &standings, stop, self.steps.len(), warnings)?;
        r.report.final_residual = last;
        // The whole history as fitted now: each day's rating, placed after that day's games.
        let at = |time: i64| self.through.binary_search_by_key(&time, |t| t.0).map_or(0, |k| self.through[k].1);
        for p in &mut r.players {
            let days = whr.history(p.index);
            p.history =
                p.rating.map(|_| days.iter().map(|d| HistoryPoint { game: at(d.time), rating: self.params.anchor + d.elo }).collect());
        }
        Ok(r)
    }
}
