//! The tournament desk's requests (`crate::core::engine::desk`): each answered at once (a round of
//! a few hundred players pairs in well under a second) with the file after it and its view,
//! in the order they came.
//!
//! A change to the file ([`pair`]: a pairing, a result, …, and a round's explanation), the
//! standings ([`standings`]) and the rating report ([`report`]) are each in a part of the
//! worker's wasm ([`DeskParts`]), fetched when first asked for; the rest is in its main part.

use super::part::{Part, Unloaded, UNLOADED};
use super::slices::post;
use crate::core::engine::desk::export::export;
use crate::core::engine::desk::from_list::listed_file;
use crate::core::engine::desk::register::{new_file, parse_players};
use crate::core::engine::desk::{apply, explain, view, DeskError};
use crate::core::engine::tiebreak::prizes::{award, parse_table, PrizeList, Sharing};
use crate::core::protocol::{Confirmation, DeskReply, DeskRequest, FromWorker, Later, PlayersStandings, ReportCard, StandingLine};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use wasm_bindgen_futures::spawn_local;

fn reply(text: String) -> Result<DeskReply, String> {
    let view = view(&text).map_err(|e| e.to_string())?;
    Ok(DeskReply {
        text,
        view,
        explain: None,
        export: None,
        report: None,
        standings: None,
        report_cards: None,
        prizes: None,
        import: None,
        confirm: None,
    })
}

fn fail(e: DeskError) -> String {
    e.to_string()
}

/// Why a pasted players list was refused, a line each (the first ten); when many lines
/// failed, most likely their columns were not where the reader looked for them: said.
fn players_error(e: &crate::core::engine::error::ParseErrors) -> String {
    let n = e.0.len();
    let mut out = format!(
        "The players list: {n} {} not read:
{e}",
        if n == 1 { "problem" } else { "problems" }
    );
    if n >= 3 {
        out += "
Does the list begin with a line naming its columns (name, rating, fide id, federation, title, birth)? Without one, the columns are read in that order.";
    }
    out
}

/// A player's report as a card shows it.
fn card(p: &crate::core::engine::fide::report::Player) -> ReportCard {
    let mut notes: Vec<String> = p.norms.iter().filter(|n| n.achieved).map(|n| format!("{} norm", n.title)).collect();
    notes.extend(p.omitted.iter().map(|o| format!("round {} not rated: {}", o.round, o.reason)));
    ReportCard {
        start: p.start,
        name: p.name.clone(),
        title: p.title.clone(),
        rating: p.rating,
        k: p.k,
        games: p.rated_games,
        score: p.score_rated,
        expected: p.expected,
        change: p.change,
        new_rating: p.new_rating,
        performance: p.performance,
        notes,
    }
}

/// The desk worker's parts (`src/bin/desk_worker.rs`).
pub struct DeskParts {
    /// A change to the file, or a round's explanation ([`pair`]).
    pub pair: Part<DeskRequest, Result<DeskReply, String>>,
    /// The standings for the players' view ([`standings`]).
    pub standings: Part<DeskRequest, Result<DeskReply, String>>,
    /// The rating report ([`report`]).
    pub report: Part<DeskRequest, Result<DeskReply, String>>,
}

/// Answers `request`, in its part if it has one.
async fn answer(request: DeskRequest, parts: &DeskParts) -> Result<DeskReply, String> {
    let part = match request {
        DeskRequest::Create { details, players, from_list } => {
            let players = parse_players(&players).map_err(|e| players_error(&e))?;
            // Rated from the list this worker keeps (the page has only its summary).
            let text = match from_list {
                None => new_file(&details, &players),
                Some(kind) => super::lists::with_list(|_, list| listed_file(&details, &players, list, kind)).await?,
            };
            return reply(text.map_err(fail)?);
        }
        DeskRequest::View { text } => return reply(text),
        DeskRequest::Apply { .. } | DeskRequest::Explain { .. } | DeskRequest::CheckImport { .. } => parts.pair,
        // The export ranks the players: the standings' part holds that code.
        DeskRequest::Standings { .. } | DeskRequest::Export { .. } | DeskRequest::Prizes { .. } => parts.standings,
        DeskRequest::Report { .. } => parts.report,
    };
    part(request).await.unwrap_or_else(|Unloaded| Err(UNLOADED.to_string()))
}

/// A change to the file, or why a round is paired as it is: for [`DeskParts::pair`].
pub fn pair(request: DeskRequest) -> Result<DeskReply, String> {
    match request {
        DeskRequest::Apply { text, action } => match apply(&text, &action) {
            Ok(next) => reply(next),
            // Asked of the arbiter, the file unchanged: the page shows the warnings and sends
            // the action again as `Action::Confirmed` if they agree.
            Err(DeskError::Confirm { level, warnings }) => {
                Ok(DeskReply { confirm: Some(Confirmation { level, warnings }), ..reply(text)? })
            }
            Err(e) => Err(fail(e)),
        },
        DeskRequest::Explain { text, round } => {
            let why = explain(&text, round).map_err(fail)?;
            Ok(DeskReply { explain: Some(why), ..reply(text)? })
        }
        DeskRequest::CheckImport { text } => {
            let found = crate::core::engine::desk::import::check(&text).map_err(fail)?;
            Ok(DeskReply { import: Some(found), ..reply(text)? })
        }
        _ => Err(WRONG_PART.into()),
    }
}

const WRONG_PART: &str = "the desk's request went to a part of its worker that does not serve it (a defect of the page)";

/// The FIDE rating report of the file: for [`DeskParts::report`].
pub fn report(request: DeskRequest) -> Result<DeskReply, String> {
    match request {
        DeskRequest::Report { text, k } => {
            let t = crate::core::engine::desk::view::tournament(&text).map_err(fail)?;
            // The corrections for the rating report only (C.04.2 4.3), as `ratings-lab report`
            // applies them.
            let (t, corrected) = match crate::core::engine::desk::correction::for_rating(&text) {
                Ok((c, notes)) if !notes.is_empty() => (c, notes),
                _ => (t, Vec::new()),
            };
            let options = crate::core::engine::fide::Options {
                k: k.k.into_iter().collect(),
                new_players: k.new_players.into_iter().collect(),
                reached_2400: k.reached_2400.into_iter().collect(),
                ..crate::core::engine::fide::Options::default()
            };
            let mut r = crate::core::engine::fide::report::report(&t, &options);
            r.notes.extend(corrected);
            let cards = Some(r.players.iter().map(card).collect());
            Ok(DeskReply { report: Some(crate::core::engine::fide::report::text(&r)), report_cards: cards, ..reply(text)? })
        }
        _ => Err(WRONG_PART.into()),
    }
}

/// The standings for the players' view: for [`DeskParts::standings`].
pub fn standings(request: DeskRequest) -> Result<DeskReply, String> {
    match request {
        DeskRequest::Standings { text } => Ok(DeskReply { standings: Some(ranked(&text)?), ..reply(text)? }),
        DeskRequest::Prizes { text, table, sharing } => Ok(DeskReply { prizes: Some(prize_list(&text, &table, sharing)?), ..reply(text)? }),
        DeskRequest::Export { text, version, fin } => {
            let file = match fin {
                true => crate::core::engine::desk::export::export_final(&text, version).map_err(fail)?,
                false => export(&text, version),
            };
            Ok(DeskReply { export: Some(file), ..reply(text)? })
        }
        _ => Err(WRONG_PART.into()),
    }
}

/// The prize list as `ratings-lab prizes` gives it: the file's standings (its tiebreaks), the
/// table typed, shared as asked (else as the table says, else by the tiebreaks).
fn prize_list(text: &str, table: &str, sharing: Option<Sharing>) -> Result<PrizeList, String> {
    let table = parse_table(table).map_err(|e| format!("the prize table: {e}"))?;
    let job = crate::core::engine::job::Job::read(text, &crate::core::engine::job::Settings::default()).map_err(|e| e.to_string())?;
    let st = job.standings().ok_or("not a tournament file")?;
    let t = job.input.tournament.as_ref().ok_or("not a tournament file")?;
    Ok(award(t, &st.standings, &table, sharing.or(table.sharing).unwrap_or_default()))
}

/// The standings as the organiser's view ranks the file (the same job, default settings: the
/// file's tiebreaks, the rules in force at its start).
fn ranked(text: &str) -> Result<PlayersStandings, String> {
    let settings = crate::core::engine::job::Settings::default();
    let job = crate::core::engine::job::Job::read(text, &settings).map_err(|e| e.to_string())?;
    let st = job.standings().ok_or("not a tournament file")?;
    let codes = st.standings.order.iter().map(|t| t.code().to_string()).collect();
    let lines = st
        .standings
        .rows
        .iter()
        .map(|r| StandingLine {
            rank: r.rank,
            start: r.start,
            name: r.name.clone(),
            points: r.points,
            tiebreaks: r.values.iter().map(|v| v.value).collect(),
            departure: r.departure,
            not_counted: r.not_counted,
        })
        .collect();
    Ok(PlayersStandings { round: st.round, codes, lines })
}

thread_local! {
    /// The requests not yet answered, in the order they came.
    static QUEUE: RefCell<VecDeque<(u32, DeskRequest)>> = const { RefCell::new(VecDeque::new()) };
    /// Whether a task is answering them.
    static ANSWERING: Cell<bool> = const { Cell::new(false) };
}

/// Answers `request` as desk job `job`, after those before it: a request may wait for its
/// part to be fetched, and the page applies the replies in the order it asked.
pub fn run(job: u32, request: DeskRequest, parts: &'static DeskParts) {
    QUEUE.with(|q| q.borrow_mut().push_back((job, request)));
    if !ANSWERING.with(|a| a.replace(true)) {
        spawn_local(answer_all(parts));
    }
}

async fn answer_all(parts: &'static DeskParts) {
    while let Some((job, request)) = QUEUE.with(|q| q.borrow_mut().pop_front()) {
        let reply = answer(request, parts).await;
        post(&FromWorker::Desked { job, reply: reply.map(Later::new) });
    }
    ANSWERING.with(|a| a.set(false));
}
