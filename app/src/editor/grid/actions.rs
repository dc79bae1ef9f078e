//! A row's actions (insert above or below, duplicate, delete, move up or down): their icons,
//! their words, what each does to the rows, and the keys that name a row in the grid.

use budget::Lang;
use leptos::prelude::*;

use super::keys::focus_cell;
use crate::editor::state::draft::{self, DraftRow, RowAction};
use crate::editor::state::undo::History;
use crate::i18n::{t, t_args};

/// The drawing of a row button, a path on a 16 × 16 grid stroked in the text's colour.
/// Drawn rather than written: the glyphs they stand for (⤒ ⤓ ⧉) are missing from the
/// system and Japanese fonts the page asks for, and the six stay alike in weight and size.
/// The button's name is its `aria-label` and `title`; the drawing is hidden from readers.
pub(super) fn row_action_icon(action: RowAction) -> &'static str {
    match action {
        // ⤒: an arrow up to a bar.
        RowAction::InsertAbove => "M3 2.5h10M8 14V5.5M4.5 9 8 5.5 11.5 9",
        // ⤓: an arrow down to a bar.
        RowAction::InsertBelow => "M3 13.5h10M8 2v8.5M4.5 7 8 10.5 11.5 7",
        // ⧉: two overlapping squares.
        RowAction::Duplicate => "M5.5 5.5h8v8h-8zM10.5 5.5v-3h-8v8h3",
        // ↑, ↓
        RowAction::MoveUp => "M8 13.5v-11M3.5 7 8 2.5 12.5 7",
        RowAction::MoveDown => "M8 2.5v11M3.5 9 8 13.5 12.5 9",
        // ×
        RowAction::Delete => "M4 4l8 8M12 4l-8 8",
        _ => "",
    }
}

/// A row action's name in `ui` (`Insert a row above`, the catalogue's `row-insert-above`),
/// or with `line` its button's accessible name (`Insert a row above row 4`, its
/// `row-insert-above-label`).
pub(super) fn row_action_words(ui: Lang, action: RowAction, line: Option<usize>) -> String {
    let key = match action {
        RowAction::InsertAbove => "row-insert-above",
        RowAction::InsertBelow => "row-insert-below",
        RowAction::Duplicate => "row-duplicate",
        RowAction::MoveUp | RowAction::MoveTo(_) => "row-move-up",
        RowAction::MoveDown => "row-move-down",
        RowAction::Delete => "row-delete",
    };
    match line {
        None => t(ui, key),
        Some(line) => t_args(ui, &format!("{key}-label"), [("line", line.into())]),
    }
}

/// Does `action` to the row with `key` as one undo step and one save; then, when
/// `focus_column` is given, moves the focus to that column of the row it lands on. Nothing
/// happens when the action changes nothing (a move past an end).
pub(super) fn row_action(
    rows: RwSignal<Vec<DraftRow>>,
    history: History,
    key: u64,
    action: RowAction,
    on_change: Callback<()>,
    focus_column: Option<usize>,
) {
    let Some(index) = rows
        .with_untracked(|rs| draft::line_of(rs, key))
        .map(|l| l - 1)
    else {
        return;
    };
    let mut next = rows.get_untracked();
    let Some(to) = draft::act(&mut next, index, action) else {
        return;
    };
    history.record();
    rows.set(next);
    on_change.run(());
    if let Some(column) = focus_column {
        // After the grid has drawn the rows in their new order.
        request_animation_frame(move || focus_cell(to + 1, column));
    }
}

/// The row action of a key pressed in a cell, as the help lists them: Alt+↑ and Alt+↓ move
/// the row, Alt+Shift+↑ and Alt+Shift+↓ insert an empty row above or below, Alt+Shift+D
/// duplicates it, Alt+Shift+Delete (or Backspace) deletes it. `code` is the physical key
/// (`KeyD`): Alt changes the character a letter key types on a Mac.
pub fn row_key(
    key: &str,
    code: &str,
    alt: bool,
    shift: bool,
    ctrl_or_meta: bool,
) -> Option<RowAction> {
    if !alt || ctrl_or_meta {
        return None;
    }
    match (key, shift) {
        ("ArrowUp", false) => Some(RowAction::MoveUp),
        ("ArrowDown", false) => Some(RowAction::MoveDown),
        ("ArrowUp", true) => Some(RowAction::InsertAbove),
        ("ArrowDown", true) => Some(RowAction::InsertBelow),
        ("Delete" | "Backspace", true) => Some(RowAction::Delete),
        (_, true) if code == "KeyD" => Some(RowAction::Duplicate),
        _ => None,
    }
}
