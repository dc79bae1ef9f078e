//! `GET /api/v1/openapi.json`: the OpenAPI document generated from the handlers and types.

use std::collections::BTreeSet;

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::{find, fixture, spawn_app, TestApp};

/// The document, as served.
async fn document(app: &TestApp) -> Value {
    let response = app.get("/api/v1/openapi.json").await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    assert_eq!(response.header("content-type"), "application/json");
    response.json()
}

/// Every route of the API and its methods, lower case, as the document should list them.
fn expected_routes() -> BTreeSet<(String, String)> {
    [
        ("/api/v1/check", "post"),
        ("/api/v1/openapi.json", "get"),
        ("/api/v1/sheets", "get"),
        ("/api/v1/sheets", "post"),
        ("/api/v1/sheets/{id}", "get"),
        ("/api/v1/sheets/{id}", "put"),
        ("/api/v1/sheets/{id}", "patch"),
        ("/api/v1/sheets/{id}/diff", "get"),
        ("/api/v1/sheets/{id}/export.tsv", "get"),
        ("/api/v1/sheets/{id}/budget.svg", "get"),
        ("/api/v1/sheets/{id}/revisions", "get"),
        ("/api/v1/sheets/{id}/revisions/{number}", "get"),
        ("/api/v1/sheets/{id}/revisions/{number}/restore", "post"),
        ("/api/v1/sheets/{id}/shared", "put"),
        ("/api/v1/me", "get"),
        ("/api/v1/teams", "get"),
        ("/api/v1/teams", "post"),
        ("/api/v1/teams/{team}/members", "get"),
        ("/api/v1/teams/{team}/members", "put"),
        ("/api/v1/teams/{team}/tokens", "get"),
        ("/api/v1/teams/{team}/tokens", "post"),
        ("/api/v1/teams/{team}/tokens/{id}", "delete"),
        ("/api/v1/teams/{team}/audit", "get"),
        ("/api/v1/audit", "get"),
        ("/api/v1/accounts", "post"),
        ("/api/v1/invites", "post"),
        ("/api/v1/accounts/{id}/disabled", "post"),
        ("/api/v1/sheets/{id}/events", "get"),
        ("/api/v1/sheets/{id}/proposals", "get"),
        ("/api/v1/sheets/{id}/proposals", "post"),
        ("/api/v1/sheets/{id}/proposals/{proposal}", "get"),
        ("/api/v1/sheets/{id}/proposals/{proposal}", "put"),
        ("/api/v1/sheets/{id}/proposals/{proposal}/comments", "post"),
        ("/api/v1/sheets/{id}/proposals/{proposal}/approve", "post"),
        ("/api/v1/sheets/{id}/proposals/{proposal}/reject", "post"),
        ("/api/v1/sheets/{id}/proposals/{proposal}/resolve", "post"),
    ]
    .into_iter()
    .map(|(path, method)| (path.to_string(), method.to_string()))
    .collect()
}

/// The (path, method) pairs the document lists.
fn documented_routes(doc: &Value) -> BTreeSet<(String, String)> {
    let paths = doc["paths"].as_object().expect("paths");
    paths
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .expect("a path item")
                .keys()
                .filter(|key| !matches!(key.as_str(), "parameters" | "summary" | "description"))
                .map(move |method| (path.clone(), method.clone()))
        })
        .collect()
}

/// The property names of the schema `name` in the document.
fn schema_properties(doc: &Value, name: &str) -> BTreeSet<String> {
    doc["components"]["schemas"][name]["properties"]
        .as_object()
        .unwrap_or_else(|| panic!("no schema {name}: {:#}", doc["components"]))
        .keys()
        .cloned()
        .collect()
}

/// The keys of a JSON object.
fn keys(value: &Value) -> BTreeSet<String> {
    value
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {value}"))
        .keys()
        .cloned()
        .collect()
}

#[tokio::test]
async fn the_document_is_openapi_3_with_a_title() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let doc = document(&app).await;

    // Assert
    let version = doc["openapi"].as_str().expect("an openapi version");
    assert!(version.starts_with("3."), "{version}");
    assert_eq!(doc["info"]["title"], "Timeout Budget Workbench API");
    assert_eq!(doc["info"]["version"], env!("CARGO_PKG_VERSION"));
}

#[tokio::test]
async fn every_route_under_api_v1_is_listed_with_its_methods() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let doc = document(&app).await;

    // Assert
    assert_eq!(documented_routes(&doc), expected_routes());
}

#[tokio::test]
async fn every_documented_route_answers_and_no_other_method_does() {
    // Arrange
    let app = spawn_app().await;
    let id = app.create_sheet("s", &fixture("reservation-en.tsv")).await;
    let doc = document(&app).await;
    let documented = documented_routes(&doc);
    let paths: BTreeSet<&String> = documented.iter().map(|(path, _)| path).collect();

    for path in paths {
        // The event stream never ends: `history::events_stream_the_sheets_saves_…` reads its
        // start. The proposal routes take JSON bodies: `proposals.rs` drives them.
        // The team routes answer in team mode only (404 here): `roles.rs` drives them.
        let team_route = [
            "/api/v1/me",
            "/api/v1/teams",
            "/api/v1/accounts",
            "/api/v1/invites",
            "/api/v1/audit",
        ]
        .iter()
        .any(|prefix| path.starts_with(prefix))
            || path.ends_with("/shared");
        if path.ends_with("/events") || path.contains("/proposals") || team_route {
            continue;
        }
        let uri = format!(
            "{}?name=x",
            path.replace("{id}", &id.to_string())
                .replace("{number}", "1")
        );
        for method in [Method::GET, Method::POST, Method::PUT, Method::DELETE] {
            // Act
            let body = Body::from(fixture("reservation-en.tsv"));
            let response = app
                .send_with(method.clone(), &uri, &[("if-match", "*")], body)
                .await;

            // Assert
            let listed = documented.contains(&(path.clone(), method.as_str().to_lowercase()));
            if listed {
                assert!(
                    response.status.is_success(),
                    "{method} {uri}: {} {}",
                    response.status,
                    response.text()
                );
            } else {
                assert_eq!(
                    response.status,
                    StatusCode::METHOD_NOT_ALLOWED,
                    "{method} {uri} is not documented"
                );
            }
        }
    }
}

#[tokio::test]
async fn the_report_schema_has_the_report_fields() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let doc = document(&app).await;

    // Assert
    let report = schema_properties(&doc, "Report");
    for field in ["summary", "nodes", "hops", "rows", "findings"] {
        assert!(report.contains(field), "Report lacks {field}: {report:?}");
    }
    // The documentation address of a row's setting and of a finding, documented as text.
    for schema in ["RowReport", "Finding"] {
        assert!(
            schema_properties(&doc, schema).contains("source"),
            "{schema} lacks source"
        );
        let source = &doc["components"]["schemas"][schema]["properties"]["source"];
        assert!(
            source["description"]
                .as_str()
                .is_some_and(|d| d.contains("documentation address")),
            "{schema}.source: {source:#}"
        );
    }
    let check = &doc["paths"]["/api/v1/check"]["post"];
    assert_eq!(
        check["responses"]["200"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/Report"
    );
    assert!(
        check["requestBody"]["content"]["text/tab-separated-values"].is_object(),
        "{check:#}"
    );
    assert_eq!(
        check["responses"]["422"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/ErrorBody"
    );
    assert_eq!(
        doc["components"]["schemas"]["Verdict"]["enum"],
        serde_json::json!(["ok", "inverted", "unbounded", "unknown", "unchecked"])
    );
    assert_eq!(
        doc["components"]["schemas"]["Severity"]["enum"],
        serde_json::json!(["error", "warning", "info"])
    );
}

#[tokio::test]
async fn the_schemas_name_exactly_the_fields_the_api_sends() {
    // Arrange
    let app = spawn_app().await;
    let doc = document(&app).await;
    let id = app.create_sheet("s", &fixture("inverted-lb.tsv")).await;

    // Act
    let report = app
        .post("/api/v1/check", fixture("inverted-lb.tsv"))
        .await
        .json();
    let sheet = app.get(&format!("/api/v1/sheets/{id}")).await.json();
    let list = app.get("/api/v1/sheets").await.json();
    let created = app
        .post("/api/v1/sheets?name=t", fixture("inverted-lb.tsv"))
        .await
        .json();
    let error = app.post("/api/v1/check", "").await.json();
    // Bob changes row 1's value; a PATCH from before his change lands nothing of that cell and
    // lists it as a conflict, and a PUT from before it is refused with the same cell.
    let first = sheet["rows"][0]["value"].as_str().unwrap().to_string();
    let cell = |base: &str, value: &str| {
        serde_json::json!({"cells": [{"row_id": 1, "column": "value", "base": base, "value": value}]})
            .to_string()
    };
    let patch = |author: &'static str, body: String| {
        let app = &app;
        let path = format!("/api/v1/sheets/{id}");
        async move {
            app.send_with(
                axum::http::Method::PATCH,
                &path,
                &[
                    ("if-match", "*"),
                    ("content-type", "application/json"),
                    ("x-workbench-author", author),
                ],
                body,
            )
            .await
        }
    };
    let bob = patch("bob", cell(&first, "9s")).await;
    assert!(bob.status.is_success(), "{}", bob.text());
    let patched = patch("alice", cell(&first, "8s")).await.json();
    let mut rows = budget::tsv::import(&fixture("inverted-lb.tsv"))
        .unwrap()
        .rows;
    rows[0].value = "7s".into();
    let refused = app
        .send_with(
            axum::http::Method::PUT,
            &format!("/api/v1/sheets/{id}"),
            &[("if-match", "\"0\"")],
            budget::tsv::export(&rows, budget::Lang::En),
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::PRECONDITION_FAILED,
        "{}",
        refused.text()
    );
    let conflict = refused.json();
    let revisions = app
        .get(&format!("/api/v1/sheets/{id}/revisions"))
        .await
        .json();
    let revision = app
        .get(&format!("/api/v1/sheets/{id}/revisions/1"))
        .await
        .json();
    // A diff where every list has an entry: G1 → G2 plus an added row.
    let g = app.create_sheet("g", &fixture("reservation-en.tsv")).await;
    let mut g2 = crate::helpers::golden_g2();
    g2.push_str("2\tLB -> app\tnote\t-\t-\t-\t-\tadded\n");
    let put = app
        .send_with(
            axum::http::Method::PUT,
            &format!("/api/v1/sheets/{g}"),
            &[("if-match", "*")],
            g2,
        )
        .await;
    assert!(put.status.is_success(), "{}", put.text());
    let diff = app.get(&format!("/api/v1/sheets/{g}/diff")).await.json();
    // A hop retried only on early conditions sends every field; others leave out the ones
    // that say nothing (`repeats` whole, no `retry_on`, no `early_ms`).
    let early = app
        .post("/api/v1/check", fixture("redirector-retries.tsv"))
        .await
        .json();
    let early_hop = find(&early["hops"], "repeats", "early").clone();

    // Assert
    let pairs = [
        ("Report", &report),
        ("Summary", &report["summary"]),
        ("NodeReport", &report["nodes"][0]),
        ("HopReport", &early_hop),
        ("RowReport", &report["rows"][0]),
        ("Finding", &report["findings"][0]),
        ("SheetBody", &patched),
        ("Row", &sheet["rows"][0]),
        ("ListedSheet", &list[0]),
        ("Created", &created),
        ("ErrorBody", &conflict),
        ("CellConflict", &patched["conflicts"][0]),
        ("RevisionSummary", &revisions[0]),
        ("RevisionBody", &revision),
        ("RowsDiff", &diff["rows"]),
        ("ChangedRow", &diff["rows"]["changed"][0]),
        ("AddedRow", &diff["rows"]["added"][0]),
        ("CellEdit", &diff["rows"]["changed"][0]["cells"][0]),
        ("Flip", &diff["flips"][0]),
        ("TraceStep", &diff["trace"][0]["steps"][0]),
        ("NodeAttempts", &diff["trace"][0]["attempts"][0]),
    ];
    assert_eq!(keys(&error), ["error", "line"].map(String::from).into());
    // Fields left out when empty (a diff's `settings`, a node's unchanged numbers, a trace
    // line's `removed_rows`) are in the schemas, and only those.
    for (schema, value, left_out) in [
        ("SheetDiff", &diff, &["settings"][..]),
        (
            "NodeChange",
            &diff["nodes"][0],
            &["deadline_ms", "attempts"][..],
        ),
        ("TraceLine", &diff["trace"][0], &["removed_rows"][..]),
    ] {
        let mut sent = keys(value);
        sent.extend(left_out.iter().map(|k| k.to_string()));
        assert_eq!(schema_properties(&doc, schema), sent, "{schema}");
    }
    for (schema, value) in pairs {
        assert_eq!(schema_properties(&doc, schema), keys(value), "{schema}");
    }
}

#[tokio::test]
async fn the_report_schemas_describe_where_each_number_comes_from() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let doc = document(&app).await;

    // Assert
    for schema in ["NodeReport", "HopReport", "Finding"] {
        assert!(
            schema_properties(&doc, schema).contains("trace"),
            "{schema} has no trace"
        );
    }
    assert!(schema_properties(&doc, "HopReport").contains("need_ms"));
    let term = schema_properties(&doc, "TraceTerm");
    let expected: BTreeSet<String> = [
        "kind", "label", "value_ms", "count", "rows", "from", "group", "routes",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(term, expected);
    assert_eq!(
        schema_properties(&doc, "HopTrace"),
        ["per_try", "tries", "early", "worst", "wait", "need"]
            .into_iter()
            .map(String::from)
            .collect::<BTreeSet<String>>()
    );
    assert_eq!(
        doc["components"]["schemas"]["TraceNumber"]["enum"],
        serde_json::json!([
            "per_try", "tries", "early", "worst", "wait", "need", "inner", "deadline"
        ])
    );
    assert!(
        doc["components"]["schemas"]["FindingCode"]["enum"]
            .as_array()
            .is_some_and(|codes| codes.contains(&serde_json::json!("graph.cycle"))),
        "{:#}",
        doc["components"]["schemas"]["FindingCode"]
    );
}
