//! What the organiser's tables (standings, crosstable, pairings, team standings) share, kept
//! below all of them so none imports another for it: how points and tiebreak values are
//! written, a withdrawn or expelled player's mark beside the name, and how a chip moves in an
//! order of tiebreaks (by drag or by key).

use crate::core::engine::tiebreak::Tiebreak;
use crate::core::protocol::StandingRowView;
use leptos::prelude::*;

/// Beside a name, on screen and in print: "(withdrawn from round 4)", "(expelled from round
/// 4)" (FIDE's checklist Q170), "(withdrawn from round 4; not counted)" for a round robin's
/// player who left under half of their games (C.06 V.4a).
pub fn departure_tag(row: &StandingRowView) -> Option<impl IntoView> {
    let text = match (row.departure, row.not_counted) {
        (Some(d), true) => format!(" ({}; not counted)", d.text()),
        (Some(d), false) => format!(" ({})", d.text()),
        (None, true) => " (left; not counted)".to_string(),
        (None, false) => return None,
    };
    Some(view! { <span class="departure" data-testid="departure">{text}</span> })
}

/// Points as arbiters write them: `3`, `3½` (the engine's crosstable writes them so too).
pub use crate::core::engine::tiebreak::crosstable::points as fmt_points;

/// A tiebreak value as arbiters write it: ratings and the pairing number whole, half points
/// with one decimal, averages with two.
pub fn fmt_value(code: Tiebreak, v: Option<f64>) -> String {
    let Some(v) = v.filter(|v| v.is_finite()) else { return "—".into() };
    match code {
        Tiebreak::Eig => format!("{v:.1}"),
        Tiebreak::Aro
        | Tiebreak::AroC1
        | Tiebreak::Tpr
        | Tiebreak::Ptp
        | Tiebreak::Apro
        | Tiebreak::Appo
        | Tiebreak::Rtng
        | Tiebreak::RtngR
        | Tiebreak::Tpn
        | Tiebreak::TpnR => {
            format!("{v:.0}")
        }
        _ if (v * 2.0).fract().abs() < 1e-9 => format!("{v:.1}"),
        _ => format!("{v:.2}"),
    }
}

/// Moves the tiebreak at `from` to `to` in the order.
pub fn moved<T: Clone>(order: &[T], from: usize, to: usize) -> Vec<T> {
    let mut v = order.to_vec();
    if from < v.len() && to < v.len() {
        let item = v.remove(from);
        v.insert(to, item);
    }
    v
}

/// What a key does to tiebreak `i` of `n` when its chip has the focus: `Some(Some(to))` moves
/// it to place `to` (arrows one place, Home and End to either end), `Some(None)` removes it
/// (Delete, Backspace), `None` is any other key.
pub fn chip_key(key: &str, i: usize, n: usize) -> Option<Option<usize>> {
    match key {
        "ArrowLeft" | "ArrowUp" if i > 0 => Some(Some(i - 1)),
        "ArrowRight" | "ArrowDown" if i + 1 < n => Some(Some(i + 1)),
        "Home" if i > 0 => Some(Some(0)),
        "End" if i + 1 < n => Some(Some(n - 1)),
        "Delete" | "Backspace" => Some(None),
        _ => None,
    }
}
