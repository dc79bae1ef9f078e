//! A diff of two sheets ([`budget::diff::SheetDiff`]) as readable text and as Markdown for a
//! review comment: what `workbench diff` prints and what `GET /api/v1/sheets/{id}/diff`
//! answers with `Accept: text/markdown`.

use budget::diff::SheetDiff;
use budget::{display, Column, Lang};

use super::check_markdown::{escape, push_table_row};
use super::ByLang;
use crate::check_command::label;

/// The most characters of a Markdown diff (a GitHub comment holds 65,536): a larger change
/// lists as many changed cells as fit and says how many it left out.
pub const MARKDOWN_LIMIT: usize = 60_000;

/// Headings and words in the sheet's language.
struct Words {
    trace: &'static str,
    flips: &'static str,
    findings: &'static str,
    budgets: &'static str,
    cells: &'static str,
    settings: &'static str,
    attempts: &'static str,
    new: &'static str,
    gone: &'static str,
    added: &'static str,
    removed: &'static str,
    moved: &'static str,
    row: &'static str,
    no_trace: &'static str,
    columns: [&'static str; 4],
    node: &'static str,
    hop: &'static str,
}

/// The headings and words in English and in Japanese.
static WORDS: ByLang<Words> = ByLang {
    en: Words {
        trace: "Trace",
        flips: "Verdicts that flipped",
        findings: "Findings",
        budgets: "Budgets",
        cells: "Cells",
        settings: "Sheet settings",
        attempts: "attempts",
        new: "new",
        gone: "gone",
        added: "added",
        removed: "removed",
        moved: "moved",
        row: "row",
        no_trace: "No change moves a number.",
        columns: ["row", "column", "before", "after"],
        node: "node",
        hop: "hop",
    },
    ja: Words {
        trace: "影響の経路",
        flips: "判定が変わった検査",
        findings: "指摘",
        budgets: "時間の予算",
        cells: "セル",
        settings: "シートの設定",
        attempts: "試行回数",
        new: "新規",
        gone: "解消",
        added: "追加",
        removed: "削除",
        moved: "移動",
        row: "行",
        no_trace: "数値が変わる変更はありません。",
        columns: ["行", "列", "変更前", "変更後"],
        node: "ノード",
        hop: "区間",
    },
};

/// A finding of the diff in one line: `+ error inversion.node (rows 4, 6, 7, 8): MESSAGE`.
fn finding_line(lang: Lang, f: &budget::Finding) -> String {
    let rows = display::rows(lang, &f.rows);
    let sev = display::severity(lang, f.severity);
    if rows.is_empty() {
        format!("{sev} {}: {}", f.code.as_str(), f.message)
    } else {
        format!("{sev} {} ({rows}): {}", f.code.as_str(), f.message)
    }
}

/// A finding for Markdown: ``error `inversion.node` (rows 4, 6, 7, 8): MESSAGE``.
fn md_finding(lang: Lang, f: &budget::Finding) -> String {
    let rows = display::rows(lang, &f.rows);
    let sev = display::severity(lang, f.severity);
    let rows = if rows.is_empty() {
        String::new()
    } else {
        format!(" ({rows})")
    };
    format!("{sev} `{}`{rows}: {}", f.code.as_str(), escape(&f.message))
}

/// The diff as the command line's text.
pub fn text(d: &SheetDiff) -> String {
    let lang = d.lang;
    let w = WORDS.of(lang);
    let mut out = format!("{}\n", d.headline);
    out.push_str(&format!("\n{}:\n", w.trace));
    if d.trace.is_empty() {
        out.push_str(&format!("  {}\n", w.no_trace));
    }
    for t in &d.trace {
        out.push_str(&format!("  {}\n", t.text));
        for a in &t.attempts {
            out.push_str(&format!(
                "    {} {}: {} → {}\n",
                w.attempts, a.node, a.attempts.before, a.attempts.after
            ));
        }
    }
    if !d.flips.is_empty() {
        out.push_str(&format!("\n{}:\n", w.flips));
        for f in &d.flips {
            out.push_str(&format!("  {}\n", f.text));
        }
    }
    if !d.appeared.is_empty() || !d.disappeared.is_empty() {
        out.push_str(&format!("\n{}:\n", w.findings));
        for f in &d.appeared {
            out.push_str(&format!("  + {} {}\n", w.new, finding_line(lang, f)));
        }
        for f in &d.disappeared {
            out.push_str(&format!("  - {} {}\n", w.gone, finding_line(lang, f)));
        }
    }
    if !d.nodes.is_empty() || !d.hops.is_empty() {
        out.push_str(&format!("\n{}:\n", w.budgets));
        for (place, numbers) in budget_changes(d, lang, w) {
            let parts: Vec<String> = numbers
                .into_iter()
                .map(|(k, b, a)| format!("{k} {b} → {a}"))
                .collect();
            out.push_str(&format!("  {place}: {}\n", parts.join(", ")));
        }
    }
    if !d.settings.is_empty() {
        out.push_str(&format!("\n{}:\n", w.settings));
        for s in &d.settings {
            out.push_str(&format!("  {}\n", s.text));
        }
    }
    if !d.rows.is_empty() {
        out.push_str(&format!("\n{}:\n", w.cells));
        for c in &d.rows.changed {
            for cell in &c.cells {
                out.push_str(&format!(
                    "  {} {} {}: {} → {}\n",
                    w.row,
                    c.after_line,
                    cell.column.header(lang),
                    quoted(&cell.before),
                    quoted(&cell.after)
                ));
            }
        }
        let added = d.rows.added.iter().map(|a| ("+", w.added, a.line, &a.row));
        let removed = d
            .rows
            .removed
            .iter()
            .map(|r| ("-", w.removed, r.line, &r.row));
        for (sign, word, line, row) in added.chain(removed) {
            let cells = joined_cells(row, quoted, " | ");
            out.push_str(&format!("  {sign} {word} {} {line}: {cells}\n", w.row));
        }
        for m in &d.rows.moved {
            out.push_str(&format!(
                "  {} {} {} → {}\n",
                w.moved, w.row, m.before_line, m.after_line
            ));
        }
    }
    out
}

/// A cell for the text output: in quotes, its line breaks as `\n` so one change is one line.
fn quoted(text: &str) -> String {
    format!("{:?}", text)
}

/// A row's eight cells, each written by `cell`, joined by `separator`.
fn joined_cells(row: &budget::Row, cell: fn(&str) -> String, separator: &str) -> String {
    Column::ALL
        .iter()
        .map(|c| cell(row.cell(*c)))
        .collect::<Vec<_>>()
        .join(separator)
}

/// Each node's and hop's changed numbers, with the place as the tables name it (`node LB`,
/// `hop LB → app`); each number as (name, before, after) in `lang`.
type BudgetChanges = Vec<(String, Vec<(&'static str, String, String)>)>;

/// The [`BudgetChanges`] of a diff: the nodes', then the hops'.
fn budget_changes(d: &SheetDiff, lang: Lang, w: &Words) -> BudgetChanges {
    let nodes = d
        .nodes
        .iter()
        .map(|n| (format!("{} {}", w.node, n.name), n.numbers(lang)));
    let hops = d
        .hops
        .iter()
        .map(|h| (format!("{} {}", w.hop, h.segment), h.numbers(lang)));
    nodes.chain(hops).collect()
}

/// The diff as a Markdown review comment: the headline first, the trace, the flipped
/// verdicts, the findings, the budgets, then the cell table; at most [`MARKDOWN_LIMIT`]
/// characters (a huge change lists the cells that fit and says how many it left out).
/// `path` heads the section when given.
pub fn markdown(d: &SheetDiff, path: Option<&str>) -> String {
    markdown_within(d, path, MARKDOWN_LIMIT)
}

/// A cell for a Markdown table: escaped, line breaks as `<br>` so that they still show, and
/// a cell of more than 300 characters cut with its length said.
fn md_cell(text: &str) -> String {
    const MAX: usize = 300;
    let count = text.chars().count();
    let shown: String = if count > MAX {
        text.chars().take(MAX).collect()
    } else {
        text.to_string()
    };
    let mut out = shown
        .split('\n')
        .map(|line| escape(line.trim_end_matches('\r')).replace('~', "\\~"))
        .collect::<Vec<_>>()
        .join("<br>");
    if count > MAX {
        out.push_str(&format!("… ({count})"));
    }
    if out.is_empty() {
        out.push('∅');
    }
    out
}

pub(crate) fn markdown_within(d: &SheetDiff, path: Option<&str>, limit: usize) -> String {
    let lang = d.lang;
    let w = WORDS.of(lang);
    let title = match lang {
        Lang::En => "Timeout budget review",
        Lang::Ja => "タイムアウト予算のレビュー",
    };
    let mut out = match path {
        Some(p) => format!("### {title}: {}\n\n", escape(label(p))),
        None => format!("### {title}\n\n"),
    };
    out.push_str(&format!("**{}**\n\n", escape(&d.headline)));
    // Every list below stops where the comment would grow past `limit`, keeping room for the
    // note that says what was left out.
    const ROOM: usize = 400;
    let left_out = |lang: Lang, n: usize| {
        match lang {
        Lang::En => format!("… and {n} more not listed: the change is too large for one comment (`workbench diff --format json` gives all of it).\n"),
        Lang::Ja => format!("…ほか{n}件は、1つのコメントに収まらないため省きました（すべては `workbench diff --format json` で得られます）。\n"),
    }
    };
    let push_list = |out: &mut String, heading: &str, lines: Vec<String>| {
        if lines.is_empty() {
            return;
        }
        out.push_str(&format!("#### {heading}\n\n"));
        let total = lines.len();
        for (i, line) in lines.into_iter().enumerate() {
            if out.len() + line.len() + ROOM > limit {
                out.push_str(&left_out(lang, total - i));
                out.push('\n');
                return;
            }
            out.push_str(&line);
        }
        out.push('\n');
    };
    let mut trace: Vec<String> = d
        .trace
        .iter()
        .map(|t| {
            let mut line = format!("- {}\n", escape(&t.text));
            for a in &t.attempts {
                line.push_str(&format!(
                    "  - {} {}: {} → {}\n",
                    w.attempts,
                    escape(&a.node),
                    a.attempts.before,
                    a.attempts.after
                ));
            }
            line
        })
        .collect();
    if trace.is_empty() {
        trace.push(format!("{}\n", w.no_trace));
    }
    push_list(&mut out, w.trace, trace);
    push_list(
        &mut out,
        w.flips,
        d.flips
            .iter()
            .map(|f| format!("- {}\n", escape(&f.text)))
            .collect(),
    );
    let findings: Vec<String> = d
        .appeared
        .iter()
        .map(|f| format!("- **{}** {}\n", w.new, md_finding(lang, f)))
        .chain(
            d.disappeared
                .iter()
                .map(|f| format!("- ~~{}~~ {}\n", w.gone, md_finding(lang, f))),
        )
        .collect();
    push_list(&mut out, w.findings, findings);
    let mut budget_rows = budget_lines(d, lang, w);
    if !budget_rows.is_empty() {
        let head = match lang {
            Lang::En => "| place | number | before | after |\n|---|---|---|---|\n",
            Lang::Ja => "| 場所 | 数値 | 変更前 | 変更後 |\n|---|---|---|---|\n",
        };
        budget_rows.insert(0, head.to_string());
        push_list(&mut out, w.budgets, budget_rows);
    }
    if !d.settings.is_empty() {
        push_list(
            &mut out,
            w.settings,
            d.settings
                .iter()
                .map(|s| format!("- {}\n", escape(&s.text)))
                .collect(),
        );
    }
    let mut cells = cell_lines(d, lang, w);
    if !cells.is_empty() {
        let [a, b, c, e] = w.columns;
        cells.insert(0, format!("| {a} | {b} | {c} | {e} |\n|---|---|---|---|\n"));
        push_list(&mut out, w.cells, cells);
    }
    out
}

/// The budgets' table rows of a diff: each node's and hop's numbers before and after.
fn budget_lines(d: &SheetDiff, lang: Lang, w: &Words) -> Vec<String> {
    let mut budget_rows: Vec<String> = Vec::new();
    for (place, numbers) in budget_changes(d, lang, w) {
        for (k, b, a) in numbers {
            let mut line = String::new();
            push_table_row(&mut line, &[place.clone(), k.to_string(), b, a]);
            budget_rows.push(line);
        }
    }
    budget_rows
}

/// The changed cells' table rows of a diff: changed cells, added, removed and moved rows.
fn cell_lines(d: &SheetDiff, lang: Lang, w: &Words) -> Vec<String> {
    let mut cells: Vec<String> = Vec::new();
    for c in &d.rows.changed {
        for cell in &c.cells {
            cells.push(format!(
                "| {} | {} | ~~{}~~ | {} |\n",
                c.after_line,
                cell.column.header(lang),
                md_cell(&cell.before),
                md_cell(&cell.after)
            ));
        }
    }
    for a in &d.rows.added {
        let row = joined_cells(&a.row, md_cell, " · ");
        cells.push(format!("| {} | {} | | {row} |\n", a.line, w.added));
    }
    for r in &d.rows.removed {
        let row = joined_cells(&r.row, md_cell, " · ");
        cells.push(format!("| {} | {} | ~~{row}~~ | |\n", r.line, w.removed));
    }
    for m in &d.rows.moved {
        cells.push(format!(
            "| {} | {} | {} {} | {} {} |\n",
            m.after_line, w.moved, w.row, m.before_line, w.row, m.after_line
        ));
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_keeps_its_line_breaks_and_is_escaped() {
        assert_eq!(md_cell("a|b\nc*d"), "a\\|b<br>c\\*d");
        assert_eq!(md_cell(""), "∅");
        let long = "x".repeat(301);
        assert_eq!(md_cell(&long), format!("{}… (301)", "x".repeat(300)));
    }
}
