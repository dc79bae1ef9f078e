//! The history and review routes: revisions, a revision's rows and report, the diff of two
//! revisions (JSON and Markdown), restore, and `PATCH` merged per cell with its 428 and its
//! conflicts.

use axum::http::{Method, StatusCode};
use serde_json::json;

use app::model::Checked;
use workbench_model::report_changes::ReportAnswer;

use crate::helpers::{
    assert_error_starts, find, fixture, golden_g2, server_fn, spawn_app, spawn_with_sheet, TestApp,
};

const G2_TRACE: &str = "app -> external API: read 1.5 s → 3 s, tries 2 → 3 (waits 0.3 s → 0.5 s, 1.0 s); worst 4.3 s → 12.0 s; app need 7.8 s → 15.5 s against its 8.0 s deadline: now inverted, short by 7.5 s, 1 try fits; LB -> app and browser -> LB unchanged (they wait on app's 8.0 s deadline, not on its need)";

async fn put(app: &TestApp, id: i64, tsv: String, author: &str) -> crate::helpers::TestResponse {
    app.send_with(
        Method::PUT,
        &format!("/api/v1/sheets/{id}"),
        &[("if-match", "*"), ("x-workbench-author", author)],
        tsv,
    )
    .await
}

/// A patch body that sets the cell `column` of the row `row_id` from `base` to `value`.
fn one_cell(row_id: i64, column: &str, base: &str, value: &str) -> String {
    json!({"cells": [{"row_id": row_id, "column": column, "base": base, "value": value}]})
        .to_string()
}

/// `PATCH /api/v1/sheets/{id}` with `body`, by the author `p`.
async fn patch(
    app: &TestApp,
    id: i64,
    if_match: Option<&str>,
    body: &str,
) -> crate::helpers::TestResponse {
    patch_by(app, id, "p", if_match, body).await
}

/// `PATCH /api/v1/sheets/{id}` with `body`, by `author` (`X-Workbench-Author`).
async fn patch_by(
    app: &TestApp,
    id: i64,
    author: &str,
    if_match: Option<&str>,
    body: &str,
) -> crate::helpers::TestResponse {
    let mut headers = vec![
        ("content-type", "application/json"),
        ("x-workbench-author", author),
    ];
    if let Some(tag) = if_match {
        headers.push(("if-match", tag));
    }
    app.send_with(
        Method::PATCH,
        &format!("/api/v1/sheets/{id}"),
        &headers,
        body.to_string(),
    )
    .await
}

#[tokio::test]
async fn g1_to_g2_is_a_revision_whose_diff_traces_the_inversion() {
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    // A Japanese author name, percent-encoded UTF-8 in the header.
    let r = put(&app, id, golden_g2(), "%E5%A4%AA%E9%83%8E").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());

    let list = app
        .get(&format!("/api/v1/sheets/{id}/revisions"))
        .await
        .json();
    assert_eq!(list[0]["number"], 2);
    assert_eq!(list[0]["author"], "太郎");
    assert_eq!(list[0]["kind"], "import");
    assert_eq!(
        (list[0]["errors"].as_u64(), list[0]["inversions"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(list[0]["changed_cells"], 2);
    assert_eq!(list[1]["number"], 1);
    assert_eq!(list[1]["errors"], 0);

    let d = app.get(&format!("/api/v1/sheets/{id}/diff")).await.json();
    assert_eq!(d["trace"][0]["text"], G2_TRACE);
    assert_eq!(d["rows"]["changed"][0]["id"], 7);
    assert_eq!(
        d["headline"],
        "errors 0 → 1, warnings 0 → 0; app: ok → inverted, short by 7.5 s (2 cells changed)"
    );

    let md = app
        .send_with(
            Method::GET,
            &format!("/api/v1/sheets/{id}/diff?from=1&to=2"),
            &[("accept", "text/markdown")],
            "",
        )
        .await;
    assert_eq!(md.status, StatusCode::OK);
    assert!(
        md.header("content-type").starts_with("text/markdown"),
        "{:?}",
        md.headers
    );
    let text = md.text();
    assert!(
        text.starts_with("### Timeout budget review: g r1 → r2\n\n**errors 0 → 1"),
        "{text}"
    );
    assert!(text.contains(&format!("- {G2_TRACE}\n")), "{text}");

    // Revision 1 rebuilt with its report: the app's need 7.8 s.
    let first = app
        .get(&format!("/api/v1/sheets/{id}/revisions/1"))
        .await
        .json();
    let app_node = find(&first["report"]["nodes"], "name", "app").clone();
    assert_eq!(app_node["need_ms"], 7_800);
    assert_eq!(first["rows"][6]["value"], "1.5s");
    assert_eq!(first["row_ids"][6], 7);
}

/// Sets sheet `id`'s margin through the sheet page's settings form (`set_sheet_settings`).
async fn set_margin(app: &TestApp, id: i64, margin: &str) {
    let headers = [
        ("host", "127.0.0.1:3000"),
        ("content-type", "application/x-www-form-urlencoded"),
    ];
    let body = format!("id={id}&margin={margin}");
    let r = app
        .send_with(
            Method::POST,
            &server_fn("set_sheet_settings"),
            &headers,
            body,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

/// The Markdown review of sheet `id`'s latest revision against the one before it.
async fn markdown_diff(app: &TestApp, id: i64) -> String {
    app.send_with(
        Method::GET,
        &format!("/api/v1/sheets/{id}/diff"),
        &[("accept", "text/markdown")],
        "",
    )
    .await
    .text()
}

#[tokio::test]
async fn a_margin_change_is_named_in_the_diff_and_traced_to_the_hop_it_inverts() {
    // Arrange: G2, then its margin 1.0 s → 1.5 s as revision 3.
    let (app, id) = spawn_with_sheet("g", &golden_g2()).await;
    set_margin(&app, id, "1.5s").await;

    // Act
    let d = app.get(&format!("/api/v1/sheets/{id}/diff")).await.json();
    let md = markdown_diff(&app, id).await;

    // Assert: the setting, the headline and the trace name the margin and what it moved.
    assert_eq!(
        d["settings"],
        json!([{"setting": "margin", "before": "1000", "after": "1500",
                "text": "margin 1.0 s → 1.5 s"}])
    );
    assert_eq!(
        d["headline"],
        "errors 1 → 2, warnings 0 → 0; browser -> LB: ok → inverted, short by 0.5 s \
         (margin 1.0 s → 1.5 s, no cell changed)"
    );
    let margin_line = "margin 1.0 s → 1.5 s; browser -> LB: need 12.0 s → 12.5 s against its \
                       12.0 s wait: now inverted, short by 0.5 s; LB -> app: need 9.0 s → 9.5 s \
                       against its 10.0 s wait: still ok, slack 1.0 s → 0.5 s";
    assert_eq!(d["trace"][0]["origin"], "margin");
    assert_eq!(d["trace"][0]["text"], margin_line);
    assert_eq!(d["trace"].as_array().map(Vec::len), Some(1));
    assert!(md.contains(&format!("- {margin_line}\n")), "{md}");
    assert!(md.contains("- margin 1.0 s → 1.5 s\n"), "{md}");
    assert!(!md.contains("1000"), "no raw milliseconds: {md}");
}

#[tokio::test]
async fn a_japanese_sheets_margin_change_is_written_in_japanese() {
    let (app, id) = spawn_with_sheet("j", &fixture("reservation-ja.tsv")).await;
    set_margin(&app, id, "1.5s").await;

    let md = markdown_diff(&app, id).await;

    assert!(md.contains("- マージン 1.0秒 → 1.5秒\n"), "{md}");
    assert!(
        md.contains("（マージン 1.0秒 → 1.5秒、セルの変更なし）"),
        "{md}"
    );
    assert!(!md.contains("margin"), "{md}");
}

/// `POST`s the restore of revision 1 of the sheet `id` with the query `query` and `headers`.
async fn restore_1(
    app: &TestApp,
    id: i64,
    query: &str,
    headers: &[(&str, &str)],
) -> crate::helpers::TestResponse {
    let uri = format!("/api/v1/sheets/{id}/revisions/1/restore{query}");
    app.send_with(Method::POST, &uri, headers, "").await
}

#[tokio::test]
async fn restoring_revision_1_brings_its_numbers_back_as_a_new_revision() {
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    put(&app, id, golden_g2(), "bob").await;
    let without = restore_1(&app, id, "", &[]).await;
    assert_error_starts(
        &without,
        StatusCode::PRECONDITION_REQUIRED,
        "restoring a revision needs If-Match: ",
    );
    let stale = restore_1(&app, id, "", &[("if-match", "\"0\"")]).await;
    assert_eq!(
        stale.status,
        StatusCode::PRECONDITION_FAILED,
        "{}",
        stale.text()
    );
    let r = restore_1(&app, id, "?author=carol", &[("if-match", "\"1\"")]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.header("etag"), "\"2\"");
    let body = r.json();
    let app_node = find(&body["report"]["nodes"], "name", "app").clone();
    assert_eq!(
        (app_node["need_ms"].as_u64(), app_node["verdict"].as_str()),
        (Some(7_800), Some("ok"))
    );
    let list = app
        .get(&format!("/api/v1/sheets/{id}/revisions"))
        .await
        .json();
    assert_eq!(list.as_array().unwrap().len(), 3);
    assert_eq!(
        (
            list[0]["kind"].as_str(),
            list[0]["author"].as_str(),
            list[0]["message"].as_str()
        ),
        (Some("restore"), Some("carol"), Some("restored revision 1"))
    );
    // The restore's diff against revision 2 is G2 → G1.
    let d = app.get(&format!("/api/v1/sheets/{id}/diff")).await.json();
    assert_eq!(d["flips"][0]["text"], "app: inverted → ok, slack 0.2 s");
}

#[tokio::test]
async fn a_patch_of_more_than_1_mib_is_413_and_writes_nothing() {
    // Arrange: G1, and a patch whose one cell is 1 MiB of text.
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let body = json!({"cells": [{"row_id": 7, "column": "rationale", "base": "", "value": "x".repeat(1 << 20)}]});

    // Act
    let r = patch(&app, id, Some("\"0\""), &body.to_string()).await;

    // Assert: the size is named, as for a TSV body, and the sheet is as it was.
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", r.text());
    assert_eq!(
        r.json(),
        json!({"error": "the body is larger than 1048576 bytes (1 MiB); split the sheet", "line": null})
    );
    let sheet = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    assert_eq!(sheet["revision"], 0);
}

#[tokio::test]
async fn patches_under_1_mib_each_cannot_grow_a_sheet_past_1_mib() {
    // Arrange: G1, and two patches that set rows 7 and 8's rationales to 600,000 bytes each.
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let mut rows = budget::tsv::import(&fixture("reservation-en.tsv"))
        .unwrap()
        .rows;
    let mut big = |line: usize| {
        let base = std::mem::replace(&mut rows[line - 1].rationale, "x".repeat(600_000));
        json!({"cells": [{"row_id": line, "column": "rationale", "base": base,
                          "value": "x".repeat(600_000)}]})
        .to_string()
    };
    let (seven, eight) = (big(7), big(8));
    let first = patch(&app, id, Some("\"0\""), &seven).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());

    // Act: the second would make the sheet's export 1.2 MB.
    let second = patch(&app, id, Some("\"1\""), &eight).await;

    // Assert: refused with the size the export would have (with the Japanese header), and
    // the sheet is as the first patch left it.
    assert_eq!(
        second.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        second.text()
    );
    let would_be = budget::tsv::export(&rows, budget::Lang::Ja).len();
    assert!(would_be > 1_200_000);
    assert_eq!(
        second.json()["error"],
        format!(
            "sheet {id} would be {would_be} bytes as TSV, more than the 1048576 bytes (1 MiB) a \
             sheet may hold; nothing was written: split the sheet"
        )
    );
    let sheet = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    assert_eq!(sheet["revision"], 1);
    assert_eq!(
        sheet["rows"][7]["rationale"],
        "as many tries as fit the budget"
    );
}

#[tokio::test]
async fn a_page_save_larger_than_a_sheet_may_be_is_413_and_writes_nothing() {
    // Arrange: G1, and the page's rows with a rationale of 1 MiB.
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let loaded = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    let mut rows = loaded["rows"].clone();
    rows[0]["rationale"] = json!("x".repeat(1 << 20));

    // Act
    let body = json!({
        "id": id, "base": 0, "base_rows": loaded["rows"], "base_ids": loaded["row_ids"], "rows": rows,
    });
    let saved = app.call_json("save_rows", &body).await;

    // Assert: refused with the size its export would have (the page says it in words), and
    // the sheet is as it was.
    assert_eq!(
        saved.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        saved.text()
    );
    assert_eq!(saved.json(), json!({"TooLarge": 1_050_044}));
    let sheet = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    assert_eq!(
        (sheet["revision"].clone(), sheet["rows"].clone()),
        (json!(0), loaded["rows"].clone())
    );
}

#[tokio::test]
async fn patch_merges_per_cell_and_lists_a_cell_changed_since_with_its_three_values() {
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let read = r#"{"cells":[{"row_id":7,"column":"value","base":"1.5s","value":"3s"}]}"#;
    let tries = r#"{"cells":[{"row_id":8,"column":"value","base":"2 tries, waits 0.3s","value":"3 tries, waits 0.5s, 1.0s"}]}"#;
    let r = patch(&app, id, None, read).await;
    assert_eq!(r.status, StatusCode::PRECONDITION_REQUIRED, "{}", r.text());
    assert_eq!(
        r.json()["error"],
        "changing a sheet's cells needs If-Match: the ETag of the GET the change starts from \
         (the sheet's revision in quotes, such as \"3\"), or * to overwrite whatever is stored"
    );
    let r = patch(&app, id, Some("\"0\""), read).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.header("etag"), "\"1\"");
    // The second editor still at version 0, on another cell: lands.
    let r = patch(&app, id, Some("\"0\""), tries).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let body = r.json();
    let app_node = find(&body["report"]["nodes"], "name", "app").clone();
    assert_eq!(
        app_node["need_ms"], 15_500,
        "the merge is G2: the combination inverts the app"
    );
    // A third from version 0 on the read timeout and the rationale of row 1: the rationale
    // lands, the read timeout keeps the text "p" wrote, listed with its three values and who.
    let mine = r#"{"cells":[{"row_id":7,"column":"value","base":"1.5s","value":"2s"},{"row_id":1,"column":"rationale","base":"longer than the LB's bound, so the page receives the LB's 504","value":"mine"}]}"#;
    let r = patch(&app, id, Some("\"0\""), mine).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.header("etag"), "\"3\"");
    let body = r.json();
    assert_eq!(
        body["conflicts"],
        serde_json::json!([{"row_id": 7, "line": 7, "column": "value", "base": "1.5s", "theirs": "3s", "mine": "2s", "by": "p"}])
    );
    assert_eq!(
        (
            body["rows"][6]["value"].clone(),
            body["rows"][0]["rationale"].clone(),
            body["revision"].clone()
        ),
        (
            serde_json::json!("3s"),
            serde_json::json!("mine"),
            serde_json::json!(3)
        )
    );
    // Only conflicts: nothing is written, the version stays.
    let r = patch(&app, id, Some("\"0\""), &one_cell(7, "value", "1.5s", "2s")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.header("etag"), "\"3\"");
    assert_eq!(r.json()["conflicts"][0]["theirs"], "3s");
    // A patch that meets no conflict answers no `conflicts` key.
    let r = patch(
        &app,
        id,
        Some("\"3\""),
        &one_cell(1, "rationale", "mine", "ours"),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert!(r.json().get("conflicts").is_none(), "{}", r.text());
    // Bad input: an unknown row, a body that is not JSON, a sheet that does not exist.
    let r = patch(&app, id, Some("*"), &one_cell(99, "value", "", "1s")).await;
    assert_eq!(
        (r.status, r.json()["error"].as_str().map(String::from)),
        (
            StatusCode::NOT_FOUND,
            Some(format!("sheet {id} has no row with id 99"))
        )
    );
    let r = patch(&app, id, Some("*"), "cells=1").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    let r = patch(&app, id + 5, Some("*"), read).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn unknown_revisions_are_clear_errors() {
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let r = app.get(&format!("/api/v1/sheets/{id}/revisions/7")).await;
    assert_eq!(
        (r.status, r.json()["error"].as_str().map(String::from)),
        (
            StatusCode::NOT_FOUND,
            Some(format!("sheet {id} has no revision 7"))
        )
    );
    let r = app
        .get(&format!("/api/v1/sheets/{id}/diff?from=1&to=7"))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    // Revision 0 is none either: not revision 1 in its place.
    let r = app
        .get(&format!("/api/v1/sheets/{id}/diff?from=0&to=1"))
        .await;
    assert_eq!(
        (r.status, r.json()["error"].as_str().map(String::from)),
        (
            StatusCode::NOT_FOUND,
            Some(format!("sheet {id} has no revision 0"))
        )
    );
    let r = app.get(&format!("/api/v1/sheets/{id}/revisions/x")).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = app
        .get(&format!("/api/v1/sheets/{}/revisions", id + 1))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    // A sheet against itself (revision 1 only) is an empty diff.
    let d = app.get(&format!("/api/v1/sheets/{id}/diff")).await.json();
    assert_eq!(
        d["headline"],
        "errors 0 → 0, warnings 0 → 0; no verdict changed (no cell changed)"
    );
}

#[tokio::test]
async fn events_stream_the_sheets_saves_and_a_reconnect_catches_up() {
    use axum::body::Body;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    put(&app, id, golden_g2(), "bob").await;
    // A browser that saw version 0 reconnects: the current version comes first.
    let request = axum::http::Request::get(format!("/api/v1/sheets/{id}/events"))
        .header("last-event-id", "0")
        .body(Body::empty())
        .unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut body = response.into_body();
    let first = body.frame().await.unwrap().unwrap().into_data().unwrap();
    let first = String::from_utf8(first.to_vec()).unwrap();
    assert_eq!(
        first,
        "event: saved\nid: 1\ndata: {\"author\":\"\",\"version\":1,\"viewers\":1}\n\n"
    );
    let second = body.frame().await.unwrap().unwrap().into_data().unwrap();
    assert_eq!(
        String::from_utf8(second.to_vec()).unwrap(),
        "event: presence\ndata: {\"viewers\":1}\n\n"
    );
    // A save while it listens arrives with its author and version.
    put(&app, id, fixture("reservation-en.tsv"), "carol").await;
    // (Its own arrival is a presence event too; the save comes after it.)
    let third = loop {
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        if text.starts_with("event: saved") {
            break text;
        }
        assert_eq!(text, "event: presence\ndata: {\"viewers\":1}\n\n");
    };
    assert_eq!(
        third,
        "event: saved\nid: 2\ndata: {\"author\":\"carol\",\"version\":2,\"viewers\":1}\n\n"
    );
    // An unknown sheet is a 404, not a stream.
    let r = app.get(&format!("/api/v1/sheets/{}/events", id + 1)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_save_merged_with_anothers_names_what_only_the_combination_causes() {
    // Arrange: G1, whose app needs 7.8 s of its 8.0 s. Bob raises the external API's read
    // timeout to 1.55 s (7.9 s) after the page loaded.
    let g1 = fixture("reservation-en.tsv");
    let (app, id) = spawn_with_sheet("g", &g1).await;
    let loaded = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    let raise = one_cell(7, "value", "1.5s", "1.55s");
    let bob = patch(&app, id, Some("\"0\""), &raise).await;
    assert_eq!(bob.status, StatusCode::OK, "{}", bob.text());

    // Act: the page raises the app's own processing time to 0.65 s (7.95 s alone).
    let mut rows = loaded["rows"].clone();
    rows[4]["value"] = serde_json::json!("0.65s");
    let body = serde_json::json!({
        "id": id, "base": 0, "base_rows": loaded["rows"], "base_ids": loaded["row_ids"], "rows": rows,
    });
    let saved = app.call_json("save_rows", &body).await;

    // Assert: both land, and the app's inversion (8.05 s) is what only the two together cause.
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let saved = saved.json();
    assert_eq!(
        (
            saved["rows"][4]["value"].clone(),
            saved["rows"][6]["value"].clone()
        ),
        (serde_json::json!("0.65s"), serde_json::json!("1.55s"))
    );
    let combined: Vec<(String, String, u64)> = saved["combined"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["node"].as_str().unwrap().to_string(),
                f["short_by_ms"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        combined,
        vec![("inversion.node".to_string(), "app".to_string(), 50)]
    );

    // A save that merges nothing names nothing.
    let again = serde_json::json!({
        "id": id, "base": saved["revision"], "base_rows": saved["rows"], "base_ids": saved["row_ids"],
        "rows": saved["rows"].as_array().unwrap().iter().enumerate().map(|(i, r)| {
            let mut r = r.clone();
            if i == 11 { r["rationale"] = serde_json::json!("noted"); }
            r
        }).collect::<Vec<_>>(),
    });
    let quiet = app.call_json("save_rows", &again).await.json();
    assert_eq!(quiet["combined"], serde_json::json!([]));
    assert_eq!(
        quiet["report"]["whole"]["report"]["summary"]["inversions"],
        1
    );
}

#[tokio::test]
async fn a_draft_is_checked_with_the_sheets_settings_and_nothing_is_saved() {
    // Arrange: G1 stored.
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let loaded = app.get(&format!("/api/v1/sheets/{id}")).await;
    let version = loaded.header("etag").to_string();
    let loaded = loaded.json();

    // Act: the page sends G2's rows as typed.
    let mut rows = loaded["rows"].clone();
    rows[6]["value"] = serde_json::json!("3s");
    rows[7]["value"] = serde_json::json!("3 tries, waits 0.5s, 1.0s");
    let body = serde_json::json!({ "id": id, "rows": rows });
    let checked = app.call_json("check_draft", &body).await;

    // Assert: G2's report (need 15.5 s, short by 7.5 s) and the rows' catalog defaults; the
    // stored sheet is still G1, at the same version.
    assert_eq!(checked.status, StatusCode::OK, "{}", checked.text());
    let checked = checked.json();
    let app_node = find(
        &checked["report"]["whole"]["report"]["nodes"],
        "name",
        "app",
    );
    assert_eq!(
        (app_node["need_ms"].clone(), app_node["verdict"].clone()),
        (serde_json::json!(15_500), serde_json::json!("inverted"))
    );
    assert_eq!(checked["catalog_defaults"][2], serde_json::json!("60s"));
    let after = app.get(&format!("/api/v1/sheets/{id}")).await;
    assert_eq!(after.header("etag"), version);
    assert_eq!(after.json()["rows"][6]["value"], serde_json::json!("1.5s"));

    // A sheet that does not exist is not found; nothing is created.
    let body = serde_json::json!({ "id": id + 1, "rows": rows });
    let missing = app.call_json("check_draft", &body).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND, "{}", missing.text());
}

/// The report `check_draft` answers to `body`.
async fn check(app: &TestApp, body: &serde_json::Value) -> ReportAnswer {
    let answer = app.call_json("check_draft", body).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    serde_json::from_str::<Checked>(&answer.text())
        .unwrap()
        .report
}

#[tokio::test]
async fn the_first_check_of_a_loaded_page_is_answered_with_what_changed_since_its_report() {
    // Arrange: G1 stored; the page loads it (get_sheet), with the report and the id under
    // which the server keeps that report.
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let loaded = app
        .send_with(
            Method::POST,
            &server_fn("get_sheet"),
            &[("content-type", "application/x-www-form-urlencoded")],
            format!("id={id}"),
        )
        .await;
    assert_eq!(loaded.status, StatusCode::OK, "{}", loaded.text());
    let detail: app::model::SheetDetail = serde_json::from_str(&loaded.text()).unwrap();
    let held_id = detail.report_id.expect("the page's report is kept");

    // Act: G2 typed; the page's first check names the report it was given.
    let mut rows = detail.sheet.rows.clone();
    rows[6].value = "3s".into();
    rows[7].value = "3 tries, waits 0.5s, 1.0s".into();
    let first = check(
        &app,
        &serde_json::json!({ "id": id, "rows": rows, "since": held_id }),
    )
    .await;
    let ReportAnswer::Whole { report: whole, .. } =
        check(&app, &serde_json::json!({ "id": id, "rows": rows })).await
    else {
        panic!("a check without `since` is answered whole");
    };

    // Assert: changes since the page's report, which make G2's report (need 15.5 s) exactly;
    // of the 12 rows' reports only those of rows 7 and 8 are sent again.
    let ReportAnswer::Changes { since, changes, .. } = first else {
        panic!("changes expected: {first:?}");
    };
    assert_eq!(since, held_id);
    let sent_rows: Vec<usize> = changes
        .rows
        .runs
        .iter()
        .flat_map(|run| match run {
            workbench_model::report_changes::Run::New(items) => {
                items.iter().map(|r| r.line).collect()
            }
            workbench_model::report_changes::Run::Same { .. } => vec![],
        })
        .collect();
    let mut applied = detail.report;
    changes.apply(&mut applied).unwrap();
    assert_eq!(applied, whole);
    let app_node = applied.nodes.iter().find(|n| n.name == "app").unwrap();
    assert_eq!(app_node.need_ms, Some(15_500));
    assert_eq!(sent_rows, [7, 8]);
}

#[tokio::test]
async fn a_check_from_a_report_the_page_holds_is_answered_with_what_changed_since_it() {
    // Arrange: G1 stored; the page checks it once and holds that report.
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let loaded = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    let body = serde_json::json!({ "id": id, "rows": loaded["rows"] });
    let first = check(&app, &body).await;
    let ReportAnswer::Whole { report: held, .. } = first.clone() else {
        panic!("a first check is answered whole: {first:?}");
    };

    // Act: G2 typed, checked from the held report; and once more from no report.
    let mut rows = loaded["rows"].clone();
    rows[6]["value"] = serde_json::json!("3s");
    rows[7]["value"] = serde_json::json!("3 tries, waits 0.5s, 1.0s");
    let body = serde_json::json!({ "id": id, "rows": rows, "since": first.id() });
    let second = check(&app, &body).await;
    let body = serde_json::json!({ "id": id, "rows": rows });
    let ReportAnswer::Whole { report: whole, .. } = check(&app, &body).await else {
        panic!("a check without `since` is answered whole");
    };

    // Assert: changes since the held report, which make G2's report (need 15.5 s) exactly.
    let ReportAnswer::Changes { since, changes, .. } = second else {
        panic!("changes expected: {second:?}");
    };
    assert_eq!(since, first.id());
    let mut applied = held;
    changes.apply(&mut applied).unwrap();
    assert_eq!(applied, whole);
    let app_node = applied.nodes.iter().find(|n| n.name == "app").unwrap();
    assert_eq!(app_node.need_ms, Some(15_500));

    // An id this server never sent is answered whole.
    let body = serde_json::json!({ "id": id, "rows": rows, "since": first.id() + 1_000_000 });
    let stranger = check(&app, &body).await;
    assert!(
        matches!(stranger, ReportAnswer::Whole { .. }),
        "{stranger:?}"
    );
}

/// The number of revisions in sheet `id`'s history, from the history endpoint.
async fn revision_count(app: &TestApp, id: i64) -> usize {
    let list = app.get(&format!("/api/v1/sheets/{id}/revisions")).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text());
    list.json().as_array().expect("a list of revisions").len()
}

/// The change time of sheet `id` in the sheet list.
async fn updated_at_ms(app: &TestApp, id: i64) -> i64 {
    let list = app.get("/api/v1/sheets").await.json();
    list.as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .expect("the sheet is listed")["updated_at_ms"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn a_hundred_identical_puts_add_no_revision_and_one_changed_cell_adds_one() {
    // Arrange: G1 stored, then put once more, so that the sheet is at revision 1 (the
    // ETag) with two revisions in its history.
    let g1 = fixture("reservation-en.tsv");
    let (app, id) = spawn_with_sheet("g", &g1).await;
    let g2 = golden_g2();
    assert_eq!(
        put(&app, id, g2.clone(), "ci").await.header("etag"),
        "\"1\""
    );
    let before = revision_count(&app, id).await;
    let updated_before = updated_at_ms(&app, id).await;
    assert_eq!(before, 2);

    // Act: the same sheet 100 times, half with `If-Match: *`, half with the current ETag.
    for i in 0..100 {
        let tag = if i % 2 == 0 { "*" } else { "\"1\"" };
        let r = app
            .send_with(
                Method::PUT,
                &format!("/api/v1/sheets/{id}"),
                &[("if-match", tag), ("x-workbench-author", "ci")],
                g2.clone(),
            )
            .await;

        // Assert: each answers 200 with the sheet at its current revision, unchanged.
        assert_eq!(r.status, StatusCode::OK, "{}", r.text());
        assert_eq!(r.header("etag"), "\"1\"", "PUT {i}");
        let body = r.json();
        assert_eq!(body["revision"], 1, "PUT {i}");
        assert_eq!(body["report"]["summary"]["inversions"], 1, "PUT {i}");
    }

    // Assert: no revision added, the change time kept, the rows as they were.
    assert_eq!(revision_count(&app, id).await, before);
    assert_eq!(updated_at_ms(&app, id).await, updated_before);
    let sheet = app.get(&format!("/api/v1/sheets/{id}")).await;
    assert_eq!(sheet.header("etag"), "\"1\"");
    assert_eq!(
        app.get(&format!("/api/v1/sheets/{id}/export.tsv"))
            .await
            .text(),
        g2
    );

    // Act: one cell changed (a rationale).
    let changed = g2.replacen(
        "same network, connecting is fast",
        "same network, connecting is quick",
        1,
    );
    assert_ne!(changed, g2);
    let r = put(&app, id, changed, "ci").await;

    // Assert: exactly one revision more, of that one cell.
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.header("etag"), "\"2\"");
    assert_eq!(revision_count(&app, id).await, before + 1);
    let list = app
        .get(&format!("/api/v1/sheets/{id}/revisions"))
        .await
        .json();
    assert_eq!(list[0]["number"], 3);
    assert_eq!(list[0]["changed_cells"], 1);
    assert!(updated_at_ms(&app, id).await > updated_before);
}

#[tokio::test]
async fn the_same_rows_under_a_header_in_the_other_language_are_a_revision() {
    // Arrange: G1 stored in English.
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let rows = budget::tsv::import(&fixture("reservation-en.tsv"))
        .unwrap()
        .rows;
    let before = revision_count(&app, id).await;

    // Act: the same rows with a Japanese header.
    let r = put(&app, id, budget::tsv::export(&rows, budget::Lang::Ja), "ci").await;

    // Assert: the language changed, so that is one revision.
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.header("etag"), "\"1\"");
    assert_eq!(r.json()["lang"], "ja");
    assert_eq!(revision_count(&app, id).await, before + 1);
}

#[tokio::test]
async fn saving_or_importing_the_stored_rows_from_the_page_adds_no_revision() {
    // Arrange: G1 stored.
    let g1 = fixture("reservation-en.tsv");
    let (app, id) = spawn_with_sheet("g", &g1).await;
    let loaded = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    let rows = budget::tsv::import(&g1).unwrap().rows;
    let author = workbench_store::Author::named("p");
    let before = revision_count(&app, id).await;
    let updated_before = updated_at_ms(&app, id).await;

    // Act: the page saves its unchanged rows (a merged patch), the store is asked to save
    // them from revision 0 and to replace them, and the page imports the same TSV.
    let saved = app
        .call_json(
            "save_rows",
            &serde_json::json!({
                "id": id, "base": 0, "base_rows": loaded["rows"], "base_ids": loaded["row_ids"],
                "rows": loaded["rows"],
            }),
        )
        .await;
    let from = app.store.save_rows_from(id, 0, &rows, &author).await;
    let replaced = app.store.save_rows(id, &rows).await;
    let imported = app
        .call_json(
            "import_rows",
            &serde_json::json!({ "id": id, "base": 0, "tsv": g1 }),
        )
        .await;

    // Assert: each answers the current revision, 0; nothing was added or touched.
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(saved.json()["revision"], 0);
    assert_eq!(from.unwrap(), 0);
    assert_eq!(replaced.unwrap(), 0);
    assert_eq!(imported.status, StatusCode::OK, "{}", imported.text());
    assert_eq!(imported.json()["revision"], 0);
    assert_eq!(revision_count(&app, id).await, before);
    assert_eq!(updated_at_ms(&app, id).await, updated_before);
    assert_eq!(app.store.get_sheet(id).await.unwrap().revision, 0);
}

/// The page's save (`save_rows`) of `rows` from the rows `loaded` (a `GET` of the sheet or an
/// earlier save's answer), by the author `alice` (the page's author cookie), naming the
/// edits' `kind` when one is given; the answer, checked to be 200.
async fn page_save(
    app: &TestApp,
    id: i64,
    loaded: &serde_json::Value,
    rows: &serde_json::Value,
    kind: Option<&str>,
) -> serde_json::Value {
    let mut body = serde_json::json!({
        "id": id, "base": loaded["revision"], "base_rows": loaded["rows"],
        "base_ids": loaded["row_ids"], "rows": rows,
    });
    if let Some(kind) = kind {
        body["kind"] = kind.into();
    }
    let r = app
        .send_with(
            Method::POST,
            &server_fn("save_rows"),
            &[
                ("content-type", "application/json"),
                ("cookie", "workbench_author=alice"),
            ],
            body.to_string(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    r.json()
}

/// `rows` (the JSON of a sheet's rows) with the value of line `line` (1-based) set to `value`.
fn with_value(rows: &serde_json::Value, line: usize, value: &str) -> serde_json::Value {
    let mut rows = rows.clone();
    rows[line - 1]["value"] = value.into();
    rows
}

/// `(number, kind, author, errors, inversions, changed_cells)` of every revision of sheet
/// `id`, newest first.
async fn revisions(app: &TestApp, id: i64) -> Vec<(i64, String, String, u64, u64, u64)> {
    let list = app.get(&format!("/api/v1/sheets/{id}/revisions")).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text());
    list.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["number"].as_i64().unwrap(),
                r["kind"].as_str().unwrap().to_string(),
                r["author"].as_str().unwrap().to_string(),
                r["errors"].as_u64().unwrap(),
                r["inversions"].as_u64().unwrap(),
                r["changed_cells"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn an_inversion_typed_and_fixed_within_the_fold_window_stays_in_the_history() {
    // Arrange: G1 stored (the app needs 7.8 s of its 8.0 s: no inversion).
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let g1 = app.get(&format!("/api/v1/sheets/{id}")).await.json();

    // Act: alice types G2's two cells (the app inverted) and the page saves them; within
    // the fold window she types G1's values back and the page saves again.
    let g2_rows = with_value(
        &with_value(&g1["rows"], 7, "3s"),
        8,
        "3 tries, waits 0.5s, 1.0s",
    );
    let inverted = page_save(&app, id, &g1, &g2_rows, None).await;
    assert_eq!(
        inverted["report"]["whole"]["report"]["summary"]["inversions"],
        1
    );
    let fixed = page_save(&app, id, &inverted, &g1["rows"], None).await;
    // A rationale edited right after, with the verdict unchanged: it folds into the fix.
    let mut noted = g1["rows"].clone();
    noted[6]["rationale"] = "back to G1".into();
    page_save(&app, id, &fixed, &noted, None).await;

    // Assert: the inverted state is a revision of its own, with its inversion; the fix and
    // the note after it are one.
    assert_eq!(
        revisions(&app, id).await,
        vec![
            (3, "save".into(), "alice".into(), 0, 0, 3),
            (2, "save".into(), "alice".into(), 1, 1, 2),
            (1, "create".into(), "anonymous".into(), 0, 0, 0),
        ]
    );
}

#[tokio::test]
async fn a_fix_a_paste_and_the_save_after_each_are_revisions_of_their_own() {
    // Arrange: G1 stored.
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let mut loaded = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    // A kind the page does not make ("restore") is a plain save: it folds into the one
    // before.
    let kinds = [Some("fix"), None, Some("paste"), None, Some("restore")];

    // Act: five saves by alice within the fold window, each a rationale more, none changing
    // the verdict; then a PATCH that says it is a fix.
    for (k, kind) in kinds.into_iter().enumerate() {
        let mut rows = loaded["rows"].clone();
        rows[k]["rationale"] = format!("note {k}").into();
        loaded = page_save(&app, id, &loaded, &rows, kind).await;
    }
    let r = patch(
        &app,
        id,
        Some("*"),
        r#"{"kind": "fix", "cells": [{"row_id": 9, "column": "rationale", "base": "same network", "value": "patched"}]}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());

    // Assert: the fix, the paste, and the saves after them each start a revision; the
    // PATCH that says it is a fix is one too.
    let kinds: Vec<(i64, String, String, u64)> = revisions(&app, id)
        .await
        .into_iter()
        .map(|(n, kind, author, _, _, cells)| (n, kind, author, cells))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (6, "fix".into(), "p".into(), 1),
            (5, "save".into(), "alice".into(), 2),
            (4, "paste".into(), "alice".into(), 1),
            (3, "save".into(), "alice".into(), 1),
            (2, "fix".into(), "alice".into(), 1),
            (1, "create".into(), "anonymous".into(), 0),
        ]
    );
}

#[tokio::test]
async fn a_save_with_a_conflicting_cell_lands_the_rest_through_the_page_and_through_patch() {
    // Arrange: two G1 sheets; on each, bob raises the external API's read timeout to 3 s
    // after alice loaded the sheet.
    let app = spawn_app().await;
    let g1 = fixture("reservation-en.tsv");
    let mut loaded = Vec::new();
    for name in ["page", "api"] {
        let id = app.create_sheet(name, &g1).await;
        let rows = app.get(&format!("/api/v1/sheets/{id}")).await.json();
        let bob = patch_by(
            &app,
            id,
            "bob",
            Some("\"0\""),
            r#"{"cells":[{"row_id":7,"column":"value","base":"1.5s","value":"3s"}]}"#,
        )
        .await;
        assert_eq!(bob.status, StatusCode::OK, "{}", bob.text());
        loaded.push((id, rows));
    }

    // Act: alice, from revision 0, sets the same read timeout to 2 s and the first row's
    // rationale: through the page's save on one sheet, through PATCH on the other.
    let (page_id, page_loaded) = &loaded[0];
    let mut rows = with_value(&page_loaded["rows"], 7, "2s");
    rows[0]["rationale"] = "mine".into();
    let by_page = page_save(&app, *page_id, page_loaded, &rows, None).await;
    let (api_id, _) = &loaded[1];
    let by_api = patch_by(
        &app,
        *api_id,
        "alice",
        Some("\"0\""),
        r#"{"cells":[{"row_id":7,"column":"value","base":"1.5s","value":"2s"},{"row_id":1,"column":"rationale","base":"longer than the LB's bound, so the page receives the LB's 504","value":"mine"}]}"#,
    )
    .await;

    // Assert: one policy. Through both doors the rationale lands in a new revision, the read
    // timeout keeps bob's 3 s, and the conflict comes back with its three values and bob.
    assert_eq!(by_api.status, StatusCode::OK, "{}", by_api.text());
    let by_api = by_api.json();
    let conflict = serde_json::json!([{"row_id": 7, "line": 7, "column": "value", "base": "1.5s", "theirs": "3s", "mine": "2s", "by": "bob"}]);
    for answer in [&by_page, &by_api] {
        assert_eq!(answer["conflicts"], conflict, "{answer}");
        assert_eq!(answer["revision"], 2, "{answer}");
        assert_eq!(answer["rows"][6]["value"], "3s");
        assert_eq!(answer["rows"][0]["rationale"], "mine");
    }
    for id in [page_id, api_id] {
        let stored = app.get(&format!("/api/v1/sheets/{id}")).await.json();
        assert_eq!(
            (
                stored["rows"][6]["value"].clone(),
                stored["rows"][0]["rationale"].clone()
            ),
            (serde_json::json!("3s"), serde_json::json!("mine"))
        );
        assert_eq!(revisions(&app, *id).await[0].2, "alice");
    }
}
