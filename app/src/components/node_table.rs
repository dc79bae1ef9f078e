//! The nodes table: each node's need, deadline, slack and verdict.

use budget::{NodeReport, Report};
use leptos::prelude::*;

use crate::format;

/// One row per node: name, need, deadline, slack, verdict, formula.
#[component]
pub fn NodeTable(
    /// The latest report.
    #[prop(into)]
    report: Signal<Report>,
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
                    {move || report.with(|r| r.nodes.iter().map(node_row).collect_view())}
                </tbody>
            </table>
        </div>
    }
}

/// The table row of one node.
fn node_row(node: &NodeReport) -> impl IntoView {
    let verdict = format::verdict(node.verdict);
    view! {
        <tr data-testid=format!("node-{}", node.name) class=format!("verdict-{verdict}")>
            <th scope="row" data-testid="name">{node.name.clone()}</th>
            <td class="num" data-testid="need">{format::bound(node.need_ms, node.verdict)}</td>
            <td class="num" data-testid="deadline">{format::seconds(node.deadline_ms)}</td>
            <td class="num" data-testid="slack">{format::signed_seconds(node.slack_ms)}</td>
            <td data-testid="verdict">
                <span class=format!("verdict verdict-{verdict}")>{verdict}</span>
            </td>
            <td class="formula" data-testid="formula">{node.formula.clone()}</td>
        </tr>
    }
}
