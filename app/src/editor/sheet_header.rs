//! The lines at the top of the sheet editor: what changed since an earlier revision (or the
//! link that shows it), and who the edits are recorded as.

use leptos::either::Either;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::set_author;
use crate::components::form::labelled;
use crate::editor::grid::marks::ChangeMarks;
use crate::i18n::{t, t_args, ui_lang};
use crate::model::SinceRevision;

/// The line under the sheet's name: with `changes` (the address names an earlier revision),
/// what changed since it as the rows are typed (`marks`), and links to hide the changes, to
/// the revision before and to the diff; without, the link that shows the changes.
#[component]
pub(super) fn ChangesLine(
    id: i64,
    changes: Option<SinceRevision>,
    marks: Memo<Option<ChangeMarks>>,
) -> impl IntoView {
    let ui = ui_lang();
    match changes {
        Some(c) => {
            let summary = move || marks.with(|m| m.as_ref().map(|m| m.summary(ui)));
            let earlier = (c.number > 1).then(|| {
                view! {
                    " · "
                    <a href=crate::model::changes_href(id, Some(c.number - 1)) data-testid="changes-earlier">
                        {t_args(ui, "changes-earlier", [("revision", (c.number - 1).into())])}
                    </a>
                }
            });
            Either::Left(view! {
                <p class="changes-note" data-testid="changes-note">
                    <span data-testid="changes-since">
                        {if c.changed_by.is_empty() {
                            t_args(ui, "changes-since-latest", [("revision", c.number.into())])
                        } else {
                            t_args(
                                ui,
                                "changes-since",
                                [
                                    ("revision", c.number.into()),
                                    ("author", c.changed_by.join(&t(ui, "list-separator")).into()),
                                    ("latest", c.latest.into()),
                                ],
                            )
                        }}
                        " "
                        {summary}
                        {t(ui, "sentence-end")}
                    </span>
                    " "
                    {t(ui, "changes-explained")}
                    " "
                    <a href=crate::model::sheet_href(id) data-testid="hide-changes">{t(ui, "changes-hide")}</a>
                    {earlier}
                    " · "
                    <a href=format!("/sheets/{id}/diff?from={}", c.number) data-testid="changes-review">{t(ui, "changes-review")}</a>
                </p>
            })
        }
        None => Either::Right(view! {
            <p class="sheet-links">
                <a href=crate::model::changes_href(id, None) data-testid="show-changes">{t(ui, "changes-show")}</a>
            </p>
        }),
    }
}

/// Who the edits are recorded as: in team mode the signed-in `account`; else the name the
/// user gives (`author`, kept in a cookie by the server), with the form that sets it.
#[component]
pub(super) fn AuthorLine(author: String, account: Option<String>) -> impl IntoView {
    let ui = ui_lang();
    let author = RwSignal::new(author);
    let author_note = RwSignal::new(String::new());
    let save_author = move |_| {
        let name = author.get_untracked();
        spawn_local(async move {
            match set_author(name).await {
                Ok(kept) if kept.is_empty() => {
                    author.set(kept);
                    author_note.set(t(ui, "author-anonymous"));
                }
                Ok(kept) => {
                    author.set(kept.clone());
                    author_note.set(t_args(
                        ui,
                        "author-saved",
                        [("author", kept.as_str().into())],
                    ));
                }
                Err(err) => author_note.set(err.message(ui)),
            }
        });
    };
    match account {
        // Team mode: the history records the account; there is no name to give.
        Some(account) => Either::Left(view! {
            <p class="author muted" data-testid="author-account">
                {t_args(ui, "author-account", [("account", account.into())])}
            </p>
        }),
        None => Either::Right(view! {
            <form class="author" on:submit=move |ev| { ev.prevent_default(); save_author(()); }>
                {labelled(t(ui, "author-label"), view! {
                    <input
                        type="text"
                        maxlength="80"
                        data-testid="author"
                        prop:value=move || author.get()
                        on:input=move |ev| author.set(event_target_value(&ev))
                    />
                })}
                " "
                <button type="submit" class="button" data-testid="save-author">{t(ui, "author-save")}</button>
                " "
                <span class="muted" data-testid="author-note" role="status">{move || author_note.get()}</span>
            </form>
        }),
    }
}
