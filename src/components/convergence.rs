//! The convergence panel: status and cancel, the live chart of what the method's trace
//! measures (against its own tolerance), a sequential method's rating history, JRank's fit,
//! and the step-by-step player, which every method has.

use crate::charts;
use crate::components::lazy::{Deferred, Later};
use crate::core::engine::methods::rating::{MethodVariant, StopReason};
use crate::core::engine::text::count;
use crate::core::history::HistoryAxis;
use crate::core::protocol::RatingResult;
use crate::state::State;
use leptos::html::Canvas;
use leptos::prelude::*;
use std::time::Duration;

#[component]
pub fn ConvergencePanel() -> impl IntoView {
    let state = expect_context::<State>();
    let sequential = move || is_sequential(&state);
    // The charts and the step view come with the first iterations or ratings (their code
    // loaded then: [`Deferred`]; a long first computation is drawn live), and stay.
    let rated = Memo::new(move |before: Option<&bool>| {
        before.copied().unwrap_or(false) || state.trace.with(|t| !t.is_empty()) || state.result.with(Option::is_some)
    });
    view! {
        <section class="panel convergence-panel" aria-labelledby="convergence-title">
            <h2 id="convergence-title">{move || if sequential() { "Rating history" } else { "Convergence" }}</h2>
            <StatusLine />
            <Show when=move || rated.get()>
                <Later load={expect_context::<Deferred>().convergence} />
            </Show>
        </section>
    }
}

/// Whether the method shown rates game by game (a history, no convergence).
fn is_sequential(state: &State) -> bool {
    state.result.with(|r| r.as_ref().is_some_and(|r| r.method.sequential()))
}

/// The convergence or history charts, the fit chart and the step view.
#[component]
pub fn ConvergenceBody() -> impl IntoView {
    let state = expect_context::<State>();
    let sequential = move || is_sequential(&state);
    // Whole-History Rating converges and has a history (each day's rating): both charts.
    let history = move || state.result.with(|r| r.as_ref().is_some_and(|r| r.players.iter().any(|p| p.history.is_some())));
    view! {
        <div class:hidden=sequential>
            <TraceChart />
        </div>
        <div class:hidden=move || !history()>
            <HistoryChart />
        </div>
        <FitChart />
        <Stepper />
        <super::working::Working />
    }
}

/// What the fit is doing, or how it ended, in words.
fn status(state: &State) -> String {
    let steps = state.trace.with(Vec::len);
    if let (true, Some((done, total)), Some(f)) = (state.running.get(), state.reading.get(), state.stored_file.get()) {
        return format!("Reading {}… {:.1} of {:.1} MB", f.name, done / 1e6, total / 1e6);
    }
    if state.running.get() {
        let what = state.measures.with(|m| m.as_ref().map_or("iteration".to_string(), |m| m.step.clone()));
        // Within a long step (WHR's on a long history), the step under way and its progress.
        return match state.partway.get() {
            Some(p) => format!("Computing… {what} {}: {} so far", steps + 1, count(p.done, &p.what, &format!("{}s", p.what))),
            None => format!("Computing… {what} {steps}"),
        };
    }
    if let Some(f) = state.failure.get() {
        return f;
    }
    if state.errors.with(|e| !e.is_empty()) {
        return "Fix the errors in the results to see ratings.".into();
    }
    let nothing = state.stored_file.with(Option::is_none) && state.text.with(|t| t.trim().is_empty());
    let Some(r) = state.result.get() else {
        return if nothing { "Paste results, open a file or load the example to see ratings.".into() } else { String::new() };
    };
    let n = r.iterations;
    // The method's own step ("iteration", "Newton step"): one word for a step, as the trace's.
    let one = r.measures.as_ref().map_or_else(|| "iteration".to_string(), |m| m.step.clone());
    let steps = |n: usize| count(n, &one, &format!("{one}s"));
    // Passes over the scores, when an iteration may take more than one (Brent's accelerated).
    let passes = match r.passes.filter(|&p| p != n) {
        Some(p) => format!(" ({p} passes, {})", r.variant.map(|v| v.to_string()).unwrap_or_default()),
        None => String::new(),
    };
    match r.stop {
        StopReason::Finished => finished_status(&r),
        StopReason::Converged => format!(
            "Converged in {}{passes}; largest residual {:.1e}{}",
            steps(n),
            r.final_residual,
            if r.errors_pending { "; standard errors: computing…" } else { "" }
        ),
        StopReason::MaxIterations => format!("Not converged after {} (the cap)", steps(n)),
        StopReason::Cancelled => format!("Cancelled after {}: showing the last iterate", steps(n)),
        StopReason::NothingToRate if r.players.is_empty() => r.warnings.first().cloned().unwrap_or_else(|| "No ratings".into()),
        StopReason::NothingToRate => "Nothing can be rated: see the diagnosis".into(),
        StopReason::NonFinite => format!("Stopped after {}: see the warnings", steps(n)),
    }
}

/// A sequential method's one pass, and its foresight: how often the favourite before a game
/// (for multiplayer Elo, before an event: the single highest rating at the table) won it.
fn finished_status(r: &RatingResult) -> String {
    let multi = matches!(r.variant, Some(MethodVariant::MultiElo { games: None, .. }));
    if let Some(MethodVariant::Periods { basis }) = r.variant {
        // A period method's step is a rating period (a round, a day, or a game).
        return format!("Rated in one pass through {} (each a rating period)", count(r.iterations, basis.step(), basis.plural()));
    }
    let item = |n| if multi { count(n, "event", "events") } else { count(n, "game", "games") };
    let pass = format!("Rated in one pass through {}", item(r.iterations));
    match (r.accuracy, r.decided) {
        (Some(a), Some(d)) if multi => format!(
            "{pass}; foresight: the favourite (the one highest rating before the event) won {:.0}% of the {} that had one",
            100.0 * a,
            item(d)
        ),
        (Some(a), Some(d)) => format!(
            "{pass}; foresight accuracy {:.1}% (of the {} decisive games, the share won by the player rated higher before the game)",
            100.0 * a,
            d
        ),
        _ if multi => format!("{pass}; no event had a single favourite, so there is no foresight to report"),
        _ => pass,
    }
}

#[component]
fn StatusLine() -> impl IntoView {
    let state = expect_context::<State>();
    let cancel = expect_context::<crate::state::CancelRating>().0;
    view! {
        <div class="status-line">
            <span data-testid="status" role="status">{move || status(&state)}</span>
            <span class="visually-hidden" data-testid="iterations">
                {move || state.result.with(|r| r.as_ref().map(|r| r.iterations.to_string()).unwrap_or_default())}
            </span>
            <Show when=move || state.running.get()>
                <button data-testid="cancel" on:click=move |_| cancel.run(())>"Cancel"</button>
            </Show>
        </div>
    }
}

/// The trace, drawn live, with the method's own quantities and tolerance.
#[component]
fn TraceChart() -> impl IntoView {
    let state = expect_context::<State>();
    let canvas = NodeRef::<Canvas>::new();
    Effect::new(move |_| {
        // Also after each result: the chart may just have become visible.
        state.result.track();
        let current = state.step.get();
        canvas.track();
        let Some(measures) = state.measures.get() else {
            // No fit: an old drawing must not stay behind (the canvas is hidden too), nor a
            // drawing still waiting for its frame.
            charts::at_next_frame("convergence", move || {
                if let Some(c) = canvas.get_untracked() {
                    c.set_width(c.width());
                }
            });
            return;
        };
        state.trace.track();
        charts::at_next_frame("convergence", move || {
            state.trace.with_untracked(|trace| {
                if let Some(c) = canvas.get_untracked() {
                    if let Err(e) = charts::convergence::draw(&c, trace, &measures, current) {
                        web_sys::console::warn_1(&format!("convergence chart: {e}").into());
                    }
                }
            })
        });
    });
    let label = move || {
        state.measures.with(|m| match m {
            Some(m) => state.trace.with(|t| charts::summary::convergence(t, m)),
            None => "Convergence chart".to_string(),
        })
    };
    // A fit done with no line to draw (it converged at once): said in words, not an empty chart.
    let empty = move || {
        !state.running.get()
            && state.result.with(Option::is_some)
            && state.measures.with(Option::is_some)
            && state.trace.with(|t| !charts::convergence::plottable(t))
    };
    view! {
        <canvas node_ref=canvas class="chart" data-testid="convergence-chart" role="img" aria-label=label
            style:display=move || if state.measures.with(Option::is_none) || empty() { "none" } else { "" }></canvas>
        {move || empty().then(|| view! { <p class="chart-empty" data-testid="convergence-empty">{empty_text(&state)}</p> })}
        <p class="help" data-testid="trace-legend">{move || state.measures.with(|m| m.as_ref().map(legend))}</p>
    }
}

/// Why there is no convergence chart to see, in words.
fn empty_text(state: &State) -> String {
    let step = state.measures.with(|m| m.as_ref().map_or("iteration".to_string(), |m| m.step.clone()));
    let (stop, n) = state.result.with(|r| r.as_ref().map_or((StopReason::Converged, 0), |r| (r.stop, r.iterations)));
    match (stop, n) {
        (StopReason::Converged, 0 | 1) => format!("Converged at the first {step}: nothing to plot."),
        (StopReason::Converged, n) => format!("Converged in {}: too few to plot.", count(n, &step, &format!("{step}s"))),
        (_, n) => format!("{}: nothing to plot.", count(n, &step, &format!("{step}s"))),
    }
}

/// The chart's quantities and tolerance in words.
fn legend(m: &crate::core::engine::Measures) -> String {
    let stop = match m.tolerance {
        Some((crate::core::engine::Quantity::Change, t)) => format!("; it stops when the {} is below ε = {t:.0e}", m.change),
        Some((crate::core::engine::Quantity::Residual, t)) => format!("; it stops when the {} is below ε = {t:.0e}", m.residual),
        None => String::new(),
    };
    let apart = match m.fits {
        crate::core::engine::Fits::One => "",
        crate::core::engine::Fits::Apart => " The steps are numbered through the run; each fit is a line of its own.",
    };
    format!("Per {}: the {} and the {}{stop}.{apart}", m.step, m.change, m.residual)
}

#[component]
fn HistoryChart() -> impl IntoView {
    let state = expect_context::<State>();
    let canvas = NodeRef::<Canvas>::new();
    let label = RwSignal::new(String::from("Rating history chart"));
    Effect::new(move |_| {
        state.result.with(|r| {
            let (Some(r), Some(c)) = (r, canvas.get()) else { return };
            let series: Vec<charts::history::Series> =
                r.players.iter().filter_map(|p| Some((p.name.clone(), p.history.clone()?))).collect();
            label.set(charts::summary::history(&series, charts::history::MAX_LINES, r.history_axis));
            let rating = r.method.words().axis.unwrap_or("rating (Elo points)");
            if let Err(e) = charts::history::draw(&c, &series, r.history_axis, rating) {
                web_sys::console::warn_1(&format!("history chart: {e}").into());
            }
        });
    });
    view! {
        <h3 data-testid="history-heading">
            {move || state.result.with(|r| r.as_ref().map_or(HistoryAxis::Game, |r| r.history_axis).heading())}
        </h3>
        <canvas node_ref=canvas class="chart" data-testid="history-chart" role="img" aria-label=move || label.get()></canvas>
    }
}

#[component]
fn FitChart() -> impl IntoView {
    let state = expect_context::<State>();
    let canvas = NodeRef::<Canvas>::new();
    let has_fit = move || state.result.with(|r| r.as_ref().is_some_and(|r| r.fit.is_some()));
    Effect::new(move |_| {
        state.result.with(|r| {
            if let (Some(c), Some(fit)) = (canvas.get(), r.as_ref().and_then(|r| r.fit.as_ref())) {
                if let Err(e) = charts::heatmap::draw(&c, fit) {
                    web_sys::console::warn_1(&format!("fit chart: {e}").into());
                }
            }
        });
    });
    let summary = move || {
        state.result.with(|r| {
            r.as_ref().and_then(|r| r.fit.as_ref()).map(|f| {
                format!(
                    "Best k = {:.3}, p = {:.3}: mean squared error {:.4} per game ({}; fitted on {} games, scored on {}).",
                    f.best_k,
                    f.best_p,
                    f.best_error,
                    if f.in_sample { "in-sample" } else { "held-out" },
                    f.fitted_games,
                    f.scored_games
                )
            })
        })
    };
    view! {
        <div class:hidden=move || !has_fit()>
            <h3>"JRank's fit"</h3>
            <p class="help" id="fit-summary" data-testid="fit-summary">{summary}</p>
            <p class="help">
                "Read it with care: p only scales every log-strength (w grows in proportion to p), and the source's error "
                "|W/O − M(A)/M(B)|² shrinks with p², so this criterion always prefers the smallest p. The k direction is the informative one."
            </p>
            <canvas node_ref=canvas class="chart" data-testid="fit-chart" role="img"
                aria-label="Heat map of the fit error over k and p" aria-describedby="fit-summary"></canvas>
        </div>
    }
}

/// Plays the steps: one per tick, stopping at the end.
fn play(state: State) {
    let ticker = StoredValue::new_local(None::<IntervalHandle>);
    Effect::new(move |_| {
        let playing = state.playing.get();
        let speed = state.speed.get();
        if let Some(h) = ticker.get_value() {
            h.clear();
            ticker.set_value(None);
        }
        if playing {
            let every = Duration::from_millis((1000.0 / speed.max(0.1)) as u64);
            let tick = move || {
                let n = state.result.with_untracked(|r| r.as_ref().map_or(0, |r| r.step_count()));
                let next = state.step.get_untracked().map_or(1, |k| k + 1);
                if next > n {
                    state.playing.set(false);
                } else {
                    state.step.set(Some(next));
                }
            };
            ticker.set_value(set_interval_with_handle(tick, every).ok());
        }
    });
}

/// Why this run has no steps to show: too many players, or too many steps, to keep them all.
fn why_no_steps(state: &State) -> String {
    use crate::core::engine::job::{STEP_LIMIT, STEP_PLAYERS};
    let (players, steps) = state.result.with(|r| r.as_ref().map_or((0, 0), |r| (r.players.len(), r.iterations)));
    if players > STEP_PLAYERS {
        format!("Step-by-step keeps the ratings of up to {STEP_PLAYERS} players after each step; this run rates {players}.")
    } else if steps > STEP_LIMIT {
        format!("Step-by-step keeps up to {STEP_LIMIT} steps; this run took {steps}.")
    } else {
        "Step-by-step is not available for this run.".to_string()
    }
}

#[component]
fn Stepper() -> impl IntoView {
    let state = expect_context::<State>();
    play(state);
    let steps = move || state.result.with(|r| r.as_ref().map_or(0, |r| r.step_count()));
    let what = move || state.result.with(|r| r.as_ref().and_then(|r| r.measures.as_ref()).map_or("iteration".into(), |m| m.step.clone()));
    let label = move || match (state.step.get(), steps()) {
        (_, 0) => why_no_steps(&state),
        (None, n) => format!("Showing the final ratings ({} {n})", what()),
        (Some(0), n) => format!("Showing the start, before {} 1 of {n}", what()),
        (Some(k), n) => format!("Showing {} {k} of {n}", what()),
    };
    let step_by = move |d: isize| {
        let n = steps();
        if n == 0 {
            return;
        }
        state.playing.set(false);
        let k = state.step.get_untracked().unwrap_or(n) as isize + d;
        state.step.set(Some(k.clamp(1, n as isize) as usize));
    };
    let toggle = move |_| {
        if steps() == 0 {
            return;
        }
        if !state.playing.get_untracked() && state.step.get_untracked().is_none_or(|k| k >= steps()) {
            state.step.set(Some(0));
        }
        state.playing.update(|p| *p = !*p);
    };
    let png = move |_| {
        let canvas =
            web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector("[data-testid=convergence-chart]").ok().flatten());
        if let Some(c) = canvas.and_then(|c| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlCanvasElement>(c).ok()) {
            crate::download::canvas_png(&c, "convergence.png");
        }
    };
    view! {
        <div class="stepper" role="group" aria-label="Step through the iterations" class:hidden=move || state.result.with(Option::is_none)>
            <button data-testid="step-first" title="First step" on:click=move |_| { state.playing.set(false); if steps() > 0 { state.step.set(Some(1)); } }>"|◀"</button>
            <button data-testid="step-prev" title="Previous step" on:click=move |_| step_by(-1)>"◀"</button>
            <button data-testid="step-play" title="Play / pause" on:click=toggle>{move || if state.playing.get() { "❚❚ Pause" } else { "▶ Play" }}</button>
            <button data-testid="step-next" title="Next step" on:click=move |_| step_by(1)>"▶"</button>
            <button data-testid="step-final" title="Final ratings" on:click=move |_| { state.playing.set(false); state.step.set(None); }>"▶|"</button>
            <label class="speed">
                "Speed "
                <input type="range" min="0.5" max="30" step="0.5" data-testid="step-speed"
                    prop:value=move || state.speed.get().to_string()
                    on:input=move |ev| {
                        if let Ok(v) = event_target_value(&ev).parse::<f64>() {
                            state.speed.set(v);
                        }
                    }
                />
                {move || format!(" {:.1}/s", state.speed.get())}
            </label>
            <span class="step-label" data-testid="step-label">{label}</span>
            <button class="link" data-testid="export-convergence-png" on:click=png>"Save chart (PNG)"</button>
        </div>
        <StepTop />
    }
}

/// How many players the list beside the step buttons shows.
const STEP_TOP: usize = 8;

/// The leading players at the step shown, right under the step buttons: what a step changes
/// stays in view while stepping (the ratings table is further down the page, on a phone a
/// screen or more away).
#[component]
fn StepTop() -> impl IntoView {
    let state = expect_context::<State>();
    move || {
        let k = state.step.get()?;
        let d = state.result.with(|r| r.as_ref().map_or(1, |r| r.method.decimals(r.scale)));
        let mut shown: Vec<(String, f64)> =
            super::results::shown_ratings(&state).into_iter().filter_map(|(p, r)| Some((p.name, r?))).collect();
        crate::core::engine::sort::by(&mut shown, |a, b| b.1.total_cmp(&a.1));
        let n = shown.len();
        let rows = shown
            .into_iter()
            .take(STEP_TOP)
            .map(|(name, r)| {
                view! { <li data-testid="step-top-row"><span class="step-top-name">{name}</span><span class="num">{format!("{r:.d$}")}</span></li> }
            })
            .collect_view();
        let caption = match k {
            0 => format!("At the start: the top {} of {n}", n.min(STEP_TOP)),
            _ => format!("After this step: the top {} of {n} (the ratings table has everyone)", n.min(STEP_TOP)),
        };
        Some(view! {
            <div class="step-top" data-testid="step-top">
                <p class="help">{caption}</p>
                <ol>{rows}</ol>
            </div>
        })
    }
}
