//! The players' view: a phone-width page of the current round's pairings and the standings,
//! for a second screen in the hall (`#players`: the tournament open at the desk in this
//! browser, following each change) or saved as one file with the tournament inside (the app
//! in one file with a data block, `<script type="application/json" id="ratings-lab-players">`,
//! which no policy runs as a script).

use super::handle::Desk;
use super::local::{local, BLOCK, OPEN_KEY, STAMP_KEY};
pub use super::local::{source, Carried, Source};
use crate::core::engine::desk::view::Next;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::prelude::*;

/// The one-file app with `k`'s tournament inside: the players' view, to save.
pub fn one_file_with(app: &str, carried: &Carried) -> Option<String> {
    // `</` inside the JSON would end the block: written `<\/`, which JSON reads as `</`.
    let json = crate::core::json::to_json(carried).replace("</", "<\\/");
    let at = app.rfind("</body>")?;
    Some(format!("{}<script type=\"application/json\" id=\"{BLOCK}\">{json}</script>\n{}", &app[..at], &app[at..]))
}

/// Reads the desk's open tournament from IndexedDB and asks for its view.
fn load_kept(desk: Desk) {
    spawn_local(async move {
        let id = local(OPEN_KEY).unwrap_or_default();
        let all = crate::idb::tournaments::all().await.unwrap_or_default();
        let kept = all.iter().filter_map(|j| crate::core::json::from_json::<super::handle::Kept>(j).ok()).find(|k| k.id == id);
        match kept {
            Some(k) => desk.ask_standings(k.text),
            None => desk.failure.set(Some("No tournament is open at the desk in this browser.".into())),
        }
    });
}

/// Follows the desk in another tab: each change it keeps is read again.
fn follow(desk: Desk) {
    let on_storage = Closure::<dyn FnMut(web_sys::StorageEvent)>::new(move |ev: web_sys::StorageEvent| {
        if ev.key().as_deref() == Some(STAMP_KEY) {
            load_kept(desk);
        }
    });
    if let Some(w) = web_sys::window() {
        let _ = w.add_event_listener_with_callback("storage", on_storage.as_ref().unchecked_ref());
    }
    on_storage.forget();
}

/// The players' view of this page's [`source`] (a part of the wasm of its own, loaded by the
/// page when it is a players' view).
#[component]
pub fn PlayersBody() -> impl IntoView {
    match source() {
        Some(source) => view! { <PlayersPage source=source /> }.into_any(),
        None => ().into_any(),
    }
}

#[component]
fn PlayersPage(source: Source) -> impl IntoView {
    let desk = expect_context::<Desk>();
    desk.receive();
    provide_context(Search(RwSignal::new(String::new())));
    match source {
        Source::Carried(c) => desk.ask_standings(c.text),
        Source::Kept => {
            load_kept(desk);
            follow(desk);
        }
    }
    let name = move || desk.view.with(|v| v.as_ref().map(|v| v.name.clone()).unwrap_or_default());
    view! {
        <main class="players-view" data-testid="players-view">
            <h1>{name}</h1>
            {move || desk.failure.get().map(|f| view! { <p class="error" role="alert">{f}</p> })}
            <Find />
            <Pairings />
            <Standings />
        </main>
    }
}

/// What the players' view is searched for (a name, or a start number).
#[derive(Clone, Copy)]
struct Search(RwSignal<String>);

/// Whether a line holding `text` is shown for the search typed (always, when nothing is).
fn found(text: &str) -> impl Fn() -> bool + Send + Sync + 'static {
    let search = use_context::<Search>().map(|s| s.0);
    let words: Vec<String> =
        text.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_string).collect();
    let whole = text.to_lowercase();
    move || {
        let q = search.map(|s| s.get().trim().to_lowercase()).unwrap_or_default();
        match q.parse::<u32>() {
            _ if q.is_empty() => true,
            Ok(n) => words.iter().any(|w| *w == n.to_string()),
            Err(_) => whole.contains(&q),
        }
    }
}

/// A search box: a player finds their board and their line by name or start number.
#[component]
fn Find() -> impl IntoView {
    let search = expect_context::<Search>().0;
    view! {
        <div class="control pv-find">
            <label for="pv-find">"Find a player (name or start number)"</label>
            <input id="pv-find" type="search" data-testid="pv-find" autocomplete="off" prop:value=move || search.get() on:input=move |ev| search.set(event_target_value(&ev)) />
        </div>
    }
}

/// The round being played (or the last one played), board by board.
#[component]
fn Pairings() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let round = move || {
        desk.view.with(|v| {
            let v = v.as_ref()?;
            let r = match &v.next {
                Next::Results { round, .. } => *round,
                Next::Pair(r) => r.checked_sub(1)?,
                Next::Finished => v.total_rounds,
            };
            let rv = v.rounds.iter().find(|x| x.round == r)?.clone();
            // With their start numbers: two players of one name told apart, and found by number.
            let name = |s: u32| v.players.iter().find(|p| p.start == s).map_or(s.to_string(), |p| format!("{s} · {}", p.name));
            let boards: Vec<(usize, String, String, String)> =
                rv.boards.iter().map(|b| (b.board, name(b.white), b.result.clone(), name(b.black))).collect();
            Some((r, boards, rv.bye.map(name)))
        })
    };
    move || {
        round().map(|(r, boards, bye)| {
            view! {
                <section aria-labelledby="pv-round">
                    <h2 id="pv-round">{format!("Round {r}")}</h2>
                    <ol class="pv-boards" data-testid="pv-boards">
                        {boards.into_iter().map(|(b, w, res, bl)| {
                            let shown = found(&format!("{w} {bl}"));
                            view! {
                                <li data-testid="pv-board" class:hidden=move || !shown()><span class="pv-board-no">{b}</span><span>{w.clone()}</span><span class="pv-result">{if res.is_empty() { "–".to_string() } else { res.clone() }}</span><span>{bl.clone()}</span></li>
                            }
                        }).collect_view()}
                    </ol>
                    {bye.map(|b| view! { <p>"Pairing-allocated bye: " {b}</p> })}
                </section>
            }
        })
    }
}

#[component]
fn Standings() -> impl IntoView {
    let desk = expect_context::<Desk>();
    move || {
        desk.standings.get().map(|st| {
            view! {
                <section aria-labelledby="pv-standings">
                    <h2 id="pv-standings">{if st.round == 0 { "Players".to_string() } else { format!("Standings after round {}", st.round) }}</h2>
                    <table class="pv-standings">
                        <thead><tr><th scope="col">"#"</th><th scope="col">"No."</th><th scope="col">"Name"</th><th scope="col">"Pts"</th>
                            {st.codes.iter().map(|c| view! { <th scope="col">{c.clone()}</th> }).collect_view()}</tr></thead>
                        <tbody>
                            {st.lines.iter().map(|l| {
                                let shown = found(&format!("{} · {}", l.start, l.name));
                                view! {
                                    <tr data-testid="pv-standing" class:hidden=move || !shown()>
                                        <td>{match (l.not_counted, l.departure.is_some_and(|d| d.is_expelled())) { (true, _) => "not counted".to_string(), (false, true) => "expelled".to_string(), _ => l.rank.to_string() }}</td>
                                        <td>{l.start}</td>
                                        <td><span data-testid="pv-name">{l.name.clone()}</span>{l.departure.map(|d| format!(" ({}{})", d.text(), if l.not_counted { "; not counted" } else { "" }))}</td><td>{l.points}</td>
                                        {l.tiebreaks.iter().map(|t| view! { <td>{t.map_or("–".to_string(), |x| format!("{x}"))}</td> }).collect_view()}
                                    </tr>
                                }
                            }).collect_view()}
                        </tbody>
                    </table>
                </section>
            }
        })
    }
}
