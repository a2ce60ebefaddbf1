//! The prediction view's tuning curve: a parameter's values across, the log-loss up, on the
//! last share of the earlier games (where the value is chosen) and on the held-out games.

use crate::core::engine::evaluation::Tuning;
use plotters::prelude::*;
use web_sys::HtmlCanvasElement;

/// The curve in words.
pub fn summary(t: &Tuning) -> String {
    let chosen = t.chosen.map_or("no value could be scored".to_string(), |v| format!("the lowest validation log-loss is at {v}"));
    format!("Tuning curve of {}: log-loss against the value, on the validation games and the held-out games; {chosen}.", t.parameter.name())
}

pub fn draw(canvas: &HtmlCanvasElement, t: &Tuning) -> Result<(), String> {
    let height = canvas.client_width().clamp(220, 320) as u32;
    // On a narrow screen the legend goes below the plot, where it covers no curve.
    let narrow = (canvas.client_width() as u32) < super::NARROW;
    let series = [("validation (chooses)", RGBColor(0, 114, 178), 0), ("held out", RGBColor(230, 159, 0), 1)];
    let entries: Vec<super::LegendEntry> =
        if narrow { series.iter().map(|&(label, colour, _)| (label.to_string(), colour, 2)).collect() } else { Vec::new() };
    let Some((root, rows)) = super::area_with_legend(canvas, height, &entries)? else { return Ok(()) };
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (root, below) = root.split_vertically(height);
    let ys: Vec<f64> = t.points.iter().flat_map(|p| [p.validation, p.held_out]).flatten().filter(|y| y.is_finite()).collect();
    let (lo, hi) = ys.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &y| (a.min(y), b.max(y)));
    if !lo.is_finite() {
        return Ok(());
    }
    let pad = ((hi - lo) * 0.1).max(1e-3);
    let xs: Vec<f64> = t.points.iter().map(|p| p.value).collect();
    let (x0, x1) = (xs.iter().copied().fold(f64::INFINITY, f64::min), xs.iter().copied().fold(f64::NEG_INFINITY, f64::max));
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(x0..x1.max(x0 + 1e-9), (lo - pad)..(hi + pad))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(t.parameter.name())
        .y_desc("Log-loss")
        .label_style((FontFamily::SansSerif, super::TEXT))
        .axis_desc_style((FontFamily::SansSerif, super::TEXT_DESC))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| e.to_string())?;
    for (label, colour, which) in series {
        let pts: Vec<(f64, f64)> =
            t.points.iter().filter_map(|p| Some((p.value, if which == 0 { p.validation? } else { p.held_out? }))).collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), colour.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(label)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2)));
        chart.draw_series(pts.iter().map(|&p| Circle::new(p, 3, colour.filled()))).map_err(|e| e.to_string())?;
    }
    if narrow {
        super::legend_below(&below, &rows)?;
    } else {
        super::legend(&mut chart, SeriesLabelPosition::UpperRight)?;
    }
    root.present().map_err(|e| e.to_string())
}
