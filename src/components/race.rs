//! The iterations raced: Algorithm 1, the fixed-weight power method, iteration (14) and
//! JRank's iteration on the same data, each to its own tolerance (one chart, and the same
//! numbers in a table), and the σ sweep. Clicking a curve, or its *Step through* button,
//! picks that iteration (Brent's variant, or JRank) and opens the step-by-step view at its
//! first step.

use crate::charts;
use crate::components::lazy::{Deferred, Later};
use crate::core::engine::methods::brent::Variant;
use crate::core::engine::methods::race::{Race, Racer};
use crate::core::engine::MethodKind;
use crate::core::protocol::{Source, ToWorker};
use crate::state::State;
use leptos::html::Canvas;
use leptos::prelude::*;

/// The input as the worker reads it (the text, or the stored file).
pub fn source(state: &State) -> Source {
    match state.stored_file.get_untracked() {
        Some(f) => Source::Stored(f),
        None => Source::Text(state.text.get_untracked()),
    }
}

/// Picks a racer's iteration in the settings; the next result opens at its first step.
fn pick(state: State, racer: Racer, pending: RwSignal<bool>) {
    pending.set(true);
    state.settings.update(|s| match racer {
        Racer::JRank => s.method = MethodKind::JRank,
        r => {
            s.method = MethodKind::Brent;
            s.params.brent.variant = match r {
                Racer::Fixed => Variant::Fixed,
                Racer::Zermelo => Variant::Zermelo,
                _ => Variant::Alg1,
            };
        }
    });
}

/// The racer whose iteration the settings run now, if any.
fn current(state: &State) -> Option<Racer> {
    state.settings.with(|s| match s.method {
        MethodKind::JRank => Some(Racer::JRank),
        MethodKind::Brent => match s.params.brent.variant {
            Variant::Alg1 => Some(Racer::Alg1),
            Variant::Fixed => Some(Racer::Fixed),
            Variant::Zermelo => Some(Racer::Zermelo),
            _ => None,
        },
        _ => None,
    })
}

#[component]
pub fn RacePanel() -> impl IntoView {
    let state = expect_context::<State>();
    let send = expect_context::<crate::state::SendToWorker>().0;
    let asked = RwSignal::new(0u32);
    let busy = RwSignal::new(false);
    // The input the race ran on (a change makes it stale).
    let raced_on = RwSignal::new(None::<String>);
    let pending = RwSignal::new(false);
    let run = move |()| {
        let job = asked.get_untracked() + 1;
        asked.set(job);
        busy.set(true);
        raced_on.set(Some(state.text.get_untracked()));
        send.run(ToWorker::Race { job, source: source(&state), settings: state.settings.get_untracked() });
    };
    // A link that had raced the iterations races them again on its data (asked, perhaps,
    // before this panel was drawn: each request is answered once), once ratings have come
    // (before, the worker may not be ready, and holds only rating and compare requests).
    let answered = StoredValue::new(0u32);
    Effect::new(move |_| {
        let asked_for = state.race_request.get();
        state.shown_job.track();
        if asked_for > answered.get_value() && state.result.with_untracked(Option::is_some) {
            answered.set_value(asked_for);
            run(());
        }
    });
    Effect::new(move |_| {
        if state.race.with(|r| r.as_ref().is_some_and(|(j, _)| *j == asked.get_untracked())) {
            busy.set(false);
        }
    });
    // After a pick, the new result opens at its first step (when it kept its steps).
    Effect::new(move |_| {
        state.shown_job.track();
        if pending.get_untracked() && !state.running.get() {
            pending.set(false);
            if state.result.with_untracked(|r| r.as_ref().is_some_and(|r| r.step_count() > 0)) {
                state.step.set(Some(1));
            }
            if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("convergence-title")) {
                el.scroll_into_view();
            }
        }
    });
    provide_context(RaceJob { asked, pending });
    // Whether the race asked for has come (not read here: its decoding is in the race's part).
    let has_race = move || state.race.with(|r| r.as_ref().is_some_and(|(j, _)| *j == asked.get()));
    let stale = move || raced_on.get().is_some_and(|t| state.text.with(|now| *now != t));
    let nothing = move || state.result.with(Option::is_none);
    view! {
        <section class="panel race-panel" aria-labelledby="race-title" data-testid="race-panel">
            <h2 id="race-title">"The iterations raced"</h2>
            <p class="help">
                "Four iterations on the same data, each run to its own tolerance: Brent's Algorithm 1 (13), the fixed-weight power method, "
                "iteration (14), and JRank's damped iteration; then Algorithm 1 again for each damping σ from 0 to 1 (the paper found 0.2–0.5 fastest). "
                "Click a curve, or its Step through button, to step through that iteration's ratings."
            </p>
            <div class="toolbar">
                <button data-testid="race-run" on:click=move |_| run(()) disabled=move || busy.get() || nothing()>
                    {move || if has_race() { "Race again" } else { "Race the iterations" }}
                </button>
                <span role="status" data-testid="race-status">
                    {move || if busy.get() { "Racing…".to_string() } else if stale() { "The data changed since this race: race again.".into() } else { String::new() }}
                </span>
            </div>
            <Show when=has_race>
                <Later load={expect_context::<Deferred>().race} />
            </Show>
        </section>
    }
}

/// The race asked for last, and whether a pick waits for its ratings: what [`RaceResult`] shows.
#[derive(Clone, Copy)]
struct RaceJob {
    asked: RwSignal<u32>,
    pending: RwSignal<bool>,
}

/// The race asked for last (`asked`), once it has come (read here: its decoding is in the
/// race's part of the wasm).
fn raced(state: &State, asked: u32) -> Option<Result<Race, String>> {
    state.race.with(|r| r.as_ref().filter(|(j, _)| *j == asked).map(|(_, r)| r.clone().and_then(|race| race.open())))
}

/// The race's curves, or why it failed (their code loaded when the first race comes:
/// [`Deferred`]).
#[component]
pub fn RaceResult() -> impl IntoView {
    let state = expect_context::<State>();
    let RaceJob { asked, pending } = expect_context::<RaceJob>();
    move || {
        raced(&state, asked.get()).map(|r| match r {
            Ok(r) => view! { <RaceView race=r pending=pending /> }.into_any(),
            Err(e) => view! { <p class="error" data-testid="race-error">{e}</p> }.into_any(),
        })
    }
}

#[component]
fn RaceView(race: Race, pending: RwSignal<bool>) -> impl IntoView {
    let state = expect_context::<State>();
    let canvas = NodeRef::<Canvas>::new();
    let sweep_canvas = NodeRef::<Canvas>::new();
    let pixels = StoredValue::new(Vec::<Vec<(i32, i32)>>::new());
    let race = StoredValue::new(race);
    let selected = move || current(&state).and_then(|c| race.with_value(|r| r.curves.iter().position(|x| x.racer == c)));
    Effect::new(move |_| {
        let sel = selected();
        if let Some(c) = canvas.get() {
            match race.with_value(|r| charts::race::draw(&c, &r.curves, sel)) {
                Ok(Some(p)) => {
                    // Each curve's last point in pixels, for tests to click.
                    let ends: Vec<String> = p.iter().map(|c| c.last().map_or(String::new(), |(x, y)| format!("{x},{y}"))).collect();
                    let _ = c.set_attribute("data-ends", &ends.join(" "));
                    pixels.set_value(p);
                }
                Ok(None) => {}
                Err(e) => web_sys::console::warn_1(&format!("race chart: {e}").into()),
            }
        }
        if let Some(c) = sweep_canvas.get() {
            if let Err(e) = race.with_value(|r| charts::race::draw_sweep(&c, &r.sweep, r.cap)) {
                web_sys::console::warn_1(&format!("sweep chart: {e}").into());
            }
        }
    });
    let click = move |ev: web_sys::MouseEvent| {
        if let Some(k) = pixels.with_value(|p| charts::race::hit(p, ev.offset_x(), ev.offset_y())) {
            pick(state, race.with_value(|r| r.curves[k].racer), pending);
        }
    };
    let (summary, sweep_summary) = race.with_value(|r| (summary(r), sweep_summary(r)));
    view! {
        <canvas node_ref=canvas class="chart race-chart" data-testid="race-chart" role="img" aria-label=summary
            data-curves=race.with_value(|r| r.curves.len()) on:click=click></canvas>
        <p class="help">
            "The fixed-weight curve jumps each time its weights are re-taken from the current strengths (§4): each tooth is one eigenproblem solved by the power method. "
            "The thin lines are the tolerances."
        </p>
        <RaceTable race=race pending=pending />
        <h3>"Iterations to converge against σ (Algorithm 1)"</h3>
        <canvas node_ref=sweep_canvas class="chart" data-testid="sweep-chart" role="img" aria-label=sweep_summary.clone()></canvas>
        <p class="help" data-testid="sweep-summary">{sweep_summary}</p>
        <SweepTable race=race />
    }
}

/// The race in words (the chart's text alternative).
fn summary(r: &Race) -> String {
    let each: Vec<String> = r
        .curves
        .iter()
        .map(|c| format!("{} {} in {} iterations", c.title, if c.converged { "converged" } else { "did not converge" }, c.iterations))
        .collect();
    format!("Convergence race, log scale: {}.", each.join("; "))
}

fn sweep_summary(r: &Race) -> String {
    let best = r.sweep.iter().filter(|p| p.converged).min_by_key(|p| p.iterations);
    let capped = r.sweep.iter().filter(|p| !p.converged).count();
    let best = best.map_or("none converged".to_string(), |p| format!("fewest iterations {} at σ = {:.2}", p.iterations, p.sigma));
    let paper: Vec<usize> = r.sweep.iter().filter(|p| p.converged && (0.2..=0.5001).contains(&p.sigma)).map(|p| p.iterations).collect();
    let paper = match (paper.iter().min(), paper.iter().max()) {
        (Some(lo), Some(hi)) if lo == hi => format!("; in the paper's fastest range, σ = 0.2–0.5: {lo}"),
        (Some(lo), Some(hi)) => format!("; in the paper's fastest range, σ = 0.2–0.5: {lo} to {hi}"),
        _ => String::new(),
    };
    let capped = if capped > 0 {
        format!("{capped} of {} runs stopped at the cap of {} (not converged)", r.sweep.len(), r.cap)
    } else {
        "every run converged".into()
    };
    format!("Algorithm 1's iterations against σ from 0 to 1: {best}{paper}; {capped}.")
}

#[component]
fn RaceTable(race: StoredValue<Race>, pending: RwSignal<bool>) -> impl IntoView {
    let state = expect_context::<State>();
    let rows = race.with_value(|r| {
        r.curves
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let racer = c.racer;
                let values: Vec<String> = c.points.iter().map(|p| format!("{:e}", p.1)).collect();
                let is_current = move || current(&state) == Some(racer);
                view! {
                    <tr data-testid="race-row" data-racer=format!("{racer:?}").to_lowercase() data-iterations=c.iterations
                        data-converged=c.converged.to_string() data-values=values.join(" ")>
                        <th scope="row">
                            <span class="swatch" style:background=charts::race::css(k) aria-hidden="true"></span>{c.title.clone()}
                            <span class="quantity">{format!("{}, tolerance {:.0e}", c.quantity, c.tolerance)}</span>
                        </th>
                        <td class="num">{if c.converged { c.iterations.to_string() } else { format!("{} (not converged)", c.iterations) }}</td>
                        <td>
                            <button data-testid="race-step" aria-pressed=move || is_current().to_string()
                                on:click=move |_| pick(state, racer, pending)>"Step through"<span class="visually-hidden">{format!(" {}", c.title)}</span></button>
                        </td>
                    </tr>
                }
            })
            .collect_view()
    });
    view! {
        <div class="table-wrap" role="region" aria-label="The race in numbers" tabindex="0">
            <table data-testid="race-table">
                <thead><tr><th scope="col">"Iteration (quantity plotted, tolerance)"</th><th scope="col">"Iterations"</th><th scope="col"><span class="visually-hidden">"Step"</span></th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

#[component]
fn SweepTable(race: StoredValue<Race>) -> impl IntoView {
    let rows = race.with_value(|r| {
        r.sweep
            .iter()
            .map(|p| {
                view! {
                    <tr data-testid="sweep-row" data-sigma=p.sigma data-iterations=p.iterations data-converged=p.converged.to_string()>
                        <td class="num">{format!("{:.2}", p.sigma)}</td>
                        <td class="num">{if p.converged { p.iterations.to_string() } else { format!("{} — not converged", p.iterations) }}</td>
                    </tr>
                }
            })
            .collect_view()
    });
    view! {
        <details class="sweep-numbers">
            <summary>"The sweep in numbers"</summary>
            <table data-testid="sweep-table">
                <thead><tr><th scope="col">"σ"</th><th scope="col">"Iterations"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </details>
    }
}
