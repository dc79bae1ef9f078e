//! The grid's keys and focus: where a key moves the focus, as the spreadsheets the users come
//! from do, and the cell to focus after an edit, a fix or a paste.

use budget::{Column, Lang};
use leptos::prelude::*;

use crate::editor::state::draft::{self};

/// The grid's keys, as its help lists them: the catalogue's message of each, whose value
/// says what the keys do and whose `.keys` attribute names them ([`crate::i18n`]).
pub const SHORTCUTS: [&str; 14] = [
    "shortcut-enter",
    "shortcut-edit",
    "shortcut-tab",
    "shortcut-up-down",
    "shortcut-left-right",
    "shortcut-new-line",
    "shortcut-escape",
    "shortcut-undo",
    "shortcut-paste",
    "shortcut-select",
    "shortcut-move-row",
    "shortcut-insert-row",
    "shortcut-duplicate-row",
    "shortcut-delete-row",
];

/// Where a key pressed in a cell moves the focus, as the WAI-ARIA grid pattern and the
/// spreadsheets the users come from do: Enter and Shift+Enter down and up, Tab and Shift+Tab
/// across (on to the next row at a row's end), the up and down arrows from a cell's first or
/// last line, left and right from the start or end of its text (with Shift, which selects,
/// also when some of the text is selected up to that edge). `caret` is the selection
/// `(start, end)` in UTF-16 units, as the browser gives it; `text` the cell's text. `None`:
/// the key stays in the cell (it edits the text, or moves within it).
pub fn move_from(
    key: &str,
    shift: bool,
    caret: (usize, usize),
    text: &str,
    (line, column): (usize, usize),
    (lines, columns): (usize, usize),
) -> Option<(usize, usize)> {
    let units: Vec<u16> = text.encode_utf16().collect();
    let newline = u16::from(b'\n');
    let (start, end) = (caret.0.min(units.len()), caret.1.min(units.len()));
    let collapsed = start == end;
    let target = match key {
        "Enter" if shift => (line.checked_sub(1)?, column),
        "Enter" => (line + 1, column),
        "Tab" if shift => match column.checked_sub(1) {
            Some(c) => (line, c),
            None => (line.checked_sub(1)?, columns - 1),
        },
        "Tab" if column + 1 < columns => (line, column + 1),
        "Tab" => (line + 1, 0),
        "ArrowUp" if !units[..start].contains(&newline) => (line.checked_sub(1)?, column),
        "ArrowDown" if !units[end..].contains(&newline) => (line + 1, column),
        "ArrowLeft" if (collapsed || shift) && start == 0 => (line, column.checked_sub(1)?),
        "ArrowRight" if (collapsed || shift) && end == units.len() => (line, column + 1),
        _ => return None,
    };
    (target.0 >= 1 && target.0 <= lines && target.1 < columns).then_some(target)
}

/// The cell element of `column` (its index in [`Column::ALL`]) on line `line`, if drawn.
fn cell_element(line: usize, column: usize) -> Option<web_sys::HtmlElement> {
    use wasm_bindgen::JsCast;
    let name = Column::ALL.get(column)?.header(Lang::En);
    document()
        .query_selector(&format!(
            "[data-testid=\"row-{line}\"] [data-testid=\"cell-{name}\"]"
        ))
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
}

/// Scrolls the cell of `column` on line `line` into view, without moving the focus.
pub(super) fn scroll_to_cell(line: usize, column: usize) {
    if let Some(cell) = cell_element(line, column) {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        options.set_inline(web_sys::ScrollLogicalPosition::Nearest);
        cell.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

/// Moves the focus to the cell of `column` (its index in [`Column::ALL`]) on line `line`,
/// which scrolls it into view.
pub fn focus_cell(line: usize, column: usize) {
    if let Some(cell) = cell_element(line, column) {
        let _ = cell.focus();
    }
}

/// After a fix from the report is applied: the focus goes back to the grid, on the first
/// cell the fix changed (selected, as the keyboard leaves a cell), once the grid has drawn
/// it; so that Ctrl+Z there undoes the fix at once.
pub fn focus_first_change(fix: &budget::fix::Fix) {
    let first = fix
        .changes
        .iter()
        .map(|c| (c.line, draft::column_index(c.column)))
        .min();
    if let Some((line, column)) = first {
        request_animation_frame(move || focus_cell(line, column));
    }
}

/// Over the next `tries` frames, while the grid redraws: if the focus leaves the grid (its
/// cell was replaced), puts it on the cell of `line` and `column`.
pub(super) fn keep_focus(line: usize, column: usize, tries: u32) {
    request_animation_frame(move || {
        let lost = document()
            .active_element()
            .is_none_or(|e| e.closest("table.grid").ok().flatten().is_none());
        if lost && cell_element(line, column).is_some() {
            focus_cell(line, column);
        } else if tries > 1 {
            keep_focus(line, column, tries - 1);
        }
    });
}
