//! The budget picture on the sheet page (issue 10 §2): the SVG that [`budget::picture`] draws
//! from the latest report, in the page's HTML (readable without JavaScript, printable) and
//! redrawn with every report. Pointing at a part, or focusing it, lights its rows in the grid
//! through the page's [`Highlight`]; clicking a part moves the focus to its first row.

use budget::picture::SvgParts;
use budget::{Lang, Report};
use leptos::prelude::*;

use super::grid::focus_cell;
use crate::highlight::{listeners, rows_at, Highlight};
use crate::i18n::{t, ui_lang};

/// Redraws the picture in `frame` from `before` to `now`: each child of the `<svg>` that
/// differs is replaced where it is, or the whole picture when its size, scale or number of
/// children changed (or the page's picture is not the one `before` describes).
fn redraw(frame: &web_sys::HtmlDivElement, before: &SvgParts, now: &SvgParts) {
    if before == now {
        return;
    }
    let svg = frame.first_element_child();
    let same_shape = before.open == now.open
        && before.children.len() == now.children.len()
        && svg
            .as_ref()
            .is_some_and(|s| s.child_element_count() as usize == now.children.len());
    let (Some(svg), true) = (svg, same_shape) else {
        frame.set_inner_html(&now.joined());
        return;
    };
    let children = svg.children();
    for (i, (was, is)) in before.children.iter().zip(&now.children).enumerate() {
        if was != is {
            if let Some(child) = children.item(i as u32) {
                child.set_outer_html(is);
            }
        }
    }
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
    let parts = Memo::new(move |_| {
        let lang = lang.get();
        report.with(|r| budget::picture::svg_parts(&budget::picture::picture(r, lang)))
    });
    // The server writes the whole picture into the page; the browser then redraws only the
    // bars that change with a report (a keystroke changes a few of hundreds).
    let frame = NodeRef::<leptos::html::Div>::new();
    let shown = StoredValue::new(parts.get_untracked());
    Effect::new(move |_| {
        parts.with(|now| {
            if let Some(frame) = frame.get_untracked() {
                shown.with_value(|before| redraw(&frame, before, now));
            }
            shown.set_value(now.clone());
        });
    });
    let highlight = Highlight::from_context();
    let (on_over, on_out, on_focus, on_blur) = listeners(highlight);
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
                node_ref=frame
                inner_html=shown.with_value(|p| p.joined())
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
