//! Hostile pages: cross-site writes, DNS rebinding, content types, redirects and the security
//! headers. The lists of server functions and write routes come from the server itself (the
//! framework's registry and the OpenAPI document), so a new one without a case here fails.

use axum::http::{Method, StatusCode};

use crate::helpers::{
    assert_error_starts, fixture, server_fn, server_fns, spawn_app, spawn_with_sheet, TestApp,
    TestResponse,
};

const HOST: &str = "127.0.0.1:3000";
const EVIL: &str = "http://evil.example";
pub const FORM: &str = "application/x-www-form-urlencoded";
const JSON: &str = "application/json";

/// Everything the store holds, to compare before and after.
pub async fn snapshot(app: &TestApp) -> String {
    let mut all = Vec::new();
    for summary in app.store.list_sheets().await.expect("a list") {
        all.push(format!(
            "{:?}\n{:?}\n{:?}",
            app.store.get_sheet(summary.id).await.expect("a sheet"),
            app.store.revisions(summary.id).await.expect("its history"),
            app.store
                .proposals(summary.id)
                .await
                .expect("its proposals"),
        ));
    }
    all.join("\n")
}

/// A configuration file with one setting, as the page sends it: gunicorn's worker timeout.
const CONFIG_FILE: &str = r#"{"path":"gunicorn.conf.py","text":"timeout = 30\n"}"#;

/// A request that would change sheet `id` if it were let through: the body, in the content
/// type the server function declares. A server function without a case here fails the test.
pub fn server_fn_call(path: &str, id: i64) -> (&'static str, String) {
    let name = path
        .trim_start_matches("/api/")
        .trim_end_matches(|c: char| c.is_ascii_digit());
    let rows = r#"[{"layer":"evil","segment":"x","item":"","setting":"","default":"","value":"","location":"","rationale":""}]"#;
    match name {
        "list_sheets" => (FORM, String::new()),
        "catalog_settings" => (FORM, String::new()),
        "get_sheet" => (FORM, format!("id={id}")),
        "create_sheet" => (FORM, "name=evil&lang=en".into()),
        "create_example_sheet" => (FORM, "lang=en".into()),
        "rename_sheet" => (FORM, format!("id={id}&name=evil")),
        "delete_sheet" => (FORM, format!("id={id}")),
        "set_sheet_lang" => (FORM, format!("id={id}&lang=ja")),
        "set_sheet_settings" => (FORM, format!("id={id}&margin=9s")),
        "import_sheet" => (JSON, r#"{"name":"evil","tsv":"layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n"}"#.into()),
        "import_rows" => (JSON, format!(r#"{{"id":{id},"base":0,"tsv":""}}"#)),
        "save_rows" => (JSON, format!(r#"{{"id":{id},"base":0,"base_rows":[],"base_ids":[],"rows":{rows}}}"#)),
        "check_draft" => (JSON, format!(r#"{{"id":{id},"rows":{rows}}}"#)),
        "list_revisions" => (FORM, format!("id={id}")),
        "diff_revisions" => (FORM, format!("id={id}")),
        "restore_revision" => (FORM, format!("id={id}&number=1")),
        "create_proposal" => (JSON, format!(r#"{{"id":{id},"title":"evil","base_rows":[],"base_ids":[],"rows":{rows}}}"#)),
        "review_proposal" => (FORM, format!("id={id}&proposal=1")),
        "edit_proposal" => (FORM, format!("id={id}&proposal=1")),
        "rework_proposal" => (JSON, format!(r#"{{"id":{id},"proposal":1,"title":"evil","base_revision":1,"base_rows":[],"base_ids":[],"rows":{rows}}}"#)),
        "changes_since" => (FORM, format!("id={id}")),
        "list_proposals" => (FORM, format!("id={id}")),
        "comment_proposal" => (FORM, format!("id={id}&proposal=1&body=evil")),
        "decide_proposal" => (FORM, format!("id={id}&proposal=1&decision=reject&seen_revision=1&comment=evil")),
        "resolve_proposal" => (FORM, format!("id={id}&proposal=1&row_id=1&column=value&keep=theirs")),
        "set_author" => (FORM, "name=evil".into()),
        "import_config_sheet" => (JSON, format!(r#"{{"name":"evil","lang":"en","files":[{CONFIG_FILE}]}}"#)),
        "propose_config" => (JSON, format!(r#"{{"id":{id},"files":[{CONFIG_FILE}]}}"#)),
        "compare_config" => (JSON, format!(r#"{{"id":{id},"files":[{CONFIG_FILE}]}}"#)),
        other => panic!("no cross-site case for the server function {other} ({path}): add one"),
    }
}

/// Sends `method path` from `origin` (and `Sec-Fetch-Site`, when given) with `Host: HOST`.
async fn from_site(
    app: &TestApp,
    method: Method,
    path: &str,
    content_type: &str,
    body: String,
    site: &[(&str, &str)],
) -> TestResponse {
    let mut headers = vec![("host", HOST), ("content-type", content_type)];
    headers.extend_from_slice(site);
    app.send_with(method, path, &headers, body).await
}

/// Every write route of the JSON API (method and path, `{id}` filled in), from its OpenAPI
/// document.
fn write_routes(id: i64) -> Vec<(Method, String)> {
    let document = serde_json::to_value(server::openapi()).expect("JSON");
    let mut routes = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("an item").keys() {
            let method: Method = method.to_uppercase().parse().expect("a method");
            if matches!(method, Method::GET | Method::HEAD | Method::OPTIONS) {
                continue;
            }
            // The document's paths hold the `/api/v1` prefix already.
            let path = path
                .replace("{team}", "1")
                .replace("{id}", &id.to_string())
                .replace("{number}", "1")
                .replace("{proposal}", "1");
            routes.push((method, path));
        }
    }
    assert_eq!(routes.len(), 19, "write routes: {routes:?}");
    routes
}

#[tokio::test]
async fn every_server_function_refuses_a_foreign_origin_and_changes_nothing() {
    for site in [
        &[("origin", EVIL)][..],
        &[("sec-fetch-site", "cross-site")][..],
        &[("origin", "null")][..],
        &[("origin", "http://localhost:3000")][..],
    ] {
        // Arrange
        let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;
        let before = snapshot(&app).await;

        for path in server_fns() {
            // Act
            let (content_type, body) = server_fn_call(&path, id);
            let response = from_site(&app, Method::POST, &path, content_type, body, site).await;

            // Assert
            assert_error_starts(
                &response,
                StatusCode::FORBIDDEN,
                "a request from another site cannot change this workbench: ",
            );
        }
        assert_eq!(snapshot(&app).await, before, "{site:?}");
    }
}

#[tokio::test]
async fn every_write_route_refuses_a_foreign_origin_and_changes_nothing() {
    // Arrange
    let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;
    let before = snapshot(&app).await;

    for (method, path) in write_routes(id) {
        for site in [
            &[("origin", EVIL)][..],
            &[("sec-fetch-site", "cross-site")][..],
        ] {
            // Act: text/plain needs no preflight, so any page can send it
            let body = fixture("inverted-lb.tsv");
            let path = format!("{path}?name=evil");
            let response = from_site(&app, method.clone(), &path, "text/plain", body, site).await;

            // Assert
            assert_eq!(
                response.status,
                StatusCode::FORBIDDEN,
                "{method} {path}: {}",
                response.text()
            );
        }
    }
    assert_eq!(snapshot(&app).await, before);
}

#[tokio::test]
async fn the_same_calls_from_the_page_itself_go_through() {
    // Arrange
    let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;
    let rename = server_fn("rename_sheet");

    // Act
    let (content_type, body) = server_fn_call(&rename, id);
    let own = [
        ("origin", "http://127.0.0.1:3000"),
        ("sec-fetch-site", "same-origin"),
    ];
    let response = from_site(&app, Method::POST, &rename, content_type, body, &own).await;

    // Assert
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    assert_eq!(app.store.get_sheet(id).await.unwrap().name, "evil");
}

#[tokio::test]
async fn curl_without_an_origin_still_writes_through_the_api() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = from_site(
        &app,
        Method::POST,
        "/api/v1/sheets?name=ci",
        "application/x-www-form-urlencoded",
        fixture("reservation-en.tsv"),
        &[],
    )
    .await;

    // Assert
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
}

#[tokio::test]
async fn a_json_server_function_refuses_a_body_sent_as_text_plain() {
    // Arrange
    let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;
    let before = snapshot(&app).await;
    let save = server_fn("save_rows");
    let (_, body) = server_fn_call(&save, id);

    // Act: no Origin at all, as an old browser might send it
    let response = from_site(&app, Method::POST, &save, "text/plain", body.clone(), &[]).await;

    // Assert
    assert_eq!(response.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(
        response.json()["error"],
        format!("{save} takes application/json, not text/plain")
    );
    assert_eq!(snapshot(&app).await, before);
    let ok = from_site(&app, Method::POST, &save, JSON, body, &[]).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
}

#[tokio::test]
async fn every_server_function_declares_the_content_type_it_is_called_with() {
    let declared = app::api::declared_content_types();
    for path in server_fns() {
        let (content_type, _) = server_fn_call(&path, 1);
        assert_eq!(
            declared.iter().find(|(p, _)| *p == path).map(|(_, c)| *c),
            Some(content_type),
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_host_name_the_server_does_not_serve_is_refused() {
    // Arrange
    let app = spawn_app().await;

    for (host, status) in [
        ("evil.example:3000", StatusCode::FORBIDDEN),
        ("127.0.0.1.evil.example:3000", StatusCode::FORBIDDEN),
        ("127.0.0.1:3000", StatusCode::OK),
        ("localhost:3000", StatusCode::OK),
        ("[::1]:3000", StatusCode::OK),
    ] {
        // Act: a page on a rebound DNS name reads the sheets
        let response = app
            .send_with(Method::GET, "/api/v1/sheets", &[("host", host)], "")
            .await;

        // Assert
        assert_eq!(response.status, status, "{host}");
        if status == StatusCode::FORBIDDEN {
            assert_eq!(
                response.json()["error"],
                format!(
                    "this workbench does not answer the host name {host:?}: it answers \
                     127.0.0.1, localhost, ::1; set WORKBENCH_ALLOWED_HOSTS to add a name"
                )
            );
        }
    }
}

#[tokio::test]
async fn a_form_post_redirects_only_to_a_path_of_this_site() {
    // Arrange
    let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;
    let rename = server_fn("rename_sheet");

    for (referer, location) in [
        ("http://evil.example/phish", "/"),
        ("http://127.0.0.1:3000/sheets/1?x=1", "/sheets/1?x=1"),
    ] {
        // Act: a form post without JavaScript
        let headers = [
            ("host", HOST),
            ("content-type", FORM),
            ("accept", "text/html"),
            ("referer", referer),
        ];
        let response = app
            .send_with(
                Method::POST,
                &rename,
                &headers,
                format!("id={id}&name=renamed"),
            )
            .await;

        // Assert
        assert_eq!(response.status, StatusCode::FOUND, "{}", response.text());
        assert_eq!(response.header("location"), location);
    }
}

#[tokio::test]
async fn arguments_that_cannot_be_read_are_a_400_with_a_plain_message() {
    // Arrange
    let app = spawn_app().await;
    let rename = server_fn("rename_sheet");
    let save = server_fn("save_rows");

    for (path, content_type, body) in [
        (&rename, FORM, "id=abc&name=x"),
        (&save, JSON, "{\"id\": \"abc\"}"),
    ] {
        // Act
        let headers = [("host", HOST), ("content-type", content_type)];
        let response = app.send_with(Method::POST, path, &headers, body).await;

        // Assert
        assert_eq!(
            response.status,
            StatusCode::BAD_REQUEST,
            "{}",
            response.text()
        );
        let message = response.json()["BadArguments"]
            .as_str()
            .unwrap_or_else(|| panic!("{}", response.text()))
            .to_string();
        let plain = "the request's arguments could not be read (";
        assert!(message.starts_with(plain), "{message}");
        assert!(!message.contains("Transport"), "{message}");
    }
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    // Arrange
    let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;

    for path in [
        "/".to_string(),
        format!("/sheets/{id}"),
        "/api/v1/sheets".to_string(),
        format!("/api/v1/sheets/{id}/export.tsv"),
        format!("/api/v1/sheets/{id}/budget.svg"),
        "/no/such/page".to_string(),
    ] {
        // Act
        let response = app.get(&path).await;

        // Assert
        for (header, value) in [
            ("x-content-type-options", "nosniff"),
            ("x-frame-options", "DENY"),
            ("referrer-policy", "same-origin"),
        ] {
            assert_eq!(response.header(header), value, "{path}");
        }
        let policy = response.header("content-security-policy");
        assert!(
            policy.contains("frame-ancestors 'none'"),
            "{path}: {policy}"
        );
        assert!(!policy.contains("unsafe-inline"), "{path}: {policy}");
    }
}

#[tokio::test]
async fn a_page_allows_only_its_own_scripts_by_their_nonce() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/").await;

    // Assert
    let policy = response.header("content-security-policy").to_string();
    let nonce = policy
        .split("'nonce-")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
        .unwrap_or_else(|| panic!("no nonce in {policy}"));
    assert_eq!(policy, app::shell::content_security_policy(nonce));
    let html = response.text();
    let scripts = html.matches("<script").count();
    assert!(scripts >= 1, "{html}");
    assert_eq!(
        html.matches(&format!("<script type=\"module\" nonce=\"{nonce}\""))
            .count()
            + html.matches(&format!("<script nonce=\"{nonce}\"")).count(),
        scripts,
        "every script carries the nonce: {html}"
    );
    let again = app.get("/").await;
    assert_ne!(
        again.header("content-security-policy"),
        policy,
        "a nonce per response"
    );
}

#[tokio::test]
async fn replacing_the_rows_from_the_page_names_the_revision_it_replaces() {
    // Arrange: the page loaded revision 0, then another tab saved revision 1
    let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;
    app.store
        .save_rows(
            id,
            &budget::tsv::import(&fixture("inverted-lb.tsv"))
                .unwrap()
                .rows,
        )
        .await
        .unwrap();
    let before = snapshot(&app).await;
    let import = server_fn("import_rows");
    let tsv = serde_json::to_string(&fixture("reservation-ja.tsv")).unwrap();
    let own = [("origin", "http://127.0.0.1:3000")];

    // Act
    let stale = format!(r#"{{"id":{id},"base":0,"tsv":{tsv}}}"#);
    let refused = from_site(&app, Method::POST, &import, JSON, stale, &own).await;
    let fresh = format!(r#"{{"id":{id},"base":1,"tsv":{tsv}}}"#);
    let accepted = from_site(&app, Method::POST, &import, JSON, fresh, &own).await;

    // Assert
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text());
    assert_eq!(
        refused.json(),
        serde_json::json!({"Conflict": {"current": 1}})
    );
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.text());
    assert_eq!(accepted.json()["revision"], 2);
    assert_ne!(snapshot(&app).await, before);
    assert_eq!(
        app.get(&format!("/api/v1/sheets/{id}/export.tsv"))
            .await
            .text(),
        fixture("reservation-ja.tsv")
    );
}

#[tokio::test]
async fn a_host_header_that_is_not_text_is_refused() {
    use tower::ServiceExt;
    // Arrange
    let app = spawn_app().await;
    let request = axum::http::Request::builder()
        .uri("/api/v1/sheets")
        .header(
            "host",
            axum::http::HeaderValue::from_bytes(b"evil.example\xff").unwrap(),
        )
        .body(axum::body::Body::empty())
        .unwrap();

    // Act
    let response = app.router.clone().oneshot(request).await.unwrap();

    // Assert
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_page_imports_a_sheet_whose_json_body_is_larger_than_2_mib() {
    // Arrange: 516 KB of TSV, 150 control characters a row: six bytes each in JSON
    let app = spawn_app().await;
    let import = server_fn("import_sheet");
    let mut tsv =
        String::from("layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n");
    for i in 0..3_000 {
        tsv.push_str(&format!(
            "\tapp{i}\tdeadline\t\t\t1s\t\t{}\n",
            "\u{1}".repeat(150)
        ));
    }
    assert!(tsv.len() < 1 << 20);
    let body = serde_json::json!({"name": "controls", "tsv": tsv}).to_string();
    assert!(body.len() > 2 << 20, "{}", body.len());

    // Act
    let response = from_site(&app, Method::POST, &import, JSON, body, &[]).await;

    // Assert
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let list = app.store.list_sheets().await.unwrap();
    assert_eq!((list[0].name.as_str(), list[0].rows), ("controls", 3_000));
}

#[tokio::test]
async fn a_rename_to_bytes_that_are_not_utf8_is_refused() {
    // Arrange
    let (app, id) = spawn_with_sheet("mine", &fixture("reservation-en.tsv")).await;
    let rename = server_fn("rename_sheet");

    // Act: the form decoder turns %ff into U+FFFD
    let body = format!("id={id}&name=a%ffb");
    let response = from_site(&app, Method::POST, &rename, FORM, body, &[]).await;

    // Assert
    assert_eq!(
        response.status,
        StatusCode::BAD_REQUEST,
        "{}",
        response.text()
    );
    assert_eq!(
        response.json()["BadName"]["message"],
        "a sheet name cannot hold the replacement character (bytes that were not UTF-8): \"a\u{FFFD}b\" has U+FFFD at character 2; remove it"
    );
    assert_eq!(app.store.get_sheet(id).await.unwrap().name, "mine");
}
