//! A sheet's history and review over the API: its revisions, any revision's rows and report,
//! the diff of two revisions (JSON or Markdown), restoring a revision, and `PATCH` with cell
//! changes merged per cell.
//!
//! The author of a change is the `X-Workbench-Author` header (UTF-8, percent-encoded where
//! it is not ASCII) or the `author` query parameter; `anonymous` without either.

use crate::auth::Scoped;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use budget::diff::SheetDiff;
use budget::{Lang, Report, Row};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use workbench_store::sheets;
use workbench_store::{CellPatch, RevisionSummary};

use super::extract::{
    ApiJson, ApiQuery, AuthorParams, IfMatch, QueryAuthor, SheetId, SheetPath, SheetRevision,
};
use super::refusals::{DatabaseFailed, NoSheet};
use super::sheets::SheetBody;
use crate::error::{ApiError, ErrorBody};

/// Lists a sheet's revisions.
///
/// Every revision, newest first: number, version, kind, author, times and the report's counts
/// at that revision (kept with it: listing checks nothing).
#[utoipa::path(
    get,
    path = "/sheets/{id}/revisions",
    operation_id = "list_revisions",
    tag = "history",
    params(SheetPath),
    responses(
        (status = 200, description = "The revisions, newest first", body = Vec<RevisionSummary>),
        (status = 400, description = "The id is not an integer", body = ErrorBody),
        NoSheet,
        DatabaseFailed,
    ),
)]
pub(crate) async fn list(
    Scoped(store): Scoped,
    SheetId(id): SheetId,
) -> Result<Json<Vec<RevisionSummary>>, ApiError> {
    Ok(Json(store.revisions(id).await?))
}

/// One revision, rebuilt.
#[derive(Serialize, ToSchema)]
pub(crate) struct RevisionBody {
    /// The revision's summary.
    revision: RevisionSummary,
    /// The sheet's language at that revision.
    lang: Lang,
    /// The margin at that revision, in ms.
    margin_ms: u64,
    /// The amplification threshold at that revision.
    amplification_threshold: u64,
    /// Its rows exactly as saved.
    rows: Vec<Row>,
    /// Their ids.
    row_ids: Vec<i64>,
    /// Its report.
    report: Report,
}

/// Reads one revision.
///
/// Its rows rebuilt exactly as saved, its settings and its report.
#[utoipa::path(
    get,
    path = "/sheets/{id}/revisions/{number}",
    operation_id = "get_revision",
    tag = "history",
    params(
        SheetPath,
        ("number" = i64, Path, description = "The revision's number (1 is the first)"),
    ),
    responses(
        (status = 200, description = "The revision", body = RevisionBody),
        (status = 400, description = "The id or number is not an integer", body = ErrorBody),
        (status = 404, description = "No such sheet or revision", body = ErrorBody),
        DatabaseFailed,
    ),
)]
pub(crate) async fn get(
    Scoped(store): Scoped,
    SheetRevision(id, number): SheetRevision,
) -> Result<Json<RevisionBody>, ApiError> {
    let (stored, report) = sheets::revision(&store, id, number).await?;
    let sheet = stored.sheet;
    Ok(Json(RevisionBody {
        revision: stored.summary,
        lang: sheet.lang,
        margin_ms: sheet.margin_ms,
        amplification_threshold: sheet.amplification_threshold,
        rows: sheet.rows,
        row_ids: stored.row_ids,
        report,
    }))
}

/// Restores a revision.
///
/// Its rows (with their ids) and settings become the sheet's, as a new revision (`restore`):
/// the history before it stays. `If-Match` as for `PUT`.
#[utoipa::path(
    post,
    path = "/sheets/{id}/revisions/{number}/restore",
    operation_id = "restore_revision",
    tag = "history",
    params(
        SheetPath,
        ("number" = i64, Path, description = "The revision to bring back"),
        ("If-Match" = String, Header, description = "The sheet's `ETag` the restore starts from (`\"3\"`), or `*`"),
        ("X-Workbench-Author" = Option<String>, Header, description = "The author's display name (UTF-8, percent-encoded)"),
        AuthorParams,
    ),
    responses(
        (status = 200, description = "The sheet as stored now", body = SheetBody,
            headers(("ETag" = String, description = "The new version, quoted"))),
        (status = 400, description = "A bad id, number or `If-Match`", body = ErrorBody),
        (status = 404, description = "No such sheet or revision", body = ErrorBody),
        (status = 412, description = "The sheet is no longer at the `If-Match` version; nothing was written", body = ErrorBody),
        (status = 428, description = "No `If-Match`; nothing was written", body = ErrorBody),
        DatabaseFailed,
    ),
)]
pub(crate) async fn restore(
    Scoped(store): Scoped,
    SheetRevision(id, number): SheetRevision,
    IfMatch(base): IfMatch,
    QueryAuthor(by): QueryAuthor,
) -> Result<impl IntoResponse, ApiError> {
    store
        .restore(id, number, base, &store.author_or(by))
        .await?;
    SheetBody::of(sheets::open(&store, id).await?).reply()
}

/// The query of `GET /api/v1/sheets/{id}/diff`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct DiffParams {
    /// The revision to compare from (default: the one before `to`).
    from: Option<i64>,
    /// The revision to compare to (default: the latest).
    to: Option<i64>,
}

/// Compares two revisions.
///
/// The review's diff (`budget::diff`): changed cells (rows matched by id), every node's and
/// hop's numbers before → after where they changed, the verdicts that flipped (worst first),
/// the findings that appeared and disappeared, and the causal trace of each change up the
/// call chain. `Accept: text/markdown` gives the review comment (under 60,000 characters).
#[utoipa::path(
    get,
    path = "/sheets/{id}/diff",
    operation_id = "diff_revisions",
    tag = "history",
    params(SheetPath, DiffParams),
    responses(
        (status = 200, description = "The diff: JSON, or a Markdown review comment with `Accept: text/markdown`",
            content(
                (SheetDiff = "application/json"),
                (String = "text/markdown"),
            )),
        (status = 400, description = "A bad id or revision number", body = ErrorBody),
        (status = 404, description = "No such sheet or revision", body = ErrorBody),
        DatabaseFailed,
    ),
)]
pub(crate) async fn diff(
    Scoped(store): Scoped,
    SheetId(id): SheetId,
    ApiQuery(params): ApiQuery<DiffParams>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let compared = sheets::diff(&store, id, params.from, params.to).await?;
    let markdown = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("text/markdown"));
    if markdown {
        let title = format!("{} r{} → r{}", compared.name, compared.from, compared.to);
        let body = crate::writers::diff::markdown(&compared.diff, Some(&title));
        return Ok((
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/markdown; charset=utf-8"),
            )],
            body,
        )
            .into_response());
    }
    Ok(Json(compared.diff).into_response())
}

/// Changes cells, inserts and deletes rows, merged per cell.
///
/// Each cell change names the text the cell had when the edit started (`base`): it lands when
/// the cell still holds it (or already holds the new text), whatever else changed since, so
/// two people editing different cells both land. A cell (or a row to delete) someone else
/// changed in between keeps their text and is listed in the answer's `conflicts` with its
/// three values (base, theirs, mine) and who changed it (`by`); everything else of the
/// change lands, in one revision. The client chooses for those cells and sends them again.
/// The sheet page's saves follow the same policy. `If-Match` is required (428 without); its
/// version may be stale, since the merge is per cell.
#[utoipa::path(
    patch,
    path = "/sheets/{id}",
    operation_id = "patch_cells",
    tag = "sheets",
    params(
        SheetPath,
        ("If-Match" = String, Header, description = "The sheet's `ETag` the edit started from (`\"3\"`), or `*`"),
        ("X-Workbench-Author" = Option<String>, Header, description = "The author's display name (UTF-8, percent-encoded)"),
        AuthorParams,
    ),
    request_body(content = CellPatch, content_type = "application/json"),
    responses(
        (status = 200, description = "The sheet as stored now; `conflicts` lists the cells and row deletes that did not land because they changed elsewhere since their base", body = SheetBody,
            headers(("ETag" = String, description = "The new version, quoted"))),
        (status = 400, description = "A bad id, `If-Match` or JSON body, or a patch that would give the sheet more than 5,000 rows", body = ErrorBody),
        (status = 404, description = "No such sheet, or a row id it never had", body = ErrorBody),
        (status = 413, description = "The body is larger than 1 MiB, or the patch would make the sheet's TSV export larger than 1 MiB; nothing was written", body = ErrorBody),
        (status = 422, description = "A cell that cannot be stored (NUL)", body = ErrorBody),
        (status = 428, description = "No `If-Match`; nothing was written", body = ErrorBody),
        DatabaseFailed,
    ),
)]
pub(crate) async fn patch(
    Scoped(store): Scoped,
    SheetId(id): SheetId,
    IfMatch(_): IfMatch,
    QueryAuthor(by): QueryAuthor,
    ApiJson(patch): ApiJson<CellPatch>,
) -> Result<impl IntoResponse, ApiError> {
    let edit = sheets::Edit { patch, seen: None };
    let saved = sheets::save(&store, id, edit, &store.author_or(by)).await?;
    SheetBody::of(saved.sheet)
        .with_conflicts(saved.conflicts)
        .reply()
}
