//! What a request says, read the same way by every handler, each refusal an [`ApiError`]
//! with the API's JSON body: the ids of its path ([`SheetId`], [`SheetRevision`],
//! [`SheetProposal`]), its query ([`ApiQuery`]) and JSON body ([`ApiJson`]), the revision of
//! its `If-Match` header ([`IfMatch`]) and the author of a change ([`author`], [`HeaderAuthor`],
//! [`QueryAuthor`]).
//!
//! Extractors run in the order of a handler's arguments, so a handler lists them in the order
//! its refusals are meant to come: the path, then `If-Match`, then the query, then the body.

use std::convert::Infallible;

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, Method, StatusCode};
use serde::Deserialize;
use utoipa::IntoParams;
use workbench_store::Author;

use crate::error::ApiError;

/// The sheet id of a path `/sheets/{id}…`; a 400 naming the rejection when it is not an
/// integer.
pub(crate) struct SheetId(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for SheetId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<SheetId, ApiError> {
        let Path(id) = Path::<i64>::from_request_parts(parts, state)
            .await
            .map_err(bad_id)?;
        Ok(SheetId(id))
    }
}

/// The sheet id and revision number of a path `/sheets/{id}/revisions/{number}…`.
pub(crate) struct SheetRevision(pub i64, pub i64);

impl<S: Send + Sync> FromRequestParts<S> for SheetRevision {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<SheetRevision, ApiError> {
        let (id, number) = pair(parts, state, "the revision number").await?;
        Ok(SheetRevision(id, number))
    }
}

/// The sheet id and proposal id of a path `/sheets/{id}/proposals/{pid}…`.
pub(crate) struct SheetProposal(pub i64, pub i64);

impl<S: Send + Sync> FromRequestParts<S> for SheetProposal {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<SheetProposal, ApiError> {
        let (id, pid) = pair(parts, state, "the proposal id").await?;
        Ok(SheetProposal(id, pid))
    }
}

/// The path parameter of [`SheetId`] as the OpenAPI document names it, for
/// `#[utoipa::path(params(SheetPath, …))]`; never built.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub(crate) struct SheetPath {
    /// The sheet's id
    id: i64,
}

/// The path parameters of [`SheetProposal`] as the OpenAPI document names them, for
/// `#[utoipa::path(params(ProposalPath, …))]`; never built.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub(crate) struct ProposalPath {
    /// The sheet's id
    id: i64,
    /// The proposal's id
    proposal: i64,
}

/// The id of a team route's token, account or sheet (`/teams/{team}/tokens/{id}`,
/// `/accounts/{id}/…`, `/sheets/{id}/shared`) as the OpenAPI document names it, for
/// `#[utoipa::path(params(IdPath))]`; never built.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub(crate) struct IdPath {
    /// The token's, account's or sheet's id
    id: i64,
}

/// The two integers of a path, the second named `second` in the refusal.
async fn pair<S: Send + Sync>(
    parts: &mut Parts,
    state: &S,
    second: &str,
) -> Result<(i64, i64), ApiError> {
    let Path(pair) = Path::<(i64, i64)>::from_request_parts(parts, state)
        .await
        .map_err(|r| {
            ApiError::bad_request(format!(
                "the sheet id and {second} must be integers ({})",
                r.body_text()
            ))
        })?;
    Ok(pair)
}

/// A query string read into `T`; a 400 naming what could not be read.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub(crate) struct ApiQuery<T>(pub T);

/// A JSON body read into `T`; a 400 naming what could not be read.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub(crate) struct ApiJson<T>(pub T);

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::bad_request(rejection.body_text())
    }
}

impl From<JsonRejection> for ApiError {
    /// A body past the size limit is a 413, as for a TSV body; any other a 400 naming why.
    fn from(rejection: JsonRejection) -> ApiError {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge
        } else {
            ApiError::bad_request(rejection.body_text())
        }
    }
}

/// The revision of the `If-Match` header, as [`if_match`] reads it; its 428 names the change
/// by the request's method: `PATCH` changes cells, a `POST` restores a revision, and any
/// other replaces the rows.
pub(crate) struct IfMatch(pub Option<i64>);

impl<S: Send + Sync> FromRequestParts<S> for IfMatch {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<IfMatch, ApiError> {
        let change = match parts.method {
            Method::PATCH => "changing a sheet's cells",
            Method::POST => "restoring a revision",
            _ => "replacing a sheet's rows",
        };
        if_match(&parts.headers, change).map(IfMatch)
    }
}

/// The header that names the author of a change.
pub const AUTHOR_HEADER: &str = "x-workbench-author";

/// The author a request names in its `X-Workbench-Author` header ([`author`]), `anonymous`
/// without it.
pub(crate) struct HeaderAuthor(pub Author);

impl<S: Send + Sync> FromRequestParts<S> for HeaderAuthor {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<HeaderAuthor, Infallible> {
        Ok(HeaderAuthor(author(&parts.headers, None)))
    }
}

/// The query of a write that may name its author.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct AuthorParams {
    /// The author's display name, when the `X-Workbench-Author` header does not give it.
    author: Option<String>,
}

/// The author a change names: the `X-Workbench-Author` header, else the `author` query
/// parameter ([`AuthorParams`]), else `anonymous`; a 400 for a query that cannot be read,
/// as [`ApiQuery`] gives it.
pub(crate) struct QueryAuthor(pub Author);

impl<S: Send + Sync> FromRequestParts<S> for QueryAuthor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<QueryAuthor, ApiError> {
        let ApiQuery(params) = ApiQuery::<AuthorParams>::from_request_parts(parts, state).await?;
        Ok(QueryAuthor(author(
            &parts.headers,
            params.author.as_deref(),
        )))
    }
}

/// The author of a request: the `X-Workbench-Author` header (percent-decoded), else `query`,
/// else `anonymous` ([`Author::named`] cleans and cuts it).
pub(crate) fn author(headers: &HeaderMap, query: Option<&str>) -> Author {
    let from_header = headers.get(AUTHOR_HEADER).and_then(|v| {
        let text = v.to_str().ok()?;
        percent_encoding::percent_decode_str(text)
            .decode_utf8()
            .ok()
            .map(|t| t.into_owned())
    });
    Author::named(from_header.as_deref().or(query).unwrap_or_default())
}

/// The revision of an `If-Match` header: `"3"` gives 3; `*` gives none (any revision, an
/// overwrite the client asks for by name).
///
/// # Errors
///
/// [`ApiError::PreconditionRequired`] (428) without the header, so that no client overwrites
/// someone else's change without saying so; a 400 for any other value (a list, a weak tag, a
/// tag that is not a revision).
///
/// `change` names what the request does, for the 428's message: `replacing a sheet's rows`.
pub(crate) fn if_match(headers: &HeaderMap, change: &str) -> Result<Option<i64>, ApiError> {
    let Some(value) = headers.get(header::IF_MATCH) else {
        return Err(ApiError::PreconditionRequired(format!(
            "{change} needs If-Match: the ETag of the GET the change starts from (the sheet's revision in quotes, such as \"3\"), or * to overwrite whatever is stored"
        )));
    };
    let text = value.to_str().unwrap_or_default().trim();
    if text == "*" {
        return Ok(None);
    }
    text.strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .and_then(|t| t.parse::<i64>().ok())
        .map(Some)
        .ok_or_else(|| {
            ApiError::bad_request(format!(
                "If-Match must be a sheet revision as the ETag gives it (\"3\") or *, not {text:?}"
            ))
        })
}

/// A 400 for an id that is not an integer.
fn bad_id(rejection: PathRejection) -> ApiError {
    ApiError::bad_request(format!(
        "the sheet id must be an integer ({})",
        rejection.body_text()
    ))
}
