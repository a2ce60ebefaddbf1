//! The desk's players: points so far; a bye or absence for the next round, a withdrawal, both
//! entered before the round is paired; a late entry.

use super::Desk;
use leptos::prelude::*;
use ratings_engine::desk::view::Next;
use ratings_engine::desk::{Action, ByeKind, NewPlayer};

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
            </tr></thead>
            <tbody>
                {move || rows().into_iter().map(|(p, kind)| {
                    let start = p.start;
                    view! {
                        <tr data-testid="desk-player">
                            <td>{p.start}</td>
                            <td>{p.title.clone().map(|t| format!("{t} ")).unwrap_or_default()}{p.name.clone()}{p.withdrawn.then_some(" (withdrawn)")}</td>
                            <td>{p.rating.map_or("–".into(), |r| r.to_string())}</td>
                            {national(desk).then(|| view! { <td>{p.national_rating.map_or("–".into(), |r| r.to_string())}</td> })}
                            <td>{p.federation.clone().unwrap_or_default()}</td>
                            <td>{p.points}</td>
                            <td><NextRound start=start kind=kind /></td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
        </div>
        <LateEntry />
    }
}

/// A player's entry for the next round: playing, a bye, absent; or withdrawn from it on.
#[component]
fn NextRound(start: u32, kind: Option<ByeKind>) -> impl IntoView {
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
                {ByeKind::ALL.iter().map(|k| view! { <option value=kind_value(Some(*k)) selected=kind == Some(*k)>{k.name()}</option> }).collect_view()}
            </select>
            <button class="link" data-testid="desk-withdraw" on:click=move |_| desk.act(Action::Withdraw { start, from_round: round })>"Withdraw"</button>
        })
    }
}

/// A player who joins after the start: placed by rating (the players below renumbered) while
/// fewer than four rounds are paired, else the next start number (C.04.2 Art. 2); the rounds
/// before it are not paired and score no points (`ratings_engine::desk::late`).
/// What a late entry's number will be, as the engine numbers it.
fn late_rule() -> String {
    format!(
        "Until round {} is paired (C.04.2), a late entry takes their place by rating and the players below move down one number; after that, and while a round's results are being entered, the next number. Rounds already paired count as zero-point byes.",
        ratings_engine::desk::late::RENUMBER_UNTIL
    )
}

#[component]
fn LateEntry() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let (name, rating) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    let add = move |_| {
        let r = rating.get_untracked();
        let elo = match r.trim() {
            "" => None,
            t => match t.parse::<u32>() {
                Ok(x) if x <= 3500 => Some(x).filter(|&x| x > 0),
                _ => return desk.failure.set(Some(format!("Late entry: the rating is a whole number from 0 to 3500, not '{r}'"))),
            },
        };
        desk.act(Action::AddPlayer(NewPlayer { name: name.get_untracked().trim().to_string(), rating: elo, ..NewPlayer::default() }));
        name.set(String::new());
        rating.set(String::new());
    };
    view! {
        <div class="desk-actions desk-late">
            <label for="desk-late-name">"Late entry"</label>
            <input id="desk-late-name" data-testid="desk-late-name" placeholder="name" prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            <label for="desk-late-rating" class="visually-hidden">"Rating"</label>
            <input id="desk-late-rating" data-testid="desk-late-rating" placeholder="rating" size="6" inputmode="numeric" prop:value=move || rating.get() on:input=move |ev| rating.set(event_target_value(&ev)) />
            <button data-testid="desk-late-add" on:click=add aria-describedby="desk-late-rule">"Add"</button>
        </div>
        <p class="help" id="desk-late-rule">{late_rule()}</p>
    }
}
