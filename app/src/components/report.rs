//! The report beside the grid: the nodes, the hops and the findings.

use std::hash::Hash;

use budget::fix::Fix;
use budget::{Lang, Report};
use leptos::prelude::*;

use super::findings::FindingList;
use super::hop_table::{hop_head, hop_row, HOPS};
use super::node_table::{node_head, node_row, NODES};
use crate::highlight::{listeners, Highlight};
use crate::i18n::{t, ui_lang};
use crate::keyed::{KeyedList, ListOf};

/// The report of a sheet as three sections. Renders what the engine returned, written by
/// [`budget::display`] in the sheet's language; computes nothing. Its headings and column
/// headers are the page's own words, in the UI language ([`ui_lang`]).
#[component]
pub fn ReportPanel(
    /// The latest report (from the last successful save, or the page load).
    #[prop(into)]
    report: Signal<Report>,
    /// The sheet's language: durations, verdicts, severities and rows labels are written in it.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Applies a checked fix to the sheet as an edit.
    on_apply: Callback<Fix>,
) -> impl IntoView {
    let ui = ui_lang();
    // The numbers' pointer and focus, for all of them at once (each is marked with its rows,
    // [`super::traced_number::TracedNumber`]).
    let (on_over, on_out, on_focus, on_blur) = listeners(Highlight::from_context());
    view! {
        <section
            class="report"
            aria-label=t(ui, "report-label")
            on:mouseover=on_over
            on:mouseout=on_out
            on:focusin=on_focus
            on:focusout=on_blur
        >
            <h2>{t(ui, "report-nodes")}</h2>
            <ReportTable report lang class="nodes" of=NODES head=node_head(ui) row=node_row/>
            <h2>{t(ui, "report-hops")}</h2>
            <ReportTable report lang class="hops" of=HOPS head=hop_head(ui) row=hop_row/>
            <h2>{t(ui, "report-findings")}</h2>
            <FindingList report lang on_apply/>
        </section>
    }
}

/// A table of the report (the nodes, the hops): one row per item of the list `of`, keyed
/// ([`KeyedList`]), under the header cells `head`; each row drawn by `row` in the sheet's
/// language, with the rows behind its numbers.
#[component]
pub fn ReportTable<K, T, R, H, V>(
    /// The latest report.
    report: Signal<Report>,
    /// The sheet's language: durations and verdicts are written in it.
    lang: Signal<Lang>,
    /// The table's class: `nodes`, `hops`.
    class: &'static str,
    /// The list of the report it shows.
    of: ListOf<K, T, R>,
    /// Its header cells, in the UI language.
    head: H,
    /// The row of one item.
    row: fn(&T, R, Lang) -> V,
) -> impl IntoView
where
    K: Hash + Eq + Clone + Send + Sync + 'static,
    T: PartialEq + Clone + Send + Sync + 'static,
    R: PartialEq + Clone + Default + Send + Sync + 'static,
    H: IntoView + 'static,
    V: IntoView + 'static,
{
    let list = KeyedList::new(report, of);
    view! {
        <div class="table-wrap">
            <table class=class role="table">
                <thead role="rowgroup">
                    <tr role="row">{head}</tr>
                </thead>
                <tbody role="rowgroup">{list.view(lang, row)}</tbody>
            </table>
        </div>
    }
}

/// The one-line summary at the top of the sheet page (`"1 inversion, 0 warnings"`), red
/// when there are errors and amber when there are warnings. When the report is not of the
/// rows as saved, it opens with what the report is of (`basis`,
/// [`crate::report_basis::note`]) and is never drawn as clean: rows that are not saved are
/// not a design that holds.
#[component]
pub fn SummaryHeadline(
    /// The latest report.
    #[prop(into)]
    report: Signal<Report>,
    /// The sheet's language: the headline is written in it.
    #[prop(into)]
    lang: Signal<Lang>,
    /// What the report is of, in the page's language, when not the rows as saved.
    #[prop(optional, into)]
    basis: MaybeProp<String>,
) -> impl IntoView {
    let headline = move || report.with(|r| r.summary.headline(lang.get()));
    let class = move || {
        let unsaved = basis.with(Option::is_some);
        report.with(|r| match (r.summary.errors, r.summary.warnings, unsaved) {
            (0, 0, false) => "summary summary-clean",
            (0, _, false) => "summary summary-warning",
            (0, _, true) => "summary summary-warning summary-unsaved",
            (_, _, false) => "summary summary-error",
            (_, _, true) => "summary summary-error summary-unsaved",
        })
    };
    view! {
        <p class=class data-testid="summary" role="status">
            {move || {
                basis
                    .get()
                    .map(|text| {
                        view! {
                            <span class="report-basis" data-testid="report-basis">{text}</span>
                            " "
                        }
                    })
            }}
            <span data-testid="summary-counts">{headline}</span>
        </p>
    }
}
