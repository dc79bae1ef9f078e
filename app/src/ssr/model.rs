//! What the store hands out: a sheet with its id and name, and a one-line summary of one.

use serde::{Deserialize, Serialize};

/// One line of the sheet list: enough to show and open a sheet without loading its rows.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SheetSummary {
    /// The sheet's id.
    pub id: i64,
    /// The sheet's name (trimmed, 1 to 200 characters).
    pub name: String,
    /// The sheet's header language.
    pub lang: budget::Lang,
    /// Number of rows.
    pub rows: usize,
    /// `error` findings of `budget::check` on the sheet.
    pub errors: u32,
    /// `warning` findings of `budget::check` on the sheet.
    pub warnings: u32,
    /// Last change (creation, save, rename or language change), unix time in milliseconds.
    pub updated_at_ms: i64,
}

/// A whole stored sheet: rows exactly as typed, with the sheet settings.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct StoredSheet {
    /// The sheet's id.
    pub id: i64,
    /// The sheet's name.
    pub name: String,
    /// Language, margin (ms) and rows in sheet order.
    pub sheet: budget::Sheet,
    /// Last change, unix time in milliseconds.
    pub updated_at_ms: i64,
    /// How many times the rows have been replaced (0 for a new sheet); a conditional save
    /// ([`Store::save_rows_from`](super::Store::save_rows_from)) names the one it started from.
    pub revision: i64,
}
