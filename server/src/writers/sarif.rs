//! `workbench check --format sarif`: the findings of every sheet as one SARIF 2.1.0 log
//! (OASIS Static Analysis Results Interchange Format), for code scanning in CI.
//! Each rule's short and full descriptions are its code's title and description
//! ([`budget::FindingCode`]).
//!
//! The log has one run. Its tool driver is `workbench` with one rule per finding code that
//! occurs; each finding is a result with `ruleId` = the code, `level` `error`, `warning` or
//! `note` (for `info`), the message, fix and source address as text, and the location of the
//! finding's first row: the sheet's path as given (forward slashes) and the file line where
//! that row starts.
//! A file that cannot be read is a failed-execution notification of the invocation.
//!
//! The types are `serde_sarif`'s, generated from the SARIF schema.

use std::collections::BTreeMap;

use budget::{Finding, Severity};
use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};
use serde_sarif::sarif::{
    ArtifactLocation, Invocation, Location, Message, MultiformatMessageString, Notification,
    PhysicalLocation, PropertyBag, Region, ReportingConfiguration, ReportingDescriptor,
    Result as SarifResult, ResultLevel, Run, Sarif, Tool, ToolComponent,
};

use crate::check_command::{Checked, CheckedFile};

/// The `$schema` of the log.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The SARIF version of the log.
pub const VERSION: &str = "2.1.0";

/// The tool's name in the log.
pub const TOOL_NAME: &str = "workbench";

/// Where to read about the tool: the address `workbench serve` answers on by default, whose
/// `/api/v1/openapi.json` describes the API (the project has no public address).
pub const INFORMATION_URI: &str = "http://127.0.0.1:3000/";

/// The SARIF log for `files`, checked by a command that exits with `exit_code`.
pub fn log(files: &[CheckedFile], exit_code: u8) -> Sarif {
    // One rule per code, in the order of the codes' texts.
    let mut rules: BTreeMap<&str, &Finding> = BTreeMap::new();
    let mut results = Vec::new();
    let mut notifications = Vec::new();
    for file in files {
        match &file.result {
            Ok(checked) => {
                for finding in &checked.report.findings {
                    rules.entry(finding.code.as_str()).or_insert(finding);
                    results.push(result(file, checked, finding));
                }
            }
            Err(err) => notifications.push(notification(
                format!("{}: {}", file.label(), err.reason),
                location(&file.path, err.line),
            )),
        }
    }
    let rules = rules
        .into_values()
        .map(|finding| {
            rule(
                finding.code.as_str(),
                finding.code.title(),
                finding.code.description(),
                &level(finding.severity).to_string(),
            )
        })
        .collect();
    log_of(rules, results, notifications, exit_code)
}

/// A rule of the log: its id, short and full descriptions, and default level (`error`,
/// `warning` or `note`).
pub fn rule(id: &str, short: &str, full: &str, level: &str) -> ReportingDescriptor {
    ReportingDescriptor::builder()
        .id(id)
        .short_description(MultiformatMessageString::builder().text(short).build())
        .full_description(MultiformatMessageString::builder().text(full).build())
        .default_configuration(
            ReportingConfiguration::builder()
                .level(serde_json::json!(level))
                .build(),
        )
        .build()
}

/// A failed-execution notification: a file the command could not read, and why (`message`).
pub fn notification(message: String, at: Location) -> Notification {
    Notification::builder()
        .level(serde_json::json!("error"))
        .message(text(message))
        .locations(vec![at])
        .build()
}

/// The log of one run of `workbench`, whose tool driver holds `rules`, with `results` and
/// the `notifications` of the files it could not read (the invocation succeeded when there
/// are none), by a command that exits with `exit_code`.
pub fn log_of(
    rules: Vec<ReportingDescriptor>,
    results: Vec<SarifResult>,
    notifications: Vec<Notification>,
    exit_code: u8,
) -> Sarif {
    let driver = ToolComponent::builder()
        .name(TOOL_NAME)
        .information_uri(INFORMATION_URI)
        .version(env!("CARGO_PKG_VERSION"))
        .semantic_version(env!("CARGO_PKG_VERSION"))
        .rules(rules)
        .build();
    let invocation = Invocation::builder()
        .execution_successful(notifications.is_empty())
        .exit_code(i64::from(exit_code));
    let invocation = if notifications.is_empty() {
        invocation.build()
    } else {
        invocation
            .tool_execution_notifications(notifications)
            .build()
    };
    let run = Run::builder()
        .tool(Tool::builder().driver(driver).build())
        .invocations(vec![invocation])
        .results(results)
        .build();
    Sarif::builder()
        .schema(SCHEMA)
        .version(serde_json::json!(VERSION))
        .runs(vec![run])
        .build()
}

/// One finding as a result at its first row. Its text is the message, the fix and the
/// source address ([`budget::display::source`]), in the sheet's language.
fn result(file: &CheckedFile, checked: &Checked, finding: &Finding) -> SarifResult {
    let mut message = match &finding.fix {
        Some(fix) => format!("{} Fix: {fix}", finding.message),
        None => finding.message.clone(),
    };
    if let Some(source) = &finding.source {
        message.push_str(" (");
        message.push_str(&budget::display::source(checked.lang, source));
        message.push(')');
    }
    let line = finding
        .rows
        .iter()
        .min()
        .and_then(|&row| checked.line_of(row));
    let result = SarifResult::builder()
        .rule_id(finding.code.as_str())
        .level(level(finding.severity))
        .message(text(message))
        .locations(vec![location(&file.path, line)]);
    match early_hop(checked, finding) {
        Some(properties) => result.properties(properties).build(),
        None => result.build(),
    }
}

/// For a finding on a hop retried only on early conditions (`budget-model.md` §4.1), the
/// hop's worst case as such: `{"hop": …, "repeats": "early", "worst_formula": "(2 × 4 − 1) ×
/// (5 + 10) + (5 + 30) = 140.0 s"}`, a result's property bag.
fn early_hop(checked: &Checked, finding: &Finding) -> Option<PropertyBag> {
    let segment = finding.hop.as_deref()?;
    let hop = checked
        .report
        .hops
        .iter()
        .find(|h| h.segment == segment && h.repeats == budget::Repeats::Early)?;
    let properties = BTreeMap::from([
        ("hop".to_string(), serde_json::json!(hop.segment)),
        ("repeats".to_string(), serde_json::json!("early")),
        ("worst_formula".to_string(), serde_json::json!(hop.formula)),
    ]);
    Some(
        PropertyBag::builder()
            .additional_properties(properties)
            .build(),
    )
}

/// A plain-text message.
pub(crate) fn text(text: impl Into<String>) -> Message {
    Message::builder().text(text.into()).build()
}

/// The result level of a severity: `info` is a `note`.
pub(crate) fn level(severity: Severity) -> ResultLevel {
    match severity {
        Severity::Error => ResultLevel::Error,
        Severity::Warning => ResultLevel::Warning,
        Severity::Info => ResultLevel::Note,
    }
}

/// The location of `path` (`-`: standard input, which has no address), at `line` if known.
pub(crate) fn location(path: &str, line: Option<usize>) -> Location {
    let artifact = if path == "-" {
        ArtifactLocation::builder()
            .description(text("standard input"))
            .build()
    } else {
        ArtifactLocation::builder().uri(uri(path)).build()
    };
    let physical = PhysicalLocation::builder().artifact_location(artifact);
    let physical = match line.and_then(|l| i64::try_from(l).ok()) {
        Some(line) => physical
            .region(Region::builder().start_line(line).build())
            .build(),
        None => physical.build(),
    };
    Location::builder().physical_location(physical).build()
}

/// Characters percent-encoded in a URI path: controls, space and the delimiters that would
/// end or change it. Non-ASCII characters are encoded as UTF-8 too.
const PATH: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b']')
    .add(b'\\')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// A path as a URI reference: forward slashes, no leading `./`, percent-encoded; an
/// absolute path becomes a `file://` URI.
pub fn uri(path: &str) -> String {
    let mut path = path.replace('\\', "/");
    while let Some(rest) = path.strip_prefix("./") {
        path = rest.to_string();
    }
    let encoded = utf8_percent_encode(&path, PATH).to_string();
    if path.starts_with('/') {
        format!("file://{encoded}")
    } else if path.as_bytes().get(1) == Some(&b':') {
        // A Windows drive path, `C:/x.tsv`.
        format!("file:///{encoded}")
    } else {
        encoded
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_relative_uris_with_forward_slashes() {
        for (path, expected) in [
            ("fixtures/inverted-lb.tsv", "fixtures/inverted-lb.tsv"),
            ("./sheets\\a b.tsv", "sheets/a%20b.tsv"),
            ("設計/予約.tsv", "%E8%A8%AD%E8%A8%88/%E4%BA%88%E7%B4%84.tsv"),
            ("/tmp/x#1.tsv", "file:///tmp/x%231.tsv"),
        ] {
            assert_eq!(uri(path), expected, "the URI of {path}");
        }
    }

    #[test]
    fn an_info_is_a_note() {
        assert_eq!(level(Severity::Info), ResultLevel::Note);
        assert_eq!(level(Severity::Error), ResultLevel::Error);
    }

    #[test]
    fn every_rule_is_described_by_its_code() {
        let report = budget::check(&budget::Sheet::new(
            budget::Lang::En,
            vec![budget::Row {
                segment: "x -> y".into(),
                item: "tries".into(),
                value: "2 tries".into(),
                ..budget::Row::default()
            }],
        ));
        let file = CheckedFile {
            path: "s.tsv".into(),
            result: Ok(Checked {
                lang: budget::Lang::En,
                report,
                lines: vec![2],
            }),
        };
        let log = serde_json::to_value(log(&[file], 0)).unwrap();
        let rules = &log["runs"][0]["tool"]["driver"]["rules"];
        assert_eq!(rules[0]["id"], "bound.missing");
        assert_eq!(
            rules[0]["shortDescription"]["text"],
            budget::FindingCode::BoundMissing.title()
        );
        assert_eq!(
            rules[0]["fullDescription"]["text"],
            budget::FindingCode::BoundMissing.description()
        );
    }
}
