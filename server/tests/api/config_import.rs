//! Deployed configuration files through the page's server functions: a new sheet from them
//! (`import_config_sheet`), their values proposed for a sheet (`propose_config`), and a sheet
//! compared with them (`compare_config`).

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{server_fn, spawn_app, spawn_with_sheet, TestApp, TestResponse};

/// An Istio VirtualService (`fixtures/configs/mesh/`): a 10 s route timeout, 3 retries of 2 s
/// each.
const VS: &str = include_str!("../../../fixtures/configs/mesh/reviews/routes.yaml");

/// The DestinationRule of the VirtualService's host: a 1 s connect timeout.
const DR: &str = include_str!("../../../fixtures/configs/mesh/reviews/traffic-policy.yaml");

const VS_PATH: &str = "mesh/reviews/routes.yaml";
const DR_PATH: &str = "mesh/reviews/traffic-policy.yaml";

/// The rows of [`VS`] and [`DR`] as (setting, value, location).
const MESH_ROWS: [(&str, &str, &str); 5] = [
    ("", "reviews", "mesh/reviews/routes.yaml:9 VirtualService reviews http[0]"),
    (
        "HTTPRoute.timeout",
        "10s",
        "mesh/reviews/routes.yaml:12 VirtualService reviews http[0].timeout",
    ),
    (
        "retries.attempts",
        "3",
        "mesh/reviews/routes.yaml:14 VirtualService reviews http[0].retries.attempts",
    ),
    (
        "retries.perTryTimeout",
        "2s",
        "mesh/reviews/routes.yaml:15 VirtualService reviews http[0].retries.perTryTimeout",
    ),
    (
        "connectionPool.tcp.connectTimeout",
        "1s",
        "mesh/reviews/traffic-policy.yaml:10 DestinationRule reviews trafficPolicy.connectionPool.tcp.connectTimeout",
    ),
];

fn file(path: &str, text: &str) -> Value {
    json!({"path": path, "text": text})
}

fn mesh() -> Vec<Value> {
    vec![file(VS_PATH, VS), file(DR_PATH, DR)]
}

/// [`edited_vs`] and [`DR`], as the page sends them.
fn edited_mesh() -> Value {
    json!([file(VS_PATH, &edited_vs()), file(DR_PATH, DR)])
}

/// [`VS`] with the route timeout 20 s and 2 retries.
fn edited_vs() -> String {
    VS.replace("timeout: 10s", "timeout: 20s")
        .replace("attempts: 3", "attempts: 2")
}

/// Calls server function `name` with `body` as the page does, the page in `ui`.
async fn call(app: &TestApp, name: &str, body: Value, ui: &str) -> TestResponse {
    app.send_with(
        Method::POST,
        &server_fn(name),
        &[
            ("content-type", "application/json"),
            ("accept-language", ui),
        ],
        body.to_string(),
    )
    .await
}

/// The message of a refused call (`{"Refused": "..."}`), after its status.
fn refusal(response: &TestResponse) -> (StatusCode, String) {
    let body = response.json();
    let message = body["Refused"]
        .as_str()
        .unwrap_or_else(|| panic!("not a refusal: {body}"))
        .to_string();
    (response.status, message)
}

/// Sheet `id`'s rows as (setting, value, location).
async fn rows(app: &TestApp, id: i64) -> Vec<(String, String, String)> {
    let stored = app.store.get_sheet(id).await.expect("the sheet");
    stored
        .sheet
        .rows
        .into_iter()
        .map(|r| (r.setting, r.value, r.location))
        .collect()
}

fn owned(rows: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    rows.iter()
        .map(|(s, v, l)| (s.to_string(), v.to_string(), l.to_string()))
        .collect()
}

/// Makes a sheet named `name` in `lang` from `files` (`import_config_sheet`), the page in
/// `ui`.
async fn import(app: &TestApp, name: &str, lang: &str, files: Value, ui: &str) -> TestResponse {
    let body = json!({"name": name, "lang": lang, "files": files});
    call(app, "import_config_sheet", body, ui).await
}

/// Calls the server function `name` (`propose_config`, `compare_config`) for the sheet `id`
/// with `files`, the page in `ui`.
async fn with_files(app: &TestApp, name: &str, id: i64, files: Value, ui: &str) -> TestResponse {
    call(app, name, json!({"id": id, "files": files}), ui).await
}

/// The JSON answer of a call that must have succeeded.
fn ok_json(response: &TestResponse) -> Value {
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

/// A fresh app with a sheet made from [`VS`] and [`DR`]; the app and the sheet's id.
async fn mesh_app() -> (TestApp, i64) {
    let app = spawn_app().await;
    let id = mesh_sheet(&app).await;
    (app, id)
}

/// A sheet made from [`VS`] and [`DR`]; its id.
async fn mesh_sheet(app: &TestApp) -> i64 {
    let response = import(app, "mesh", "en", json!(mesh()), "en").await;
    ok_json(&response).as_i64().expect("an id")
}

#[tokio::test]
async fn a_folder_of_istio_files_becomes_a_sheet_with_a_row_per_setting() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let id = mesh_sheet(&app).await;

    // Assert: every setting, where the files set it; the DestinationRule's connect timeout
    // on the hop its VirtualService routes
    let stored = app.store.get_sheet(id).await.unwrap();
    assert_eq!(stored.name, "mesh");
    assert_eq!(stored.sheet.lang, budget::Lang::En);
    assert_eq!(rows(&app, id).await, owned(&MESH_ROWS));
    assert!(stored
        .sheet
        .rows
        .iter()
        .all(|r| r.segment == "reviews.example.com -> reviews"));
    assert_eq!(stored.sheet.rows[1].item, "overall deadline");
}

#[tokio::test]
async fn a_blank_name_becomes_the_default_and_the_headers_take_the_language_chosen() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = import(&app, "  ", "ja", json!(mesh()), "ja").await;

    // Assert
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let stored = app
        .store
        .get_sheet(response.json().as_i64().unwrap())
        .await
        .unwrap();
    assert_eq!(
        stored.name, "取り込んだシート",
        "the name field's placeholder on a Japanese page"
    );
    assert_eq!(stored.sheet.lang, budget::Lang::Ja);
    // Values, settings and locations are the files' own text in either language.
    assert_eq!(
        rows(&app, stored.id).await,
        owned(&MESH_ROWS),
        "the files' own text"
    );
}

#[tokio::test]
async fn a_blank_name_is_the_placeholder_of_the_page_language_for_a_tsv_import_too() {
    // Arrange
    let app = spawn_app().await;
    let tsv = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\tapp -> db\tread timeout\t\t\t2s\t\t\n";

    for (ui, name) in [("en", "Imported sheet"), ("ja", "取り込んだシート")] {
        // Act
        let response = call(&app, "import_sheet", json!({"name": " ", "tsv": tsv}), ui).await;

        // Assert
        let id = ok_json(&response).as_i64().expect("the new sheet's id");
        assert_eq!(
            app.store.get_sheet(id).await.unwrap().name,
            name,
            "a page in {ui}"
        );
    }
}

#[tokio::test]
async fn a_file_that_cannot_be_parsed_creates_nothing_and_is_named_with_its_line() {
    // Arrange
    let app = spawn_app().await;
    let mut files = mesh();
    files.push(file(
        "mesh/broken.yaml",
        "apiVersion: v1\nkind: Service\nmetadata: [\n",
    ));

    // Act
    let response = import(&app, "mesh", "en", json!(files), "en").await;

    // Assert
    assert_eq!(
        refusal(&response),
        (
            StatusCode::CONFLICT,
            "1 file cannot be read, so nothing was made:\n\
             mesh/broken.yaml:4:1: while parsing a node, did not find expected node content"
                .to_string()
        )
    );
    assert!(app.store.list_sheets().await.unwrap().is_empty());
}

#[tokio::test]
async fn files_without_a_setting_create_nothing_and_say_so() {
    // Arrange
    let app = spawn_app().await;
    let service = "apiVersion: v1\nkind: Service\nmetadata:\n  name: reviews\nspec:\n  ports:\n  - port: 80\n";
    let cases = [
        (
            vec![file("k8s/service.yaml", service)],
            "en",
            "the configuration file sets no timeout, retry or keep-alive; nothing was made",
        ),
        (
            vec![
                file("k8s/service.yaml", service),
                file("k8s/other.yaml", service),
            ],
            "ja",
            "2 つの設定ファイルにタイムアウト・リトライ・キープアライブの設定がありません。何も作成していません",
        ),
        (
            vec![file("notes.txt", "timeout 5s\n")],
            "en",
            "none of these files is in a format the workbench reads (Kubernetes YAML, nginx, \
             Terraform, Spring Boot, Envoy, HAProxy, gunicorn); nothing was made",
        ),
    ];

    for (files, ui, expected) in cases {
        // Act
        let response = import(&app, "none", "en", json!(files), ui).await;

        // Assert
        assert_eq!(
            refusal(&response),
            (StatusCode::CONFLICT, expected.to_string())
        );
    }
    assert!(app.store.list_sheets().await.unwrap().is_empty());
}

#[tokio::test]
async fn no_files_a_paste_without_a_name_and_more_than_a_mebibyte_are_refused() {
    // Arrange
    let app = spawn_app().await;
    let big = format!("# {}\n{VS}", "x".repeat(1 << 20));
    let cases = [
        (
            json!([]),
            "choose files or a folder, or paste a file's text with its name".to_string(),
        ),
        (
            json!([file(" ", VS)]),
            "a pasted file needs its name (k8s/virtual-service.yaml): the format is told from \
             it, and the rows name it"
                .to_string(),
        ),
        (
            json!([file(VS_PATH, &big)]),
            format!(
                "the files are {} bytes, more than the 1 MiB (1048576 bytes) read at once; \
                 choose fewer files",
                VS_PATH.len() + big.len()
            ),
        ),
    ];

    for (files, expected) in cases {
        // Act
        let response = import(&app, "x", "en", files, "en").await;

        // Assert
        assert_eq!(refusal(&response), (StatusCode::CONFLICT, expected));
    }
    assert!(app.store.list_sheets().await.unwrap().is_empty());
}

#[tokio::test]
async fn edited_files_become_a_proposal_and_the_sheet_stays_as_it_is() {
    // Arrange
    let (app, id) = mesh_app().await;

    // Act
    let response = with_files(&app, "propose_config", id, edited_mesh(), "en").await;

    // Assert: proposal 1 sets the two values; the sheet is unchanged until it is approved
    assert_eq!(ok_json(&response), json!(1));
    assert_eq!(rows(&app, id).await, owned(&MESH_ROWS));
    let (summary, patch) = app.store.proposal(id, 1).await.unwrap();
    assert_eq!(
        summary.title,
        "Values from configuration files: 2 rows changed, 0 added"
    );
    let cells: Vec<(String, String, String)> = patch
        .cells
        .iter()
        .map(|c| (format!("{:?}", c.column), c.base.clone(), c.value.clone()))
        .collect();
    assert_eq!(
        cells,
        vec![
            ("Value".to_string(), "10s".to_string(), "20s".to_string()),
            ("Value".to_string(), "3".to_string(), "2".to_string()),
        ]
    );
    assert!(patch.insert.is_empty() && patch.delete.is_empty());
}

/// `files` proposed, in Japanese, for a sheet typed by hand that names no file; the title of
/// proposal 1 and its changes.
async fn proposed_for_a_typed_sheet(files: Value) -> (String, workbench_store::CellPatch) {
    let (app, id) = spawn_with_sheet(
        "typed",
        "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
         browser\tclient -> LB\tdeadline\t\t\t30s\t\tusers give up\n",
    )
    .await;
    let response = with_files(&app, "propose_config", id, files, "ja").await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let (summary, patch) = app.store.proposal(id, 1).await.unwrap();
    (summary.title, patch)
}

/// The setting, value and location of each row `patch` inserts.
fn inserted(patch: &workbench_store::CellPatch) -> Vec<(String, String, String)> {
    patch
        .insert
        .iter()
        .map(|i| {
            (
                i.row.setting.clone(),
                i.row.value.clone(),
                i.row.location.clone(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_setting_the_sheet_does_not_have_is_proposed_as_a_new_row() {
    // Act
    let (title, patch) = proposed_for_a_typed_sheet(json!([file(DR_PATH, DR)])).await;

    // Assert
    assert_eq!(title, "設定ファイルの値：0 行を変更、1 行を追加");
    assert_eq!(inserted(&patch), owned(&MESH_ROWS[4..]));
    assert!(patch.cells.is_empty());
}

#[tokio::test]
async fn files_for_a_sheet_without_their_settings_propose_them_as_new_rows() {
    // Act
    let (title, patch) = proposed_for_a_typed_sheet(Value::Array(mesh())).await;

    // Assert
    assert_eq!(title, "設定ファイルの値：0 行を変更、5 行を追加");
    assert_eq!(inserted(&patch), owned(&MESH_ROWS));
}

#[tokio::test]
async fn files_that_set_what_the_sheet_says_propose_nothing() {
    // Arrange
    let (app, id) = mesh_app().await;

    // Act
    let response = with_files(&app, "propose_config", id, json!(mesh()), "en").await;

    // Assert
    assert_eq!(
        refusal(&response),
        (
            StatusCode::CONFLICT,
            "the files set what the sheet already says: nothing to propose".to_string()
        )
    );
    assert!(app.store.proposals(id).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_sheet_compared_with_edited_files_lists_the_rows_that_drifted() {
    // Arrange
    let (app, id) = mesh_app().await;

    // Act
    let response = with_files(&app, "compare_config", id, edited_mesh(), "en").await;

    // Assert
    let drift = ok_json(&response);
    assert_eq!(
        (&drift["agreeing"], &drift["skipped"], &drift["not_given"]),
        (&json!(3), &json!(0), &json!([]))
    );
    assert_eq!(
        drift["findings"],
        json!([
            {
                "code": "config.drift",
                "severity": "error",
                "row": 2,
                "setting": "HTTPRoute.timeout",
                "sheet_value": "10s",
                "file_value": "20s",
                "path": VS_PATH,
                "line": 12,
                "message": "row 2 HTTPRoute.timeout: the sheet says 10s; mesh/reviews/routes.yaml:12 says 20s",
            },
            {
                "code": "config.drift",
                "severity": "error",
                "row": 3,
                "setting": "retries.attempts",
                "sheet_value": "3",
                "file_value": "2",
                "path": VS_PATH,
                "line": 14,
                "message": "row 3 retries.attempts: the sheet says 3; mesh/reviews/routes.yaml:14 says 2",
            },
        ])
    );
}

#[tokio::test]
async fn a_file_the_sheet_names_that_is_not_given_counts_as_gone() {
    // Arrange: a Japanese sheet
    let app = spawn_app().await;
    let response = import(&app, "mesh", "ja", json!(mesh()), "ja").await;
    let id = response.json().as_i64().expect("an id");

    // Act: only the VirtualService
    let response = with_files(&app, "compare_config", id, json!([file(VS_PATH, VS)]), "en").await;

    // Assert: the message in the sheet's language
    let drift = ok_json(&response);
    assert_eq!(drift["agreeing"], json!(4));
    assert_eq!(drift["not_given"], json!([DR_PATH]));
    let findings = drift["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1);
    assert_eq!(
        (
            &findings[0]["code"],
            &findings[0]["row"],
            &findings[0]["file_value"]
        ),
        (&json!("config.gone"), &json!(5), &Value::Null)
    );
    assert_eq!(
        findings[0]["message"],
        json!(
            "行 5 connectionPool.tcp.connectTimeout: シートは 1s、mesh/reviews/traffic-policy.yaml:10 \
             にはもう設定がない: 既定値が適用される: 10s"
        )
    );
}

#[tokio::test]
async fn comparing_or_proposing_for_a_sheet_that_does_not_exist_is_a_404() {
    // Arrange
    let app = spawn_app().await;

    for name in ["compare_config", "propose_config"] {
        // Act
        let response = with_files(&app, name, 99, json!(mesh()), "en").await;

        // Assert
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{name}");
        assert_eq!(response.json(), json!({"NotFound": 99}), "{name}");
    }
}
