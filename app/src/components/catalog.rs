//! The catalog of real products' settings in the editor: the autocomplete of the setting
//! cells, and the button that fills a row's default cell from it.
//!
//! The catalog itself stays on the server, out of the page's wasm: the autocomplete's options
//! come from [`catalog_settings`] once the page is interactive (before that nothing can be
//! typed), and each row's documented default comes with the sheet and with every save
//! ([`crate::model::SheetDetail::catalog_defaults`]).

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::catalog_settings;
use crate::format;
use crate::i18n::{t, ui_lang};
use crate::model::CatalogOption;

/// The `id` of the `<datalist>` the setting inputs point to with `list=`.
pub const SETTINGS_LIST: &str = "catalog-settings";

/// One `<option>` per catalog entry: the setting's name as its value, and its product, kind
/// and documented default as its label. Rendered once on the sheet page; empty as the server
/// sends the page, filled in the browser.
#[component]
pub fn CatalogDatalist() -> impl IntoView {
    let options = RwSignal::new(Vec::<CatalogOption>::new());
    // Effects run only in the browser, after hydration: the server sends the list empty, as
    // hydration expects it, and no part of the page waits for it.
    Effect::new(move |_| {
        spawn_local(async move {
            if let Ok(list) = catalog_settings().await {
                options.try_set(list);
            }
        });
    });
    view! {
        <datalist id=SETTINGS_LIST data-testid=SETTINGS_LIST>
            {move || {
                options
                    .get()
                    .into_iter()
                    .map(|option| view! { <option value=option.name>{option.label}</option> })
                    .collect_view()
            }}
        </datalist>
    }
}

/// A small button offering the catalog's documented default for a row whose default cell is
/// empty; `default` is `None` when there is nothing to offer (the button is not shown).
#[component]
pub fn FillDefault(
    /// The default to offer, from the catalog entry the row's setting matches.
    #[prop(into)]
    default: Signal<Option<String>>,
    /// Called with the default when the button is pressed.
    on_fill: Callback<String>,
) -> impl IntoView {
    let ui = ui_lang();
    view! {
        {move || {
            default
                .get()
                .map(|value| {
                    let label = format::fill_default_label(ui, &value);
                    view! {
                        <button
                            type="button"
                            class="fill-default"
                            data-testid="fill-default"
                            title=t(ui, "fill-default-title")
                            on:click=move |_| on_fill.run(value.clone())
                        >
                            {label}
                        </button>
                    }
                })
        }}
    }
}
