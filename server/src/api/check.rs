//! `POST /api/v1/check`: a TSV sheet in, its report out.

use axum::Json;
use budget::{Lang, Report, Sheet};

use super::body::TsvBody;
use crate::error::ApiError;

/// Checks the TSV sheet in the body. The sheet's language comes from its header (English
/// for a paste without one); the margin is the default 1 s.
pub(crate) async fn check(TsvBody(text): TsvBody) -> Result<Json<Report>, ApiError> {
    let imported = budget::tsv::import(&text)?;
    let sheet = Sheet::new(imported.lang.unwrap_or(Lang::En), imported.rows);
    Ok(Json(budget::check(&sheet)))
}
