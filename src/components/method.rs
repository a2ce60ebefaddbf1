//! The method panel: the method picker, and each method's parameters (every parameter a
//! method has), each a labelled control with a one-line explanation, made from the engine's
//! registry (`crate::core::engine::methods::registry`): its labels, help, ranges and defaults.
//! Brent's γ alone is written here (on a tournament it follows the EIG tiebreak's rule), with
//! Brent's display scale, which is the view's, not the method's.

use super::controls::{CheckControl, Choice, ChoiceControl, NumberControl, Slide};
use crate::core::engine::methods::registry::{self, Access};
use crate::core::engine::{MethodKind, ScaleKind};
use crate::core::protocol::Settings;
use crate::state::State;
use crate::storage::Kept;
use leptos::prelude::*;

/// A number from the settings, as a signal.
fn number(s: RwSignal<Settings>, get: fn(&Settings) -> f64) -> Signal<f64> {
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
            // Every other method's panel is made from the engine's registry.
            {move || {
                let k = method.get();
                (k != MethodKind::Brent).then(|| view! { <RegistryControls kind=k /> })
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
    // The registry's controls, but γ's: on a tournament it follows the EIG tiebreak's rule.
    let gamma = registry::find(MethodKind::Brent, "gamma").map(|p| (p.label, p.help));
    let (label, help) = gamma.unwrap_or(("Dummy player γ", ""));
    view! {
        <RegistryControls kind=MethodKind::Brent only=&["variant", "sigma"] />
        <NumberControl id="gamma" label=label help=help
            min=0.0 max=5.0 step=0.05 value=gamma_shown(state) set=setter(s, |s, v| {
                s.params.brent.gamma = v;
                s.gamma_as_eig = false;
            }) />
        {move || gamma_note(state)}
        <RegistryControls kind=MethodKind::Brent only=&["eps", "max-iter"] />
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

/// A method's parameters as the engine's registry declares them: each a control of its kind
/// with its label, help and range.
#[component]
fn RegistryControls(
    kind: MethodKind,
    /// These parameters only, by id (all when empty).
    #[prop(default = &[])]
    only: &'static [&'static str],
) -> impl IntoView {
    let s = expect_context::<State>().settings;
    registry::of(kind).into_iter().filter(|p| only.is_empty() || only.contains(&p.id)).map(|p| control(s, p)).collect_view()
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
