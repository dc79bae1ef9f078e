//! `POST /api/v1/check`: a TSV sheet in, its report out.

use axum::Json;
use budget::{Lang, Report, Sheet};

use super::body::TsvBody;
use crate::error::{ApiError, ErrorBody};

/// Checks a TSV sheet.
///
/// The sheet's language comes from its header (English for a paste without one); the margin
/// is the default 1 s. The report's durations are integer milliseconds.
#[utoipa::path(
    post,
    path = "/check",
    operation_id = "check_sheet",
    tag = "check",
    request_body(
        content = String,
        content_type = "text/tab-separated-values",
        description = "A TSV sheet: a header line in Japanese or English (or none) and rows of eight tab-separated cells, at most 1 MiB",
    ),
    responses(
        (status = 200, description = "The sheet's report", body = Report),
        (status = 400, description = "The body is not UTF-8 text", body = ErrorBody),
        (status = 413, description = "The body is larger than 1 MiB", body = ErrorBody),
        (status = 422, description = "The body is not a TSV sheet; `line` names the line", body = ErrorBody),
    ),
)]
pub(crate) async fn check(TsvBody(text): TsvBody) -> Result<Json<Report>, ApiError> {
    let imported = budget::tsv::import(&text)?;
    let sheet = Sheet::new(imported.lang.unwrap_or(Lang::En), imported.rows);
    Ok(Json(budget::check(&sheet)))
}
