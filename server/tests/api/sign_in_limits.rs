//! The sign-in limit of team mode: counted per account at a client address and per address,
//! in the database (so two instances on one database share it), in a bounded table whatever
//! is sent, and unable to lock an account's owner out from an address that is not failing.

use axum::http::StatusCode;
use futures_util::StreamExt as _;
use server::auth::{Auth, SignInLimits, MAX_EMAIL_CHARS};
use workbench_store::Store;

use crate::helpers::{app_with, TestApp};
use crate::team::{post_login, post_login_from, Client, Org, FORM, PASSWORD};
/// The cookie key both instances share, as `WORKBENCH_SECRET` does.
const SECRET: &str = "a shared session key of more than thirty-two bytes";
/// A window of an hour: the tests' attempts all fall within one allowance (one more attempt
/// is allowed only after an hour's share of it), however slowly the machine runs them.
const HOUR_MS: i64 = 3_600_000;
/// A window of a day, for the flood of 100,000 attempts.
const DAY_MS: i64 = 86_400_000;

/// `POST /login` for `email` with `password` from the client `address`; the status.
async fn sign_in_from(app: &TestApp, address: [u8; 4], email: &str, password: &str) -> StatusCode {
    let body = format!(
        "email={}&password={}",
        percent_encoding::utf8_percent_encode(email, percent_encoding::NON_ALPHANUMERIC),
        percent_encoding::utf8_percent_encode(password, percent_encoding::NON_ALPHANUMERIC),
    );
    post_login_from(app, address, body).await.status
}

/// A store with the account alice@example.com.
async fn with_alice(store: &Store) {
    Org::on(store.clone()).admin("alice@example.com").await;
}

/// A fresh store with the account alice@example.com, and a team app on it that limits
/// sign-ins by `limits`.
async fn alice_app(limits: SignInLimits) -> (TestApp, Store) {
    let store = Store::connect("sqlite::memory:").await.unwrap();
    with_alice(&store).await;
    (limited_app(store.clone(), limits), store)
}

/// A team app on `store` with the shared cookie key, limiting sign-ins by `limits`.
fn limited_app(store: Store, limits: SignInLimits) -> TestApp {
    app_with(store, Auth::team_with_limits(Some(SECRET), false, limits))
}

/// The default limits, counted over a window of `window_ms` milliseconds.
fn limits_over(window_ms: i64) -> SignInLimits {
    SignInLimits {
        window_ms,
        ..SignInLimits::default()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_address_that_keeps_failing_does_not_lock_the_owner_out() {
    // Arrange
    let (app, _) = alice_app(limits_over(HOUR_MS)).await;
    let attacker = [203, 0, 113, 9];

    // Act: ten wrong passwords for alice from the attacker's address
    for attempt in 1..=10 {
        let status = sign_in_from(&app, attacker, "alice@example.com", "guess").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "attempt {attempt}");
    }

    // Assert: the attacker waits, even with the right password; alice, elsewhere, signs in
    let status = sign_in_from(&app, attacker, "alice@example.com", PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let status = sign_in_from(&app, [198, 51, 100, 7], "alice@example.com", PASSWORD).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sign_in_that_succeeds_forgets_its_count() {
    // Arrange: three a minute for alice at her address
    let limits = SignInLimits {
        per_account_address: 3,
        per_address: 30,
        window_ms: HOUR_MS,
    };
    let (app, _) = alice_app(limits).await;
    let home = [198, 51, 100, 7];

    // Act / Assert: two typos and a success, twice over: six attempts, none limited
    for round in 1..=2 {
        for _ in 0..2 {
            let status = sign_in_from(&app, home, "alice@example.com", "typo").await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "round {round}");
        }
        let status = sign_in_from(&app, home, "alice@example.com", PASSWORD).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "round {round}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn two_instances_on_one_database_share_the_limit() {
    for backend in ["sqlite", "postgres"] {
        // Arrange: two instances, each with its own connection pool to one database
        let (url, _dir) = database(backend).await;
        let first = Store::connect(&url).await.unwrap();
        with_alice(&first).await;
        let second = Store::connect(&url).await.unwrap();
        let one = limited_app(first, limits_over(HOUR_MS));
        let two = limited_app(second, limits_over(HOUR_MS));
        let attacker = [203, 0, 113, 9];

        // Act: ten wrong passwords, alternating between the instances
        for attempt in 1..=10 {
            let app = if attempt % 2 == 0 { &one } else { &two };
            let status = sign_in_from(app, attacker, "alice@example.com", "guess").await;
            assert_eq!(
                status,
                StatusCode::UNAUTHORIZED,
                "{backend}: attempt {attempt}"
            );
        }

        // Assert: the eleventh waits on either instance
        for app in [&one, &two] {
            let status = sign_in_from(app, attacker, "alice@example.com", "guess").await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{backend}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hundred_thousand_unique_addresses_keep_the_table_bounded() {
    // Arrange
    let (app, store) = alice_app(limits_over(DAY_MS)).await;
    let attacker = [203, 0, 113, 9];

    // Act: 100,000 sign-ins, each naming an account never named before, with the longest
    // address taken, from one client
    let local = "x".repeat(MAX_EMAIL_CHARS - "-000000@example.com".len());
    let statuses: Vec<StatusCode> = futures_util::stream::iter(0..100_000)
        .map(|n| {
            let app = &app;
            let email = format!("{local}-{n:06}@example.com");
            async move { sign_in_from(app, attacker, &email, "guess").await }
        })
        .buffer_unordered(8)
        .collect()
        .await;

    // Assert: the address's first 30 are answered, the rest wait; the table holds the
    // address's bucket and one per account named before the address was limited (fewer
    // when two accounts share a bucket)
    let answered = statuses
        .iter()
        .filter(|s| **s == StatusCode::UNAUTHORIZED)
        .count();
    let limited = statuses
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!((answered, limited), (30, 99_970));
    let buckets = store.sign_in_buckets().await.unwrap();
    assert!(
        (2..=31).contains(&buckets),
        "one bucket for the address, one per account counted: {buckets}"
    );
    // The audit log: the 30 answered, and one line for the 99,970 refused.
    let log = store.audit_page(None, None, 1_000).await.unwrap();
    let count = |action: &str| log.iter().filter(|line| line.action == action).count();
    assert_eq!(
        (count("sign-in-failed"), count("sign-in-limited"), log.len()),
        (30, 1, 31)
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_address_too_long_or_a_body_too_large_is_refused_before_anything_is_stored() {
    // Arrange
    let store = Store::connect("sqlite::memory:").await.unwrap();
    with_alice(&store).await;
    let app = app_with(store.clone(), Auth::team(Some(SECRET), false));

    // Act: an address of 255 characters, then a body of 1 MB
    let long = format!("{}@example.com", "x".repeat(MAX_EMAIL_CHARS + 1 - 12));
    assert_eq!(long.chars().count(), 255);
    let response = post_login(
        &app,
        format!("email={}&password=guess", long.replace('@', "%40")),
    )
    .await;
    let body = format!("email={}%40example.com&password=guess", "x".repeat(1 << 20));
    let length = body.len().to_string();
    let huge = Client::with(&app, &[("content-type", FORM), ("content-length", &length)])
        .post("/login", body)
        .await;

    // Assert: the reason, in the page's language; nothing counted
    assert_eq!(response.status, StatusCode::BAD_REQUEST);
    let page = scraper::Html::parse_document(&response.text());
    let error: Vec<String> = page
        .select(&scraper::Selector::parse("[role=alert]").unwrap())
        .map(|e| e.text().collect())
        .collect();
    assert_eq!(
        error,
        ["An e-mail address has at most 254 characters."],
        "{}",
        response.text()
    );
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(store.sign_in_buckets().await.unwrap(), 0);
    assert_eq!(store.audit_page(None, None, 10).await.unwrap(), []);
}

/// A database of `backend` for two stores: a SQLite file in a temporary folder (kept while
/// the folder is), or a fresh schema of the PostgreSQL test database.
async fn database(backend: &str) -> (String, Option<tempfile::TempDir>) {
    if backend == "sqlite" {
        let dir = tempfile::tempdir().unwrap();
        let url = format!(
            "sqlite://{}?mode=rwc",
            dir.path().join("limits.db").display()
        );
        return (url, Some(dir));
    }
    (
        crate::helpers::fresh_postgres_schema("sign_in_limits").await,
        None,
    )
}
