//! `GET /api/v1/sheets/{id}/export.tsv`: the stored rows as TSV, byte for byte.

use axum::http::StatusCode;

use crate::helpers::{
    assert_absent, assert_error, fixture, spawn_app, spawn_with_sheet, TestApp, TestResponse,
};

/// `GET` the export of the sheet `id`, with the query `query` (`?header=en`, or none).
async fn export(app: &TestApp, id: i64, query: &str) -> TestResponse {
    app.get(&format!("/api/v1/sheets/{id}/export.tsv{query}"))
        .await
}

/// The export with `query` of the fixture `name` stored as the sheet `sheet` on a fresh app.
async fn export_fixture(sheet: &str, name: &str, query: &str) -> TestResponse {
    let (app, id) = spawn_with_sheet(sheet, &fixture(name)).await;
    export(&app, id, query).await
}

#[tokio::test]
async fn every_fixture_exports_to_its_own_bytes() {
    for (name, header) in [
        ("reservation-ja.tsv", "ja"),
        ("reservation-en.tsv", "en"),
        ("inverted-lb.tsv", "en"),
    ] {
        // Arrange
        let text = fixture(name);
        let (app, id) = spawn_with_sheet("fixture", &text).await;

        // Act
        let response = export(&app, id, &format!("?header={header}")).await;

        // Assert
        assert_eq!(response.status, StatusCode::OK, "{name}");
        assert_eq!(response.body, text.as_bytes(), "{name}");
    }
}

#[tokio::test]
async fn the_default_header_is_the_sheets_language() {
    // Arrange
    let text = fixture("reservation-ja.tsv");
    let (app, id) = spawn_with_sheet("reservation", &text).await;

    // Act
    let response = export(&app, id, "").await;

    // Assert
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.text(), text);
}

#[tokio::test]
async fn a_japanese_sheet_exports_with_an_english_header_and_the_same_rows() {
    // Arrange
    let text = fixture("reservation-ja.tsv");
    let (app, id) = spawn_with_sheet("reservation", &text).await;

    // Act
    let response = export(&app, id, "?header=en").await;

    // Assert
    let exported = response.text();
    assert_eq!(
        exported.lines().next().unwrap(),
        "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale"
    );
    let (_, exported_rows) = exported.split_once('\n').unwrap();
    let (_, fixture_rows) = text.split_once('\n').unwrap();
    assert_eq!(exported_rows, fixture_rows);
}

#[tokio::test]
async fn the_download_is_tsv_named_after_the_sheet() {
    // Act
    let response = export_fixture("reservation", "reservation-en.tsv", "").await;

    // Assert
    assert_eq!(
        response.header("content-type"),
        "text/tab-separated-values; charset=utf-8"
    );
    assert_eq!(
        response.header("content-disposition"),
        "attachment; filename=\"reservation.en.tsv\"; filename*=UTF-8''reservation.en.tsv"
    );
}

#[tokio::test]
async fn a_japanese_name_is_percent_encoded_in_the_file_name() {
    // Act
    let response = export_fixture("%E4%BA%88%E7%B4%84", "reservation-ja.tsv", "").await;

    // Assert
    assert_eq!(
        response.header("content-disposition"),
        "attachment; filename=\"__.ja.tsv\"; filename*=UTF-8''%E4%BA%88%E7%B4%84.ja.tsv"
    );
}

#[tokio::test]
async fn cells_with_tabs_quotes_and_formulas_survive_a_round_trip() {
    // Arrange
    let app = spawn_app().await;
    let row = budget::Row {
        layer: "1".into(),
        segment: "a -> b".into(),
        item: "read\ttimeout".into(),
        value: "=1+1".into(),
        rationale: "two\nlines, a \"quote\"".into(),
        ..budget::Row::default()
    };
    let text = budget::tsv::export(std::slice::from_ref(&row), budget::Lang::En);
    let id = app.create_sheet("tricky", &text).await;

    // Act
    let response = export(&app, id, "").await;

    // Assert
    assert_eq!(response.text(), text);
    assert_eq!(app.store.get_sheet(id).await.unwrap().sheet.rows, vec![row]);
}

#[tokio::test]
async fn an_unknown_header_language_is_400() {
    // Act
    let response = export_fixture("reservation", "reservation-en.tsv", "?header=fr").await;

    // Assert
    assert_error(
        &response,
        StatusCode::BAD_REQUEST,
        "header must be \"ja\" or \"en\", not \"fr\"",
        None,
    );
}

#[tokio::test]
async fn exporting_an_absent_sheet_is_404() {
    assert_absent("/api/v1/sheets/7/export.tsv", "sheet 7 not found").await;
}

#[tokio::test]
async fn the_export_for_excel_puts_a_byte_order_mark_first_and_imports_back_the_same() {
    // Arrange
    let text = fixture("reservation-ja.tsv");
    let (app, id) = spawn_with_sheet("excel", &text).await;

    // Act
    let response = export(&app, id, "?excel=true").await;
    let again = app.create_sheet("again", &response.text()).await;

    // Assert: EF BB BF, then the fixture's bytes; imported, the same rows.
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(&response.body[..3], [0xef, 0xbb, 0xbf]);
    assert_eq!(&response.body[3..], text.as_bytes());
    assert_eq!(
        response.header("content-disposition"),
        "attachment; filename=\"excel.ja.excel.tsv\"; filename*=UTF-8''excel.ja.excel.tsv",
        "not the plain export's name"
    );
    assert_eq!(
        app.store.get_sheet(again).await.unwrap().sheet.rows,
        app.store.get_sheet(id).await.unwrap().sheet.rows
    );
}
