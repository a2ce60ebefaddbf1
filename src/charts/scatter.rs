//! The compare view's scatter plot: each player's rank under method A (x) against their rank
//! under method B (y), one dot per player, the diagonal where the two agree, and the players
//! furthest from it named. Ranks put any two methods on one scale (1 = best, bottom left).
//! [`summary`] says the chart in words.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use web_sys::HtmlCanvasElement;

/// How many players furthest from the diagonal are named on the chart.
pub const NAMED: usize = 5;

/// One dot: the row it stands for, the player, and the ranks under A and B.
#[derive(Clone, Debug, PartialEq)]
pub struct Dot {
    pub row: usize,
    pub name: String,
    pub a: usize,
    pub b: usize,
}

impl Dot {
    pub fn gap(&self) -> usize {
        self.a.abs_diff(self.b)
    }
}

/// The rows of the [`NAMED`] dots furthest from the diagonal (none on it).
pub fn furthest(dots: &[Dot]) -> Vec<usize> {
    let mut by_gap: Vec<&Dot> = dots.iter().filter(|d| d.gap() > 0).collect();
    crate::core::engine::sort::by(&mut by_gap, |x, y| y.gap().cmp(&x.gap()).then(x.a.cmp(&y.a)));
    by_gap.into_iter().take(NAMED).map(|d| d.row).collect()
}

/// The height for a canvas `width` wide: square-ish, within reason.
pub fn height(width: i32) -> u32 {
    width.clamp(280, 440) as u32
}

/// Draws the dots (A's ranks across, B's up), `highlight` ringed; returns each dot's row and
/// position on the canvas, for hovering.
pub fn draw(
    canvas: &HtmlCanvasElement,
    dots: &[Dot],
    titles: (&str, &str),
    highlight: Option<usize>,
) -> Result<Vec<(usize, i32, i32)>, String> {
    let Some(root) = super::area(canvas, height(canvas.client_width()))? else { return Ok(Vec::new()) };
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let n = dots.iter().map(|d| d.a.max(d.b)).max().unwrap_or(0).max(2) as f64;
    let range = 0.5..n + 0.5;
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(52)
        .build_cartesian_2d(range.clone(), range)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(format!("Rank by {} (1 = best)", titles.0))
        .y_desc(format!("Rank by {} (1 = best)", titles.1))
        .x_labels(8)
        .y_labels(8)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .label_style((FontFamily::SansSerif, super::TEXT))
        .axis_desc_style((FontFamily::SansSerif, super::TEXT_DESC))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .map_err(|e| e.to_string())?;
    let grey = RGBColor(150, 150, 150);
    chart
        .draw_series(std::iter::once(PathElement::new(vec![(0.5, 0.5), (n + 0.5, n + 0.5)], grey.stroke_width(1))))
        .map_err(|e| e.to_string())?;
    let blue = RGBColor(31, 100, 180);
    chart.draw_series(dots.iter().map(|d| Circle::new((d.a as f64, d.b as f64), 4, blue.filled()))).map_err(|e| e.to_string())?;
    if let Some(d) = highlight.and_then(|h| dots.iter().find(|d| d.row == h)) {
        let orange = RGBColor(200, 90, 0);
        chart.draw_series(std::iter::once(Circle::new((d.a as f64, d.b as f64), 8, orange.stroke_width(2)))).map_err(|e| e.to_string())?;
    }
    let named = furthest(dots);
    let mid = n / 2.0;
    for d in dots.iter().filter(|d| named.contains(&d.row)) {
        let (x, y) = chart.backend_coord(&(d.a as f64, d.b as f64));
        // Labels point into the plot: left of dots in the right half, right of the others.
        let (h, dx) = if d.a as f64 > mid { (HPos::Right, -8) } else { (HPos::Left, 8) };
        let style =
            TextStyle::from((FontFamily::SansSerif, super::TEXT).into_font()).color(&RGBColor(40, 40, 40)).pos(Pos::new(h, VPos::Center));
        let label: String = d.name.chars().take(22).collect();
        root.draw(&Text::new(label, (x + dx, y), style)).map_err(|e| e.to_string())?;
    }
    let at = dots
        .iter()
        .map(|d| {
            let (x, y) = chart.backend_coord(&(d.a as f64, d.b as f64));
            (d.row, x, y)
        })
        .collect();
    root.present().map_err(|e| e.to_string())?;
    Ok(at)
}

/// The dot nearest `(x, y)` on the canvas, within 12 pixels.
pub fn nearest(at: &[(usize, i32, i32)], x: i32, y: i32) -> Option<usize> {
    at.iter()
        .map(|&(row, px, py)| (row, (px - x).pow(2) + (py - y).pow(2)))
        .filter(|&(_, d2)| d2 <= 144)
        .min_by_key(|&(_, d2)| d2)
        .map(|(row, _)| row)
}

/// The chart in words: what it plots and who is furthest from agreement.
pub fn summary(dots: &[Dot], titles: (&str, &str)) -> String {
    let what = format!(
        "Scatter plot of {} players' ranks by {} (across) against {} (up), with the diagonal where they agree",
        dots.len(),
        titles.0,
        titles.1
    );
    let on = dots.iter().filter(|d| d.gap() == 0).count();
    let far: Vec<String> = furthest(dots)
        .iter()
        .filter_map(|&r| dots.iter().find(|d| d.row == r))
        .take(3)
        .map(|d| format!("{} ({} {}, {} {})", d.name, titles.0, d.a, titles.1, d.b))
        .collect();
    match far.is_empty() {
        true => format!("{what}: every player is on the diagonal."),
        false => format!("{what}: {on} on it; furthest from it {}. The comparison table has every value.", far.join(", ")),
    }
}
