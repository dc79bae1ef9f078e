//! The hops table: each hop's worst case and the caller-covers-callee check.

use budget::{display, HopReport, Lang, Report};
use leptos::prelude::*;

use crate::format;

/// One row per hop: segment, per try, tries, worst, wait, callee worst, slack, verdict,
/// formula.
#[component]
pub fn HopTable(
    /// The latest report.
    #[prop(into)]
    report: Signal<Report>,
    /// The sheet's language: durations and verdicts are written in it.
    #[prop(into)]
    lang: Signal<Lang>,
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
                    {move || {
                        let lang = lang.get();
                        report.with(|r| r.hops.iter().map(|h| hop_row(h, lang)).collect_view())
                    }}
                </tbody>
            </table>
        </div>
    }
}

/// The table row of one hop, its values written in `lang`.
fn hop_row(hop: &HopReport, lang: Lang) -> impl IntoView {
    let code = display::verdict_code(hop.verdict);
    view! {
        <tr data-testid=format!("hop-{}", hop.segment) class=format!("verdict-{code}")>
            <th scope="row" data-testid="segment">{hop.segment.clone()}</th>
            <td class="num" data-testid="per-try">
                {display::duration_or_unknown(lang, hop.per_try_ms)}
            </td>
            <td class="num" data-testid="tries">{format::tries(hop.tries)}</td>
            <td class="num" data-testid="worst">{display::need(lang, hop.worst_ms, hop.verdict)}</td>
            <td class="num" data-testid="wait">{display::duration_or_unknown(lang, hop.wait_ms)}</td>
            <td class="num" data-testid="callee-worst">
                {display::duration_or_unknown(lang, hop.callee_worst_ms)}
            </td>
            <td class="num" data-testid="slack">{display::slack(lang, hop.slack_ms)}</td>
            <td data-testid="verdict">
                <span class=format!("verdict verdict-{code}")>
                    {display::verdict(lang, hop.verdict)}
                </span>
            </td>
            <td class="formula" data-testid="formula">{hop.formula.clone()}</td>
        </tr>
    }
}
