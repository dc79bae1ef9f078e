//! The probes of a load balancer or an orchestrator:
//!
//! | route | answers |
//! |---|---|
//! | `GET /healthz` | `200 {"status":"ok"}` while the process serves requests (liveness) |
//! | `GET /readyz` | `200 {"status":"ready","migrations":N,"statement_timeout":"20s"}` (`null` on SQLite) when the database answers and has every migration of this build; else `503 {"status":"not ready","error":"..."}` (readiness) |
//!
//! Both answer any `Host` (a load balancer names an instance by its address), outside the
//! [`crate::security`] guard: they change nothing and tell nothing but that. The database
//! check has [`READY_WITHIN`] to answer, so a probe never waits on a stuck pool.

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use serde_json::json;
use workbench_store::Store;

/// How long `GET /readyz` waits for the database: 2 s (a load balancer's probe usually
/// allows 5).
pub const READY_WITHIN: Duration = Duration::from_secs(2);

/// `GET /healthz`: the process is up.
pub async fn healthz() -> impl IntoResponse {
    Json(json!({"status": "ok"}))
}

/// `GET /readyz`: the database answers within [`READY_WITHIN`] and its migrations are
/// applied.
pub async fn readyz(State(store): State<Store>) -> impl IntoResponse {
    let error = match tokio::time::timeout(READY_WITHIN, store.ready()).await {
        Ok(Ok(ready)) => {
            return (
                StatusCode::OK,
                Json(json!({
                    "status": "ready",
                    "migrations": ready.migrations,
                    "statement_timeout": ready.statement_timeout,
                })),
            )
        }
        // A missing migration is named (it says nothing of the data); any other failure of
        // the database is said in general, its detail only in the server's log.
        Ok(Err(err @ workbench_store::StoreError::NotReady(_))) => err.to_string(),
        Ok(Err(err)) => {
            eprintln!("workbench: not ready: {err}");
            "the database failed; see the server's log".to_string()
        }
        Err(_) => format!(
            "the database did not answer within {} s",
            READY_WITHIN.as_secs()
        ),
    };
    (
        StatusCode::SERVICE_UNAVAILABLE,
        Json(json!({"status": "not ready", "error": error})),
    )
}
