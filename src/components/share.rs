//! *Copy link*: the scenario (method, every parameter, the view, the data when they fit) in a
//! link ([`crate::core::link`]), shown in a read-only box beside the button and put on the
//! clipboard. Opening such a link restores it: the link's data take the input's place (the
//! input before stays one step back, for *Undo*), its settings replace the user's (which one
//! click puts back), and the fragment is removed from the address, so a reload shows what is
//! stored, as usual. A link that cannot be read says why and changes nothing.

use crate::components::compare::{Lab, Replay};
use crate::components::lazy::{Deferred, Later, Unloaded};
use crate::core::compare::{CompareRequest, Orders};
use crate::core::link::{self, Carries, Data, Scenario, View};
use crate::core::settings::Settings;
use crate::state::{How, Input, Rerate, SendToWorker, SortKey, State};
use leptos::prelude::*;
use leptos::task::spawn_local;

/// What the share bar shows, and what opening a link left to do.
#[derive(Clone, Copy)]
struct Share {
    /// The link made last (`None` once the scenario changes) and what it carries, in words.
    made: RwSignal<Option<(String, String)>>,
    /// Whether that link carries the settings only (said as a warning).
    partial: RwSignal<bool>,
    /// What became of the link this page was opened with: `Ok` says what it restored, `Err`
    /// why nothing was taken from it.
    opened: RwSignal<Option<Result<String, String>>>,
    /// The user's own settings, which an opened link replaced.
    before: RwSignal<Option<Settings>>,
    /// The step to show once the ratings of the link's scenario arrive (after this job).
    pending: RwSignal<Option<(u32, usize)>>,
    /// The compare view's state (a link carries it when it is open), and the worker.
    lab: Option<Lab>,
    send: Option<SendToWorker>,
    /// The link's reader and writer, loaded when first needed.
    links: Option<Deferred>,
    /// A link the page was opened with is being read: the page does not rate until it is.
    reading: RwSignal<bool>,
}

const SORT_KEYS: [(SortKey, &str); 5] =
    [(SortKey::Rank, "rank"), (SortKey::Name, "name"), (SortKey::Rating, "rating"), (SortKey::Games, "games"), (SortKey::Score, "score")];

/// The view as the page shows it now.
fn current_view(state: &State, lab: Option<Lab>) -> View {
    let (key, ascending) = state.sort.get_untracked();
    let sort = SORT_KEYS.iter().find(|(k, _)| *k == key).map(|(_, name)| (name.to_string(), ascending));
    let default_sort = (SortKey::Rank, true);
    let step = state.step.get_untracked();
    let compare = lab.filter(|l| l.open.get_untracked()).map(|l| CompareRequest { methods: l.methods.get_untracked(), orders: l.orders() });
    let working = state.working_player.get_untracked();
    View {
        step,
        sort: (state.sort.get_untracked() != default_sort).then_some(sort).flatten(),
        speed: Some(state.speed.get_untracked()),
        compare,
        race: state.race.with_untracked(|r| r.as_ref().is_some_and(|(_, r)| r.is_ok())),
        working: (step.is_some() && !working.is_empty()).then_some(working),
        organiser: state.organiser.get_untracked(),
    }
}

/// Opens the views beside the ratings that a link had open: the organiser's view and the
/// player whose working is shown at once, then (on the link's data) the compare view and the
/// race.
fn restore_views(view: &View, state: State, share: Share) {
    state.organiser.set(view.organiser);
    state.working_player.set(view.working.clone().unwrap_or_default());
    if let (Some(lab), Some(c)) = (share.lab, view.compare_within_bounds()) {
        lab.methods.set(c.methods.clone());
        match c.orders {
            Orders::None => lab.replay.set(Replay::None),
            Orders::Reversed => lab.replay.set(Replay::Reversed),
            Orders::Shuffled { n, seed } => {
                lab.replay.set(Replay::Shuffled);
                lab.shuffles.set(n);
                lab.seed.set(seed);
            }
        }
        lab.open.set(true);
        lab.forget_view();
        if let Some(send) = share.send {
            lab.start(state, send);
        }
    }
    if view.race {
        state.race_request.update(|n| *n += 1);
    }
}

/// The page's address without its fragment.
fn base_url() -> String {
    let href = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// Removes the fragment from the address (without a reload or a new history entry).
fn consume_fragment() {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&base_url()));
    }
}

/// The clipboard, where the page may write to it (a secure context: https, loopback, a file).
fn clipboard() -> Option<web_sys::Clipboard> {
    let navigator = web_sys::window()?.navigator();
    let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into()).ok()?;
    (!clipboard.is_undefined() && !clipboard.is_null()).then(|| navigator.clipboard())
}

/// Makes the link (its writer loaded the first time), shows it and puts it on the clipboard.
fn copy_link(state: State, share: Share) {
    let settings = state.settings.get_untracked();
    let view = current_view(&state, share.lab);
    let text = state.stored_file.with_untracked(Option::is_none).then(|| state.text.get_untracked());
    spawn_local(async move {
        // The writer is in a part of the wasm of its own (no part of a first visit).
        let made = match share.links {
            Some(links) => (links.make_link)(settings, view, text).await.map_err(|Unloaded| UNLOADED),
            None => Err(UNLOADED),
        };
        match made {
            Ok((fragment, carries)) => show_link(share, &fragment, carries).await,
            Err(why) => share.made.set(Some((String::new(), why.to_string()))),
        }
    });
}

/// What is said when the link's code cannot be fetched.
const UNLOADED: &str = "The link's code could not be fetched (no network, or the site was updated since this page opened): reload the page to use links; nothing you entered is lost.";

/// Shows the link made and puts it on the clipboard.
async fn show_link(share: Share, fragment: &str, carries: Carries) {
    let url = format!("{}#{fragment}", base_url());
    let size = if url.len() >= 10_000 { format!("{:.0} KB", url.len() as f64 / 1000.0) } else { format!("{} characters", url.len()) };
    let says = match carries {
        Carries::Data => format!("The link holds the results, the method, every parameter and the view ({size})."),
        Carries::Lesson => "The link holds the lesson, the method, every parameter and the view.".to_string(),
        Carries::SettingsOnly(why) => {
            format!("{}{} (the method, every parameter and the view).", why.text()[..1].to_ascii_uppercase(), &why.text()[1..])
        }
    };
    share.partial.set(matches!(carries, Carries::SettingsOnly(_)));
    share.made.set(Some((url.clone(), format!("{says} Copying…"))));
    let copied = match clipboard() {
        Some(c) => wasm_bindgen_futures::JsFuture::from(c.write_text(&url)).await.is_ok(),
        None => false,
    };
    let outcome = if copied { "Copied." } else { "Copy it from the box (this browser did not let the page copy it)." };
    share.made.update(|m| {
        if let Some((_, text)) = m.as_mut().filter(|(u, _)| *u == url) {
            *text = format!("{says} {outcome}");
        }
    });
}

/// Restores what a link holds.
fn restore(scenario: Scenario, state: State, rerate: Rerate, share: Share) {
    let Scenario { settings, view, data } = scenario;
    if let Some((name, ascending)) = &view.sort {
        if let Some((key, _)) = SORT_KEYS.iter().find(|(_, n)| n == name) {
            state.sort.set((*key, *ascending));
        }
    }
    if let Some(speed) = view.speed.filter(|s| s.is_finite() && *s > 0.0) {
        state.speed.set(speed.clamp(0.5, 30.0));
    }
    let own = state.settings.get_untracked();
    if own != settings {
        // The user's own, not those of a link opened before this one.
        if share.before.with_untracked(Option::is_none) {
            share.before.set(Some(own));
        }
        state.settings.set(settings);
    }
    let text = match data {
        Data::Text(text) => text,
        Data::Lesson(id) => match crate::core::lessons::by_id(&id) {
            Some(lesson) => lesson.text.to_string(),
            None => {
                let note =
                    format!("This link names a lesson this version does not have ({id}): its settings are applied to your own results.");
                return share.opened.set(Some(Ok(note)));
            }
        },
        Data::Left(why) => {
            restore_views(&view, state, share);
            let note = format!("Opened a link: {}, applied to your own results.", why.text());
            return share.opened.set(Some(Ok(note)));
        }
    };
    spawn_local(async move {
        crate::components::input::replace_input(state, Input::Text(text), How::Link, rerate).await;
        restore_views(&view, state, share);
        if let Some(step) = view.step {
            // After the rating the text change asks for once typing pauses (a quarter second).
            set_timeout(move || arm_step(state, share, step), std::time::Duration::from_millis(400));
        }
    });
    share.opened.set(Some(Ok("Opened a link: its results, method, parameters and view are shown.".into())));
}

/// Shows `step` once the ratings of the newest job are in (now, if they are).
fn arm_step(state: State, share: Share, step: usize) {
    share.pending.set(Some((state.job.get_untracked(), step)));
    show_pending(state, share);
}

/// Shows the step a link asked for, when the ratings it belongs to have arrived.
fn show_pending(state: State, share: Share) {
    let Some((after, step)) = share.pending.get_untracked() else { return };
    let steps = state.result.with_untracked(|r| r.as_ref().map(|r| r.step_count()));
    if let (true, Some(steps)) = (state.shown_job.get_untracked() >= after, steps) {
        share.pending.set(None);
        if steps > 0 {
            state.step.set(Some(step.min(steps)));
        }
    }
}

/// Reads the address's fragment (the link's reader loaded the first time): restores the
/// scenario of a link, or says why it cannot.
fn open_fragment(state: State, rerate: Rerate, share: Share) {
    let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) else { return };
    if !link::is_link(&hash) {
        return;
    }
    consume_fragment();
    share.made.set(None);
    share.reading.set(true);
    spawn_local(async move {
        // The reader is in a part of the wasm of its own (no part of a first visit).
        let read = match share.links {
            Some(links) => (links.read_link)(hash).await,
            None => Err(Unloaded),
        };
        match read {
            Ok(Some(Ok(scenario))) => restore(scenario, state, rerate, share),
            Ok(Some(Err(e))) => share.opened.set(Some(Err(format!("{e} Shown instead: your own results and settings, as you left them.")))),
            Ok(None) => {}
            Err(Unloaded) => share.opened.set(Some(Err(UNLOADED.to_string()))),
        }
        share.reading.set(false);
    });
}

/// Sets up sharing: opens the link the page was opened with (and any pasted into the address
/// bar later), and shows a restored step once its ratings arrive. Called by the app before it
/// first rates; gives whether a link the page was opened with is still being read (its reader
/// is loaded first), during which the app does not rate, so a link's settings are the ones
/// rated first.
pub fn provide(state: State, rerate: Rerate) -> Signal<bool> {
    let share = Share {
        made: RwSignal::new(None),
        partial: RwSignal::new(false),
        opened: RwSignal::new(None),
        before: RwSignal::new(None),
        pending: RwSignal::new(None),
        lab: use_context::<Lab>(),
        send: use_context::<SendToWorker>(),
        links: use_context::<Deferred>(),
        reading: RwSignal::new(false),
    };
    provide_context(share);
    open_fragment(state, rerate, share);
    let listener = window_event_listener(leptos::ev::hashchange, move |_| open_fragment(state, rerate, share));
    std::mem::forget(listener);
    Effect::new(move |_| {
        state.shown_job.track();
        show_pending(state, share);
    });
    // A link made earlier no longer describes a changed scenario.
    Effect::new(move |_| {
        state.settings.track();
        state.text.track();
        state.stored_file.track();
        state.sort.track();
        state.organiser.track();
        state.working_player.track();
        share.made.set(None);
    });
    share.reading.into()
}

/// *Copy link*, the link made, and what an opened link restored (or why it could not).
#[component]
pub fn ShareBar() -> impl IntoView {
    let state = expect_context::<State>();
    let share = expect_context::<Share>();
    // The notes' code comes with the first link made or opened.
    let notes = use_context::<Deferred>().map(|d| d.share_notes);
    let shown = Memo::new(move |_| {
        share.made.with(|m| m.as_ref().is_some_and(|(url, _)| !url.is_empty())) || share.opened.with(|o| matches!(o, Some(Ok(_))))
    });
    view! {
        <div class="share" data-testid="share">
            <div class="share-row">
                <button data-testid="copy-link" on:click=move |_| copy_link(state, share)>"Copy link"</button>
                <span class="help">"to this scenario: the data, the method, every parameter and the view."</span>
            </div>
            {move || notes.map(|load| shown.get().then(|| view! { <Later load /> }))}
            // A link that could not be made or read (or its code not fetched): said without more code.
            {move || share.made.get().filter(|(url, _)| url.is_empty()).map(|(_, why)| view! {
                <p class="help warning" role="status" data-testid="link-status">{why}</p>
            })}
            {move || share.opened.get().and_then(Result::err).map(|text| view! {
                <p class="share-note warning" role="alert" data-testid="link-problem">{text}</p>
            })}
        </div>
    }
}

/// The link made, and what an opened link restored (or why it could not): a view loaded when
/// first shown ([`ShareBar`]).
#[component]
pub fn ShareNotes() -> impl IntoView {
    let state = expect_context::<State>();
    let share = expect_context::<Share>();
    let put_back = move |_| {
        if let Some(own) = share.before.get_untracked() {
            share.before.set(None);
            state.settings.set(own);
        }
    };
    let select_all = |ev: web_sys::FocusEvent| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        input.select();
    };
    view! {
            {move || share.made.get().filter(|(url, _)| !url.is_empty()).map(|(url, says)| view! {
                <div class="share-row">
                    <input type="text" readonly class="share-link" data-testid="link" aria-label="Link to this scenario" prop:value=url on:focus=select_all />
                </div>
                <p class=move || if share.partial.get() { "help warning" } else { "help" } role="status" data-testid="link-status">{says}</p>
            })}
        {move || share.opened.get().and_then(Result::ok).map(|text| view! {
            <p class="share-note" role="status" data-testid="link-opened">
                {text}
                <Show when=move || share.before.with(Option::is_some)>
                    " Its method and parameters replaced yours: "
                    <button class="link" data-testid="own-settings" on:click=put_back>"put my settings back"</button>
                </Show>
            </p>
        })}
    }
}
