//! The charts in words: each canvas's text alternative (its `aria-label`), for screen readers
//! and anyone who cannot see the drawing. The tables beside the charts hold every value.

use crate::core::engine::methods::rating::IterationRecord;
use crate::core::engine::{Fits, Measures};

/// How many players a summary names.
const NAMED: usize = 3;

/// "A 1789.1, B 1758.7, C 1717.3" for the first few of `items`.
fn list(items: &[String]) -> String {
    items.iter().take(NAMED).cloned().collect::<Vec<_>>().join(", ")
}

/// The ratings chart: who leads, who is last of those drawn, and where the rest are.
pub fn ratings(players: &[(String, Option<f64>, Option<f64>)], max_shown: usize, axis: Option<(&str, (f64, f64))>) -> String {
    let axis = axis.map_or(String::new(), |(title, (lo, hi))| {
        let d = if hi - lo < 20.0 { 1 } else { 0 };
        format!(" Axis: {title}, {lo:.d$} to {hi:.d$}.")
    });
    ratings_named(players, max_shown) + &axis
}

fn ratings_named(players: &[(String, Option<f64>, Option<f64>)], max_shown: usize) -> String {
    let rated: Vec<String> =
        players.iter().filter_map(|(n, r, _)| r.filter(|v| v.is_finite()).map(|r| format!("{n} {r:.1}"))).take(max_shown).collect();
    match rated.as_slice() {
        [] => "Ratings chart: nothing rated yet.".into(),
        [only] => format!("Ratings chart: {only}."),
        [.., last] => format!(
            "Ratings chart of the best {}, best first, with ±1σ bars where known: {}{}, down to {last}. The ratings table has every value.",
            rated.len(),
            list(&rated),
            if rated.len() > NAMED + 1 { " …" } else { "" },
        ),
    }
}

/// The convergence chart: what it plots, and where the trace ended.
pub fn convergence(trace: &[IterationRecord], m: &Measures) -> String {
    let what = format!("Convergence chart, log scale: the {} and the {} per {}", m.change, m.residual, m.step);
    match trace.last() {
        None => format!("{what}."),
        Some(r) => {
            let fits = match m.fits {
                Fits::One => String::new(),
                Fits::Apart => format!(" in {} fits, each a line of its own", trace.chunk_by(|a, b| a.outer == b.outer).count()),
            };
            format!("{what}; {} {}s{fits}, the last at {:.1e} and {:.1e}.", trace.len(), m.step, r.change, r.residual)
        }
    }
}

/// The rating history chart: what its axis counts, and each line's first and last rating.
pub fn history(
    series: &[(String, Vec<crate::core::history::HistoryRow>)],
    max_lines: usize,
    axis: crate::core::history::HistoryAxis,
) -> String {
    let lines: Vec<String> = series
        .iter()
        .filter_map(|(name, h)| Some(format!("{name} from {:.0} to {:.0}", h.first()?.rating, h.last()?.rating)))
        .take(max_lines)
        .collect();
    if lines.is_empty() {
        return "Rating history chart: no history.".into();
    }
    let xs = series.iter().flat_map(|(_, h)| h.iter().map(|p| p.x));
    let (first, last) = xs.fold((i64::MAX, i64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    format!(
        "Rating history of the leading players by {}, {} to {}, each rating held until the player's next game: {}.",
        axis.title(),
        axis.label(first),
        axis.label(last),
        lines.join("; ")
    )
}
