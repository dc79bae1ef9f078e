//! A proposal: a named set of cell changes, its status, comments and review.

use serde::{Deserialize, Serialize};

use crate::sheet::CellConflict;

/// Where a proposal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ProposalStatus {
    /// Waiting for a review.
    Open,
    /// Approved: its changes are a revision of the sheet.
    Approved,
    /// Rejected: nothing of it was applied.
    Rejected,
}

impl ProposalStatus {
    /// Its code: `open`, `approved`, `rejected`.
    pub fn code(self) -> &'static str {
        match self {
            ProposalStatus::Open => "open",
            ProposalStatus::Approved => "approved",
            ProposalStatus::Rejected => "rejected",
        }
    }

    /// The status of a code; `open` for any other text.
    pub fn from_code(code: &str) -> ProposalStatus {
        match code {
            "approved" => ProposalStatus::Approved,
            "rejected" => ProposalStatus::Rejected,
            _ => ProposalStatus::Open,
        }
    }
}

/// A proposal: a named set of cell changes against the revision it started from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ProposalSummary {
    /// Its id within the sheet (1, 2, ...).
    pub id: i64,
    /// Its title.
    pub title: String,
    /// Who proposed it.
    pub author: String,
    /// The sheet's revision it started from.
    pub base_revision: i64,
    /// Where it stands.
    pub status: ProposalStatus,
    /// When it was made, unix ms.
    pub created_at_ms: i64,
    /// When its changes last changed, unix ms.
    pub updated_at_ms: i64,
    /// Who approved or rejected it.
    pub decided_by: Option<String>,
    /// The reviewer's comment with the decision.
    pub decision_note: Option<String>,
    /// The revision an approval made.
    pub revision: Option<i64>,
    /// How many cells it changes, rows it inserts, deletes and moves.
    pub changes: usize,
}

/// A comment on a proposal, or on one cell of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ProposalComment {
    /// Its id within the proposal.
    pub id: i64,
    /// Who wrote it.
    pub author: String,
    /// Its text.
    pub body: String,
    /// The row it is on (by id), for a comment on a cell.
    pub row_id: Option<i64>,
    /// The column it is on, for a comment on a cell.
    pub column: Option<budget::Column>,
    /// The row's line in the proposal's rows now; none when the row is gone.
    pub line: Option<usize>,
    /// The cell's text in the proposal when the comment was written.
    pub cell_text: Option<String>,
    /// The proposal's text of that cell changed since the comment was written.
    pub changed_since: bool,
    /// When it was written, unix ms.
    pub created_at_ms: i64,
}

/// A proposal shown for review: its changes applied to the sheet's current rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ProposalReview {
    /// The sheet.
    pub sheet_id: i64,
    /// Its name.
    pub sheet_name: String,
    /// The proposal.
    pub proposal: ProposalSummary,
    /// The sheet's latest revision, against which the diff is computed.
    pub current_revision: i64,
    /// The sheet moved on since the proposal's base revision.
    pub stale: bool,
    /// The proposal's cells that someone else changed since its base: base, theirs and the
    /// proposal's value, for the proposer to choose.
    pub conflicts: Vec<CellConflict>,
    /// The diff of the current rows and the current rows with the proposal applied.
    pub diff: budget::diff::SheetDiff,
    /// The proposal's rows with the change drawn on them.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub grid: Vec<budget::diff::GridLine>,
    /// The comments, oldest first.
    pub comments: Vec<ProposalComment>,
    /// Approving it brings a new error: an approval needs "approve anyway" and a comment.
    pub gate: bool,
}
