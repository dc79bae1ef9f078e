//! A sheet file's outcome: read and checked ([`Checked`]), or why it could not be read
//! ([`Unreadable`]); what every format of `workbench check` renders.

use budget::{Lang, Report};

/// A sheet read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The sheet's language (from its header; English without one).
    pub lang: Lang,
    /// The report.
    pub report: Report,
    /// For each data row (index 0 is row 1), the line of the file where its record starts
    /// (1-based, counting the header, blank lines and the lines inside quoted cells).
    pub lines: Vec<usize>,
}

impl Checked {
    /// The file line of data row `row` (1-based, as in the report's `rows`), if it exists.
    pub fn line_of(&self, row: usize) -> Option<usize> {
        row.checked_sub(1).and_then(|i| self.lines.get(i)).copied()
    }
}

/// Why a file could not be read as a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The reason, saying how to fix it (`line 4: expected 8 cells, found 7; …`).
    pub reason: String,
    /// The line of the file concerned, if any.
    pub line: Option<usize>,
}

/// One file's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedFile {
    /// The path as given, see [`Target::path`].
    pub path: String,
    /// The checked sheet, or why it could not be read.
    pub result: Result<Checked, Unreadable>,
}

impl CheckedFile {
    /// How the file is named in messages: its path, or `standard input` for `-`.
    pub fn label(&self) -> &str {
        label(&self.path)
    }
}

/// How `path` is named in messages: itself, or `standard input` for `-`.
pub(crate) fn label(path: &str) -> &str {
    if path == "-" {
        "standard input"
    } else {
        path
    }
}
