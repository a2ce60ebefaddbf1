//! The simulation lab: tournaments played by players of known strength, rated by each method,
//! and each method's order compared with the truth.
//!
//! * Strengths: natural log-strengths drawn from a normal distribution with the chosen
//!   standard deviation (`spread`), or from `clusters` groups: cluster centres evenly spaced
//!   and scaled so the whole field's spread is about `spread`, players a quarter of it around
//!   them.
//! * Games follow Bradley–Terry: the first player's expected score is `1/(1 + e^(s_j − s_i))`.
//!   A draw happens with probability `draws × 2·min(p, 1 − p)`: the chosen rate between equals,
//!   rarer the more lopsided the game (as in real chess); wins and losses share the rest so the
//!   expected score stays `p`.
//! * Schedules: a single or double round robin (the circle method; colours alternate, swapped
//!   in the second half), a Swiss of `R` rounds, `M` games between random pairs, or `M` events
//!   of `k` players (`events:M:k`, k from 2 to 64, at most the players).
//! * Events are dealt in rounds, as a debate league seats its rooms: each round the field is
//!   shuffled and cut into `⌊n/k⌋` events of `k` (the `n mod k` players left over sit that
//!   round out, a different random few each time), the last round perhaps not full. Players are
//!   drawn at random, not by strength: no seeding, so each meets the whole field in time. An
//!   event's whole finishing order is drawn from the Plackett–Luce model with the true
//!   log-strengths by the Gumbel trick: sorted by `s_i + G_i`, `G_i` standard Gumbel, which is
//!   exactly Plackett–Luce (first place `e^(s_i) / Σ e^(s_j)`, then the same among the rest).
//!   With `draws`, each pair of neighbours in that order then ties with the games' probability,
//!   `draws × 2·min(p, 1 − p)`, `p` the one ahead's Bradley–Terry chance against the one behind
//!   (a chain of ties shares one place; places as standard competition ranking, 1, 1, 3). The
//!   data are events (`Dataset::events`), so only the methods that rate events
//!   ([`MethodKind::rates_events`]) can be run on them: [`Setup::check_methods`] refuses the
//!   others, naming the methods that rate events (a run that is not checked reports each of
//!   them as failed in every repetition, with that reason).
//! * The Swiss is a simplified Dutch system: players sorted by score, then by their seed (the
//!   true strength: a field seeded by accurate ratings); each player in turn takes the first
//!   of the bottom half of their score group not yet met (then those below: floating down),
//!   searching back when the rest cannot be paired without a repeat; with an odd number the
//!   lowest-placed player who has not had one gets a bye (a point, no game). No colour rules
//!   and no criteria beyond "not twice".
//! * With `drift`, each player's strength is a random walk from round to round (steps of
//!   standard deviation `drift`), and the truth is the strength after the last round. With
//!   events a round is one deal of the field (each player in one event at most): a step per
//!   event a player could have played, as in a Swiss.
//! * Each repetition is seeded from the run's seed and its number, so runs are repeatable.
//!
//! Reported per method, over the repetitions: Kendall's τ_b between its ratings and the true
//! strengths (mean and standard deviation), the share of tournaments whose true best player
//! it ranks first (a tie for first counting its share), and the mean absolute rank error
//! (ties ranked at their mean place). The organisers' order is the baseline: points then
//! Buchholz for games; for events each player's mean place (a tie of `t` at place `k` counted
//! as `k + (t − 1)/2`, so each event's places sum as without ties), the same order as the mean
//! of points by place (`k − place`): a mean, not a total, since players sit out unequally.

use super::random::Random;
use crate::compare::agreement::kendall_tau_b;
use crate::compare::export::labels;
use crate::diagnose::Status;
use crate::error::{number, SettingError};
use crate::methods::ranking::tie_classes;
use crate::methods::{rate, Method, MethodKind, Options};
use crate::model::{Dataset, Event, Game};
use crate::text::thousands;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How the players meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Schedule {
    RoundRobin,
    DoubleRoundRobin,
    Swiss {
        rounds: usize,
    },
    Random {
        games: usize,
    },
    /// `events` events of `size` players each, dealt in rounds (see the module's notes).
    Events {
        events: usize,
        size: usize,
    },
}

impl Schedule {
    /// The events schedule the app's lab starts from: 500 events of 4 (with the default 100
    /// players, 20 rounds of 25 events: each player in 20 events).
    pub const DEFAULT_EVENTS: Schedule = Schedule::Events { events: 500, size: 4 };
    /// The most players an event may have.
    pub const MAX_EVENT_SIZE: usize = 64;
    /// The most games (`random:M`) or events (`events:M:k`) a repetition may have.
    pub const MAX_ITEMS: usize = 1_000_000;

    /// Whether it plays multi-player events rather than games.
    pub fn events(self) -> bool {
        matches!(self, Schedule::Events { .. })
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Schedule::RoundRobin => f.write_str("round-robin"),
            Schedule::DoubleRoundRobin => f.write_str("double-round-robin"),
            Schedule::Swiss { rounds } => write!(f, "swiss:{rounds}"),
            Schedule::Random { games } => write!(f, "random:{games}"),
            Schedule::Events { events, size } => write!(f, "events:{events}:{size}"),
        }
    }
}

impl FromStr for Schedule {
    type Err = SettingError;

    fn from_str(s: &str) -> Result<Schedule, SettingError> {
        let expected = || {
            SettingError::OutOfRange {
            setting: "schedule",
            value: format!("'{s}'"),
            expected: "round-robin, double-round-robin, swiss:R (R rounds), random:M (M games) or events:M:k (M events of k players, k from 2 to 64)".into(),
        }
        };
        let number = |n: &str| n.trim().parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(expected);
        let size = |k: &str| number(k).ok().filter(|k| (2..=Schedule::MAX_EVENT_SIZE).contains(k)).ok_or_else(expected);
        match s.trim().to_ascii_lowercase().split_once(':') {
            Some(("swiss", n)) => Ok(Schedule::Swiss { rounds: number(n)? }),
            Some(("random", n)) => Ok(Schedule::Random { games: number(n)? }),
            Some(("events", rest)) => match rest.split_once(':') {
                Some((m, k)) => Ok(Schedule::Events { events: number(m)?, size: size(k)? }),
                None => Err(expected()),
            },
            None if s.trim().eq_ignore_ascii_case("round-robin") => Ok(Schedule::RoundRobin),
            None if s.trim().eq_ignore_ascii_case("double-round-robin") => Ok(Schedule::DoubleRoundRobin),
            _ => Err(expected()),
        }
    }
}

/// What is simulated.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub players: usize,
    pub schedule: Schedule,
    /// Standard deviation of the true natural log-strengths.
    pub spread: f64,
    /// Clusters of strength (0 or 1: one normal field).
    pub clusters: usize,
    /// The draw rate between equals.
    pub draws: f64,
    pub repetitions: usize,
    pub seed: u64,
    /// How far each player's true log-strength wanders: the standard deviation of its step in
    /// each round, a random walk (0: fixed strengths). The truth the methods are judged against
    /// is then each player's strength after the last round: what a time-varying method (Glicko,
    /// Glicko-2, WHR) sets out to follow.
    #[serde(default)]
    pub drift: f64,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            players: 100,
            schedule: Schedule::Swiss { rounds: 7 },
            spread: 1.5,
            clusters: 0,
            draws: 0.3,
            repetitions: 200,
            seed: 1,
            drift: 0.0,
        }
    }
}

/// The most work a simulation may ask for, in player-games (each game counted once for each of
/// its two players) over all its repetitions: the games played and rated grow as players² for
/// a round robin and players × rounds for a Swiss, times the repetitions, and 2,000 players in
/// a round robin 100,000 times over would run for days. This is some minutes natively (the
/// default lab, 100 players × 7 rounds × 200, is 140,000), the same in the app's lab and on
/// the command line.
pub const MAX_PLAYER_GAMES: u64 = 100_000_000;

impl Setup {
    /// The player-games of one repetition: `n(n − 1)` for a round robin, twice that for a
    /// double one, players × rounds for a Swiss (a bye counted as a game), 2 × games at random,
    /// events × k for events (a player's place in an event counted as a game).
    pub fn player_games(&self) -> u64 {
        let n = self.players as u64;
        match self.schedule {
            Schedule::RoundRobin => n * n.saturating_sub(1),
            Schedule::DoubleRoundRobin => 2 * n * n.saturating_sub(1),
            Schedule::Swiss { rounds } => n * rounds as u64,
            Schedule::Random { games } => 2 * games as u64,
            Schedule::Events { events, size } => events as u64 * size as u64,
        }
    }

    /// Why `methods` cannot be run on this setup, if they cannot: with events, a method that
    /// rates only two-player games, named with the methods that rate events.
    pub fn check_methods(&self, methods: &[Method]) -> Result<(), SettingError> {
        let mut games_only: Vec<MethodKind> = methods.iter().map(Method::kind).filter(|k| !k.rates_events()).collect();
        games_only.dedup();
        match self.schedule {
            Schedule::Events { size, .. } if !games_only.is_empty() => Err(SettingError::Conflict {
                settings: format!("{} with {}", self.schedule, games_only.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")),
                problem: not_events(&games_only, size),
            }),
            _ => Ok(()),
        }
    }

    /// Why the setup cannot be run, if it cannot.
    pub fn check(&self) -> Result<(), SettingError> {
        self.check_each()?;
        let (each, reps) = (self.player_games().max(1), self.repetitions as u64);
        match each.saturating_mul(reps) {
            total if total > MAX_PLAYER_GAMES => Err(SettingError::Conflict {
                settings: format!("{} players, {}, {} repetitions", self.players, self.schedule, self.repetitions),
                problem: format!(
                    "{} player-games in all ({} a repetition), more than the {} a simulation may ask for; at most {} repetitions of this schedule",
                    thousands(total),
                    thousands(each),
                    thousands(MAX_PLAYER_GAMES),
                    thousands(MAX_PLAYER_GAMES / each),
                ),
            }),
            _ => Ok(()),
        }
    }

    /// Each setting within its range.
    fn check_each(&self) -> Result<(), SettingError> {
        let fail = |setting, value: String, expected: String| Err(SettingError::OutOfRange { setting, value, expected });
        let conflict = |settings, problem| Err(SettingError::Conflict { settings, problem });
        match self {
            s if s.players < 2 || s.players > 2000 => fail("players", s.players.to_string(), "2 to 2000".into()),
            s if !(s.spread.is_finite() && (0.0..=10.0).contains(&s.spread)) => fail("spread", number(s.spread), "0 to 10".into()),
            s if !(s.draws.is_finite() && (0.0..=1.0).contains(&s.draws)) => fail("draws", number(s.draws), "0 to 1".into()),
            s if !(s.drift.is_finite() && (0.0..=2.0).contains(&s.drift)) => fail("drift", number(s.drift), "0 to 2".into()),
            s if s.repetitions == 0 || s.repetitions > 100_000 => fail("repetitions", s.repetitions.to_string(), "1 to 100000".into()),
            s if s.clusters > s.players => fail("clusters", s.clusters.to_string(), format!("at most the {} players", s.players)),
            Setup { schedule: Schedule::Swiss { rounds }, players, .. } if *rounds >= *players => {
                conflict(format!("swiss:{rounds}"), format!("a Swiss of {players} players has fewer than {players} rounds"))
            }
            Setup { schedule: Schedule::Random { games }, .. } if *games > Schedule::MAX_ITEMS => {
                conflict(format!("random:{games}"), "at most 1000000 games".into())
            }
            Setup { schedule: Schedule::Events { events, .. }, .. } if *events > Schedule::MAX_ITEMS => {
                conflict(self.schedule.to_string(), "at most 1000000 events".into())
            }
            Setup { schedule: Schedule::Events { size, .. }, players, .. } if *size > *players => {
                conflict(self.schedule.to_string(), format!("an event of {size} players needs at least {size} players, not {players}"))
            }
            _ => Ok(()),
        }
    }
}

/// Why `kinds` cannot rate events of `size` players, with the methods that can: "Brent (brent)
/// and Elo (elo) rate only two-player games, not events of 4 players; events are rated by
/// Multiplayer Elo (multi_elo), …".
fn not_events(kinds: &[MethodKind], size: usize) -> String {
    let and = |names: Vec<String>| match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    };
    let named = |k: &MethodKind| format!("{} ({})", k.short(), k.name());
    let rate = if kinds.len() == 1 { "rates" } else { "rate" };
    let events = and(MethodKind::ALL.iter().filter(|k| k.rates_events()).map(named).collect());
    format!(
        "{} {rate} only two-player games, not events of {size} players; events are rated by {events}",
        and(kinds.iter().map(named).collect())
    )
}

/// A mean and standard deviation over the repetitions (`None` when nothing was measured).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub mean: Option<f64>,
    pub sd: Option<f64>,
}

impl Summary {
    pub fn of(xs: &[f64]) -> Summary {
        let n = xs.len() as f64;
        let mean = (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / n);
        let sd = mean.filter(|_| xs.len() > 1).map(|m| (xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0)).sqrt());
        Summary { mean, sd }
    }
}

/// How one ordering (a method's, or the baseline) did over the repetitions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub label: String,
    pub kendall_tau: Summary,
    pub top1_share: Option<f64>,
    pub mean_abs_rank_error: Summary,
    /// Repetitions the method could not rate, and the first reason.
    pub failures: usize,
    pub failure: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Simulation {
    pub setup: Setup,
    pub methods: Vec<Outcome>,
    /// The organisers' order: points, then Buchholz (`points_buchholz`); for events, the mean
    /// place (`mean_place`).
    pub baseline: Outcome,
    /// Repetitions run (fewer than asked when cancelled).
    pub completed: usize,
}

/// One ordering's measures in one tournament.
#[derive(Clone, Copy, Default)]
struct Measured {
    tau: Option<f64>,
    top1: Option<f64>,
    rank_error: Option<f64>,
}

#[derive(Default)]
struct Tally {
    taus: Vec<f64>,
    tops: Vec<f64>,
    errors: Vec<f64>,
    failures: usize,
    failure: Option<String>,
}

impl Tally {
    fn add(&mut self, m: Measured) {
        self.taus.extend(m.tau);
        self.tops.extend(m.top1);
        self.errors.extend(m.rank_error);
    }

    fn outcome(self, label: String) -> Outcome {
        let top1_share = (!self.tops.is_empty()).then(|| self.tops.iter().sum::<f64>() / self.tops.len() as f64);
        Outcome {
            label,
            kendall_tau: Summary::of(&self.taus),
            top1_share,
            mean_abs_rank_error: Summary::of(&self.errors),
            failures: self.failures,
            failure: self.failure,
        }
    }
}

/// Runs the lab: `setup.repetitions` tournaments, each rated by every method. `progress` is
/// called after each repetition with the number done; it returns `false` to stop early.
pub fn simulate(setup: &Setup, methods: &[Method], options: &Options, progress: &mut dyn FnMut(usize) -> bool) -> Simulation {
    let mut run = SimulationRun::new(setup.clone(), methods.to_vec(), options.clone());
    while run.step() && progress(run.completed) {}
    run.finish()
}

/// The lab a repetition at a time (the app's worker runs it between messages).
pub struct SimulationRun {
    setup: Setup,
    methods: Vec<Method>,
    /// Each method's name in the results: its key ("brent", "elo#2") unless [`SimulationRun::named`].
    labels: Vec<String>,
    options: Options,
    tallies: Vec<Tally>,
    baseline: Tally,
    completed: usize,
}

impl SimulationRun {
    pub fn new(setup: Setup, methods: Vec<Method>, options: Options) -> SimulationRun {
        let tallies = methods.iter().map(|_| Tally::default()).collect();
        let labels = labels(&methods);
        SimulationRun { setup, methods, labels, options, tallies, baseline: Tally::default(), completed: 0 }
    }

    /// The methods named `names` in the results, in their order (the app's titles: "Brent",
    /// "Elo (K = 16)"), in place of their keys; names of another count are not taken.
    pub fn named(mut self, names: Vec<String>) -> SimulationRun {
        if names.len() == self.labels.len() {
            self.labels = names;
        }
        self
    }

    /// (repetitions done, repetitions asked for).
    pub fn progress(&self) -> (usize, usize) {
        (self.completed, self.setup.repetitions)
    }

    /// Plays and rates the next repetition; `false` once none is left.
    pub fn step(&mut self) -> bool {
        if self.completed >= self.setup.repetitions {
            return false;
        }
        let (truth, data, byes) = tournament(&self.setup, self.completed as u64);
        let events = self.setup.schedule.events();
        let organisers = if events { mean_place(&data) } else { points_buchholz(&data, &byes) };
        self.baseline.add(measure(&organisers, &truth));
        for (method, tally) in self.methods.iter().zip(&mut self.tallies) {
            // Never rated on data it cannot read (a games method on events finds no games).
            let fit = match events && !method.kind().rates_events() {
                true => Err(not_events(&[method.kind()], data.events.first().map_or(0, Event::size))),
                false => rate(&data, method, &self.options).map_err(|e| e.to_string()),
            };
            match fit {
                Ok(rating) => tally.add(measure(&order_values(&rating, data.players.len()), &truth)),
                Err(e) => {
                    tally.failures += 1;
                    tally.failure.get_or_insert(e);
                }
            }
        }
        self.completed += 1;
        self.completed < self.setup.repetitions
    }

    /// The results of the repetitions run so far.
    pub fn finish(self) -> Simulation {
        let methods = self.tallies.into_iter().zip(self.labels).map(|(t, label)| t.outcome(label)).collect();
        let baseline = if self.setup.schedule.events() { "mean_place" } else { "points_buchholz" };
        Simulation { setup: self.setup, methods, baseline: self.baseline.outcome(baseline.into()), completed: self.completed }
    }
}

/// Repetition `r`: the true strengths, the games (or events) played, and the byes each player
/// had.
pub fn tournament(setup: &Setup, r: u64) -> (Vec<f64>, Dataset, Vec<u32>) {
    let mut rng = Random::stream(setup.seed, r);
    let truth = strengths(setup, &mut rng);
    // The walks draw from a stream of their own: without drift, every game is as before.
    let mut walk =
        Walk { value: truth.clone(), at: vec![1; setup.players], drift: setup.drift, rng: Random::stream(setup.seed ^ DRIFT_STREAM, r) };
    let mut data = Dataset::new();
    let ids: Vec<usize> = (1..=setup.players).map(|i| data.player(&format!("P{i}")).expect("a name")).collect();
    let mut byes = vec![0u32; setup.players];
    let play = |rng: &mut Random, walk: &mut Walk, a: usize, b: usize, round: usize, data: &mut Dataset| {
        let score = outcome(rng, walk.at(a, round) - walk.at(b, round), setup.draws);
        let mut g = Game::new(ids[a], ids[b], score, data.games.len() + 1);
        g.set_round(Some(round.to_string()));
        data.games.push(g);
    };
    let mut dealt = None;
    match setup.schedule {
        Schedule::RoundRobin | Schedule::DoubleRoundRobin => {
            let legs = if setup.schedule == Schedule::RoundRobin { 1 } else { 2 };
            for (round, pairs) in circle(setup.players, legs).into_iter().enumerate() {
                for (a, b) in pairs {
                    play(&mut rng, &mut walk, a, b, round + 1, &mut data);
                }
            }
        }
        Schedule::Swiss { rounds } => {
            let mut game = |a, b, round, d: &mut Dataset| play(&mut rng, &mut walk, a, b, round, d);
            swiss(setup.players, rounds, &truth, &mut byes, &mut game, &mut data)
        }
        Schedule::Random { games } => {
            for k in 0..games {
                let a = rng.below(setup.players);
                let b = (a + 1 + rng.below(setup.players - 1)) % setup.players;
                play(&mut rng, &mut walk, a, b, k / (setup.players / 2).max(1) + 1, &mut data);
            }
        }
        Schedule::Events { events, size } => dealt = Some(league(events, size, setup.draws, &ids, &mut rng, &mut walk, &mut data)),
    }
    // The truth at the end: every walk taken to the last round.
    let last = dealt.unwrap_or_else(|| data.games.iter().filter_map(|g| g.round()?.parse::<usize>().ok()).max().unwrap_or(1));
    let truth = (0..setup.players).map(|a| walk.at(a, last)).collect();
    (truth, data, byes)
}

/// `count` events of `size` of the players `ids`, dealt in rounds (the module's notes), each
/// finishing order drawn from Plackett–Luce with the strengths of its round; returns the last
/// round.
fn league(count: usize, size: usize, draws: f64, ids: &[usize], rng: &mut Random, walk: &mut Walk, data: &mut Dataset) -> usize {
    let mut field: Vec<usize> = (0..ids.len()).collect();
    let per_round = (ids.len() / size).max(1);
    let mut round = 0;
    for e in 0..count {
        if e % per_round == 0 {
            rng.shuffle(&mut field);
            round += 1;
        }
        let seats = &field[(e % per_round) * size..][..size];
        let strengths: Vec<f64> = seats.iter().map(|&a| walk.at(a, round)).collect();
        let places = finish(rng, &strengths, draws);
        let entries = seats.iter().zip(places).map(|(&a, place)| (ids[a], place)).collect();
        data.events.push(Event::ranked((e + 1).to_string(), entries, e + 1));
    }
    round.max(1)
}

/// The places of players of log-strengths `s` in one event: the order by `s_i` plus Gumbel
/// noise (Plackett–Luce), then each neighbour tied with the one ahead with the games' draw
/// probability (standard competition places: 1, 1, 3).
fn finish(rng: &mut Random, s: &[f64], draws: f64) -> Vec<u32> {
    let keys: Vec<f64> = s.iter().map(|&x| x + rng.gumbel()).collect();
    let mut order: Vec<usize> = (0..s.len()).collect();
    crate::sort::by(&mut order, |&a, &b| keys[b].total_cmp(&keys[a]));
    let mut places = vec![0u32; s.len()];
    for (i, &a) in order.iter().enumerate() {
        let ahead = i.checked_sub(1).map(|j| order[j]);
        places[a] = match ahead {
            Some(b) if draws > 0.0 && outcome(rng, s[b] - s[a], draws) == 0.5 => places[b],
            _ => i as u32 + 1,
        };
    }
    places
}

/// Salt of the drift's random stream.
const DRIFT_STREAM: u64 = 0x9e37_79b9_7f4a_7c15;

/// The players' true log-strengths as random walks, taken forward when asked for a later
/// round: a step of `drift √Δ` (the sum of Δ rounds' steps).
struct Walk {
    value: Vec<f64>,
    /// The round each value is at.
    at: Vec<usize>,
    drift: f64,
    rng: Random,
}

impl Walk {
    fn at(&mut self, a: usize, round: usize) -> f64 {
        if self.drift > 0.0 && round > self.at[a] {
            self.value[a] += self.drift * ((round - self.at[a]) as f64).sqrt() * self.rng.normal();
            self.at[a] = round;
        }
        self.value[a]
    }
}

fn strengths(setup: &Setup, rng: &mut Random) -> Vec<f64> {
    let n = setup.players;
    if setup.clusters <= 1 {
        return (0..n).map(|_| rng.normal() * setup.spread).collect();
    }
    // Centres evenly spaced with standard deviation about `spread`; players around them.
    let c = setup.clusters as f64;
    let step = setup.spread * (12.0 / (c * c - 1.0)).sqrt() * 0.97;
    (0..n).map(|i| ((i % setup.clusters) as f64 - (c - 1.0) / 2.0) * step + rng.normal() * setup.spread / 4.0).collect()
}

/// One game's score for the first player, whose log-strength is `diff` above the second's.
fn outcome(rng: &mut Random, diff: f64, draws: f64) -> f64 {
    let p = 1.0 / (1.0 + (-diff).exp());
    let d = draws * 2.0 * p.min(1.0 - p);
    let u = rng.unit();
    if u < p - d / 2.0 {
        1.0
    } else if u < p + d / 2.0 {
        0.5
    } else {
        0.0
    }
}

/// The circle method: `legs` round robins of `n` players (a bye when `n` is odd), each round
/// its pairs; colours alternate, and swap in the second leg.
fn circle(n: usize, legs: usize) -> Vec<Vec<(usize, usize)>> {
    let m = n + n % 2;
    let mut ring: Vec<usize> = (0..m).collect();
    let mut rounds = Vec::new();
    for r in 0..m - 1 {
        let pairs: Vec<(usize, usize)> = (0..m / 2)
            .map(|i| (ring[i], ring[m - 1 - i]))
            .filter(|&(a, b)| a < n && b < n)
            .map(|(a, b)| if (r + usize::from(a == ring[0])) % 2 == 0 { (a, b) } else { (b, a) })
            .collect();
        rounds.push(pairs);
        ring[1..].rotate_right(1);
    }
    let first: Vec<_> = rounds.clone();
    for leg in 1..legs {
        rounds.extend(first.iter().map(|pairs| pairs.iter().map(|&(a, b)| if leg % 2 == 1 { (b, a) } else { (a, b) }).collect()));
    }
    rounds
}

/// A simplified Dutch Swiss (see the module's notes); `play(a, b, round, data)` plays a game.
fn swiss(
    n: usize,
    rounds: usize,
    truth: &[f64],
    byes: &mut [u32],
    play: &mut dyn FnMut(usize, usize, usize, &mut Dataset),
    data: &mut Dataset,
) {
    let mut seed: Vec<usize> = (0..n).collect();
    crate::sort::by(&mut seed, |&a, &b| truth[b].total_cmp(&truth[a]));
    let mut place = vec![0; n];
    for (i, &p) in seed.iter().enumerate() {
        place[p] = i;
    }
    let mut score = vec![0.0f64; n];
    let mut met = vec![Vec::new(); n];
    for round in 1..=rounds {
        let mut order: Vec<usize> = (0..n).collect();
        crate::sort::by(&mut order, |&a, &b| score[b].total_cmp(&score[a]).then(place[a].cmp(&place[b])));
        if n % 2 == 1 {
            let bye = *order.iter().rev().find(|&&p| byes[p] == 0).unwrap_or(&order[n - 1]);
            byes[bye] += 1;
            score[bye] += 1.0;
            order.retain(|&p| p != bye);
        }
        let before = data.games.len();
        for (a, b) in pair_round(&order, &score, &met) {
            play(a, b, round, data);
            met[a].push(b);
            met[b].push(a);
        }
        for g in &data.games[before..] {
            score[g.first()] += g.score;
            score[g.second()] += 1.0 - g.score;
        }
    }
}

/// Pairs `order` (sorted by score, then seed): the first player left takes the first player
/// of the bottom half of its score group they have not met (then those below, then the top
/// half's), searching back when the rest cannot all be paired without a repeat. Only a field
/// too small for its rounds pairs someone twice.
fn pair_round(order: &[usize], score: &[f64], met: &[Vec<usize>]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::with_capacity(order.len() / 2);
    let mut budget = 100_000;
    if pair_rest(order, score, met, &mut pairs, &mut budget) {
        return pairs;
    }
    order.chunks(2).filter(|c| c.len() == 2).map(|c| (c[0], c[1])).collect()
}

fn pair_rest(rest: &[usize], score: &[f64], met: &[Vec<usize>], pairs: &mut Vec<(usize, usize)>, budget: &mut usize) -> bool {
    let Some(&a) = rest.first() else { return true };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let group = rest.iter().take_while(|&&p| score[p] == score[a]).count();
    let half = (group / 2).max(1);
    for c in (half..rest.len()).chain(1..half) {
        let b = rest[c];
        if met[a].contains(&b) {
            continue;
        }
        let next: Vec<usize> = rest.iter().enumerate().filter(|&(i, _)| i != 0 && i != c).map(|(_, &p)| p).collect();
        pairs.push((a, b));
        if pair_rest(&next, score, met, pairs, budget) {
            return true;
        }
        pairs.pop();
    }
    false
}

/// Each player's value to rank by (best highest): the rating, with players whose rating is
/// unbounded above or below placed above or below everyone; `NaN` for no rating.
fn order_values(rating: &crate::methods::rating::Rating, n: usize) -> Vec<f64> {
    let mut v = vec![f64::NAN; n];
    for p in &rating.players {
        let value = match p.status {
            Status::UnboundedAbove => Some(f64::MAX),
            Status::UnboundedBelow => Some(f64::MIN),
            _ => p.log_strength.or(p.rating).filter(|x| x.is_finite()),
        };
        if let (Some(x), Some(slot)) = (value, v.get_mut(p.index)) {
            *slot = x;
        }
    }
    v
}

/// Each player's mean place over their events, negated (higher is better), a tie of `t` at
/// place `k` counted as `k + (t − 1)/2`; `NaN` for a player in no event.
fn mean_place(data: &Dataset) -> Vec<f64> {
    let n = data.players.len();
    let (mut sum, mut count) = (vec![0.0; n], vec![0u32; n]);
    for e in &data.events {
        for &(p, place) in &e.places {
            let tied = e.places.iter().filter(|&&(_, q)| q == place).count();
            sum[p] += f64::from(place) + (tied - 1) as f64 / 2.0;
            count[p] += 1;
        }
    }
    (0..n).map(|i| if count[i] > 0 { -sum[i] / f64::from(count[i]) } else { f64::NAN }).collect()
}

/// Points then Buchholz (the sum of the opponents' points), as one value.
fn points_buchholz(data: &Dataset, byes: &[u32]) -> Vec<f64> {
    let n = data.players.len();
    let mut points: Vec<f64> = byes.iter().map(|&b| f64::from(b)).collect();
    points.resize(n, 0.0);
    for g in &data.games {
        points[g.first()] += g.score;
        points[g.second()] += 1.0 - g.score;
    }
    let mut bh = vec![0.0; n];
    for g in &data.games {
        bh[g.first()] += points[g.second()];
        bh[g.second()] += points[g.first()];
    }
    // Buchholz is at most games × points, far below 1e6: points decide first.
    (0..n).map(|i| points[i] * 1e6 + bh[i]).collect()
}

/// Average ranks (1 = best) of `values` (NaN: unranked), ties at their mean place.
fn ranks(values: &[f64]) -> Vec<Option<f64>> {
    let mut idx: Vec<usize> = (0..values.len()).filter(|&i| !values[i].is_nan()).collect();
    crate::sort::by(&mut idx, |&a, &b| values[b].total_cmp(&values[a]));
    let mut out = vec![None; values.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && values[idx[j + 1]] == values[idx[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &k in &idx[i..=j] {
            out[k] = Some(mean);
        }
        i = j + 1;
    }
    out
}

/// One ordering against the truth, each ranked by the one tie rule (values that agree to 1e-9
/// tie: [`tie_classes`]).
fn measure(values: &[f64], truth: &[f64]) -> Measured {
    let (values, truth) = (&tie_classes(values)[..], &tie_classes(truth)[..]);
    let tau = kendall_tau_b(values, truth);
    let best = (0..truth.len()).max_by(|&a, &b| truth[a].total_cmp(&truth[b]));
    let top = values.iter().copied().filter(|x| !x.is_nan()).fold(f64::NEG_INFINITY, f64::max);
    let firsts = values.iter().filter(|&&x| x == top).count();
    let top1 = best.filter(|_| firsts > 0).map(|b| if values[b] == top { 1.0 / firsts as f64 } else { 0.0 });
    let (mine, real) = (ranks(values), ranks(truth));
    let errors: Vec<f64> = mine.iter().zip(&real).filter_map(|(a, b)| Some((a.as_ref()? - b.as_ref()?).abs())).collect();
    let rank_error = (!errors.is_empty()).then(|| errors.iter().sum::<f64>() / errors.len() as f64);
    Measured { tau, top1, rank_error }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circle_meets_everyone_once_per_leg() {
        for n in [2, 5, 6, 9] {
            let rounds = circle(n, 2);
            let mut count = std::collections::HashMap::new();
            for &(a, b) in rounds.iter().flatten() {
                *count.entry((a.min(b), a.max(b))).or_insert(0) += 1;
            }
            assert_eq!(count.len(), n * (n - 1) / 2, "{n}");
            assert!(count.values().all(|&c| c == 2), "{n}");
        }
    }

    #[test]
    fn schedules_read_and_write_the_same() {
        for s in ["round-robin", "double-round-robin", "swiss:7", "random:500"] {
            assert_eq!(s.parse::<Schedule>().unwrap().to_string(), s);
        }
        assert!("swiss:0".parse::<Schedule>().unwrap_err().to_string().contains("expected round-robin"));
    }

    /// 2,000 players in a round robin 100,000 times (it was accepted, and would have run for
    /// days): refused by the work asked for, with the limit and the repetitions that fit.
    #[test]
    fn the_work_a_simulation_asks_for_is_bounded() {
        let huge = Setup { players: 2000, schedule: Schedule::RoundRobin, repetitions: 100_000, ..Setup::default() };
        assert_eq!(huge.player_games(), 2000 * 1999);
        assert_eq!(
            huge.check().unwrap_err().to_string(),
            "2000 players, round-robin, 100000 repetitions: 399,800,000,000 player-games in all (3,998,000 a repetition), \
             more than the 100,000,000 a simulation may ask for; at most 25 repetitions of this schedule"
        );
        let fits = Setup { repetitions: 25, ..huge.clone() };
        assert_eq!(fits.check(), Ok(()));
        assert!(Setup { repetitions: 26, ..huge }.check().is_err());
        // Swiss and random schedules by players × rounds and 2 × games.
        let swiss = Setup { players: 2000, schedule: Schedule::Swiss { rounds: 11 }, repetitions: 100_000, ..Setup::default() };
        assert!(swiss.check().unwrap_err().to_string().contains("at most 4,545 repetitions"));
        let random = Setup { schedule: Schedule::Random { games: 1_000_000 }, repetitions: 51, ..Setup::default() };
        assert!(random.check().unwrap_err().to_string().contains("(2,000,000 a repetition)"));
        assert_eq!(Setup::default().check(), Ok(()));
        assert_eq!(Setup::default().player_games() * 200, 140_000);
    }

    #[test]
    fn ranks_share_ties_and_skip_the_unranked() {
        assert_eq!(ranks(&[3.0, 1.0, 3.0, f64::NAN]), [Some(1.5), Some(3.0), Some(1.5), None]);
    }
}
