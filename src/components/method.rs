//! The method panel: the method picker, and each method's parameters (every parameter a
//! method has), each a labelled control with a one-line explanation. The values are the
//! engine's own parameter types; their defaults are the engine's.

use super::controls::{CheckControl, Choice, ChoiceControl, NumberControl, Slide};
use crate::protocol::Settings;
use crate::state::State;
use crate::storage::Kept;
use leptos::prelude::*;
use ratings_engine::methods::brent::Variant;
use ratings_engine::methods::elo::Mov;
use ratings_engine::methods::registry::{self, Access};
use ratings_engine::{MethodKind, ScaleKind};

/// A number from the settings, as a signal.
fn number(s: RwSignal<Settings>, get: fn(&Settings) -> f64) -> Signal<f64> {
    Signal::derive(move || s.with(get))
}

fn flag(s: RwSignal<Settings>, get: fn(&Settings) -> bool) -> Signal<bool> {
    Signal::derive(move || s.with(get))
}

/// A callback that writes a value into the settings.
fn setter<T: 'static>(s: RwSignal<Settings>, put: fn(&mut Settings, T)) -> Callback<T> {
    Callback::new(move |v| s.update(|s| put(s, v)))
}

#[component]
pub fn MethodPanel() -> impl IntoView {
    let state = expect_context::<State>();
    let s = state.settings;
    let is = move |m: MethodKind| move || s.with(|s| s.method == m);
    // The method alone: the controls are not made again when a parameter changes.
    let method = Memo::new(move |_| s.with(|s| s.method));
    let methods: Vec<Choice<MethodKind>> = MethodKind::ALL.iter().map(|&m| (m, m.name(), m.label())).collect();
    view! {
        <section class="panel method-panel" aria-labelledby="method-title">
            <h2 id="method-title">"Method"</h2>
            {move || state.notice.get().map(|n| view! { <p class="warning" role="alert" data-testid="settings-notice">{n}</p> })}
            // Storage that is off altogether is said once, in the input panel.
            {move || state.settings_kept.with(|k| matches!(k, Kept::Refused(_)).then(|| k.problem("the settings")).flatten())
                .map(|n| view! { <p class="warning" role="alert" data-testid="settings-not-kept">{n}</p> })}
            <ChoiceControl
                id="method"
                label="Rating method"
                help="The same results, rated by each classic method."
                options=methods
                value=Signal::derive(move || s.with(|s| s.method))
                set=setter(s, |s, v| s.method = v)
            />
            <p class="help" data-testid="method-about">{move || s.with(|s| s.method.about())}</p>
            <Show when=is(MethodKind::Brent)><BrentControls /></Show>
            <Show when=is(MethodKind::Elo)><EloControls /></Show>
            <Show when=is(MethodKind::MultiElo)><MultiEloControls /></Show>
            <Show when=is(MethodKind::JRank)><JRankControls /></Show>
            <Show when=is(MethodKind::Aga)><AgaControls /></Show>
            {move || {
                let k = method.get();
                matches!(k, MethodKind::Glicko | MethodKind::Glicko2 | MethodKind::Stephenson | MethodKind::Whr)
                    .then(|| view! { <RegistryControls kind=k /> })
            }}
        </section>
    }
}

/// γ as in use: on a tournament file following EIG's rule, the rule's value.
fn gamma_shown(state: State) -> Signal<f64> {
    Signal::derive(move || {
        let by_rule = state.result.with(|r| r.as_ref().and_then(|r| r.eig_gamma));
        match (by_rule, state.settings.with(|s| s.gamma_as_eig)) {
            (Some(g), true) => g,
            _ => state.settings.with(|s| s.params.brent.gamma),
        }
    })
}

/// On a tournament file: that γ follows the EIG tiebreak's rule, or the way back to it.
fn gamma_note(state: State) -> Option<AnyView> {
    let s = state.settings;
    let tournament = state.summary.with(|x| x.as_ref().is_some_and(|x| x.format.is_tournament()));
    let by_rule = state.result.with(|r| r.as_ref().and_then(|r| r.eig_gamma));
    match (tournament, by_rule, s.with(|s| s.gamma_as_eig)) {
        (true, Some(g), true) => Some(
            view! {
                <p class="help" data-testid="gamma-eig-note">
                    {format!("On a tournament γ follows the EIG tiebreak's rule (γ = {g} here: 0, or 1 when the results alone leave someone without a finite rating), so the ratings match the EIG column. Setting γ overrides it.")}
                </p>
            }
            .into_any(),
        ),
        (true, _, false) => Some(
            view! {
                <p class="help">
                    <button class="link" data-testid="gamma-eig" on:click=move |_| s.update(|s| s.gamma_as_eig = true)>"Follow the EIG tiebreak's rule for γ"</button>
                    " (as the standings' EIG column does)."
                </p>
            }
            .into_any(),
        ),
        _ => None,
    }
}

#[component]
fn BrentControls() -> impl IntoView {
    let state = expect_context::<State>();
    let s = state.settings;
    let variants: Vec<Choice<Variant>> = Variant::ALL.iter().map(|&v| (v, v.name(), v.label())).collect();
    view! {
        <ChoiceControl id="variant" label="Iteration" help="How the fixed point is found: same ratings, different number of iterations."
            options=variants value=Signal::derive(move || s.with(|s| s.params.brent.variant)) set=setter(s, |s, v| s.params.brent.variant = v) />
        <NumberControl id="sigma" label="Damping σ" help="The diagonal s_ii = σ: changes the speed (0.2–0.5 is fastest), never the ratings."
            min=0.0 max=5.0 step=0.05 value=number(s, |s| s.params.brent.sigma) set=setter(s, |s, v| s.params.brent.sigma = v) />
        <NumberControl id="gamma" label="Dummy player γ" help="A player who draws everyone with weight γ: every rating becomes finite; 0 = off."
            min=0.0 max=5.0 step=0.05 value=gamma_shown(state) set=setter(s, |s, v| {
                s.params.brent.gamma = v;
                s.gamma_as_eig = false;
            }) />
        {move || gamma_note(state)}
        <Tolerance help="Stop when no strength changes by more than this fraction in one iteration."
            value=number(s, |s| s.params.brent.eps) set=setter(s, |s, v| s.params.brent.eps = v) />
        <IterationCap help="Stop after this many iterations even if not converged."
            value=number(s, |s| s.params.brent.max_iter as f64) set=setter(s, |s, v: f64| s.params.brent.max_iter = v as usize) />
        <ScaleControls />
    }
}

/// Brent's display scale, where it is placed, and the anchor player.
#[component]
fn ScaleControls() -> impl IntoView {
    let s = expect_context::<State>().settings;
    let scales: Vec<Choice<ScaleKind>> = [ScaleKind::Elo, ScaleKind::Natural].iter().map(|&k| (k, k.name(), k.label())).collect();
    view! {
        <ChoiceControl id="scale" label="Display scale" help="Only differences matter: on the Elo-like scale, 400 points means 10:1 odds."
            options=scales value=Signal::derive(move || s.with(|s| s.scale))
            set=setter(s, |s, v| { s.scale = v; s.shown = None; }) />
        <NumberControl id="shown" label="Shown at" help="The rating the group's mean (or the anchor player, if named) is shown at."
            min=-100000.0 max=100000.0 step=50.0 value=number(s, |s| s.shown.unwrap_or(s.default_shown()))
            set=setter(s, |s, v| s.shown = Some(v)) />
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
    }
}

/// A method's tolerance, on a log slider.
#[component]
fn Tolerance(help: &'static str, value: Signal<f64>, set: Callback<f64>) -> impl IntoView {
    view! { <NumberControl id="eps" label="Tolerance ε" help=help min=1e-15 max=1e-2 step=1.0 slide=Slide::Log10 value=value set=set /> }
}

/// A method's iteration cap.
#[component]
fn IterationCap(help: &'static str, value: Signal<f64>, set: Callback<f64>) -> impl IntoView {
    view! { <NumberControl id="max-iter" label="Iteration cap" help=help min=1.0 max=1e7 step=1.0 slide=Slide::Log10 integer=true value=value set=set /> }
}

#[component]
fn EloControls() -> impl IntoView {
    let s = expect_context::<State>().settings;
    view! {
        <NumberControl id="zeta" label="Scale ζ" help="A gap of ζ points means 10:1 odds (400 in chess)."
            min=1.0 max=2000.0 step=10.0 value=number(s, |s| s.params.elo.zeta) set=setter(s, |s, v| s.params.elo.zeta = v) />
        <NumberControl id="k" label="K factor" help="How far one result moves a rating (25 for new players in chess, 32 in Elo's original system)."
            min=0.0 max=200.0 step=1.0 value=number(s, |s| s.params.elo.k) set=setter(s, |s, v| s.params.elo.k = v) />
        <NumberControl id="initial" label="Starting rating" help="Everyone's rating before their first game."
            min=-10000.0 max=10000.0 step=50.0 value=number(s, |s| s.params.elo.initial) set=setter(s, |s, v| s.params.elo.initial = v) />
        <NumberControl id="home" label="Home advantage h" help="Rating points added to the home (white) side's expected result."
            min=-500.0 max=500.0 step=5.0 value=number(s, |s| s.params.elo.home) set=setter(s, |s, v| s.params.elo.home = v) />
        <CheckControl id="margin" label="Score by margin" help="With points (goals), score a game (P + 1) / (P + P′ + 2) instead of 1, ½ or 0."
            value=flag(s, |s| s.params.elo.margin) set=setter(s, |s, v| s.params.elo.margin = v) />
        <CheckControl id="home-in-update" label="Home advantage in the update" help="Off: h only judges the predictions (the source's own code)."
            value=flag(s, |s| s.params.elo.home_in_update) set=setter(s, |s, v| s.params.elo.home_in_update = v) />
        <CheckControl id="chronological" label="By date or round" help="Take the games in date (or round) order when every game has one; off: as listed."
            value=flag(s, |s| s.params.elo.chronological) set=setter(s, |s, v| s.params.elo.chronological = v) />
        <CheckControl id="mov" label="Margin of victory (FiveThirtyEight)" help="With points, multiply the change by ln(max(|margin|, 1) + 1) · 2.2 / (0.001 · winner's edge + 2.2): big wins count more, expected ones less."
            value=flag(s, |s| s.params.elo.mov == Mov::FiveThirtyEight) set=setter(s, |s, v| s.params.elo.mov = if v { Mov::FiveThirtyEight } else { Mov::Off }) />
        <NumberControl id="season-regression" label="Reversion between seasons" help="With a season column: the share of the way back to the mean a rating goes when its player first plays in a new season (FiveThirtyEight: ⅓)."
            min=0.0 max=1.0 step=0.05 value=number(s, |s| s.params.elo.season_regression) set=setter(s, |s, v| s.params.elo.season_regression = v) />
        <NumberControl id="season-mean" label="Mean between seasons" help="Where ratings revert to between seasons (the starting rating unless set)."
            min=-10000.0 max=10000.0 step=5.0 value=number(s, |s| s.params.elo.season_mean.unwrap_or(s.params.elo.initial)) set=setter(s, |s, v| s.params.elo.season_mean = Some(v)) />
        <CheckControl id="per-game" label="Each game's ratings" help="Keep every game's ratings before it and the expected result: a table under the ratings."
            value=flag(s, |s| s.params.elo.per_game) set=setter(s, |s, v| s.params.elo.per_game = v) />
    }
}

#[component]
fn MultiEloControls() -> impl IntoView {
    let s = expect_context::<State>().settings;
    view! {
        <NumberControl id="zeta" label="Scale ζ" help="A gap of ζ points means 10:1 odds (400 in chess)."
            min=1.0 max=2000.0 step=10.0 value=number(s, |s| s.params.multi_elo.zeta) set=setter(s, |s, v| s.params.multi_elo.zeta = v) />
        <NumberControl id="k" label="K factor" help="How far one event moves a rating."
            min=0.0 max=200.0 step=1.0 value=number(s, |s| s.params.multi_elo.k) set=setter(s, |s, v| s.params.multi_elo.k = v) />
        <NumberControl id="initial" label="Starting rating" help="Everyone's rating before their first event."
            min=-10000.0 max=10000.0 step=50.0 value=number(s, |s| s.params.multi_elo.initial) set=setter(s, |s, v| s.params.multi_elo.initial = v) />
    }
}

#[component]
fn JRankControls() -> impl IntoView {
    let s = expect_context::<State>().settings;
    view! {
        <NumberControl id="jrank-k" label="k" help="M(x) = (x + k)^p: k softens scores near zero."
            min=0.001 max=20.0 step=0.001 value=number(s, |s| s.params.jrank.k) set=setter(s, |s, v| s.params.jrank.k = v) />
        <NumberControl id="jrank-p" label="p" help="M(x) = (x + k)^p: p sets how much a margin counts."
            min=0.001 max=3.0 step=0.001 value=number(s, |s| s.params.jrank.p) set=setter(s, |s, v| s.params.jrank.p = v) />
        <NumberControl id="jrank-damping" label="Damping d" help="w ← (1 − d)·w + d·f(w): changes the speed, never the answer; 1 is the paper's plain step, which can oscillate forever."
            min=0.05 max=1.0 step=0.05 value=number(s, |s| s.params.jrank.damping) set=setter(s, |s, v| s.params.jrank.damping = v) />
        <Tolerance help="Stop when no log-strength changes by more than this in one iteration."
            value=number(s, |s| s.params.jrank.eps) set=setter(s, |s, v| s.params.jrank.eps = v) />
        <IterationCap help="Stop after this many iterations even if not converged."
            value=number(s, |s| s.params.jrank.max_iter as f64) set=setter(s, |s, v: f64| s.params.jrank.max_iter = v as usize) />
        <CheckControl id="jrank-fit" label="Fit k and p" help="Search a grid of (k, p) for the smallest squared error per game; shown as a heat map."
            value=flag(s, |s| s.params.jrank.fit) set=setter(s, |s, v| s.params.jrank.fit = v) />
        <NumberControl id="holdout" label="Held-out share" help="Fit on the earlier games and score the latest share of them (0 = fit and score on all: in-sample)."
            min=0.0 max=0.9 step=0.05 value=number(s, |s| s.params.jrank.holdout) set=setter(s, |s, v| s.params.jrank.holdout = v) />
    }
}

#[component]
fn AgaControls() -> impl IntoView {
    let s = expect_context::<State>().settings;
    view! {
        <CheckControl id="aga-by-event" label="Event by event" help="Rate tournament by tournament in date order, as the AGA does; off: one fit over all games."
            value=flag(s, |s| s.params.aga.by_event) set=setter(s, |s, v| s.params.aga.by_event = v) />
        <Tolerance help="Stop a fit when no rating's gradient exceeds this (largest |∂F/∂x|)."
            value=number(s, |s| s.params.aga.eps) set=setter(s, |s, v| s.params.aga.eps = v) />
        <IterationCap help="Newton iterations allowed per fit."
            value=number(s, |s| s.params.aga.max_iter as f64) set=setter(s, |s, v: f64| s.params.aga.max_iter = v as usize) />
    }
}

/// A method's parameters as the engine's registry declares them: each a control of its kind
/// with its label, help and range.
#[component]
fn RegistryControls(kind: MethodKind) -> impl IntoView {
    let s = expect_context::<State>().settings;
    registry::of(kind).into_iter().map(|p| control(s, p)).collect_view()
}

fn control(s: RwSignal<Settings>, p: registry::Param) -> AnyView {
    match p.access {
        Access::Number { min, max, step, slide, integer, get, set } => {
            let slide = match slide {
                registry::Slide::Linear => Slide::Linear,
                registry::Slide::Log10 => Slide::Log10,
            };
            view! {
                <NumberControl id=p.id label=p.label help=p.help min=min max=max step=step slide=slide integer=integer
                    value=Signal::derive(move || s.with(|s| get(&s.params))) set=Callback::new(move |v| s.update(|s| set(&mut s.params, v))) />
            }
            .into_any()
        }
        Access::Flag { get, set } => view! {
            <CheckControl id=p.id label=p.label help=p.help
                value=Signal::derive(move || s.with(|s| get(&s.params))) set=Callback::new(move |v| s.update(|s| set(&mut s.params, v))) />
        }
        .into_any(),
        Access::Choice { options, get, set } => {
            let options: Vec<Choice<&'static str>> = options().into_iter().map(|(name, label)| (name, name, label)).collect();
            view! {
                <ChoiceControl id=p.id label=p.label help=p.help options=options
                    value=Signal::derive(move || s.with(|s| get(&s.params)))
                    set=Callback::new(move |v: &'static str| s.update(|s| { set(&mut s.params, v); })) />
            }
            .into_any()
        }
    }
}
