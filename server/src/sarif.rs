//! `workbench check --format sarif`: the findings of every sheet as one SARIF 2.1.0 log
//! (OASIS Static Analysis Results Interchange Format), for code scanning in CI.
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
    PhysicalLocation, Region, ReportingConfiguration, ReportingDescriptor, Result as SarifResult,
    ResultLevel, Run, Sarif, Tool, ToolComponent,
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
    let mut rules: BTreeMap<&str, &Finding> = BTreeMap::new();
    let mut results = Vec::new();
    let mut notifications = Vec::new();
    for file in files {
        match &file.result {
            Ok(checked) => {
                for finding in &checked.report.findings {
                    rules.entry(&finding.code).or_insert(finding);
                    results.push(result(file, checked, finding));
                }
            }
            Err(err) => notifications.push(
                Notification::builder()
                    .level(serde_json::json!("error"))
                    .message(text(format!("{}: {}", file.label(), err.reason)))
                    .locations(vec![location(&file.path, err.line)])
                    .build(),
            ),
        }
    }
    let rules = rules
        .into_values()
        .map(|finding| {
            ReportingDescriptor::builder()
                .id(finding.code.clone())
                .short_description(
                    MultiformatMessageString::builder()
                        .text(describe(&finding.code))
                        .build(),
                )
                .default_configuration(
                    ReportingConfiguration::builder()
                        .level(serde_json::json!(level(finding.severity).to_string()))
                        .build(),
                )
                .build()
        })
        .collect::<Vec<_>>();
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
    SarifResult::builder()
        .rule_id(finding.code.clone())
        .level(level(finding.severity))
        .message(text(message))
        .locations(vec![location(&file.path, line)])
        .build()
}

/// A plain-text message.
fn text(text: impl Into<String>) -> Message {
    Message::builder().text(text.into()).build()
}

/// The result level of a severity: `info` is a `note`.
fn level(severity: Severity) -> ResultLevel {
    match severity {
        Severity::Error => ResultLevel::Error,
        Severity::Warning => ResultLevel::Warning,
        Severity::Info => ResultLevel::Note,
    }
}

/// The location of `path` (`-`: standard input, which has no address), at `line` if known.
fn location(path: &str, line: Option<usize>) -> Location {
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

/// A short description of a finding code (`budget-model.md` §5); codes the engine adds later
/// get a generic one until they are listed here.
pub fn describe(code: &str) -> String {
    let known = match code {
        "inversion.node" => "A node's deadline is shorter than what it needs",
        "inversion.hop" => "A caller waits less than the callee's worst case plus margin",
        "unbounded" => "A wait without bound (none or disabled) that nothing else caps",
        "bound.missing" => "A hop with no timeout documented",
        "value.unreadable" => "A value that cannot be read as written",
        "value.unit_missing" => "A bare number whose unit is not known",
        "value.unit_from_catalog" => "A bare number's unit taken from the catalog",
        "value.default_applied" => "A missing value filled in with the default",
        "tries.waits_assumed" => "Waits between tries filled in",
        "tries.cut_by_deadline" => "A deadline cuts the tries short",
        "slack.none" => "A check passes with zero slack",
        "idle.direction" => "The callee's idle timeout is not longer than the caller's",
        "read.interval_only" => "A hop bounded only by connect and read intervals",
        "lock.not_below_statement" => "lock_timeout is not below statement_timeout",
        "retry.amplification" => "Tries multiply across layers beyond the threshold",
        "retry.unsafe" => "Retries on a call that is not idempotent",
        "retry.hidden" => "A product retries by default and the sheet does not say so",
        "queue.redelivery" => "A queue redelivers before the worker's job can end",
        "value.implausible" => "A timeout value that is probably a unit mistake",
        "setting.pair" => "Two settings of one product break a rule between them",
        "tries.nested_too_deep" => "A hop has more than 10 nested tries layers",
        "segment.malformed" => "A segment with arrows that names no hop",
        "findings.truncated" => "More findings than a report lists; the summary counts them all",
        _ => return format!("Timeout budget finding {code}"),
    };
    known.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_relative_uris_with_forward_slashes() {
        assert_eq!(uri("fixtures/inverted-lb.tsv"), "fixtures/inverted-lb.tsv");
        assert_eq!(uri("./sheets\\a b.tsv"), "sheets/a%20b.tsv");
        assert_eq!(
            uri("設計/予約.tsv"),
            "%E8%A8%AD%E8%A8%88/%E4%BA%88%E7%B4%84.tsv"
        );
        assert_eq!(uri("/tmp/x#1.tsv"), "file:///tmp/x%231.tsv");
    }

    #[test]
    fn an_info_is_a_note() {
        assert_eq!(level(Severity::Info), ResultLevel::Note);
        assert_eq!(level(Severity::Error), ResultLevel::Error);
    }

    #[test]
    fn an_unknown_code_still_has_a_description() {
        assert_eq!(describe("new.code"), "Timeout budget finding new.code");
        assert_eq!(describe("slack.none"), "A check passes with zero slack");
        assert_eq!(
            describe("segment.malformed"),
            "A segment with arrows that names no hop"
        );
    }
}
