//! The desk's rating list: a FIDE players list (TXT or XML, from FIDE's monthly download) or a
//! national list (CSV) opened once, kept in the browser (`idb::lists`), read by the desk's
//! worker (`worker::lists`), and searched as one types at a late entry or an edit
//! ([`super::player_form::Lookup`]), and offered at registration to rate the players pasted
//! ([`super::register`]); the list's month and the lines it could not read shown.

use super::handle::Desk;
use crate::core::engine::parse::rating_list::RatingType;
use crate::core::protocol::{Later, ListReply, ListRequest, ToWorker};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

impl Desk {
    fn send_list(self, request: ListRequest, text: String) {
        let Some(send) = self.sender.get_value() else { return };
        let job = self.list_job.get_value().0 + 1;
        self.list_job.set_value((job, text));
        send.run(ToWorker::List { job, request });
    }

    /// Searches the list for `query` (the answer to the last search asked is the one shown).
    pub fn search_list(self, query: String, kind: RatingType) {
        if query.trim().is_empty() {
            return self.found.set(None);
        }
        self.send_list(ListRequest::Search { query: query.clone(), kind }, query);
    }

    /// Keeps `file` as the rating list and has the worker read it.
    pub fn open_list(self, file: web_sys::File) {
        self.list_problem.set(Some(format!("Reading {}…", file.name())));
        leptos::task::spawn_local(async move {
            match crate::idb::lists::put(&file, &file.name()).await {
                Ok(()) => self.send_list(ListRequest::Load, String::new()),
                Err(e) => self.list_problem.set(Some(format!("The list could not be kept in this browser: {e}"))),
            }
        });
    }

    /// Has the worker read the list kept in this browser when none is read yet (after a
    /// reload): the new-tournament form offers to rate the players from it.
    pub fn recall_list(self) {
        if self.rating_list.get_untracked().is_some() {
            return;
        }
        leptos::task::spawn_local(async move {
            if let Ok(Some(_)) = crate::idb::lists::get().await {
                self.send_list(ListRequest::Load, String::new());
            }
        });
    }

    /// The worker's answer about the list.
    pub(super) fn listed(self, job: u32, reply: Result<Later<ListReply>, String>) {
        let (asked, text) = self.list_job.get_value();
        if job != asked {
            return;
        }
        match reply.and_then(|r| r.open()) {
            Ok(r) => {
                self.list_problem.set(None);
                if r.summary != self.rating_list.get_untracked() {
                    self.rating_list.set(r.summary);
                }
                self.found.set(Some((text, r.found)));
            }
            Err(why) => self.list_problem.set(Some(format!("The rating list: {why}"))),
        }
    }
}

/// Opening a rating list, and what was read of it.
#[component]
pub fn RatingList() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let open = move |ev: web_sys::Event| {
        let input = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        if let Some(file) = input.and_then(|i| i.files()).and_then(|f| f.get(0)) {
            desk.open_list(file);
        }
    };
    view! {
        <div class="desk-rating-list" data-testid="desk-rating-list">
            <label class="button">"Open a rating list (FIDE TXT or XML, national CSV)"
                <input type="file" accept=".txt,.xml,.csv,text/plain,text/xml,text/csv" data-testid="desk-list-file" class="visually-hidden" on:change=open />
            </label>
            <p class="help" data-testid="desk-list-summary" aria-live="polite">
                {move || match (desk.rating_list.get(), desk.list_problem.get()) {
                    (_, Some(p)) => p,
                    (Some(l), None) => format!("{}: {} players{}, kept in this browser.", l.name, l.players, l.date.map(|d| format!(", the list of {d}")).unwrap_or_default()),
                    (None, None) => "No rating list opened: players are typed with their ratings.".into(),
                }}
            </p>
            {move || desk.rating_list.with(|l| l.as_ref().map(|l| l.warnings.clone())).filter(|w| !w.is_empty()).map(|w| view! {
                <details class="warnings" data-testid="desk-list-warnings">
                    // The reader's notes: the columns it does not keep, the lines left out,
                    // each problem (`ReadList::warning_lines`).
                    <summary>{format!("What was not read of the list as it is ({} notes)", w.len())}</summary>
                    <ul>{w.into_iter().map(|x| view! { <li>{x}</li> }).collect_view()}</ul>
                </details>
            })}
        </div>
    }
}
