//! The input a job reads: from the request's text, or a large file read from the browser's
//! storage a chunk at a time; the last one read is kept (with the last rating's iterate on
//! it), so that a parameter change rates it again without reading it again.
//!
//! A text arrives once, numbered ([`Source::Numbered`]); it is kept here under its number,
//! and the requests after it name the number ([`Source::Kept`]): a parameter change sends no
//! text, and the text is neither compared nor its format detected again. *Invariant:* the
//! dispatchers (`worker::core`, `worker::lab`) call [`arrived`] on every request as it is read,
//! before any part loads, so the jobs see a numbered text only as [`Source::Kept`].

use super::slices::{cancelled, post, superseded};
use crate::core::compute;
use crate::core::engine::error::ParseErrors;
use crate::core::engine::job::{Job, JobReader};
use crate::core::engine::parse::detect::ReadOptions;
use crate::core::engine::MethodKind;
use crate::core::protocol::{FromWorker, Settings, Source};
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

/// How a worker reads its input: a text in the page, and a large file kept in the browser's
/// storage (`None`: not in this worker, whose code then carries no chunked reader).
#[derive(Clone, Copy)]
pub struct Reads {
    pub text: fn(&str, &Settings) -> Result<Job, ParseErrors>,
    pub stored: Option<ReadStored>,
}

/// Reads a stored file ([`read_stored`]).
pub type ReadStored = fn(u32, String, Settings) -> Pin<Box<dyn Future<Output = Option<Result<Job, FromWorker>>>>>;

/// Every format, and stored files: the lab's worker's way.
pub const EVERY: Reads =
    Reads { text: Job::read, stored: Some(|job, name, settings| Box::pin(async move { read_stored(job, &name, &settings).await })) };

/// The text last numbered by the page, kept under its number, with whether it is a
/// tournament file for the read options last asked (the format detected once).
struct Numbered {
    id: u32,
    text: Rc<str>,
    tournament: Option<(ReadOptions, bool)>,
}

thread_local! {
    /// The last text numbered by the page ([`Source::Numbered`]), which [`Source::Kept`] names.
    static TEXT: RefCell<Option<Numbered>> = const { RefCell::new(None) };
    /// The last input read, and where from (a numbered text as [`Source::Kept`]): a parameter
    /// change rates it again without reading (or parsing) it again.
    static LAST: RefCell<Option<(Source, Job)>> = const { RefCell::new(None) };
    /// The last rating's iterate on that input, and its method: the next fit of the same
    /// input starts there ([`Job::start_from`]; the accelerated iteration on large inputs).
    static WARM: RefCell<Option<(MethodKind, Vec<f64>)>> = const { RefCell::new(None) };
}

/// The last rating's iterate on the last input, when it was rated by `method`.
pub fn warm_start(method: MethodKind) -> Option<Vec<f64>> {
    WARM.with(|w| w.borrow().as_ref().filter(|(m, _)| *m == method).map(|(_, x)| x.clone()))
}

/// Keeps a rating's iterate (by `method`) on the last input for the next fit to start from.
pub fn keep_warm(method: MethodKind, iterate: Option<Vec<f64>>) {
    WARM.with(|w| *w.borrow_mut() = iterate.map(|x| (method, x)));
}

/// Bytes read from a stored file at a time: small enough to report progress and see a
/// cancel often, large enough to read fast.
const CHUNK: f64 = 4_000_000.0;

/// Reads a stored file from the browser's storage in chunks, posting the bytes read, into
/// the engine's chunked reader (a CSV is parsed as it arrives). `None` when superseded or
/// cancelled.
async fn read_stored(job: u32, name: &str, settings: &Settings) -> Option<Result<Job, FromWorker>> {
    let failed = |message: String| Some(Err(FromWorker::Failed { job, message }));
    let blob = match crate::idb::get().await {
        Ok(Some((blob, _))) => blob,
        Ok(None) => return failed(format!("{name} is no longer kept in this browser: open it again")),
        Err(e) => return failed(e),
    };
    let (total, mut done) = (blob.size(), 0.0);
    let mut reader = JobReader::new(settings);
    while done < total {
        let end = (done + CHUNK).min(total);
        let Ok(part) = blob.slice_with_f64_and_f64(done, end) else { return failed(format!("cannot read {name}")) };
        match wasm_bindgen_futures::JsFuture::from(part.array_buffer()).await {
            Ok(buffer) => reader.push(&js_sys::Uint8Array::new(&buffer).to_vec()),
            Err(_) => return failed(format!("cannot read {name}")),
        }
        done = end;
        post(&FromWorker::Reading { job, bytes: done, total });
        if superseded(job) || cancelled(job) {
            return None;
        }
    }
    Some(reader.finish().map_err(|e| FromWorker::ParseFailed { job, errors: compute::line_messages(&e) }))
}

/// Keeps a numbered text, and gives the source as the worker keeps it: a numbered text as
/// [`Source::Kept`], the rest as they are. A text the first look's worker read unnumbered
/// (`web/first-look.js`) and now numbered is the same input: kept read.
pub fn arrived(source: Source) -> Source {
    let Source::Numbered { id, text } = source else { return source };
    LAST.with(|l| {
        let mut l = l.borrow_mut();
        let same = |kept: &Source| match kept {
            Source::Text(t) => *t == text,
            Source::Kept { id: k } => TEXT.with(|t| t.borrow().as_ref().is_some_and(|n| n.id == *k && *n.text == *text)),
            Source::Numbered { .. } | Source::Stored(_) => false,
        };
        match l.as_mut() {
            Some((kept, _)) if same(kept) => *kept = Source::Kept { id },
            // A number given again to another text (a page that started numbering afresh):
            // what was read under it is not this text.
            Some((Source::Kept { id: k }, _)) if *k == id => *l = None,
            _ => {}
        }
    });
    TEXT.with(|t| *t.borrow_mut() = Some(Numbered { id, text: Rc::from(text), tournament: None }));
    Source::Kept { id }
}

/// The number of the text `source` names, if it is a numbered text.
pub fn input_id(source: &Source) -> Option<u32> {
    match source {
        Source::Numbered { id, .. } | Source::Kept { id } => Some(*id),
        Source::Text(_) | Source::Stored(_) => None,
    }
}

/// The text `source` names (a kept one by its number); `None` for a stored file, or a number
/// this worker does not keep.
pub fn text_of(source: &Source) -> Option<Rc<str>> {
    match source {
        Source::Text(text) | Source::Numbered { text, .. } => Some(Rc::from(text.as_str())),
        Source::Kept { id } => TEXT.with(|t| t.borrow().as_ref().filter(|n| n.id == *id).map(|n| Rc::clone(&n.text))),
        Source::Stored(_) => None,
    }
}

/// Whether `source` is a tournament file (TRF or PGN) read with `options`; for a kept text,
/// detected once per read options.
pub fn is_tournament(source: &Source, options: &ReadOptions) -> bool {
    let detect = |text: &str| crate::core::engine::parse::detect::detect(text, options).is_tournament();
    match source {
        Source::Text(text) | Source::Numbered { text, .. } => detect(text),
        Source::Kept { id } => TEXT.with(|t| {
            let mut t = t.borrow_mut();
            let Some(n) = t.as_mut().filter(|n| n.id == *id) else { return false };
            match &n.tournament {
                Some((o, is)) if o == options => *is,
                _ => {
                    let is = detect(&n.text);
                    n.tournament = Some((options.clone(), is));
                    is
                }
            }
        }),
        Source::Stored(_) => false,
    }
}

/// The job for `source`: the last one read with these settings when the source is the same,
/// else read anew (and kept for next time).
pub async fn job_for(job: u32, source: Source, settings: &Settings) -> Result<Job, FromWorker> {
    job_by(job, source, settings, EVERY).await
}

/// [`job_for`], read as `reads` reads.
pub async fn job_by(job: u32, source: Source, settings: &Settings, reads: Reads) -> Result<Job, FromWorker> {
    let kept = LAST.with(|l| l.borrow().as_ref().filter(|(s, _)| *s == source).and_then(|(_, j)| j.with_settings(settings)));
    if let Some(kept) = kept {
        return Ok(kept);
    }
    let read = read(job, source.clone(), settings, reads).await?;
    LAST.with(|l| *l.borrow_mut() = Some((source, read.clone())));
    WARM.with(|w| *w.borrow_mut() = None);
    Ok(read)
}

async fn read(job: u32, source: Source, settings: &Settings, reads: Reads) -> Result<Job, FromWorker> {
    let stopped = || FromWorker::Failed { job, message: "stopped while reading the file".into() };
    match (source, reads.stored) {
        (Source::Stored(f), Some(stored)) => stored(job, f.name, settings.clone()).await.unwrap_or_else(|| Err(stopped())),
        // The page sends a stored file to the lab's worker (`workers::Workers`).
        (Source::Stored(_), None) => Err(FromWorker::Failed { job, message: "this worker does not read stored files".into() }),
        (source, _) => {
            // The page's bridge sends a number only to the worker it sent the text to.
            let Some(text) = text_of(&source) else { return Err(lost(job)) };
            (reads.text)(&text, settings).map_err(|e| FromWorker::ParseFailed { job, errors: compute::line_messages(&e) })
        }
    }
}

/// A number this worker does not keep: a defect of the page's bridge, said as such.
fn lost(job: u32) -> FromWorker {
    FromWorker::Failed {
        job,
        message: "the background worker was sent the number of a text it does not hold (a defect): edit the text or reload the page".into(),
    }
}
