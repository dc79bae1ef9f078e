//! The save status beside the sheet's title ("Saved", "Saving…" or "Not saved: …"), and the
//! choice offered for each cell someone else changed while the page edited it.

use leptos::prelude::*;

use budget::Column;

use crate::autosave::OpenConflict;
use crate::save_status::SaveStatus;

/// The status line; a failed save shows as an error banner.
#[component]
pub fn SaveStatusLine(
    /// The current status.
    #[prop(into)]
    status: Signal<SaveStatus>,
) -> impl IntoView {
    let failed =
        move || status.with(|s| matches!(s, SaveStatus::Failed(_) | SaveStatus::Conflicts(_)));
    view! {
        <p
            class=move || status.with(SaveStatus::class)
            data-testid="save-status"
            role=move || if failed() { "alert" } else { "status" }
            aria-live="polite"
        >
            {move || status.with(SaveStatus::text)}
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
    move || {
        let open = conflicts.get();
        (!open.is_empty()).then(|| {
            let items = open
                .into_iter()
                .map(|o| {
                    let c = o.conflict;
                    let (row_id, column) = (c.row_id, c.column);
                    let place = match (c.line, column) {
                        (Some(line), Some(col)) => {
                            format!("Row {line}, {}", col.header(budget::Lang::En))
                        }
                        (None, Some(col)) => {
                            format!("A deleted row, {}", col.header(budget::Lang::En))
                        }
                        (Some(line), None) => format!("Row {line}"),
                        (None, None) => "A row".to_string(),
                    };
                    let quoted = |t: &Option<String>| {
                        t.as_ref()
                            .map_or_else(|| "(deleted)".to_string(), |t| format!("“{t}”"))
                    };
                    let text = match column {
                        Some(_) => format!(
                            "{place}: yours {}, theirs {} (it was “{}”).",
                            quoted(&c.mine),
                            quoted(&c.theirs),
                            c.base
                        ),
                        None => format!("{place} was changed elsewhere, so it was not deleted."),
                    };
                    view! {
                        <li data-testid="conflict-item">
                            <span data-testid="conflict-text">{text}</span>
                            " "
                            <button
                                type="button"
                                class="button primary"
                                data-testid="keep-mine"
                                on:click=move |_| keep_mine.run((row_id, column))
                            >
                                {if column.is_some() { "Keep mine" } else { "Delete it anyway" }}
                            </button>
                            " "
                            <button
                                type="button"
                                class="button"
                                data-testid="take-theirs"
                                on:click=move |_| take_theirs.run((row_id, column))
                            >
                                {if column.is_some() { "Take theirs" } else { "Keep the row" }}
                            </button>
                        </li>
                    }
                })
                .collect::<Vec<_>>();
            view! {
                <div class="banner banner-error conflict" role="alert" data-testid="conflict">
                    <p>
                        "Someone else changed these cells after you started editing them. "
                        "Your other edits are saved; choose for each of these."
                    </p>
                    <ul class="conflicts">{items}</ul>
                </div>
            }
        })
    }
}

/// What only the combination of the page's changes with someone else's causes (an inversion
/// neither made alone), from the last save that merged them; nothing when there is none.
#[component]
pub fn CombinedFindings(
    /// The findings ([`crate::autosave::Autosave::combined`]).
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
                    <p>"Merged with changes saved elsewhere, your edits cause what neither caused alone:"</p>
                    <ul>{items}</ul>
                </div>
            }
        })
    }
}
