//! The arbiter asked before a change goes through (`crate::core::engine::desk::confirm`): the
//! warnings, and the answer the level needs — a warning acknowledged (Level 2), a deliberate
//! yes (Level 3), or a yes given twice (Level 4). Cancel (or Escape) leaves the tournament as
//! it was; yes sends the change again as `Action::Confirmed`. Nothing here can switch a
//! warning off.

use super::handle::{Asking, Desk};
use crate::core::engine::desk::{Action, Level};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

impl Asking {
    /// The yes answers the level needs.
    fn needed(&self) -> u8 {
        match self.level {
            Level::DoubleConfirm => 2,
            _ => 1,
        }
    }

    fn title(&self) -> &'static str {
        match (self.level, self.agreed) {
            (Level::Notice | Level::Warning, _) => "Warning",
            (Level::Confirm, _) => "Confirm this change",
            (Level::DoubleConfirm, 0) => "Confirm this change (asked twice)",
            (Level::DoubleConfirm, _) => "Are you sure? Asked a second time",
        }
    }

    fn yes(&self) -> &'static str {
        match self.level {
            Level::Notice | Level::Warning => "Understood: go on",
            _ => "Yes, make this change",
        }
    }
}

/// The question, over the desk while there is one.
#[component]
pub fn Confirm() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let cancel = move || {
        desk.asking.set(None);
        desk.failure.set(Some("Not changed: the change was cancelled.".into()));
    };
    let yes = move |_| {
        let Some(mut a) = desk.asking.get_untracked() else { return };
        a.agreed += 1;
        if a.agreed < a.needed() {
            return desk.asking.set(Some(a));
        }
        desk.asking.set(None);
        desk.act(Action::Confirmed(Box::new(a.action)));
    };
    // The safe answer has the focus when the question appears.
    Effect::new(move |_| {
        if desk.asking.with(|a| a.as_ref().map(|a| a.agreed)).is_some() {
            request_animation_frame(|| focus("desk-confirm-no"));
        }
    });
    move || {
        desk.asking.get().map(|a| {
            view! {
                <div class="desk-confirm" role="alertdialog" aria-modal="true" aria-labelledby="desk-confirm-title" aria-describedby="desk-confirm-why"
                    data-testid="desk-confirm" on:keydown=move |ev| if ev.key() == "Escape" { cancel() }>
                    <h3 id="desk-confirm-title">{a.title()}</h3>
                    <ul id="desk-confirm-why">{a.warnings.iter().map(|w| view! { <li>{w.clone()}</li> }).collect_view()}</ul>
                    <div class="desk-actions">
                        <button class="primary" id="desk-confirm-yes" data-testid="desk-confirm-yes" on:click=yes>{a.yes()}</button>
                        <button id="desk-confirm-no" data-testid="desk-confirm-no" on:click=move |_| cancel()>"Cancel: leave it as it was"</button>
                    </div>
                </div>
            }
        })
    }
}

fn focus(id: &str) {
    let el = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id));
    if let Some(el) = el.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.focus();
    }
}
