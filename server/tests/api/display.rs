//! One number written one way: the page, the text, Markdown and SARIF outputs and the messages
//! write a duration, a slack, a verdict, a severity, a rows label and a source address alike
//! (`budget::display`), in the sheet's language.

use crate::binary::{line_cells, stdout, stdout_after, workbench};
use crate::helpers::{checked, find, fixture, spawn_with_sheet};

/// G1 with 250 ms in it: waits of 0.25 s on app -> external API (worst 4.25 s, the app's need
/// 7.75 s, slack 0.25 s) and a margin of 1.25 s on browser -> LB (12.0 s against 11.0 s +
/// 1.25 s: short by 0.25 s). `lang` picks the English or the Japanese G1.
fn quarter_second_sheet(ja: bool) -> String {
    let (name, waits, new_waits, margin) = if ja {
        (
            "reservation-ja.tsv",
            "2回、待機0.3秒",
            "2回、待機0.25秒",
            "1\tブラウザ → LB\t余裕\t—\t—\t1.25秒\t—\tLBの504が画面に届くまでの時間",
        )
    } else {
        (
            "reservation-en.tsv",
            "2 tries, waits 0.3s",
            "2 tries, waits 0.25s",
            "1\tbrowser -> LB\tmargin\t-\t-\t1.25s\t-\tthe LB's 504 needs time to reach the page",
        )
    };
    let text = fixture(name);
    assert!(text.contains(waits), "the waits are in {name}");
    let text = text.replace(waits, new_waits);
    // The margin row goes second, after browser -> LB's deadline.
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(2, margin);
    lines.join("\n") + "\n"
}

#[test]
fn a_quarter_second_is_0_25_s_in_the_tables_and_in_the_message_beside_them() {
    // Act
    let output = workbench(&["check", "-"], &quarter_second_sheet(false));

    // Assert
    let text = stdout_after(&output, 1);
    assert_eq!(
        line_cells(&text, "app "),
        [
            "app",
            "7.75 s",
            "8.0 s",
            "0.25 s",
            "ok",
            "DB 3.0 + external API 4.25 + own 0.5 = 7.75 s ≤ 8.0 s"
        ]
    );
    assert_eq!(
        line_cells(&text, "browser -> LB "),
        [
            "browser -> LB",
            "12.0 s",
            "12.0 s",
            "-0.25 s",
            "inverted",
            "deadline 12.0 s; deadline 12.0 < 11.0 + 1.25"
        ]
    );
    assert_eq!(
        line_cells(&text, "app -> external API ")[1],
        "4.25 s",
        "{text}"
    );
    assert_eq!(
        line_cells(&text, "error "),
        [
            "error",
            "inversion.hop",
            "rows 1, 2",
            "browser waits 12.0 s for LB, which may take 11.0 s plus a 1.25 s margin"
        ]
    );
    assert!(
        text.contains(
            "fix: raise browser -> LB's deadline to 12.25 s, or lower LB -> app's read timeout \
             to 9.0 s\n"
        ),
        "{text}"
    );
}

#[test]
fn markdown_and_sarif_write_the_quarter_second_as_the_text_does() {
    // Act
    let markdown = stdout(&workbench(
        &["check", "-", "--format", "markdown"],
        &quarter_second_sheet(false),
    ));
    let sarif: serde_json::Value = serde_json::from_slice(
        &workbench(
            &["check", "-", "--format", "sarif"],
            &quarter_second_sheet(false),
        )
        .stdout,
    )
    .unwrap();

    // Assert
    assert_eq!(
        markdown,
        "### standard input\n\
         \n\
         **1 inversion, 0 warnings**\n\
         \n\
         |  | name | verdict | slack | formula |\n\
         |---|---|---|---|---|\n\
         | hop | browser -> LB | inverted | -0.25 s | deadline 12.0 s; deadline 12.0 \\< 11.0 + 1.25 |\n\
         \n\
         - **error** `inversion.hop` (rows 1, 2): browser waits 12.0 s for LB, which may take \
         11.0 s plus a 1.25 s margin — raise browser -> LB's deadline to 12.25 s, or lower LB \
         -> app's read timeout to 9.0 s\n"
    );
    assert_eq!(
        sarif["runs"][0]["results"][0]["message"]["text"],
        "browser waits 12.0 s for LB, which may take 11.0 s plus a 1.25 s margin Fix: raise \
         browser -> LB's deadline to 12.25 s, or lower LB -> app's read timeout to 9.0 s"
    );
}

#[test]
fn a_japanese_sheet_writes_seconds_verdicts_severities_and_rows_in_japanese() {
    // Act
    let output = workbench(&["check", "-"], &quarter_second_sheet(true));
    let markdown = stdout(&workbench(
        &["check", "-", "--format", "markdown"],
        &quarter_second_sheet(true),
    ));

    // Assert
    let text = stdout(&output);
    assert_eq!(
        &line_cells(&text, "アプリ ")[..5],
        ["アプリ", "7.75秒", "8.0秒", "0.25秒", "合格"]
    );
    assert_eq!(
        &line_cells(&text, "ブラウザ → LB ")[..5],
        ["ブラウザ → LB", "12.0秒", "12.0秒", "-0.25秒", "逆転"]
    );
    assert_eq!(
        &line_cells(&text, "外部API ")[..5],
        ["外部API", "—", "—", "—", "比較なし"]
    );
    assert_eq!(
        line_cells(&text, "エラー "),
        [
            "エラー",
            "inversion.hop",
            "行 1, 2",
            "ブラウザはLBを12.0秒しか待ちませんが、LBは最大11.0秒かかり、余裕1.25秒が必要です"
        ]
    );
    assert!(
        markdown.contains(
            "| 区間 | ブラウザ → LB | 逆転 | -0.25秒 | 期限 12.0秒; 期限 12.0 \\< 11.0 + 1.25 |\n"
        ),
        "{markdown}"
    );
    assert!(
        markdown.contains("- **エラー** `inversion.hop` (行 1, 2): ブラウザはLBを12.0秒"),
        "{markdown}"
    );
}

const POSTGRES_STATEMENT: &str =
    "https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-STATEMENT-TIMEOUT";

#[test]
fn a_documented_unit_names_its_source_in_every_output() {
    // Act
    let text = stdout(&workbench(&["check", "fixtures/postgres-bare-60.tsv"], ""));
    let markdown = stdout(&workbench(
        &[
            "check",
            "fixtures/postgres-bare-60.tsv",
            "--format",
            "markdown",
        ],
        "",
    ));
    let sarif: serde_json::Value = serde_json::from_slice(
        &workbench(
            &[
                "check",
                "fixtures/postgres-bare-60.tsv",
                "--format",
                "sarif",
            ],
            "",
        )
        .stdout,
    )
    .unwrap();

    // Assert: the message no longer carries the address; each output shows it its own way.
    let indent = " ".repeat(43);
    assert!(
        text.contains(&format!(
            "  info     value.unit_from_catalog  row 2  row 2: 60 has no unit; PostgreSQL reads a bare statement_timeout in ms\n\
             {indent}fix: write the unit: 60ms if that is meant, else the unit you mean (e.g. 60s)\n\
             {indent}source: {POSTGRES_STATEMENT}\n"
        )),
        "{text}"
    );
    assert!(
        markdown.contains(&format!(
            "- **info** `value.unit_from_catalog` (row 2): row 2: 60 has no unit; PostgreSQL reads \
             a bare statement\\_timeout in ms — write the unit: 60ms if that is meant, else the \
             unit you mean (e.g. 60s) ([source: postgresql.org](<{POSTGRES_STATEMENT}>))\n"
        )),
        "{markdown}"
    );
    let unit = find(
        &sarif["runs"][0]["results"],
        "ruleId",
        "value.unit_from_catalog",
    );
    assert_eq!(
        unit["message"]["text"],
        format!(
            "row 2: 60 has no unit; PostgreSQL reads a bare statement_timeout in ms Fix: write \
             the unit: 60ms if that is meant, else the unit you mean (e.g. 60s) (source: \
             {POSTGRES_STATEMENT})"
        )
    );
}

#[tokio::test]
async fn the_report_carries_sources_on_rows_and_findings() {
    // Act
    let report = checked("/api/v1/check", fixture("postgres-bare-60.tsv")).await;

    // Assert
    assert_eq!(
        report["rows"][0]["source"],
        "https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNECT-CONNECT-TIMEOUT"
    );
    assert_eq!(report["rows"][1]["source"], POSTGRES_STATEMENT);
    let unit = crate::helpers::find(&report["findings"], "code", "value.unit_from_catalog");
    assert_eq!(unit["source"], POSTGRES_STATEMENT);
    assert_eq!(
        unit["message"],
        "row 2: 60 has no unit; PostgreSQL reads a bare statement_timeout in ms"
    );
    assert_eq!(report["rows"][1]["note"], unit["message"]);
}

/// The text of the first element matching `selector` in `html`.
fn text_of(html: &str, selector: &str) -> String {
    let document = scraper::Html::parse_document(html);
    let parsed = scraper::Selector::parse(selector).unwrap();
    document
        .select(&parsed)
        .next()
        .unwrap_or_else(|| panic!("no {selector} in the page"))
        .text()
        .collect::<String>()
        .trim()
        .to_string()
}

/// Asserts the text of each `[data-testid=FIELD]` within `WITHIN` of the page `html` against
/// `(WITHIN, FIELD, expected)`, naming the field that differs.
fn assert_fields(html: &str, fields: &[(&str, &str, &str)]) {
    for (within, field, expected) in fields {
        let selector = format!(r#"{within} [data-testid="{field}"]"#);
        assert_eq!(text_of(html, &selector), *expected, "{selector}");
    }
}

#[tokio::test]
async fn the_page_writes_the_quarter_second_as_the_command_line_does() {
    // Arrange
    let (app, id) = spawn_with_sheet("Quarter", &quarter_second_sheet(false)).await;

    // Act
    let html = app.sheet_html(id).await;

    // Assert
    let node = r#"[data-testid="node-app"]"#;
    let hop = r#"[data-testid="hop-browser -> LB"]"#;
    let finding = r#"[data-testid="finding-inversion.hop"]"#;
    assert_fields(
        &html,
        &[
            (node, "need", "7.75 s"),
            (node, "slack", "0.25 s"),
            (hop, "slack", "-0.25 s"),
            (hop, "verdict", "inverted"),
            (
                finding,
                "numbers",
                "bound 12.0 s · need 12.25 s · short by 0.25 s",
            ),
            (
                finding,
                "message",
                "browser waits 12.0 s for LB, which may take 11.0 s plus a 1.25 s margin",
            ),
            (finding, "rows", "rows 1, 2"),
        ],
    );
}

#[tokio::test]
async fn a_japanese_sheets_page_writes_its_numbers_and_rows_in_japanese() {
    // Arrange
    let (app, id) = spawn_with_sheet("Quarter-ja", &quarter_second_sheet(true)).await;

    // Act
    let html = app.sheet_html(id).await;

    // Assert
    let node = r#"[data-testid="node-アプリ"]"#;
    let hop = r#"[data-testid="hop-ブラウザ → LB"]"#;
    let finding = r#"[data-testid="finding-inversion.hop"]"#;
    assert_fields(
        &html,
        &[
            (node, "need", "7.75秒"),
            (node, "verdict", "合格"),
            (hop, "slack", "-0.25秒"),
            (hop, "verdict", "逆転"),
            (finding, "severity", "エラー"),
            (finding, "rows", "行 1, 2"),
            (
                finding,
                "numbers",
                "上限 12.0秒 · 必要 12.25秒 · 不足 0.25秒",
            ),
        ],
    );
    // The codes stay as the report writes them, for styles and scripts.
    let document = scraper::Html::parse_document(&html);
    let item = scraper::Selector::parse(finding).unwrap();
    let item = document.select(&item).next().unwrap();
    assert_eq!(item.value().attr("data-severity"), Some("error"));
}

#[tokio::test]
async fn a_row_of_the_page_links_its_settings_documentation() {
    // Arrange
    let (app, id) = spawn_with_sheet("Bare-60", &fixture("postgres-bare-60.tsv")).await;

    // Act
    let html = app.sheet_html(id).await;

    // Assert
    let row = r#"[data-testid="row-2"]"#;
    assert_fields(
        &html,
        &[(
            row,
            "derived-note",
            "row 2: 60 has no unit; PostgreSQL reads a bare statement_timeout in ms",
        )],
    );
    assert_eq!(
        text_of(&html, &format!("{row} td.note")),
        "row 2: 60 has no unit; PostgreSQL reads a bare statement_timeout in ms source: postgresql.org"
    );
    let document = scraper::Html::parse_document(&html);
    let link =
        scraper::Selector::parse(&format!(r#"{row} [data-testid="catalog-source"]"#)).unwrap();
    let link = document.select(&link).next().expect("the source link");
    assert_eq!(link.value().attr("href"), Some(POSTGRES_STATEMENT));
    assert_eq!(link.text().collect::<String>(), "source: postgresql.org");
    let source = scraper::Selector::parse(
        r#"[data-testid="finding-value.unit_from_catalog"] [data-testid="finding-source"]"#,
    )
    .unwrap();
    let source = document
        .select(&source)
        .next()
        .expect("the finding's source link");
    assert_eq!(source.value().attr("href"), Some(POSTGRES_STATEMENT));
    assert_eq!(source.text().collect::<String>(), "source: postgresql.org");
}
