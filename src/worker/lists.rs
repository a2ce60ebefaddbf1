//! The rating list the desk looks players up in (`crate::core::engine::parse::rating_list`): FIDE's
//! monthly players list (TXT or XML) or a national list (CSV), read here, off the page, a
//! piece at a time from the browser's storage (`idb::lists`, where the page put the file), and
//! kept in this worker's memory for the searches typed at the desk. After a reload the worker
//! is new: the first search reads the kept file again, as does a new tournament whose pasted
//! players are rated from the list ([`with_list`]).

use super::slices::post;
use crate::core::engine::parse::rating_list::{ListReader, RatingList};
use crate::core::protocol::{FromWorker, Later, ListReply, ListRequest, ListSummary};
use std::cell::RefCell;

thread_local! {
    /// The list read, with its summary.
    static LIST: RefCell<Option<(ListSummary, RatingList)>> = const { RefCell::new(None) };
}

/// Bytes read from the stored file at a time.
const CHUNK: f64 = 4_000_000.0;
/// Matches a search gives at most.
const SHOWN: usize = 12;

/// Reads the list the browser's storage holds into memory: its summary, or why not.
async fn load() -> Result<ListSummary, String> {
    let (blob, name) = crate::idb::lists::get().await?.ok_or("no rating list is kept in this browser: open one first")?;
    let (total, mut done) = (blob.size(), 0.0);
    // The file's name gives the list's month and, for FIDE's separate lists, its rate of play.
    let mut reader = ListReader::named(&name);
    while done < total {
        let end = (done + CHUNK).min(total);
        let part = blob.slice_with_f64_and_f64(done, end).map_err(|_| format!("cannot read {name}"))?;
        let buffer = wasm_bindgen_futures::JsFuture::from(part.array_buffer()).await.map_err(|_| format!("cannot read {name}"))?;
        reader.push(&js_sys::Uint8Array::new(&buffer).to_vec());
        done = end;
    }
    let read = reader.finish();
    let summary = ListSummary {
        name,
        date: read.list.date.clone(),
        players: read.list.entries.len(),
        format: read.list.format,
        warnings: read.warning_lines(),
        kind: read.list.kind,
    };
    LIST.with(|l| *l.borrow_mut() = Some((summary.clone(), read.list)));
    Ok(summary)
}

/// `f` given the list kept and its summary, the list read from the browser's storage first
/// if this worker has not read it yet (after a reload): for a search, and for the players
/// pasted at registration ([`super::desk`]).
pub async fn with_list<T>(f: impl FnOnce(&ListSummary, &RatingList) -> T) -> Result<T, String> {
    if LIST.with(|l| l.borrow().is_none()) {
        load().await?;
    }
    LIST.with(|l| {
        let held = l.borrow();
        let (summary, list) = held.as_ref().ok_or("no rating list read")?;
        Ok(f(summary, list))
    })
}

/// Answers a request about the rating list.
async fn answer(request: ListRequest) -> Result<ListReply, String> {
    match request {
        ListRequest::Load => Ok(ListReply { summary: Some(load().await?), found: Vec::new() }),
        ListRequest::Search { query, kind } => {
            with_list(|summary, list| {
                let found = list.search(&query, kind, SHOWN).into_iter().map(|e| list.player(e)).collect();
                ListReply { summary: Some(summary.clone()), found }
            })
            .await
        }
    }
}

/// Answers `request` (job `job`) and posts the answer.
pub async fn run(job: u32, request: ListRequest) {
    let reply = answer(request).await.map(Later::new);
    post(&FromWorker::Listed { job, reply });
}
