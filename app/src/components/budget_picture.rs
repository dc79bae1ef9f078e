//! The budget picture on the sheet page (issue 10 §2): the SVG that [`budget::picture`] draws
//! from the latest report, in the page's HTML (readable without JavaScript, printable) and
//! redrawn with every report. Pointing at a part, or focusing it, lights its rows in the grid
//! through the page's [`Highlight`]; clicking a part moves the focus to its first row.

use budget::{Lang, Report};
use leptos::prelude::*;

use super::grid::focus_cell;
use crate::highlight::Highlight;
use crate::i18n::{t, ui_lang};

/// The rows of the picture's part under `target`: its `data-rows` (`"6 7 8"`), read from the
/// element or its nearest ancestor that has one; `None` outside a part.
fn rows_at(target: Option<web_sys::EventTarget>) -> Option<Vec<usize>> {
    use wasm_bindgen::JsCast;
    let element = target?.dyn_into::<web_sys::Element>().ok()?;
    let part = element.closest("[data-rows]").ok()??;
    let rows: Vec<usize> = part
        .get_attribute("data-rows")?
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    (!rows.is_empty()).then_some(rows)
}

/// The picture of `report`, its words in `lang`, with a link to the same picture as a file.
#[component]
pub fn BudgetPicture(
    /// The sheet's id, for the link to `budget.svg`.
    id: i64,
    /// The latest report.
    #[prop(into)]
    report: Signal<Report>,
    /// The sheet's language.
    #[prop(into)]
    lang: Signal<Lang>,
) -> impl IntoView {
    let svg = Memo::new(move |_| {
        let lang = lang.get();
        report.with(|r| budget::picture::svg(&budget::picture::picture(r, lang)))
    });
    let highlight = Highlight::from_context();
    let on_over = move |ev: leptos::ev::MouseEvent| {
        if let Some(h) = highlight {
            h.hover(rows_at(ev.target()));
        }
    };
    let on_out = move |_| {
        if let Some(h) = highlight {
            h.hover(None);
        }
    };
    let on_focus = move |ev: leptos::ev::FocusEvent| {
        if let Some(h) = highlight {
            h.focus(rows_at(ev.target()));
        }
    };
    let on_blur = move |_| {
        if let Some(h) = highlight {
            h.focus(None);
        }
    };
    // Clicking a part selects its rows and takes the user to the first: the focus moves to
    // that row's first cell, which scrolls it into view.
    let grid = crate::selection::GridFocus::from_context();
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some(rows) = rows_at(ev.target()) else {
            return;
        };
        if let Some(&first) = rows.first() {
            if let Some(grid) = grid {
                grid.pick_rows(rows);
            }
            focus_cell(first, 0);
        }
    };
    let ui = ui_lang();
    view! {
        <section class="budget-pane" aria-labelledby="budget-heading">
            <h2 id="budget-heading">{t(ui, "budget-title")}</h2>
            <div
                class="budget-frame"
                data-testid="budget-picture"
                on:mouseover=on_over
                on:mouseout=on_out
                on:focusin=on_focus
                on:focusout=on_blur
                on:click=on_click
                inner_html=move || svg.get()
            ></div>
            <p class="muted">
                {t(ui, "budget-explained")}
                " "
                <a href=format!("/api/v1/sheets/{id}/budget.svg") data-testid="budget-svg-link">
                    {t(ui, "budget-svg")}
                </a>
            </p>
        </section>
    }
}
