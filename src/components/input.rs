//! The input panel: paste, open or drop results; see what was recognised and every error,
//! each a link to its line.

use crate::components::lazy::{Deferred, Later, OpenFile};
use crate::core::engine::parse::detect::Format;
use crate::core::help::INPUT_HELP_HTML;
use crate::core::lessons::{EXAMPLE, EXAMPLE_CREDIT};
use crate::core::protocol::{Settings, StoredFile, LARGE_INPUT};
use crate::state::{How, Input, Replaced, Rerate, State};
use crate::storage::{self, Kept};
use leptos::html::Textarea;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Decodes a file's bytes by the engine's one rule (the command line uses the same): UTF-8,
/// else Windows-1252 with a note; line ends become `\n`. Bytes that are not text (an image, a
/// spreadsheet) are an error saying what they look like.
pub fn decode(bytes: &[u8]) -> Result<(String, Option<String>), String> {
    let d = crate::core::engine::parse::decode::decode(bytes).map_err(|e| e.to_string())?;
    Ok((d.text, d.note.map(|n| format!("The file is {n}."))))
}

/// Why a file is not opened, said where the input is (which stays as it was), and brought
/// into view (on a phone it is below the text area).
fn refuse(state: State, name: &str, why: &str) {
    state.file_note.set(Some(format!("{name} was not opened: {why}. Your results were left as they were.")));
    request_animation_frame(|| {
        let Some(note) = document().query_selector("[data-testid=file-note]").ok().flatten() else { return };
        // `scrollIntoView({block: "nearest"})`: scrolls only as far as needed, not at all when it is in view.
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"block".into(), &"nearest".into());
        if let Ok(scroll) = js_sys::Reflect::get(&note, &"scrollIntoView".into()) {
            let _ = js_sys::Function::from(scroll).call1(&note, &options);
        }
    });
}

/// Why a large file is not text, from its first bytes (its signature or a NUL byte there;
/// the worker's reader checks the rest by the same rule).
async fn not_text(blob: &web_sys::Blob) -> Option<String> {
    const BYTES: f64 = 65_536.0;
    let part = blob.slice_with_f64_and_f64(0.0, BYTES.min(blob.size())).ok()?;
    let buffer = wasm_bindgen_futures::JsFuture::from(part.array_buffer()).await.ok()?;
    crate::core::engine::parse::decode::not_text(&js_sys::Uint8Array::new(&buffer).to_vec()).map(|e| e.to_string())
}

/// Reads a file chosen or dropped by the user in place of the input (the one before is kept
/// for *Undo*): into the text area, or, when it is large, into the browser's storage, from
/// where the worker reads it (the page never holds it). In a part of the page's wasm, with the
/// engine's decoding ([`Deferred::open_file`], [`open_file`]).
pub fn read_file(file: web_sys::File, how: How, state: State, rerate: Rerate) {
    let name = file.name();
    if file.size() > LARGE_INPUT {
        return spawn_local(async move {
            match not_text(&file).await {
                Some(why) => refuse(state, &name, &why),
                None => replace_input(state, Input::File(file.into(), name), how, rerate).await,
            }
        });
    }
    spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
            Ok(buffer) => match decode(&js_sys::Uint8Array::new(&buffer).to_vec()) {
                Ok((text, note)) => {
                    replace_input(state, Input::Text(text), how, rerate).await;
                    state.file_note.set(note);
                }
                Err(why) => refuse(state, &name, &why),
            },
            Err(_) => state.failure.set(Some(format!("could not read the file {name}"))),
        }
    });
}

/// Reads a file chosen or dropped by the user ([`read_file`] through `open`, its code fetched the first time:
/// a part that cannot be fetched is said where the input is, which stays as it was).
pub fn open_file(open: OpenFile, file: web_sys::File, how: How, state: State, rerate: Rerate) {
    spawn_local(async move {
        let name = file.name();
        if open(file, how, state, rerate).await.is_err() {
            refuse(state, &name, "the code that reads files could not be fetched (no network, or the site was updated since this page opened): reload the page to open it");
        }
    });
}

/// Puts `next` in place of the input (what *Clear*, opening or dropping a file, a large paste
/// and a link do), keeping the input it replaces for *Undo*.
pub async fn replace_input(state: State, next: Input, how: How, rerate: Rerate) {
    replace_input_with(state, next, how, None, rerate).await
}

/// [`replace_input`] for a change that also set the settings (`before`: those it replaced).
pub async fn replace_input_with(state: State, next: Input, how: How, before: Option<Settings>, rerate: Rerate) {
    let same =
        matches!(&next, Input::Text(b) if state.stored_file.with_untracked(Option::is_none) && state.text.with_untracked(|a| a == b));
    // A link's round is the link's own (its settings are in place already).
    let keep_round = same || how == How::Link;
    if let Some(input) = swap_input(state, next, keep_round, rerate).await.filter(|_| !same) {
        state.undo.update(|h| h.push(Replaced { input, how, settings: before }));
    }
}

/// Puts `next` in place of the input and returns the input it replaced (`None`: nothing worth
/// keeping, an empty text area).
async fn swap_input(state: State, next: Input, keep_round: bool, rerate: Rerate) -> Option<Input> {
    let current = take_current(state).await;
    // New data are read, not edited: the input folds to its summary (unless they have errors).
    state.editing.set(false);
    state.file_note.set(None);
    // Another file opens on its last round, not on the round the last one was looked at.
    if !keep_round && state.settings.with_untracked(|s| s.after_round.is_some()) {
        state.settings.update(|s| s.after_round = None);
    }
    match next {
        Input::Text(text) => {
            state.text.set(text);
            rerate.0.run(());
        }
        Input::File(blob, name) => keep_large(blob, name, state, rerate).await,
    }
    current
}

/// *Undo* (`back`) or *Redo*: the newest change of that side taken back or done again, and
/// the input it replaces kept on the other side (settings too, when the change set them).
async fn step_history(state: State, back: bool, rerate: Rerate) {
    let Some(r) = state.undo.try_update(|h| if back { h.back.pop() } else { h.forward.pop() }).flatten() else { return };
    let now = r.settings.as_ref().map(|s| {
        let now = state.settings.get_untracked();
        state.settings.set(s.clone());
        now
    });
    if let Some(input) = swap_input(state, r.input, false, rerate).await {
        let kept = Replaced { input, how: r.how, settings: now };
        state.undo.update(|h| if back { h.forward.push(kept) } else { h.back.push(kept) });
    }
}

/// The input as it is, taken out of the browser's storage when it is a large file kept there;
/// `None` when there is nothing worth keeping (an empty text area).
async fn take_current(state: State) -> Option<Input> {
    if state.stored_file.get_untracked().is_some() {
        crate::storage::save_file(None);
        let taken = crate::idb::take().await;
        // Hidden only now, with the next input set in the same turn: the text under a kept file
        // (what the text area held before it) never shows in between.
        state.stored_file.set(None);
        state.preview.set(String::new());
        return match taken {
            Ok(file) => file.map(|(blob, name)| Input::File(blob, name)),
            Err(e) => {
                state.failure.set(Some(format!("the file kept in this browser could not be read back: {e}")));
                None
            }
        };
    }
    let text = state.text.get_untracked();
    (!text.trim().is_empty()).then_some(Input::Text(text))
}

/// Keeps a large input (a file, or a paste) in the browser's storage and rates it from there.
async fn keep_large(blob: web_sys::Blob, name: String, state: State, rerate: Rerate) {
    match crate::idb::put(&blob, &name).await {
        Ok(()) => {
            let info = StoredFile { name, size: blob.size(), stamp: js_sys::Date::now() };
            state.stored.set(crate::storage::save_file(Some(&info)));
            state.preview.set(preview_of(&blob).await);
            state.stored_file.set(Some(info));
            rerate.0.run(());
        }
        Err(e) => state.failure.set(Some(format!("{name} could not be kept in this browser: {e}"))),
    }
}

/// The first lines of a large input, to show in place of the text area: decoded by the browser
/// as the engine's rule decodes ([`decode`]: UTF-8, else Windows-1252), whose code is then not
/// needed in the page's main part (issue 24) for what is only a glimpse; the worker reads the
/// file by the engine's rule.
async fn preview_of(blob: &web_sys::Blob) -> String {
    const BYTES: f64 = 16_384.0;
    const LINES: usize = 12;
    let Ok(part) = blob.slice_with_f64_and_f64(0.0, BYTES.min(blob.size())) else { return String::new() };
    let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(part.array_buffer()).await else { return String::new() };
    glimpse(&js_sys::Uint8Array::new(&buffer)).lines().take(LINES).collect::<Vec<_>>().join("\n")
}

/// The text of a large file's first bytes as the engine's rule reads it, by the browser: a
/// UTF-8 byte order mark left out, UTF-8 else Windows-1252, every line end (`\r\n`, `\r`) `\n`.
pub fn glimpse(bytes: &js_sys::Uint8Array) -> String {
    const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];
    let start = if bytes.length() >= 3 && (0..3).all(|i| bytes.get_index(i) == BOM[i as usize]) { 3 } else { 0 };
    let bytes = bytes.subarray(start, bytes.length());
    let text = browser_decode(&bytes, "utf-8").or_else(|| browser_decode(&bytes, "windows-1252")).unwrap_or_default();
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// `view` decoded by the browser's `TextDecoder` for `label`; `None` when it is not that (a
/// cut UTF-8 character at the end of the glimpse is left out).
fn browser_decode(view: &js_sys::Uint8Array, label: &str) -> Option<String> {
    let options = web_sys::TextDecoderOptions::new();
    options.set_fatal(true);
    let decoder = web_sys::TextDecoder::new_with_label_and_options(label, &options).ok()?;
    // At most three bytes of a character cut at the glimpse's end.
    (0..4).filter_map(|cut| view.length().checked_sub(cut)).find_map(|end| decoder.decode_with_js_u8_array(&view.subarray(0, end)).ok())
}

/// Shows the start of the large input kept from an earlier visit.
pub fn load_preview(state: State) {
    wasm_bindgen_futures::spawn_local(async move {
        if let Ok(Some((blob, _))) = crate::idb::get().await {
            state.preview.set(preview_of(&blob).await);
        }
    });
}

/// A paste too large for the text area goes to the browser's storage instead.
fn intercept_large_paste(ev: web_sys::ClipboardEvent, state: State, rerate: Rerate) {
    let Some(text) = ev.clipboard_data().and_then(|d| d.get_data("text").ok()) else { return };
    if (text.len() as f64) <= LARGE_INPUT {
        return;
    }
    ev.prevent_default();
    let parts = js_sys::Array::of1(&text.into());
    if let Ok(blob) = web_sys::Blob::new_with_str_sequence(&parts) {
        spawn_local(replace_input(state, Input::File(blob, "pasted results".into()), How::Pasted, rerate));
    }
}

/// UTF-16 offsets (what the DOM counts) of the start and end of 1-based `line`.
pub fn line_span(text: &str, line: usize) -> (u32, u32) {
    let mut start = 0u32;
    for (i, l) in text.split('\n').enumerate() {
        let len = l.encode_utf16().count() as u32;
        if i + 1 == line {
            return (start, start + len);
        }
        start += len + 1;
    }
    (start, start)
}

fn jump_to(area: &web_sys::HtmlTextAreaElement, line: usize) {
    // The text area's own value: browsers keep its line ends as \n whatever was pasted.
    let text = area.value();
    let text = text.as_str();
    let (a, b) = line_span(text, line);
    let _ = area.focus();
    let _ = area.set_selection_range(a, b);
    let lines = text.split('\n').count().max(1) as f64;
    let per_line = area.scroll_height() as f64 / lines;
    area.set_scroll_top(((line.saturating_sub(3)) as f64 * per_line) as i32);
}

/// What was recognised, in a line (`short`: without the columns, for the folded input).
fn format_line(state: &State, short: bool) -> String {
    let errors = state.errors.with(Vec::len);
    match state.summary.get() {
        _ if errors > 0 => format!("{errors} {} to fix", if errors == 1 { "error" } else { "errors" }),
        Some(s) if s.format.is_tournament() => format!(
            "{} tournament · {} · {} players · {} rounds · {} games played",
            s.format.name(),
            s.get("tournament"),
            s.players,
            s.get("rounds"),
            s.games
        ),
        Some(s) if s.format == Format::Events => format!("Events · {} events · {} players", s.events, s.players),
        Some(s) if short => format!("{} · {} games · {} players", s.format.name(), s.games, s.players),
        Some(s) => {
            let cols = s.columns.iter().map(|(role, col)| format!("{role} = {col}")).collect::<Vec<_>>().join(", ");
            format!("{} · {} games · {} players · columns: {cols}", s.format.name(), s.games, s.players)
        }
        None => String::new(),
    }
}

/// Every error and warning, each a link to its line.
fn messages(state: &State, area: NodeRef<Textarea>) -> impl IntoView {
    let errors = state.errors.get();
    let warnings = state.warnings.get();
    errors
        .into_iter()
        .map(|e| (true, e))
        .chain(warnings.into_iter().map(|w| (false, w)))
        .take(200)
        .map(|(is_error, m)| {
            let line = m.line;
            let jump = move |_| {
                if let Some(a) = area.get() {
                    jump_to(&a, line);
                }
            };
            view! {
                <li class=if is_error { "error" } else { "warning" } data-testid=if is_error { "error-item" } else { "warning-item" }>
                    {(line > 0).then(|| view! { <button class="link" data-testid="error-line" on:click=jump>{format!("line {line}")}</button>": " })}
                    <span>{m.message.clone()}</span>
                </li>
            }
        })
        .collect_view()
}

/// The help on input formats: docs/input.md, rendered at build time (the document and the help
/// cannot drift); loaded when first opened (`src/main.rs`).
#[component]
pub fn InputHelp() -> impl IntoView {
    view! { <div inner_html=INPUT_HELP_HTML></div> }
}

/// *Input formats*, folded: its 22 KB of text come with their code when first opened (issue 24).
#[component]
fn FormatsHelp() -> impl IntoView {
    let opened = RwSignal::new(false);
    let help = expect_context::<crate::components::lazy::Deferred>().input_help;
    view! {
        <details class="input-help" data-testid="input-help" on:toggle=move |_| opened.set(true)>
            <summary>"Input formats"</summary>
            <Show when=move || opened.get()>
                <crate::components::lazy::Later load=help />
            </Show>
        </details>
    }
}

#[component]
pub fn InputPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let area = NodeRef::<Textarea>::new();
    let rerate = expect_context::<Rerate>();
    let open = expect_context::<Deferred>().open_file;
    let on_file = move |ev: web_sys::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            let how = How::Opened(file.name());
            open_file(open, file, how, state, rerate);
        }
        input.set_value("");
    };
    let clear = move |_| spawn_local(replace_input(state, Input::Text(String::new()), How::Cleared, rerate));
    let stored = move || state.stored_file.get().is_some();
    let folded = move || is_folded(&state);
    view! {
        <section class="panel input-panel" class:folded=folded aria-labelledby="input-title" data-testid="input-panel">
            <div class="input-head">
                <h2 id="input-title">"Results"</h2>
                <Show when=folded>
                    <span class="format" data-testid="format">{move || format_line(&state, true)}</span>
                    <EditButton area />
                </Show>
            </div>
            <div class="toolbar">
                <label class="button">
                    "Open file…"
                    <input type="file" accept=".csv,.tsv,.txt,.trf,.pgn,text/csv,text/plain" data-testid="file-input" class="visually-hidden" on:change=on_file />
                </label>
                <Show when=move || state.text.with(|t| t.trim().is_empty()) && !stored()>
                    <button data-testid="load-example" on:click=move |_| state.text.set(EXAMPLE.to_string())>"Load the example"</button>
                </Show>
                <LessonPicker />
                <button data-testid="clear" on:click=clear>"Clear"</button>
                <Show when=move || !folded()>
                    <span class="format" data-testid="format">{move || format_line(&state, false)}</span>
                </Show>
                <DoneButton />
            </div>
            <UndoPlace />
            <LessonNote />
            // A large file kept in the browser: its name and size stay in view when folded.
            <StoredFilePanel />
            <div class="input-body" class:hidden=folded>
                <p class="hint">
                    "Paste CSV with a header row (e.g. " <code>"white,black,result"</code> " or " <code>"home,away,home_score,away_score"</code>
                    "), a FIDE TRF or PGN tournament, or open or drop a file anywhere on the page. Shown first: " {EXAMPLE_CREDIT} "."
                </p>
                <FormatsHelp />
                <textarea
                    node_ref=area
                    data-testid="input"
                    class:hidden=stored
                    spellcheck="false"
                    aria-label="Game results"
                    prop:value=move || state.text.get()
                    on:input=move |ev| {
                        // Typing is editing: the text stays open (it folds on *Done* or new data).
                        if !state.editing.get_untracked() {
                            state.editing.set(true);
                        }
                        state.text.set(event_target_value(&ev))
                    }
                    on:paste=move |ev| intercept_large_paste(ev, state, rerate)
                ></textarea>
            </div>
            {move || state.file_note.get().map(|n| view! { <p class="warning" role="status" data-testid="file-note">{n}</p> })}
            {move || storage_note(&state)}
            <div class="input-body" class:hidden=folded>
                <MappingControls />
                {move || leave_out_offer(&state)}
                <ul class="messages" data-testid="errors">{move || messages(&state, area)}</ul>
            </div>
        </section>
    }
}

/// Whether the input is folded to its one-line summary: there is input, it is not being
/// edited, and it was read without an error (an input with errors stays open, its errors and
/// text in view). Before the first read it counts as read, so a first visit does not jump.
fn is_folded(state: &State) -> bool {
    let has_input = state.stored_file.with(Option::is_some) || state.text.with(|t| !t.trim().is_empty());
    !state.editing.get() && has_input && state.errors.with(Vec::is_empty) && state.failure.with(Option::is_none)
}

/// *Edit* on the folded summary: it opens the text, focused, and the warnings (counted here);
/// nothing entered is lost.
#[component]
fn EditButton(area: NodeRef<Textarea>) -> impl IntoView {
    let state = expect_context::<State>();
    let edit = move |_| {
        state.editing.set(true);
        // Focused once shown (the text area is laid out at the next frame).
        let focus = wasm_bindgen::closure::Closure::once_into_js(move || {
            if let Some(a) = area.get_untracked() {
                let _ = a.focus();
            }
        });
        if let Some(w) = web_sys::window() {
            let _ = w.request_animation_frame(wasm_bindgen::JsCast::unchecked_ref(&focus));
        }
    };
    let warnings = move || state.warnings.with(Vec::len);
    view! {
        {move || (warnings() > 0).then(|| view! {
            <span class="warning" data-testid="fold-warnings">{format!("{} {}", warnings(), if warnings() == 1 { "warning" } else { "warnings" })}</span>
        })}
        <button data-testid="edit-input" title="Show the results' text to edit them, and every warning" on:click=edit>"Edit"</button>
    }
}

/// *Done* folds the open input again (when it was read without an error).
#[component]
fn DoneButton() -> impl IntoView {
    let state = expect_context::<State>();
    let can_fold = move || {
        state.editing.get()
            && state.errors.with(Vec::is_empty)
            && state.summary.with(Option::is_some)
            && state.failure.with(Option::is_none)
    };
    view! {
        <Show when=can_fold>
            <button data-testid="fold-input" title="Fold the text away: the results come first" on:click=move |_| state.editing.set(false)>"Done"</button>
        </Show>
    }
}

/// With lines that cannot be read: the way past them in one click (they are left out, each
/// with a warning; the text stays as it is).
fn leave_out_offer(state: &State) -> Option<impl IntoView> {
    // Only lines can be left out: not a file that is not text at all (an error of no line).
    let blocked = state.errors.with(|e| e.iter().any(|e| e.line > 0)) && state.settings.with(|s| !s.skip_bad_lines);
    let settings = state.settings;
    blocked.then(|| {
        view! {
            <p class="leave-out">
                <button data-testid="leave-out-bad" on:click=move |_| settings.update(|s| s.skip_bad_lines = true)>"Leave these lines out"</button>
                " and rate the rest (each line left out is listed with a warning; your text is kept as it is)."
            </p>
        }
    })
}

/// What keeping the input in the browser's storage came to, when it failed.
fn storage_note(state: &State) -> Option<impl IntoView> {
    if !storage::available() {
        let note = Kept::NoStorage.problem("what you enter and choose");
        return Some(view! { <p class="warning" role="alert" data-testid="storage-off">{note}</p> }.into_any());
    }
    let note = state.stored.with(|k| k.problem("this input"))?;
    Some(view! { <p class="warning" role="alert" data-testid="not-stored">{note}</p> }.into_any())
}

/// Loads the lesson chosen in `select` in place of the input (which *Undo* brings back), with
/// the method it teaches, and puts the picker back to its prompt (so the same lesson can be
/// picked again).
fn load_lesson(select: &web_sys::HtmlSelectElement, state: State, rerate: Rerate, lab: Option<crate::components::compare::Lab>) {
    if let Some(lesson) = crate::core::lessons::by_id(&select.value()) {
        if let (Some(lab), false) = (lab, lesson.compare.is_empty()) {
            let methods = state.settings.with_untracked(|s| lesson.compare.iter().map(|&k| s.params.method(k)).collect());
            lab.methods.set(methods);
            lab.forget_view();
        }
        let before = state.settings.get_untracked();
        let settings = (before.method != lesson.method).then(|| {
            state.settings.update(|s| s.method = lesson.method);
            before
        });
        let how = How::Lesson(lesson.title);
        spawn_local(replace_input_with(state, Input::Text(lesson.text.to_string()), how, settings, rerate));
    }
    select.set_value("");
}

/// A lesson dataset in one click, in place of the input. From the keyboard, the arrows only
/// choose (a closed list fires a change per arrow) and Enter loads.
#[component]
fn LessonPicker() -> impl IntoView {
    let state = expect_context::<State>();
    let rerate = expect_context::<Rerate>();
    let lab = use_context::<crate::components::compare::Lab>();
    let arrowing = StoredValue::new(false);
    let pick = move |ev: web_sys::Event| {
        if !arrowing.get_value() {
            load_lesson(&event_target(&ev), state, rerate, lab);
        }
    };
    let key = move |ev: web_sys::KeyboardEvent| match ev.key().as_str() {
        "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | "Home" | "End" | "PageUp" | "PageDown" => arrowing.set_value(true),
        "Enter" => {
            ev.prevent_default();
            arrowing.set_value(false);
            load_lesson(&event_target(&ev), state, rerate, lab);
        }
        _ => {}
    };
    let mouse = move |_| arrowing.set_value(false);
    // Arrowed to but not loaded: the prompt again, so the list never names a lesson not loaded.
    let blur = move |ev: web_sys::FocusEvent| {
        if arrowing.get_value() {
            event_target::<web_sys::HtmlSelectElement>(&ev).set_value("");
        }
        arrowing.set_value(false);
    };
    view! {
        <select data-testid="lesson" aria-label="Load a lesson dataset (arrows choose, Enter loads)" class="lesson-picker"
            on:change=pick on:keydown=key on:mousedown=mouse on:blur=blur>
            <option value="" selected>"Lessons…"</option>
            {crate::core::lessons::LESSONS.iter().map(|l| view! { <option value=l.id>{l.title}</option> }).collect_view()}
        </select>
    }
}

/// What the loaded lesson shows, and where its data come from (while its data are the input).
#[component]
fn LessonNote() -> impl IntoView {
    let state = expect_context::<State>();
    move || {
        state.text.with(|t| crate::core::lessons::find(t)).map(|l| {
            view! {
                <p class="lesson-note" data-testid="lesson-note" role="note">
                    <strong>{l.title}</strong> ". " {l.teaches} <span class="credit">" Data: " {l.credit} "."</span>
                </p>
            }
        })
    }
}

/// What *Undo* would take back, in words.
fn undo_text(r: &Replaced) -> String {
    let before = match &r.input {
        Input::Text(t) => format!("{} lines", t.lines().count()),
        Input::File(_, name) => name.clone(),
    };
    match &r.how {
        How::Cleared => format!("Cleared the results ({before})."),
        How::Opened(name) => format!("Opened {name} in place of the results before ({before})."),
        How::Lesson(title) => format!("Loaded the lesson “{title}” in place of the results before ({before})."),
        How::Dropped(name) => format!("Read {name}, dropped on the page, in place of the results before ({before})."),
        How::Pasted => format!("The large paste took the place of the results before ({before})."),
        How::Link => format!("Opened a link in place of the results before ({before})."),
    }
}

/// What *Redo* would do again, in words (`r` keeps the input Undo took back).
fn redo_text(r: &Replaced) -> String {
    let undone = match &r.input {
        Input::Text(t) => format!("{} lines", t.lines().count()),
        Input::File(_, name) => name.clone(),
    };
    format!("Undone: the results before are back; Redo puts the undone ones ({undone}) back again.")
}

/// Where the undo bar goes, its code loaded with the first change that can be taken back.
#[component]
fn UndoPlace() -> impl IntoView {
    let state = expect_context::<State>();
    let undo_bar = expect_context::<Deferred>().undo_bar;
    // Changes only when there comes to be (or no longer is) something to take back, so that the
    // bar is not made again at each change.
    let has_undo = Memo::new(move |_| state.undo.with(|h| !h.back.is_empty() || !h.forward.is_empty()));
    move || has_undo.get().then(|| view! { <Later load=undo_bar /> })
}

/// The changes of the input that can be taken back (up to [`crate::state::UNDO_DEPTH`]): the
/// newest said in words, *Undo* and *Redo*. A view loaded when first shown (after the first
/// change that can be taken back).
#[component]
pub fn UndoBar() -> impl IntoView {
    let state = expect_context::<State>();
    let rerate = expect_context::<Rerate>();
    let undo = move |_| spawn_local(step_history(state, true, rerate));
    let redo = move |_| spawn_local(step_history(state, false, rerate));
    move || {
        state.undo.with(|h| {
            let text = match (h.back.last(), h.forward.last()) {
                (Some(r), _) => undo_text(r),
                (None, Some(r)) => redo_text(r),
                (None, None) => return None,
            };
            let (back, forward) = (h.back.len(), h.forward.len());
            let steps = format!("{} can be taken back, {forward} done again", crate::core::engine::text::count(back, "change", "changes"));
            Some(view! {
                <p class="undo" role="status" data-testid="undo-bar">
                    <span data-testid="undo-text">{text}</span>
                    " "
                    <button data-testid="undo" on:click=undo disabled=back == 0 title=steps.clone()>"Undo"</button>
                    // Redo only once something was undone (on a phone a disabled one takes a line).
                    {(forward > 0).then(|| view! { " " <button data-testid="redo" on:click=redo title=steps>"Redo"</button> })}
                </p>
            })
        })
    }
}

/// A large input kept in the browser's storage: its name, size and first lines, and how far
/// the worker has read it.
#[component]
fn StoredFilePanel() -> impl IntoView {
    let state = expect_context::<State>();
    let about = move || {
        state
            .stored_file
            .get()
            .map(|f| format!("{} · {:.1} MB · kept in this browser (too large for the text box; Clear removes it).", f.name, f.size / 1e6))
    };
    let progress = move || {
        state.reading.get().map(|(done, total)| {
            view! {
                <p class="help">
                    <progress data-testid="read-progress" max=total value=done></progress>
                    {format!(" read {:.1} of {:.1} MB", done / 1e6, total / 1e6)}
                </p>
            }
        })
    };
    view! {
        <div class="stored-file" data-testid="stored-file" class:hidden=move || state.stored_file.get().is_none()>
            <p data-testid="stored-about">{about}<span class="stored-lines">" Its first lines:"</span></p>
            <pre data-testid="stored-preview" tabindex="0" aria-label="The first lines of the file kept in this browser">{move || state.preview.get()}</pre>
            {progress}
        </div>
    }
}

/// The column mapping and what to do with bad lines.
#[component]
fn MappingControls() -> impl IntoView {
    let state = expect_context::<State>();
    let set_mapping = move |ev| {
        let v = event_target_value(&ev);
        state.settings.update(|s| s.mapping = v);
    };
    view! {
        <details class="mapping">
            <summary>"Column mapping and bad lines"</summary>
            <label>
                "Columns "
                <input
                    type="text"
                    data-testid="mapping"
                    placeholder="first=Heim,second=Gast,score1=Tore1,score2=Tore2"
                    prop:value=move || state.settings.with(|s| s.mapping.clone())
                    on:change=set_mapping
                />
            </label>
            <p class="help">"For headers not recognised: ROLE=COLUMN with ROLE one of first, second, result, score1, score2, date, round, handicap, komi (#3 = the third column)."</p>
            <label>
                <input
                    type="checkbox"
                    data-testid="skip-bad-lines"
                    prop:checked=move || state.settings.with(|s| s.skip_bad_lines)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        state.settings.update(|s| s.skip_bad_lines = on);
                    }
                />
                " Leave out lines that cannot be read (CSV rows, TRF player records, PGN games), each with a warning, instead of stopping"
            </label>
        </details>
    }
}
