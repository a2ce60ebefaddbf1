//! The ratings chart: one dot per player, best at the top, with the name beside it.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use web_sys::HtmlCanvasElement;

/// At most this many players are drawn (the best); the table and exports have them all.
pub const MAX_SHOWN: usize = 40;
const ROW: u32 = 20;

pub fn height(rows: usize) -> u32 {
    60 + ROW * rows.clamp(3, MAX_SHOWN) as u32
}

/// A player's bar: the name, the rating and its standard error (when shown).
pub type Bar = (String, Option<f64>, Option<f64>);

/// The rating axis: its title, with the scale's unit, and the least span it shows, so that a
/// method whose ratings lie close together (Elo after one season: 1460–1525) is not drawn
/// magnified beside one whose spread is wide (Brent's 1000–2000 on the same games): issue 39.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub title: &'static str,
    pub min_span: f64,
}

/// The players drawn: `(name, rating, uncertainty)`, the best [`MAX_SHOWN`] with a rating.
fn drawn(players: &[Bar]) -> Vec<(&str, f64, Option<f64>)> {
    players
        .iter()
        .filter_map(|(n, r, s)| Some((n.as_str(), r.filter(|v| v.is_finite())?, s.filter(|v| v.is_finite() && *v > 0.0))))
        .take(MAX_SHOWN)
        .collect()
}

/// The axis's range for `players`: their ratings with their bars, padded, and widened about
/// the middle to `axis.min_span` if narrower.
pub fn range(players: &[Bar], axis: &Axis) -> Option<(f64, f64)> {
    let shown = drawn(players);
    let (lo, hi) = shown
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), (_, r, s)| (lo.min(r - s.unwrap_or(0.0)), hi.max(r + s.unwrap_or(0.0))));
    if shown.is_empty() || !(lo.is_finite() && hi.is_finite()) {
        return None;
    }
    let pad = ((hi - lo) * 0.08).max(if axis.min_span > 0.0 { 0.0 } else { 1.0 });
    let (lo, hi) = (lo - pad, hi + pad);
    let widen = ((axis.min_span - (hi - lo)) / 2.0).max(0.0);
    Some((lo - widen, hi + widen))
}

/// Decimals that tell the five or so ticks across `lo..hi` apart (a scale of its own may span
/// less than 1: JRank's strengths, 0.4 to 1.4).
fn tick_decimals(lo: f64, hi: f64) -> usize {
    let step = (hi - lo) / 5.0;
    if !(step.is_finite() && step > 0.0) {
        return 0;
    }
    (-step.log10().floor()).clamp(0.0, 6.0) as usize
}

/// A name cut to the room beside the plot (about 7.5 px a character at 13 px, 12 px kept
/// clear), an ellipsis marking the cut: a long name on a phone does not run off the canvas.
fn fitted(name: &str, room: u32) -> String {
    let most = ((room.saturating_sub(12)) as f64 / 7.5).floor().clamp(4.0, 28.0) as usize;
    if name.chars().count() <= most {
        return name.to_string();
    }
    let mut cut: String = name.chars().take(most - 1).collect::<String>().trim_end().to_string();
    cut.push('…');
    cut
}

/// Draws `(name, rating, uncertainty)` in the order given, the uncertainty as an error bar
/// of ±1σ; players without a rating are skipped.
pub fn draw(canvas: &HtmlCanvasElement, players: &[Bar], axis: &Axis) -> Result<usize, String> {
    let shown = drawn(players);
    let Some(root) = super::area(canvas, height(shown.len()))? else { return Ok(0) };
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let Some((lo, hi)) = range(players, axis) else { return Ok(0) };
    let n = shown.len();
    // Room for the longest name shown (about 7.5 px a character at 13 px), within reason.
    let longest = shown.iter().map(|(name, _, _)| name.chars().count().min(28)).max().unwrap_or(4) as f64;
    let name_width = (longest * 7.5 + 12.0).clamp(60.0, root.dim_in_pixel().0 as f64 * 0.5) as u32;
    let mut chart = ChartBuilder::on(&root)
        .margin(10)
        .x_label_area_size(44)
        .y_label_area_size(name_width)
        .build_cartesian_2d(lo..hi, 0f64..n as f64)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .y_labels(0)
        .x_labels(5)
        .x_label_formatter(&|v| format!("{v:.*}", tick_decimals(lo, hi)))
        .x_desc(axis.title)
        .disable_y_mesh()
        .label_style((FontFamily::SansSerif, super::TEXT))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| e.to_string())?;
    // Names beside their rows, right-aligned against the plot.
    let style = TextStyle::from((FontFamily::SansSerif, super::TEXT).into_font()).pos(Pos::new(HPos::Right, VPos::Center));
    for (i, (name, _, _)) in shown.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(lo, n as f64 - i as f64 - 0.5));
        let label = fitted(name, name_width);
        root.draw(&Text::new(label, (x - 6, y), style.clone())).map_err(|e| e.to_string())?;
    }
    let blue = RGBColor(31, 100, 180);
    chart
        .draw_series(shown.iter().enumerate().map(|(i, (_, r, _))| {
            let y = n as f64 - i as f64 - 0.5;
            PathElement::new(vec![(lo, y), (*r, y)], RGBColor(210, 220, 235))
        }))
        .map_err(|e| e.to_string())?;
    // Error bars: ±1σ, with short caps.
    let grey = RGBColor(90, 90, 90);
    chart
        .draw_series(shown.iter().enumerate().filter_map(|(i, (_, r, s))| {
            let (s, y) = (s.as_ref()?, n as f64 - i as f64 - 0.5);
            Some(PathElement::new(vec![(r - s, y), (r + s, y)], grey.stroke_width(1)))
        }))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(shown.iter().enumerate().filter_map(|(i, (_, r, s))| {
            let (s, y) = (s.as_ref()?, n as f64 - i as f64 - 0.5);
            Some(PathElement::new(vec![(r - s, y - 0.25), (r - s, y + 0.25)], grey))
        }))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(shown.iter().enumerate().filter_map(|(i, (_, r, s))| {
            let (s, y) = (s.as_ref()?, n as f64 - i as f64 - 0.5);
            Some(PathElement::new(vec![(r + s, y - 0.25), (r + s, y + 0.25)], grey))
        }))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(shown.iter().enumerate().map(|(i, (_, r, _))| Circle::new((*r, n as f64 - i as f64 - 0.5), 4, blue.filled())))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())?;
    Ok(n)
}
