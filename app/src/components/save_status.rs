//! The save status beside the sheet's title ("Saved", "Saving…" or "Not saved: …"), and the
//! choice offered for each cell someone else changed while the page edited it.

use leptos::prelude::*;

use budget::Column;

use crate::editor::state::autosave::OpenConflict;
use crate::editor::state::save_status::SaveStatus;
use crate::format;
use crate::i18n::{t, t_args, ui_lang};

/// The status line; a failed save shows as an error banner.
#[component]
pub fn SaveStatusLine(
    /// The current status.
    #[prop(into)]
    status: Signal<SaveStatus>,
) -> impl IntoView {
    let failed =
        move || status.with(|s| matches!(s, SaveStatus::Failed(_) | SaveStatus::Conflicts(_)));
    let ui = ui_lang();
    view! {
        <p
            class=move || status.with(SaveStatus::class)
            data-testid="save-status"
            role=move || if failed() { "alert" } else { "status" }
            aria-live="polite"
        >
            {move || status.with(|s| s.text(ui))}
        </p>
    }
}

/// The cells the page changed that someone else changed too since the page's base: each with
/// its three values and the choice between them. Nothing of them is saved until the user
/// chooses; the rest of the page's edits are saved.
#[component]
pub fn ConflictList(
    /// The open conflicts.
    #[prop(into)]
    conflicts: Signal<Vec<OpenConflict>>,
    /// Keep the page's text (saved over theirs): row id and column.
    keep_mine: Callback<(i64, Option<Column>)>,
    /// Take their text into the page: row id and column.
    take_theirs: Callback<(i64, Option<Column>)>,
) -> impl IntoView {
    let ui = ui_lang();
    move || {
        let open = conflicts.get();
        (!open.is_empty()).then(|| {
            let items = open
                .into_iter()
                .map(|o| {
                    let c = o.conflict;
                    let (row_id, column) = (c.row_id, c.column);
                    let place = match (c.line, column) {
                        (line, Some(col)) => format::cell_place(
                            ui,
                            line,
                            col,
                            "conflict-row-cell",
                            "conflict-deleted-row-cell",
                        ),
                        (Some(line), None) => t_args(ui, "conflict-row", [("line", line.into())]),
                        (None, None) => t(ui, "conflict-a-row"),
                    };
                    let quoted = |text: &Option<String>| match text {
                        Some(text) => t_args(ui, "quoted", [("text", text.as_str().into())]),
                        None => t(ui, "conflict-deleted"),
                    };
                    let text = match column {
                        Some(_) => t_args(
                            ui,
                            "conflict-cell",
                            [
                                ("place", place.into()),
                                ("mine", quoted(&c.mine).into()),
                                ("theirs", quoted(&c.theirs).into()),
                                ("base", c.base.as_str().into()),
                            ],
                        ),
                        None => t_args(ui, "conflict-delete", [("place", place.into())]),
                    };
                    view! {
                        <li data-testid="conflict-item">
                            <span data-testid="conflict-text">{text}</span>
                            " "
                            <ChoiceButton choice=Choice::Mine on_choose=keep_mine row_id column/>
                            " "
                            <ChoiceButton choice=Choice::Theirs on_choose=take_theirs row_id column/>
                        </li>
                    }
                })
                .collect::<Vec<_>>();
            view! {
                <div class="banner banner-error conflict" role="alert" data-testid="conflict">
                    <p>{t(ui, "conflict-explained")}</p>
                    <ul class="conflicts">{items}</ul>
                </div>
            }
        })
    }
}

/// The two ways to settle a conflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// Keep the page's text (or delete the row anyway).
    Mine,
    /// Take their text (or keep the row).
    Theirs,
}

/// The button of `choice` for the conflict of row `row_id` in `column` (`None`: the row's
/// delete): a click runs `on_choose` on them.
#[component]
fn ChoiceButton(
    /// Which of the two it is.
    choice: Choice,
    /// What the choice does: [`ConflictList`]'s `keep_mine` or `take_theirs`.
    on_choose: Callback<(i64, Option<Column>)>,
    /// The conflict's row.
    row_id: i64,
    /// The conflict's cell's column; `None` for the row's delete.
    column: Option<Column>,
) -> impl IntoView {
    let ui = ui_lang();
    let (class, testid, label) = match (choice, column.is_some()) {
        (Choice::Mine, true) => ("button primary", "keep-mine", t(ui, "conflict-keep-mine")),
        (Choice::Mine, false) => (
            "button primary",
            "keep-mine",
            t(ui, "conflict-delete-anyway"),
        ),
        (Choice::Theirs, true) => ("button", "take-theirs", t(ui, "conflict-take-theirs")),
        (Choice::Theirs, false) => ("button", "take-theirs", t(ui, "conflict-keep-row")),
    };
    view! {
        <button
            type="button"
            class=class
            data-testid=testid
            on:click=move |_| on_choose.run((row_id, column))
        >
            {label}
        </button>
    }
}

/// What only the combination of the page's changes with someone else's causes (an inversion
/// neither made alone), from the last save that merged them; nothing when there is none.
#[component]
pub fn CombinedFindings(
    /// The findings ([`crate::editor::state::autosave::Autosave::combined`]).
    findings: RwSignal<Vec<budget::Finding>>,
    /// The sheet's language, for the severities.
    #[prop(into)]
    lang: Signal<budget::Lang>,
) -> impl IntoView {
    move || {
        let list = findings.get();
        (!list.is_empty()).then(|| {
            let lang = lang.get();
            let items = list
                .into_iter()
                .map(|f| {
                    let text = format!(
                        "{} {}: {}",
                        budget::display::severity(lang, f.severity),
                        f.code.as_str(),
                        f.message
                    );
                    view! { <li data-testid="combined-finding">{text}</li> }
                })
                .collect::<Vec<_>>();
            view! {
                <div class="banner banner-error" role="status" data-testid="combined">
                    <p>{t(ui_lang(), "combined-explained")}</p>
                    <ul>{items}</ul>
                </div>
            }
        })
    }
}
