//! What the server functions send to the page: plain data, the same in the browser and on
//! the server.

use budget::{Lang, Report, Row, Sheet};
use serde::{Deserialize, Serialize};

use workbench_model::report_changes::ReportAnswer;

pub use crate::limits::MAX_TSV_BYTES;

/// The most rows the sheet page's check of its rows as typed takes
/// ([`crate::api::check_draft`]): twice [`budget::tsv::MAX_ROWS`], so that a page grown past
/// the rows a sheet holds (rows added or pasted), whose saves are refused, still shows the
/// report of the rows it holds while it says that they are not saved.
pub const MAX_CHECK_ROWS: usize = 2 * budget::tsv::MAX_ROWS;

pub use workbench_model::{
    is_bidi_control, CellConflict, ProposalComment, ProposalReview, ProposalStatus,
    ProposalSummary, RevisionKind, RevisionSummary, SheetSummary,
};

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
    /// Each row's id, in sheet order ([`workbench_store::StoredSheet::row_ids`]); a save names
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
    /// ([`workbench_model::report_changes`]): the page's first check names it as `since` and
    /// is answered with what changed, not the whole report. `None` where none is kept.
    #[serde(default)]
    pub report_id: Option<u64>,
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

/// The file name offered for a sheet's export for Excel: [`export_file_name`] with `.excel`
/// before `.tsv` (`reservation.ja.excel.tsv`), so that it is not taken for the plain export
/// in the same language, nor saved over it.
pub fn excel_export_file_name(name: &str, lang: Lang) -> String {
    let plain = export_file_name(name, lang);
    let stem = plain.strip_suffix(".tsv").unwrap_or(&plain);
    format!("{stem}.excel.tsv")
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
        assert_eq!(
            excel_export_file_name("a/b: c", Lang::Ja),
            "a_b_ c.ja.excel.tsv"
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
