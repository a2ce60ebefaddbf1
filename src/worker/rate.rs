//! The worker's rating job: the input read (or the last one, kept), its summary posted, the
//! fit run in slices from the last iterate with its trace posted after each, then the result
//! (the ratings first when their standard errors take long).

use super::input::{input_id, is_tournament, job_by, keep_warm, warm_start, Reads, EVERY};
use super::slices::{in_slices, post, sleep, superseded, Ended, Sliced};
use crate::core::compute;
use crate::core::engine::job::{Finished, Job, Running};
use crate::core::engine::methods::Starter;
use crate::core::engine::parse::detect::read_games;
use crate::core::protocol::{FromWorker, Later, RatingResult, ReadKey, Settings, Shown, Source, StandingsKey, StandingsView};
use std::cell::RefCell;

/// What a worker's ratings can hold: the methods it starts, and what it adds to a tournament's
/// result (`None`: it hands tournaments to the lab's worker, [`FromWorker::Elsewhere`]).
#[derive(Clone, Copy)]
pub struct Serves {
    starter: Starter,
    standings: Option<compute::Standings>,
    reads: Reads,
}

/// The first worker's: Brent's method, a text in the page that is no tournament, read as CSV,
/// the one format Brent's method reads besides tournament files (its code is left without the
/// tiebreaks, 35 KB gzipped, and every other reader).
pub const FIRST: Serves = Serves {
    starter: crate::core::engine::methods::start_brent,
    standings: None,
    reads: Reads {
        text: |text, settings| Job::read_with(text, settings, crate::core::engine::parse::detect::read_csv_games),
        stored: None,
    },
};

/// The lab's worker's part for tournaments and stored files ([`super::LabParts::every`]): every
/// method, every input, and a tournament's standings.
pub const LAB: Serves = Serves { starter: crate::core::engine::start, standings: Some(compute::with_standings), reads: EVERY };

/// The lab's worker's main part: every method, a text in the page that is no tournament, in
/// every games format ([`read_games`]); its code carries no tournament reader, tiebreaks or
/// standings, and no stored-file reader ([`in_main_part`] sends those to [`LAB`]).
pub const LAB_GAMES: Serves = Serves {
    starter: crate::core::engine::start,
    standings: None,
    reads: Reads { text: |text, settings| Job::read_with(text, settings, read_games), stored: None },
};

/// Whether the lab's worker's main part rates `source` ([`LAB_GAMES`]): a text that is no
/// tournament.
pub fn in_main_part(source: &Source, settings: &Settings) -> bool {
    !matches!(source, Source::Stored(_)) && !is_tournament(source, &settings.read_options())
}

/// How long the worker waits, after posting ratings whose standard errors are still to come,
/// before computing those (unless a newer job came meanwhile).
const ERRORS_AFTER_MS: i32 = 150;

impl Sliced for Running<'_> {
    fn work(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        self.advance(more_time)
    }
}

/// Rates `source` with `settings` as job `job`, with what this worker `serves`; what the page
/// shows already (`shown`) is neither made nor posted again.
pub async fn run(job: u32, source: Source, settings: Settings, shown: Shown, serves: Serves) {
    if serves.standings.is_none() && is_tournament(&source, &settings.read_options()) {
        return post(&FromWorker::Elsewhere { job });
    }
    let read = input_id(&source).map(|id| ReadKey::of(id, &settings));
    let parsed = match job_by(job, source, &settings, serves.reads).await {
        Ok(parsed) => parsed,
        Err(message) => return post(&message),
    };
    let standings = |job: &Job, result: RatingResult| with_standings(serves, read.as_ref(), &shown, job, &settings, result);
    if read.is_none() || shown.read != read {
        post(&FromWorker::Parsed { job, summary: compute::summary(&parsed), warnings: compute::warnings(&parsed), key: read.clone() });
    }
    let warm = warm_start(settings.method);
    let finished = match parsed.start_with(warm.as_deref(), serves.starter) {
        Ok(mut running) => {
            if !fit_in_slices(job, &mut running).await {
                return;
            }
            keep_warm(settings.method, running.iterate());
            // The ratings first when their standard errors take long, then the whole result
            // (unless a newer job came meanwhile).
            if let Some(early) = running.finish_early() {
                match compute::early_result(&parsed, early, standings) {
                    Ok(result) => post(&FromWorker::Done { job, result }),
                    Err(message) => return post(&FromWorker::Failed { job, message }),
                }
                // The errors wait until the user pauses: a slider dragged on would queue each
                // value behind a dense inverse of the last.
                sleep(ERRORS_AFTER_MS).await;
                if superseded(job) {
                    return;
                }
            }
            running.finish()
        }
        Err(e) => Finished { rating: Err(e), steps: None, measures: None, trace: Vec::new() },
    };
    match compute::result(&parsed, finished, standings) {
        Ok(result) => post(&FromWorker::Done { job, result }),
        Err(message) => post(&FromWorker::Failed { job, message }),
    }
}

/// Runs the fit in slices, posting its measures first and the new trace after each slice,
/// until it stops (or is cancelled: it stops where it is); `false` when a newer job
/// superseded this one.
async fn fit_in_slices(job: u32, running: &mut Running<'_>) -> bool {
    post(&FromWorker::Started { job, measures: running.measures() });
    let mut sent = 0;
    let ended = in_slices(job, running, |running| {
        post(&FromWorker::Progress { job, trace: running.trace()[sent..].to_vec(), partway: running.partway() });
        sent = running.trace().len();
    })
    .await;
    match ended {
        Ended::Done => true,
        Ended::Cancelled => {
            running.cancel();
            true
        }
        Ended::Superseded => false,
    }
}

thread_local! {
    /// The last standings made, and what from: a change of the rating's parameters does not
    /// make them again (they do not depend on them).
    static STANDINGS: RefCell<Option<(StandingsKey, Option<Later<StandingsView>>)>> = const { RefCell::new(None) };
}

/// The result with what this worker adds to a tournament's (its standings): left out when the
/// page shows them already (`shown.standings`), else made, or taken from the last made for the
/// same input, tiebreaks and rules. A stored file (no `read` key) has them made each time.
fn with_standings(
    serves: Serves,
    read: Option<&ReadKey>,
    shown: &Shown,
    job: &Job,
    settings: &Settings,
    mut result: RatingResult,
) -> RatingResult {
    let Some(standings) = serves.standings else { return result };
    let (Some(read), true) = (read, job.input.tournament.is_some()) else { return standings(job, result) };
    let key = StandingsKey::of(read.clone(), settings);
    result.standings_key = Some(key.clone());
    if shown.standings.as_ref() == Some(&key) {
        return result;
    }
    let made = STANDINGS.with(|s| s.borrow().as_ref().filter(|(k, _)| *k == key).map(|(_, made)| made.clone()));
    if let Some(made) = made {
        result.standings = made;
        return result;
    }
    let with = standings(job, result);
    STANDINGS.with(|s| *s.borrow_mut() = Some((key, with.standings.clone())));
    with
}
