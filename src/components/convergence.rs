//! The convergence panel: status, cancel, the live chart, and the step-by-step player.

use crate::charts;
use crate::state::State;
use leptos::html::Canvas;
use leptos::prelude::*;
use std::time::Duration;

#[component]
pub fn ConvergencePanel() -> impl IntoView {
    let state = expect_context::<State>();
    let cancel = expect_context::<Callback<()>>();
    let canvas = NodeRef::<Canvas>::new();
    let history_canvas = NodeRef::<Canvas>::new();
    let fit_canvas = NodeRef::<Canvas>::new();
    let sequential = move || state.result.with(|r| r.as_ref().is_some_and(|r| r.method == "elo" || r.method == "multi_elo"));
    let has_fit = move || state.result.with(|r| r.as_ref().is_some_and(|r| r.fit.is_some()));
    let brent = move || state.settings.with(|s| s.method == "brent");
    Effect::new(move |_| {
        state.result.with(|r| {
            let Some(r) = r else { return };
            if let Some(c) = history_canvas.get() {
                let series: Vec<(String, Vec<(usize, f64)>)> =
                    r.players.iter().filter_map(|p| Some((p.name.clone(), p.history.clone()?))).collect();
                if let Err(e) = charts::history::draw(&c, &series) {
                    web_sys::console::warn_1(&format!("history chart: {e}").into());
                }
            }
            if let (Some(c), Some(fit)) = (fit_canvas.get(), &r.fit) {
                if let Err(e) = charts::heatmap::draw(&c, fit) {
                    web_sys::console::warn_1(&format!("fit chart: {e}").into());
                }
            }
        });
    });
    Effect::new(move |_| {
        // Also after each result: the chart may just have become visible.
        state.result.track();
        let eps = state.settings.with(|s| s.eps);
        let current = state.step.get();
        state.trace.with(|trace| {
            if let Some(c) = canvas.get() {
                if let Err(e) = charts::convergence::draw(&c, trace, eps, current) {
                    web_sys::console::warn_1(&format!("convergence chart: {e}").into());
                }
            }
        });
    });
    let steps_len = move || state.result.with(|r| r.as_ref().and_then(|r| r.steps.as_ref().map(Vec::len)).unwrap_or(0));
    // Playing advances one iteration per tick, and stops at the end.
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
                let n = steps_len();
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
    let status = move || {
        let iterations = state.trace.with(Vec::len);
        if state.running.get() {
            return format!("Computing… iteration {iterations}");
        }
        if let Some(f) = state.failure.get() {
            return f;
        }
        if state.errors.with(|e| !e.is_empty()) {
            return "Fix the errors in the results to see ratings.".into();
        }
        match state.result.get() {
            Some(r) => match r.stop.as_str() {
                "finished" => match r.accuracy {
                    Some(a) => format!("Rated in one pass through {} games; foresight accuracy {:.1}%", r.iterations, 100.0 * a),
                    None => format!("Rated in one pass through {} games", r.iterations),
                },
                "converged" => format!("Converged in {} iterations; largest residual {:.1e}", r.iterations, r.final_residual),
                "max_iterations" => format!("Not converged after {} iterations (the cap)", r.iterations),
                "cancelled" => format!("Cancelled after {} iterations: showing the last iterate", r.iterations),
                "nothing_to_rate" if r.players.is_empty() => r.warnings.first().cloned().unwrap_or_else(|| "No ratings".into()),
                "nothing_to_rate" => "Nothing can be rated: see the diagnosis".into(),
                _ => format!("Stopped after {} iterations: see the warnings", r.iterations),
            },
            None => String::new(),
        }
    };
    let step_label = move || match (state.step.get(), steps_len()) {
        (_, 0) => "Step-by-step is available for up to 400 players and 2,000 iterations.".to_string(),
        (None, n) => format!("Showing the final ratings (iteration {n})"),
        (Some(k), n) => format!("Showing iteration {k} of {n}"),
    };
    let step_by = move |d: isize| {
        let n = steps_len();
        if n == 0 {
            return;
        }
        state.playing.set(false);
        let k = state.step.get_untracked().unwrap_or(n) as isize + d;
        state.step.set(Some(k.clamp(1, n as isize) as usize));
    };
    let png = move |_| {
        if let Some(c) = canvas.get() {
            crate::download::canvas_png(&c, "convergence.png");
        }
    };
    view! {
        <section class="panel convergence-panel" aria-labelledby="convergence-title">
            <h2 id="convergence-title">{move || if sequential() { "Rating history" } else { "Convergence" }}</h2>
            <div class="status-line">
                <span data-testid="status" role="status">{status}</span>
                <span class="visually-hidden" data-testid="iterations">{move || state.result.with(|r| r.as_ref().map(|r| r.iterations.to_string()).unwrap_or_default())}</span>
                <Show when=move || state.running.get()>
                    <button data-testid="cancel" on:click=move |_| cancel.run(())>"Cancel"</button>
                </Show>
            </div>
            <div class:hidden=sequential>
                <canvas node_ref=canvas class="chart" data-testid="convergence-chart" aria-label="Convergence chart: change and residual per iteration, log scale"></canvas>
            </div>
            <div class:hidden=move || !sequential()>
                <h3>"The leading players' ratings, game by game"</h3>
                <canvas node_ref=history_canvas class="chart" data-testid="history-chart" aria-label="Rating history chart"></canvas>
            </div>
            <div class:hidden=move || !has_fit()>
                <h3>"JRank's fit"</h3>
                <p class="help" data-testid="fit-summary">
                    {move || state.result.with(|r| r.as_ref().and_then(|r| r.fit.as_ref()).map(|f| format!(
                        "Best k = {:.3}, p = {:.3}: mean squared error {:.4} per game ({}; fitted on {} games, scored on {}).",
                        f.best_k, f.best_p, f.best_error, if f.in_sample { "in-sample" } else { "held-out" }, f.fitted_games, f.scored_games
                    )).unwrap_or_default())}
                </p>
                <p class="help">
                    "Read it with care: p only scales every log-strength (w grows in proportion to p), and the source's error "
                    "|W/O − M(A)/M(B)|² shrinks with p², so this criterion always prefers the smallest p. The k direction is the informative one."
                </p>
                <canvas node_ref=fit_canvas class="chart" data-testid="fit-chart" aria-label="Heat map of the fit error over k and p"></canvas>
            </div>
            <div class="stepper" class:hidden=move || !brent() role="group" aria-label="Step through the iterations">
                <button data-testid="step-first" title="First iteration" on:click=move |_| { state.playing.set(false); if steps_len() > 0 { state.step.set(Some(1)); } }>"|◀"</button>
                <button data-testid="step-prev" title="Previous iteration" on:click=move |_| step_by(-1)>"◀"</button>
                <button
                    data-testid="step-play"
                    title="Play / pause"
                    on:click=move |_| {
                        if steps_len() == 0 { return; }
                        if !state.playing.get_untracked() && state.step.get_untracked().is_none_or(|k| k >= steps_len()) {
                            state.step.set(Some(0));
                        }
                        state.playing.update(|p| *p = !*p);
                    }
                >{move || if state.playing.get() { "❚❚ Pause" } else { "▶ Play" }}</button>
                <button data-testid="step-next" title="Next iteration" on:click=move |_| step_by(1)>"▶"</button>
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
                <span class="step-label" data-testid="step-label">{step_label}</span>
                <button class="link" data-testid="export-convergence-png" on:click=png>"Save chart (PNG)"</button>
            </div>
        </section>
    }
}
