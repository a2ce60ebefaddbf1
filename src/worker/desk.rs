//! The tournament desk's requests (`ratings_engine::desk`): each answered at once (a round of
//! a few hundred players pairs in well under a second) with the file after it and its view.

use crate::protocol::{DeskReply, DeskRequest, FromWorker, Later, PlayersStandings, StandingLine};
use ratings_engine::desk::export::{export, TrfVersion};
use ratings_engine::desk::register::{new_file, parse_players};
use ratings_engine::desk::{apply, explain, view, DeskError};

fn reply(text: String) -> Result<DeskReply, String> {
    let view = view(&text).map_err(|e| e.to_string())?;
    Ok(DeskReply { text, view, explain: None, export: None, report: None, standings: None })
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
        DeskRequest::Report { text, k } => {
            let t = ratings_engine::desk::view::tournament(&text).map_err(fail)?;
            let options = ratings_engine::fide::Options {
                k: k.k.into_iter().collect(),
                new_players: k.new_players.into_iter().collect(),
                reached_2400: k.reached_2400.into_iter().collect(),
                ..ratings_engine::fide::Options::default()
            };
            let r = ratings_engine::fide::report::report(&t, &options);
            Ok(DeskReply { report: Some(ratings_engine::fide::report::text(&r)), ..reply(text)? })
        }
        DeskRequest::Standings { text } => Ok(DeskReply { standings: Some(standings(&text)?), ..reply(text)? }),
        DeskRequest::Export { text } => {
            let old = export(&text, TrfVersion::Trf16);
            Ok(DeskReply { export: Some(old), ..reply(text)? })
        }
    }
}

/// The standings as the organiser's view ranks the file (the same job, default settings: the
/// file's tiebreaks, the rules in force at its start).
fn standings(text: &str) -> Result<PlayersStandings, String> {
    let settings = ratings_engine::job::Settings::default();
    let job = ratings_engine::job::Job::read(text, &settings).map_err(|e| e.to_string())?;
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
        })
        .collect();
    Ok(PlayersStandings { round: st.round, codes, lines })
}

pub fn run(job: u32, request: DeskRequest) {
    crate::worker::slices::post(&FromWorker::Desked { job, reply: answer(request).map(Later::new) });
}
