//! Browser benchmarks, not part of the test run (`#[ignore]`). The FIDE Dutch pairing of a
//! 400-player, 11-round Swiss (`engine/tests/data/pairing/bench/`), every round 1..=11 paired
//! from the file's rounds before it, as `engine/benches/pairing.rs` does natively; and the same
//! for a 1,000-player Swiss made by the engine's generator, whose later rounds need the
//! matching. Each is paired three times over (the first pass on the code as the browser first
//! compiled it, the later ones optimised); each pass logs the seconds a round and in all, and
//! how many rounds are the file's (bbpPairings's, for the 400 players).
//! Plackett–Luce's maximum likelihood on issue 39's league (100,000 events of 4–8 players among
//! 20,000, the native benchmark's: `engine/examples/support/plackett_luce_league.rs`), from the
//! events in memory and from the league's text as the lab's worker reads a file.
//! `evaluation_costs` (and `evaluation_costs_dated`, WHR on the leagues dated): the browser's side of `evaluate`'s estimate, as
//! `engine/examples/evaluate_cost.rs` measures it natively: one replay of Elo a game on a league
//! of 100,000 players and 1,000,000 random games (`Runtime::Worker`'s, in the engine's
//! `methods::cost`), and each method's fit in such replays (its `About`'s `passes`); then
//! WHR, Brent and Glicko-2 on a tenth of the league.
//! Run them optimised (the release profile: the engine at `opt-level = 3`, as in the site's
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
//! (`-- --include-ignored plackett_luce` runs the Plackett–Luce one alone.) Figures:
//! docs/performance.md, "Pairing: a 400-player, 11-round Swiss" and "Plackett–Luce (issue 39)".
#![cfg(target_arch = "wasm32")]

#[path = "../engine/examples/support/plackett_luce_league.rs"]
mod plackett_luce_league;

#[path = "../engine/examples/support/random_league.rs"]
mod random_league;

use plackett_luce_league::{csv, league, EVENTS, PLAYERS};
use ratings_engine::generate::{generate, Acceleration, Pairing, Params, Span};
use ratings_engine::job::{JobReader, Settings};
use ratings_engine::methods::plackett_luce::PlackettLuceParams;
use ratings_engine::pairing::dutch::{pair_round, PairOptions};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::{Colour, Tournament};
use ratings_engine::{Method, MethodKind, Options, Rating};
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

/// Pairs rounds 1..=rounds of `t` from its rounds before each, `passes` times over: the first
/// pass runs the code as the browser first compiled it (V8's baseline tier, Liftoff, then each
/// function optimised once it is hot), the later ones as optimised. Logs each round's seconds.
async fn pair_rounds(t: &Tournament, rounds: usize, passes: usize) {
    let opts = PairOptions { rounds: Some(rounds), ..PairOptions::default() };
    for pass in 1..=passes {
        let (mut total, mut same, mut each) = (0.0, 0, Vec::new());
        for round in 1..=rounds {
            yield_to_page().await;
            let start = now_ms();
            let pairing = pair_round(t, round, &opts);
            let seconds = (now_ms() - start) / 1000.0;
            total += seconds;
            let pairing = pairing.unwrap_or_else(|e| panic!("round {round}: {e}"));
            let ours: BTreeSet<(u32, u32)> = pairing.boards.iter().map(|b| (b.white, b.black)).collect();
            same += usize::from(ours == file_round(t, round));
            each.push(format!("{seconds:.3}"));
        }
        console_log!("pass {pass}: {total:.3} s in all ({same} of {rounds} rounds the file's); by round: {}", each.join(" "));
    }
}

#[wasm_bindgen_test]
#[ignore = "benchmark: run with -- --include-ignored (see the file's header)"]
async fn pairs_400_players_11_rounds() {
    let (t, _) = parse_trf(FILE).expect("the benchmark file reads");
    assert_eq!(t.entrants.len(), 400);
    pair_rounds(&t, ROUNDS, 3).await;
}

/// FNV-1a of the text: that the browser's generated file is the command line's, byte for byte.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A 1,000-player, 11-round Swiss made by the engine's generator, whose later rounds need the
/// matching (the native figure: `ratings-lab generate --seed 7 --players 1000 --rounds 11
/// --system dutch --acceleration none > g1000.trf`, then `cargo bench --bench pairing --
/// g1000.trf`; the hash it logs is that file's).
#[wasm_bindgen_test]
#[ignore = "benchmark: run with -- --include-ignored (see the file's header)"]
async fn pairs_a_generated_1000_player_swiss() {
    let params = Params {
        seed: 7,
        players: Some(Span { low: 1000, high: 1000 }),
        rounds: Some(ROUNDS),
        pairing: Some(Pairing::Dutch),
        acceleration: Some(Acceleration::None),
        ..Params::default()
    };
    let start = now_ms();
    let text = generate(&params).expect("generates").text;
    console_log!("generated in {:.2} s: {} bytes, FNV-1a {:016x}", (now_ms() - start) / 1000.0, text.len(), fnv(&text));
    let (t, _) = parse_trf(&text).expect("the generated file reads");
    pair_rounds(&t, ROUNDS, 3).await;
}

/// The target's tolerance, and no cap in its way (as the native benchmark).
fn pl_params() -> PlackettLuceParams {
    PlackettLuceParams { eps: 1e-8, max_iter: 1_000_000, ..Default::default() }
}

/// The wasm instance's linear memory in MB: it only grows, so it is the peak so far.
fn memory_mb() -> f64 {
    use wasm_bindgen::JsCast;
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().dyn_into().expect("the instance's memory");
    let buffer: js_sys::ArrayBuffer = memory.buffer().dyn_into().expect("an ArrayBuffer");
    buffer.byte_length() as f64 / 1e6
}

fn pl_summary(rating: &Rating) -> String {
    let r = &rating.report;
    format!("{} iterations ({} passes), converged {}, residual {:.1e}", r.iterations, r.passes.unwrap_or(0), r.converged, r.final_residual)
}

/// The league's text read as the lab's worker reads a file (4 MB pieces into the job's
/// reader), then rated; the seconds of each.
fn pl_from_text(text: &str) -> (f64, f64, Rating) {
    let start = now_ms();
    let mut settings = Settings { method: MethodKind::PlackettLuce, ..Settings::default() };
    settings.params.plackett_luce = pl_params();
    let mut reader = JobReader::new(&settings);
    text.as_bytes().chunks(4 << 20).for_each(|piece| reader.push(piece));
    let job = reader.finish().expect("the text is events");
    let read = now_ms();
    let rating = job.run().rating.expect("rates");
    ((read - start) / 1000.0, (now_ms() - read) / 1000.0, rating)
}

#[wasm_bindgen_test]
#[ignore = "benchmark: run with -- --include-ignored (see the file's header)"]
async fn plackett_luce_100000_events_of_4_to_8_players() {
    const RUNS: usize = 3;
    let (d, places) = league(PLAYERS, EVENTS);
    let text = csv(&d);
    console_log!("{EVENTS} events, {places} places, {PLAYERS} players; the text {:.1} MB", text.len() as f64 / 1e6);
    drop(d);
    for run in 1..=RUNS {
        yield_to_page().await;
        let (read, fit, rating) = pl_from_text(&text);
        console_log!(
            "from the text, run {run}: {:.3} s (reading {read:.3} s, the fit and its ratings {fit:.3} s); {}",
            read + fit,
            pl_summary(&rating)
        );
    }
    console_log!("linear memory after the text's runs: {:.0} MB", memory_mb());
    let (d, _) = league(PLAYERS, EVENTS);
    let method = Method::PlackettLuce(pl_params());
    for run in 1..=RUNS {
        yield_to_page().await;
        let start = now_ms();
        let mut fit = ratings_engine::methods::start(&d, &method, &Options::default()).expect("starts");
        let set_up = now_ms();
        while fit.step().is_some() {}
        let iterated = now_ms();
        let rating = fit.finish().expect("rates");
        let end = now_ms();
        let s = |a: f64, b: f64| (b - a) / 1000.0;
        console_log!(
            "from the events, run {run}: {:.3} s (set-up {:.3} s, iterations {:.3} s, ratings and standard errors {:.3} s); {}",
            s(start, end),
            s(start, set_up),
            s(set_up, iterated),
            s(iterated, end),
            pl_summary(&rating)
        );
    }
}

/// The wall-clock seconds of one fit of `method` on `data` (the browser has no processor time).
fn fit_seconds(data: &ratings_engine::Dataset, method: &Method) -> f64 {
    let start = now_ms();
    if let Err(e) = ratings_engine::methods::rate(data, method, &Options::default()) {
        console_log!("{}: {e}", method.kind().name());
    }
    (now_ms() - start) / 1000.0
}

/// Elo's fastest of three replays on `data`, then each of `kinds` once, in such replays.
async fn costs_in_replays(data: &ratings_engine::Dataset, kinds: &[MethodKind]) {
    let elo = Method::default_for(MethodKind::Elo);
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        yield_to_page().await;
        best = best.min(fit_seconds(data, &elo));
    }
    let (players, games) = (data.players.len(), data.games.len());
    console_log!("{players} players, {games} games: Elo's replay {best:.3} s (fastest of 3), {:.2e} s a game", best / games as f64);
    for &kind in kinds {
        yield_to_page().await;
        let m = Method::default_for(kind);
        let s = fit_seconds(data, &m);
        let per_game = s / games as f64;
        console_log!(
            "{}: {s:.3} s, {per_game:.2e} s a game, {:.1} replays of Elo (its About says {} in the worker)",
            kind.name(),
            s / best,
            kind.words().passes.worker
        );
    }
}

#[wasm_bindgen_test]
#[ignore = "benchmark: run with -- --include-ignored (see the file's header)"]
async fn evaluation_costs() {
    use MethodKind::*;
    let kinds = [Brent, JRank, Aga, PlackettLuce, WengLin, MultiElo, Glicko2, Glicko, Stephenson, Elo, Whr];
    costs_in_replays(&random_league::league(100_000, 1_000_000), &kinds).await;
    costs_in_replays(&random_league::league(10_000, 100_000), &[Whr, Brent, Glicko2]).await;
}

/// WHR's cost on the same leagues dated over five years (a federation's history is dated: its
/// days are linked closely, and a fit takes a fraction of the undated one's steps).
#[wasm_bindgen_test]
#[ignore = "benchmark: run with -- --include-ignored (see the file's header)"]
async fn evaluation_costs_dated() {
    use random_league::{dated, league};
    costs_in_replays(&dated(league(100_000, 1_000_000), 1825), &[MethodKind::Whr]).await;
    costs_in_replays(&dated(league(10_000, 100_000), 1825), &[MethodKind::Whr]).await;
}
