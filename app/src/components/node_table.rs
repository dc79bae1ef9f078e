//! The nodes table ([`super::report::ReportTable`]): each node's need, deadline, slack and
//! verdict.

use budget::{display, Lang, NodeReport};
use leptos::prelude::*;

use super::traced_number::number_cell;
use crate::highlight::NodeRows;
use crate::i18n::{t, ui_lang};
use crate::keyed::ListOf;

/// The nodes of the report, keyed by name: a keystroke redraws the nodes it changed, not
/// the table.
pub const NODES: ListOf<String, NodeReport, NodeRows> = ListOf {
    items: |r| &r.nodes,
    rows: |n| &n.nodes,
    key: |n| n.name.clone(),
};

/// The header cells of the nodes table, in the UI language `ui`: name, need, deadline,
/// slack, verdict, formula. The need, deadline and slack show the rows they come from
/// ([`number_cell`]).
pub fn node_head(ui: Lang) -> impl IntoView {
    view! {
        <th scope="col" role="columnheader">{t(ui, "col-node")}</th>
        <th scope="col" role="columnheader" class="num">{t(ui, "col-need")}</th>
        <th scope="col" role="columnheader" class="num">{t(ui, "col-deadline")}</th>
        <th scope="col" role="columnheader" class="num">{t(ui, "col-slack")}</th>
        <th scope="col" role="columnheader">{t(ui, "col-verdict")}</th>
        <th scope="col" role="columnheader">{t(ui, "col-formula")}</th>
    }
}

/// The table row of one node, its values written in `lang`, each with the rows behind it.
pub fn node_row(node: &NodeReport, rows: NodeRows, lang: Lang) -> impl IntoView {
    let code = display::verdict_code(node.verdict);
    let need = display::need(lang, node.need_ms, node.verdict);
    let deadline = display::duration_or_unknown(lang, node.deadline_ms);
    let slack = display::slack(lang, node.slack_ms);
    let ui = ui_lang();
    let cell = |testid, heading, word, text, rows| {
        number_cell(&node.name, lang, testid, heading, word, text, rows)
    };
    view! {
        <tr data-testid=format!("node-{}", node.name) class=format!("verdict-{code}") role="row">
            <th scope="row" role="rowheader" data-testid="name">{node.name.clone()}</th>
            {cell("need", t(ui, "col-need"), t(ui, "word-need"), need, rows.need)}
            {cell("deadline", t(ui, "col-deadline"), t(ui, "word-deadline"), deadline, rows.deadline)}
            {cell("slack", t(ui, "col-slack"), t(ui, "word-slack"), slack, rows.slack)}
            <td data-testid="verdict" role="cell">
                <span class=format!("verdict verdict-{code}")>
                    {display::verdict(lang, node.verdict)}
                </span>
            </td>
            <td class="formula" data-testid="formula" role="cell">{node.formula.clone()}</td>
        </tr>
    }
}
