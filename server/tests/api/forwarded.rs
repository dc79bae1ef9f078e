//! Behind a reverse proxy that terminates TLS: `X-Forwarded-For` and
//! `X-Forwarded-Proto` count only from `WORKBENCH_TRUSTED_PROXIES`; then session cookies set
//! over `https` are `Secure`, a writing request's `Origin` must be `https://` too, and
//! sign-ins are limited per client, not per proxy.

use axum::body::Body;
use axum::http::Method;

use crate::helpers::{app_behind, TestApp};
use crate::team::{Org, FORM, PASSWORD};

/// The proxy's host name for the server.
const HOST: &str = "wb.example.com";

/// A team app on a fresh database with one account, believing the proxy at 127.0.0.1.
async fn behind_proxy(sign_ins_per_minute: u32) -> TestApp {
    let org = Org::in_memory().await;
    org.admin("ana@example.com").await;
    app_behind(
        org.store,
        server::auth::Auth::team_limited(None, false, sign_ins_per_minute),
        server::forwarded::TrustedProxies::parse(Some("127.0.0.1")).unwrap(),
    )
}

/// `POST /login` as `email` from the peer `peer` with `headers`; the status and its
/// `Set-Cookie`.
async fn sign_in(
    app: &TestApp,
    peer: [u8; 4],
    headers: &[(&str, &str)],
    email: &str,
    password: &str,
) -> (u16, Option<String>) {
    let mut all = vec![("host", HOST), ("content-type", FORM)];
    all.extend_from_slice(headers);
    let body = format!(
        "email={}&password={}",
        email.replace('@', "%40"),
        password.replace(' ', "+")
    );
    let response = app
        .send_from(peer, Method::POST, "/login", &all, body)
        .await;
    let cookie = response
        .headers
        .get("set-cookie")
        .map(|value| value.to_str().unwrap().to_string());
    (response.status.as_u16(), cookie)
}

/// Signs ana in from `peer` with `headers`, which must succeed; her session's `Set-Cookie`.
async fn ana_session(app: &TestApp, peer: [u8; 4], headers: &[(&str, &str)]) -> String {
    let (status, cookie) = sign_in(app, peer, headers, "ana@example.com", PASSWORD).await;
    assert_eq!(status, 303, "{peer:?}");
    cookie.expect("a session cookie")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_cookie_is_secure_when_a_trusted_proxy_says_https() {
    let app = behind_proxy(10).await;
    let https = [("x-forwarded-proto", "https")];
    let cookie = ana_session(&app, [127, 0, 0, 1], &https).await;
    assert!(cookie.starts_with("workbench_session="), "{cookie}");
    assert!(
        cookie.contains("; HttpOnly; SameSite=Lax; Secure;"),
        "{cookie}"
    );
    // Plain HTTP through the proxy, or `https` claimed by someone who is not the proxy: the
    // server itself is on loopback, so no `Secure`.
    for (peer, headers) in [
        ([127, 0, 0, 1], &[("x-forwarded-proto", "http")][..]),
        ([192, 0, 2, 7], &https[..]),
    ] {
        let cookie = ana_session(&app, peer, headers).await;
        assert!(!cookie.contains("Secure"), "{peer:?}: {cookie}");
        assert!(cookie.contains("; HttpOnly; SameSite=Lax;"), "{cookie}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn over_https_a_page_on_plain_http_of_the_same_host_cannot_write() {
    let app = behind_proxy(10).await;
    let https = [("x-forwarded-proto", "https")];
    let cookie = ana_session(&app, [127, 0, 0, 1], &https).await;
    let session = cookie.split(';').next().unwrap().to_string();
    // Signing out is a write: the page that asks must be the site's own.
    let send = |method: Method, path: &'static str, origin: Option<&'static str>, peer: [u8; 4]| {
        let mut headers = vec![
            ("host", HOST),
            ("x-forwarded-proto", "https"),
            ("cookie", session.as_str()),
        ];
        headers.extend(origin.map(|origin| ("origin", origin)));
        let app = &app;
        async move {
            app.send_from(peer, method, path, &headers, Body::empty())
                .await
                .status_text()
        }
    };
    let proxy = [127, 0, 0, 1];
    let (status, body) = send(
        Method::POST,
        "/logout",
        Some("http://wb.example.com"),
        proxy,
    )
    .await;
    assert_eq!(status, 403);
    assert_eq!(
        body,
        r#"{"error":"a request from another site cannot change this workbench: its Origin is \"http://wb.example.com\"","line":null}"#
    );
    // Refused, so still signed in.
    let (status, body) = send(Method::GET, "/api/v1/me", None, proxy).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#""email":"ana@example.com""#), "{body}");
    // Without the proxy's word (a peer that is not trusted) either scheme is the site's own.
    let (status, _) = send(
        Method::POST,
        "/logout",
        Some("http://wb.example.com"),
        [192, 0, 2, 7],
    )
    .await;
    assert_eq!(status, 303);
    let (status, _) = send(Method::GET, "/api/v1/me", None, proxy).await;
    assert_eq!(status, 401);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_https_page_of_the_site_signs_out() {
    let app = behind_proxy(10).await;
    let https = [("x-forwarded-proto", "https")];
    let (_, cookie) = sign_in(&app, [127, 0, 0, 1], &https, "ana@example.com", PASSWORD).await;
    let session = cookie.unwrap().split(';').next().unwrap().to_string();
    let response = app
        .send_from(
            [127, 0, 0, 1],
            Method::POST,
            "/logout",
            &[
                ("host", HOST),
                ("origin", "https://wb.example.com"),
                ("x-forwarded-proto", "https"),
                ("cookie", session.as_str()),
            ],
            Body::empty(),
        )
        .await;
    assert_eq!(response.status, 303);
    assert_eq!(response.header("location"), "/login");
}

#[tokio::test(flavor = "multi_thread")]
async fn behind_a_trusted_proxy_sign_ins_are_limited_per_client_not_per_proxy() {
    let app = behind_proxy(3).await;
    let wrong = "not the password";
    let proxy = [127, 0, 0, 1];
    let via = |client: &'static str| [("x-forwarded-for", client)];
    // Each try names another account, so only the limit per address can bite.
    for n in 1..=3 {
        let email = format!("guess{n}@example.com");
        let (status, _) = sign_in(&app, proxy, &via("203.0.113.1"), &email, wrong).await;
        assert_eq!(status, 401, "attempt {n}");
    }
    let (status, _) = sign_in(
        &app,
        proxy,
        &via("203.0.113.1"),
        "guess4@example.com",
        wrong,
    )
    .await;
    assert_eq!(status, 429);
    // Another client through the same proxy has its own limit.
    let (status, _) = sign_in(
        &app,
        proxy,
        &via("203.0.113.2"),
        "guess5@example.com",
        wrong,
    )
    .await;
    assert_eq!(status, 401);
    // A peer that is not a trusted proxy cannot dodge its limit by making up clients.
    for n in 6..=8 {
        let email = format!("guess{n}@example.com");
        let client = [(
            "x-forwarded-for",
            if n % 2 == 0 {
                "198.51.100.1"
            } else {
                "198.51.100.2"
            },
        )];
        let (status, _) = sign_in(&app, [192, 0, 2, 7], &client, &email, wrong).await;
        assert_eq!(status, 401, "attempt {n}");
    }
    let (status, _) = sign_in(
        &app,
        [192, 0, 2, 7],
        &[("x-forwarded-for", "198.51.100.3")],
        "guess9@example.com",
        wrong,
    )
    .await;
    assert_eq!(status, 429);
}
