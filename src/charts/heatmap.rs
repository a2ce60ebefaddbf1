//! JRank's parameter fit as a heat map: the error over the (k, p) grid, darker is lower,
//! with the best pair marked.

use crate::core::engine::methods::rating::ParameterFit as FitGrid;
use plotters::prelude::*;
use web_sys::HtmlCanvasElement;

pub const HEIGHT: u32 = 280;

/// A colour from low (dark blue) to high (pale yellow) for `t` in [0, 1].
fn shade(t: f64) -> RGBColor {
    let t = t.clamp(0.0, 1.0);
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    RGBColor(mix(20.0, 250.0), mix(40.0, 240.0), mix(110.0, 170.0))
}

pub fn draw(canvas: &HtmlCanvasElement, fit: &FitGrid) -> Result<(), String> {
    let Some(root) = super::area(canvas, HEIGHT)? else { return Ok(()) };
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (nk, np) = (fit.k_values.len(), fit.p_values.len());
    if nk == 0 || np == 0 {
        return Ok(());
    }
    // Colour by the log of the error, over the finite values only.
    let logs: Vec<f64> = fit.error.iter().flatten().filter(|e| e.is_finite() && **e > 0.0 && **e < f64::MAX).map(|e| e.ln()).collect();
    let (lo, hi) = logs.iter().fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(*v), b.max(*v)));
    let mut chart = ChartBuilder::on(&root)
        .margin(10)
        .x_label_area_size(34)
        .y_label_area_size(50)
        .caption("squared error per game over (k, p); ✕ = best", (FontFamily::SansSerif, super::TEXT))
        .build_cartesian_2d(0f64..nk as f64, 0f64..np as f64)
        .map_err(|e| e.to_string())?;
    let (kv, pv) = (fit.k_values.clone(), fit.p_values.clone());
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc("k")
        .y_desc("p")
        .x_labels(6)
        .y_labels(6)
        .x_label_formatter(&|x| kv.get(*x as usize).map(|v| format!("{v:.3}")).unwrap_or_default())
        .y_label_formatter(&|y| pv.get(*y as usize).map(|v| format!("{v:.3}")).unwrap_or_default())
        .label_style((FontFamily::SansSerif, super::TEXT))
        .draw()
        .map_err(|e| e.to_string())?;
    let span = (hi - lo).max(1e-12);
    chart
        .draw_series((0..nk).flat_map(|i| (0..np).map(move |j| (i, j))).map(|(i, j)| {
            let e = fit.error.get(i).and_then(|row| row.get(j)).copied().unwrap_or(f64::NAN);
            let color = if e.is_finite() && e > 0.0 && e < f64::MAX { shade((e.ln() - lo) / span) } else { RGBColor(200, 200, 200) };
            Rectangle::new([(i as f64, j as f64), (i as f64 + 1.0, j as f64 + 1.0)], color.filled())
        }))
        .map_err(|e| e.to_string())?;
    let bi = fit.k_values.iter().position(|&k| k == fit.best_k);
    let bj = fit.p_values.iter().position(|&p| p == fit.best_p);
    if let (Some(i), Some(j)) = (bi, bj) {
        chart
            .draw_series(std::iter::once(Cross::new((i as f64 + 0.5, j as f64 + 0.5), 6, RGBColor(220, 30, 40).stroke_width(2))))
            .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())
}
