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
