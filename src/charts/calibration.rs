//! The prediction view's calibration chart: for each method, the held-out games in ten bins
//! of predicted score, the mean prediction (across) against the mean observed score (up), and
//! the diagonal where they agree. [`summary`] says the chart in words.

use crate::core::engine::evaluation::Bin;
use plotters::prelude::*;
use web_sys::HtmlCanvasElement;

/// One method's line.
pub struct Series<'a> {
    pub label: &'a str,
    pub bins: &'a [Bin],
}

/// Colours told apart without red and green alone (Okabe–Ito).
const COLOURS: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
];

/// The chart in words: per method, its largest gap between predicted and observed.
pub fn summary(series: &[Series]) -> String {
    let parts: Vec<String> = series
        .iter()
        .map(|s| {
            let worst = s
                .bins
                .iter()
                .filter_map(|b| Some((b.predicted?, b.observed?, b.games)))
                .filter(|&(_, _, n)| n >= 10)
                .max_by(|a, b| (a.0 - a.1).abs().total_cmp(&(b.0 - b.1).abs()));
            match worst {
                Some((p, o, n)) => {
                    format!("{}: furthest from the diagonal where it predicts {:.2} and {:.2} was scored ({n} games)", s.label, p, o)
                }
                None => format!("{}: too few games in any bin to say", s.label),
            }
        })
        .collect();
    format!("Calibration: predicted against observed score in ten bins. {}.", parts.join("; "))
}

pub fn draw(canvas: &HtmlCanvasElement, series: &[Series]) -> Result<(), String> {
    let height = canvas.client_width().clamp(260, 400) as u32;
    // On a narrow screen the legend goes below the plot, where it covers no curve.
    let narrow = (canvas.client_width() as u32) < super::NARROW;
    let entries: Vec<super::LegendEntry> = if narrow {
        series.iter().enumerate().map(|(k, s)| (s.label.to_string(), COLOURS[k % COLOURS.len()], 2)).collect()
    } else {
        Vec::new()
    };
    let Some((root, rows)) = super::area_with_legend(canvas, height, &entries)? else { return Ok(()) };
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (root, below) = root.split_vertically(height);
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(48)
        .build_cartesian_2d(0.0..1.0, 0.0..1.0)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("Predicted score of the first player")
        .y_desc("Observed score")
        .x_labels(6)
        .y_labels(6)
        .label_style((FontFamily::SansSerif, super::TEXT))
        .axis_desc_style((FontFamily::SansSerif, super::TEXT_DESC))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(std::iter::once(PathElement::new(vec![(0.0, 0.0), (1.0, 1.0)], RGBColor(150, 150, 150))))
        .map_err(|e| e.to_string())?;
    for (k, s) in series.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let points: Vec<(f64, f64)> = s.bins.iter().filter_map(|b| Some((b.predicted?, b.observed?))).collect();
        chart
            .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(s.label)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2)));
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled()))).map_err(|e| e.to_string())?;
    }
    if narrow {
        super::legend_below(&below, &rows)?;
    } else {
        super::legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
    }
    root.present().map_err(|e| e.to_string())
}
