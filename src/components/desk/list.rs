//! The desk's panel: the tournaments kept in this browser, a new one, a TRF imported; and,
//! once one is open, its round and players.

use super::handle::{file_name, Desk};
use crate::core::engine::desk::export::TrfVersion;
use crate::core::engine::desk::Action;
use leptos::prelude::*;

/// The tournament desk, shown in place of the rating views when opened from the header.
#[component]
pub fn DeskPanel() -> impl IntoView {
    let desk = expect_context::<Desk>();
    desk.receive();
    desk.restore();
    // Memos: a change to the open tournament (each result typed) must not make its view anew.
    let has_open = Memo::new(move |_| desk.current.with(Option::is_some));
    let creating = Memo::new(move |_| desk.creating.get());
    // Read by the next visit (`Desk::restore`, which has read it already).
    Effect::new(move |_| super::local::set_local(super::local::CREATING_KEY, creating.get().then_some("1")));
    view! {
        <section class=move || format!("panel desk-panel {}", desk.printing.get()) aria-labelledby="desk-title" data-testid="desk-panel">
            <h2 id="desk-title">"Tournament desk"</h2>
            <p class="help">"Run a Swiss (FIDE's Dutch system, with Baku acceleration if asked) or a round robin (Berger tables) here: players, pairings, results, standings. Everything is kept in this browser after every change, and the file can be exported at any moment."</p>
            {move || desk.failure.get().map(|f| view! { <p class="error" role="alert" data-testid="desk-failure">{f}</p> })}
            {move || desk.unkept.get().map(|f| view! { <p class="error" role="alert" data-testid="desk-unkept">"Not kept in this browser: " {f} ". Export the file to keep it."</p> })}
            {move || match (has_open.get(), creating.get()) {
                (true, _) => view! { <Tournament /> }.into_any(),
                (false, true) => view! { <super::register::Register /> }.into_any(),
                (false, false) => view! { <Kept /> }.into_any(),
            }}
        </section>
    }
}

/// The tournaments kept, each to open or delete; a new one; a TRF to import.
#[component]
fn Kept() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let import = move |ev: web_sys::Event| {
        use wasm_bindgen::JsCast;
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        let name = file.name().trim_end_matches(".trf").trim_end_matches(".txt").to_string();
        leptos::task::spawn_local(async move {
            if let Ok(text) = wasm_bindgen_futures::JsFuture::from(file.text()).await {
                desk.import(text.as_string().unwrap_or_default(), name);
            }
        });
    };
    view! {
        <div class="desk-actions">
            <button data-testid="desk-new" on:click=move |_| desk.creating.set(true)>"New tournament"</button>
            <label class="button">"Import a TRF file" <input type="file" accept=".trf,.txt,text/plain" data-testid="desk-import" class="visually-hidden" on:change=import /></label>
        </div>
        <table class="desk-list" data-testid="desk-list">
            <caption>"Tournaments kept in this browser"</caption>
            <thead><tr><th scope="col">"Tournament"</th><th scope="col">"Where it stands"</th><th scope="col"><span class="visually-hidden">"Actions"</span></th></tr></thead>
            <tbody>
                <For each=move || desk.list.get() key=|k| (k.id.clone(), k.progress.clone(), k.name.clone()) let:k>
                    {
                        let (open, id) = (k.clone(), k.id.clone());
                        view! {
                            <tr data-testid="desk-kept">
                                <td>{k.name.clone()}</td>
                                <td>{k.progress.clone()}</td>
                                <td>
                                    <button data-testid="desk-open" on:click=move |_| desk.show(open.clone())>"Open"</button>
                                    <button class="link" data-testid="desk-delete" on:click=move |_| {
                                        let sure = web_sys::window().and_then(|w| w.confirm_with_message("Delete this tournament from this browser? Export it first to keep a copy.").ok());
                                        if sure == Some(true) { desk.delete(id.clone()) }
                                    }>"Delete"</button>
                                </td>
                            </tr>
                        }
                    }
                </For>
            </tbody>
        </table>
        {move || desk.list.with(Vec::is_empty).then(|| view! { <p class="help">"No tournament yet: start a new one, or import a TRF file."</p> })}
    }
}

/// The open tournament: its tools, its round, its players.
#[component]
fn Tournament() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let state = expect_context::<crate::state::State>();
    let rerate = expect_context::<crate::state::Rerate>();
    let name = move || desk.current.with(|k| k.as_ref().map(|k| k.name.clone()).unwrap_or_default());
    let round_robin = move || desk.view.with(|v| v.as_ref().is_some_and(|v| v.round_robin));
    let standings = move |_| {
        let Some(k) = desk.current.get_untracked() else { return };
        // A round robin's main view is its crosstable (the square table of every pair).
        if round_robin() {
            state.organiser.set(Some(crate::core::link::OrganiserView::Crosstable));
        }
        desk.open.set(false);
        super::local::set_local(super::local::LINKED_KEY, Some(&k.id));
        let how = crate::state::How::Opened(format!("{}.trf", file_name(&k.name)));
        leptos::task::spawn_local(crate::components::input::replace_input(state, crate::state::Input::Text(k.text), how, rerate));
    };
    let can_undo = move || desk.current.with(|k| k.as_ref().is_some_and(|k| !k.undo.is_empty()));
    follow_in_ratings(desk, state, rerate);
    view! {
        <h3 data-testid="desk-name" class="desk-title">{name}</h3>
        <p class="help" data-testid="desk-progress">{move || desk.current.with(|k| k.as_ref().map(|k| k.progress.clone()))}</p>
        <p class="help" data-testid="desk-system-name">{move || desk.view.with(|v| v.as_ref().map(|v| v.system.clone()))}</p>
        <FideMode />
        <ImportReport />
        <div class="desk-actions" role="toolbar" aria-label="The tournament">
            <button data-testid="desk-undo" disabled=move || !can_undo() on:click=move |_| desk.undo()>"Undo"</button>
            <button data-testid="desk-standings" on:click=standings>{move || if round_robin() { "Crosstable, standings and print" } else { "Standings, crosstable and print" }}</button>
            <button data-testid="desk-export" on:click=move |_| desk.ask_export(TrfVersion::Trf2026, false)>"Export TRF-2026 (working copy)"</button>
            <button data-testid="desk-export-final" on:click=move |_| desk.ask_export(TrfVersion::Trf2026, true)>"Export the final TRF-2026"</button>
            <button data-testid="desk-export16" on:click=move |_| desk.ask_export(TrfVersion::Trf16, false)>"Export TRF-16"</button>
            <button data-testid="desk-print-round" on:click=move |_| desk.print("print-round")>"Print the pairings"</button>
            <button data-testid="desk-print-alpha" disabled=move || !paired(desk) on:click=move |_| desk.print("print-alpha")>"Print the alphabetical list"</button>
            <button data-testid="desk-report-button" on:click=move |_| desk.ask_report(kept_inputs(desk))>"Rating report and norms"</button>
            <PlayersViewButtons />
            <button class="link" data-testid="desk-close" on:click=move |_| desk.close_tournament()>"All tournaments"</button>
        </div>
        {move || desk.report.get().map(|r| view! {
            <div class="desk-report-block">
                <h3>"FIDE rating report (B.02) and title norms (B.01)"</h3>
                <p class="help">"K as the rules give it from what the file holds (rating, birth year), unless given here (as ratings-lab report's --k-factor, --new-player and --reached-2400)."</p>
                <KInputsForm />
                <button data-testid="desk-print-report" on:click=move |_| desk.print("print-report")>"Print the report"</button>
                <ReportCards />
                <details class="desk-report-text">
                    <summary>"The report as text, with its working (as ratings-lab report prints it)"</summary>
                    <pre class="desk-report" data-testid="desk-report" tabindex="0">{r}</pre>
                </details>
            </div>
        })}
        {move || desk.view.with(|v| v.as_ref().map(|v| v.warnings.clone())).filter(|w| !w.is_empty()).map(|w| view! {
            <ul class="warnings" data-testid="desk-warnings">{w.into_iter().map(|x| view! { <li>{x}</li> }).collect_view()}</ul>
        })}
        <super::confirm::Confirm />
        <super::round::Round />
        <super::prizes::Prizes />
        <super::players::Players />
    }
}

/// Whether a round is paired (its alphabetical list has boards to print).
fn paired(desk: Desk) -> bool {
    desk.view.with(|v| v.as_ref().is_some_and(|v| v.rounds.iter().any(|r| !r.boards.is_empty())))
}

/// The rating views' standings of this tournament (opened by *Standings, crosstable and
/// print*) follow each change made at the desk: while they show an earlier text of it (one
/// the desk's *Undo* holds, or the last one passed), they are given the new one. Any other
/// input opened there since is left alone.
fn follow_in_ratings(desk: Desk, state: crate::state::State, rerate: crate::state::Rerate) {
    let passed = StoredValue::new(None::<String>);
    Effect::new(move |_| {
        let newer = desk.current.with(|k| {
            let k = k.as_ref().filter(|k| super::local::local(super::local::LINKED_KEY).as_deref() == Some(k.id.as_str()))?;
            let earlier = state.text.with_untracked(|shown| {
                shown != &k.text
                    && (passed.with_value(|p| p.as_deref() == Some(shown.as_str())) || k.undo.iter().rev().take(50).any(|u| u == shown))
            });
            earlier.then(|| k.text.clone())
        });
        if let Some(text) = newer {
            passed.set_value(Some(text.clone()));
            state.text.set(text);
            rerate.0.run(());
        }
    });
}

/// The rating report, a table a player: rating, K, games, score against expected, change,
/// new rating, performance, norms; a phone shows each whole.
#[component]
fn ReportCards() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let num = |x: Option<i64>| x.map_or("–".to_string(), |v| v.to_string());
    move || {
        desk.report_cards.get().map(|cards| view! {
            <div class="desk-report-cards" data-testid="desk-report-cards">
                {cards.into_iter().map(|c| {
                    let change = c.change.map_or("–".to_string(), |d| format!("{d:+}"));
                    let expected = c.expected.map_or("–".to_string(), |e| format!("{e:.2}"));
                    view! {
                        <table class="desk-report-card" data-testid="desk-report-card">
                            <caption>{format!("{} · {}{}", c.start, c.title.clone().map(|t| format!("{t} ")).unwrap_or_default(), c.name)}</caption>
                            <tbody>
                                <tr><th scope="row">"Rating, K"</th><td>{format!("{}, K {}", c.rating.map_or("unrated".into(), |r| r.to_string()), c.k.map_or("–".into(), |k| k.to_string()))}</td></tr>
                                <tr><th scope="row">"Rated games, score (expected)"</th><td>{format!("{}, {} ({expected})", c.games, c.score)}</td></tr>
                                <tr><th scope="row">"Change, new rating"</th><td>{format!("{change}, {}", num(c.new_rating))}</td></tr>
                                <tr><th scope="row">"Performance"</th><td>{num(c.performance)}</td></tr>
                                {(!c.notes.is_empty()).then(|| view! { <tr><th scope="row">"Notes"</th><td>{c.notes.join("; ")}</td></tr> })}
                            </tbody>
                        </table>
                    }
                }).collect_view()}
            </div>
        })
    }
}

/// FIDE mode: on for every tournament, every warning asked and none switched off; left only
/// after two confirmations (Level 4), written in the file, for good. Out of it, said on the
/// desk for as long as the tournament is open.
#[component]
fn FideMode() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let on = move || desk.view.with(|v| v.as_ref().is_none_or(|v| v.fide_mode));
    let leave = move |_| {
        let d = js_sys::Date::new_0();
        let today = format!("{:04}/{:02}/{:02}", d.get_full_year(), d.get_month() + 1, d.get_date());
        desk.act(Action::LeaveFideMode { on: Some(today) });
    };
    view! {
        <p class="help desk-fide-mode" data-testid="desk-fide-mode" class:left=move || !on()>
            {move || match on() {
                true => "FIDE mode: the pairing rules hold, and every warning is asked (none can be switched off).",
                false => "Not in FIDE mode: the arbiter left it (written in the file). This tournament's pairings are not the FIDE mode's.",
            }}
            {move || on().then(|| view! { " " <button class="link" data-testid="desk-leave-fide" on:click=leave>"Leave FIDE mode…"</button> })}
        </p>
    }
}

/// What the check of an imported file found: each round against the rules the file declares,
/// and every adjustment made in reading it; written in the file at once (`### import:` lines;
/// a round that broke the rules asked at Level 3 first).
#[component]
fn ImportReport() -> impl IntoView {
    let desk = expect_context::<Desk>();
    move || {
        desk.import_report.get().map(|r| {
            let bad: Vec<_> = r.rounds.iter().filter(|x| !x.as_paired).cloned().collect();

            view! {
                <div class="desk-import" data-testid="desk-import-report" role="region" aria-label="The imported file checked">
                    <h3>"The imported file, checked"</h3>
                    <p>{format!("{} of {} rounds as {} pairs them.", r.rounds.len() - bad.len(), r.rounds.len(), r.rules)}</p>
                    <ul>{bad.into_iter().map(|x| view! { <li>{format!("Round {}: {}", x.round, x.differences.join("; "))}</li> }).collect_view()}</ul>
                    {(!r.adjustments.is_empty()).then(|| view! {
                        <p>"Adjusted in reading:"</p>
                        <ul>{r.adjustments.iter().map(|a| view! { <li>{a.clone()}</li> }).collect_view()}</ul>
                    })}
                    <p class="help">"Written in the file as ### import records (a round that broke the rules is asked first)."</p>
                    <button data-testid="desk-import-close" on:click=move |_| desk.import_report.set(None)>"Close"</button>
                </div>
            }
        })
    }
}

/// The players' view: on a second screen (another window of this browser, following each
/// change), or saved as one file with the tournament inside.
#[component]
fn PlayersViewButtons() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let second = move |_| {
        if let Some(w) = web_sys::window() {
            let path = w.location().pathname().unwrap_or_default();
            let _ = w.open_with_url_and_target(&format!("{path}#players"), "_blank");
        }
    };
    let save = move |_| {
        let Some(k) = desk.current.get_untracked() else { return };
        leptos::task::spawn_local(async move {
            match fetch_text("ratings-lab.html").await {
                Some(app) => {
                    let carried = super::players_view::Carried { name: k.name.clone(), text: k.text };
                    match super::players_view::one_file_with(&app, &carried) {
                        Some(page) => crate::download::text(&page, &format!("{}-players.html", file_name(&k.name)), "text/html"),
                        None => desk.failure.set(Some("The app in one file could not be read: the players' view was not saved.".into())),
                    }
                }
                None => desk.failure.set(Some("The app in one file (ratings-lab.html) could not be fetched: the players' view is saved from the site, online or offline once visited.".into())),
            }
        });
    };
    // The one-file app has no site to fetch itself from.
    let on_site = !crate::bridge::one_file();
    view! {
        {on_site.then(|| view! {
            <button data-testid="desk-players-view" on:click=second>"Players' view (second screen)"</button>
            <button data-testid="desk-players-file" on:click=save>"Save the players' view as one file"</button>
        })}
    }
}

/// A file of the site as text, or `None`.
async fn fetch_text(url: &str) -> Option<String> {
    use wasm_bindgen::JsCast;
    let w = web_sys::window()?;
    let response: web_sys::Response = wasm_bindgen_futures::JsFuture::from(w.fetch_with_str(url)).await.ok()?.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    wasm_bindgen_futures::JsFuture::from(response.text().ok()?).await.ok()?.as_string()
}

/// The open tournament's K inputs as kept.
fn kept_inputs(desk: Desk) -> [String; 3] {
    desk.current.with_untracked(|k| k.as_ref().map(|k| k.k_inputs.clone())).unwrap_or_default()
}

/// What the report needs and the file lacks: published K, new players, past 2400.
#[component]
fn KInputsForm() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let [k, new, reached] = kept_inputs(desk).map(RwSignal::new);
    let field = move |id: &'static str, label: &'static str, hint: &'static str, value: RwSignal<String>| {
        view! {
            <div class="control">
                <label for=id>{label}</label>
                <input type="text" id=id data-testid=id placeholder=hint prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev)) />
            </div>
        }
    };
    let again = move |_| desk.ask_report([k.get_untracked(), new.get_untracked(), reached.get_untracked()]);
    view! {
        <div class="desk-form desk-k">
            {field("desk-k", "Published K (start number = K)", "5=40 12=10", k)}
            {field("desk-new-players", "New to the list: fewer than 30 games (K 40)", "7 9", new)}
            {field("desk-reached", "Reached 2400 before (K 10)", "3", reached)}
        </div>
        <button data-testid="desk-report-again" on:click=again>"Report again with these"</button>
    }
}
