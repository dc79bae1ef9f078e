//! The `text` format: the report as readable tables, for a terminal or a CI log.

use crate::table::{column_widths, push_row, push_table, GAP};
use budget::{Lang, Report, Severity};

/// The report as a readable table in `lang`: one line per node (name, need, deadline, slack,
/// verdict, formula), one per hop (segment, worst, wait, slack, verdict, formula), the
/// findings (severity, code, rows, message, fix) and the summary headline. Durations are
/// printed in seconds; `—` where a value is unknown or does not apply.
pub fn render_text(report: &Report, lang: Lang) -> String {
    let words = Words::of(lang);
    let mut out = String::new();

    out.push_str(words.nodes);
    out.push('\n');
    let mut table = vec![words.node_columns.map(str::to_string).to_vec()];
    for node in &report.nodes {
        table.push(vec![
            node.name.clone(),
            seconds(node.need_ms),
            seconds(node.deadline_ms),
            signed_seconds(node.slack_ms),
            verdict(node.verdict),
            node.formula.clone(),
        ]);
    }
    push_table(&mut out, &table);

    out.push('\n');
    out.push_str(words.hops);
    out.push('\n');
    let mut table = vec![words.hop_columns.map(str::to_string).to_vec()];
    for hop in &report.hops {
        table.push(vec![
            hop.segment.clone(),
            seconds(hop.worst_ms),
            seconds(hop.wait_ms),
            signed_seconds(hop.slack_ms),
            verdict(hop.verdict),
            hop.formula.clone(),
        ]);
    }
    push_table(&mut out, &table);

    out.push('\n');
    if report.findings.is_empty() {
        out.push_str(words.no_findings);
        out.push('\n');
    } else {
        out.push_str(words.findings);
        out.push('\n');
        let mut table = Vec::new();
        for finding in &report.findings {
            table.push(vec![
                severity(finding.severity).to_string(),
                finding.code.to_string(),
                rows_label(&finding.rows, lang),
                finding.message.clone(),
            ]);
        }
        let widths = column_widths(&table);
        for (cells, finding) in table.iter().zip(&report.findings) {
            push_row(&mut out, cells, &widths);
            if let Some(fix) = &finding.fix {
                let indent = widths[..3].iter().sum::<usize>() + 4 * GAP.len();
                out.push_str(&" ".repeat(indent));
                out.push_str(words.fix);
                out.push_str(fix);
                out.push('\n');
            }
        }
    }

    out.push('\n');
    out.push_str(&report.summary.headline(lang));
    out.push('\n');
    out
}

/// Headings in the sheet's language.
struct Words {
    nodes: &'static str,
    hops: &'static str,
    findings: &'static str,
    no_findings: &'static str,
    node_columns: [&'static str; 6],
    hop_columns: [&'static str; 6],
    fix: &'static str,
}

impl Words {
    fn of(lang: Lang) -> Words {
        match lang {
            Lang::En => Words {
                nodes: "nodes",
                hops: "hops",
                findings: "findings",
                no_findings: "findings: none",
                node_columns: ["name", "need", "deadline", "slack", "verdict", "formula"],
                hop_columns: ["segment", "worst", "wait", "slack", "verdict", "formula"],
                fix: "fix: ",
            },
            Lang::Ja => Words {
                nodes: "ノード",
                hops: "区間",
                findings: "指摘",
                no_findings: "指摘: なし",
                node_columns: ["名前", "必要", "期限", "余裕", "判定", "計算式"],
                hop_columns: ["区間", "最悪", "待ち", "余裕", "判定", "計算式"],
                fix: "対処: ",
            },
        }
    }
}

/// The rows a finding names: `row 4`, `rows 4, 6, 7` (`行 4, 6, 7` in Japanese).
pub(super) fn rows_label(rows: &[usize], lang: Lang) -> String {
    let list: Vec<String> = rows.iter().map(usize::to_string).collect();
    let noun = match (lang, rows.len()) {
        (Lang::Ja, _) => "行",
        (Lang::En, 1) => "row",
        (Lang::En, _) => "rows",
    };
    format!("{noun} {}", list.join(", "))
}

/// Milliseconds as seconds with at least one decimal (`7800` is `7.8 s`); `—` for none.
pub(super) fn seconds(ms: Option<u64>) -> String {
    match ms {
        Some(ms) => format!("{} s", budget::duration::seconds(ms, 1)),
        None => "—".to_string(),
    }
}

/// Like [`seconds`], with a sign for negative values (`-7500` is `-7.5 s`).
pub(super) fn signed_seconds(ms: Option<i64>) -> String {
    match ms {
        Some(ms) if ms < 0 => format!("-{}", seconds(Some(ms.unsigned_abs()))),
        Some(ms) => seconds(Some(ms.unsigned_abs())),
        None => "—".to_string(),
    }
}

/// A verdict's stable code, as in the JSON report.
pub(super) fn verdict(verdict: budget::Verdict) -> String {
    serde_json::to_value(verdict)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// A severity's stable code, as in the JSON report.
pub(super) fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_row_is_a_row_and_several_are_rows() {
        assert_eq!(rows_label(&[1], Lang::En), "row 1");
        assert_eq!(rows_label(&[4, 6, 7], Lang::En), "rows 4, 6, 7");
        assert_eq!(rows_label(&[4, 6], Lang::Ja), "行 4, 6");
    }

    #[test]
    fn seconds_keep_one_decimal_and_a_sign() {
        assert_eq!(seconds(Some(7_800)), "7.8 s");
        assert_eq!(seconds(Some(8_000)), "8.0 s");
        assert_eq!(seconds(None), "—");
        assert_eq!(signed_seconds(Some(-7_500)), "-7.5 s");
        assert_eq!(signed_seconds(Some(0)), "0.0 s");
    }
}
