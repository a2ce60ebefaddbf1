//! The compare view: two or more methods (each with its own parameters, the same method twice
//! allowed) rated on the input in the worker, each in turn with progress and Cancel; the
//! agreement of every pair, a scatter plot of A against B, one table of every method's
//! rating and rank with the rank shift from A to B, and Elo's order dependence (each
//! rating's spread over replays of the games in other orders, beside the order-free
//! methods' spread of 0, and K against the spread).

use crate::charts::scatter::{self, Dot};
use crate::components::controls::NumberField;
use crate::components::lazy::{Deferred, Later};
use crate::core::compare::{estimate_text, progress_text, CompareRequest, CompareRow, CompareView, Orders};
use crate::core::engine::evaluation::run::Items;
use crate::core::engine::methods::registry::{self, Access};
use crate::core::engine::methods::{Method, Params};
use crate::core::engine::MethodKind;
use crate::core::protocol::{FromWorker, Later, Source, ToWorker, COMPARE_JOBS};
use crate::state::{SendToWorker, State};
use leptos::html::Canvas;
use leptos::prelude::*;

/// How the compare table is sorted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CompareSort {
    Name,
    /// By method k's rank.
    Rank(usize),
    /// By the size of the rank shift from A to B.
    Shift,
}

/// How the games are replayed, as chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Replay {
    None,
    Reversed,
    Shuffled,
}

/// The compare view's state.
#[derive(Clone, Copy)]
pub struct Lab {
    pub open: RwSignal<bool>,
    pub methods: RwSignal<Vec<Method>>,
    pub replay: RwSignal<Replay>,
    pub shuffles: RwSignal<u32>,
    pub seed: RwSignal<u32>,
    pub job: RwSignal<u32>,
    pub running: RwSignal<bool>,
    /// (done, total, what is being done).
    pub progress: RwSignal<Option<(usize, usize, String)>>,
    pub view: RwSignal<Option<CompareView>>,
    /// A comparison come from the worker, not read yet: the panel reads it ([`Lab::show`]), so
    /// that the code decoding it is in the panel's part of the wasm.
    arrived: RwSignal<Option<Later<CompareView>>>,
    /// What went wrong (and whether it was a cancel).
    pub failure: RwSignal<Option<(String, bool)>>,
    pub sort: RwSignal<(CompareSort, bool)>,
    /// The two methods the scatter plot and the shift compare.
    pub pair: RwSignal<(usize, usize)>,
    /// The row hovered or focused (named under the scatter plot).
    pub hovered: RwSignal<Option<usize>>,
}

impl Lab {
    /// Brent against Elo with the user's parameters, 20 shuffles from seed 1.
    pub fn new(state: State) -> Lab {
        let methods = state.settings.with_untracked(|s| vec![s.params.method(MethodKind::Brent), s.params.method(MethodKind::Elo)]);
        Lab {
            open: RwSignal::new(false),
            methods: RwSignal::new(methods),
            replay: RwSignal::new(Replay::Shuffled),
            shuffles: RwSignal::new(20),
            seed: RwSignal::new(1),
            job: RwSignal::new(COMPARE_JOBS),
            running: RwSignal::new(false),
            progress: RwSignal::new(None),
            view: RwSignal::new(None),
            arrived: RwSignal::new(None),
            failure: RwSignal::new(None),
            sort: RwSignal::new((CompareSort::Rank(0), true)),
            pair: RwSignal::new((0, 1)),
            hovered: RwSignal::new(None),
        }
    }

    /// No comparison shown, nor one come and not read yet (the input or the methods changed).
    pub fn forget_view(&self) {
        self.view.set(None);
        self.arrived.set(None);
    }

    /// Whether a comparison is shown, or has come to be.
    fn has_view(&self) -> bool {
        self.view.with_untracked(Option::is_some) || self.arrived.with_untracked(Option::is_some)
    }

    pub fn orders(&self) -> Orders {
        untrack(|| self.orders_tracked())
    }

    /// The orders chosen (tracked: what shows the estimate follows them).
    fn orders_tracked(&self) -> Orders {
        match self.replay.get() {
            Replay::None => Orders::None,
            Replay::Reversed => Orders::Reversed,
            Replay::Shuffled => Orders::Shuffled { n: self.shuffles.get().max(1), seed: self.seed.get() },
        }
    }

    /// How long the comparison chosen will take on the input, when long enough to say
    /// ("about 80 s for 1,000,000 games and 20 orders"), from the input's size.
    pub fn estimate(&self, state: State) -> Option<String> {
        let items = state
            .summary
            .with(|s| s.as_ref().map_or(Items { count: 0, dated: false }, |s| Items { count: s.games.max(s.events), dated: s.dated }));
        self.methods.with(|m| estimate_text(items, m, self.orders_tracked()))
    }

    /// Applies a comparison message from the worker (ignoring superseded ones).
    pub fn apply(&self, msg: FromWorker) {
        if msg.job() != Some(self.job.get_untracked()) {
            return;
        }
        match msg {
            FromWorker::CompareProgress { done, total, doing, .. } => self.progress.set(Some((done, total, doing))),
            FromWorker::Compared { view, .. } => {
                self.arrived.set(Some(view));
                self.running.set(false);
            }
            FromWorker::CompareFailed { message, cancelled, .. } => {
                self.failure.set(Some((message, cancelled)));
                self.running.set(false);
            }
            _ => {}
        }
    }

    /// Shows the comparison come from the worker, once read (the panel calls this).
    fn show(&self, view: Later<CompareView>) {
        match view.open() {
            Ok(view) => {
                let m = view.labels.len();
                self.pair.update(|p| {
                    if p.0 >= m || p.1 >= m || p.0 == p.1 {
                        *p = (0, 1.min(m.saturating_sub(1)));
                    }
                });
                self.sort.update(|s| {
                    if matches!(s.0, CompareSort::Rank(k) if k >= m) {
                        *s = (CompareSort::Rank(0), true);
                    }
                });
                self.hovered.set(None);
                self.view.set(Some(view));
                self.failure.set(None);
            }
            Err(message) => self.failure.set(Some((message, false))),
        }
    }

    /// Asks the worker for the comparison.
    pub fn start(&self, state: State, send: SendToWorker) {
        let job = self.job.get_untracked() + 1;
        self.job.set(job);
        let source = match state.stored_file.get_untracked() {
            Some(f) => Source::Stored(f),
            None => Source::Text(state.text.get_untracked()),
        };
        if matches!(&source, Source::Text(t) if t.trim().is_empty()) {
            self.failure.set(Some(("There are no results to compare: enter or open some first.".into(), false)));
            return;
        }
        self.running.set(true);
        self.failure.set(None);
        self.arrived.set(None);
        self.progress.set(None);
        let request = CompareRequest { methods: self.methods.get_untracked(), orders: self.orders() };
        send.0.run(ToWorker::Compare { job, source, settings: state.settings.get_untracked(), request });
    }

    pub fn cancel(&self, send: SendToWorker) {
        send.0.run(ToWorker::CancelCompare { job: self.job.get_untracked() });
    }
}

/// One number parameter of a method as the compare view edits it: the registry's (those it
/// marks for the compare view), read and written on the entry's method.
struct Param {
    id: &'static str,
    label: &'static str,
    get: Box<dyn Fn(&Method) -> f64 + Send + Sync>,
    set: Box<dyn Fn(&mut Method, f64) + Send + Sync>,
}

/// The parameters the compare view offers for a method (the method panel has them all).
fn params(kind: MethodKind) -> Vec<Param> {
    registry::of(kind)
        .into_iter()
        .filter(|p| p.compare)
        .filter_map(|p| match p.access {
            Access::Number { get, set, .. } => Some(Param {
                id: p.id,
                label: p.label,
                get: Box::new(move |m: &Method| {
                    let mut all = Params::default();
                    all.set(m.clone());
                    get(&all)
                }),
                set: Box::new(move |m: &mut Method, v| {
                    let mut all = Params::default();
                    all.set(m.clone());
                    set(&mut all, v);
                    *m = all.method(kind);
                }),
            }),
            _ => None,
        })
        .collect()
}

/// One method of the list: its kind, its parameters, and a button to remove it.
#[component]
fn MethodEntry(index: usize) -> impl IntoView {
    let (lab, state) = (expect_context::<Lab>(), expect_context::<State>());
    let kind = move || lab.methods.with(|m| m.get(index).map(Method::kind));
    let set_kind = move |ev| {
        let name = event_target_value(&ev);
        if let Some(k) = MethodKind::ALL.into_iter().find(|k| k.name() == name) {
            let fresh = state.settings.with_untracked(|s| s.params.method(k));
            lab.methods.update(|m| m[index] = fresh);
        }
    };
    let letter = match index {
        0 => " (A)",
        1 => " (B)",
        _ => "",
    };
    let fields = move || {
        kind().map(|k| {
            params(k)
                .into_iter()
                .map(|p| {
                    let id = format!("compare-{index}-{}", p.id);
                    let label = p.label;
                    let p = std::sync::Arc::new(p);
                    let reader = p.clone();
                    let value = Signal::derive(move || lab.methods.with(|m| m.get(index).map(|m| (reader.get)(m)).unwrap_or(f64::NAN)));
                    let set = Callback::new(move |v| lab.methods.update(|m| (p.set)(&mut m[index], v)));
                    view! {
                        <label class="param">
                            {label}
                            " "
                            <NumberField testid=id.clone() id=id label=label value=value set=set />
                        </label>
                    }
                })
                .collect_view()
        })
    };
    let removable = move || lab.methods.with(Vec::len) > 2;
    view! {
        <fieldset class="compare-method" data-testid="compare-method">
            <legend>{format!("Method {}{letter}", index + 1)}</legend>
            <select aria-label=format!("Method {}", index + 1) data-testid=format!("compare-kind-{index}") on:change=set_kind>
                {MethodKind::ALL.iter().map(|&k| view! {
                    <option value=k.name() prop:selected=move || kind() == Some(k)>{k.short()}</option>
                }).collect_view()}
            </select>
            {fields}
            <Show when=removable>
                <button class="link" data-testid=format!("compare-remove-{index}") on:click=move |_| lab.methods.update(|m| { m.remove(index); })>
                    "Remove"
                </button>
            </Show>
        </fieldset>
    }
}

/// The methods, how the games are replayed, and the Compare and Cancel buttons.
#[component]
fn CompareControls() -> impl IntoView {
    let (lab, state, send) = (expect_context::<Lab>(), expect_context::<State>(), expect_context::<SendToWorker>());
    let count = move || lab.methods.with(Vec::len);
    let add = move |_| lab.methods.update(|m| m.push(state.settings.with_untracked(|s| s.params.method(MethodKind::Elo))));
    let set_replay = move |ev| {
        lab.replay.set(match event_target_value(&ev).as_str() {
            "none" => Replay::None,
            "reversed" => Replay::Reversed,
            _ => Replay::Shuffled,
        })
    };
    let whole = |sig: RwSignal<u32>| (Signal::derive(move || sig.get() as f64), Callback::new(move |v: f64| sig.set(v as u32)));
    let ((shuffles, set_shuffles), (seed, set_seed)) = (whole(lab.shuffles), whole(lab.seed));
    let shuffled = move || lab.replay.get() == Replay::Shuffled;
    view! {
        <div class="compare-methods">
            <For each=move || 0..count() key=|i| *i children=move |i| view! { <MethodEntry index=i /> } />
        </div>
        <p><button data-testid="compare-add" on:click=add>"Add a method"</button></p>
        <div class="compare-orders">
            <label>
                "Replay the games "
                <select data-testid="compare-replay" on:change=set_replay>
                    <option value="none" prop:selected=move || lab.replay.get() == Replay::None>"not at all"</option>
                    <option value="reversed" prop:selected=move || lab.replay.get() == Replay::Reversed>"in reverse order"</option>
                    <option value="shuffled" prop:selected=shuffled>"shuffled"</option>
                </select>
            </label>
            <Show when=shuffled>
                <label>"times " <NumberField testid="compare-shuffles" label="Shuffled orders" min=1.0 max=10_000.0 step=Some(1.0) integer=true value=shuffles set=set_shuffles /></label>
                <label>"seed " <NumberField testid="compare-seed" label="Seed" min=0.0 max=f64::from(u32::MAX) step=Some(1.0) integer=true value=seed set=set_seed /></label>
            </Show>
        </div>
        {move || lab.estimate(state).map(|time| view! {
            <p class="compare-estimate" data-testid="compare-estimate">
                {format!("This comparison takes {time} in this browser. ")}
                {move || (shuffled() && lab.shuffles.get() > FEWER_ORDERS).then(|| view! {
                    <button class="link" data-testid="compare-fewer" on:click=move |_| lab.shuffles.set(FEWER_ORDERS)>
                        {format!("Use {FEWER_ORDERS} orders instead")}
                    </button>
                })}
            </p>
        })}
        <p class="help">"Elo takes the games one at a time, so their order moves its ratings; replaying them in other orders (seeded, so repeatable) shows by how much. Brent, JRank and the AGA take no order: the same games give them the same ratings in every order, so they are rated once."</p>
        <div class="compare-actions">
            <button class="primary" data-testid="compare-run" on:click=move |_| lab.start(state, send) disabled=move || lab.running.get()>"Compare"</button>
            <Show when=move || lab.running.get()>
                <button data-testid="compare-cancel" on:click=move |_| lab.cancel(send)>"Cancel"</button>
            </Show>
        </div>
    }
}

/// Progress, or what the last comparison was, or why it failed.
#[component]
fn CompareStatus() -> impl IntoView {
    let lab = expect_context::<Lab>();
    let text = move || {
        if lab.running.get() {
            return match lab.progress.get() {
                Some((done, total, doing)) => format!("Comparing… {}", progress_text(done, total, &doing)),
                None => "Comparing…".into(),
            };
        }
        if let Some((message, _)) = lab.failure.get() {
            return message;
        }
        lab.view.with(|v| match v {
            Some(v) => {
                let rated = v.errors.iter().filter(|e| e.is_none()).count();
                format!("Compared {rated} methods on {} players; games replayed in {}.", v.rows.len(), v.order_text)
            }
            None => "Choose the methods, then Compare.".into(),
        })
    };
    let failed = move || lab.failure.with(|f| f.as_ref().is_some_and(|f| !f.1)) && !lab.running.get();
    view! {
        <p role="status" class:error=failed data-testid="compare-status">{text}</p>
        {move || lab.running.get().then(|| {
            let (done, total) = lab.progress.get().map_or((0, 1), |p| (p.0.min(p.1), p.1.max(1)));
            view! { <progress max=total value=done aria-label="Comparison progress" data-testid="compare-progress"></progress> }
        })}
        {move || lab.view.with(|v| v.as_ref().map(|v| {
            v.errors.iter().zip(&v.labels).filter_map(|(e, l)| e.as_ref().map(|e| view! {
                <p class="error" data-testid="compare-error">{format!("{l}: {e}")}</p>
            })).collect_view()
        }))}
    }
}

fn fmt(v: Option<f64>, d: usize) -> String {
    v.map(|v| format!("{v:.d$}")).unwrap_or_else(|| "—".into())
}

/// The agreement of every pair of methods.
#[component]
fn AgreementTable() -> impl IntoView {
    let lab = expect_context::<Lab>();
    let rows = move || {
        lab.view.with(|v| {
            let Some(v) = v else { return Vec::new() };
            v.pairs
                .iter()
                .map(|p| {
                    let top = p.top.map(|(o, n)| format!("{} of {n}", fmt(Some(o), if o.fract() == 0.0 { 0 } else { 1 }))).unwrap_or_else(|| "—".into());
                    view! {
                        <tr data-testid="agreement-row">
                            <th scope="row">{format!("{} · {}", v.labels[p.a], v.labels[p.b])}<span class="common">{format!(" ({} players)", p.common)}</span></th>
                            <td class="num" data-testid="agreement-tau">{fmt(p.tau, 3)}</td>
                            <td class="num" data-testid="agreement-rho">{fmt(p.rho, 3)}</td>
                            <td class="num" data-testid="agreement-top">{top}</td>
                        </tr>
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <h3>"Agreement"</h3>
        <div class="table-wrap" tabindex="0" role="region" aria-label="Agreement between the methods">
            <table data-testid="agreement-table" class="agreement">
                <thead>
                    <tr>
                        <th scope="col">"Methods"</th>
                        <th scope="col" class="num" title="Kendall's τ-b: 1 = the same order, −1 = reversed; ties counted">"Kendall τ"</th>
                        <th scope="col" class="num" title="Spearman's ρ: the correlation of the ranks">"Spearman ρ"</th>
                        <th scope="col" class="num">"Top 10 shared"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <p class="help">"Kendall's τ (τ-b, with ties) and Spearman's ρ are 1 when two methods order the players alike and −1 when one reverses the other; the top 10 shared counts players both put in their top 10 (a tie at 10th place counts in part)."</p>
    }
}

/// The dots of the scatter plot: every player both methods of the pair rank.
fn dots(v: &CompareView, (a, b): (usize, usize)) -> Vec<Dot> {
    v.rows
        .iter()
        .enumerate()
        .filter_map(|(row, r)| Some(Dot { row, name: r.name.clone(), a: *r.ranks.get(a)?.as_ref()?, b: *r.ranks.get(b)?.as_ref()? }))
        .collect()
}

/// The number of orders offered in place of more on a large input.
const FEWER_ORDERS: u32 = 5;

/// The most dots the scatter plot draws, and the most rows a table of the view renders: a
/// hundred thousand of either held the page's thread for seconds and its memory besides.
const DOTS_DRAWN: usize = 5_000;
pub const ROWS_SHOWN: usize = 200;

/// The dots drawn: all of them up to [`DOTS_DRAWN`], else an even sample of them with the
/// players furthest from the diagonal (whom the chart names) always in it.
fn thin(dots: Vec<Dot>) -> Vec<Dot> {
    if dots.len() <= DOTS_DRAWN {
        return dots;
    }
    let far = scatter::furthest(&dots);
    let stride = dots.len().div_ceil(DOTS_DRAWN);
    dots.into_iter().enumerate().filter(|(i, d)| i % stride == 0 || far.contains(&d.row)).map(|(_, d)| d).collect()
}

/// Under a table cut to [`ROWS_SHOWN`] rows: how many of how many are shown.
fn rows_note(rows: usize, what: &'static str) -> Option<AnyView> {
    (rows > ROWS_SHOWN).then(|| {
        view! {
            <p class="help" data-testid="compare-rows-shown">
                {format!("The first {ROWS_SHOWN} of {} players are shown {what}.", crate::core::compare::grouped(rows))}
            </p>
        }
        .into_any()
    })
}

/// "Arsenal FC: Brent 1650.2 (rank 2), Elo 1620.1 (rank 3)".
fn describe(v: &CompareView, row: usize, (a, b): (usize, usize)) -> String {
    let Some(r) = v.rows.get(row) else { return String::new() };
    let one = |k: usize| {
        let rank = r.ranks[k].map(|x| format!(" (rank {x})")).unwrap_or_default();
        format!("{} {}{rank}", v.labels[k], fmt(r.ratings[k], v.decimals[k]))
    };
    format!("{}: {}, {}", r.name, one(a), one(b))
}

/// The two methods the scatter plot and the shift compare, when there are more than two.
#[component]
fn PairPicker() -> impl IntoView {
    let lab = expect_context::<Lab>();
    let labels = move || lab.view.with(|v| v.as_ref().map(|v| v.labels.clone()).unwrap_or_default());
    let pick = move |which: usize| {
        move |ev| {
            if let Ok(k) = event_target_value(&ev).parse::<usize>() {
                lab.pair.update(|p| if which == 0 { p.0 = k } else { p.1 = k });
            }
        }
    };
    let select = move |which: usize, name: &'static str| {
        view! {
            <label>
                {name}
                " "
                <select data-testid=format!("compare-pair-{which}") on:change=pick(which)>
                    {labels().into_iter().enumerate().map(|(k, l)| {
                        let chosen = move || { let p = lab.pair.get(); (if which == 0 { p.0 } else { p.1 }) == k };
                        view! { <option value=k.to_string() prop:selected=chosen>{l}</option> }
                    }).collect_view()}
                </select>
            </label>
        }
    };
    let many = move || labels().len() > 2;
    view! {
        <Show when=many>
            <p class="compare-pair">"Plot and shift: " {select(0, "A")} " against " {select(1, "B")}</p>
        </Show>
    }
}

/// Method A's rank against method B's, one dot per player.
#[component]
fn ScatterPlot() -> impl IntoView {
    let lab = expect_context::<Lab>();
    let canvas = NodeRef::<Canvas>::new();
    let at = StoredValue::new(Vec::<(usize, i32, i32)>::new());
    let label = RwSignal::new(String::from("Scatter plot"));
    Effect::new(move |_| {
        let pair = lab.pair.get();
        let hovered = lab.hovered.get();
        lab.view.with(|v| {
            let Some(v) = v else { return };
            if pair.0 >= v.labels.len() || pair.1 >= v.labels.len() {
                return;
            }
            let d = dots(v, pair);
            let titles = (v.labels[pair.0].as_str(), v.labels[pair.1].as_str());
            label.set(scatter::summary(&d, titles));
            if let Some(c) = canvas.get() {
                match scatter::draw(&c, &thin(d), titles, hovered) {
                    Ok(points) => at.set_value(points),
                    Err(e) => web_sys::console::warn_1(&format!("scatter plot: {e}").into()),
                }
            }
        });
    });
    let hover = move |ev: web_sys::MouseEvent| {
        let found = at.with_value(|at| scatter::nearest(at, ev.offset_x(), ev.offset_y()));
        if found.is_some() {
            lab.hovered.set(found);
        }
    };
    let tip = move || {
        let pair = lab.pair.get();
        lab.hovered.get().and_then(|row| lab.view.with(|v| v.as_ref().map(|v| describe(v, row, pair))))
    };
    view! {
        <h3>"A against B"</h3>
        <canvas node_ref=canvas class="chart" data-testid="scatter-chart" role="img" aria-label=move || label.get() on:mousemove=hover></canvas>
        <p class="scatter-tip" aria-live="polite" data-testid="scatter-tip">
            {move || tip().unwrap_or_else(|| "Point at a dot, or focus a row of the table, to name the player and the two ratings.".into())}
        </p>
        <p class="help">"Ranks put the two methods on one scale. On the diagonal the two agree; above it B ranks the player lower than A, below it higher. The players furthest from the diagonal are named."</p>
    }
}

/// A sortable column heading of the compare table.
fn sort_header(lab: Lab, key: CompareSort, label: String, testid: String) -> impl IntoView {
    // The arrow and aria-sort say the order shown: the shift's first click is largest first.
    let ascending = move |first: bool| first != (key == CompareSort::Shift);
    let aria = move || match lab.sort.get() {
        (k, first) if k == key => {
            if ascending(first) {
                "ascending"
            } else {
                "descending"
            }
        }
        _ => "none",
    };
    let arrow = move || match lab.sort.get() {
        (k, first) if k == key => {
            if ascending(first) {
                " ▲"
            } else {
                " ▼"
            }
        }
        _ => "",
    };
    view! {
        <th scope="col" aria-sort=aria data-testid=matches!(key, CompareSort::Rank(_)).then_some("compare-column")>
            <button class="sort" data-testid=testid on:click=move |_| lab.sort.update(|(k, asc)| {
                if *k == key { *asc = !*asc } else { *k = key; *asc = true }
            })>{label}{arrow}</button>
        </th>
    }
}

/// The rows in the chosen order (the sort's flag `true` for a heading's first click: names
/// and ranks from the top, the shift largest first; rows without a shift last).
fn sorted(v: &CompareView, (key, ascending): (CompareSort, bool), (a, b): (usize, usize)) -> Vec<usize> {
    let mut order: Vec<usize> = (0..v.rows.len()).collect();
    let rank = |r: &CompareRow, k: usize| r.ranks.get(k).copied().flatten().unwrap_or(usize::MAX);
    let shift = |r: &CompareRow| r.shift(a, b).map_or(-1, |s| s.abs());
    crate::core::engine::sort::by(&mut order, |&x, &y| {
        let (rx, ry) = (&v.rows[x], &v.rows[y]);
        let o = match key {
            CompareSort::Name => rx.name.cmp(&ry.name),
            CompareSort::Rank(k) => rank(rx, k).cmp(&rank(ry, k)),
            CompareSort::Shift => shift(ry).cmp(&shift(rx)),
        };
        if ascending {
            o
        } else {
            o.reverse()
        }
    });
    order
}

/// "↑3" (B ranks the player 3 places better than A), "↓2", "=".
fn shift_text(shift: Option<i64>) -> (String, &'static str) {
    match shift {
        Some(s) if s > 0 => (format!("↑{s}"), "up"),
        Some(s) if s < 0 => (format!("↓{}", -s), "down"),
        Some(_) => ("=".into(), "same"),
        None => (String::new(), "same"),
    }
}

/// One table: every method's rating and rank, and the shift from A to B.
#[component]
fn CompareTable() -> impl IntoView {
    let lab = expect_context::<Lab>();
    let head = move || {
        lab.view.with(|v| {
            let Some(v) = v else { return Vec::new() };
            let (a, b) = lab.pair.get();
            let mut cells = vec![sort_header(lab, CompareSort::Name, "Player".into(), "compare-sort-name".into()).into_any()];
            for (k, l) in v.labels.iter().enumerate() {
                cells.push(sort_header(lab, CompareSort::Rank(k), l.clone(), format!("compare-sort-rank-{k}")).into_any());
            }
            let shift =
                format!("Shift {} → {}", v.labels.get(a).cloned().unwrap_or_default(), v.labels.get(b).cloned().unwrap_or_default());
            cells.push(sort_header(lab, CompareSort::Shift, shift, "compare-sort-shift".into()).into_any());
            cells
        })
    };
    let body = move || {
        let (sort, pair) = (lab.sort.get(), lab.pair.get());
        lab.view.with(|v| {
            let Some(v) = v else { return Vec::new() };
            sorted(v, sort, pair).into_iter().take(ROWS_SHOWN).map(|i| table_row(lab, v, i, pair)).collect::<Vec<_>>()
        })
    };
    view! {
        <h3>"Ratings and ranks"</h3>
        <div class="table-wrap" tabindex="0" role="region" aria-label="Every method's ratings and ranks">
            <table data-testid="compare-table">
                <thead><tr>{head}</tr></thead>
                <tbody>{body}</tbody>
            </table>
        </div>
        {move || lab.view.with(|v| v.as_ref().and_then(|v| rows_note(v.rows.len(), "in the order chosen: sort by a column to see others")))}
        <p class="help">"Each method's column: the rating and the rank (#); click a heading to sort. The shift is the places a player gains (↑) or loses (↓) from A's ranking to B's; sort by it to see who the two methods disagree on most."</p>
    }
}

fn table_row(lab: Lab, v: &CompareView, i: usize, pair: (usize, usize)) -> AnyView {
    let r = &v.rows[i];
    let (shift, class) = shift_text(r.shift(pair.0, pair.1));
    let cells = (0..v.labels.len())
        .map(|k| {
            view! {
                <td class="num">
                    <span data-testid=format!("compare-rating-{k}")>{fmt(r.ratings[k], v.decimals[k])}</span>
                    <span class="rank" data-testid=format!("compare-rank-{k}")>{r.ranks[k].map(|x| format!("#{x}")).unwrap_or_default()}</span>
                </td>
            }
        })
        .collect_view();
    view! {
        <tr data-testid="compare-row" tabindex="0" class:hovered=move || lab.hovered.get() == Some(i)
            on:focus=move |_| lab.hovered.set(Some(i)) on:mouseenter=move |_| lab.hovered.set(Some(i))>
            <th scope="row" data-testid="compare-name">{r.name.clone()}</th>
            {cells}
            <td class=format!("num shift {class}") data-testid="compare-shift">{shift}</td>
        </tr>
    }
    .into_any()
}

/// Each method's spread over the orders in one sentence: none for the order-free methods.
fn spread_sentence(v: &CompareView, k: usize) -> String {
    let spreads: Vec<_> = v.rows.iter().filter_map(|r| r.spread[k]).collect();
    let widest = spreads.iter().map(|s| s.max - s.min).fold(0.0, f64::max);
    let mean_sd = spreads.iter().map(|s| s.sd).sum::<f64>() / spreads.len().max(1) as f64;
    let d = v.decimals[k];
    let zero = widest < 0.5 * 10f64.powi(-(d as i32));
    match (v.sequential[k], zero) {
        (false, true) => {
            format!("{}: the same ratings in every order — spread {:.d$} for every player. No order changes it.", v.labels[k], 0.0)
        }
        (false, false) => format!("{}: widest spread {widest:.d$} (it should not depend on the order: rounding).", v.labels[k]),
        (true, _) => format!(
            "{}: takes the games one by one, so the order moves it — widest spread {widest:.d$}, mean sd {mean_sd:.d$}.",
            v.labels[k]
        ),
    }
}

/// One method's cell of the spread table: a bar from min to max on the method's range, the
/// rating marked, and the numbers.
fn spread_cell(r: &CompareRow, k: usize, (lo, hi): (f64, f64), d: usize) -> AnyView {
    let Some(s) = r.spread[k] else { return view! { <td></td> }.into_any() };
    let at = |x: f64| if hi > lo { 100.0 * (x - lo) / (hi - lo) } else { 50.0 };
    let bar = format!("left: {:.2}%; width: {:.2}%", at(s.min), (at(s.max) - at(s.min)).max(0.0));
    let mark = r.ratings[k].map(|x| format!("left: {:.2}%", at(x)));
    view! {
        <td class="spread-cell" data-testid=format!("spread-{k}") data-min=s.min.to_string() data-max=s.max.to_string() data-sd=s.sd.to_string()>
            <span class="spread-bar" aria-hidden="true">
                <span class="spread-range" style=bar></span>
                {mark.map(|m| view! { <span class="spread-mark" style=m></span> })}
            </span>
            <span class="spread-text"><b>{fmt(r.ratings[k], d)}</b>{format!(" · {:.d$}–{:.d$}, sd {:.d$}", s.min, s.max, s.sd)}</span>
        </td>
    }
    .into_any()
}

/// Each method's range over all players and orders (the bars' scale).
fn ranges(v: &CompareView) -> Vec<(f64, f64)> {
    (0..v.labels.len())
        .map(|k| v.rows.iter().filter_map(|r| r.spread[k]).fold((f64::MAX, f64::MIN), |(lo, hi), s| (lo.min(s.min), hi.max(s.max))))
        .collect()
}

/// Elo's order dependence: every rating's spread over the replays, beside the order-free
/// methods', and K against the spread.
#[component]
fn OrderDependence() -> impl IntoView {
    let lab = expect_context::<Lab>();
    let content = move || {
        lab.view.with(|v| {
            let v = v.as_ref().filter(|v| v.orders > 0)?;
            let sentences = (0..v.labels.len()).filter(|&k| v.errors[k].is_none()).map(|k| view! { <li data-testid="spread-sentence">{spread_sentence(v, k)}</li> }).collect_view();
            let heads = v.labels.iter().map(|l| view! { <th scope="col">{l.clone()}</th> }).collect_view();
            let scale = ranges(v);
            let rows = v
                .rows
                .iter()
                .take(ROWS_SHOWN)
                .map(|r| {
                    let cells = (0..v.labels.len())
                        .map(|k| spread_cell(r, k, scale[k], v.decimals[k]))
                        .collect_view();
                    view! { <tr data-testid="spread-row"><th scope="row">{r.name.clone()}</th>{cells}</tr> }
                })
                .collect_view();
            Some(view! {
                <h3>"Does the order of the games matter?"</h3>
                <p>{format!("The methods that take the games one at a time were run again on the same games in {}; the others were rated once (no order moves them).", v.order_text)}</p>
                <ul class="spread-sentences">{sentences}</ul>
                <div class="table-wrap" tabindex="0" role="region" aria-label="Each rating's spread over the orders">
                    <table data-testid="spread-table">
                        <thead><tr><th scope="col">"Player"</th>{heads}</tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                {rows_note(v.rows.len(), "in the first method's order")}
                <p class="help">"Each cell: the rating in the given order, then the lowest and highest over the orders and their sd; the bar runs from the lowest to the highest on that method's range, the tick at the rating in the given order."</p>
                {sweep_view(v)}
            })
        })
    };
    view! { <div data-testid="order-dependence">{content}</div> }
}

/// K against the spread: the mean sd for each K, as bars.
fn sweep_view(v: &CompareView) -> Option<AnyView> {
    let s = v.sweep.as_ref()?;
    let top = s.points.iter().map(|p| p.1).fold(0.0, f64::max);
    let grows = s.points.windows(2).all(|w| w[1].1 > w[0].1);
    let rows = s
        .points
        .iter()
        .map(|&(k, sd)| {
            let width = if top > 0.0 { 100.0 * sd / top } else { 0.0 };
            view! {
                <tr data-testid="sweep-row">
                    <th scope="row">{format!("K = {k}")}</th>
                    <td class="sweep-bar-cell"><span class="sweep-bar" aria-hidden="true" style=format!("width: {width:.1}%")></span></td>
                    <td class="num" data-testid="sweep-sd">{format!("{sd:.1}")}</td>
                </tr>
            }
        })
        .collect_view();
    let verdict = if grows {
        "Here a larger K gives a larger spread: each game moves the ratings further, so the last games weigh more."
    } else {
        "Here the spread does not grow with K at every step."
    };
    Some(
        view! {
            <h3>{format!("K against the spread ({})", s.method)}</h3>
            <div class="table-wrap" tabindex="0" role="region" aria-label="K against the spread">
                <table data-testid="sweep-table" class="sweep">
                    <thead><tr><th scope="col">"K"</th><th scope="col">"Mean sd over the orders"</th><th scope="col">"Points"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p data-testid="sweep-verdict">{verdict}</p>
        }
        .into_any(),
    )
}

/// The compare view: closed until opened; opening it compares at once (unless it would take
/// long: then it says how long and waits for Compare).
#[component]
pub fn ComparePanel() -> impl IntoView {
    let (lab, state, send) = (expect_context::<Lab>(), expect_context::<State>(), expect_context::<SendToWorker>());
    let toggle = move |_| {
        let open = !lab.open.get_untracked();
        lab.open.set(open);
        // A long comparison waits for Compare, its estimate said (and fewer orders offered).
        let long = untrack(|| lab.estimate(state)).is_some();
        if open && !lab.has_view() && !lab.running.get_untracked() && !long {
            lab.start(state, send);
        }
    };
    view! {
        <section class="panel compare-panel" aria-labelledby="compare-title" data-testid="compare-panel">
            <h2 id="compare-title">"Compare methods"</h2>
            <p class="help">"The same results rated by two or more methods side by side — or one method with different parameters — with how far they agree, and whether the order of the games matters."</p>
            <button data-testid="compare-open" aria-expanded=move || lab.open.get().to_string() aria-controls="compare-body" on:click=toggle>
                {move || if lab.open.get() { "Close the compare view" } else { "Open the compare view" }}
            </button>
            <Show when=move || lab.open.get()>
                <Later load={expect_context::<Deferred>().compare} />
            </Show>
        </section>
    }
}

/// The compare view, opened (its code loaded then: [`Deferred`]).
#[component]
pub fn CompareBody() -> impl IntoView {
    let lab = expect_context::<Lab>();
    // Here, not in the panel: the comparison's decoding is then in this view's part.
    Effect::new(move || {
        lab.arrived.track();
        if let Some(view) = lab.arrived.try_update_untracked(Option::take).flatten() {
            lab.show(view);
        }
    });
    let has_view = move || lab.view.with(Option::is_some);
    view! {
        <div id="compare-body" class="compare-body">
            <CompareControls />
            <CompareStatus />
            <Show when=has_view>
                <AgreementTable />
                <PairPicker />
                <div class="compare-split">
                    <div><ScatterPlot /></div>
                    <div><CompareTable /></div>
                </div>
                <OrderDependence />
            </Show>
        </div>
    }
}
