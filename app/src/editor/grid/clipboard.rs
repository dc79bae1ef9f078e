//! Pasting and clearing blocks of cells: the rows a pasted text makes, how a block fills the
//! grid from the selected cell, and what a paste too wide for the grid is refused with.

use budget::{Column, Lang};
use leptos::prelude::*;

use super::keys::focus_cell;
use crate::editor::state::draft::{self, DraftRow};
use crate::editor::state::EditorContext;
use crate::i18n::{t_args, ui_lang};

/// A pasted block too wide for the columns from the cell it is pasted into to the last one:
/// the paste is refused whole rather than cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooWide {
    /// The block's widest line, in cells.
    pub width: usize,
    /// The column the block would start at.
    pub column: Column,
    /// How many columns there are from that column to the last one, it included.
    pub room: usize,
    /// How many of the block's cells fall past the last column, over all its lines.
    pub cells: usize,
}

impl TooWide {
    /// Whether `block` fits from column index `column` ([`Column::ALL`] order) to the last
    /// column; what does not fit when it does not.
    pub fn check(block: &[Vec<String>], column: usize) -> Result<(), TooWide> {
        let room = Column::ALL.len().saturating_sub(column);
        let cells: usize = block.iter().map(|l| l.len().saturating_sub(room)).sum();
        if cells == 0 {
            return Ok(());
        }
        Err(TooWide {
            width: block.iter().map(Vec::len).max().unwrap_or(0),
            column: Column::ALL.get(column).copied().unwrap_or(Column::Layer),
            room,
            cells,
        })
    }

    /// The refusal in the UI language `ui`, the column named as the grid's header shows it
    /// (in the sheet's header language `lang`): "The paste is 9 columns wide; from column
    /// value to the end of the row there are 3 columns, so 6 cells do not fit. Nothing was
    /// pasted: paste it into a cell further left."
    pub fn message(&self, ui: Lang, lang: Lang) -> String {
        t_args(
            ui,
            "paste-too-wide",
            [
                ("width", self.width.into()),
                ("column", self.column.header(lang).into()),
                ("room", self.room.into()),
                ("cells", self.cells.into()),
            ],
        )
    }
}

/// The rows a paste into a sheet without rows makes, read as the import reads a TSV
/// ([`budget::tsv::import`]): a header line in either language, in any column order, puts
/// each column where it names; without one, each line's cells fill the columns from the
/// first, as a spreadsheet's block pasted into the first cell does (a line may have fewer
/// than eight cells, never more: [`TooWide`]). Blank text makes no rows. Refused, with the
/// reason in `ui` (the import's, or [`TooWide::message`] with the headers in `lang`), when
/// the text cannot be read as rows.
pub fn rows_from_paste(text: &str, ui: Lang, lang: Lang) -> Result<Vec<budget::Row>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let error = match budget::tsv::import(text) {
        Ok(imported) => return Ok(imported.rows),
        Err(error) => error,
    };
    let block = budget::tsv::clipboard(text);
    if block.header.is_some() {
        // A header the import could not follow (a column twice, a line of another length):
        // its reason, as the import gives it.
        return Err(error.message(ui));
    }
    TooWide::check(&block.cells, 0).map_err(|w| w.message(ui, lang))?;
    Ok(block
        .cells
        .iter()
        .map(|cells| {
            let mut row = budget::Row::default();
            for (column, text) in Column::ALL.iter().zip(cells) {
                *row.cell_mut(*column) = text.clone();
            }
            row
        })
        .collect())
}

/// Writes a pasted block ([`budget::tsv::clipboard`]) into `rows`, its first cell at line
/// `line` (from 1) and column index `column` ([`Column::ALL`] order), adding empty rows at the
/// end where the block reaches past the last. The grid refuses a block wider than the
/// columns from `column` on before it comes here ([`TooWide::check`]); a line's cells past
/// the last column would be left out. Returns how many cells it wrote.
pub fn fill_block(
    rows: RwSignal<Vec<DraftRow>>,
    (line, column): (usize, usize),
    block: &[Vec<String>],
) -> usize {
    let Some(first) = line.checked_sub(1) else {
        return 0;
    };
    let mut written = 0;
    rows.update(|rs| {
        for (offset, cells) in block.iter().enumerate() {
            let index = first + offset;
            while rs.len() <= index {
                let key = draft::next_key(rs);
                rs.push(DraftRow::new(key, &budget::Row::default()));
            }
            for (text, cell) in cells.iter().zip(rs[index].cells.iter().skip(column)) {
                if cell.with_untracked(|t| t != text) {
                    cell.set(text.clone());
                }
                written += 1;
            }
        }
    });
    written
}

/// Empties every cell of `selection`.
pub(super) fn clear_cells(
    rows: RwSignal<Vec<DraftRow>>,
    selection: &crate::editor::state::selection::Selection,
) {
    rows.with_untracked(|rs| {
        for line in &selection.lines {
            let Some(row) = line.checked_sub(1).and_then(|i| rs.get(i)) else {
                continue;
            };
            for column in &Column::ALL[selection.columns.0..=selection.columns.1] {
                let cell = row.cell(*column);
                if cell.with_untracked(|t| !t.is_empty()) {
                    cell.set(String::new());
                }
            }
        }
    });
}

/// A sheet without rows takes a paste anywhere outside a text field (there is no cell to
/// paste into yet): the rows as the import reads them (headers in the sheet's language
/// `lang`), one undo step of `editor` and one save (`on_change`, noted as a paste); what it
/// cannot read is said on the editor's notice line. Listens on the window while the grid
/// is there.
pub(super) fn paste_when_empty(
    rows: RwSignal<Vec<DraftRow>>,
    lang: Signal<Lang>,
    editor: EditorContext,
    on_change: Callback<()>,
) {
    let EditorContext {
        history,
        edit_kind,
        notice,
        ..
    } = editor;
    let owner = StoredValue::new(Owner::current().unwrap_or_default());
    let blank_paste = window_event_listener(leptos::ev::paste, move |ev| {
        use wasm_bindgen::JsCast;
        if !rows.with_untracked(Vec::is_empty) {
            return;
        }
        let in_field = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| {
                e.closest("input, textarea, select, [contenteditable]")
                    .ok()
                    .flatten()
            })
            .is_some();
        let Some(text) = ev
            .clipboard_data()
            .and_then(|d| d.get_data("text/plain").ok())
        else {
            return;
        };
        if in_field {
            return;
        }
        ev.prevent_default();
        match rows_from_paste(&text, ui_lang(), lang.get_untracked()) {
            Ok(pasted) if pasted.is_empty() => {}
            Ok(pasted) => {
                notice.clear();
                history.record();
                let first_key = rows.with_untracked(|rs| draft::next_key(rs));
                let drafts = owner.get_value().with(|| draft::drafts(&pasted, first_key));
                rows.set(drafts);
                // The save that carries it is a paste, a revision of its own.
                if let Some(kind) = edit_kind {
                    kind.note(crate::model::RevisionKind::Paste);
                }
                on_change.run(());
                request_animation_frame(|| focus_cell(1, 0));
            }
            Err(message) => notice.say(message),
        }
    });
    on_cleanup(move || blank_paste.remove());
}
