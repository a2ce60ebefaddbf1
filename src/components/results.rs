//! The results panel: the diagnosis (with its one-click fix), the sortable table, the ratings
//! chart, and the exports.

use crate::charts;
use crate::charts::ratings::Axis;
use crate::components::lazy::{Deferred, DrawRatings, Later, Unloaded};
use crate::core::engine::{MethodKind, ScaleKind};
use crate::core::protocol::PlayerRow;
use crate::state::{SortKey, State};
use leptos::html::Canvas;
use leptos::prelude::*;
use std::cmp::Ordering;
use wasm_bindgen::JsCast;

/// Tables longer than this render only the rows in view (and a few around them).
const VIRTUAL_FROM: usize = 300;
/// The height of a row of a long table, in CSS pixels (fixed by `.virtual` in the style).
const ROW_HEIGHT: f64 = 28.0;
/// Rows rendered above and below the ones in view.
const SLACK: usize = 15;

/// The ratings to show: the final ones, or those after the chosen step (0 = the start), each
/// row then ranked by that step's ratings, not the final ones.
pub fn shown_ratings(state: &State) -> Vec<(PlayerRow, Option<f64>)> {
    let step = state.step.get();
    state.result.with(|r| {
        let Some(r) = r else { return Vec::new() };
        let at_step = match (step, &r.steps) {
            (Some(k), Some(steps)) => Some(steps.get(k)),
            _ => None,
        };
        let mut rows: Vec<(PlayerRow, Option<f64>)> = r
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let rating = match at_step {
                    Some(s) => s.and_then(|s| s[i]),
                    None => p.rating,
                };
                (p.clone(), rating.filter(|v| v.is_finite()))
            })
            .collect();
        if at_step.is_some() {
            let ranks = crate::core::compute::ranks_by(&rows.iter().map(|(p, r)| (p.group, *r)).collect::<Vec<_>>());
            rows.iter_mut().zip(ranks).for_each(|((p, _), rank)| p.rank = rank);
        }
        rows
    })
}

/// Above the table in the step view: whose ratings these are, and how to leave.
fn step_note(state: State) -> impl IntoView {
    move || {
        let k = state.step.get()?;
        let n = state.result.with(|r| r.as_ref().map_or(0, |r| r.step_count()));
        let at = if k == 0 { "before the first step".to_string() } else { format!("after step {k} of {n}") };
        Some(view! {
            <p class="step-note" role="status" data-testid="table-step-note">
                {format!("The ratings {at}, ranked by them (games and score are the data's). ▶| shows the final ratings.")}
            </p>
        })
    }
}

fn compare(a: &(PlayerRow, Option<f64>), b: &(PlayerRow, Option<f64>), key: SortKey) -> Ordering {
    let num = |x: Option<f64>, y: Option<f64>| match (x, y) {
        (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    };
    match key {
        SortKey::Rank => num(a.0.rank.map(|r| r as f64), b.0.rank.map(|r| r as f64)),
        SortKey::Name => lower(&a.0.name).cmp(&lower(&b.0.name)),
        SortKey::Rating => num(b.1, a.1),
        SortKey::Games => b.0.games.cmp(&a.0.games),
        SortKey::Score => b.0.score.partial_cmp(&a.0.score).unwrap_or(Ordering::Equal),
    }
}

/// A name in lower case, for sorting without regard to case: the browser's (Rust's own
/// `to_lowercase` brings 26 KB of Unicode tables into the page's main part: issue 24).
fn lower(name: &str) -> String {
    js_sys::JsString::from(name).to_lower_case().into()
}

/// Sorts the table's rows by `key` ([`compare`]'s order; each name lowered once).
fn sort_rows(rows: &mut [(PlayerRow, Option<f64>)], key: SortKey, ascending: bool) {
    match (key, ascending) {
        (SortKey::Name, true) => crate::core::engine::sort::by_cached_key(rows, |r| lower(&r.0.name)),
        (SortKey::Name, false) => crate::core::engine::sort::by_cached_key(rows, |r| std::cmp::Reverse(lower(&r.0.name))),
        (_, true) => crate::core::engine::sort::by(rows, |a, b| compare(a, b, key)),
        (_, false) => crate::core::engine::sort::by(rows, |a, b| compare(a, b, key).reverse()),
    }
}

fn fmt_rating(v: Option<f64>, d: usize) -> String {
    match v {
        Some(v) if v.is_finite() => format!("{v:.d$}"),
        _ => "—".into(),
    }
}

/// Points as people write them: one decimal (two when a quarter point needs it).
fn fmt_score(v: f64) -> String {
    if (v * 10.0).fract().abs() < 1e-9 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

#[component]
pub fn ResultsPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let games = expect_context::<Deferred>().games;
    // Changes only when a result comes to have (or no longer has) its games: the table is made
    // again by its own view, not loaded again at each result.
    let has_games = Memo::new(move |_| state.result.with(|r| r.as_ref().is_some_and(|r| r.games.is_some())));
    view! {
        <section
            class="panel results-panel"
            aria-labelledby="results-title"
            data-testid="results-panel"
            data-method=move || state.result.with(|r| r.as_ref().map(|r| r.method.name()).unwrap_or_default())
            data-job=move || state.shown_job.get()
            // The standard errors of a large group follow the ratings (see RatingResult).
            aria-busy=move || (state.result.with(|r| r.as_ref().is_some_and(|r| r.errors_pending)) || other_method(state).is_some()).to_string()
        >
            <h2 id="results-title">"Ratings"</h2>
            {move || other_method(state).map(|(shown, asked)| view! {
                <p class="busy-note" role="status" data-testid="results-busy">
                    {format!("Rating by {asked}… until then the table shows {shown}'s ratings.")}
                </p>
            })}
            <Diagnosis />
            <Exports />
            <div class="results-body">
                <RatingsTable />
                <RatingsChart />
            </div>
            {move || has_games.get().then(|| view! { <Later load=games /> })}
        </section>
    }
}

/// While another method than the one shown is being computed (its code may still be on its
/// way on a slow link): the labels of the method shown and the one asked for.
fn other_method(state: State) -> Option<(&'static str, &'static str)> {
    let asked = state.settings.with(|s| s.method);
    let shown = state.result.with(|r| r.as_ref().map(|r| r.method))?;
    (state.running.get() && shown != asked).then(|| (shown.words().short, asked.words().short))
}

/// Games shown in the per-game table (all of them are in its CSV).
const GAMES_SHOWN: usize = 200;

/// Elo's games with each one's ratings before it and the expected result, latest first (the
/// most recent [`GAMES_SHOWN`]; every game in the CSV): a view loaded when first shown (its
/// code and the games' decoding in a part of their own).
#[component]
pub fn GameTable() -> impl IntoView {
    let state = expect_context::<State>();
    move || {
        let games = match state.result.with(|r| r.as_ref().and_then(|r| r.games.as_ref()).map(|g| g.open()))? {
            Ok(games) => games,
            Err(e) => return Some(view! { <p class="error" role="alert">{e}</p> }.into_any()),
        };
        let csv = {
            let mut out = String::from("line,first,second,first_before,second_before,expected,score\n");
            let field = crate::core::engine::escape::csv_text;
            for g in &games {
                out += &format!(
                    "{},{},{},{},{},{},{}\n",
                    g.line,
                    field(&g.first),
                    field(&g.second),
                    g.first_before,
                    g.second_before,
                    g.expected,
                    g.score
                );
            }
            out
        };
        let download = move |_| crate::download::text(&csv, "games.csv", "text/csv");
        let rows = games
            .iter()
            .rev()
            .take(GAMES_SHOWN)
            .map(|g| {
                view! {
                    <tr data-testid="game-row">
                        <td class="num">{g.line}</td>
                        <td>{g.first.clone()}</td>
                        <td class="num">{format!("{:.1}", g.first_before)}</td>
                        <td>{g.second.clone()}</td>
                        <td class="num">{format!("{:.1}", g.second_before)}</td>
                        <td class="num">{format!("{:.3}", g.expected)}</td>
                        <td class="num">{crate::components::table_parts::fmt_points(g.score)}</td>
                    </tr>
                }
            })
            .collect_view();
        let summary = format!("Each game's ratings before it ({} games; the latest {} shown)", games.len(), games.len().min(GAMES_SHOWN));
        Some(view! {
            <details class="game-table" data-testid="game-table">
                <summary>{summary}</summary>
                <button data-testid="export-games" on:click=download>"Download every game (CSV)"</button>
                <div class="table-wrap" tabindex="0" role="region" aria-label="Each game's ratings before it">
                    <table>
                        <thead><tr><th class="num">"Line"</th><th>"First"</th><th class="num">"Before"</th><th>"Second"</th><th class="num">"Before"</th><th class="num">"Expected"</th><th class="num">"Score"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            </details>
        }.into_any())
    }
}

/// The diagnosis in plain words, the warnings, and the one-click dummy player.
#[component]
fn Diagnosis() -> impl IntoView {
    let state = expect_context::<State>();
    move || {
        state.result.with(|r| {
            let r = r.as_ref()?;
            if r.findings.is_empty() && r.warnings.is_empty() {
                return None;
            }
            let fix = r.suggested_gamma.map(|g| {
                view! {
                    <button data-testid="add-dummy" on:click=move |_| state.settings.update(|s| { s.method = MethodKind::Brent; s.params.brent.gamma = g; })>
                        {format!("Add a dummy player (γ = {g})")}
                    </button>
                }
            });
            Some(view! {
                <div class="diagnosis" data-testid="diagnosis" role="note">
                    <ul>
                        {r.findings.iter().map(|f| view! { <li>{f.message.clone()}</li> }).collect_view()}
                        {r.warnings.iter().map(|w| view! { <li class="warning">{w.clone()}</li> }).collect_view()}
                    </ul>
                    {fix}
                </div>
            })
        })
    }
}

#[component]
fn Exports() -> impl IntoView {
    let state = expect_context::<State>();
    let export = move |json: bool| {
        move |_| {
            state.result.with_untracked(|r| match (r, json) {
                (Some(r), false) => crate::download::text(&r.csv, "ratings.csv", "text/csv"),
                (Some(r), true) => crate::download::text(&r.json, "ratings.json", "application/json"),
                (None, _) => {}
            })
        }
    };
    let none = move || state.result.with(Option::is_none);
    let png = move |_| {
        let canvas =
            web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector("[data-testid=ratings-chart]").ok().flatten());
        if let Some(c) = canvas.and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok()) {
            crate::download::canvas_png(&c, "ratings.png");
        }
    };
    view! {
        <div class="exports">
            <button data-testid="export-csv" on:click=export(false) disabled=none>"Download CSV"</button>
            <button data-testid="export-json" on:click=export(true) disabled=none>"Download JSON"</button>
            <button data-testid="export-ratings-png" on:click=png disabled=none>"Save chart (PNG)"</button>
        </div>
    }
}

/// Draws the chart on `canvas` with its code, in a part of the wasm fetched with the first
/// ratings (`draw_ratings`: plotters stays out of the page's main part, issue 24).
fn draw(
    draw_ratings: DrawRatings,
    canvas: web_sys::HtmlCanvasElement,
    pairs: Vec<charts::ratings::Bar>,
    axis: Axis,
    unloaded: RwSignal<bool>,
) {
    leptos::task::spawn_local(async move {
        match draw_ratings(canvas, pairs, axis).await {
            Ok(Ok(_)) => _ = unloaded.try_set(false),
            Ok(Err(e)) => web_sys::console::warn_1(&format!("ratings chart: {e}").into()),
            Err(Unloaded) => _ = unloaded.try_set(true),
        }
    });
}

/// The ratings chart's axis for a method's scale: Elo points span at least 400 (odds of 10 to
/// 1), the natural scale ln 10, a method's own scale (the AGA's ranks, JRank's strengths,
/// Weng–Lin's skills) as it comes, named as the method names it.
fn rating_axis(method: MethodKind, scale: Option<ScaleKind>) -> Axis {
    match (method.words().axis, scale) {
        (Some(title), _) => Axis { title, min_span: 0.0 },
        (None, Some(ScaleKind::Natural)) => Axis { title: "rating (log-strength)", min_span: std::f64::consts::LN_10 },
        (None, _) => Axis { title: "rating (Elo points)", min_span: 400.0 },
    }
}

/// The best 40 with error bars, best first whatever the table's order.
#[component]
fn RatingsChart() -> impl IntoView {
    let state = expect_context::<State>();
    let draw_ratings = expect_context::<Deferred>().draw_ratings;
    // Whether the chart's code could not be fetched (said under it).
    let unloaded = RwSignal::new(false);
    let canvas = NodeRef::<Canvas>::new();
    let label = RwSignal::new(String::from("Ratings chart"));
    let groups_note = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        let final_view = state.step.get().is_none();
        let shown = shown_ratings(&state);
        // Ratings of different groups are not on one scale: the chart keeps to the group of
        // the best player shown, and says so.
        let rated_groups = |g: Option<usize>| shown.iter().any(|(p, r)| r.is_some() && p.group == g);
        let first = shown.iter().find(|(_, r)| r.is_some()).map(|(p, _)| p.group);
        let others = shown
            .iter()
            .filter_map(|(p, r)| r.and(p.group))
            .filter(|&g| Some(Some(g)) != first)
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        groups_note.set(match (first, others) {
            (Some(Some(g)), n) if n > 0 && rated_groups(Some(g)) => Some(format!(
                "The chart shows group {g} only: the {n} other {}, not comparable with it (the table lists every group).",
                if n == 1 { "group is rated on a scale of its own" } else { "groups are rated on scales of their own" }
            )),
            _ => None,
        });
        let keep = first.flatten();
        let mut pairs: Vec<charts::ratings::Bar> = shown
            .into_iter()
            .filter(|(p, _)| keep.is_none() || p.group == keep)
            .map(|(p, r)| (p.name, r, p.sigma.filter(|_| final_view)))
            .collect();
        if !final_view {
            crate::core::engine::sort::by(&mut pairs, |a, b| b.1.partial_cmp(&a.1).unwrap_or(Ordering::Equal));
        }
        let axis = state
            .result
            .with(|r| r.as_ref().map(|r| rating_axis(r.method, r.scale)))
            .unwrap_or_else(|| rating_axis(MethodKind::Brent, None));
        let range = charts::ratings::range(&pairs, &axis);
        label.set(charts::summary::ratings(&pairs, charts::ratings::MAX_SHOWN, range.map(|r| (axis.title, r))));
        canvas.track();
        charts::at_next_frame("ratings", move || {
            if let Some(c) = canvas.get_untracked() {
                draw(draw_ratings, c, pairs, axis, unloaded);
            }
        });
    });
    view! {
        {move || groups_note.get().map(|n| view! { <p class="help" data-testid="chart-groups-note">{n}</p> })}
        {move || unloaded.get().then(|| view! {
            <p class="error" role="alert" data-testid="chart-unloaded">
                "The chart's code could not be fetched (no network, or the site was updated since this page opened). Reload the page to see it; the table has every rating."
            </p>
        })}
        <canvas node_ref=canvas class="chart" data-testid="ratings-chart" role="img" aria-label=move || label.get()></canvas>
    }
}

/// A sortable column header.
fn header(state: State, key: SortKey, label: &'static str, testid: &'static str) -> impl IntoView {
    // The arrow and aria-sort say the order shown: a number column's first click is largest first.
    let arrow = move || match state.sort.get() {
        (k, first) if k == key => {
            if key.ascending(first) {
                " ▲"
            } else {
                " ▼"
            }
        }
        _ => "",
    };
    let aria = move || match state.sort.get() {
        (k, first) if k == key => {
            if key.ascending(first) {
                "ascending"
            } else {
                "descending"
            }
        }
        _ => "none",
    };
    view! {
        <th aria-sort=aria>
            <button class="sort" data-testid=testid on:click=move |_| state.sort.update(|(k, asc)| {
                if *k == key { *asc = !*asc } else { *k = key; *asc = true }
            })>{label}{arrow}</button>
        </th>
    }
}

/// The rows of a long table worth rendering, as a range, for a scroll position and the
/// height of the view.
fn visible(rows: usize, scroll_top: f64, view: f64) -> std::ops::Range<usize> {
    if rows <= VIRTUAL_FROM {
        return 0..rows;
    }
    let first = ((scroll_top / ROW_HEIGHT) as usize).saturating_sub(SLACK).min(rows);
    let count = (view / ROW_HEIGHT) as usize + 2 * SLACK;
    first..(first + count).min(rows)
}

#[component]
fn RatingsTable() -> impl IntoView {
    let state = expect_context::<State>();
    let rows = Memo::new(move |_| {
        let mut rows = shown_ratings(&state);
        let (key, ascending) = state.sort.get();
        sort_rows(&mut rows, key, ascending);
        rows
    });
    let has = move |f: fn(&PlayerRow) -> bool| state.result.with(|r| r.as_ref().is_some_and(|r| r.players.iter().any(f)));
    let groups = move || state.result.with(|r| r.as_ref().map_or(1, |r| r.groups));
    // The scroll position and height of the table's view (long tables render what is in it).
    let view = RwSignal::new((0.0, 640.0));
    let long = move || rows.with(Vec::len) > VIRTUAL_FROM;
    let on_scroll = move |ev: web_sys::Event| {
        let el: web_sys::Element = event_target(&ev);
        view.set((el.scroll_top() as f64, el.client_height().max(200) as f64));
    };
    let count = move || {
        let n = rows.with(Vec::len);
        long().then(|| view! { <p class="help" data-testid="row-count">{format!("{n} players: scroll the table to see them all; the exports have them too.")}</p> })
    };
    view! {
        {step_note(state)}
        {count}
        <div class="table-wrap" class:virtual=long tabindex="0" role="region" aria-label="Ratings table" on:scroll=on_scroll>
            <table data-testid="results-table">
                <thead>
                    <tr>
                        {header(state, SortKey::Rank, "Rank", "sort-rank")}
                        {header(state, SortKey::Name, "Name", "sort-name")}
                        {header(state, SortKey::Rating, "Rating", "sort-rating")}
                        {move || state.result.with(|r| r.as_ref().is_some_and(|r| r.shows_uncertainty())).then(|| view! { <th title="One standard deviation of the rating, as the chart's bars: the standard error (Brent), σ (AGA), the rating deviation RD (Glicko, Glicko-2, Stephenson, WHR). About two in three true ratings lie within it." data-testid="sigma-heading">"±1σ"</th> })}
                        {move || has(|p| p.label.is_some()).then(|| view! { <th>"Level"</th> })}
                        {header(state, SortKey::Games, "Games", "sort-games")}
                        {header(state, SortKey::Score, "Score", "sort-score")}
                        {move || (groups() > 1).then(|| view! { <th>"Group"</th> })}
                        <th><span class="visually-hidden">"Note"</span></th>
                    </tr>
                </thead>
                <tbody>
                    {move || rows.with(|rows| {
                        let (top, height) = view.get();
                        table_body(&state, rows, visible(rows.len(), top, height))
                    })}
                </tbody>
            </table>
        </div>
    }
}

/// A spacer row standing for `n` rows not rendered.
fn spacer(n: usize) -> impl IntoView {
    (n > 0).then(
        || view! { <tr class="spacer" aria-hidden="true"><td colspan="99" style=format!("height: {}px", n as f64 * ROW_HEIGHT)></td></tr> },
    )
}

/// The table's rows in `range`, with spacers for the others.
fn table_body(state: &State, rows: &[(PlayerRow, Option<f64>)], range: std::ops::Range<usize>) -> impl IntoView {
    let d = state.result.with(|r| r.as_ref().map_or(1, |r| r.method.decimals(r.scale)));
    let show_group = state.result.with(|r| r.as_ref().is_some_and(|r| r.groups > 1));
    // Standard errors still being computed show as "…" in their column.
    let (show_sigma, show_label, pending) = state.result.with(|r| {
        r.as_ref().map_or((false, false, false), |r| (r.shows_uncertainty(), r.players.iter().any(|p| p.label.is_some()), r.errors_pending))
    });
    let final_view = state.step.get().is_none();
    let (before, after) = (range.start, rows.len() - range.end);
    let body = rows[range]
        .iter()
        .map(|(p, rating)| {
            let sigma = match (final_view, pending && p.rating.is_some()) {
                (true, true) => "…".to_string(),
                (true, false) => p.sigma.map(|v| format!("±{v:.d$}")).unwrap_or_default(),
                (false, _) => String::new(),
            };
            view! {
                <tr data-testid="rating-row">
                    <td class="num">{p.rank.map(|r| r.to_string()).unwrap_or_default()}</td>
                    <td data-testid="player-name">{p.name.clone()}</td>
                    <td class="num" data-testid="player-rating">{fmt_rating(*rating, d)}</td>
                    {show_sigma.then(|| view! { <td class="num" data-testid="player-sigma">{sigma}</td> })}
                    {show_label.then(|| view! { <td class="num" data-testid="player-label">{p.label.clone().unwrap_or_default()}</td> })}
                    <td class="num" data-testid="player-games">{p.games}</td>
                    <td class="num">{fmt_score(p.score)}</td>
                    {show_group.then(|| view! { <td class="num">{p.group.map(|g| g.to_string()).unwrap_or_default()}</td> })}
                    <td class="note">{p.note.clone()}</td>
                </tr>
            }
        })
        .collect_view();
    view! { {spacer(before)} {body} {spacer(after)} }
}
