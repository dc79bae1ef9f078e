//! A number of the report that shows where it comes from: focusable, labelled with its rows,
//! and lighting those grid rows while the pointer is over it or it has the focus (through
//! the listeners of the report around it, [`crate::components::report::ReportPanel`]).

use budget::{display, Lang};
use leptos::either::Either;
use leptos::prelude::*;

use crate::format;
use crate::highlight::{rows_attribute, Highlight};

/// What a traced number is drawn as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A table cell (`<td>`) of the nodes or hops table.
    Cell,
    /// A part of a line of text (`<span>`), as in a finding's numbers.
    Part,
}

/// A number and the rows behind it. With rows, and where the page provides a
/// [`Highlight`], it is reachable with the keyboard (`tabindex="0"`), its accessible name is
/// `label` (`"app need 15.5 s: rows 5–10"`), and its rows are in its `data-rows`
/// (`"5 6 7 8 9 10"`), which the report's one set of listeners reads
/// ([`Highlight::point_at`]): hovering or focusing it lights them in the grid until the
/// pointer leaves or the focus moves on. Without rows it is plain text. It has no listeners
/// of its own: a report of a few thousand numbers is redrawn without a few thousand closures.
#[component]
pub fn TracedNumber(
    /// A cell or a part of a line.
    shape: Shape,
    /// Its test id (`need`, `worst`, ...).
    testid: &'static str,
    /// Classes besides `traced-number` (`num` for a table cell).
    #[prop(optional)]
    class: &'static str,
    /// The number as shown (`15.5 s`).
    text: String,
    /// Its accessible name, with the rows (`app need 15.5 s: rows 5–10`).
    label: String,
    /// The rows behind it, sorted.
    rows: Vec<usize>,
    /// A table cell's column header, in its `data-label`: on a phone, where the tables are
    /// drawn as cards, each number is shown under it.
    #[prop(optional, into)]
    heading: Option<String>,
) -> impl IntoView {
    let traced = Highlight::from_context().is_some() && !rows.is_empty();
    let class = match (traced, class.is_empty()) {
        (true, true) => "traced-number".to_string(),
        (true, false) => format!("{class} traced-number"),
        (false, _) => class.to_string(),
    };
    let class = (!class.is_empty()).then_some(class);
    let tabindex = traced.then_some("0");
    let label = traced.then_some(label);
    let data_rows = traced.then(|| rows_attribute(&rows));
    // `Either`, not `into_any`: a type-erased view carries code the islands never run.
    match shape {
        Shape::Cell => Either::Left(view! {
            <td
                class=class
                data-testid=testid
                tabindex=tabindex
                aria-label=label
                data-rows=data_rows
                data-label=heading
                role="cell"
            >
                {text}
            </td>
        }),
        // A span has no role of its own to carry a name: `group` does.
        Shape::Part => Either::Right(view! {
            <span
                class=class
                data-testid=testid
                role=traced.then_some("group")
                tabindex=tabindex
                aria-label=label
                data-rows=data_rows
            >
                {text}
            </span>
        }),
    }
}

/// A number of the nodes or hops table as its cell (`<td class="num">`): `text` under the
/// column header `heading`, named `"{subject} {word} {text}: rows …"` with the rows written
/// in `lang` (`"app need 15.5 s: rows 5–10"`).
pub fn number_cell(
    subject: &str,
    lang: Lang,
    testid: &'static str,
    heading: String,
    word: String,
    text: String,
    rows: Vec<usize>,
) -> impl IntoView {
    let label = format::number_label(subject, &word, &text, &display::row_ranges(lang, &rows));
    view! {
        <TracedNumber
            shape=Shape::Cell
            class="num"
            testid=testid
            heading=heading
            label=label
            text=text
            rows=rows
        />
    }
}
