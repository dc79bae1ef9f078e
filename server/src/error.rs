//! The JSON API's error: bad input gets its own status and a message naming the problem (and
//! the line, for a TSV sheet); an internal error gets an opaque 500 and is logged.

use std::sync::Arc;

use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use budget::TsvError;
use serde::Serialize;
use workbench_model::sheet_name::SheetNameError;
use workbench_store::{RefusalKind, StoreError, TeamRefusal};

/// Why a JSON API request failed. Every variant but [`ApiError::Internal`] is the client's
/// to fix, and its message says how.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: a missing or malformed parameter, or a body that is not UTF-8 text.
    #[error("{message}")]
    BadRequest {
        /// What is wrong and how to fix it.
        message: String,
        /// The line of the body concerned (1-based), if any.
        line: Option<usize>,
    },
    /// 422: the body is text but not a TSV sheet.
    #[error(transparent)]
    BadSheet(#[from] TsvError),
    /// 404: no such sheet (or route).
    #[error("{0}")]
    NotFound(String),
    /// 412: an `If-Match` revision that is no longer the stored one; nothing was written.
    #[error("{0}; read the sheet again (GET) and reapply the change")]
    PreconditionFailed(String),
    /// 412: cells changed elsewhere since the change's base values; nothing was written.
    #[error("{message}")]
    CellConflicts {
        /// What happened and what to do.
        message: String,
        /// The refused cells, each with its three values.
        conflicts: Vec<workbench_store::CellConflict>,
    },
    /// 409: a proposal, comment or decision refused, with the reason; nothing changed.
    #[error("{0}")]
    Refused(String),
    /// 428: a write that must name the revision it starts from (`If-Match`) and does not.
    #[error("{0}")]
    PreconditionRequired(String),
    /// 401: team mode, and the request has no session or token, or its token is revoked
    /// or expired.
    #[error("{0}")]
    Unauthorized(String),
    /// 403: team mode, and the caller's role does not allow this.
    #[error("{0}")]
    Forbidden(String),
    /// 413: the body is larger than [`crate::MAX_BODY_BYTES`].
    #[error(
        "the body is larger than {} bytes (1 MiB); split the sheet",
        crate::MAX_BODY_BYTES
    )]
    PayloadTooLarge,
    /// 413: a change that would make a sheet larger than a sheet may hold (its TSV export
    /// over 1 MiB); nothing was written.
    #[error("{0}")]
    SheetTooLarge(String),
    /// 500: the database or something else on the server failed; the client sees no detail.
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// A 400 error with no line.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            message: message.into(),
            line: None,
        }
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::BadSheet(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::PayloadTooLarge | ApiError::SheetTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::PreconditionFailed(_) | ApiError::CellConflicts { .. } => {
                StatusCode::PRECONDITION_FAILED
            }
            ApiError::PreconditionRequired(_) => StatusCode::PRECONDITION_REQUIRED,
            ApiError::Refused(_) => StatusCode::CONFLICT,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The line of the input the error names, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            ApiError::BadRequest { line, .. } => *line,
            ApiError::BadSheet(err) => err.line(),
            _ => None,
        }
    }
}

impl From<SheetNameError> for ApiError {
    fn from(err: SheetNameError) -> ApiError {
        ApiError::bad_request(err.to_string())
    }
}

impl From<TeamRefusal> for ApiError {
    fn from(refusal: TeamRefusal) -> ApiError {
        let message = refusal.to_string();
        match refusal.kind() {
            RefusalKind::Forbidden => ApiError::Forbidden(message),
            RefusalKind::NotFound => ApiError::NotFound(message),
            RefusalKind::BadInput => ApiError::bad_request(message),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> ApiError {
        match err {
            StoreError::NotFound(_) => ApiError::NotFound(err.to_string()),
            StoreError::BadCell(err) => ApiError::BadSheet(err),
            StoreError::Conflict { ref conflicts, .. } if conflicts.is_empty() => {
                ApiError::PreconditionFailed(err.to_string())
            }
            StoreError::Conflict { ref conflicts, .. } => ApiError::CellConflicts {
                message: format!(
                    "{err}, and {} of the cells you changed {} changed there too; nothing was written: read the sheet again (GET) and reapply the change, or send it as a PATCH, which merges the other cells",
                    conflicts.len(),
                    if conflicts.len() == 1 { "was" } else { "were" }
                ),
                conflicts: conflicts.clone(),
            },
            StoreError::TooLarge { .. } => ApiError::SheetTooLarge(err.to_string()),
            StoreError::TooManyRows { .. } => ApiError::bad_request(err.to_string()),
            StoreError::Proposal(reason) => ApiError::Refused(reason.to_string()),
            StoreError::Team(refusal) => refusal.into(),
            StoreError::Forbidden { .. } | StoreError::NoTeam => ApiError::Forbidden(err.to_string()),
            StoreError::Taken(_) => ApiError::Refused(err.to_string()),
            StoreError::NoRevision { .. } | StoreError::NoRow { .. } | StoreError::NoProposal { .. } => {
                ApiError::NotFound(err.to_string())
            }
            StoreError::CellConflicts { ref conflicts, current, .. } => ApiError::CellConflicts {
                message: format!(
                    "{err}; nothing was written: choose for each cell (the sheet is at version {current}), then send the change again with the values you keep"
                ),
                conflicts: conflicts.clone(),
            },
            StoreError::Db(_)
            | StoreError::Migrate(_)
            | StoreError::NotReady(_)
            | StoreError::Failed(_) => {
                ApiError::Internal(err.to_string())
            }
        }
    }
}

/// The JSON body of every API error.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct ErrorBody {
    /// What is wrong and how to fix it (`line 3: expected 8 cells, found 7; …`); only
    /// `internal error` for a 500.
    error: String,
    /// The line of the body concerned (1-based), if any.
    line: Option<usize>,
    /// For a `PATCH` or `PUT` refused with 412: each cell the change changed that was changed
    /// elsewhere since its base too, with the three values (base, theirs, mine). Left out
    /// otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    conflicts: Vec<workbench_store::CellConflict>,
}

/// The detail of an internal error, carried to [`log_internal_errors`] in a response
/// extension so that it is logged but never sent.
#[derive(Clone, Debug)]
struct InternalError(Arc<str>);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let line = self.line();
        if let ApiError::Internal(detail) = self {
            let body = ErrorBody {
                error: "internal error".into(),
                line: None,
                conflicts: Vec::new(),
            };
            let mut response = (status, Json(body)).into_response();
            response
                .extensions_mut()
                .insert(InternalError(detail.into()));
            return response;
        }
        let error = self.to_string();
        let conflicts = match self {
            ApiError::CellConflicts { conflicts, .. } => conflicts,
            _ => Vec::new(),
        };
        (
            status,
            Json(ErrorBody {
                error,
                line,
                conflicts,
            }),
        )
            .into_response()
    }
}

/// A store error as a person sees it on a plain page (the sign-in and invitation forms): an
/// address that has an account says so (409); any other failure is the catalogue's generic
/// "the database could not complete the request; please try again" in `lang` (500), and its
/// detail, which may name tables, constraints or SQL, goes only to the server's log.
pub(crate) fn page_refusal(err: &StoreError, lang: budget::Lang) -> (StatusCode, String) {
    match err {
        StoreError::Taken(_) => (StatusCode::CONFLICT, err.to_string()),
        _ => {
            eprintln!("workbench: internal error: {err}");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                app::i18n::t(lang, "error-storage"),
            )
        }
    }
}

/// Middleware: logs the detail of an internal error to standard error.
pub(crate) async fn log_internal_errors(response: Response) -> Response {
    if let Some(InternalError(detail)) = response.extensions().get::<InternalError>() {
        eprintln!("workbench: internal error: {detail}");
    }
    response
}

/// `text` as the value of a response header (a `Location`, an `ETag`); a 500 for text that
/// cannot be one.
pub(crate) fn header_value(text: &str) -> Result<HeaderValue, ApiError> {
    HeaderValue::from_str(text).map_err(|e| ApiError::Internal(e.to_string()))
}
