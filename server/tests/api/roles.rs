//! Every route and server function of a team-mode server, called as each kind of
//! caller. The routes come from the server itself: the server functions from the framework's
//! registry, the JSON API from its OpenAPI document; a new one without a row here fails.
//! Where a caller is refused, the exact status and message are asserted, and that nothing
//! the store holds changed; where it is let through, the exact status of what the call then
//! does (success, or the route's own refusal past the role, such as a stale revision).

use app::error::AppError;
use axum::http::Method;
use workbench_store::access::{Access, Principal, Role, TokenScope};
use workbench_store::Store;

use crate::helpers::{
    find, fixture, server_fns, sign_in_first, team_app_for_setup, team_app_on, TestApp,
    TestResponse,
};
use crate::security::{server_fn_call, snapshot};
use crate::team::{
    audit_lines, get_anonymous, post_login, post_login_from, redirect, sign_in, Client, Org, FORM,
    HOST, JSON, PASSWORD,
};

/// What a route needs of its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Needs {
    /// Any caller that is signed in (the list, the catalog, a check).
    SignedIn,
    /// An editor in some team: it makes a sheet there.
    Create,
    /// This role on the sheet's team.
    Role(Role),
    /// This role in team A (the `{team}` of a team route).
    TeamRole(Role),
    /// An administrator.
    Admin,
}

/// The callers of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Caller {
    Nobody,
    Viewer,
    Editor,
    Reviewer,
    OtherTeamOwner,
    RevokedToken,
    ExpiredToken,
}

const CALLERS: [Caller; 7] = [
    Caller::Nobody,
    Caller::Viewer,
    Caller::Editor,
    Caller::Reviewer,
    Caller::OtherTeamOwner,
    Caller::RevokedToken,
    Caller::ExpiredToken,
];

/// The need of a server function, by name. A server function without a row fails the test.
fn server_fn_needs(name: &str) -> Needs {
    use Role::*;
    match name {
        "list_sheets" | "catalog_settings" | "set_author" => Needs::SignedIn,
        "create_sheet" | "create_example_sheet" | "import_sheet" | "import_config_sheet" => {
            Needs::Create
        }
        "get_sheet" | "check_draft" | "list_revisions" | "diff_revisions" | "changes_since"
        | "list_proposals" | "review_proposal" | "edit_proposal" | "comment_proposal"
        | "compare_config" => Needs::Role(Viewer),
        "rename_sheet" | "set_sheet_lang" | "set_sheet_settings" | "import_rows" | "save_rows"
        | "restore_revision" | "create_proposal" | "rework_proposal" | "resolve_proposal"
        | "propose_config" => Needs::Role(Editor),
        "decide_proposal" => Needs::Role(Reviewer),
        "delete_sheet" => Needs::Role(Owner),
        other => panic!("the server function {other} has no row in the role table: add one"),
    }
}

/// The need of a JSON API route (method and OpenAPI path). A route without a row fails.
fn api_needs(method: &Method, path: &str) -> Needs {
    use Role::*;
    match (method.as_str(), path) {
        ("POST", "/api/v1/check")
        | ("GET", "/api/v1/sheets")
        | ("GET", "/api/v1/openapi.json")
        | ("GET", "/api/v1/me")
        | ("GET", "/api/v1/teams") => Needs::SignedIn,
        ("POST", "/api/v1/teams")
        | ("GET", "/api/v1/audit")
        | ("POST", "/api/v1/accounts")
        | ("POST", "/api/v1/accounts/{id}/disabled") => Needs::Admin,
        ("GET", "/api/v1/teams/{team}/members") => Needs::TeamRole(Viewer),
        ("PUT", "/api/v1/teams/{team}/members")
        | ("GET" | "POST", "/api/v1/teams/{team}/tokens")
        | ("DELETE", "/api/v1/teams/{team}/tokens/{id}")
        | ("GET", "/api/v1/teams/{team}/audit")
        // The body names team 1 (an administrator may invite without a team).
        | ("POST", "/api/v1/invites") => Needs::TeamRole(Owner),
        ("PUT", "/api/v1/sheets/{id}/shared") => Needs::Role(Owner),
        ("POST", "/api/v1/sheets") => Needs::Create,
        ("GET", _) => Needs::Role(Viewer),
        ("POST", p) if p.ends_with("/comments") => Needs::Role(Viewer),
        ("POST", p) if p.ends_with("/approve") || p.ends_with("/reject") => Needs::Role(Reviewer),
        ("PUT" | "PATCH" | "POST", p) if p.starts_with("/api/v1/sheets/{id}") => {
            Needs::Role(Editor)
        }
        other => panic!("the API route {other:?} has no row in the role table: add one"),
    }
}

/// The need of a form of the Teams page ([`server::team_page::FORMS`]) and a body for it
/// that names team 1 (or its sheet `sheet`). A form without a row fails the test.
fn page_form(path: &str, sheet: i64) -> (Needs, String) {
    let (needs, body) = match path {
        "/team/members" => (
            Needs::TeamRole(Role::Owner),
            "team=1&email=viewer%40example.com&role=owner",
        ),
        "/team/invites" => (
            Needs::TeamRole(Role::Owner),
            "team=1&email=new%40example.com&role=owner",
        ),
        "/team/tokens" => (Needs::TeamRole(Role::Owner), "team=1&name=mine&scope=write"),
        "/team/tokens/revoke" => (Needs::TeamRole(Role::Owner), "team=1&id=2"),
        "/team/teams" => (Needs::Admin, "name=Mine"),
        "/team/accounts/disabled" => (Needs::Admin, "id=2&disabled=true"),
        "/team/sheets/shared" => (Needs::Role(Role::Owner), "id={sheet}&shared=true"),
        other => panic!("the Teams page form {other} has no row in the role table: add one"),
    };
    (needs, body.replace("{sheet}", &sheet.to_string()))
}

/// What a server function let through by the role answers `caller`, in the order the test
/// calls them (the paths sorted, the decision and the deletion last): the status and a part
/// of the body. Where it is not a success, the refusal is the function's own, past the role.
fn server_fn_let_through(name: &str, caller: Caller) -> (u16, &'static str) {
    match (name, caller) {
        // The TSV is the stored sheet: importing it writes nothing, so revision 0, the one
        // the call names, stays current for every caller let through.
        ("import_rows", _) => (200, r#""revision":0"#),
        // Proposal 1 changes no cell that changed on the sheet: nothing to resolve.
        ("resolve_proposal", _) => (409, "not in conflict"),
        ("create_sheet" | "create_example_sheet" | "import_sheet", _) => (200, ""),
        (
            "get_sheet" | "list_revisions" | "diff_revisions" | "list_proposals"
            | "review_proposal" | "edit_proposal",
            _,
        ) => (200, r#""id":1"#),
        ("changes_since", _) => (200, r#""number":1"#),
        ("check_draft", _) => (200, r#"{"report":{"whole":"#),
        _ => (200, ""),
    }
}

/// What a JSON API route let through by the role answers `caller` (method and OpenAPI
/// path), in the order the test calls them (the document's paths sorted): the status the
/// OpenAPI document gives for success, or the route's own refusal past the role.
fn api_let_through(method: &Method, path: &str, caller: Caller) -> (u16, &'static str) {
    match (method.as_str(), path, caller) {
        ("POST", "/api/v1/sheets", _) => (201, r#""rows":12"#),
        // The body the test sends every route names no cell to change.
        (
            "POST",
            "/api/v1/sheets/{id}/proposals" | "/api/v1/sheets/{id}/proposals/{proposal}",
            _,
        )
        | ("PUT", "/api/v1/sheets/{id}/proposals/{proposal}", _) => {
            (409, "the proposal changes nothing")
        }
        // The reviewer approved proposal 1 a moment before (`approve` sorts first).
        ("POST", "/api/v1/sheets/{id}/proposals/{proposal}/approve", _) => (200, r#""approved""#),
        ("POST", "/api/v1/sheets/{id}/proposals/{proposal}/reject", _) => {
            (409, "proposal 1 is already approved")
        }
        // Proposal 1 changes no cell that changed on the sheet: nothing to resolve.
        ("POST", "/api/v1/sheets/{id}/proposals/{proposal}/resolve", _) => {
            (409, "row 1, value: not in conflict")
        }
        _ => (200, ""),
    }
}

/// The role each caller has on the sheet of team A; `None`: not in its team.
fn role_of(caller: Caller) -> Option<Role> {
    match caller {
        Caller::Viewer => Some(Role::Viewer),
        Caller::Editor => Some(Role::Editor),
        Caller::Reviewer => Some(Role::Reviewer),
        _ => None,
    }
}

/// The team-mode app: team A (a viewer, an editor, a reviewer), team B (an owner), a sheet of
/// team A with G1, a revoked and an expired write token of team A; the session cookies.
struct World {
    app: TestApp,
    sheet: i64,
    cookies: Vec<(Caller, String)>,
}

async fn world() -> World {
    let org = Org::in_memory().await;
    org.admin("admin@example.com").await;
    let a = org.team("A").await;
    let b = org.team("B").await;
    let mut accounts = Vec::new();
    for (caller, email, team, role) in [
        (Caller::Viewer, "viewer@example.com", a, Role::Viewer),
        (Caller::Editor, "editor@example.com", a, Role::Editor),
        (Caller::Reviewer, "reviewer@example.com", a, Role::Reviewer),
        (
            Caller::OtherTeamOwner,
            "owner-b@example.com",
            b,
            Role::Owner,
        ),
    ] {
        org.member(team, email, role).await;
        accounts.push((caller, email));
    }
    let editor = org.access("editor@example.com").await;
    let sheet = org.g1_sheet(editor.clone(), "G1").await;
    let store = org.store;
    // An open proposal 1 (the editor's: 20s for row 1's value), for the review routes to act on.
    let scoped = store.scoped(editor);
    let stored = scoped.get_sheet(sheet).await.unwrap();
    let patch: workbench_store::CellPatch = serde_json::from_value(serde_json::json!({
        "cells": [{"row_id": stored.row_ids[0], "column": "value",
                   "base": stored.sheet.rows[0].value, "value": "20s"}]
    }))
    .unwrap();
    let proposal = scoped
        .create_proposal(
            sheet,
            "a longer deadline",
            &patch,
            &workbench_store::Author::named("editor@example.com"),
        )
        .await
        .unwrap();
    assert_eq!(proposal, 1);
    let revoked = server::auth::token_hash("wb_revoked");
    let id = store
        .create_token(a, "ci", &revoked, TokenScope::Write, 1, None)
        .await
        .unwrap();
    assert!(store.revoke_token(a, id).await.unwrap());
    store
        .create_token(
            a,
            "old",
            &server::auth::token_hash("wb_expired"),
            TokenScope::Write,
            1,
            Some(1),
        )
        .await
        .unwrap();
    let app = team_app_on(store);
    let mut cookies = Vec::new();
    for (caller, email) in accounts {
        cookies.push((caller, sign_in(&app, email).await));
    }
    World {
        app,
        sheet,
        cookies,
    }
}

/// The administrator admin@example.com and the team `team` with its owner
/// owner@example.com; the team's id and the owner's account id.
async fn owner_of(team: &str) -> (Org, i64, i64) {
    let org = Org::in_memory().await;
    org.admin("admin@example.com").await;
    let owner = org.account("owner@example.com").await;
    let team = org.team(team).await;
    org.store
        .set_role(team, owner, Some(Role::Owner))
        .await
        .unwrap();
    (org, team, owner)
}

impl World {
    /// `GET path` as `caller`.
    async fn get(&self, caller: Caller, path: &str) -> TestResponse {
        self.call(caller, Method::GET, path, FORM, String::new())
            .await
    }

    /// Sends `method path` as `caller`.
    async fn call(
        &self,
        caller: Caller,
        method: Method,
        path: &str,
        content_type: &str,
        body: String,
    ) -> TestResponse {
        let mut headers = vec![
            ("host", HOST),
            ("content-type", content_type),
            ("if-match", "*"),
        ];
        let cookie;
        let bearer;
        match caller {
            Caller::Nobody => {}
            Caller::RevokedToken => {
                bearer = "Bearer wb_revoked".to_string();
                headers.push(("authorization", &bearer));
            }
            Caller::ExpiredToken => {
                bearer = "Bearer wb_expired".to_string();
                headers.push(("authorization", &bearer));
            }
            other => {
                cookie = self
                    .cookies
                    .iter()
                    .find(|(c, _)| *c == other)
                    .unwrap()
                    .1
                    .clone();
                headers.push(("cookie", &cookie));
            }
        }
        self.app.send_with(method, path, &headers, body).await
    }
}

/// What `caller` must get from a route needing `needs` (on sheet `sheet`), when it is
/// refused: the status and the message; `None` when it is let through.
fn refusal(caller: Caller, needs: Needs, api: bool, sheet: i64) -> Option<(u16, String)> {
    let token_outside =
        "API tokens work on the JSON API (/api/v1) only; sign in at /login for the pages";
    match caller {
        Caller::Nobody => Some((401, "sign in first".into())),
        Caller::RevokedToken if api => Some((401, "this API token was revoked".into())),
        Caller::ExpiredToken if api => Some((401, "this API token has expired".into())),
        Caller::RevokedToken | Caller::ExpiredToken => Some((401, token_outside.into())),
        _ => {
            match needs {
                Needs::SignedIn => None,
                Needs::Create if caller == Caller::Viewer => {
                    let message = "you are not an editor in any team, so you cannot create sheets; ask a team owner";
                    Some((
                        403,
                        if api {
                            message.into()
                        } else {
                            serde_json::to_string(&AppError::Forbidden(message.into())).unwrap()
                        },
                    ))
                }
                Needs::Create => None,
                Needs::Admin => Some((403, "only an administrator may do this".into())),
                Needs::TeamRole(needed) => match role_of(caller) {
                    None => Some((404, "team 1 not found".into())),
                    Some(have) if have >= needed => None,
                    Some(have) => Some((
                        403,
                        format!("your role in team 1 is {have}; this needs {needed}"),
                    )),
                },
                Needs::Role(needed) => match role_of(caller) {
                    None => Some((
                        404,
                        if api {
                            format!("sheet {sheet} not found")
                        } else {
                            // The server function's error as it crosses the network.
                            serde_json::to_string(&AppError::NotFound(sheet)).unwrap()
                        },
                    )),
                    Some(have) if have >= needed => None,
                    Some(have) => Some((
                        403,
                        if api {
                            format!("your role in the team of sheet {sheet} is {have}; this needs {needed}")
                        } else {
                            serde_json::to_string(&AppError::Forbidden(format!(
                                "your role in this sheet's team is {have}; this needs {needed}"
                            )))
                            .unwrap()
                        },
                    )),
                },
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_server_function_as_every_caller() {
    let world = world().await;
    let id = world.sheet;
    let mut paths = server_fns();
    // Deciding the proposal after the others act on it, and deleting last: a let-through
    // delete removes the sheet the other rows use.
    paths.sort_by_key(|p| (p.contains("delete_sheet"), p.contains("decide_proposal")));
    let mut checked = 0;
    for path in &paths {
        let name = path
            .trim_start_matches("/api/")
            .trim_end_matches(|c: char| c.is_ascii_digit());
        let needs = server_fn_needs(name);
        for caller in CALLERS {
            let (content_type, mut body) = server_fn_call(path, id);
            if name == "import_rows" {
                // A TSV that can be read: the role is what refuses it.
                body =
                    serde_json::json!({"id": id, "base": 0, "tsv": fixture("reservation-en.tsv")})
                        .to_string();
            }
            let before = snapshot(&world.app).await;
            let response = world
                .call(caller, Method::POST, path, content_type, body)
                .await;
            let text = response.text();
            match refusal(caller, needs, false, id) {
                Some((status, message)) => {
                    let what = format!("{name} as {caller:?}");
                    assert_answer(&response, &text, status, &message, &what);
                    assert_eq!(
                        snapshot(&world.app).await,
                        before,
                        "{name} as {caller:?} changed the store"
                    );
                }
                None => {
                    let (status, says) = server_fn_let_through(name, caller);
                    let what = format!("{name} as {caller:?}, let through");
                    assert_answer(&response, &text, status, says, &what);
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 29 * 7);
}

#[tokio::test(flavor = "multi_thread")]
async fn every_api_route_as_every_caller() {
    let world = world().await;
    let id = world.sheet;
    let document = serde_json::to_value(server::openapi()).unwrap();
    let mut checked = 0;
    for (template, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            let method: Method = method.to_uppercase().parse().unwrap();
            let needs = api_needs(&method, template);
            let path = template
                .replace("/api/v1/sheets", "/api/v1/sheets?name=x")
                .replace("?name=x/", "/")
                .replace("{team}", "1")
                .replace("{id}", &id.to_string())
                .replace("{number}", "1")
                .replace("{proposal}", "1");
            for caller in CALLERS {
                let streaming = path.ends_with("/events");
                let refused = refusal(caller, needs, true, id);
                if streaming && refused.is_none() {
                    continue; // a let-through event stream never ends
                }
                let before = snapshot(&world.app).await;
                let tsv_body = (method == Method::PUT && path.ends_with(&format!("/sheets/{id}")))
                    || (method == Method::POST
                        && (path.ends_with("/check") || path.ends_with("?name=x")));
                let body = if tsv_body {
                    fixture("reservation-en.tsv")
                } else {
                    // Every field any JSON route reads, so that the role is what refuses.
                    r#"{"title":"t","body":"b","seen_revision":1,"comment":"c","row_id":1,"column":"value","keep":"theirs","name":"n","email":"viewer@example.com","role":"owner","scope":"read","password":"a long password here","disabled":true,"shared":true,"team":1}"#.to_string()
                };
                let content_type = if body.starts_with('{') {
                    "application/json"
                } else {
                    "text/tab-separated-values"
                };
                let response = world
                    .call(caller, method.clone(), &path, content_type, body)
                    .await;
                let text = response.text();
                match refused {
                    Some((status, message)) => {
                        assert_eq!(
                            response.status, status,
                            "{method} {path} as {caller:?}: {text}"
                        );
                        let error: serde_json::Value =
                            serde_json::from_str(&text).unwrap_or_else(|_| {
                                panic!("{method} {path} as {caller:?}: not JSON: {text}")
                            });
                        assert!(
                            error["error"].as_str().unwrap().starts_with(&message),
                            "{method} {path} as {caller:?}: {text} is not {message:?}"
                        );
                        assert_eq!(
                            snapshot(&world.app).await,
                            before,
                            "{method} {path} as {caller:?} changed the store"
                        );
                    }
                    None => {
                        let (status, says) = api_let_through(&method, template, caller);
                        let what = format!("{method} {path} as {caller:?}, let through");
                        assert_answer(&response, &text, status, says, &what);
                    }
                }
                checked += 1;
            }
        }
    }
    // 36 routes; a let-through event stream is not read (it never ends).
    assert_eq!(checked, 36 * 7 - 3, "{checked}");
}

/// Asserts that `response`, whose body is `text`, is `status` and says `says`; `what` names the
/// request and its caller when it is not.
fn assert_answer(response: &TestResponse, text: &str, status: u16, says: &str, what: &str) {
    assert_eq!(response.status, status, "{what}: {text}");
    assert!(text.contains(says), "{what}: {text:?} lacks {says:?}");
}

/// The teams, members, tokens and accounts of the store, as text.
async fn teams_snapshot(store: &Store) -> String {
    let mut all = format!("{:?}\n", store.teams().await.unwrap());
    for team in [1, 2] {
        all += &format!(
            "{:?}\n{:?}\n",
            store.members(team).await.unwrap(),
            store.tokens(team).await.unwrap()
        );
    }
    all + &format!(
        "{:?}\n{:?}",
        store.accounts().await.unwrap(),
        store.team_sheets(1).await.unwrap()
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn every_teams_page_form_as_every_caller() {
    let world = world().await;
    let mut checked = 0;
    for path in server::team_page::FORMS {
        let (needs, body) = page_form(path, world.sheet);
        for caller in CALLERS {
            let before = (
                snapshot(&world.app).await,
                teams_snapshot(&world.app.store).await,
            );
            let response = world
                .call(caller, Method::POST, path, FORM, body.clone())
                .await;
            let text = response.text();
            // Nobody in this world owns team 1 or administers: every caller is refused, with
            // the JSON API's reasons (tokens: the page is not the API).
            let api = !matches!(caller, Caller::RevokedToken | Caller::ExpiredToken);
            let (status, message) = refusal(caller, needs, api, world.sheet)
                .unwrap_or_else(|| panic!("{path} as {caller:?} has no refusal"));
            assert_answer(
                &response,
                &text,
                status,
                &message,
                &format!("{path} as {caller:?}"),
            );
            assert_eq!(
                (
                    snapshot(&world.app).await,
                    teams_snapshot(&world.app.store).await
                ),
                before,
                "{path} as {caller:?} changed the store"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 7 * 7);
}

#[tokio::test(flavor = "multi_thread")]
async fn pages_send_nobody_to_sign_in_and_hide_other_teams_sheets() {
    let world = world().await;
    let id = world.sheet;
    for page in [
        "/".to_string(),
        format!("/sheets/{id}"),
        format!("/sheets/{id}/history"),
        format!("/sheets/{id}/diff"),
        format!("/sheets/{id}/propose"),
        format!("/sheets/{id}/proposals/1"),
        format!("/sheets/{id}/proposals/1/edit"),
        server::team_page::PATH.to_string(),
    ] {
        let response = world.get(Caller::Nobody, &page).await;
        assert_eq!(redirect(&response), (303, "/login"), "{page}");
    }
    let list = world.get(Caller::OtherTeamOwner, "/api/v1/sheets").await;
    assert_eq!(list.status_text(), (200, "[]".to_string()));
    let list = world.get(Caller::Viewer, "/api/v1/sheets").await;
    let sheets = list.json();
    assert_eq!(sheets.as_array().unwrap().len(), 1);
    assert_eq!(sheets[0]["id"], id);
    let page = world
        .get(Caller::OtherTeamOwner, &format!("/sheets/{id}"))
        .await;
    assert!(
        !page.text().contains("fetch AbortSignal.timeout"),
        "another team's page shows the sheet's rows"
    );
    let page = world.get(Caller::Viewer, &format!("/sheets/{id}")).await;
    assert!(
        page.text().contains("fetch AbortSignal.timeout"),
        "the team's viewer sees the rows"
    );
    // The header names the account and offers to sign out.
    let html = scraper::Html::parse_document(&page.text());
    let bar = html
        .select(&scraper::Selector::parse("[data-testid=account]").unwrap())
        .next()
        .expect("the account bar");
    assert_eq!(bar.attr("action"), Some("/logout"));
    assert_eq!(
        bar.text().collect::<String>(),
        "Teamsviewer@example.comSign out"
    );
    // The history records the account: the page asks for no display name.
    let select = |testid: &str| {
        html.select(&scraper::Selector::parse(&format!("[data-testid={testid}]")).unwrap())
            .map(|e| e.text().collect::<String>())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        select("author-account"),
        ["Your changes are recorded in the history as viewer@example.com, the account you signed in with."]
    );
    assert!(select("author").is_empty() && select("save-author").is_empty());
}

#[tokio::test]
async fn a_local_page_says_it_has_no_accounts_and_login_goes_home() {
    let app = crate::helpers::spawn_app().await;
    let page = get_anonymous(&app, "/").await;
    let html = scraper::Html::parse_document(&page.text());
    let mode = html
        .select(&scraper::Selector::parse("[data-testid=mode]").unwrap())
        .next()
        .expect("the mode");
    assert_eq!(mode.text().collect::<String>(), "local mode: no accounts");
    // With no account, the sheet page asks for the name the history shows.
    let created = app
        .send_with(
            Method::POST,
            "/api/v1/sheets?name=G1",
            &[("host", HOST)],
            fixture("reservation-en.tsv"),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.text());
    let id = created.json()["id"].clone();
    let page = get_anonymous(&app, &format!("/sheets/{id}")).await;
    let sheet = scraper::Html::parse_document(&page.text());
    let count = |testid: &str| {
        sheet
            .select(&scraper::Selector::parse(&format!("[data-testid={testid}]")).unwrap())
            .count()
    };
    assert_eq!(
        (
            count("author"),
            count("save-author"),
            count("author-account")
        ),
        (1, 1, 0)
    );
    let login = get_anonymous(&app, "/login").await;
    assert_eq!(redirect(&login), (303, "/"));
    let me = get_anonymous(&app, "/api/v1/me").await;
    assert_eq!(
        me.status_text(),
        (
            404,
            r#"{"error":"local mode has no accounts or teams; start the server with WORKBENCH_MODE=team","line":null}"#
                .to_string()
        )
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_owners_token_works_until_revoked_and_the_audit_log_says_so() {
    let (org, team, owner) = owner_of("platform").await;
    let store = org.store.clone();
    let app = org.app();
    let cookie = sign_in(&app, "owner@example.com").await;
    let owner_client = Client::json(&app, &cookie);
    let made = owner_client
        .post(
            &format!("/api/v1/teams/{team}/tokens"),
            r#"{"name":"ci","scope":"write","expires_in_days":30}"#,
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.text());
    let made = made.json();
    let ci = Client::bearer(&app, made["token"].as_str().unwrap());
    // CI stores G2 and checks it through the token.
    let created = ci
        .post("/api/v1/sheets?name=ci", fixture("reservation-en.tsv"))
        .await;
    assert_eq!(created.status, 201, "{}", created.text());
    let id = created.json()["id"].as_i64().unwrap();
    let report = ci
        .post("/api/v1/check", crate::helpers::golden_g2())
        .await
        .json();
    let app_node = find(&report["nodes"], "name", "app");
    assert_eq!(app_node["need_ms"], 15_500);
    // The list shows when it was last used.
    let listed = owner_client
        .get(&format!("/api/v1/teams/{team}/tokens"))
        .await
        .json();
    assert!(listed[0]["last_used_at_ms"].as_i64().is_some(), "{listed}");
    assert_eq!(listed[0]["scope"], "write");
    // Revoked: refused at once, on every instance (the store says so).
    let revoked = owner_client
        .delete(&format!("/api/v1/teams/{team}/tokens/{}", made["id"]))
        .await;
    assert_eq!(revoked.status, 204);
    let refused = ci.get(&format!("/api/v1/sheets/{id}")).await;
    assert_eq!(
        refused.status_text(),
        (
            401,
            r#"{"error":"this API token was revoked","line":null}"#.to_string()
        )
    );
    // The owner deletes the sheet; the audit log has it all, newest first.
    let owner_access: Access = store
        .access_of(&store.account(owner).await.unwrap().unwrap())
        .await
        .unwrap();
    assert!(matches!(owner_access.principal, Principal::Account { .. }));
    store.scoped(owner_access).delete_sheet(id).await.unwrap();
    let audit = owner_client
        .get(&format!("/api/v1/teams/{team}/audit"))
        .await
        .json();
    let actions: Vec<(&str, &str)> = audit_lines(&audit)
        .into_iter()
        .map(|(actor, action, _)| (actor, action))
        .collect();
    // The token's uses are not lines: the list of tokens says when it was last used.
    assert_eq!(
        actions,
        vec![
            ("owner@example.com", "sheet-delete"),
            ("owner@example.com", "token-revoke"),
            ("owner@example.com", "token-create"),
            ("owner@example.com", "sign-in"),
        ]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_first_account_is_the_administrator_and_a_wrong_password_is_refused() {
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let (app, code) = team_app_for_setup(store.clone());
    let page = get_anonymous(&app, "/login").await;
    assert!(
        page.text().contains("Create the administrator account"),
        "{}",
        page.text()
    );
    assert!(
        page.text()
            .contains("<label>Setup code <input type=\"text\" name=\"setup_code\""),
        "{}",
        page.text()
    );
    // In Japanese for a browser that asks for it.
    let ja = app
        .send_with(
            Method::GET,
            "/login",
            &[("host", HOST), ("accept-language", "ja-JP,ja;q=0.9")],
            "",
        )
        .await;
    let html = ja.text();
    assert!(
        html.starts_with(r#"<!DOCTYPE html><html lang="ja">"#),
        "{html}"
    );
    assert!(html.contains("<h1>管理者アカウントの作成</h1>"), "{html}");
    assert!(html.contains("<label>メールアドレス <input"), "{html}");
    assert!(html.contains("<label>セットアップコード <input"), "{html}");
    let cookie = sign_in_first(&app, HOST, "first@example.com", PASSWORD, &code).await;
    // The account exists: the page is the ordinary sign-in, without the setup code.
    let page = get_anonymous(&app, "/login").await.text();
    assert!(
        page.contains("<h1>Sign in</h1>") && !page.contains("setup_code"),
        "{page}"
    );
    let me = Client::cookie(&app, &cookie).get("/api/v1/me").await;
    assert_eq!(
        me.text(),
        r#"{"account":1,"admin":true,"email":"first@example.com","roles":[]}"#
    );
    let wrong = post_login(&app, "email=first%40example.com&password=not+the+password").await;
    assert_eq!(wrong.status, 401);
    assert!(wrong.text().contains("Wrong e-mail address or password."));
    let unknown = post_login(&app, "email=nobody%40example.com&password=not+the+password").await;
    assert_eq!(unknown.status, 401);
    assert!(unknown.text().contains("Wrong e-mail address or password."));
    // Signing out ends the session on the server: the old cookie no longer works.
    let out = Client::cookie(&app, &cookie).post("/logout", "").await;
    assert_eq!(out.status, 303);
    let after = Client::cookie(&app, &cookie).get("/api/v1/me").await;
    assert_eq!(after.status, 401);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_administrator_makes_teams_and_accounts_and_a_disabled_account_is_out() {
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let (app, code) = team_app_for_setup(store.clone());
    // The first account, made with the setup code: the administrator.
    let admin = sign_in_first(&app, HOST, "admin@example.com", PASSWORD, &code).await;
    let send = |method: Method, path: &'static str, cookie: String, body: &'static str| {
        let app = &app;
        async move {
            Client::json(app, &cookie)
                .send(method, path, body)
                .await
                .status_text()
        }
    };
    let as_admin = |method, path, body| send(method, path, admin.clone(), body);
    assert_eq!(
        as_admin(Method::POST, "/api/v1/teams", r#"{"name":"search"}"#).await,
        (201, r#"{"id":1,"name":"search"}"#.to_string())
    );
    assert_eq!(
        as_admin(
            Method::POST,
            "/api/v1/accounts",
            r#"{"email":"Frank@Example.com","password":"a long password for tests"}"#
        )
        .await,
        (201, r#"{"id":2}"#.to_string())
    );
    assert_eq!(
        as_admin(
            Method::PUT,
            "/api/v1/teams/1/members",
            r#"{"email":"frank@example.com","role":"reviewer"}"#
        )
        .await,
        (
            200,
            r#"[{"account":2,"email":"frank@example.com","role":"reviewer"}]"#.to_string()
        )
    );
    let frank = sign_in(&app, "frank@example.com").await;
    let as_frank = |method, path, body| send(method, path, frank.clone(), body);
    assert_eq!(
        as_frank(Method::GET, "/api/v1/me", "").await,
        (
            200,
            r#"{"account":2,"admin":false,"email":"frank@example.com","roles":[{"role":"reviewer","team":1}]}"#
                .to_string()
        )
    );
    // A reviewer is not an administrator.
    assert_eq!(
        as_frank(Method::POST, "/api/v1/teams", r#"{"name":"mine"}"#).await,
        (
            403,
            r#"{"error":"only an administrator may do this","line":null}"#.to_string()
        )
    );
    // Disabled: the session stops working and signing in again is refused.
    assert_eq!(
        as_admin(
            Method::POST,
            "/api/v1/accounts/2/disabled",
            r#"{"disabled":true}"#
        )
        .await
        .0,
        204
    );
    assert_eq!(send(Method::GET, "/api/v1/me", frank, "").await.0, 401);
    let again = post_login(
        &app,
        "email=frank%40example.com&password=a+long+password+for+tests",
    )
    .await;
    assert_eq!(again.status, 401);
    let audit = send(Method::GET, "/api/v1/teams/1/audit", admin, "")
        .await
        .1;
    let audit: serde_json::Value = serde_json::from_str(&audit).unwrap();
    let lines = audit_lines(&audit);
    assert_eq!(
        lines,
        vec![
            ("frank@example.com", "sign-in-failed", "account disabled"),
            ("frank@example.com", "sign-in", ""),
            ("admin@example.com", "role", "frank@example.com reviewer"),
            ("admin@example.com", "team-create", "search"),
        ]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_owners_invitation_link_makes_the_account_once() {
    let (org, team, _) = owner_of("payments").await;
    let app = org.app();
    let cookie = sign_in(&app, "owner@example.com").await;
    let made = Client::json(&app, &cookie)
        .post(
            "/api/v1/invites",
            format!(r#"{{"email":"Grace@Example.com","team":{team},"role":"reviewer"}}"#),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.text());
    let link = made.json()["link"].as_str().unwrap().to_string();
    let token = link
        .strip_prefix("/login?invite=")
        .expect("a link to /login")
        .to_string();
    // The link shows the address invited, and asks for a password.
    let page = get_anonymous(&app, &link).await;
    assert_eq!(page.status, 200);
    assert!(page
        .text()
        .contains(r#"<strong data-testid="invited">grace@example.com</strong>"#));
    // Too short a password: the form again, the invitation still good.
    let form = |password: &str| format!("invite={token}&password={}", password.replace(' ', "+"));
    let short = post_login(&app, form("short")).await;
    assert_eq!(short.status, 400);
    assert!(short
        .text()
        .contains("The password must have at least 12 characters."));
    let accepted = post_login(&app, form(PASSWORD)).await;
    assert_eq!(accepted.status, 303, "{}", accepted.text());
    let session = accepted.headers["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let me = Client::cookie(&app, &session).get("/api/v1/me").await;
    assert_eq!(
        me.text(),
        format!(
            r#"{{"account":3,"admin":false,"email":"grace@example.com","roles":[{{"role":"reviewer","team":{team}}}]}}"#
        )
    );
    // Once only.
    let again = post_login(&app, form(PASSWORD)).await;
    assert_eq!(again.status, 410);
    assert!(again
        .text()
        .contains("This invitation was used or has expired; ask for a new one."));
    let page = get_anonymous(&app, &link).await;
    assert_eq!(page.status, 410);
    // And she signs in with her password from now on.
    sign_in(&app, "grace@example.com").await;
}

/// A team app on a fresh database with the administrator admin@example.com, allowing three
/// sign-ins a minute.
async fn admin_app_limited_to_3() -> TestApp {
    let org = Org::in_memory().await;
    org.admin("admin@example.com").await;
    crate::helpers::app_with(org.store, server::auth::Auth::team_limited(None, false, 3))
}

/// The JSON 403 of a caller whose role in the team of sheet `id` is `role`, for a request
/// that needs `needs`.
fn role_refusal(id: i64, role: &str, needs: &str) -> (u16, String) {
    (
        403,
        format!(
            r#"{{"error":"your role in the team of sheet {id} is {role}; this needs {needs}","line":null}}"#
        ),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn sign_ins_are_limited_per_account() {
    // Three a minute here (the server's is ten), so the test outruns the refill.
    let app = admin_app_limited_to_3().await;
    let wrong = "email=admin%40example.com&password=not+the+password";
    for attempt in 1..=3 {
        let response = post_login(&app, wrong).await;
        assert_eq!(response.status, 401, "attempt {attempt}");
    }
    // The fourth, even with the right password, waits.
    let right = format!(
        "email=admin%40example.com&password={}",
        PASSWORD.replace(' ', "+")
    );
    let limited = post_login(&app, right).await;
    assert_eq!(limited.status, 429);
    assert!(limited
        .text()
        .contains("Too many sign-in attempts; wait a minute and try again."));
    // Another account is not held up by it.
    let other = post_login(
        &app,
        "email=someone%40example.com&password=not+the+password",
    )
    .await;
    assert_eq!(other.status, 401);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sheet_shared_with_the_organisation_is_read_only_to_other_teams() {
    let world = world().await;
    let id = world.sheet;
    let sheet = format!("/api/v1/sheets/{id}");
    let (share, on) = (format!("{sheet}/shared"), r#"{"shared":true}"#);
    // Not shared yet: another team's owner finds nothing.
    let before = world.get(Caller::OtherTeamOwner, &sheet).await;
    assert_eq!(before.status, 404);
    // Only an owner of its team may share it: the editor who made it may not.
    let by_editor = world
        .call(Caller::Editor, Method::PUT, &share, JSON, on.into())
        .await;
    assert_eq!(by_editor.status_text(), role_refusal(id, "editor", "owner"));
    Org::on(world.app.store.clone())
        .member(1, "owner-a@example.com", Role::Owner)
        .await;
    let owner = sign_in(&world.app, "owner-a@example.com").await;
    let shared = Client::json(&world.app, &owner).put(&share, on).await;
    assert_eq!(shared.status, 204, "{}", shared.text());
    // Now every account lists and reads it, and none outside the team writes it.
    let list = world.get(Caller::OtherTeamOwner, "/api/v1/sheets").await;
    let listed = list.json();
    assert_eq!(listed[0]["id"], id);
    let read = world.get(Caller::OtherTeamOwner, &sheet).await;
    assert_eq!(read.status, 200);
    let write = world
        .call(
            Caller::OtherTeamOwner,
            Method::PUT,
            &sheet,
            "text/tab-separated-values",
            fixture("reservation-en.tsv"),
        )
        .await;
    assert_eq!(write.status_text(), role_refusal(id, "viewer", "editor"));
}

#[tokio::test(flavor = "multi_thread")]
async fn sign_ins_are_limited_per_address_whatever_account_they_name() {
    let app = admin_app_limited_to_3().await;
    let from = |address: [u8; 4], email: String| {
        let app = &app;
        async move {
            let form = format!(
                "email={}&password=not+the+password",
                email.replace('@', "%40")
            );
            post_login_from(app, address, form).await.status
        }
    };
    for n in 1..=3 {
        let status = from([10, 0, 0, 9], format!("guess{n}@example.com")).await;
        assert_eq!(status, 401, "attempt {n}");
    }
    // A fourth account named from the same address waits; another address does not.
    let limited = from([10, 0, 0, 9], "guess4@example.com".into()).await;
    assert_eq!(limited, 429);
    let elsewhere = from([10, 0, 0, 10], "guess5@example.com".into()).await;
    assert_eq!(elsewhere, 401);
}
