//! The desk's players: points so far; a bye or absence for the next round, a withdrawal, both
//! entered before the round is paired; a late entry with every field; a player's fields
//! edited after registration (logged in the file), or the player expelled; a player marked
//! not eligible for half-point byes (their bye choice then offers none); the rating list both
//! look players up in; the start list printed.

use super::handle::Desk;
use super::player_form::{Lookup, PlayerFields, PlayerForm};
use crate::core::engine::desk::view::Next;
use crate::core::engine::desk::{Action, ByeKind, NewPlayer};
use leptos::prelude::*;

/// The round byes are entered for: the next to pair.
fn next_round(desk: Desk) -> Option<usize> {
    desk.view.with(|v| match v.as_ref()?.next {
        Next::Pair(r) => Some(r),
        _ => None,
    })
}

/// Whether any player has a national rating (its column is shown).
fn national(desk: Desk) -> bool {
    desk.view.with(|v| v.as_ref().is_some_and(|v| v.players.iter().any(|p| p.national_rating.is_some())))
}

fn kind_value(k: Option<ByeKind>) -> &'static str {
    match k {
        None => "",
        Some(ByeKind::Half) => "H",
        Some(ByeKind::Zero) => "Z",
        Some(ByeKind::Full) => "F",
        Some(ByeKind::Absent) => "-",
    }
}

#[component]
pub fn Players() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let editing = RwSignal::new(None::<u32>);
    let rows = move || {
        let next = next_round(desk);
        desk.view.with(|v| {
            let Some(v) = v else { return Vec::new() };
            let requested = next.and_then(|r| v.rounds.iter().find(|x| x.round == r)).map(|r| r.requested.clone()).unwrap_or_default();
            v.players.iter().map(|p| (p.clone(), requested.iter().find(|(s, _)| *s == p.start).map(|x| x.1))).collect::<Vec<_>>()
        })
    };
    view! {
        // A phone scrolls the table sideways inside its box, not the page.
        <div class="table-wrap" tabindex="0" role="region" aria-label="Players">
        <table class="desk-players" data-testid="desk-player-table">
            <caption>
                "Players (start number = pairing number; initial order by "
                {move || desk.view.with(|v| v.as_ref().map_or("FIDE rating", |v| v.ranking.name()))}
                ")"
            </caption>
            <thead><tr>
                <th scope="col">"No."</th><th scope="col">"Name"</th><th scope="col">"Rating"</th>
                {move || national(desk).then(|| view! { <th scope="col">"National"</th> })}
                <th scope="col">"Fed"</th><th scope="col">"Points"</th>
                <th scope="col">{move || next_round(desk).map_or("Next round".to_string(), |r| format!("Round {r}"))}</th>
                <th scope="col" title="Half-point byes allowed (the tournament's regulations may forbid them to some players)">"½-pt byes"</th>
                <th scope="col"><span class="visually-hidden">"Edit"</span></th>
            </tr></thead>
            <tbody>
                {move || rows().into_iter().map(|(p, kind)| {
                    let start = p.start;
                    view! {
                        <tr data-testid="desk-player">
                            <td>{p.start}</td>
                            <td>{p.title.clone().map(|t| format!("{t} ")).unwrap_or_default()}{p.name.clone()}{match (p.expelled, p.withdrawn) { (true, _) => " (expelled)", (false, true) => " (withdrawn)", _ => "" }}</td>
                            <td>{p.rating.map_or("–".into(), |r| r.to_string())}</td>
                            {national(desk).then(|| view! { <td>{p.national_rating.map_or("–".into(), |r| r.to_string())}</td> })}
                            <td>{p.federation.clone().unwrap_or_default()}</td>
                            <td>{p.points}</td>
                            <td><NextRound start=start kind=kind half=!p.no_half_point_byes /></td>
                            <td><HalfPointByes start=start allowed=!p.no_half_point_byes /></td>
                            <td><button class="link" data-testid="desk-edit" aria-label=format!("Edit start number {start}") on:click=move |_| editing.set(Some(start))>"Edit"</button></td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
        </div>
        <div class="desk-actions">
            <button data-testid="desk-print-start" on:click=move |_| desk.print("print-start")>"Print the start list"</button>
        </div>
        <super::paper::StartList />
        {move || editing.get().map(|start| view! { <EditPlayer start=start editing=editing /> })}
        <LateEntry />
        <super::lists::RatingList />
    }
}

/// A player's entry for the next round: playing, a bye, absent; or withdrawn from it on. A
/// player not eligible for half-point byes (`half` false) is not offered one; the engine
/// refuses it anyway, and its refusal is shown as any other.
#[component]
fn NextRound(start: u32, kind: Option<ByeKind>, half: bool) -> impl IntoView {
    let desk = expect_context::<Desk>();
    move || {
        let round = next_round(desk)?;
        let set = move |ev: web_sys::Event| {
            let kind = ByeKind::ALL.into_iter().find(|k| kind_value(Some(*k)) == event_target_value(&ev));
            desk.act(Action::Bye { start, round, kind });
        };
        Some(view! {
            <select data-testid="desk-bye" aria-label=format!("Start number {start} in round {round}") on:change=set>
                <option value="" selected=kind.is_none()>"plays"</option>
                {ByeKind::ALL.iter().filter(|k| half || **k != ByeKind::Half).map(|k| view! { <option value=kind_value(Some(*k)) selected=kind == Some(*k)>{k.name()}</option> }).collect_view()}
            </select>
            <button class="link" data-testid="desk-withdraw" on:click=move |_| desk.act(Action::Withdraw { start, from_round: round })>"Withdraw"</button>
        })
    }
}

/// Whether a player may take half-point byes: unticked, the arbiter marks them not eligible
/// (logged in the file, the checklist's Q175).
#[component]
fn HalfPointByes(start: u32, allowed: bool) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let set = move |ev: web_sys::Event| {
        let wanted = event_target_checked(&ev);
        // The box shows the file: it goes back until the file changes (a refusal, shown as
        // the desk shows any, leaves it as the file has it).
        event_target::<web_sys::HtmlInputElement>(&ev).set_checked(allowed);
        desk.act(Action::HalfPointByes { start, allowed: wanted });
    };
    view! {
        <input type="checkbox" data-testid="desk-half-byes" prop:checked=allowed on:change=set
            aria-label=format!("Start number {start} may take half-point byes") />
    }
}

/// A player who joins after the start: placed by rating (the players below renumbered) while
/// fewer than four rounds are paired, else the next start number (C.04.2 Art. 2); the rounds
/// before it are not paired and score nothing, or a half point each when asked
/// (`crate::core::engine::desk::late`).
/// What a late entry's number will be, as the engine numbers it.
fn late_rule() -> String {
    format!(
        "Until round {} is paired (C.04.2), a late entry takes their place by rating and the players below move down one number; after that, and while a round's results are being entered, the next number. Rounds already paired count as zero-point byes, or half-point byes when ticked.",
        crate::core::engine::desk::late::RENUMBER_UNTIL
    )
}

/// The late entry: every field, typed or looked up in the rating list. The fields stay as
/// typed until the player is in the list (a refused entry loses nothing).
#[component]
fn LateEntry() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let form = PlayerForm::new(&NewPlayer::default());
    let half = RwSignal::new(false);
    let waiting = StoredValue::new(None::<usize>);
    let count = move || desk.view.with(|v| v.as_ref().map_or(0, |v| v.players.len()));
    Effect::new(move |_| {
        let n = count();
        if waiting.get_value().is_some_and(|before| n > before) {
            waiting.set_value(None);
            form.clear();
            half.set(false);
        }
    });
    let add = move |_| match form.read() {
        Ok(player) => {
            waiting.set_value(Some(count()));
            desk.act(Action::AddLate { player, half_point_byes: half.get_untracked() });
        }
        Err(why) => desk.failure.set(Some(format!("Late entry: {why}"))),
    };
    view! {
        <details class="desk-late" data-testid="desk-late">
            <summary>"Late entry"</summary>
            <Lookup form=form prefix="desk-late" />
            <PlayerFields form=form prefix="desk-late" />
            <label class="inline"><input type="checkbox" data-testid="desk-late-half" prop:checked=move || half.get() on:change=move |ev| half.set(event_target_checked(&ev)) />" ½-point byes for the rounds already paired"</label>
            <div class="desk-actions"><button data-testid="desk-late-add" on:click=add aria-describedby="desk-late-rule">"Add"</button></div>
            <p class="help" id="desk-late-rule">{late_rule()}</p>
        </details>
    }
}

/// A player's fields changed after registration (each change logged in the file), or the
/// player expelled from the next round on.
#[component]
fn EditPlayer(start: u32, editing: RwSignal<Option<u32>>) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let row = desk.view.with_untracked(|v| v.as_ref().and_then(|v| v.players.iter().find(|p| p.start == start).cloned()));
    let Some(p) = row else { return ().into_any() };
    let fields = NewPlayer {
        name: p.name.clone(),
        rating: p.rating,
        fide_id: p.fide_id.clone(),
        federation: p.federation.clone(),
        title: p.title.as_deref().and_then(|t| t.parse().ok()),
        birth: p.birth.clone(),
        sex: p.sex,
        national_rating: p.national_rating,
    };
    let form = PlayerForm::new(&fields);
    let save = move |_| match form.read() {
        Ok(fields) => desk.act(Action::EditPlayer { start, fields }),
        Err(why) => desk.failure.set(Some(format!("Start number {start}: {why}"))),
    };
    let expel = move |_| {
        let Some(round) = next_round(desk) else {
            return desk.failure.set(Some("A player is expelled from a round not yet paired: enter this round's results first.".into()));
        };
        let sure = web_sys::window().and_then(|w| {
            w.confirm_with_message(&format!(
                "Expel start number {start} from round {round} on? They are then absent from every round left, and marked expelled."
            ))
            .ok()
        });
        if sure == Some(true) {
            desk.act(Action::Expel { start, from_round: round });
        }
    };
    view! {
        <div class="desk-edit-player" data-testid="desk-edit-player" role="group" aria-label=format!("Start number {start}")>
            <h4>{format!("Start number {start}: edit")}</h4>
            <Lookup form=form prefix="desk-edit" />
            <PlayerFields form=form prefix="desk-edit" />
            <div class="desk-actions">
                <button class="primary" data-testid="desk-edit-save" on:click=save>"Save (logged in the file)"</button>
                <button data-testid="desk-expel" on:click=expel>"Expel…"</button>
                <button class="link" data-testid="desk-edit-close" on:click=move |_| editing.set(None)>"Close"</button>
            </div>
        </div>
    }
    .into_any()
}
