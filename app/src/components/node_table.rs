//! The nodes table: each node's need, deadline, slack and verdict.

use budget::{display, Lang, NodeReport, Report};
use leptos::prelude::*;

use super::traced_number::{Shape, TracedNumber};
use crate::format;
use crate::highlight::{Highlight, NodeRows};
use crate::i18n::{t, ui_lang};
use crate::keyed::KeyedList;

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
    let list = KeyedList::new(
        report,
        numbers,
        |r| &r.nodes,
        |n| &n.nodes,
        |n: &NodeReport| n.name.clone(),
    );
    let ui = ui_lang();
    view! {
        <div class="table-wrap">
            <table class="nodes" role="table">
                <thead role="rowgroup">
                    <tr role="row">
                        <th scope="col" role="columnheader">{t(ui, "col-node")}</th>
                        <th scope="col" role="columnheader" class="num">{t(ui, "col-need")}</th>
                        <th scope="col" role="columnheader" class="num">{t(ui, "col-deadline")}</th>
                        <th scope="col" role="columnheader" class="num">{t(ui, "col-slack")}</th>
                        <th scope="col" role="columnheader">{t(ui, "col-verdict")}</th>
                        <th scope="col" role="columnheader">{t(ui, "col-formula")}</th>
                    </tr>
                </thead>
                <tbody role="rowgroup">
                    // Keyed by name: a keystroke redraws the nodes it changed, not the table.
                    <For each=move || list.keys() key=|k| k.clone() let:key>
                        {
                            let item = list.item(key);
                            move || {
                                let lang = lang.get();
                                item.with(|it| it.as_ref().map(|(n, rows)| node_row(n, rows.clone(), lang)))
                            }
                        }
                    </For>
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
    let ui = ui_lang();
    let label = |word: &str, text: &str, rows: &[usize]| {
        format::number_label(
            &node.name,
            &t(ui, word),
            text,
            &display::row_ranges(lang, rows),
        )
    };
    view! {
        <tr data-testid=format!("node-{}", node.name) class=format!("verdict-{code}") role="row">
            <th scope="row" role="rowheader" data-testid="name">{node.name.clone()}</th>
            <TracedNumber
                shape=Shape::Cell
                class="num"
                testid="need"
                heading=t(ui, "col-need")
                label=label("word-need", &need, &rows.need)
                text=need
                rows=rows.need
            />
            <TracedNumber
                shape=Shape::Cell
                class="num"
                testid="deadline"
                heading=t(ui, "col-deadline")
                label=label("word-deadline", &deadline, &rows.deadline)
                text=deadline
                rows=rows.deadline
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
                    {display::verdict(lang, node.verdict)}
                </span>
            </td>
            <td class="formula" data-testid="formula" role="cell">{node.formula.clone()}</td>
        </tr>
    }
}
