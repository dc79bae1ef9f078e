//! The findings list: severity, code, rows, message, numbers, fix and source.

use budget::fix::Fix;
use budget::{display, Finding, Lang, Report};
use leptos::prelude::*;

/// Every finding of the report, errors first (the engine's order).
#[component]
pub fn FindingList(
    /// The latest report.
    #[prop(into)]
    report: Signal<Report>,
    /// The sheet's language: severities, rows labels and numbers are written in it.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Applies a checked fix to the sheet as an edit (its cell changes).
    on_apply: Callback<Fix>,
) -> impl IntoView {
    view! {
        <Show
            when=move || report.with(|r| !r.findings.is_empty())
            fallback=|| view! { <p class="muted" data-testid="no-findings">"No findings."</p> }
        >
            <ul class="findings">
                {move || {
                    let lang = lang.get();
                    report.with(|r| {
                        r.findings
                            .iter()
                            .map(|f| finding_item(f, lang, on_apply))
                            .collect_view()
                    })
                }}
            </ul>
        </Show>
    }
}

/// The list item of one finding, its words in `lang`, with a button per checked fix.
fn finding_item(finding: &Finding, lang: Lang, on_apply: Callback<Fix>) -> impl IntoView {
    let fixes = finding
        .fixes
        .iter()
        .cloned()
        .map(|fix| {
            let label = match lang {
                Lang::En => format!("Apply: {}", fix.summary),
                Lang::Ja => format!("適用：{}", fix.summary),
            };
            view! {
                <li>
                    <button
                        type="button"
                        class="apply-fix"
                        data-testid="apply-fix"
                        on:click=move |_| on_apply.run(fix.clone())
                    >
                        {label}
                    </button>
                </li>
            }
        })
        .collect_view();
    let code = display::severity_code(finding.severity);
    let severity = display::severity(lang, finding.severity);
    let rows = display::rows(lang, &finding.rows);
    let fix = finding.fix.clone();
    let numbers = display::finding_numbers(lang, finding);
    let source = finding.source.clone().map(|address| {
        let text = display::source_link_text(lang, &address);
        view! {
            <p class="source">
                <a
                    href=address.clone()
                    title=address
                    target="_blank"
                    rel="noopener"
                    data-testid="finding-source"
                >
                    {text}
                </a>
            </p>
        }
    });
    view! {
        <li
            data-testid=format!("finding-{}", finding.code)
            data-severity=code
            class=format!("finding finding-{code}")
        >
            <div class="finding-head">
                <span class=format!("badge badge-{code}") data-testid="severity">
                    {severity}
                </span>
                <code data-testid="code">{finding.code.as_str()}</code>
                {(!rows.is_empty())
                    .then(|| view! { <span class="muted" data-testid="rows">{rows}</span> })}
            </div>
            <p class="message" data-testid="message">{finding.message.clone()}</p>
            {numbers.map(|n| view! { <p class="numbers" data-testid="numbers">{n}</p> })}
            {fix.map(|fix| view! { <p class="fix" data-testid="fix">"Fix: " {fix}</p> })}
            <ul class="fixes">{fixes}</ul>
            {source}
        </li>
    }
}
