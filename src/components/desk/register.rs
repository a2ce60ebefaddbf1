//! A new tournament: its details and its players, pasted as a table.

use super::Desk;
use leptos::prelude::*;
use ratings_engine::desk::register::{Details, Points};
use ratings_engine::desk::system::System;
use ratings_engine::tiebreak::Tiebreak;
use ratings_engine::tournament::RankingMethod;

/// A labelled text field bound to `value`.
#[component]
fn Field(id: &'static str, label: &'static str, value: RwSignal<String>, #[prop(optional)] hint: &'static str) -> impl IntoView {
    view! {
        <div class="control">
            <label for=id>{label}</label>
            <input type="text" id=id data-testid=id placeholder=hint prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev)) />
        </div>
    }
}

/// The tiebreaks typed (`BH-C1 BH SB`), or what was wrong.
fn tiebreaks(text: &str) -> Result<Vec<Tiebreak>, String> {
    text.split([' ', ',', ';']).filter(|s| !s.is_empty()).map(|c| c.parse::<Tiebreak>().map_err(|e| e.to_string())).collect()
}

/// The rounds and the tiebreaks typed, or what was wrong.
fn numbers(rounds: &str, order: &str) -> Result<(usize, Vec<Tiebreak>), String> {
    let n = rounds.trim().parse::<usize>().map_err(|_| format!("Rounds: expected a whole number, found '{rounds}'"))?;
    Ok((n, tiebreaks(order).map_err(|e| format!("Tiebreaks: {e}"))?))
}

#[component]
pub fn Register() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let d = Details::default();
    let [name, city, federation, start, end, arbiter, time_control] = std::array::from_fn(|_| RwSignal::new(String::new()));
    let rounds = RwSignal::new(d.rounds.to_string());
    let points = RwSignal::new(Points::Fide);
    let ranking = RwSignal::new(d.ranking);
    let order = RwSignal::new(d.tiebreaks.iter().map(|t| t.code()).collect::<Vec<_>>().join(" "));
    let players = RwSignal::new(String::new());
    let system = RwSignal::new(System::Swiss);
    let apart = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let create = move |_| {
        let (rounds, tiebreaks) = match numbers(&rounds.get_untracked(), &order.get_untracked()) {
            Ok(read) => read,
            Err(e) => return problem.set(Some(e)),
        };
        problem.set(None);
        let details = Details {
            name: name.get_untracked(),
            city: city.get_untracked(),
            federation: federation.get_untracked(),
            start_date: start.get_untracked(),
            end_date: end.get_untracked(),
            arbiter: arbiter.get_untracked(),
            time_control: time_control.get_untracked(),
            rounds,
            points: points.get_untracked(),
            tiebreaks,
            ranking: ranking.get_untracked(),
            system: system.get_untracked(),
            must_not_meet: apart.get_untracked(),
        };
        desk.create(details, players.get_untracked());
    };
    view! {
        <h3>"New tournament"</h3>
        <div class="desk-form">
            <Field id="desk-tname" label="Name" value=name />
            <Field id="desk-city" label="Place" value=city />
            <Field id="desk-fed" label="Federation" value=federation hint="NOR" />
            <Field id="desk-start" label="Start date" value=start hint="2026/12/01" />
            <Field id="desk-end" label="End date" value=end hint="2026/12/07" />
            <Field id="desk-arbiter" label="Chief arbiter" value=arbiter />
            <Field id="desk-time" label="Time control" value=time_control hint="90'/40 + 30' + 30\"" />
            <SystemChoice system order />
            <Field id="desk-rounds" label="Rounds" value=rounds />
            <div class="control">
                <label for="desk-points">"Points"</label>
                <select id="desk-points" data-testid="desk-points" on:change=move |ev| {
                    points.set(if event_target_value(&ev) == "3-1-0" { Points::ThreeOne } else { Points::Fide })
                }>
                    {Points::ALL.iter().map(|p| view! { <option value=p.name() selected=*p == Points::Fide>{p.name()}</option> }).collect_view()}
                </select>
            </div>
            <Field id="desk-tiebreaks" label="Tiebreaks (FIDE C.07 codes, in order)" value=order />
            <div class="control">
                <label for="desk-ranking">"Rating used (initial order)"</label>
                <select id="desk-ranking" data-testid="desk-ranking" aria-describedby="desk-ranking-help" on:change=move |ev| {
                    let code = event_target_value(&ev);
                    ranking.set(code.parse().unwrap_or_default());
                }>
                    {RankingMethod::ALL.iter().map(|m| view! { <option value=m.code() selected=*m == RankingMethod::default()>{m.name()}</option> }).collect_view()}
                </select>
            </div>
        </div>
        <p class="help" id="desk-system-help">{SYSTEM_HELP}</p>
        <p class="help" id="desk-ranking-help">"A national rating is a column named 'national' in the players' table; the federation above says whose (TRF-2026's 172 and National Rating Support records)."</p>
        <div class="control">
            <label for="desk-players">"Players: one a line, from a spreadsheet or typed (name, rating, FIDE id, federation, title, birth year; or a first line naming the columns, among them 'national' for a national rating)"</label>
            <textarea id="desk-players" data-testid="desk-players" rows="10" spellcheck="false" prop:value=move || players.get() on:input=move |ev| players.set(event_target_value(&ev))></textarea>
        </div>
        <MustNotMeet apart />
        {move || problem.get().map(|p| view! { <p class="error" role="alert" data-testid="desk-form-error">{p}</p> })}
        <div class="desk-actions">
            <button data-testid="desk-create" on:click=create>"Create: players numbered by the rating used"</button>
            <button class="link" data-testid="desk-cancel" on:click=move |_| desk.creating.set(false)>"Cancel"</button>
        </div>
    }
}

/// The pairing system, with C.07's usual tiebreaks for its kind of event put in `order` while
/// it still holds the other kind's.
#[component]
fn SystemChoice(system: RwSignal<System>, order: RwSignal<String>) -> impl IntoView {
    view! {
        <div class="control">
            <label for="desk-system">"Pairing system"</label>
            <select id="desk-system" data-testid="desk-system" aria-describedby="desk-system-help" on:change=move |ev| {
                let chosen = System::from_code(&event_target_value(&ev)).unwrap_or_default();
                system.set(chosen);
                let (swiss, robin) = ("BH-C1 BH SB", "DE WIN SB KS");
                match (chosen.cycles().is_some(), order.get_untracked().trim()) {
                    (true, o) if o == swiss => order.set(robin.into()),
                    (false, o) if o == robin => order.set(swiss.into()),
                    _ => {}
                }
            }>
                {System::ALL.iter().map(|s| view! { <option value=s.code() selected=*s == System::Swiss>{s.name()}</option> }).collect_view()}
            </select>
        </div>
    }
}

/// What the pairing system entails, under the form.
const SYSTEM_HELP: &str = "A round robin's rounds are its Berger table's (3 to 24 players; an odd count has a bye each round). Baku acceleration needs 1-½-0 points; it is chosen here, before round 1, and cannot be changed later.";

/// Players who must not meet, typed a group a line.
#[component]
fn MustNotMeet(apart: RwSignal<String>) -> impl IntoView {
    view! {
        <div class="control">
            <label for="desk-apart">"Must not meet (siblings, clubmates): a group a line, names as in the players' list separated by ';' — set before round 1"</label>
            <textarea id="desk-apart" data-testid="desk-apart" rows="3" spellcheck="false" prop:value=move || apart.get() on:input=move |ev| apart.set(event_target_value(&ev))></textarea>
        </div>
    }
}
