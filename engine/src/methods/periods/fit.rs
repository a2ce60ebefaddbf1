//! Glicko, Glicko-2 and Stephenson behind the one fit interface: a step is a rating period (a
//! round, a day, a week, a month, or a game: [`super::PeriodLength`]). Whole-History Rating's fit, a Newton
//! sweep a step, is in its module and shares [`rating`].

use super::{PeriodBasis, PeriodNote, PeriodRule, Periods, Standing};
use crate::diagnose::{Diagnosis, Status};
use crate::error::RateError;
use crate::methods::fit::{Advance, Fit, Measures, Stepper, Steps, Taken};
use crate::methods::ranking::{rank, Placing};
use crate::methods::rating::{HistoryPoint, MethodVariant, PlayerRating, Rating, SolverReport, StopReason};
use crate::methods::Method;
use crate::model::Dataset;

/// Glicko, Glicko-2 or Stephenson, a period a step.
pub struct PeriodFit<'d> {
    data: &'d Dataset,
    method: Method,
    periods: Periods,
    basis: PeriodBasis,
    /// What the user is told: how the periods were made, what the start left out.
    notes: Vec<PeriodNote>,
    times: Vec<i64>,
    rule: Box<dyn PeriodRule>,
    steps: Steps,
    /// Each player's rating after each period they played, in the order rated (one list, not
    /// a list per player grown as it goes: on a million games each a period of its own, 2
    /// million points took 134 MB that way, 64 MB so), and the games rated so far.
    points: Vec<Point>,
    /// Each player's last point's `game` (0: none yet), so a period gives a player one point.
    last: Vec<u32>,
    rated: usize,
}

/// A player's rating after a period they played: what a [`HistoryPoint`] says, the time as the
/// period's place and no deviation as NaN (32 bytes, not 48).
#[derive(Clone, Copy)]
struct Point {
    player: u32,
    game: u32,
    period: u32,
    rating: f64,
    deviation: f64,
}

impl<'d> PeriodFit<'d> {
    /// `rule` run on `data`'s `periods` ([`Periods::from_dataset`]: the periods, what they
    /// are, what is said of them) a period a step; `method` is what the rating reports; `notes`
    /// what the rule's start needs said (its growth per period, a player list's values it
    /// could not take).
    pub fn new(
        data: &'d Dataset,
        method: Method,
        (periods, basis, made): (Periods, PeriodBasis, Vec<PeriodNote>),
        rule: Box<dyn PeriodRule>,
        notes: Vec<PeriodNote>,
    ) -> Result<PeriodFit<'d>, RateError> {
        let n = data.players.len();
        if periods.is_empty() {
            return Err(RateError::NoGames);
        }
        let notes = made.into_iter().chain(notes).collect();
        let times = periods.times(rule.convention());
        let (points, last) = (Vec::new(), vec![0; n]);
        Ok(PeriodFit { data, method, periods, basis, notes, times, rule, steps: Steps::new(None), points, last, rated: 0 })
    }
}

impl Stepper for PeriodFit<'_> {
    /// Rates the next period; the last period finishes the run.
    fn advance(&mut self) -> Advance {
        let k = self.steps.len();
        let Some((_, games)) = self.periods.get(k) else {
            return Advance::Stop(StopReason::Finished);
        };
        let change = self.rule.period(self.times[k], games);
        self.rated += games.len();
        // Fewer than 2³² games (see `Periods`).
        let (game, period) = (self.rated as u32, k as u32);
        for g in games {
            for i in [g.first, g.second] {
                // Each player once per period (their last point is this period's already).
                if std::mem::replace(&mut self.last[i], game) != game {
                    let deviation = self.rule.deviation(i).unwrap_or(f64::NAN);
                    self.points.push(Point { player: i as u32, game, period, rating: self.rule.rating(i), deviation });
                }
            }
        }
        Advance::Took(Taken::new(change, change).last(k + 1 == self.periods.len()))
    }

    fn steps(&self) -> &Steps {
        &self.steps
    }

    fn steps_mut(&mut self) -> &mut Steps {
        &mut self.steps
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

    fn display(&self) -> Vec<Option<f64>> {
        self.rule.ratings()
    }

    fn finish(&self) -> Result<Rating, RateError> {
        let stop = self.steps.stop.unwrap_or(StopReason::Cancelled);
        let done = self.steps.len();
        let end = if done == 0 { 0 } else { self.times[done - 1] };
        let mut warnings = Vec::new();
        if stop == StopReason::Cancelled {
            warnings.push(format!("stopped after {done} of {} rating periods", self.periods.len()));
        }
        warnings.extend(self.notes.iter().map(PeriodNote::to_string));
        let variant = MethodVariant::Periods { basis: self.basis };
        let mut r = rating(self.data, &self.method, variant, &self.rule.standings(end), stop, done, warnings)?;
        let mut histories = self.histories();
        for p in &mut r.players {
            p.history = p.rating.map(|_| std::mem::take(&mut histories[p.index]));
        }
        Ok(r)
    }
}

impl PeriodFit<'_> {
    /// Each player's history points, in the order rated, each list its own size.
    fn histories(&self) -> Vec<Vec<HistoryPoint>> {
        let mut counts = vec![0usize; self.last.len()];
        for p in &self.points {
            counts[p.player as usize] += 1;
        }
        let mut histories: Vec<Vec<HistoryPoint>> = counts.into_iter().map(Vec::with_capacity).collect();
        for p in &self.points {
            let time = self.periods.get(p.period as usize).map(|(&t, _)| self.basis.day_or_number(t));
            let deviation = Some(p.deviation).filter(|d| !d.is_nan());
            histories[p.player as usize].push(HistoryPoint { game: p.game as usize, rating: p.rating, time, deviation });
        }
        histories
    }
}

/// The [`Rating`] of period standings: best first, equal ratings sharing a rank.
pub(super) fn rating(
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
