//! Shared test set-up: a fresh app per test, requests, fixtures and the golden sheets.

use std::path::PathBuf;

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use leptos::prelude::LeptosOptions;
use server::AppState;
use tower::ServiceExt;
use workbench_store::Store;

/// The app over a fresh in-memory SQLite database.
pub struct TestApp {
    pub router: Router,
    pub store: Store,
}

/// A response with its body read.
pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl TestResponse {
    /// The body as JSON (panics with the body when it is not JSON).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    /// The body as UTF-8 text.
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("a UTF-8 body")
    }

    /// The status and the body as text, to compare both at once.
    pub fn status_text(&self) -> (u16, String) {
        (self.status.as_u16(), self.text())
    }

    /// A header's value as text.
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .unwrap_or_else(|| panic!("no {name} header in {:?}", self.headers))
            .to_str()
            .expect("an ASCII header")
    }
}

/// A fresh app: its own in-memory SQLite database, migrated.
pub async fn spawn_app() -> TestApp {
    let store = Store::connect("sqlite::memory:")
        .await
        .expect("in-memory SQLite");
    app_on(store)
}

/// `GET uri` on a fresh app, with nothing stored.
pub async fn get_fresh(uri: &str) -> TestResponse {
    spawn_app().await.get(uri).await
}

/// `POST uri` with `body` on a fresh app, with nothing stored.
pub async fn post_fresh(uri: &str, body: impl Into<Body>) -> TestResponse {
    spawn_app().await.post(uri, body).await
}

/// A fresh app with `tsv` stored through the API as the sheet `name`; the app and the
/// sheet's id.
pub async fn spawn_with_sheet(name: &str, tsv: &str) -> (TestApp, i64) {
    let app = spawn_app().await;
    let id = app.create_sheet(name, tsv).await;
    (app, id)
}

/// An app in team mode (accounts, sessions, roles) on `store`, with a random cookie key.
pub fn team_app_on(store: Store) -> TestApp {
    app_with(store, server::auth::Auth::team(None, false))
}

/// An app in team mode on `store`, and its setup code: what the sign-in that makes the first
/// account, the administrator, must give while the database has no account.
pub fn team_app_for_setup(store: Store) -> (TestApp, String) {
    let auth = server::auth::Auth::team(None, false);
    let code = auth
        .setup_code()
        .expect("a setup code in team mode")
        .to_string();
    (app_with(store, auth), code)
}

/// An app (one server instance) on `store`.
pub fn app_on(store: Store) -> TestApp {
    app_with(store, server::auth::Auth::local())
}

/// An app on `store` in the mode of `auth`.
pub fn app_with(store: Store, auth: server::auth::Auth) -> TestApp {
    app_behind(store, auth, Default::default())
}

/// An app on `store` in the mode of `auth`, believing the `X-Forwarded-*` headers of
/// `proxies`; with proxies, it answers the host name `wb.example.com` too, as a team's
/// server behind its proxy would.
pub fn app_behind(
    store: Store,
    auth: server::auth::Auth,
    proxies: server::forwarded::TrustedProxies,
) -> TestApp {
    let leptos_options = LeptosOptions::builder().output_name("workbench").build();
    let names = if proxies.is_empty() {
        vec![]
    } else {
        vec!["wb.example.com".to_string()]
    };
    let allowed_hosts = server::AllowedHosts::for_site(leptos_options.site_addr, &names);
    let router = server::router(AppState {
        leptos_options,
        store: store.clone(),
        allowed_hosts,
        auth,
        proxies,
    });
    TestApp { router, store }
}

impl TestApp {
    /// Sends one request and reads the whole response.
    pub async fn send(&self, method: Method, uri: &str, body: impl Into<Body>) -> TestResponse {
        self.send_with(method, uri, &[], body).await
    }

    /// Sends one request with extra `headers` and reads the whole response.
    pub async fn send_with(
        &self,
        method: Method,
        uri: &str,
        headers: &[(&str, &str)],
        body: impl Into<Body>,
    ) -> TestResponse {
        self.respond(request(method, uri, headers, body)).await
    }

    /// [`TestApp::send_with`] from the client at the address `peer` (port 40000), as the
    /// connection shows it to the server.
    pub async fn send_from(
        &self,
        peer: [u8; 4],
        method: Method,
        uri: &str,
        headers: &[(&str, &str)],
        body: impl Into<Body>,
    ) -> TestResponse {
        let mut request = request(method, uri, headers, body);
        request
            .extensions_mut()
            .insert(axum::extract::ConnectInfo(std::net::SocketAddr::from((
                peer, 40000,
            ))));
        self.respond(request).await
    }

    /// Sends `request` and reads the whole response.
    async fn respond(&self, request: Request<Body>) -> TestResponse {
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("infallible");
        let (parts, body) = response.into_parts();
        let body = body
            .collect()
            .await
            .expect("a readable body")
            .to_bytes()
            .to_vec();
        TestResponse {
            status: parts.status,
            headers: parts.headers,
            body,
        }
    }

    /// `GET uri`.
    pub async fn get(&self, uri: &str) -> TestResponse {
        self.send(Method::GET, uri, Body::empty()).await
    }

    /// `POST uri` with `body`.
    pub async fn post(&self, uri: &str, body: impl Into<Body>) -> TestResponse {
        self.send(Method::POST, uri, body).await
    }

    /// Calls the server function named `name` (`save_rows`) with `body` as its JSON
    /// arguments, as the page's own code does.
    pub async fn call_json(&self, name: &str, body: &serde_json::Value) -> TestResponse {
        self.send_with(
            Method::POST,
            &server_fn(name),
            &[("content-type", "application/json")],
            body.to_string(),
        )
        .await
    }

    /// A browser's plain form post (no script) of `body` to the server function named `name`
    /// from the page at the path `page` of the site, with the cookies `cookie` if any.
    pub async fn form_post(
        &self,
        name: &str,
        page: &str,
        cookie: Option<&str>,
        body: &str,
    ) -> TestResponse {
        const SITE: &str = "http://127.0.0.1:3000";
        let referer = format!("{SITE}{page}");
        let mut headers = vec![
            ("host", "127.0.0.1:3000"),
            ("origin", SITE),
            ("sec-fetch-site", "same-origin"),
            ("content-type", "application/x-www-form-urlencoded"),
            ("accept", "text/html,application/xhtml+xml"),
            ("referer", referer.as_str()),
        ];
        headers.extend(cookie.map(|cookie| ("cookie", cookie)));
        self.send_with(Method::POST, &server_fn(name), &headers, body.to_string())
            .await
    }

    /// Stores `tsv` as a sheet named `name` through the API; its id.
    pub async fn create_sheet(&self, name: &str, tsv: &str) -> i64 {
        let response = self
            .post(&format!("/api/v1/sheets?name={name}"), tsv.to_string())
            .await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        response.json()["id"].as_i64().expect("an id")
    }

    /// The HTML of the page of the sheet `id`, which must answer 200.
    pub async fn sheet_html(&self, id: i64) -> String {
        let response = self.get(&format!("/sheets/{id}")).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        response.text()
    }
}

/// A request with `headers`, sending TSV unless they name another content type.
fn request(
    method: Method,
    uri: &str,
    headers: &[(&str, &str)],
    body: impl Into<Body>,
) -> Request<Body> {
    let mut request = Request::builder().method(method).uri(uri);
    if !headers
        .iter()
        .any(|(name, _)| name.eq_ignore_ascii_case("content-type"))
    {
        request = request.header("content-type", "text/tab-separated-values; charset=utf-8");
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.body(body.into()).expect("a valid request")
}

/// The bound, the need and the shortfall of an inversion finding, in milliseconds.
pub fn inversion_numbers(finding: &serde_json::Value) -> (Option<u64>, Option<u64>, Option<u64>) {
    (
        finding["bound_ms"].as_u64(),
        finding["need_ms"].as_u64(),
        finding["short_by_ms"].as_u64(),
    )
}

/// Asserts that `response` is `status` with the JSON error `error`, naming the sheet's line
/// `line` (`None`: no line).
pub fn assert_error(response: &TestResponse, status: StatusCode, error: &str, line: Option<u64>) {
    assert_eq!(response.status, status, "{}", response.text());
    assert_eq!(
        response.json(),
        serde_json::json!({"error": error, "line": line})
    );
}

/// Asserts that `response` is `status` with a JSON error that starts with `start`.
pub fn assert_error_starts(response: &TestResponse, status: StatusCode, start: &str) {
    assert_eq!(response.status, status, "{}", response.text());
    let error = response.json()["error"].as_str().map(String::from);
    assert!(
        error.as_deref().is_some_and(|e| e.starts_with(start)),
        "{}",
        response.text()
    );
}

/// Asserts that `GET uri` on a fresh app, with nothing stored, is a JSON 404 with `error`.
pub async fn assert_absent(uri: &str, error: &str) {
    assert_error(&get_fresh(uri).await, StatusCode::NOT_FOUND, error, None);
}

/// Checks `sheet` at `uri` (`/api/v1/check?...`) on a fresh app; the report, once the check
/// answered 200.
pub async fn checked(uri: &str, sheet: impl Into<Body>) -> serde_json::Value {
    let response = spawn_app().await.post(uri, sheet).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

/// The path of a fixture in the workspace's `fixtures/` folder.
pub fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("fixtures")
        .join(name)
}

/// A fixture's text.
pub fn fixture(name: &str) -> String {
    let path = fixture_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// G2 of `golden.md`: G1 with the external API's read timeout 3 s and 3 tries, waits 0.5 s
/// and 1.0 s.
pub fn golden_g2() -> String {
    let g1 = fixture("reservation-en.tsv");
    let g2 = g1
        .replace(
            "read timeout\trequests timeout (read)\tnone\t1.5s",
            "read timeout\trequests timeout (read)\tnone\t3s",
        )
        .replace("2 tries, waits 0.3s", "3 tries, waits 0.5s, 1.0s");
    assert_eq!(
        g2.matches("\t3s\t").count(),
        1,
        "G2 changes the read timeout"
    );
    assert!(
        g2.contains("3 tries, waits 0.5s, 1.0s"),
        "G2 changes the tries"
    );
    g2
}

/// The entry of `list` (a JSON array) whose `key` is `value`.
pub fn find<'a>(list: &'a serde_json::Value, key: &str, value: &str) -> &'a serde_json::Value {
    list.as_array()
        .unwrap_or_else(|| panic!("not an array: {list}"))
        .iter()
        .find(|item| item[key] == value)
        .unwrap_or_else(|| panic!("no {key} = {value:?} in {list:#}"))
}

/// The text of `key` in each entry of `list` (a JSON array of objects), in order.
pub fn texts_of<'a>(list: &'a serde_json::Value, key: &str) -> Vec<&'a str> {
    list.as_array()
        .unwrap_or_else(|| panic!("not an array: {list}"))
        .iter()
        .map(|item| {
            item[key]
                .as_str()
                .unwrap_or_else(|| panic!("no text {key} in {item}"))
        })
        .collect()
}

/// Every registered server function's path.
pub fn server_fns() -> Vec<String> {
    let mut paths: Vec<String> = leptos::server_fn::axum::server_fn_paths()
        .map(|(p, _)| p.to_string())
        .collect();
    paths.sort();
    paths.dedup();
    assert_eq!(paths.len(), 29, "server functions: {paths:?}");
    paths
}

/// The path of the server function named `name` (`rename_sheet`).
pub fn server_fn(name: &str) -> String {
    server_fns()
        .into_iter()
        .find(|p| p.contains(name))
        .unwrap_or_else(|| panic!("no server function {name}"))
}

/// G7 of `golden.md`: G6 (`redirector-retries.tsv`) with `retry on` = `4xx, 5xx, timeout`.
pub fn golden_g7() -> String {
    let g6 = fixture("redirector-retries.tsv");
    let g7 = g6.replace(
        "connect-failure, connect-timeout, header-send",
        "4xx, 5xx, timeout",
    );
    assert_ne!(g6, g7, "G7 changes the retry conditions");
    g7
}

/// Signs `email` in with `password` at `POST /login` (team mode) with `Host: host`; the
/// session cookie (`name=value`), which must be `HttpOnly` and `SameSite=Lax`.
pub async fn sign_in(app: &TestApp, host: &str, email: &str, password: &str) -> String {
    sign_in_form(app, host, email, password, "").await
}

/// The first sign-in of a database without accounts at `POST /login` (team mode) with
/// `Host: host`: makes `email` the administrator with `password`, giving the setup `code`;
/// the session cookie (`name=value`).
pub async fn sign_in_first(
    app: &TestApp,
    host: &str,
    email: &str,
    password: &str,
    code: &str,
) -> String {
    sign_in_form(app, host, email, password, &format!("&setup_code={code}")).await
}

/// [`sign_in`] with `more` (`&name=value...`) after the address and the password.
async fn sign_in_form(
    app: &TestApp,
    host: &str,
    email: &str,
    password: &str,
    more: &str,
) -> String {
    let response = app
        .send_with(
            Method::POST,
            "/login",
            &[
                ("host", host),
                ("content-type", "application/x-www-form-urlencoded"),
            ],
            format!(
                "email={}&password={}{more}",
                email.replace('@', "%40"),
                password.replace(' ', "+")
            ),
        )
        .await;
    assert_eq!(response.status, 303, "{email}: {}", response.text());
    let cookie = response.headers["set-cookie"].to_str().unwrap();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    cookie.split(';').next().unwrap().to_string()
}

/// The PostgreSQL test database: `TEST_POSTGRES_URL`, by default
/// `postgres://postgres@127.0.0.1:5432/test`.
pub fn postgres_base_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_string())
}

/// The schema `schema` of the PostgreSQL database at `base`, made empty (dropped first if a
/// run before left it); the URL that uses it.
pub async fn empty_postgres_schema(base: &str, schema: &str) -> String {
    use sqlx::Connection as _;
    let mut admin = sqlx::PgConnection::connect(base)
        .await
        .unwrap_or_else(|e| panic!("PostgreSQL at {base}: {e}"));
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
    )))
    .execute(&mut admin)
    .await
    .expect("a fresh schema");
    admin.close().await.ok();
    let separator = if base.contains('?') { '&' } else { '?' };
    format!("{base}{separator}options=-c%20search_path%3D{schema}")
}

/// A fresh schema `wb_{name}_{process id}` of the PostgreSQL test database
/// ([`postgres_base_url`]); the URL that uses it.
pub async fn fresh_postgres_schema(name: &str) -> String {
    let schema = format!("wb_{name}_{}", std::process::id());
    empty_postgres_schema(&postgres_base_url(), &schema).await
}

/// The texts of the elements `selector` selects in `html`, whitespace-trimmed.
pub fn texts(html: &str, selector: &str) -> Vec<String> {
    let html = scraper::Html::parse_document(html);
    html.select(&scraper::Selector::parse(selector).unwrap())
        .map(|e| e.text().collect::<String>().trim().to_string())
        .collect()
}
