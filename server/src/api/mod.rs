//! The JSON API under `/api/v1`: plain axum routes over `budget` and the store, each
//! documented with `#[utoipa::path]`. The router and the OpenAPI document
//! (`GET /api/v1/openapi.json`) are built from the same list of handlers, so they cannot drift
//! apart.

mod body;
mod check;
mod events;
mod extract;
pub(crate) mod history;
mod mount;
mod openapi;
mod proposals;
mod refusals;
mod sheets;
pub(crate) mod teams;

use axum::extract::DefaultBodyLimit;
use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;

pub use mount::MAX_BODY_BYTES;
pub(crate) use mount::PREFIX;
pub use openapi::openapi;

/// The API's routes, to be nested under [`PREFIX`].
pub(crate) fn routes() -> Router<AppState> {
    let (router, _) = openapi::documented().split_for_parts();
    router
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

/// Any other path under `/api/v1`: a JSON 404 rather than the app's HTML page.
async fn not_found() -> ApiError {
    ApiError::NotFound(
        "no such API route; see /api/v1/openapi.json for the routes of this API".into(),
    )
}
