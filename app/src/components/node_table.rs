//! The nodes table: each node's need, deadline, slack and verdict.

use budget::{display, Lang, NodeReport, Report};
use leptos::prelude::*;

use super::traced_number::{Shape, TracedNumber};
use crate::format;
use crate::highlight::{Highlight, NodeRows};

/// One row per node: name, need, deadline, slack, verdict, formula. The need, deadline and
/// slack show the rows they come from ([`TracedNumber`]).
#[component]
pub fn NodeTable(
    /// The latest report.
    #[prop(into)]
    report: Signal<Report>,
    /// The sheet's language: durations and verdicts are written in it.
    #[prop(into)]
    lang: Signal<Lang>,
) -> impl IntoView {
    let numbers = Highlight::from_context().map(|h| h.numbers());
    view! {
        <div class="table-wrap">
            <table class="nodes">
                <thead>
                    <tr>
                        <th scope="col">"Node"</th>
                        <th scope="col" class="num">"Need"</th>
                        <th scope="col" class="num">"Deadline"</th>
                        <th scope="col" class="num">"Slack"</th>
                        <th scope="col">"Verdict"</th>
                        <th scope="col">"Formula"</th>
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        let lang = lang.get();
                        let rows = numbers.map(|n| n.get()).unwrap_or_default().nodes;
                        report
                            .with(|r| {
                                r.nodes
                                    .iter()
                                    .enumerate()
                                    .map(|(i, n)| {
                                        node_row(n, rows.get(i).cloned().unwrap_or_default(), lang)
                                    })
                                    .collect_view()
                            })
                    }}
                </tbody>
            </table>
        </div>
    }
}

/// The table row of one node, its values written in `lang`, each with the rows behind it.
fn node_row(node: &NodeReport, rows: NodeRows, lang: Lang) -> impl IntoView {
    let code = display::verdict_code(node.verdict);
    let need = display::need(lang, node.need_ms, node.verdict);
    let deadline = display::duration_or_unknown(lang, node.deadline_ms);
    let slack = display::slack(lang, node.slack_ms);
    let label = |word: &str, text: &str, rows: &[usize]| {
        format::number_label(&node.name, word, text, &display::row_ranges(lang, rows))
    };
    view! {
        <tr data-testid=format!("node-{}", node.name) class=format!("verdict-{code}")>
            <th scope="row" data-testid="name">{node.name.clone()}</th>
            <TracedNumber
                shape=Shape::Cell
                class="num"
                testid="need"
                label=label("need", &need, &rows.need)
                text=need
                rows=rows.need
            />
            <TracedNumber
                shape=Shape::Cell
                class="num"
                testid="deadline"
                label=label("deadline", &deadline, &rows.deadline)
                text=deadline
                rows=rows.deadline
            />
            <TracedNumber
                shape=Shape::Cell
                class="num"
                testid="slack"
                label=label("slack", &slack, &rows.slack)
                text=slack
                rows=rows.slack
            />
            <td data-testid="verdict">
                <span class=format!("verdict verdict-{code}")>
                    {display::verdict(lang, node.verdict)}
                </span>
            </td>
            <td class="formula" data-testid="formula">{node.formula.clone()}</td>
        </tr>
    }
}
