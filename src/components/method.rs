//! The method panel: Brent's method, its iteration and its parameters.

use super::controls::{CheckControl, ChoiceControl, NumberControl, Slide};
use crate::state::State;
use leptos::prelude::*;

#[component]
pub fn MethodPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let s = state.settings;
    let get = move |f: fn(&crate::protocol::Settings) -> f64| Signal::derive(move || s.with(f));
    let flag = move |f: fn(&crate::protocol::Settings) -> bool| Signal::derive(move || s.with(f));
    let is = move |m: &'static str| move || s.with(|s| s.method == m);
    let about = move || {
        match s.with(|s| s.method.clone()).as_str() {
        "elo" => "Elo: after each game, both players move by K × (result − expected result). Games are taken in date or round order when every game has one.",
        "multi_elo" => "Multiplayer Elo: one winner among n players; each player expects a share 10^(R/ζ) / Σ 10^(R/ζ) of the win. Reads event,player,place rows or numbered player/score columns; two-player games count too.",
        "jrank" => "JRank: each player's strength is the geometric mean over their games of the opponent's strength × M(points for) / M(points against), M(x) = (x + k)^p.",
        "aga" => "AGA (Go): the most probable ratings given each player's prior (declared rank or previous rating) and the games, with handicap and komi; shown on the dan/kyu scale with σ.",
        _ => "Brent: each player's expected score equals their actual score (Bradley–Terry maximum likelihood; a draw is half a win each way). The iterations below all reach that answer.",
    }
    };
    view! {
        <section class="panel method-panel" aria-labelledby="method-title">
            <h2 id="method-title">"Method"</h2>
            <ChoiceControl
                id="method"
                label="Rating method"
                help="The same results, rated by each classic method."
                options=&[
                    ("brent", "Brent's eigenvector ratings"),
                    ("elo", "Elo"),
                    ("multi_elo", "Multiplayer Elo"),
                    ("jrank", "JRank"),
                    ("aga", "AGA (Go)"),
                ]
                value=Signal::derive(move || s.with(|s| s.method.clone()))
                set=Callback::new(move |v| s.update(|s| s.method = v))
            />
            <p class="help" data-testid="method-about">{about}</p>
            <Show when=is("brent")>
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
                set=Callback::new(move |v| s.update(|s| {
                    s.scale = v;
                    s.shown = None;
                }))
            />
            <NumberControl
                id="shown"
                label="Shown at"
                help="The rating the group's mean (or the anchor player, if named) is shown at."
                min=-100000.0
                max=100000.0
                step=50.0
                value=Signal::derive(move || s.with(|s| s.shown.unwrap_or(if s.scale == "natural" { 0.0 } else { 1500.0 })))
                set=Callback::new(move |v| s.update(|s| s.shown = Some(v)))
            />
            <div class="control">
                <label for="anchor">"Anchor player"</label>
                <input
                    type="text"
                    id="anchor"
                    data-testid="anchor"
                    class="wide"
                    placeholder="(none: the mean is shown at that value)"
                    prop:value=move || s.with(|s| s.anchor.clone())
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        s.update(|s| s.anchor = v);
                    }
                />
                <p class="help">"Give this player the rating above and everyone else relative to them."</p>
            </div>
            </Show>
            <Show when=move || is("elo")() || is("multi_elo")()>
                <NumberControl id="zeta" label="Scale ζ" help="A gap of ζ points means 10:1 odds (400 in chess)."
                    min=1.0 max=2000.0 step=10.0 value=get(|s| s.elo.zeta) set=Callback::new(move |v| s.update(|s| s.elo.zeta = v)) />
                <NumberControl id="k" label="K factor" help="How far one result moves a rating (25 for new players in chess, 32 in Elo's original system)."
                    min=0.0 max=200.0 step=1.0 value=get(|s| s.elo.k) set=Callback::new(move |v| s.update(|s| s.elo.k = v)) />
                <NumberControl id="initial" label="Starting rating" help="Everyone's rating before their first game."
                    min=-10000.0 max=10000.0 step=50.0 value=get(|s| s.elo.initial) set=Callback::new(move |v| s.update(|s| s.elo.initial = v)) />
            </Show>
            <Show when=is("elo")>
                <NumberControl id="home" label="Home advantage h" help="Rating points added to the home (white) side's expected result."
                    min=-500.0 max=500.0 step=5.0 value=get(|s| s.elo.home) set=Callback::new(move |v| s.update(|s| s.elo.home = v)) />
                <CheckControl id="margin" label="Score by margin" help="With points (goals), score a game (P + 1) / (P + P′ + 2) instead of 1, ½ or 0."
                    value=flag(|s| s.elo.margin) set=Callback::new(move |v| s.update(|s| s.elo.margin = v)) />
                <CheckControl id="home-in-update" label="Home advantage in the update" help="Off: h only judges the predictions (the source's own code)."
                    value=flag(|s| s.elo.home_in_update) set=Callback::new(move |v| s.update(|s| s.elo.home_in_update = v)) />
                <CheckControl id="chronological" label="By date or round" help="Take the games in date (or round) order when every game has one; off: as listed."
                    value=flag(|s| s.elo.chronological) set=Callback::new(move |v| s.update(|s| s.elo.chronological = v)) />
            </Show>
            <Show when=is("jrank")>
                <NumberControl id="jrank-k" label="k" help="M(x) = (x + k)^p: k softens scores near zero."
                    min=0.001 max=20.0 step=0.001 value=get(|s| s.jrank.k) set=Callback::new(move |v| s.update(|s| s.jrank.k = v)) />
                <NumberControl id="jrank-p" label="p" help="M(x) = (x + k)^p: p sets how much a margin counts."
                    min=0.001 max=3.0 step=0.001 value=get(|s| s.jrank.p) set=Callback::new(move |v| s.update(|s| s.jrank.p = v)) />
                <CheckControl id="jrank-fit" label="Fit k and p" help="Search a grid of (k, p) for the smallest squared error per game; shown as a heat map."
                    value=flag(|s| s.jrank.fit) set=Callback::new(move |v| s.update(|s| s.jrank.fit = v)) />
                <NumberControl id="holdout" label="Held-out share" help="Fit on the earlier games and score the latest share of them (0 = fit and score on all: in-sample)."
                    min=0.0 max=0.9 step=0.05 value=get(|s| s.jrank.holdout) set=Callback::new(move |v| s.update(|s| s.jrank.holdout = v)) />
            </Show>
            <Show when=is("aga")>
                <CheckControl id="aga-by-event" label="Event by event" help="Rate tournament by tournament in date order, as the AGA does; off: one fit over all games."
                    value=flag(|s| s.aga_by_event) set=Callback::new(move |v| s.update(|s| s.aga_by_event = v)) />
            </Show>
        </section>
    }
}
