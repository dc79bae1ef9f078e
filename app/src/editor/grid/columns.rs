//! The grid's column widths: fixed (every row is drawn as a CSS grid of the same column
//! widths, so a long value wraps in its column and never widens the page), each resizable by
//! dragging its header's right edge, and remembered per sheet in the browser (`localStorage`, key
//! `workbench.columns.{id}`).
//!
//! The server draws the default widths of the style sheet; a width the user set is applied
//! in the browser, through the CSS object model (which the page's `style-src 'self'` allows,
//! unlike a `style` attribute in the HTML).

use std::collections::BTreeMap;

use leptos::prelude::*;

/// The narrowest a column can be dragged to, in CSS pixels.
pub const MIN_WIDTH_PX: f64 = 32.0;

/// The grid's columns in order, by the names their header cells (`data-col`) and widths
/// ([`ColumnWidths`]) go by: the row number, the eight cells, the derived kind, parsed value
/// and note, and the row actions.
pub const GRID_COLUMNS: [&str; 13] = [
    "num",
    "layer",
    "segment",
    "item",
    "setting",
    "default",
    "value",
    "location",
    "rationale",
    "kind",
    "parsed",
    "note",
    "actions",
];

/// The widths the user set, by column name (`data-col` of the header cells), in CSS pixels;
/// empty while the defaults hold. Once one column is resized, every column has its width
/// here (measured when the drag starts), so the grid's width is their sum.
#[derive(Clone, Copy, Debug)]
pub struct ColumnWidths {
    widths: RwSignal<BTreeMap<String, f64>>,
    key: StoredValue<Option<String>>,
}

impl ColumnWidths {
    /// The widths of the grid of sheet `id` (none remembered without an id), read from the
    /// browser's storage once the page is interactive.
    pub fn new(id: Option<i64>) -> ColumnWidths {
        let key = id.map(|id| format!("workbench.columns.{id}"));
        let widths = ColumnWidths {
            widths: RwSignal::new(BTreeMap::new()),
            key: StoredValue::new(key),
        };
        // Effects run only in the browser, after hydration.
        Effect::new(move |_| {
            if let Some(stored) = widths.load() {
                widths.widths.set(stored);
            }
        });
        widths
    }

    /// The width of column `name` as CSS (`"180px"`), when the user set one.
    pub fn width(&self, name: &str) -> Option<String> {
        self.widths
            .with(|w| w.get(name).map(|px| format!("{px}px")))
    }

    /// Draws the grid `table` at these widths: each column the user set as the CSS variable
    /// its cells are laid out by (`--w-value: 180px`), the others at the style sheet's
    /// default. Tracked: call it in an effect.
    pub fn apply(&self, table: &web_sys::HtmlTableElement) {
        let style = web_sys::HtmlElement::style(table);
        for name in GRID_COLUMNS {
            let property = format!("--w-{name}");
            let _ = match self.width(name) {
                Some(width) => style.set_property(&property, &width),
                None => style.remove_property(&property).map(|_| ()),
            };
        }
    }

    /// Sets column `name` to `px` (at least [`MIN_WIDTH_PX`]); the other columns keep the
    /// widths `measured` (as drawn now) unless already set.
    pub fn set(&self, name: &str, px: f64, measured: &[(String, f64)]) {
        self.widths.update(|w| {
            for (column, width) in measured {
                w.entry(column.clone()).or_insert(*width);
            }
            w.insert(name.to_string(), px.max(MIN_WIDTH_PX).round());
        });
    }

    /// Remembers the widths for this sheet in the browser.
    pub fn save(&self) {
        let (Some(key), Some(storage)) = (self.key.get_value(), storage()) else {
            return;
        };
        let text = self
            .widths
            .with_untracked(|w| serde_json::to_string(w).unwrap_or_default());
        let _ = storage.set_item(&key, &text);
    }

    /// Forgets the widths: the defaults again.
    pub fn reset(&self) {
        self.widths.set(BTreeMap::new());
        if let (Some(key), Some(storage)) = (self.key.get_value(), storage()) {
            let _ = storage.remove_item(&key);
        }
    }

    fn load(&self) -> Option<BTreeMap<String, f64>> {
        let key = self.key.get_value()?;
        let text = storage()?.get_item(&key).ok()??;
        let widths: BTreeMap<String, f64> = serde_json::from_str(&text).ok()?;
        widths
            .values()
            .all(|px| px.is_finite() && *px >= MIN_WIDTH_PX)
            .then_some(widths)
    }
}

/// The browser's `localStorage`, when it has one and allows it.
fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// The width every header cell of the grid that holds `handle` is drawn at now, by its
/// `data-col`.
fn measure(handle: &web_sys::Element) -> Vec<(String, f64)> {
    use wasm_bindgen::JsCast;
    let Some(row) = handle.closest("tr").ok().flatten() else {
        return Vec::new();
    };
    let Ok(cells) = row.query_selector_all("th[data-col]") else {
        return Vec::new();
    };
    (0..cells.length())
        .filter_map(|i| cells.item(i)?.dyn_into::<web_sys::HtmlElement>().ok())
        .filter_map(|th| {
            let name = th.get_attribute("data-col")?;
            Some((name, th.get_bounding_client_rect().width()))
        })
        .collect()
}

/// The handle on a header cell's right edge: dragging it sets column `name`'s width; a double
/// click puts every column back to its default width.
#[component]
pub fn ResizeHandle(
    /// The column's name, as its header cell's `data-col`.
    name: &'static str,
    /// The grid's widths.
    widths: ColumnWidths,
) -> impl IntoView {
    use wasm_bindgen::JsCast;
    // Where the drag started: the pointer's x and the column's width then.
    let start = StoredValue::new(None::<(f64, f64)>);
    let on_down = move |ev: leptos::ev::PointerEvent| {
        let Some(handle) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        ev.prevent_default();
        let measured = measure(&handle);
        let Some(width) = measured.iter().find(|(c, _)| c == name).map(|(_, w)| *w) else {
            return;
        };
        widths.set(name, width, &measured);
        let _ = handle.set_pointer_capture(ev.pointer_id());
        start.set_value(Some((f64::from(ev.client_x()), width)));
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        if let Some((x, width)) = start.get_value() {
            widths.set(name, width + f64::from(ev.client_x()) - x, &[]);
        }
    };
    let on_up = move |_: leptos::ev::PointerEvent| {
        if start.get_value().is_some() {
            start.set_value(None);
            widths.save();
        }
    };
    view! {
        <span
            class="col-resize"
            aria-hidden="true"
            title=crate::i18n::t(crate::i18n::ui_lang(), "column-resize")
            data-testid=format!("resize-{name}")
            on:pointerdown=on_down
            on:pointermove=on_move
            on:pointerup=on_up
            on:pointercancel=on_up
            on:dblclick=move |_| widths.reset()
        ></span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resize_sets_every_column_measured_and_keeps_a_minimum() {
        let owner = Owner::new();
        owner.set();
        let widths = ColumnWidths::new(None);
        assert_eq!(widths.width("value"), None);
        let measured = [("layer".to_string(), 40.0), ("value".to_string(), 180.0)];
        widths.set("value", 251.4, &measured);
        assert_eq!(widths.width("value").as_deref(), Some("251px"));
        assert_eq!(widths.width("layer").as_deref(), Some("40px"));
        widths.set("layer", 3.0, &[]);
        assert_eq!(widths.width("layer").as_deref(), Some("32px"));
    }
}
