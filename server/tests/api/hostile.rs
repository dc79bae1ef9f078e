//! Hostile sheets: a corpus of payloads through every field a user controls (the sheet name,
//! every cell, the settings, the import's name), rendered on every page as the server sends
//! it (what a browser without JavaScript shows, and what hydration starts from). No payload
//! may reach the HTML as markup; the browser spec `end2end/tests/hostile.spec.ts` checks that
//! none runs with JavaScript on.

use axum::http::{Method, StatusCode};
use budget::{Lang, Row, Sheet};
use workbench_model::sheet_name::SheetName;

use crate::helpers::{server_fn, spawn_app};

/// Payloads, each as a sheet name could hold it and a cell would.
const PAYLOADS: [&str; 8] = [
    "</title><script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "javascript:alert(1)",
    "{{7*7}} ${7*7} <%= 7*7 %>",
    "'-alert(1)-'",
    "</script><script>alert(1)</script>",
    "<svg onload=alert(1)>",
    "<a href=\"javascript:alert(1)\">x</a>",
];

/// A bidirectional override: refused in a name, kept as typed in a cell.
const BIDI: &str = "report\u{202E}vst.exe";

/// Elements no page of the app has: a payload's, if one is there. (The one `<svg>` a page
/// has is the budget picture's, checked on its own.)
const FOREIGN_ELEMENTS: [&str; 5] = ["img", "iframe", "object", "embed", "base"];

/// The grid's row buttons, each drawn with an `<svg class="row-icon">`.
const ROW_BUTTONS: [&str; 6] = [
    "insert-above",
    "insert-below",
    "duplicate-row",
    "move-up",
    "move-down",
    "delete-row",
];

/// Attributes whose value a browser would follow as an address.
const ADDRESS_ATTRIBUTES: [&str; 4] = ["href", "src", "action", "formaction"];

/// A row whose eight cells are all `payload`.
fn row_of(payload: &str) -> Row {
    Row {
        layer: payload.into(),
        segment: payload.into(),
        item: payload.into(),
        setting: payload.into(),
        default: payload.into(),
        value: payload.into(),
        location: payload.into(),
        rationale: payload.into(),
    }
}

/// Asserts, on the parsed page, that no payload became markup: no element the app does not
/// use, no event handler attribute, no `javascript:` address, and no script without this
/// response's nonce (an injected `<script>` would have none). Returns the page's title.
fn assert_inert(page: &str, html: &str) -> String {
    let document = scraper::Html::parse_document(html);
    let all = scraper::Selector::parse("*").unwrap();
    let mut scripts = 0;
    for element in document.select(&all) {
        let name = element.value().name();
        if name == "svg" {
            // Only the budget picture, in its frame, and the row buttons' drawings, in their
            // buttons: a payload's `<svg>` is neither.
            let frame = element
                .parent()
                .and_then(scraper::ElementRef::wrap)
                .and_then(|p| p.value().attr("data-testid"));
            let class = element.value().attr("class");
            let row_button =
                class == Some("row-icon") && frame.is_some_and(|f| ROW_BUTTONS.contains(&f));
            assert!(
                row_button || (class, frame) == (Some("budget-picture"), Some("budget-picture")),
                "{page} holds a <svg> that is not the budget picture or a row button's: {}",
                element.html()
            );
        }
        assert!(
            !FOREIGN_ELEMENTS.contains(&name),
            "{page} holds a <{name}>: {}",
            element.html()
        );
        for (attribute, value) in element.value().attrs() {
            assert!(
                !attribute.starts_with("on"),
                "{page}: <{name} {attribute}={value:?}>"
            );
            if ADDRESS_ATTRIBUTES.contains(&attribute) {
                assert!(
                    !value.trim().to_ascii_lowercase().starts_with("javascript:"),
                    "{page}: <{name} {attribute}={value:?}>"
                );
            }
        }
        if name == "script" {
            scripts += 1;
            assert!(
                element.value().attr("nonce").is_some_and(|n| !n.is_empty()),
                "{page} holds a script without the nonce: {}",
                element.html()
            );
        }
    }
    assert!(scripts > 0, "{page} has the app's scripts");
    // The document's title (the picture's `<title>`s name its parts).
    let title = scraper::Selector::parse("head > title").unwrap();
    let titles: Vec<String> = document
        .select(&title)
        .map(|t| t.text().collect())
        .collect();
    assert_eq!(titles.len(), 1, "{page}: one title, {titles:?}");
    assert_eq!(
        document
            .select(&scraper::Selector::parse("svg title").unwrap())
            .filter(|t| t.text().any(|t| t.contains("<script>")))
            .count(),
        document
            .select(&scraper::Selector::parse("svg title").unwrap())
            .filter(|t| t.inner_html().contains("&lt;script&gt;"))
            .count(),
        "{page}: a payload in the picture's titles is text"
    );
    titles[0].clone()
}

#[tokio::test]
async fn no_payload_in_a_name_or_a_cell_reaches_any_page_as_markup() {
    // Arrange: a sheet per payload, named by it, with rows of it (and a hop made of it)
    let app = spawn_app().await;
    let mut ids = Vec::new();
    for payload in PAYLOADS {
        let mut rows = vec![row_of(payload), row_of(BIDI)];
        rows.push(Row {
            segment: format!("{payload} -> {payload}"),
            item: "read timeout".into(),
            value: "5s".into(),
            ..row_of(payload)
        });
        let id = app
            .store
            .create_sheet(
                &SheetName::parse(payload).unwrap(),
                &Sheet::new(Lang::En, rows),
            )
            .await
            .unwrap();
        ids.push(id);
    }

    // Act / Assert: the sheet list, every sheet page, and a page whose address is a payload
    let list = app.get("/").await;
    assert_eq!(list.status, StatusCode::OK);
    assert_inert("/", &list.text());
    for payload in PAYLOADS {
        assert!(
            list.text().contains(&leptos_escape(payload)),
            "the list shows {payload:?} as text"
        );
    }
    for (id, payload) in ids.iter().zip(PAYLOADS) {
        let page = app.get(&format!("/sheets/{id}")).await;
        assert_eq!(page.status, StatusCode::OK);
        let html = page.text();
        let title = assert_inert(&format!("/sheets/{id}"), &html);
        assert_eq!(title, format!("{payload} · Timeout Budget Workbench"));
        assert!(html.contains(BIDI), "a cell keeps its text as typed");
    }
    let address = app
        .get(
            "/sheets/%3Cscript%3Ealert(1)%3C%2Fscript%3E%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E",
        )
        .await;
    assert_eq!(address.status, StatusCode::NOT_FOUND);
    assert_inert("a payload address", &address.text());
}

/// Text as Leptos escapes it in a text node: `&` and `<` (and `>` for safety).
fn leptos_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[tokio::test]
async fn a_payload_name_reaches_the_export_file_name_only_as_safe_characters() {
    // Arrange
    let app = spawn_app().await;
    let refused = SheetName::parse("\"><img src=x>\r\n</title>").unwrap_err();
    assert_eq!(
        refused.to_string(),
        "a sheet name cannot hold control characters: \"\\\"><img src=x>\\r\\n</title>\" has U+000D at character 14; remove it"
    );
    let id = app
        .store
        .create_sheet(
            &SheetName::parse("\"><img src=x>;filename=evil.sh").unwrap(),
            &Sheet::new(
                Lang::En,
                vec![row_of("=HYPERLINK(\"http://evil.example\")")],
            ),
        )
        .await
        .unwrap();

    // Act
    let export = app.get(&format!("/api/v1/sheets/{id}/export.tsv")).await;

    // Assert
    assert_eq!(export.status, StatusCode::OK);
    assert_eq!(
        export.header("content-disposition"),
        "attachment; filename=\"___img src=x_;filename=evil.sh.en.tsv\"; \
         filename*=UTF-8''___img%20src%3Dx_%3Bfilename%3Devil.sh.en.tsv"
    );
    assert_eq!(export.header("x-content-type-options"), "nosniff");
    let text = export.text();
    let line = text.lines().nth(1).unwrap();
    assert!(
        line.split('\t')
            .all(|cell| cell == "'=HYPERLINK(\"http://evil.example\")" || cell.starts_with("\"'=")),
        "every cell is guarded: {line}"
    );
}

#[tokio::test]
async fn a_payload_as_a_setting_is_refused_with_it_as_text() {
    // Arrange
    let app = spawn_app().await;
    let id = app
        .store
        .create_sheet(
            &SheetName::parse("s").unwrap(),
            &Sheet::new(Lang::En, vec![]),
        )
        .await
        .unwrap();
    let path = server_fn("set_sheet_settings");

    // Act
    let body = format!(
        "id={id}&margin={}",
        percent_encoding::utf8_percent_encode(PAYLOADS[0], percent_encoding::NON_ALPHANUMERIC)
    );
    let headers = [
        ("host", "127.0.0.1:3000"),
        ("content-type", "application/x-www-form-urlencoded"),
    ];
    let response = app.send_with(Method::POST, &path, &headers, body).await;

    // Assert: JSON, never HTML, and nothing stored
    assert_eq!(
        response.status,
        StatusCode::BAD_REQUEST,
        "{}",
        response.text()
    );
    assert!(response
        .header("content-type")
        .starts_with("application/json"));
    assert!(response.json()["BadSetting"]
        .as_str()
        .unwrap()
        .contains(PAYLOADS[0]));
    assert_eq!(
        app.store.get_sheet(id).await.unwrap().sheet.margin_ms,
        1_000
    );
}
