//! The UI language: the first visit follows `Accept-Language`, the header's switch posts to
//! `/ui-lang`, which keeps the choice in a cookie and goes back to the page; the page is
//! rendered on the server in that language.

use axum::body::Body;
use axum::http::{Method, StatusCode};

use crate::helpers::{fixture, server_fn, spawn_app, spawn_with_sheet, TestApp, TestResponse};

const SITE: &str = "http://127.0.0.1:3000";

/// The header's form post, from this site's page.
async fn switch(app: &TestApp, body: &str, origin: &str) -> TestResponse {
    let headers = [
        ("host", "127.0.0.1:3000"),
        ("origin", origin),
        ("content-type", "application/x-www-form-urlencoded"),
    ];
    app.send_with(Method::POST, "/ui-lang", &headers, body.to_string())
        .await
}

/// `GET uri` with `headers`.
async fn page(app: &TestApp, uri: &str, headers: &[(&str, &str)]) -> String {
    let response = app
        .send_with(Method::GET, uri, headers, Body::empty())
        .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.text()
}

#[tokio::test]
async fn the_switch_keeps_the_language_in_a_cookie_and_goes_back_to_the_page() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = switch(&app, "lang=ja&back=%2Fsheets%2F3%3Fsince%3D2", SITE).await;

    // Assert
    assert_eq!(
        response.status,
        StatusCode::SEE_OTHER,
        "{}",
        response.text()
    );
    assert_eq!(response.header("location"), "/sheets/3?since=2");
    assert_eq!(
        response.header("set-cookie"),
        "ui-lang=ja; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly"
    );
}

#[tokio::test]
async fn the_switch_goes_back_only_to_a_page_of_this_site() {
    // Arrange
    let app = spawn_app().await;

    for back in [
        "%2F%2Fevil.example%2F",
        "https%3A%2F%2Fevil.example%2F",
        "%2F%5Cevil.example",
        "",
    ] {
        // Act
        let response = switch(&app, &format!("lang=en&back={back}"), SITE).await;

        // Assert
        assert_eq!(response.status, StatusCode::SEE_OTHER, "{back}");
        assert_eq!(response.header("location"), "/", "{back}");
    }
}

#[tokio::test]
async fn the_switch_refuses_another_site_and_another_language() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let cross_site = switch(&app, "lang=ja&back=%2F", "http://evil.example").await;
    let unknown = switch(&app, "lang=fr&back=%2F", SITE).await;

    // Assert
    assert_eq!(cross_site.status, StatusCode::FORBIDDEN);
    assert!(cross_site.headers.get("set-cookie").is_none());
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert_eq!(unknown.text(), "the language must be en or ja, not \"fr\"");
}

#[tokio::test]
async fn the_page_is_rendered_in_the_language_asked_for() {
    // Arrange
    let (app, id) = spawn_with_sheet("plan", &fixture("reservation-en.tsv")).await;
    let sheet = format!("/sheets/{id}");

    // Act
    let default = page(&app, "/", &[]).await;
    let japanese = page(&app, "/", &[("accept-language", "ja-JP,ja;q=0.9,en;q=0.8")]).await;
    let chosen = page(
        &app,
        "/",
        &[("accept-language", "ja"), ("cookie", "ui-lang=en")],
    )
    .await;
    let japanese_sheet = page(&app, &sheet, &[("cookie", "ui-lang=ja")]).await;

    // Assert
    assert!(default.contains(r#"<html lang="en""#), "{default}");
    assert!(default.contains("<h1>Sheets</h1>"), "{default}");
    assert!(japanese.contains(r#"<html lang="ja""#), "{japanese}");
    assert!(japanese.contains("<h1>シート</h1>"), "{japanese}");
    assert!(japanese.contains("<title>シート · タイムアウト予算ワークベンチ</title>"));
    assert!(chosen.contains(r#"<html lang="en""#));
    assert!(chosen.contains("<h1>Sheets</h1>"));
    // The page's words in Japanese, the sheet's English headers and report as they are.
    assert!(japanese_sheet.contains(">ノード</h2>"), "{japanese_sheet}");
    assert!(
        japanese_sheet.contains(r#"class="col-layer">layer<span"#),
        "{japanese_sheet}"
    );
    assert!(japanese_sheet.contains("7.8 s"), "{japanese_sheet}");
    assert!(
        japanese_sheet.contains(&format!(r#"name="back" value="{sheet}""#)),
        "{japanese_sheet}"
    );
}

/// A call of the server function `name` from this site's page, its body JSON when it starts
/// with `{` (else a form), with `language` as the browser's `Accept-Language`.
async fn call(app: &TestApp, name: &str, body: String, language: &str) -> TestResponse {
    let content_type = if body.starts_with('{') {
        "application/json"
    } else {
        "application/x-www-form-urlencoded"
    };
    let headers = [
        ("host", "127.0.0.1:3000"),
        ("origin", SITE),
        ("content-type", content_type),
        ("accept-language", language),
    ];
    app.send_with(Method::POST, &server_fn(name), &headers, body)
        .await
}

#[tokio::test]
async fn a_server_functions_refusal_is_in_the_language_of_the_page() {
    // Arrange
    let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;
    let bad_tsv = format!(r#"{{"id":{id},"base":1,"tsv":"a\tb"}}"#);
    let bad_name = format!("id={id}&name=+++");
    let missing = "id=99".to_string();

    // Act
    let tsv_ja = call(&app, "import_rows", bad_tsv.clone(), "ja-JP,ja;q=0.9").await;
    let tsv_en = call(&app, "import_rows", bad_tsv, "en-US").await;
    let name_ja = call(&app, "rename_sheet", bad_name, "ja").await;
    let missing_ja = call(&app, "get_sheet", missing, "ja").await;

    // Assert: the server wrote the reason in the request's language; the kind of error
    // (and so the page's own words for it) stays the same
    assert_eq!(tsv_ja.status, StatusCode::BAD_REQUEST, "{}", tsv_ja.text());
    assert_eq!(
        tsv_ja.json(),
        serde_json::json!({"Tsv": {
            "line": 1,
            "message": "1 行目: セルが 8 個必要ですが 2 個です。各行はタブ区切りでちょうど 8 個のセルが必要です"
        }})
    );
    assert_eq!(
        tsv_en.json(),
        serde_json::json!({"Tsv": {
            "line": 1,
            "message": "line 1: expected 8 cells, found 2; each row needs exactly 8 tab-separated cells"
        }})
    );
    assert_eq!(
        name_ja.json(),
        serde_json::json!({"BadName": {
            "name": "   ",
            "message": "シート名は前後の空白を除いて 1〜200 文字です。\"   \" は 0 文字です"
        }})
    );
    assert_eq!(
        missing_ja.status,
        StatusCode::NOT_FOUND,
        "{}",
        missing_ja.text()
    );
    assert_eq!(missing_ja.json(), serde_json::json!({"NotFound": 99}));
    let error: app::error::AppError = serde_json::from_value(missing_ja.json()).unwrap();
    assert_eq!(
        error.message(budget::Lang::Ja),
        "シート 99 はありません（削除された可能性があります）"
    );
    assert_eq!(app.store.get_sheet(id).await.unwrap().name, "mine");
}
