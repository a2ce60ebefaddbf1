//! Saving results: text as a file, a canvas as a PNG.

use wasm_bindgen::JsCast;

fn click_link(href: &str, filename: &str) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a").ok()?.dyn_into().ok()?;
    a.set_href(href);
    a.set_download(filename);
    document.body()?.append_child(&a).ok()?;
    a.click();
    a.remove();
    Some(())
}

pub fn text(content: &str, filename: &str, mime: &str) {
    let parts = js_sys::Array::of1(&content.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    click_link(&url, filename);
    let _ = web_sys::Url::revoke_object_url(&url);
}

pub fn canvas_png(canvas: &web_sys::HtmlCanvasElement, filename: &str) {
    if let Ok(url) = canvas.to_data_url_with_type("image/png") {
        click_link(&url, filename);
    }
}
