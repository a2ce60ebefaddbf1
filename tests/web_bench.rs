//! A browser benchmark, not part of the test run (`#[ignore]`): the FIDE Dutch pairing of a
//! 400-player, 11-round Swiss (`engine/tests/data/pairing/bench/`), every round 1..=11 paired
//! from the file's rounds before it, as `engine/benches/pairing.rs` does natively. It logs
//! the seconds a round and in all, and whether each round is the file's (bbpPairings's) round.
//! Run it optimised (the release profile: the engine at `opt-level = 3`, as in the site's
//! worker), with a test timeout above the default 20 s, and with `--include-ignored`
//! (wasm-bindgen-test-runner 0.2.130's `--ignored` filters the other tests out but still
//! skips the ignored one):
//!
//! ```text
//! source scripts/env.sh
//! WASM_BINDGEN_TEST_TIMEOUT=600 cargo test --locked --release -p ratings-lab-web \
//!     --target wasm32-unknown-unknown --test web_bench -- --include-ignored --nocapture
//! ```
//!
//! Figures: docs/performance.md, "Pairing: a 400-player, 11-round Swiss".
#![cfg(target_arch = "wasm32")]

use ratings_engine::pairing::dutch::{pair_round, PairOptions};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::{Colour, Tournament};
use std::collections::BTreeSet;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const FILE: &str = include_str!("../engine/tests/data/pairing/bench/s900001-p400-r11.trf");
const ROUNDS: usize = 11;

fn now_ms() -> f64 {
    web_sys::window().expect("window").performance().expect("performance").now()
}

/// Lets the page run (the runner reads the output between rounds).
async fn yield_to_page() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window().expect("window").set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0).expect("setTimeout");
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.expect("timeout");
}

/// The file's round `round` (1-based): its games as (white, black) start numbers.
fn file_round(t: &Tournament, round: usize) -> BTreeSet<(u32, u32)> {
    t.entrants
        .iter()
        .filter_map(|e| {
            let r = e.rounds.get(round - 1)?;
            let opponent = &t.entrants[r.opponent?];
            (r.colour == Some(Colour::White)).then_some((e.start, opponent.start))
        })
        .collect()
}

#[wasm_bindgen_test]
#[ignore = "benchmark: run with -- --include-ignored (see the file's header)"]
async fn pairs_400_players_11_rounds() {
    let (t, _) = parse_trf(FILE).expect("the benchmark file reads");
    assert_eq!(t.entrants.len(), 400);
    let opts = PairOptions { rounds: Some(ROUNDS), ..PairOptions::default() };
    let mut total = 0.0;
    let mut same = 0;
    for round in 1..=ROUNDS {
        yield_to_page().await;
        let start = now_ms();
        let pairing = pair_round(&t, round, &opts);
        let seconds = (now_ms() - start) / 1000.0;
        total += seconds;
        let pairing = pairing.unwrap_or_else(|e| panic!("round {round}: {e}"));
        let ours: BTreeSet<(u32, u32)> = pairing.boards.iter().map(|b| (b.white, b.black)).collect();
        let as_file = ours == file_round(&t, round);
        same += usize::from(as_file);
        console_log!(
            "round {round}: {seconds:.3} s {} boards{}",
            pairing.boards.len(),
            if as_file { "" } else { " (not the file's round)" }
        );
    }
    console_log!("all: {total:.2} s ({same} of {ROUNDS} rounds the file's)");
}
