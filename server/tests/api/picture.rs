//! The budget picture from the API (`GET /api/v1/sheets/{id}/budget.svg`) and
//! the command line (`workbench check --format svg`): golden G1 and G2 drawn, the same
//! document from both.

use std::process::Command;

use axum::http::StatusCode;

use crate::helpers::{fixture, golden_g2, spawn_app, spawn_with_sheet};

/// The `<g class="bar" ...>` opening tag of the bar named `name`.
fn bar_tag<'s>(svg: &'s str, name: &str) -> &'s str {
    let start = svg
        .find(&format!("data-name=\"{name}\""))
        .unwrap_or_else(|| panic!("no bar {name} in {svg}"));
    let open = svg[..start].rfind("<g ").unwrap();
    let end = start + svg[start..].find('>').unwrap();
    &svg[open..=end]
}

/// The `data-ms` of every part of the bar named `name`, in order.
fn part_lengths(svg: &str, name: &str) -> Vec<u64> {
    let tag = bar_tag(svg, name);
    let from = svg.find(tag).unwrap() + tag.len();
    let bar = &svg[from..from + svg[from..].find("<line class=\"bound-line\"").unwrap()];
    bar.split("<g class=\"part ")
        .skip(1)
        .map(|p| {
            let ms = p.split("data-ms=\"").nth(1).unwrap();
            ms[..ms.find('"').unwrap()].parse().unwrap()
        })
        .collect()
}

#[tokio::test]
async fn g1_and_g2_are_drawn_with_the_apps_deadline_need_and_shortfall() {
    // Arrange
    let app = spawn_app().await;
    let g1 = app.create_sheet("g1", &fixture("reservation-en.tsv")).await;
    let g2 = app.create_sheet("g2", &golden_g2()).await;

    // Act
    let one = app.get(&format!("/api/v1/sheets/{g1}/budget.svg")).await;
    let two = app.get(&format!("/api/v1/sheets/{g2}/budget.svg")).await;

    // Assert
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.header("content-type"), "image/svg+xml; charset=utf-8");
    assert_eq!(
        one.header("content-security-policy"),
        "default-src 'none'; frame-ancestors 'none'"
    );
    let one = String::from_utf8(one.body).unwrap();
    assert_eq!(
        bar_tag(&one, "app"),
        "<g class=\"bar\" data-name=\"app\" data-bound-ms=\"8000\" data-need-ms=\"7800\" data-verdict=\"ok\">"
    );
    // DB 3.0, the external API's two tries of 2.0 and its 0.3 wait, own 0.5.
    assert_eq!(part_lengths(&one, "app"), [3_000, 2_000, 300, 2_000, 500]);
    assert!(
        one.contains("<desc id=\"budget-desc\">app: deadline 8.0 s · need 7.8 s · slack 0.2 s;")
    );

    let two = String::from_utf8(two.body).unwrap();
    assert_eq!(
        bar_tag(&two, "app"),
        "<g class=\"bar bar-inverted\" data-name=\"app\" data-bound-ms=\"8000\" data-need-ms=\"15500\" data-verdict=\"inverted\">"
    );
    assert_eq!(
        part_lengths(&two, "app"),
        [3_000, 3_500, 500, 3_500, 1_000, 3_500, 500]
    );
    assert!(two.contains(">short by 7.5 s</text>"));
}

#[tokio::test]
async fn the_pictures_words_follow_the_sheet_or_the_lang_parameter() {
    // Arrange
    let (app, id) = spawn_with_sheet("g1", &fixture("reservation-ja.tsv")).await;

    // Act
    let sheets = app.get(&format!("/api/v1/sheets/{id}/budget.svg")).await;
    let english = app
        .get(&format!("/api/v1/sheets/{id}/budget.svg?lang=en"))
        .await;
    let bad = app
        .get(&format!("/api/v1/sheets/{id}/budget.svg?lang=fr"))
        .await;
    let absent = app.get("/api/v1/sheets/999/budget.svg").await;

    // Assert
    let sheets = String::from_utf8(sheets.body).unwrap();
    assert!(
        sheets.contains("期限 8.0秒 · 必要 7.8秒 · 余裕 0.2秒"),
        "{sheets}"
    );
    let english = String::from_utf8(english.body).unwrap();
    assert!(english.contains("deadline 8.0 s · need 7.8 s · slack 0.2 s"));
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad.json()["error"],
        "lang must be \"ja\" or \"en\", not \"fr\""
    );
    assert_eq!(absent.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_command_line_draws_the_same_picture_as_the_api() {
    // Arrange
    let (app, id) = spawn_with_sheet("g2", &golden_g2()).await;
    let dir = std::env::temp_dir().join(format!("workbench-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g2.tsv");
    std::fs::write(&path, golden_g2()).unwrap();

    // Act
    let api = app.get(&format!("/api/v1/sheets/{id}/budget.svg")).await;
    let cli = Command::new(env!("CARGO_BIN_EXE_workbench"))
        .args(["check", path.to_str().unwrap(), "--format", "svg"])
        .output()
        .unwrap();
    let two = Command::new(env!("CARGO_BIN_EXE_workbench"))
        .args([
            "check",
            path.to_str().unwrap(),
            path.to_str().unwrap(),
            "--format",
            "svg",
        ])
        .output()
        .unwrap();

    // Assert: G2 has an error, so the check fails, and still draws.
    assert_eq!(cli.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(cli.stdout).unwrap(),
        String::from_utf8(api.body).unwrap() + "\n"
    );
    assert_eq!(two.status.code(), Some(2));
    assert!(two.stdout.is_empty());
    assert_eq!(
        String::from_utf8(two.stderr).unwrap(),
        "workbench: --format svg draws one sheet: give one file (2 given)\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}
