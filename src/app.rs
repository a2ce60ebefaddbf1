//! The page: input, method, convergence and results, wired to the worker.

use crate::bridge::Bridge;
use crate::components::lazy::{Deferred, Later};
use crate::components::{ComparePanel, ConvergencePanel, InputPanel, MethodPanel, PredictPanel, RacePanel, ResultsPanel};
use crate::core::protocol::{Source, ToWorker};
use crate::state::{CancelRating, Rerate, SendToWorker, State};
use crate::storage;
use crate::workers::Workers;
use leptos::prelude::*;
use std::time::Duration;

pub use crate::core::lessons::{EXAMPLE, EXAMPLE_CREDIT};

/// Delay after the last keystroke before the input is rated again.
const TYPING_PAUSE: Duration = Duration::from_millis(250);

/// The state as the user left it: the text, the settings (or why they could not be read),
/// and a large file kept from last time (the worker reads it; the page shows its start).
fn restored_state() -> State {
    let text = storage::load_input().unwrap_or_else(|| EXAMPLE.to_string());
    let (settings, notice) = match storage::load_settings() {
        Ok(settings) => (settings.unwrap_or_default(), None),
        Err(e) => (Default::default(), Some(crate::core::settings::unreadable(&e))),
    };
    let state = State::new(text, settings);
    state.notice.set(notice);
    if let Some(f) = storage::load_file() {
        state.stored_file.set(Some(f));
        crate::components::input::load_preview(state);
    }
    state
}

/// How to keep the app: offline once visited, and as one file to download (not shown in that
/// file itself).
#[component]
fn GetTheApp() -> impl IntoView {
    (!crate::bridge::one_file()).then(|| {
        view! {
            <p class="get-app">
                <a href="ratings-lab.html" download="ratings-lab.html" data-testid="download-one-file">"Download the app as one file"</a>
                " to keep: open it in a browser, with no internet and no install. This site also works offline once visited."
            </p>
        }
    })
}

/// The first stop of the keyboard: straight to the answer (an organiser's standings when a
/// tournament is read, else the ratings), past the header and the input.
#[component]
fn SkipLink() -> impl IntoView {
    let skip = move |ev: web_sys::MouseEvent| {
        ev.prevent_default();
        let doc = document();
        let standings = doc.query_selector(".standings-panel:not(.hidden) h2").ok().flatten();
        let target = standings.or_else(|| doc.get_element_by_id("results-title"));
        if let Some(el) = target.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok()) {
            // A heading takes the focus only when asked to (and is no Tab stop after).
            let _ = el.set_attribute("tabindex", "-1");
            let _ = el.focus();
            el.scroll_into_view();
        }
    };
    view! { <a class="skip-link" href="#results-title" data-testid="skip-link" on:click=skip>"Skip to the results"</a> }
}

/// Stores what changes and rates it again: a parameter change at once, typing after a short
/// pause.
fn keep_and_rerate(state: State, request: impl Fn() + Copy + 'static, reading_link: Signal<bool>) {
    Effect::new(move |_| {
        let s = state.settings.get();
        state.settings_kept.set(storage::save_settings(&s));
        // Not while a link the page was opened with is read: its scenario is rated then.
        if !reading_link.get() {
            request();
        }
    });
    let typing = StoredValue::new_local(None::<TimeoutHandle>);
    Effect::new(move |first: Option<()>| {
        let text = state.text.get();
        state.stored.set(storage::save_input(&text));
        if first.is_some() {
            if let Some(h) = typing.get_value() {
                h.clear();
            }
            typing.set_value(set_timeout_with_handle(request, TYPING_PAUSE).ok());
        }
    });
}

/// A file dropped anywhere on the page is read as if opened.
fn drop_file(ev: web_sys::DragEvent, open: crate::components::lazy::OpenFile, state: State, rerate: Rerate) {
    ev.prevent_default();
    if let Some(file) = ev.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
        let how = crate::state::How::Dropped(file.name());
        crate::components::input::open_file(open, file, how, state, rerate);
    }
}

/// The page's header: what it is, the app to keep, and *Copy link*.
#[component]
fn Top() -> impl IntoView {
    let desk = expect_context::<crate::components::desk::Desk>();
    view! {
        <header class="top">
            <h1>"Ratings Lab"</h1>
            <p class="tagline">
                "Ratings from your game results — Brent's eigenvector ratings, Elo, Glicko, Whole-History Rating and more — and FIDE tiebreaks, computed in your browser. Nothing is sent anywhere."
            </p>
            <GetTheApp />
            <DeskToggle />
            // A link carries the rating views' scenario, not a tournament at the desk.
            <div class:hidden=move || desk.open.get()>
                <crate::components::ShareBar />
            </div>
        </header>
    }
}

/// The header's way to the tournament desk and back to the ratings.
#[component]
fn DeskToggle() -> impl IntoView {
    let desk = expect_context::<crate::components::desk::Desk>();
    view! {
        <button class="desk-toggle" data-testid="desk-toggle" aria-pressed=move || desk.open.get().to_string() on:click=move |_| desk.toggle()>
            {move || if desk.open.get() { "Back to the ratings" } else { "Tournament desk" }}
        </button>
    }
}

/// The views with state of their own (the compare lab, prediction, the desk), provided.
fn provide_views(state: State) -> (crate::components::compare::Lab, crate::components::predict::Predict, crate::components::desk::Desk) {
    let lab = crate::components::compare::Lab::new(state);
    provide_context(lab);
    let predict = crate::components::predict::Predict::new();
    provide_context(predict);
    let desk = crate::components::desk::Desk::new();
    provide_context(desk);
    (lab, predict, desk)
}

/// The desk's own worker (`src/bin/desk_worker.rs`), started when the desk first asks for
/// something: its pairing engine is no part of a first visit.
fn connect_desk(desk: crate::components::desk::Desk) {
    let bridge = StoredValue::new_local(None::<Bridge>);
    desk.connect(Callback::new(move |msg| {
        if bridge.with_value(Option::is_none) {
            // Read by the desk's views ([`Desk::receive`]): the desk's code is in their parts.
            bridge.set_value(Some(Bridge::new(crate::bridge::desk_worker_url(), move |msg| desk.deliver(msg))));
        }
        bridge.with_value(|b| b.as_ref().map(|b| b.send(msg)));
    }));
}

/// How long the page waits, once the first rating has settled, before it fetches the code of
/// the views not yet shown: the opening view's charts come first.
const AHEAD_AFTER: Duration = Duration::from_millis(1000);

/// The views loaded later: once the first rating has settled (ratings, a failure, errors, or
/// nothing to rate) and a moment has passed, every view's code is fetched ahead (so that each
/// works if the network goes), then the offline copy starts (`bridge::offline_copy`: it finds
/// them all in the browser's cache). Returns whether a tournament has been read: the standings
/// come with the first, their code loaded then, and stay.
fn deferred_views(state: State, views: Deferred) -> Memo<bool> {
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) {
            return true;
        }
        let settled = state.result.with(Option::is_some)
            || state.failure.with(Option::is_some)
            || state.errors.with(|e| !e.is_empty())
            || state.text.with(|t| t.trim().is_empty());
        if settled {
            crate::bridge::shown();
            let ahead = async move {
                (views.preload)().await;
                crate::bridge::offline_copy();
            };
            set_timeout(move || leptos::task::spawn_local(ahead), AHEAD_AFTER);
        }
        settled
    });
    Memo::new(move |before: Option<&bool>| {
        before.copied().unwrap_or(false) || state.result.with(|r| r.as_ref().is_some_and(|r| r.standings.is_some()))
    })
}

/// The rating workers ([`Workers`]: the first started with the page, the lab's when first
/// asked for), their answers handed to the view they are for; provides `SendToWorker` and
/// `CancelRating`, and returns the request that rates the input as it stands.
fn connect_rating(state: State, lab: crate::components::compare::Lab, predict: crate::components::predict::Predict) -> impl Fn() + Copy {
    let bridge = StoredValue::new_local(Workers::new(move |msg| {
        if msg.is_compare() {
            lab.apply(msg)
        } else if msg.is_predict() {
            predict.apply(msg)
        } else {
            state.apply(msg)
        }
    }));
    provide_context(SendToWorker(Callback::new(move |msg| bridge.with_value(|b| b.send(msg)))));
    crate::bridge::expose_fail_hook(move |msg| bridge.with_value(|b| b.send(msg)));
    let request = move || {
        let job = state.job.get_untracked() + 1;
        state.job.set(job);
        state.playing.set(false);
        let source = match state.stored_file.get_untracked() {
            Some(f) => Source::Stored(f),
            None => Source::Text(state.text.get_untracked()),
        };
        if matches!(&source, Source::Text(t) if t.trim().is_empty()) {
            // Nothing entered (yet, or after Clear): nothing to fix either.
            state.show_nothing();
            return;
        }
        state.begin(job);
        state.failure.set(None);
        let msg = ToWorker::Rate { job, source, settings: state.settings.get_untracked(), shown: state.shown() };
        bridge.with_value(|b| b.send(msg));
    };
    provide_context(CancelRating(Callback::new(move |()| {
        let job = state.job.get_untracked();
        bridge.with_value(|b| b.send(ToWorker::Cancel { job }));
    })));
    request
}

/// The page; `views` load the code of the views not seen on opening when they are first shown
/// (the page's binary makes them: see [`crate::components::lazy`]).
#[component]
pub fn App(views: Deferred) -> impl IntoView {
    let state = restored_state();
    provide_context(state);
    let (lab, predict, desk) = provide_views(state);
    connect_desk(desk);
    if crate::components::desk::players_view::source().is_some() {
        // The players' view asks the desk's worker alone.
        crate::bridge::shown();
        crate::bridge::offline_copy();
        return view! { <Later load=views.players /> }.into_any();
    }
    let request = connect_rating(state, lab, predict);
    let rerate = Rerate(Callback::new(move |()| request()));
    provide_context(rerate);
    provide_context(views);
    // A link's scenario, before the first request (so its settings are the ones rated).
    let reading_link = crate::components::share::provide(state, rerate);
    keep_and_rerate(state, request, reading_link);
    let tournament = deferred_views(state, views);
    let drop_file = move |ev: web_sys::DragEvent| drop_file(ev, views.open_file, state, rerate);

    view! {
        <div class="page" on:dragover=|ev: web_sys::DragEvent| ev.prevent_default() on:drop=drop_file>
            <SkipLink />
            <Top />
            <main class="grid" class:hidden=move || desk.open.get()>
                // The answer first: an organiser's standings (hidden until a tournament is read),
                // then the input (folded to a line once read), the ratings, then how they were
                // computed. On a phone the panels stack in this order; the desktop grid puts the
                // standings across the top and the ratings in the right-hand column, so the
                // keyboard's order is the order the page reads in (issue 19, items 8 and 14).
                <Show when=move || tournament.get()>
                    <Later load=views.standings />
                </Show>
                <InputPanel />
                <ResultsPanel />
                <MethodPanel />
                <ConvergencePanel />
                <ComparePanel />
                <PredictPanel />
                <RacePanel />
            </main>
            {move || desk.open.get().then(|| view! { <main class="desk"><Later load=views.desk /></main> })}
            <footer class="foot">
                "Ratings Lab · MIT OR Apache-2.0 · Example data: " {EXAMPLE_CREDIT}
            </footer>
        </div>
    }
    .into_any()
}
