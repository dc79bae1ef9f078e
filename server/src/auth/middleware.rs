//! Who is asking: team mode's middleware finds the caller of every request (an API token, the
//! trusted proxy's sign-on header, or a session's account) and puts their [`Access`] in it;
//! the handlers read it back as [`Scoped`] (the store scoped to the caller) or [`Caller`].

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use tower_sessions::Session;
use workbench_store::access::{Access, Principal};
use workbench_store::{Store, TokenRefusal};

use super::mode::MODE_VAR;
use super::session::ACCOUNT_KEY;
use super::token::token_hash;
use crate::error::ApiError;
use crate::state::AppState;

/// Paths every request may reach without signing in: the sign-in page, the app's compiled
/// files and icon (the probes are routed outside this layer).
fn is_public(path: &str) -> bool {
    path == "/login" || path == "/logout" || path.starts_with("/pkg/") || path == "/favicon.svg"
}

/// Middleware of team mode: finds the caller (an API token, or a session's account) and puts
/// their [`Access`] in the request; without one, a page is sent to `/login` (303) and
/// anything else gets 401. Local mode passes every request as it is.
pub(crate) async fn authenticate(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    if !state.auth.is_team() || is_public(request.uri().path()) {
        return next.run(request).await;
    }
    let path = request.uri().path().to_string();
    let bearer = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim)
        .map(str::to_string);
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    let vouched = state
        .auth
        .1
        .as_ref()
        .and_then(|proxy| proxy.email(peer, request.headers()));
    let access = match (bearer, vouched) {
        (None, Some(email)) => match proxy_access(&state.store, &email).await {
            Ok(access) => Some(access),
            Err(err) => return err.into_response(),
        },
        (bearer, _) => match bearer {
            Some(token) => match token_access(&state.store, &token, &path).await {
                Ok(access) => Some(access),
                Err(refused) => return refused.into_response(),
            },
            None => match request.extensions().get::<Session>().cloned() {
                Some(session) => match session_access(&state.store, &session).await {
                    Ok(access) => access,
                    Err(err) => return err.into_response(),
                },
                None => None,
            },
        },
    };
    match access {
        Some(access) => {
            request.extensions_mut().insert(access);
            next.run(request).await
        }
        None if request.method() == Method::GET && !path.starts_with("/api/") => {
            Redirect::to("/login").into_response()
        }
        None => ApiError::Unauthorized(
            "sign in first: this workbench runs in team mode (POST /login with email and password, or send Authorization: Bearer TOKEN to /api/v1)".into(),
        )
        .into_response(),
    }
}

/// The access of the bearer of `token`, or why it is refused: tokens work on the JSON API
/// only, and a `check` token on `POST /api/v1/check` only. A use marks the token's "last
/// used" time (the store's [`Store::token_access`]), not a line of the audit log: a CI job
/// calling thousands of times would push every other line out of sight.
async fn token_access(store: &Store, token: &str, path: &str) -> Result<Access, ApiError> {
    if !path.starts_with(crate::api::PREFIX) {
        return Err(ApiError::Unauthorized(
            "API tokens work on the JSON API (/api/v1) only; sign in at /login for the pages"
                .into(),
        ));
    }
    let access = match store.token_access(&token_hash(token)).await? {
        Ok(access) => access,
        Err(TokenRefusal::Unknown) => {
            return Err(ApiError::Unauthorized("unknown API token".into()))
        }
        Err(TokenRefusal::Revoked) => {
            return Err(ApiError::Unauthorized("this API token was revoked".into()))
        }
        Err(TokenRefusal::Expired) => {
            return Err(ApiError::Unauthorized("this API token has expired".into()))
        }
    };
    let Principal::Token { scope, .. } = access.principal else {
        return Err(ApiError::Internal(
            "a token without a token principal".into(),
        ));
    };
    if scope == workbench_store::access::TokenScope::Check && path != "/api/v1/check" {
        return Err(ApiError::Forbidden(
            "this token's scope is check: it may only POST /api/v1/check".into(),
        ));
    }
    Ok(access)
}

/// The access of the account `email` that a trusted proxy vouches for, made on its first
/// request (with a password hash nothing matches; the organisation's audit log says so), once
/// the database has its administrator.
async fn proxy_access(store: &Store, email: &str) -> Result<Access, ApiError> {
    let account = match store.account_by_email(email).await? {
        Some(account) => account,
        None => {
            // The first account, the administrator, is made from a shell or with the setup
            // code, never by whoever the proxy vouches for first.
            if store.account_count().await? == 0 {
                return Err(ApiError::Forbidden(
                    "this workbench has no administrator yet: make the first account with \
                     `workbench admin create-user EMAIL` on the server, or at /login with the \
                     setup code the server printed when it started"
                        .into(),
                ));
            }
            match store.create_account(email, "!proxy", false).await {
                Ok(_) | Err(workbench_store::StoreError::Taken(_)) => {}
                Err(err) => return Err(err.into()),
            }
            store
                .audit(None, email, "account-create", "by the trusted proxy")
                .await?;
            store
                .account_by_email(email)
                .await?
                .ok_or_else(|| ApiError::Internal(format!("the account of {email} vanished")))?
        }
    };
    if account.disabled {
        return Err(ApiError::Forbidden(format!(
            "the account {email} is disabled"
        )));
    }
    Ok(store.access_of(&account).await?)
}

/// The access of the account signed in to `session`, if any (a disabled account's session
/// is ended).
async fn session_access(store: &Store, session: &Session) -> Result<Option<Access>, ApiError> {
    let Ok(Some(id)) = session.get::<i64>(ACCOUNT_KEY).await else {
        return Ok(None);
    };
    match store.account(id).await? {
        Some(account) if !account.disabled => Ok(Some(store.access_of(&account).await?)),
        _ => {
            let _ = session.flush().await;
            Ok(None)
        }
    }
}

/// The store of a handler: scoped to the caller in team mode ([`authenticate`] put their
/// [`Access`] in the request), the whole store in local mode.
pub(crate) struct Scoped(pub Store);

impl FromRequestParts<AppState> for Scoped {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Scoped, Self::Rejection> {
        Ok(Scoped(match parts.extensions.get::<Access>() {
            Some(access) => state.store.scoped(access.clone()),
            None => state.store.clone(),
        }))
    }
}

/// The caller of a team-mode route; a 404 in local mode, which has no accounts.
pub(crate) struct Caller(pub Access);

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &AppState) -> Result<Caller, ApiError> {
        parts
            .extensions
            .get::<Access>()
            .cloned()
            .map(Caller)
            .ok_or_else(|| {
                ApiError::NotFound(format!(
                    "local mode has no accounts or teams; start the server with {MODE_VAR}=team"
                ))
            })
    }
}
