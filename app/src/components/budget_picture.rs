//! The budget picture on the sheet page: the SVG that [`budget::picture`] draws from the
//! latest report, in the page's HTML (readable without JavaScript, printable) and redrawn with
//! every report. Pointing at a part, or focusing it, lights its rows in the grid through the
//! page's [`Highlight`]; clicking a part moves the focus to its first row.
//!
//! The picture is bounded: at most [`BOUNDED_BARS`] bars of each section, the most short of
//! their bounds first, until the user asks for all (the SVG file behind the link is always
//! whole); the section folds away (`<details>`). On a narrow screen the picture gives way to
//! its text alternative, one line per bar, written by the engine.

use budget::picture::{SvgParts, BOUNDED_BARS};
use budget::{Lang, Report};
use leptos::prelude::*;

use crate::editor::grid::focus_cell;
use crate::highlight::{listeners, rows_at, Highlight};
use crate::i18n::{t, t_args, ui_lang};

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
    // Bounded unless the user asked for every bar.
    let show_all = RwSignal::new(false);
    let whole = Memo::new(move |_| {
        let lang = lang.get();
        report.with(|r| budget::picture::picture(r, lang))
    });
    let drawn = Memo::new(move |_| {
        let all = show_all.get();
        whole.with(|p| {
            if all {
                p.clone()
            } else {
                p.most_short(BOUNDED_BARS)
            }
        })
    });
    let parts = Memo::new(move |_| drawn.with(budget::picture::svg_parts));
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
    let grid = crate::editor::state::EditorContext::from_context().map(|e| e.focus);
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
    let total = move || whole.with(|p| p.bars());
    let bounded = move || whole.with(|p| p.most_short(BOUNDED_BARS).hidden > 0);
    let toggle = move || {
        bounded().then(|| {
            view! {
                <p class="budget-bounds">
                    <button
                        type="button"
                        class="button"
                        data-testid="budget-show-all"
                        aria-pressed=move || show_all.get().to_string()
                        on:click=move |_| show_all.update(|all| *all = !*all)
                    >
                        {move || {
                            if show_all.get() {
                                t_args(ui, "budget-show-most-short", [("count", (BOUNDED_BARS * 2).into())])
                            } else {
                                t_args(ui, "budget-show-all", [("count", total().into())])
                            }
                        }}
                    </button>
                </p>
            }
        })
    };
    // The text alternative, shown instead of the picture on a narrow screen: each drawn bar's
    // name and caption, as the engine writes them.
    let lines = move || {
        drawn.with(|p| {
            p.nodes
                .iter()
                .chain(&p.chain)
                .map(|b| {
                    let class = if b.short_by_ms().is_some() {
                        "inverted"
                    } else if b.unknown {
                        "unknown"
                    } else {
                        ""
                    };
                    view! {
                        <li class=class data-name=b.name.clone()>
                            <strong>{b.name.clone()}</strong>
                            " "
                            {b.caption.clone()}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <section class="budget-pane" aria-labelledby="budget-heading">
            <details open data-testid="budget-details">
                <summary>
                    <h2 id="budget-heading">{t(ui, "budget-title")}</h2>
                </summary>
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
                <ul class="budget-text" data-testid="budget-text">{lines}</ul>
                {toggle}
                <p class="muted">
                    {t(ui, "budget-explained")}
                    " "
                    <a href=format!("/api/v1/sheets/{id}/budget.svg") data-testid="budget-svg-link">
                        {t(ui, "budget-svg")}
                    </a>
                </p>
            </details>
        </section>
    }
}
