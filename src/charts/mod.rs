//! Charts drawn with `plotters` on a `<canvas>`, on the main thread (plotters measures text
//! through `window`).

pub mod convergence;
pub mod heatmap;
pub mod history;
pub mod race;
pub mod ratings;
pub mod scatter;
pub mod summary;

use web_sys::HtmlCanvasElement;

/// Sizes the canvas's drawing buffer to its displayed width, so the chart is crisp at any
/// width. Returns `None` while the canvas is not displayed (nothing to size it by): the
/// caller draws again once it is.
pub fn fit(canvas: &HtmlCanvasElement, height: u32) -> Option<(u32, u32)> {
    if canvas.client_width() <= 0 {
        return None;
    }
    let width = (canvas.client_width().max(280)) as u32;
    if canvas.width() != width || canvas.height() != height {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    Some((width, height))
}

/// A number for an axis label: short, never NaN or infinite.
pub fn tick(v: f64) -> String {
    if !v.is_finite() {
        String::new()
    } else {
        format!("{v:.0e}")
    }
}
