//! What one cell of the grid does with its events ([`CellEvents`]): how its field takes the
//! keys, select or edit as in a spreadsheet ([`CellMode`]), paste, copy and cut, and the
//! mouse's selection.

use budget::Column;
use leptos::prelude::*;

use super::actions::{row_action, row_key};
use super::clipboard::{clear_cells, fill_block, TooWide};
use super::keys::{focus_cell, keep_focus, move_from, scroll_to_cell};
use crate::editor::state::autosave::EditKind;
use crate::editor::state::draft::DraftRow;
use crate::editor::state::notice::GridNotice;
use crate::editor::state::selection::{GridFocus, Selection};
use crate::editor::state::undo::{self, History};
use crate::editor::state::EditorContext;
use crate::i18n::ui_lang;

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

/// What one cell does with the events of its field and its `<td>`: typing, the focus, the
/// keys (undo and redo, row actions, the selection's keys, editing, the arrows), paste, copy
/// and cut, and the mouse's selection. Every part is a signal or stored value, so it is
/// `Copy` into each listener.
#[derive(Clone, Copy)]
pub(super) struct CellEvents {
    /// The cell's text.
    pub(super) cell: RwSignal<String>,
    /// The grid's rows.
    pub(super) rows: RwSignal<Vec<DraftRow>>,
    /// The key of the cell's row.
    pub(super) key: u64,
    /// The cell's column's index.
    pub(super) index: usize,
    /// The row's line (1-based), which moves as rows are added, removed or moved.
    pub(super) line: ReadSignal<usize>,
    /// Called after every edit.
    pub(super) on_change: Callback<()>,
    /// The editor's focus and selection.
    pub(super) grid: Option<GridFocus>,
    /// The editor's undo and redo.
    pub(super) history: Option<History>,
    /// The page's autosave, told when a save carries a paste (none on a proposal's editor).
    pub(super) edit_kind: Option<EditKind>,
    /// The line that says why a paste was refused.
    pub(super) notice: Option<GridNotice>,
    /// Whether the typing since the cell got the focus is already an undo step: a cell's
    /// typing is one step, however many keys it took.
    typing: StoredValue<bool>,
    /// Selected or being edited, while the cell has the focus.
    mode: StoredValue<CellMode>,
    /// Whether the focus comes from a press of the mouse on the field (which edits where it
    /// points) or not (which selects).
    pressed: StoredValue<bool>,
    /// The text when the cell got the focus, for Escape.
    at_focus: StoredValue<String>,
}

impl CellEvents {
    /// The events of the cell `cell` in column `index` of row `key`, at `line`, in the
    /// editor `editor` (a grid provides one).
    pub(super) fn new(
        cell: RwSignal<String>,
        rows: RwSignal<Vec<DraftRow>>,
        (key, index, line): (u64, usize, ReadSignal<usize>),
        on_change: Callback<()>,
        editor: Option<EditorContext>,
    ) -> CellEvents {
        CellEvents {
            cell,
            rows,
            key,
            index,
            line,
            on_change,
            grid: editor.map(|e| e.focus),
            history: editor.map(|e| e.history),
            edit_kind: editor.and_then(|e| e.edit_kind),
            notice: editor.map(|e| e.notice),
            typing: StoredValue::new(false),
            mode: StoredValue::new(CellMode::Select),
            pressed: StoredValue::new(false),
            at_focus: StoredValue::new(String::new()),
        }
    }

    /// The rows as they are become an undo step.
    fn record(self) {
        if let Some(h) = self.history {
            h.record();
        }
    }

    /// Typing: the first key since the focus is an undo step; a selected cell is now edited.
    pub(super) fn input(self, ev: leptos::ev::Event) {
        let CellEvents {
            cell,
            typing,
            mode,
            notice,
            on_change,
            ..
        } = self;
        if !typing.get_value() {
            typing.set_value(true);
            self.record();
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
    }

    /// The focus arrives: selected from the keyboard, edited from the mouse; the cell
    /// becomes the active one.
    pub(super) fn focus(self, ev: leptos::ev::FocusEvent) {
        let CellEvents {
            cell,
            typing,
            mode,
            pressed,
            at_focus,
            grid,
            line,
            index,
            ..
        } = self;
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
    }

    /// The focus leaves: the field has no mode.
    pub(super) fn blur(ev: leptos::ev::FocusEvent) {
        if let Some(field) = Field::of(ev.target()) {
            let _ = field.element().remove_attribute("data-mode");
        }
    }

    /// A key: undo or redo, a row action, a key of the selection, an edit of the text, or
    /// a move to another cell, the first that takes it.
    pub(super) fn keydown(self, ev: leptos::ev::KeyboardEvent) {
        let key = ev.key();
        let field = Field::of(ev.target());
        if self.undo_redo(&ev, &key, field.as_ref()) || self.row_key(&ev, &key) {
            return;
        }
        let selection = self.grid.and_then(|g| g.selection.get_untracked());
        if let (Some(g), Some(selection)) = (self.grid, &selection) {
            if self.selection_key(&ev, &key, g, selection) {
                return;
            }
        }
        let Some(field) = field else { return };
        if self.text_key(&ev, &key, &field) {
            return;
        }
        self.arrows(&ev, &key, &field, selection.is_some());
    }

    /// Ctrl+Z and its redo keys: the grid's history, not the text area's own (one step per
    /// edit of any cell). Whether it took the key.
    fn undo_redo(self, ev: &leptos::ev::KeyboardEvent, key: &str, field: Option<&Field>) -> bool {
        let CellEvents {
            cell,
            typing,
            mode,
            line,
            index,
            history,
            on_change,
            at_focus,
            ..
        } = self;
        let Some(redo) = undo::undo_key(key, ev.ctrl_key() || ev.meta_key(), ev.shift_key()) else {
            return false;
        };
        ev.prevent_default();
        typing.set_value(false);
        // The line before the step: a row the step removes has none after it.
        let at = line.get_untracked();
        let done = history.is_some_and(|h| if redo { h.redo() } else { h.undo() });
        if done {
            at_focus.set_value(cell.get_untracked());
            // The cell is selected again with its text as the step left it.
            if let Some(field) = field.filter(|f| f.focused()) {
                field.set_value(&cell.get_untracked());
                field.enter(CellMode::Select, mode);
            }
            on_change.run(());
            // A step that replaced this row (an import undone) took the focus with it:
            // the same cell of the rows that came back gets it, for the next step.
            keep_focus(at, index, 5);
        }
        true
    }

    /// A row action's key ([`row_key`]). Whether it took the key.
    fn row_key(self, ev: &leptos::ev::KeyboardEvent, key: &str) -> bool {
        let ctrl = ev.ctrl_key() || ev.meta_key();
        let Some(action) = row_key(key, &ev.code(), ev.alt_key(), ev.shift_key(), ctrl) else {
            return false;
        };
        ev.prevent_default();
        self.typing.set_value(false);
        if let Some(h) = self.history {
            row_action(
                self.rows,
                h,
                self.key,
                action,
                self.on_change,
                Some(self.index),
            );
        }
        true
    }

    /// With cells selected: Escape forgets the selection, Delete or Backspace clears every
    /// selected cell (one edit). Whether it took the key.
    fn selection_key(
        self,
        ev: &leptos::ev::KeyboardEvent,
        key: &str,
        g: GridFocus,
        selection: &Selection,
    ) -> bool {
        let plain = !(ev.alt_key() || ev.ctrl_key() || ev.meta_key() || ev.shift_key());
        if key == "Escape" {
            g.collapse();
            return true;
        }
        if plain && matches!(key, "Delete" | "Backspace") {
            ev.prevent_default();
            self.record();
            self.typing.set_value(false);
            clear_cells(self.rows, selection);
            self.on_change.run(());
            return true;
        }
        false
    }

    /// Escape (the text at the focus again), F2 and Enter (edit), Home, End and the pages
    /// (into the text), Alt+Enter or Ctrl+Enter (a new line). Whether it took the key.
    fn text_key(self, ev: &leptos::ev::KeyboardEvent, key: &str, field: &Field) -> bool {
        let CellEvents {
            cell,
            typing,
            mode,
            at_focus,
            on_change,
            ..
        } = self;
        if key == "Escape" {
            // The text the cell had when it got the focus, selected again.
            let before = at_focus.get_value();
            if cell.with_untracked(|t| *t != before) {
                self.record();
                typing.set_value(false);
                field.set_value(&before);
                cell.set(before);
                on_change.run(());
            }
            field.enter(CellMode::Select, mode);
            return true;
        }
        let plain = !(ev.alt_key() || ev.ctrl_key() || ev.meta_key());
        let selected = mode.get_value() == CellMode::Select;
        if (key == "F2" && plain) || (key == "Enter" && plain && !ev.shift_key() && selected) {
            // Edits the cell in place, the caret after its text.
            ev.prevent_default();
            field.enter(CellMode::Edit, mode);
            field.caret_to_end();
            return true;
        }
        if selected && matches!(key, "Home" | "End" | "PageUp" | "PageDown") {
            // The caret moves into the text: the cell is being edited.
            field.enter(CellMode::Edit, mode);
            field.caret_to_end();
            return true;
        }
        if key == "Enter" && (ev.alt_key() || ev.ctrl_key()) {
            // A new line in the cell, where the caret is (after the text of a selected cell).
            if let Field::Area(area) = field {
                ev.prevent_default();
                if selected {
                    field.enter(CellMode::Edit, mode);
                    field.caret_to_end();
                }
                if !typing.get_value() {
                    typing.set_value(true);
                    self.record();
                }
                let at = area.selection_start().ok().flatten().unwrap_or(0) + 1;
                let _ = area.set_range_text("\n");
                let _ = area.set_selection_range(at, at);
                cell.set(area.value());
                on_change.run(());
            }
            return true;
        }
        !plain
    }

    /// The arrows, Tab and Enter ([`move_from`]): Shift+arrows extend the selection, the
    /// others move the focus. `selecting`: a selection of several cells is there.
    fn arrows(self, ev: &leptos::ev::KeyboardEvent, key: &str, field: &Field, selecting: bool) {
        let CellEvents {
            cell,
            mode,
            grid,
            line,
            index,
            ..
        } = self;
        let caret = field.caret();
        let lines = grid.map_or(0, |g| g.lines.get_untracked());
        let size = (lines, Column::ALL.len());
        let here = (line.get_untracked(), index);
        if let (Some(g), true, true) = (grid, key.starts_with("Arrow"), ev.shift_key()) {
            // Shift+arrows select: from the cell's edge as the plain arrows move, and on from
            // wherever the selection's end is once there is one.
            let to = if selecting {
                move_from(key, false, (0, 0), "", g.active.get_untracked(), size)
            } else {
                cell.with_untracked(|text| move_from(key, true, caret, text, here, size))
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
        let to = if mode.get_value() == CellMode::Select {
            move_from(key, ev.shift_key(), (0, 0), "", here, size)
        } else {
            cell.with_untracked(|text| move_from(key, ev.shift_key(), caret, text, here, size))
        };
        if let Some((to_line, to_column)) = to {
            ev.prevent_default();
            if let Some(g) = grid {
                g.collapse();
            }
            focus_cell(to_line, to_column);
        }
    }

    /// A block copied from a spreadsheet fills the cells from this one on: one edit, one
    /// save; a block wider than the columns from this one on is refused whole, saying so.
    /// Text without a tab or a line break is pasted into the cell as the browser does.
    pub(super) fn paste(self, ev: leptos::ev::ClipboardEvent) {
        let CellEvents {
            rows,
            line,
            index,
            notice,
            edit_kind,
            on_change,
            ..
        } = self;
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
        self.record();
        self.typing.set_value(false);
        if fill_block(rows, (line.get_untracked(), index), &block.cells) > 0 {
            // The save that carries it is a paste, a revision of its own.
            if let Some(kind) = edit_kind {
                kind.note(crate::model::RevisionKind::Paste);
            }
            on_change.run(());
        }
    }

    /// A selection of several cells is copied (and cut) as the spreadsheets' TSV; a single
    /// cell's text is left to the browser. The selection copied, if any.
    fn copy_selection(self, ev: &leptos::ev::ClipboardEvent) -> Option<Selection> {
        let selection = self.grid.and_then(|g| g.selection.get_untracked())?;
        let data = ev.clipboard_data()?;
        let text = self
            .rows
            .with_untracked(|rs| budget::tsv::copy(&selection.cells(rs)));
        data.set_data("text/plain", &text).ok()?;
        ev.prevent_default();
        Some(selection)
    }

    /// Copy: the selection as TSV ([`CellEvents::copy_selection`]).
    pub(super) fn copy(self, ev: leptos::ev::ClipboardEvent) {
        self.copy_selection(&ev);
    }

    /// Cut: the selection copied as TSV, then cleared (one edit).
    pub(super) fn cut(self, ev: leptos::ev::ClipboardEvent) {
        if let Some(selection) = self.copy_selection(&ev) {
            self.record();
            self.typing.set_value(false);
            clear_cells(self.rows, &selection);
            self.on_change.run(());
        }
    }

    /// The mouse selects as in a spreadsheet: a drag from one cell over others, or a click
    /// with Shift from the active cell.
    pub(super) fn mousedown(self, ev: leptos::ev::MouseEvent) {
        let Some(g) = self.grid else { return };
        if ev.button() != 0 {
            return;
        }
        let here = (self.line.get_untracked(), self.index);
        if ev.shift_key() {
            ev.prevent_default();
            g.extend(here);
        } else {
            // A press on the text edits the cell there: at its focus if it has none yet,
            // at once if it is selected.
            if let Some(field) = Field::of(ev.target()) {
                if field.focused() {
                    field.enter(CellMode::Edit, self.mode);
                } else {
                    self.pressed.set_value(true);
                }
            }
            g.collapse();
            g.anchor.set(Some(here));
            g.dragging.set(true);
        }
    }

    /// A drag over the cell moves the selection's end to it.
    pub(super) fn mouseenter(self, ev: leptos::ev::MouseEvent) {
        let dragging = |g: &GridFocus| g.dragging.get_untracked() && ev.buttons() & 1 == 1;
        if let Some(g) = self.grid.filter(dragging) {
            g.active.set((self.line.get_untracked(), self.index));
        }
    }
}
