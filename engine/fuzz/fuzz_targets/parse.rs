//! Every parser on any text: no panic, and its errors name lines the text has.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ratings_engine::parse::{aga, decode::decode, parse_csv, parse_events, parse_players, pgn, trf, CsvOptions};
use ratings_engine_fuzz::check_errors;

fuzz_target!(|bytes: &[u8]| {
    let text = decode(bytes).text;
    if let Err(e) = parse_csv(&text, &CsvOptions::default()) {
        check_errors(&text, &e);
    }
    if let Err(e) = trf::parse_trf(&text) {
        check_errors(&text, &e);
    }
    if let Err(e) = pgn::parse_pgn(&text) {
        check_errors(&text, &e);
    }
    if let Err(e) = aga::parse_aga(&text) {
        check_errors(&text, &e);
    }
    if let Err(e) = parse_events(&text, "") {
        check_errors(&text, &e);
    }
    if let Err(e) = parse_players(&text) {
        check_errors(&text, &e);
    }
});
