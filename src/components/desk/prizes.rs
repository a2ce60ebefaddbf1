//! The prize list at the desk: a prize table typed (main prizes by place, category prizes,
//! one prize each), how players tied on points share (by the tiebreaks, split, or Hort's
//! half-and-half), and the list `ratings-lab prizes` gives for the file, shown and printed.

use super::handle::Desk;
use crate::core::engine::tiebreak::prizes::{money, Award, Sharing};
use leptos::prelude::*;

/// The places an award's prizes span, as a list heads them (`1st`, `2nd–4th`).
fn places(a: &Award) -> String {
    let ord = |n: usize| match (n % 10, n % 100) {
        (1, x) if x != 11 => format!("{n}st"),
        (2, x) if x != 12 => format!("{n}nd"),
        (3, x) if x != 13 => format!("{n}rd"),
        _ => format!("{n}th"),
    };
    match (a.prizes.first(), a.prizes.last()) {
        (Some(f), Some(l)) if f.place != l.place => format!("{}–{}", ord(f.place), ord(l.place)),
        (Some(f), _) => ord(f.place),
        _ => String::new(),
    }
}

#[component]
pub fn Prizes() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let kept = desk.current.with_untracked(|k| k.as_ref().map(|k| k.prize_table.clone())).unwrap_or_default();
    let table = RwSignal::new(kept);
    let sharing = RwSignal::new(None::<Sharing>);
    let make = move |_| desk.ask_prizes(table.get_untracked(), sharing.get_untracked());
    let name = move || desk.view.with(|v| v.as_ref().map(|v| v.name.clone())).unwrap_or_default();
    view! {
        <details class="desk-prizes-block" data-testid="desk-prizes-block">
            <summary>"Prize list"</summary>
            <div class="control">
                <label for="desk-prizes-table">"Prize table: a prize a line — 1: 500, 3-5: 100 each, women: 50, U16: 40, rating<1800: 30"</label>
                <textarea id="desk-prizes-table" data-testid="desk-prizes-table" rows="5" spellcheck="false" prop:value=move || table.get() on:input=move |ev| table.set(event_target_value(&ev))></textarea>
            </div>
            <div class="control inline">
                <label for="desk-sharing">"Players tied on points"</label>
                <select id="desk-sharing" data-testid="desk-sharing" on:change=move |ev| sharing.set(event_target_value(&ev).parse().ok())>
                    <option value="" selected>"as the table says (else by the tiebreaks)"</option>
                    {Sharing::ALL.iter().map(|s| view! { <option value=s.name()>{s.about()}</option> }).collect_view()}
                </select>
            </div>
            <div class="desk-actions">
                <button data-testid="desk-prizes" on:click=make>"Make the prize list"</button>
                {move || desk.prizes.with(Option::is_some).then(|| view! {
                    <button data-testid="desk-print-prizes" on:click=move |_| desk.print("print-prizes")>"Print the prize list"</button>
                })}
            </div>
            {move || desk.prizes.get().map(|list| view! {
                <div class="desk-prize-list" data-testid="desk-prize-list">
                    <h3>{format!("Prize list · {}", name())}</h3>
                    {list.awards.iter().map(|a| view! {
                        <table class="desk-prize-award">
                            <caption>{format!("{} · {}", a.list.label(), places(a))}</caption>
                            <thead><tr><th scope="col">"Rank"</th><th scope="col">"Player"</th><th scope="col">"Points"</th><th scope="col">"Prize"</th></tr></thead>
                            <tbody>{a.winners.iter().map(|w| view! {
                                <tr><td>{w.rank}</td><td>{format!("{} · {}", w.start, w.name)}</td><td>{w.points}</td><td>{money(w.amount)}</td></tr>
                            }).collect_view()}</tbody>
                        </table>
                    }).collect_view()}
                </div>
            })}
        </details>
    }
}
