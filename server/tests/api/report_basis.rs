//! What the sheet page's report is of when it is not the rows as saved: the server's part.
//! A page grown past the rows a sheet holds is checked (its report is of its rows) but not
//! saved; a cell in conflict names whose change it meets, so that the page's summary can.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{fixture, spawn_with_sheet, TestApp};

/// `PATCH`es one value cell of sheet `id` from `base` to `value` as `author`.
async fn patch_value(app: &TestApp, id: i64, row_id: i64, base: &str, value: &str, author: &str) {
    let body =
        json!({"cells": [{"row_id": row_id, "column": "value", "base": base, "value": value}]});
    let r = app
        .send_with(
            Method::PATCH,
            &format!("/api/v1/sheets/{id}"),
            &[
                ("content-type", "application/json"),
                ("if-match", "*"),
                ("x-workbench-author", author),
            ],
            body.to_string(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

/// The sheet as the page loads it: its rows and their ids.
async fn loaded(app: &TestApp, id: i64) -> (Value, Value) {
    let sheet = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    (sheet["rows"].clone(), sheet["row_ids"].clone())
}

#[tokio::test]
async fn a_cell_in_conflict_names_the_author_of_the_change_it_meets() {
    // Arrange: G1; the page loads it. Then bob changes the external API's read timeout
    // (row 7) and, later, alice the app's deadline (row 3): the latest revision is alice's.
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let (base_rows, base_ids) = loaded(&app, id).await;
    patch_value(&app, id, 7, "1.5s", "4s", "bob").await;
    patch_value(&app, id, 3, "10s", "11s", "alice").await;

    // Act: the page, which saw neither, sets row 7 to 5s and deletes row 3.
    let mut rows = base_rows.as_array().unwrap().clone();
    rows[6]["value"] = json!("5s");
    rows.remove(2);
    let body = json!({
        "id": id, "base": 0, "base_rows": base_rows, "base_ids": base_ids, "rows": rows,
    });
    let saved = app.call_json("save_rows", &body).await;

    // Assert: each conflict names whose change it meets: the cell's, not the latest
    // revision's author.
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let saved = saved.json();
    assert_eq!(
        saved["conflicts"],
        json!([
            {"row_id": 7, "line": 7, "column": "value", "base": "1.5s", "theirs": "4s", "mine": "5s", "by": "bob"},
            {"row_id": 3, "line": 3, "column": null,
             "base": "2\tLB -> app\tread timeout\tproxy_read_timeout\t60s\t10s\tnginx.conf location\tlonger than the app deadline plus margin",
             "theirs": "2\tLB -> app\tread timeout\tproxy_read_timeout\t60s\t11s\tnginx.conf location\tlonger than the app deadline plus margin",
             "mine": null, "by": "alice"}
        ])
    );
    // Nothing of either was written.
    let (now, _) = loaded(&app, id).await;
    assert_eq!(
        (now[2]["value"].clone(), now[6]["value"].clone()),
        (json!("11s"), json!("4s"))
    );
}

#[tokio::test]
async fn rows_beyond_what_a_sheet_holds_are_checked_but_not_saved() {
    // Arrange: G1 stored; the page grows it to 5,001 rows (one more than a sheet holds).
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let (base_rows, base_ids) = loaded(&app, id).await;
    let g1 = base_rows.as_array().unwrap().clone();
    let grown: Vec<Value> = g1.iter().cycle().take(5_001).cloned().collect();

    // Act
    let checked = app
        .call_json("check_draft", &json!({"id": id, "rows": grown}))
        .await;
    let saved = app
        .call_json(
            "save_rows",
            &json!({"id": id, "base": 0, "base_rows": base_rows, "base_ids": base_ids, "rows": grown}),
        )
        .await;

    // Assert: the check's report is of the 5,001 rows; the save is refused with the count
    // (the page words it in its language), and the sheet still has its 12 rows.
    assert_eq!(checked.status, StatusCode::OK, "{}", checked.text());
    let report = &checked.json()["report"]["whole"]["report"];
    assert_eq!(report["rows"].as_array().unwrap().len(), 5_001);
    assert_eq!(saved.status, StatusCode::BAD_REQUEST, "{}", saved.text());
    assert_eq!(saved.json(), json!({"TooManyRows": 5_001}));
    let (now, _) = loaded(&app, id).await;
    assert_eq!(now.as_array().unwrap().len(), 12);

    // Past twice the limit the check is refused too.
    let huge: Vec<Value> = g1.iter().cycle().take(10_001).cloned().collect();
    let refused = app
        .call_json("check_draft", &json!({"id": id, "rows": huge}))
        .await;
    assert_eq!(
        refused.status,
        StatusCode::BAD_REQUEST,
        "{}",
        refused.text()
    );
    assert_eq!(refused.json(), json!({"TooManyRows": 10_001}));
}
