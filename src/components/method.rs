//! The method panel: Brent's method, its iteration and its parameters.

use super::controls::{ChoiceControl, NumberControl, Slide};
use crate::state::State;
use leptos::prelude::*;

#[component]
pub fn MethodPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let s = state.settings;
    let get = move |f: fn(&crate::protocol::Settings) -> f64| Signal::derive(move || s.with(f));
    view! {
        <section class="panel method-panel" aria-labelledby="method-title">
            <h2 id="method-title">"Method: Brent's eigenvector ratings"</h2>
            <p class="help">
                "Each player's expected score equals their actual score (Bradley–Terry maximum likelihood; a draw is half a win each way). "
                "The iterations below all reach that answer."
            </p>
            <ChoiceControl
                id="variant"
                label="Iteration"
                help="How the fixed point is found: same ratings, different number of iterations."
                options=&[
                    ("alg1", "Algorithm 1 — iteration (13)"),
                    ("fixed", "Fixed weights — power method on D⁻¹A (§3), re-weighted"),
                    ("zermelo", "Iteration (14) — Zermelo's, slower"),
                ]
                value=Signal::derive(move || s.with(|s| s.variant.clone()))
                set=Callback::new(move |v| s.update(|s| s.variant = v))
            />
            <NumberControl
                id="sigma"
                label="Damping σ"
                help="The diagonal s_ii = σ: changes the speed (0.2–0.5 is fastest), never the ratings."
                min=0.0
                max=5.0
                step=0.05
                value=get(|s| s.sigma)
                set=Callback::new(move |v| s.update(|s| s.sigma = v))
            />
            <NumberControl
                id="gamma"
                label="Dummy player γ"
                help="A player who draws everyone with weight γ: every rating becomes finite; 0 = off."
                min=0.0
                max=5.0
                step=0.05
                value=get(|s| s.gamma)
                set=Callback::new(move |v| s.update(|s| s.gamma = v))
            />
            <NumberControl
                id="eps"
                label="Tolerance ε"
                help="Stop when no strength changes by more than this fraction in one iteration."
                min=1e-15
                max=1e-2
                step=1.0
                slide=Slide::Log10
                value=get(|s| s.eps)
                set=Callback::new(move |v| s.update(|s| s.eps = v))
            />
            <NumberControl
                id="max-iter"
                label="Iteration cap"
                help="Stop after this many iterations even if not converged."
                min=1.0
                max=100000.0
                step=1.0
                integer=true
                value=get(|s| s.max_iter as f64)
                set=Callback::new(move |v: f64| s.update(|s| s.max_iter = v as u32))
            />
            <ChoiceControl
                id="scale"
                label="Display scale"
                help="Only differences matter: on the Elo-like scale, 400 points means 10:1 odds."
                options=&[("elo", "Elo-like: 400/ln 10 · r, mean 1500"), ("natural", "Natural: the log-strength r, mean 0")]
                value=Signal::derive(move || s.with(|s| s.scale.clone()))
                set=Callback::new(move |v| s.update(|s| s.scale = v))
            />
        </section>
    }
}
