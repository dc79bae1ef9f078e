//! The sheet store over sqlx: sheets and their revisions, proposals, accounts, teams and
//! tokens, the audit log, live updates between instances, and the checks kept for the sheets
//! most recently read. No page and no HTTP: the server functions (`app`) and the JSON API and
//! forms (`server`) call it; the records it hands out are `workbench_model`'s.
//!
//! The [`Store`] runs the same SQL on SQLite (the default, [`DEFAULT_DATABASE_URL`]) and on
//! PostgreSQL, through sqlx's `Any` driver; the schema lives in the workspace's
//! `migrations/` folder and is applied by [`Store::connect`].
//!
//! The use cases are one function each, in [`sheets`], [`proposals`] and [`teams`]: each takes
//! the store scoped to the caller, a typed input and its author, and answers a typed value or
//! a [`StoreError`]. The page's server functions and the JSON API and forms are adapters over
//! them, so a use case behaves the same through every door.

pub mod access;
pub mod checks;
pub mod email;
mod error;
mod model;
pub mod proposals;
pub mod sent_reports;
pub mod sheets;
mod sized_cache;
mod store;
pub mod teams;

pub use error::{Refusal, RefusalKind, StoreError, TeamRefusal};
pub use model::{StoredSheet, MAX_COMMENT_CHARS, MAX_TITLE_CHARS};
pub use store::SignInRate;
pub use store::{
    merge, now_ms, restore_sqlite, AccountRecord, Approval, AuditEntry, Author, BackupError,
    CellConflict, CellPatch, CellSet, DatabaseLock, Decision, Invite, Member, Merged, Patched,
    PoolTimeouts, Readiness, Resolution, RevisionKind, RevisionSummary, RowDelete, RowInsert,
    RowMove, SheetEvent, Store, StoredRevision, TeamRecord, TokenRecord, TokenRefusal, Watching,
    DEFAULT_DATABASE_URL, FOLD_WINDOW_MS, PRESENCE_EVERY, PRESENCE_EXPIRES, SNAPSHOT_EVERY,
};
pub use workbench_model::SheetSummary;
