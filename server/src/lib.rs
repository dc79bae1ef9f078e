//! The workbench server: the Leptos app (pages and server functions), the static files and
//! the JSON API, as one axum [`Router`]; plus the `workbench check` command's output (text,
//! JSON, SARIF and Markdown, written by [`writers`]) and the `workbench catalog` command's.
//!
//! [`router`] builds the whole app from an [`AppState`], so tests drive it in-process with
//! `tower::ServiceExt::oneshot`; `main.rs` only parses the command line and serves it.
//!
//! JSON API (all under `/api/v1`, errors as `{"error": "...", "line": N|null}`):
//!
//! | route | does |
//! |---|---|
//! | `POST /api/v1/check` | body: a TSV sheet; answers the `budget::check` report |
//! | `POST /api/v1/sheets?name=NAME` | body: a TSV sheet; stores it, `201 {"id", "name", "rows"}` |
//! | `GET /api/v1/sheets` | the sheet list (newest change first) |
//! | `GET /api/v1/sheets/{id}` | one sheet: settings, rows as typed, revision (`ETag`) and report |
//! | `PUT /api/v1/sheets/{id}` | body: a TSV sheet; replaces its rows (`If-Match: "N"`: only at revision N, else 412) |
//! | `GET /api/v1/sheets/{id}/export.tsv?header=ja\|en` | the sheet as a TSV download |
//! | `GET /api/v1/sheets/{id}/budget.svg?lang=ja\|en` | the budget picture ([`budget::picture`]) as SVG |
//! | `GET /api/v1/openapi.json` | the OpenAPI document of these routes ([`openapi`]) |
//!
//! And the probes `GET /healthz` and `GET /readyz` ([`health`]); in team mode ([`auth`]) the
//! sign-in page `GET`/`POST /login`, `POST /logout`, and the team routes of `api::teams`
//! (`/api/v1/me`, `/api/v1/teams/...`, `/api/v1/accounts/...`).

// The app's view types are deep; rendering them on the server needs more than the default 128.
#![recursion_limit = "256"]

mod api;
pub mod auth;
pub mod catalog_command;
pub mod check_command;
pub mod diff_command;
pub mod drift_command;
mod error;
pub mod forwarded;
pub mod health;
pub mod import_command;
pub mod security;
pub mod serve;
mod state;
mod table;
pub mod team_page;
pub mod ui_lang;
pub mod writers;

use app::shell::{shell, App};
use axum::Router;
use leptos::prelude::provide_context;
use leptos_axum::{generate_route_list, LeptosRoutes};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};

pub use api::{openapi, MAX_BODY_BYTES};
pub use error::ApiError;
pub use security::AllowedHosts;
pub use serve::Timeouts;
pub use state::AppState;

/// The largest request body any route accepts, in bytes (8 MiB): a bound for the server
/// functions, whose JSON- or form-encoded TSV is larger than the raw text (a control
/// character is six bytes in JSON). The JSON API has its own,
/// smaller bound ([`MAX_BODY_BYTES`]).
pub const MAX_REQUEST_BYTES: usize = 8 << 20;

/// The largest body of a plain HTML form (sign-in, sign-out, the language switch, the Teams
/// page's forms), in bytes (16 KiB): their fields are an e-mail address, a password, a name or
/// two; a larger body is refused with 413 before it is read.
pub const MAX_FORM_BYTES: usize = 16 << 10;

/// The app's page routes, generated once per process. Generating them runs the app with
/// resource loading suppressed process-wide (a global flag in `leptos_server`), so a page
/// rendering at that moment on another thread would wait forever for its data (leptos
/// issue #4773); every router after the first reuses the list.
static ROUTES: std::sync::OnceLock<Vec<leptos_axum::AxumRouteListing>> = std::sync::OnceLock::new();

/// How many pages render at once: one fewer than the cores (at least 1). Rendering a sheet of
/// thousands of rows takes seconds of CPU on a request thread; the other threads stay free
/// for the API, the server functions and the files.
fn max_page_renders() -> usize {
    workbench_store::checks::max_concurrent_checks()
        .saturating_sub(1)
        .max(1)
}

/// One permit per page render that may run.
static PAGE_RENDERS: std::sync::LazyLock<tokio::sync::Semaphore> =
    std::sync::LazyLock::new(|| tokio::sync::Semaphore::new(max_page_renders()));

/// Middleware: a `GET` of a page (any path outside `/api/` and `/pkg/`) waits for one of
/// [`max_page_renders`] permits; everything else passes at once.
async fn limit_page_renders(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let path = request.uri().path();
    let page = request.method() == axum::http::Method::GET
        && !path.starts_with("/api/")
        && !path.starts_with("/pkg/");
    if !page {
        return next.run(request).await;
    }
    let _permit = PAGE_RENDERS.acquire().await;
    next.run(request).await
}

/// The routes of the plain HTML forms, each taking at most [`MAX_FORM_BYTES`].
fn form_routes() -> Router<AppState> {
    Router::new()
        .route(
            app::shell::UI_LANG_PATH,
            axum::routing::post(ui_lang::choose),
        )
        .route(
            "/login",
            axum::routing::get(auth::login_page).post(auth::login),
        )
        .route("/logout", axum::routing::post(auth::logout))
        .merge(team_page::routes())
        .layer(axum::extract::DefaultBodyLimit::max(MAX_FORM_BYTES))
        .layer(RequestBodyLimitLayer::new(MAX_FORM_BYTES))
}

/// The whole app: the JSON API under `/api/v1`, the Leptos pages and server functions (with
/// the [`workbench_store::Store`] provided as context), and the static files and 404 page; behind
/// the [`security`] guard and headers; with the default [`Timeouts`].
pub fn router(state: AppState) -> Router {
    router_with(state, Timeouts::default())
}

/// [`router`] with the body and whole-request `timeouts` given (a body not received in
/// time is a 400, a request not answered in time a 408).
pub fn router_with(state: AppState, timeouts: Timeouts) -> Router {
    let hosts = state.allowed_hosts.clone();
    let routes = ROUTES.get_or_init(|| generate_route_list(App)).clone();
    let store = state.store.clone();
    let options = state.leptos_options.clone();
    let sessions = state.auth.sessions(state.store.clone());
    Router::new()
        .nest(api::PREFIX, api::routes())
        .merge(form_routes())
        .leptos_routes_with_context(
            &state,
            routes,
            move || provide_context(store.clone()),
            move || shell(options.clone()),
        )
        .fallback(leptos_axum::file_and_error_handler::<AppState, _>(shell))
        .layer(axum::middleware::from_fn(limit_page_renders))
        .layer(axum::middleware::map_response(error::log_internal_errors))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_REQUEST_BYTES))
        .layer(RequestBodyLimitLayer::new(MAX_REQUEST_BYTES))
        .layer(RequestBodyTimeoutLayer::new(timeouts.body))
        .layer(TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            timeouts.request,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            auth::authenticate,
        ))
        .layer(tower::util::option_layer(sessions))
        .layer(axum::middleware::from_fn_with_state(hosts, security::guard))
        // Before the guard: who the client is, behind a trusted proxy ([`forwarded`]).
        .layer(axum::middleware::from_fn_with_state(
            state.proxies.clone(),
            forwarded::middleware,
        ))
        // After the guard: the probes answer any host ([`health`]).
        .route("/healthz", axum::routing::get(health::healthz))
        .route("/readyz", axum::routing::get(health::readyz))
        .layer(axum::middleware::from_fn(security::headers))
        .with_state(state)
}
