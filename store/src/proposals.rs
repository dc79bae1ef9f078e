//! The proposals' use case that is more than one call of the store: a proposal's rows opened
//! for its proposer to rework. Proposing, reworking, reviewing, commenting, deciding and
//! resolving a conflicting cell are one call each ([`Store::create_proposal`],
//! [`Store::rework_proposal`], [`Store::review`], [`Store::comment`], [`Store::decide`],
//! [`Store::resolve`]), which both the page and the JSON API call as they are.

use budget::diff::LineChange;
use budget::{Report, Row, Sheet};

use crate::{checks, Refusal, Store, StoreError};
use workbench_model::ProposalStatus;

/// An open proposal's rows, for its proposer to rework.
#[derive(Clone, Debug)]
pub struct Draft {
    /// Its title.
    pub title: String,
    /// The sheet's latest revision, which the proposal's rows were drawn on.
    pub current_revision: i64,
    /// The sheet's current rows with the proposal applied, as the check read them.
    pub rows: Vec<Row>,
    /// Their report, under the sheet's settings.
    pub report: Report,
}

/// Proposal `proposal` of sheet `id` as rows: the sheet's current rows with its changes
/// applied, and their report.
///
/// # Errors
///
/// [`StoreError::Proposal`] with [`Refusal::NotOpen`] when it is approved or rejected;
/// [`StoreError::NoProposal`]; [`StoreError::NotFound`]; [`StoreError::Forbidden`];
/// [`StoreError::Db`].
pub async fn draft(store: &Store, id: i64, proposal: i64) -> Result<Draft, StoreError> {
    let settings = store.get_settings(id).await?;
    let review = store.review(id, proposal).await?;
    if review.proposal.status != ProposalStatus::Open {
        return Err(StoreError::Proposal(Refusal::NotOpen {
            proposal,
            status: review.proposal.status,
        }));
    }
    let rows = review
        .grid
        .into_iter()
        .filter(|line| line.change != LineChange::Removed)
        .map(|line| {
            let cells: Vec<String> = line.cells.into_iter().map(|cell| cell.text).collect();
            Row::from_cells(cells.try_into().unwrap_or_default())
        })
        .collect();
    let (proposed, report) = checks::check(Sheet { rows, ..settings }).await;
    Ok(Draft {
        title: review.proposal.title,
        current_revision: review.current_revision,
        rows: proposed.rows,
        report,
    })
}
