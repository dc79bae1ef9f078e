//! The grid's head: the column headers with their resize handles, and the list of keyboard
//! shortcuts above the grid.

use budget::{Column, Lang};
use leptos::prelude::*;

use super::columns::{ColumnWidths, ResizeHandle};
use super::keys::SHORTCUTS;
use crate::i18n::{t, ui_lang};

/// The list of the grid's keyboard shortcuts, folded; `?` outside a text field opens and
/// closes it.
#[component]
pub(super) fn Shortcuts() -> impl IntoView {
    let ui = ui_lang();
    let shortcuts = NodeRef::<leptos::html::Details>::new();
    let help = window_event_listener(leptos::ev::keydown, move |ev| {
        use wasm_bindgen::JsCast;
        if ev.key() != "?" || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let typing = ev.target().is_some_and(|t| {
            t.dyn_ref::<web_sys::HtmlTextAreaElement>().is_some()
                || t.dyn_ref::<web_sys::HtmlInputElement>().is_some()
                || t.dyn_ref::<web_sys::HtmlSelectElement>().is_some()
        });
        if let (false, Some(details)) = (typing, shortcuts.get_untracked()) {
            ev.prevent_default();
            details.set_open(!details.open());
        }
    });
    on_cleanup(move || help.remove());
    view! {
        <details class="shortcuts" data-testid="shortcuts" node_ref=shortcuts>
            <summary>{t(ui, "shortcuts-title")}</summary>
            <table>
                <tbody>
                    {SHORTCUTS
                        .map(|id| {
                            let keys = t(ui, &format!("{id}.keys"));
                            view! { <tr><th scope="row">{keys}</th><td>{t(ui, id)}</td></tr> }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </details>
    }
}

/// The header row: `#`, the eight columns named in the sheet's language `lang`, the derived
/// kind, parsed value and note, and the actions; each with its handle that sets its width.
#[component]
pub(super) fn GridHead(lang: Signal<Lang>, widths: ColumnWidths) -> impl IntoView {
    let ui = ui_lang();
    view! {
        <thead role="rowgroup">
            <tr role="row">
                <th scope="col" class="num" data-col="num">
                    "#"
                    <ResizeHandle name="num" widths/>
                </th>
                {Column::ALL
                    .map(|c| {
                        let name = c.header(Lang::En);
                        view! {
                            <th scope="col" class=format!("col-{name}") data-col=name>
                                {move || c.header(lang.get())}
                                <ResizeHandle name widths/>
                            </th>
                        }
                    })
                    .collect_view()}
                <th scope="col" class="derived" data-col="kind">
                    {t(ui, "grid-col-kind")}
                    <ResizeHandle name="kind" widths/>
                </th>
                <th scope="col" class="derived" data-col="parsed">
                    {t(ui, "grid-col-parsed")}
                    <ResizeHandle name="parsed" widths/>
                </th>
                <th scope="col" class="derived" data-col="note">
                    {t(ui, "grid-col-note")}
                    <ResizeHandle name="note" widths/>
                </th>
                <th scope="col" class="actions" data-col="actions">
                    <span class="visually-hidden">{t(ui, "grid-col-actions")}</span>
                </th>
            </tr>
        </thead>
    }
}
