//! `POST /api/v1/check`: the golden numbers of `spec/golden.md`, bad sheets and body limits.

use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::{
    assert_error, checked, find, fixture, get_fresh, golden_g2, golden_g7, inversion_numbers,
    post_fresh, spawn_app, texts_of,
};

/// Asserts G1's numbers of the app's node: it needs 7.8 s of its 8.0 s deadline.
fn assert_g1_app_numbers(node: &serde_json::Value) {
    assert_eq!(
        (&node["need_ms"], &node["deadline_ms"], &node["slack_ms"]),
        (&json!(7_800), &json!(8_000), &json!(200))
    );
}

#[tokio::test]
async fn g1_app_needs_7_8_s_of_its_8_s_deadline() {
    // Act
    let report = checked("/api/v1/check", fixture("reservation-en.tsv")).await;

    // Assert
    let node = find(&report["nodes"], "name", "app");
    assert_g1_app_numbers(node);
    assert_eq!(node["verdict"], "ok");
    assert_eq!(
        find(&report["hops"], "segment", "app -> DB")["worst_ms"],
        3_000
    );
    assert_eq!(
        find(&report["hops"], "segment", "app -> external API")["worst_ms"],
        4_300
    );
    let lb = find(&report["hops"], "segment", "LB -> app");
    assert_eq!(
        (lb["verdict"].as_str(), lb["slack_ms"].as_i64()),
        (Some("ok"), Some(1_000))
    );
}

#[tokio::test]
async fn a_margin_of_1_5_s_turns_g1s_exact_browser_hop_into_an_inversion() {
    // Act
    let report = checked("/api/v1/check?margin=1.5s", fixture("reservation-en.tsv")).await;

    // Assert: 12.0 s < 11.0 s + 1.5 s; the LB's slack shrinks from 1.0 s to 0.5 s
    let browser = find(&report["hops"], "segment", "browser -> LB");
    assert_eq!(
        (
            browser["verdict"].as_str(),
            browser["slack_ms"].as_i64(),
            browser["margin_ms"].as_u64()
        ),
        (Some("inverted"), Some(-500), Some(1_500))
    );
    let lb = find(&report["hops"], "segment", "LB -> app");
    assert_eq!(lb["slack_ms"], 500);
    assert_eq!(report["summary"]["errors"], 1);
    assert_eq!(
        find(&report["findings"], "code", "inversion.hop")["short_by_ms"],
        500
    );
}

#[tokio::test]
async fn a_sheet_of_more_than_5000_rows_is_422_at_the_first_row_too_many() {
    // Arrange: 5,001 rows of 1,000 tries each, under 1 MiB
    let header = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n";
    let body = format!(
        "{header}{}",
        "1\ta -> b\ttries\t\t\t1000 tries\t\t\n".repeat(5_001)
    );

    // Act
    let response = post_fresh("/api/v1/check", body).await;

    // Assert
    assert_error(
        &response,
        StatusCode::UNPROCESSABLE_ENTITY,
        "line 5002: more than 5000 rows; a sheet holds at most 5000: split it into several sheets",
        Some(5002),
    );
}

#[tokio::test]
async fn settings_that_cannot_be_read_are_400_naming_them() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let margin = app
        .post("/api/v1/check?margin=2", fixture("reservation-en.tsv"))
        .await;
    let unbounded = app
        .post("/api/v1/check?margin=none", fixture("reservation-en.tsv"))
        .await;
    let threshold = app
        .post(
            "/api/v1/check?amplification_threshold=0",
            fixture("reservation-en.tsv"),
        )
        .await;

    // Assert
    assert_error(
        &margin,
        StatusCode::BAD_REQUEST,
        "the margin \"2\" is not a duration: write it with a unit, e.g. 1s, 500ms or 1.5秒",
        None,
    );
    assert_error(
        &unbounded,
        StatusCode::BAD_REQUEST,
        "the margin \"none\" is not a length of time: write a duration, e.g. 1s or 500ms, or 0s for no margin",
        None,
    );
    assert_eq!(threshold.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        threshold.json()["error"],
        "the amplification threshold \"0\" is not a number of attempts: write a whole number of at least 1, e.g. 3"
    );
}

#[tokio::test]
async fn the_amplification_threshold_comes_from_the_query() {
    // Arrange: the incident sheet of three client layers, 3 × 3 × 5 attempts
    let app = spawn_app().await;
    let sheet = fixture("three-client-layers.tsv");

    // Act
    let default = app.post("/api/v1/check", sheet.clone()).await.json();
    let lenient = app
        .post("/api/v1/check?amplification_threshold=45", sheet)
        .await
        .json();

    // Assert: 9 and 45 attempts are over 3; neither is over 45
    let attempts = |report: &serde_json::Value| -> Vec<i64> {
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["code"] == "retry.amplification")
            .map(|f| f["attempts"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(attempts(&default), [9, 45]);
    assert_eq!(attempts(&lenient), Vec::<i64>::new());
}

#[tokio::test]
async fn g1_has_exactly_one_finding_slack_none_on_browser_to_lb() {
    // Act
    let report = checked("/api/v1/check", fixture("reservation-en.tsv")).await;

    // Assert
    let findings = report["findings"].as_array().expect("findings");
    assert_eq!(findings.len(), 1, "{findings:#?}");
    assert_eq!(findings[0]["code"], "slack.none");
    assert_eq!(findings[0]["severity"], "info");
    assert_eq!(findings[0]["hop"], "browser -> LB");
    assert_eq!(report["summary"]["errors"], 0);
    assert_eq!(report["summary"]["warnings"], 0);
    let hop = find(&report["hops"], "segment", "browser -> LB");
    assert_eq!(hop["wait_ms"], 12_000);
    assert_eq!(hop["callee_worst_ms"], 11_000);
    assert_eq!(hop["slack_ms"], 0);
}

#[tokio::test]
async fn the_japanese_g1_gives_the_same_numbers() {
    // Act
    let report = checked("/api/v1/check", fixture("reservation-ja.tsv")).await;

    // Assert
    assert_g1_app_numbers(find(&report["nodes"], "name", "アプリ"));
    let findings = report["findings"].as_array().expect("findings");
    assert_eq!(findings.len(), 1, "{findings:#?}");
    assert_eq!(findings[0]["code"], "slack.none");
    assert_eq!(findings[0]["hop"], "ブラウザ → LB");
}

#[tokio::test]
async fn g2_app_needs_15_5_s_and_one_try_fits() {
    // Act
    let report = checked("/api/v1/check", golden_g2()).await;

    // Assert
    let node = find(&report["nodes"], "name", "app");
    assert_eq!(node["need_ms"], 15_500);
    assert_eq!(node["slack_ms"], -7_500);
    assert_eq!(node["verdict"], "inverted");
    assert_eq!(
        find(&report["hops"], "segment", "app -> external API")["worst_ms"],
        12_000
    );
    let inversion = find(&report["findings"], "code", "inversion.node");
    assert_eq!(inversion["severity"], "error");
    assert_eq!(inversion["node"], "app");
    assert_eq!(inversion["bound_ms"], 8_000);
    assert_eq!(inversion["need_ms"], 15_500);
    assert_eq!(inversion["short_by_ms"], 7_500);
    assert_eq!(inversion["tries_that_fit"], 1);
    assert_eq!(report["summary"]["errors"], 1);
}

#[tokio::test]
async fn g4_the_lb_gives_up_9_5_s_before_the_app() {
    // Act
    let report = checked("/api/v1/check", fixture("inverted-lb.tsv")).await;

    // Assert
    assert_eq!(
        find(&report["hops"], "segment", "app -> external API")["worst_ms"],
        13_500
    );
    assert_eq!(find(&report["nodes"], "name", "app")["need_ms"], 13_500);
    let hop = find(&report["hops"], "segment", "LB -> app");
    assert_eq!(hop["verdict"], "inverted");
    assert_eq!(hop["slack_ms"], -9_500);
    let errors: Vec<_> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["severity"] == "error")
        .collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["code"], "inversion.hop");
    assert_eq!(errors[0]["hop"], "LB -> app");
    assert_eq!(errors[0]["bound_ms"], 5_000);
    assert_eq!(errors[0]["need_ms"], 14_500, "13.5 s plus the 1.0 s margin");
    assert_eq!(errors[0]["short_by_ms"], 9_500);
    // The fixes the engine checked, as cell changes (budget::fix).
    assert_eq!(
        errors[0]["fixes"],
        serde_json::json!([
            { "summary": "raise LB -> app's read timeout to 14.5 s",
              "changes": [{ "line": 2, "column": "value", "from": "5s", "to": "14.5s" }] },
            { "summary": "reduce app -> external API to 1 try",
              "changes": [{ "line": 5, "column": "value",
                            "from": "3 tries, waits 0.5s, 1.0s", "to": "1 try" }] }
        ])
    );
    assert!(
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["code"] != "unbounded"),
        "no unbounded finding: {:#}",
        report["findings"]
    );
}

#[tokio::test]
async fn a_row_with_a_missing_cell_is_422_naming_the_line() {
    // Arrange
    let mut lines: Vec<String> = fixture("inverted-lb.tsv")
        .lines()
        .map(String::from)
        .collect();
    lines[3] = lines[3].rsplit_once('\t').unwrap().0.to_string(); // line 4 loses its last cell
    let body = lines.join("\n") + "\n";

    // Act
    let response = post_fresh("/api/v1/check", body).await;

    // Assert
    assert_error(
        &response,
        StatusCode::UNPROCESSABLE_ENTITY,
        "line 4: expected 8 cells, found 7; each row needs exactly 8 tab-separated cells",
        Some(4),
    );
}

#[tokio::test]
async fn an_unknown_header_column_is_422_on_line_1() {
    // Arrange
    let body = "layer\tsegment\titem\tsetting\tdefault\tvalue\twhere\trationale\n";

    // Act
    let response = post_fresh("/api/v1/check", body).await;

    // Assert
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    let error = response.json();
    assert_eq!(error["line"], 1);
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .starts_with("line 1: unknown column \"where\" in the header"),
        "{error}"
    );
}

#[tokio::test]
async fn an_empty_body_is_422_without_a_line() {
    // Act
    let response = post_fresh("/api/v1/check", "").await;

    // Assert
    assert_error(&response, StatusCode::UNPROCESSABLE_ENTITY, "the sheet is empty: paste a header line and at least one row, or eight tab-separated cells", None);
}

#[tokio::test]
async fn a_body_that_is_not_utf8_is_400_naming_the_line() {
    // Arrange
    let mut body = fixture("inverted-lb.tsv").into_bytes();
    let third_line = body
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(1)
        .unwrap()
        .0
        + 1;
    body[third_line] = 0xff;

    // Act
    let response = post_fresh("/api/v1/check", body).await;

    // Assert
    assert_error(
        &response,
        StatusCode::BAD_REQUEST,
        "line 3: the body is not UTF-8 text; save the sheet as UTF-8 and send it again",
        Some(3),
    );
}

/// A valid sheet of exactly `size` bytes: the inverted-LB fixture with a long rationale.
fn sheet_of_size(size: usize) -> String {
    let base = fixture("inverted-lb.tsv");
    let mut text = base.trim_end_matches('\n').to_string();
    let padding = size - text.len() - 1;
    text.push_str(&"x".repeat(padding));
    text.push('\n');
    assert_eq!(text.len(), size);
    text
}

#[tokio::test]
async fn a_body_of_exactly_1_mib_is_accepted() {
    // Act
    let response = post_fresh("/api/v1/check", sheet_of_size(server::MAX_BODY_BYTES)).await;

    // Assert
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
}

#[tokio::test]
async fn a_body_of_1_mib_and_1_byte_is_413() {
    // Act
    let response = post_fresh("/api/v1/check", sheet_of_size((1 << 20) + 1)).await;

    // Assert
    assert_error(
        &response,
        StatusCode::PAYLOAD_TOO_LARGE,
        "the body is larger than 1048576 bytes (1 MiB); split the sheet",
        None,
    );
}

#[tokio::test]
async fn check_is_post_only() {
    // Act
    let response = get_fresh("/api/v1/check").await;

    // Assert
    assert_eq!(response.status, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn g6_the_redirectors_early_retries_cost_140_s_and_deliver_once() {
    // Act
    let report = checked("/api/v1/check", fixture("redirector-retries.tsv")).await;

    // Assert
    let inner = find(&report["hops"], "segment", "web server -> web container");
    assert_eq!(inner["repeats"], "early");
    assert_eq!(
        inner["retry_on"],
        json!(["connect-failure", "connect-timeout", "header-send"])
    );
    assert_eq!(
        (inner["early_ms"].as_u64(), inner["per_try_ms"].as_u64()),
        (Some(15_000), Some(35_000))
    );
    assert_eq!(
        (inner["worst_ms"].as_u64(), inner["attempts"].as_u64()),
        (Some(140_000), Some(1))
    );
    assert_eq!(
        inner["formula"],
        "(2 × 4 − 1) × (5 + 10) + (5 + 30) = 140.0 s"
    );
    let outer = find(&report["hops"], "segment", "browser -> web server");
    assert_eq!(
        (
            outer["verdict"].as_str(),
            outer["need_ms"].as_u64(),
            outer["slack_ms"].as_i64()
        ),
        (Some("ok"), Some(141_000), Some(9_000))
    );
    let codes: Vec<&str> = texts_of(&report["findings"], "code");
    assert_eq!(codes, ["read.interval_only"]);
}

#[tokio::test]
async fn g7_retries_on_everything_cost_280_s_and_invert_the_browsers_wait() {
    // Act
    let response = post_fresh("/api/v1/check", golden_g7()).await;

    // Assert
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let report = response.json();
    let inner = find(&report["hops"], "segment", "web server -> web container");
    assert_eq!(inner.get("repeats"), None, "whole tries are left out");
    assert_eq!(
        (inner["worst_ms"].as_u64(), inner["attempts"].as_u64()),
        (Some(280_000), Some(8))
    );
    let inversion = find(&report["findings"], "code", "inversion.hop");
    assert_eq!(
        inversion_numbers(inversion),
        (Some(150_000), Some(281_000), Some(131_000))
    );
    let pointless = find(&report["findings"], "code", "retry.pointless");
    assert_eq!(pointless["rows"], json!([6]));
    assert_eq!(
        find(&report["findings"], "code", "retry.unsafe")["attempts"],
        8
    );
    assert_eq!(
        find(&report["findings"], "code", "retry.amplification")["attempts"],
        8
    );
}

/// A sheet whose CDN row was imported with nginx's setting name but is set in a Cloudflare
/// zone (`location`), behind a browser deadline of 120 s.
fn cloudflare_sheet(location: &str) -> String {
    format!(
        "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
         \tbrowser -> CDN\tdeadline\t\t\t120s\tfront\t\n\
         \tCDN -> nginx\tread timeout\tproxy_read_timeout (Proxy Read Timeout)\t100s\t100s\t{location}\t\n"
    )
}

#[tokio::test]
async fn a_cloudflare_row_named_like_nginxs_takes_none_of_nginxs_defaults() {
    // Act
    let cloudflare = checked("/api/v1/check", cloudflare_sheet("Cloudflare zone")).await;
    let nginx = checked("/api/v1/check", cloudflare_sheet("nginx")).await;

    // Assert: the CDN hop is its own 100 s, within the browser's 120 s; no nginx default,
    // no nginx source, and the row's note says why.
    assert_eq!(
        find(&cloudflare["hops"], "segment", "CDN -> nginx")["worst_ms"],
        100_000
    );
    let codes: Vec<&str> = cloudflare["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["code"].as_str())
        .collect();
    assert_eq!(codes, ["bound.missing", "read.interval_only"]);
    let row = &cloudflare["rows"][1];
    assert_eq!(row["value_ms"], 100_000);
    assert_eq!(row["source"], serde_json::Value::Null);
    assert_eq!(
        row["note"],
        "not nginx's proxy_read_timeout: the row names Cloudflare"
    );
    // Set in nginx, the same row takes nginx's 60 s connect default: 160 s, and the browser's
    // 120 s is short by 41 s with the 1 s margin.
    assert_eq!(
        find(&nginx["hops"], "segment", "CDN -> nginx")["worst_ms"],
        160_000
    );
    let inversion = find(&nginx["findings"], "code", "inversion.hop");
    assert_eq!(
        inversion_numbers(inversion),
        (Some(120_000), Some(161_000), Some(41_000))
    );
    assert_eq!(nginx["rows"][1]["note"], "nginx: proxy_read_timeout");
}

#[tokio::test]
async fn a_raise_above_cloudflares_cap_names_the_cap_beside_lowering_nginxs_read() {
    // Arrange: Cloudflare waits 100 s for nginx, which waits 120 s for an app whose deadline
    // is 90 s.
    let sheet = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
                 1\tbrowser -> CDN\toverall deadline\tfetch AbortSignal.timeout\tnone\t150s\tfront end\t\n\
                 2\tCDN -> nginx\tread timeout\tCloudflare Proxy Read Timeout\t100s\t100s\tCloudflare zone\t\n\
                 3\tnginx -> app\tconnect timeout\tproxy_connect_timeout\t60s\t1s\tnginx.conf\t\n\
                 3\tnginx -> app\tread timeout\tproxy_read_timeout\t60s\t120s\tnginx.conf\t\n\
                 4\tapp\trequest deadline\tin-app deadline\tnone\t90s\tapp middleware\t\n";

    // Act
    let report = checked("/api/v1/check", sheet.to_string()).await;

    // Assert
    let inversion = find(&report["findings"], "code", "inversion.hop");
    assert_eq!(inversion["short_by_ms"], 22_000);
    assert_eq!(
        inversion["fixes"],
        serde_json::json!([
            { "summary": "raise CDN -> nginx's read timeout to 2 min 2 s; Cloudflare allows at most \
                          1 min 40 s for proxy_read_timeout (Proxy Read Timeout) outside Enterprise \
                          plans (an Enterprise zone may set up to 6,000 s)",
              "changes": [{ "line": 2, "column": "value", "from": "100s", "to": "122s" }],
              "caps": [{ "line": 2, "product": "Cloudflare",
                         "setting": "proxy_read_timeout (Proxy Read Timeout)",
                         "cap_ms": 100_000, "to_ms": 122_000,
                         "source": "https://developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-5xx-errors/error-524/" }] },
            { "summary": "lower nginx -> app's read timeout to 1 min 31 s",
              "changes": [{ "line": 4, "column": "value", "from": "120s", "to": "91s" }] }
        ])
    );
}

#[tokio::test]
async fn g8_the_api_takes_the_longest_route_of_a_route_group() {
    // Act
    let report = checked("/api/v1/check", fixture("gateway-routes.tsv")).await;

    // Assert
    let gateway = find(&report["nodes"], "name", "gateway");
    assert_eq!(gateway["inner_ms"], 12_000);
    assert_eq!(
        gateway["need_ms"], 12_200,
        "not 16.5 s: the routes are alternatives"
    );
    assert_eq!(
        gateway["formula"],
        "max(orders 4.3, search 12.0) + own 0.2 = 12.2 s > 10.0 s"
    );
    assert_eq!(
        gateway["trace"]["need"][0]["group"],
        serde_json::json!(["gateway -> orders", "gateway -> search"])
    );
    let rows: Vec<&str> = texts_of(&report["rows"], "kind");
    assert_eq!(rows[2], "routes");
    let inversion = find(&report["findings"], "code", "inversion.node");
    assert_eq!(inversion["short_by_ms"], 2_200);
    assert_eq!(inversion["tries_that_fit"], 2);
    assert_eq!(inversion["rows"], serde_json::json!([1, 2, 7, 8, 9, 10]));
    assert_eq!(
        inversion["fixes"][0]["changes"],
        serde_json::json!([{ "line": 10, "column": "value",
                             "from": "3 tries, waits 0.5s, 1.0s", "to": "2 tries, waits 0.5s" }])
    );
}
