//! The Teams page of team mode (`/team`): the teams an account is in, their members and
//! roles, and, for a team's owners, its sheets, invitations, API tokens and audit log; for
//! administrators, new teams, the accounts and the organisation's audit log.
//!
//! The server reads what the page shows into a [`TeamPage`] and [`team_page`] writes it.
//! Each form posts to one of [`FORMS`] and is answered with the page again.

use budget::Lang;
use leptos::prelude::*;

use super::{document, ErrorLine};
use crate::i18n::{t, t_args};
use workbench_store::access::{Role, TokenScope};
use workbench_store::{AccountRecord, AuditEntry, Member, TokenRecord};

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

/// Everything the Teams page shows, read by the server for the signed-in account.
pub struct TeamPage {
    /// The page's language.
    pub lang: Lang,
    /// The signed-in account's address.
    pub email: String,
    /// Whether it administers the organisation.
    pub admin: bool,
    /// What the last form did, shown above the teams.
    pub outcome: Outcome,
    /// The teams it sees: its own, and every team for an administrator.
    pub teams: Vec<TeamSection>,
    /// The administrator's part; `None` for other accounts.
    pub administration: Option<Administration>,
}

/// What the page says above the teams after a form.
pub enum Outcome {
    /// No form was sent.
    None,
    /// Done, with this sentence.
    Done(String),
    /// Done, with a sentence and something to copy that is shown this once (a new token or
    /// an invitation's link) in a `<code data-testid="{testid}">`.
    Secret {
        /// What was done.
        text: String,
        /// The test id of the code.
        testid: &'static str,
        /// The token or link.
        secret: String,
    },
    /// Refused, with the reason (the page's status is the refusal's).
    Refused(String),
}

/// One team as its member sees it.
pub struct TeamSection {
    /// The team's id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The viewer's role in it; `None` for an administrator who is not a member.
    pub role: Option<Role>,
    /// The members, by address.
    pub members: Vec<Member>,
    /// What an owner (or an administrator) manages; `None` for the other roles.
    pub owned: Option<Owned>,
}

/// The parts of a team only its owners see.
pub struct Owned {
    /// The team's sheets: id, name and whether they are shared read-only with everyone.
    pub sheets: Vec<(i64, String, bool)>,
    /// Its API tokens, newest first.
    pub tokens: Vec<TokenLine>,
    /// Its audit log.
    pub audit: AuditLog,
}

/// An API token and whether it is past its expiry.
pub struct TokenLine {
    /// The token as stored (its hash is never shown).
    pub token: TokenRecord,
    /// Past `expires_at_ms` at the time of the page.
    pub expired: bool,
}

/// [`AUDIT_LINES`] lines of an audit log, newest first.
pub struct AuditLog {
    /// A team's log, or with `None` the organisation's own lines.
    pub log: Option<i64>,
    /// The lines shown.
    pub lines: Vec<AuditEntry>,
    /// Whether there are older lines (the page links to them).
    pub older: bool,
}

/// An administrator's part of the page.
pub struct Administration {
    /// The administrator's own account (it has no button to disable itself).
    pub me: i64,
    /// Every account, by address.
    pub accounts: Vec<AccountRecord>,
    /// The organisation's audit log.
    pub audit: AuditLog,
}

/// The name of an audit log in the page's links and test ids: the team's id, or `instance`.
pub fn log_name(log: Option<i64>) -> String {
    log.map_or_else(|| "instance".to_string(), |team| team.to_string())
}

/// `2026-12-04 10:45 UTC` for unix milliseconds `ms` ([`crate::format::utc_time`]; the Teams
/// page writes its times this way in both languages).
pub fn when(ms: i64) -> String {
    crate::format::utc_time(Lang::En, ms)
}

/// The Teams page as a whole document.
pub fn team_page(page: TeamPage) -> String {
    let lang = page.lang;
    document(
        lang,
        &t(lang, "team-title"),
        "team-page",
        view! { <Main page /> },
    )
}

/// A role's name in `lang`.
fn role_name(lang: Lang, role: Role) -> String {
    t(lang, &format!("team-role-{}", role.name()))
}

#[component]
fn Main(page: TeamPage) -> impl IntoView {
    let TeamPage {
        lang,
        email,
        admin,
        outcome,
        teams,
        administration,
    } = page;
    let signed_in = if admin {
        "team-signed-in-admin"
    } else {
        "team-signed-in"
    };
    let none = (teams.is_empty() && !admin).then(|| view! { <p>{t(lang, "team-none")}</p> });
    view! {
        <Nav lang />
        <h1>{t(lang, "team-title")}</h1>
        <p data-testid="team-signed-in">{t_args(lang, signed_in, [("email", email.into())])}</p>
        <OutcomeLine lang outcome />
        {none}
        {teams.into_iter().map(|team| view! { <Team lang team /> }).collect_view()}
        {administration.map(|part| view! { <AdminPart lang part /> })}
    }
}

/// The app header's links in plain forms: back, the page's language, signing out.
#[component]
fn Nav(lang: Lang) -> impl IntoView {
    let language = [(Lang::En, "lang-en"), (Lang::Ja, "lang-ja")].map(|(choice, key)| {
        view! {
            <button
                type="submit"
                name="lang"
                value=choice.code()
                aria-pressed=if choice == lang { "true" } else { "false" }
            >
                {t(lang, key)}
            </button>
        }
    });
    view! {
        <nav class="team-nav">
            <a href="/">{t(lang, "team-back")}</a>
            <form
                method="post"
                action=crate::shell::UI_LANG_PATH
                class="inline"
                aria-label=t(lang, "ui-lang-label")
            >
                <input type="hidden" name="back" value=PATH />
                {language.into_iter().collect_view()}
            </form>
            <form method="post" action="/logout" class="inline">
                <button type="submit">{t(lang, "sign-out")}</button>
            </form>
        </nav>
    }
}

#[component]
fn OutcomeLine(lang: Lang, outcome: Outcome) -> impl IntoView {
    match outcome {
        Outcome::None => ().into_any(),
        Outcome::Done(text) => view! {
            <p class="team-done" role="status" data-testid="team-outcome">{text}</p>
        }
        .into_any(),
        Outcome::Secret {
            text,
            testid,
            secret,
        } => view! {
            <p class="team-done" role="status" data-testid="team-outcome">
                {text}
                <br />
                <code class="secret" data-testid=testid>{secret}</code>
            </p>
        }
        .into_any(),
        Outcome::Refused(reason) => {
            let error = t_args(lang, "team-error", [("reason", reason.into())]);
            view! { <ErrorLine error testid="team-outcome" /> }.into_any()
        }
    }
}

#[component]
fn Team(lang: Lang, team: TeamSection) -> impl IntoView {
    let TeamSection {
        id,
        name,
        role,
        members,
        owned,
    } = team;
    let your_role = role.map(|role| {
        let text = t_args(
            lang,
            "team-your-role",
            [("role", role_name(lang, role).into())],
        );
        view! { <p class="muted">{text}</p> }
    });
    let owner = owned.is_some();
    let owned = owned.map(|owned| {
        view! {
            <Sheets lang team=id sheets=owned.sheets />
            <InviteForm lang team=Some(id) />
            <Tokens lang team=id tokens=owned.tokens />
            <Audit lang audit=owned.audit />
        }
    });
    view! {
        <section class="team" data-testid=format!("team-{id}")>
            <h2>{name}</h2>
            {your_role}
            <Members lang team=id members owner />
            {owned}
        </section>
    }
}

/// The members table of `team`; with forms to change, remove and add when `owner`.
#[component]
fn Members(lang: Lang, team: i64, members: Vec<Member>, owner: bool) -> impl IntoView {
    let rows = members
        .into_iter()
        .map(|member| {
            let cells = if owner {
                let hidden = move |email: String| {
                    view! {
                        <input type="hidden" name="team" value=team />
                        <input type="hidden" name="email" value=email />
                    }
                };
                view! {
                    <td>
                        <form method="post" action=FORMS[0] class="inline">
                            {hidden(member.email.clone())}
                            <RoleSelect lang chosen=member.role />
                            <button type="submit">{t(lang, "team-change")}</button>
                        </form>
                    </td>
                    <td>
                        <form method="post" action=FORMS[0] class="inline">
                            {hidden(member.email.clone())}
                            <input type="hidden" name="role" value="" />
                            <button type="submit">{t(lang, "team-remove")}</button>
                        </form>
                    </td>
                }
                .into_any()
            } else {
                view! { <td>{role_name(lang, member.role)}</td> }.into_any()
            };
            view! {
                <tr>
                    <td>{member.email}</td>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    let add = owner.then(|| {
        view! {
            <form
                method="post"
                action=FORMS[0]
                class="team-form"
                data-testid=format!("add-member-{team}")
            >
                <h3>{t(lang, "team-add-member")}</h3>
                <input type="hidden" name="team" value=team />
                <label>
                    {t(lang, "team-email") + " "} <input type="email" name="email" required />
                </label>
                " "
                <RoleSelect lang chosen=Role::Viewer />
                " "
                <button type="submit">{t(lang, "team-add")}</button>
            </form>
        }
    });
    view! {
        <h3>{t(lang, "team-members")}</h3>
        <table class="team-table" data-testid=format!("members-{team}")>
            <thead>
                <tr>
                    <th>{t(lang, "team-email")}</th>
                    <th>{t(lang, "team-role")}</th>
                    {owner.then(|| view! { <th></th> })}
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
        {add}
    }
}

/// The sheets of `team`, each with a button that shares it read-only with every account of
/// the organisation, or stops.
#[component]
fn Sheets(lang: Lang, team: i64, sheets: Vec<(i64, String, bool)>) -> impl IntoView {
    let table = if sheets.is_empty() {
        view! { <p class="muted">{t(lang, "team-sheets-empty")}</p> }.into_any()
    } else {
        let rows = sheets
            .into_iter()
            .map(|(id, name, shared)| {
                let (state, label) = if shared {
                    ("team-sheet-shared", "team-unshare")
                } else {
                    ("team-sheet-team-only", "team-share")
                };
                view! {
                    <tr>
                        <td>
                            <a href=format!("/sheets/{id}")>{name}</a>
                        </td>
                        <td>{t(lang, state)}</td>
                        <td>
                            <form method="post" action=FORMS[6] class="inline">
                                <input type="hidden" name="id" value=id />
                                <input type="hidden" name="shared" value=(!shared).to_string() />
                                <button type="submit">{t(lang, label)}</button>
                            </form>
                        </td>
                    </tr>
                }
            })
            .collect_view();
        view! {
            <table class="team-table" data-testid=format!("sheets-{team}")>
                <tbody>{rows}</tbody>
            </table>
        }
        .into_any()
    };
    view! {
        <h3>{t(lang, "team-sheets")}</h3>
        <p class="muted">{t(lang, "team-sheets-lead")}</p>
        {table}
    }
}

/// The invitation form: into `team` with a role, or into no team (an administrator's).
#[component]
fn InviteForm(lang: Lang, team: Option<i64>) -> impl IntoView {
    let title = t(
        lang,
        if team.is_some() {
            "team-invite"
        } else {
            "team-invite-account"
        },
    );
    let into_team = team.map(|team| {
        view! {
            <p class="muted">{t(lang, "team-invite-lead")}</p>
            <input type="hidden" name="team" value=team />
        }
    });
    view! {
        <form
            method="post"
            action=FORMS[1]
            class="team-form"
            data-testid=format!("invite-{}", team.map_or("none".to_string(), |t| t.to_string()))
        >
            <h3>{title}</h3>
            {into_team}
            <label>
                {t(lang, "team-email") + " "} <input type="email" name="email" required />
            </label>
            " "
            {team.map(|_| view! { <RoleSelect lang chosen=Role::Viewer /> " " })}
            <button type="submit">{t(lang, "team-invite-submit")}</button>
        </form>
    }
}

/// The tokens of `team`, each with a revoke button while it works, and the form for a new one.
#[component]
fn Tokens(lang: Lang, team: i64, tokens: Vec<TokenLine>) -> impl IntoView {
    let heads = [
        "team-token-name",
        "team-token-scope",
        "team-token-created",
        "team-token-expires",
        "team-token-used",
    ]
    .map(|key| view! { <th>{t(lang, key)}</th> });
    let never = t(lang, "team-token-never");
    let rows = tokens
        .into_iter()
        .map(|TokenLine { token, expired }| {
            let state = match (token.revoked_at_ms, expired) {
                (Some(at), _) => {
                    t_args(lang, "team-token-revoked", [("at", when(at).into())]).into_any()
                }
                (None, true) => t(lang, "team-token-expired").into_any(),
                (None, false) => view! {
                    <form method="post" action=FORMS[3] class="inline">
                        <input type="hidden" name="team" value=team />
                        <input type="hidden" name="id" value=token.id />
                        <button type="submit">{t(lang, "team-token-revoke")}</button>
                    </form>
                }
                .into_any(),
            };
            view! {
                <tr>
                    <td>{token.name}</td>
                    <td>{token.scope.name()}</td>
                    <td>{when(token.created_at_ms)}</td>
                    <td>{token.expires_at_ms.map_or(never.clone(), when)}</td>
                    <td>{token.last_used_at_ms.map_or(never.clone(), when)}</td>
                    <td>{state}</td>
                </tr>
            }
        })
        .collect_view();
    let scopes = [TokenScope::Check, TokenScope::Read, TokenScope::Write]
        .map(|scope| view! { <option value=scope.name()>{scope.name()}</option> });
    view! {
        <h3>{t(lang, "team-tokens")}</h3>
        <p class="muted">{t(lang, "team-tokens-lead")}</p>
        <table class="team-table" data-testid=format!("tokens-{team}")>
            <thead>
                <tr>
                    {heads.into_iter().collect_view()}
                    <th></th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
        <form method="post" action=FORMS[2] class="team-form" data-testid=format!("new-token-{team}")>
            <input type="hidden" name="team" value=team />
            <label>
                {t(lang, "team-token-name") + " "}
                <input type="text" name="name" maxlength="100" required />
            </label>
            " "
            <label>
                {t(lang, "team-token-scope") + " "}
                <select name="scope">{scopes.into_iter().collect_view()}</select>
            </label>
            " "
            <label>
                {t(lang, "team-token-days") + " "}
                <input type="number" name="days" min="1" max="3650" />
            </label>
            " "
            <button type="submit">{t(lang, "team-token-submit")}</button>
        </form>
    }
}

/// An audit log's lines, and a link to the older ones when there are.
#[component]
fn Audit(lang: Lang, audit: AuditLog) -> impl IntoView {
    let AuditLog { log, lines, older } = audit;
    let name = log_name(log);
    let heading = match log {
        Some(_) => view! { <h3 id=format!("audit-{name}")>{t(lang, "team-audit")}</h3> }.into_any(),
        None => view! {
            <h3 id=format!("audit-{name}")>{t(lang, "team-audit-instance")}</h3>
            <p class="muted">{t(lang, "team-audit-instance-lead")}</p>
        }
        .into_any(),
    };
    if lines.is_empty() {
        return view! {
            {heading}
            <p class="muted">{t(lang, "team-audit-empty")}</p>
        }
        .into_any();
    }
    let heads = [
        "team-audit-when",
        "team-audit-who",
        "team-audit-what",
        "team-audit-detail",
    ]
    .map(|key| view! { <th>{t(lang, key)}</th> });
    let more = lines.last().filter(|_| older).map(|last| {
        view! {
            <p>
                <a
                    href=format!("{PATH}?log={name}&before={}#audit-{name}", last.id)
                    data-testid=format!("audit-older-{name}")
                >
                    {t(lang, "team-audit-older")}
                </a>
            </p>
        }
    });
    let rows = lines
        .into_iter()
        .map(|line| {
            view! {
                <tr>
                    <td>{when(line.at_ms)}</td>
                    <td>{line.actor}</td>
                    <td>{line.action}</td>
                    <td>{line.detail}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        {heading}
        <table class="team-table" data-testid=format!("audit-{name}")>
            <thead>
                <tr>{heads.into_iter().collect_view()}</tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
        {more}
    }
    .into_any()
}

/// An administrator's part: a new team, an invitation without a team, the accounts, and the
/// organisation's audit log.
#[component]
fn AdminPart(lang: Lang, part: Administration) -> impl IntoView {
    let Administration {
        me,
        accounts,
        audit,
    } = part;
    let rows = accounts
        .into_iter()
        .map(|account| {
            let mut notes = Vec::new();
            if account.admin {
                notes.push(t(lang, "team-account-admin"));
            }
            if account.disabled {
                notes.push(t(lang, "team-account-disabled"));
            }
            // No button to disable oneself (refused anyway).
            let label = if account.disabled { "team-enable" } else { "team-disable" };
            let button = (account.id != me).then(|| {
                view! {
                    <form method="post" action=FORMS[5] class="inline">
                        <input type="hidden" name="id" value=account.id />
                        <input type="hidden" name="disabled" value=(!account.disabled).to_string() />
                        <button type="submit">{t(lang, label)}</button>
                    </form>
                }
            });
            view! {
                <tr>
                    <td>{account.email}</td>
                    <td>{(!notes.is_empty()).then(|| notes.join(", "))}</td>
                    <td>{button}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="team" data-testid="administration">
            <h2>{t(lang, "team-admin")}</h2>
            <form method="post" action=FORMS[4] class="team-form" data-testid="new-team">
                <h3>{t(lang, "team-new-team")}</h3>
                <label>
                    {t(lang, "team-team-name") + " "}
                    <input type="text" name="name" maxlength="100" required />
                </label>
                " "
                <button type="submit">{t(lang, "team-create")}</button>
            </form>
            <InviteForm lang team=None />
            <h3>{t(lang, "team-accounts")}</h3>
            <table class="team-table" data-testid="accounts">
                <thead>
                    <tr>
                        <th>{t(lang, "team-email")}</th>
                        <th>{t(lang, "team-account-state")}</th>
                        <th></th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
            <Audit lang audit />
        </section>
    }
}

/// A `<select name="role">` of the four roles, `chosen` selected, with a label read out only.
#[component]
fn RoleSelect(lang: Lang, chosen: Role) -> impl IntoView {
    let options = [Role::Viewer, Role::Editor, Role::Reviewer, Role::Owner].map(|role| {
        view! {
            <option value=role.name() selected=role == chosen>
                {role_name(lang, role)}
            </option>
        }
    });
    view! {
        <label class="role">
            <span class="visually-hidden">{t(lang, "team-role")}</span>
            " "
            <select name="role">{options.into_iter().collect_view()}</select>
        </label>
    }
}
