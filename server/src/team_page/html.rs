//! The Teams page's HTML: the teams, members, invitations, tokens, audit logs and the
//! administrator's part, each a section of `<main>`, and the forms' addresses.

use app::i18n::{t, t_args};
use app::ssr::access::{Access, Principal, Role, TokenScope};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use budget::Lang;
use serde::Deserialize;

use crate::auth::escape;
use crate::error::ApiError;
use crate::state::AppState;

/// The page's address.
pub const PATH: &str = "/team";

/// The addresses the page's forms post to (`application/x-www-form-urlencoded`):
/// members, invitations, new tokens, revocations, new teams, disabled accounts, shared sheets.
pub const FORMS: [&str; 7] = [
    "/team/members",
    "/team/invites",
    "/team/tokens",
    "/team/tokens/revoke",
    "/team/teams",
    "/team/accounts/disabled",
    "/team/sheets/shared",
];

/// How many lines of each audit log the page shows at once (the JSON route gives 500).
pub const AUDIT_LINES: usize = 50;

/// What the page says above the teams after a form: done (with what to copy, if anything),
/// or refused.
pub(super) enum Outcome {
    None,
    Done(String),
    Refused(StatusCode, String),
}

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

/// The name of an audit log in the page's links and test ids: the team's id, or `instance`.
pub(super) fn log_name(log: Option<i64>) -> String {
    log.map_or_else(|| "instance".to_string(), |team| team.to_string())
}

/// The page for `access` in `lang`, with `outcome` above the teams and the audit logs from
/// where `at` says.
pub(super) async fn render(
    state: &AppState,
    access: &Access,
    lang: Lang,
    outcome: Outcome,
    at: &AuditAt,
) -> Response {
    match body(state, access, lang, &outcome, at).await {
        Ok(html) => {
            let status = match outcome {
                Outcome::Refused(status, _) => status,
                _ => StatusCode::OK,
            };
            document(status, lang, &html)
        }
        Err(err) => err.into_response(),
    }
}

/// The page's `<main>`.
async fn body(
    state: &AppState,
    access: &Access,
    lang: Lang,
    outcome: &Outcome,
    at: &AuditAt,
) -> Result<String, ApiError> {
    let mut html = String::new();
    let (me, email, admin) = match &access.principal {
        Principal::Account { id, email, admin } => (*id, email.clone(), *admin),
        Principal::Token { .. } => {
            return Err(ApiError::Forbidden(
                "API tokens cannot manage teams, tokens or accounts; sign in as an owner".into(),
            ))
        }
    };
    // The app header's links in plain forms: back, the page's language, signing out.
    let language = [(Lang::En, "lang-en"), (Lang::Ja, "lang-ja")]
        .into_iter()
        .map(|(choice, key)| {
            format!(
                "<button type=\"submit\" name=\"lang\" value=\"{}\" aria-pressed=\"{}\">{}</button>",
                choice.code(),
                choice == lang,
                escape(&t(lang, key))
            )
        })
        .collect::<String>();
    html += &format!(
        "<nav class=\"team-nav\"><a href=\"/\">{back}</a>\
<form method=\"post\" action=\"{ui_lang}\" class=\"inline\" aria-label=\"{label}\">\
<input type=\"hidden\" name=\"back\" value=\"{PATH}\">{language}</form>\
<form method=\"post\" action=\"/logout\" class=\"inline\"><button type=\"submit\">{sign_out}</button></form></nav>",
        back = escape(&t(lang, "team-back")),
        ui_lang = app::shell::UI_LANG_PATH,
        label = escape(&t(lang, "ui-lang-label")),
        sign_out = escape(&t(lang, "sign-out")),
    );
    html += &format!(
        "<h1>{}</h1><p data-testid=\"team-signed-in\">{}</p>",
        escape(&t(lang, "team-title")),
        escape(&t_args(
            lang,
            if admin {
                "team-signed-in-admin"
            } else {
                "team-signed-in"
            },
            [("email", email.clone().into())]
        )),
    );
    match outcome {
        Outcome::None => {}
        Outcome::Done(text) => {
            html += &format!(
                "<p class=\"team-done\" role=\"status\" data-testid=\"team-outcome\">{text}</p>"
            );
        }
        Outcome::Refused(_, reason) => {
            html += &format!(
                "<p class=\"login-error\" role=\"alert\" data-testid=\"team-outcome\">{}</p>",
                escape(&t_args(
                    lang,
                    "team-error",
                    [("reason", reason.clone().into())]
                ))
            );
        }
    }
    let teams: Vec<_> = state
        .store
        .teams()
        .await?
        .into_iter()
        .filter(|team| admin || access.role_in(team.id).is_some())
        .collect();
    if teams.is_empty() && !admin {
        html += &format!("<p>{}</p>", escape(&t(lang, "team-none")));
    }
    for team in &teams {
        let role = access.role_in(team.id);
        let owner = admin || role == Some(Role::Owner);
        html += &format!(
            "<section class=\"team\" data-testid=\"team-{id}\"><h2>{name}</h2>",
            id = team.id,
            name = escape(&team.name)
        );
        if let Some(role) = role {
            html += &format!(
                "<p class=\"muted\">{}</p>",
                escape(&t_args(
                    lang,
                    "team-your-role",
                    [("role", role_name(lang, role).into())]
                ))
            );
        }
        html += &members(state, lang, team.id, owner).await?;
        if owner {
            html += &sheets(state, lang, team.id).await?;
            html += &invite_form(lang, Some(team.id));
            html += &tokens(state, lang, team.id).await?;
            html += &audit(state, lang, Some(team.id), at.before(Some(team.id))).await?;
        }
        html += "</section>";
    }
    if admin {
        html += &administration(state, lang, me, at.before(None)).await?;
    }
    Ok(html)
}

/// The members table of `team`; with forms to change, remove and add when `owner`.
async fn members(state: &AppState, lang: Lang, team: i64, owner: bool) -> Result<String, ApiError> {
    let mut html = format!(
        "<h3>{}</h3><table class=\"team-table\" data-testid=\"members-{team}\"><thead><tr><th>{}</th><th>{}</th>{}</tr></thead><tbody>",
        escape(&t(lang, "team-members")),
        escape(&t(lang, "team-email")),
        escape(&t(lang, "team-role")),
        if owner { "<th></th>" } else { "" },
    );
    for member in state.store.members(team).await? {
        html += &format!("<tr><td>{}</td>", escape(&member.email));
        if owner {
            html += &format!(
                "<td><form method=\"post\" action=\"{action}\" class=\"inline\">{hidden}{select}<button type=\"submit\">{change}</button></form></td>\
<td><form method=\"post\" action=\"{action}\" class=\"inline\">{hidden}<input type=\"hidden\" name=\"role\" value=\"\"><button type=\"submit\">{remove}</button></form></td>",
                action = FORMS[0],
                hidden = format!(
                    "<input type=\"hidden\" name=\"team\" value=\"{team}\"><input type=\"hidden\" name=\"email\" value=\"{}\">",
                    escape(&member.email)
                ),
                select = role_select(lang, Some(member.role)),
                change = escape(&t(lang, "team-change")),
                remove = escape(&t(lang, "team-remove")),
            );
        } else {
            html += &format!("<td>{}</td>", escape(&role_name(lang, member.role)));
        }
        html += "</tr>";
    }
    html += "</tbody></table>";
    if owner {
        html += &format!(
            "<form method=\"post\" action=\"{action}\" class=\"team-form\" data-testid=\"add-member-{team}\"><h3>{title}</h3>\
<input type=\"hidden\" name=\"team\" value=\"{team}\">\
<label>{email} <input type=\"email\" name=\"email\" required></label> {select} <button type=\"submit\">{add}</button></form>",
            action = FORMS[0],
            title = escape(&t(lang, "team-add-member")),
            email = escape(&t(lang, "team-email")),
            select = role_select(lang, Some(Role::Viewer)),
            add = escape(&t(lang, "team-add")),
        );
    }
    Ok(html)
}

/// The sheets of `team`, each with a button that shares it read-only with every account of
/// the organisation, or stops.
async fn sheets(state: &AppState, lang: Lang, team: i64) -> Result<String, ApiError> {
    let sheets = state.store.team_sheets(team).await?;
    let mut html = format!(
        "<h3>{}</h3><p class=\"muted\">{}</p>",
        escape(&t(lang, "team-sheets")),
        escape(&t(lang, "team-sheets-lead"))
    );
    if sheets.is_empty() {
        return Ok(html
            + &format!(
                "<p class=\"muted\">{}</p>",
                escape(&t(lang, "team-sheets-empty"))
            ));
    }
    html += &format!("<table class=\"team-table\" data-testid=\"sheets-{team}\"><tbody>");
    for (id, name, shared) in sheets {
        html += &format!(
            "<tr><td><a href=\"/sheets/{id}\">{name}</a></td><td>{state}</td><td>\
<form method=\"post\" action=\"{action}\" class=\"inline\"><input type=\"hidden\" name=\"id\" value=\"{id}\">\
<input type=\"hidden\" name=\"shared\" value=\"{flip}\"><button type=\"submit\">{label}</button></form></td></tr>",
            name = escape(&name),
            state = escape(&t(lang, if shared { "team-sheet-shared" } else { "team-sheet-team-only" })),
            action = FORMS[6],
            flip = !shared,
            label = escape(&t(lang, if shared { "team-unshare" } else { "team-share" })),
        );
    }
    Ok(html + "</tbody></table>")
}

/// The invitation form: into `team`, or into no team (an administrator's).
fn invite_form(lang: Lang, team: Option<i64>) -> String {
    let (title, lead, hidden, select) = match team {
        Some(team) => (
            t(lang, "team-invite"),
            format!(
                "<p class=\"muted\">{}</p>",
                escape(&t(lang, "team-invite-lead"))
            ),
            format!("<input type=\"hidden\" name=\"team\" value=\"{team}\">"),
            role_select(lang, Some(Role::Viewer)),
        ),
        None => (
            t(lang, "team-invite-account"),
            String::new(),
            String::new(),
            String::new(),
        ),
    };
    format!(
        "<form method=\"post\" action=\"{action}\" class=\"team-form\" data-testid=\"invite-{id}\"><h3>{title}</h3>{lead}{hidden}\
<label>{email} <input type=\"email\" name=\"email\" required></label> {select} <button type=\"submit\">{submit}</button></form>",
        action = FORMS[1],
        id = team.map_or("none".to_string(), |t| t.to_string()),
        title = escape(&title),
        email = escape(&t(lang, "team-email")),
        submit = escape(&t(lang, "team-invite-submit")),
    )
}

/// The tokens of `team`, each with a revoke button while it works, and the form for a new one.
async fn tokens(state: &AppState, lang: Lang, team: i64) -> Result<String, ApiError> {
    let mut html = format!(
        "<h3>{}</h3><p class=\"muted\">{}</p><table class=\"team-table\" data-testid=\"tokens-{team}\"><thead><tr>",
        escape(&t(lang, "team-tokens")),
        escape(&t(lang, "team-tokens-lead")),
    );
    for key in [
        "team-token-name",
        "team-token-scope",
        "team-token-created",
        "team-token-expires",
        "team-token-used",
    ] {
        html += &format!("<th>{}</th>", escape(&t(lang, key)));
    }
    html += "<th></th></tr></thead><tbody>";
    let never = t(lang, "team-token-never");
    for token in state.store.tokens(team).await? {
        html += &format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>",
            escape(&token.name),
            token.scope.name(),
            when(token.created_at_ms),
            token.expires_at_ms.map_or(never.clone(), when),
            token.last_used_at_ms.map_or(never.clone(), when),
        );
        let expired = token.expires_at_ms.filter(|&at| at <= app::ssr::now_ms());
        match (token.revoked_at_ms, expired) {
            (Some(at), _) => {
                html += &escape(&t_args(
                    lang,
                    "team-token-revoked",
                    [("at", when(at).into())],
                ));
            }
            (None, Some(_)) => html += &escape(&t(lang, "team-token-expired")),
            (None, None) => {
                html += &format!(
                    "<form method=\"post\" action=\"{action}\" class=\"inline\"><input type=\"hidden\" name=\"team\" value=\"{team}\">\
<input type=\"hidden\" name=\"id\" value=\"{id}\"><button type=\"submit\">{revoke}</button></form>",
                    action = FORMS[3],
                    id = token.id,
                    revoke = escape(&t(lang, "team-token-revoke")),
                );
            }
        }
        html += "</td></tr>";
    }
    html += "</tbody></table>";
    let scopes: String = [TokenScope::Check, TokenScope::Read, TokenScope::Write]
        .iter()
        .map(|scope| format!("<option value=\"{0}\">{0}</option>", scope.name()))
        .collect();
    html += &format!(
        "<form method=\"post\" action=\"{action}\" class=\"team-form\" data-testid=\"new-token-{team}\">\
<input type=\"hidden\" name=\"team\" value=\"{team}\">\
<label>{name} <input type=\"text\" name=\"name\" maxlength=\"100\" required></label> \
<label>{scope} <select name=\"scope\">{scopes}</select></label> \
<label>{days} <input type=\"number\" name=\"days\" min=\"1\" max=\"3650\"></label> \
<button type=\"submit\">{submit}</button></form>",
        action = FORMS[2],
        name = escape(&t(lang, "team-token-name")),
        scope = escape(&t(lang, "team-token-scope")),
        days = escape(&t(lang, "team-token-days")),
        submit = escape(&t(lang, "team-token-submit")),
    );
    Ok(html)
}

/// [`AUDIT_LINES`] lines of an audit log, newest first: team `log`'s, or with `None` the
/// organisation's own; older than line `before` when given; and a link to the older lines
/// when there are.
async fn audit(
    state: &AppState,
    lang: Lang,
    log: Option<i64>,
    before: Option<i64>,
) -> Result<String, ApiError> {
    let limit = i64::try_from(AUDIT_LINES + 1).unwrap_or(i64::MAX);
    let mut lines = state.store.audit_page(log, before, limit).await?;
    let older = lines.len() > AUDIT_LINES;
    lines.truncate(AUDIT_LINES);
    let name = log_name(log);
    let mut html = match log {
        Some(_) => format!(
            "<h3 id=\"audit-{name}\">{}</h3>",
            escape(&t(lang, "team-audit"))
        ),
        None => format!(
            "<h3 id=\"audit-{name}\">{}</h3><p class=\"muted\">{}</p>",
            escape(&t(lang, "team-audit-instance")),
            escape(&t(lang, "team-audit-instance-lead"))
        ),
    };
    if lines.is_empty() {
        return Ok(html
            + &format!(
                "<p class=\"muted\">{}</p>",
                escape(&t(lang, "team-audit-empty"))
            ));
    }
    html += &format!("<table class=\"team-table\" data-testid=\"audit-{name}\"><thead><tr>");
    for key in [
        "team-audit-when",
        "team-audit-who",
        "team-audit-what",
        "team-audit-detail",
    ] {
        html += &format!("<th>{}</th>", escape(&t(lang, key)));
    }
    html += "</tr></thead><tbody>";
    for line in &lines {
        html += &format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            when(line.at_ms),
            escape(&line.actor),
            escape(&line.action),
            escape(&line.detail)
        );
    }
    html += "</tbody></table>";
    if let (true, Some(last)) = (older, lines.last()) {
        html += &format!(
            "<p><a href=\"{PATH}?log={name}&amp;before={id}#audit-{name}\" data-testid=\"audit-older-{name}\">{older}</a></p>",
            id = last.id,
            older = escape(&t(lang, "team-audit-older")),
        );
    }
    Ok(html)
}

/// An administrator's part (account `me`): a new team, an invitation without a team, the
/// accounts, and the organisation's audit log (its lines of no team, older than line
/// `before` when given).
async fn administration(
    state: &AppState,
    lang: Lang,
    me: i64,
    before: Option<i64>,
) -> Result<String, ApiError> {
    let mut html = format!(
        "<section class=\"team\" data-testid=\"administration\"><h2>{}</h2>\
<form method=\"post\" action=\"{action}\" class=\"team-form\" data-testid=\"new-team\"><h3>{title}</h3>\
<label>{name} <input type=\"text\" name=\"name\" maxlength=\"100\" required></label> <button type=\"submit\">{submit}</button></form>",
        escape(&t(lang, "team-admin")),
        action = FORMS[4],
        title = escape(&t(lang, "team-new-team")),
        name = escape(&t(lang, "team-team-name")),
        submit = escape(&t(lang, "team-create")),
    );
    html += &invite_form(lang, None);
    html += &format!(
        "<h3>{}</h3><table class=\"team-table\" data-testid=\"accounts\"><thead><tr><th>{}</th><th>{}</th><th></th></tr></thead><tbody>",
        escape(&t(lang, "team-accounts")),
        escape(&t(lang, "team-email")),
        escape(&t(lang, "team-account-state")),
    );
    for account in state.store.accounts().await? {
        // No button to disable oneself (refused anyway).
        let button = if account.id == me {
            String::new()
        } else {
            format!(
                "<form method=\"post\" action=\"{action}\" class=\"inline\">\
<input type=\"hidden\" name=\"id\" value=\"{id}\"><input type=\"hidden\" name=\"disabled\" value=\"{disable}\">\
<button type=\"submit\">{label}</button></form>",
                action = FORMS[5],
                id = account.id,
                disable = !account.disabled,
                label = escape(&t(
                    lang,
                    if account.disabled {
                        "team-enable"
                    } else {
                        "team-disable"
                    }
                )),
            )
        };
        let mut notes = Vec::new();
        if account.admin {
            notes.push(t(lang, "team-account-admin"));
        }
        if account.disabled {
            notes.push(t(lang, "team-account-disabled"));
        }
        html += &format!(
            "<tr><td>{}</td><td>{}</td><td>{button}</td></tr>",
            escape(&account.email),
            escape(&notes.join(", ")),
        );
    }
    html += "</tbody></table>";
    html += &audit(state, lang, None, before).await?;
    Ok(html + "</section>")
}

/// A `<select name="role">` of the four roles, `chosen` selected.
fn role_select(lang: Lang, chosen: Option<Role>) -> String {
    let options: String = [Role::Viewer, Role::Editor, Role::Reviewer, Role::Owner]
        .into_iter()
        .map(|role| {
            format!(
                "<option value=\"{}\"{}>{}</option>",
                role.name(),
                if Some(role) == chosen {
                    " selected"
                } else {
                    ""
                },
                escape(&role_name(lang, role))
            )
        })
        .collect();
    format!(
        "<label class=\"role\"><span class=\"visually-hidden\">{}</span> <select name=\"role\">{options}</select></label>",
        escape(&t(lang, "team-role"))
    )
}

/// A role's name in `lang`.
fn role_name(lang: Lang, role: Role) -> String {
    t(lang, &format!("team-role-{}", role.name()))
}

/// `2026-12-04 10:45 UTC` for unix milliseconds `ms`.
pub(super) fn when(ms: i64) -> String {
    match time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000) {
        Ok(at) => format!(
            "{:04}-{:02}-{:02} {:02}:{:02} UTC",
            at.year(),
            u8::from(at.month()),
            at.day(),
            at.hour(),
            at.minute()
        ),
        Err(_) => ms.to_string(),
    }
}

/// The whole HTML document around `main` ([`crate::auth::server_page`]).
fn document(status: StatusCode, lang: Lang, main: &str) -> Response {
    crate::auth::server_page(status, lang, &t(lang, "team-title"), "team-page", main)
}
