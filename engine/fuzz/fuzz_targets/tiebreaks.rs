//! Parse a tournament (TRF or PGN), then compute the standings with tiebreaks (the first
//! byte picks the rules and the tiebreak order): no panic, every value finite.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ratings_engine::job::{Job, Settings};
use ratings_engine::parse::decode::decode;
use ratings_engine::tiebreak::{all_codes, Rules};
use ratings_engine_fuzz::check_standings;

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else { return };
    let codes = all_codes();
    let start = pick as usize % codes.len();
    let tiebreaks = Some(codes.iter().cycle().skip(start).take(1 + (pick as usize / 7) % 6).copied().collect());
    let rules = Rules::ALL[(pick as usize >> 7) % Rules::ALL.len()];
    // The rounds shown and bad lines left out or not, from the same byte.
    let after_round = (pick % 3 == 0).then_some(1 + (pick as usize / 3) % 4);
    let skip_bad_lines = pick % 2 == 0;
    let settings = Settings { tiebreaks, rules: Some(rules), after_round, skip_bad_lines, ..Settings::default() };
    // Bytes that are not text (refused by `decode`) are still fuzzed as text, as a paste may be.
    let text = decode(rest).map_or_else(|_| String::from_utf8_lossy(rest).into_owned(), |d| d.text);
    let Ok(job) = Job::read(&text, &settings) else { return };
    if let Some(s) = job.standings() {
        check_standings(&s.standings);
        if let Some(previous) = &s.previous {
            check_standings(previous);
        }
    }
});
