//! The input panel: paste, open or drop results; see what was recognised and every error,
//! each a link to its line.

use crate::app::{Rerate, EXAMPLE, EXAMPLE_CREDIT};
use crate::protocol::{StoredFile, LARGE_INPUT};
use crate::state::State;
use leptos::html::Textarea;
use leptos::prelude::*;
use ratings_engine::parse::detect::Format;

/// Decodes a file's bytes by the engine's one rule (the command line uses the same): UTF-8,
/// else Windows-1252 with a note; line ends become `\n`.
pub fn decode(bytes: &[u8]) -> (String, Option<String>) {
    let d = ratings_engine::parse::decode::decode(bytes);
    (d.text, d.note.map(|n| format!("The file is {n}.")))
}

/// Reads a file chosen or dropped by the user: into the text area, or, when it is large,
/// into the browser's storage, from where the worker reads it (the page never holds it).
pub fn read_file(file: web_sys::File, state: State, rerate: Rerate) {
    if file.size() > LARGE_INPUT {
        let name = file.name();
        return keep_large(file.into(), name, state, rerate);
    }
    wasm_bindgen_futures::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
            Ok(buffer) => {
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                let (text, note) = decode(&bytes);
                forget_stored(state);
                state.file_note.set(note);
                state.text.set(text);
                rerate.0.run(());
            }
            Err(_) => state.failure.set(Some(format!("could not read the file {}", file.name()))),
        }
    });
}

/// Keeps a large input (a file, or a paste) in the browser's storage and rates it from there.
pub fn keep_large(blob: web_sys::Blob, name: String, state: State, rerate: Rerate) {
    wasm_bindgen_futures::spawn_local(async move {
        match crate::idb::put(&blob, &name).await {
            Ok(()) => {
                let info = StoredFile { name, size: blob.size(), stamp: js_sys::Date::now() };
                crate::storage::save_file(Some(&info));
                state.file_note.set(None);
                state.preview.set(preview_of(&blob).await);
                state.stored_file.set(Some(info));
                rerate.0.run(());
            }
            Err(e) => state.failure.set(Some(format!("{name} could not be kept in this browser: {e}"))),
        }
    });
}

/// The first lines of a large input, to show in place of the text area.
async fn preview_of(blob: &web_sys::Blob) -> String {
    const BYTES: f64 = 16_384.0;
    const LINES: usize = 12;
    let Ok(part) = blob.slice_with_f64_and_f64(0.0, BYTES.min(blob.size())) else { return String::new() };
    let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(part.array_buffer()).await else { return String::new() };
    let (text, _) = decode(&js_sys::Uint8Array::new(&buffer).to_vec());
    text.lines().take(LINES).collect::<Vec<_>>().join("\n")
}

/// Shows the start of the large input kept from an earlier visit.
pub fn load_preview(state: State) {
    wasm_bindgen_futures::spawn_local(async move {
        if let Ok(Some((blob, _))) = crate::idb::get().await {
            state.preview.set(preview_of(&blob).await);
        }
    });
}

/// Forgets a large input kept in the browser's storage.
pub fn forget_stored(state: State) {
    if state.stored_file.get_untracked().is_some() {
        crate::storage::save_file(None);
        state.stored_file.set(None);
        state.preview.set(String::new());
        wasm_bindgen_futures::spawn_local(async {
            let _ = crate::idb::delete().await;
        });
    }
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
        keep_large(blob, "pasted results".into(), state, rerate);
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

/// What was recognised, in a line.
fn format_line(state: &State) -> String {
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
                    {(line > 0).then(|| view! { <button class="link" data-testid="error-line" on:click=jump>{format!("line {line}")}</button> })}
                    <span>{m.message.clone()}</span>
                </li>
            }
        })
        .collect_view()
}

#[component]
pub fn InputPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let area = NodeRef::<Textarea>::new();
    let rerate = expect_context::<Rerate>();
    let on_file = move |ev: web_sys::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            read_file(file, state, rerate);
        }
        input.set_value("");
    };
    let clear = move |_| {
        forget_stored(state);
        state.text.set(String::new());
        rerate.0.run(());
    };
    let stored = move || state.stored_file.get().is_some();
    view! {
        <section class="panel input-panel" aria-labelledby="input-title">
            <h2 id="input-title">"Results"</h2>
            <div class="toolbar">
                <label class="button">
                    "Open file…"
                    <input type="file" accept=".csv,.tsv,.txt,.trf,.pgn,text/csv,text/plain" data-testid="file-input" class="visually-hidden" on:change=on_file />
                </label>
                <Show when=move || state.text.with(|t| t.trim().is_empty()) && !stored()>
                    <button data-testid="load-example" on:click=move |_| state.text.set(EXAMPLE.to_string())>"Load the example"</button>
                </Show>
                <button data-testid="clear" on:click=clear>"Clear"</button>
                <span class="format" data-testid="format">{move || format_line(&state)}</span>
            </div>
            <p class="hint">
                "Paste CSV with a header row (e.g. " <code>"white,black,result"</code> " or " <code>"home,away,home_score,away_score"</code>
                "), a FIDE TRF or PGN tournament, or open or drop a file anywhere on the page. Shown first: " {EXAMPLE_CREDIT} "."
            </p>
            <StoredFilePanel />
            <textarea
                node_ref=area
                data-testid="input"
                class:hidden=stored
                spellcheck="false"
                aria-label="Game results"
                prop:value=move || state.text.get()
                on:input=move |ev| state.text.set(event_target_value(&ev))
                on:paste=move |ev| intercept_large_paste(ev, state, rerate)
            ></textarea>
            {move || state.file_note.get().map(|n| view! { <p class="warning" data-testid="file-note">{n}</p> })}
            <Show when=move || !state.stored.get()>
                <p class="warning" data-testid="not-stored">"This input is too large to keep in the browser's storage: it will not survive a reload."</p>
            </Show>
            <MappingControls />
            <ul class="messages" data-testid="errors">{move || messages(&state, area)}</ul>
        </section>
    }
}

/// A large input kept in the browser's storage: its name, size and first lines, and how far
/// the worker has read it.
#[component]
fn StoredFilePanel() -> impl IntoView {
    let state = expect_context::<State>();
    let about = move || {
        state.stored_file.get().map(|f| {
            format!(
                "{} · {:.1} MB · kept in this browser (too large for the text box; Clear removes it). Its first lines:",
                f.name,
                f.size / 1e6
            )
        })
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
            <p data-testid="stored-about">{about}</p>
            <pre data-testid="stored-preview">{move || state.preview.get()}</pre>
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
                " Leave out lines that cannot be read (with a warning) instead of stopping"
            </label>
        </details>
    }
}
