//! What the server functions send to the page: plain data, the same in the browser and on
//! the server.

use budget::{Lang, Report, Sheet};
use serde::{Deserialize, Serialize};

/// The largest TSV a sheet is imported from, in bytes (1 MiB), by the page and the JSON API.
pub const MAX_TSV_BYTES: usize = 1 << 20;

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
}

/// The answer to a save of a sheet's rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The sheet's revision after the save; the next save starts from it.
    pub revision: i64,
    /// The engine's report on the rows saved.
    pub report: Report,
    /// The catalog defaults of the rows saved, as in [`SheetDetail::catalog_defaults`].
    pub catalog_defaults: Vec<Option<String>>,
}

/// Where a sheet's TSV export is downloaded, with the header in `lang`:
/// `/api/v1/sheets/7/export.tsv?header=ja`.
pub fn export_href(id: i64, lang: Lang) -> String {
    format!("/api/v1/sheets/{id}/export.tsv?header={}", lang.code())
}

/// The address of a sheet's page: `/sheets/7`.
pub fn sheet_href(id: i64) -> String {
    format!("/sheets/{id}")
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
}
