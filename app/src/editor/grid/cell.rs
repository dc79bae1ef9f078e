//! One cell of the grid: its text field, how it takes the keys (select or edit, as in a
//! spreadsheet), its catalog completion and the marks beside it.

use budget::{Column, Lang};
use leptos::either::Either;
use leptos::prelude::*;

use super::actions::{row_action, row_key};
use super::clipboard::{clear_cells, fill_block, TooWide};
use super::keys::{focus_cell, keep_focus, move_from, scroll_to_cell};
use crate::components::catalog::{CatalogFill, FillDefault, FillFromCatalog, SETTINGS_LIST};
use crate::editor::state::draft::{self, DraftRow};
use crate::editor::state::undo;
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

/// How a cell with the focus takes the keys, as in a spreadsheet. Written on its field as
/// `data-mode` (`select`, `edit`) while it has the focus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellMode {
    /// Reached by the keyboard (the arrows, Tab, Enter, a row action, an undo): the cell is
    /// selected, its whole text with it, so that typing replaces the text; the arrows move
    /// to the next cells whatever the text, and Enter or F2 edit it.
    Select,
    /// Being edited: clicked into (the caret where the click was), opened with Enter or F2
    /// (the caret at the end of the text), or typed into; the arrows move within the text
    /// and leave the cell from its edges.
    Edit,
}

impl CellMode {
    /// Its `data-mode`.
    fn name(self) -> &'static str {
        match self {
            CellMode::Select => "select",
            CellMode::Edit => "edit",
        }
    }
}

/// A cell's text field: the `<textarea>` of most cells, or the setting's `<input>`.
enum Field {
    Area(web_sys::HtmlTextAreaElement),
    Input(web_sys::HtmlInputElement),
}

impl Field {
    /// The field an event happened on.
    fn of(target: Option<web_sys::EventTarget>) -> Option<Field> {
        use wasm_bindgen::JsCast;
        let target = target?;
        match target.dyn_into::<web_sys::HtmlTextAreaElement>() {
            Ok(area) => Some(Field::Area(area)),
            Err(target) => target
                .dyn_into::<web_sys::HtmlInputElement>()
                .ok()
                .map(Field::Input),
        }
    }

    fn element(&self) -> &web_sys::HtmlElement {
        match self {
            Field::Area(a) => a,
            Field::Input(i) => i,
        }
    }

    /// Whether it has the focus.
    fn focused(&self) -> bool {
        let element: &web_sys::Element = self.element();
        document().active_element().as_ref() == Some(element)
    }

    /// The selection `(start, end)` in UTF-16 units.
    fn caret(&self) -> (usize, usize) {
        let (start, end) = match self {
            Field::Area(a) => (a.selection_start(), a.selection_end()),
            Field::Input(i) => (i.selection_start(), i.selection_end()),
        };
        (
            start.ok().flatten().unwrap_or(0) as usize,
            end.ok().flatten().unwrap_or(0) as usize,
        )
    }

    fn set_value(&self, text: &str) {
        match self {
            Field::Area(a) => a.set_value(text),
            Field::Input(i) => i.set_value(text),
        }
    }

    /// Selects the whole text (the browser keeps the caret out of sight: main.css).
    fn select_all(&self) {
        match self {
            Field::Area(a) => a.select(),
            Field::Input(i) => i.select(),
        }
    }

    /// Puts the caret after the last character.
    fn caret_to_end(&self) {
        let end = match self {
            Field::Area(a) => a.value(),
            Field::Input(i) => i.value(),
        }
        .encode_utf16()
        .count() as u32;
        let _ = match self {
            Field::Area(a) => a.set_selection_range(end, end),
            Field::Input(i) => i.set_selection_range(end, end),
        };
    }

    /// Takes `mode`: writes it on the field, and selects the text for [`CellMode::Select`].
    fn enter(&self, mode: CellMode, stored: StoredValue<CellMode>) {
        stored.set_value(mode);
        let _ = self.element().set_attribute("data-mode", mode.name());
        if mode == CellMode::Select {
            self.select_all();
        }
    }
}

/// One cell of the grid: a text area that keeps the cell's line breaks (Alt+Enter, or
/// Ctrl+Enter, starts a new line, as in a spreadsheet) and wraps long text within its column.
/// Its value is what the user typed (or what a button of the row wrote into the cell);
/// nothing from the server ever overwrites it. A cell reached by the keyboard is selected
/// ([`CellMode::Select`]): typing replaces its text, Enter or F2 edit it with the caret at
/// the end. The keys of [`move_from`] move between cells; Escape puts back the text the cell
/// had when it got the focus. The setting cell autocompletes from the catalog.
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
    // The editor's parts the cell uses (the grid provides them).
    let editor = EditorContext::from_context();
    let grid = editor.map(|e| e.focus);
    // The setting cell is a one-line input that autocompletes from the catalog, unless its
    // text already has a line break (an input would drop it): then it is a text area too.
    let with_list = column == Column::Setting && !cell.with_untracked(|t| t.contains('\n'));
    let history = editor.map(|e| e.history);
    // The page's autosave, told when a save carries a paste (none on a proposal's editor).
    let edit_kind = editor.and_then(|e| e.edit_kind);
    // Whether the typing since the cell got the focus is already an undo step: a cell's
    // typing is one step, however many keys it took.
    let typing = StoredValue::new(false);
    let record = move || {
        if let Some(h) = history {
            h.record();
        }
    };
    let notice = editor.map(|e| e.notice);
    // Selected or being edited, while the cell has the focus; whether the focus comes from a
    // press of the mouse on the field (which edits where it points) or not (which selects).
    let mode = StoredValue::new(CellMode::Select);
    let pressed = StoredValue::new(false);
    let on_input = move |ev: leptos::ev::Event| {
        if !typing.get_value() {
            typing.set_value(true);
            record();
        }
        if mode.get_value() == CellMode::Select {
            // The first character typed into a selected cell replaced its text: now it is
            // being edited.
            if let Some(field) = Field::of(ev.target()) {
                field.enter(CellMode::Edit, mode);
            }
        }
        if let Some(n) = notice {
            n.clear();
        }
        cell.set(event_target_value(&ev));
        on_change.run(());
    };
    // The text when the cell got the focus, for Escape.
    let at_focus = StoredValue::new(String::new());
    let on_focus = move |ev: leptos::ev::FocusEvent| {
        typing.set_value(false);
        at_focus.set_value(cell.get_untracked());
        let by_mouse = pressed.get_value();
        pressed.set_value(false);
        if let Some(field) = Field::of(ev.target()) {
            let next = if by_mouse {
                CellMode::Edit
            } else {
                CellMode::Select
            };
            field.enter(next, mode);
        }
        if let Some(grid) = grid {
            let here = (line.get_untracked(), index);
            // A range starts where the mouse went down or Shift+arrows began; the focus
            // arriving anywhere else (a row action, the keys) leaves it.
            if grid.anchor.get_untracked().is_some_and(|a| a != here) {
                grid.anchor.set(None);
            }
            grid.active.set(here);
        }
    };
    let on_blur = move |ev: leptos::ev::FocusEvent| {
        if let Some(field) = Field::of(ev.target()) {
            let _ = field.element().remove_attribute("data-mode");
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        let key = ev.key();
        let field = Field::of(ev.target());
        if let Some(redo) = undo::undo_key(&key, ev.ctrl_key() || ev.meta_key(), ev.shift_key()) {
            // The grid's history, not the text area's own: one step per edit of any cell.
            ev.prevent_default();
            typing.set_value(false);
            // The line before the step: a row the step removes has none after it.
            let at = line.get_untracked();
            let done = history.is_some_and(|h| if redo { h.redo() } else { h.undo() });
            if done {
                at_focus.set_value(cell.get_untracked());
                // The cell is selected again with its text as the step left it.
                if let Some(field) = field.as_ref().filter(|f| f.focused()) {
                    field.set_value(&cell.get_untracked());
                    field.enter(CellMode::Select, mode);
                }
                on_change.run(());
                // A step that replaced this row (an import undone) took the focus with it:
                // the same cell of the rows that came back gets it, for the next step.
                keep_focus(at, index, 5);
            }
            return;
        }
        if let Some(action) = row_key(
            &key,
            &ev.code(),
            ev.alt_key(),
            ev.shift_key(),
            ev.ctrl_key() || ev.meta_key(),
        ) {
            ev.prevent_default();
            typing.set_value(false);
            if let Some(h) = history {
                row_action(rows, h, row.key, action, on_change, Some(index));
            }
            return;
        }
        let selection = grid.and_then(|g| g.selection.get_untracked());
        if let (Some(g), Some(selection)) = (grid, &selection) {
            let plain = !(ev.alt_key() || ev.ctrl_key() || ev.meta_key() || ev.shift_key());
            if key == "Escape" {
                g.collapse();
                return;
            }
            if plain && matches!(key.as_str(), "Delete" | "Backspace") {
                // Clears every selected cell: one edit.
                ev.prevent_default();
                record();
                typing.set_value(false);
                clear_cells(rows, selection);
                on_change.run(());
                return;
            }
        }
        let Some(field) = field else { return };
        if key == "Escape" {
            // The text the cell had when it got the focus, selected again.
            let before = at_focus.get_value();
            if cell.with_untracked(|t| *t != before) {
                record();
                typing.set_value(false);
                field.set_value(&before);
                cell.set(before);
                on_change.run(());
            }
            field.enter(CellMode::Select, mode);
            return;
        }
        let plain = !(ev.alt_key() || ev.ctrl_key() || ev.meta_key());
        let selected = mode.get_value() == CellMode::Select;
        if (key == "F2" && plain) || (key == "Enter" && plain && !ev.shift_key() && selected) {
            // Edits the cell in place, the caret after its text.
            ev.prevent_default();
            field.enter(CellMode::Edit, mode);
            field.caret_to_end();
            return;
        }
        if selected && matches!(key.as_str(), "Home" | "End" | "PageUp" | "PageDown") {
            // The caret moves into the text: the cell is being edited.
            field.enter(CellMode::Edit, mode);
            field.caret_to_end();
            return;
        }
        if key == "Enter" && (ev.alt_key() || ev.ctrl_key()) {
            // A new line in the cell, where the caret is (after the text of a selected cell).
            if let Field::Area(area) = &field {
                ev.prevent_default();
                if selected {
                    field.enter(CellMode::Edit, mode);
                    field.caret_to_end();
                }
                if !typing.get_value() {
                    typing.set_value(true);
                    record();
                }
                let at = area.selection_start().ok().flatten().unwrap_or(0) + 1;
                let _ = area.set_range_text("\n");
                let _ = area.set_selection_range(at, at);
                cell.set(area.value());
                on_change.run(());
            }
            return;
        }
        if !plain {
            return;
        }
        let caret = field.caret();
        let lines = grid.map_or(0, |g| g.lines.get_untracked());
        let size = (lines, Column::ALL.len());
        let arrow = key.starts_with("Arrow");
        if let (Some(g), true, true) = (grid, arrow, ev.shift_key()) {
            // Shift+arrows select: from the cell's edge as the plain arrows move, and on from
            // wherever the selection's end is once there is one.
            let to = if selection.is_some() {
                move_from(&key, false, (0, 0), "", g.active.get_untracked(), size)
            } else {
                cell.with_untracked(|text| {
                    move_from(&key, true, caret, text, (line.get_untracked(), index), size)
                })
            };
            if let Some(to) = to {
                ev.prevent_default();
                g.extend(to);
                scroll_to_cell(to.0, to.1);
            }
            return;
        }
        // A selected cell is left by the arrows whatever its text; a cell being edited from
        // its text's edges.
        let to = if selected {
            move_from(
                &key,
                ev.shift_key(),
                (0, 0),
                "",
                (line.get_untracked(), index),
                size,
            )
        } else {
            cell.with_untracked(|text| {
                move_from(
                    &key,
                    ev.shift_key(),
                    caret,
                    text,
                    (line.get_untracked(), index),
                    size,
                )
            })
        };
        if let Some((to_line, to_column)) = to {
            ev.prevent_default();
            if let Some(g) = grid {
                g.collapse();
            }
            focus_cell(to_line, to_column);
        }
    };
    // A block copied from a spreadsheet fills the cells from this one on: one edit, one save;
    // a block wider than the columns from this one on is refused whole, saying so.
    // Text without a tab or a line break is pasted into the cell as the browser does.
    let on_paste = move |ev: leptos::ev::ClipboardEvent| {
        let Some(text) = ev
            .clipboard_data()
            .and_then(|d| d.get_data("text/plain").ok())
        else {
            return;
        };
        if !text.contains(['\t', '\n', '\r']) {
            return;
        }
        ev.prevent_default();
        let block = budget::tsv::clipboard(&text);
        if let Err(too_wide) = TooWide::check(&block.cells, index) {
            if let Some(n) = notice {
                n.say(too_wide.message(ui_lang(), n.lang.get_untracked()));
            }
            return;
        }
        if let Some(n) = notice {
            n.clear();
        }
        record();
        typing.set_value(false);
        if fill_block(rows, (line.get_untracked(), index), &block.cells) > 0 {
            // The save that carries it is a paste, a revision of its own.
            if let Some(kind) = edit_kind {
                kind.note(crate::model::RevisionKind::Paste);
            }
            on_change.run(());
        }
    };
    // A selection of several cells is copied (and cut) as the spreadsheets' TSV; a single
    // cell's text is left to the browser.
    let copy_selection = move |ev: &leptos::ev::ClipboardEvent| {
        let selection = grid.and_then(|g| g.selection.get_untracked())?;
        let data = ev.clipboard_data()?;
        let text = rows.with_untracked(|rs| budget::tsv::copy(&selection.cells(rs)));
        data.set_data("text/plain", &text).ok()?;
        ev.prevent_default();
        Some(selection)
    };
    let on_copy = move |ev: leptos::ev::ClipboardEvent| {
        copy_selection(&ev);
    };
    let on_cut = move |ev: leptos::ev::ClipboardEvent| {
        if let Some(selection) = copy_selection(&ev) {
            record();
            typing.set_value(false);
            clear_cells(rows, &selection);
            on_change.run(());
        }
    };
    // The mouse selects as in a spreadsheet: a drag from one cell over others, or a click
    // with Shift from the active cell.
    let on_mousedown = move |ev: leptos::ev::MouseEvent| {
        let Some(g) = grid else { return };
        if ev.button() != 0 {
            return;
        }
        let here = (line.get_untracked(), index);
        if ev.shift_key() {
            ev.prevent_default();
            g.extend(here);
        } else {
            // A press on the text edits the cell there: at its focus if it has none yet,
            // at once if it is selected.
            if let Some(field) = Field::of(ev.target()) {
                if field.focused() {
                    field.enter(CellMode::Edit, mode);
                } else {
                    pressed.set_value(true);
                }
            }
            g.collapse();
            g.anchor.set(Some(here));
            g.dragging.set(true);
        }
    };
    let on_mouseenter = move |ev: leptos::ev::MouseEvent| {
        if let Some(g) = grid.filter(|g| g.dragging.get_untracked() && ev.buttons() & 1 == 1) {
            g.active.set((line.get_untracked(), index));
        }
    };
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
            on:mousedown=on_mousedown
            on:mouseenter=on_mouseenter
        >
            {if with_list {
                Either::Left(view! {
                    <input
                        type="text"
                        name=name
                        data-testid=format!("cell-{name}")
                        aria-label=move || cell_label(column, line.get())
                        list=SETTINGS_LIST
                        value=cell.get_untracked()
                        prop:value=move || cell.get()
                        readonly=move || !hydrated.get()
                        tabindex=tabindex
                        on:input=on_input
                        on:focus=on_focus
                        on:blur=on_blur
                        on:keydown=on_keydown
                        on:paste=on_paste
                        on:copy=on_copy
                        on:cut=on_cut
                    />
                })
            } else {
                Either::Right(view! {
                    <textarea
                        name=name
                        rows=move || cell.with(|text| text_rows(text))
                        spellcheck="false"
                        data-testid=format!("cell-{name}")
                        aria-label=move || cell_label(column, line.get())
                        prop:value=move || cell.get()
                        readonly=move || !hydrated.get()
                        tabindex=tabindex
                        on:input=on_input
                        on:focus=on_focus
                        on:blur=on_blur
                        on:keydown=on_keydown
                        on:paste=on_paste
                        on:copy=on_copy
                        on:cut=on_cut
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
