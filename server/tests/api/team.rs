//! Team mode's test set-up: the password every test account has, the host and content types
//! the requests name, a builder of accounts, teams and roles on a store, and a client that
//! sends each request of one caller with the same headers.

use axum::body::Body;
use axum::http::Method;
use workbench_store::access::{Access, Role};
use workbench_store::Store;

use crate::helpers::{fixture, team_app_on, TestApp, TestResponse};

/// The password of every account the tests make.
pub const PASSWORD: &str = "a long password for tests";
/// The host every request names (the server's own address).
pub const HOST: &str = "127.0.0.1:3000";
/// The site's own origin, as its pages send it.
pub const SITE: &str = "http://127.0.0.1:3000";
/// The content type of an HTML form's post.
pub const FORM: &str = "application/x-www-form-urlencoded";
/// The content type of a JSON body.
pub const JSON: &str = "application/json";

/// A store being given accounts (each with [`PASSWORD`]), teams and roles.
pub struct Org {
    pub store: Store,
    /// [`PASSWORD`] hashed once, as the store keeps it.
    pub hash: String,
}

impl Org {
    /// A fresh in-memory SQLite store.
    pub async fn in_memory() -> Org {
        Org::on(Store::connect("sqlite::memory:").await.unwrap())
    }

    /// `store`, to add to.
    pub fn on(store: Store) -> Org {
        let hash = server::auth::hash_password(PASSWORD).unwrap();
        Org { store, hash }
    }

    /// The administrator `email`; its account id.
    pub async fn admin(&self, email: &str) -> i64 {
        self.store
            .create_account(email, &self.hash, true)
            .await
            .unwrap()
    }

    /// The account `email`, in no team and no administrator; its id.
    pub async fn account(&self, email: &str) -> i64 {
        self.store
            .create_account(email, &self.hash, false)
            .await
            .unwrap()
    }

    /// The team `name`; its id.
    pub async fn team(&self, name: &str) -> i64 {
        self.store.create_team(name).await.unwrap()
    }

    /// The account `email` with `role` in `team`; its id.
    pub async fn member(&self, team: i64, email: &str, role: Role) -> i64 {
        let id = self.account(email).await;
        self.store.set_role(team, id, Some(role)).await.unwrap();
        id
    }

    /// What the account `email` may do, as its requests carry it.
    pub async fn access(&self, email: &str) -> Access {
        let account = self.store.account_by_email(email).await.unwrap().unwrap();
        self.store.access_of(&account).await.unwrap()
    }

    /// Golden G1 (`reservation-en.tsv`) stored as the sheet `name` by `access`; its id.
    pub async fn g1_sheet(&self, access: Access, name: &str) -> i64 {
        let rows = budget::tsv::import(&fixture("reservation-en.tsv"))
            .unwrap()
            .rows;
        self.store
            .scoped(access)
            .create_sheet(
                &name.parse().unwrap(),
                &budget::Sheet::new(budget::Lang::En, rows),
            )
            .await
            .unwrap()
    }

    /// A team-mode app on this store.
    pub fn app(&self) -> TestApp {
        team_app_on(self.store.clone())
    }
}

/// Signs `email` in with [`PASSWORD`]; the session cookie (`name=value`).
pub async fn sign_in(app: &TestApp, email: &str) -> String {
    crate::helpers::sign_in(app, HOST, email, PASSWORD).await
}

/// Stores golden G1 (`reservation-en.tsv`) as the sheet "G1" with the session `cookie`.
pub async fn create_g1(app: &TestApp, cookie: &str) {
    let created = Client::cookie(app, cookie)
        .post("/api/v1/sheets?name=G1", fixture("reservation-en.tsv"))
        .await;
    assert_eq!(created.status, 201, "{}", created.text());
}

/// Posts the sign-in form `form` (`email=...&password=...`) to `/login`.
pub async fn post_login(app: &TestApp, form: impl Into<Body>) -> TestResponse {
    app.send_with(
        Method::POST,
        "/login",
        &[("host", HOST), ("content-type", FORM)],
        form,
    )
    .await
}

/// Posts the sign-in form `form` to `/login` from the client at the address `peer`.
pub async fn post_login_from(app: &TestApp, peer: [u8; 4], form: impl Into<Body>) -> TestResponse {
    app.send_from(
        peer,
        Method::POST,
        "/login",
        &[("host", HOST), ("content-type", FORM)],
        form,
    )
    .await
}

/// `GET path` with no credential.
pub async fn get_anonymous(app: &TestApp, path: &str) -> TestResponse {
    app.send_with(Method::GET, path, &[("host", HOST)], "")
        .await
}

/// The status of a redirect and where it goes (its `Location`).
pub fn redirect(response: &TestResponse) -> (u16, &str) {
    (response.status.as_u16(), response.header("location"))
}

/// The actor, action and detail of each line of an audit log (a JSON array), newest first.
pub fn audit_lines(log: &serde_json::Value) -> Vec<(&str, &str, &str)> {
    log.as_array()
        .unwrap_or_else(|| panic!("not an audit log: {log}"))
        .iter()
        .map(|e| {
            (
                e["actor"].as_str().unwrap(),
                e["action"].as_str().unwrap(),
                e["detail"].as_str().unwrap(),
            )
        })
        .collect()
}

/// One caller of an app: every request names [`HOST`] and carries the same headers (a
/// session cookie or an API token, and a content type).
pub struct Client<'a> {
    app: &'a TestApp,
    headers: Vec<(&'static str, String)>,
}

impl<'a> Client<'a> {
    /// The caller with the session `cookie`, sending JSON bodies.
    pub fn json(app: &'a TestApp, cookie: &str) -> Client<'a> {
        Client::with(app, &[("content-type", JSON), ("cookie", cookie)])
    }

    /// The caller with the session `cookie` and no content type of its own.
    pub fn cookie(app: &'a TestApp, cookie: &str) -> Client<'a> {
        Client::with(app, &[("cookie", cookie)])
    }

    /// The caller with the session `cookie` on a page of the site itself: its forms and
    /// scripts send `content_type` with the site's own `Origin`.
    pub fn from_page(app: &'a TestApp, cookie: &str, content_type: &str) -> Client<'a> {
        Client::with(
            app,
            &[
                ("cookie", cookie),
                ("content-type", content_type),
                ("origin", SITE),
            ],
        )
    }

    /// The caller with the API token `token` (`wb_...`).
    pub fn bearer(app: &'a TestApp, token: &str) -> Client<'a> {
        Client::with(app, &[("authorization", &format!("Bearer {token}"))])
    }

    /// The caller sending `headers` beside `host` on every request.
    pub fn with(app: &'a TestApp, headers: &[(&'static str, &str)]) -> Client<'a> {
        let mut all = vec![("host", HOST.to_string())];
        all.extend(headers.iter().map(|(k, v)| (*k, v.to_string())));
        Client { app, headers: all }
    }

    /// Sends `method path` with `body`.
    pub async fn send(&self, method: Method, path: &str, body: impl Into<Body>) -> TestResponse {
        let headers: Vec<(&str, &str)> =
            self.headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        self.app.send_with(method, path, &headers, body).await
    }

    /// `GET path`.
    pub async fn get(&self, path: &str) -> TestResponse {
        self.send(Method::GET, path, "").await
    }

    /// `POST path` with `body`.
    pub async fn post(&self, path: &str, body: impl Into<Body>) -> TestResponse {
        self.send(Method::POST, path, body).await
    }

    /// `PUT path` with `body`.
    pub async fn put(&self, path: &str, body: impl Into<Body>) -> TestResponse {
        self.send(Method::PUT, path, body).await
    }

    /// `DELETE path`.
    pub async fn delete(&self, path: &str) -> TestResponse {
        self.send(Method::DELETE, path, "").await
    }
}
