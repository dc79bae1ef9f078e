//! `POST /api/v1/check`: a TSV sheet in, its report out.

use axum::Json;
use budget::{Lang, Report, Sheet};
use serde::Deserialize;
use utoipa::IntoParams;

use super::body::TsvBody;
use super::extract::ApiQuery;
use crate::error::{ApiError, ErrorBody};

/// The sheet settings of `POST /api/v1/check`, as typed (a TSV sheet carries none).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct CheckParams {
    /// The margin every caller must wait beyond its callee's worst case, where no margin
    /// row says otherwise: a duration with a unit (`1.5s`, `500ms`; default `1s`).
    margin: Option<String>,
    /// `retry.amplification` is reported where more attempts than this reach one node (a
    /// whole number, at least 1; default 3).
    amplification_threshold: Option<String>,
}

/// Checks a TSV sheet.
///
/// The sheet's language comes from its header (English for a paste without one); the margin
/// and the amplification threshold come from the query (default 1 s and 3). The report's
/// durations are integer milliseconds.
#[utoipa::path(
    post,
    path = "/check",
    operation_id = "check_sheet",
    tag = "check",
    params(CheckParams),
    request_body(
        content = String,
        content_type = "text/tab-separated-values",
        description = "A TSV sheet: a header line in Japanese or English (or none) and rows of eight tab-separated cells, at most 1 MiB",
    ),
    responses(
        (status = 200, description = "The sheet's report", body = Report),
        (status = 400, description = "The body is not UTF-8 text, or a setting cannot be read", body = ErrorBody),
        (status = 413, description = "The body is larger than 1 MiB", body = ErrorBody),
        (status = 422, description = "The body is not a TSV sheet; `line` names the line", body = ErrorBody),
    ),
)]
pub(crate) async fn check(
    ApiQuery(params): ApiQuery<CheckParams>,
    TsvBody(text): TsvBody,
) -> Result<Json<Report>, ApiError> {
    let mut sheet = Sheet::new(Lang::En, Vec::new());
    if let Some(margin) = &params.margin {
        sheet.margin_ms = budget::read_margin(margin).map_err(setting)?;
    }
    if let Some(threshold) = &params.amplification_threshold {
        sheet.amplification_threshold =
            budget::read_amplification_threshold(threshold).map_err(setting)?;
    }
    let imported = budget::tsv::import(&text)?;
    sheet.lang = imported.lang.unwrap_or(Lang::En);
    sheet.rows = imported.rows;
    Ok(Json(workbench_store::checks::check(sheet).await.1))
}

/// A 400 for a setting that cannot be read.
fn setting(err: budget::SettingError) -> ApiError {
    ApiError::bad_request(err.to_string())
}
