//! Labelled controls with a one-line explanation: a slider and a number box kept in step, and
//! a choice from a list; and [`NumberField`], the one way the app takes a number (the settings'
//! boxes, the compare and prediction views'), with a clear message for a value it cannot use.

use crate::core::shown::shown_number;
use leptos::leptos_dom::helpers::{set_timeout_with_handle, TimeoutHandle};
use leptos::prelude::*;
use std::time::Duration;

/// How long typing in a number box pauses before the value applies (Enter or leaving the
/// box applies it at once).
const TYPING_PAUSE: Duration = Duration::from_millis(250);

/// `v` on the slider's grid of `step`s, without the binary fractions that multiplying by the
/// step leaves (3.55, not 3.5500000000000003).
fn on_grid(v: f64, step: f64) -> f64 {
    let decimals = (0..10).find(|&d| {
        let scaled = step * 10f64.powi(d);
        (scaled - scaled.round()).abs() < 1e-9
    });
    let snapped = (v / step).round() * step;
    match decimals {
        Some(d) => (snapped * 10f64.powi(d)).round() / 10f64.powi(d),
        None => snapped,
    }
}

/// How the slider maps to the value.
#[derive(Clone, Copy, PartialEq)]
pub enum Slide {
    Linear,
    /// The slider moves the base-10 exponent (for tolerances).
    Log10,
}

/// A typed value, if it is one the field takes (finite, within `min..=max`, whole when
/// `integer`), else what was expected, in words.
fn read_number(raw: &str, label: &str, (min, max): (f64, f64), integer: bool) -> Result<f64, String> {
    match parse_number(raw.trim()) {
        Some(v) if v.is_finite() && v >= min && v <= max && (!integer || v.fract() == 0.0) => Ok(v),
        _ => {
            let what = if integer { "a whole number" } else { "a number" };
            let range = match (min.is_finite(), max.is_finite()) {
                (true, true) => format!(" from {min} to {max}"),
                (true, false) => format!(" of at least {min}"),
                (false, true) => format!(" of at most {max}"),
                (false, false) => String::new(),
            };
            Err(format!("{label}: expected {what}{range}, found '{}'", raw.trim()))
        }
    }
}

/// A decimal number as Rust's `f64::from_str` reads one (digits, a point, a sign, an exponent),
/// read by the browser: Rust's reader and its tables are 13 KB gzipped of the page's main part
/// (issue 24). The browser's `Number` reads every such text to the same (nearest) value, and
/// more besides (hexadecimal, blanks as 0), which the characters allowed here leave out.
pub fn parse_number(text: &str) -> Option<f64> {
    let allowed = |c: char| c.is_ascii_digit() || matches!(c, '.' | '+' | '-' | 'e' | 'E');
    if !text.bytes().any(|b| b.is_ascii_digit()) || !text.chars().all(allowed) {
        return None;
    }
    Some(js_number(text)).filter(|v| !v.is_nan())
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The browser's `Number(text)`: the number a text reads as (`NaN` when none).
    #[wasm_bindgen(js_name = Number)]
    fn js_number(text: &str) -> f64;
}

/// The pause after typing: what to do once it is over, and whether one is under way.
#[derive(Clone, Copy)]
struct Pause {
    pending: StoredValue<Option<TimeoutHandle>, LocalStorage>,
    typing: RwSignal<bool>,
}

impl Pause {
    fn new() -> Pause {
        Pause { pending: StoredValue::new_local(None), typing: RwSignal::new(false) }
    }

    /// Forgets the pause under way, if any.
    fn settle(self) {
        if let Some(h) = self.pending.get_value() {
            h.clear();
        }
        self.pending.set_value(None);
        self.typing.set(false);
    }

    /// Starts the pause again, `apply` to run at its end.
    fn then(self, apply: impl FnOnce() + 'static) {
        self.settle();
        self.typing.set(true);
        let done = move || {
            self.typing.set(false);
            apply();
        };
        self.pending.set_value(set_timeout_with_handle(done, TYPING_PAUSE).ok());
    }
}

/// A number box: the value shown (as [`shown_number`]), a typed one applied after a short
/// pause or at once on Enter or on leaving the box, when it is one the field takes (see
/// [`read_number`]; otherwise the message `{testid}-error` says what was expected and the
/// value stays); the arrow keys move it by `step`, within `min..=max`. The caller labels it
/// (a `<label for=id>` or one around it).
#[component]
pub fn NumberField(
    #[prop(into)] testid: String,
    /// The box's element id, for a `<label for>`.
    #[prop(optional, into)]
    id: Option<String>,
    /// The quantity's name, in the message.
    label: &'static str,
    #[prop(default = f64::NEG_INFINITY)] min: f64,
    #[prop(default = f64::INFINITY)] max: f64,
    /// What an arrow key adds or takes away (none: the arrow keys do nothing).
    #[prop(default = None)]
    step: Option<f64>,
    #[prop(default = false)] integer: bool,
    #[prop(default = false)] exponent: bool,
    value: Signal<f64>,
    set: Callback<f64>,
    /// Cleared when the value changes elsewhere (the slider beside the box).
    #[prop(optional)]
    problem: Option<RwSignal<Option<String>>>,
) -> impl IntoView {
    let problem = problem.unwrap_or_else(|| RwSignal::new(None));
    let pause = Pause::new();
    let typing = pause.typing;
    let accept = move |raw: String| match read_number(&raw, label, (min, max), integer) {
        Ok(v) => {
            problem.set(None);
            set.run(v);
        }
        Err(message) => problem.set(Some(message)),
    };
    let arrow = move |ev: web_sys::KeyboardEvent| {
        let by = match ev.key().as_str() {
            "ArrowUp" => 1.0,
            "ArrowDown" => -1.0,
            _ => return,
        };
        if let Some(step) = step {
            ev.prevent_default();
            pause.settle();
            problem.set(None);
            set.run(on_grid(value.get_untracked() + by * step, step).clamp(min, max));
        }
    };
    let error_id = format!("{testid}-error");
    // The text shown changes only when the value does: a signal that merely notifies (a new
    // result re-derives γ as shown) must not put back the old value over what is being typed.
    let shown = Memo::new(move |_| shown_number(value.get(), integer, exponent));
    view! {
        <input
            type="text"
            inputmode=if integer { "numeric" } else { "decimal" }
            class="number-field"
            id=id
            data-testid=testid
            prop:value=move || shown.get()
            class:pending=move || typing.get()
            aria-invalid=move || problem.with(Option::is_some).then_some("true")
            title=move || typing.get().then_some("applies after a short pause, or on Enter")
            on:input=move |ev| {
                let raw = event_target_value(&ev);
                pause.then(move || accept(raw));
            }
            on:change=move |ev| {
                pause.settle();
                accept(event_target_value(&ev))
            }
            on:keydown=arrow
        />
        {move || problem.get().map(|p| view! { <span class="error field-error" role="alert" data-testid=error_id.clone()>{p}</span> })}
    }
}

/// A number with its slider (linear, or in powers of ten), its label and explanation.
#[component]
pub fn NumberControl(
    id: &'static str,
    label: &'static str,
    help: &'static str,
    min: f64,
    max: f64,
    step: f64,
    #[prop(default = Slide::Linear)] slide: Slide,
    #[prop(default = false)] integer: bool,
    value: Signal<f64>,
    set: Callback<f64>,
) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let to_slider = move |v: f64| match slide {
        Slide::Linear => v,
        Slide::Log10 => v.log10(),
    };
    let from_slider = move |v: f64| match slide {
        Slide::Linear => v,
        Slide::Log10 => 10f64.powf(v),
    };
    // The slider's positions are whole steps from 0 (ζ's 400 is a position though its least
    // value is 1); a position below the least value gives the least value.
    let (lo, hi) = match slide {
        Slide::Linear => ((min / step).floor() * step, max),
        Slide::Log10 => (to_slider(min), to_slider(max)),
    };
    // The slider's top is no limit for the box: a value beyond it (a larger cap) is typed.
    let arrows = (slide == Slide::Linear).then_some(step);
    view! {
        <div class="control">
            <label for=format!("{id}-number")>{label}</label>
            <input
                type="range"
                data-testid=format!("{id}-range")
                aria-label=label
                min=lo
                max=hi
                step=if slide == Slide::Log10 { 1.0 } else { step }
                prop:value=move || to_slider(value.get()).clamp(lo, hi).to_string()
                on:input=move |ev| {
                    if let Some(v) = parse_number(&event_target_value(&ev)) {
                        let v = from_slider(v);
                        problem.set(None);
                        set.run(if slide == Slide::Log10 { v } else { on_grid(v, step).max(min) });
                    }
                }
            />
            <NumberField testid=id id=format!("{id}-number") label=label min=min step=arrows integer=integer
                exponent=slide == Slide::Log10 value=value set=set problem=problem />
            <p class="help">{help}</p>
        </div>
    }
}

/// One choice of a [`ChoiceControl`]: the value, its name in the page (what a test
/// selects), and its text.
pub type Choice<T> = (T, &'static str, &'static str);

/// A labelled choice of a typed value from a fixed list.
#[component]
pub fn ChoiceControl<T>(
    id: &'static str,
    label: &'static str,
    help: &'static str,
    options: Vec<Choice<T>>,
    value: Signal<T>,
    set: Callback<T>,
) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    let options = StoredValue::new(options);
    let pick = move |name: String| options.with_value(|o| o.iter().find(|c| c.1 == name).map(|c| c.0));
    // The chosen option's words when its menu shows them short: below the select, whole.
    let detail = move || {
        let text = options.with_value(|o| o.iter().find(|c| c.0 == value.get()).map(|c| c.2))?;
        (short(text) != text).then_some(text)
    };
    let (detail_id, help_id) = (format!("{id}-detail"), format!("{id}-help"));
    let described = format!("{detail_id} {help_id}");
    view! {
        <div class="control">
            <label for=id>{label}</label>
            <select id=id data-testid=id aria-describedby=described on:change=move |ev| {
                if let Some(v) = pick(event_target_value(&ev)) {
                    set.run(v);
                }
            }>
                // Each option says whether it is chosen: a select's value set before its options
                // exist would not stick (settings restored from storage).
                {options.with_value(|o| o.iter().map(|&(v, name, text)| view! {
                    <option value=name prop:selected=move || value.get() == v>{short(text)}</option>
                }).collect_view())}
            </select>
            <p class="help choice-detail" id=detail_id.clone() data-testid=detail_id class:hidden=move || detail().is_none()>{detail}</p>
            <p class="help" id=help_id>{help}</p>
        </div>
    }
}

/// An option's words as its menu shows them: up to " — " or ": ", where a longer explanation
/// follows ("Automatic — Algorithm 1 up to 400 players …"), so that a select on a phone shows
/// its choice whole; [`ChoiceControl`] says the rest below it.
pub fn short(text: &str) -> &str {
    text.split_once(" — ").or_else(|| text.split_once(": ")).map_or(text, |(head, _)| head)
}

/// A labelled on/off choice with its explanation.
#[component]
pub fn CheckControl(id: &'static str, label: &'static str, help: &'static str, value: Signal<bool>, set: Callback<bool>) -> impl IntoView {
    view! {
        <div class="control check">
            <label>
                <input type="checkbox" data-testid=id prop:checked=move || value.get() on:change=move |ev| set.run(event_target_checked(&ev)) />
                " "
                {label}
            </label>
            <p class="help">{help}</p>
        </div>
    }
}
