//! What a trial of team mode found, each pinned: an answer that shows a token or an
//! invitation link is kept by no cache; an open event stream stops at once when its caller may
//! no longer read the sheet.

use std::time::Duration;

use app::ssr::access::{Role, TokenScope};
use app::ssr::Store;
use axum::body::Body;
use axum::http::Method;
use http_body_util::BodyExt;
use tower::ServiceExt;

use crate::helpers::{fixture, golden_g2, team_app_on, TestApp, TestResponse};

const PASSWORD: &str = "a long password for tests";
const HOST: &str = "127.0.0.1:3000";
const FORM: &str = "application/x-www-form-urlencoded";

/// Team 1 "Payments" with its owner olga (account 2) and vic, a viewer (account 3); ada
/// (account 1) the administrator.
async fn world() -> TestApp {
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let hash = server::auth::hash_password(PASSWORD).unwrap();
    store
        .create_account("ada@example.com", &hash, true)
        .await
        .unwrap();
    let payments = store.create_team("Payments").await.unwrap();
    for (email, role) in [
        ("olga@example.com", Role::Owner),
        ("vic@example.com", Role::Viewer),
    ] {
        let id = store.create_account(email, &hash, false).await.unwrap();
        store.set_role(payments, id, Some(role)).await.unwrap();
    }
    team_app_on(store)
}

/// Signs `email` in; the session cookie (`name=value`).
async fn sign_in(app: &TestApp, email: &str) -> String {
    crate::helpers::sign_in(app, HOST, email, PASSWORD).await
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
    let saved = app
        .send_with(
            Method::PUT,
            &format!("/api/v1/sheets/{id}"),
            &[("host", HOST), ("cookie", olga), ("if-match", "*")],
            tsv,
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stream_ends_without_the_next_save_once_its_caller_may_no_longer_read() {
    // Arrange: olga's sheet 1 of team 1; vic, a viewer, and a read token of the team.
    let app = world().await;
    let olga = sign_in(&app, "olga@example.com").await;
    let created = app
        .send_with(
            Method::POST,
            "/api/v1/sheets?name=G1",
            &[("host", HOST), ("cookie", &olga)],
            fixture("reservation-en.tsv"),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.text());
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

/// `method path` with `body` as `cookie`'s, of `content_type`.
async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    cookie: &str,
    content_type: &str,
    body: &str,
) -> TestResponse {
    app.send_with(
        method,
        path,
        &[
            ("host", HOST),
            ("cookie", cookie),
            ("content-type", content_type),
            ("origin", "http://127.0.0.1:3000"),
        ],
        body.to_string(),
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn every_answer_that_shows_a_token_or_an_invitation_link_is_not_stored() {
    let app = world().await;
    let olga = sign_in(&app, "olga@example.com").await;
    let json = "application/json";
    let mut links = Vec::new();
    // (what, answer, status, the secret it shows)
    let mut answers: Vec<(&str, TestResponse, u16, String)> = Vec::new();
    let made = send(
        &app,
        Method::POST,
        "/team/tokens",
        &olga,
        FORM,
        "team=1&name=ci&scope=check",
    )
    .await;
    let token = scraper_text(&made.text(), "[data-testid=new-token]");
    answers.push(("the Teams page's new token", made, 200, token));
    let made = send(
        &app,
        Method::POST,
        "/team/invites",
        &olga,
        FORM,
        "team=1&email=quinn%40example.com&role=viewer",
    )
    .await;
    let link = scraper_text(&made.text(), "[data-testid=invite-link]");
    links.push(link.replace("http://127.0.0.1:3000", ""));
    answers.push(("the Teams page's new invitation", made, 200, link));
    let made = send(
        &app,
        Method::POST,
        "/api/v1/teams/1/tokens",
        &olga,
        json,
        r#"{"name":"cd","scope":"read"}"#,
    )
    .await;
    let token = made.json()["token"].as_str().unwrap().to_string();
    answers.push(("POST /api/v1/teams/1/tokens", made, 201, token));
    let made = send(
        &app,
        Method::POST,
        "/api/v1/invites",
        &olga,
        json,
        r#"{"email":"rita@example.com","team":1,"role":"editor"}"#,
    )
    .await;
    let link = made.json()["link"].as_str().unwrap().to_string();
    links.push(link.clone());
    answers.push(("POST /api/v1/invites", made, 201, link));
    // The invitation's page, opened and sent back with a password too short: its form holds
    // the link's token.
    let opened = app
        .send_with(Method::GET, &links[0], &[("host", HOST)], "")
        .await;
    let token = links[0].trim_start_matches("/login?invite=").to_string();
    answers.push(("GET /login?invite=…", opened, 200, token.clone()));
    let short = app
        .send_with(
            Method::POST,
            "/login",
            &[("host", HOST), ("content-type", FORM)],
            format!("invite={token}&password=short"),
        )
        .await;
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
    let page = app
        .send_with(
            Method::GET,
            "/team",
            &[("host", HOST), ("cookie", &olga)],
            "",
        )
        .await;
    assert_eq!(page.status, 200);
    assert_eq!(page.headers.get("cache-control"), None);
}

/// The text of the one element `selector` selects in `html`.
fn scraper_text(html: &str, selector: &str) -> String {
    let html = scraper::Html::parse_document(html);
    let found: Vec<String> = html
        .select(&scraper::Selector::parse(selector).unwrap())
        .map(|e| e.text().collect::<String>().trim().to_string())
        .collect();
    assert_eq!(found.len(), 1, "{selector}: {found:?}");
    found[0].clone()
}
