//! `/api/v1/sheets`: storing, listing and reading sheets.

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{
    assert_absent, assert_error, find, fixture, get_fresh, golden_g2, spawn_app, spawn_with_sheet,
    TestApp, TestResponse,
};

/// `POST`s `tsv` as a new sheet named `name` (as the query writes it).
async fn post_named(app: &TestApp, name: &str, tsv: impl Into<Body>) -> TestResponse {
    app.post(&format!("/api/v1/sheets?name={name}"), tsv).await
}

/// `PUT`s `tsv` as the rows of the sheet at `uri` with `If-Match: if_match`.
async fn put(app: &TestApp, uri: &str, if_match: &str, tsv: impl Into<Body>) -> TestResponse {
    app.send_with(Method::PUT, uri, &[("if-match", if_match)], tsv)
        .await
}

/// The TSV export of the sheet at `uri`.
async fn exported(app: &TestApp, uri: &str) -> String {
    app.get(&format!("{uri}/export.tsv")).await.text()
}

#[tokio::test]
async fn posting_a_sheet_stores_it_and_answers_201() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = post_named(&app, "reservation", fixture("reservation-ja.tsv")).await;

    // Assert
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    assert_eq!(
        response.json(),
        json!({"id": 1, "name": "reservation", "rows": 12})
    );
    assert_eq!(response.header("location"), "/api/v1/sheets/1");
    let stored = app.store.get_sheet(1).await.expect("stored");
    assert_eq!(stored.name, "reservation");
    assert_eq!(stored.sheet.lang, budget::Lang::Ja);
    assert_eq!(stored.sheet.margin_ms, 1_000);
    assert_eq!(
        stored.sheet.rows,
        budget::tsv::import(&fixture("reservation-ja.tsv"))
            .unwrap()
            .rows
    );
}

#[tokio::test]
async fn a_percent_encoded_japanese_name_is_stored_trimmed() {
    // Arrange
    let app = spawn_app().await;

    // Act: " 予約 " percent-encoded
    let response = post_named(
        &app,
        "%20%E4%BA%88%E7%B4%84%20",
        fixture("reservation-ja.tsv"),
    )
    .await;

    // Assert
    assert_eq!(response.status, StatusCode::CREATED);
    assert_eq!(response.json()["name"], "予約");
    assert_eq!(app.store.get_sheet(1).await.unwrap().name, "予約");
}

#[tokio::test]
async fn a_sheet_without_a_name_is_400_and_not_stored() {
    // Arrange
    let app = spawn_app().await;

    for query in ["", "?name=", "?name=%20%20"] {
        // Act
        let uri = format!("/api/v1/sheets{query}");
        let response = app.post(&uri, fixture("reservation-en.tsv")).await;

        // Assert
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(
            response.json(),
            json!({"error": "the sheet needs a name: add ?name=NAME to the URL", "line": null}),
            "{uri}"
        );
    }
    assert!(app.store.list_sheets().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_name_of_201_characters_is_400() {
    // Arrange
    let app = spawn_app().await;
    let name = "n".repeat(201);

    // Act
    let response = post_named(&app, &name, fixture("reservation-en.tsv")).await;

    // Assert
    assert_eq!(response.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        response.json()["error"],
        format!("a sheet name needs 1 to 200 characters after trimming; {name:?} has 201")
    );
    assert!(app.store.list_sheets().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_bad_sheet_is_422_and_not_stored() {
    // Arrange
    let app = spawn_app().await;
    let body = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n1\ta -> b\n";

    // Act
    let response = post_named(&app, "broken", body).await;

    // Assert
    assert_error(
        &response,
        StatusCode::UNPROCESSABLE_ENTITY,
        "line 2: expected 8 cells, found 2; each row needs exactly 8 tab-separated cells",
        Some(2),
    );
    assert!(app.store.list_sheets().await.unwrap().is_empty());
}

#[tokio::test]
async fn the_list_shows_the_newest_first_with_counts() {
    // Arrange
    let app = spawn_app().await;
    let g1 = app.create_sheet("g1", &fixture("reservation-en.tsv")).await;
    let g2 = app.create_sheet("g2", &golden_g2()).await;
    let g4 = app.create_sheet("g4", &fixture("inverted-lb.tsv")).await;

    // Act
    let response = app.get("/api/v1/sheets").await;

    // Assert
    assert_eq!(response.status, StatusCode::OK);
    let list = response.json();
    let ids: Vec<i64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![g4, g2, g1]);
    let g1 = find(&list, "name", "g1");
    assert_eq!(
        (g1["lang"].as_str(), g1["rows"].as_u64()),
        (Some("en"), Some(12))
    );
    assert_eq!(
        (g1["errors"].as_u64(), g1["warnings"].as_u64()),
        (Some(0), Some(0))
    );
    let g2 = find(&list, "name", "g2");
    assert_eq!(g2["errors"], 1);
    let g4 = find(&list, "name", "g4");
    assert_eq!(
        (g4["rows"].as_u64(), g4["errors"].as_u64()),
        (Some(5), Some(1))
    );
    assert!(g4["updated_at_ms"].as_i64().unwrap() > g1["updated_at_ms"].as_i64().unwrap());
}

#[tokio::test]
async fn an_empty_store_lists_nothing() {
    // Act
    let response = get_fresh("/api/v1/sheets").await;

    // Assert
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.json(), json!([]));
}

#[tokio::test]
async fn a_sheet_comes_back_with_its_rows_as_typed_and_its_report() {
    // Arrange
    let (app, id) = spawn_with_sheet("reservation", &fixture("reservation-ja.tsv")).await;

    // Act
    let response = app.get(&format!("/api/v1/sheets/{id}")).await;

    // Assert
    assert_eq!(response.status, StatusCode::OK);
    let sheet = response.json();
    assert_eq!(sheet["id"], id);
    assert_eq!(sheet["name"], "reservation");
    assert_eq!(sheet["lang"], "ja");
    assert_eq!(sheet["margin_ms"], 1_000);
    assert_eq!(sheet["amplification_threshold"], 3);
    let rows = sheet["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 12);
    assert_eq!(
        rows[7],
        json!({
            "layer": "4", "segment": "アプリ → 外部API", "item": "試行回数と待機",
            "setting": "アプリ内のリトライ設定", "default": "—", "value": "2回、待機0.3秒",
            "location": "APIクライアントの共通設定", "rationale": "予算の中に収まる回数"
        })
    );
    let expected_rows = budget::tsv::import(&fixture("reservation-ja.tsv"))
        .unwrap()
        .rows;
    assert_eq!(sheet["rows"], serde_json::to_value(&expected_rows).unwrap());
    let app_node = find(&sheet["report"]["nodes"], "name", "アプリ");
    assert_eq!(app_node["need_ms"], 7_800);
    assert_eq!(app_node["slack_ms"], 200);
    assert_eq!(sheet["revision"], 0);
    assert_eq!(response.header("etag"), "\"0\"");
}

#[tokio::test]
async fn putting_a_sheet_replaces_its_rows_and_answers_the_new_revision() {
    // Arrange: the English example, then G2 put in its place
    let (app, id) = spawn_with_sheet("reservation", &fixture("reservation-en.tsv")).await;
    let uri = format!("/api/v1/sheets/{id}");

    // Act
    let response = put(&app, &uri, "\"0\"", golden_g2()).await;

    // Assert: the G2 numbers, revision 1, and the same rows on the next GET
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    assert_eq!(response.header("etag"), "\"1\"");
    let sheet = response.json();
    assert_eq!(sheet["revision"], 1);
    let app_node = find(&sheet["report"]["nodes"], "name", "app");
    assert_eq!(app_node["need_ms"], 15_500);
    assert_eq!(app_node["slack_ms"], -7_500);
    assert_eq!(app_node["verdict"], "inverted");
    let export = app.get(&format!("{uri}/export.tsv")).await;
    assert_eq!(export.text(), golden_g2());

    // Act: a Japanese sheet with If-Match: * switches the language too
    let response = put(&app, &uri, "*", fixture("reservation-ja.tsv")).await;

    // Assert
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    assert_eq!(
        (
            response.json()["lang"].clone(),
            response.json()["revision"].clone()
        ),
        (json!("ja"), json!(2))
    );
}

#[tokio::test]
async fn a_put_from_an_old_revision_is_412_and_changes_nothing() {
    // Arrange: someone else put G2 after we read revision 0
    let (app, id) = spawn_with_sheet("reservation", &fixture("reservation-en.tsv")).await;
    let uri = format!("/api/v1/sheets/{id}");
    let theirs = put(&app, &uri, "\"0\"", golden_g2()).await;
    assert_eq!(theirs.status, StatusCode::OK);

    // Act
    let mine = put(&app, &uri, "\"0\"", fixture("inverted-lb.tsv")).await;

    // Assert
    assert_eq!(mine.status, StatusCode::PRECONDITION_FAILED);
    assert_eq!(
        mine.json(),
        json!({
            "error": format!("sheet {id} was saved elsewhere after revision 0 (it is now at revision 1); read the sheet again (GET) and reapply the change"),
            "line": null
        })
    );
    assert_eq!(exported(&app, &uri).await, golden_g2());
}

#[tokio::test]
async fn a_stale_put_names_the_cells_both_changed_with_their_three_values() {
    // Arrange: someone else put G2 (the external API's read timeout 1.5s -> 3s, and its
    // tries) after we read version 0; we changed that read timeout to 2s and the LB's read
    // timeout, which nobody else touched.
    let g1 = fixture("reservation-en.tsv");
    let (app, id) = spawn_with_sheet("reservation", &g1).await;
    let uri = format!("/api/v1/sheets/{id}");
    let theirs = app
        .send_with(
            Method::PUT,
            &uri,
            &[("if-match", "\"0\""), ("x-workbench-author", "bob")],
            golden_g2(),
        )
        .await;
    assert_eq!(theirs.status, StatusCode::OK);
    let mine_tsv = g1
        .replace(
            "requests timeout (read)\tnone\t1.5s",
            "requests timeout (read)\tnone\t2s",
        )
        .replace(
            "proxy_read_timeout\t60s\t10s",
            "proxy_read_timeout\t60s\t11s",
        );

    // Act
    let mine = put(&app, &uri, "\"0\"", mine_tsv).await;

    // Assert: a 412 naming the one cell both changed; nothing written.
    assert_eq!(mine.status, StatusCode::PRECONDITION_FAILED);
    assert_eq!(
        mine.json(),
        json!({
            "error": format!("sheet {id} was saved elsewhere after revision 0 (it is now at revision 1), and 1 of the cells you changed was changed there too; nothing was written: read the sheet again (GET) and reapply the change, or send it as a PATCH, which merges the other cells"),
            "line": null,
            "conflicts": [{
                "row_id": 7, "line": 7, "column": "value",
                "base": "1.5s", "theirs": "3s", "mine": "2s", "by": "bob"
            }]
        })
    );
    assert_eq!(exported(&app, &uri).await, golden_g2());
}

#[tokio::test]
async fn a_put_with_a_malformed_if_match_or_sheet_is_refused_and_changes_nothing() {
    // Arrange
    let (app, id) = spawn_with_sheet("reservation", &fixture("reservation-en.tsv")).await;
    let uri = format!("/api/v1/sheets/{id}");

    // Act
    let weak = put(&app, &uri, "W/\"0\"", golden_g2()).await;
    let broken = put(&app, &uri, "*", "layer\tsegment\nonly two\n").await;
    let absent = put(&app, "/api/v1/sheets/99", "*", golden_g2()).await;

    // Assert
    assert_eq!(weak.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        weak.json()["error"],
        "If-Match must be a sheet revision as the ETag gives it (\"3\") or *, not \"W/\\\"0\\\"\""
    );
    assert_eq!(broken.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(broken.json()["line"], 1);
    assert_eq!(absent.status, StatusCode::NOT_FOUND);
    let stored = app.store.get_sheet(id).await.unwrap();
    assert_eq!(stored.revision, 0);
    assert_eq!(exported(&app, &uri).await, fixture("reservation-en.tsv"));
}

#[tokio::test]
async fn an_absent_sheet_is_a_json_404() {
    assert_absent("/api/v1/sheets/99", "sheet 99 not found").await;
}

#[tokio::test]
async fn a_sheet_id_that_is_not_a_number_is_400() {
    // Act
    let response = get_fresh("/api/v1/sheets/abc").await;

    // Assert
    assert_eq!(response.status, StatusCode::BAD_REQUEST);
    let error = response.json();
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .starts_with("the sheet id must be an integer"),
        "{error}"
    );
    assert_eq!(error["line"], serde_json::Value::Null);
}

#[tokio::test]
async fn an_unknown_api_route_is_a_json_404() {
    // Act
    let response = get_fresh("/api/v1/nothing-here").await;

    // Assert
    assert_error(
        &response,
        StatusCode::NOT_FOUND,
        "no such API route; see /api/v1/openapi.json for the routes of this API",
        None,
    );
}

#[tokio::test]
async fn a_put_without_if_match_is_428_and_changes_nothing() {
    // Arrange
    let (app, id) = spawn_with_sheet("reservation", &fixture("reservation-en.tsv")).await;
    let uri = format!("/api/v1/sheets/{id}");

    // Act
    let response = app.send_with(Method::PUT, &uri, &[], golden_g2()).await;

    // Assert
    assert_error(&response, StatusCode::PRECONDITION_REQUIRED, "replacing a sheet's rows needs If-Match: the ETag of the GET the change starts from (the sheet's revision in quotes, such as \"3\"), or * to overwrite whatever is stored", None);
    assert_eq!(exported(&app, &uri).await, fixture("reservation-en.tsv"));
    assert_eq!(app.store.get_sheet(id).await.unwrap().revision, 0);
}

#[tokio::test]
async fn names_with_control_characters_or_bytes_that_are_not_utf8_are_refused() {
    // Arrange
    let app = spawn_app().await;

    for (query, error) in [
        (
            "name=a%00b",
            "a sheet name cannot hold control characters: \"a\\0b\" has U+0000 at character 2; remove it",
        ),
        (
            "name=two%0D%0Alines",
            "a sheet name cannot hold control characters: \"two\\r\\nlines\" has U+000D at character 4; remove it",
        ),
        (
            "name=report%E2%80%AEvst.exe",
            "a sheet name cannot hold bidirectional text controls: \"report\\u{202e}vst.exe\" has U+202E at character 7; remove it",
        ),
        (
            "name=%E2%81%A6x",
            "a sheet name cannot hold bidirectional text controls: \"\\u{2066}x\" has U+2066 at character 1; remove it",
        ),
        (
            "name=%ff",
            "the query \"name=%ff\" is not UTF-8 text once percent-decoded; percent-encode the UTF-8 bytes of the name",
        ),
    ] {
        // Act
        let response = app
            .post(&format!("/api/v1/sheets?{query}"), fixture("reservation-en.tsv"))
            .await;

        // Assert
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(response.json()["error"], error, "{query}");
    }
    assert!(app.store.list_sheets().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_nul_in_an_imported_sheet_is_422_naming_its_line_and_column() {
    // Arrange
    let app = spawn_app().await;
    let tsv = fixture("reservation-en.tsv").replacen("1.5s", "1.5\u{0}s", 1);
    let line = 1 + tsv[..tsv.find('\u{0}').unwrap()].matches('\n').count();

    // Act
    let response = post_named(&app, "nul", tsv).await;

    // Assert
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(response.json()["line"], line);
    assert_eq!(
        response.json()["error"],
        format!(
            "line {line}, column 6 (value): a NUL character (U+0000) cannot be stored; remove it"
        )
    );
    assert!(app.store.list_sheets().await.unwrap().is_empty());
}
