//! The tournament desk's requests (`ratings_engine::desk`): each answered at once (a round of
//! a few hundred players pairs in well under a second) with the file after it and its view.

use crate::protocol::{DeskReply, DeskRequest, FromWorker};
use ratings_engine::desk::export::{export, TrfVersion};
use ratings_engine::desk::register::{new_file, parse_players};
use ratings_engine::desk::{apply, explain, view, DeskError};

fn reply(text: String) -> Result<DeskReply, String> {
    let view = view(&text).map_err(|e| e.to_string())?;
    Ok(DeskReply { text, view, explain: None, export: None, report: None })
}

fn answer(request: DeskRequest) -> Result<DeskReply, String> {
    let fail = |e: DeskError| e.to_string();
    match request {
        DeskRequest::Create { details, players } => {
            let players = parse_players(&players).map_err(|e| format!("the players: {e}"))?;
            reply(new_file(&details, &players).map_err(fail)?)
        }
        DeskRequest::Apply { text, action } => reply(apply(&text, &action).map_err(fail)?),
        DeskRequest::View { text } => reply(text),
        DeskRequest::Explain { text, round } => {
            let why = explain(&text, round).map_err(fail)?;
            Ok(DeskReply { explain: Some(why), ..reply(text)? })
        }
        DeskRequest::Report { text } => {
            let t = ratings_engine::desk::view::tournament(&text).map_err(fail)?;
            let r = ratings_engine::fide::report::report(&t, &ratings_engine::fide::Options::default());
            Ok(DeskReply { report: Some(ratings_engine::fide::report::text(&r)), ..reply(text)? })
        }
        DeskRequest::Export { text } => {
            let old = export(&text, TrfVersion::Trf16);
            Ok(DeskReply { export: Some(old), ..reply(text)? })
        }
    }
}

pub fn run(job: u32, request: DeskRequest) {
    crate::worker::slices::post(&FromWorker::Desked { job, reply: answer(request) });
}
