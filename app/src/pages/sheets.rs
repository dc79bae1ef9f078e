//! The sheets page (`/`): the list, and the ways to start a sheet.

use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::hooks::use_query_map;

use crate::api::list_sheets;
use crate::components::error_panel::ErrorPanel;
use crate::components::new_sheet::{ImportNewSheet, NewBlankSheet, NewExampleSheet};
use crate::components::sheet_list::{ListedSheet, SheetList};
use crate::island::Prop;
use crate::list_mode::{ListMode, DELETE, RENAME};

/// Lists the sheets and offers a blank sheet, the example and a TSV import. The list and the
/// import are islands with their own server actions, the blank sheet and the example plain
/// forms; a write that succeeds sends the browser to the page to show next (the new sheet, or
/// this list read again).
#[component]
pub fn SheetsPage() -> impl IntoView {
    let query = use_query_map();
    let sheets = Resource::new(|| (), |_| list_sheets());
    view! {
        <Title text="Sheets · Timeout Budget Workbench"/>
        <h1>"Sheets"</h1>
        <Transition fallback=|| view! { <p class="muted">"Loading the sheets…"</p> }>
            {move || Suspend::new(async move {
                let mode = query.with(|q| ListMode::from_query(q.get_str(RENAME), q.get_str(DELETE)));
                match sheets.await {
                    Ok(list) => {
                        let sheets = Prop(list.into_iter().map(ListedSheet::new).collect());
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
        </div>
    }
}
