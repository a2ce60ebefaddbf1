//! Charts drawn with `plotters` on a `<canvas>`, on the main thread (plotters measures text
//! through `window`).

pub mod convergence;
pub mod ratings;

use web_sys::HtmlCanvasElement;

/// Sizes the canvas's drawing buffer to its displayed width (and the device's pixel ratio),
/// so the chart is crisp at any width. Returns the CSS size drawn at.
pub fn fit(canvas: &HtmlCanvasElement, height: u32) -> (u32, u32) {
    let width = (canvas.client_width().max(280)) as u32;
    if canvas.width() != width || canvas.height() != height {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    (width, height)
}

/// A number for an axis label: short, never NaN or infinite.
pub fn tick(v: f64) -> String {
    if !v.is_finite() {
        String::new()
    } else {
        format!("{v:.0e}")
    }
}
