//! The prediction view: which method predicts best on the user's own games (each fit on the
//! earlier games and scored on the later ones: a table and a calibration chart), and the
//! simulation lab, where the true strengths are known (tournaments played and rated in the
//! worker, with progress and Cancel, then Kendall's τ and the rest per method, points then
//! Buchholz as the baseline; or events of k players, rated by the methods that rate events,
//! each player's mean place the baseline).

use crate::charts::calibration::{self, Series};
use crate::components::controls::NumberField;
use crate::components::lazy::{Deferred, Later};
use crate::core::compare::LONG_COMPARE_S;
use crate::core::engine::evaluation::baseline::SUGGESTED_ROLLING;
use crate::core::engine::evaluation::printed::with_se;
use crate::core::engine::evaluation::run::{estimate_text, fewer_blocks, Items};
use crate::core::engine::evaluation::simulate::{Schedule, Setup, Simulation, Summary};
use crate::core::engine::evaluation::{Baseline, BaselineScores, Edge, Evaluation, Parameter, Tuning, DEFAULT_HOLDOUT};
use crate::core::engine::methods::cost::Runtime;
use crate::core::engine::MethodKind;
use crate::core::protocol::{FromWorker, Later, PredictRequest, PredictResult, Source, ToWorker, PREDICT_JOBS};
use crate::state::{SendToWorker, State};
use leptos::html::Canvas;
use leptos::prelude::*;

/// The prediction view's state.
#[derive(Clone, Copy)]
pub struct Predict {
    pub open: RwSignal<bool>,
    pub kinds: RwSignal<Vec<MethodKind>>,
    /// The held-out share, in per cent.
    pub holdout: RwSignal<f64>,
    pub rolling: RwSignal<usize>,
    pub setup: RwSignal<Setup>,
    pub job: RwSignal<u32>,
    pub running: RwSignal<bool>,
    pub progress: RwSignal<Option<(usize, usize)>>,
    /// What the worker is doing, with the time left (the evaluation's fits).
    pub doing: RwSignal<Option<String>>,
    /// A long evaluation's estimate, waiting for the go-ahead, and fewer rolling blocks that
    /// would be quick.
    pub estimate: RwSignal<Option<(String, Option<usize>)>>,
    pub evaluation: RwSignal<Option<Evaluation>>,
    pub simulation: RwSignal<Option<Simulation>>,
    pub tuning: RwSignal<Option<Tuning>>,
    /// The parameter to tune.
    pub parameter: RwSignal<Parameter>,
    pub failure: RwSignal<Option<String>>,
    /// The worker's answer, not read yet: the panel reads it ([`Predict::show`]), so that the
    /// code decoding it is in the panel's part of the wasm.
    arrived: RwSignal<Option<FromWorker>>,
}

impl Predict {
    pub fn new() -> Predict {
        Predict {
            open: RwSignal::new(false),
            kinds: RwSignal::new(vec![MethodKind::Brent, MethodKind::Elo]),
            holdout: RwSignal::new(DEFAULT_HOLDOUT * 100.0),
            rolling: RwSignal::new(1),
            setup: RwSignal::new(Setup { repetitions: 100, ..Setup::default() }),
            job: RwSignal::new(PREDICT_JOBS),
            running: RwSignal::new(false),
            progress: RwSignal::new(None),
            doing: RwSignal::new(None),
            estimate: RwSignal::new(None),
            evaluation: RwSignal::new(None),
            simulation: RwSignal::new(None),
            tuning: RwSignal::new(None),
            parameter: RwSignal::new(Parameter::EloK),
            failure: RwSignal::new(None),
            arrived: RwSignal::new(None),
        }
    }

    /// Applies a prediction message from the worker (ignoring superseded ones).
    pub fn apply(&self, msg: FromWorker) {
        if msg.job() != Some(self.job.get_untracked()) {
            return;
        }
        match msg {
            FromWorker::PredictProgress { done, total, doing, .. } => {
                self.progress.set(Some((done, total)));
                self.doing.set(doing);
            }
            FromWorker::Predicted { .. } | FromWorker::PredictFailed { .. } => self.arrived.set(Some(msg)),
            _ => {}
        }
    }

    /// Shows the worker's answer, once read (the panel calls this).
    fn show(&self, msg: FromWorker) {
        let keep = |r: Later<PredictResult>| match r.open() {
            Ok(PredictResult::Evaluated(e)) => self.evaluation.set(Some(e)),
            Ok(PredictResult::Simulated(s)) => self.simulation.set(Some(s)),
            Ok(PredictResult::Tuned(t)) => self.tuning.set(Some(t)),
            Err(message) => self.failure.set(Some(message)),
        };
        match msg {
            FromWorker::Predicted { result, .. } => {
                self.failure.set(None);
                keep(result);
            }
            FromWorker::PredictFailed { message, partial, .. } => {
                self.failure.set(Some(message));
                partial.map(keep);
            }
            _ => {}
        }
        self.running.set(false);
    }

    fn send(&self, state: State, send: SendToWorker, source: Option<Source>, request: PredictRequest) {
        let job = self.job.get_untracked() + 1;
        self.job.set(job);
        self.running.set(true);
        self.failure.set(None);
        self.progress.set(None);
        self.doing.set(None);
        send.0.run(ToWorker::Predict { job, source, settings: state.settings.get_untracked(), request });
    }

    /// The chosen methods, each with the user's parameters.
    fn methods(&self, state: State) -> Vec<crate::core::engine::Method> {
        let kinds = self.kinds.get_untracked();
        state.settings.with_untracked(|s| kinds.iter().map(|&k| s.params.method(k)).collect())
    }

    pub fn evaluate(&self, state: State, send: SendToWorker) {
        self.evaluate_if(state, send, false)
    }

    /// Evaluates; one estimated to take long waits for the go-ahead (`go`), its estimate said.
    fn evaluate_if(&self, state: State, send: SendToWorker, go: bool) {
        let source = match state.stored_file.get_untracked() {
            Some(f) => Source::Stored(f),
            None => Source::Text(state.text.get_untracked()),
        };
        if matches!(&source, Source::Text(t) if t.trim().is_empty()) {
            return self.failure.set(Some("There are no results to predict: enter or open some first.".into()));
        }
        let (methods, holdout, rolling) = (self.methods(state), self.holdout.get_untracked() / 100.0, self.rolling.get_untracked());
        let items = state.summary.with_untracked(|s| {
            s.as_ref().map_or(Items { count: 0, dated: false }, |s| Items { count: s.games.max(s.events), dated: s.dated })
        });
        let (runtime, long) = (Runtime::Worker, LONG_COMPARE_S);
        let estimate = (!go).then(|| estimate_text(items, holdout, rolling, &methods, runtime, long)).flatten();
        self.estimate.set(estimate.map(|t| (t, fewer_blocks(items, holdout, rolling, &methods, runtime, long))));
        if self.estimate.with_untracked(Option::is_none) {
            self.send(state, send, Some(source), PredictRequest::Evaluate { methods, holdout, rolling });
        }
    }

    pub fn simulate(&self, state: State, send: SendToWorker) {
        let (setup, methods) = (self.setup.get_untracked(), self.methods(state));
        if let Err(e) = setup.check().and_then(|()| setup.check_methods(&methods)) {
            return self.failure.set(Some(format!("The lab cannot run: {e}.")));
        }
        self.send(state, send, None, PredictRequest::Simulate { setup, methods });
    }

    /// Tunes the chosen parameter over its grid, or over `grid`.
    pub fn tune(&self, state: State, send: SendToWorker, grid: Option<Vec<f64>>) {
        let source = match state.stored_file.get_untracked() {
            Some(f) => Source::Stored(f),
            None => Source::Text(state.text.get_untracked()),
        };
        let parameter = self.parameter.get_untracked();
        let method = state.settings.with_untracked(|s| s.params.method(parameter.method()));
        self.send(
            state,
            send,
            Some(source),
            PredictRequest::Tune { method, parameter, holdout: self.holdout.get_untracked() / 100.0, grid },
        );
    }

    pub fn cancel(&self, send: SendToWorker) {
        send.0.run(ToWorker::CancelPredict { job: self.job.get_untracked() });
    }
}

impl Default for Predict {
    fn default() -> Self {
        Predict::new()
    }
}

fn fixed(x: Option<f64>, places: usize) -> String {
    x.filter(|v| v.is_finite()).map_or("—".into(), |v| format!("{v:.places$}"))
}

/// The methods to predict with, one check box each.
fn method_choice(p: Predict) -> impl IntoView {
    let boxes = MethodKind::ALL
        .iter()
        .map(|&k| {
            let checked = move || p.kinds.with(|ks| ks.contains(&k));
            let toggle = move |_| {
                p.kinds.update(|ks| match ks.iter().position(|&x| x == k) {
                    Some(i) => _ = ks.remove(i),
                    None => ks.push(k),
                })
            };
            view! { <label><input type="checkbox" data-testid=format!("predict-method-{}", k.name()) prop:checked=checked on:change=toggle />{format!(" {} ", k.title())}</label> }
        })
        .collect_view();
    view! { <fieldset class="predict-methods"><legend>"Methods (each with the parameters chosen above)"</legend>{boxes}</fieldset> }
}

/// A labelled [`NumberField`] bound to `value`/`set`, within `lo..=hi` in steps of `step`
/// (whole numbers when the step is 1: counts and seeds).
fn number(
    label: &'static str,
    testid: &'static str,
    value: Signal<f64>,
    lo: f64,
    hi: f64,
    step: f64,
    set: impl Fn(f64) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let integer = step == 1.0;
    view! {
        <label class="predict-number">{label}" "
            <NumberField testid=testid label=label min=lo max=hi step=Some(step) integer=integer value=value set=Callback::new(set) />
        </label>
    }
}

/// Progress of the running job, with Cancel; or what went wrong.
fn status(p: Predict) -> impl IntoView {
    let (state, send) = (expect_context::<State>(), expect_context::<SendToWorker>());
    let progress = move || {
        let (done, total) = p.progress.get().unwrap_or((0, 1));
        view! {
            <p data-testid="predict-progress" role="status">
                <progress max=total.max(1).to_string() value=done.to_string()></progress>
                {move || format!(" {} ", p.doing.get().unwrap_or_else(|| format!("{done} of {total}")))}

                <button data-testid="predict-cancel" on:click=move |_| p.cancel(send)>"Cancel"</button>
            </p>
        }
    };
    let estimate = move || {
        p.estimate.get().map(|(text, fewer)| {
            let go = move |_| p.evaluate_if(state, send, true);
            let fewer = fewer.map(|b| {
                let run = move |_| {
                    p.rolling.set(b);
                    p.evaluate_if(state, send, true);
                };
                view! { <button data-testid="predict-fewer" on:click=run>{format!("Use {b} blocks")}</button> }
            });
            view! { <div class="predict-behind" data-testid="predict-estimate" role="note"><p>{text}</p><button data-testid="predict-go" on:click=go>"Predict anyway"</button>" "{fewer}</div> }
        })
    };
    view! {
        {estimate}
        <Show when=move || p.running.get()>{progress}</Show>
        {move || p.failure.get().map(|f| view! { <p class="note" data-testid="predict-failure" role="status">{f}</p> })}
    }
}

/// A baseline's row: "a coin (½ each)", "home rate (58.2 %)".
fn baseline_row(b: &BaselineScores, events: bool) -> impl IntoView {
    let s = &b.scores;
    let name = match (b.baseline, b.rate) {
        (Baseline::Coin, _) if events => "coin (equal strengths)".to_string(),
        (Baseline::Coin, _) => "coin (½ each)".to_string(),
        (Baseline::HomeRate, Some(r)) => format!("home rate ({:.1} %)", r * 100.0),
        (Baseline::HomeRate, None) => "home rate".to_string(),
    };
    let acc = s.accuracy.map_or("—".into(), |a| format!("{:.1} %", a * 100.0));
    view! {
        <tr class="baseline-row" data-testid="predict-baseline-row" title=b.baseline.about()>
            <td>{name}</td>
            <td class="num">{score(with_se(s.log_loss, s.log_loss_se))}</td>
            <td class="num">{score(with_se(s.brier, s.brier_se))}</td>
            <td class="num">{acc}</td>
            <td class="num">{s.games}</td>
            <td class="num">"—"</td>
            <td class="num">"—"</td>
        </tr>
    }
}

/// The note when methods predict worse than the best baseline, with a way to predict again in
/// rolling blocks when the evaluation was not rolling.
fn behind_note(p: Predict, e: &Evaluation) -> Option<impl IntoView> {
    let behind = e.behind()?;
    let blocks = SUGGESTED_ROLLING.min(e.games_scored.max(1));
    let text = e.in_words(behind.text("the Rolling blocks field above, or the button below"));
    let lead = match e.best_method() {
        None => format!("No method beat {}, so none is marked best.", behind.baseline.title()),
        Some(_) => String::new(),
    };
    let (state, send) = (expect_context::<State>(), expect_context::<SendToWorker>());
    let again = (e.folds <= 1).then(|| {
        let run = move |_| {
            p.rolling.set(blocks);
            p.evaluate(state, send);
        };
        view! { <button data-testid="predict-rolling-again" disabled=move || p.running.get() on:click=run>{format!("Predict again in {blocks} rolling blocks")}</button> }
    });
    Some(view! {
        <div class="predict-behind" data-testid="predict-behind" role="note">
            <p><strong>{lead}</strong>" "{text}</p>
            {again}
        </div>
    })
}

/// What the table shows, of games or of events.
fn caption(e: &Evaluation) -> String {
    let folds = if e.folds > 1 { format!(", a rolling origin in {} blocks", e.folds) } else { String::new() };
    let (share, n, order) = (e.holdout * 100.0, e.games_scored, &e.order);
    if e.events {
        return format!(
            "The later {share:.0} % of the events ({n}, taken {order}{folds}) predicted by each method fit on the events before: log-loss of each event's whole finishing order (−ln of its probability under Plackett–Luce with the method's strengths, tied places in any order, unranked players last; lower is better), Brier score and accuracy of first place, events with a player the earlier events left unrated, the first fit's log-loss on its own events (far below the held-out one: overfitting); ± one standard error. The coin gives every player equal strength."
        );
    }
    format!(
        "The later {share:.0} % of the games ({n}, taken {order}{folds}) predicted by each method fit on the games before: log-loss (lower is better; a coin's is 0.693, a draw counting half each way), Brier score, accuracy on decisive games, games with a player the earlier games left unrated (the method's default used), the first fit's log-loss on its own games (far below the held-out one: overfitting); ± one standard error. The baselines need no ratings: a coin, and the home side's (White's) share of the points in the earlier games; a method worth using beats them."
    )
}

/// The held-out scores: one row per method, then the baselines; the best log-loss in bold only
/// when it beats every baseline (else a note says why none is marked); notes below.
fn evaluation_table(p: Predict, e: &Evaluation) -> impl IntoView {
    let best = e.best_method();
    let rows = e
        .methods
        .iter()
        .enumerate()
        .map(|(i, m)| match &m.scores {
            Ok(s) => {
                let acc = s.accuracy.map_or("—".into(), |a| format!("{:.1} %", a * 100.0));
                view! {
                    <tr data-testid="predict-row">
                        <td>{m.label.clone()}</td>
                        <td class="num" class:best=best == Some(i)>{score(with_se(s.log_loss, s.log_loss_se))}</td>
                        <td class="num">{score(with_se(s.brier, s.brier_se))}</td>
                        <td class="num">{acc}</td>
                        <td class="num">{s.games}</td>
                        <td class="num">{m.unseen_games}</td>
                        <td class="num">{fixed(m.in_sample, 4)}</td>
                    </tr>
                }
                .into_any()
            }
            Err(why) => view! { <tr data-testid="predict-row"><td>{m.label.clone()}</td><td colspan="6">{format!("could not be fit: {why}")}</td></tr> }.into_any(),
        })
        .collect_view();
    let baselines = (!e.baselines.is_empty()).then(|| {
        let rows = e.baselines.iter().map(|b| baseline_row(b, e.events)).collect_view();
        view! {
            <tbody class="baselines">
                <tr><th colspan="7" scope="rowgroup" class="baseline-head">"Baselines (no ratings: a method should beat them)"</th></tr>
                {rows}
            </tbody>
        }
    });
    let caption = caption(e);
    let fitted =
        e.methods.iter().filter(|m| m.fits_parameters).map(|m| format!("{}: its k and p were fitted on the earlier games only.", m.label));
    let notes = e
        .methods
        .iter()
        .filter_map(|m| m.note.as_ref().map(|n| format!("{}: {n}.", m.label)))
        .chain(fitted)
        .chain(e.overfitting_notes().into_iter().map(|n| e.in_words(n)))
        .map(|n| view! { <li>{n}</li> })
        .collect_view();
    view! {
        <p class="help" data-testid="predict-caption">{caption}</p>
        {behind_note(p, e)}
        {e.noise_note().map(|n| view! { <p class="help" data-testid="predict-noise">{e.in_words(n)}</p> })}
        <div class="table-wrap" tabindex="0" role="region" aria-label="Held-out prediction">
            <table class="predict-table" data-testid="predict-table">
                <thead><tr><th>"Method"</th><th class="num">"Log-loss"</th><th class="num">"Brier"</th><th class="num">"Accuracy"</th><th class="num">{if e.events { "Events" } else { "Games" }}</th><th class="num">"Unseen"</th><th class="num">"In-sample"</th></tr></thead>
                <tbody>{rows}</tbody>
                {baselines}
            </table>
        </div>
        <ul class="help">{notes}</ul>
    }
}

/// The calibration chart of the last evaluation.
#[component]
fn CalibrationChart() -> impl IntoView {
    let p = expect_context::<Predict>();
    let canvas = NodeRef::<Canvas>::new();
    let label = RwSignal::new(String::from("Calibration chart"));
    Effect::new(move |_| {
        p.evaluation.with(|e| {
            let Some(e) = e else { return };
            let series: Vec<Series> =
                e.methods.iter().filter_map(|m| Some(Series { label: &m.label, bins: &m.scores.as_ref().ok()?.calibration })).collect();
            label.set(calibration::summary(&series));
            if let Some(c) = canvas.get() {
                if let Err(err) = calibration::draw(&c, &series) {
                    web_sys::console::warn_1(&format!("calibration chart: {err}").into());
                }
            }
        })
    });
    view! { <canvas node_ref=canvas class="chart" data-testid="predict-calibration" role="img" aria-label=move || label.get()></canvas> }
}

fn plus_minus(s: &Summary, places: usize) -> impl IntoView {
    score(format!("{} ± {}", fixed(s.mean, places), fixed(s.sd, places)))
}

/// "0.6146 ± 0.0493" in a cell, whose line may break only before the "±": on a phone the
/// value over its error, not the error split from its sign.
fn score(text: String) -> impl IntoView {
    match text.split_once(" ± ") {
        Some((value, se)) => view! { {value.to_string()}" "<span class="se">{format!("± {se}")}</span> }.into_any(),
        None => text.into_any(),
    }
}

/// The lab's results: Kendall's τ, the true best ranked first, the rank error, per method
/// and for points then Buchholz.
fn simulation_table(sim: &Simulation) -> impl IntoView {
    let rows = sim
        .methods
        .iter()
        .chain([&sim.baseline])
        .map(|o| {
            let name = match o.label.as_str() {
                "points_buchholz" => "points, then Buchholz".to_string(),
                "mean_place" => "mean place".to_string(),
                other => other.to_string(),
            };
            view! {
                <tr data-testid="lab-row">
                    <td>{name}</td>
                    <td class="num">{plus_minus(&o.kendall_tau, 3)}</td>
                    <td class="num">{o.top1_share.map_or("—".into(), |t| format!("{:.0} %", t * 100.0))}</td>
                    <td class="num">{plus_minus(&o.mean_abs_rank_error, 2)}</td>
                </tr>
            }
        })
        .collect_view();
    let s = &sim.setup;
    let schedule = match s.schedule {
        Schedule::Events { events, size } => format!("{events} events of {size}"),
        other => other.to_string(),
    };
    let caption = format!(
        "{} tournaments ({schedule}) of {} players, true log-strengths of spread {}, draws {} between equals, seed {}: each method's order against the truth (mean ± sd over the tournaments).",
        sim.completed, s.players, s.spread, s.draws, s.seed
    );
    view! {
        <p class="help" data-testid="lab-caption">{caption}</p>
        <div class="table-wrap" tabindex="0" role="region" aria-label="Simulation lab results">
            <table class="predict-table" data-testid="lab-table">
                <thead><tr><th>"Method"</th><th class="num">"Kendall's τ"</th><th class="num">"True best first"</th><th class="num">"Mean |rank error|"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// The schedule picked in the lab's menu (`swiss`, `random`, `events`, …), its numbers carried
/// over where they fit.
fn choose_schedule(p: Predict, value: &str) {
    let n = p.setup.with_untracked(|s| match s.schedule {
        Schedule::Swiss { rounds } => rounds,
        Schedule::Random { games } => games / 10,
        _ => 7,
    });
    let schedule = match value {
        "round-robin" => Schedule::RoundRobin,
        "double-round-robin" => Schedule::DoubleRoundRobin,
        "random" => Schedule::Random { games: n.max(1) * 10 },
        "events" => Schedule::DEFAULT_EVENTS,
        _ => Schedule::Swiss { rounds: n.clamp(1, 30) },
    };
    p.setup.update(|s| s.schedule = schedule);
    // Events are rated only by the methods that rate events: tick those (the ticked ones
    // that do, else all of them).
    if schedule.events() {
        p.kinds.update(|ks| {
            ks.retain(|k| k.rates_events());
            if ks.is_empty() {
                ks.extend(MethodKind::ALL.into_iter().filter(|k| k.rates_events()));
            }
        });
    }
}

/// The events schedule's numbers, shown while it is chosen: the events, and the players in each.
fn event_fields(p: Predict) -> impl IntoView {
    let events = move || p.setup.with(|s| s.schedule.events());
    let event = move |f: fn(usize, usize) -> f64| {
        Signal::derive(move || {
            p.setup.with(|s| match s.schedule {
                Schedule::Events { events, size } => f(events, size),
                _ => 0.0,
            })
        })
    };
    let set_event = move |f: fn(&mut usize, &mut usize, usize)| {
        move |v: f64| {
            p.setup.update(|s| {
                if let Schedule::Events { events, size } = &mut s.schedule {
                    f(events, size, v as usize)
                }
            })
        }
    };
    let (most, widest) = (Schedule::MAX_ITEMS as f64, Schedule::MAX_EVENT_SIZE as f64);
    view! {
        <Show when=events>
            {number("Events", "lab-events", event(|m, _| m as f64), 1.0, most, 1.0, set_event(|m, _, v| *m = v))}
            {number("Players an event (k)", "lab-event-size", event(|_, k| k as f64), 2.0, widest, 1.0, set_event(|_, k, v| *k = v))}
        </Show>
    }
}

/// The lab's setup: players, schedule, spread, draws, drift, repetitions, seed.
fn lab_setup(p: Predict) -> impl IntoView {
    let get = move |f: fn(&Setup) -> f64| Signal::derive(move || p.setup.with(f));
    let set = move |f: fn(&mut Setup, f64)| move |v: f64| p.setup.update(|s| f(s, v));
    let kind = move |ev| choose_schedule(p, &event_target_value(&ev));
    let is = move |k: &'static str| move || p.setup.with(|s| s.schedule.to_string().split(':').next() == Some(k));
    let count: Signal<f64> = Signal::derive(move || {
        p.setup.with(|s| match s.schedule {
            Schedule::Swiss { rounds } => rounds as f64,
            Schedule::Random { games } => games as f64,
            _ => 0.0,
        })
    });
    let counted = move || count.get() > 0.0;
    let set_count = move |v: f64| {
        p.setup.update(|s| match &mut s.schedule {
            Schedule::Swiss { rounds } => *rounds = v as usize,
            Schedule::Random { games } => *games = v as usize,
            _ => {}
        })
    };
    view! {
        <div class="predict-setup">
            {number("Players", "lab-players", get(|s| s.players as f64), 2.0, 2000.0, 1.0, set(|s, v| s.players = v as usize))}
            <label>"Schedule "
                <select data-testid="lab-schedule" on:change=kind>
                    <option value="swiss" prop:selected=is("swiss")>"Swiss"</option>
                    <option value="round-robin" prop:selected=is("round-robin")>"round robin"</option>
                    <option value="double-round-robin" prop:selected=is("double-round-robin")>"double round robin"</option>
                    <option value="random" prop:selected=is("random")>"random pairings"</option>
                    <option value="events" prop:selected=is("events")>"events of k players"</option>
                </select>
            </label>
            <Show when=counted>
                {number("Rounds or games", "lab-count", count, 1.0, 1_000_000.0, 1.0, set_count)}
            </Show>
            {event_fields(p)}
            {number("Spread (sd of log-strength)", "lab-spread", get(|s| s.spread), 0.0, 10.0, 0.1, set(|s, v| s.spread = v))}
            {number("Clusters (0: one field)", "lab-clusters", get(|s| s.clusters as f64), 0.0, 20.0, 1.0, set(|s, v| s.clusters = v as usize))}
            {number("Draw rate between equals", "lab-draws", get(|s| s.draws), 0.0, 1.0, 0.05, set(|s, v| s.draws = v))}
            // Strengths that wander from round to round: what Glicko, Glicko-2 and WHR follow.
            {number("Drift per round (sd)", "lab-drift", get(|s| s.drift), 0.0, 2.0, 0.05, set(|s, v| s.drift = v))}
            {number("Tournaments", "lab-repetitions", get(|s| s.repetitions as f64), 1.0, 100_000.0, 1.0, set(|s, v| s.repetitions = v as usize))}
            {number("Seed", "lab-seed", get(|s| s.seed as f64), 0.0, 1e15, 1.0, set(|s, v| s.seed = v as u64))}
        </div>
    }
}

#[component]
pub fn PredictPanel() -> impl IntoView {
    let p = expect_context::<Predict>();
    let state = expect_context::<State>();
    // Events are predicted by the methods that rate them: opened with none of those chosen
    // (the default is Brent and Elo), the choice becomes the ranking methods.
    Effect::new(move |_| {
        let events = state.summary.with(|s| s.as_ref().is_some_and(|s| s.events > 0 && s.games == 0));
        if events && !p.kinds.with_untracked(|ks| ks.iter().any(|k| k.rates_events())) {
            p.kinds.set(MethodKind::ALL.into_iter().filter(|k| k.rates_events()).collect());
        }
    });
    view! {
        <section class="panel predict-panel" aria-labelledby="predict-title" data-testid="predict-panel">
            <h2 id="predict-title">"Which method predicts best?"</h2>
            <p class="help">"Each method fit on your earlier games and judged on how well it predicts the later ones; and a lab of simulated tournaments where the true strengths are known."</p>
            <button data-testid="predict-open" aria-expanded=move || p.open.get().to_string() aria-controls="predict-body" on:click=move |_| p.open.update(|o| *o = !*o)>
                {move || if p.open.get() { "Close the prediction view" } else { "Open the prediction view" }}
            </button>
            <Show when=move || p.open.get()>
                <Later load={expect_context::<Deferred>().predict} />
            </Show>
        </section>
    }
}

/// The prediction view, opened (its code loaded then: [`Deferred`]).
#[component]
pub fn PredictBody() -> impl IntoView {
    let (p, state, send) = (expect_context::<Predict>(), expect_context::<State>(), expect_context::<SendToWorker>());
    // Here, not in the panel: the results' decoding is then in this view's part.
    Effect::new(move || {
        p.arrived.track();
        if let Some(msg) = p.arrived.try_update_untracked(Option::take).flatten() {
            p.show(msg);
        }
    });
    let holdout = Signal::derive(move || p.holdout.get());
    let rolling = Signal::derive(move || p.rolling.get() as f64);
    view! {
        <div id="predict-body" class="predict-body">
            {method_choice(p)}
            {status(p)}
            <h3>"On your games"</h3>
            <div class="predict-setup">
                {number("Held out (%)", "predict-holdout", holdout, 5.0, 80.0, 5.0, move |v| p.holdout.set(v))}
                {number("Rolling blocks", "predict-rolling", rolling, 1.0, 50.0, 1.0, move |v| p.rolling.set(v as usize))}
                <button data-testid="predict-evaluate" disabled=move || p.running.get() on:click=move |_| p.evaluate(state, send)>"Predict the later games"</button>
            </div>
            {move || p.evaluation.get().map(|e| evaluation_table(p, &e))}
            <Show when=move || p.evaluation.with(Option::is_some)><CalibrationChart /></Show>
            {tuning(p)}
            <h3>"Simulation lab"</h3>
            {lab_setup(p)}
            <button data-testid="lab-run" disabled=move || p.running.get() on:click=move |_| p.simulate(state, send)>"Run the lab"</button>
            {move || p.simulation.get().map(|s| simulation_table(&s))}
        </div>
    }
}

/// The parameter to tune, the Tune button, and the curve with its table and the way to use the
/// value chosen.
fn tuning(p: Predict) -> impl IntoView {
    let (state, send) = (expect_context::<State>(), expect_context::<SendToWorker>());
    let pick = move |ev| {
        let i: usize = event_target_value(&ev).parse().unwrap_or(0);
        p.parameter.set(Parameter::all()[i.min(Parameter::all().len() - 1)]);
    };
    let options = Parameter::all()
        .iter()
        .enumerate()
        .map(|(i, &q)| view! { <option value=i.to_string() prop:selected=move || p.parameter.get() == q>{q.name()}</option> })
        .collect_view();
    let result = move || {
        p.tuning.get().map(|t| {
            let rows = t
                .points
                .iter()
                .map(|q| {
                    let mark = if t.chosen == Some(q.value) { " ← chosen" } else { "" };
                    view! { <tr data-testid="tune-row"><td class="num">{format!("{}{mark}", q.value)}</td><td class="num">{fixed(q.validation, 4)}</td><td class="num">{fixed(q.held_out, 4)}</td></tr> }
                })
                .collect_view();
            let use_it = t.chosen.map(|v| {
                let parameter = t.parameter;
                let put = move |_| state.settings.update(|s| parameter.put(&mut s.params, v));
                view! { <button data-testid="tune-apply" on:click=put>{format!("Use {} = {v}", parameter.name())}</button> }
            });
            view! {
                <TuningChart />
                {edge_note(p, &t)}
                {use_it}
                <div class="table-wrap" tabindex="0" role="region" aria-label="Tuning">
                    <table class="predict-table" data-testid="tune-table">
                        <thead><tr><th class="num">"Value"</th><th class="num">"Validation log-loss"</th><th class="num">"Held-out log-loss"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            }
        })
    };
    view! {
        <div class="predict-setup">
            <label>"Tune "<select data-testid="tune-parameter" on:change=pick>{options}</select></label>
            <button data-testid="tune-run" disabled=move || p.running.get() on:click=move |_| p.tune(state, send, None)>"Tune out of sample"</button>
        </div>
        <p class="help">"Each value is chosen on the last share of the earlier games (fit on those before them), and also scored on the held-out games: the choice never sees them."</p>
        {result}
    }
}

/// "K = 4 was the lowest value tried …", with the grid carried on past that end in one click.
fn edge_note(p: Predict, t: &Tuning) -> Option<impl IntoView> {
    let (note, edge) = (t.edge_note()?, t.edge()?);
    let (state, send) = (expect_context::<State>(), expect_context::<SendToWorker>());
    let tried: Vec<f64> = t.points.iter().map(|q| q.value).collect();
    let parameter = t.parameter;
    let wider = parameter.widen(&tried, edge);
    let label = match edge {
        Edge::Lowest => "Try lower values",
        Edge::Highest => "Try higher values",
    };
    let again = move |_| {
        // The grid belongs to the parameter tuned: keep the picker on it.
        p.parameter.set(parameter);
        p.tune(state, send, Some(wider.clone()));
    };
    Some(view! {
        <div class="predict-behind" data-testid="tune-edge" role="note">
            <p>{format!("{note}.")}</p>
            <button data-testid="tune-widen" disabled=move || p.running.get() on:click=again>{label}</button>
        </div>
    })
}

#[component]
fn TuningChart() -> impl IntoView {
    let p = expect_context::<Predict>();
    let canvas = NodeRef::<Canvas>::new();
    let label = RwSignal::new(String::from("Tuning curve"));
    Effect::new(move |_| {
        p.tuning.with(|t| {
            let Some(t) = t else { return };
            label.set(crate::charts::tuning::summary(t));
            if let Some(c) = canvas.get() {
                if let Err(e) = crate::charts::tuning::draw(&c, t) {
                    web_sys::console::warn_1(&format!("tuning chart: {e}").into());
                }
            }
        })
    });
    view! { <canvas node_ref=canvas class="chart" data-testid="tune-chart" role="img" aria-label=move || label.get()></canvas> }
}
