//! The hops table: each hop's worst case and the caller-covers-callee check.

use budget::{display, HopReport, Lang, Report};
use leptos::prelude::*;

use super::traced_number::{Shape, TracedNumber};
use crate::format;
use crate::highlight::{Highlight, HopRows};
use crate::i18n::{t, ui_lang};
use crate::keyed::KeyedList;

/// One row per hop: segment, per try, tries, worst, wait, callee worst, slack, verdict,
/// formula (and, under it, what the hop's retries repeat when its retry conditions are known). The numbers show the rows they come from ([`TracedNumber`]).
#[component]
pub fn HopTable(
    /// The latest report.
    #[prop(into)]
    report: Signal<Report>,
    /// The sheet's language: durations and verdicts are written in it.
    #[prop(into)]
    lang: Signal<Lang>,
) -> impl IntoView {
    let numbers = Highlight::from_context().map(|h| h.numbers());
    let list = KeyedList::new(
        report,
        numbers,
        |r| &r.hops,
        |n| &n.hops,
        |h: &HopReport| h.segment.clone(),
    );
    let ui = ui_lang();
    view! {
        <div class="table-wrap">
            <table class="hops" role="table">
                <thead role="rowgroup">
                    <tr role="row">
                        <th scope="col" role="columnheader">{t(ui, "col-segment")}</th>
                        <th scope="col" role="columnheader" class="num">{t(ui, "col-per-try")}</th>
                        <th scope="col" role="columnheader" class="num">{t(ui, "col-tries")}</th>
                        <th scope="col" role="columnheader" class="num">{t(ui, "col-worst")}</th>
                        <th scope="col" role="columnheader" class="num">{t(ui, "col-wait")}</th>
                        <th scope="col" role="columnheader" class="num">{t(ui, "col-callee-worst")}</th>
                        <th scope="col" role="columnheader" class="num">{t(ui, "col-slack")}</th>
                        <th scope="col" role="columnheader">{t(ui, "col-verdict")}</th>
                        <th scope="col" role="columnheader">{t(ui, "col-formula")}</th>
                    </tr>
                </thead>
                <tbody role="rowgroup">
                    // Keyed by segment: a keystroke redraws the hops it changed, not the table.
                    <For each=move || list.keys() key=|k| k.clone() let:key>
                        {
                            let item = list.item(key);
                            move || {
                                let lang = lang.get();
                                item.with(|it| it.as_ref().map(|(h, rows)| hop_row(h, rows.clone(), lang)))
                            }
                        }
                    </For>
                </tbody>
            </table>
        </div>
    }
}

/// The table row of one hop, its values written in `lang`, each with the rows behind it.
fn hop_row(hop: &HopReport, rows: HopRows, lang: Lang) -> impl IntoView {
    let code = display::verdict_code(hop.verdict);
    let per_try = display::duration_or_unknown(lang, hop.per_try_ms);
    let tries = format::tries(hop.tries);
    let worst = display::need(lang, hop.worst_ms, hop.verdict);
    let wait = display::duration_or_unknown(lang, hop.wait_ms);
    let callee_worst = display::duration_or_unknown(lang, hop.callee_worst_ms);
    let slack = display::slack(lang, hop.slack_ms);
    let repeats = display::repeats(lang, hop);
    let ui = ui_lang();
    let label = |word: &str, text: &str, rows: &[usize]| {
        format::number_label(
            &hop.segment,
            &t(ui, word),
            text,
            &display::row_ranges(lang, rows),
        )
    };
    view! {
        <tr data-testid=format!("hop-{}", hop.segment) class=format!("verdict-{code}") role="row">
            <th scope="row" role="rowheader" data-testid="segment">{hop.segment.clone()}</th>
            <TracedNumber
                shape=Shape::Cell
                class="num"
                testid="per-try"
                heading=t(ui, "col-per-try")
                label=label("word-per-try", &per_try, &rows.per_try)
                text=per_try
                rows=rows.per_try
            />
            <TracedNumber
                shape=Shape::Cell
                class="num"
                testid="tries"
                heading=t(ui, "col-tries")
                label=label("word-tries", &tries, &rows.tries)
                text=tries
                rows=rows.tries
            />
            <TracedNumber
                shape=Shape::Cell
                class="num"
                testid="worst"
                heading=t(ui, "col-worst")
                label=label("word-worst", &worst, &rows.worst)
                text=worst
                rows=rows.worst
            />
            <TracedNumber
                shape=Shape::Cell
                class="num"
                testid="wait"
                heading=t(ui, "col-wait")
                label=label("word-wait", &wait, &rows.wait)
                text=wait
                rows=rows.wait
            />
            <TracedNumber
                shape=Shape::Cell
                class="num"
                testid="callee-worst"
                heading=t(ui, "col-callee-worst")
                label=label("word-callee-worst", &callee_worst, &rows.callee_worst)
                text=callee_worst
                rows=rows.callee_worst
            />
            <TracedNumber
                shape=Shape::Cell
                class="num"
                testid="slack"
                heading=t(ui, "col-slack")
                label=label("word-slack", &slack, &rows.slack)
                text=slack
                rows=rows.slack
            />
            <td data-testid="verdict" role="cell">
                <span class=format!("verdict verdict-{code}")>
                    {display::verdict(lang, hop.verdict)}
                </span>
            </td>
            <td class="formula" role="cell">
                <span data-testid="formula">{hop.formula.clone()}</span>
                {repeats.map(|text| view! { <div class="repeats" data-testid="repeats">{text}</div> })}
            </td>
        </tr>
    }
}
