//! One cell of the grid: its text field, how it takes the keys (select or edit, as in a
//! spreadsheet), its catalog completion and the marks beside it.

use budget::{Column, Lang};
use leptos::attr::Attribute;
use leptos::either::Either;
use leptos::prelude::*;

use super::cell_events::CellEvents;
use crate::components::catalog::{CatalogFill, FillDefault, FillFromCatalog, SETTINGS_LIST};
use crate::editor::state::draft::{self, DraftRow};
use crate::editor::state::EditorContext;
use crate::hydrated::Hydrated;
use crate::i18n::{t, t_args, ui_lang};

/// A cell's accessible name in the UI language: `"value, row 7"`, `"設定値、7 行目"`.
fn cell_label(column: Column, line: usize) -> String {
    let ui = ui_lang();
    t_args(
        ui,
        "cell-label",
        [("column", column.header(ui).into()), ("line", line.into())],
    )
}

/// The listeners of a cell's field, the one-line input and the text area alike: each event
/// goes to [`CellEvents`].
fn field_listeners(events: CellEvents) -> impl Attribute {
    view! {
        <{..}
            on:input=move |ev| events.input(ev)
            on:focus=move |ev| events.focus(ev)
            on:blur=CellEvents::blur
            on:keydown=move |ev| events.keydown(ev)
            on:paste=move |ev| events.paste(ev)
            on:copy=move |ev| events.copy(ev)
            on:cut=move |ev| events.cut(ev)
        />
    }
}

/// One cell of the grid: a text area that keeps the cell's line breaks (Alt+Enter, or
/// Ctrl+Enter, starts a new line, as in a spreadsheet) and wraps long text within its column.
/// Its value is what the user typed (or what a button of the row wrote into the cell);
/// nothing from the server ever overwrites it. A cell reached by the keyboard is selected
/// ([`CellMode::Select`](super::CellMode::Select)): typing replaces its text, Enter or F2
/// edit it with the caret at the end. The keys of [`move_from`](super::keys::move_from)
/// move between cells; Escape puts back the text the cell had when it got the focus. The
/// setting cell autocompletes from the catalog. What it does with each event is
/// [`CellEvents`].
#[component]
pub(super) fn GridCell(
    row: DraftRow,
    rows: RwSignal<Vec<DraftRow>>,
    column: Column,
    line: ReadSignal<usize>,
    on_change: Callback<()>,
    /// For the default column: the catalog's default to offer after the input, and what
    /// fills it ([`FillDefault`]).
    fill: Option<(Memo<Option<String>>, Callback<String>)>,
    /// For the setting column: the catalog entry's cells to offer ([`FillFromCatalog`]),
    /// and what writes them.
    catalog: Option<(Signal<Option<CatalogFill>>, Callback<CatalogFill>)>,
    /// The cell's text in the revision the grid compares with, when it differs.
    old: Signal<Option<String>>,
) -> impl IntoView {
    let cell = row.cell(column);
    let name = column.header(Lang::En);
    let index = draft::column_index(column);
    let hydrated = Hydrated::signal();
    // The setting cell is a one-line input that autocompletes from the catalog, unless its
    // text already has a line break (an input would drop it): then it is a text area too.
    let with_list = column == Column::Setting && !cell.with_untracked(|t| t.contains('\n'));
    // The editor's parts the cell uses (the grid provides them).
    let editor = EditorContext::from_context();
    let events = CellEvents::new(cell, rows, (row.key, index, line), on_change, editor);
    let grid = events.grid;
    // Each read from the cell's own slot ([`GridFocus::selected`]): a move of the focus or
    // the selection wakes the cells it changes, not every cell.
    let line_now = line.get_untracked();
    let selected = grid.map(|g| g.selected(row.key, line_now, index));
    let selected = move || selected.is_some_and(|s| s.get());
    // One tab stop for the whole grid: the cell that last had the focus (the first cell
    // until then); the arrows, Enter and Tab move between the others.
    // (The first cell again when that cell's row is gone.)
    let tab_stop = grid.map(|g| g.tab_stop(row.key, line_now, index));
    let tabindex = move || match tab_stop {
        Some(stop) if !stop.get() => "-1",
        _ => "0",
    };
    view! {
        <td
            class=move || {
                let mut class = format!("col-{name}");
                if old.with(Option::is_some) {
                    class.push_str(" cell-changed");
                }
                if selected() {
                    class.push_str(" selected");
                }
                class
            }
            aria-selected=move || selected().then_some("true")
            on:mousedown=move |ev| events.mousedown(ev)
            on:mouseenter=move |ev| events.mouseenter(ev)
        >
            {if with_list {
                Either::Left(view! {
                    <input
                        {..field_listeners(events)}
                        type="text"
                        name=name
                        data-testid=format!("cell-{name}")
                        aria-label=move || cell_label(column, line.get())
                        list=SETTINGS_LIST
                        value=cell.get_untracked()
                        prop:value=move || cell.get()
                        readonly=move || !hydrated.get()
                        tabindex=tabindex
                    />
                })
            } else {
                Either::Right(view! {
                    <textarea
                        {..field_listeners(events)}
                        name=name
                        rows=move || cell.with(|text| text_rows(text))
                        spellcheck="false"
                        data-testid=format!("cell-{name}")
                        aria-label=move || cell_label(column, line.get())
                        prop:value=move || cell.get()
                        readonly=move || !hydrated.get()
                        tabindex=tabindex
                    >
                        {cell.get_untracked()}
                    </textarea>
                })
            }}
            {move || old.get().map(|o| view! { <del class="cell-old" data-testid="cell-old" title=t(ui_lang(), "cell-old-title")>{o}</del> })}
            {fill.map(|(default, on_fill)| view! { <FillDefault default on_fill/> })}
            {catalog.map(|(fill, on_fill)| view! { <FillFromCatalog fill on_fill/> })}
        </td>
    }
}

/// The `rows` of a cell's `<textarea>`: its lines (a line break at the end starts one more),
/// 1 to [`MAX_TEXT_ROWS`]. Chromium sizes the cell to its text by CSS (`field-sizing:
/// content`, which ignores `rows`); a browser without it (Firefox) shows the lines by this,
/// and scrolls a wrapped or longer text within the cell.
pub fn text_rows(text: &str) -> usize {
    text.split('\n').count().clamp(1, MAX_TEXT_ROWS)
}

/// The most lines a cell shows before it scrolls (as the CSS's `max-height` for Chromium).
pub const MAX_TEXT_ROWS: usize = 6;
