//! The hops table ([`super::report::ReportTable`]): each hop's worst case and the
//! caller-covers-callee check.

use budget::{display, HopReport, Lang};
use leptos::prelude::*;

use super::traced_number::number_cell;
use crate::format;
use crate::highlight::HopRows;
use crate::i18n::{t, ui_lang};
use crate::keyed::ListOf;

/// The hops of the report, keyed by segment: a keystroke redraws the hops it changed, not
/// the table.
pub const HOPS: ListOf<String, HopReport, HopRows> = ListOf {
    items: |r| &r.hops,
    rows: |n| &n.hops,
    key: |h| h.segment.clone(),
};

/// The header cells of the hops table, in the UI language `ui`: segment, per try, tries,
/// worst, wait, callee worst, slack, verdict, formula (and, under it, what the hop's retries
/// repeat when its retry conditions are known). The numbers show the rows they come from
/// ([`number_cell`]).
pub fn hop_head(ui: Lang) -> impl IntoView {
    view! {
        <th scope="col" role="columnheader">{t(ui, "col-segment")}</th>
        <th scope="col" role="columnheader" class="num">{t(ui, "col-per-try")}</th>
        <th scope="col" role="columnheader" class="num">{t(ui, "col-tries")}</th>
        <th scope="col" role="columnheader" class="num">{t(ui, "col-worst")}</th>
        <th scope="col" role="columnheader" class="num">{t(ui, "col-wait")}</th>
        <th scope="col" role="columnheader" class="num">{t(ui, "col-callee-worst")}</th>
        <th scope="col" role="columnheader" class="num">{t(ui, "col-slack")}</th>
        <th scope="col" role="columnheader">{t(ui, "col-verdict")}</th>
        <th scope="col" role="columnheader">{t(ui, "col-formula")}</th>
    }
}

/// The table row of one hop, its values written in `lang`, each with the rows behind it.
pub fn hop_row(hop: &HopReport, rows: HopRows, lang: Lang) -> impl IntoView {
    let code = display::verdict_code(hop.verdict);
    let per_try = display::duration_or_unknown(lang, hop.per_try_ms);
    let tries = format::tries(hop.tries);
    let worst = display::duration_or_unknown(lang, hop.worst_ms);
    let wait = display::duration_or_unknown(lang, hop.wait_ms);
    // What the check compares the wait with: `∞` when the callee waits without bound.
    let callee_worst = display::need(lang, hop.callee_worst_ms, hop.verdict);
    let slack = display::slack(lang, hop.slack_ms);
    let repeats = display::repeats(lang, hop);
    let ui = ui_lang();
    let cell = |testid, heading, word, text, rows| {
        number_cell(&hop.segment, lang, testid, heading, word, text, rows)
    };
    view! {
        <tr data-testid=format!("hop-{}", hop.segment) class=format!("verdict-{code}") role="row">
            <th scope="row" role="rowheader" data-testid="segment">{hop.segment.clone()}</th>
            {cell("per-try", t(ui, "col-per-try"), t(ui, "word-per-try"), per_try, rows.per_try)}
            {cell("tries", t(ui, "col-tries"), t(ui, "word-tries"), tries, rows.tries)}
            {cell("worst", t(ui, "col-worst"), t(ui, "word-worst"), worst, rows.worst)}
            {cell("wait", t(ui, "col-wait"), t(ui, "word-wait"), wait, rows.wait)}
            {cell("callee-worst", t(ui, "col-callee-worst"), t(ui, "word-callee-worst"), callee_worst, rows.callee_worst)}
            {cell("slack", t(ui, "col-slack"), t(ui, "word-slack"), slack, rows.slack)}
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
