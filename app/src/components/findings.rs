//! The findings list: severity, code, message, fix and the rows concerned.

use budget::{Finding, Report};
use leptos::prelude::*;

use crate::format;

/// Every finding of the report, errors first (the engine's order).
#[component]
pub fn FindingList(
    /// The latest report.
    #[prop(into)]
    report: Signal<Report>,
) -> impl IntoView {
    view! {
        <Show
            when=move || report.with(|r| !r.findings.is_empty())
            fallback=|| view! { <p class="muted" data-testid="no-findings">"No findings."</p> }
        >
            <ul class="findings">
                {move || report.with(|r| r.findings.iter().map(finding_item).collect_view())}
            </ul>
        </Show>
    }
}

/// The list item of one finding.
fn finding_item(finding: &Finding) -> impl IntoView {
    let severity = format::severity(finding.severity);
    let lines = format::lines(&finding.rows);
    let fix = finding.fix.clone();
    let numbers = format::finding_numbers(finding);
    view! {
        <li
            data-testid=format!("finding-{}", finding.code)
            data-severity=severity
            class=format!("finding finding-{severity}")
        >
            <div class="finding-head">
                <span class=format!("badge badge-{severity}") data-testid="severity">
                    {severity}
                </span>
                <code data-testid="code">{finding.code.as_str()}</code>
                {(!lines.is_empty()).then(|| view! { <span class="muted">{lines}</span> })}
            </div>
            <p class="message" data-testid="message">{finding.message.clone()}</p>
            {numbers.map(|n| view! { <p class="numbers" data-testid="numbers">{n}</p> })}
            {fix.map(|fix| view! { <p class="fix" data-testid="fix">"Fix: " {fix}</p> })}
        </li>
    }
}
