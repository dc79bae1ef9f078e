//! The sheets page (`/`): the list, and the ways to start a sheet.

use leptos::prelude::*;
use leptos_meta::Title;

use crate::api::{
    list_sheets, CreateExampleSheet, CreateSheet, DeleteSheet, ImportSheet, RenameSheet,
};
use crate::components::error_panel::ErrorPanel;
use crate::components::new_sheet::{ImportNewSheet, NewBlankSheet, NewExampleSheet};
use crate::components::sheet_list::SheetList;

/// Lists the sheets and offers a blank sheet, the example and a TSV import. The page's
/// writes are server actions; the list is read again after each of them.
#[component]
pub fn SheetsPage() -> impl IntoView {
    let create = ServerAction::<CreateSheet>::new();
    let create_example = ServerAction::<CreateExampleSheet>::new();
    let import = ServerAction::<ImportSheet>::new();
    let rename = ServerAction::<RenameSheet>::new();
    let delete = ServerAction::<DeleteSheet>::new();
    let sheets = Resource::new(
        move || (rename.version().get(), delete.version().get()),
        |_| list_sheets(),
    );
    view! {
        <Title text="Sheets · Timeout Budget Workbench"/>
        <h1>"Sheets"</h1>
        <Transition fallback=|| view! { <p class="muted">"Loading the sheets…"</p> }>
            {move || Suspend::new(async move {
                match sheets.await {
                    Ok(list) => view! { <SheetList sheets=list rename delete/> }.into_any(),
                    Err(error) => view! { <ErrorPanel error/> }.into_any(),
                }
            })}
        </Transition>
        <div class="cards">
            <NewBlankSheet create/>
            <NewExampleSheet create=create_example/>
            <ImportNewSheet import/>
        </div>
    }
}
