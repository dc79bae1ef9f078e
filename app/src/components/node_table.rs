//! The nodes table: each node's need, deadline, slack and verdict.

use budget::{display, Lang, NodeReport, Report};
use leptos::prelude::*;

/// One row per node: name, need, deadline, slack, verdict, formula.
#[component]
pub fn NodeTable(
    /// The latest report.
    #[prop(into)]
    report: Signal<Report>,
    /// The sheet's language: durations and verdicts are written in it.
    #[prop(into)]
    lang: Signal<Lang>,
) -> impl IntoView {
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
                        report.with(|r| r.nodes.iter().map(|n| node_row(n, lang)).collect_view())
                    }}
                </tbody>
            </table>
        </div>
    }
}

/// The table row of one node, its values written in `lang`.
fn node_row(node: &NodeReport, lang: Lang) -> impl IntoView {
    let code = display::verdict_code(node.verdict);
    view! {
        <tr data-testid=format!("node-{}", node.name) class=format!("verdict-{code}")>
            <th scope="row" data-testid="name">{node.name.clone()}</th>
            <td class="num" data-testid="need">
                {display::need(lang, node.need_ms, node.verdict)}
            </td>
            <td class="num" data-testid="deadline">
                {display::duration_or_unknown(lang, node.deadline_ms)}
            </td>
            <td class="num" data-testid="slack">{display::slack(lang, node.slack_ms)}</td>
            <td data-testid="verdict">
                <span class=format!("verdict verdict-{code}")>
                    {display::verdict(lang, node.verdict)}
                </span>
            </td>
            <td class="formula" data-testid="formula">{node.formula.clone()}</td>
        </tr>
    }
}
