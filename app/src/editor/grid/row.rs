//! One row of the grid: its cells, its derived columns, its row actions (insert, delete,
//! duplicate, move) and the rows removed after it since the compared revision.

use budget::{display, Column, Lang};
use leptos::prelude::*;

use super::actions::{row_action, row_action_icon, row_action_words};
use super::cell::GridCell;
use super::marks::change_class;
use super::view::RowView;
use crate::components::catalog::{Catalog, CatalogFill};
use crate::components::findings::SourceLink;
use crate::editor::state::draft::{self, DraftRow, RowAction};
use crate::editor::state::EditorContext;
use crate::fan_out::FanOut;
use crate::format;
use crate::i18n::{t, ui_lang};

/// One row of the grid.
#[component]
pub(super) fn GridRow(
    row: DraftRow,
    rows: RwSignal<Vec<DraftRow>>,
    lang: Signal<Lang>,
    /// The grid's rows' views, this row's among them.
    views: FanOut<u64, RowView>,
    /// The view of a line now (untracked), for the row's first drawing.
    view_now: impl Fn(usize) -> RowView + Copy + Send + Sync + 'static,
    on_change: Callback<()>,
) -> impl IntoView {
    let key = row.key;
    // The row's line from its own slot: a row added or moved wakes the rows whose line
    // changed, and typing wakes none.
    let editor = EditorContext::from_context();
    let focus = editor.map(|e| e.focus);
    let line_now = untrack(|| rows.with(|rs| draft::line_of(rs, key)).unwrap_or(0));
    let line = match focus {
        Some(f) => f.row_line(key, line_now),
        None => RwSignal::new(line_now).read_only(),
    };
    let view = views.slot(key, view_now(line.get_untracked()));
    let derived = Memo::new(move |_| view.with(|v| v.derived.clone()));
    // The catalog's documented default (as the server found it for this line), offered
    // while the row's default cell is empty.
    let catalog_default = Memo::new(move |_| {
        if !row.cell(Column::Default).with(|d| d.trim().is_empty()) {
            return None;
        }
        view.with(|v| v.catalog_default.clone())
    });
    // Each of the row's edits is an undo step: the rows before it are recorded.
    let ui = ui_lang();
    let history = editor.map(|e| e.history);
    let record = move || {
        if let Some(h) = history {
            h.record();
        }
    };
    let fill_default = Callback::new(move |value: String| {
        record();
        row.cell(Column::Default).set(value);
        on_change.run(());
    });
    // A setting cell naming a catalog entry, on a row without an item yet, offers to fill
    // the item, default and location from the entry: one edit.
    let catalog = Catalog::from_context();
    let from_catalog = Signal::derive(move || {
        let catalog = catalog?;
        if !row.cell(Column::Item).with(|t| t.trim().is_empty()) {
            return None;
        }
        let option = row.cell(Column::Setting).with(|s| catalog.named(s))?;
        let cells = option.fill(&row.read(), lang.get());
        (!cells.is_empty()).then(|| CatalogFill {
            product: option.product.clone(),
            cells,
        })
    });
    let fill_from_catalog = Callback::new(move |fill: CatalogFill| {
        record();
        for (column, text) in fill.cells {
            row.cell(column).set(text);
        }
        on_change.run(());
    });
    let class = move || view.with(row_class);
    let flag = move || view.with(|v| v.flag.map(display::severity_code));
    let act = move |action: RowAction| {
        if let Some(h) = history {
            row_action(rows, h, key, action, on_change, None);
        }
    };
    // A row is dragged by its number onto another row's place.
    let on_drag_start = move |ev: leptos::ev::DragEvent| {
        if let Some(data) = ev.data_transfer() {
            let _ = data.set_data("text/plain", &line.get_untracked().to_string());
            data.set_effect_allowed("move");
        }
        if let Some(f) = focus {
            f.dragged_row.set_value(Some(key));
        }
    };
    let on_drag_over = move |ev: leptos::ev::DragEvent| {
        if focus.is_some_and(|f| f.dragged_row.get_value().is_some()) {
            ev.prevent_default();
        }
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        let (Some(f), Some(h)) = (focus, history) else {
            return;
        };
        let Some(dragged) = f.dragged_row.get_value() else {
            return;
        };
        ev.prevent_default();
        f.dragged_row.set_value(None);
        let to = line.get_untracked().saturating_sub(1);
        row_action(rows, h, dragged, RowAction::MoveTo(to), on_change, Some(0));
    };
    let last = move || match focus {
        Some(f) => f.lines.get() == line.get(),
        None => rows.with(Vec::len) == line.get(),
    };
    view! {
        <tr
            role="row"
            data-testid=move || format!("row-{}", line.get())
            data-flag=flag
            class=class
            on:dragover=on_drag_over
            on:drop=on_drop
        >
            <td
                class="num line"
                draggable="true"
                title=t(ui, "row-drag")
                data-testid="drag-row"
                on:dragstart=on_drag_start
            >
                {move || line.get()}
            </td>
            {Column::ALL
                .map(|column| {
                    let fill = (column == Column::Default).then_some((catalog_default, fill_default));
                    let catalog = (column == Column::Setting).then_some((from_catalog, fill_from_catalog));
                    let at = Column::ALL.iter().position(|c| *c == column).unwrap_or(0);
                    let old = Signal::derive(move || view.with(|v| v.old[at].clone()));
                    view! { <GridCell row rows column line on_change fill catalog old/> }
                })
                .collect_view()}
            <DerivedCells derived lang/>
            <td class="actions">
                <RowButton line act action=RowAction::InsertAbove testid="insert-above"/>
                <RowButton line act action=RowAction::InsertBelow testid="insert-below"/>
                <RowButton line act action=RowAction::Duplicate testid="duplicate-row"/>
                <RowButton line act action=RowAction::MoveUp testid="move-up" disabled=Signal::derive(move || line.get() <= 1)/>
                <RowButton line act action=RowAction::MoveDown testid="move-down" disabled=Signal::derive(last)/>
                <RowButton line act action=RowAction::Delete testid="delete-row"/>
            </td>
        </tr>
        <RemovedRows removed=Signal::derive(move || view.with(|v| v.removed_after.clone()))/>
    }
}

/// A button of a row's actions. Not a tab stop of its own (the grid is one): the keys of
/// [`row_key`] do the same from any cell of the row.
#[component]
fn RowButton(
    line: ReadSignal<usize>,
    act: impl Fn(RowAction) + Copy + Send + Sync + 'static,
    action: RowAction,
    testid: &'static str,
    #[prop(optional, into)] disabled: Signal<bool>,
) -> impl IntoView {
    let ui = ui_lang();
    let icon = row_action_icon(action);
    let danger = action == RowAction::Delete;
    view! {
        <button
            type="button"
            class=if danger { "icon danger" } else { "icon" }
            tabindex="-1"
            title=row_action_words(ui, action, None)
            aria-label=move || row_action_words(ui, action, Some(line.get()))
            data-testid=testid
            disabled=disabled
            on:click=move |_| act(action)
        >
            <svg
                class="row-icon"
                viewBox="0 0 16 16"
                width="16"
                height="16"
                aria-hidden="true"
                focusable="false"
            >
                <path d=icon/>
            </svg>
        </button>
    }
}

/// The rows removed since the revision the grid compares with that came after line `after`:
/// struck through, not editable.
#[component]
pub(super) fn RemovedRows(
    /// The rows removed at this place, each its cells' old text: from the row's view
    /// ([`RowView::removed_after`]), so that a keystroke redraws only the places it changed.
    removed: Signal<Vec<Vec<String>>>,
) -> impl IntoView {
    let removed = Memo::new(move |_| removed.get());
    move || {
        removed
            .get()
            .into_iter()
            .map(|cells| {
                let cells = cells
                    .into_iter()
                    .map(|text| view! { <td><del class="cell-text">{text}</del></td> })
                    .collect::<Vec<_>>();
                view! {
                    <tr class="diff-removed" role="row" data-testid="removed-row">
                        <td class="num line">"−"</td>
                        {cells}
                        <td class="derived" colspan="4">{t(ui_lang(), "row-removed")}</td>
                    </tr>
                }
            })
            .collect::<Vec<_>>()
    }
}

/// A row's classes: flagged by its most severe finding, lit while a number of the report
/// made of it is hovered or focused (`traced`), and changed since an earlier revision.
fn row_class(view: &RowView) -> Option<String> {
    let flagged = view
        .flag
        .map(|s| format!("flagged flagged-{}", display::severity_code(s)));
    let traced = view.traced.then_some("traced");
    let changed = view.change.map(change_class);
    let classes: Vec<&str> = [flagged.as_deref(), traced, changed]
        .into_iter()
        .flatten()
        .filter(|c| !c.is_empty())
        .collect();
    (!classes.is_empty()).then(|| classes.join(" "))
}

/// A row's derived cells, from its report (`derived`; none before the first check): its
/// kind, its parsed value and its note, with the documentation address of its setting when
/// the catalog knows it.
#[component]
fn DerivedCells(derived: Memo<Option<budget::RowReport>>, lang: Signal<Lang>) -> impl IntoView {
    let note = Memo::new(move |_| derived.with(|d| d.as_ref().and_then(|d| d.note.clone())));
    let source = Memo::new(move |_| derived.with(|d| d.as_ref().and_then(|d| d.source.clone())));
    view! {
        <td
            class="derived"
            data-testid="derived-kind"
            data-kind=move || derived.with(|d| d.as_ref().map(|d| d.kind.as_str()))
        >
            {move || derived.with(|d| d.as_ref().map(|d| format::kind(d.kind, lang.get())))}
        </td>
        <td class="derived" data-testid="derived-parsed">
            {move || derived.with(|d| d.as_ref().map(|d| d.parsed.clone()))}
        </td>
        <td class="derived note">
            <span data-testid="derived-note">{move || note.get()}</span>
            {move || {
                source
                    .get()
                    .map(|address| {
                        let lang = lang.get();
                        view! {
                            " "
                            <SourceLink address lang class="source" testid="catalog-source"/>
                        }
                    })
            }}
        </td>
    }
}
