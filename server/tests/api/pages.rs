//! The Leptos pages through the same router: the store reaches the server functions.

use axum::http::StatusCode;

use crate::helpers::{fixture, get_fresh, spawn_app, spawn_with_sheet, texts};

#[tokio::test]
async fn the_sheet_list_page_renders_stored_sheets() {
    // Arrange
    let app = spawn_app().await;
    app.create_sheet("Reservation%20G1", &fixture("reservation-en.tsv"))
        .await;

    // Act
    let response = app.get("/").await;

    // Assert
    assert_eq!(response.status, StatusCode::OK);
    assert!(response.header("content-type").starts_with("text/html"));
    let html = response.text();
    assert!(html.contains("Reservation G1"), "{html}");
}

#[tokio::test]
async fn a_sheet_page_renders_its_name() {
    // Arrange
    let (app, id) = spawn_with_sheet("Inverted%20LB", &fixture("inverted-lb.tsv")).await;

    // Act
    let html = app.sheet_html(id).await;

    // Assert
    assert!(html.contains("Inverted LB"), "{html}");
}

#[tokio::test]
async fn an_unknown_page_is_404() {
    // Act
    let response = get_fresh("/no/such/page").await;

    // Assert
    assert_eq!(response.status, StatusCode::NOT_FOUND);
}

/// The attributes of the one element `selector` finds in `html`.
fn attrs(html: &str, selector: &str) -> (String, Option<String>, Option<String>, Option<String>) {
    let document = scraper::Html::parse_document(html);
    let parsed = scraper::Selector::parse(selector).unwrap();
    let mut found = document.select(&parsed);
    let element = found
        .next()
        .unwrap_or_else(|| panic!("no {selector} in the page"));
    assert!(found.next().is_none(), "one {selector} in the page");
    let attr = |name| element.value().attr(name).map(str::to_string);
    (
        element.text().collect::<String>().trim().to_string(),
        attr("tabindex"),
        attr("aria-label"),
        attr("role"),
    )
}

#[tokio::test]
async fn a_sheet_page_renders_each_number_with_the_rows_it_comes_from_before_hydration() {
    // Arrange
    let (app, id) = spawn_with_sheet("G2", &crate::helpers::golden_g2()).await;

    // Act
    let html = app.sheet_html(id).await;

    // Assert: golden G2, app need 15.5 s = DB (rows 9, 10) + external API (rows 6–8) + own
    // (row 5); every number that has rows is reachable with the keyboard and names them. The
    // tables' cells say they are cells, since on a phone they are laid out as cards.
    let label = |text: &str, label: &str, role: Option<&str>| {
        (
            text.to_string(),
            Some("0".to_string()),
            Some(label.to_string()),
            role.map(str::to_string),
        )
    };
    assert_eq!(
        attrs(&html, r#"[data-testid="node-app"] [data-testid="need"]"#),
        label("15.5 s", "app need 15.5 s: rows 5–10", Some("cell"))
    );
    assert_eq!(
        attrs(&html, r#"[data-testid="node-app"] [data-testid="slack"]"#),
        label("-7.5 s", "app slack -7.5 s: rows 4–10", Some("cell"))
    );
    assert_eq!(
        attrs(
            &html,
            r#"[data-testid="hop-app -> external API"] [data-testid="worst"]"#
        ),
        label(
            "12.0 s",
            "app -> external API worst 12.0 s: rows 6–8",
            Some("cell")
        )
    );
    assert_eq!(
        attrs(
            &html,
            r#"[data-testid="hop-LB -> app"] [data-testid="callee-worst"]"#
        ),
        label("8.0 s", "LB -> app callee worst 8.0 s: row 4", Some("cell"))
    );
    let finding = r#"[data-testid="finding-inversion.node"]"#;
    assert_eq!(
        attrs(&html, &format!(r#"{finding} [data-testid="bound"]"#)),
        label(
            "bound 8.0 s",
            "inversion.node bound 8.0 s: row 4",
            Some("group")
        )
    );
    assert_eq!(
        attrs(&html, &format!(r#"{finding} [data-testid="need"]"#)),
        label(
            "need 15.5 s",
            "inversion.node need 15.5 s: rows 5–10",
            Some("group")
        )
    );
    // A number with nothing behind it stays plain text: LB -> app has no tries row.
    assert_eq!(
        attrs(
            &html,
            r#"[data-testid="hop-LB -> app"] [data-testid="tries"]"#
        ),
        ("1".to_string(), None, None, Some("cell".to_string()))
    );
    // Nothing is lit until a number is pointed at.
    let document = scraper::Html::parse_document(&html);
    let lit = scraper::Selector::parse(r#"[data-testid="grid"] tr.traced"#).unwrap();
    assert_eq!(
        document.select(&lit).count(),
        0,
        "no grid row is lit on the server"
    );
}

/// The text and `data-kind` of each row's Kind cell, in row order.
fn kind_cells(html: &str) -> Vec<(String, String)> {
    let document = scraper::Html::parse_document(html);
    let cells = scraper::Selector::parse(r#"[data-testid="derived-kind"]"#).unwrap();
    document
        .select(&cells)
        .map(|cell| {
            (
                cell.text().collect::<String>().trim().to_string(),
                cell.value()
                    .attr("data-kind")
                    .unwrap_or_default()
                    .to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_callee_without_bound_reads_infinite_in_the_tables_never_unknown() {
    // Arrange: the LB waits 10 s for an app that waits for its database without bound.
    let sheet = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
                 1\tLB -> app\tread timeout\t\t\t10s\t\t\n\
                 2\tapp -> db\tread timeout\t\t\tnone\t\t\n";
    let (app, id) = spawn_with_sheet("unbounded", sheet).await;

    // Act
    let html = app.sheet_html(id).await;

    // Assert: the inverted hop's callee worst case and the app's need are `∞`; the hop's own
    // worst case is its 10 s.
    let cell = |selector: &str| texts(&html, selector).join(" | ");
    assert_eq!(
        cell(r#"[data-testid="hop-LB -> app"] [data-testid="callee-worst"]"#),
        "∞"
    );
    assert_eq!(
        cell(r#"[data-testid="hop-LB -> app"] [data-testid="worst"]"#),
        "10.0 s"
    );
    assert_eq!(
        cell(r#"[data-testid="node-app"] [data-testid="need"]"#),
        "∞"
    );
}

#[tokio::test]
async fn the_kind_column_is_in_the_sheets_header_language_with_the_code_beside() {
    // Arrange
    let app = spawn_app().await;
    let ja = app.create_sheet("ja", &fixture("reservation-ja.tsv")).await;
    let en = app.create_sheet("en", &fixture("reservation-en.tsv")).await;

    // Act
    let ja_html = app.get(&format!("/sheets/{ja}")).await.text();
    let en_html = app.get(&format!("/sheets/{en}")).await.text();

    // Assert: rows 1–5 of the reservation, whatever the page's own language.
    let expected = |names: [&str; 5]| {
        names
            .into_iter()
            .zip(["deadline", "connect", "read", "deadline", "own"])
            .map(|(name, code)| (name.to_string(), code.to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        kind_cells(&ja_html)[..5],
        expected(["期限", "接続", "読み取り", "期限", "自分の処理"])[..]
    );
    assert_eq!(
        kind_cells(&en_html)[..5],
        expected(["deadline", "connect", "read", "deadline", "own"])[..]
    );
}

#[tokio::test]
async fn the_row_buttons_are_drawn_not_written_and_keep_their_names() {
    // Arrange
    let (app, id) = spawn_with_sheet("plan", &fixture("reservation-en.tsv")).await;

    // Act
    let html = app.sheet_html(id).await;

    // Assert: no glyph a font may lack (⤒ ⤓ ⧉), a drawing hidden from readers, the name in
    // the label and the title.
    let document = scraper::Html::parse_document(&html);
    let buttons = scraper::Selector::parse(r#"[data-testid="row-2"] td.actions button"#).unwrap();
    let svg = scraper::Selector::parse("svg[aria-hidden=true] path[d]").unwrap();
    let found: Vec<_> = document
        .select(&buttons)
        .map(|button| {
            assert_eq!(button.text().collect::<String>().trim(), "");
            assert_eq!(button.select(&svg).count(), 1, "{}", button.html());
            let attr = |name| button.value().attr(name).unwrap_or_default().to_string();
            (attr("data-testid"), attr("aria-label"), attr("title"))
        })
        .collect();
    let testids: Vec<_> = found.iter().map(|(testid, _, _)| testid.as_str()).collect();
    assert_eq!(
        testids,
        [
            "insert-above",
            "insert-below",
            "duplicate-row",
            "move-up",
            "move-down",
            "delete-row"
        ]
    );
    for (testid, label, title) in &found {
        assert!(
            !label.is_empty() && !title.is_empty(),
            "{testid}: {label:?} {title:?}"
        );
        assert!(
            label.contains('2'),
            "{testid}: the label names the row: {label:?}"
        );
    }
}
