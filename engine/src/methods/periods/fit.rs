//! Glicko, Glicko-2 and Stephenson behind the one fit interface: a step is a rating period (a
//! round, a day, a week, a month, or a game: [`super::PeriodLength`]). Whole-History Rating's fit, a Newton
//! sweep a step, is in its module and shares [`rating`].

use super::{prefetch, PeriodBasis, PeriodNote, PeriodRule, Periods, Standing};
use crate::diagnose::{Diagnosis, Status};
use crate::error::RateError;
use crate::methods::fit::{Advance, Fit, Measures, Stepper, Steps, Taken};
use crate::methods::ranking::{rank, Placing};
use crate::methods::rating::{HistoryPoint, MethodVariant, PlayerRating, Rating, SolverReport, StopReason};
use crate::methods::Method;
use crate::model::{Dataset, Player};

/// What a period method's rating reads of the dataset once its fit has begun: the players
/// (their names and ids) and each one's games and points, counted at the start. Not the games:
/// the periods hold what the fit reads of them, so a caller that rates once may let go of the
/// dataset's games then ([`crate::methods::start_once`]).
pub(super) struct Roster<'d> {
    players: &'d [Player],
    tallies: Vec<(u32, f64)>,
}

impl<'d> Roster<'d> {
    /// `players`, which are `data`'s, with their tallies in `data`'s games.
    pub(super) fn of(data: &Dataset, players: &'d [Player]) -> Roster<'d> {
        assert!(std::ptr::eq(players, data.players.as_slice()), "the players are the dataset's");
        Roster { players, tallies: data.tallies() }
    }

    pub(super) fn len(&self) -> usize {
        self.players.len()
    }
}

/// Glicko, Glicko-2 or Stephenson, a period a step.
pub struct PeriodFit<'d> {
    roster: Roster<'d>,
    method: Method,
    periods: Periods,
    basis: PeriodBasis,
    /// What the user is told: how the periods were made, what the start left out.
    notes: Vec<PeriodNote>,
    rule: Box<dyn PeriodRule>,
    steps: Steps,
    /// Each player's rating after each period they played, in the order rated: each list
    /// made at its own size (`sizes`), so that the points are held once (on a million games
    /// each a period of its own, 2 million points: 48 MB; a flat list of them made into these
    /// lists at the end held as much again) and handed to the rating, not copied
    /// ([`Fit::into_rating`]). Made when the first batch of points is added
    /// ([`PeriodFit::flush`]), not at the start: a caller that rates once lets go of the
    /// dataset's games once the fit has begun ([`crate::methods::start_once`]), and the
    /// histories are then made in their room.
    histories: Vec<Vec<HistoryPoint>>,
    /// How many points each player's history holds at the end (the periods they play in),
    /// until the histories are made.
    sizes: Option<Vec<u32>>,
    /// The latest points, each with its player, not yet in their histories: added a batch at
    /// a time ([`PENDING`]), whose stores to players all over memory the processor overlaps;
    /// one by one, each period waited for its players' two (a tenth of the run).
    pending: Vec<(u32, HistoryPoint)>,
    /// Each player's last point's `game` (0: none yet), so a period gives a player one point.
    last: Vec<u32>,
    rated: usize,
    /// The last period's time as the convention counts it (its periods may be let go).
    end: i64,
}

impl<'d> PeriodFit<'d> {
    /// `rule` run on `data`'s `periods` ([`Periods::from_dataset`]: the periods, what they
    /// are, what is said of them) a period a step; `method` is what the rating reports; `notes`
    /// what the rule's start needs said (its growth per period, a player list's values it
    /// could not take).
    pub(super) fn new(
        roster: Roster<'d>,
        method: Method,
        (periods, basis, made): (Periods, PeriodBasis, Vec<PeriodNote>),
        rule: Box<dyn PeriodRule>,
        notes: Vec<PeriodNote>,
    ) -> Result<PeriodFit<'d>, RateError> {
        let n = roster.len();
        if periods.is_empty() {
            return Err(RateError::NoGames);
        }
        let notes = made.into_iter().chain(notes).collect();
        let sizes = Some(appearances(&periods, n));
        Ok(PeriodFit {
            roster,
            method,
            periods,
            basis,
            notes,
            rule,
            steps: Steps::new(None),
            histories: Vec::new(),
            sizes,
            pending: Vec::with_capacity(PENDING + 2),
            last: vec![0; n],
            rated: 0,
            end: 0,
        })
    }
}

impl Stepper for PeriodFit<'_> {
    /// Rates the next period; the last period finishes the run.
    fn advance(&mut self) -> Advance {
        let k = self.steps.len();
        let Some((&when, games)) = self.periods.get(k) else {
            return Advance::Stop(StopReason::Finished);
        };
        self.end = self.periods.time(k, self.rule.convention());
        // The players of the games a few ahead, asked for now (the period's own came so).
        for g in self.periods.games_from(self.rated + GAMES_AHEAD).iter().take(games.len()) {
            for i in [g.first(), g.second()] {
                self.rule.prefetch(i);
                prefetch(self.last.as_ptr().wrapping_add(i));
            }
        }
        let change = self.rule.period(self.end, games);
        self.rated += games.len();
        // Fewer than 2³² games (see `Periods`).
        let game = self.rated as u32;
        let time = Some(self.basis.day_or_number(when));
        for g in games {
            for i in [g.first(), g.second()] {
                // Each player once per period (their last point is this period's already).
                if std::mem::replace(&mut self.last[i], game) != game {
                    let deviation = self.rule.deviation(i).filter(|d| !d.is_nan());
                    let point = HistoryPoint::new(game as usize, self.rule.rating(i), time, deviation);
                    self.pending.push((i as u32, point));
                }
            }
        }
        if self.pending.len() >= PENDING {
            self.flush();
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
            fits: crate::methods::fit::Fits::One,
        }
    }

    fn display(&self) -> Vec<Option<f64>> {
        self.rule.ratings()
    }

    fn finish(&self) -> Result<Rating, RateError> {
        let mut histories = match &self.sizes {
            Some(sizes) => made(sizes),
            None => self.histories.clone(),
        };
        add(&mut histories, &self.pending);
        self.rated(histories, self.periods.len())
    }

    fn into_rating(mut self: Box<Self>) -> Result<Rating, RateError> {
        self.flush();
        let histories = std::mem::take(&mut self.histories);
        let periods = self.periods.len();
        // The periods' games, as big as the dataset's, are let go before the rating's rows are
        // made beside the histories (the run's peak).
        self.periods = Periods::default();
        self.rated(histories, periods)
    }
}

impl PeriodFit<'_> {
    /// The points waiting added to their histories, which are made first if they are not yet.
    fn flush(&mut self) {
        if let Some(sizes) = self.sizes.take() {
            self.histories = made(&sizes);
        }
        add(&mut self.histories, &self.pending);
        self.pending.clear();
    }

    /// The rating after the periods rated so far of `periods`, with these `histories` (the
    /// fit's own, or a copy).
    fn rated(&self, mut histories: Vec<Vec<HistoryPoint>>, periods: usize) -> Result<Rating, RateError> {
        let stop = self.steps.stop.unwrap_or(StopReason::Cancelled);
        let done = self.steps.len();
        let end = if done == 0 { 0 } else { self.end };
        let mut warnings = Vec::new();
        if stop == StopReason::Cancelled {
            warnings.push(format!("stopped after {done} of {periods} rating periods"));
        }
        warnings.extend(self.notes.iter().map(PeriodNote::to_string));
        let variant = MethodVariant::Periods { basis: self.basis };
        let mut r = rating(&self.roster, &self.method, variant, &self.rule.standings(end), stop, done, warnings)?;
        for p in &mut r.players {
            p.history = p.rating.map(|_| std::mem::take(&mut histories[p.index]));
        }
        Ok(r)
    }
}

/// How many points wait to be added to their histories at most.
const PENDING: usize = 1024;

/// How many games ahead a period's players are asked for ([`PeriodRule::prefetch`]): a
/// period of a file without dates or rounds is one game, whose players' values are all over
/// memory.
const GAMES_AHEAD: usize = 8;

/// How many points ahead [`add`] asks for a history's end (half as far) and, before that, for
/// the history itself.
const AHEAD: usize = 16;

/// Each of `points` added to its player's history.
fn add(histories: &mut [Vec<HistoryPoint>], points: &[(u32, HistoryPoint)]) {
    for (k, &(player, point)) in points.iter().enumerate() {
        if let Some(&(later, _)) = points.get(k + AHEAD) {
            prefetch(&histories[later as usize] as *const Vec<HistoryPoint>);
        }
        if let Some(&(later, _)) = points.get(k + AHEAD / 2) {
            let history = &histories[later as usize];
            prefetch(history.as_ptr().wrapping_add(history.len()));
        }
        histories[player as usize].push(point);
    }
}

/// Empty histories, each with room for its size's points.
fn made(sizes: &[u32]) -> Vec<Vec<HistoryPoint>> {
    sizes.iter().map(|&count| Vec::with_capacity(count as usize)).collect()
}

/// How many periods each of `players` plays in: the length of their history.
fn appearances(periods: &Periods, players: usize) -> Vec<u32> {
    let (mut counts, mut last) = (vec![0u32; players], vec![0u32; players]);
    for (k, (_, games)) in periods.iter().enumerate() {
        // Periods counted from 1 (0: none yet); fewer than 2³² (see `Periods`).
        let period = k as u32 + 1;
        for g in games {
            for i in [g.first(), g.second()] {
                if std::mem::replace(&mut last[i], period) != period {
                    counts[i] += 1;
                }
            }
        }
    }
    counts
}

/// The [`Rating`] of period standings: best first, equal ratings sharing a rank.
pub(super) fn rating(
    roster: &Roster,
    method: &Method,
    variant: MethodVariant,
    standings: &[Standing],
    stop: StopReason,
    steps: usize,
    warnings: Vec<String>,
) -> Result<Rating, RateError> {
    let (players, tallies) = (roster.players, &roster.tallies);
    if let Some(i) = standings.iter().position(|s| !s.rating.is_finite() || !s.deviation.is_finite()) {
        return Err(RateError::Overflow { player: players[i].name.clone() });
    }
    let rows = standings
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let played = s.last.is_some();
            PlayerRating {
                name: players[i].name.clone(),
                index: i,
                id: players[i].id().map(str::to_string),
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
