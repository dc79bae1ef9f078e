//! Whether the page is interactive yet: a small shared type, apart from the shell that
//! provides it and the components that read it, so that neither imports the other.

use leptos::prelude::*;

/// Whether the page is interactive: `false` on the server and in the browser until hydration
/// has finished. Inputs whose text only the hydrated page can save are read-only until then,
/// so nothing typed early is silently replaced by hydration. Provided as context by
/// [`App`](crate::shell::App).
#[derive(Clone, Copy, Debug)]
pub struct Hydrated(pub ReadSignal<bool>);

impl Hydrated {
    /// Whether the page is hydrated, as a signal (call while rendering); always `true` where
    /// no [`App`](crate::shell::App) provides the context.
    pub fn signal() -> Signal<bool> {
        match use_context::<Hydrated>() {
            Some(Hydrated(hydrated)) => hydrated.into(),
            None => Signal::stored(true),
        }
    }
}
