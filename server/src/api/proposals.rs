//! `/api/v1/sheets/{id}/proposals`: changes proposed for review instead of applied; their
//! review (the diff against the current rows, conflicts, comments), comments on them or on
//! one cell, the proposer's choice for a conflicting cell, and the reviewer's decision with
//! the gate (`workbench_store::Store::decide`).

use crate::auth::Scoped;
use app::model::{ProposalReview, ProposalSummary};
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use budget::Column;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use workbench_store::{Author, CellPatch, Decision, Resolution, Store};

use super::extract::{ApiJson, HeaderAuthor, ProposalPath, SheetId, SheetPath, SheetProposal};
use super::refusals::{NoProposal, NoSheet};
use crate::error::header_value;
use crate::error::{ApiError, ErrorBody};

/// The body of `POST /api/v1/sheets/{id}/proposals`.
#[derive(Deserialize, ToSchema)]
pub(crate) struct NewProposal {
    /// Its title (1 to 200 characters).
    title: String,
    /// Its changes, as for `PATCH /api/v1/sheets/{id}`, against the sheet's current rows.
    #[serde(flatten)]
    changes: CellPatch,
}

/// The answer to `POST /api/v1/sheets/{id}/proposals`.
#[derive(Serialize, ToSchema)]
pub(crate) struct CreatedProposal {
    /// The new proposal's id within the sheet.
    id: i64,
}

/// Proposes a change.
///
/// The changes (as for `PATCH`) are kept as a proposal against the sheet's latest revision;
/// nothing of the sheet changes. The author from `X-Workbench-Author`.
#[utoipa::path(
    post,
    path = "/sheets/{id}/proposals",
    operation_id = "create_proposal",
    tag = "review",
    params(SheetPath,
        ("X-Workbench-Author" = Option<String>, Header, description = "The proposer's display name")),
    request_body(content = NewProposal, content_type = "application/json"),
    responses(
        (status = 201, description = "Proposed", body = CreatedProposal),
        (status = 400, description = "A bad id or body", body = ErrorBody),
        (status = 404, description = "No such sheet, or a row id it never had", body = ErrorBody),
        (status = 409, description = "No title, no change, or cells that do not hold the text the change starts from", body = ErrorBody),
    ),
)]
pub(crate) async fn create(
    Scoped(store): Scoped,
    SheetId(id): SheetId,
    HeaderAuthor(by): HeaderAuthor,
    ApiJson(body): ApiJson<NewProposal>,
) -> Result<impl IntoResponse, ApiError> {
    let by = store.author_or(by);
    let pid = store
        .create_proposal(id, &body.title, &body.changes, &by)
        .await?;
    let location = header_value(&format!("/api/v1/sheets/{id}/proposals/{pid}"))?;
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(CreatedProposal { id: pid }),
    ))
}

/// Lists a sheet's proposals.
#[utoipa::path(
    get,
    path = "/sheets/{id}/proposals",
    operation_id = "list_proposals",
    tag = "review",
    params(SheetPath),
    responses(
        (status = 200, description = "The proposals, newest first", body = Vec<ProposalSummary>),
        NoSheet,
    ),
)]
pub(crate) async fn list(
    Scoped(store): Scoped,
    SheetId(id): SheetId,
) -> Result<Json<Vec<ProposalSummary>>, ApiError> {
    Ok(Json(store.proposals(id).await?))
}

/// Reviews a proposal.
///
/// Its changes applied to the sheet's current rows: the diff (cells, budgets, trace), the
/// conflicts when the sheet moved on since its base, the comments, and whether approving it
/// passes the gate.
#[utoipa::path(
    get,
    path = "/sheets/{id}/proposals/{proposal}",
    operation_id = "review_proposal",
    tag = "review",
    params(ProposalPath),
    responses(
        (status = 200, description = "The review", body = ProposalReview),
        NoProposal,
    ),
)]
pub(crate) async fn review(
    Scoped(store): Scoped,
    SheetProposal(id, pid): SheetProposal,
) -> Result<Json<ProposalReview>, ApiError> {
    Ok(Json(store.review(id, pid).await?))
}

/// Changes a proposal.
///
/// Its changes are replaced (the proposer edited it); comments keep their cells and say
/// `changed_since` where the proposal's text of the cell changed.
#[utoipa::path(
    put,
    path = "/sheets/{id}/proposals/{proposal}",
    operation_id = "update_proposal",
    tag = "review",
    params(ProposalPath),
    request_body(content = CellPatch, content_type = "application/json"),
    responses(
        (status = 200, description = "The review after the change", body = ProposalReview),
        NoProposal,
        (status = 409, description = "The proposal is decided, or the change is empty", body = ErrorBody),
    ),
)]
pub(crate) async fn update(
    Scoped(store): Scoped,
    SheetProposal(id, pid): SheetProposal,
    ApiJson(body): ApiJson<CellPatch>,
) -> Result<Json<ProposalReview>, ApiError> {
    store.update_proposal(id, pid, &body).await?;
    Ok(Json(store.review(id, pid).await?))
}

/// The body of a comment.
#[derive(Deserialize, ToSchema)]
pub(crate) struct NewComment {
    /// The text (1 to 10,000 characters).
    body: String,
    /// The row, for a comment on one cell.
    #[serde(default)]
    row_id: Option<i64>,
    /// The column, for a comment on one cell.
    #[serde(default)]
    column: Option<Column>,
}

/// Comments on a proposal.
///
/// On the whole proposal, or on one cell (`row_id` and `column`): a cell comment keeps its
/// place and is marked `changed_since` when the proposal's text of the cell changes.
#[utoipa::path(
    post,
    path = "/sheets/{id}/proposals/{proposal}/comments",
    operation_id = "comment_proposal",
    tag = "review",
    params(ProposalPath,
        ("X-Workbench-Author" = Option<String>, Header, description = "The commenter's display name")),
    request_body(content = NewComment, content_type = "application/json"),
    responses(
        (status = 200, description = "The review with the comment", body = ProposalReview),
        (status = 400, description = "A row without a column or a column without a row", body = ErrorBody),
        NoProposal,
        (status = 409, description = "An empty comment, or a row not in the proposal's rows", body = ErrorBody),
    ),
)]
pub(crate) async fn comment(
    Scoped(store): Scoped,
    SheetProposal(id, pid): SheetProposal,
    HeaderAuthor(by): HeaderAuthor,
    ApiJson(body): ApiJson<NewComment>,
) -> Result<Json<ProposalReview>, ApiError> {
    let cell = match (body.row_id, body.column) {
        (Some(r), Some(c)) => Some((r, c)),
        (None, None) => None,
        _ => {
            return Err(ApiError::bad_request(
                "a comment on a cell needs both row_id and column",
            ))
        }
    };
    let by = store.author_or(by);
    store.comment(id, pid, &by, &body.body, cell).await?;
    Ok(Json(store.review(id, pid).await?))
}

/// The body of an approval.
#[derive(Deserialize, ToSchema)]
pub(crate) struct Approve {
    /// The sheet revision the reviewed diff was computed on (`current_revision` of the
    /// review): when the sheet moved on and the diff changed, the approval is withdrawn.
    seen_revision: i64,
    /// The comment; required with `anyway`.
    #[serde(default)]
    comment: String,
    /// Approve although the proposal brings a new error (the gate).
    #[serde(default)]
    anyway: bool,
}

/// The body of a rejection.
#[derive(Deserialize, ToSchema)]
pub(crate) struct Reject {
    /// Why.
    comment: String,
}

/// Approves a proposal.
///
/// Its changes become a revision authored by the proposer and approved by the reviewer
/// (`X-Workbench-Author`). Refused with 409 and the reason when its cells conflict with the
/// current rows, when the diff changed since `seen_revision` (the approval is withdrawn, the
/// message says what it does now), or when it brings a new error without `anyway` and a
/// comment (the gate; the override is recorded in the revision).
#[utoipa::path(
    post,
    path = "/sheets/{id}/proposals/{proposal}/approve",
    operation_id = "approve_proposal",
    tag = "review",
    params(ProposalPath,
        ("X-Workbench-Author" = Option<String>, Header, description = "The reviewer's display name")),
    request_body(content = Approve, content_type = "application/json"),
    responses(
        (status = 200, description = "Approved: the review, with the revision it made", body = ProposalReview),
        NoProposal,
        (status = 409, description = "Refused, with the reason; nothing changed", body = ErrorBody),
    ),
)]
pub(crate) async fn approve(
    Scoped(store): Scoped,
    SheetProposal(id, pid): SheetProposal,
    HeaderAuthor(by): HeaderAuthor,
    ApiJson(b): ApiJson<Approve>,
) -> Result<Json<ProposalReview>, ApiError> {
    let decision = Decision::Approve {
        seen_revision: b.seen_revision,
        comment: b.comment,
        anyway: b.anyway,
    };
    decide(&store, (id, pid), by, decision).await
}

/// Rejects a proposal.
#[utoipa::path(
    post,
    path = "/sheets/{id}/proposals/{proposal}/reject",
    operation_id = "reject_proposal",
    tag = "review",
    params(ProposalPath,
        ("X-Workbench-Author" = Option<String>, Header, description = "The reviewer's display name")),
    request_body(content = Reject, content_type = "application/json"),
    responses(
        (status = 200, description = "Rejected", body = ProposalReview),
        NoProposal,
        (status = 409, description = "Decided already, or no comment", body = ErrorBody),
    ),
)]
pub(crate) async fn reject(
    Scoped(store): Scoped,
    SheetProposal(id, pid): SheetProposal,
    HeaderAuthor(by): HeaderAuthor,
    ApiJson(b): ApiJson<Reject>,
) -> Result<Json<ProposalReview>, ApiError> {
    let decision = Decision::Reject { comment: b.comment };
    decide(&store, (id, pid), by, decision).await
}

/// Records the decision of the reviewer `by` on proposal `pid` of sheet `id` (refused with 409
/// and the reason, as [`Store::decide`] says), and answers the review after it.
async fn decide(
    store: &Store,
    (id, pid): (i64, i64),
    by: Author,
    decision: Decision,
) -> Result<Json<ProposalReview>, ApiError> {
    store
        .decide(id, pid, &store.author_or(by), decision)
        .await?;
    Ok(Json(store.review(id, pid).await?))
}

/// The body of a proposer's choice.
#[derive(Deserialize, ToSchema)]
pub(crate) struct Resolve {
    /// The conflicting cell's row.
    row_id: i64,
    /// Its column.
    column: Column,
    /// `proposal` (keep the proposal's text) or `theirs` (take the sheet's).
    keep: String,
}

/// Resolves a conflicting cell.
#[utoipa::path(
    post,
    path = "/sheets/{id}/proposals/{proposal}/resolve",
    operation_id = "resolve_proposal",
    tag = "review",
    params(ProposalPath),
    request_body(content = Resolve, content_type = "application/json"),
    responses(
        (status = 200, description = "The review after the choice", body = ProposalReview),
        (status = 400, description = "`keep` is neither `proposal` nor `theirs`", body = ErrorBody),
        NoProposal,
        (status = 409, description = "The cell is not in conflict, or the proposal is decided", body = ErrorBody),
    ),
)]
pub(crate) async fn resolve(
    Scoped(store): Scoped,
    SheetProposal(id, pid): SheetProposal,
    ApiJson(b): ApiJson<Resolve>,
) -> Result<Json<ProposalReview>, ApiError> {
    let choice = match b.keep.as_str() {
        "proposal" => Resolution::Proposal,
        "theirs" => Resolution::Theirs,
        other => {
            return Err(ApiError::bad_request(format!(
                "keep must be \"proposal\" or \"theirs\", not {other:?}"
            )))
        }
    };
    store.resolve(id, pid, b.row_id, b.column, choice).await?;
    Ok(Json(store.review(id, pid).await?))
}
