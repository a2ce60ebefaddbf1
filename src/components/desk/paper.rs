//! The desk's paper besides the boards: the time a round starts (typed by the arbiter, printed
//! on the pairings and the cards), the round's alphabetical list for the hall's notice board,
//! and the start list. Each list is laid out for print only (its own class on the desk's
//! panel, `Desk::print`); the rows come from the engine (`crate::core::engine::desk::paper`).

use super::handle::Desk;
use super::shown::{player_name, round_view};
use crate::core::engine::desk::dates::when;
use crate::core::engine::desk::paper::{alphabetical, start_list, Seat};
use crate::core::engine::desk::Action;
use crate::core::engine::tournament::Colour;
use leptos::prelude::*;

/// Round `round`'s date and time in words ("Saturday 14 March 2026, 15:00"), when known.
pub(super) fn round_when(desk: Desk, round: usize) -> Option<String> {
    let rv = round_view(desk, round)?;
    when(rv.date.as_deref(), rv.time.as_deref())
}

/// The tournament's name, place and dates, as a printed sheet heads them.
fn about(desk: Desk) -> (String, String) {
    desk.view.with(|v| {
        let Some(v) = v else { return (String::new(), String::new()) };
        let where_when: Vec<&str> = [v.place.as_str(), v.dates.as_str()].into_iter().filter(|x| !x.is_empty()).collect();
        (v.name.clone(), where_when.join(" · "))
    })
}

/// The time round `round` starts, typed by the arbiter: kept in the file (a `### round R time`
/// line, since TRF-2026 has no place for it) and printed on the pairings and the cards.
#[component]
pub(super) fn RoundTime(round: usize) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let kept = move || round_view(desk, round).and_then(|rv| rv.time).unwrap_or_default();
    let set = move |ev: web_sys::Event| {
        let typed = event_target_value(&ev);
        if typed != kept() {
            desk.act(Action::RoundTime { round, time: (!typed.is_empty()).then_some(typed) });
        }
    };
    view! {
        <div class="control inline desk-round-time">
            <label for="desk-round-time">{format!("Round {round} starts at")}</label>
            <input type="time" id="desk-round-time" data-testid="desk-round-time" aria-describedby="desk-round-time-help" prop:value=kept on:change=set />
            <span class="help" id="desk-round-time-help">"Printed on the pairings and the cards, with the round's date."</span>
        </div>
    }
}

/// What a line of the alphabetical list says of a seat: board, colour, opponent.
fn seat_cells(desk: Desk, seat: &Seat) -> (String, String, String) {
    match seat {
        Seat::Board { board, colour, opponent } => {
            let colour = if *colour == Colour::White { "White" } else { "Black" };
            (board.to_string(), colour.to_string(), format!("{opponent} · {}", player_name(desk, *opponent)))
        }
        Seat::PairingBye => ("–".into(), String::new(), "pairing-allocated bye".into()),
        Seat::Entered(kind) => ("–".into(), String::new(), kind.name().into()),
        Seat::NotPaired => ("–".into(), String::new(), "not paired".into()),
    }
}

/// Round `round`'s players in alphabetical order, each with their board, colour and opponent:
/// what the hall's notice board shows so that each player finds their board. Print only.
#[component]
pub(super) fn AlphaList(round: usize) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let rows = move || desk.view.with(|v| v.as_ref().map(|v| alphabetical(v, round)).unwrap_or_default());
    let heading = move || {
        let (name, where_when) = about(desk);
        let at = round_when(desk, round).map(|w| format!(" — {w}")).unwrap_or_default();
        (name, format!("Round {round}{at}"), where_when)
    };
    view! {
        <div class="desk-alpha desk-paper" data-testid="desk-alpha">
            {move || {
                let (name, title, where_when) = heading();
                view! {
                    <h3>{name}</h3>
                    <p class="desk-paper-about">{title}" · the players in alphabetical order"</p>
                    {(!where_when.is_empty()).then(|| view! { <p class="desk-paper-about">{where_when}</p> })}
                }
            }}
            <table class="desk-paper-table">
                <thead><tr><th scope="col">"Name"</th><th scope="col">"No."</th><th scope="col">"Board"</th><th scope="col">"Colour"</th><th scope="col">"Opponent"</th></tr></thead>
                <tbody>
                    {move || rows().into_iter().map(|r| {
                        let (board, colour, opponent) = seat_cells(desk, &r.seat);
                        view! { <tr data-testid="desk-alpha-row"><td>{r.name}</td><td>{r.start}</td><td>{board}</td><td>{colour}</td><td>{opponent}</td></tr> }
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// The players by start number, with the tournament's name, place and dates on top. Print
/// only.
#[component]
pub fn StartList() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let rows = move || desk.view.with(|v| v.as_ref().map(start_list).unwrap_or_default());
    // The birth year's column only when some record gives one.
    let born = move || rows().iter().any(|r| r.birth_year.is_some());
    let or_blank = |x: Option<String>| x.unwrap_or_default();
    view! {
        <div class="desk-start desk-paper" data-testid="desk-start-list">
            {move || {
                let (name, where_when) = about(desk);
                view! {
                    <h3>{name}</h3>
                    <p class="desk-paper-about">"Start list"{(!where_when.is_empty()).then(|| format!(" · {where_when}"))}</p>
                }
            }}
            <table class="desk-paper-table">
                <thead><tr>
                    <th scope="col">"No."</th><th scope="col">"Title"</th><th scope="col">"Name"</th><th scope="col">"Fed"</th>
                    <th scope="col">"FIDE id"</th><th scope="col">"Rating"</th>
                    {move || born().then(|| view! { <th scope="col">"Born"</th> })}
                </tr></thead>
                <tbody>
                    {move || {
                        let born = born();
                        rows().into_iter().map(|r| view! {
                            <tr data-testid="desk-start-row">
                                <td>{r.start}</td><td>{or_blank(r.title)}</td><td>{r.name}</td><td>{or_blank(r.federation)}</td>
                                <td>{or_blank(r.fide_id)}</td><td>{r.rating.map_or(String::new(), |x| x.to_string())}</td>
                                {born.then(|| view! { <td>{r.birth_year.map_or(String::new(), |y| y.to_string())}</td> })}
                            </tr>
                        }).collect_view()
                    }}
                </tbody>
            </table>
        </div>
    }
}
