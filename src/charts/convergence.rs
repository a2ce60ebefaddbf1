//! The convergence chart: per step, the two quantities the method's trace measures (named by
//! its [`Measures`]: for Brent the relative change and the residual of (11), for JRank the
//! change of a log-strength and |f(w) − w|, for AGA the Newton step and the gradient), on a
//! log scale, with the method's own tolerance as a line.

use crate::core::engine::methods::rating::IterationRecord as TraceEntry;
use crate::core::engine::{Fits, Measures, Quantity};
use plotters::prelude::*;
use web_sys::HtmlCanvasElement;

pub const HEIGHT: u32 = 240;

/// A series' name, marked when the tolerance applies to it.
fn label(m: &Measures, q: Quantity) -> String {
    let name = match q {
        Quantity::Change => &m.change,
        Quantity::Residual => &m.residual,
    };
    match m.tolerance {
        Some((on, _)) if on == q => format!("{name} (stops below ε)"),
        _ => name.clone(),
    }
}

fn tolerance_label(m: &Measures) -> String {
    m.tolerance.map(|(_, t)| format!("tolerance ε = {t:.0e}")).unwrap_or_default()
}

/// The y range: all positive values shown, within [1e-17, 1e4].
pub fn y_range(trace: &[TraceEntry], eps: f64) -> (f64, f64) {
    let values = trace.iter().flat_map(|t| [t.change, t.residual]).chain([eps]).filter(|v| v.is_finite() && *v > 0.0);
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if lo > hi {
        return (1e-12, 1.0);
    }
    // At least three decades, so that a short trace's ticks do not pile up; the tolerance a
    // decade above the bottom, so that its line is not lost in the axis (a trace stops just
    // below it).
    let lo = (lo / 3.0).min(if eps.is_finite() && eps > 0.0 { eps / 10.0 } else { f64::MAX });
    (lo.max(1e-17), (hi * 3.0).min(1e4).max(lo * 1e3))
}

/// Whether the trace has a line to draw (two points of one quantity): a fit that converges at
/// its first step has none, and the page says so in words instead of an empty chart.
pub fn plottable(trace: &[TraceEntry]) -> bool {
    let positive = |v: f64| v.is_finite() && v > 0.0;
    trace.iter().filter(|t| positive(t.change)).count() >= 2
        || trace.iter().filter(|t| positive(t.residual) && t.iteration > 1).count() >= 2
}

/// One fit's line of each quantity, as the chart draws it.
#[derive(Debug, PartialEq)]
pub struct Line {
    /// Each step's change, at its step.
    pub change: Vec<(usize, f64)>,
    /// The residual of the iterate each step started from: iterate k − 1 for step k. The
    /// fit's start is no step on the axis, so its first step's residual is not drawn.
    pub residual: Vec<(usize, f64)>,
}

/// The lines to draw: one for the whole trace, or one for each fit of a trace of fits apart
/// (the AGA's events), so that no line joins the end of one fit to the start of the next as if
/// it were a step. Only positive values are drawn (a log scale).
pub fn lines(trace: &[TraceEntry], fits: Fits) -> Vec<Line> {
    let positive = |v: f64| v.is_finite() && v > 0.0;
    let line = |fit: &[TraceEntry]| Line {
        change: fit.iter().filter(|t| positive(t.change)).map(|t| (t.iteration, t.change)).collect(),
        residual: fit.iter().skip(1).filter(|t| positive(t.residual)).map(|t| (t.iteration - 1, t.residual)).collect(),
    };
    match fits {
        Fits::One => vec![line(trace)],
        Fits::Apart => trace.chunk_by(|a, b| a.outer == b.outer).map(line).collect(),
    }
}

/// Draws the chart; `current` marks a step (the step-by-step view). The legend is below the
/// plot, one series a line, where it covers no curve at any width.
pub fn draw(canvas: &HtmlCanvasElement, trace: &[TraceEntry], measures: &Measures, current: Option<usize>) -> Result<(), String> {
    let eps = measures.tolerance.map_or(f64::NAN, |(_, t)| t);
    let positive = |v: f64| v.is_finite() && v > 0.0;
    let blue = RGBColor(31, 100, 180);
    let orange = RGBColor(220, 110, 20);
    let grey = RGBColor(120, 120, 120);
    let mut entries = vec![(label(measures, Quantity::Change), blue, 2), (label(measures, Quantity::Residual), orange, 2)];
    if positive(eps) {
        entries.push((tolerance_label(measures), grey, 1));
    }
    let Some((root, rows)) = super::area_with_legend(canvas, HEIGHT, &entries)? else { return Ok(()) };
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (root, legend) = root.split_vertically(HEIGHT);
    let last = trace.last().map_or(1, |t| t.iteration).max(2);
    let (lo, hi) = y_range(trace, eps);
    let narrow = root.dim_in_pixel().0 < super::NARROW;
    let mut chart = ChartBuilder::on(&root)
        .margin(10)
        // Room for the top tick's label when the range ends on a decade.
        .margin_top(18)
        .x_label_area_size(40)
        .y_label_area_size(if narrow { 60 } else { 72 })
        .build_cartesian_2d(1usize..last, (lo..hi).log_scale())
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(measures.step.as_str())
        .y_desc("size (log scale)")
        .y_label_formatter(&|v| super::tick(*v))
        .label_style((FontFamily::SansSerif, super::TEXT))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| e.to_string())?;
    for line in lines(trace, measures.fits) {
        for (points, colour) in [(line.change, blue), (line.residual, orange)] {
            // A fit of one step is a dot: there is no line to draw, and it must not vanish.
            if let [point] = points[..] {
                chart.draw_series([Circle::new(point, 3, colour.filled())]).map_err(|e| e.to_string())?;
            }
            chart.draw_series(LineSeries::new(points, colour.stroke_width(2))).map_err(|e| e.to_string())?;
        }
    }
    if positive(eps) {
        chart.draw_series(LineSeries::new(vec![(1, eps), (last, eps)], grey.stroke_width(1))).map_err(|e| e.to_string())?;
    }
    if let Some(k) = current.filter(|&k| k >= 1 && k <= last) {
        chart.draw_series(LineSeries::new(vec![(k, lo), (k, hi)], RGBColor(200, 30, 60).stroke_width(1))).map_err(|e| e.to_string())?;
    }
    super::legend_below(&legend, &rows)?;
    root.present().map_err(|e| e.to_string())
}
