//! The JSON API under `/api/v1`: plain axum routes over `budget` and the store, each
//! documented with `#[utoipa::path]`. The router and the OpenAPI document
//! (`GET /api/v1/openapi.json`) are built from the same list of handlers, so they cannot drift
//! apart.

mod body;
mod check;
mod events;
pub(crate) mod history;
mod openapi;
mod proposals;
mod sheets;
pub(crate) mod teams;

use axum::extract::DefaultBodyLimit;
use axum::Router;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::state::AppState;

pub use openapi::openapi;

/// The largest body the JSON API accepts, in bytes (1 MiB); a larger one gets 413.
pub const MAX_BODY_BYTES: usize = app::model::MAX_TSV_BYTES;

/// Where the API is mounted.
pub(crate) const PREFIX: &str = "/api/v1";

/// The API's documented routes, relative to [`PREFIX`].
fn documented() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(check::check))
        .routes(routes!(sheets::create, sheets::list))
        .routes(routes!(sheets::get, sheets::replace, history::patch))
        .routes(routes!(history::list))
        .routes(routes!(history::get))
        .routes(routes!(history::restore))
        .routes(routes!(history::diff))
        .routes(routes!(events::events))
        .routes(routes!(proposals::create, proposals::list))
        .routes(routes!(proposals::review, proposals::update))
        .routes(routes!(proposals::comment))
        .routes(routes!(proposals::approve))
        .routes(routes!(proposals::reject))
        .routes(routes!(proposals::resolve))
        .routes(routes!(sheets::export))
        .routes(routes!(sheets::budget_svg))
        .routes(routes!(openapi::document))
        .routes(routes!(teams::me))
        .routes(routes!(teams::teams, teams::create_team))
        .routes(routes!(teams::members, teams::set_member))
        .routes(routes!(teams::tokens, teams::create_token))
        .routes(routes!(teams::revoke_token))
        .routes(routes!(teams::audit))
        .routes(routes!(teams::instance_audit))
        .routes(routes!(teams::create_account))
        .routes(routes!(teams::create_invite))
        .routes(routes!(teams::disable_account))
        .routes(routes!(teams::share_sheet))
}

/// The API's routes, to be nested under [`PREFIX`].
pub(crate) fn routes() -> Router<AppState> {
    let (router, _) = documented().split_for_parts();
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
