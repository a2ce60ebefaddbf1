//! The rating history: the leading players' ratings through the run, in time where the method
//! has it (dates, rounds), each rating held until the player's next game or period and a long
//! absence dashed ([`crate::core::history`]'s pieces), the deviation (RD) as a band.

use crate::core::history::{gap, pieces, HistoryAxis, HistoryRow, Piece};
use plotters::prelude::*;
use web_sys::HtmlCanvasElement;

pub const HEIGHT: u32 = 280;
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

/// A player's history to draw: the name and the points.
pub type Series = (String, Vec<HistoryRow>);

/// The x and rating ranges of `shown`, the bands included.
fn ranges(shown: &[&Series]) -> ((i64, i64), (f64, f64)) {
    let points = || shown.iter().flat_map(|(_, h)| h.iter());
    let (first, last) = points().fold((i64::MAX, i64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    let (lo, hi) = points()
        .filter(|p| p.rating.is_finite())
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.rating - p.band.unwrap_or(0.0)), b.max(p.rating + p.band.unwrap_or(0.0))));
    let pad = ((hi - lo) * 0.05).max(1.0);
    ((first, last.max(first + 1)), (lo - pad, hi + pad))
}

/// Draws the histories on `axis`, the ratings' axis titled `rating` (the method's scale);
/// returns how many were drawn.
pub fn draw(canvas: &HtmlCanvasElement, series: &[Series], axis: HistoryAxis, rating: &str) -> Result<usize, String> {
    let Some(root) = super::area(canvas, HEIGHT)? else { return Ok(0) };
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let shown: Vec<&Series> = series.iter().filter(|(_, h)| !h.is_empty()).take(MAX_LINES).collect();
    if shown.is_empty() {
        return Ok(0);
    }
    let ((first, last), (lo, hi)) = ranges(&shown);
    // The legend goes in a strip below the chart, in columns: inside, it would cover lines.
    let (width, height) = root.dim_in_pixel();
    let columns = (width as usize / 170).clamp(1, 4);
    let strip = 6 + shown.len().div_ceil(columns) as u32 * 18;
    let (plot, legend) = root.split_vertically(height.saturating_sub(strip));
    let mut chart = ChartBuilder::on(&plot)
        .margin(10)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(first..last, lo..hi)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(axis.title())
        .y_desc(rating)
        .x_labels(if axis == HistoryAxis::Day { 6 } else { 8 })
        .x_label_formatter(&|x| axis.label(*x))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .label_style((FontFamily::SansSerif, super::TEXT))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| e.to_string())?;
    let away = gap(&shown.iter().map(|(_, h)| h.as_slice()).collect::<Vec<_>>());
    for (k, (name, h)) in shown.iter().enumerate() {
        let color = PALETTE[k % PALETTE.len()];
        draw_player(&mut chart, h, away, color)?;
        let label: String = name.chars().take(24).collect();
        let (x, y) = ((10 + (k % columns) * (width as usize / columns)) as i32, (10 + (k / columns) * 18) as i32);
        legend.draw(&PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))).map_err(|e| e.to_string())?;
        legend.draw(&Text::new(label, (x + 22, y - 7), (FontFamily::SansSerif, super::TEXT))).map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())?;
    Ok(shown.len())
}

type Chart<'a> =
    ChartContext<'a, super::Crisp, Cartesian2d<plotters::coord::types::RangedCoordi64, plotters::coord::types::RangedCoordf64>>;

/// One player's steps: each rating held (dashed while away) with its band, then moved.
fn draw_player(chart: &mut Chart<'_>, h: &[HistoryRow], away: i64, color: RGBColor) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<<super::Crisp as plotters_backend::DrawingBackend>::ErrorType>| e.to_string();
    let band = color.mix(0.12).filled();
    for piece in pieces(h, away) {
        match piece {
            Piece::Held { from, to, rating, band: b, away } => {
                if let Some(b) = b {
                    chart.draw_series(std::iter::once(Rectangle::new([(from, rating - b), (to, rating + b)], band))).map_err(err)?;
                }
                let line = if away { color.mix(0.6).stroke_width(1) } else { color.stroke_width(2) };
                if away {
                    chart.draw_series(DashedLineSeries::new([(from, rating), (to, rating)], 6, 4, line)).map_err(err)?;
                } else {
                    chart.draw_series(LineSeries::new([(from, rating), (to, rating)], line)).map_err(err)?;
                }
            }
            Piece::Moved { at, from, to } => {
                chart.draw_series(LineSeries::new([(at, from), (at, to)], color.stroke_width(2))).map_err(err)?;
            }
        }
    }
    if let [only] = h {
        chart.draw_series(std::iter::once(Circle::new((only.x, only.rating), 3, color.filled()))).map_err(err)?;
    }
    Ok(())
}
