//! The sheets page (`/`): the list, and the ways to start a sheet.

use leptos::prelude::*;
use leptos_meta::Title;

use crate::api::list_sheets;
use crate::components::error_panel::ErrorPanel;
use crate::components::new_sheet::{ImportNewSheet, NewBlankSheet, NewExampleSheet};
use crate::components::sheet_list::SheetList;

/// Lists the sheets and offers a blank sheet, the example and a TSV import.
#[component]
pub fn SheetsPage() -> impl IntoView {
    let version = RwSignal::new(0_u32);
    let sheets = Resource::new(move || version.get(), |_| list_sheets());
    let refresh = Callback::new(move |()| version.update(|v| *v += 1));
    view! {
        <Title text="Sheets · Timeout Budget Workbench"/>
        <h1>"Sheets"</h1>
        <Transition fallback=|| view! { <p class="muted">"Loading the sheets…"</p> }>
            {move || Suspend::new(async move {
                match sheets.await {
                    Ok(list) => view! { <SheetList sheets=list on_change=refresh/> }.into_any(),
                    Err(error) => view! { <ErrorPanel error/> }.into_any(),
                }
            })}
        </Transition>
        <div class="cards">
            <NewBlankSheet/>
            <NewExampleSheet/>
            <ImportNewSheet/>
        </div>
    }
}
