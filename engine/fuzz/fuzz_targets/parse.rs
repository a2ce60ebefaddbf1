//! Every parser on any text (ranking files with mappings too): no panic, and its errors name
//! lines the text has; a games CSV read in parts (cut where the text's last bytes say) reads
//! as it does whole.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ratings_engine::parse::{aga, decode::decode, parse_csv, parse_events, parse_players, pgn, trf, BadLines, CsvOptions};
use ratings_engine_fuzz::check_errors;

fuzz_target!(|bytes: &[u8]| {
    // Bytes that are not text (refused by `decode`) are still fuzzed as text, as a paste may be.
    let text = decode(bytes).map_or_else(|_| String::from_utf8_lossy(bytes).into_owned(), |d| d.text);
    let whole = parse_csv(&text, &CsvOptions::default());
    if let Err(e) = &whole {
        check_errors(&text, e);
    }
    let cuts: Vec<usize> = bytes.iter().rev().take(3).map(|&b| b as usize * text.len() / 256).collect();
    let parts = ratings_engine::parse::parallel::parse_csv_cut(&text, &CsvOptions::default(), &cuts);
    assert!(parts == whole, "read in parts cut at {cuts:?} as whole");
    for bad_lines in [BadLines::Fail, BadLines::Skip] {
        if let Err(e) = trf::parse_trf_with(&text, bad_lines) {
            check_errors(&text, &e);
        }
        if let Err(e) = pgn::parse_pgn_with(&text, bad_lines) {
            check_errors(&text, &e);
        }
    }
    // Written back with ranks: the same records (only a record's rank may change).
    if let Ok((t, _)) = trf::parse_trf(&text) {
        let written = trf::with_ranks(&text, &|start| Some(start as usize));
        let (back, _) = trf::parse_trf(&written).expect("a TRF written back reads");
        assert_eq!(back.entrants.len(), t.entrants.len());
        // Its results not known (`*`) written as `?`, as the desk exports them: the same
        // tournament, the unknown results' warnings gone.
        let (marked, _) = trf::parse_trf(&trf::with_unknown_results_marked(&text)).expect("a TRF with `?` for `*` reads");
        assert_eq!(marked.entrants, t.entrants, "unknown results written as `?` read as they did");
    }
    if let Err(e) = aga::parse_aga(&text) {
        check_errors(&text, &e);
    }
    // Ranking files by their header names and by mappings of every kind (`#N` columns, so any
    // header has them): the long form with a combined event, place columns, players and scores.
    for mapping in ["", "event=#1+#2,player=#3,place=#4", "event=#1,place=#2", "places=#2|#3|#4", "players=#1|#2,scores=#3|#4"] {
        if let Err(e) = parse_events(&text, mapping) {
            check_errors(&text, &e);
        }
    }
    if let Err(e) = parse_players(&text) {
        check_errors(&text, &e);
    }
});
