//! The editable grid: eight text inputs per row, the derived columns from the report, and
//! the row actions (add, delete, move up and down). The setting inputs autocomplete from the
//! catalog, and an empty default cell offers the catalog's documented default.
//!
//! Its parts: the rows ([`row`]) and their cells ([`cell`]), the keys that move the focus
//! ([`keys`]), the rows' [`actions`], blocks pasted and cleared ([`clipboard`]), the columns'
//! widths ([`columns`]), the marks of what changed ([`marks`]) and each row's view of the report
//! ([`view`]).

mod actions;
mod cell;
mod cell_events;
mod clipboard;
pub mod columns;
mod head;
pub mod keys;
pub mod marks;
mod row;
pub mod view;

use budget::{Lang, Report};
use leptos::prelude::*;

use crate::editor::state::draft::{self, DraftRow};
use crate::editor::state::EditorContext;
use crate::fan_out::FanOut;
use crate::highlight::Highlight;
use crate::i18n::{t, ui_lang};
use columns::ColumnWidths;
use head::{GridHead, Shortcuts};
use row::{GridRow, RemovedRows};
use view::{RowSources, RowView};

pub use actions::row_key;
pub use cell::{text_rows, MAX_TEXT_ROWS};
pub use cell_events::CellMode;
pub use clipboard::{fill_block, rows_from_paste, TooWide};
pub use keys::{focus_cell, focus_first_change, move_from, SHORTCUTS};
pub use marks::{flagged_lines, follow_changes, ChangeMarks};

/// The grid of a sheet's rows. Every change (a keystroke, a row added, deleted or moved)
/// updates `rows` and then calls `on_change`.
#[component]
pub fn Grid(
    /// The rows being edited.
    rows: RwSignal<Vec<DraftRow>>,
    /// The latest report: its `rows` give the derived columns, its findings the highlights.
    #[prop(into)]
    report: Signal<Report>,
    /// The sheet's language, for the column headers.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Each row's catalog default as of the latest report, by line
    /// ([`crate::model::SheetDetail::catalog_defaults`]).
    #[prop(into)]
    catalog_defaults: Signal<Vec<Option<String>>>,
    /// Called after every change.
    on_change: Callback<()>,
    /// The sheet's id, under which the column widths the user sets are remembered.
    #[prop(optional)]
    id: Option<i64>,
    /// What changed since an earlier revision ([`follow_changes`]): the grid draws it
    /// (changed cells with their old text struck through, added rows marked, removed rows
    /// struck through in place).
    #[prop(optional)]
    marks: Option<Memo<Option<ChangeMarks>>>,
) -> impl IntoView {
    let flags = Memo::new(move |_| report.with(flagged_lines));
    let marks = marks.unwrap_or_else(|| Memo::new(|_| None));
    // What each row shows of the report, published by one effect to the rows it changed.
    let highlight = Highlight::from_context();
    let views = FanOut::<u64, RowView>::new();
    // Runs `f` on the sources of the rows' views, reading (and tracking) each once.
    let with_sources = move |f: &mut dyn FnMut(&RowSources)| {
        report.with(|report| {
            catalog_defaults.with(|defaults| {
                flags.with(|flags| {
                    marks.with(|marks| {
                        f(&RowSources {
                            report,
                            defaults,
                            flags,
                            marks: marks.as_ref(),
                        })
                    })
                })
            })
        })
    };
    let traced = move |line: usize| highlight.is_some_and(|h| h.is_lit(line));
    Effect::new(move |_| {
        let lines: std::collections::HashMap<u64, usize> =
            rows.with(|rs| rs.iter().enumerate().map(|(i, d)| (d.key, i + 1)).collect());
        with_sources(&mut |sources| {
            views.publish_changes(|key, shown| {
                let Some(&line) = lines.get(key) else {
                    return (*shown != RowView::default()).then(RowView::default);
                };
                let lit = traced(line);
                (!sources.shows(shown, line, lit)).then(|| sources.view(line, lit))
            });
        });
    });
    let view_now = move |line: usize| {
        let mut view = RowView::default();
        untrack(|| with_sources(&mut |sources| view = sources.view(line, traced(line))));
        view
    };
    // The page's editor when it has one (its picture selects rows, a fix or an import is an
    // undo step, its saves note the kind of edits), else the grid's own.
    let editor =
        EditorContext::from_context().unwrap_or_else(|| EditorContext::provide(rows, lang, None));
    let EditorContext {
        history,
        focus,
        notice,
        ..
    } = editor;
    let widths = ColumnWidths::new(id);
    let table = NodeRef::<leptos::html::Table>::new();
    Effect::new(move |_| {
        if let Some(table) = table.get() {
            widths.apply(&table);
        }
    });
    // A drag that selects cells ends wherever the button is let go.
    let drag_end = window_event_listener(leptos::ev::mouseup, move |_| {
        if focus.dragging.get_untracked() {
            focus.dragging.set(false);
        }
    });
    on_cleanup(move || drag_end.remove());
    let empty = Memo::new(move |_| rows.with(Vec::is_empty));
    clipboard::paste_when_empty(rows, lang, editor, on_change);
    let add_row = move |_| {
        history.record();
        rows.update(|rs| {
            let key = draft::next_key(rs);
            rs.push(DraftRow::new(key, &budget::Row::default()));
        });
        on_change.run(());
    };
    let ui = ui_lang();
    view! {
        <Shortcuts/>
        {move || {
            notice
                .message
                .get()
                .map(|message| {
                    view! {
                        <p class="grid-notice" role="alert" data-testid="grid-notice">
                            {message}
                        </p>
                    }
                })
        }}
        <div class="table-wrap grid-wrap">
            // Each row is laid out on its own, from the columns' widths (`--w-value`, ...),
            // so that the browser skips laying out and painting the rows out of view
            // (`content-visibility`, main.css); the roles keep it a table to assistive
            // technology, which a table drawn as rows of a CSS grid would otherwise not be.
            <table class="grid" role="table" data-testid="grid" node_ref=table>
                <GridHead lang widths/>
                <tbody role="rowgroup">
                    <RemovedRows removed=Signal::derive(move || {
                        marks.with(|m| m.as_ref().and_then(|m| m.removed.get(&0).cloned()).unwrap_or_default())
                    })/>
                    <For each=move || rows.get() key=|row| row.key let:row>
                        <GridRow row rows lang views view_now on_change/>
                    </For>
                </tbody>
            </table>
        </div>
        {move || {
            empty
                .get()
                .then(|| {
                    view! {
                        // A tab stop, so that the keyboard can reach the place a paste lands.
                        <p class="muted grid-empty" data-testid="grid-empty" tabindex="0">
                            {t(ui, "grid-empty")}
                        </p>
                    }
                })
        }}
        <button type="button" class="button" data-testid="add-row" on:click=add_row>
            {t(ui, "grid-add-row")}
        </button>
    }
}

#[cfg(test)]
mod tests;
