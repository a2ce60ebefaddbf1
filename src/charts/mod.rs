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

use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind};
use plotters_canvas::CanvasBackend;
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

/// The size of chart text, in CSS pixels (13 px and up reads on a phone and a projector).
pub const TEXT: u32 = 13;
/// The size of an axis's description.
pub const TEXT_DESC: u32 = 14;

/// Device pixels per CSS pixel (2–3 on phones, more on a zoomed page), at least 1.
fn pixel_ratio() -> f64 {
    let r = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    if r.is_finite() && r >= 1.0 {
        r.min(4.0)
    } else {
        1.0
    }
}

/// Sizes the canvas to its displayed width and `height` CSS pixels, its drawing buffer at the
/// device pixel ratio (CSS size × `devicePixelRatio`), so the chart is sharp on a phone's
/// screen and a zoomed projector alike. Returns the size in CSS pixels (what the charts draw
/// in: [`Crisp`] scales), or `None` while the canvas is not displayed (nothing to size it by):
/// the caller draws again once it is.
pub fn fit(canvas: &HtmlCanvasElement, height: u32) -> Option<(u32, u32)> {
    // One measurement of the page, not two.
    let shown = canvas.client_width();
    if shown <= 0 {
        return None;
    }
    let width = shown.max(280) as u32;
    let ratio = pixel_ratio();
    let (w, h) = ((width as f64 * ratio).round() as u32, (height as f64 * ratio).round() as u32);
    if canvas.width() != w || canvas.height() != h {
        canvas.set_width(w);
        canvas.set_height(h);
    }
    // The CSS height fixed (the width is the stylesheet's 100%): the buffer's size is not the
    // size shown.
    let _ = canvas.style().set_property("height", &format!("{height}px"));
    Some((width, height))
}

/// A plotters backend that draws in CSS pixels on a canvas whose buffer is at the device
/// pixel ratio (sized by [`fit`]): the canvas's 2D context scales every coordinate, line and
/// font, so the charts' code and the hit tests (`offsetX`, CSS pixels) stay in CSS pixels.
pub struct Crisp {
    inner: CanvasBackend,
    size: (u32, u32),
}

/// The backend for a canvas sized by [`fit`] to `size` CSS pixels.
pub fn backend(canvas: &HtmlCanvasElement, size: (u32, u32)) -> Result<Crisp, String> {
    let context = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
        .ok_or("no 2D context")?;
    let (sx, sy) = (canvas.width() as f64 / size.0.max(1) as f64, canvas.height() as f64 / size.1.max(1) as f64);
    context.set_transform(sx, 0.0, 0.0, sy, 0.0, 0.0).map_err(|_| "the canvas cannot be scaled")?;
    let inner = CanvasBackend::with_canvas_object(canvas.clone()).ok_or("no 2D context")?;
    Ok(Crisp { inner, size })
}

/// Draws the chart `draw` on a canvas sized by [`fit`] to `height` CSS pixels; `Ok(None)`
/// while the canvas is not displayed.
pub fn area(canvas: &HtmlCanvasElement, height: u32) -> Result<Option<Area>, String> {
    let Some(size) = fit(canvas, height) else { return Ok(None) };
    Ok(Some(plotters::prelude::IntoDrawingArea::into_drawing_area(backend(canvas, size)?)))
}

/// A chart's whole drawing area (CSS pixels).
pub type Area = plotters::drawing::DrawingArea<Crisp, plotters::coord::Shift>;

impl DrawingBackend for Crisp {
    type ErrorType = <CanvasBackend as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.present()
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_pixel(point, color)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_line(from, to, style)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_path(path, style)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_circle(center, radius, style, fill)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.fill_polygon(vert, style)
    }
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_text(text, style, pos)
    }
    fn estimate_text_size<S: BackendTextStyle>(&self, text: &str, style: &S) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        self.inner.estimate_text_size(text, style)
    }
}

/// A number for an axis label: short, never NaN or infinite.
pub fn tick(v: f64) -> String {
    if !v.is_finite() {
        String::new()
    } else {
        format!("{v:.0e}")
    }
}

/// Height of a legend line below a plot, in CSS pixels.
pub const LEGEND_ROW: u32 = 20;
/// Below this width (CSS pixels) a chart's legend goes below its plot: inside, it would cover
/// the curves.
pub const NARROW: u32 = 500;

/// The height of a strip below a plot for `rows` legend lines.
pub fn legend_strip(rows: usize) -> u32 {
    LEGEND_ROW * rows as u32 + 6
}

/// A legend entry: its label, its line's colour and width.
pub type LegendEntry = (String, plotters::style::RGBColor, u32);

/// One line of a legend strip: its text, and the entry's line (on an entry's first row only).
pub type LegendRow = (String, Option<(plotters::style::RGBColor, u32)>);

/// Where a legend row's text starts, and the margin it keeps from the right edge.
const LEGEND_TEXT_X: i32 = 48;
const LEGEND_RIGHT: i32 = 8;

/// The drawing area of a chart `height` CSS pixels tall with a legend strip below it, and the
/// strip's rows (none, and no strip, when there are no entries): each label broken between words where it would pass the canvas's edge
/// (measured in the legend's font), so that no label is cut off on a phone. `Ok(None)` while
/// the canvas is not displayed.
pub fn area_with_legend(
    canvas: &HtmlCanvasElement,
    height: u32,
    entries: &[LegendEntry],
) -> Result<Option<(Area, Vec<LegendRow>)>, String> {
    if entries.is_empty() {
        return Ok(area(canvas, height)?.map(|a| (a, Vec::new())));
    }
    let Some(probe) = area(canvas, height)? else { return Ok(None) };
    let rows = legend_rows(&probe, entries);
    Ok(area(canvas, height + legend_strip(rows.len()))?.map(|a| (a, rows)))
}

/// The rows of `entries` in a strip as wide as `area`.
fn legend_rows(area: &Area, entries: &[LegendEntry]) -> Vec<LegendRow> {
    use plotters::prelude::*;
    let font = (FontFamily::SansSerif, TEXT).into_font().color(&BLACK);
    let room = (area.dim_in_pixel().0 as i32 - LEGEND_TEXT_X - LEGEND_RIGHT).max(40) as u32;
    // Without a measure (no font to measure with), a generous estimate of a character's width.
    let fits = |t: &str| area.estimate_text_size(t, &font).map_or(t.chars().count() as u32 * 8, |(w, _)| w) <= room;
    let mut rows = Vec::new();
    for (text, colour, width) in entries {
        let mut line = String::new();
        let mut first = true;
        for word in text.split_whitespace() {
            let longer = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if line.is_empty() || fits(&longer) {
                line = longer;
            } else {
                rows.push((std::mem::replace(&mut line, word.to_string()), first.then_some((*colour, *width))));
                first = false;
            }
        }
        rows.push((line, first.then_some((*colour, *width))));
    }
    rows
}

/// Draws a legend's rows (from [`area_with_legend`]) in a strip below a plot: each entry's
/// line in its colour (and width), then its label, one row a line.
pub fn legend_below(area: &Area, rows: &[LegendRow]) -> Result<(), String> {
    use plotters::prelude::*;
    let font = (FontFamily::SansSerif, TEXT).into_font().color(&BLACK);
    for (k, (text, line)) in rows.iter().enumerate() {
        let y = 4 + (k as u32 * LEGEND_ROW) as i32 + 8;
        if let Some((colour, width)) = line {
            area.draw(&PathElement::new(vec![(16, y), (40, y)], plotters::style::Color::stroke_width(colour, *width)))
                .map_err(|e| e.to_string())?;
        }
        area.draw(&Text::new(text.clone(), (LEGEND_TEXT_X, y - 7), font.clone())).map_err(|e| e.to_string())?;
    }
    Ok(())
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
    use plotters::style::{Color, FontFamily, RGBColor, WHITE};
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(200, 200, 200))
        .label_font((FontFamily::SansSerif, TEXT))
        .draw()
        .map_err(|e| e.to_string())
}
