//! A player's every field (name, rating, FIDE id, federation, title, sex, birth date, national
//! rating), as a late entry and an edit after registration take them: typed, or filled from
//! the rating list the desk has read ([`Lookup`]).

use super::handle::Desk;
use crate::core::engine::desk::NewPlayer;
use crate::core::engine::parse::rating_list::{ListFormat, ListPlayer, RatingType};
use crate::core::engine::tournament::{Sex, Title};
use leptos::prelude::*;

/// The fields, as typed.
#[derive(Clone, Copy)]
pub struct PlayerForm {
    pub name: RwSignal<String>,
    pub rating: RwSignal<String>,
    pub fide_id: RwSignal<String>,
    pub federation: RwSignal<String>,
    pub title: RwSignal<String>,
    pub sex: RwSignal<String>,
    pub birth: RwSignal<String>,
    pub national: RwSignal<String>,
}

fn text(n: Option<impl ToString>) -> String {
    n.map_or(String::new(), |n| n.to_string())
}

fn sex_code(s: Option<Sex>) -> String {
    match s {
        Some(Sex::Male) => "m".into(),
        Some(Sex::Female) => "w".into(),
        None => String::new(),
    }
}

/// A rating typed: empty, or a whole number from 1 to 3500 (`what` names the field).
fn rating(typed: &str, what: &str) -> Result<Option<u32>, String> {
    match typed.trim() {
        "" => Ok(None),
        t => t
            .parse::<u32>()
            .ok()
            .filter(|r| (1..=3500).contains(r))
            .map(Some)
            .ok_or(format!("{what}: a whole number from 1 to 3500, not '{t}'")),
    }
}

impl PlayerForm {
    /// The form holding `p`.
    pub fn new(p: &NewPlayer) -> PlayerForm {
        PlayerForm {
            name: RwSignal::new(p.name.clone()),
            rating: RwSignal::new(text(p.rating)),
            fide_id: RwSignal::new(p.fide_id.clone().unwrap_or_default()),
            federation: RwSignal::new(p.federation.clone().unwrap_or_default()),
            title: RwSignal::new(p.title.map_or(String::new(), |t| t.name().to_string())),
            sex: RwSignal::new(sex_code(p.sex)),
            birth: RwSignal::new(p.birth.clone().unwrap_or_default()),
            national: RwSignal::new(text(p.national_rating)),
        }
    }

    /// Every field as `p` of the rating list has it (the rating of the kind `kind`); a national
    /// list's rating is the national rating.
    pub fn fill(self, p: &ListPlayer, kind: RatingType, national: bool) {
        self.name.set(p.name.clone());
        let r = match kind {
            RatingType::Standard => p.standard,
            RatingType::Rapid => p.rapid,
            RatingType::Blitz => p.blitz,
        };
        match national {
            true => self.national.set(text(r)),
            false => self.rating.set(text(r)),
        }
        self.fide_id.set(text(p.id));
        self.federation.set(p.federation.clone().unwrap_or_default());
        self.title.set(p.title.map_or(String::new(), |t| t.name().to_string()));
        self.sex.set(sex_code(p.sex));
        self.birth.set(text(p.birth_year));
    }

    pub fn clear(self) {
        for f in [self.name, self.rating, self.fide_id, self.federation, self.title, self.sex, self.birth, self.national] {
            f.set(String::new());
        }
    }

    /// The player typed, or what is wrong (the field named).
    pub fn read(self) -> Result<NewPlayer, String> {
        let name = self.name.get_untracked().trim().to_string();
        if name.is_empty() {
            return Err("Name: a player needs a name".into());
        }
        let id = self.fide_id.get_untracked().trim().to_string();
        if !id.chars().all(|c| c.is_ascii_digit()) || id.len() > 11 {
            return Err(format!("FIDE id: digits only (at most 11), not '{id}'"));
        }
        let fed = self.federation.get_untracked().trim().to_uppercase();
        if !fed.is_empty() && (fed.len() != 3 || !fed.chars().all(|c| c.is_ascii_alphabetic())) {
            return Err(format!("Federation: three letters (NOR, GER), not '{fed}'"));
        }
        let title = match self.title.get_untracked().trim() {
            "" => None,
            t => Some(t.parse::<Title>().map_err(|e| format!("Title: {e}"))?),
        };
        let sex = match self.sex.get_untracked().trim().to_lowercase().as_str() {
            "" => None,
            "m" => Some(Sex::Male),
            "w" | "f" => Some(Sex::Female),
            s => return Err(format!("Sex: m or w, not '{s}'")),
        };
        let birth = Some(self.birth.get_untracked().trim().to_string()).filter(|b| !b.is_empty());
        Ok(NewPlayer {
            name,
            rating: rating(&self.rating.get_untracked(), "Rating")?,
            fide_id: Some(id).filter(|i| !i.is_empty()),
            federation: Some(fed).filter(|f| !f.is_empty()),
            title,
            birth,
            sex,
            national_rating: rating(&self.national.get_untracked(), "National rating")?,
        })
    }
}

/// The fields' inputs; `prefix` makes their ids (and test ids) apart.
#[component]
pub fn PlayerFields(form: PlayerForm, prefix: &'static str) -> impl IntoView {
    let field = move |key: &'static str, label: &'static str, value: RwSignal<String>, size: &'static str| {
        let id = format!("{prefix}-{key}");
        view! {
            <span class="player-field">
                <label for=id.clone()>{label}</label>
                <input id=id.clone() data-testid=id size=size prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev)) />
            </span>
        }
    };
    view! {
        <div class="player-fields">
            {field("name", "Name", form.name, "24")}
            {field("rating", "Rating", form.rating, "5")}
            {field("id", "FIDE id", form.fide_id, "10")}
            {field("fed", "Federation", form.federation, "4")}
            {field("title", "Title", form.title, "4")}
            {field("sex", "Sex (m/w)", form.sex, "2")}
            {field("birth", "Born (year or date)", form.birth, "10")}
            {field("national", "National rating", form.national, "5")}
        </div>
    }
}

/// A search of the rating list as one types (name, or a FIDE id); a match picked fills `form`.
#[component]
pub fn Lookup(form: PlayerForm, prefix: &'static str) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let query = RwSignal::new(String::new());
    let kind = RwSignal::new(RatingType::Standard);
    let id = format!("{prefix}-lookup");
    let found = move || desk.found.get().filter(|(q, _)| *q == query.get()).map(|(_, f)| f).unwrap_or_default();
    let pick = move |p: ListPlayer| {
        let national = desk.rating_list.with_untracked(|l| l.as_ref().is_some_and(|l| l.format == ListFormat::Csv));
        form.fill(&p, kind.get_untracked(), national);
        query.set(String::new());
    };
    view! {
        <div class="desk-lookup">
            <label for=id.clone()>{move || desk.rating_list.with(|l| l.as_ref().map_or("Look up in a rating list (open one below)".to_string(), |l| format!("Look up in {} ({} players{})", l.name, l.players, l.date.as_ref().map(|d| format!(", list of {d}")).unwrap_or_default())))}</label>
            <input id=id.clone() data-testid=id type="search" autocomplete="off" placeholder="surname, or FIDE id" prop:value=move || query.get()
                on:input=move |ev| {
                    let q = event_target_value(&ev);
                    query.set(q.clone());
                    desk.search_list(q, kind.get_untracked());
                } />
            <select aria-label="Which rating" data-testid=format!("{prefix}-kind") on:change=move |ev| kind.set(event_target_value(&ev).parse().unwrap_or_default())>
                {RatingType::ALL.iter().map(|k| view! { <option value=k.name()>{k.name()}</option> }).collect_view()}
            </select>
            <ul class="desk-found" data-testid=format!("{prefix}-found")>
                {move || found().into_iter().map(|p| {
                    let label = format!("{}{} · {} · {} · {}", p.title.map(|t| format!("{} ", t.name())).unwrap_or_default(), p.name,
                        p.federation.clone().unwrap_or_default(), p.id.map_or(String::new(), |i| i.to_string()),
                        p.standard.map_or("unrated".into(), |r| r.to_string()));
                    view! { <li><button class="link" data-testid="desk-found-player" on:click=move |_| pick(p.clone())>{label}</button></li> }
                }).collect_view()}
            </ul>
        </div>
    }
}
