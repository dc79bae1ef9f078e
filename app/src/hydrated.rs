//! Whether an island is interactive yet, and whether the whole page is: a small shared type,
//! apart from the islands that provide it and the components that read it, so that neither
//! imports the other.

use leptos::prelude::*;

/// The attribute `<body>` gets (`data-hydrated="true"`) once every island of the page has
/// hydrated, or at once when the page has none; end-to-end tests wait for it before they type.
pub const PAGE_HYDRATED: &str = "data-hydrated";

/// Whether the island around a component is interactive: `false` on the server and in the
/// browser until the island has hydrated. Inputs whose text only the hydrated island can save
/// are read-only until then, so nothing typed early is silently replaced by hydration.
/// Provided as context by [`crate::island::begin`], which every island calls first.
#[derive(Clone, Copy, Debug)]
pub struct Hydrated(pub ReadSignal<bool>);

impl Hydrated {
    /// Provides the [`Hydrated`] signal of the island being rendered. In the browser an
    /// effect sets it once the island has hydrated (effects never run on the server), and
    /// counts the island toward the page's [`PAGE_HYDRATED`].
    pub(crate) fn provide() {
        let hydrated = RwSignal::new(false);
        provide_context(Hydrated(hydrated.read_only()));
        Effect::new(move |_| {
            hydrated.set(true);
            island_hydrated();
        });
    }

    /// Whether the island is hydrated, as a signal (call while rendering); always `true`
    /// where no island provides the context.
    pub fn signal() -> Signal<bool> {
        match use_context::<Hydrated>() {
            Some(Hydrated(hydrated)) => hydrated.into(),
            None => Signal::stored(true),
        }
    }
}

/// Counts one more island hydrated; once every island of the page has, marks the page
/// ([`PAGE_HYDRATED`]). An island directly inside another one is hydrated with it and is not
/// an element of its own: it shares the outer one's signal and is not counted (no island of
/// the workbench sits in another island's children, which would be counted apart).
#[cfg(feature = "hydrate")]
fn island_hydrated() {
    use std::cell::Cell;
    thread_local! {
        static HYDRATED: Cell<u32> = const { Cell::new(0) };
    }
    let hydrated = HYDRATED.with(|count| {
        count.set(count.get() + 1);
        count.get()
    });
    if hydrated >= islands_on_page() {
        mark_page();
    }
}

/// Nothing to count on the server, where effects never run.
#[cfg(not(feature = "hydrate"))]
fn island_hydrated() {}

/// Marks a page without islands (a page-sized error, the not-found page) hydrated once the
/// wasm has loaded; a page with islands is marked by its last island.
#[cfg(feature = "hydrate")]
pub fn page_without_islands() {
    if islands_on_page() == 0 {
        mark_page();
    }
}

/// How many islands the page has: its `<leptos-island>` elements.
#[cfg(feature = "hydrate")]
fn islands_on_page() -> u32 {
    document()
        .query_selector_all("leptos-island")
        .map(|islands| islands.length())
        .unwrap_or(0)
}

/// Sets [`PAGE_HYDRATED`] on `<body>`.
#[cfg(feature = "hydrate")]
fn mark_page() {
    if let Some(body) = document().body() {
        let _ = body.set_attribute(PAGE_HYDRATED, "true");
    }
}
