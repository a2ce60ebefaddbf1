//! Charts drawn with `plotters` on a `<canvas>`, on the main thread (plotters measures text
//! through `window`).

pub mod calibration;
pub mod convergence;
pub mod heatmap;
pub mod history;
pub mod race;
pub mod ratings;
pub mod scatter;
pub mod summary;
pub mod tuning;

use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

thread_local! {
    /// Per chart, the drawing waiting for the next animation frame.
    static WAITING: RefCell<HashMap<&'static str, Box<dyn FnOnce()>>> = RefCell::new(HashMap::new());
}

/// Draws chart `key` at the next animation frame, once however often it is asked before then,
/// with the newest `draw`: a fit's messages come several to a frame, and each drawing measures
/// the page (a layout), so a parameter change drew the trace five times before its first frame.
pub fn at_next_frame(key: &'static str, draw: impl FnOnce() + 'static) {
    let first = WAITING.with(|w| w.borrow_mut().insert(key, Box::new(draw)).is_none());
    if !first {
        return;
    }
    let run = Closure::once_into_js(move || {
        if let Some(draw) = WAITING.with(|w| w.borrow_mut().remove(key)) {
            draw();
        }
    });
    let asked = web_sys::window().map(|w| w.request_animation_frame(run.unchecked_ref()));
    if !matches!(asked, Some(Ok(_))) {
        // No frames to wait for (no window): draw now.
        if let Some(draw) = WAITING.with(|w| w.borrow_mut().remove(key)) {
            draw();
        }
    }
}

/// Sizes the canvas's drawing buffer to its displayed width, so the chart is crisp at any
/// width. Returns `None` while the canvas is not displayed (nothing to size it by): the
/// caller draws again once it is.
pub fn fit(canvas: &HtmlCanvasElement, height: u32) -> Option<(u32, u32)> {
    // One measurement of the page, not two.
    let shown = canvas.client_width();
    if shown <= 0 {
        return None;
    }
    let width = shown.max(280) as u32;
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

/// A chart's legend at `position`, drawn as every chart here draws it.
pub fn legend<'a, DB, CT>(
    chart: &mut plotters::chart::ChartContext<'a, DB, CT>,
    position: plotters::chart::SeriesLabelPosition,
) -> Result<(), String>
where
    DB: plotters::backend::DrawingBackend + 'a,
    CT: plotters::coord::CoordTranslate,
{
    use plotters::style::{Color, RGBColor, WHITE};
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(200, 200, 200))
        .label_font(("sans-serif", 12))
        .draw()
        .map_err(|e| e.to_string())
}
