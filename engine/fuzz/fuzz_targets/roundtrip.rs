//! Parse a TRF, compute its standings (the first byte picks the rules and the tiebreak order),
//! write the file back with those ranks (`parse::trf::with_ranks`, the app's and the command
//! line's *Download TRF with these ranks*), and read it again: the same tournament (players,
//! rounds, games, results, every other field), each player's declared rank now the one
//! computed, and the same standings.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ratings_engine::job::{Job, Settings};
use ratings_engine::parse::decode::decode;
use ratings_engine::parse::detect::Format;
use ratings_engine::parse::trf::with_ranks;
use ratings_engine::tiebreak::{all_codes, Rules};
use ratings_engine_fuzz::check_standings;
use std::collections::HashMap;

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else { return };
    let codes = all_codes();
    let tiebreaks = Some(codes.iter().cycle().skip(pick as usize % codes.len()).take(1 + (pick as usize / 7) % 4).copied().collect());
    let rules = Rules::ALL[(pick as usize >> 7) % Rules::ALL.len()];
    let settings = Settings { tiebreaks, rules: Some(rules), ..Settings::default() };
    let text = decode(rest).map_or_else(|_| String::from_utf8_lossy(rest).into_owned(), |d| d.text);
    let Ok(job) = Job::read(&text, &settings) else { return };
    if job.full.format != Format::Trf {
        return;
    }
    let Some(standings) = job.standings() else { return };
    check_standings(&standings.standings);
    // Ranks are written for the final standings only (as the app and the command line do).
    if standings.round < standings.rounds_played {
        return;
    }
    let ranks: HashMap<u32, usize> = standings.standings.rows.iter().map(|r| (r.start, r.rank)).collect();
    let written = with_ranks(&text, &|start| ranks.get(&start).copied());
    let back = Job::read(&written, &settings).unwrap_or_else(|e| panic!("the TRF written back does not read: {e}"));
    assert_eq!(back.full.format, Format::Trf);
    let mut expected = job.full.tournament.clone().expect("a TRF is a tournament");
    for e in &mut expected.entrants {
        if let Some(&rank) = ranks.get(&e.start).filter(|&&r| r <= 9999) {
            e.declared_rank = Some(rank as u32);
        }
    }
    assert_eq!(back.full.tournament.as_ref(), Some(&expected), "the tournament written back differs");
    assert_eq!(back.full.dataset, job.full.dataset, "the games written back differ");
    let again = back.standings().expect("standings of the file written back");
    let order = |s: &ratings_engine::job::TournamentStandings| -> Vec<(u32, usize, f64)> {
        s.standings.rows.iter().map(|r| (r.start, r.rank, r.points)).collect()
    };
    assert_eq!(order(&again), order(&standings), "the standings of the file written back differ");
});
