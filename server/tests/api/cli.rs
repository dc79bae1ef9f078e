//! The built `workbench` binary: `workbench check` on the fixtures, its output and exit status.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use crate::helpers::{fixture_path, golden_g2};

/// Runs `workbench ARGS` in the workspace root (so fixture paths are relative, as a user
/// would type them), with `stdin` on standard input.
fn workbench(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_workbench"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the workbench binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn g1_passes_with_exit_0_and_prints_its_table() {
    // Act
    let output = workbench(&["check", "fixtures/reservation-en.tsv"], "");

    // Assert
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let app_line = text
        .lines()
        .find(|l| l.trim_start().starts_with("app "))
        .expect(&text);
    let cells: Vec<&str> = app_line
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
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
fn the_japanese_g1_prints_japanese_headings_and_headline() {
    // Act
    let output = workbench(&["check", "fixtures/reservation-ja.tsv"], "");

    // Assert
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.starts_with("ノード\n"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("アプリ ") && l.contains("7.8 s")),
        "{text}"
    );
    assert_eq!(text.lines().last(), Some("逆転 0件、警告 0件"), "{text}");
}

#[test]
fn g4_fails_with_exit_1_and_names_the_inversion() {
    // Act
    let output = workbench(&["check", "fixtures/inverted-lb.tsv"], "");

    // Assert
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    let text = stdout(&output);
    let hop_line = text
        .lines()
        .find(|l| l.trim_start().starts_with("LB -> app "))
        .expect(&text);
    let cells: Vec<&str> = hop_line
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
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
    let output = workbench(
        &["check", "fixtures/reservation-en.tsv", "--format", "json"],
        "",
    );

    // Assert
    assert_eq!(output.status.code(), Some(0));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let app = report["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["name"] == "app")
        .unwrap();
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
    let output = workbench(&["check", "-", "--format", "json"], &golden_g2());

    // Assert
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let inversion = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "inversion.node")
        .expect("inversion.node");
    assert_eq!(inversion["short_by_ms"], 7_500);
    assert_eq!(inversion["tries_that_fit"], 1);
}

#[test]
fn serve_is_the_default_and_check_is_documented() {
    // Act
    let output = workbench(&["--help"], "");

    // Assert
    assert_eq!(output.status.code(), Some(0));
    let help = stdout(&output);
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
    let output = workbench(&["check", path], "");

    // Assert
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        format!(
            "workbench: {path}: line 4: expected 8 cells, found 7; \
             each row needs exactly 8 tab-separated cells\n"
        )
    );
}

#[test]
fn a_missing_file_exits_2() {
    // Act
    let output = workbench(&["check", "fixtures/no-such-sheet.tsv"], "");

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
    let output = workbench(&["check", "-"], "");

    // Assert
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "workbench: standard input: the sheet is empty: paste a header line and at least one \
         row, or eight tab-separated cells\n"
    );
}
