//! The Teams page of team mode (`/team`): the teams an account is in, their members and
//! roles, and, for a team's owners, invitations, API tokens and the audit log; for
//! administrators, new teams and the accounts (disable, enable). Rendered on the server
//! ([`app::pages::account::team`]) with plain forms, like the sign-in page: it works without
//! JavaScript, in English and Japanese.
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
use app::pages::account::team::{when, Outcome};
use axum::extract::{FromRequest, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use budget::Lang;
use serde::Deserialize;
use workbench_store::access::{Access, Principal};
use workbench_store::teams;

use crate::api::teams as ops;
use crate::error::ApiError;
use crate::state::AppState;

mod load;

pub use app::pages::account::team::{AUDIT_LINES, FORMS, PATH};
use load::{render, AuditAt};

/// The routes of the page and its forms (team mode's authentication applies to them).
pub(crate) fn routes() -> axum::Router<AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route(PATH, get(page))
        .route(FORMS[0], post(form::<MemberForm>))
        .route(FORMS[1], post(form::<InviteForm>))
        .route(FORMS[2], post(form::<TokenForm>))
        .route(FORMS[3], post(form::<RevokeForm>))
        .route(FORMS[4], post(form::<TeamForm>))
        .route(FORMS[5], post(form::<DisabledForm>))
        .route(FORMS[6], post(form::<SharedForm>))
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
        Ok(axum::extract::Query(at)) => {
            render(&state, &access, lang, Outcome::None, StatusCode::OK, &at).await
        }
        Err(rejection) => {
            let outcome = Outcome::Refused(rejection.body_text());
            let at = AuditAt::default();
            render(&state, &access, lang, outcome, rejection.status(), &at).await
        }
    }
}

/// Who sends a form, and from where.
struct Sender {
    state: AppState,
    access: Access,
    lang: Lang,
    /// `https://host` of the request, for a link to send to someone.
    origin: String,
}

impl Sender {
    /// The answer of a form that did what it asked: the page saying so.
    fn done(&self) -> Result<Outcome, ApiError> {
        Ok(Outcome::Done(t(self.lang, "team-done")))
    }
}

/// An optional number typed in a form's `field`: empty is `None`; any other text must read as
/// a `T`, else a 400 with the message `refusal` gives for it.
fn optional_number<T: std::str::FromStr>(
    field: &str,
    refusal: impl FnOnce(&str) -> String,
) -> Result<Option<T>, ApiError> {
    match field.trim() {
        "" => Ok(None),
        text => text
            .parse::<T>()
            .map(Some)
            .map_err(|_| ApiError::bad_request(refusal(text))),
    }
}

/// One of the page's forms: its fields, and what it does as the sender.
trait PageForm: serde::de::DeserializeOwned + Send + 'static {
    /// Whether its answer shows a secret this once (a token, an invitation's link), so that
    /// no cache may keep it ([`crate::security::NO_STORE`]).
    const SECRET: bool = false;

    /// Does what the form asks as `by` (with the same checks and audit lines as the JSON
    /// routes), and says what was done.
    fn act(
        self,
        by: &Sender,
    ) -> impl std::future::Future<Output = Result<Outcome, ApiError>> + Send;
}

/// `POST` of a form `F`: reads it, runs it as the caller, and answers the page with its
/// outcome (a refusal's status, or `200`).
async fn form<F: PageForm>(State(state): State<AppState>, request: Request) -> Response {
    let lang = app::i18n::request_lang(request.headers());
    let Some(access) = caller(&request) else {
        return ApiError::NotFound(format!(
            "local mode has no accounts or teams; start the server with {}=team",
            crate::auth::MODE_VAR
        ))
        .into_response();
    };
    let by = Sender {
        origin: site_origin(&request),
        state,
        access,
        lang,
    };
    let (outcome, status) = match Form::<F>::from_request(request, &by.state).await {
        Err(rejection) => (Outcome::Refused(rejection.body_text()), rejection.status()),
        Ok(Form(fields)) => match fields.act(&by).await {
            Ok(done) => (done, StatusCode::OK),
            Err(err) => (Outcome::Refused(refusal_text(&err)), err.status()),
        },
    };
    // The caller's roles may have changed (an owner who removed themselves).
    let access = refreshed(&by.state, by.access).await;
    let page = render(
        &by.state,
        &access,
        lang,
        outcome,
        status,
        &AuditAt::default(),
    )
    .await;
    if F::SECRET {
        (crate::security::NO_STORE, page).into_response()
    } else {
        page
    }
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

/// An account's role in a team: set, or with an empty role removed.
#[derive(Deserialize)]
struct MemberForm {
    team: i64,
    email: String,
    /// A role's name; empty removes the account from the team.
    role: String,
}

impl PageForm for MemberForm {
    async fn act(self, by: &Sender) -> Result<Outcome, ApiError> {
        let role = Some(self.role.trim()).filter(|r| !r.is_empty());
        teams::change_member(&by.state.store, &by.access, self.team, &self.email, role).await?;
        by.done()
    }
}

/// An invitation: into a team with a role, or an administrator's into no team.
#[derive(Deserialize)]
struct InviteForm {
    /// Empty: an administrator's invitation to no team.
    #[serde(default)]
    team: String,
    email: String,
    #[serde(default)]
    role: String,
}

impl PageForm for InviteForm {
    const SECRET: bool = true;

    async fn act(self, by: &Sender) -> Result<Outcome, ApiError> {
        let team =
            optional_number::<i64>(&self.team, |text| format!("team {text:?} is not an id"))?;
        let role = Some(self.role.trim()).filter(|r| !r.is_empty());
        let (link, expires) =
            ops::make_invite(&by.state.store, &by.access, &self.email, team, role).await?;
        let text = t_args(
            by.lang,
            "team-invite-made",
            [
                ("email", self.email.trim().to_lowercase().into()),
                ("expires", when(expires).into()),
            ],
        );
        let secret = format!("{}{link}", by.origin);
        Ok(Outcome::Secret {
            text,
            testid: "invite-link",
            secret,
        })
    }
}

/// A new API token of a team.
#[derive(Deserialize)]
struct TokenForm {
    team: i64,
    name: String,
    scope: String,
    /// Days until it expires; empty: never.
    #[serde(default)]
    days: String,
}

impl PageForm for TokenForm {
    const SECRET: bool = true;

    async fn act(self, by: &Sender) -> Result<Outcome, ApiError> {
        let days = optional_number::<u32>(&self.days, |text| {
            format!("{text:?} is not a number of days (empty: the token never expires)")
        })?;
        let new = teams::NewToken {
            name: &self.name,
            scope: &self.scope,
            expires_in_days: days,
        };
        let minted = crate::auth::new_token();
        let made = teams::make_token(&by.state.store, &by.access, self.team, new, minted).await?;
        let text = t_args(
            by.lang,
            "team-token-made",
            [
                ("name", self.name.trim().to_string().into()),
                ("scope", made.scope.name().into()),
            ],
        );
        Ok(Outcome::Secret {
            text,
            testid: "new-token",
            secret: made.token,
        })
    }
}

/// A token revoked.
#[derive(Deserialize)]
struct RevokeForm {
    team: i64,
    id: i64,
}

impl PageForm for RevokeForm {
    async fn act(self, by: &Sender) -> Result<Outcome, ApiError> {
        teams::end_token(&by.state.store, &by.access, self.team, self.id).await?;
        by.done()
    }
}

/// A new team (administrators).
#[derive(Deserialize)]
struct TeamForm {
    name: String,
}

impl PageForm for TeamForm {
    async fn act(self, by: &Sender) -> Result<Outcome, ApiError> {
        teams::make_team(&by.state.store, &by.access, &self.name).await?;
        by.done()
    }
}

/// An account disabled or enabled (administrators).
#[derive(Deserialize)]
struct DisabledForm {
    id: i64,
    /// `true` disables, `false` enables.
    disabled: bool,
}

impl PageForm for DisabledForm {
    async fn act(self, by: &Sender) -> Result<Outcome, ApiError> {
        teams::disable(&by.state.store, &by.access, self.id, self.disabled).await?;
        by.done()
    }
}

/// A sheet shared read-only with every account, or no longer.
#[derive(Deserialize)]
struct SharedForm {
    /// The sheet.
    id: i64,
    /// `true` shares it read-only with every account, `false` stops.
    shared: bool,
}

impl PageForm for SharedForm {
    async fn act(self, by: &Sender) -> Result<Outcome, ApiError> {
        // The store checks that the caller owns the sheet's team (404 outside it).
        let scoped = by.state.store.scoped(by.access.clone());
        scoped.set_shared(self.id, self.shared).await?;
        by.done()
    }
}
