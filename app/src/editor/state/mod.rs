//! The editor's state: the rows being typed ([`draft`]), their saves ([`autosave`], whose
//! progress [`save_status`] names), undo and redo ([`undo`]), the cells selected
//! ([`selection`]) and the one being typed in ([`typed_cell`]), the line that says why a paste
//! was refused ([`notice`]), other editors' saves as they happen ([`live`]); the report comes as what changed since the one
//! the page holds ([`workbench_model::report_changes`]).
//!
//! The parts of one editor that the grid's rows and cells, the picture and the page share
//! are one [`EditorContext`], provided once.

pub mod autosave;
pub mod draft;
pub mod live;
pub mod notice;
pub mod save_status;
pub mod selection;
pub mod typed_cell;
pub mod undo;

use budget::Lang;
use leptos::prelude::*;

use autosave::EditKind;
use draft::DraftRow;
use notice::GridNotice;
use selection::GridFocus;
use undo::History;

/// What the parts of one editor share, provided once to the components below it: the sheet
/// editor provides it for its grid, picture and fixes; a grid without one (the proposal
/// editor's) provides its own.
#[derive(Clone, Copy)]
pub struct EditorContext {
    /// Undo and redo over the rows (an edit, a fix applied, an import are steps).
    pub history: History,
    /// The active cell, the selection and each row's line.
    pub focus: GridFocus,
    /// The kind of the edits the next save carries; `None` where the rows are not autosaved.
    pub edit_kind: Option<EditKind>,
    /// Why the last paste was refused.
    pub notice: GridNotice,
}

impl EditorContext {
    /// The editor of `rows`, whose refusals name columns in `lang`, autosaved with
    /// `edit_kind` when given; provided to the components below.
    pub fn provide(
        rows: RwSignal<Vec<DraftRow>>,
        lang: Signal<Lang>,
        edit_kind: Option<EditKind>,
    ) -> EditorContext {
        let editor = EditorContext {
            history: History::new(rows),
            focus: GridFocus::new(rows),
            edit_kind,
            notice: GridNotice {
                message: RwSignal::new(None),
                lang,
            },
        };
        provide_context(editor);
        editor
    }

    /// The editor provided above, if any.
    pub fn from_context() -> Option<EditorContext> {
        use_context::<EditorContext>()
    }
}
