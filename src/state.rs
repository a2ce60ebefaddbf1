//! The app's state: one bundle of signals, shared by the components.

use crate::core::engine::methods::fit::Partway;
use crate::core::engine::methods::rating::IterationRecord;
use crate::core::engine::Measures;
use crate::core::protocol::{FromWorker, InputSummary, Later, LineMessage, RatingResult, ReadKey, Settings, Shown, StoredFile};
use crate::storage::Kept;
use leptos::prelude::*;

/// Sends a request to the worker as it is (a comparison, the race, a step's working): a
/// context the page (`app.rs`) provides and the panels use.
#[derive(Clone, Copy)]
pub struct SendToWorker(pub Callback<crate::core::protocol::ToWorker>);

/// Rates the input again now (after a large file is stored or removed): a context, as
/// [`SendToWorker`].
#[derive(Clone, Copy)]
pub struct Rerate(pub Callback<()>);

/// Cancels the rating under way (the convergence panel's *Cancel*): a context, as
/// [`SendToWorker`].
#[derive(Clone, Copy)]
pub struct CancelRating(pub Callback<()>);

/// How long a job runs before the page shows it under way ([`State::begin`]).
pub const BUSY_AFTER_MS: u64 = 120;

/// Sets `signal` only when `value` differs, so what shows it is not rebuilt for nothing.
fn set_if_new<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    if signal.with_untracked(|v| *v != value) {
        signal.set(value);
    }
}

/// The ratings table's column sorted by. The sort's flag (`(key, first)`) is `true` for the
/// order a first click gives: rank and name from the top (ascending), the numbers largest
/// first (descending); [`SortKey::ascending`] says which way that is, for the arrow and
/// `aria-sort`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortKey {
    Rank,
    Name,
    Rating,
    Games,
    Score,
}

impl SortKey {
    /// Whether the order the flag `first` gives is ascending (smallest first).
    pub fn ascending(self, first: bool) -> bool {
        first != matches!(self, SortKey::Rating | SortKey::Games | SortKey::Score)
    }
}

/// An input: text (in the text area), or a large file kept in the browser's storage.
#[derive(Clone)]
pub enum Input {
    Text(String),
    /// The file's contents and its name.
    File(web_sys::Blob, String),
}

/// What put the input there in place of the one before (kept for *Undo*).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum How {
    Cleared,
    Opened(String),
    /// A lesson dataset was loaded (its title).
    Lesson(&'static str),
    Dropped(String),
    Pasted,
    /// A link's data were opened.
    Link,
}

/// An input replaced by a change, and the change.
#[derive(Clone)]
pub struct Replaced {
    pub input: Input,
    pub how: How,
    /// The settings before the change, when the change set them too (a lesson sets the method
    /// it teaches): *Undo* puts them back with the input.
    pub settings: Option<Settings>,
}

/// How many changes of the input *Undo* can take back.
pub const UNDO_DEPTH: usize = 20;

/// The inputs replaced, newest last: `back` for *Undo*, `forward` (what Undo took back) for
/// *Redo*; a new change empties `forward`.
#[derive(Clone, Default)]
pub struct History {
    pub back: Vec<Replaced>,
    pub forward: Vec<Replaced>,
}

impl History {
    /// Keeps `r` for *Undo* after a new change (dropping the oldest beyond [`UNDO_DEPTH`]).
    pub fn push(&mut self, r: Replaced) {
        self.forward.clear();
        self.back.push(r);
        if self.back.len() > UNDO_DEPTH {
            self.back.remove(0);
        }
    }
}

#[derive(Clone, Copy)]
pub struct State {
    /// The results text, exactly as the user entered it.
    pub text: RwSignal<String>,
    pub settings: RwSignal<Settings>,
    /// The newest job sent to the worker; older messages are ignored.
    pub job: RwSignal<u32>,
    /// Whether the newest job is shown as under way (see [`State::begin`]).
    pub running: RwSignal<bool>,
    /// The newest job while it is quiet (its first [`BUSY_AFTER_MS`]), and the messages it
    /// has sent meanwhile, held back.
    quiet: StoredValue<(Option<u32>, Vec<FromWorker>)>,
    /// What the summary shown was read from, as the worker said ([`FromWorker::Parsed`]'s key):
    /// a rating request carries it ([`State::shown`]), and the summary is not posted again.
    shown_read: StoredValue<Option<ReadKey>>,
    pub summary: RwSignal<Option<InputSummary>>,
    pub errors: RwSignal<Vec<LineMessage>>,
    pub warnings: RwSignal<Vec<LineMessage>>,
    pub failure: RwSignal<Option<String>>,
    pub trace: RwSignal<Vec<IterationRecord>>,
    /// How far the step under way is, when the fit's last slice ended within one.
    pub partway: RwSignal<Option<Partway>>,
    /// What the running (or last) fit's trace measures.
    pub measures: RwSignal<Option<Measures>>,
    /// Something to say about the settings (saved ones that could not be read).
    pub notice: RwSignal<Option<String>>,
    /// A large input kept in the browser's storage instead of the text area.
    pub stored_file: RwSignal<Option<StoredFile>>,
    /// Its first lines, to show in place of the text area.
    pub preview: RwSignal<String>,
    /// Bytes of it the worker has read, and its size.
    pub reading: RwSignal<Option<(f64, f64)>>,
    /// The job whose result is shown (for tests and benchmarks to see a new one arrive).
    pub shown_job: RwSignal<u32>,
    pub result: RwSignal<Option<RatingResult>>,
    /// The iteration shown in the step-by-step view (1-based); `None` shows the final ratings.
    pub step: RwSignal<Option<usize>>,
    pub playing: RwSignal<bool>,
    /// Iterations per second while playing.
    pub speed: RwSignal<f64>,
    /// Whether the input could be kept in the browser's storage.
    pub stored: RwSignal<Kept>,
    /// Whether the settings could be kept in the browser's storage.
    pub settings_kept: RwSignal<Kept>,
    /// The inputs that Clear, opening or dropping a file, lessons and links replaced, for *Undo*
    /// and *Redo*.
    pub undo: RwSignal<History, LocalStorage>,
    /// A note about the last file read (its encoding).
    pub file_note: RwSignal<Option<String>>,
    /// The input is open for editing (its text shown); otherwise, once read, it is folded to
    /// a one-line summary and the results take the first screen (`components/input.rs`).
    pub editing: RwSignal<bool>,
    pub sort: RwSignal<(SortKey, bool)>,
    /// The last race of the iterations (`components/race.rs`), with its request number.
    pub race: RwSignal<Option<(u32, Result<Later<crate::core::engine::methods::race::Race>, String>)>>,
    /// The last step's working asked for (`components/working.rs`), with its request number.
    pub working: RwSignal<Option<(u32, Result<Later<crate::core::engine::methods::working::Working>, String>)>>,
    /// The player whose working is shown (empty: none chosen).
    pub working_player: RwSignal<String>,
    /// Asks the race panel to race the iterations (a link that had raced them raises it).
    pub race_request: RwSignal<u32>,
    /// The organiser's view, once picked (until then a team event's teams, else standings).
    pub organiser: RwSignal<Option<crate::core::link::OrganiserView>>,
}

impl State {
    pub fn new(text: String, settings: Settings) -> State {
        State {
            text: RwSignal::new(text),
            settings: RwSignal::new(settings),
            job: RwSignal::new(0),
            running: RwSignal::new(false),
            quiet: StoredValue::new((None, Vec::new())),
            shown_read: StoredValue::new(None),
            summary: RwSignal::new(None),
            errors: RwSignal::new(Vec::new()),
            warnings: RwSignal::new(Vec::new()),
            failure: RwSignal::new(None),
            trace: RwSignal::new(Vec::new()),
            partway: RwSignal::new(None),
            measures: RwSignal::new(None),
            notice: RwSignal::new(None),
            stored_file: RwSignal::new(None),
            preview: RwSignal::new(String::new()),
            reading: RwSignal::new(None),
            shown_job: RwSignal::new(0),
            result: RwSignal::new(None),
            step: RwSignal::new(None),
            playing: RwSignal::new(false),
            speed: RwSignal::new(4.0),
            stored: RwSignal::new(Kept::Yes),
            settings_kept: RwSignal::new(Kept::Yes),
            undo: RwSignal::new_local(History::default()),
            file_note: RwSignal::new(None),
            editing: RwSignal::new(false),
            sort: RwSignal::new((SortKey::Rank, true)),
            race: RwSignal::new(None),
            working: RwSignal::new(None),
            working_player: RwSignal::new(String::new()),
            race_request: RwSignal::new(0),
            organiser: RwSignal::new(None),
        }
    }

    /// No ratings: the input's errors (none when there is no input), and nothing left of the
    /// last fit (its trace, measures and result no longer describe the input).
    fn show_no_ratings(&self, errors: Vec<LineMessage>) {
        self.quiet.set_value((None, Vec::new()));
        self.reading.set(None);
        self.errors.set(errors);
        self.shown_read.set_value(None);
        self.summary.set(None);
        self.warnings.set(Vec::new());
        self.trace.set(Vec::new());
        self.result.set(None);
        self.measures.set(None);
        self.running.set(false);
        self.failure.set(None);
    }

    /// The state of an empty input: nothing to rate, nothing to fix.
    pub fn show_nothing(&self) {
        self.show_no_ratings(Vec::new());
    }

    /// Marks `job` (just sent) as under way, quietly at first: a job done within
    /// [`BUSY_AFTER_MS`] (a parameter change on a few hundred players) replaces the last result
    /// in one go, without a frame of "Computing…" and an empty chart in between; a longer one
    /// then shows its progress, and its Cancel button.
    /// What the page shows already, for a rating request: the summary's and the standings'
    /// keys, which the worker does not make or post again.
    pub fn shown(&self) -> Shown {
        let standings = self.result.with_untracked(|r| r.as_ref().filter(|r| r.standings.is_some()).and_then(|r| r.standings_key.clone()));
        Shown { read: self.shown_read.get_value(), standings }
    }

    pub fn begin(&self, job: u32) {
        self.quiet.set_value((Some(job), Vec::new()));
        let state = *self;
        set_timeout(move || state.show_busy(job), std::time::Duration::from_millis(BUSY_AFTER_MS));
    }

    /// Ends `job`'s quiet start, if it is still in it: shows it under way, with what it has
    /// sent meanwhile.
    fn show_busy(&self, job: u32) {
        if self.quiet.with_value(|(quiet, _)| *quiet != Some(job)) {
            return;
        }
        let (_, held) = self.quiet.try_update_value(|q| std::mem::replace(q, (None, Vec::new()))).unwrap_or_default();
        self.running.set(true);
        for msg in held {
            self.apply(msg);
        }
    }

    /// Applies a message from the worker (ignoring any from superseded jobs).
    pub fn apply(&self, msg: crate::core::protocol::FromWorker) {
        use crate::core::protocol::FromWorker::*;
        // Race and working replies are numbered apart; their components check the number.
        match msg {
            Raced { job, race } => return self.race.set(Some((job, race))),
            Worked { job, working } => return self.working.set(Some((job, working))),
            _ => {}
        }
        if msg.job().is_some_and(|j| j != self.job.get_untracked()) {
            return;
        }
        if self.quiet.with_value(|(quiet, _)| quiet.is_some() && *quiet == msg.job()) {
            match msg {
                Parsed { .. } | Reading { .. } | Started { .. } | Progress { .. } => {
                    return self.quiet.update_value(|(_, held)| held.push(msg))
                }
                _ => self.show_busy(msg.job().unwrap_or_default()),
            }
        }
        match msg {
            Ready => {}
            Parsed { summary, warnings, key, .. } => {
                self.shown_read.set_value(key);
                self.reading.set(None);
                set_if_new(self.summary, Some(summary));
                set_if_new(self.warnings, warnings);
                set_if_new(self.errors, Vec::new());
                self.trace.set(Vec::new());
                // The fit's measures arrive when it starts; the last one's no longer apply.
                self.measures.set(None);
            }
            ParseFailed { errors, .. } => self.show_no_ratings(errors),
            Reading { bytes, total, .. } => self.reading.set(Some((bytes, total))),
            Started { measures, .. } => {
                // A new fit: its trace starts empty (the summary before it may not have been
                // posted again: the same input).
                self.trace.set(Vec::new());
                self.partway.set(None);
                self.measures.set(Some(measures));
            }
            Progress { trace, partway, .. } => {
                self.trace.update(|t| t.extend(trace));
                set_if_new(self.partway, partway);
            }
            Done { job, mut result } => {
                if result.standings.is_none() && result.standings_key.is_some() {
                    // Left out: the page shows these standings already (`State::shown`).
                    result.standings = self.result.with_untracked(|r| {
                        r.as_ref().filter(|r| r.standings_key == result.standings_key).and_then(|r| r.standings.clone())
                    });
                }
                self.shown_job.set(job);
                self.measures.set(result.measures.clone());
                self.step.set(None);
                self.playing.set(false);
                self.result.set(Some(result));
                self.running.set(false);
            }
            // The compare and prediction views' and the desk's (their panels apply them).
            CompareProgress { .. } | Compared { .. } | CompareFailed { .. } | Desked { .. } | Listed { .. } => {}
            PredictProgress { .. } | Predicted { .. } | PredictFailed { .. } => {}
            Failed { message, .. } => {
                self.reading.set(None);
                self.failure.set(Some(message));
                self.result.set(None);
                self.running.set(false);
            }
            Raced { .. } | Worked { .. } | Crashed { .. } | Elsewhere { .. } => {}
        }
    }
}
