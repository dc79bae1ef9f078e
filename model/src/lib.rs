//! What the page, the JSON API and the store share, the same in the browser and on the
//! server: the records the store hands out ([`SheetSummary`], [`RevisionSummary`],
//! [`ProposalSummary`], …), a sheet's checked name ([`SheetName`]), a report and the changes
//! that bring the page's copy up to it ([`report_changes`]), and the catalogues of the
//! workbench's words ([`words`]). Plain data: no database, no page, no HTTP; it compiles to
//! wasm.

mod proposal;
pub mod report_changes;
mod sheet;
pub mod sheet_name;
pub mod words;

pub use proposal::{ProposalComment, ProposalReview, ProposalStatus, ProposalSummary};
pub use sheet::{CellConflict, RevisionKind, RevisionSummary, SheetSummary};
pub use sheet_name::{is_bidi_control, Forbidden, SheetName, SheetNameError};

/// The largest TSV a sheet is imported from, in bytes (1 MiB), by the page and the JSON API;
/// and so the most a sheet may hold, measured as its export with the longer (Japanese)
/// header, so that either export imports again.
pub const MAX_TSV_BYTES: usize = 1 << 20;
