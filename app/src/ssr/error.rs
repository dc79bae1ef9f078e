//! What can go wrong in the store.

use thiserror::Error;

/// A store operation that failed. Nothing was changed when an operation returns an error.
#[derive(Error, Debug)]
pub enum StoreError {
    /// No sheet has this id.
    #[error("sheet {0} not found")]
    NotFound(i64),
    /// A save that started from revision `base` of sheet `id` while the stored rows are at
    /// revision `current`: someone saved in between, and their rows were kept.
    #[error(
        "sheet {id} was saved elsewhere after revision {base} (it is now at revision {current})"
    )]
    Conflict {
        /// The sheet.
        id: i64,
        /// The revision the refused save started from.
        base: i64,
        /// The revision stored now.
        current: i64,
        /// The cells the refused save changed that were changed in between too, each with
        /// its three values; empty when none were, or when the base revision folded into a
        /// later one (see [`crate::ssr::FOLD_WINDOW_MS`]) and its rows are not kept.
        conflicts: Vec<crate::ssr::CellConflict>,
    },
    /// Sheet `id` has no revision `number`.
    #[error("sheet {id} has no revision {number}")]
    NoRevision {
        /// The sheet.
        id: i64,
        /// The revision asked for.
        number: i64,
    },
    /// A change to cells that someone else changed since the change's base: nothing was
    /// written; each conflict has the three values.
    #[error("sheet {id}: {} cell(s) were changed elsewhere since your edit started", conflicts.len())]
    CellConflicts {
        /// The sheet.
        id: i64,
        /// The sheet's version now.
        current: i64,
        /// The refused cells.
        conflicts: Vec<crate::ssr::CellConflict>,
    },
    /// Sheet `id` has no proposal `proposal`.
    #[error("sheet {id} has no proposal {proposal}")]
    NoProposal {
        /// The sheet.
        id: i64,
        /// The proposal asked for.
        proposal: i64,
    },
    /// A proposal, comment or decision refused, with the reason (nothing was changed).
    #[error("{0}")]
    Proposal(String),
    /// A change that names a row the sheet does not have (and never had).
    #[error("sheet {id} has no row with id {row_id}")]
    NoRow {
        /// The sheet.
        id: i64,
        /// The row id.
        row_id: i64,
    },
    /// A cell that no database can store (a NUL character); names the row and the column.
    /// Refused before the database sees it, on SQLite as on PostgreSQL.
    #[error(transparent)]
    BadCell(#[from] budget::TsvError),
    /// The database failed (connection, SQL, constraint or decoding).
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    /// The embedded migrations could not be applied.
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}
