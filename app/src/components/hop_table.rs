//! The hops table: each hop's worst case and the caller-covers-callee check.

use budget::{HopReport, Report};
use leptos::prelude::*;

use crate::format;

/// One row per hop: segment, per try, tries, worst, wait, callee worst, slack, verdict,
/// formula.
#[component]
pub fn HopTable(
    /// The latest report.
    #[prop(into)]
    report: Signal<Report>,
) -> impl IntoView {
    view! {
        <div class="table-wrap">
            <table class="hops">
                <thead>
                    <tr>
                        <th scope="col">"Segment"</th>
                        <th scope="col" class="num">"Per try"</th>
                        <th scope="col" class="num">"Tries"</th>
                        <th scope="col" class="num">"Worst"</th>
                        <th scope="col" class="num">"Wait"</th>
                        <th scope="col" class="num">"Callee worst"</th>
                        <th scope="col" class="num">"Slack"</th>
                        <th scope="col">"Verdict"</th>
                        <th scope="col">"Formula"</th>
                    </tr>
                </thead>
                <tbody>
                    {move || report.with(|r| r.hops.iter().map(hop_row).collect_view())}
                </tbody>
            </table>
        </div>
    }
}

/// The table row of one hop.
fn hop_row(hop: &HopReport) -> impl IntoView {
    let verdict = format::verdict(hop.verdict);
    view! {
        <tr data-testid=format!("hop-{}", hop.segment) class=format!("verdict-{verdict}")>
            <th scope="row" data-testid="segment">{hop.segment.clone()}</th>
            <td class="num" data-testid="per-try">{format::seconds(hop.per_try_ms)}</td>
            <td class="num" data-testid="tries">{format::tries(hop.tries)}</td>
            <td class="num" data-testid="worst">{format::bound(hop.worst_ms, hop.verdict)}</td>
            <td class="num" data-testid="wait">{format::seconds(hop.wait_ms)}</td>
            <td class="num" data-testid="callee-worst">
                {format::seconds(hop.callee_worst_ms)}
            </td>
            <td class="num" data-testid="slack">{format::signed_seconds(hop.slack_ms)}</td>
            <td data-testid="verdict">
                <span class=format!("verdict verdict-{verdict}")>{verdict}</span>
            </td>
            <td class="formula" data-testid="formula">{hop.formula.clone()}</td>
        </tr>
    }
}
