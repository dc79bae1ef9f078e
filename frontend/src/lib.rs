//! Hydrates the server-rendered page in the browser.
// The app's view types are deep; hydrating them in a release build needs more than 128.
#![recursion_limit = "256"]

/// Called by the generated JavaScript once the wasm module is loaded.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    leptos::mount::hydrate_body(app::shell::App);
}
