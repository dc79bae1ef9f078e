//! What the store hands out: a sheet with its id and name; and the longest proposal title and
//! comment it takes. (A one-line summary of one is the
//! page's own [`workbench_model::SheetSummary`].)

use serde::{Deserialize, Serialize};

/// The longest proposal title, in characters.
pub const MAX_TITLE_CHARS: usize = 200;

/// The longest comment, in characters.
pub const MAX_COMMENT_CHARS: usize = 10_000;

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
    /// Each row's id, in sheet order: it stays with the row through edits, moves, inserts and
    /// deletes, and is never given to another row of the sheet.
    #[serde(default)]
    pub row_ids: Vec<i64>,
}
