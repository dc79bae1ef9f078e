//! The Teams page of team mode (`/team`): the teams an account is in, their members and
//! roles, and, for a team's owners, invitations, API tokens and the audit log; for
//! administrators, new teams and the accounts (disable, enable). The server's HTML with plain
//! forms, like the sign-in page: it works without JavaScript, in English and Japanese.
//!
//! Owners also share a team's sheet read-only with every account of the organisation.
//! Each audit log shows its newest [`AUDIT_LINES`] lines and a link to the older ones
//! (`/team?log=TEAM&before=ID`, `log=instance` for the organisation's own lines, which
//! administrators see).
//!
//! Each form posts to one of [`FORMS`] and is answered with the page again: `200` with what
//! was done (a new token or invitation link is shown this once, in an answer no cache keeps:
//! [`crate::security::NO_STORE`]), or the refusal's status with its reason. The forms do what
//! the JSON routes of [`crate::api`] do (`teams` module), with the same checks of role and the
//! same audit log lines. Local mode has no page: `/team` goes to `/`, and the forms answer 404.

use app::i18n::{t, t_args};
use app::ssr::access::{Access, Principal};
use axum::extract::{FromRequest, Request, State};
use axum::http::header;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use budget::Lang;
use serde::Deserialize;

use crate::api::teams as ops;
use crate::auth::escape;
use crate::error::ApiError;
use crate::state::AppState;

mod html;

use html::{render, when, AuditAt, Outcome};
pub use html::{AUDIT_LINES, FORMS, PATH};

/// The routes of the page and its forms (team mode's authentication applies to them).
pub(crate) fn routes() -> axum::Router<AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route(PATH, get(page))
        .route(FORMS[0], post(set_member))
        .route(FORMS[1], post(invite))
        .route(FORMS[2], post(make_token))
        .route(FORMS[3], post(revoke_token))
        .route(FORMS[4], post(make_team))
        .route(FORMS[5], post(set_disabled))
        .route(FORMS[6], post(set_shared))
}

/// The caller of a page request in team mode (the authentication put it there); `None` in
/// local mode.
fn caller(request: &Request) -> Option<Access> {
    request.extensions().get::<Access>().cloned()
}

/// `GET /team`, with `?log=…&before=…` for older lines of one audit log.
async fn page(State(state): State<AppState>, request: Request) -> Response {
    let lang = app::i18n::request_lang(request.headers());
    let Some(access) = caller(&request) else {
        return Redirect::to("/").into_response();
    };
    match axum::extract::Query::<AuditAt>::try_from_uri(request.uri()) {
        Ok(axum::extract::Query(at)) => render(&state, &access, lang, Outcome::None, &at).await,
        Err(rejection) => {
            let outcome = Outcome::Refused(rejection.status(), rejection.body_text());
            render(&state, &access, lang, outcome, &AuditAt::default()).await
        }
    }
}

/// Reads the form of `request` as `F`, runs `act` as the caller, and answers the page with
/// its outcome.
async fn form<F, A, Fut>(state: AppState, request: Request, act: A) -> Response
where
    F: serde::de::DeserializeOwned,
    A: FnOnce(AppState, Access, Lang, F) -> Fut,
    Fut: std::future::Future<Output = Result<String, ApiError>>,
{
    let lang = app::i18n::request_lang(request.headers());
    let Some(access) = caller(&request) else {
        return ApiError::NotFound(format!(
            "local mode has no accounts or teams; start the server with {}=team",
            crate::auth::MODE_VAR
        ))
        .into_response();
    };
    let outcome = match Form::<F>::from_request(request, &state).await {
        Err(rejection) => Outcome::Refused(rejection.status(), rejection.body_text()),
        Ok(Form(fields)) => match act(state.clone(), access.clone(), lang, fields).await {
            Ok(done) => Outcome::Done(done),
            Err(err) => Outcome::Refused(err.status(), refusal_text(&err)),
        },
    };
    // The caller's roles may have changed (an owner who removed themselves).
    let access = refreshed(&state, access).await;
    render(&state, &access, lang, outcome, &AuditAt::default()).await
}

/// The message of a refusal, without the internal details of a server failure (those go to
/// the server's log, as for the JSON API).
fn refusal_text(err: &ApiError) -> String {
    match err {
        ApiError::Internal(detail) => {
            eprintln!("workbench: internal error: {detail}");
            "internal error".into()
        }
        other => other.to_string(),
    }
}

/// The caller's access read again from the store (roles change through the page itself).
async fn refreshed(state: &AppState, access: Access) -> Access {
    let Principal::Account { id, .. } = access.principal else {
        return access;
    };
    match state.store.account(id).await {
        Ok(Some(account)) => state.store.access_of(&account).await.unwrap_or(access),
        _ => access,
    }
}

#[derive(Deserialize)]
struct MemberForm {
    team: i64,
    email: String,
    /// A role's name; empty removes the account from the team.
    role: String,
}

async fn set_member(State(state): State<AppState>, request: Request) -> Response {
    form(
        state,
        request,
        |state, access, lang, f: MemberForm| async move {
            let role = Some(f.role.trim()).filter(|r| !r.is_empty());
            ops::change_member(&state, &access, f.team, &f.email, role).await?;
            Ok(escape(&t(lang, "team-done")))
        },
    )
    .await
}

#[derive(Deserialize)]
struct InviteForm {
    /// Empty: an administrator's invitation to no team.
    #[serde(default)]
    team: String,
    email: String,
    #[serde(default)]
    role: String,
}

async fn invite(State(state): State<AppState>, request: Request) -> Response {
    let origin = site_origin(&request);
    let page = form(
        state,
        request,
        |state, access, lang, f: InviteForm| async move {
            let team =
                match f.team.trim() {
                    "" => None,
                    text => Some(text.parse::<i64>().map_err(|_| {
                        ApiError::bad_request(format!("team {text:?} is not an id"))
                    })?),
                };
            let role = Some(f.role.trim()).filter(|r| !r.is_empty());
            let (link, expires) = ops::make_invite(&state, &access, &f.email, team, role).await?;
            let link = format!("{origin}{link}");
            Ok(format!(
                "{}<br><code class=\"secret\" data-testid=\"invite-link\">{}</code>",
                escape(&t_args(
                    lang,
                    "team-invite-made",
                    [
                        ("email", f.email.trim().to_lowercase().into()),
                        ("expires", when(expires).into())
                    ]
                )),
                escape(&link)
            ))
        },
    )
    .await;
    (crate::security::NO_STORE, page).into_response()
}

/// `https://host` of the request, for a link to send to someone: the scheme a trusted proxy
/// gave ([`crate::forwarded`]), else `http`.
fn site_origin(request: &Request) -> String {
    let scheme = request
        .extensions()
        .get::<crate::forwarded::Client>()
        .and_then(|client| client.scheme)
        .map_or("http", crate::forwarded::Scheme::as_str);
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|host| host.to_str().ok())
        .unwrap_or("127.0.0.1:3000");
    format!("{scheme}://{host}")
}

#[derive(Deserialize)]
struct TokenForm {
    team: i64,
    name: String,
    scope: String,
    /// Days until it expires; empty: never.
    #[serde(default)]
    days: String,
}

async fn make_token(State(state): State<AppState>, request: Request) -> Response {
    let page = form(
        state,
        request,
        |state, access, lang, f: TokenForm| async move {
            let days = match f.days.trim() {
                "" => None,
                text => Some(text.parse::<u32>().map_err(|_| {
                    ApiError::bad_request(format!(
                        "{text:?} is not a number of days (empty: the token never expires)"
                    ))
                })?),
            };
            let made = ops::make_token(&state, &access, f.team, &f.name, &f.scope, days).await?;
            Ok(format!(
                "{}<br><code class=\"secret\" data-testid=\"new-token\">{}</code>",
                escape(&t_args(
                    lang,
                    "team-token-made",
                    [
                        ("name", f.name.trim().to_string().into()),
                        ("scope", made.scope.name().into())
                    ]
                )),
                escape(&made.token)
            ))
        },
    )
    .await;
    (crate::security::NO_STORE, page).into_response()
}

#[derive(Deserialize)]
struct RevokeForm {
    team: i64,
    id: i64,
}

async fn revoke_token(State(state): State<AppState>, request: Request) -> Response {
    form(
        state,
        request,
        |state, access, lang, f: RevokeForm| async move {
            ops::end_token(&state, &access, f.team, f.id).await?;
            Ok(escape(&t(lang, "team-done")))
        },
    )
    .await
}

#[derive(Deserialize)]
struct TeamForm {
    name: String,
}

async fn make_team(State(state): State<AppState>, request: Request) -> Response {
    form(
        state,
        request,
        |state, access, lang, f: TeamForm| async move {
            ops::make_team(&state, &access, &f.name).await?;
            Ok(escape(&t(lang, "team-done")))
        },
    )
    .await
}

#[derive(Deserialize)]
struct DisabledForm {
    id: i64,
    /// `true` disables, `false` enables.
    disabled: bool,
}

async fn set_disabled(State(state): State<AppState>, request: Request) -> Response {
    form(
        state,
        request,
        |state, access, lang, f: DisabledForm| async move {
            ops::disable(&state, &access, f.id, f.disabled).await?;
            Ok(escape(&t(lang, "team-done")))
        },
    )
    .await
}

#[derive(Deserialize)]
struct SharedForm {
    /// The sheet.
    id: i64,
    /// `true` shares it read-only with every account, `false` stops.
    shared: bool,
}

async fn set_shared(State(state): State<AppState>, request: Request) -> Response {
    form(
        state,
        request,
        |state, access, lang, f: SharedForm| async move {
            // The store checks that the caller owns the sheet's team (404 outside it).
            state
                .store
                .scoped(access)
                .set_shared(f.id, f.shared)
                .await?;
            Ok(escape(&t(lang, "team-done")))
        },
    )
    .await
}
