//! The list of sheets: each linked to its page, with its numbers, a rename and a delete
//! that asks for confirmation.

use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::components::A;

use super::error_line::ErrorLine;
use crate::api::{delete_sheet, rename_sheet};
use crate::error::AppError;
use crate::format;
use crate::model::{sheet_href, SheetSummary};

/// The sheets as a table. `on_change` runs after a rename or delete succeeded.
#[component]
pub fn SheetList(
    /// The sheets, most recently changed first.
    sheets: Vec<SheetSummary>,
    /// Called after a sheet was renamed or deleted.
    on_change: Callback<()>,
) -> impl IntoView {
    if sheets.is_empty() {
        return view! {
            <p class="muted" data-testid="no-sheets">
                "No sheets yet: create one below, start from the example, or import a TSV."
            </p>
        }
        .into_any();
    }
    view! {
        <div class="table-wrap">
            <table class="sheets" data-testid="sheet-list">
                <thead>
                    <tr>
                        <th scope="col">"Name"</th>
                        <th scope="col" class="num">"Rows"</th>
                        <th scope="col" class="num">"Errors"</th>
                        <th scope="col" class="num">"Warnings"</th>
                        <th scope="col">"Last change"</th>
                        <th scope="col" class="actions">
                            <span class="visually-hidden">"Actions"</span>
                        </th>
                    </tr>
                </thead>
                <tbody>
                    {sheets
                        .into_iter()
                        .map(|sheet| view! { <SheetListRow sheet on_change/> })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
    .into_any()
}

/// What a list row shows besides its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The name as a link, and the Rename and Delete buttons.
    Show,
    /// A name input with Save and Cancel.
    Rename,
    /// "Delete …?" with Delete and Cancel.
    ConfirmDelete,
}

/// One sheet of the list.
#[component]
fn SheetListRow(sheet: SheetSummary, on_change: Callback<()>) -> impl IntoView {
    let SheetSummary {
        id,
        name,
        rows,
        errors,
        warnings,
        updated_at_ms,
        ..
    } = sheet;
    let mode = RwSignal::new(Mode::Show);
    let new_name = RwSignal::new(name.clone());
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<AppError>);

    let rename = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        busy.set(true);
        spawn_local(async move {
            match rename_sheet(id, new_name.get_untracked()).await {
                Ok(()) => {
                    error.set(None);
                    mode.set(Mode::Show);
                    on_change.run(());
                }
                Err(err) => error.set(Some(err)),
            }
            busy.set(false);
        });
    };
    let delete = move |_| {
        busy.set(true);
        spawn_local(async move {
            match delete_sheet(id).await {
                Ok(()) => {
                    error.set(None);
                    on_change.run(());
                }
                Err(err) => error.set(Some(err)),
            }
            busy.set(false);
        });
    };
    let start = move |m: Mode| {
        error.set(None);
        mode.set(m);
    };

    let link_name = name.clone();
    let shown_name = name.clone();
    let name_cell = move || {
        match mode.get() {
            Mode::Rename => {
                // The name to edit gets the cursor, selected, as a click on Rename promises.
                let input = NodeRef::<leptos::html::Input>::new();
                input.on_load(|input| {
                    let _ = input.focus();
                    // Selected once its value is in, so that typing replaces the old name.
                    request_animation_frame(move || input.select());
                });
                view! {
            <form class="inline" on:submit=rename>
                <input
                    node_ref=input
                    type="text"
                    required
                    maxlength="200"
                    aria-label="New name"
                    data-testid="rename-input"
                    prop:value=move || new_name.get()
                    on:input=move |ev| new_name.set(event_target_value(&ev))
                />
                <button type="submit" class="button primary" data-testid="rename-save" disabled=busy>
                    "Save"
                </button>
                <button type="button" class="button" data-testid="rename-cancel" on:click=move |_| start(Mode::Show)>
                    "Cancel"
                </button>
            </form>
            }
            .into_any()
            }
            _ => {
                let label = link_name.clone();
                view! {
                    <A href=sheet_href(id) attr:data-testid="sheet-link">
                        {label}
                    </A>
                }
                .into_any()
            }
        }
    };
    let actions = move || {
        match mode.get() {
        Mode::ConfirmDelete => view! {
            <span class="confirm" role="alert" data-testid="delete-confirmation">
                {format!("Delete “{shown_name}”? This cannot be undone. ")}
                <button type="button" class="button danger" data-testid="delete-confirm" disabled=busy on:click=delete>
                    "Delete"
                </button>
                <button type="button" class="button" data-testid="delete-cancel" on:click=move |_| start(Mode::Show)>
                    "Cancel"
                </button>
            </span>
        }
        .into_any(),
        Mode::Rename => ().into_any(),
        Mode::Show => view! {
            <button type="button" class="button" data-testid="rename-button" on:click=move |_| start(Mode::Rename)>
                "Rename"
            </button>
            <button type="button" class="button danger" data-testid="delete-button" on:click=move |_| start(Mode::ConfirmDelete)>
                "Delete"
            </button>
        }
        .into_any(),
    }
    };

    view! {
        <tr data-testid="sheet-row" data-sheet-id=id data-sheet-name=name.clone()>
            <td class="name">{name_cell} <ErrorLine error testid="sheet-row-error"/></td>
            <td class="num" data-testid="sheet-rows">{rows}</td>
            <td class=count_class(errors, "count-error") data-testid="sheet-errors">
                {errors}
            </td>
            <td class=count_class(warnings, "count-warning") data-testid="sheet-warnings">
                {warnings}
            </td>
            <td data-testid="sheet-updated">
                <time datetime=format::rfc3339(updated_at_ms)>{format::utc_time(updated_at_ms)}</time>
            </td>
            <td class="actions">{actions}</td>
        </tr>
    }
}

/// The class of a count cell: `"num"`, plus `flag` when the count is not zero.
fn count_class(count: u32, flag: &str) -> String {
    if count > 0 {
        format!("num {flag}")
    } else {
        "num".to_string()
    }
}
