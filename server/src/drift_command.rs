//! `workbench drift SHEET... [--root DIR] [--format text|json|sarif|markdown] [--fail-on
//! error|warning]`: is each sheet still what is deployed?
//!
//! Every row whose location names a configuration file under DIR (`k8s/ingress.yaml:12
//! Ingress api ...`) is compared with the value the file sets there now
//! ([`workbench_import::drift`]); rows whose location is not such a file are counted and
//! skipped. The sheet's language words the findings. Exit 0 when no finding reaches
//! `--fail-on`, 1 when one does, 2 when a sheet cannot be read.
//!
//! [`run`] takes the sheets' bytes and a reader of configuration files, so everything but the
//! reading is tested in-process.

use std::collections::BTreeMap;
use std::path::Path;

use budget::{Lang, Severity};
use serde::Serialize;
use serde_sarif::sarif::{Result as SarifResult, Sarif};
use workbench_import::drift::{self, Drift, DriftCode, DriftFinding, Read};

use crate::check_command::{exit_status, read_sheet, FailOn, Input, Outcome, Settings};
use crate::writers::check_markdown::escape;
use crate::writers::sarif;

/// The most bytes read of one configuration file: 10 MiB. A larger file is unreadable, with
/// that reason, rather than read whole.
pub const MAX_CONFIG_BYTES: u64 = 10 * 1024 * 1024;

/// How the drift is printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One headline per sheet, then one line per row that differs.
    #[default]
    Text,
    /// `{"path", "lang", "agreeing", "skipped", "findings": [...]}` per sheet; an array of
    /// them for several sheets.
    Json,
    /// One SARIF 2.1.0 log; each result points at the configuration file's line.
    Sarif,
    /// A review comment: per sheet the headline and a table of the rows that differ.
    Markdown,
}

/// One sheet compared with what is deployed, or why it could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    /// The sheet's path, as given.
    pub path: String,
    /// The sheet's language and its drift, or why it is not a sheet.
    pub result: Result<(Lang, Drift), String>,
}

/// Reads a configuration file named by a row's location, under `root`: its text, or
/// [`Read::Missing`] when there is no file there, or why it cannot be read (not UTF-8, larger
/// than [`MAX_CONFIG_BYTES`]).
pub fn read_config(root: &Path, path: &str) -> Read {
    use std::io::Read as _;
    let at = root.join(path);
    if !at.is_file() {
        return Read::Missing;
    }
    let mut bytes = Vec::new();
    let read = std::fs::File::open(&at)
        .and_then(|file| file.take(MAX_CONFIG_BYTES + 1).read_to_end(&mut bytes));
    match read {
        Err(err) => Read::Unreadable(err.to_string()),
        Ok(_) if bytes.len() as u64 > MAX_CONFIG_BYTES => {
            Read::Unreadable("larger than 10 MiB".to_owned())
        }
        Ok(_) => match String::from_utf8(bytes) {
            Ok(text) => Read::Text(text),
            Err(_) => Read::Unreadable("not UTF-8 text".to_owned()),
        },
    }
}

/// Compares every sheet of `inputs` with the configuration `read` returns, and prints the
/// result in `format`. The exit status is [`crate::check_command`]'s: `EXIT_UNREADABLE` when a
/// sheet cannot be read, else `EXIT_ERRORS` when a finding reaches `fail_on`, else `EXIT_OK`.
pub fn run(
    inputs: Vec<Input>,
    read: &mut dyn FnMut(&str) -> Read,
    format: Format,
    fail_on: FailOn,
) -> Outcome {
    let compared: Vec<Compared> = inputs
        .into_iter()
        .map(|input| Compared {
            result: read_sheet(input.bytes, Settings::default())
                .map(|(sheet, _)| (sheet.lang, drift::drift(&sheet.rows, read)))
                .map_err(|err| err.reason),
            path: input.path,
        })
        .collect();
    let code = exit_status(compared.iter().map(|c| &c.result), |(_, d)| {
        d.findings.iter().any(|f| fail_on.fails(f.severity))
    });
    let stderr: String = compared
        .iter()
        .filter_map(|c| {
            let reason = c.result.as_ref().err()?;
            Some(format!("workbench: {}: {reason}\n", c.path))
        })
        .collect();
    let stdout = match format {
        Format::Text => compared.iter().filter_map(text).collect(),
        Format::Json => json(&compared),
        Format::Sarif => {
            let mut out =
                serde_json::to_string_pretty(&sarif_log(&compared, code)).unwrap_or_default();
            out.push('\n');
            out
        }
        Format::Markdown => compared.iter().map(markdown).collect(),
    };
    Outcome {
        stdout,
        stderr,
        code,
    }
}

/// The headline of one sheet's drift, in its language: `k8s.tsv: 2 of 14 rows differ from
/// the deployed configuration; 3 name no configuration file`.
fn headline(path: &str, lang: Lang, drift: &Drift) -> String {
    let compared = drift.agreeing + drift.findings.len();
    let differ = drift.findings.len();
    let skipped = drift.skipped;
    match lang {
        Lang::Ja => format!(
            "{path}: {compared} 行のうち {differ} 行がデプロイされた設定と異なる。設定ファイルを指さない {skipped} 行は比べていない"
        ),
        Lang::En => format!(
            "{path}: {differ} of {compared} rows differ from the deployed configuration; {skipped} name no configuration file"
        ),
    }
}

/// One sheet as text: the headline, then a line per finding (`error config.drift row 3 ...`).
fn text(compared: &Compared) -> Option<String> {
    let (lang, drift) = compared.result.as_ref().ok()?;
    let mut out = headline(&compared.path, *lang, drift);
    out.push('\n');
    for finding in &drift.findings {
        out.push_str(&format!(
            "  {:<7} {:<17} {}\n",
            severity_code(finding.severity),
            finding.code.as_str(),
            finding.message(*lang)
        ));
    }
    Some(out)
}

/// A severity's code (`error`), as the check's reports write it.
fn severity_code(severity: Severity) -> &'static str {
    budget::display::severity_code(severity)
}

/// One finding as JSON: its facts and its message in the sheet's language.
#[derive(Serialize)]
struct FindingJson<'a> {
    #[serde(flatten)]
    finding: &'a DriftFinding,
    message: String,
}

/// One sheet as JSON.
#[derive(Serialize)]
struct SheetJson<'a> {
    path: &'a str,
    lang: Lang,
    agreeing: usize,
    skipped: usize,
    findings: Vec<FindingJson<'a>>,
}

/// The sheets as JSON: one object, or an array of them for several; a sheet that cannot be
/// read is `{"path", "error"}`.
fn json(compared: &[Compared]) -> String {
    let values: Vec<serde_json::Value> = compared
        .iter()
        .map(|c| match &c.result {
            Ok((lang, drift)) => serde_json::to_value(SheetJson {
                path: &c.path,
                lang: *lang,
                agreeing: drift.agreeing,
                skipped: drift.skipped,
                findings: drift
                    .findings
                    .iter()
                    .map(|finding| FindingJson {
                        finding,
                        message: finding.message(*lang),
                    })
                    .collect(),
            })
            .unwrap_or_default(),
            Err(reason) => serde_json::json!({ "path": c.path, "error": reason }),
        })
        .collect();
    let value = match values.as_slice() {
        [one] => one.clone(),
        _ => serde_json::Value::Array(values),
    };
    let mut out = serde_json::to_string_pretty(&value).unwrap_or_default();
    out.push('\n');
    out
}

/// One sheet as a review comment: the headline, then a table of the rows that differ.
fn markdown(compared: &Compared) -> String {
    let Ok((lang, drift)) = &compared.result else {
        return format!(
            "### `{}`\n\n{}\n\n",
            escape(&compared.path),
            escape(compared.result.as_ref().err().map_or("", String::as_str))
        );
    };
    let ja = *lang == Lang::Ja;
    let mut out = format!(
        "### {}\n\n",
        escape(&headline(&compared.path, *lang, drift))
    );
    if drift.findings.is_empty() {
        return out;
    }
    out.push_str(if ja {
        "| | 行 | 設定 | シート | デプロイ | 箇所 |\n|---|---|---|---|---|---|\n"
    } else {
        "| | row | setting | sheet | deployed | where |\n|---|---|---|---|---|---|\n"
    });
    for f in &drift.findings {
        let deployed = match (f.code, &f.file_value, &f.default) {
            (DriftCode::Drift, Some(value), _) => escape(value),
            (DriftCode::Gone, _, Some(default)) if ja => {
                format!("（設定なし: 既定値 {}）", escape(default))
            }
            (DriftCode::Gone, _, Some(default)) => {
                format!("(not set: default {})", escape(default))
            }
            (DriftCode::Gone, _, None) if ja => "（設定なし: 既定値は不明）".to_owned(),
            (DriftCode::Gone, _, None) => "(not set: default unknown)".to_owned(),
            _ => escape(f.reason.as_deref().unwrap_or("")),
        };
        out.push_str(&format!(
            "| {} `{}` | {} | `{}` | {} | {} | `{}:{}` |\n",
            severity_code(f.severity),
            f.code.as_str(),
            f.row,
            escape(&f.setting),
            escape(&f.sheet_value),
            deployed,
            escape(&f.path),
            f.line
        ));
    }
    out.push('\n');
    out
}

/// What each drift code means, for the SARIF rules.
fn description(code: DriftCode) -> (&'static str, &'static str) {
    match code {
        DriftCode::Drift => (
            "The deployed configuration sets another value",
            "The configuration file the row's location names sets another value than the sheet: the design no longer describes what runs.",
        ),
        DriftCode::Gone => (
            "The setting is no longer in the configuration",
            "The configuration file the row's location names no longer sets the row's setting (or the file is gone): the product's default applies instead of the sheet's value.",
        ),
        DriftCode::Unreadable => (
            "The configuration file cannot be read",
            "The configuration file the row's location names cannot be read or parsed, so the row cannot be compared with it.",
        ),
    }
}

/// The drift of every sheet as one SARIF 2.1.0 log: one result per finding at the
/// configuration file's line; a sheet that cannot be read is a failed-execution notification.
fn sarif_log(compared: &[Compared], exit_code: u8) -> Sarif {
    let mut rules: BTreeMap<&str, DriftCode> = BTreeMap::new();
    let mut results = Vec::new();
    let mut notifications = Vec::new();
    for c in compared {
        match &c.result {
            Ok((lang, drift)) => {
                for f in &drift.findings {
                    rules.entry(f.code.as_str()).or_insert(f.code);
                    results.push(
                        SarifResult::builder()
                            .rule_id(f.code.as_str())
                            .level(sarif::level(f.severity))
                            .message(sarif::text(format!("{}: {}", c.path, f.message(*lang))))
                            .locations(vec![sarif::location(&f.path, Some(f.line))])
                            .build(),
                    );
                }
            }
            Err(reason) => notifications.push(sarif::notification(
                format!("{}: {reason}", c.path),
                sarif::location(&c.path, None),
            )),
        }
    }
    let rules = rules
        .into_values()
        .map(|code| {
            let (short, full) = description(code);
            sarif::rule(code.as_str(), short, full, "error")
        })
        .collect();
    sarif::log_of(rules, results, notifications, exit_code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check_command::{EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE};

    const VS: &str = "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata:\n  name: reviews\nspec:\n  hosts: [reviews]\n  http:\n  - route:\n    - destination:\n        host: reviews-v2\n    timeout: 2s\n    retries:\n      attempts: 2\n";

    /// The sheet `workbench import` writes for [`VS`] at `k8s/vs.yaml`, with one more row
    /// that names no file.
    fn sheet() -> Vec<u8> {
        let rows = workbench_import::import(
            &[workbench_import::File {
                path: "k8s/vs.yaml",
                text: VS,
            }],
            Lang::En,
        )
        .rows;
        let mut tsv = budget::tsv::export(&rows, Lang::En);
        tsv.push_str(
            "app\tapp -> db\tread timeout\tsocketTimeout\t\t30s\thttps://wiki.example.com\t\n",
        );
        tsv.into_bytes()
    }

    fn input(bytes: Vec<u8>) -> Vec<Input> {
        vec![Input {
            path: "sheet.tsv".into(),
            bytes: Ok(bytes),
        }]
    }

    fn deployed(text: &'static str) -> impl FnMut(&str) -> Read {
        move |path: &str| match path {
            "k8s/vs.yaml" => Read::Text(text.to_owned()),
            _ => Read::Missing,
        }
    }

    /// [`sheet`] compared with `k8s/vs.yaml` holding `config`.
    fn compare_sheet(config: &'static str, format: Format, fail_on: FailOn) -> Outcome {
        run(input(sheet()), &mut deployed(config), format, fail_on)
    }

    #[test]
    fn a_sheet_that_is_what_is_deployed_passes() {
        let out = compare_sheet(VS, Format::Text, FailOn::Error);
        assert_eq!(out.code, EXIT_OK);
        assert_eq!(
            out.stdout,
            "sheet.tsv: 0 of 3 rows differ from the deployed configuration; 1 name no configuration file\n"
        );
    }

    #[test]
    fn a_raised_retry_count_fails_with_the_line_that_sets_it() {
        let edited: &'static str =
            Box::leak(VS.replace("attempts: 2", "attempts: 5").into_boxed_str());
        let out = compare_sheet(edited, Format::Text, FailOn::Error);
        assert_eq!(out.code, EXIT_ERRORS);
        assert_eq!(
            out.stdout,
            "sheet.tsv: 1 of 3 rows differ from the deployed configuration; 1 name no configuration file\n  error   config.drift      row 3 retries.attempts: the sheet says 2; k8s/vs.yaml:13 says 5\n"
        );
        let out = compare_sheet(edited, Format::Sarif, FailOn::Error);
        let log: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        let result = &log["runs"][0]["results"][0];
        assert_eq!(result["ruleId"], "config.drift");
        assert_eq!(result["level"], "error");
        assert_eq!(
            result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "k8s/vs.yaml"
        );
        assert_eq!(
            result["locations"][0]["physicalLocation"]["region"]["startLine"],
            13
        );
        let out = compare_sheet(edited, Format::Json, FailOn::Error);
        let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(json["findings"][0]["code"], "config.drift");
        assert_eq!(json["findings"][0]["file_value"], "5");
        assert_eq!(json["findings"][0]["line"], 13);
        assert_eq!(
            (json["agreeing"].as_u64(), json["skipped"].as_u64()),
            (Some(2), Some(1))
        );
        let out = compare_sheet(edited, Format::Markdown, FailOn::Error);
        assert_eq!(
            out.stdout,
            "### sheet.tsv: 1 of 3 rows differ from the deployed configuration; 1 name no configuration file\n\n| | row | setting | sheet | deployed | where |\n|---|---|---|---|---|---|\n| error `config.drift` | 3 | `retries.attempts` | 2 | 5 | `k8s/vs.yaml:13` |\n\n"
        );
    }

    #[test]
    fn a_removed_setting_whose_default_is_the_sheets_value_is_a_warning() {
        let without: &'static str = Box::leak(
            VS.replace("    retries:\n      attempts: 2\n", "")
                .into_boxed_str(),
        );
        let out = compare_sheet(without, Format::Text, FailOn::Error);
        assert_eq!(out.code, EXIT_OK, "{}", out.stdout);
        assert!(out.stdout.ends_with(
            "  warning config.gone       row 3 retries.attempts: the sheet says 2; k8s/vs.yaml:8 no longer sets it: its default applies: 2 retries\n"
        ), "{}", out.stdout);
        let out = compare_sheet(without, Format::Text, FailOn::Warning);
        assert_eq!(out.code, EXIT_ERRORS);
    }

    #[test]
    fn a_japanese_sheet_is_told_in_japanese_and_a_broken_sheet_is_exit_2() {
        let rows = budget::tsv::import(std::str::from_utf8(&sheet()).unwrap())
            .unwrap()
            .rows;
        let ja = budget::tsv::export(&rows, Lang::Ja).into_bytes();
        let edited: &'static str =
            Box::leak(VS.replace("timeout: 2s", "timeout: 3s").into_boxed_str());
        let out = run(
            input(ja),
            &mut deployed(edited),
            Format::Text,
            FailOn::Error,
        );
        assert_eq!(
            out.stdout,
            "sheet.tsv: 3 行のうち 1 行がデプロイされた設定と異なる。設定ファイルを指さない 1 行は比べていない\n  error   config.drift      行 2 HTTPRoute.timeout: シートは 2s、k8s/vs.yaml:11 は 3s\n"
        );
        let out = run(
            input(b"a\tb\n".to_vec()),
            &mut deployed(VS),
            Format::Text,
            FailOn::Error,
        );
        assert_eq!(out.code, EXIT_UNREADABLE);
        assert!(
            out.stderr.starts_with("workbench: sheet.tsv: "),
            "{}",
            out.stderr
        );
    }
}
