//! A round at the desk: *Pair round N*, the pairings with the results entered from the
//! keyboard (one key a board, `1`, `=`, `0`, `+`, `?`, the cursor then moving on; or a score
//! sheet, `1-0`, `½-0`, `-/+`…, in one box: `crate::core::entry`), or by whatever else puts
//! text in the box (a paste, a phone keyboard, dictation: its `input` event); anything else is
//! refused where it was typed. *Why these pairings?*, *Unpair*, and the arbiter's changes
//! (colours swapped, two players exchanged), marked as such. The round's time, its
//! alphabetical list and the start list are in [`paper`].

use super::handle::Desk;
use super::shown::{player_name, round_view};
use crate::core::engine::desk::view::{BoardRow, Next};
use crate::core::engine::desk::{Action, Outcome};
use crate::core::engine::tournament::Colour;
use crate::core::entry::{Did, Entry};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// What the desk says once every round is paired: final, or what keeps it from being so (an
/// adjourned game still open: FIDE's checklist Q169).
fn finished(desk: Desk) -> String {
    let open = desk.view.with(|v| v.as_ref().map(|v| v.adjourned.clone())).unwrap_or_default();
    match open.as_slice() {
        [] => "Every round is played: the standings are final.".into(),
        games => {
            let each: Vec<String> = games.iter().map(|(r, w)| format!("round {r}, the game of {w} (white)")).collect();
            format!("Every round is paired, but adjourned games are still open ({}): the standings are not final.", each.join("; "))
        }
    }
}

/// The round the desk shows: the one being played, else the last one played.
fn shown_round(v: &crate::core::engine::desk::DeskView) -> usize {
    match &v.next {
        Next::Results { round, .. } => *round,
        Next::Pair(r) => r - 1,
        Next::Finished => v.total_rounds,
    }
}

fn focus_result(board: usize) {
    let el = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(&format!("desk-result-{board}")));
    if let Some(el) = el.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.focus();
    }
}

/// What is being typed in the round's result boxes ([`Entry`]), and the board whose box
/// had the cursor last (the one the result buttons give a result).
#[derive(Clone, Copy)]
struct Typing(RwSignal<Entry>, RwSignal<usize>);

#[component]
pub fn Round() -> impl IntoView {
    let desk = expect_context::<Desk>();
    provide_context(Typing(RwSignal::new(Entry::default()), RwSignal::new(1)));
    let chosen = RwSignal::new(None::<usize>);
    // A memo: the boards are made again only when another round is shown, so the result box
    // being typed in keeps its focus while each result comes back.
    let round = Memo::new(move |_| desk.view.with(|v| v.as_ref().map(|v| chosen.get().unwrap_or_else(|| shown_round(v))).unwrap_or(0)));
    let next = move || desk.view.with(|v| v.as_ref().map(|v| v.next.clone()));
    view! {
        <div class="desk-round" data-testid="desk-round">
            {move || match next() {
                Some(Next::Pair(r)) => view! { <PairButton round=r /> }.into_any(),
                Some(Next::Results { round, missing }) => view! {
                    <p class="help" data-testid="desk-next" aria-live="polite">{format!("Round {round}: {} results to enter. Type 1, = or 0 on each board (a forfeit: + or -+; adjourned: ?), or the result as on the score sheet (1-0, ½-0, 0-0…); Backspace takes one back.", missing.len())}</p>
                }.into_any(),
                Some(Next::Finished) => view! { <p class="help" data-testid="desk-next">{finished(desk)}</p> }.into_any(),
                None => ().into_any(),
            }}
            <RoundChoice chosen=chosen />
            {move || {
                let r = round.get();
                (r > 0).then(|| view! { <Boards round=r /> })
            }}
            {move || desk.key_note.get().map(|k| view! { <p class="error" role="alert" data-testid="desk-key-note">{k}</p> })}
            {move || desk.explain.get().map(|e| view! { <pre class="desk-explain" data-testid="desk-explain" tabindex="0">{e}</pre> })}
        </div>
    }
}

/// Which round's pairings are shown (the current one unless another is chosen).
#[component]
fn RoundChoice(chosen: RwSignal<Option<usize>>) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let rounds = move || {
        desk.view.with(|v| {
            v.as_ref().map(|v| v.rounds.iter().filter(|r| !r.boards.is_empty()).map(|r| r.round).collect::<Vec<_>>()).unwrap_or_default()
        })
    };
    view! {
        <div class="control inline">
            <label for="desk-round-choice">"Round shown"</label>
            <select id="desk-round-choice" data-testid="desk-round-choice" on:change=move |ev| chosen.set(event_target_value(&ev).parse().ok())>
                <option value="" selected=move || chosen.get().is_none()>"The current round"</option>
                {move || rounds().into_iter().map(|r| view! { <option value=r.to_string() selected=move || chosen.get() == Some(r)>{format!("Round {r}")}</option> }).collect_view()}
            </select>
        </div>
    }
}

/// Today's date as the TRF's `132` record takes a round's (`2026/11/29`, the computer's clock).
fn today() -> String {
    let d = js_sys::Date::new_0();
    format!("{:04}/{:02}/{:02}", d.get_full_year(), d.get_month() + 1, d.get_date())
}

#[component]
fn PairButton(round: usize) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let colour = RwSignal::new(String::from("lot"));
    let pair = move |_| {
        let initial = (round == 1).then(|| match colour.get_untracked().as_str() {
            "white" => Colour::White,
            "black" => Colour::Black,
            _ if js_sys::Math::random() < 0.5 => Colour::White,
            _ => Colour::Black,
        });
        desk.act(Action::Pair { round, initial_colour: initial, date: Some(today()) });
    };
    view! {
        <div class="desk-actions">
            {(round == 1 && !desk.view.with_untracked(|v| v.as_ref().is_some_and(|v| v.round_robin))).then(|| view! {
                <div class="control inline">
                    <label for="desk-colour">"Round 1: the top player has"</label>
                    <select id="desk-colour" data-testid="desk-colour" on:change=move |ev| colour.set(event_target_value(&ev))>
                        <option value="lot" selected>"drawn by lot"</option>
                        <option value="white">"white"</option>
                        <option value="black">"black"</option>
                    </select>
                </div>
            })}
            <button class="primary" data-testid="desk-pair" on:click=pair>{format!("Pair round {round}")}</button>
            <HandPairing round=round />
        </div>
    }
}

/// What the box of board `board` (where `white` has white) shows: a score sheet being typed
/// there, else its result ([`result_filed`]).
fn result_shown(desk: Desk, round: usize, board: usize, white: u32) -> String {
    let typing = expect_context::<Typing>().0;
    match typing.with(|e| e.partial(board).map(str::to_string)) {
        Some(partial) => partial,
        None => result_filed(desk, round, white),
    }
}

/// A key typed in a board's result box: a key that is a character is typed ([`typed`]);
/// one that is not (`Unidentified` on a phone, dictation) is left to its `input` event.
fn on_key(desk: Desk, round: usize, board: usize, last: usize, ev: web_sys::KeyboardEvent) {
    let typing = expect_context::<Typing>().0;
    if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
        return;
    }
    match ev.key().as_str() {
        "Backspace" | "Delete" => {
            ev.prevent_default();
            desk.key_note.set(None);
            if !typing.try_update(|e| e.back(board)).unwrap_or(false) {
                record(desk, round, board, Outcome::Clear);
            }
        }
        "Escape" => typing.update(Entry::drop_partial),
        "ArrowDown" if board < last => {
            ev.prevent_default();
            focus_result(board + 1)
        }
        "ArrowUp" if board > 1 => {
            ev.prevent_default();
            focus_result(board - 1)
        }
        k if k.chars().count() == 1 => {
            ev.prevent_default();
            typed(desk, round, board, k, last);
        }
        _ => {}
    }
}

/// Text put in a box without a key the page saw (a paste, a phone keyboard, dictation,
/// autofill): what was added to what the box showed is typed.
fn on_input(desk: Desk, round: usize, board: usize, white: u32, last: usize, ev: web_sys::Event) {
    let value = event_target_value(&ev);
    let shown = result_shown(desk, round, board, white);
    let added = value.strip_prefix(shown.as_str()).filter(|_| !shown.is_empty()).unwrap_or(&value).trim().to_string();
    // The box shows what it holds until what was added is read (a refusal leaves it so).
    if let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
        el.set_value(&shown);
    }
    if !added.is_empty() {
        typed(desk, round, board, &added, last);
    }
}

/// `text` typed in `board`'s box: recorded, kept as the start of a result, or refused in words.
fn typed(desk: Desk, round: usize, board: usize, text: &str, last: usize) {
    let typing = expect_context::<Typing>().0;
    let Some(t) = typing.try_update(|e| e.typed(board, text, last)) else { return };
    match t.did {
        Did::Record(at, outcome) => {
            desk.key_note.set(None);
            record(desk, round, at, outcome);
        }
        Did::Partial(..) => desk.key_note.set(None),
        Did::Refused(_, why) => desk.key_note.set(Some(why)),
    }
    if t.focus != board {
        focus_result(t.focus);
    }
}

/// The result of board `board` entered (nothing sent when it is the one shown already).
fn record(desk: Desk, round: usize, board: usize, outcome: Outcome) {
    let Some(b) = round_view(desk, round).and_then(|rv| rv.boards.into_iter().find(|b| b.board == board)) else { return };
    if outcome != Outcome::Clear && result_filed(desk, round, b.white) == outcome.written() {
        return;
    }
    // A round before the second-to-last is locked (C.04.2 4.3): a result typed there is offered
    // as a correction for the rating report only, asked first.
    let paired_last =
        desk.view.with_untracked(|v| v.as_ref().and_then(|v| v.rounds.iter().filter(|r| !r.boards.is_empty()).map(|r| r.round).max()));
    let paired_last = paired_last.unwrap_or(0);
    if round + 1 < paired_last && !matches!(outcome, Outcome::Clear | Outcome::Adjourned) {
        let why = format!(
            "Round {round} is locked: rounds before the second-to-last are not changed (C.04.2 4.3). Board {board}'s {} is written as a correction for the rating report only; the standings and the pairings stay as they are.",
            outcome.written()
        );
        let action = Action::Correction { round, white: b.white, outcome };
        return desk.asking.set(Some(super::handle::Asking {
            action,
            level: crate::core::engine::desk::Level::Confirm,
            warnings: vec![why],
            agreed: 0,
        }));
    }
    desk.act(Action::Result { round, white: b.white, outcome });
}

/// The result of the board where `white` has white: a change waiting to be answered, else
/// the file's.
fn result_filed(desk: Desk, round: usize, white: u32) -> String {
    let waiting = desk.current.with(|k| {
        k.as_ref().and_then(|k| {
            k.pending.iter().rev().find_map(|a| match a {
                Action::Result { round: r, white: w, outcome } if *r == round && *w == white => Some(*outcome),
                _ => None,
            })
        })
    });
    let filed = desk.view.with(|v| {
        let rv = v.as_ref()?.rounds.iter().find(|x| x.round == round)?;
        rv.boards.iter().find(|b| b.white == white).map(|b| b.result.clone())
    });
    waiting.map_or_else(|| filed.unwrap_or_default(), |o| o.written().to_string())
}

/// The cursor came to a box: a sheet typed elsewhere is dropped, and the box's text selected,
/// so that what a phone keyboard sends replaces it.
fn arrived(board: usize, ev: web_sys::FocusEvent) {
    let typing = expect_context::<Typing>();
    typing.0.update(|e| e.arrived(board));
    typing.1.set(board);
    if let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
        el.select();
    }
}

/// Whether the round is the one being played, its pairing still changeable (no result yet).
fn changeable(desk: Desk, round: usize) -> bool {
    let open = desk.view.with(|v| v.as_ref().is_some_and(|v| matches!(&v.next, Next::Results { round: r, .. } if *r == round)));
    open && round_view(desk, round).is_some_and(|rv| rv.boards.iter().all(|b| b.result.is_empty()))
}

#[component]
fn BoardLine(round: usize, b: BoardRow) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let (white, board) = (b.white, b.board);
    let last = move || round_view(desk, round).map_or(0, |rv| rv.boards.len());
    view! {
        <tr data-testid="desk-board" class:manual=b.manual>
            <td>{b.board}</td>
            <td>{format!("{} · {}", b.white, player_name(desk, b.white))}<span class="points">{format!(" ({})", b.white_points)}</span></td>
            <td>
                <input type="text" class="desk-result" id=format!("desk-result-{}", b.board) data-testid="desk-result" aria-label=format!("Board {} result", b.board)
                    autocomplete="off" inputmode="text" size="4"
                    prop:value=move || result_shown(desk, round, board, white)
                    on:keydown=move |ev| on_key(desk, round, board, last(), ev)
                    on:input=move |ev| on_input(desk, round, board, white, last(), ev)
                    on:focus=move |ev| arrived(board, ev) />
            </td>
            <td>{format!("{} · {}", b.black, player_name(desk, b.black))}<span class="points">{format!(" ({})", b.black_points)}</span></td>
            <td>
                {b.manual.then(|| view! { <span class="manual-mark">"changed by the arbiter"</span> })}
                {move || (changeable(desk, round) && in_session(desk, round)).then(|| view! { <button class="link" data-testid="desk-swap" on:click=move |_| desk.act(Action::SwapColours { round, white })>"Swap colours"</button> })}
            </td>
        </tr>
    }
}

#[component]
fn Boards(round: usize) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let boards = move || round_view(desk, round).map(|rv| rv.boards).unwrap_or_default();
    // As a printed sheet heads it: the round, the tournament, where and when.
    // Round 1's colours, as chosen or drawn by lot (the file's 152).
    let drawn = move || {
        let c = desk.view.with(|v| v.as_ref().and_then(|v| v.initial_colour))?;
        (round == 1).then(|| {
            format!(
                "The top player had {} in round 1 (chosen, or drawn by lot, at pairing; the file's 152).",
                if c == Colour::White { "white" } else { "black" }
            )
        })
    };
    let caption = move || {
        let about = desk.view.with(|v| {
            v.as_ref().map(|v| {
                [v.name.as_str(), v.place.as_str(), v.dates.as_str()].iter().filter(|x| !x.is_empty()).map(|x| format!(" · {x}")).collect()
            })
        });
        let at = super::paper::round_when(desk, round).map(|w| format!(" — {w}")).unwrap_or_default();
        format!("Round {round}{at}{}", about.unwrap_or_else(String::new))
    };
    // Out of FIDE mode the printed pairings say so too (the desk's own panel does not print):
    // FIDE's checklist Q46, a permanent indication.
    let left = move || desk.view.with(|v| v.as_ref().is_some_and(|v| !v.fide_mode));
    // Who is not at a board: the pairing-allocated bye, the byes asked for, the absent.
    let unseated = move || {
        let Some(rv) = round_view(desk, round) else { return Vec::new() };
        let mut out: Vec<(u32, String)> = rv.bye.map(|s| (s, "pairing-allocated bye".to_string())).into_iter().collect();
        out.extend(rv.requested.iter().map(|(s, k)| (*s, k.name().to_string())));
        out
    };
    view! {
        <super::paper::RoundTime round=round />
        <table class="desk-boards" data-testid="desk-boards">
            <caption>{caption}{move || left().then(|| view! { <span class="desk-not-fide" data-testid="desk-not-fide-mode">" · Not in FIDE mode"</span> })}</caption>
            <thead><tr><th scope="col">"Board"</th><th scope="col">"White"</th><th scope="col">"Result"</th><th scope="col">"Black"</th><th scope="col"><span class="visually-hidden">"Notes"</span></th></tr></thead>
            <tbody>
                <For each=boards key=|b| (b.board, b.white, b.black, b.manual, b.white_points.to_bits(), b.black_points.to_bits()) let:b>
                    <BoardLine round=round b=b />
                </For>
            </tbody>
            <tfoot data-testid="desk-unseated">
                {move || unseated().into_iter().map(|(s, what)| view! {
                    <tr><td></td><td colspan="4">{format!("{s} · {} — {what}", player_name(desk, s))}</td></tr>
                }).collect_view()}
            </tfoot>
        </table>
        {move || drawn().map(|d| view! { <p class="help" data-testid="desk-drawn">{d}</p> })}
        <ResultButtons round=round />
        <Cards round=round />
        <super::paper::AlphaList round=round />
        <div class="desk-actions">
            <button data-testid="desk-explain-button" on:click=move |_| desk.ask_explain(round)>"Why these pairings?"</button>
            <button data-testid="desk-print-cards" on:click=move |_| desk.print("print-cards")>"Print pairing cards"</button>
            {move || changeable(desk, round).then(|| view! {
                <button data-testid="desk-unpair" on:click=move |_| desk.act(Action::Unpair { round })>{format!("Unpair round {round}")}</button>
            })}
            {move || (changeable(desk, round) || in_session(desk, round)).then(|| view! { <Session round=round /> })}
            {move || (changeable(desk, round) && in_session(desk, round)).then(|| view! { <Exchange round=round /> })}
        </div>
    }
}

/// A button for every result FIDE lists, for the board whose box had the cursor last (a
/// tablet, a mouse, or a result with no one key: ½-0, 0-½, 0-0, the unrated ones).
#[component]
fn ResultButtons(round: usize) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let board = expect_context::<Typing>().1;
    let give = move |o: Outcome| {
        let b = board.get_untracked();
        record(desk, round, b, o);
        let last = round_view(desk, round).map_or(0, |rv| rv.boards.len());
        focus_result((b + 1).min(last.max(1)));
    };
    view! {
        <div class="desk-result-buttons" role="group" aria-label="Results" data-testid="desk-result-buttons">
            <span class="help">{move || format!("Board {}:", board.get())}</span>
            {Outcome::ALL.iter().map(|&o| view! {
                <button class="result-button" title=o.name() aria-label=format!("{} ({})", o.written(), o.name())
                    data-testid=format!("desk-give-{}", o.written()) on:click=move |_| give(o)>{o.written()}</button>
            }).collect_view()}
        </div>
    }
}

/// A card for each player of the round (board, colour, opponent), printed to be cut and
/// handed out; not shown on the screen.
#[component]
fn Cards(round: usize) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let cards = move || {
        let Some(rv) = round_view(desk, round) else { return Vec::new() };
        let name = desk.view.with(|v| v.as_ref().map(|v| v.name.clone())).unwrap_or_default();
        // Out of FIDE mode, each card says so too (the checklist's Q46: wherever it is shown).
        let left = desk.view.with(|v| v.as_ref().is_some_and(|v| !v.fide_mode));
        let name = if left { format!("{name} (not in FIDE mode)") } else { name };
        // The round's date and time, under the heading.
        let at = super::paper::round_when(desk, round).map(|w| format!("\n{w}")).unwrap_or_default();
        let mut out: Vec<(u32, String)> = Vec::new();
        for b in &rv.boards {
            for (me, other, colour) in [(b.white, b.black, "white"), (b.black, b.white, "black")] {
                let text = format!(
                    "{name} · round {round} · board {}{at}\n{}\nplays {colour} against {}",
                    b.board,
                    player_name(desk, me),
                    player_name(desk, other)
                );
                out.push((me, text));
            }
        }
        if let Some(s) = rv.bye {
            out.push((s, format!("{name} · round {round}{at}\n{}\npairing-allocated bye", player_name(desk, s))));
        }
        crate::core::engine::sort::by_key(&mut out, |c| c.0);
        out
    };
    view! {
        <div class="desk-cards" data-testid="desk-cards">
            {move || cards().into_iter().map(|(_, t)| view! { <div class="desk-card">{t}</div> }).collect_view()}
        </div>
    }
}

/// Two players of the round exchanged by the arbiter.
#[component]
fn Exchange(round: usize) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let (a, b) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    let go = move |_| {
        if let (Ok(x), Ok(y)) = (a.get_untracked().trim().parse(), b.get_untracked().trim().parse()) {
            desk.act(Action::Exchange { round, a: x, b: y });
        } else {
            desk.failure.set(Some("Exchange: type two start numbers".into()));
        }
    };
    view! {
        <span class="desk-exchange">
            <label for="desk-ex-a">"Exchange"</label>
            <input id="desk-ex-a" data-testid="desk-ex-a" size="4" inputmode="numeric" on:input=move |ev| a.set(event_target_value(&ev)) />
            <label for="desk-ex-b">"and"</label>
            <input id="desk-ex-b" data-testid="desk-ex-b" size="4" inputmode="numeric" on:input=move |ev| b.set(event_target_value(&ev)) />
            <button data-testid="desk-exchange" on:click=go>"Exchange"</button>
        </span>
    }
}

/// Whether a session of hand changes to `round` is open (its last `session` mark begins one).
fn in_session(desk: Desk, round: usize) -> bool {
    let last = round_view(desk, round).and_then(|rv| rv.manual.iter().rev().find(|m| m.contains("session")).cloned());
    last.is_some_and(|m| m.contains("session of hand changes begun"))
}

/// A session of hand changes: begun, then ended with the round compared with the engine's
/// pairing of it (the differences written in the file and shown).
#[component]
fn Session(round: usize) -> impl IntoView {
    let desk = expect_context::<Desk>();
    move || {
        match in_session(desk, round) {
        false => view! {
            <button data-testid="desk-manual-begin" on:click=move |_| desk.act(Action::ManualSession { round, end: false })>"Begin hand changes"</button>
        }
        .into_any(),
        true => view! {
            <button class="primary" data-testid="desk-manual-end" on:click=move |_| desk.act(Action::ManualSession { round, end: true })>"End hand changes (compared with the engine)"</button>
        }
        .into_any(),
    }
    }
}

/// The boards typed by the arbiter, a line each: white's and black's start numbers, or
/// `bye N`; or what line is wrong.
fn hand_boards(text: &str) -> Result<(Vec<(u32, u32)>, Option<u32>), String> {
    let (mut boards, mut bye) = (Vec::new(), None);
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let words: Vec<&str> = line.split(|c: char| c.is_whitespace() || c == '-' || c == ',').filter(|w| !w.is_empty()).collect();
        let number = |w: &str| {
            w.parse::<u32>().map_err(|_| format!("line {}: expected two start numbers (12 7) or 'bye 15', found '{}'", i + 1, line.trim()))
        };
        match words.as_slice() {
            [b, n] if b.eq_ignore_ascii_case("bye") => bye = Some(number(n)?),
            [w, b] => boards.push((number(w)?, number(b)?)),
            _ => return Err(format!("line {}: expected two start numbers (12 7) or 'bye 15', found '{}'", i + 1, line.trim())),
        }
    }
    Ok((boards, bye))
}

/// The next round paired wholly by hand (when the engine finds no legal pairing, or the
/// arbiter decides so): checked as any hand change is, and written with the engine's pairing
/// beside it.
#[component]
fn HandPairing(round: usize) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let open = RwSignal::new(false);
    let typed = RwSignal::new(String::new());
    let go = move |_| match hand_boards(&typed.get_untracked()) {
        Ok((boards, bye)) => desk.act(Action::PairByHand { round, boards, bye }),
        Err(why) => desk.failure.set(Some(format!("Pairing by hand: {why}"))),
    };
    view! {
        <button data-testid="desk-manual" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>"Pair by hand…"</button>
        {move || open.get().then(|| view! {
            <div class="control desk-manual">
                <label for="desk-manual-boards">{format!("Round {round}, a board a line: white's and black's start numbers (12 7); the pairing-allocated bye as 'bye 15'")}</label>
                <textarea id="desk-manual-boards" data-testid="desk-manual-boards" rows="8" spellcheck="false" prop:value=move || typed.get() on:input=move |ev| typed.set(event_target_value(&ev))></textarea>
                <button class="primary" data-testid="desk-manual-pair" on:click=go>{format!("Pair round {round} as typed")}</button>
            </div>
        })}
    }
}
