//! The command line on deployed configuration: golden G1 written as an nginx.conf and a Spring
//! Boot application.yml (`fixtures/configs/reservation/`) imports into the sheet whose check
//! gives G1; `drift` finds the file edited to G2's values; and `diff --git` reviews that edit,
//! which touches no sheet, with G2's trace. The shop of `fixtures/configs/shop/` (Kubernetes,
//! Istio, Spring Boot and Terraform together) imports to its expected sheet.

use std::path::Path;

use crate::binary::{git, json, stderr, stdout, workbench_in};
use crate::helpers::{find, fixture_path, texts_of};

/// A copy of `fixtures/configs/reservation` in a new directory.
fn reservation() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = fixture_path("configs/reservation");
    for file in [
        "nginx/nginx.conf",
        "app/src/main/resources/application.yml",
        "map.toml",
        "reservation-base.tsv",
        "reservation.tsv",
    ] {
        let to = dir.path().join(file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(from.join(file), to).unwrap();
    }
    dir
}

/// The app's application.yml edited to G2's values: read timeout 3 s, 3 tries, waits 0.5 s
/// and 1.0 s.
fn edit_to_g2(dir: &Path) {
    let path = dir.join("app/src/main/resources/application.yml");
    let text = std::fs::read_to_string(&path).unwrap();
    let text = text
        .replace("readTimeout: 1500", "readTimeout: 3000")
        .replace("maxAttempts: 2", "maxAttempts: 3")
        .replace(
            "waitDuration: 300ms",
            "waitDuration: 500ms\n        enableExponentialBackoff: true\n        exponentialBackoffMultiplier: 2",
        );
    std::fs::write(path, text).unwrap();
}

#[test]
fn g1_as_configuration_imports_into_the_sheet_whose_check_is_g1() {
    let dir = reservation();
    let d = dir.path();
    std::fs::copy(d.join("reservation-base.tsv"), d.join("design.tsv")).unwrap();

    let o = workbench_in(
        d,
        &[
            "import",
            "--into",
            "design.tsv",
            "--map",
            "map.toml",
            "nginx",
            "app",
        ],
        "",
    );

    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "workbench: design.tsv: 0 row(s) changed, 9 appended\n"
    );
    let design = std::fs::read_to_string(d.join("design.tsv")).unwrap();
    assert_eq!(
        design,
        std::fs::read_to_string(d.join("reservation.tsv")).unwrap()
    );
    let o = workbench_in(d, &["check", "design.tsv", "--format", "json"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report = json(&o);
    let node = |name: &str| find(&report["nodes"], "name", name).clone();
    let hop = |segment: &str| find(&report["hops"], "segment", segment).clone();
    // G1: app → DB 3.0, app → external API 4.3, app need 7.8 (slack 0.2), LB → app slack 1.0,
    // LB need 11.0, browser → LB slack 0.0 and its `slack.none`, the only finding.
    assert_eq!(hop("app -> DB")["worst_ms"], 3000);
    assert_eq!(hop("app -> external API")["worst_ms"], 4300);
    assert_eq!(
        (
            node("app")["need_ms"].clone(),
            node("app")["slack_ms"].clone()
        ),
        (7800.into(), 200.into())
    );
    assert_eq!(hop("LB -> app")["slack_ms"], 1000);
    assert_eq!(node("LB")["need_ms"], 11000);
    assert_eq!(hop("browser -> LB")["slack_ms"], 0);
    let codes: Vec<&str> = texts_of(&report["findings"], "code");
    assert_eq!(codes, ["slack.none"]);
}

#[test]
fn drift_finds_the_files_edited_to_g2() {
    let dir = reservation();
    let d = dir.path();
    let o = workbench_in(d, &["drift", "reservation.tsv"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "reservation.tsv: 0 of 9 rows differ from the deployed configuration; 6 name no configuration file\n"
    );

    edit_to_g2(d);
    let o = workbench_in(d, &["drift", "reservation.tsv"], "");

    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let a = "app/src/main/resources/application.yml";
    assert_eq!(
        stdout(&o),
        format!("reservation.tsv: 3 of 9 rows differ from the deployed configuration; 6 name no configuration file\n  error   config.drift      row 13 feign.client.config.*.read-timeout: the sheet says 1500; {a}:18 says 3000\n  error   config.drift      row 14 resilience4j.retry.instances.*.max-attempts: the sheet says 2 tries, waits 300ms; {a}:25 says 3 tries, waits 500ms, 1000ms\n  error   config.drift      row 15 resilience4j.retry.instances.*.wait-duration: the sheet says 300ms; {a}:26 says 500ms\n")
    );
    // Lines added above the settings: the selectors still find them, at their new lines.
    let path = d.join(a);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        format!("# owned by the reservations team\n# see the runbook\n{text}"),
    )
    .unwrap();
    let o = workbench_in(d, &["drift", "reservation.tsv", "--format", "sarif"], "");
    assert_eq!(o.status.code(), Some(1));
    let log = json(&o);
    let lines: Vec<i64> = log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["region"]["startLine"]
                .as_i64()
                .unwrap()
        })
        .collect();
    assert_eq!(lines, [20, 27, 28]);
}

#[test]
fn a_configuration_pull_request_is_reviewed_by_its_budget() {
    let dir = reservation();
    let d = dir.path();
    git(d, &["init", "-q"]);
    git(d, &["add", "."]);
    git(d, &["commit", "-q", "-m", "G1"]);
    edit_to_g2(d);

    let o = workbench_in(d, &["diff", "--git", "HEAD", "--fail-on-new", "error"], "");

    // The edit touches no sheet; the sheet whose rows name the file is reviewed with G2's
    // numbers, as if its cells had been edited.
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = stdout(&o);
    let a = "app/src/main/resources/application.yml";
    assert!(
        text.starts_with(&format!("Deployed configuration changed:\n  {a}:18 feign.client.config.*.read-timeout 1500 → 3000\n  {a}:25 resilience4j.retry.instances.*.max-attempts 2 tries, waits 300ms → 3 tries, waits 500ms, 1000ms\n  {a}:26 resilience4j.retry.instances.*.wait-duration 300ms → 500ms\n\nerrors 0 → 1, warnings 0 → 0; app: ok → inverted, short by 7.5 s (3 cells changed)\n")),
        "{text}"
    );
    assert!(
        text.contains("worst 4.3 s → 12.0 s; app need 7.8 s → 15.5 s against its 8.0 s deadline: now inverted, short by 7.5 s, 1 try fits;"),
        "{text}"
    );
    let o = workbench_in(d, &["diff", "--git", "HEAD", "--format", "markdown"], "");
    let md = stdout(&o);
    assert!(
        md.starts_with(&format!("### Timeout budget review: reservation.tsv\n\nDeployed configuration changed:\n- `{a}:18` feign.client.config.\\*.read-timeout 1500 → 3000\n")),
        "{md}"
    );
}

#[test]
fn the_shop_imports_to_its_sheet_and_its_check_finds_the_queue_and_the_retries() {
    let dir = fixture_path("configs/shop");

    let o = workbench_in(&dir, &["import", "k8s", "orders", "terraform"], "");

    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    assert_eq!(
        stdout(&o),
        std::fs::read_to_string(dir.join("shop.tsv")).unwrap()
    );
    let o = workbench_in(&dir, &["check", "shop.tsv", "--format", "json"], "");
    assert_eq!(o.status.code(), Some(1));
    let report = json(&o);
    let findings: Vec<String> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let place = f["hop"].as_str().or(f["node"].as_str()).unwrap_or("");
            format!("{} {place}", f["code"].as_str().unwrap())
        })
        .collect();
    assert_eq!(
        findings,
        [
            "queue.redelivery aws_sqs_queue.invoices -> aws_lambda_function.invoicer",
            "retry.amplification payments",
            "retry.amplification inventory",
            "read.interval_only shop.example.com -> storefront",
            "bound.missing mesh (orders) -> orders (default)",
            "bound.missing aws_lb.admin -> aws_lb_target_group.admin",
            "bound.missing client -> orders",
            "bound.missing orders -> database",
            "value.default_applied mesh (orders) -> orders (default)",
        ]
    );
}
