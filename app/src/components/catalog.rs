//! The catalog of real products' settings in the editor: the autocomplete of the setting
//! cells, and the button that fills a row's default cell from it.

use leptos::prelude::*;

use crate::format;

/// The `id` of the `<datalist>` the setting inputs point to with `list=`.
pub const SETTINGS_LIST: &str = "catalog-settings";

/// One `<option>` per catalog entry: the setting's name as its value, and its product, kind
/// and documented default as its label. Rendered once on the sheet page.
#[component]
pub fn CatalogDatalist() -> impl IntoView {
    let options = budget::catalog::entries()
        .iter()
        .map(|entry| (entry.name, format::catalog_label(entry)))
        .collect::<Vec<_>>();
    view! {
        <datalist id=SETTINGS_LIST data-testid=SETTINGS_LIST>
            {options
                .into_iter()
                .map(|(name, label)| view! { <option value=name>{label}</option> })
                .collect_view()}
        </datalist>
    }
}

/// A small button offering the catalog's documented default for a row whose default cell is
/// empty; `default` is `None` when there is nothing to offer (the button is not shown).
#[component]
pub fn FillDefault(
    /// The default to offer, from the catalog entry the row's setting matches.
    #[prop(into)]
    default: Signal<Option<&'static str>>,
    /// Called with the default when the button is pressed.
    on_fill: Callback<&'static str>,
) -> impl IntoView {
    view! {
        {move || {
            default
                .get()
                .map(|value| {
                    view! {
                        <button
                            type="button"
                            class="fill-default"
                            data-testid="fill-default"
                            title="Fill the default cell with the catalog's documented default"
                            on:click=move |_| on_fill.run(value)
                        >
                            {format::fill_default_label(value)}
                        </button>
                    }
                })
        }}
    }
}
