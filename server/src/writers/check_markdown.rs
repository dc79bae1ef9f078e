//! The `markdown` format: a review comment. Per file: a heading with its path, the summary
//! headline, a table of the nodes and hops whose check failed or could not be made (or "all
//! checks pass" when no finding is an error or a warning either), and the findings as a list.

use budget::{display, Lang, Report, Verdict};
use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};

use super::{Budget, ByLang};
use crate::check_command::CheckedFile;

/// Every file as Markdown, one `###` section each, in the order given. An unreadable file's
/// section says why it could not be read.
///
/// A node or hop is listed when its verdict is `inverted`, `unbounded` or `unknown`; `ok` and
/// `unchecked` (nothing to compare with) are not. A finding reads
/// ``**error** `inversion.node` (rows 4, 6, 7, 8): MESSAGE — FIX``, followed by
/// `([source: nginx.org](<https://nginx.org/…>))` when it rests on a documented source. Every
/// value is written by [`budget::display`] in the sheet's language.
pub fn render_markdown(files: &[CheckedFile]) -> String {
    let sections: Vec<String> = files
        .iter()
        .map(|file| {
            let mut out = format!("### {}\n\n", escape(file.label()));
            match &file.result {
                Ok(checked) => push_report(&mut out, &checked.report, checked.lang),
                Err(err) => {
                    out.push_str(&format!("**cannot read**: {}\n", escape(&err.reason)));
                }
            }
            out
        })
        .collect();
    sections.join("\n")
}

/// Headings in the sheet's language.
struct Words {
    all_pass: &'static str,
    none_failed: &'static str,
    columns: [&'static str; 5],
    node: &'static str,
    hop: &'static str,
    no_findings: &'static str,
    early_only: &'static str,
}

/// The headings in English and in Japanese.
static WORDS: ByLang<Words> = ByLang {
    en: Words {
        all_pass: "All checks pass.",
        none_failed: "No node or hop is inverted, unbounded or unknown.",
        columns: ["", "name", "verdict", "slack", "formula"],
        node: "node",
        hop: "hop",
        no_findings: "No findings.",
        early_only: "Retried only before the request reaches the callee (each failed try costs its early phase):",
    },
    ja: Words {
        all_pass: "すべての検査に合格しています。",
        none_failed: "逆転・上限なし・不明のノードや区間はありません。",
        columns: ["", "名前", "判定", "余裕", "計算式"],
        node: "ノード",
        hop: "区間",
        no_findings: "指摘はありません。",
        early_only: "リクエストが届く前だけ再試行する区間（失敗した試行は前半の時間だけかかります）：",
    },
};

/// Writes one report: headline, what is not ok, findings.
fn push_report(out: &mut String, report: &Report, lang: Lang) {
    let words = WORDS.of(lang);
    out.push_str(&format!(
        "**{}**\n\n",
        escape(&report.summary.headline(lang))
    ));

    let failed =
        |v: Verdict| matches!(v, Verdict::Inverted | Verdict::Unbounded | Verdict::Unknown);
    let nodes = report
        .nodes
        .iter()
        .map(|n| (words.node, Budget::of_node(n)));
    let hops = report.hops.iter().map(|h| (words.hop, Budget::of_hop(h)));
    let table: Vec<[String; 5]> = nodes
        .chain(hops)
        .filter(|(_, b)| failed(b.verdict))
        .map(|(kind, b)| {
            [
                kind.to_string(),
                b.name.to_string(),
                b.verdict(lang),
                b.slack(lang),
                b.formula.to_string(),
            ]
        })
        .collect();
    let flagged = report
        .findings
        .iter()
        .any(|f| f.severity != budget::Severity::Info);
    if table.is_empty() {
        // "All checks pass" only when no finding says otherwise.
        out.push_str(if flagged {
            words.none_failed
        } else {
            words.all_pass
        });
        out.push_str("\n\n");
    } else {
        push_table_row(out, &words.columns.map(str::to_string));
        out.push_str(&"|---".repeat(words.columns.len()));
        out.push_str("|\n");
        for row in &table {
            push_table_row(out, row);
        }
        out.push('\n');
    }

    // A worst case of retries on early conditions only is shown with its own formula,
    // `(U × T − 1) × early + per_try + waits` (budget-model.md §4.1).
    let early: Vec<&budget::HopReport> = report
        .hops
        .iter()
        .filter(|h| h.repeats == budget::Repeats::Early)
        .collect();
    if !early.is_empty() {
        out.push_str(words.early_only);
        out.push('\n');
        for hop in early {
            out.push_str(&format!(
                "- {}: {}\n",
                escape(&hop.segment),
                escape(&hop.formula)
            ));
        }
        out.push('\n');
    }

    if report.findings.is_empty() {
        out.push_str(words.no_findings);
        out.push('\n');
    }
    for finding in &report.findings {
        out.push_str(&format!(
            "- **{}** `{}`",
            display::severity(lang, finding.severity),
            finding.code.as_str().replace('`', "'")
        ));
        if !finding.rows.is_empty() {
            out.push_str(&format!(" ({})", display::rows(lang, &finding.rows)));
        }
        out.push_str(": ");
        out.push_str(&escape(&finding.message));
        if let Some(fix) = &finding.fix {
            out.push_str(" — ");
            out.push_str(&escape(fix));
        }
        if let Some(source) = &finding.source {
            out.push_str(&format!(
                " ([{}](<{}>))",
                escape(&display::source_link_text(lang, source)),
                link_destination(source)
            ));
        }
        out.push('\n');
    }
}

/// Writes one table line; `—` cells stay as they are.
pub(crate) fn push_table_row(out: &mut String, cells: &[String]) {
    for cell in cells {
        out.push_str("| ");
        out.push_str(&escape(cell));
        out.push(' ');
    }
    out.push_str("|\n");
}

/// `text` for inline Markdown (never at the start of a line): line breaks become spaces and
/// the characters that would start emphasis, code, a link, HTML or a table cell are escaped
/// with `\`.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '|' => {
                out.push('\\');
                out.push(c);
            }
            '\r' => {}
            '\n' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Characters percent-encoded in a Markdown link destination written between `<` and `>`:
/// controls (a line break would end it), space, `<`, `>` and `\` (which Markdown reads as an
/// escape). Non-ASCII characters are encoded as UTF-8 too.
const DESTINATION: &AsciiSet = &CONTROLS.add(b' ').add(b'<').add(b'>').add(b'\\');

/// An address as a Markdown link destination between `<` and `>`, which nothing in it can
/// end early.
fn link_destination(address: &str) -> String {
    utf8_percent_encode(address, DESTINATION).to_string()
}

#[cfg(test)]
mod tests {
    use super::{escape, link_destination};

    #[test]
    fn a_link_destination_cannot_end_early() {
        assert_eq!(
            link_destination("https://en.wikipedia.org/wiki/Timeout_(computing)"),
            "https://en.wikipedia.org/wiki/Timeout_(computing)"
        );
        assert_eq!(
            link_destination("https://a.example/x y<z>\\"),
            "https://a.example/x%20y%3Cz%3E%5C"
        );
    }

    #[test]
    fn markdown_characters_are_escaped_and_lines_joined() {
        assert_eq!(
            escape("a|b *c* `d` <e>\r\nf_g"),
            "a\\|b \\*c\\* \\`d\\` \\<e> f\\_g"
        );
        assert_eq!(escape("app -> DB"), "app -> DB");
    }
}
