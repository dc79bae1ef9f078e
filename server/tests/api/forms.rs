//! The sheet list's writes as plain form posts (no JavaScript, or before hydration): each goes
//! to its server function as `application/x-www-form-urlencoded` with `Accept: text/html`, and
//! the answer is a `302` to the page to show next. Also what the hydrated page's own calls get
//! instead: the same `Location`, without the `302`.

use axum::http::{Method, StatusCode};
use workbench_store::SheetSummary;

use crate::helpers::{fixture, server_fn, spawn_app, spawn_with_sheet, TestApp, TestResponse};

/// A browser's form post from `page` (a path of the site) to server function `name`.
async fn form_post(app: &TestApp, name: &str, page: &str, body: &str) -> TestResponse {
    app.form_post(name, page, None, body).await
}

/// The sheet list's form of the server function `name` posted with `body` on a fresh app,
/// which must answer with a `302` to the page of the one sheet it made; that sheet.
async fn made_by_form(name: &str, body: &str) -> SheetSummary {
    let app = spawn_app().await;
    let response = form_post(&app, name, "/", body).await;
    assert_eq!(response.status, StatusCode::FOUND, "{}", response.text());
    let mut list = app.store.list_sheets().await.unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(
        response.header("location"),
        format!("/sheets/{}", list[0].id)
    );
    list.remove(0)
}

/// The rename form of the sheet `id`, open on the list, posted with the new name `name`
/// (form-encoded).
async fn rename(app: &TestApp, id: i64, name: &str) -> TestResponse {
    let page = format!("/?rename={id}");
    form_post(app, "rename_sheet", &page, &format!("id={id}&name={name}")).await
}

/// The hydrated page's own call of the server function `name` with the form `body` and the
/// headers `extra`.
async fn page_call(app: &TestApp, name: &str, extra: &[(&str, &str)], body: &str) -> TestResponse {
    let mut headers = vec![
        ("host", "127.0.0.1:3000"),
        ("content-type", "application/x-www-form-urlencoded"),
    ];
    headers.extend_from_slice(extra);
    app.send_with(Method::POST, &server_fn(name), &headers, body.to_string())
        .await
}

#[tokio::test]
async fn a_blank_sheet_posted_as_a_form_opens_its_page() {
    // Act
    let sheet = made_by_form("create_sheet", "name=+no-js+plan+&lang=ja").await;

    // Assert
    assert_eq!(
        (sheet.name.as_str(), sheet.lang, sheet.rows),
        ("no-js plan", budget::Lang::Ja, 0)
    );
}

/// The header language the blank sheet's form offers first on the sheet list rendered with
/// `headers`: the `value` of its selected option.
async fn offered_header_lang(app: &TestApp, headers: &[(&str, &str)]) -> String {
    let html = app
        .send_with(Method::GET, "/", headers, axum::body::Body::empty())
        .await
        .text();
    let document = scraper::Html::parse_document(&html);
    let selected =
        scraper::Selector::parse(r#"[data-testid="new-sheet-lang"] option[selected]"#).unwrap();
    let options: Vec<_> = document
        .select(&selected)
        .filter_map(|option| option.value().attr("value"))
        .collect();
    assert_eq!(options.len(), 1, "one option selected: {options:?}");
    options[0].to_string()
}

#[tokio::test]
async fn a_blank_sheet_made_from_the_japanese_page_has_japanese_headers() {
    // Arrange
    let app = spawn_app().await;

    // Act: the form as each page renders it, posted as it is
    let japanese = offered_header_lang(&app, &[("cookie", "ui-lang=ja")]).await;
    let first_visit = offered_header_lang(&app, &[("accept-language", "ja-JP,ja;q=0.9")]).await;
    let english = offered_header_lang(&app, &[]).await;
    let chosen_english =
        offered_header_lang(&app, &[("accept-language", "ja"), ("cookie", "ui-lang=en")]).await;
    let response = form_post(
        &app,
        "create_sheet",
        "/",
        &format!("name=plan&lang={japanese}"),
    )
    .await;

    // Assert
    assert_eq!(
        [japanese.as_str(), &first_visit, &english, &chosen_english],
        ["ja", "ja", "en", "en"]
    );
    assert_eq!(response.status, StatusCode::FOUND, "{}", response.text());
    let list = app.store.list_sheets().await.unwrap();
    assert_eq!(
        (list[0].name.as_str(), list[0].lang),
        ("plan", budget::Lang::Ja)
    );
}

#[tokio::test]
async fn the_example_posted_as_a_form_opens_its_copy() {
    // Act: the form's two buttons each send their own `lang`
    let sheet = made_by_form("create_example_sheet", "lang=en").await;

    // Assert
    assert_eq!(
        (sheet.name.as_str(), sheet.rows, sheet.errors),
        ("Reservation system (example)", 12, 0)
    );
}

#[tokio::test]
async fn a_refused_name_goes_back_to_the_form_with_the_error() {
    // Arrange
    let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;

    // Act
    let created = form_post(&app, "create_sheet", "/", "name=+++&lang=en").await;
    let renamed = rename(&app, id, "a%0Ab").await;

    // Assert: back where the form was, with the function and its error in the address
    for (response, back, function) in [
        (&created, "/?", "create_sheet"),
        (&renamed, &*format!("/?rename={id}&"), "rename_sheet"),
    ] {
        assert_eq!(response.status, StatusCode::FOUND, "{}", response.text());
        let location = response.header("location");
        assert!(location.starts_with(back), "{location}");
        assert!(
            location.contains(&format!("__path=%2Fapi%2F{function}")),
            "{location}"
        );
        assert!(location.contains("&__err="), "{location}");
    }
    assert_eq!(app.store.list_sheets().await.unwrap().len(), 1);
    assert_eq!(app.store.get_sheet(id).await.unwrap().name, "mine");

    // Act / Assert: the page at that address shows the reason in the open rename form
    let html = app.get(renamed.header("location")).await.text();
    assert!(
        html.contains(r#"data-testid="rename-input""#),
        "the form is open"
    );
    assert!(
        html.contains(
            r#"<p role="alert" data-testid="sheet-row-error" class="error">a sheet name cannot hold control characters: "a\nb" has U+000A at character 2; remove it</p>"#
        ),
        "the reason is shown under the form"
    );
}

#[tokio::test]
async fn a_rename_and_a_delete_go_back_to_the_list_without_its_mode() {
    // Arrange
    let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;
    let other = app
        .create_sheet("other", &fixture("reservation-en.tsv"))
        .await;

    // Act
    let renamed = rename(&app, id, "renamed").await;
    let deleted = form_post(
        &app,
        "delete_sheet",
        &format!("/?delete={other}&__path=x&__err=y"),
        &format!("id={other}"),
    )
    .await;

    // Assert
    for response in [&renamed, &deleted] {
        assert_eq!(response.status, StatusCode::FOUND, "{}", response.text());
        assert_eq!(response.header("location"), "/");
    }
    assert_eq!(app.store.get_sheet(id).await.unwrap().name, "renamed");
    assert!(app.store.get_sheet(other).await.is_err());
}

#[tokio::test]
async fn the_list_opens_the_rename_form_and_the_delete_question_from_its_address() {
    // Arrange
    let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;

    // Act
    let shown = app.get("/").await.text();
    let renaming = app.get(&format!("/?rename={id}")).await.text();
    let deleting = app.get(&format!("/?delete={id}")).await.text();

    // Assert: links, then the forms posting to their server functions
    assert!(
        shown.contains(&format!(r#"href="/?rename={id}""#)),
        "{shown}"
    );
    assert!(shown.contains(&format!(r#"href="/?delete={id}""#)));
    assert!(!shown.contains(r#"data-testid="rename-input""#));
    let rename = server_fn("rename_sheet");
    assert!(
        renaming.contains(&format!(r#"action="{rename}" method="post""#)),
        "{renaming}"
    );
    assert!(renaming.contains(&format!(r#"<input type="hidden" name="id" value="{id}""#)));
    assert!(renaming.contains(r#"value="mine""#));
    let delete = server_fn("delete_sheet");
    assert!(deleting.contains(&format!(r#"action="{delete}" method="post""#)));
    assert!(deleting.contains("Delete “mine”? This cannot be undone."));
}

#[tokio::test]
async fn the_pages_own_call_gets_the_redirect_as_a_header_to_follow() {
    // Arrange
    let app = spawn_app().await;
    let json = [("accept", "application/json")];

    // Act
    let response = page_call(&app, "create_sheet", &json, "name=fetched&lang=en").await;

    // Assert: the answer, and where the page navigates
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let id = app.store.list_sheets().await.unwrap()[0].id;
    assert_eq!(response.text(), id.to_string());
    assert_eq!(response.header("location"), format!("/sheets/{id}"));
    assert!(response.headers.contains_key("serverfnredirect"));
}

#[tokio::test]
async fn the_catalog_comes_from_the_server() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = page_call(&app, "catalog_settings", &[], "").await;

    // Assert
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let options = response.json();
    let options = options.as_array().expect("a list");
    assert_eq!(options.len(), budget::catalog::entries().len());
    assert!(options.contains(&serde_json::json!({
        "name": "proxy_read_timeout",
        "label": "nginx — read, default 60s",
        "product": "nginx",
        "kind": "read",
        "default": "60s",
    })));
}
