//! The built `workbench` binary: `workbench check` on the fixtures, its output and exit status.

use std::path::Path;
use std::process::Output;

use crate::binary::{
    cells, json, json_after, line_cells, stderr, stdout, stdout_after, workbench, workbench_in,
    workbench_on,
};
use crate::helpers::{find, fixture_path, golden_g2, golden_g7, inversion_numbers};

#[test]
fn g1_passes_with_exit_0_and_prints_its_table() {
    // Act
    let output = check(&["fixtures/reservation-en.tsv"]);

    // Assert
    let text = stdout_after(&output, 0);
    let cells = line_cells(&text, "app ");
    assert_eq!(
        &cells[..5],
        ["app", "7.8 s", "8.0 s", "0.2 s", "ok"],
        "{text}"
    );
    assert!(text.contains("slack.none"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("browser -> LB ")),
        "{text}"
    );
    assert_eq!(
        text.lines().last(),
        Some("0 inversions, 0 warnings"),
        "{text}"
    );
    assert_eq!(stderr(&output), "");
}

#[test]
fn a_margin_of_1_5_s_fails_g1_and_an_unreadable_one_is_a_usage_error() {
    // Act
    let strict = check(&["fixtures/reservation-en.tsv", "--margin", "1.5s"]);
    let bare = check(&["fixtures/reservation-en.tsv", "--margin", "2"]);

    // Assert: browser -> LB waits 12.0 s for 11.0 s + 1.5 s
    assert_eq!(strict.status.code(), Some(1), "{}", stderr(&strict));
    assert_eq!(
        stdout(&strict).lines().last(),
        Some("1 inversion, 0 warnings"),
        "{}",
        stdout(&strict)
    );
    assert_eq!(bare.status.code(), Some(2));
    assert!(
        stderr(&bare).contains(
            "invalid value '2' for '--margin <DURATION>': the margin \"2\" is not a duration: write it with a unit, e.g. 1s, 500ms or 1.5秒"
        ),
        "{}",
        stderr(&bare)
    );
}

#[test]
fn the_amplification_threshold_flag_silences_attempts_up_to_it() {
    // Act
    let default = check(&["fixtures/three-client-layers.tsv", "--format", "json"]);
    let lenient = check(&[
        "fixtures/three-client-layers.tsv",
        "--format",
        "json",
        "--amplification-threshold",
        "45",
    ]);

    // Assert
    let codes = |output: &Output| -> Vec<String> {
        json(output)["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap().to_string())
            .filter(|c| c == "retry.amplification")
            .collect()
    };
    assert_eq!(codes(&default).len(), 2);
    assert_eq!(codes(&lenient).len(), 0);
}

#[test]
fn the_japanese_g1_prints_japanese_headings_and_headline() {
    // Act
    let output = check(&["fixtures/reservation-ja.tsv"]);

    // Assert
    let text = stdout_after(&output, 0);
    assert!(text.starts_with("ノード\n"), "{text}");
    // The values in seconds and the verdict are written in Japanese, as the messages are.
    let cells = line_cells(&text, "アプリ ");
    assert_eq!(
        cells,
        [
            "アプリ",
            "7.8秒",
            "8.0秒",
            "0.2秒",
            "合格",
            "DB 3.0 + 外部API 4.3 + 自分の処理 0.5 = 7.8秒 ≤ 8.0秒"
        ],
        "{text}"
    );
    assert_eq!(text.lines().last(), Some("逆転 0件、警告 0件"), "{text}");
}

#[test]
fn g4_fails_with_exit_1_and_names_the_inversion() {
    // Act
    let output = check(&["fixtures/inverted-lb.tsv"]);

    // Assert
    let text = stdout_after(&output, 1);
    let cells = line_cells(&text, "LB -> app ");
    assert_eq!(&cells[3..5], ["-9.5 s", "inverted"], "{text}");
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("error") && l.contains("inversion.hop")),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().starts_with("1 inversion, "),
        "{text}"
    );
}

#[test]
fn json_output_is_the_report() {
    // Act
    let output = check(&["fixtures/reservation-en.tsv", "--format", "json"]);

    // Assert
    let report = json_after(&output, 0);
    let app = find(&report["nodes"], "name", "app");
    assert_eq!(
        (app["need_ms"].as_u64(), app["deadline_ms"].as_u64()),
        (Some(7_800), Some(8_000))
    );
    assert_eq!(app["slack_ms"], 200);
    assert_eq!(report["findings"].as_array().unwrap().len(), 1);
    assert_eq!(report["findings"][0]["code"], "slack.none");
}

#[test]
fn g2_on_standard_input_fails_with_exit_1() {
    // Act
    let output = check_input(&["-", "--format", "json"], &golden_g2());

    // Assert
    let report = json_after(&output, 1);
    let inversion = find(&report["findings"], "code", "inversion.node");
    assert_eq!(inversion["short_by_ms"], 7_500);
    assert_eq!(inversion["tries_that_fit"], 1);
}

#[test]
fn serve_is_the_default_and_check_is_documented() {
    // Act
    let output = workbench(&["--help"], "");

    // Assert
    let help = stdout_after(&output, 0);
    assert!(help.contains("serve") && help.contains("check"), "{help}");
}

#[test]
fn a_row_with_a_missing_cell_exits_2_naming_file_and_line() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.tsv");
    let text = std::fs::read_to_string(fixture_path("inverted-lb.tsv")).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let short = lines[3].rsplit_once('\t').unwrap().0.to_string();
    lines[3] = &short;
    std::fs::write(&path, lines.join("\n")).unwrap();
    let path = path.to_str().unwrap();

    // Act
    let output = check(&[path]);

    // Assert
    assert_refused(
        &output,
        2,
        format!(
            "workbench: {path}: line 4: expected 8 cells, found 7; \
             each row needs exactly 8 tab-separated cells\n"
        ),
    );
}

#[test]
fn a_missing_file_exits_2() {
    // Act
    let output = check(&["fixtures/no-such-sheet.tsv"]);

    // Assert
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output)
            .starts_with("workbench: fixtures/no-such-sheet.tsv: No such file or directory"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn empty_standard_input_exits_2() {
    // Act
    let output = check(&["-"]);

    // Assert
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "workbench: standard input: the sheet is empty: paste a header line and at least one \
         row, or eight tab-separated cells\n"
    );
}

/// Asserts that the run exited with `code`, printed nothing on standard output and `message`
/// on standard error.
fn assert_refused(output: &Output, code: i32, message: impl AsRef<str>) {
    assert_eq!(output.status.code(), Some(code));
    assert_eq!(stdout(output), "");
    assert_eq!(stderr(output), message.as_ref());
}

/// Runs `workbench check ARGS` in the workspace root, with nothing on standard input.
fn check(args: &[&str]) -> Output {
    check_input(args, "")
}

/// Runs `workbench check ARGS` in the workspace root, with `stdin` on standard input.
fn check_input(args: &[&str], stdin: &str) -> Output {
    workbench(&[&["check"][..], args].concat(), stdin)
}

/// The JSON report `workbench check PATH --format json` prints, run in the workspace root.
fn json_report(path: &str) -> serde_json::Value {
    let output = check(&[path, "--format", "json"]);
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A temporary folder holding `sheets/b-inverted.tsv` (the inverted-LB fixture),
/// `sheets/a/reservation-en.tsv` (G1) and two files that are not sheets.
fn sheets_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let sheets = dir.path().join("sheets");
    std::fs::create_dir_all(sheets.join("a")).unwrap();
    std::fs::copy(
        fixture_path("inverted-lb.tsv"),
        sheets.join("b-inverted.tsv"),
    )
    .unwrap();
    std::fs::copy(
        fixture_path("reservation-en.tsv"),
        sheets.join("a").join("reservation-en.tsv"),
    )
    .unwrap();
    std::fs::write(sheets.join("notes.txt"), "not a sheet").unwrap();
    std::fs::write(sheets.join("a").join("old.tsv.bak"), "not a sheet").unwrap();
    dir
}

/// G1 with the lock timeout (row 11) unreadable: a sheet whose only problem is a warning.
fn warning_only_sheet() -> String {
    let text = crate::helpers::fixture("reservation-en.tsv");
    let changed = text.replace(
        "lock_timeout\t0 (disabled)\t1s\t",
        "lock_timeout\t0 (disabled)\tsoon\t",
    );
    assert_ne!(changed, text, "the lock timeout is in G1");
    changed
}

#[test]
fn sarif_for_the_inverted_lb_has_one_error_result_on_line_2() {
    // Act
    let output = check(&["fixtures/inverted-lb.tsv", "--format", "sarif"]);

    // Assert
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let log = json(&output);
    assert_eq!(
        log["$schema"],
        "https://json.schemastore.org/sarif-2.1.0.json"
    );
    assert_eq!(log["version"], "2.1.0");
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let driver = &runs[0]["tool"]["driver"];
    assert_eq!(driver["name"], "workbench");
    assert!(
        driver["informationUri"]
            .as_str()
            .is_some_and(|uri| uri.starts_with("http")),
        "{driver:#}"
    );
    let errors: Vec<&serde_json::Value> = runs[0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["level"] == "error")
        .collect();
    assert_eq!(errors.len(), 1, "{:#}", runs[0]["results"]);
    assert_eq!(
        *errors[0],
        serde_json::json!({
            "ruleId": "inversion.hop",
            "level": "error",
            "message": {
                "text": "LB waits 5.0 s for app, which may take 13.5 s plus a 1.0 s margin \
                         Fix: raise LB -> app's read timeout to 14.5 s, or reduce \
                         app -> external API to 1 try"
            },
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": { "uri": "fixtures/inverted-lb.tsv" },
                    "region": { "startLine": 2 }
                }
            }]
        })
    );
    assert_eq!(
        runs[0]["invocations"],
        serde_json::json!([{ "executionSuccessful": true, "exitCode": 1 }])
    );
}

#[test]
fn sarif_has_a_result_per_finding_and_a_rule_per_code() {
    // Arrange
    let report = json_report("fixtures/inverted-lb.tsv");
    let findings = report["findings"].as_array().unwrap();

    // Act
    let log = json(&check(&["fixtures/inverted-lb.tsv", "--format", "sarif"]));

    // Assert
    let run = &log["runs"][0];
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), findings.len());
    for (result, finding) in results.iter().zip(findings) {
        assert_eq!(result["ruleId"], finding["code"]);
        let level = match finding["severity"].as_str().unwrap() {
            "info" => "note",
            other => other,
        };
        assert_eq!(result["level"], level);
        let text = format!(
            "{} Fix: {}",
            finding["message"].as_str().unwrap(),
            finding["fix"].as_str().unwrap()
        );
        assert_eq!(result["message"]["text"], text.as_str());
        let first_row = finding["rows"][0].as_u64().unwrap();
        assert_eq!(
            result["locations"][0]["physicalLocation"]["region"]["startLine"],
            first_row + 1,
            "no blank lines in the fixture: data row N is line N + 1"
        );
    }
    let mut codes: Vec<&str> = findings
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    codes.sort();
    codes.dedup();
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, codes);
    for rule in rules {
        assert!(
            rule["shortDescription"]["text"]
                .as_str()
                .is_some_and(|t| !t.is_empty()),
            "{rule:#}"
        );
    }
}

#[test]
fn sarif_lines_count_blank_lines_and_quoted_line_breaks() {
    // Arrange: a blank line after the header, a three-line cell in row 1 and a blank line
    // before row 11, whose unreadable value is a warning.
    let dir = tempfile::tempdir().unwrap();
    let mut lines: Vec<String> = warning_only_sheet().lines().map(String::from).collect();
    lines[1] = lines[1].replace(
        "longer than the LB's bound, so the page receives the LB's 504",
        "\"first\nsecond\nthird\"",
    );
    lines.insert(11, String::new());
    lines.insert(1, String::new());
    std::fs::write(dir.path().join("sheet.tsv"), lines.join("\n")).unwrap();
    let report = json(&workbench_in(
        dir.path(),
        &["check", "sheet.tsv", "--format", "json"],
        "",
    ));
    let unreadable = find(&report["findings"], "code", "value.unreadable");
    assert_eq!(unreadable["rows"], serde_json::json!([11]));

    // Act
    let log = json(&workbench_in(
        dir.path(),
        &["check", "sheet.tsv", "--format", "sarif"],
        "",
    ));

    // Assert
    let line_of = |code: &str| {
        let result = log["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["ruleId"] == code)
            .unwrap_or_else(|| panic!("no {code} in {log:#}"));
        assert_eq!(
            result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "sheet.tsv"
        );
        result["locations"][0]["physicalLocation"]["region"]["startLine"].clone()
    };
    // Line 1 header, 2 blank, 3-5 row 1, rows 2-10 on lines 6-14, 15 blank, 16 row 11.
    assert_eq!(line_of("slack.none"), 3);
    assert_eq!(line_of("value.unreadable"), 16);
}

#[test]
fn a_directory_is_every_tsv_in_it_sorted_by_path() {
    // Arrange
    let dir = sheets_dir();

    // Act
    let output = workbench_in(dir.path(), &["check", "sheets", "--format", "json"], "");

    // Assert
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let entries = json(&output);
    let paths: Vec<&str> = entries
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        ["sheets/a/reservation-en.tsv", "sheets/b-inverted.tsv"]
    );
    assert_eq!(
        entries[0]["report"],
        json_report("fixtures/reservation-en.tsv")
    );
    assert_eq!(
        entries[1]["report"],
        json_report("fixtures/inverted-lb.tsv")
    );
    assert_eq!(entries[0].as_object().unwrap().len(), 2, "{:#}", entries[0]);
}

#[test]
fn sarif_for_a_directory_names_each_sheet_by_its_relative_path() {
    // Arrange
    let dir = sheets_dir();

    // Act
    let output = workbench_in(dir.path(), &["check", "sheets/", "--format", "sarif"], "");

    // Assert
    let log = json_after(&output, 1);
    let results = log["runs"][0]["results"].as_array().unwrap();
    let location = |r: &serde_json::Value| {
        let physical = &r["locations"][0]["physicalLocation"];
        (
            physical["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
                .to_string(),
            physical["region"]["startLine"].as_u64().unwrap(),
        )
    };
    let location_of = |rule: &str| location(results.iter().find(|r| r["ruleId"] == rule).unwrap());
    assert_eq!(
        location_of("slack.none"),
        ("sheets/a/reservation-en.tsv".to_string(), 2)
    );
    assert_eq!(
        location_of("inversion.hop"),
        ("sheets/b-inverted.tsv".to_string(), 2)
    );
}

#[test]
fn several_files_in_text_are_each_headed_by_their_path() {
    // Arrange
    let g1 = stdout(&check(&["fixtures/reservation-en.tsv"]));
    let g4 = stdout(&check(&["fixtures/inverted-lb.tsv"]));

    // Act
    let output = check(&["fixtures/reservation-en.tsv", "fixtures/inverted-lb.tsv"]);

    // Assert
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        format!(
            "==> fixtures/reservation-en.tsv <==\n{g1}\n==> fixtures/inverted-lb.tsv <==\n{g4}"
        )
    );
}

#[test]
fn fail_on_warning_fails_a_sheet_with_only_warnings() {
    // Arrange
    let sheet = warning_only_sheet();
    let report = json(&check_input(&["-", "--format", "json"], &sheet));
    assert_eq!(report["summary"]["errors"], 0, "{:#}", report["findings"]);
    assert!(report["summary"]["warnings"].as_u64().unwrap() >= 1);

    // Act
    let by_default = check_input(&["-"], &sheet);
    let on_warning = check_input(&["-", "--fail-on", "warning"], &sheet);
    let on_error = check_input(&["-", "--fail-on", "error"], &sheet);

    // Assert
    assert_eq!(by_default.status.code(), Some(0), "{}", stderr(&by_default));
    assert_eq!(on_warning.status.code(), Some(1), "{}", stderr(&on_warning));
    assert_eq!(on_error.status.code(), Some(0));
    assert_eq!(stdout(&on_warning), stdout(&by_default));
}

#[test]
fn fail_on_warning_passes_a_sheet_with_only_infos() {
    // Arrange
    let report = json_report("fixtures/reservation-en.tsv");
    assert_eq!(report["summary"]["errors"], 0);
    assert_eq!(report["summary"]["warnings"], 0);

    // Act
    let output = check(&["fixtures/reservation-en.tsv", "--fail-on", "warning"]);

    // Assert
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn an_unreadable_file_among_readable_ones_exits_2_and_the_others_are_reported() {
    // Act
    let output = check(&[
        "fixtures/reservation-en.tsv",
        "fixtures/no-such-sheet.tsv",
        "fixtures/inverted-lb.tsv",
        "--format",
        "json",
    ]);

    // Assert
    let entries = json_after(&output, 2);
    let entries = entries.as_array().unwrap();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0]["path"], "fixtures/reservation-en.tsv");
    assert_eq!(
        entries[0]["report"],
        json_report("fixtures/reservation-en.tsv")
    );
    assert_eq!(entries[1]["path"], "fixtures/no-such-sheet.tsv");
    assert!(
        entries[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("No such file or directory"),
        "{:#}",
        entries[1]
    );
    assert_eq!(entries[1]["line"], serde_json::Value::Null);
    assert!(entries[1].get("report").is_none());
    assert_eq!(
        entries[2]["report"],
        json_report("fixtures/inverted-lb.tsv")
    );
    assert!(
        stderr(&output)
            .starts_with("workbench: fixtures/no-such-sheet.tsv: No such file or directory"),
        "{}",
        stderr(&output)
    );
    assert_eq!(stderr(&output).lines().count(), 1);
}

#[test]
fn an_unreadable_file_in_text_leaves_the_other_reports_on_standard_output() {
    // Arrange
    let g1 = stdout(&check(&["fixtures/reservation-en.tsv"]));

    // Act
    let output = check(&["fixtures/no-such-sheet.tsv", "fixtures/reservation-en.tsv"]);

    // Assert
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stdout(&output),
        format!("==> fixtures/reservation-en.tsv <==\n{g1}")
    );
    assert!(stderr(&output).starts_with("workbench: fixtures/no-such-sheet.tsv: "));
}

#[test]
fn an_unreadable_sheet_in_sarif_is_a_failed_execution_with_its_line() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixture_path("inverted-lb.tsv")).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let short = lines[3].rsplit_once('\t').unwrap().0.to_string();
    lines[3] = &short;
    std::fs::write(dir.path().join("bad.tsv"), lines.join("\n")).unwrap();
    std::fs::copy(fixture_path("inverted-lb.tsv"), dir.path().join("good.tsv")).unwrap();

    // Act
    let output = workbench_in(
        dir.path(),
        &["check", "bad.tsv", "good.tsv", "--format", "sarif"],
        "",
    );

    // Assert
    let log = json_after(&output, 2);
    let run = &log["runs"][0];
    assert_eq!(
        run["invocations"],
        serde_json::json!([{
            "executionSuccessful": false,
            "exitCode": 2,
            "toolExecutionNotifications": [{
                "level": "error",
                "message": {
                    "text": "bad.tsv: line 4: expected 8 cells, found 7; \
                             each row needs exactly 8 tab-separated cells"
                },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": "bad.tsv" },
                        "region": { "startLine": 4 }
                    }
                }]
            }]
        }])
    );
    assert!(run["results"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["ruleId"] == "inversion.hop"
            && r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "good.tsv"));
    assert_eq!(
        stderr(&output),
        "workbench: bad.tsv: line 4: expected 8 cells, found 7; \
         each row needs exactly 8 tab-separated cells\n"
    );
}

#[test]
fn markdown_for_g1_says_all_checks_pass_and_lists_the_finding() {
    // Act
    let output = check(&["fixtures/reservation-en.tsv", "--format", "markdown"]);

    // Assert
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "### fixtures/reservation-en.tsv\n\
         \n\
         **0 inversions, 0 warnings**\n\
         \n\
         All checks pass.\n\
         \n\
         - **info** `slack.none` (row 1): browser -> LB: the check passes with zero slack \
         (deadline 12.0 ≥ 11.0 + 1.0) — leave some slack: raise the bound a little or lower \
         what it covers\n"
    );
}

#[test]
fn markdown_for_the_japanese_g1_is_in_japanese() {
    // Act
    let output = check(&["fixtures/reservation-ja.tsv", "--format", "markdown"]);

    // Assert
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "### fixtures/reservation-ja.tsv\n\
         \n\
         **逆転 0件、警告 0件**\n\
         \n\
         すべての検査に合格しています。\n\
         \n\
         - **情報** `slack.none` (行 1): ブラウザ → LB：余裕ちょうどで通っています\
         （期限 12.0 ≥ 11.0 + 1.0） — 上限を少し上げるか、内側の上限を下げて余裕を\
         持たせてください\n"
    );
}

#[test]
fn markdown_for_the_inverted_lb_tables_the_inverted_hop() {
    // Arrange
    let report = json_report("fixtures/inverted-lb.tsv");
    let warnings = report["summary"]["warnings"].as_u64().unwrap();
    let headline = match warnings {
        1 => "1 inversion, 1 warning".to_string(),
        n => format!("1 inversion, {n} warnings"),
    };

    // Act
    let output = check(&["fixtures/inverted-lb.tsv", "--format", "markdown"]);

    // Assert
    let text = stdout_after(&output, 1);
    let expected_start = format!(
        "### fixtures/inverted-lb.tsv\n\
         \n\
         **{headline}**\n\
         \n\
         |  | name | verdict | slack | formula |\n\
         |---|---|---|---|---|\n\
         | hop | LB -> app | inverted | -9.5 s | 1 + 5 = 6.0 s; read 5.0 \\< 13.5 + 1.0 |\n\
         \n\
         - **error** `inversion.hop` (rows 1, 2, 3, 4, 5): LB waits 5.0 s for app, which may \
         take 13.5 s plus a 1.0 s margin — raise LB -> app's read timeout to 14.5 s, \
         or reduce app -> external API to 1 try\n"
    );
    assert!(text.starts_with(&expected_start), "{text}");
    let items = text.lines().filter(|l| l.starts_with("- **")).count();
    assert_eq!(
        items,
        report["findings"].as_array().unwrap().len(),
        "{text}"
    );
}

#[test]
fn markdown_names_an_unreadable_file_in_its_own_section() {
    // Act
    let output = check(&[
        "fixtures/no-such-sheet.tsv",
        "fixtures/reservation-en.tsv",
        "--format",
        "markdown",
    ]);

    // Assert
    let text = stdout_after(&output, 2);
    assert!(
        text.starts_with(
            "### fixtures/no-such-sheet.tsv\n\n**cannot read**: No such file or directory"
        ),
        "{text}"
    );
    assert!(
        text.contains("\n\n### fixtures/reservation-en.tsv\n\n**0 inversions, 0 warnings**\n"),
        "{text}"
    );
}

#[test]
fn a_directory_without_sheets_exits_2() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    std::fs::write(dir.path().join("empty").join("notes.txt"), "x").unwrap();

    // Act
    let output = workbench_in(dir.path(), &["check", "empty"], "");

    // Assert
    assert_refused(
        &output,
        2,
        "workbench: empty: no *.tsv file in this directory\n",
    );
}

#[test]
fn check_needs_at_least_one_path() {
    // Act
    let output = check(&[]);

    // Assert
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("<PATHS>..."),
        "{}",
        stderr(&output)
    );
}

#[test]
fn catalog_prints_the_matching_settings_as_a_table() {
    // Act
    let output = workbench(&["catalog", "statement_timeout"], "");

    // Assert
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        cells(lines[0]),
        [
            "product",
            "setting",
            "kind",
            "bare number",
            "0 means",
            "versions",
            "default",
            "source"
        ]
    );
    assert_eq!(
        lines.len(),
        1 + budget::catalog::search("statement_timeout").len(),
        "{text}"
    );
    let postgres = lines
        .iter()
        .find(|l| l.trim_start().starts_with("PostgreSQL "))
        .expect(&text);
    assert_eq!(
        cells(postgres),
        [
            "PostgreSQL",
            "statement_timeout",
            "statement",
            "ms",
            "no bound",
            "all",
            "0",
            "https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-STATEMENT-TIMEOUT"
        ]
    );
}

#[test]
fn catalog_without_a_query_lists_every_entry_and_matches_any_case() {
    // Act
    let all = workbench(&["catalog"], "");
    let upper = workbench(&["catalog", "NGINX"], "");
    let lower = workbench(&["catalog", "nginx"], "");

    // Assert
    assert_eq!(all.status.code(), Some(0));
    assert_eq!(
        stdout(&all).lines().count(),
        1 + budget::catalog::entries().len()
    );
    assert_eq!(stdout(&upper), stdout(&lower));
    let products: Vec<String> = stdout(&lower)
        .lines()
        .skip(1)
        .map(|l| cells(l)[0].to_string())
        .collect();
    assert!(!products.is_empty());
    // `nginx` is part of the product ingress-nginx too.
    assert!(
        products
            .iter()
            .all(|p| p == "nginx" || p == "ingress-nginx"),
        "{products:?}"
    );
    assert!(products.iter().any(|p| p == "nginx"), "{products:?}");
}

#[test]
fn catalog_as_json_has_every_field_of_each_entry() {
    // Act
    let output = workbench(&["catalog", "keepalive", "--format", "json"], "");

    // Assert
    let entries = json_after(&output, 0);
    let entries = entries.as_array().unwrap();
    let expected = budget::catalog::search("keepalive");
    assert_eq!(entries.len(), expected.len());
    for (entry, e) in entries.iter().zip(&expected) {
        assert_eq!(
            (entry["product"].as_str(), entry["name"].as_str()),
            (Some(e.product), Some(e.name))
        );
        let keys: std::collections::BTreeSet<&str> = entry
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let expected_keys = [
            "product",
            "name",
            "kind",
            "unit",
            "zero",
            "includes_connect",
            "default",
            "retries",
            "side",
            "aliases",
            "source",
            "minus_one",
            "versions",
            "retry_on",
            "evidence",
            "note",
        ];
        assert_eq!(keys, expected_keys.into_iter().collect());
        assert!(
            !entry["evidence"].as_str().unwrap_or_default().is_empty(),
            "{} {} has no evidence",
            e.product,
            e.name
        );
    }
    let nginx = entries
        .iter()
        .find(|e| e["product"] == "nginx" && e["name"] == "keepalive_timeout")
        .expect("nginx keepalive_timeout");
    assert_eq!(nginx["kind"], "idle");
    assert_eq!(nginx["unit"], "s");
    // The audit: `keepalive_timeout 0` turns keep-alive off, it does not remove a bound.
    assert_eq!(nginx["zero"], "off");
    assert_eq!(nginx["default"], "75s");
    let haproxy = json(&workbench(&["catalog", "haproxy", "--format", "json"], ""));
    let haproxy = haproxy
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "timeout http-keep-alive")
        .expect("HAProxy timeout http-keep-alive")
        .clone();
    // HAProxy's retries are its own: 3 retries of the connection, on conn-failure.
    assert_eq!(haproxy["retry_on"], serde_json::json!(["connect-failure"]));
    assert_eq!(haproxy["zero"], "disabled");
    assert!(entries.iter().any(|e| e["product"] == "Node.js"));
}

#[test]
fn catalog_with_no_match_exits_1() {
    // Act
    let output = workbench(&["catalog", "no-such-setting-anywhere"], "");

    // Assert
    assert_refused(
        &output,
        1,
        "workbench: no catalog entry matches \"no-such-setting-anywhere\"\n",
    );
}

#[test]
fn a_sheet_over_1_mib_or_an_endless_file_is_refused_with_exit_2() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.tsv");
    let mut tsv = fixture_text("reservation-en.tsv");
    while tsv.len() <= 1 << 20 {
        tsv.push_str("app\t\t\t\t\t\t\tpadding\n");
    }
    std::fs::write(&big, &tsv).unwrap();

    for path in [big.to_str().unwrap(), "/dev/zero"] {
        // Act
        let output = check(&[path]);

        // Assert
        assert_eq!(output.status.code(), Some(2), "{path}: {}", stdout(&output));
        assert_eq!(
            stderr(&output),
            format!(
                "workbench: {path}: larger than 1048576 bytes (1 MiB), the most a sheet may hold; split it into several sheets\n"
            )
        );
    }
}

fn fixture_text(name: &str) -> String {
    std::fs::read_to_string(fixture_path(name)).unwrap()
}

#[test]
fn an_escape_sequence_in_a_cell_reaches_the_terminal_as_text() {
    // Arrange: a node named with a "clear screen" sequence and a bidi override
    let sheet = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n\
                 \tapp\u{1b}[2J\u{202E}\tdeadline\t\t\t1s\t\t\n";

    // Act
    let output = check_input(&["-"], sheet);

    // Assert
    let text = stdout(&output);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{202E}'),
        "{text:?}"
    );
    assert!(text.contains("app\\u{1b}[2J\\u{202e}"), "{text}");
}

#[test]
fn g6_passes_and_prints_the_early_only_formula() {
    // Act
    let output = check(&["fixtures/redirector-retries.tsv"]);

    // Assert
    let text = stdout_after(&output, 0);
    assert_eq!(
        line_cells(&text, "web server -> web container "),
        [
            "web server -> web container",
            "2 min 20 s",
            "30.0 s",
            "—",
            "unchecked",
            "(2 × 4 − 1) × (5 + 10) + (5 + 30) = 140.0 s"
        ],
        "{text}"
    );
    assert!(
        text.contains(
            "  web server -> web container: retried only before the request arrives (connect-failure, connect-timeout, header-send): a failed try costs 15.0 s, the request arrives once\n"
        ),
        "{text}"
    );
    assert_eq!(
        &line_cells(&text, "browser -> web server ")[1..5],
        ["2 min 30 s", "2 min 30 s", "9.0 s", "ok"],
        "{text}"
    );
}

#[test]
fn g7_on_standard_input_fails_short_by_131_s() {
    // Act
    let output = check_input(&["-", "--format", "json"], &golden_g7());

    // Assert
    let report = json_after(&output, 1);
    let inversion = find(&report["findings"], "code", "inversion.hop");
    assert_eq!(
        inversion_numbers(inversion),
        (Some(150_000), Some(281_000), Some(131_000))
    );
    let inner = find(&report["hops"], "segment", "web server -> web container");
    assert_eq!(inner["formula"], "((5 + 30) × 4) × 2 upstreams = 280.0 s");
}

#[test]
fn markdown_for_g6_shows_the_early_only_formula() {
    // Act
    let output = check(&["fixtures/redirector-retries.tsv", "--format", "markdown"]);

    // Assert
    let text = stdout_after(&output, 0);
    assert!(
        text.contains(
            "Retried only before the request reaches the callee (each failed try costs its early phase):\n\
             - web server -> web container: (2 × 4 − 1) × (5 + 10) + (5 + 30) = 140.0 s\n"
        ),
        "{text}"
    );
}

#[test]
fn sarif_for_g6_carries_the_early_only_formula_of_its_hop() {
    // Act
    let output = check(&["fixtures/redirector-retries.tsv", "--format", "sarif"]);

    // Assert
    let sarif = json_after(&output, 0);
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0]["ruleId"], "read.interval_only");
    assert_eq!(
        results[0]["properties"],
        serde_json::json!({
            "hop": "web server -> web container",
            "repeats": "early",
            "worst_formula": "(2 × 4 − 1) × (5 + 10) + (5 + 30) = 140.0 s"
        })
    );
}

/// The Japanese reservation sheet made G2: the external API's read timeout 3 s, 3 tries.
fn japanese_g2() -> String {
    std::fs::read_to_string(fixture_path("reservation-ja.tsv"))
        .unwrap()
        .lines()
        .map(|line| {
            let mut cells: Vec<&str> = line.split('\t').collect();
            if cells.len() > 5 && cells[1] == "アプリ → 外部API" {
                match cells[2] {
                    "読み取りタイムアウト" => cells[5] = "3秒",
                    "試行回数と待機" => cells[5] = "3回、待機0.5秒、1.0秒",
                    _ => {}
                }
            }
            cells.join("\t")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_japanese_sheet_writes_its_severities_in_japanese_in_text_and_markdown() {
    // Arrange
    let sheet = japanese_g2();

    // Act
    let text = check_input(&["-"], &sheet);
    let markdown = check_input(&["-", "--format", "markdown"], &sheet);

    // Assert
    let text = stdout_after(&text, 1);
    let errors: Vec<&str> = text
        .lines()
        .filter(|line| line.trim_start().starts_with("エラー"))
        .collect();
    assert_eq!(
        errors,
        ["  エラー  inversion.node  行 4, 6, 7, 8  アプリの期限（8.0秒）が、呼び出しの最悪時間（15.5秒）より先に切れます"],
        "{text}"
    );
    assert!(text.contains("\n指摘\n"), "{text}");
    assert_eq!(text.lines().last(), Some("逆転 1件、警告 0件"));
    assert_eq!(markdown.status.code(), Some(1));
    assert_eq!(
        stdout(&markdown),
        "### standard input\n\
         \n\
         **逆転 1件、警告 0件**\n\
         \n\
         |  | 名前 | 判定 | 余裕 | 計算式 |\n\
         |---|---|---|---|---|\n\
         | ノード | アプリ | 逆転 | -7.5秒 | DB 3.0 + 外部API 12.0 + 自分の処理 0.5 = 15.5秒 > 8.0秒 |\n\
         \n\
         - **エラー** `inversion.node` (行 4, 6, 7, 8): アプリの期限（8.0秒）が、呼び出しの最悪時間\
         （15.5秒）より先に切れます — アプリ → 外部API を1回の試行に減らしてください。または、\
         アプリの期限を15.5秒に、LB → アプリ の読み取りタイムアウトを16.5秒に、ブラウザ → LB の\
         全体期限を18.5秒に上げてください\n\
         - **情報** `slack.none` (行 1): ブラウザ → LB：余裕ちょうどで通っています\
         （期限 12.0 ≥ 11.0 + 1.0） — 上限を少し上げるか、内側の上限を下げて余裕を\
         持たせてください\n"
    );
}

#[tokio::test]
async fn create_user_makes_the_administrator_then_a_member_of_a_new_team_and_audits_it() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("team.db").display());
    let run = |args: &[&str]| {
        let output = workbench_on(&url, args);
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    assert_eq!(
        run(&["admin", "create-user", "ada@example.com"]).1,
        "workbench: account 1 ada@example.com (administrator)\n"
    );
    assert_eq!(
        run(&[
            "admin",
            "create-user",
            "Alice@Example.com",
            "--team",
            "payments",
            "--role",
            "editor"
        ])
        .1,
        "workbench: account 2 alice@example.com, editor in team 1 payments\n"
    );
    let store = workbench_store::Store::connect(&url).await.unwrap();
    let lines = store
        .audit_log(1, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|line| (line.actor, line.action, line.detail))
        .collect::<Vec<_>>();
    let line = |actor: &str, action: &str, detail: &str| {
        (actor.to_string(), action.to_string(), detail.to_string())
    };
    assert_eq!(
        lines,
        [
            line("workbench admin", "role", "alice@example.com editor"),
            line("workbench admin", "team-create", "payments"),
        ]
    );
    // The accounts made are the organisation's lines (no team).
    let made = store
        .audit_page(None, None, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|line| (line.actor, line.action, line.detail))
        .collect::<Vec<_>>();
    assert_eq!(
        made,
        [
            line(
                "workbench admin",
                "account-create",
                "account 2 alice@example.com (not an administrator)"
            ),
            line(
                "workbench admin",
                "account-create",
                "account 1 ada@example.com (administrator)"
            ),
        ]
    );
}

#[test]
fn g8_the_longest_route_decides_the_gateways_need_on_the_command_line() {
    // Act
    let output = check(&["fixtures/gateway-routes.tsv"]);

    // Assert: one inversion, exit 1; the need is 12.2 s (summing the routes would say 16.5 s).
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    assert_eq!(
        stdout(&output),
        "nodes\n\
         \x20 name     need    deadline  slack   verdict    formula\n\
         \x20 gateway  12.2 s  10.0 s    -2.2 s  inverted   max(orders 4.3, search 12.0) + own 0.2 = 12.2 s > 10.0 s\n\
         \x20 orders   —       —         —       unchecked\n\
         \x20 search   —       —         —       unchecked\n\
         \n\
         hops\n\
         \x20 segment            worst   wait   slack  verdict    formula\n\
         \x20 gateway -> orders  4.3 s   1.5 s  —      unchecked  (0.5 + 1.5) × 2 + 0.3 = 4.3 s\n\
         \x20 gateway -> search  12.0 s  3.0 s  —      unchecked  (0.5 + 3) × 3 + 0.5 + 1.0 = 12.0 s\n\
         \n\
         findings\n\
         \x20 error  inversion.node  rows 1, 2, 7, 8, 9, 10  gateway's deadline (10.0 s) ends before its calls may (12.2 s)\n\
         \x20                                                fix: reduce gateway -> search to 2 tries, or raise gateway's deadline to 12.2 s\n\
         \n\
         1 inversion, 0 warnings\n"
    );
}

/// The configuration corpus next to the workspace, as a path relative to the workspace root;
/// a missing corpus fails the test with where it was looked for.
fn config_corpus(folder: &str) -> String {
    let root = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/config-corpus"
    ));
    assert!(
        root.join(folder).is_dir(),
        "the configuration corpus is missing: expected {} (../shared/config-corpus next to the workspace)",
        root.join(folder).display()
    );
    format!("../shared/config-corpus/{folder}")
}

#[test]
fn import_prints_the_sheet_of_a_folder_of_gateway_api_routes() {
    // Act
    let dir = config_corpus("gateway-api-httproute");
    let output = workbench(&["import", &dir], "");

    // Assert
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let a = format!("{dir}/httproute-retry-with-timeouts.yaml");
    let b = format!("{dir}/httproute-timeout-backend-request.yaml");
    let c = format!("{dir}/timeout-example.yaml");
    let group = "the rules of one HTTPRoute are alternatives: each request takes one of them";
    let retries = "Gateway API's attempts are retries after the first try";
    let r0 = "HTTPRoute retries-with-timeouts\tsame-namespace -> infra-backend-v3 (rules[0])";
    let r1 = "HTTPRoute retries-with-timeouts\tsame-namespace -> infra-backend-v3 (rules[1])";
    let b0 = "HTTPRoute backend-request-timeout\tsame-namespace -> infra-backend-v1 (rules[0])";
    let b1 = "HTTPRoute backend-request-timeout\tsame-namespace -> infra-backend-v1 (rules[1])";
    let t0 = "HTTPRoute timeout-example\texample-gateway -> timeout-svc";
    let expected = [
        "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale".to_string(),
        format!("{r0}\troute group\t\t\tretries-with-timeouts\t{a}:10 HTTPRoute retries-with-timeouts rules[0]\t{group}"),
        format!("{r0}\tper-try timeout\ttimeouts.backendRequest\t\t200ms\t{a}:17 HTTPRoute retries-with-timeouts rules[0].timeouts.backendRequest\t"),
        format!("{r0}\ttries and waits\tretry.attempts\t\t2\t{a}:15 HTTPRoute retries-with-timeouts rules[0].retry.attempts\t{retries}"),
        format!("{r1}\troute group\t\t\tretries-with-timeouts\t{a}:21 HTTPRoute retries-with-timeouts rules[1]\t{group}"),
        format!("{r1}\toverall deadline\ttimeouts.request\t\t400ms\t{a}:31 HTTPRoute retries-with-timeouts rules[1].timeouts.request\t"),
        format!("{r1}\tper-try timeout\ttimeouts.backendRequest\t\t200ms\t{a}:30 HTTPRoute retries-with-timeouts rules[1].timeouts.backendRequest\t"),
        format!("{r1}\ttries and waits\tretry.attempts\t\t5\t{a}:28 HTTPRoute retries-with-timeouts rules[1].retry.attempts\t{retries}"),
        format!("{r1}\tretry conditions\tretry.codes\t\t500\t{a}:27 HTTPRoute retries-with-timeouts rules[1].retry.codes\t"),
        format!("{b0}\troute group\t\t\tbackend-request-timeout\t{b}:10 HTTPRoute backend-request-timeout rules[0]\t{group}"),
        format!("{b0}\tper-try timeout\ttimeouts.backendRequest\t\t500ms\t{b}:18 HTTPRoute backend-request-timeout rules[0].timeouts.backendRequest\t"),
        format!("{b1}\troute group\t\t\tbackend-request-timeout\t{b}:19 HTTPRoute backend-request-timeout rules[1]\t{group}"),
        format!("{b1}\tper-try timeout\ttimeouts.backendRequest\t\t0s\t{b}:27 HTTPRoute backend-request-timeout rules[1].timeouts.backendRequest\t`0s` switches this timeout off (Gateway API): no bound"),
        format!("{t0}\troute group\t\t\ttimeout-example\t{c}:11 HTTPRoute timeout-example rules[0]\t{group}"),
        format!("{t0}\toverall deadline\ttimeouts.request\t\t10s\t{c}:16 HTTPRoute timeout-example rules[0].timeouts.request\t"),
        format!("{t0}\tper-try timeout\ttimeouts.backendRequest\t\t2s\t{c}:17 HTTPRoute timeout-example rules[0].timeouts.backendRequest\t"),
    ];
    assert_eq!(stdout(&output).lines().collect::<Vec<_>>(), expected);
}

#[test]
fn import_names_a_broken_file_by_line_and_column_and_exits_2_after_the_others() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("k8s")).unwrap();
    std::fs::write(
        dir.path().join("k8s/a-broken.yaml"),
        "kind: Pod\nspec:\n  terminationGracePeriodSeconds: [10\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("k8s/b-worker.yml"),
        "kind: Pod\nmetadata: {name: worker}\nspec:\n  terminationGracePeriodSeconds: 90\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("k8s/notes.md"), "not configuration\n").unwrap();

    // Act
    let output = workbench_in(dir.path(), &["import", "k8s", "--lang", "ja"], "");

    // Assert
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("workbench: k8s/a-broken.yaml:4:1: "),
        "{err}"
    );
    assert_eq!(
        lines[1],
        "workbench: skipped 1 file(s) that no importer reads"
    );
    assert_eq!(
        stdout(&output).lines().collect::<Vec<_>>(),
        [
            "層\t区間\t項目\t設定名\t既定値\t設定値\t設定箇所\t根拠",
            "Pod worker\tworker\tその他\tterminationGracePeriodSeconds\t\t90\tk8s/b-worker.yml:4 Pod worker spec.terminationGracePeriodSeconds\t",
        ]
    );
}
