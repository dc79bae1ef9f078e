//! Hydrates the islands of the server-rendered page in the browser (`app::island`).
// The app's view types are deep; hydrating them in a release build needs more than 128.
#![recursion_limit = "256"]

/// Called by the generated JavaScript once the wasm module is loaded, before it hydrates each
/// island (every `#[island]` of `app` is a function this module exports).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    leptos::mount::hydrate_islands();
    app::island::start();
}
