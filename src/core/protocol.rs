//! Messages between the page and the compute worker. Requests carry the engine's own
//! [`Settings`] (typed: an unknown method, variant, scale, rules or tiebreak fails to decode,
//! with the list of known names); replies carry the engine's trace records, stop reasons and
//! measures, and the app's own views of the ratings and standings (what a table shows). They
//! cross the worker boundary through `serde-wasm-bindgen`.

use ratings_engine::diagnose::FindingKind;
use ratings_engine::methods::fit::Partway;
use ratings_engine::methods::race::Race;
use ratings_engine::methods::rating::{IterationRecord, MethodVariant, ParameterFit, StopReason};
use ratings_engine::methods::working::Working;
use ratings_engine::parse::detect::Format;
use ratings_engine::team::{TeamScore, TeamTiebreak};
use ratings_engine::tiebreak::{Rules, Tiebreak};
use ratings_engine::{Measures, MethodKind, ScaleKind};
use serde::{Deserialize, Serialize};

pub use crate::core::compare::{CompareRequest, CompareView, Orders};
pub use crate::core::later::Later;

pub use ratings_engine::job::Settings;

/// Where a job's input is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Source {
    /// The text in the text area, as the views ask for it (`workers::Workers` numbers it
    /// before it leaves the page).
    Text(String),
    /// The text numbered: the page numbers each new text once (`Workers`), and sends it so the
    /// first time a worker is to read it.
    Numbered { id: u32, text: String },
    /// The text numbered `id`, sent to this worker before (the bridge's record of what it
    /// sent): a parameter change sends a number, not the text again.
    Kept { id: u32 },
    /// A large file kept in the browser's storage ([`StoredFile`]), which
    /// the worker reads itself.
    Stored(StoredFile),
}

/// A large input file kept in the browser's storage: its name and size in bytes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredFile {
    pub name: String,
    pub size: f64,
    /// When it was kept (milliseconds since 1970): another file of the same name and size is
    /// another input.
    #[serde(default)]
    pub stamp: f64,
}

/// What the page shows already, as the worker said it made it: a rating request carries it,
/// and the worker leaves out of its answer what has not changed (issue 37: a σ change sends a
/// number and a setting, and gets ratings back, not the summary and the standings again).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Shown {
    pub read: Option<ReadKey>,
    pub standings: Option<StandingsKey>,
}

/// What an input's summary and warnings depend on: the text (by its number) and the settings
/// that change how it is read, or which rounds of a tournament are taken.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReadKey {
    pub input: u32,
    pub own: Option<Format>,
    pub mapping: String,
    pub skip_bad_lines: bool,
    pub after_round: Option<usize>,
}

impl ReadKey {
    /// The key of text `input` read with `settings`.
    pub fn of(input: u32, settings: &Settings) -> ReadKey {
        ReadKey {
            input,
            own: ratings_engine::job::own_format(settings.method),
            mapping: settings.mapping.clone(),
            skip_bad_lines: settings.skip_bad_lines,
            after_round: settings.after_round,
        }
    }
}

/// What a tournament's standings depend on: the input as read, the tiebreaks and the rules
/// (individual and team); not the rating method or its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingsKey {
    pub read: ReadKey,
    pub tiebreaks: Option<Vec<Tiebreak>>,
    pub rules: Option<Rules>,
    pub team_primary: TeamScore,
    pub team_tiebreaks: Option<Vec<TeamTiebreak>>,
}

impl StandingsKey {
    pub fn of(read: ReadKey, settings: &Settings) -> StandingsKey {
        StandingsKey {
            read,
            tiebreaks: settings.tiebreaks.clone(),
            rules: settings.rules,
            team_primary: settings.team_primary,
            team_tiebreaks: settings.team_tiebreaks.clone(),
        }
    }
}

/// Files (or pastes) larger than this are kept in the browser's storage and read by the
/// worker, not put into the text area.
pub const LARGE_INPUT: f64 = 1_000_000.0;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Read the input and rate it; a newer job supersedes this one. `shown`: what the page
    /// shows already, which the worker does not make or post again.
    Rate {
        job: u32,
        source: Source,
        settings: Settings,
        #[serde(default)]
        shown: Shown,
    },
    /// Stop job `job` and report its last iterate.
    Cancel { job: u32 },
    /// A newer rating, numbered `job`, runs in the other worker: drop the one running here,
    /// posting nothing more (`workers::Workers`).
    Supersede { job: u32 },
    /// Compare methods on the input (numbered from [`COMPARE_JOBS`]; a newer one supersedes
    /// this one, never a `Rate` job).
    Compare { job: u32, source: Source, settings: Settings, request: CompareRequest },
    /// Stop comparison `job`.
    CancelCompare { job: u32 },
    /// Race the iterations on the input (numbered apart from `Rate` jobs, never superseding them).
    Race { job: u32, source: Source, settings: Settings },
    /// The working of step `step` (1-based) for the player named `player`.
    Working { job: u32, source: Source, settings: Settings, step: usize, player: String },
    /// Held-out prediction on the input, or the simulation lab (numbered from [`PREDICT_JOBS`];
    /// a newer one supersedes this one). The lab needs no input (`source` `None`).
    Predict { job: u32, source: Option<Source>, settings: Settings, request: PredictRequest },
    /// Stop prediction job `job`.
    CancelPredict { job: u32 },
    /// A tournament desk's request (`components::desk`): answered by [`FromWorker::Desked`].
    Desk { job: u32, request: DeskRequest },
    /// About the desk's rating list (`worker::lists`): answered by [`FromWorker::Listed`].
    List { job: u32, request: ListRequest },
    /// Fail on purpose (tests of the page's handling of a failed worker, asked for through
    /// `window.ratingsLabFailWorker`): a panic, or with `trap` a trap without one (as running
    /// out of memory ends the worker's wasm).
    Crash { trap: bool },
}

impl ToWorker {
    /// The answer that says this request failed with `message`, for its job; `None` for a
    /// request that has no job to answer (a cancel, a test's failure on purpose).
    pub fn failure(&self, message: String) -> Option<FromWorker> {
        Some(match *self {
            ToWorker::Rate { job, .. } => FromWorker::Failed { job, message },
            ToWorker::Compare { job, .. } => FromWorker::CompareFailed { job, message, cancelled: false },
            ToWorker::Predict { job, .. } => FromWorker::PredictFailed { job, message, cancelled: false, partial: None },
            ToWorker::Race { job, .. } => FromWorker::Raced { job, race: Err(message) },
            ToWorker::Working { job, .. } => FromWorker::Worked { job, working: Err(message) },
            ToWorker::Desk { job, .. } => FromWorker::Desked { job, reply: Err(message) },
            ToWorker::List { job, .. } => FromWorker::Listed { job, reply: Err(message) },
            _ => return None,
        })
    }

    /// The input this request reads, if it reads one (where the page numbers a text and the
    /// bridge puts a number for a text sent before).
    pub fn source_mut(&mut self) -> Option<&mut Source> {
        match self {
            ToWorker::Rate { source, .. }
            | ToWorker::Compare { source, .. }
            | ToWorker::Race { source, .. }
            | ToWorker::Working { source, .. } => Some(source),
            ToWorker::Predict { source, .. } => source.as_mut(),
            _ => None,
        }
    }
}

/// What the first worker (`worker::core`) reads: [`ToWorker`]'s rating requests, the same
/// messages, and nothing else, so that the others' decoding (the desk's, prediction's) is left
/// out of its wasm (issue 24).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub enum FirstRequest {
    Rate {
        job: u32,
        source: Source,
        settings: Settings,
        #[serde(default)]
        shown: Shown,
    },
    Cancel {
        job: u32,
    },
    Supersede {
        job: u32,
    },
    Crash {
        trap: bool,
    },
}

/// What the lab's worker (`worker::lab`) reads: [`ToWorker`]'s requests but the desk's (`Desk`,
/// `List`, which go to the desk's worker), the same messages, so that the desk's decoding (a
/// tournament's requests and actions, some 28 KB of its wasm) is left out of the lab worker's
/// main part, which holds every rating method (issue 40: its 410 KB ceiling).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub enum LabRequest {
    Rate {
        job: u32,
        source: Source,
        settings: Settings,
        #[serde(default)]
        shown: Shown,
    },
    Cancel {
        job: u32,
    },
    Supersede {
        job: u32,
    },
    Compare {
        job: u32,
        source: Source,
        settings: Settings,
        request: CompareRequest,
    },
    CancelCompare {
        job: u32,
    },
    Race {
        job: u32,
        source: Source,
        settings: Settings,
    },
    Working {
        job: u32,
        source: Source,
        settings: Settings,
        step: usize,
        player: String,
    },
    Predict {
        job: u32,
        source: Option<Source>,
        settings: Settings,
        request: PredictRequest,
    },
    CancelPredict {
        job: u32,
    },
    Crash {
        trap: bool,
    },
}

impl From<LabRequest> for ToWorker {
    fn from(r: LabRequest) -> ToWorker {
        match r {
            LabRequest::Rate { job, source, settings, shown } => ToWorker::Rate { job, source, settings, shown },
            LabRequest::Cancel { job } => ToWorker::Cancel { job },
            LabRequest::Supersede { job } => ToWorker::Supersede { job },
            LabRequest::Compare { job, source, settings, request } => ToWorker::Compare { job, source, settings, request },
            LabRequest::CancelCompare { job } => ToWorker::CancelCompare { job },
            LabRequest::Race { job, source, settings } => ToWorker::Race { job, source, settings },
            LabRequest::Working { job, source, settings, step, player } => ToWorker::Working { job, source, settings, step, player },
            LabRequest::Predict { job, source, settings, request } => ToWorker::Predict { job, source, settings, request },
            LabRequest::CancelPredict { job } => ToWorker::CancelPredict { job },
            LabRequest::Crash { trap } => ToWorker::Crash { trap },
        }
    }
}

/// Prediction jobs are numbered from here, apart from rating and comparison jobs.
pub const PREDICT_JOBS: u32 = 1 << 29;

/// What the prediction view asks for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PredictRequest {
    /// Each method fit on the earlier games, scored on the later `holdout` share.
    Evaluate { methods: Vec<ratings_engine::Method>, holdout: f64, rolling: usize },
    /// The simulation lab.
    Simulate { setup: ratings_engine::evaluation::simulate::Setup, methods: Vec<ratings_engine::Method> },
    /// A parameter of `method` searched out of sample, over `grid` (`None`: the parameter's
    /// own grid).
    Tune {
        method: ratings_engine::Method,
        parameter: ratings_engine::evaluation::Parameter,
        holdout: f64,
        #[serde(default)]
        grid: Option<Vec<f64>>,
    },
}

/// What the worker answers a [`PredictRequest`] with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PredictResult {
    Evaluated(ratings_engine::evaluation::Evaluation),
    Simulated(ratings_engine::evaluation::simulate::Simulation),
    Tuned(ratings_engine::evaluation::Tuning),
}

/// Comparison jobs are numbered from here, apart from rating jobs.
pub const COMPARE_JOBS: u32 = 1 << 30;

/// A message about one input line (0 = not about a particular line).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineMessage {
    pub line: usize,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InputSummary {
    pub format: Format,
    /// Multi-player events (multiplayer Elo).
    pub events: usize,
    pub games: usize,
    pub players: usize,
    /// What was recognised, as `(what, value)`: columns (`first = White`), or a tournament's
    /// name and rounds.
    pub columns: Vec<(String, String)>,
    /// Every game has a date, or every game a round: a dated history, for the estimates of
    /// long work (`methods::cost::dated`: WHR costs far less on one).
    #[serde(default)]
    pub dated: bool,
}

impl InputSummary {
    /// The value recognised for `what` ("" when none).
    pub fn get(&self, what: &str) -> String {
        self.columns.iter().find(|(k, _)| k == what).map(|(_, v)| v.clone()).unwrap_or_default()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRow {
    pub name: String,
    pub rank: Option<usize>,
    pub rating: Option<f64>,
    pub games: u32,
    pub score: f64,
    pub group: Option<usize>,
    /// Why there is no rating, in words ("" when rated).
    pub note: String,
    /// Uncertainty on the display scale, one standard deviation (Brent's standard error, the
    /// AGA's σ, the Glicko family's and WHR's deviation).
    pub sigma: Option<f64>,
    /// The method's own words for the rating (AGA: "3.4d").
    pub label: Option<String>,
    /// The rating through the run, on [`RatingResult::history_axis`] (the methods through time).
    pub history: Option<Vec<crate::core::history::HistoryRow>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub kind: FindingKind,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingResult {
    pub method: MethodKind,
    /// Brent's display scale (`None` for the other methods, which have their own).
    pub scale: Option<ScaleKind>,
    /// Best first. Crosses the worker boundary as one JSON text: a hundred thousand small
    /// objects one by one would hold the page up for seconds.
    #[serde(with = "players_as_json")]
    pub players: Vec<PlayerRow>,
    pub iterations: usize,
    /// What the players' histories' x counts.
    #[serde(default)]
    pub history_axis: crate::core::history::HistoryAxis,
    /// Brent: full passes over the scores, whatever the iteration does inside a step.
    pub passes: Option<usize>,
    /// How the method ran (Brent: the iteration, `auto` resolved); `None` when nothing was rated.
    pub variant: Option<MethodVariant>,
    pub converged: bool,
    pub stop: StopReason,
    pub final_residual: f64,
    /// What the trace measures, its tolerance, and what a step is.
    pub measures: Option<Measures>,
    pub warnings: Vec<String>,
    pub findings: Vec<Finding>,
    pub suggested_gamma: Option<f64>,
    /// Brent's γ as the EIG tiebreak's rule set it on a tournament file (γ not set by hand).
    #[serde(default)]
    pub eig_gamma: Option<f64>,
    pub groups: usize,
    /// Elo: the share of decisive games won by the favourite.
    pub accuracy: Option<f64>,
    /// How many decisive games (multiplayer Elo: events with a single favourite) `accuracy`
    /// is the share of.
    #[serde(default)]
    pub decided: Option<usize>,
    pub fit: Option<ParameterFit>,
    /// Display ratings before the first step (`steps[0]`) and after each, aligned with
    /// `players` (small inputs only).
    pub steps: Option<Vec<Vec<Option<f64>>>>,
    /// The result as the engine exports it, for download.
    pub csv: String,
    pub json: String,
    /// For a tournament file: the standings with the chosen tiebreaks, decoded by the
    /// standings' view in its part of the wasm ([`Later`]).
    pub standings: Option<Later<StandingsView>>,
    /// What `standings` were computed from; with `standings` left out (`None`) when the page
    /// shows those already (`Shown::standings`), which it keeps.
    #[serde(default)]
    pub standings_key: Option<StandingsKey>,
    /// The ratings are shown before their standard errors, which follow in a second `Done`
    /// for the same job (Brent on a group of hundreds: see `Fit::finish_early`).
    #[serde(default)]
    pub errors_pending: bool,
    /// Elo with "each game's ratings": every game's ratings before it, in the order played,
    /// decoded by the games' table in its part of the wasm ([`Later`]).
    #[serde(default)]
    pub games: Option<Later<Vec<GameRow>>>,
}

/// One game as Elo met it: the players' ratings before it, the first player's expected and
/// actual score; the players by name.
pub type GameRow = ratings_engine::methods::rating::NamedGame<String>;

impl RatingResult {
    /// Steps recorded (0 when none were).
    pub fn step_count(&self) -> usize {
        self.steps.as_ref().map_or(0, |s| s.len().saturating_sub(1))
    }

    /// Whether the table has an uncertainty (±) column: some player has one, or they are
    /// still being computed (the column stays put when they come).
    pub fn shows_uncertainty(&self) -> bool {
        self.errors_pending || self.players.iter().any(|p| p.sigma.is_some())
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingsView {
    /// The tiebreaks, in order: the table's columns.
    pub codes: Vec<Tiebreak>,
    pub rows: Vec<StandingRowView>,
    pub csv: String,
    /// What a printed page's title block says.
    pub title: StandingsTitle,
    /// Whether the pairings were fixed in advance (a round robin): the crosstable is square.
    pub round_robin: bool,
    /// The file's declared ranks against these standings, and the order that gives them.
    pub declared: Option<ratings_engine::tiebreak::declared::RankCheck>,
    pub search: Option<ratings_engine::tiebreak::declared::Search>,
    /// The tiebreaks the file declares (TRF-2026 212/202).
    pub file_order: Option<ratings_engine::tournament::DeclaredOrder>,
    /// A team tournament's team standings (TRF 013 or 310 team records).
    pub teams: Option<TeamsView>,
    /// The round these standings are after, of the rounds played in the file.
    pub round: usize,
    pub rounds_played: usize,
    /// The Buchholz tie-breaks a round robin's order asked for and the standings left out,
    /// in words ([`ratings_engine::job::TournamentStandings::refused_note`]).
    #[serde(default)]
    pub refused: Option<String>,
    /// The round robin's players not counted (C.06 V.4a) and why, in words
    /// ([`ratings_engine::tiebreak::printed::not_counted_note`]).
    #[serde(default)]
    pub not_counted: Option<String>,
}

/// A team tournament's standings as the team table shows them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamsView {
    pub standings: ratings_engine::team::TeamStandings,
    /// By team index: its pairing number and the rank the file declares.
    pub numbers: Vec<u32>,
    pub declared_ranks: Vec<Option<u32>>,
    pub csv: String,
    /// From making the matches out of the players' games.
    pub warnings: Vec<String>,
    /// The order the file declares, as team tiebreaks (when every code is computed here).
    pub file_order: Option<Vec<ratings_engine::team::TeamTiebreak>>,
    /// By team index, round by round: the match or the round without one (the team
    /// crosstable, the team pairings).
    #[serde(default)]
    pub rounds: Vec<Vec<TeamCell>>,
    /// By team index: its players' start numbers, board order (a match's boards).
    #[serde(default)]
    pub members: Vec<Vec<u32>>,
    /// Boards per match: the game points a match is worth.
    #[serde(default)]
    pub boards: usize,
}

/// One team's round: the team met (an index into the teams) with the game points scored and
/// the match's result, or no opponent and the round's code (a bye, a forfeit).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamCell {
    pub opponent: Option<usize>,
    pub game_points: Option<f64>,
    pub result: ratings_engine::tournament::RoundResult,
}

/// One round of one player, for the crosstable: the opponent's start number, the colour and
/// the result.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrossCell {
    pub opponent: Option<u32>,
    pub colour: Option<ratings_engine::tournament::Colour>,
    pub result: ratings_engine::tournament::RoundResult,
}

/// The tournament as its file describes it, and the rules the standings follow: the title
/// block of the printed standings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StandingsTitle {
    pub name: Option<String>,
    pub city: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub arbiter: Option<String>,
    pub kind: Option<String>,
    pub rounds: usize,
    pub players: usize,
    pub rules: ratings_engine::tiebreak::Rules,
    /// Why those rules ("the tournament started …", "chosen by the user").
    #[serde(default)]
    pub rules_reason: String,
    /// Standings after this round, when not the last played.
    pub after_round: Option<usize>,
    /// The file's round entered but not played (only byes entered), in words.
    #[serde(default)]
    pub pending: Option<String>,
    /// FIDE mode, or left by the arbiter (the file's mark): the title says so when left, on
    /// screen and in print (FIDE's checklist Q46).
    #[serde(default)]
    pub mode: ratings_engine::tournament::Mode,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingRowView {
    pub rank: usize,
    pub start: u32,
    pub name: String,
    pub rating: Option<u32>,
    pub points: f64,
    pub values: Vec<Option<f64>>,
    /// Round by round, for the crosstable.
    pub rounds: Vec<CrossCell>,
    /// The rank the file declares, and whether these standings give it (within a tie).
    pub declared_rank: Option<u32>,
    pub declared_agrees: bool,
    /// The rank after the round before (from round 2).
    pub previous_rank: Option<usize>,
    /// How each value was derived (opponents, cuts, unplayed rounds).
    pub explanations: Vec<String>,
    /// The title and federation the file gives (TRF `001` columns 11-13 and 54-56).
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub federation: Option<String>,
    /// Sex and year of birth (TRF `001` columns 10 and 70-73): the category lists.
    #[serde(default)]
    pub sex: Option<ratings_engine::tournament::Sex>,
    #[serde(default)]
    pub birth_year: Option<u16>,
    /// The points scored in each round (the pairings' points before a round).
    #[serde(default)]
    pub round_points: Vec<f64>,
    /// Withdrawn or expelled, from which round (the file's marks, or absences to the last
    /// round). An expelled player is not ranked: listed last, `rank` only their place there
    /// (Q170, Q198).
    #[serde(default)]
    pub departure: Option<ratings_engine::tournament::Departure>,
    /// Left a round robin having played fewer than half of their games: not counted, not
    /// ranked, listed last (FIDE Tournament Rules C.06 V.4a, the checklist's Q103).
    #[serde(default)]
    pub not_counted: bool,
}

impl StandingRowView {
    /// Ranked: neither expelled nor [`StandingRowView::not_counted`].
    pub fn ranked(&self) -> bool {
        !self.not_counted && !self.departure.is_some_and(|d| d.is_expelled())
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker is listening; requests sent before this would be lost.
    Ready,
    /// The input's summary and warnings; not posted when the page shows them already
    /// (`Shown::read` is `key`).
    Parsed {
        job: u32,
        summary: InputSummary,
        warnings: Vec<LineMessage>,
        #[serde(default)]
        key: Option<ReadKey>,
    },
    ParseFailed {
        job: u32,
        errors: Vec<LineMessage>,
    },
    /// Bytes of a stored file read so far.
    Reading {
        job: u32,
        bytes: f64,
        total: f64,
    },
    /// The fit has started: what its trace measures.
    Started {
        job: u32,
        measures: Measures,
    },
    /// Steps done since the last progress message, and how far the step under way is when
    /// the slice ended within one (WHR's Newton step on a long history).
    Progress {
        job: u32,
        trace: Vec<IterationRecord>,
        partway: Option<Partway>,
    },
    Done {
        job: u32,
        result: RatingResult,
    },
    Failed {
        job: u32,
        message: String,
    },
    /// The first worker's answer to a tournament (a TRF, say): the lab's worker rates it, with
    /// the standings, whose tiebreaks the first worker's code leaves out (`workers::Workers`
    /// sends it the request again; the page never sees this message).
    Elsewhere {
        job: u32,
    },
    /// A comparison: `done` of `total` steps, the next one `doing`.
    CompareProgress {
        job: u32,
        done: usize,
        total: usize,
        doing: String,
    },
    Compared {
        job: u32,
        view: Later<CompareView>,
    },
    /// The comparison could not be made (or was cancelled: `cancelled`).
    CompareFailed {
        job: u32,
        message: String,
        cancelled: bool,
    },
    /// The reply to [`ToWorker::Race`].
    Raced {
        job: u32,
        race: Result<Later<Race>, String>,
    },
    /// The reply to [`ToWorker::Working`].
    Worked {
        job: u32,
        working: Result<Later<Working>, String>,
    },
    /// A prediction job: `done` of `total` steps (fits of a method on a block, or
    /// repetitions), and what is being done with the time left when the worker says it.
    PredictProgress {
        job: u32,
        done: usize,
        total: usize,
        #[serde(default)]
        doing: Option<String>,
    },
    Predicted {
        job: u32,
        result: Later<PredictResult>,
    },
    /// The prediction job could not be done (or was cancelled: `cancelled`; what was done so
    /// far, if anything, in `partial`).
    PredictFailed {
        job: u32,
        message: String,
        cancelled: bool,
        partial: Option<Later<PredictResult>>,
    },
    /// The worker panicked (its last message: the bridge ends it and reports its open jobs).
    Crashed {
        message: String,
    },
    /// A desk request's answer: the tournament's file after it and what the desk shows, or why
    /// it was refused (the file unchanged).
    Desked {
        job: u32,
        reply: Result<Later<DeskReply>, String>,
    },
    /// A rating list's answer: what was read, the players found.
    Listed {
        job: u32,
        reply: Result<Later<ListReply>, String>,
    },
}

/// What the desk asks of its rating list (`worker::lists`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ListRequest {
    /// Read the list the page has just kept in the browser's storage (`idb::lists`).
    Load,
    /// The players whose name starts as `query` (or whose FIDE id it is), with the rating of
    /// the kind asked.
    Search { query: String, kind: ratings_engine::parse::rating_list::RatingType },
}

/// A rating list as read: its file, month, size, and what was not read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ListSummary {
    pub name: String,
    pub date: Option<String>,
    pub players: usize,
    pub format: ratings_engine::parse::rating_list::ListFormat,
    /// `ReadList::warning_lines`: the columns or elements the file has and the reader does not
    /// keep (named once), how many lines were left out, then each line that could not be read.
    pub warnings: Vec<String>,
    /// A FIDE separate list's one kind of rating (`standard_…`, `rapid_…`, `blitz_…`).
    #[serde(default)]
    pub kind: Option<ratings_engine::parse::rating_list::RatingType>,
}

/// The rating list's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ListReply {
    pub summary: Option<ListSummary>,
    pub found: Vec<ratings_engine::parse::rating_list::ListPlayer>,
}

/// What the tournament desk asks of the engine (`ratings_engine::desk`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DeskRequest {
    /// A new tournament from its details and a pasted players table; with `from_list`, the
    /// players rated (that kind of rating) from the rating list the worker keeps
    /// (`ratings_engine::desk::from_list::listed_file`). `None`: as typed.
    Create {
        details: ratings_engine::desk::Details,
        players: String,
        #[serde(default)]
        from_list: Option<ratings_engine::parse::rating_list::RatingType>,
    },
    /// A change to the tournament's file.
    Apply { text: String, action: ratings_engine::desk::Action },
    /// The file as it is (opened, imported, or after *Undo*).
    View { text: String },
    /// Why round `round` is paired as it is (`ratings-lab pair --explain`).
    Explain { text: String, round: usize },
    /// The file to export: TRF-2026 or TRF-16, the ranks after the last complete round written
    /// (`fin`: the final file, refused while a result is missing or adjourned).
    Export { text: String, version: ratings_engine::desk::export::TrfVersion, fin: bool },
    /// The prize list of the file's standings by the prize table typed (`ratings-lab prizes`).
    Prizes { text: String, table: String, sharing: Option<ratings_engine::tiebreak::prizes::Sharing> },
    /// An imported file checked against the rules it declares, and every adjustment made in
    /// reading it (`ratings_engine::desk::import::check`).
    CheckImport { text: String },
    /// The FIDE rating report (B.02) and title-norm check (B.01 1.4) of the file, as text,
    /// with the K inputs a TRF lacks ([`KInputs`]).
    Report { text: String, k: KInputs },
    /// The standings for the players' view (as the organiser's view ranks the file).
    Standings { text: String },
}

/// What the rating report needs and a TRF does not hold, by start number (`ratings-lab
/// report`'s `--k-factor`, `--new-player`, `--reached-2400`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct KInputs {
    pub k: Vec<(u32, u32)>,
    pub new_players: Vec<u32>,
    pub reached_2400: Vec<u32>,
}

impl KInputs {
    /// Reads the desk's three fields: `5=40 12=10`, then start numbers (spaces or commas).
    pub fn read(k: &str, new_players: &str, reached: &str) -> Result<KInputs, String> {
        let words = |s: &str| s.split([' ', ',', ';']).filter(|w| !w.is_empty()).map(str::to_string).collect::<Vec<_>>();
        let number = |w: &str, what: &str| w.trim().parse::<u32>().map_err(|_| format!("{what}: expected a start number, found '{w}'"));
        let pair = |w: &String| -> Result<(u32, u32), String> {
            let (s, k) = w.split_once('=').ok_or(format!("K: expected START=K (e.g. 5=40), found '{w}'"))?;
            let k = k
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|k| [10, 20, 40].contains(k))
                .ok_or(format!("K: expected 10, 20 or 40, found '{k}'"))?;
            Ok((number(s, "K")?, k))
        };
        Ok(KInputs {
            k: words(k).iter().map(pair).collect::<Result<_, _>>()?,
            new_players: words(new_players).iter().map(|w| number(w, "New players")).collect::<Result<_, _>>()?,
            reached_2400: words(reached).iter().map(|w| number(w, "Reached 2400")).collect::<Result<_, _>>()?,
        })
    }
}

/// One line of the players' view's standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingLine {
    pub rank: usize,
    pub start: u32,
    pub name: String,
    pub points: f64,
    /// The tiebreaks' values in the order of [`PlayersStandings::codes`] (`None`: not applicable).
    pub tiebreaks: Vec<Option<f64>>,
    /// Withdrawn or expelled, as the organiser's standings mark them (an expelled player is
    /// listed last, not ranked).
    #[serde(default)]
    pub departure: Option<ratings_engine::tournament::Departure>,
    /// Not counted (a round robin's player who left under half of their games): listed last,
    /// not ranked.
    #[serde(default)]
    pub not_counted: bool,
}

/// The standings the players' view shows: after `round`, by the file's tiebreaks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayersStandings {
    pub round: usize,
    pub codes: Vec<String>,
    pub lines: Vec<StandingLine>,
}

/// One player's line of the rating report as the desk shows it on a card (a table a player,
/// which a phone shows whole): the figures of `ratings_engine::fide::report::Player`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportCard {
    pub start: u32,
    pub name: String,
    pub title: Option<String>,
    pub rating: Option<u32>,
    pub k: Option<u32>,
    pub games: usize,
    pub score: f64,
    pub expected: Option<f64>,
    pub change: Option<i64>,
    pub new_rating: Option<i64>,
    pub performance: Option<i64>,
    /// The norms achieved (`GM norm`), and the games left out with why.
    pub notes: Vec<String>,
}

/// The desk's answer: the file and its view (`explain`/`export`: the text asked for).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeskReply {
    pub text: String,
    pub view: ratings_engine::desk::DeskView,
    #[serde(default)]
    pub explain: Option<String>,
    #[serde(default)]
    pub export: Option<String>,
    #[serde(default)]
    pub report: Option<String>,
    #[serde(default)]
    pub standings: Option<PlayersStandings>,
    /// The rating report a player a card ([`DeskRequest::Report`]).
    #[serde(default)]
    pub report_cards: Option<Vec<ReportCard>>,
    /// The prize list ([`DeskRequest::Prizes`]).
    #[serde(default)]
    pub prizes: Option<ratings_engine::tiebreak::prizes::PrizeList>,
    /// What the check of an imported file found ([`DeskRequest::CheckImport`]).
    #[serde(default)]
    pub import: Option<ratings_engine::desk::import::ImportReport>,
    /// The change was not made: it needs the arbiter's agreement first (the file unchanged).
    #[serde(default)]
    pub confirm: Option<Confirmation>,
}

/// What the arbiter is asked before a change goes through (`ratings_engine::desk::confirm`):
/// the level (a warning acknowledged, a confirmation, a double confirmation) and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Confirmation {
    pub level: ratings_engine::desk::Level,
    pub warnings: Vec<String>,
}

impl FromWorker {
    pub fn job(&self) -> Option<u32> {
        match self {
            FromWorker::Ready | FromWorker::Crashed { .. } => None,
            FromWorker::Parsed { job, .. }
            | FromWorker::ParseFailed { job, .. }
            | FromWorker::Reading { job, .. }
            | FromWorker::Started { job, .. }
            | FromWorker::Progress { job, .. }
            | FromWorker::Done { job, .. }
            | FromWorker::Failed { job, .. }
            | FromWorker::Elsewhere { job }
            | FromWorker::CompareProgress { job, .. }
            | FromWorker::Compared { job, .. }
            | FromWorker::CompareFailed { job, .. }
            | FromWorker::Raced { job, .. }
            | FromWorker::Worked { job, .. }
            | FromWorker::PredictProgress { job, .. }
            | FromWorker::Predicted { job, .. }
            | FromWorker::PredictFailed { job, .. }
            | FromWorker::Desked { job, .. }
            | FromWorker::Listed { job, .. } => Some(*job),
        }
    }

    /// Whether this is about a prediction job (the prediction view's to apply).
    pub fn is_predict(&self) -> bool {
        matches!(self, FromWorker::PredictProgress { .. } | FromWorker::Predicted { .. } | FromWorker::PredictFailed { .. })
    }

    /// Whether this is about a comparison (the compare view's to apply).
    pub fn is_compare(&self) -> bool {
        matches!(self, FromWorker::CompareProgress { .. } | FromWorker::Compared { .. } | FromWorker::CompareFailed { .. })
    }
}

/// The players as one JSON text on the wire (every number in a [`PlayerRow`] is finite).
mod players_as_json {
    use super::PlayerRow;
    use serde::de::Error as _;
    use serde::ser::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(players: &[PlayerRow], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&serde_json::to_string(players).map_err(S::Error::custom)?)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<PlayerRow>, D::Error> {
        let text = String::deserialize(d)?;
        serde_json::from_str(&text).map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::{DeskRequest, FirstRequest, KInputs, Settings, Shown, Source, StoredFile, ToWorker};
    use ratings_engine::parse::rating_list::RatingType;

    #[test]
    fn a_new_tournament_is_rated_from_the_list_only_when_asked() {
        let details = ratings_engine::desk::Details { name: "Club".into(), ..Default::default() };
        let asked = DeskRequest::Create { details: details.clone(), players: "Anna\nBen\n".into(), from_list: Some(RatingType::Rapid) };
        let json = serde_json::to_string(&asked).unwrap();
        assert_eq!(serde_json::from_str::<DeskRequest>(&json).unwrap(), asked);
        // As a page from before the rating list sends it.
        let old = json.replace(r#","from_list":"Rapid""#, "");
        assert!(!old.contains("from_list"), "{old}");
        let read = serde_json::from_str::<DeskRequest>(&old).unwrap();
        assert_eq!(read, DeskRequest::Create { details, players: "Anna\nBen\n".into(), from_list: None });
    }

    #[test]
    fn the_first_worker_reads_the_pages_rating_requests_as_sent_and_no_other() {
        let mut settings = Settings::default();
        settings.params.brent.gamma = 0.25;
        settings.anchor = "Anna".into();
        let stored = Source::Stored(StoredFile { name: "big.csv".into(), size: 12.0, stamp: 5.0 });
        let pairs = [
            (
                ToWorker::Rate { job: 3, source: stored.clone(), settings: settings.clone(), shown: Shown::default() },
                FirstRequest::Rate { job: 3, source: stored, settings: settings.clone(), shown: Shown::default() },
            ),
            (
                ToWorker::Rate { job: 4, source: Source::Kept { id: 2 }, settings: settings.clone(), shown: Shown::default() },
                FirstRequest::Rate { job: 4, source: Source::Kept { id: 2 }, settings, shown: Shown::default() },
            ),
            (ToWorker::Cancel { job: 4 }, FirstRequest::Cancel { job: 4 }),
            (ToWorker::Supersede { job: 5 }, FirstRequest::Supersede { job: 5 }),
            (ToWorker::Crash { trap: true }, FirstRequest::Crash { trap: true }),
        ];
        for (sent, read) in pairs {
            let json = serde_json::to_string(&sent).unwrap();
            assert_eq!(serde_json::from_str::<FirstRequest>(&json).unwrap(), read, "{json}");
        }
        let other = serde_json::to_string(&ToWorker::CancelCompare { job: 9 }).unwrap();
        let e = serde_json::from_str::<FirstRequest>(&other).unwrap_err().to_string();
        assert!(e.contains("unknown variant `CancelCompare`"), "{e}");
    }

    /// The lab's worker reads every request the page sends it as the page sent it (each
    /// variant through JSON, read as a `LabRequest` and made a `ToWorker` again: a variant or
    /// a field left out of the mirror shows), and not the desk's.
    #[test]
    fn the_lab_worker_reads_every_request_but_the_desks_as_sent() {
        use super::{CompareRequest, LabRequest, Orders, PredictRequest};
        let mut settings = Settings::default();
        settings.params.brent.gamma = 0.25;
        let text = Source::Text("a,b,1-0".into());
        let methods = vec![ratings_engine::Method::Elo(Default::default())];
        let sent = [
            ToWorker::Rate { job: 3, source: Source::Kept { id: 2 }, settings: settings.clone(), shown: Shown::default() },
            ToWorker::Cancel { job: 4 },
            ToWorker::Supersede { job: 5 },
            ToWorker::Compare {
                job: 6,
                source: text.clone(),
                settings: settings.clone(),
                request: CompareRequest { methods: methods.clone(), orders: Orders::Shuffled { n: 5, seed: 1 } },
            },
            ToWorker::CancelCompare { job: 7 },
            ToWorker::Race { job: 8, source: text.clone(), settings: settings.clone() },
            ToWorker::Working { job: 9, source: text.clone(), settings: settings.clone(), step: 2, player: "Anna".into() },
            ToWorker::Predict {
                job: 10,
                source: Some(text),
                settings,
                request: PredictRequest::Evaluate { methods, holdout: 0.2, rolling: 1 },
            },
            ToWorker::CancelPredict { job: 11 },
            ToWorker::Crash { trap: true },
        ];
        for request in sent {
            let json = serde_json::to_string(&request).unwrap();
            assert_eq!(ToWorker::from(serde_json::from_str::<LabRequest>(&json).unwrap()), request, "{json}");
        }
        let desk = ToWorker::Desk {
            job: 12,
            request: DeskRequest::Create { details: Default::default(), players: String::new(), from_list: None },
        };
        let e = serde_json::from_str::<LabRequest>(&serde_json::to_string(&desk).unwrap()).unwrap_err().to_string();
        assert!(e.contains("unknown variant `Desk`"), "{e}");
    }

    #[test]
    fn the_desks_k_inputs_are_read_as_the_command_lines_flags_or_refused_saying_why() {
        let k = KInputs::read("5=40, 12=10", "7 9", "3").unwrap();
        assert_eq!(k, KInputs { k: vec![(5, 40), (12, 10)], new_players: vec![7, 9], reached_2400: vec![3] });
        assert_eq!(KInputs::read("", "", "").unwrap(), KInputs::default());
        assert_eq!(KInputs::read("5=30", "", "").unwrap_err(), "K: expected 10, 20 or 40, found '30'");
        assert_eq!(KInputs::read("5", "", "").unwrap_err(), "K: expected START=K (e.g. 5=40), found '5'");
        assert_eq!(KInputs::read("", "seven", "").unwrap_err(), "New players: expected a start number, found 'seven'");
    }
}
