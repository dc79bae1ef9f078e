//! `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of the API, generated from the
//! handlers' `#[utoipa::path]` attributes and the `ToSchema` types (the engine's report types
//! through `budget`'s `openapi` feature).

use std::sync::LazyLock;

use axum::Json;
use utoipa::openapi::{InfoBuilder, OpenApi};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::mount::PREFIX;
use super::{check, events, history, proposals, sheets, teams};
use crate::state::AppState;

/// The document, built once.
static DOCUMENT: LazyLock<OpenApi> = LazyLock::new(|| {
    let (_, paths) = documented().split_for_parts();
    let mut document = OpenApi::default().nest(PREFIX, paths);
    document.info = InfoBuilder::new()
        .title("Timeout Budget Workbench API")
        .version(env!("CARGO_PKG_VERSION"))
        .description(Some(
            "Check timeout design sheets (TSV) and store them. Every duration is an integer \
             number of milliseconds; errors are `{\"error\", \"line\"}`.",
        ))
        .build();
    document
});

/// The OpenAPI document of the JSON API: every route under `/api/v1` with its methods,
/// parameters, bodies and responses, and the schemas of the report.
pub fn openapi() -> OpenApi {
    DOCUMENT.clone()
}

/// Describes this API.
///
/// The OpenAPI document of every route under `/api/v1`, generated from the code.
#[utoipa::path(
    get,
    path = "/openapi.json",
    operation_id = "get_openapi",
    tag = "api",
    responses(
        (status = 200, description = "The OpenAPI 3.1 document of this API", body = Object),
    ),
)]
pub(crate) async fn document() -> Json<OpenApi> {
    Json(DOCUMENT.clone())
}

/// The API's documented routes, relative to [`PREFIX`].
pub(super) fn documented() -> OpenApiRouter<AppState> {
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
        .routes(routes!(document))
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
