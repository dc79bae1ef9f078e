//! The `text` format: the report as readable tables, for a terminal or a CI log.

use crate::table::{column_widths, push_row, push_table, GAP};
use budget::{display, Lang, Report};

/// The report as a readable table in `lang`: one line per node (name, need, deadline, slack,
/// verdict, formula), one per hop (segment, worst, wait, slack, verdict, formula), the
/// findings (severity, code, rows, message, then the fix and the source address each on a
/// line of its own) and the summary headline. Every value is written by [`budget::display`]:
/// durations in seconds, exact to the millisecond (`0.25 s`, `0.25秒`), `∞` for no bound and
/// `—` where a value is unknown or does not apply; verdicts and severities in `lang`.
pub fn render_text(report: &Report, lang: Lang) -> String {
    let words = Words::of(lang);
    let mut out = String::new();

    out.push_str(words.nodes);
    out.push('\n');
    let mut table = vec![words.node_columns.map(str::to_string).to_vec()];
    for node in &report.nodes {
        table.push(vec![
            node.name.clone(),
            display::need(lang, node.need_ms, node.verdict),
            display::duration_or_unknown(lang, node.deadline_ms),
            display::slack(lang, node.slack_ms),
            display::verdict(lang, node.verdict).to_string(),
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
            display::need(lang, hop.worst_ms, hop.verdict),
            display::duration_or_unknown(lang, hop.wait_ms),
            display::slack(lang, hop.slack_ms),
            display::verdict(lang, hop.verdict).to_string(),
            hop.formula.clone(),
        ]);
    }
    push_table(&mut out, &table);
    // What the hops' retries repeat, where their retry conditions say (budget-model.md §4.1).
    for hop in &report.hops {
        if let Some(repeats) = display::repeats(lang, hop) {
            out.push_str(&format!("  {}: {repeats}\n", hop.segment));
        }
    }

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
                display::severity(lang, finding.severity).to_string(),
                finding.code.to_string(),
                display::rows(lang, &finding.rows),
                finding.message.clone(),
            ]);
        }
        let widths = column_widths(&table);
        for (cells, finding) in table.iter().zip(&report.findings) {
            push_row(&mut out, cells, &widths);
            let indent = " ".repeat(widths[..3].iter().sum::<usize>() + 4 * GAP.len());
            if let Some(fix) = &finding.fix {
                out.push_str(&indent);
                out.push_str(words.fix);
                out.push_str(fix);
                out.push('\n');
            }
            if let Some(source) = &finding.source {
                out.push_str(&indent);
                out.push_str(&display::source(lang, source));
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
