//! The sheets page (`/`): the list, and the ways to start a sheet.

use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::hooks::use_query_map;

use crate::api::list_sheets;
use crate::components::config_import::ConfigNewSheet;
use crate::components::error_panel::ErrorPanel;
use crate::components::new_sheet::{ImportNewSheet, NewBlankSheet, NewExampleSheet};
use crate::components::sheet_list::{ListedSheet, SheetList};
use crate::i18n::{t, ui_lang};
use crate::island::Prop;
use crate::list_mode::{ListMode, DELETE, RENAME};

/// Lists the sheets and offers a blank sheet, the example, a TSV import and a sheet from
/// configuration files. The list and the
/// import are islands with their own server actions, the blank sheet and the example plain
/// forms; a write that succeeds sends the browser to the page to show next (the new sheet, or
/// this list read again).
#[component]
pub fn SheetsPage() -> impl IntoView {
    let query = use_query_map();
    let sheets = Resource::new(|| (), |_| list_sheets());
    let ui = ui_lang();
    view! {
        <Title text=super::page_title(&t(ui, "sheets-title"))/>
        <h1>{t(ui, "sheets-title")}</h1>
        <Transition fallback=move || view! { <p class="muted">{t(ui, "sheets-loading")}</p> }>
            {move || Suspend::new(async move {
                let mode = query.with(|q| ListMode::from_query(q.get_str(RENAME), q.get_str(DELETE)));
                match sheets.await {
                    Ok(list) => {
                        let sheets = Prop(list.into_iter().map(|s| ListedSheet::new(s, ui)).collect());
                        view! { <SheetList sheets mode/> }.into_any()
                    }
                    Err(error) => view! { <ErrorPanel error/> }.into_any(),
                }
            })}
        </Transition>
        <div class="cards">
            <NewBlankSheet/>
            <NewExampleSheet/>
            <ImportNewSheet/>
            <ConfigNewSheet/>
        </div>
    }
}
