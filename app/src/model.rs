//! What the server functions send to the page: plain data, the same in the browser and on
//! the server.

use budget::{Lang, Report, Sheet};
use serde::{Deserialize, Serialize};

/// The largest TSV a sheet is imported from, in bytes (1 MiB), by the page and the JSON API.
pub const MAX_TSV_BYTES: usize = 1 << 20;

/// The longest sheet name, in characters (Unicode scalar values), after trimming.
pub const MAX_NAME_CHARS: usize = 200;

/// Whether `c` is a bidirectional text control (U+202A–U+202E embeddings and overrides,
/// U+2066–U+2069 isolates): in a name it can make `txt.exe` read as `exe.txt`.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A sheet name as it is stored: `name` trimmed, or why it cannot be one (empty or longer
/// than [`MAX_NAME_CHARS`] after trimming, or holding a control character, NUL, CR and LF
/// included, a [bidirectional control](is_bidi_control), or U+FFFD, which a decoder puts
/// where bytes were not UTF-8). Used by the store and the page.
///
/// ```
/// assert_eq!(app::model::sheet_name("  予約  "), Ok("予約"));
/// assert_eq!(
///     app::model::sheet_name("a\nb"),
///     Err("a sheet name cannot hold control characters: \"a\\nb\" has U+000A at character 2; remove it".to_string())
/// );
/// ```
pub fn sheet_name(name: &str) -> Result<&str, String> {
    let trimmed = name.trim();
    let count = trimmed.chars().count();
    if count == 0 || count > MAX_NAME_CHARS {
        return Err(format!(
            "a sheet name needs 1 to {MAX_NAME_CHARS} characters after trimming; {name:?} has {count}"
        ));
    }
    for (at, c) in trimmed.chars().enumerate() {
        let what = if c.is_control() {
            "control characters"
        } else if is_bidi_control(c) {
            "bidirectional text controls"
        } else if c == char::REPLACEMENT_CHARACTER {
            "the replacement character (bytes that were not UTF-8)"
        } else {
            continue;
        };
        return Err(format!(
            "a sheet name cannot hold {what}: {trimmed:?} has U+{:04X} at character {}; remove it",
            c as u32,
            at + 1
        ));
    }
    Ok(trimmed)
}

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
}

/// The answer to a save of a sheet's rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The sheet's revision after the save; the next save starts from it.
    pub revision: i64,
    /// The engine's report on the rows saved.
    pub report: Report,
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

    #[test]
    fn names_with_controls_are_refused_with_where() {
        assert_eq!(
            sheet_name("ok\u{202E}gpj.exe"),
            Err("a sheet name cannot hold bidirectional text controls: \"ok\\u{202e}gpj.exe\" has U+202E at character 3; remove it".to_string())
        );
        assert_eq!(
            sheet_name("a\u{0}b"),
            Err("a sheet name cannot hold control characters: \"a\\0b\" has U+0000 at character 2; remove it".to_string())
        );
        assert_eq!(
            sheet_name("x\r\ny"),
            Err("a sheet name cannot hold control characters: \"x\\r\\ny\" has U+000D at character 2; remove it".to_string())
        );
        assert_eq!(sheet_name(" \u{2066} "), Err("a sheet name cannot hold bidirectional text controls: \"\\u{2066}\" has U+2066 at character 1; remove it".to_string()));
        assert_eq!(sheet_name("\t名前\n"), Ok("名前"));
        assert_eq!(
            sheet_name("a\u{FFFD}b"),
            Err("a sheet name cannot hold the replacement character (bytes that were not UTF-8): \"a�b\" has U+FFFD at character 2; remove it".to_string())
        );
    }
}
