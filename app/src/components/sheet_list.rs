//! The list of sheets: each linked to its page, with its numbers, a rename and a delete
//! that asks for confirmation.
//!
//! Rename and Delete are links into the list's mode ([`ListMode`], kept in the address), and
//! the rename and delete forms are [`ActionForm`]s of their server functions: all of it works
//! before hydration and without JavaScript (links, and form posts that redirect back). The
//! list is an island ([`crate::island`]): once hydrated, it follows its mode links in place
//! (the address follows, and Back and Forward move through the modes), and its forms are sent
//! by the page, which loads the list again when one succeeds.

use leptos::either::{Either, EitherOf3};
use leptos::ev::MouseEvent;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::error_line::{failure, ErrorLine};
use super::form::SubmitButton;
use crate::api::{DeleteSheet, RenameSheet};
use crate::format;
use crate::i18n::{t, t_args, ui_lang};
use crate::island::Prop;
use crate::list_mode::ListMode;
use crate::model::{sheet_href, SheetSummary};
use workbench_model::sheet_name::SheetName;

/// One sheet as the list shows it: its summary, with its last change already written, so
/// that what writes times (the `time` crate) stays on the server and out of the wasm.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedSheet {
    /// The sheet's id, name and numbers.
    pub sheet: SheetSummary,
    /// Its last change as the list shows it: `2024-02-29 13:45 UTC`.
    pub changed: String,
    /// Its last change for `<time datetime>`: `2024-02-29T13:45:30Z`.
    pub changed_datetime: String,
    /// Its last change to the second, which tells apart sheets of one name changed in the
    /// same minute: `2024-02-29 13:45:30 UTC`.
    pub changed_exact: String,
}

impl ListedSheet {
    /// `sheet` with its last change written ([`format::utc_time`], [`format::rfc3339`]).
    pub fn new(sheet: SheetSummary, lang: budget::Lang) -> ListedSheet {
        ListedSheet {
            changed: format::utc_time(lang, sheet.updated_at_ms),
            changed_datetime: format::rfc3339(sheet.updated_at_ms),
            changed_exact: format::utc_seconds(lang, sheet.updated_at_ms),
            sheet,
        }
    }
}

pub(crate) use sheet_list_island::SheetList;

/// [`SheetList`] in a private module, as every lazy island is ([`crate::island`]).
mod sheet_list_island {
    use super::*;

    /// The sheets as a table, with the rename and delete forms of their server functions. An
    /// island: its props are in the page as JSON. (Crate-public: the island's generated props
    /// type has no documentation of its own.)
    #[island(lazy)]
    pub(crate) fn SheetList(
        /// The sheets, most recently changed first.
        sheets: Prop<Vec<ListedSheet>>,
        /// The mode of the address the page was loaded at.
        mode: ListMode,
    ) -> impl IntoView {
        crate::island::begin();
        let ui = ui_lang();
        let Prop(sheets) = sheets;
        // `Either` rather than `into_any` here and below: a type-erased view carries code the
        // islands never run.
        if sheets.is_empty() {
            return Either::Left(view! {
                <p class="muted" data-testid="no-sheets">
                    {t(ui, "sheets-none")}
                </p>
            });
        }
        // How many sheets bear each name: a name borne by more than one gets a line under it
        // that tells its sheets apart.
        let mut names = std::collections::HashMap::<String, usize>::new();
        for sheet in &sheets {
            *names.entry(sheet.sheet.name.clone()).or_default() += 1;
        }
        let rename = ServerAction::<RenameSheet>::new();
        let delete = ServerAction::<DeleteSheet>::new();
        let mode = RwSignal::new(mode);
        // Back and Forward after a mode link: the list shows the mode of the address. A no-op on
        // the server.
        let history = window_event_listener(leptos::ev::popstate, move |_| {
            if let Ok(search) = window().location().search() {
                mode.set(ListMode::from_search(&search));
            }
        });
        on_cleanup(move || history.remove());
        // An error belongs to the form it came from: opening another one starts without it.
        Effect::watch(
            move || mode.get(),
            move |_, _, _| {
                rename.value().set(None);
                delete.value().set(None);
            },
            false,
        );
        Either::Right(view! {
            <div class="table-wrap">
                <table class="sheets" data-testid="sheet-list">
                    <thead>
                        <tr>
                            <th scope="col">{t(ui, "sheets-col-name")}</th>
                            <th scope="col" class="num">{t(ui, "sheets-col-rows")}</th>
                            <th scope="col" class="num">{t(ui, "sheets-col-errors")}</th>
                            <th scope="col" class="num">{t(ui, "sheets-col-warnings")}</th>
                            <th scope="col">{t(ui, "sheets-col-changed")}</th>
                            <th scope="col" class="actions">
                                <span class="visually-hidden">{t(ui, "sheets-col-actions")}</span>
                            </th>
                        </tr>
                    </thead>
                    <tbody>
                        {sheets
                            .into_iter()
                            .map(|sheet| {
                                let twin = names.get(sheet.sheet.name.as_str()).is_some_and(|n| *n > 1);
                                view! { <SheetListRow sheet twin mode rename delete/> }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
        })
    }
}

/// A click on a link to the list in mode `to` (`href` is `to.href()`): the list changes mode
/// in place and the address follows, as loading the link would show it. A click that opens
/// the link elsewhere (another button, a modifier key) is left to the browser.
fn follow(mode: RwSignal<ListMode>, to: ListMode) -> impl Fn(MouseEvent) + Copy {
    move |ev: MouseEvent| {
        if ev.button() != 0 || ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.alt_key() {
            return;
        }
        ev.prevent_default();
        if let Ok(history) = window().history() {
            let _ = history.push_state_with_url(
                &leptos::wasm_bindgen::JsValue::NULL,
                "",
                Some(&to.href()),
            );
        }
        mode.set(to);
    }
}

/// One sheet of the list, in the list's `mode` (which is about it, or shows it plainly).
/// A sheet whose name another sheet of the list bears too (`twin`) says under its name which
/// it is: its number (the one in its address), its rows and its last change to the second.
#[component]
fn SheetListRow(
    sheet: ListedSheet,
    twin: bool,
    mode: RwSignal<ListMode>,
    rename: ServerAction<RenameSheet>,
    delete: ServerAction<DeleteSheet>,
) -> impl IntoView {
    let ListedSheet {
        sheet:
            SheetSummary {
                id,
                name,
                rows,
                errors,
                warnings,
                ..
            },
        changed,
        changed_datetime,
        changed_exact,
    } = sheet;
    let ui = ui_lang();
    let list = mode;
    let mode = Memo::new(move |_| list.get().of_sheet(id));

    let link_name = name.clone();
    let input_name = name.clone();
    let name_cell = move || match mode.get() {
        ListMode::Rename(_) => Either::Left(view! {
            <RenameForm id name=input_name.clone() list rename/>
        }),
        _ => {
            let label = link_name.clone();
            let described = twin.then(|| format!("sheet-{id}-same-name"));
            Either::Right(view! {
                <a href=sheet_href(id) data-testid="sheet-link" aria-describedby=described>
                    {label}
                </a>
            })
        }
    };
    let shown_name = name.clone();
    let actions = move || match mode.get() {
        ListMode::ConfirmDelete(_) => EitherOf3::A(view! {
            <DeleteConfirm id name=shown_name.clone() list delete/>
        }),
        ListMode::Rename(_) => EitherOf3::B(()),
        ListMode::Show => EitherOf3::C(view! {
            <ModeLink list to=ListMode::Rename(id) testid="rename-button" label=t(ui, "rename")/>
            <ModeLink
                list
                to=ListMode::ConfirmDelete(id)
                class="button danger"
                testid="delete-button"
                label=t(ui, "delete")
            />
        }),
    };

    view! {
        <tr data-testid="sheet-row" data-sheet-id=id data-sheet-name=name.clone()>
            <td class="name">
                {name_cell}
                {twin.then(|| {
                    let words = t_args(
                        ui,
                        "sheets-same-name",
                        [
                            ("id", id.into()),
                            ("rows", rows.into()),
                            ("changed", changed_exact.as_str().into()),
                        ],
                    );
                    view! {
                        <span class="muted same-name" id=format!("sheet-{id}-same-name") data-testid="sheet-same-name">
                            {words}
                        </span>
                    }
                })}
            </td>
            <td class="num" data-testid="sheet-rows">{rows}</td>
            <td class=count_class(errors, "count-error") data-testid="sheet-errors">
                {errors}
            </td>
            <td class=count_class(warnings, "count-warning") data-testid="sheet-warnings">
                {warnings}
            </td>
            <td data-testid="sheet-updated">
                <time datetime=changed_datetime>{changed}</time>
            </td>
            <td class="actions">{actions}</td>
        </tr>
    }
}

/// The form that renames sheet `id` (now `name`) in place of its link; back to the list
/// (`list`) on Cancel.
#[component]
fn RenameForm(
    id: i64,
    name: String,
    list: RwSignal<ListMode>,
    rename: ServerAction<RenameSheet>,
) -> impl IntoView {
    let ui = ui_lang();
    // The name to edit gets the cursor, selected, as a click on Rename promises
    // (`autofocus` does it when the server sends the form as a page).
    let input = NodeRef::<leptos::html::Input>::new();
    input.on_load(|input| {
        let _ = input.focus();
        // Selected once its value is in, so that typing replaces the old name.
        request_animation_frame(move || input.select());
    });
    view! {
        <ActionForm action=rename attr:class="inline">
            <input type="hidden" name="id" value=id/>
            <input
                node_ref=input
                type="text"
                name="name"
                required
                autofocus
                maxlength=SheetName::MAX_CHARS
                aria-label=t(ui, "rename-label")
                data-testid="rename-input"
                value=name
            />
            <SubmitButton testid="rename-save" pending=rename.pending() label=t(ui, "rename-save")/>
            <ModeLink list to=ListMode::Show testid="rename-cancel" label=t(ui, "cancel")/>
        </ActionForm>
        <ErrorLine error=failure(rename) testid="sheet-row-error"/>
    }
}

/// A link that puts the list (`list`) in mode `to`: in place where the island runs, by its
/// address where it does not.
#[component]
fn ModeLink(
    /// The list's mode.
    list: RwSignal<ListMode>,
    /// The mode the link is to.
    to: ListMode,
    /// Its classes: `button` unless said otherwise.
    #[prop(default = "button")]
    class: &'static str,
    /// Its `data-testid`.
    testid: &'static str,
    /// Its text.
    label: String,
) -> impl IntoView {
    view! {
        <a href=to.href() class=class data-testid=testid data-noscroll="true" on:click=follow(list, to)>
            {label}
        </a>
    }
}

/// The question whether to delete sheet `id` (named `name`), with its Delete and Cancel.
#[component]
fn DeleteConfirm(
    id: i64,
    name: String,
    list: RwSignal<ListMode>,
    delete: ServerAction<DeleteSheet>,
) -> impl IntoView {
    let ui = ui_lang();
    let question = t_args(ui, "delete-question", [("name", name.as_str().into())]);
    view! {
        <ActionForm action=delete>
            <span class="confirm" role="alert" data-testid="delete-confirmation">
                {question}
                <input type="hidden" name="id" value=id/>
                <SubmitButton class="button danger" testid="delete-confirm" pending=delete.pending() label=t(ui, "delete")/>
                <ModeLink list to=ListMode::Show testid="delete-cancel" label=t(ui, "cancel")/>
            </span>
        </ActionForm>
        <ErrorLine error=failure(delete) testid="sheet-row-error"/>
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

#[cfg(test)]
mod tests {
    use super::*;
    use budget::Lang;

    #[test]
    fn a_listed_sheet_has_its_last_change_written_for_the_list_and_for_datetime() {
        let summary = SheetSummary {
            id: 7,
            name: "plan".into(),
            lang: Lang::En,
            rows: 12,
            errors: 1,
            warnings: 0,
            updated_at_ms: 1_709_214_330_000,
        };
        let listed = ListedSheet::new(summary.clone(), Lang::En);
        assert_eq!(listed.sheet, summary);
        assert_eq!(listed.changed, "2024-02-29 13:45 UTC");
        assert_eq!(listed.changed_datetime, "2024-02-29T13:45:30Z");
        assert_eq!(listed.changed_exact, "2024-02-29 13:45:30 UTC");
        let listed = ListedSheet::new(summary, Lang::Ja);
        assert_eq!(listed.changed, "2024年2月29日 13:45 UTC");
        assert_eq!(listed.changed_exact, "2024年2月29日 13:45:30 UTC");
        assert_eq!(listed.changed_datetime, "2024-02-29T13:45:30Z");
    }
}
