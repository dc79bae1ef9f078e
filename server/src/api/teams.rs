//! Team mode's JSON routes: who am I, teams, members and roles, API tokens,
//! the audit log, accounts. Every one answers 404 in local mode ([`Caller`]).
//!
//! | route | who | does |
//! |---|---|---|
//! | `GET /api/v1/me` | anyone signed in | the caller: account or token, and roles |
//! | `GET /api/v1/teams` | accounts | the teams (an administrator: all) |
//! | `POST /api/v1/teams` | administrators | `{"name"}` → `201 {"id", "name"}` |
//! | `GET /api/v1/teams/{team}/members` | members | the members and roles |
//! | `PUT /api/v1/teams/{team}/members` | owners, administrators | `{"email", "role"}` (`role: null` removes) |
//! | `GET /api/v1/teams/{team}/tokens` | owners | the tokens, with when each was last used |
//! | `POST /api/v1/teams/{team}/tokens` | owners | `{"name", "scope", "expires_in_days"}` → `201 {"id", "token"}`, the token shown once |
//! | `DELETE /api/v1/teams/{team}/tokens/{id}` | owners | revokes it |
//! | `GET /api/v1/teams/{team}/audit` | owners | the team's audit log, newest first, 500 lines a page (`?before=ID`) |
//! | `GET /api/v1/audit` | administrators | the organisation's audit log (lines of no team), paged the same way |
//! | `POST /api/v1/accounts` | administrators | `{"email", "password", "admin"}` → `201 {"id"}` |
//! | `POST /api/v1/accounts/{id}/disabled` | administrators | `{"disabled": true}`: cannot sign in |
//! | `PUT /api/v1/sheets/{id}/shared` | the sheet's owners | `{"shared": true}`: every account may read it |

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{header, HeaderName, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::{IntoParams, ToSchema};
use workbench_store::access::{Access, Principal, Role};
use workbench_store::teams::{self, account_of, admin, in_team};
use workbench_store::Store;

use super::extract::{ApiQuery, IdPath};
use crate::auth::{Caller, Scoped};
use crate::error::{ApiError, ErrorBody};
use crate::security::NO_STORE;
use crate::state::AppState;

/// The refusals most team routes document: no caller, a role too low, and what the caller
/// cannot see (local mode has no teams). A list of responses for `#[utoipa::path]`, never
/// built: the refusals themselves are [`ApiError`]s.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
enum Refusals {
    #[response(status = 401, description = "No session or token")]
    NoCaller(ErrorBody),
    #[response(status = 403, description = "The caller's role does not allow this")]
    Role(ErrorBody),
    #[response(
        status = 404,
        description = "Local mode, or a team, token, account or sheet the caller cannot see"
    )]
    Unseen(ErrorBody),
}

/// The caller of a team route and the whole store, for the operations of
/// [`workbench_store::teams`], which check the caller's rights themselves; a 404 in local mode,
/// as [`Caller`] gives it.
pub(crate) struct TeamCaller {
    /// The store, not scoped to the caller.
    store: Store,
    /// Who calls, with their roles.
    access: Access,
}

impl FromRequestParts<AppState> for TeamCaller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<TeamCaller, ApiError> {
        let Caller(access) = Caller::from_request_parts(parts, state).await?;
        Ok(TeamCaller {
            store: state.store.clone(),
            access,
        })
    }
}

/// Refuses a caller who is not an owner of `team` through an account (a token, however
/// scoped, is not; an administrator's account owns every team).
fn team_owner(access: &Access, team: i64) -> Result<(), ApiError> {
    account_of(access)?;
    in_team(access, team, Role::Owner)?;
    Ok(())
}

/// The path parameter of a team's routes (`/teams/{team}/…`) as the OpenAPI document names
/// it, for `#[utoipa::path(params(TeamPath))]`; never built.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
struct TeamPath {
    /// The team's id
    team: i64,
}

#[utoipa::path(
    get,
    path = "/me",
    operation_id = "get_me",
    tag = "teams",
    responses(
        (status = 200, description = "The caller: the account (id, e-mail address, administrator) or the token (id, team, scope), with its roles", body = Object),
        Refusals,
    ),
)]
pub(crate) async fn me(Caller(access): Caller) -> Json<Value> {
    let roles: Vec<Value> = access
        .roles
        .iter()
        .map(|(team, role)| json!({"team": team, "role": role}))
        .collect();
    Json(match &access.principal {
        Principal::Account { id, email, admin } => {
            json!({"account": id, "email": email, "admin": admin, "roles": roles})
        }
        Principal::Token { id, team, scope } => {
            json!({"token": id, "team": team, "scope": scope, "roles": roles})
        }
    })
}

#[utoipa::path(
    get,
    path = "/teams",
    operation_id = "list_teams",
    tag = "teams",
    responses(
        (status = 200, description = "The teams the caller is in (an administrator: every team), each with the caller's role", body = Object),
        Refusals,
    ),
)]
pub(crate) async fn teams(
    TeamCaller { store, access }: TeamCaller,
) -> Result<Json<Value>, ApiError> {
    account_of(&access)?;
    let all = store.teams().await?;
    let visible: Vec<Value> = all
        .into_iter()
        .filter(|team| access.is_admin() || access.role_in(team.id).is_some())
        .map(|team| json!({"id": team.id, "name": team.name, "role": access.role_in(team.id)}))
        .collect();
    Ok(Json(Value::Array(visible)))
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct NewTeam {
    name: String,
}

#[utoipa::path(
    post,
    path = "/teams",
    operation_id = "create_team",
    tag = "teams",
    request_body = NewTeam,
    responses(
        (status = 201, description = "Made: the team's id and name", body = Object),
        Refusals,
    ),
)]
pub(crate) async fn create_team(
    TeamCaller { store, access }: TeamCaller,
    Json(body): Json<NewTeam>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let (id, name) = teams::make_team(&store, &access, &body.name).await?;
    Ok((StatusCode::CREATED, Json(json!({"id": id, "name": name}))))
}

#[utoipa::path(
    get,
    path = "/teams/{team}/members",
    operation_id = "list_members",
    tag = "teams",
    params(TeamPath),
    responses(
        (status = 200, description = "The members of the team and their roles", body = Object),
        Refusals,
    ),
)]
pub(crate) async fn members(
    TeamCaller { store, access }: TeamCaller,
    Path(team): Path<i64>,
) -> Result<Json<Value>, ApiError> {
    in_team(&access, team, Role::Viewer)?;
    Ok(Json(json!(store.members(team).await?)))
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct SetMember {
    email: String,
    role: Option<String>,
}

#[utoipa::path(
    put,
    path = "/teams/{team}/members",
    operation_id = "set_member",
    tag = "teams",
    params(TeamPath),
    request_body = SetMember,
    responses(
        (status = 200, description = "The members after the change", body = Object),
        Refusals,
    ),
)]
pub(crate) async fn set_member(
    TeamCaller { store, access }: TeamCaller,
    Path(team): Path<i64>,
    Json(body): Json<SetMember>,
) -> Result<Json<Value>, ApiError> {
    teams::change_member(&store, &access, team, &body.email, body.role.as_deref()).await?;
    Ok(Json(json!(store.members(team).await?)))
}

#[utoipa::path(
    get,
    path = "/teams/{team}/tokens",
    operation_id = "list_tokens",
    tag = "teams",
    params(TeamPath),
    responses(
        (status = 200, description = "The team's tokens (never the tokens themselves), with when each was last used", body = Object),
        Refusals,
    ),
)]
pub(crate) async fn tokens(
    TeamCaller { store, access }: TeamCaller,
    Path(team): Path<i64>,
) -> Result<Json<Value>, ApiError> {
    team_owner(&access, team)?;
    Ok(Json(json!(store.tokens(team).await?)))
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct NewToken {
    name: String,
    scope: String,
    expires_in_days: Option<u32>,
}

#[utoipa::path(
    post,
    path = "/teams/{team}/tokens",
    operation_id = "create_token",
    tag = "teams",
    params(TeamPath),
    request_body = NewToken,
    responses(
        (status = 201, description = "Made: its id, the token (shown this once), its scope and expiry; `Cache-Control: no-store`", body = Object),
        Refusals,
    ),
)]
pub(crate) async fn create_token(
    TeamCaller { store, access }: TeamCaller,
    Path(team): Path<i64>,
    Json(body): Json<NewToken>,
) -> Result<(StatusCode, [(HeaderName, &'static str); 1], Json<Value>), ApiError> {
    let new = teams::NewToken {
        name: &body.name,
        scope: &body.scope,
        expires_in_days: body.expires_in_days,
    };
    let made = teams::make_token(&store, &access, team, new, crate::auth::new_token()).await?;
    Ok((
        StatusCode::CREATED,
        NO_STORE,
        Json(
            json!({"id": made.id, "token": made.token, "scope": made.scope, "expires_at_ms": made.expires_at_ms}),
        ),
    ))
}

#[utoipa::path(
    delete,
    path = "/teams/{team}/tokens/{id}",
    operation_id = "revoke_token",
    tag = "teams",
    params(TeamPath, IdPath),
    responses(
        (status = 204, description = "Revoked"),
        Refusals,
    ),
)]
pub(crate) async fn revoke_token(
    TeamCaller { store, access }: TeamCaller,
    Path((team, id)): Path<(i64, i64)>,
) -> Result<StatusCode, ApiError> {
    teams::end_token(&store, &access, team, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// How many lines of an audit log one answer of the JSON API gives.
const AUDIT_PAGE_LINES: usize = 500;

/// Which page of an audit log.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct AuditPage {
    /// Only the lines older than this one (its `id`): the next page is the one before the
    /// last line of this one, as the `Link` header with `rel="next"` says.
    before: Option<i64>,
}

/// One page of the audit log of `team` (`None`: the organisation's own), at `path`, read
/// with `page`: the lines as JSON, newest first, and when there are older ones a `Link`
/// header to them (`<path?before=ID>; rel="next"`, as GitHub's API pages).
async fn audit_page(
    store: &Store,
    team: Option<i64>,
    path: &str,
    page: AuditPage,
) -> Result<Response, ApiError> {
    let limit = i64::try_from(AUDIT_PAGE_LINES + 1).unwrap_or(i64::MAX);
    let mut lines = store.audit_page(team, page.before, limit).await?;
    let older = lines.len() > AUDIT_PAGE_LINES;
    lines.truncate(AUDIT_PAGE_LINES);
    let mut response = Json(json!(lines)).into_response();
    if let (true, Some(last)) = (older, lines.last()) {
        let link = format!(
            "<{}{path}?before={}>; rel=\"next\"",
            super::mount::PREFIX,
            last.id
        );
        if let Ok(value) = link.parse() {
            response.headers_mut().insert(header::LINK, value);
        }
    }
    Ok(response)
}

#[utoipa::path(
    get,
    path = "/teams/{team}/audit",
    operation_id = "team_audit_log",
    tag = "teams",
    params(TeamPath, AuditPage),
    responses(
        (status = 200, description = "The team's audit log, newest first, 500 lines a page", body = Object,
            headers(("Link" = String, description = "When there are older lines: `</api/v1/teams/{team}/audit?before=ID>; rel=\"next\"`"))),
        (status = 400, description = "`before` is not an integer", body = ErrorBody),
        Refusals,
    ),
)]
pub(crate) async fn audit(
    TeamCaller { store, access }: TeamCaller,
    Path(team): Path<i64>,
    ApiQuery(page): ApiQuery<AuditPage>,
) -> Result<Response, ApiError> {
    team_owner(&access, team)?;
    audit_page(&store, Some(team), &format!("/teams/{team}/audit"), page).await
}

#[utoipa::path(
    get,
    path = "/audit",
    operation_id = "audit_log",
    tag = "teams",
    params(AuditPage),
    responses(
        (status = 200, description = "The organisation's audit log, the lines of no team (accounts made, disabled and enabled; sign-ins refused for an unknown address or too many attempts), newest first, 500 lines a page", body = Object,
            headers(("Link" = String, description = "When there are older lines: `</api/v1/audit?before=ID>; rel=\"next\"`"))),
        (status = 400, description = "`before` is not an integer", body = ErrorBody),
        (status = 401, description = "No session or token", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "Local mode", body = ErrorBody),
    ),
)]
pub(crate) async fn instance_audit(
    TeamCaller { store, access }: TeamCaller,
    ApiQuery(page): ApiQuery<AuditPage>,
) -> Result<Response, ApiError> {
    admin(&access)?;
    audit_page(&store, None, "/audit", page).await
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct NewAccount {
    email: String,
    password: String,
    #[serde(default)]
    admin: bool,
}

#[utoipa::path(
    post,
    path = "/accounts",
    operation_id = "create_account",
    tag = "teams",
    request_body = NewAccount,
    responses(
        (status = 201, description = "Made: the account's id", body = Object),
        Refusals,
    ),
)]
pub(crate) async fn create_account(
    TeamCaller { store, access }: TeamCaller,
    Json(body): Json<NewAccount>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let new = teams::NewAccount {
        email: body.email,
        password: body.password,
        admin: body.admin,
    };
    let id = teams::make_account(&store, &access, new, crate::auth::hash_password).await?;
    Ok((StatusCode::CREATED, Json(json!({"id": id}))))
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct NewInvite {
    email: String,
    /// The team the account joins (an owner invites into their own team).
    team: Option<i64>,
    /// Its role there: viewer, editor, reviewer or owner.
    role: Option<String>,
}

#[utoipa::path(
    post,
    path = "/invites",
    operation_id = "create_invite",
    tag = "teams",
    request_body = NewInvite,
    responses(
        (status = 201, description = "Made: the one-time link (`/login?invite=…`, 7 days) and its expiry; `Cache-Control: no-store`", body = Object),
        (status = 400, description = "Not an e-mail address, or an unknown role", body = ErrorBody),
        (status = 401, description = "No session or token", body = ErrorBody),
        (status = 403, description = "Not an administrator, nor an owner of the team", body = ErrorBody),
        (status = 404, description = "Local mode, or a team the caller cannot see", body = ErrorBody),
    ),
)]
pub(crate) async fn create_invite(
    TeamCaller { store, access }: TeamCaller,
    Json(body): Json<NewInvite>,
) -> Result<(StatusCode, [(HeaderName, &'static str); 1], Json<Value>), ApiError> {
    let (link, expires) = make_invite(
        &store,
        &access,
        &body.email,
        body.team,
        body.role.as_deref(),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        NO_STORE,
        Json(json!({"link": link, "expires_at_ms": expires})),
    ))
}

/// Makes a one-time invitation ([`teams::make_invite`]) and its link, `/login?invite=…`;
/// the link and when it expires (ms since the Unix epoch).
pub(crate) async fn make_invite(
    store: &Store,
    access: &Access,
    email: &str,
    team: Option<i64>,
    role: Option<&str>,
) -> Result<(String, i64), ApiError> {
    let minted = crate::auth::new_token();
    let new = teams::NewInvite { email, team, role };
    let expires = teams::make_invite(store, access, new, &minted.hash).await?;
    Ok((format!("/login?invite={}", minted.token), expires))
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct Disabled {
    disabled: bool,
}

#[utoipa::path(
    post,
    path = "/accounts/{id}/disabled",
    operation_id = "set_account_disabled",
    tag = "teams",
    params(IdPath),
    request_body = Disabled,
    responses(
        (status = 204, description = "Done"),
        Refusals,
    ),
)]
pub(crate) async fn disable_account(
    TeamCaller { store, access }: TeamCaller,
    Path(id): Path<i64>,
    Json(body): Json<Disabled>,
) -> Result<StatusCode, ApiError> {
    teams::disable(&store, &access, id, body.disabled).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct Shared {
    shared: bool,
}

#[utoipa::path(
    put,
    path = "/sheets/{id}/shared",
    operation_id = "set_sheet_shared",
    tag = "teams",
    params(IdPath),
    request_body = Shared,
    responses(
        (status = 204, description = "Done"),
        Refusals,
    ),
)]
pub(crate) async fn share_sheet(
    Scoped(store): Scoped,
    Caller(_): Caller,
    Path(id): Path<i64>,
    Json(body): Json<Shared>,
) -> Result<StatusCode, ApiError> {
    store.set_shared(id, body.shared).await?;
    Ok(StatusCode::NO_CONTENT)
}
