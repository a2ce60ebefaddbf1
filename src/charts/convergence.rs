//! The convergence chart: per step, the two quantities the method's trace measures (named by
//! its [`Measures`]: for Brent the relative change and the residual of (11), for JRank the
//! change of a log-strength and |f(w) − w|, for AGA the Newton step and the gradient), on a
//! log scale, with the method's own tolerance as a line.

use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use ratings_engine::methods::report::IterationRecord as TraceEntry;
use ratings_engine::{Measures, Quantity};
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
fn y_range(trace: &[TraceEntry], eps: f64) -> (f64, f64) {
    let values = trace.iter().flat_map(|t| [t.change, t.residual]).chain([eps]).filter(|v| v.is_finite() && *v > 0.0);
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if lo > hi {
        return (1e-12, 1.0);
    }
    // At least three decades, so that a short trace's ticks do not pile up.
    ((lo / 3.0).max(1e-17), (hi * 3.0).min(1e4).max(lo * 1e3))
}

/// Draws the chart; `current` marks a step (the step-by-step view).
pub fn draw(canvas: &HtmlCanvasElement, trace: &[TraceEntry], measures: &Measures, current: Option<usize>) -> Result<(), String> {
    let eps = measures.tolerance.map_or(f64::NAN, |(_, t)| t);
    if super::fit(canvas, HEIGHT).is_none() {
        return Ok(());
    }
    let backend = CanvasBackend::with_canvas_object(canvas.clone()).ok_or("no 2D context")?;
    let root = backend.into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let last = trace.last().map_or(1, |t| t.iteration).max(2);
    let (lo, hi) = y_range(trace, eps);
    let mut chart = ChartBuilder::on(&root)
        .margin(10)
        .x_label_area_size(40)
        .y_label_area_size(72)
        .build_cartesian_2d(1usize..last, (lo..hi).log_scale())
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(measures.step.as_str())
        .y_desc("size (log scale)")
        .y_label_formatter(&|v| super::tick(*v))
        .label_style(("sans-serif", 12))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| e.to_string())?;
    let positive = |v: f64| v.is_finite() && v > 0.0;
    let change: Vec<(usize, f64)> = trace.iter().filter(|t| positive(t.change)).map(|t| (t.iteration, t.change)).collect();
    // The residual belongs to the iterate a step started from: iterate k − 1 for step k.
    let residual: Vec<(usize, f64)> =
        trace.iter().filter(|t| positive(t.residual) && t.iteration > 1).map(|t| (t.iteration - 1, t.residual)).collect();
    let blue = RGBColor(31, 100, 180);
    let orange = RGBColor(220, 110, 20);
    chart
        .draw_series(LineSeries::new(change, blue.stroke_width(2)))
        .map_err(|e| e.to_string())?
        .label(label(measures, Quantity::Change))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], blue.stroke_width(2)));
    chart
        .draw_series(LineSeries::new(residual, orange.stroke_width(2)))
        .map_err(|e| e.to_string())?
        .label(label(measures, Quantity::Residual))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], orange.stroke_width(2)));
    if positive(eps) {
        let grey = RGBColor(120, 120, 120);
        chart
            .draw_series(LineSeries::new(vec![(1, eps), (last, eps)], grey.stroke_width(1)))
            .map_err(|e| e.to_string())?
            .label(tolerance_label(measures))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], grey));
    }
    if let Some(k) = current.filter(|&k| k >= 1 && k <= last) {
        chart.draw_series(LineSeries::new(vec![(k, lo), (k, hi)], RGBColor(200, 30, 60).stroke_width(1))).map_err(|e| e.to_string())?;
    }
    super::legend(&mut chart, SeriesLabelPosition::UpperRight)?;
    root.present().map_err(|e| e.to_string())
}
