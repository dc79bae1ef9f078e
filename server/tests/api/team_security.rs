//! What a trial of team mode found, each pinned: the audit log records sharing, accounts
//! made and refused sign-ins, not each use of a token, and pages back; an answer that shows a
//! token or an invitation link is kept by no cache; an open event stream stops at once when
//! its caller may no longer read the sheet.

use std::time::Duration;

use axum::body::Body;
use http_body_util::BodyExt;
use tower::ServiceExt;
use workbench_store::access::{Role, TokenScope};
use workbench_store::Store;

use crate::helpers::{app_with, fixture, golden_g2, team_app_on, texts, TestApp, TestResponse};
use crate::storage::TestDb;
use crate::team::{create_g1, get_anonymous, post_login, sign_in, Client, Org, FORM, HOST, JSON};

/// Team 1 "Payments" with its owner olga (account 2) and vic, a viewer (account 3); ada
/// (account 1) the administrator.
async fn world() -> TestApp {
    team_app_on(world_store().await)
}

/// The store of [`world`], in memory.
async fn world_store() -> Store {
    world_on(Store::connect("sqlite::memory:").await.unwrap()).await
}

/// The accounts and team of [`world`] on `store`.
async fn world_on(store: Store) -> Store {
    let org = Org::on(store);
    org.admin("ada@example.com").await;
    let payments = org.team("Payments").await;
    org.member(payments, "olga@example.com", Role::Owner).await;
    org.member(payments, "vic@example.com", Role::Viewer).await;
    org.store
}

/// Opens sheet `id`'s event stream with `credential` (`cookie` or `authorization`) and reads
/// its first event (the count of pages watching); the rest of the body.
async fn open_stream(app: &TestApp, id: i64, credential: (&str, &str)) -> Body {
    let request = axum::http::Request::get(format!("/api/v1/sheets/{id}/events"))
        .header("host", HOST)
        .header(credential.0, credential.1)
        .body(Body::empty())
        .unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), 200);
    let mut body = response.into_body();
    let first = next_event(&mut body).await.expect("the first event");
    assert!(first.starts_with("event: presence\n"), "{first}");
    body
}

/// The next event of `body` as text; `None` when the stream ended. Fails after 5 s.
async fn next_event(body: &mut Body) -> Option<String> {
    let frame = tokio::time::timeout(Duration::from_secs(5), body.frame())
        .await
        .expect("an event or the stream's end within 5 s")?;
    let data = frame.unwrap().into_data().unwrap();
    Some(String::from_utf8(data.to_vec()).unwrap())
}

/// Every event `body` still sends until it ends (5 s at most).
async fn rest(mut body: Body) -> Vec<String> {
    let mut events = Vec::new();
    while let Some(event) = next_event(&mut body).await {
        events.push(event);
    }
    events
}

/// Olga saves sheet `id` with `tsv`.
async fn save(app: &TestApp, olga: &str, id: i64, tsv: String) {
    let saved = Client::with(app, &[("cookie", olga), ("if-match", "*")])
        .put(&format!("/api/v1/sheets/{id}"), tsv)
        .await;
    assert_eq!(saved.status, 200, "{}", saved.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stream_ends_without_the_next_save_once_its_caller_may_no_longer_read() {
    // Arrange: olga's sheet 1 of team 1; vic, a viewer, and a read token of the team.
    let app = world().await;
    let olga = sign_in(&app, "olga@example.com").await;
    create_g1(&app, &olga).await;
    let store = app.store.clone();
    let reader = server::auth::token_hash("wb_reader");
    let token = store
        .create_token(1, "reader", &reader, TokenScope::Read, 2, None)
        .await
        .unwrap();

    // Each way of losing the sheet, one after the other: vic leaves the team, the token is
    // revoked, vic (back in the team) is disabled.
    type Revoke = Box<dyn Fn(Store) -> futures_util::future::BoxFuture<'static, ()>>;
    let cases: [(&str, (&str, String), Revoke); 3] = [
        (
            "removed from the team",
            ("cookie", sign_in(&app, "vic@example.com").await),
            Box::new(|store: Store| {
                Box::pin(async move { store.set_role(1, 3, None).await.unwrap() })
            }),
        ),
        (
            "token revoked",
            ("authorization", "Bearer wb_reader".to_string()),
            Box::new(move |store: Store| {
                Box::pin(async move { assert!(store.revoke_token(1, token).await.unwrap()) })
            }),
        ),
        (
            "account disabled",
            ("cookie", String::new()),
            Box::new(|store: Store| {
                Box::pin(async move { assert!(store.set_disabled(3, true).await.unwrap()) })
            }),
        ),
    ];
    for (n, (case, (header, value), revoke)) in cases.into_iter().enumerate() {
        let value = if value.is_empty() {
            store.set_role(1, 3, Some(Role::Viewer)).await.unwrap();
            sign_in(&app, "vic@example.com").await
        } else {
            value
        };
        // Act: both streams open; the caller loses the sheet; olga saves it.
        let theirs = open_stream(&app, 1, (header, &value)).await;
        let mut hers = open_stream(&app, 1, ("cookie", &olga)).await;
        revoke(store.clone()).await;
        // G2 and G1 in turn: each save changes the sheet.
        let tsv = if n % 2 == 0 {
            golden_g2()
        } else {
            fixture("reservation-en.tsv")
        };
        save(&app, &olga, 1, tsv).await;

        // Assert: their stream ends without another event; olga's brings her save.
        assert_eq!(rest(theirs).await, Vec::<String>::new(), "{case}");
        let saved = loop {
            let event = next_event(&mut hers).await.expect("olga's stream goes on");
            if event.starts_with("event: saved") {
                break event;
            }
        };
        assert!(
            saved.contains(r#""author":"olga@example.com""#),
            "{case}: {saved}"
        );
    }
}

/// The page at `path` (any `#fragment` left out, as a browser does) as the caller with
/// `cookie` sees it.
async fn page_text(app: &TestApp, path: &str, cookie: &str) -> String {
    let path = path.split('#').next().unwrap();
    Client::from_page(app, cookie, FORM).get(path).await.text()
}

/// `GET path` of the JSON API as the caller with `cookie`.
async fn api_get(app: &TestApp, path: &str, cookie: &str) -> TestResponse {
    Client::from_page(app, cookie, JSON).get(path).await
}

#[tokio::test(flavor = "multi_thread")]
async fn every_answer_that_shows_a_token_or_an_invitation_link_is_not_stored() {
    let app = world().await;
    let olga = sign_in(&app, "olga@example.com").await;
    let mut links = Vec::new();
    // (what, answer, status, the secret it shows)
    let mut answers: Vec<(&str, TestResponse, u16, String)> = Vec::new();
    let made = Client::from_page(&app, &olga, FORM)
        .post("/team/tokens", "team=1&name=ci&scope=check")
        .await;
    let token = scraper_text(&made.text(), "[data-testid=new-token]");
    answers.push(("the Teams page's new token", made, 200, token));
    let made = Client::from_page(&app, &olga, FORM)
        .post(
            "/team/invites",
            "team=1&email=quinn%40example.com&role=viewer",
        )
        .await;
    let link = scraper_text(&made.text(), "[data-testid=invite-link]");
    links.push(link.replace("http://127.0.0.1:3000", ""));
    answers.push(("the Teams page's new invitation", made, 200, link));
    let made = Client::from_page(&app, &olga, JSON)
        .post("/api/v1/teams/1/tokens", r#"{"name":"cd","scope":"read"}"#)
        .await;
    let token = made.json()["token"].as_str().unwrap().to_string();
    answers.push(("POST /api/v1/teams/1/tokens", made, 201, token));
    let made = Client::from_page(&app, &olga, JSON)
        .post(
            "/api/v1/invites",
            r#"{"email":"rita@example.com","team":1,"role":"editor"}"#,
        )
        .await;
    let link = made.json()["link"].as_str().unwrap().to_string();
    links.push(link.clone());
    answers.push(("POST /api/v1/invites", made, 201, link));
    // The invitation's page, opened and sent back with a password too short: its form holds
    // the link's token.
    let opened = get_anonymous(&app, &links[0]).await;
    let token = links[0].trim_start_matches("/login?invite=").to_string();
    answers.push(("GET /login?invite=…", opened, 200, token.clone()));
    let short = post_login(&app, format!("invite={token}&password=short")).await;
    answers.push(("POST /login with an invitation", short, 400, token));

    for (what, answer, status, secret) in answers {
        assert_eq!(answer.status, status, "{what}: {}", answer.text());
        assert!(
            secret.contains("wb_") && answer.text().contains(&secret),
            "{what} shows its secret"
        );
        assert_eq!(answer.header("cache-control"), "no-store", "{what}");
    }
    // The page without a secret on it may be cached as the browser likes.
    let page = Client::cookie(&app, &olga).get("/team").await;
    assert_eq!(page.status, 200);
    assert_eq!(page.headers.get("cache-control"), None);
}

/// The text of the one element `selector` selects in `html`.
fn scraper_text(html: &str, selector: &str) -> String {
    let found = texts(html, selector);
    assert_eq!(found.len(), 1, "{selector}: {found:?}");
    found[0].clone()
}

/// The `href` of the one element `selector` selects in `html`.
fn href(html: &str, selector: &str) -> String {
    let html = scraper::Html::parse_document(html);
    let found: Vec<String> = html
        .select(&scraper::Selector::parse(selector).unwrap())
        .map(|e| e.attr("href").unwrap().to_string())
        .collect();
    assert_eq!(found.len(), 1, "{selector}: {found:?}");
    found[0].clone()
}

/// An audit log as JSON, as `(actor, action, detail)` lines.
fn lines(log: &serde_json::Value) -> Vec<(String, String, String)> {
    log.as_array()
        .unwrap_or_else(|| panic!("not a list: {log}"))
        .iter()
        .map(|line| {
            let text = |key: &str| line[key].as_str().unwrap().to_string();
            (text("actor"), text("action"), text("detail"))
        })
        .collect()
}

/// An audit line, for comparing.
fn line(actor: &str, action: &str, detail: &str) -> (String, String, String) {
    (actor.into(), action.into(), detail.into())
}

/// `POST /login` with `email` (form-encoded as given) and `password`; the status.
async fn try_sign_in(app: &TestApp, email: &str, password: &str) -> u16 {
    post_login(
        app,
        format!("email={email}&password={}", password.replace(' ', "+")),
    )
    .await
    .status
    .as_u16()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_audit_log_has_sharing_new_accounts_and_refused_sign_ins_but_not_each_token_use() {
    // Arrange: two sign-in attempts a minute per address.
    let app = app_with(
        world_store().await,
        server::auth::Auth::team_limited(None, false, 2),
    );
    let ada = sign_in(&app, "ada@example.com").await;
    let olga = sign_in(&app, "olga@example.com").await;

    // Act: ada makes two accounts, one an administrator.
    for (body, id) in [
        (
            r#"{"email":"Bob@Example.com","password":"a long password for tests"}"#,
            4,
        ),
        (
            r#"{"email":"carl@example.com","password":"a long password for tests","admin":true}"#,
            5,
        ),
    ] {
        let made = Client::from_page(&app, &ada, JSON)
            .post("/api/v1/accounts", body)
            .await;
        assert_eq!(
            (made.status.as_u16(), made.json()["id"].as_i64()),
            (201, Some(id))
        );
    }
    // Sign-ins refused: a wrong password, an unknown address (as typed), an address too long
    // (refused before anything is stored: no line), and an address past its limit three times
    // (one line for the window).
    assert_eq!(
        try_sign_in(&app, "vic%40example.com", "not the password").await,
        401
    );
    assert_eq!(
        try_sign_in(&app, "Nobody%40Example.com", "not the password").await,
        401
    );
    let long = format!("{}@example.com", "a".repeat(300));
    assert_eq!(try_sign_in(&app, &long, "not the password").await, 400);
    for status in [401, 401, 429, 429, 429] {
        assert_eq!(
            try_sign_in(&app, "mallory%40example.com", "guess").await,
            status
        );
    }
    // Olga shares sheet 1 from the page and stops through the JSON route.
    create_g1(&app, &olga).await;
    let shared = Client::from_page(&app, &olga, FORM)
        .post("/team/sheets/shared", "id=1&shared=true")
        .await;
    assert_eq!(shared.status, 200);
    let stopped = Client::from_page(&app, &olga, JSON)
        .put("/api/v1/sheets/1/shared", r#"{"shared":false}"#)
        .await;
    assert_eq!(stopped.status, 204);
    // A token used 20 times.
    let made = Client::from_page(&app, &olga, JSON)
        .post("/api/v1/teams/1/tokens", r#"{"name":"ci","scope":"check"}"#)
        .await;
    let bearer = format!("Bearer {}", made.json()["token"].as_str().unwrap());
    let before_use = workbench_store::now_ms();
    for _ in 0..20 {
        let checked = Client::with(&app, &[("authorization", &bearer)])
            .post("/api/v1/check", fixture("reservation-en.tsv"))
            .await;
        assert_eq!(checked.status, 200);
    }
    // Dave accepts olga's invitation.
    let invited = Client::from_page(&app, &olga, JSON)
        .post(
            "/api/v1/invites",
            r#"{"email":"dave@example.com","team":1,"role":"viewer"}"#,
        )
        .await;
    let token = invited.json()["link"]
        .as_str()
        .unwrap()
        .replace("/login?invite=", "");
    let accepted = post_login(
        &app,
        format!("invite={token}&password=a+long+password+for+tests"),
    )
    .await;
    assert_eq!(accepted.status, 303, "{}", accepted.text());

    // Assert: the team's log, newest first.
    let team = api_get(&app, "/api/v1/teams/1/audit", &olga).await;
    assert_eq!(team.status, 200);
    assert_eq!(
        lines(&team.json()),
        [
            line("dave@example.com", "sign-in", "invitation accepted"),
            line("olga@example.com", "invite", "dave@example.com as viewer"),
            line("olga@example.com", "token-create", "token 1 ci (check)"),
            line("olga@example.com", "sheet-unshare", "sheet 1"),
            line("olga@example.com", "sheet-share", "sheet 1"),
            line("vic@example.com", "sign-in-failed", "wrong password"),
            line("olga@example.com", "sign-in", ""),
        ]
    );
    // The token's uses are its "last used" time.
    let tokens = api_get(&app, "/api/v1/teams/1/tokens", &olga).await;
    let used = tokens.json()[0]["last_used_at_ms"].as_i64().unwrap();
    assert!(used >= before_use, "{used} < {before_use}");
    // The organisation's own lines, for administrators: as JSON and on the Teams page.
    let mallory = line("mallory@example.com", "sign-in-failed", "no such account");
    let expected = [
        line(
            "dave@example.com",
            "account-create",
            "account 6 dave@example.com (not an administrator), by invitation",
        ),
        line(
            "mallory@example.com",
            "sign-in-limited",
            "too many attempts",
        ),
        mallory.clone(),
        mallory,
        line("Nobody@Example.com", "sign-in-failed", "no such account"),
        line(
            "ada@example.com",
            "account-create",
            "account 5 carl@example.com (administrator)",
        ),
        line(
            "ada@example.com",
            "account-create",
            "account 4 bob@example.com (not an administrator)",
        ),
        line("ada@example.com", "sign-in", ""),
    ];
    let instance = api_get(&app, "/api/v1/audit", &ada).await;
    assert_eq!(instance.status, 200);
    assert_eq!(lines(&instance.json()), expected);
    let page = api_get(&app, "/team", &ada).await.text();
    let rows: Vec<String> = expected
        .iter()
        .map(|(actor, action, detail)| format!("{actor}{action}{detail}"))
        .collect();
    let shown: Vec<String> = texts(&page, "[data-testid=audit-instance] tbody tr")
        .into_iter()
        .map(|row| row.split_once(" UTC").unwrap().1.to_string())
        .collect();
    assert_eq!(shown, rows);
    // Not to a team's owner.
    let refused = api_get(&app, "/api/v1/audit", &olga).await;
    assert_eq!(
        refused.status_text(),
        (
            403,
            r#"{"error":"only an administrator may do this","line":null}"#.to_string()
        )
    );
    let page = api_get(&app, "/team", &olga).await.text();
    assert_eq!(texts(&page, "[data-testid=audit-instance]").len(), 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_audit_logs_page_back_to_their_oldest_line() {
    for db in [TestDb::sqlite().await, TestDb::postgres().await] {
        audit_logs_page_back(team_app_on(world_on(db.store.clone()).await)).await;
    }
}

/// [`the_audit_logs_page_back_to_their_oldest_line`] on the store of `app`.
async fn audit_logs_page_back(app: TestApp) {
    // Arrange: team 1 with 501 lines and olga's sign-in; the organisation's own with 60 and
    // ada's sign-in.
    for n in 1..=501 {
        let detail = format!("line {n}");
        app.store
            .audit(Some(1), "olga@example.com", "role", &detail)
            .await
            .unwrap();
        if n <= 60 {
            app.store
                .audit(None, "ada@example.com", "account-enable", &detail)
                .await
                .unwrap();
        }
    }
    let olga = sign_in(&app, "olga@example.com").await;
    let ada = sign_in(&app, "ada@example.com").await;
    let details = |log: &serde_json::Value| -> Vec<String> {
        lines(log)
            .into_iter()
            .map(|(_, _, detail)| detail)
            .collect()
    };

    // The JSON route: 500 lines, and a link to the rest.
    let first = api_get(&app, "/api/v1/teams/1/audit", &olga).await;
    let first_lines = details(&first.json());
    assert_eq!(first_lines.len(), 500);
    assert_eq!((&first_lines[0][..], &first_lines[1][..]), ("", "line 501"));
    assert_eq!(first_lines[499], "line 3");
    let last_id = first.json()[499]["id"].as_i64().unwrap();
    let link = first.header("link").to_string();
    assert_eq!(
        link,
        format!(r#"</api/v1/teams/1/audit?before={last_id}>; rel="next""#)
    );
    let next = link
        .trim_start_matches('<')
        .split_once('>')
        .unwrap()
        .0
        .to_string();
    let second = api_get(&app, &next, &olga).await;
    assert_eq!(details(&second.json()), ["line 2", "line 1"]);
    assert_eq!(second.headers.get("link"), None);
    let bad = api_get(&app, "/api/v1/teams/1/audit?before=x", &olga).await;
    assert_eq!(bad.status, 400, "{}", bad.text());

    // The Teams page: 50 lines, and "Older" to the next 50.
    let detail_column = |html: &str, log: &str| -> Vec<String> {
        texts(
            html,
            &format!("[data-testid=audit-{log}] tbody tr td:nth-child(4)"),
        )
    };
    let page = page_text(&app, "/team", &olga).await;
    let shown = detail_column(&page, "1");
    assert_eq!(
        (shown.len(), &shown[0][..], &shown[49][..]),
        (50, "", "line 453")
    );
    assert_eq!(scraper_text(&page, "[data-testid=audit-older-1]"), "Older");
    let older = href(&page, "[data-testid=audit-older-1]");
    let id_453 = first.json()[49]["id"].as_i64().unwrap();
    assert_eq!(older, format!("/team?log=1&before={id_453}#audit-1"));
    let page = page_text(&app, &older, &olga).await;
    let shown = detail_column(&page, "1");
    assert_eq!(
        (shown.len(), &shown[0][..], &shown[49][..]),
        (50, "line 452", "line 403")
    );

    // The organisation's lines page back the same way, in Japanese too.
    let cookie = format!("{ada}; {}=ja", app::i18n::COOKIE);
    let page = page_text(&app, "/team", &cookie).await;
    let shown = detail_column(&page, "instance");
    assert_eq!(
        (shown.len(), &shown[0][..], &shown[49][..]),
        (50, "", "line 12")
    );
    assert_eq!(
        scraper_text(&page, "[data-testid=audit-older-instance]"),
        "古い記録"
    );
    let older = href(&page, "[data-testid=audit-older-instance]");
    let page = page_text(&app, &older, &cookie).await;
    assert_eq!(
        detail_column(&page, "instance"),
        (1..=11)
            .rev()
            .map(|n| format!("line {n}"))
            .collect::<Vec<_>>()
    );
    assert_eq!(texts(&page, "[data-testid=audit-older-instance]").len(), 0);
    // Team 1's log still starts at its newest line.
    assert_eq!(detail_column(&page, "1")[0], "");
    let instance = api_get(&app, "/api/v1/audit", &ada).await;
    assert_eq!(details(&instance.json()).len(), 61);
    assert_eq!(instance.headers.get("link"), None);
}
