//! The engine's error types: what can go wrong reading a TSV sheet, and a sheet setting.

use thiserror::Error;

/// A TSV paste or file that cannot be read as a sheet. Lines count from 1 and include the
/// header line, as a text editor shows them.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TsvError {
    /// A data line whose number of cells is not the header's.
    #[error("line {line}: expected {expected} cells, found {found}; each row needs exactly {expected} tab-separated cells")]
    WrongCellCount {
        /// The line in the input (1-based, header included).
        line: usize,
        /// Cells found on the line.
        found: usize,
        /// Cells the header (or, without a header, the eight columns) calls for.
        expected: usize,
    },
    /// A header cell that names none of the eight columns.
    #[error("line {line}: unknown column {} in the header; expected the eight columns (layer, segment, item, setting, default, value, location, rationale, or 層, 区間, 項目, 設定名, 既定値, 設定値, 設定箇所, 根拠)", quoted(.cell))]
    UnknownColumn {
        /// The header's line.
        line: usize,
        /// The cell as written.
        cell: String,
    },
    /// A header that names a column twice or leaves one out.
    #[error(
        "line {line}: the header must name each of the eight columns once; {} is {problem}",
        quoted(.column)
    )]
    BadHeader {
        /// The header's line.
        line: usize,
        /// The column concerned, as its English header.
        column: String,
        /// `"missing"` or `"repeated"`.
        problem: &'static str,
    },
    /// A line the TSV reader could not read (an unterminated quote, invalid UTF-8).
    #[error("line {line}: {reason}")]
    Unreadable {
        /// The line where reading failed.
        line: usize,
        /// What the reader said.
        reason: String,
    },
    /// More rows than [`crate::tsv::MAX_ROWS`]; names the line of the first row too many.
    #[error("line {line}: more than {max} rows; a sheet holds at most {max}: split it into several sheets", max = crate::tsv::MAX_ROWS)]
    TooManyRows {
        /// The line of the first row beyond the limit.
        line: usize,
    },
    /// A cell that opens a quote (`"` at its start) that never closes: the rest of the input
    /// would be one cell.
    #[error("line {line}: a quote opened here is never closed; close it with a second \" (write \"\" for a quote inside a quoted cell), or remove it")]
    UnclosedQuote {
        /// The line where the quote opens.
        line: usize,
    },
    /// A cell or header cell holding a NUL character (U+0000), which no store keeps.
    #[error("line {line}, column {column}{}: a NUL character (U+0000) cannot be stored; remove it", named(.name))]
    Nul {
        /// The line in the input (1-based, header included).
        line: usize,
        /// The cell's position on the line (1-based).
        column: usize,
        /// The column's English name (`value`), `header` for a header cell, or empty when the
        /// line has more cells than the header.
        name: String,
    },
    /// A row given directly (not as TSV) with a NUL character (U+0000) in a cell: see
    /// [`crate::tsv::check_cells`].
    #[error("row {row}, column {column}{}: a NUL character (U+0000) cannot be stored; remove it", named(.name))]
    NulInRow {
        /// The row (1-based, as the grid and the report count rows).
        row: usize,
        /// The column (1-based, in sheet order).
        column: usize,
        /// The column's English name (`value`).
        name: String,
    },
    /// The input holds no row at all.
    #[error("the sheet is empty: paste a header line and at least one row, or eight tab-separated cells")]
    Empty,
}

impl TsvError {
    /// The line the error names, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            TsvError::WrongCellCount { line, .. }
            | TsvError::UnknownColumn { line, .. }
            | TsvError::BadHeader { line, .. }
            | TsvError::Unreadable { line, .. }
            | TsvError::TooManyRows { line }
            | TsvError::UnclosedQuote { line }
            | TsvError::Nul { line, .. } => Some(*line),
            TsvError::NulInRow { .. } | TsvError::Empty => None,
        }
    }

    /// The row the error names, for rows given directly ([`TsvError::NulInRow`]).
    pub fn row(&self) -> Option<usize> {
        match self {
            TsvError::NulInRow { row, .. } => Some(*row),
            _ => None,
        }
    }
}

/// Text the user typed, quoted as typed (never Rust's debug escapes): `"⏱️🔥"`.
fn quoted(text: &str) -> String {
    crate::display::quoted(crate::sheet::Lang::En, text)
}

/// ` (value)` after a column number, or nothing when the column has no name.
fn named(name: &str) -> String {
    if name.is_empty() {
        String::new()
    } else {
        format!(" ({name})")
    }
}

/// A sheet setting typed as text that cannot be used; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingError {
    /// A margin that is not a duration with a unit.
    #[error("the margin {} is not a duration: write it with a unit, e.g. 1s, 500ms or 1.5秒", quoted(.0))]
    Margin(String),
    /// A margin over [`crate::MAX_MARGIN_MS`] (24 h).
    #[error("the margin {} is too long: the margin must be at most 24 h", quoted(.0))]
    MarginTooLong(String),
    /// An amplification threshold over [`crate::MAX_AMPLIFICATION_THRESHOLD`] (1,000,000).
    #[error("the amplification threshold {} is too large: the amplification threshold must be at most {max} attempts", quoted(.0), max = crate::MAX_AMPLIFICATION_THRESHOLD)]
    AmplificationThresholdTooLarge(String),
    /// An amplification threshold that is not a whole number of attempts of at least 1.
    #[error("the amplification threshold {} is not a number of attempts: write a whole number of at least 1, e.g. 3", quoted(.0))]
    AmplificationThreshold(String),
}
