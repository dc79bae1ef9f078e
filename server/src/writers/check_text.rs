//! The `text` format: the report as readable tables, for a terminal or a CI log.

use super::{Budget, ByLang};
use crate::table::{column_widths, push_row, push_table, GAP};
use budget::{display, Lang, Report};

/// The report as a readable table in `lang`: one line per node (name, need, deadline, slack,
/// verdict, formula), one per hop (segment, worst, wait, slack, verdict, formula), the
/// findings (severity, code, rows, message, then the fix and the source address each on a
/// line of its own) and the summary headline. Every value is written by [`budget::display`]:
/// durations in seconds, exact to the millisecond (`0.25 s`, `0.25秒`), `∞` for no bound and
/// `—` where a value is unknown or does not apply; verdicts and severities in `lang`.
pub fn render_text(report: &Report, lang: Lang) -> String {
    let words = WORDS.of(lang);
    let mut out = String::new();

    push_budgets(
        &mut out,
        lang,
        (words.nodes, &NODE_COLUMNS),
        report.nodes.iter().map(Budget::of_node),
    );
    out.push('\n');
    push_budgets(
        &mut out,
        lang,
        (words.hops, &HOP_COLUMNS),
        report.hops.iter().map(Budget::of_hop),
    );
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

/// Writes a heading line and the table of the nodes or the hops under it: the `columns`'
/// titles, then a line for each budget (name, need, deadline or wait, slack, verdict, formula).
fn push_budgets<'a>(
    out: &mut String,
    lang: Lang,
    (heading, columns): (&str, &[(&'static str, &'static str); 6]),
    budgets: impl Iterator<Item = Budget<'a>>,
) {
    out.push_str(heading);
    out.push('\n');
    let titles = columns.map(|(en, ja)| ByLang { en, ja }.of(lang).to_string());
    let mut table = vec![titles.to_vec()];
    table.extend(budgets.map(|b| {
        vec![
            b.name.to_string(),
            b.need(lang),
            display::duration_or_unknown(lang, b.wait_ms),
            b.slack(lang),
            b.verdict(lang),
            b.formula.to_string(),
        ]
    }));
    push_table(out, &table);
}

/// The titles of the nodes' columns, each (English, Japanese).
const NODE_COLUMNS: [(&str, &str); 6] = [
    ("name", "名前"),
    ("need", "必要"),
    ("deadline", "期限"),
    ("slack", "余裕"),
    ("verdict", "判定"),
    ("formula", "計算式"),
];

/// The titles of the hops' columns, each (English, Japanese).
const HOP_COLUMNS: [(&str, &str); 6] = [
    ("segment", "区間"),
    ("worst", "最悪"),
    ("wait", "待ち"),
    ("slack", "余裕"),
    ("verdict", "判定"),
    ("formula", "計算式"),
];

/// Headings in the sheet's language.
struct Words {
    nodes: &'static str,
    hops: &'static str,
    findings: &'static str,
    no_findings: &'static str,
    fix: &'static str,
}

/// The headings in English and in Japanese.
static WORDS: ByLang<Words> = ByLang {
    en: Words {
        nodes: "nodes",
        hops: "hops",
        findings: "findings",
        no_findings: "findings: none",
        fix: "fix: ",
    },
    ja: Words {
        nodes: "ノード",
        hops: "区間",
        findings: "指摘",
        no_findings: "指摘: なし",
        fix: "対処: ",
    },
};
