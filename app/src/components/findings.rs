//! The findings list: severity, code, rows, message, numbers, fix and source.

use budget::display::{FindingNumber, NumberPart};
use budget::fix::Fix;
use budget::{display, Finding, FindingCode, Lang, Report};
use leptos::either::Either;
use leptos::prelude::*;

use super::traced_number::{Shape, TracedNumber};
use crate::format;
use crate::highlight::FindingRows;
use crate::i18n::{t, t_args, ui_lang};
use crate::keyed::{KeyedList, ListOf};

/// The findings of the report, keyed by code, rows and message: a keystroke redraws the
/// findings it changed, and a new finding is one more item, not a shift of every one after
/// it.
const FINDINGS: ListOf<(FindingCode, Vec<usize>, String), Finding, FindingRows> = ListOf {
    items: |r| &r.findings,
    rows: |n| &n.findings,
    key: |f| (f.code, f.rows.clone(), f.message.clone()),
};

/// Every finding of the report, errors first (the engine's order). The bound, need and
/// shortfall in a finding's numbers show the rows they come from ([`TracedNumber`]).
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
    let list = KeyedList::new(report, FINDINGS);
    let items = move || {
        list.view(lang, move |f, rows, lang| {
            finding_item(f, rows, lang, on_apply)
        })
    };
    // What `<Show>` does (a memo of the condition, one branch or the other), without its
    // type-erased children: their erased view carries code the islands never run.
    let any = Memo::new(move |_| report.with(|r| !r.findings.is_empty()));
    move || {
        if any.get() {
            Either::Left(view! { <ul class="findings">{items}</ul> })
        } else {
            Either::Right(
                view! { <p class="muted" data-testid="no-findings">{t(ui_lang(), "findings-none")}</p> },
            )
        }
    }
}

/// The list item of one finding, its words in `lang`, its numbers with the rows behind them,
/// with a button per checked fix.
fn finding_item(
    finding: &Finding,
    number_rows: FindingRows,
    lang: Lang,
    on_apply: Callback<Fix>,
) -> impl IntoView {
    let ui = ui_lang();
    let fixes = finding
        .fixes
        .iter()
        .cloned()
        .map(|fix| {
            let label = t_args(ui, "fix-apply", [("fix", fix.summary.as_str().into())]);
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
    let parts = display::finding_number_parts(lang, finding);
    let numbers = (!parts.is_empty()).then(|| {
        let parts = parts
            .into_iter()
            .enumerate()
            .map(|(i, part)| {
                let separator = (i > 0).then_some(display::NUMBERS_SEPARATOR);
                let part = number_part(finding, &number_rows, lang, part);
                view! { {separator} {part} }
            })
            .collect_view();
        view! { <p class="numbers" data-testid="numbers">{parts}</p> }
    });
    let source = finding.source.clone().map(|address| {
        view! {
            <p class="source">
                <SourceLink address lang testid="finding-source"/>
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
            {numbers}
            {fix.map(|fix| {
                let fix = t_args(ui, "finding-fix", [("fix", fix.into())]);
                view! { <p class="fix" data-testid="fix">{fix}</p> }
            })}
            <ul class="fixes">{fixes}</ul>
            {source}
        </li>
    }
}

/// One part of a finding's numbers line: a duration of the finding with the rows behind it,
/// or a count as text.
fn number_part(
    finding: &Finding,
    rows: &FindingRows,
    lang: Lang,
    part: NumberPart,
) -> impl IntoView {
    let Some(number) = part.number else {
        return Either::Left(part.text);
    };
    let rows = rows.of(number).to_vec();
    let label = format::number_label(
        finding.code.as_str(),
        "",
        &part.text,
        &display::row_ranges(lang, &rows),
    );
    let testid = match number {
        FindingNumber::Bound => "bound",
        FindingNumber::Need => "need",
        FindingNumber::ShortBy => "short-by",
    };
    Either::Right(view! { <TracedNumber shape=Shape::Part testid label text=part.text rows/> })
}

/// A link to where a value comes from (a product's documentation), opened in a new tab,
/// its address in its title and its text the address shortened in `lang`
/// ([`display::source_link_text`]).
#[component]
pub fn SourceLink(
    /// The address.
    address: String,
    /// The language of its text.
    lang: Lang,
    /// Its classes, if any.
    #[prop(optional)]
    class: Option<&'static str>,
    /// Its `data-testid`.
    testid: &'static str,
) -> impl IntoView {
    let text = display::source_link_text(lang, &address);
    view! {
        <a
            class=class
            href=address.clone()
            title=address
            target="_blank"
            rel="noopener"
            data-testid=testid
        >
            {text}
        </a>
    }
}
