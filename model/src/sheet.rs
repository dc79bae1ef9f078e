//! A sheet as lists show it, its revisions, and a cell that two changes both changed.

use budget::Lang;
use serde::{Deserialize, Serialize};

/// One line of the sheet list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetSummary {
    /// The sheet's id (its address is `/sheets/{id}`).
    pub id: i64,
    /// The sheet's name.
    pub name: String,
    /// Header language; messages follow it.
    pub lang: Lang,
    /// Number of rows.
    pub rows: usize,
    /// Findings of severity `error` in the sheet's report.
    pub errors: u32,
    /// Findings of severity `warning` in the sheet's report.
    pub warnings: u32,
    /// Last change, in milliseconds since the Unix epoch (UTC).
    pub updated_at_ms: i64,
}

/// What made a revision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum RevisionKind {
    /// The sheet was created.
    Create,
    /// Rows were saved (the page's autosave of typing and row edits, a `PUT`, a `PATCH`);
    /// the kind of an edit that names no other.
    #[default]
    Save,
    /// A fix from the report was applied (the page's **Apply**, or a `PATCH` that says so).
    Fix,
    /// A block copied from a spreadsheet was pasted into the grid.
    Paste,
    /// A TSV file replaced the rows.
    Import,
    /// An earlier revision's rows and settings were brought back.
    Restore,
    /// The sheet settings (language, margin, amplification threshold) changed.
    Settings,
    /// The sheet existed before history was kept: its history starts here.
    Baseline,
}

impl RevisionKind {
    /// Its code in the store and the JSON: `create`, `save`, ….
    pub fn code(self) -> &'static str {
        match self {
            RevisionKind::Create => "create",
            RevisionKind::Save => "save",
            RevisionKind::Fix => "fix",
            RevisionKind::Paste => "paste",
            RevisionKind::Import => "import",
            RevisionKind::Restore => "restore",
            RevisionKind::Settings => "settings",
            RevisionKind::Baseline => "baseline",
        }
    }

    /// The kind of a code; `save` for any other text.
    pub fn from_code(code: &str) -> RevisionKind {
        match code {
            "create" => RevisionKind::Create,
            "fix" => RevisionKind::Fix,
            "paste" => RevisionKind::Paste,
            "import" => RevisionKind::Import,
            "restore" => RevisionKind::Restore,
            "settings" => RevisionKind::Settings,
            "baseline" => RevisionKind::Baseline,
            _ => RevisionKind::Save,
        }
    }

    /// The kind of an edit of the rows as a caller names it (the page's save, a `PATCH`):
    /// `fix` and `paste` stay, every other kind is a plain `save` (a caller does not make
    /// an import, a restore or a creation by naming it).
    pub fn of_edit(self) -> RevisionKind {
        match self {
            RevisionKind::Fix | RevisionKind::Paste => self,
            _ => RevisionKind::Save,
        }
    }
}

/// One revision in a sheet's history list: who, when, what, and the report's counts then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RevisionSummary {
    /// 1 for the first revision, then one more per revision.
    pub number: i64,
    /// The sheet's version (its `ETag`) after this revision.
    pub version: i64,
    /// What made it.
    pub kind: RevisionKind,
    /// Who made it.
    pub author: String,
    /// A message given with it (empty when none).
    pub message: String,
    /// When it was made, unix ms.
    pub created_at_ms: i64,
    /// When its last folded save landed, unix ms (= `created_at_ms` when none folded in).
    pub saved_at_ms: i64,
    /// Its rows.
    pub rows: u64,
    /// Its report's errors.
    pub errors: u64,
    /// Its report's warnings.
    pub warnings: u64,
    /// Its report's inversions (a subset of the errors).
    pub inversions: u64,
    /// Cells changed against the revision before.
    pub changed_cells: u64,
    /// Rows added against the revision before.
    pub rows_added: u64,
    /// Rows removed against the revision before.
    pub rows_removed: u64,
    /// For an approved proposal: who approved it.
    #[serde(default)]
    pub approved_by: Option<String>,
    /// For an approved proposal: its id.
    #[serde(default)]
    pub proposal_id: Option<i64>,
    /// When the proposal brought a new error: the comment that approved it anyway.
    #[serde(default)]
    pub gate_note: Option<String>,
}

/// A cell (or a row to delete) that someone else changed since the edit's base, with the
/// three values. It keeps their text: this change of it was not written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CellConflict {
    /// The row's id.
    pub row_id: i64,
    /// The row's line now (data rows from 1); none when it was deleted.
    pub line: Option<usize>,
    /// The column; none for a row delete.
    pub column: Option<budget::Column>,
    /// The text when the edit started (for a row: its cells joined by tabs).
    pub base: String,
    /// The text now; none when the row was deleted.
    pub theirs: Option<String>,
    /// The text the edit wrote; none for a row delete.
    pub mine: Option<String>,
    /// Who made the change it conflicts with (the author of the latest revision that changed
    /// the cell, or the row for a row delete), as the sheet page names it: `bob`. Given by
    /// every save (the page's and `PATCH`); absent elsewhere, or when no recent revision
    /// names the change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}
