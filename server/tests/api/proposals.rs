//! Proposals over the API: G2 proposed, reviewed with its trace, stopped by the gate, rejected
//! or approved anyway; a stale base with a conflict the proposer resolves; an approval
//! withdrawn when the diff changed; comments that keep their cell; bad input.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{
    assert_error_starts, fixture, spawn_app, spawn_with_sheet, texts_of, TestApp, TestResponse,
};

const G2_TRACE: &str = "app -> external API: read 1.5 s → 3 s, tries 2 → 3 (waits 0.3 s → 0.5 s, 1.0 s); worst 4.3 s → 12.0 s; app need 7.8 s → 15.5 s against its 8.0 s deadline: now inverted, short by 7.5 s, 1 try fits; LB -> app and browser -> LB unchanged (they wait on app's 8.0 s deadline, not on its need)";

/// `method uri` with the JSON `body`, as the author `who`.
async fn send(app: &TestApp, method: Method, uri: &str, who: &str, body: Value) -> TestResponse {
    app.send_with(
        method,
        uri,
        &[
            ("content-type", "application/json"),
            ("x-workbench-author", who),
        ],
        body.to_string(),
    )
    .await
}

/// `POST uri` with the JSON `body`, as the author `who`.
async fn post_as(app: &TestApp, uri: &str, who: &str, body: Value) -> TestResponse {
    send(app, Method::POST, uri, who, body).await
}

/// Proposal `pid` of sheet `id` as its review shows it (`GET`).
async fn review_of(app: &TestApp, id: i64, pid: i64) -> Value {
    app.get(&format!("/api/v1/sheets/{id}/proposals/{pid}"))
        .await
        .json()
}

/// Bob approves G2's proposal `pid` of sheet `id` anyway, with the comment "the deadline is
/// raised next"; the review it answers.
async fn approve_g2_anyway(app: &TestApp, id: i64, pid: i64) -> Value {
    let r = post_as(
        app,
        &format!("/api/v1/sheets/{id}/proposals/{pid}/approve"),
        "bob",
        json!({"seen_revision": 1, "anyway": true, "comment": "the deadline is raised next"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    r.json()
}

/// The status of a refused request and its JSON error.
fn refusal(response: &TestResponse) -> (StatusCode, Option<String>) {
    (
        response.status,
        response.json()["error"].as_str().map(String::from),
    )
}

/// Asserts that `response` is `status` and that its body says `reason`.
fn assert_refused(response: &TestResponse, status: StatusCode, reason: &str) {
    assert_eq!(response.status, status, "{}", response.text());
    assert!(response.text().contains(reason), "{}", response.text());
}

/// G2's two cells as a proposal body.
fn g2_changes() -> Value {
    json!({
        "title": "three tries for the external API",
        "cells": [
            {"row_id": 7, "column": "value", "base": "1.5s", "value": "3s"},
            {"row_id": 8, "column": "value", "base": "2 tries, waits 0.3s", "value": "3 tries, waits 0.5s, 1.0s"}
        ]
    })
}

async fn propose_g2(app: &TestApp) -> (i64, i64) {
    let id = app.create_sheet("g", &fixture("reservation-en.tsv")).await;
    let r = post_as(
        app,
        &format!("/api/v1/sheets/{id}/proposals"),
        "alice",
        g2_changes(),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text());
    (id, r.json()["id"].as_i64().unwrap())
}

#[tokio::test]
async fn a_g2_proposal_shows_its_trace_the_gate_refuses_it_and_it_is_rejected() {
    let app = spawn_app().await;
    let (id, pid) = propose_g2(&app).await;
    let review = review_of(&app, id, pid).await;
    assert_eq!(review["diff"]["trace"][0]["text"], G2_TRACE);
    assert_eq!(review["gate"], true);
    assert_eq!(review["stale"], false);
    assert_eq!(review["proposal"]["status"], "open");
    assert_eq!(review["proposal"]["author"], "alice");
    // The sheet itself is unchanged: G1.
    let sheet = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    assert_eq!(sheet["rows"][6]["value"], "1.5s");

    let approve = format!("/api/v1/sheets/{id}/proposals/{pid}/approve");
    let bob_approves = |body: Value| post_as(&app, &approve, "bob", body);
    let r = bob_approves(json!({"seen_revision": 1})).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(
        r.json()["error"],
        "this proposal brings a new error (inversion.node: app's deadline (8.0 s) ends before its calls may (15.5 s)); approving it needs \"approve anyway\" and a comment"
    );
    let r = bob_approves(json!({"seen_revision": 1, "anyway": true})).await;
    assert_eq!(
        refusal(&r),
        (
            StatusCode::CONFLICT,
            Some("\"approve anyway\" needs a comment: write why the new error is accepted".into())
        ),
        "anyway without a comment: the comment is what is missing"
    );

    let reject = format!("/api/v1/sheets/{id}/proposals/{pid}/reject");
    let bob_rejects = |body: Value| post_as(&app, &reject, "bob", body);
    let r = bob_rejects(json!({"comment": ""})).await;
    assert_eq!(
        refusal(&r),
        (
            StatusCode::CONFLICT,
            Some("a rejection needs a comment saying why".into())
        )
    );
    let r = bob_rejects(json!({"comment": "the app cannot wait 15.5 s"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let review = r.json();
    assert_eq!(review["proposal"]["status"], "rejected");
    assert_eq!(review["proposal"]["decided_by"], "bob");
    assert_eq!(
        review["proposal"]["decision_note"],
        "the app cannot wait 15.5 s"
    );
    let sheet = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    assert_eq!(sheet["rows"][6]["value"], "1.5s", "nothing applied");
    let r = bob_approves(json!({"seen_revision": 1, "anyway": true, "comment": "x"})).await;
    assert_eq!(
        r.json()["error"],
        format!("proposal {pid} is already rejected")
    );
}

#[tokio::test]
async fn approving_anyway_makes_a_revision_by_the_proposer_with_the_gates_override() {
    let app = spawn_app().await;
    let (id, pid) = propose_g2(&app).await;
    let review = approve_g2_anyway(&app, id, pid).await;
    assert_eq!(review["proposal"]["revision"], 2);
    let revisions = app
        .get(&format!("/api/v1/sheets/{id}/revisions"))
        .await
        .json();
    let newest = &revisions[0];
    assert_eq!(newest["author"], "alice");
    assert_eq!(newest["approved_by"], "bob");
    assert_eq!(newest["proposal_id"], pid);
    assert_eq!(newest["gate_note"], "the deadline is raised next");
    assert_eq!(
        newest["message"],
        format!("proposal {pid}: three tries for the external API")
    );
    assert_eq!(newest["inversions"], 1);
    // The approved proposal still shows its diff: the revision against the one before.
    let review = review_of(&app, id, pid).await;
    assert_eq!(review["diff"]["trace"][0]["text"], G2_TRACE);
    assert_eq!(review["gate"], false);
}

#[tokio::test]
async fn a_stale_base_reapplies_cleanly_and_a_cell_both_changed_is_a_conflict_the_proposer_resolves(
) {
    let app = spawn_app().await;
    let (id, pid) = propose_g2(&app).await;
    // The sheet moves on: someone sets the read timeout to 2s and the DB connect to 0.5s.
    let patch = json!({"cells": [
        {"row_id": 7, "column": "value", "base": "1.5s", "value": "2s"},
        {"row_id": 9, "column": "value", "base": "1s", "value": "0.5s"}
    ]});
    let r = patch_latest(&app, id, &patch).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let review = review_of(&app, id, pid).await;
    assert_eq!(review["stale"], true);
    assert_eq!(review["current_revision"], 2);
    assert_eq!(
        review["conflicts"],
        json!([{"row_id": 7, "line": 7, "column": "value", "base": "1.5s", "theirs": "2s", "mine": "3s"}])
    );
    // The tries apply cleanly to the current rows; the read timeout stays the sheet's 2s.
    assert_eq!(
        review["diff"]["rows"]["changed"].as_array().unwrap().len(),
        1
    );
    let approve = format!("/api/v1/sheets/{id}/proposals/{pid}/approve");
    let r = post_as(
        &app,
        &approve,
        "bob",
        json!({"seen_revision": 2, "anyway": true, "comment": "ok"}),
    )
    .await;
    assert_error_starts(
        &r,
        StatusCode::CONFLICT,
        "1 of the proposal's cells were changed on the sheet",
    );
    // The proposer keeps the proposal's 3s: the conflict is gone, the diff is G2's from here.
    let r = post_as(
        &app,
        &format!("/api/v1/sheets/{id}/proposals/{pid}/resolve"),
        "alice",
        json!({"row_id": 7, "column": "value", "keep": "proposal"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let review = r.json();
    assert_eq!(review["conflicts"], json!([]));
    assert_eq!(
        review["diff"]["rows"]["changed"].as_array().unwrap().len(),
        2
    );
    assert_eq!(review["diff"]["trace"][0]["steps"][0]["text"], "app -> external API: read 2 s → 3 s, tries 2 → 3 (waits 0.3 s → 0.5 s, 1.0 s); worst 5.3 s → 12.0 s");
}

#[tokio::test]
async fn an_approval_is_withdrawn_when_the_diff_changed_since_the_review() {
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    // A proposal that raises the app's deadline to 9s: no error.
    let body = json!({"title": "more time", "cells": [{"row_id": 4, "column": "value", "base": "8s", "value": "9s"}]});
    let r = post_as(
        &app,
        &format!("/api/v1/sheets/{id}/proposals"),
        "alice",
        body,
    )
    .await;
    let pid = r.json()["id"].as_i64().unwrap();
    // Reviewed at revision 1; then someone changes the LB's read timeout, which the deadline
    // is checked against: the proposal's effect is not what the reviewer saw.
    let patch =
        json!({"cells": [{"row_id": 3, "column": "value", "base": "10s", "value": "9.5s"}]});
    patch_latest(&app, id, &patch).await;
    let r = post_as(
        &app,
        &format!("/api/v1/sheets/{id}/proposals/{pid}/approve"),
        "bob",
        json!({"seen_revision": 1}),
    )
    .await;
    assert_error_starts(&r, StatusCode::CONFLICT, "approval withdrawn: the sheet moved from revision 1 to 2 since you reviewed this proposal, and the change now does this: errors 0 → 1");
    // Reviewed again at revision 2, the gate applies (the LB now gives up first).
    let review = review_of(&app, id, pid).await;
    assert_eq!(review["gate"], true);
}

#[tokio::test]
async fn a_cell_comment_keeps_its_place_and_says_changed_since() {
    let app = spawn_app().await;
    let (id, pid) = propose_g2(&app).await;
    let comments = format!("/api/v1/sheets/{id}/proposals/{pid}/comments");
    let bob_comments = |body: Value| post_as(&app, &comments, "bob", body);
    let r = bob_comments(json!({"body": "why 3?", "row_id": 8, "column": "value"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let r = bob_comments(json!({"body": "overall fine"})).await;
    let c = r.json()["comments"].clone();
    assert_eq!(c[0]["line"], 8);
    assert_eq!(c[0]["cell_text"], "3 tries, waits 0.5s, 1.0s");
    assert_eq!(c[0]["changed_since"], false);
    assert_eq!(c[1]["row_id"], Value::Null);
    // Alice changes the proposal: two tries with longer waits.
    let update = json!({"cells": [
        {"row_id": 7, "column": "value", "base": "1.5s", "value": "3s"},
        {"row_id": 8, "column": "value", "base": "2 tries, waits 0.3s", "value": "2 tries, waits 1s"}
    ]});
    let r = send(
        &app,
        Method::PUT,
        &format!("/api/v1/sheets/{id}/proposals/{pid}"),
        "alice",
        update,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let c = r.json()["comments"].clone();
    assert_eq!(
        (
            c[0]["body"].as_str(),
            c[0]["changed_since"].as_bool(),
            c[0]["line"].as_u64()
        ),
        (Some("why 3?"), Some(true), Some(8))
    );
    // Bad input: a comment on a row the proposal does not have, an empty one.
    let r = bob_comments(json!({"body": "?", "row_id": 99, "column": "value"})).await;
    assert_eq!(
        refusal(&r),
        (
            StatusCode::CONFLICT,
            Some("row 99 is not in this proposal's rows (it may have been deleted)".into())
        )
    );
    let r = bob_comments(json!({"body": "  "})).await;
    assert_eq!(
        refusal(&r),
        (
            StatusCode::CONFLICT,
            Some("a comment needs some text".into())
        )
    );
}

#[tokio::test]
async fn bad_proposals_are_clear_errors_and_change_nothing() {
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    let uri = format!("/api/v1/sheets/{id}/proposals");
    let r = post_as(&app, &uri, "a", json!({"title": " ", "cells": []})).await;
    assert_eq!(
        refusal(&r),
        (
            StatusCode::CONFLICT,
            Some("a proposal needs a title".into())
        )
    );
    let r = post_as(&app, &uri, "a", json!({"title": "t", "cells": []})).await;
    assert_eq!(r.json()["error"], "the proposal changes nothing");
    let r = post_as(&app, &uri, "a", json!({"title": "t", "cells": [{"row_id": 7, "column": "value", "base": "9s", "value": "3s"}]})).await;
    assert_eq!(r.json()["error"], "1 of the proposal's cells do not hold the text it changes: start it from the sheet as it is now");
    let r = app.get(&format!("/api/v1/sheets/{id}/proposals/5")).await;
    assert_eq!(
        refusal(&r),
        (
            StatusCode::NOT_FOUND,
            Some(format!("sheet {id} has no proposal 5"))
        )
    );
    // A proposal against a deleted sheet.
    let r = post_as(
        &app,
        &format!("/api/v1/sheets/{}/proposals", id + 7),
        "a",
        g2_changes(),
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let list = app.get(&uri).await.json();
    assert_eq!(list, json!([]));
}

/// Bob's `PATCH` of sheet `id`, from its version 0, which must succeed.
async fn patch(app: &TestApp, id: i64, body: Value) {
    let r = app
        .send_with(
            Method::PATCH,
            &format!("/api/v1/sheets/{id}"),
            &[
                ("content-type", "application/json"),
                ("x-workbench-author", "bob"),
                ("if-match", "\"0\""),
            ],
            body.to_string(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

/// An anonymous `PATCH` of sheet `id` with the JSON `body`, on whatever version is the latest.
async fn patch_latest(app: &TestApp, id: i64, body: &Value) -> TestResponse {
    app.send_with(
        Method::PATCH,
        &format!("/api/v1/sheets/{id}"),
        &[("if-match", "*"), ("content-type", "application/json")],
        body.to_string(),
    )
    .await
}

/// The content type of the page's form posts to its server functions.
const FORM: &str = "application/x-www-form-urlencoded";

/// The edit page's draft of proposal `pid` of sheet `id` (`edit_proposal`).
async fn edit_draft(app: &TestApp, id: i64, pid: i64) -> TestResponse {
    call(
        app,
        "edit_proposal",
        FORM,
        format!("id={id}&proposal={pid}"),
    )
    .await
}

/// The rows of an earlier revision for the sheet page (`changes_since`), asked with the
/// form `query`.
async fn changes_since(app: &TestApp, query: String) -> TestResponse {
    call(app, "changes_since", FORM, query).await
}

/// The edit page's save of a reworked proposal (`rework_proposal`) with the JSON `body`.
async fn rework(app: &TestApp, body: &Value) -> TestResponse {
    call(app, "rework_proposal", "application/json", body.to_string()).await
}

/// Calls the page's server function `name` with a JSON or form `body`, as the page does.
async fn call(app: &TestApp, name: &str, content_type: &str, body: String) -> TestResponse {
    app.send_with(
        Method::POST,
        &crate::helpers::server_fn(name),
        &[
            ("content-type", content_type),
            ("x-workbench-author", "alice"),
        ],
        body,
    )
    .await
}

#[tokio::test]
async fn the_edit_page_reworks_a_stale_proposal_on_the_rows_of_now() {
    // Arrange: G2 proposed at revision 1; then someone raises the browser's deadline.
    let app = spawn_app().await;
    let (id, pid) = propose_g2(&app).await;
    patch(
        &app,
        id,
        json!({"cells": [{"row_id": 1, "column": "value", "base": "12s", "value": "13s"}]}),
    )
    .await;

    // Act: the edit page's rows are the proposal's, on the rows of now.
    let draft = edit_draft(&app, id, pid).await;
    assert_eq!(draft.status, StatusCode::OK, "{}", draft.text());
    let draft = draft.json();
    let values: Vec<&str> = texts_of(&draft["rows"], "value");
    assert_eq!(
        (&values[..1], &values[6..8]),
        (&["13s"][..], &["3s", "3 tries, waits 0.5s, 1.0s"][..])
    );
    assert_eq!(
        (draft["title"].clone(), draft["current_revision"].clone()),
        (json!("three tries for the external API"), json!(2))
    );
    assert_eq!(draft["report"]["summary"]["inversions"], 1);

    // The proposer keeps the read timeout at 2 s and drops the third try, under a new title.
    let mut rows = draft["rows"].clone();
    rows[6]["value"] = json!("2s");
    rows[7]["value"] = json!("2 tries, waits 0.3s");
    let body = json!({
        "id": id, "proposal": pid, "title": " two seconds to read ", "base_revision": 2,
        "base_rows": draft["detail"]["sheet"]["rows"], "base_ids": draft["detail"]["row_ids"],
        "rows": rows,
    });
    let saved = rework(&app, &body).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());

    // Assert: one cell changed against revision 2, which is its base now (and 2 s twice, with
    // the DB's 3.0 s and the app's own 0.5 s, still overruns its 8.0 s deadline, by 0.8 s);
    // the sheet as it was.
    let review = review_of(&app, id, pid).await;
    assert_eq!(
        (
            review["proposal"]["title"].clone(),
            review["proposal"]["base_revision"].clone(),
            review["stale"].clone(),
        ),
        (json!("two seconds to read"), json!(2), json!(false))
    );
    assert_eq!(
        review["diff"]["headline"],
        "errors 0 → 1, warnings 0 → 0; app: ok → inverted, short by 0.8 s (1 cell changed)"
    );
    let stored = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    assert_eq!(stored["rows"][6]["value"], "1.5s");

    // A decided proposal cannot be edited: a clear 409, nothing changed.
    let r = post_as(
        &app,
        &format!("/api/v1/sheets/{id}/proposals/{pid}/reject"),
        "carol",
        json!({"comment": "no"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let draft = edit_draft(&app, id, pid).await;
    assert_refused(
        &draft,
        StatusCode::CONFLICT,
        "proposal 1 is rejected: it cannot change",
    );
    let again = rework(&app, &body).await;
    assert_refused(
        &again,
        StatusCode::CONFLICT,
        "proposal 1 is rejected: it cannot change",
    );
}

#[tokio::test]
async fn the_sheet_page_gets_an_earlier_revisions_rows_to_draw_the_changes_since() {
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    patch(
        &app,
        id,
        json!({"cells": [{"row_id": 7, "column": "value", "base": "1.5s", "value": "3s"}]}),
    )
    .await;

    // Without `since`: the revision before the latest.
    let previous = changes_since(&app, format!("id={id}")).await.json();
    // Revision 1 is anonymous's (the sheet created); the changes since are bob's.
    assert_eq!(
        (
            &previous["number"],
            &previous["latest"],
            &previous["author"],
            &previous["changed_by"]
        ),
        (&json!(1), &json!(2), &json!("anonymous"), &json!(["bob"]))
    );
    assert_eq!(previous["rows"][6]["value"], "1.5s");
    let latest = changes_since(&app, format!("id={id}&since=2")).await.json();
    assert_eq!(
        (
            &latest["author"],
            &latest["changed_by"],
            &latest["rows"][6]["value"]
        ),
        (&json!("bob"), &json!([]), &json!("3s"))
    );
    let unknown = changes_since(&app, format!("id={id}&since=9")).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let error: app::error::AppError = serde_json::from_str(&unknown.text()).unwrap();
    assert_eq!(error.to_string(), format!("sheet {id} has no revision 9"));
}

/// The text of the elements `selector` selects in the page at `uri`, rendered with the
/// request headers `headers`.
async fn page_texts(
    app: &TestApp,
    uri: &str,
    headers: &[(&str, &str)],
    selector: &str,
) -> Vec<String> {
    let page = app
        .send_with(Method::GET, uri, headers, axum::body::Body::empty())
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text());
    crate::helpers::texts(&page.text(), selector)
}

#[tokio::test]
async fn the_history_names_an_approved_proposals_proposer_and_reviewer_and_the_gates_comment() {
    // Arrange: G2 proposed by alice, approved anyway by bob with a comment.
    let app = spawn_app().await;
    let (id, pid) = propose_g2(&app).await;
    approve_g2_anyway(&app, id, pid).await;
    let history = format!("/sheets/{id}/history");

    // Act: the history page, in English and in Japanese.
    let who_en = page_texts(&app, &history, &[], "[data-testid=revision-author]").await;
    let what_en = page_texts(&app, &history, &[], "[data-testid=revision-kind]").await;
    let gate_en = page_texts(&app, &history, &[], "[data-testid=revision-gate-note]").await;
    let ja = [("cookie", "ui-lang=ja")];
    let who_ja = page_texts(&app, &history, &ja, "[data-testid=revision-author]").await;
    let gate_ja = page_texts(&app, &history, &ja, "[data-testid=revision-gate-note]").await;
    let link = app.get(&history).await.text();

    // Assert: the approved revision names both people and the comment; the one before it
    // its author alone.
    assert_eq!(
        who_en,
        vec!["proposed by alice · approved by bob", "anonymous"]
    );
    assert_eq!(
        what_en[0],
        "saved · proposal 1: three tries for the external API · \
         approved anyway: “the deadline is raised next”"
    );
    assert_eq!(
        gate_en,
        vec!["approved anyway: “the deadline is raised next”"]
    );
    assert_eq!(who_ja, vec!["alice が提案 · bob が承認", "anonymous"]);
    assert_eq!(
        gate_ja,
        vec!["それでも承認：「the deadline is raised next」"]
    );
    assert!(
        link.contains(&format!(
            r#"href="/sheets/{id}/proposals/{pid}" data-testid="revision-proposal""#
        )),
        "the message links to the proposal"
    );
}

/// A browser's plain form post of the proposal page's decision form (`body`), from the
/// address `page`, with the cookies `cookie`.
async fn decide_form(app: &TestApp, page: &str, cookie: &str, body: &str) -> TestResponse {
    app.form_post("decide_proposal", page, Some(cookie), body)
        .await
}

/// The `name=value` of the `Set-Cookie` of `response` that sets `name`, and its attributes.
fn set_cookie<'a>(response: &'a TestResponse, name: &str) -> Option<&'a str> {
    response
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{name}=")))
}

#[tokio::test]
async fn a_refused_decision_goes_back_to_the_proposals_address_with_its_reason_and_the_box_ticked()
{
    // Arrange: G2 proposed by alice (it brings an inversion: the gate).
    let app = spawn_app().await;
    let (id, pid) = propose_g2(&app).await;
    let page = format!("/sheets/{id}/proposals/{pid}");
    let cookie_name = app::model::REFUSED_DECISION_COOKIE;

    for (lang, message) in [
        (
            "en",
            "\"approve anyway\" needs a comment: write why the new error is accepted",
        ),
        (
            "ja",
            "「それでも承認」にはコメントが必要です。新しいエラーを受け入れる理由を書いてください",
        ),
    ] {
        let ui = format!("ui-lang={lang}");
        // Act: "approve anyway" ticked, no comment, posted without JavaScript.
        let refused = decide_form(
            &app,
            &page,
            &ui,
            &format!("id={id}&proposal={pid}&seen_revision=1&anyway=on&comment=+&decision=approve"),
        )
        .await;

        // Assert: back to the proposal's own address, the refusal in a cookie of its path.
        assert_eq!(refused.status, StatusCode::FOUND, "{}", refused.text());
        assert_eq!(refused.header("location"), page);
        let kept = set_cookie(&refused, cookie_name).expect("the refusal is kept");
        assert!(
            kept.contains(&format!("; Path={page};")) && kept.contains("Max-Age=60"),
            "{kept}"
        );
        let carried = kept.split(';').next().unwrap().to_string();

        // Act: the browser follows the redirect with the cookie.
        let shown = app
            .send_with(
                Method::GET,
                &page,
                &[("cookie", &format!("{ui}; {carried}"))],
                axum::body::Body::empty(),
            )
            .await;

        // Assert: the reason under the form, the box still ticked, the cookie dropped.
        assert_eq!(shown.status, StatusCode::OK);
        let html = shown.text();
        assert_eq!(
            crate::helpers::texts(&html, "[data-testid=decide-error]"),
            vec![message]
        );
        assert_eq!(
            crate::helpers::texts(&html, "[data-testid=approve-anyway][checked]").len(),
            1,
            "the box is ticked"
        );
        let dropped = set_cookie(&shown, cookie_name).expect("the cookie is dropped");
        assert!(dropped.contains("Max-Age=0"), "{dropped}");
        // Without the cookie the page says nothing and the box is not ticked.
        let plain = app.get(&page).await.text();
        assert!(crate::helpers::texts(&plain, "[data-testid=decide-error]").is_empty());
        assert!(crate::helpers::texts(&plain, "[data-testid=approve-anyway][checked]").is_empty());
    }

    // Act: a comment typed, refused again for no "anyway"; the comment comes back too.
    let refused = decide_form(
        &app,
        &page,
        "",
        &format!("id={id}&proposal={pid}&seen_revision=1&comment=why+not&decision=approve"),
    )
    .await;
    let carried = set_cookie(&refused, cookie_name)
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let html = app
        .send_with(
            Method::GET,
            &page,
            &[("cookie", carried.as_str())],
            axum::body::Body::empty(),
        )
        .await
        .text();
    assert_eq!(
        crate::helpers::texts(&html, "[data-testid=decision-comment]"),
        vec!["why not"]
    );
    assert!(crate::helpers::texts(&html, "[data-testid=approve-anyway][checked]").is_empty());

    // Act: rejected with a comment, posted from an address that still carries an old error.
    let rejected = decide_form(
        &app,
        &format!("{page}?__path=/api/x&__err=e30"),
        "",
        &format!("id={id}&proposal={pid}&seen_revision=1&comment=too+slow&decision=reject"),
    )
    .await;

    // Assert: back to the proposal's own address, nothing kept.
    assert_eq!(rejected.status, StatusCode::FOUND, "{}", rejected.text());
    assert_eq!(rejected.header("location"), page);
    assert!(set_cookie(&rejected, cookie_name).is_none());
    let review = review_of(&app, id, pid).await;
    assert_eq!(review["proposal"]["status"], "rejected");
}

#[tokio::test]
async fn the_changes_since_a_revision_name_who_made_them() {
    // Arrange: G1 created (anonymous), then bob and carol each change a cell.
    let (app, id) = spawn_with_sheet("g", &fixture("reservation-en.tsv")).await;
    for (who, row, base, value) in [("bob", 7, "1.5s", "3s"), ("carol", 1, "12s", "13s")] {
        let r = app
            .send_with(
                Method::PATCH,
                &format!("/api/v1/sheets/{id}"),
                &[
                    ("content-type", "application/json"),
                    ("x-workbench-author", who),
                    ("if-match", "*"),
                ],
                json!({"cells": [{"row_id": row, "column": "value", "base": base, "value": value}]})
                    .to_string(),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    }
    let since = |n: i64| format!("/sheets/{id}?since={n}");
    let line = "[data-testid=changes-since]";

    // Act: the sheet page with the changes since revisions 1, 2 and 3 (the latest), in
    // English and in Japanese.
    let from_1 = page_texts(&app, &since(1), &[], line).await;
    let from_2 = page_texts(&app, &since(2), &[], line).await;
    let from_3 = page_texts(&app, &since(3), &[], line).await;
    let ja = [("cookie", "ui-lang=ja")];
    let from_1_ja = page_texts(&app, &since(1), &ja, line).await;
    let from_3_ja = page_texts(&app, &since(3), &ja, line).await;

    // Assert: the authors of the changes, not of the revision they start from.
    assert_eq!(
        from_1,
        vec!["Changes since revision 1 (by bob, carol; the latest is 3): 2 cells changed."]
    );
    assert_eq!(
        from_2,
        vec!["Changes since revision 2 (by carol; the latest is 3): 1 cell changed."]
    );
    assert_eq!(
        from_3,
        vec!["Changes since revision 3 (the latest): no change."]
    );
    assert_eq!(
        from_1_ja,
        vec!["版 1 からの変更（bob、carol、最新は版 3）： 変更したセル 2。"]
    );
    assert_eq!(from_3_ja, vec!["版 3（最新）からの変更： 変更なし。"]);
}
