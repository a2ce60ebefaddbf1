//! The race chart (each iteration's stopping quantity per iteration, on a log scale, each
//! with its own tolerance) and the σ sweep chart (Algorithm 1's iterations to converge
//! against σ; runs stopped at the cap drawn apart, as crosses).

use crate::core::engine::methods::race::{Curve, SweepPoint};
use plotters::prelude::*;
use web_sys::HtmlCanvasElement;

pub const HEIGHT: u32 = 300;

/// The curves' colours, in the order of the race (colour-blind safe: Okabe–Ito).
pub const COLOURS: [RGBColor; 4] = [RGBColor(0, 114, 178), RGBColor(213, 94, 0), RGBColor(0, 158, 115), RGBColor(204, 121, 167)];

/// The same colours for the page (the table's swatches).
pub fn css(k: usize) -> String {
    let RGBColor(r, g, b) = COLOURS[k % COLOURS.len()];
    format!("rgb({r}, {g}, {b})")
}

fn positive(v: f64) -> bool {
    v.is_finite() && v > 0.0
}

/// Draws the race; `selected` is drawn thicker. Returns each curve's points in canvas
/// pixels (for clicking a curve), or `None` while the canvas is not displayed.
pub fn draw(canvas: &HtmlCanvasElement, curves: &[Curve], selected: Option<usize>) -> Result<Option<Vec<Vec<(i32, i32)>>>, String> {
    let legend_height = LEGEND_ROW * curves.len() as u32 + 8;
    let Some(root) = super::area(canvas, HEIGHT + legend_height)? else { return Ok(None) };
    let width = root.dim_in_pixel().0;
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    // The legend below the plot, one curve a line: it never covers a curve.
    let (root, legend) = root.split_vertically(HEIGHT);
    draw_legend(&legend, curves, width < 500)?;
    let last = curves.iter().map(|c| c.points.len()).max().unwrap_or(1).max(2);
    let values = curves.iter().flat_map(|c| c.points.iter().map(|p| p.1).chain([c.tolerance])).filter(|v| positive(*v));
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (lo, hi) = if lo > hi { (1e-12, 1.0) } else { ((lo / 3.0).max(1e-17), (hi * 3.0).max(lo * 1e3)) };
    // A log x axis when one curve is far longer than another (iteration (14) against (13)).
    let mut chart = ChartBuilder::on(&root)
        .margin(10)
        .x_label_area_size(40)
        .y_label_area_size(if width < 500 { 56 } else { 72 })
        .build_cartesian_2d((1usize..last).log_scale(), (lo..hi).log_scale())
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("iteration (log scale)")
        .y_desc("stopping quantity (log)")
        .y_label_formatter(&|v| super::tick(*v))
        .label_style((FontFamily::SansSerif, super::TEXT))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| e.to_string())?;
    let mut pixels = Vec::new();
    for (k, c) in curves.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let width = if selected == Some(k) { 4 } else { 2 };
        let points: Vec<(usize, f64)> = c.points.iter().copied().filter(|p| positive(p.1)).collect();
        pixels.push(points.iter().map(|p| chart.backend_coord(p)).collect());
        chart.draw_series(LineSeries::new(points, colour.stroke_width(width))).map_err(|e| e.to_string())?;
        if positive(c.tolerance) {
            let tol = vec![(1, c.tolerance), (last, c.tolerance)];
            chart.draw_series(LineSeries::new(tol, colour.mix(0.6).stroke_width(1))).map_err(|e| e.to_string())?;
        }
    }
    root.present().map_err(|e| e.to_string())?;
    Ok(Some(pixels))
}

/// Height of a legend line, in pixels.
const LEGEND_ROW: u32 = 20;

/// Each curve's colour, name and quantity, and what the thin lines are.
fn draw_legend(area: &DrawingArea<super::Crisp, plotters::coord::Shift>, curves: &[Curve], narrow: bool) -> Result<(), String> {
    let font = (FontFamily::SansSerif, super::TEXT).into_font().color(&BLACK);
    for (k, c) in curves.iter().enumerate() {
        let y = 4 + (k as u32 * LEGEND_ROW) as i32 + 8;
        let colour = COLOURS[k % COLOURS.len()];
        area.draw(&PathElement::new(vec![(16, y), (40, y)], colour.stroke_width(3))).map_err(|e| e.to_string())?;
        let text = format!("{}: {} (thin line: its tolerance {:.0e})", c.title, c.quantity, c.tolerance);
        let text = if narrow { format!("{}: {}", c.title, c.quantity) } else { text };
        area.draw(&Text::new(text, (48, y - 7), font.clone())).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Which curve a click at (x, y) (canvas pixels) is on: the nearest within 12 pixels.
pub fn hit(pixels: &[Vec<(i32, i32)>], x: i32, y: i32) -> Option<usize> {
    let dist = |&(px, py): &(i32, i32)| ((px - x) as f64).hypot((py - y) as f64);
    let near = |c: &Vec<(i32, i32)>| {
        let direct = c.iter().map(dist).fold(f64::MAX, f64::min);
        // Between points on a segment too.
        let seg = c.windows(2).map(|w| segment(w[0], w[1], (x, y))).fold(f64::MAX, f64::min);
        direct.min(seg)
    };
    pixels.iter().enumerate().map(|(k, c)| (k, near(c))).filter(|(_, d)| *d <= 12.0).min_by(|a, b| a.1.total_cmp(&b.1)).map(|(k, _)| k)
}

fn segment(a: (i32, i32), b: (i32, i32), p: (i32, i32)) -> f64 {
    let (ax, ay, bx, by, px, py) = (a.0 as f64, a.1 as f64, b.0 as f64, b.1 as f64, p.0 as f64, p.1 as f64);
    let (dx, dy) = (bx - ax, by - ay);
    let len = dx * dx + dy * dy;
    let t = if len > 0.0 { (((px - ax) * dx + (py - ay) * dy) / len).clamp(0.0, 1.0) } else { 0.0 };
    (px - ax - t * dx).hypot(py - ay - t * dy)
}

/// Round numbers (1, 2, 5 × 10^k) from `lo` to `hi`, for a log axis's labels: plotters labels
/// only the powers of ten, and a sweep's iterations (say 25 to 80) often hold none.
pub fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let mut ticks = Vec::new();
    if !(lo.is_finite() && hi.is_finite() && lo > 0.0 && hi > lo) {
        return ticks;
    }
    let mut decade = 10f64.powf(lo.log10().floor());
    while decade <= hi && ticks.len() < 40 {
        for m in [1.0, 2.0, 5.0] {
            let v = m * decade;
            if v >= lo && v <= hi {
                ticks.push(v);
            }
        }
        decade *= 10.0;
    }
    ticks
}

/// Draws the σ sweep: converged runs as dots on a line, runs stopped at `cap` as crosses; the
/// legend below the plot, where it covers no point.
pub fn draw_sweep(canvas: &HtmlCanvasElement, sweep: &[SweepPoint], cap: usize) -> Result<(), String> {
    let capped: Vec<(f64, f64)> = sweep.iter().filter(|p| !p.converged).map(|p| (p.sigma, p.iterations.max(1) as f64)).collect();
    let legend_rows = if capped.is_empty() { 1 } else { 2 };
    let Some(root) = super::area(canvas, 240 + LEGEND_ROW * legend_rows + 8)? else { return Ok(()) };
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (root, legend) = root.split_vertically(240);
    let top = sweep.iter().map(|p| p.iterations).max().unwrap_or(10).max(10) as f64 * 2.0;
    let bottom = sweep.iter().map(|p| p.iterations).min().unwrap_or(1).max(1) as f64 / 2.0;
    let mut chart = ChartBuilder::on(&root)
        .margin(10)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(-0.02f64..1.02f64, (bottom..top).log_scale().with_key_points(log_ticks(bottom, top)))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("damping σ")
        .y_desc("iterations (log)")
        .y_label_formatter(&|v| format!("{v:.0}"))
        .label_style((FontFamily::SansSerif, super::TEXT))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| e.to_string())?;
    let blue = COLOURS[0];
    let red = RGBColor(200, 30, 60);
    let done: Vec<(f64, f64)> = sweep.iter().filter(|p| p.converged).map(|p| (p.sigma, p.iterations as f64)).collect();
    chart.draw_series(LineSeries::new(done.clone(), blue.stroke_width(1))).map_err(|e| e.to_string())?;
    chart.draw_series(done.iter().map(|&p| Circle::new(p, 4, blue.filled()))).map_err(|e| e.to_string())?;
    chart.draw_series(capped.iter().map(|&p| Cross::new(p, 6, red.stroke_width(2)))).map_err(|e| e.to_string())?;
    let font = (FontFamily::SansSerif, super::TEXT).into_font().color(&BLACK);
    let row = |k: u32| 4 + (k * LEGEND_ROW) as i32 + 8;
    legend.draw(&Circle::new((28, row(0)), 4, blue.filled())).map_err(|e| e.to_string())?;
    legend.draw(&Text::new("converged", (48, row(0) - 7), font.clone())).map_err(|e| e.to_string())?;
    if !capped.is_empty() {
        legend.draw(&Cross::new((28, row(1)), 5, red.stroke_width(2))).map_err(|e| e.to_string())?;
        legend.draw(&Text::new(format!("not converged (cap: {cap})"), (48, row(1) - 7), font)).map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())
}
