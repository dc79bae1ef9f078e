//! What the server functions send to the page: plain data, the same in the browser and on
//! the server.

use budget::{Lang, Report, Row, Sheet};
use serde::{Deserialize, Serialize};

use crate::editor::state::report_changes::ReportAnswer;

pub use crate::limits::MAX_TSV_BYTES;

/// The most rows the sheet page's check of its rows as typed takes
/// ([`crate::api::check_draft`]): twice [`budget::tsv::MAX_ROWS`], so that a page grown past
/// the rows a sheet holds (rows added or pasted), whose saves are refused, still shows the
/// report of the rows it holds while it says that they are not saved.
pub const MAX_CHECK_ROWS: usize = 2 * budget::tsv::MAX_ROWS;

pub use crate::sheet_name::is_bidi_control;

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

/// One option of the setting cells' autocomplete: a catalog entry's setting name and what it
/// is (`proxy_read_timeout`, `nginx — read, default 60s`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogOption {
    /// The setting's name as its product documents it; what the option fills in.
    pub name: String,
    /// Its product, kind and documented default.
    pub label: String,
    /// Its product (`nginx`): what "fill from the catalog" writes in an empty location cell.
    #[serde(default)]
    pub product: String,
    /// Its kind's report name (`read`, [`budget::Kind::as_str`]): the item filled in.
    #[serde(default)]
    pub kind: String,
    /// Its documented default in the value grammar (`60s`); empty when the catalog has none.
    #[serde(default)]
    pub default: String,
}

impl CatalogOption {
    /// The cells that filling row `row` from this entry writes, in `lang`: the item (the
    /// kind's item words, [`budget::Kind::item`]), the default and the location (the
    /// product), each only where the row's cell is empty. Empty when there is nothing to
    /// fill.
    pub fn fill(&self, row: &budget::Row, lang: budget::Lang) -> Vec<(budget::Column, String)> {
        use budget::Column;
        let item = budget::Kind::from_name(&self.kind).map_or("", |k| k.item(lang));
        [
            (Column::Item, item),
            (Column::Default, self.default.as_str()),
            (Column::Location, self.product.as_str()),
        ]
        .into_iter()
        .filter(|(column, text)| !text.is_empty() && row.cell(*column).trim().is_empty())
        .map(|(column, text)| (column, text.to_string()))
        .collect()
    }
}

/// One sheet with its report, for the sheet page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetDetail {
    /// The sheet's id.
    pub id: i64,
    /// The sheet's name.
    pub name: String,
    /// The rows as typed, the language and the margin.
    pub sheet: Sheet,
    /// The engine's report on `sheet`.
    pub report: Report,
    /// Last change, in milliseconds since the Unix epoch (UTC).
    pub updated_at_ms: i64,
    /// How many times the rows have been saved; the page's next save starts from it.
    pub revision: i64,
    /// For each row, in sheet order: the documented default of the catalog entry its setting
    /// names, when the catalog knows one (the grid offers it while the row's default cell is
    /// empty); `None` elsewhere.
    pub catalog_defaults: Vec<Option<String>>,
    /// Each row's id, in sheet order ([`crate::ssr::StoredSheet::row_ids`]); a save names
    /// the rows it changes by them.
    #[serde(default)]
    pub row_ids: Vec<i64>,
    /// The display name the browser gave for its changes ([`AUTHOR_COOKIE`]); empty when it
    /// gave none.
    #[serde(default)]
    pub author: String,
    /// Team mode: the signed-in account (its e-mail address), under which the history records
    /// this browser's changes whatever `author` says; `None` in local mode.
    #[serde(default)]
    pub account: Option<String>,
    /// The id under which the server keeps `report` for the page's checks
    /// ([`crate::editor::state::report_changes`]): the page's first check names it as `since` and
    /// is answered with what changed, not the whole report. `None` where none is kept.
    #[serde(default)]
    pub report_id: Option<u64>,
}

/// What made a revision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
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
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
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

/// A sheet's history page: its name and revisions, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryView {
    /// The sheet's id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Its revisions, newest first.
    pub revisions: Vec<RevisionSummary>,
}

/// An earlier revision of a sheet whose changes the sheet page draws on its grid
/// (`/sheets/{id}?since=N`): the rows being edited are compared with its rows as they are
/// typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SinceRevision {
    /// The revision's number.
    pub number: i64,
    /// Who made it (empty: anonymous).
    pub author: String,
    /// Who made the changes since: the authors of the revisions after it, each once, in the
    /// order of their first change (team mode: the accounts' e-mail addresses; local mode:
    /// the names sent with the saves). Empty when it is the latest revision.
    #[serde(default)]
    pub changed_by: Vec<String>,
    /// The number of the sheet's latest revision.
    pub latest: i64,
    /// Its rows, exactly as saved.
    pub rows: Vec<budget::Row>,
}

/// A diff page: two revisions of a sheet compared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiffView {
    /// The sheet's id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The revision compared from.
    pub from: i64,
    /// The revision compared to.
    pub to: i64,
    /// The sheet's latest revision.
    pub latest: i64,
    /// The diff.
    pub diff: budget::diff::SheetDiff,
    /// The rows drawn with their changes.
    pub grid: Vec<budget::diff::GridLine>,
}

/// Where a proposal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ProposalStatus {
    /// Waiting for a review.
    Open,
    /// Approved: its changes are a revision of the sheet.
    Approved,
    /// Rejected: nothing of it was applied.
    Rejected,
}

impl ProposalStatus {
    /// Its code: `open`, `approved`, `rejected`.
    pub fn code(self) -> &'static str {
        match self {
            ProposalStatus::Open => "open",
            ProposalStatus::Approved => "approved",
            ProposalStatus::Rejected => "rejected",
        }
    }

    /// The status of a code; `open` for any other text.
    pub fn from_code(code: &str) -> ProposalStatus {
        match code {
            "approved" => ProposalStatus::Approved,
            "rejected" => ProposalStatus::Rejected,
            _ => ProposalStatus::Open,
        }
    }
}

/// A proposal: a named set of cell changes against the revision it started from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ProposalSummary {
    /// Its id within the sheet (1, 2, ...).
    pub id: i64,
    /// Its title.
    pub title: String,
    /// Who proposed it.
    pub author: String,
    /// The sheet's revision it started from.
    pub base_revision: i64,
    /// Where it stands.
    pub status: ProposalStatus,
    /// When it was made, unix ms.
    pub created_at_ms: i64,
    /// When its changes last changed, unix ms.
    pub updated_at_ms: i64,
    /// Who approved or rejected it.
    pub decided_by: Option<String>,
    /// The reviewer's comment with the decision.
    pub decision_note: Option<String>,
    /// The revision an approval made.
    pub revision: Option<i64>,
    /// How many cells it changes, rows it inserts, deletes and moves.
    pub changes: usize,
}

/// A comment on a proposal, or on one cell of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ProposalComment {
    /// Its id within the proposal.
    pub id: i64,
    /// Who wrote it.
    pub author: String,
    /// Its text.
    pub body: String,
    /// The row it is on (by id), for a comment on a cell.
    pub row_id: Option<i64>,
    /// The column it is on, for a comment on a cell.
    pub column: Option<budget::Column>,
    /// The row's line in the proposal's rows now; none when the row is gone.
    pub line: Option<usize>,
    /// The cell's text in the proposal when the comment was written.
    pub cell_text: Option<String>,
    /// The proposal's text of that cell changed since the comment was written.
    pub changed_since: bool,
    /// When it was written, unix ms.
    pub created_at_ms: i64,
}

/// An open proposal to edit (`/sheets/{id}/proposals/{p}/edit`): the sheet as it is now and
/// the proposal's rows, its changes applied to the sheet's current rows (a cell in conflict
/// holds the sheet's text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProposalDraft {
    /// The sheet now: the base the edited proposal's changes are taken against.
    pub detail: SheetDetail,
    /// The proposal's id.
    pub proposal: i64,
    /// Its title.
    pub title: String,
    /// The sheet's latest revision, which becomes the proposal's base when it is saved.
    pub current_revision: i64,
    /// The rows the proposal gives.
    pub rows: Vec<budget::Row>,
    /// The engine's report on those rows.
    pub report: Report,
    /// Their catalog defaults, as in [`SheetDetail::catalog_defaults`].
    pub catalog_defaults: Vec<Option<String>>,
}

/// A proposal shown for review: its changes applied to the sheet's current rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ProposalReview {
    /// The sheet.
    pub sheet_id: i64,
    /// Its name.
    pub sheet_name: String,
    /// The proposal.
    pub proposal: ProposalSummary,
    /// The sheet's latest revision, against which the diff is computed.
    pub current_revision: i64,
    /// The sheet moved on since the proposal's base revision.
    pub stale: bool,
    /// The proposal's cells that someone else changed since its base: base, theirs and the
    /// proposal's value, for the proposer to choose.
    pub conflicts: Vec<CellConflict>,
    /// The diff of the current rows and the current rows with the proposal applied.
    pub diff: budget::diff::SheetDiff,
    /// The proposal's rows with the change drawn on them.
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub grid: Vec<budget::diff::GridLine>,
    /// The comments, oldest first.
    pub comments: Vec<ProposalComment>,
    /// Approving it brings a new error: an approval needs "approve anyway" and a comment.
    pub gate: bool,
}

/// The cookie that keeps the display name a browser's changes are made under (set by the
/// sheet page's name box; percent-encoded UTF-8). Until accounts exist, this is the author
/// of every revision the browser makes.
pub const AUTHOR_COOKIE: &str = "workbench_author";

/// The cookie that carries a refused decision on a proposal ([`RefusedDecision`], as
/// percent-encoded JSON) from the form's post back to the proposal's page, which shows it
/// once and drops it. Its path is the proposal's address; it lives a minute.
pub const REFUSED_DECISION_COOKIE: &str = "workbench_refused_decision";

/// A decision on a proposal that was refused, as its form held it: the proposal's page
/// shows the reason under the form and puts the comment and the "approve anyway" box back as
/// they were. A plain form post is sent back to the proposal's own address, with this in
/// [`REFUSED_DECISION_COOKIE`], not in the address.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusedDecision {
    /// The sheet.
    pub sheet_id: i64,
    /// The proposal.
    pub proposal: i64,
    /// Why it was refused.
    pub error: crate::error::AppError,
    /// The comment as typed (empty when it was too long to carry back).
    pub comment: String,
    /// Whether "approve anyway" was ticked.
    pub anyway: bool,
}

/// A cell (or a row to delete) that someone else changed since the edit's base, with the
/// three values. It keeps their text: this change of it was not written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
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

/// The report of rows being typed, checked without saving ([`crate::api::check_draft`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checked {
    /// The engine's report on the rows sent, with the sheet's language and settings: whole,
    /// or as what changed since the report the page named.
    pub report: ReportAnswer,
    /// The rows' catalog defaults, as in [`SheetDetail::catalog_defaults`].
    pub catalog_defaults: Vec<Option<String>>,
}

/// The answer to a save of a sheet's rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The sheet's revision after the save; the next save starts from it.
    pub revision: i64,
    /// The engine's report on the rows saved: whole, or as what changed since the report the
    /// page named.
    pub report: ReportAnswer,
    /// The catalog defaults of the rows saved, as in [`SheetDetail::catalog_defaults`].
    pub catalog_defaults: Vec<Option<String>>,
    /// The rows as stored now: the page's changes merged with everyone else's.
    pub rows: Vec<Row>,
    /// Their ids.
    pub row_ids: Vec<i64>,
    /// The page's cells that someone else changed since its base: not saved, each with its
    /// three values, for the user to choose. The page's other changes were saved.
    pub conflicts: Vec<CellConflict>,
    /// When the save was merged with changes someone else saved since the page's base: the
    /// errors and warnings of the merged rows that neither the page's rows alone nor the
    /// others' alone have ([`budget::diff::only_together`]), what only the combination
    /// causes. Empty otherwise.
    #[serde(default)]
    pub combined: Vec<budget::Finding>,
}

/// Where a sheet's TSV export is downloaded, with the header in `lang`:
/// `/api/v1/sheets/7/export.tsv?header=ja`.
pub fn export_href(id: i64, lang: Lang) -> String {
    format!("/api/v1/sheets/{id}/export.tsv?header={}", lang.code())
}

/// The address of a sheet's TSV export for Excel (a UTF-8 byte-order mark first), with a
/// header in `lang`.
pub fn excel_export_href(id: i64, lang: Lang) -> String {
    format!("{}&excel=true", export_href(id, lang))
}

/// The address of a proposal's page: `/sheets/7/proposals/2`.
pub fn proposal_href(id: i64, proposal: i64) -> String {
    format!("/sheets/{id}/proposals/{proposal}")
}

/// The address of a sheet's page: `/sheets/7`.
pub fn sheet_href(id: i64) -> String {
    format!("/sheets/{id}")
}

/// The sheet page with the changes since revision `since` drawn on its grid (none: since the
/// revision before the latest).
pub fn changes_href(id: i64, since: Option<i64>) -> String {
    match since {
        Some(n) => format!("/sheets/{id}?since={n}"),
        None => format!("/sheets/{id}?since=previous"),
    }
}

/// The file name offered for a sheet's export: the sheet name with characters that file
/// systems reject replaced by `_`, and the header language: `reservation.ja.tsv`.
pub fn export_file_name(name: &str, lang: Lang) -> String {
    let safe: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_control() || is_bidi_control(c) || "/\\:*?\"<>|".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    let safe = if safe.is_empty() {
        "sheet".to_string()
    } else {
        safe
    };
    format!("{safe}.{}.tsv", lang.code())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_links_name_the_header_language() {
        assert_eq!(
            export_href(7, Lang::Ja),
            "/api/v1/sheets/7/export.tsv?header=ja"
        );
        assert_eq!(
            export_href(7, Lang::En),
            "/api/v1/sheets/7/export.tsv?header=en"
        );
    }

    #[test]
    fn export_file_names_are_safe() {
        assert_eq!(export_file_name("a/b: c", Lang::En), "a_b_ c.en.tsv");
        assert_eq!(export_file_name("  ", Lang::Ja), "sheet.ja.tsv");
        assert_eq!(
            export_file_name("a\u{202E}vst.exe", Lang::En),
            "a_vst.exe.en.tsv"
        );
    }

    #[test]
    fn a_catalog_entry_fills_only_the_empty_item_default_and_location() {
        use budget::{Column, Lang, Row};
        let option = CatalogOption {
            name: "proxy_read_timeout".into(),
            label: String::new(),
            product: "nginx".into(),
            kind: "read".into(),
            default: "60s".into(),
        };
        let row = Row {
            setting: "proxy_read_timeout".into(),
            ..Row::default()
        };
        assert_eq!(
            option.fill(&row, Lang::Ja),
            [
                (Column::Item, "読み取りタイムアウト".to_string()),
                (Column::Default, "60s".to_string()),
                (Column::Location, "nginx".to_string()),
            ]
        );
        let row = Row {
            default: "30s".into(),
            location: " ".into(),
            ..row
        };
        assert_eq!(
            option.fill(&row, Lang::En),
            [
                (Column::Item, "read timeout".to_string()),
                (Column::Location, "nginx".to_string()),
            ]
        );
    }
}
