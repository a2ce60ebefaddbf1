//! Parse a team tournament (TRF with team records 013 or 310), then the team standings with
//! the primary score, the rules and up to five team tiebreaks picked by the first bytes: no
//! panic, one row per team, every value finite.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ratings_engine::job::{Job, Settings};
use ratings_engine::parse::decode::decode;
use ratings_engine::team::{EdeBoards, TeamScore, TeamTiebreak};
use ratings_engine::tiebreak::Rules;
use ratings_engine_fuzz::{check_team_standings, Bytes};

/// Every team tiebreak there is: those offered, and the extended direct encounter and the
/// board tiebreaks (which the file's own order may name).
fn every_tiebreak() -> Vec<TeamTiebreak> {
    let boards = [EdeBoards::Nothing, EdeBoards::CountThenTop, EdeBoards::CountThenBottom, EdeBoards::Top, EdeBoards::Bottom];
    let mut all = TeamTiebreak::all();
    all.extend(boards.map(TeamTiebreak::Ede));
    all.extend([TeamTiebreak::BoardCount, TeamTiebreak::TopBoards, TeamTiebreak::BottomBoards]);
    all
}

fuzz_target!(|bytes: &[u8]| {
    let mut b = Bytes(bytes);
    let pick = b.u8();
    let team_primary = TeamScore::ALL[pick as usize % 2];
    let rules = Rules::ALL[(pick as usize >> 1) % Rules::ALL.len()];
    let all = every_tiebreak();
    let team_tiebreaks = Some((0..(pick as usize >> 2) % 6).map(|_| all[b.u8() as usize % all.len()]).collect());
    let after_round = (pick >> 5 == 7).then_some(1 + b.u8() as usize % 5);
    let settings = Settings { team_primary, team_tiebreaks, rules: Some(rules), after_round, ..Settings::default() };
    let rest = b.rest();
    let text = decode(rest).map_or_else(|_| String::from_utf8_lossy(rest).into_owned(), |d| d.text);
    let Ok(job) = Job::read(&text, &settings) else { return };
    let Some((standings, _warnings)) = job.team_standings() else { return };
    check_team_standings(&standings);
    // What the command line prints and writes, from the same standings.
    let records = job.full.tournament.as_ref().map_or(&[][..], |t| &t.teams[..]);
    let _ = standings.table(None, records, &[]);
    let _ = standings.to_csv(records);
    let json = standings.json(records, &[]);
    serde_json::from_str::<serde_json::Value>(&json).expect("the team standings' JSON reads");
});
