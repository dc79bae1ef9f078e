//! The JSON API under `/api/v1`: plain axum routes over `budget` and the store.

mod body;
mod check;
mod sheets;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;

/// The largest body the JSON API accepts, in bytes (1 MiB); a larger one gets 413.
pub const MAX_BODY_BYTES: usize = 1 << 20;

/// The API's routes, to be nested under `/api/v1`.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/check", post(check::check))
        .route("/sheets", post(sheets::create).get(sheets::list))
        .route("/sheets/{id}", get(sheets::get))
        .route("/sheets/{id}/export.tsv", get(sheets::export))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

/// Any other path under `/api/v1`: a JSON 404 rather than the app's HTML page.
async fn not_found() -> ApiError {
    ApiError::NotFound("no such API route; see /api/v1/check and /api/v1/sheets".into())
}
