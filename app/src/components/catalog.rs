//! The catalog of real products' settings in the editor: the autocomplete of the setting
//! cells, and the button that fills a row's default cell from it.
//!
//! The catalog itself stays on the server, out of the page's wasm: the autocomplete's options
//! come from [`catalog_settings`] once the page is interactive (before that nothing can be
//! typed), and each row's documented default comes with the sheet and with every save
//! ([`crate::model::SheetDetail::catalog_defaults`]).

use budget::Lang;
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
    let options = Catalog::from_context()
        .unwrap_or_else(Catalog::provide)
        .options;
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

/// The catalog's entries as the page has them (empty until [`CatalogDatalist`] loads them),
/// shared through context by the datalist and the grid's "fill from the catalog" buttons.
#[derive(Clone, Copy, Debug)]
pub struct Catalog {
    /// The entries, in catalog order.
    pub options: RwSignal<Vec<CatalogOption>>,
}

impl Catalog {
    /// An empty catalog, provided to the components below.
    pub fn provide() -> Catalog {
        let catalog = Catalog {
            options: RwSignal::new(Vec::new()),
        };
        provide_context(catalog);
        catalog
    }

    /// The catalog provided above, if any.
    pub fn from_context() -> Option<Catalog> {
        use_context::<Catalog>()
    }

    /// The first entry named exactly `name` (spaces around it aside), tracked.
    pub fn named(&self, name: &str) -> Option<CatalogOption> {
        let name = name.trim();
        if name.is_empty() {
            return None;
        }
        self.options
            .with(|options| options.iter().find(|o| o.name == name).cloned())
    }
}

/// What filling a row from a catalog entry writes: the entry's product, and the cells
/// ([`CatalogOption::fill`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogFill {
    /// The entry's product (`nginx`), named on the button.
    pub product: String,
    /// The cells to write, each with its text.
    pub cells: Vec<(budget::Column, String)>,
}

/// A button under a setting cell that names a catalog entry while the row's item is empty:
/// it fills the item, the default and the location from the entry
/// ([`CatalogOption::fill`]), in one edit. Not shown when there is nothing to fill.
#[component]
pub fn FillFromCatalog(
    /// The entry's cells to write, empty when none.
    #[prop(into)]
    fill: Signal<Option<CatalogFill>>,
    /// Called with the fill when the button is pressed.
    on_fill: Callback<CatalogFill>,
) -> impl IntoView {
    fill_button(
        fill,
        |ui, fill| format::fill_from_catalog_label(ui, &fill.product, &fill.cells),
        "fill-from-catalog-title",
        "fill-from-catalog",
        on_fill,
    )
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
    fill_button(
        default,
        |ui, value| format::fill_default_label(ui, value),
        "fill-default-title",
        "fill-default",
        on_fill,
    )
}

/// The small button of [`FillFromCatalog`] and [`FillDefault`]: shown while `offer` holds
/// something, labelled `label(ui, offer)` with the catalogue's `title` as its tooltip, and
/// calling `on_fill` with the offer when pressed.
fn fill_button<T: Clone + Send + Sync + 'static>(
    offer: Signal<Option<T>>,
    label: fn(Lang, &T) -> String,
    title: &'static str,
    testid: &'static str,
    on_fill: Callback<T>,
) -> impl IntoView {
    let ui = ui_lang();
    move || {
        offer.get().map(|offer| {
            view! {
                <button
                    type="button"
                    class="fill-default"
                    data-testid=testid
                    title=t(ui, title)
                    on:click={
                        let offer = offer.clone();
                        move |_| on_fill.run(offer.clone())
                    }
                >
                    {label(ui, &offer)}
                </button>
            }
        })
    }
}
