//! The editor of one loaded sheet (an island): the grid, the report beside it, the export
//! links, the language, the settings and the import, sharing the editor's state.

use super::sheet_header::{AuthorLine, ChangesLine};
use crate::api::set_sheet_lang;
use crate::components::budget_picture::BudgetPicture;
use crate::components::catalog::CatalogDatalist;
use crate::components::export_links::ExportLinks;
use crate::components::import_rows::ImportRows;
use crate::components::lang_select::LangSelect;
use crate::components::report::{ReportPanel, SummaryHeadline};
use crate::components::save_status::{CombinedFindings, ConflictList, SaveStatusLine};
use crate::components::sheet_settings::SheetSettings;
use crate::editor::grid::{follow_changes, Grid};
use crate::editor::state::autosave::Autosave;
use crate::editor::state::draft;
use crate::editor::state::save_status::SaveStatus;
use crate::editor::state::EditorContext;
use crate::highlight::Highlight;
use crate::i18n::{t, ui_lang};
use crate::island::Prop;
use crate::model::{SheetDetail, SinceRevision};
use budget::{Lang, Report};
use leptos::prelude::*;
use leptos::task::spawn_local;

/// The editor of one loaded sheet, an island: the grid, the report, the export links, the
/// language, the settings and the import share its state, so they hydrate together. Edits
/// are saved by [`Autosave`]; the inputs keep what the user typed whatever the server
/// answers.
#[island]
pub(crate) fn SheetEditor(
    /// The sheet as the page loaded it (serialized into the page for the island).
    detail: Prop<SheetDetail>,
    /// The earlier revision whose changes the grid draws, when the address asks for one.
    changes: Prop<Option<SinceRevision>>,
) -> impl IntoView {
    crate::island::begin();
    let ui = ui_lang();
    let Prop(changes) = changes;
    let Prop(SheetDetail {
        id,
        name,
        sheet,
        report,
        revision,
        catalog_defaults,
        row_ids,
        author,
        account,
        report_id,
        ..
    }) = detail;
    let (margin_ms, amplification_threshold) = (sheet.margin_ms, sheet.amplification_threshold);
    let lang = RwSignal::new(sheet.lang);
    let rows = RwSignal::new(draft::drafts(&sheet.rows, 0));
    let report = RwSignal::new(report);
    // The rows behind the report's numbers, lit in the grid by the number pointed at.
    Highlight::provide(report.into());
    // The catalog's entries, loaded by the datalist, offered by the grid's setting cells.
    crate::components::catalog::Catalog::provide();
    let catalog_defaults = RwSignal::new(catalog_defaults);
    let status = RwSignal::new(SaveStatus::Saved);
    let autosave = Autosave::new(
        id,
        revision,
        sheet.rows.clone(),
        row_ids,
        rows,
        report,
        catalog_defaults,
        status,
    )
    .holds(report_id);
    // The editor's undo and redo (a fix applied and an import are steps too), focus and
    // selection (the picture selects a part's rows) and the kind of its edits, for the grid.
    let EditorContext { history, .. } =
        EditorContext::provide(rows, lang.into(), Some(autosave.edit_kind()));
    // Others' saves arrive as server-sent events; the page loads them when it has nothing
    // waiting of its own.
    let viewers = RwSignal::new(1_usize);
    crate::editor::state::live::listen(
        id,
        Callback::new(move |v| autosave.changed_elsewhere(v)),
        viewers,
    );
    autosave.save_on_leaving();

    let on_change = Callback::new(move |()| autosave.edited());
    // A checked fix is an edit like any other: its cells change, then the sheet is saved, as
    // a revision of its own (a `fix`), so the state it fixed stays in the history.
    let on_apply = Callback::new(move |fix: budget::fix::Fix| {
        history.record();
        apply_fix(rows, &fix);
        autosave.edited_as(crate::model::RevisionKind::Fix);
        // Back to the grid, so that Ctrl+Z undoes the fix at once.
        crate::editor::grid::focus_first_change(&fix);
    });
    let on_report = Callback::new(move |fresh: Report| autosave.show(fresh));
    let on_lang = Callback::new(move |new_lang: Lang| {
        spawn_local(async move {
            match set_sheet_lang(id, new_lang).await {
                Ok(fresh) => {
                    lang.set(new_lang);
                    autosave.show(fresh);
                }
                Err(err) => status.set(SaveStatus::Failed(err.message(ui_lang()))),
            }
        });
    });
    let before_import = Callback::new(move |()| autosave.cancel());
    let import_base = Callback::new(move |()| autosave.revision());
    // The page shows `detail` as stored, in place of what it had (an import, or the saved
    // version after a conflict).
    let on_imported = Callback::new(move |detail: SheetDetail| {
        // One step: undoing it puts the rows before the import back (and saves them).
        history.record();
        let first_key = rows.with_untracked(|rs| draft::next_key(rs));
        rows.set(draft::drafts(&detail.sheet.rows, first_key));
        lang.set(detail.sheet.lang);
        autosave.show_kept(detail.report, detail.report_id);
        catalog_defaults.set(detail.catalog_defaults);
        autosave.replaced(detail.revision, detail.sheet.rows, detail.row_ids);
    });
    let keep_mine = Callback::new(move |(row_id, column)| autosave.keep_mine(row_id, column));
    let take_theirs = Callback::new(move |(row_id, column)| autosave.take_theirs(row_id, column));
    let saving = Signal::derive(move || status.with(|s| *s == SaveStatus::Saving));
    // What the report is of when not the rows as saved.
    let basis = autosave.basis(ui);
    // What changed since the revision the address names, as the rows are typed.
    let marks = follow_changes(rows, changes.as_ref().map(|c| c.rows.clone()));
    view! {
        // The grid is far down a long sheet's page (the picture's parts are tab stops): the
        // link moves the focus to its first cell, or without JavaScript to the grid's frame.
        <p class="skip-link">
            <a href="#sheet-grid" data-testid="skip-to-grid" on:click=skip_to_grid>
                {t(ui, "skip-to-grid")}
            </a>
        </p>
        <header class="sheet-head">
            <h1 data-testid="sheet-name">{name.clone()}</h1>
            <SaveStatusLine status/>
            <p class="muted viewers" data-testid="viewers">
                {move || crate::editor::state::live::viewers_text(ui, viewers.get())}
            </p>
            <p class="sheet-links">
                <a href=format!("/sheets/{id}/history") data-testid="history-link">{t(ui, "history-link")}</a>
            </p>
        </header>
        <ChangesLine id changes marks/>
        <AuthorLine author account/>
        <ConflictList conflicts=autosave.conflicts keep_mine take_theirs/>
        <CombinedFindings findings=autosave.combined lang/>
        <SummaryHeadline report lang basis/>
        <BudgetPicture id report lang/>
        <div class="sheet-layout">
            <section class="grid-pane" id="sheet-grid" tabindex="-1" aria-label=t(ui, "rows-label")>
                <Grid rows report lang catalog_defaults on_change marks id/>
            </section>
            <aside class="report-pane">
                <ReportPanel report lang on_apply/>
            </aside>
        </div>
        <CatalogDatalist/>
        <div class="cards">
            <section class="card">
                <h2>{t(ui, "export-title")}</h2>
                <ExportLinks id name lang/>
                <h2>{t(ui, "sheet-lang-title")}</h2>
                <p class="muted">{t(ui, "sheet-lang-note")}</p>
                <LangSelect lang on_change=on_lang testid="sheet-lang"/>
            </section>
            <section class="card">
                <h2>{t(ui, "settings-title")}</h2>
                <SheetSettings id margin_ms amplification_threshold on_report/>
            </section>
            <ImportRows id disabled=saving before=before_import base=import_base on_imported/>
        </div>
    }
}

/// The "skip to the grid" link: the focus goes to the grid's first cell (selected, as the
/// keyboard leaves a cell), which scrolls it into view; a sheet without rows keeps the
/// link's own way, to the grid's frame.
fn skip_to_grid(ev: leptos::ev::MouseEvent) {
    crate::editor::grid::focus_cell(1, 0);
    let in_grid = document()
        .active_element()
        .is_some_and(|e| e.closest("table.grid").ok().flatten().is_some());
    if in_grid {
        ev.prevent_default();
    }
}

/// Writes a checked fix's cell changes into the rows being edited (lines 1-based; a line
/// past the rows is skipped).
pub(crate) fn apply_fix(rows: RwSignal<Vec<draft::DraftRow>>, fix: &budget::fix::Fix) {
    rows.with_untracked(|rs| {
        for change in &fix.changes {
            if let Some(row) = change.line.checked_sub(1).and_then(|i| rs.get(i)) {
                row.cell(change.column).set(change.to.clone());
            }
        }
    });
}
