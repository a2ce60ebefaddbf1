//! The app's browser tests (wasm-bindgen-test in headless Chromium): the worker protocol,
//! the work the worker does, the state's handling of messages, and the chart code.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use ratings_engine::methods::rating::IterationRecord as TraceEntry;
use ratings_engine::tiebreak::Tiebreak;
use ratings_engine::{Fits, Measures, MethodKind, Quantity};
use ratings_lab_web::charts;
use ratings_lab_web::core::compute;
use ratings_lab_web::core::protocol::*;
use ratings_lab_web::state::State;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const EXAMPLE: &str = ratings_lab_web::app::EXAMPLE;

fn roundtrip<T: serde::Serialize + serde::de::DeserializeOwned>(v: &T) -> T {
    serde_wasm_bindgen::from_value(serde_wasm_bindgen::to_value(v).expect("encodes")).expect("decodes")
}

#[wasm_bindgen_test]
fn requests_cross_the_worker_boundary_intact() {
    let settings = Settings { mapping: "first=white".into(), ..Default::default() };
    let read = ReadKey::of(3, &settings);
    let msg = ToWorker::Rate {
        job: 7,
        source: Source::Numbered { id: 3, text: "white,black,result\nA,B,½-½\n".into() },
        settings: settings.clone(),
        shown: Shown { read: Some(read.clone()), standings: Some(StandingsKey::of(read, &settings)) },
    };
    assert_eq!(roundtrip(&msg), msg);
    let again = ToWorker::Rate { job: 8, source: Source::Kept { id: 3 }, settings, shown: Shown::default() };
    assert_eq!(roundtrip(&again), again);
    let cancel = ToWorker::Cancel { job: 7 };
    let stored = ToWorker::Rate {
        job: 8,
        source: Source::Stored(StoredFile { name: "big.csv".into(), size: 2e6, stamp: 1.0 }),
        settings: Settings::default(),
        shown: Shown::default(),
    };
    assert_eq!(roundtrip(&stored), stored);
    assert_eq!(roundtrip(&cancel), cancel);
}

#[wasm_bindgen_test]
fn results_cross_the_worker_boundary_intact() {
    let result = compute::rate_text(EXAMPLE, &Settings::default()).expect("the example rates");
    let msg = FromWorker::Done { job: 3, result };
    assert_eq!(roundtrip(&msg), msg);
    let failed = FromWorker::ParseFailed { job: 4, errors: vec![LineMessage { line: 3, message: "bad".into() }] };
    assert_eq!(roundtrip(&failed), failed);
    assert_eq!(roundtrip(&FromWorker::Ready), FromWorker::Ready);
}

#[wasm_bindgen_test]
fn the_example_rates_and_every_step_is_recorded_in_table_order() {
    let r = compute::rate_text(EXAMPLE, &Settings::default()).unwrap();
    assert!(r.converged);
    assert_eq!(r.players.len(), 20);
    assert_eq!(r.players[0].name, "Manchester City FC");
    let steps = r.steps.as_ref().expect("small inputs record steps");
    assert_eq!(steps.len(), r.iterations + 1, "the start and each iteration");
    let last = steps.last().unwrap();
    for (p, v) in r.players.iter().zip(last) {
        assert!((p.rating.unwrap() - v.unwrap()).abs() < 1e-6, "{}: final {:?} vs last step {:?}", p.name, p.rating, v);
    }
    // The first step is far from the answer: there is something to watch.
    let first = &steps[1];
    assert!(r.players.iter().zip(first).any(|(p, v)| (p.rating.unwrap() - v.unwrap()).abs() > 1.0));
    assert!(r.csv.starts_with("rank,name,rating"));
    assert!(r.json.contains("\"method\": \"brent\""));
    assert_eq!(r.measures.unwrap().tolerance, Some((Quantity::Change, 1e-9)));
}

#[wasm_bindgen_test]
fn parse_errors_name_their_lines() {
    let errors = compute::rate_text("white,black,result\nA,B,1-0\nA,B,oops\n", &Settings::default()).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 3);
    assert!(errors[0].message.contains("column 'result'"));
    let skipped =
        compute::rate_text("white,black,result\nA,B,1-0\nA,B,oops\nB,A,=\n", &Settings { skip_bad_lines: true, ..Default::default() })
            .unwrap();
    assert!(skipped.warnings.iter().any(|w| w.starts_with("line 3:")));
    let bad_map = compute::rate_text("a,b,c\n", &Settings { mapping: "winner=a".into(), ..Default::default() }).unwrap_err();
    assert!(bad_map[0].message.contains("bad column mapping"));
}

#[wasm_bindgen_test]
fn the_state_ignores_messages_from_superseded_jobs() {
    let owner = Owner::new();
    owner.with(|| {
        let state = State::new(String::new(), Settings::default());
        state.job.set(2);
        state.running.set(true);
        state.apply(FromWorker::Progress {
            job: 1,
            trace: vec![TraceEntry { iteration: 1, change: 1.0, residual: 1.0, outer: None }],
            partway: None,
        });
        assert!(state.trace.get_untracked().is_empty());
        state.apply(FromWorker::Progress {
            job: 2,
            trace: vec![TraceEntry { iteration: 1, change: 1.0, residual: 1.0, outer: None }],
            partway: None,
        });
        assert_eq!(state.trace.get_untracked().len(), 1);
        let result = compute::rate_text(EXAMPLE, &Settings::default()).unwrap();
        state.apply(FromWorker::Done { job: 1, result: result.clone() });
        assert!(state.result.get_untracked().is_none() && state.running.get_untracked());
        state.apply(FromWorker::Done { job: 2, result });
        assert!(state.result.get_untracked().is_some() && !state.running.get_untracked());
        state.apply(FromWorker::ParseFailed { job: 2, errors: vec![LineMessage { line: 5, message: "x".into() }] });
        assert_eq!(state.errors.get_untracked()[0].line, 5);
        assert!(state.result.get_untracked().is_none());
    });
}

fn canvas(width: u32) -> web_sys::HtmlCanvasElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let c: web_sys::HtmlCanvasElement = document.create_element("canvas").unwrap().dyn_into().unwrap();
    c.set_attribute("style", &format!("width: {width}px; display: block")).unwrap();
    document.body().unwrap().append_child(&c).unwrap();
    c
}

/// Pixels that are clearly not white, and those of a strong blue (the data series).
fn ink(c: &web_sys::HtmlCanvasElement) -> (usize, usize) {
    let ctx: web_sys::CanvasRenderingContext2d = c.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    let data = ctx.get_image_data(0.0, 0.0, c.width() as f64, c.height() as f64).unwrap().data();
    let px = data.chunks(4);
    let dark = px.clone().filter(|p| (p[0] as u32 + p[1] as u32 + p[2] as u32) < 600).count();
    let blue = px.filter(|p| p[2] > 150 && p[0] < 80 && p[1] < 130).count();
    (dark, blue)
}

#[wasm_bindgen_test]
fn the_convergence_chart_draws_the_trace() {
    let c = canvas(600);
    let trace: Vec<TraceEntry> = (1..=30)
        .map(|k| TraceEntry { iteration: k, change: 10f64.powi(-(k as i32) / 3), residual: 10f64.powi(1 - k as i32 / 3), outer: None })
        .collect();
    let measures =
        |tolerance| Measures { step: "iteration".into(), change: "change".into(), residual: "residual".into(), tolerance, fits: Fits::One };
    charts::convergence::draw(&c, &trace, &measures(Some((Quantity::Change, 1e-9))), Some(5)).unwrap();
    assert_eq!(c.width(), 600);
    // The plot, and below it the legend's three lines (inside, it covered the curves).
    assert_eq!(c.height(), charts::convergence::HEIGHT + charts::legend_strip(3));
    let (dark, blue) = ink(&c);
    assert!(dark > 500, "axes and labels drawn: {dark}");
    assert!(blue > 100, "the change series drawn: {blue}");
    // Empty, zero and non-finite values draw without error (nothing to plot is not a failure).
    let odd = vec![
        TraceEntry { iteration: 1, change: f64::NAN, residual: 0.0, outer: None },
        TraceEntry { iteration: 2, change: f64::INFINITY, residual: -1.0, outer: None },
    ];
    charts::convergence::draw(&c, &odd, &measures(Some((Quantity::Residual, f64::NAN))), None).unwrap();
    charts::convergence::draw(&c, &[], &measures(None), None).unwrap();
}

/// The rows of the plot (above the legend) holding a pixel of the data series' blue.
fn blue_rows(c: &web_sys::HtmlCanvasElement) -> Vec<usize> {
    let ctx: web_sys::CanvasRenderingContext2d = c.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    let (w, h) = (c.width() as usize, charts::convergence::HEIGHT as usize);
    let data = ctx.get_image_data(0.0, 0.0, w as f64, h as f64).unwrap().data();
    (0..h).filter(|y| data[y * w * 4..(y + 1) * w * 4].chunks(4).any(|p| p[2] > 150 && p[0] < 80 && p[1] < 130)).collect()
}

#[wasm_bindgen_test]
fn the_convergence_chart_does_not_join_fits_apart() {
    // Two of the AGA's events: the first fit's steps all at 1e-8, the second's at 100. Joined,
    // a line would climb from the one to the other as if the fit had moved away.
    let step = |k: usize| TraceEntry { iteration: k, change: if k <= 10 { 1e-8 } else { 1e2 }, residual: 0.0, outer: Some(1 + k / 11) };
    let trace: Vec<TraceEntry> = (1..=20).map(step).collect();
    let c = canvas(600);
    let measures =
        Measures { step: "Newton step".into(), change: "step".into(), residual: "gradient".into(), tolerance: None, fits: Fits::Apart };
    charts::convergence::draw(&c, &trace, &measures, None).unwrap();
    let rows = blue_rows(&c);
    let (top, bottom) = (rows[0], rows[rows.len() - 1]);
    assert!(bottom - top > 100, "the two fits' lines far apart: rows {top} to {bottom}");
    let between: Vec<usize> = rows.iter().copied().filter(|&y| y > top + 8 && y + 8 < bottom).collect();
    assert!(between.is_empty(), "blue in {} rows between the fits' lines at {top} and {bottom}: a line joins them", between.len());
    // One fit throughout (Brent's re-weighting steps): the same steps are one line.
    let one = Measures { fits: Fits::One, ..measures };
    charts::convergence::draw(&c, &trace, &one, None).unwrap();
    let rows = blue_rows(&c);
    assert!(rows.len() > 100, "one fit is one line: {} rows", rows.len());
}

#[wasm_bindgen_test]
fn a_fit_of_its_own_starts_its_own_line() {
    let e = |k: usize, outer: usize| TraceEntry { iteration: k, change: 0.1 * k as f64, residual: k as f64, outer: Some(outer) };
    let trace = [e(1, 1), e(2, 1), e(3, 1), e(4, 2), e(5, 3), e(6, 3)];
    let lines = charts::convergence::lines(&trace, Fits::Apart);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].change, vec![(1, 0.1), (2, 0.2), (3, 0.30000000000000004)]);
    // A step's residual is its start's: the second and third of the first fit, at 1 and 2; the
    // second fit's one step started from its own start, which is not on the axis.
    assert_eq!(lines[0].residual, vec![(1, 2.0), (2, 3.0)]);
    assert_eq!(lines[1].change, vec![(4, 0.4)]);
    assert!(lines[1].residual.is_empty(), "{:?}", lines[1].residual);
    assert_eq!(lines[2].residual, vec![(5, 6.0)]);
    let measures =
        Measures { step: "Newton step".into(), change: "step".into(), residual: "gradient".into(), tolerance: None, fits: Fits::Apart };
    let text = charts::summary::convergence(&trace, &measures);
    assert!(text.ends_with("6 Newton steps in 3 fits, each a line of its own, the last at 6.0e-1 and 6.0e0."), "{text}");
    let whole = charts::convergence::lines(&trace, Fits::One);
    assert_eq!(whole.len(), 1);
    assert_eq!(whole[0].residual.len(), 5);
}

#[wasm_bindgen_test]
fn a_fit_that_converged_at_once_has_nothing_to_plot() {
    let entry = |k, v| TraceEntry { iteration: k, change: v, residual: v, outer: None };
    assert!(!charts::convergence::plottable(&[entry(1, 0.0)]), "converged at the first step");
    assert!(!charts::convergence::plottable(&[]));
    assert!(charts::convergence::plottable(&[entry(1, 0.5), entry(2, 1e-10)]));
}

#[wasm_bindgen_test]
fn the_sigma_sweep_axis_has_numbers_where_no_power_of_ten_falls() {
    // Iterations 25 to 40 give an axis from 12.5 to 80: plotters labels only 10^k, so none.
    assert_eq!(charts::race::log_ticks(12.5, 80.0), vec![20.0, 50.0]);
    assert_eq!(charts::race::log_ticks(0.5, 40.0), vec![0.5, 1.0, 2.0, 5.0, 10.0, 20.0]);
    assert!(charts::race::log_ticks(f64::NAN, 3.0).is_empty());
}

/// Close ratings are drawn on at least the scale's least span (issue 39: Elo's axis was cut
/// to 1460–1525 where Brent's showed 1000–2000), about their middle; a wide spread keeps its
/// own range.
#[wasm_bindgen_test]
fn close_ratings_are_drawn_on_at_least_the_scale_s_least_span_about_their_middle() {
    use charts::ratings::{range, Axis, Bar};
    let elo = Axis { title: "rating (Elo points)", min_span: 400.0 };
    let bars = |ratings: &[f64]| -> Vec<Bar> { ratings.iter().map(|&r| (format!("P{r}"), Some(r), None)).collect() };
    let (lo, hi) = range(&bars(&[1460.0, 1525.0, 1490.0]), &elo).unwrap();
    assert!((hi - lo - 400.0).abs() < 1e-9 && ((lo + hi) / 2.0 - 1492.5).abs() < 1e-9, "{lo} {hi}");
    let (lo, hi) = range(&bars(&[1000.0, 2000.0]), &elo).unwrap();
    assert!((lo - 920.0).abs() < 1e-9 && (hi - 2080.0).abs() < 1e-9, "{lo} {hi}");
    let ranks = Axis { title: "rating (ranks: dan above 0, kyu below)", min_span: 0.0 };
    assert_eq!(range(&bars(&[2.0, 2.0]), &ranks), Some((1.0, 3.0)), "one value: padded by 1");
    assert_eq!(range(&[("none".into(), None, None)], &elo), None);
}

#[wasm_bindgen_test]
fn the_ratings_chart_draws_a_dot_per_player_up_to_its_limit() {
    let c = canvas(500);
    let players: Vec<(String, Option<f64>, Option<f64>)> =
        (0..60).map(|i| (format!("Player {i}"), if i == 3 { None } else { Some(1800.0 - 7.0 * i as f64) }, Some(20.0))).collect();
    let axis = charts::ratings::Axis { title: "rating (Elo points)", min_span: 400.0 };
    let shown = charts::ratings::draw(&c, &players, &axis).unwrap();
    assert_eq!(shown, charts::ratings::MAX_SHOWN);
    assert_eq!(c.height(), charts::ratings::height(shown));
    let (dark, blue) = ink(&c);
    assert!(dark > 1000 && blue > 200, "{dark} {blue}");
    assert_eq!(charts::ratings::draw(&c, &[("Only unrated".into(), None, Some(1.0))], &axis).unwrap(), 0);
}

#[wasm_bindgen_test]
fn files_are_decoded_as_utf8_or_windows_1252_with_lf_line_ends() {
    use ratings_lab_web::components::input::decode;
    let (text, note) = decode("white,black,result\r\nMüller,B,1-0\r\n".as_bytes()).unwrap();
    assert_eq!((text.as_str(), note), ("white,black,result\nMüller,B,1-0\n", None));
    // "Müller" and "Möller" in Latin-1 stay two players.
    let (text, note) = decode(b"white,black,result\nM\xfcller,M\xf6ller,1-0\n").unwrap();
    assert_eq!(text, "white,black,result\nMüller,Möller,1-0\n");
    assert!(note.unwrap().contains("Windows-1252"));
    assert_eq!(decode(b"\x80 \x93x\x94").unwrap().0, "€ “x”");
    // The app decodes as the engine (and so the command line) does.
    let bytes = b"white,black,result\r\nZo\xeb \x80,B\xe9la \x8a,1-0\r\n";
    assert_eq!(decode(bytes).unwrap().0, ratings_engine::parse::decode::decode(bytes).unwrap().text);
}

/// A large file's glimpse (the first lines shown in place of the text area) is decoded by the
/// browser, UTF-8 else Windows-1252: the same text as the engine's decoding, which the worker
/// reads the file with, for every byte a text can hold, every line end and a byte order mark.
#[wasm_bindgen_test]
fn a_large_files_glimpse_reads_as_the_engine_decodes() {
    use ratings_lab_web::components::input::{decode, glimpse};
    let glimpsed = |bytes: &[u8]| glimpse(&js_sys::Uint8Array::from(bytes));
    // Every byte from 0x20 up (NUL and the control bytes below make no text file), in
    // Windows-1252, with Windows, old Mac and Unix line ends, after a byte order mark.
    let mut latin: Vec<u8> = b"\xef\xbb\xbfwhite,black,result\r\n".to_vec();
    for (k, row) in (0x20u8..=0xff).collect::<Vec<_>>().chunks(16).enumerate() {
        latin.extend_from_slice(row);
        latin.extend_from_slice([&b",B,1-0\r\n"[..], b",B,1-0\r", b",B,1-0\n"][k % 3]);
    }
    let utf8 = "\u{feff}white,black,result\r\nMüller,Zoë “Z”,½-½\r€,B,1-0\n".as_bytes();
    for bytes in [&latin[..], utf8] {
        assert_eq!(glimpsed(bytes), decode(bytes).unwrap().0, "{bytes:?}");
    }
    // A glimpse cut inside a UTF-8 character keeps what comes before it.
    assert_eq!(glimpsed(&"a,b,1-0\nMüller".as_bytes()[..10]), "a,b,1-0\nM");
}

#[wasm_bindgen_test]
fn every_method_rates_the_example() {
    for method in MethodKind::ALL {
        let settings = Settings { method, ..Default::default() };
        let r = compute::rate_text(EXAMPLE, &settings).unwrap_or_else(|e| panic!("{method}: {e:?}"));
        assert_eq!(r.method, method);
        assert_eq!(r.players.len(), 20, "{method}");
        assert!(r.players.iter().all(|p| p.rating.is_some_and(f64::is_finite)), "{method}");
        if method.sequential() {
            assert!(r.players.iter().all(|p| p.history.as_ref().is_some_and(|h| h.len() == 38)), "{method}");
        }
        if matches!(method, MethodKind::Brent | MethodKind::Aga) {
            assert!(r.players.iter().all(|p| p.sigma.is_some()), "{method}: uncertainties");
        }
    }
    let mut settings = Settings { method: MethodKind::JRank, ..Default::default() };
    settings.params.jrank.fit = true;
    let fit = compute::rate_text(EXAMPLE, &settings).unwrap();
    let grid = fit.fit.expect("the fit grid");
    assert_eq!(grid.error.len(), grid.k_values.len());
}

#[wasm_bindgen_test]
fn the_history_and_fit_charts_draw() {
    let c = canvas(600);
    use ratings_lab_web::core::history::{HistoryAxis, HistoryRow};
    let row = |x: i64, rating: f64| HistoryRow { x, rating, band: Some(40.0) };
    let series: Vec<charts::history::Series> = (0..10)
        .map(|i| (format!("P{i}"), (1..=30).map(|g| row(738_000 + 7 * g, 1500.0 + (g as f64 * (i as f64 - 5.0)))).collect()))
        .collect();
    assert_eq!(charts::history::draw(&c, &series, HistoryAxis::Day, "rating (Elo points)").unwrap(), charts::history::MAX_LINES);
    assert!(ink(&c).0 > 500);
    let fit = ratings_engine::methods::rating::ParameterFit {
        k_values: vec![0.1, 1.0, 10.0],
        p_values: vec![0.5, 1.0],
        error: vec![vec![1.0, 2.0], vec![0.5, f64::NAN], vec![3.0, 4.0]],
        best_k: 1.0,
        best_p: 0.5,
        best_error: 0.5,
        in_sample: true,
        fitted_games: 10,
        scored_games: 10,
    };
    charts::heatmap::draw(&c, &fit).unwrap();
    assert!(ink(&c).0 > 2000, "the grid is filled");
}

#[wasm_bindgen_test]
fn a_tournament_brings_its_standings_even_before_any_game_is_played() {
    let trf = include_str!("../engine/tests/data/trf/held_swiss_5.trf");
    // By default FIDE's recommended order for a Swiss (issue 19, item 12: EIG only when asked).
    let by_default = compute::rate_text(trf, &Settings::default()).unwrap().standings.expect("standings").open().unwrap();
    assert_eq!(by_default.codes, vec![Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Sb]);
    let order = vec![Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Sb, Tiebreak::Eig];
    let r = compute::rate_text(trf, &Settings { tiebreaks: Some(order.clone()), ..Settings::default() }).unwrap();
    let st = r.standings.expect("standings").open().unwrap();
    assert_eq!(st.rows.len(), 16);
    assert_eq!(st.codes, order);
    assert_eq!(st.rows[0].name, "Bruno");
    assert!(st.rows[0].explanations[3].contains("Brent"), "{}", st.rows[0].explanations[3]);
    // Round 1 not yet played: no ratings, but the standings (all level) are there.
    let unplayed: String = trf
        .lines()
        .map(|l| if l.starts_with("001") { l.chars().take(91).collect::<String>() } else { l.to_string() })
        .collect::<Vec<_>>()
        .join("\n")
        .replace(" 4.0 ", " 0.0 ")
        .replace(" 3.5 ", " 0.0 ");
    let r = compute::rate_text(&unplayed, &Settings::default()).unwrap();
    assert!(r.players.is_empty());
    assert_eq!(r.standings.expect("standings").open().unwrap().rows.len(), 16);
    assert!(r.warnings[0].starts_with("no ratings"), "{:?}", r.warnings);
}

/// Every method steps through the one fit interface: JRank and AGA record their iterates
/// for the step-by-step view and name their own quantity and tolerance.
#[wasm_bindgen_test]
fn jrank_and_aga_can_be_stepped_with_their_own_measures() {
    for (method, quantity) in [(MethodKind::JRank, Quantity::Change), (MethodKind::Aga, Quantity::Residual)] {
        let r = compute::rate_text(EXAMPLE, &Settings { method, ..Default::default() }).unwrap();
        let m = r.measures.clone().expect("measures");
        let tolerance = if method == MethodKind::JRank { 1e-10 } else { 1e-9 };
        assert_eq!(m.tolerance, Some((quantity, tolerance)), "{method}");
        let steps = r.steps.as_ref().expect("steps recorded");
        assert!(steps.len() > 2, "{method}: {} steps", steps.len());
        let last = steps.last().unwrap();
        for (p, v) in r.players.iter().zip(last) {
            assert!((p.rating.unwrap() - v.unwrap()).abs() < 1e-6 * p.rating.unwrap().abs().max(1.0), "{method}: {}", p.name);
        }
    }
}

/// A request naming a method the engine does not know fails with a message that says so,
/// against its job, in the lab's worker (which reads every request) and in the first worker
/// (which reads the rating requests alone).
#[wasm_bindgen_test]
fn an_unknown_method_in_a_request_is_a_clear_failure() {
    use ratings_lab_web::core::protocol::FirstRequest;
    use ratings_lab_web::worker::read_request;
    use serde::Serialize;
    let request = ToWorker::Rate { job: 9, source: Source::Text("x".into()), settings: Settings::default(), shown: Shown::default() };
    let good = request.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap();
    assert_eq!(read_request::<ToWorker>(good.clone()).unwrap(), request);
    let first = FirstRequest::Rate { job: 9, source: Source::Text("x".into()), settings: Settings::default(), shown: Shown::default() };
    assert_eq!(read_request::<FirstRequest>(good.clone()).unwrap(), first);
    let settings = js_sys::Reflect::get(&js_sys::Reflect::get(&good, &"Rate".into()).unwrap(), &"settings".into()).unwrap();
    js_sys::Reflect::set(&settings, &"method".into(), &"bradley".into()).unwrap();
    let check = |read: Result<(), FromWorker>| match read {
        Err(FromWorker::Failed { job, message }) => {
            assert_eq!(job, 9);
            assert!(message.contains("bradley") && message.contains("brent"), "{message}");
        }
        other => panic!("{other:?}"),
    };
    check(read_request::<ToWorker>(good.clone()).map(drop));
    check(read_request::<FirstRequest>(good).map(drop));
}

/// Settings go to the browser's storage as JSON and come back the same (the flattened
/// parameters included).
#[wasm_bindgen_test]
fn settings_survive_the_round_trip_through_storage_json() {
    use ratings_lab_web::core::json::{from_json, to_json};
    use ratings_lab_web::core::settings::Stored;
    let mut settings = Settings { method: MethodKind::Aga, ..Default::default() };
    settings.params.brent.variant = ratings_engine::Variant::Zermelo;
    settings.params.jrank.eps = 1e-7;
    let json = to_json(&Stored::new(&settings));
    assert!(json.contains("\"zermelo\"") && json.contains("\"version\":3"), "{json}");
    assert_eq!(from_json::<Stored>(&json).unwrap().settings, settings);
}

/// The keys a focused tiebreak chip answers: arrows move it one place (not past either end),
/// Home and End to the ends, Delete and Backspace remove it; other keys are left alone.
#[wasm_bindgen_test]
fn tiebreak_chips_move_by_keyboard_within_the_order() {
    use ratings_lab_web::components::table_parts::{chip_key, moved};
    assert_eq!(chip_key("ArrowLeft", 2, 4), Some(Some(1)));
    assert_eq!(chip_key("ArrowUp", 2, 4), Some(Some(1)));
    assert_eq!(chip_key("ArrowRight", 2, 4), Some(Some(3)));
    assert_eq!(chip_key("ArrowLeft", 0, 4), None, "the first stays first");
    assert_eq!(chip_key("ArrowDown", 3, 4), None, "the last stays last");
    assert_eq!(chip_key("Home", 2, 4), Some(Some(0)));
    assert_eq!(chip_key("End", 1, 4), Some(Some(3)));
    assert_eq!(chip_key("Delete", 0, 1), Some(None));
    assert_eq!(chip_key("Backspace", 3, 4), Some(None));
    assert_eq!(chip_key("Enter", 1, 4), None);
    assert_eq!(chip_key("a", 1, 4), None);
    assert_eq!(moved(&["BH-C1", "BH", "SB", "EIG"], 2, 0), ["SB", "BH-C1", "BH", "EIG"]);
}

/// Each chart's text alternative names what it shows and where it ends.
#[wasm_bindgen_test]
fn the_charts_text_alternatives_say_what_they_show() {
    let players: Vec<(String, Option<f64>, Option<f64>)> =
        (0..60).map(|i| (format!("P{i}"), if i == 1 { None } else { Some(1800.0 - 7.0 * i as f64) }, None)).collect();
    let text = charts::summary::ratings(&players, charts::ratings::MAX_SHOWN, None);
    assert!(text.starts_with("Ratings chart of the best 40, best first") && text.contains("P0 1800.0, P2 1786.0, P3 1779.0 …"), "{text}");
    assert!(text.contains("down to P40 1520.0"), "{text}");
    let with_axis = charts::summary::ratings(&players, 40, Some(("rating (Elo points)", (1300.0, 1700.0))));
    assert!(with_axis.ends_with("Axis: rating (Elo points), 1300 to 1700."), "{with_axis}");
    assert_eq!(charts::summary::ratings(&[], 40, None), "Ratings chart: nothing rated yet.");
    let measures = Measures {
        step: "iteration".into(),
        change: "relative change".into(),
        residual: "residual".into(),
        tolerance: None,
        fits: Fits::One,
    };
    let trace = vec![
        TraceEntry { iteration: 1, change: 0.5, residual: 2.0, outer: None },
        TraceEntry { iteration: 2, change: 1e-10, residual: 3e-9, outer: None },
    ];
    assert_eq!(
        charts::summary::convergence(&trace, &measures),
        "Convergence chart, log scale: the relative change and the residual per iteration; 2 iterations, the last at 1.0e-10 and 3.0e-9."
    );
    use ratings_lab_web::core::history::{HistoryAxis, HistoryRow};
    let row = |x: i64, rating: f64| HistoryRow { x, rating, band: None };
    let series = vec![("Ann".to_string(), vec![row(1, 1500.0), row(5, 1540.4)]), ("Bo".to_string(), vec![])];
    assert_eq!(
        charts::summary::history(&series, 8, HistoryAxis::Game),
        "Rating history of the leading players by game, in the order rated, 1 to 5, each rating held until the player's next game: Ann from 1500 to 1540."
    );
}

/// A write the browser refuses is said in words, naming the browser's reason; storage that
/// is off says so; a kept one says nothing.
#[wasm_bindgen_test]
fn storage_refusals_are_put_in_words() {
    use ratings_lab_web::storage::Kept;
    assert_eq!(Kept::Yes.problem("this input"), None);
    let full = Kept::Refused("QuotaExceededError".into()).problem("the settings").unwrap();
    assert!(full.starts_with("The browser's storage is full (QuotaExceededError): the settings could not be kept"), "{full}");
    assert!(Kept::NoStorage.problem("this input").unwrap().contains("keeps no data for this page"));
}

#[wasm_bindgen_test]
fn a_comparison_crosses_the_worker_boundary_intact() {
    use ratings_engine::methods::{brent::BrentParams, elo::EloParams, Method};
    use ratings_lab_web::core::compare::{compare_text, CompareRequest, Orders};
    let request = CompareRequest {
        methods: vec![
            Method::Brent(BrentParams::default()),
            Method::Elo(EloParams { k: 16.0, ..Default::default() }),
            Method::Elo(EloParams::default()),
        ],
        orders: Orders::Shuffled { n: 4, seed: 9 },
    };
    let msg = ToWorker::Compare {
        job: COMPARE_JOBS + 1,
        source: Source::Text(EXAMPLE.into()),
        settings: Settings::default(),
        request: request.clone(),
    };
    assert_eq!(roundtrip(&msg), msg);
    assert_eq!(roundtrip(&ToWorker::CancelCompare { job: COMPARE_JOBS + 1 }), ToWorker::CancelCompare { job: COMPARE_JOBS + 1 });
    let view = compare_text(EXAMPLE, &Settings::default(), &request).expect("the example compares");
    assert_eq!(view.labels[1], "Elo (K = 16)");
    assert!(view.rows.iter().any(|r| r.spread[1].is_some_and(|s| s.sd > 0.0)));
    let done = FromWorker::Compared { job: COMPARE_JOBS + 1, view: Later::new(view.clone()) };
    assert!(done.is_compare());
    // Read as the browser's value (decoded by the compare view, in its part of the wasm).
    let FromWorker::Compared { job, view: back } = roundtrip(&done) else { panic!("a comparison") };
    assert_eq!((job, back.open()), (COMPARE_JOBS + 1, Ok(view)));
    // A value that is not a comparison is said to be unreadable when opened.
    let wrong: Later<CompareView> = serde_wasm_bindgen::from_value(JsValue::from_str("x")).unwrap();
    assert!(wrong.open().unwrap_err().contains("could not be read"));
    let progress = FromWorker::CompareProgress { job: COMPARE_JOBS + 1, done: 3, total: 9, doing: "Elo: order 2 of 4".into() };
    assert_eq!(roundtrip(&progress), progress);
}

#[wasm_bindgen_test]
fn the_scatter_plot_draws_a_dot_per_player_and_names_the_furthest() {
    use charts::scatter::{draw, furthest, nearest, summary, Dot};
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: web_sys::HtmlCanvasElement = document.create_element("canvas").unwrap().unchecked_into();
    canvas.set_attribute("style", "width: 400px; display: block").unwrap();
    document.body().unwrap().append_child(&canvas).unwrap();
    let dots: Vec<Dot> = (0..6).map(|i| Dot { row: i, name: format!("P{i}"), a: i + 1, b: if i == 5 { 1 } else { i + 2 } }).collect();
    let at = draw(&canvas, &dots, ("Brent", "Elo"), Some(2)).expect("draws");
    assert_eq!(at.len(), 6);
    assert_eq!(furthest(&dots)[0], 5, "the one ranked 6th by A and 1st by B");
    let (row, x, y) = at[3];
    assert_eq!(nearest(&at, x + 3, y - 2), Some(row));
    assert!(summary(&dots, ("Brent", "Elo")).contains("P5 (Brent 6, Elo 1)"));
    canvas.remove();
}

/// The page writes and reads links through the browser's JSON (natively the tests use
/// serde_json): unusual settings, a view and non-ASCII data come back exactly; a cut link is
/// damaged.
#[wasm_bindgen_test]
fn a_link_round_trips_through_the_browsers_json() {
    use ratings_lab_web::core::link::{self, Data, Given, LinkError, Scenario, View};
    let mut settings = Settings { method: MethodKind::JRank, shown: Some(2.5), anchor: "Žofie".into(), ..Settings::default() };
    settings.params.brent.sigma = 0.55;
    settings.params.elo.k = 40.0;
    settings.params.jrank.eps = 1e-7;
    let view = View { step: Some(2), sort: Some(("score".into(), false)), speed: Some(7.5), ..View::default() };
    let text = "white,black,result\nŽofie,Ærø €,1-0\n";
    let (fragment, _) = link::make(&settings, &view, Given::Text(text));
    let read = link::read(&format!("#{fragment}")).expect("a link").expect("readable");
    assert_eq!(read, Scenario { settings, view, data: Data::Text(text.into()) });
    assert_eq!(link::read(&fragment[..fragment.len() - 4]), Some(Err(LinkError::Damaged)));
}

/// The race and a step's working cross the worker boundary intact, and the state keeps
/// them whatever the rating job (they are numbered apart).
#[wasm_bindgen_test]
fn the_race_and_the_working_cross_the_worker_boundary_and_are_kept() {
    use ratings_engine::methods::{race, working};
    let job = ratings_engine::job::Job::read(EXAMPLE, &Settings::default()).unwrap();
    let data = &job.input.dataset;
    let params = Settings::default().params;
    let r = race::race(data, &params.brent, &params.jrank).unwrap();
    assert_eq!(r.curves.len(), 4);
    let w = working::working(data, &Settings::default().method(), 2, 0).unwrap();
    let raced = roundtrip(&FromWorker::Raced { job: 5, race: Ok(Later::new(r.clone())) });
    let worked = roundtrip(&FromWorker::Worked { job: 6, working: Ok(Later::new(w.clone())) });
    let (FromWorker::Raced { job: 5, race: Ok(back_r) }, FromWorker::Worked { job: 6, working: Ok(back_w) }) = (&raced, &worked) else {
        panic!("a race and a working: {raced:?} {worked:?}")
    };
    assert_eq!(back_r.open(), Ok(r));
    assert_eq!(back_w.open(), Ok(w));
    let ask = ToWorker::Working { job: 6, source: Source::Text("x".into()), settings: Settings::default(), step: 2, player: "A".into() };
    assert_eq!(roundtrip(&ask), ask);
    let owner = Owner::new();
    owner.with(|| {
        let state = State::new(String::new(), Settings::default());
        state.job.set(40);
        state.apply(raced);
        state.apply(worked);
        assert_eq!(state.race.get_untracked().map(|(j, r)| (j, r.is_ok())), Some((5, true)));
        assert_eq!(state.working.get_untracked().map(|(j, _)| j), Some(6));
    });
}

#[wasm_bindgen_test]
fn a_click_picks_the_nearest_curve_within_reach() {
    let curves = vec![vec![(10, 10), (100, 10)], vec![(10, 50), (100, 90)]];
    assert_eq!(charts::race::hit(&curves, 55, 14), Some(0));
    assert_eq!(charts::race::hit(&curves, 55, 72), Some(1));
    assert_eq!(charts::race::hit(&curves, 55, 35), None);
}

/// The simulation lab in the browser gives, for one seed, the numbers a native build gives
/// (`engine/tests/evaluation.rs`, `the_same_seed_gives_these_numbers`), to 1e-9.
#[wasm_bindgen_test]
fn the_lab_gives_the_native_numbers_for_a_seed() {
    use ratings_engine::evaluation::simulate::{simulate, Schedule, Setup};
    use ratings_engine::methods::{brent::BrentParams, elo::EloParams};
    use ratings_engine::{Method, Options};
    let setup = Setup {
        players: 16,
        schedule: Schedule::Swiss { rounds: 5 },
        spread: 1.5,
        draws: 0.3,
        repetitions: 5,
        seed: 2024,
        clusters: 0,
        drift: 0.0,
    };
    let methods = [Method::Brent(BrentParams { gamma: 1.0, ..Default::default() }), Method::Elo(EloParams::default())];
    let sim = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    let got = [
        sim.methods[0].kendall_tau.mean.unwrap(),
        sim.methods[1].kendall_tau.mean.unwrap(),
        sim.baseline.kendall_tau.mean.unwrap(),
        sim.methods[0].mean_abs_rank_error.mean.unwrap(),
    ];
    let expected = [0.690000000000000, 0.657819992317827, 0.648848199697384, 1.875];
    for (g, e) in got.iter().zip(expected) {
        assert!((g - e).abs() < 1e-9, "{got:?}");
    }
}

/// In wasm the engine's sorts take the comparison as a trait object and sort indices for a
/// stable sort (`ratings_engine::sort`): the orders are the standard sorts', ties included.
#[wasm_bindgen_test]
fn the_engines_sorts_order_as_the_standard_ones_in_wasm() {
    use ratings_engine::sort;
    let mut x = 12345u64;
    let v: Vec<(u64, usize)> = (0..3000)
        .map(|i| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((x >> 33) % 40, i)
        })
        .collect();
    let cmp = |a: &(u64, usize), b: &(u64, usize)| a.0.cmp(&b.0);
    let (mut ours, mut std) = (v.clone(), v.clone());
    sort::by(&mut ours, cmp);
    std.sort_by(cmp);
    assert_eq!(ours, std, "by");
    let (mut ours, mut std) = (v.clone(), v.clone());
    sort::by_key(&mut ours, |e| e.0 % 7);
    std.sort_by_key(|e| e.0 % 7);
    assert_eq!(ours, std, "by_key");
    let (mut ours, mut std) = (v.clone(), v.clone());
    sort::unstable_by(&mut ours, cmp);
    std.sort_unstable_by(cmp);
    assert_eq!(ours, std, "unstable_by");
    let (mut ours, mut std) = (v.clone(), v.clone());
    sort::by_cached_key(&mut ours, |e| e.0 / 3);
    std.sort_by_cached_key(|e| e.0 / 3);
    assert_eq!(ours, std, "by_cached_key");
    let (mut ours, mut std) = (v.clone(), v);
    sort::nth_unstable_by(&mut ours, 1500, cmp);
    std.select_nth_unstable_by(1500, cmp);
    assert_eq!(ours, std, "nth_unstable_by");
}

/// The number boxes read a number with the browser's `Number` (Rust's reader left out of the
/// page: issue 24): every decimal text reads as Rust's `f64::from_str` reads it, bit for bit,
/// and what Rust reads as no number (or as no finite one the boxes take) is none.
#[wasm_bindgen_test]
fn number_boxes_read_as_rust_reads() {
    use ratings_lab_web::components::controls::parse_number;
    let mut texts: Vec<String> = [
        "0",
        "-0",
        "+1",
        "1.",
        ".5",
        "-.5",
        "1e3",
        "1E-3",
        "2.5e+2",
        "007",
        "0.1",
        "0.30000000000000004",
        "1e308",
        "1e309",
        "1e-400",
        "4.9e-324",
        "2.2250738585072011e-308",
        "1.7976931348623157e308",
        "9007199254740993",
        "123456789012345678901234567890",
        "0.000000000000000000000000000001",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // Values of every size, written as the boxes show them and as people type them.
    let mut x = 0.123_456_789_f64;
    for i in 0..400 {
        x = (x * 7.389_056 + 0.577_215_7).fract() * 10f64.powi(i % 40 - 20);
        texts.extend([format!("{x}"), format!("{x:e}"), format!("{x:.3}"), format!("-{x:.12}"), format!("{:.0}", x * 1e6)]);
    }
    for t in &texts {
        let ours = parse_number(t);
        let rust = t.parse::<f64>().ok();
        assert_eq!(ours.map(f64::to_bits), rust.map(f64::to_bits), "{t}");
    }
    for not in ["", " ", ".", "-", "e5", "1e", "1..2", "--1", "0x10", "1_000", "inf", "NaN", "Infinity", "1,5", "½"] {
        assert_eq!(parse_number(not), None, "{not:?}");
    }
}

/// The convergence chart's range: a trace that stops just below its tolerance (JRank's, at
/// 1e-10) keeps the tolerance's line a decade above the axis, where it was drawn on the axis.
#[wasm_bindgen_test]
fn the_convergence_range_keeps_the_tolerance_off_the_axis() {
    let trace: Vec<TraceEntry> = (1..=30)
        .map(|k| TraceEntry { iteration: k, change: 0.3 * (8e-11f64 / 0.3).powf((k - 1) as f64 / 29.0), residual: 0.2, outer: None })
        .collect();
    let (lo, hi) = charts::convergence::y_range(&trace, 1e-10);
    assert!(lo <= 1.0001e-11 && lo > 1e-13, "{lo}");
    assert!(hi >= 0.3, "{hi}");
}
