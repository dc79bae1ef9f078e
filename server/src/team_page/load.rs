//! What the Teams page shows, read from the store for the signed-in account; the page itself
//! is [`app::pages::account::team`].

use app::pages::account::team::{
    log_name, team_page, Administration, AuditLog, Outcome, Owned, TeamPage, TeamSection,
    TokenLine, AUDIT_LINES,
};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use budget::Lang;
use serde::Deserialize;
use workbench_store::access::{Access, Role};

use crate::error::ApiError;
use crate::state::AppState;

/// Which audit log the page shows older lines of (`GET /team?log=1&before=120`): the others
/// show their newest.
#[derive(Default, Deserialize)]
pub(super) struct AuditAt {
    /// A team's id, or `instance` for the organisation's own lines; empty: none.
    #[serde(default)]
    log: String,
    /// The lines older than this one (its id).
    before: Option<i64>,
}

impl AuditAt {
    /// Where the page of the audit log `log` (a team's; `None`: the organisation's) starts.
    fn before(&self, log: Option<i64>) -> Option<i64> {
        self.before.filter(|_| self.log == log_name(log))
    }
}

/// The page for `access` in `lang`, with `outcome` above the teams and the audit logs from
/// where `at` says; its status is a refusal's, else `200`.
pub(super) async fn render(
    state: &AppState,
    access: &Access,
    lang: Lang,
    outcome: Outcome,
    status: StatusCode,
    at: &AuditAt,
) -> Response {
    match read(state, access, lang, outcome, at).await {
        Ok(page) => crate::auth::server_page(status, team_page(page)),
        Err(err) => err.into_response(),
    }
}

/// Everything the page shows to `access`.
async fn read(
    state: &AppState,
    access: &Access,
    lang: Lang,
    outcome: Outcome,
    at: &AuditAt,
) -> Result<TeamPage, ApiError> {
    // A token cannot manage teams: refused as the JSON routes refuse it.
    let (me, email) = workbench_store::teams::account_of(access)?;
    let (email, admin) = (email.to_string(), access.is_admin());
    let mut teams = Vec::new();
    for team in state.store.teams().await? {
        let role = access.role_in(team.id);
        if !admin && role.is_none() {
            continue;
        }
        let owned = if admin || role == Some(Role::Owner) {
            Some(Owned {
                sheets: state.store.team_sheets(team.id).await?,
                tokens: tokens(state, team.id).await?,
                audit: audit(state, Some(team.id), at.before(Some(team.id))).await?,
            })
        } else {
            None
        };
        teams.push(TeamSection {
            id: team.id,
            name: team.name,
            role,
            members: state.store.members(team.id).await?,
            owned,
        });
    }
    let administration = if admin {
        Some(Administration {
            me,
            accounts: state.store.accounts().await?,
            audit: audit(state, None, at.before(None)).await?,
        })
    } else {
        None
    };
    Ok(TeamPage {
        lang,
        email,
        admin,
        outcome,
        teams,
        administration,
    })
}

/// The tokens of `team`, newest first, each with whether it is past its expiry now.
async fn tokens(state: &AppState, team: i64) -> Result<Vec<TokenLine>, ApiError> {
    let now = workbench_store::now_ms();
    Ok(state
        .store
        .tokens(team)
        .await?
        .into_iter()
        .map(|token| TokenLine {
            expired: token.expires_at_ms.is_some_and(|at| at <= now),
            token,
        })
        .collect())
}

/// [`AUDIT_LINES`] lines of an audit log, newest first: team `log`'s, or with `None` the
/// organisation's own; older than line `before` when given; and whether there are older.
async fn audit(
    state: &AppState,
    log: Option<i64>,
    before: Option<i64>,
) -> Result<AuditLog, ApiError> {
    let limit = i64::try_from(AUDIT_LINES + 1).unwrap_or(i64::MAX);
    let mut lines = state.store.audit_page(log, before, limit).await?;
    let older = lines.len() > AUDIT_LINES;
    lines.truncate(AUDIT_LINES);
    Ok(AuditLog { log, lines, older })
}
