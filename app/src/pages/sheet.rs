//! The sheet page (`/sheets/:id`): the editable grid, the report beside it, import and
//! export.

use budget::Lang;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_meta::Title;
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;

use crate::api::{get_sheet, set_sheet_lang};
use crate::autosave::Autosave;
use crate::components::catalog::CatalogDatalist;
use crate::components::error_panel::ErrorPanel;
use crate::components::export_links::ExportLinks;
use crate::components::grid::Grid;
use crate::components::import_rows::ImportRows;
use crate::components::lang_select::LangSelect;
use crate::components::report::{ReportPanel, SummaryHeadline};
use crate::components::save_status::{ConflictChoice, SaveStatusLine};
use crate::components::sheet_settings::SheetSettings;
use crate::draft;
use crate::error::AppError;
use crate::highlight::Highlight;
use crate::island::Prop;
use crate::model::SheetDetail;
use crate::save_status::SaveStatus;

/// Loads sheet `:id` (on the server first, so the page reads without JavaScript) and shows
/// its editor.
#[component]
pub fn SheetPage() -> impl IntoView {
    let params = use_params_map();
    let id = move || params.read().get("id").unwrap_or_default();
    let sheet = Resource::new(id, |id| async move {
        match id.parse::<i64>() {
            Ok(id) => get_sheet(id).await,
            Err(_) => Err(AppError::BadAddress(id)),
        }
    });
    view! {
        <nav class="crumbs">
            <A href="/">"← All sheets"</A>
        </nav>
        <Suspense fallback=|| view! { <p class="muted">"Loading the sheet…"</p> }>
            {move || Suspend::new(async move {
                match sheet.await {
                    Ok(detail) => {
                        view! {
                            <Title text=super::page_title(&detail.name)/>
                            <SheetEditor detail=Prop(detail)/>
                        }
                            .into_any()
                    }
                    Err(error) => view! { <ErrorPanel error/> }.into_any(),
                }
            })}
        </Suspense>
    }
}

/// The editor of one loaded sheet, an island: the grid, the report, the export links, the
/// language, the settings and the import share its state, so they hydrate together. Edits
/// are saved by [`Autosave`]; the inputs keep what the user typed whatever the server
/// answers.
#[island]
fn SheetEditor(
    /// The sheet as the page loaded it (serialized into the page for the island).
    detail: Prop<SheetDetail>,
) -> impl IntoView {
    crate::island::begin();
    let Prop(SheetDetail {
        id,
        name,
        sheet,
        report,
        revision,
        catalog_defaults,
        ..
    }) = detail;
    let (margin_ms, amplification_threshold) = (sheet.margin_ms, sheet.amplification_threshold);
    let lang = RwSignal::new(sheet.lang);
    let rows = RwSignal::new(draft::drafts(&sheet.rows, 0));
    let report = RwSignal::new(report);
    // The rows behind the report's numbers, lit in the grid by the number pointed at.
    Highlight::provide(report.into());
    let catalog_defaults = RwSignal::new(catalog_defaults);
    let status = RwSignal::new(SaveStatus::Saved);
    let autosave = Autosave::new(id, revision, rows, report, catalog_defaults, status);
    on_cleanup(move || autosave.leave());
    // Leaving the page (reload, close, another address) while text is unsaved: send it, and
    // let the browser ask whether to stay. A no-op on the server.
    let unload = window_event_listener(leptos::ev::beforeunload, move |ev| {
        if autosave.unsaved() {
            autosave.flush();
            ev.prevent_default();
        }
    });
    on_cleanup(move || unload.remove());

    let on_change = Callback::new(move |()| autosave.edited());
    // A checked fix is an edit like any other: its cells change, then the sheet is saved.
    let on_apply = Callback::new(move |fix: budget::fix::Fix| {
        rows.with_untracked(|rs| {
            for change in &fix.changes {
                if let Some(row) = change.line.checked_sub(1).and_then(|i| rs.get(i)) {
                    row.cell(change.column).set(change.to.clone());
                }
            }
        });
        autosave.edited();
    });
    let on_lang = Callback::new(move |new_lang: Lang| {
        spawn_local(async move {
            match set_sheet_lang(id, new_lang).await {
                Ok(fresh) => {
                    lang.set(new_lang);
                    report.set(fresh);
                }
                Err(err) => status.set(SaveStatus::Failed(err.to_string())),
            }
        });
    });
    let before_import = Callback::new(move |()| autosave.cancel());
    let import_base = Callback::new(move |()| autosave.revision());
    // The page shows `detail` as stored, in place of what it had (an import, or the saved
    // version after a conflict).
    let on_imported = Callback::new(move |detail: SheetDetail| {
        let first_key = rows.with_untracked(|rs| draft::next_key(rs));
        rows.set(draft::drafts(&detail.sheet.rows, first_key));
        lang.set(detail.sheet.lang);
        report.set(detail.report);
        catalog_defaults.set(detail.catalog_defaults);
        autosave.replaced(detail.revision);
    });
    let keep_mine = Callback::new(move |()| autosave.keep_mine());
    let load_saved = Callback::new(move |()| {
        spawn_local(async move {
            match get_sheet(id).await {
                Ok(detail) => on_imported.run(detail),
                Err(err) => status.set(SaveStatus::Failed(err.to_string())),
            }
        });
    });
    let saving = Signal::derive(move || status.with(|s| *s == SaveStatus::Saving));

    view! {
        <header class="sheet-head">
            <h1 data-testid="sheet-name">{name.clone()}</h1>
            <SaveStatusLine status/>
        </header>
        <ConflictChoice status keep_mine load_saved/>
        <SummaryHeadline report lang/>
        <div class="sheet-layout">
            <section class="grid-pane" aria-label="Rows">
                <Grid rows report lang catalog_defaults on_change/>
            </section>
            <aside class="report-pane">
                <ReportPanel report lang on_apply/>
            </aside>
        </div>
        <CatalogDatalist/>
        <div class="cards">
            <section class="card">
                <h2>"Export"</h2>
                <ExportLinks id name lang/>
                <h2>"Language"</h2>
                <p class="muted">"The headers, messages and fixes follow the sheet's language."</p>
                <LangSelect lang on_change=on_lang testid="sheet-lang"/>
            </section>
            <section class="card">
                <h2>"Settings"</h2>
                <SheetSettings id margin_ms amplification_threshold report/>
            </section>
            <ImportRows id disabled=saving before=before_import base=import_base on_imported/>
        </div>
    }
}
