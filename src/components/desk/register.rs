//! A new tournament: its details and its players, pasted as a table, rated from the rating
//! list open if the organiser leaves that ticked (`core::listed`, the engine's
//! `desk::from_list`).

use super::handle::Desk;
use crate::core::engine::desk::register::{Details, Pab, Points};
use crate::core::engine::desk::system::System;
use crate::core::engine::parse::rating_list::RatingType;
use crate::core::engine::tiebreak::Tiebreak;
use crate::core::engine::tournament::RankingMethod;
use crate::core::listed::{checked_by_default, month_line, rated_from};
use crate::core::protocol::ListSummary;
use leptos::prelude::*;

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

/// The new-tournament form as typed, kept in local storage at each keystroke (a half-filled
/// form and its pasted players survive a closed browser) until the tournament is created.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct Draft {
    /// Name, place, federation, start date, end date, chief arbiter, time control.
    fields: [String; 7],
    rounds: String,
    order: String,
    players: String,
    apart: String,
    points: Points,
    ranking: RankingMethod,
    system: System,
    pab: Pab,
    /// Rate the players from the rating list open: as chosen, or `None` (not touched: yes for a
    /// FIDE list, no for a national one).
    from_list: Option<bool>,
    /// The kind of rating taken from a combined list.
    list_kind: RatingType,
}

impl Default for Draft {
    fn default() -> Draft {
        let d = Details::default();
        Draft {
            fields: Default::default(),
            rounds: d.rounds.to_string(),
            order: d.tiebreaks.iter().map(|t| t.code()).collect::<Vec<_>>().join(" "),
            players: String::new(),
            apart: String::new(),
            points: Points::Fide,
            ranking: d.ranking,
            system: System::Swiss,
            pab: Pab::Win,
            from_list: None,
            list_kind: RatingType::Standard,
        }
    }
}

/// The form's fields, each a signal, made from a draft and made into one.
#[derive(Clone, Copy)]
struct Form {
    fields: [RwSignal<String>; 7],
    rounds: RwSignal<String>,
    order: RwSignal<String>,
    players: RwSignal<String>,
    apart: RwSignal<String>,
    points: RwSignal<Points>,
    ranking: RwSignal<RankingMethod>,
    system: RwSignal<System>,
    pab: RwSignal<Pab>,
    from_list: RwSignal<Option<bool>>,
    list_kind: RwSignal<RatingType>,
}

impl Form {
    fn new(d: Draft) -> Form {
        Form {
            fields: d.fields.map(RwSignal::new),
            rounds: RwSignal::new(d.rounds),
            order: RwSignal::new(d.order),
            players: RwSignal::new(d.players),
            apart: RwSignal::new(d.apart),
            points: RwSignal::new(d.points),
            ranking: RwSignal::new(d.ranking),
            system: RwSignal::new(d.system),
            pab: RwSignal::new(d.pab),
            from_list: RwSignal::new(d.from_list),
            list_kind: RwSignal::new(d.list_kind),
        }
    }

    /// The draft (tracked: read in an effect, each field's change writes it again).
    fn draft(self) -> Draft {
        Draft {
            fields: self.fields.map(|f| f.get()),
            rounds: self.rounds.get(),
            order: self.order.get(),
            players: self.players.get(),
            apart: self.apart.get(),
            points: self.points.get(),
            ranking: self.ranking.get(),
            system: self.system.get(),
            pab: self.pab.get(),
            from_list: self.from_list.get(),
            list_kind: self.list_kind.get(),
        }
    }

    fn clear(self) {
        let d = Draft::default();
        for (f, v) in self.fields.iter().zip(d.fields) {
            f.set(v);
        }
        self.rounds.set(d.rounds);
        self.order.set(d.order);
        self.players.set(d.players);
        self.apart.set(d.apart);
        self.points.set(d.points);
        self.ranking.set(d.ranking);
        self.system.set(d.system);
        self.pab.set(d.pab);
        self.from_list.set(d.from_list);
        self.list_kind.set(d.list_kind);
    }

    /// The kind of rating to take from `list` for the players pasted, if they are to be rated
    /// from it: a FIDE separate list's own kind, else the one chosen.
    fn rated_from(self, list: Option<&ListSummary>) -> Option<RatingType> {
        let list = list?;
        rated_from(self.from_list.get_untracked(), self.list_kind.get_untracked(), list.format, list.kind)
    }

    /// The tournament's details, or what was wrong.
    fn details(self) -> Result<Details, String> {
        let (rounds, tiebreaks) = numbers(&self.rounds.get_untracked(), &self.order.get_untracked())?;
        let [name, city, federation, start_date, end_date, arbiter, time_control] = self.fields.map(|f| f.get_untracked());
        Ok(Details {
            name,
            city,
            federation,
            start_date,
            end_date,
            arbiter,
            time_control,
            rounds,
            points: self.points.get_untracked(),
            tiebreaks,
            ranking: self.ranking.get_untracked(),
            system: self.system.get_untracked(),
            must_not_meet: self.apart.get_untracked(),
            pab: self.pab.get_untracked(),
        })
    }
}

#[component]
pub fn Register() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let draft = super::local::kept_draft().and_then(|d| crate::core::json::from_json::<Draft>(&d).ok()).unwrap_or_default();
    let form = Form::new(draft);
    // Kept at each change; the first run writes what was read (no change).
    Effect::new(move |_| {
        let d = form.draft();
        let text = if d == Draft::default() { String::new() } else { crate::core::json::to_json(&d) };
        super::local::set_local(super::local::DRAFT_KEY, Some(&text));
    });
    let problem = RwSignal::new(None::<String>);
    let create = move |_| match form.details() {
        Ok(details) => {
            problem.set(None);
            let from_list = desk.rating_list.with_untracked(|l| form.rated_from(l.as_ref()));
            desk.create(details, form.players.get_untracked(), from_list);
        }
        Err(e) => problem.set(Some(e)),
    };
    let [name, city, federation, start, end, arbiter, time_control] = form.fields;
    let (points, ranking, pab) = (form.points, form.ranking, form.pab);
    view! {
        <h3>"New tournament"</h3>
        <p class="help">"What is typed here is kept in this browser as it is typed, until the tournament is created."</p>
        <div class="desk-form">
            <Field id="desk-tname" label="Name" value=name />
            <Field id="desk-city" label="Place" value=city />
            <Field id="desk-fed" label="Federation" value=federation hint="NOR" />
            <Field id="desk-start" label="Start date" value=start hint="2026/12/01" />
            <Field id="desk-end" label="End date" value=end hint="2026/12/07" />
            <Field id="desk-arbiter" label="Chief arbiter" value=arbiter />
            <Field id="desk-time" label="Time control" value=time_control hint="90'/40 + 30' + 30\"" />
            <SystemChoice system=form.system order=form.order />
            <Field id="desk-rounds" label="Rounds" value=form.rounds />
            <div class="control">
                <label for="desk-points">"Points"</label>
                <select id="desk-points" data-testid="desk-points" on:change=move |ev| {
                    points.set(if event_target_value(&ev) == "3-1-0" { Points::ThreeOne } else { Points::Fide })
                }>
                    {Points::ALL.iter().map(|p| view! { <option value=p.name() selected=*p == points.get_untracked()>{p.name()}</option> }).collect_view()}
                </select>
            </div>
            <div class="control">
                <label for="desk-pab">"The pairing-allocated bye scores"</label>
                <select id="desk-pab" data-testid="desk-pab" on:change=move |ev| pab.set(Pab::ALL.into_iter().find(|p| p.code() == event_target_value(&ev)).unwrap_or_default())>
                    {Pab::ALL.iter().map(|p| view! { <option value=p.code() selected=*p == pab.get_untracked()>{p.name()}</option> }).collect_view()}
                </select>
            </div>
            <Field id="desk-tiebreaks" label="Tiebreaks (FIDE C.07 codes, in order)" value=form.order />
            <div class="control">
                <label for="desk-ranking">"Rating used (initial order)"</label>
                <select id="desk-ranking" data-testid="desk-ranking" aria-describedby="desk-ranking-help" on:change=move |ev| {
                    let code = event_target_value(&ev);
                    ranking.set(code.parse().unwrap_or_default());
                }>
                    {RankingMethod::ALL.iter().map(|m| view! { <option value=m.code() selected=*m == ranking.get_untracked()>{m.name()}</option> }).collect_view()}
                </select>
            </div>
        </div>
        <p class="help" id="desk-system-help">{SYSTEM_HELP}</p>
        <p class="help" id="desk-ranking-help">"A national rating is a column named 'national' in the players' table; the federation above says whose (TRF-2026's 172 and National Rating Support records)."</p>
        <Pasted form=form />
        <MustNotMeet apart=form.apart />
        {move || problem.get().map(|p| view! { <p class="error" role="alert" data-testid="desk-form-error">{p}</p> })}
        <div class="desk-actions">
            <button data-testid="desk-create" on:click=create>"Create: players numbered by the rating used"</button>
            <button class="link" data-testid="desk-cancel" on:click=move |_| desk.creating.set(false)>"Close (the form is kept)"</button>
            <button class="link" data-testid="desk-clear-form" on:click=move |_| {
                let sure = web_sys::window().and_then(|w| w.confirm_with_message("Clear the form, the players pasted too?").ok());
                if sure == Some(true) { form.clear() }
            }>"Clear the form"</button>
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
                {System::ALL.iter().map(|s| view! { <option value=s.code() selected=*s == system.get_untracked()>{s.name()}</option> }).collect_view()}
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

/// The players pasted, and the rating list they may be rated from.
#[component]
fn Pasted(form: Form) -> impl IntoView {
    expect_context::<Desk>().recall_list();
    view! {
        <div class="control">
            <label for="desk-players">"Players: one a line, from a spreadsheet or typed (name, rating, FIDE id, federation, title, birth year; or a first line naming the columns, among them 'national' for a national rating)"</label>
            <textarea id="desk-players" data-testid="desk-players" rows="10" spellcheck="false" prop:value=move || form.players.get() on:input=move |ev| form.players.set(event_target_value(&ev))></textarea>
        </div>
        <super::lists::RatingList />
        <FromList on=form.from_list kind=form.list_kind start=form.fields[3] />
    }
}

/// With a rating list open: whether the players pasted are rated from it (`core::listed`:
/// checked by default for a FIDE list), of which kind, and whether the list's month is the
/// one valid at the start date typed.
#[component]
fn FromList(on: RwSignal<Option<bool>>, kind: RwSignal<RatingType>, start: RwSignal<String>) -> impl IntoView {
    let desk = expect_context::<Desk>();
    move || {
        desk.rating_list.get().map(|l| {
            let (fide, format) = (checked_by_default(l.format), l.format);
            let month = l.date.as_ref().map_or("month unknown".to_string(), |d| format!("list of {d}"));
            let label = format!("Ratings from the rating list: {}, {month}", l.name);
            let date = l.date.clone();
            view! {
                <div class="control" data-testid="desk-from-list-control">
                    <input type="checkbox" id="desk-from-list" data-testid="desk-from-list" prop:checked=move || on.get().unwrap_or(fide) on:change=move |ev| on.set(Some(event_target_checked(&ev))) />
                    <label for="desk-from-list">{label}</label>
                    <ListKind separate=l.kind kind=kind />
                    <p class="help" data-testid="desk-list-month" aria-live="polite">{move || month_line(format, date.as_deref(), &start.get())}</p>
                </div>
            }
        })
    }
}

/// The kind of rating to take: a FIDE separate list has one; a combined list, a choice.
#[component]
fn ListKind(separate: Option<RatingType>, kind: RwSignal<RatingType>) -> impl IntoView {
    match separate {
        Some(k) => view! { <span class="help">{format!("(its {} ratings: a FIDE separate list)", k.name())}</span> }.into_any(),
        None => view! {
            <label for="desk-list-kind">"Rating"</label>
            <select id="desk-list-kind" data-testid="desk-list-kind" on:change=move |ev| kind.set(event_target_value(&ev).parse().unwrap_or_default())>
                {RatingType::ALL.iter().map(|k| view! { <option value=k.name() selected=*k == kind.get_untracked()>{k.name()}</option> }).collect_view()}
            </select>
        }
        .into_any(),
    }
}
