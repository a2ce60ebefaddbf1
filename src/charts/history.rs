//! Elo's rating history: the leading players' ratings after each game they played.

use plotters::prelude::*;
use web_sys::HtmlCanvasElement;

pub const HEIGHT: u32 = 260;
/// Lines drawn at most (the best players), so the chart stays readable.
pub const MAX_LINES: usize = 8;

const PALETTE: [RGBColor; MAX_LINES] = [
    RGBColor(31, 100, 180),
    RGBColor(220, 110, 20),
    RGBColor(40, 150, 60),
    RGBColor(200, 40, 50),
    RGBColor(130, 80, 180),
    RGBColor(140, 90, 60),
    RGBColor(220, 100, 170),
    RGBColor(100, 100, 100),
];

/// Draws `(name, [(step, rating)])` series; returns how many were drawn.
pub fn draw(canvas: &HtmlCanvasElement, series: &[(String, Vec<(usize, f64)>)]) -> Result<usize, String> {
    let Some(root) = super::area(canvas, HEIGHT)? else { return Ok(0) };
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let shown: Vec<&(String, Vec<(usize, f64)>)> = series.iter().filter(|(_, h)| !h.is_empty()).take(MAX_LINES).collect();
    if shown.is_empty() {
        return Ok(0);
    }
    let last = shown.iter().flat_map(|(_, h)| h.iter().map(|x| x.0)).max().unwrap_or(1).max(2);
    let (lo, hi) = shown
        .iter()
        .flat_map(|(_, h)| h.iter().map(|x| x.1))
        .filter(|v| v.is_finite())
        .fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)));
    let pad = ((hi - lo) * 0.05).max(1.0);
    // The legend goes in a strip below the chart, in columns: inside, it would cover lines.
    let (width, height) = root.dim_in_pixel();
    let columns = (width as usize / 170).clamp(1, 4);
    let strip = 6 + shown.len().div_ceil(columns) as u32 * 18;
    let (plot, legend) = root.split_vertically(height.saturating_sub(strip));
    let mut chart = ChartBuilder::on(&plot)
        .margin(10)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0usize..last, (lo - pad)..(hi + pad))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("game")
        .y_label_formatter(&|v| format!("{v:.0}"))
        .label_style((FontFamily::SansSerif, super::TEXT))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| e.to_string())?;
    for (k, (name, h)) in shown.iter().enumerate() {
        let color = PALETTE[k % PALETTE.len()];
        let label: String = name.chars().take(24).collect();
        chart
            .draw_series(LineSeries::new(h.iter().copied().filter(|x| x.1.is_finite()), color.stroke_width(2)))
            .map_err(|e| e.to_string())?;
        let (x, y) = ((10 + (k % columns) * (width as usize / columns)) as i32, (10 + (k / columns) * 18) as i32);
        legend.draw(&PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))).map_err(|e| e.to_string())?;
        legend.draw(&Text::new(label, (x + 22, y - 7), (FontFamily::SansSerif, super::TEXT))).map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())?;
    Ok(shown.len())
}
