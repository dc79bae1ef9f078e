//! The save status beside the sheet's title ("Saved", "Saving…" or "Not saved: …"), and the
//! choice offered when a save was refused because the sheet was saved elsewhere.

use leptos::prelude::*;

use crate::save_status::SaveStatus;

/// The status line; a failed save shows as an error banner.
#[component]
pub fn SaveStatusLine(
    /// The current status.
    #[prop(into)]
    status: Signal<SaveStatus>,
) -> impl IntoView {
    let failed =
        move || status.with(|s| matches!(s, SaveStatus::Failed(_) | SaveStatus::Conflict { .. }));
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

/// Shown while a save is refused because the sheet was saved elsewhere: says so, and offers
/// to save the page's rows over the others or to load the saved version instead.
#[component]
pub fn ConflictChoice(
    /// The current status; the choice shows only in a conflict.
    #[prop(into)]
    status: Signal<SaveStatus>,
    /// "Save mine": the page's rows replace the ones saved elsewhere.
    keep_mine: Callback<()>,
    /// "Load the saved version": the page shows the rows saved elsewhere; its edits go.
    load_saved: Callback<()>,
) -> impl IntoView {
    // What `<Show>` does (a memo of the condition), without its type-erased children: their
    // erased view carries code the islands never run.
    let conflict = Memo::new(move |_| status.with(|s| matches!(s, SaveStatus::Conflict { .. })));
    move || {
        conflict.get().then(|| {
            view! {
            <div class="banner banner-error conflict" role="alert" data-testid="conflict">
                <p>
                    "This sheet was saved in another tab or by someone else after this page "
                    "loaded it. Your edits are still here and are not saved."
                </p>
                <p class="buttons">
                    <button
                        type="button"
                        class="button primary"
                        data-testid="keep-mine"
                        on:click=move |_| keep_mine.run(())
                    >
                        "Save mine over theirs"
                    </button>
                    <button
                        type="button"
                        class="button"
                        data-testid="load-saved"
                        on:click=move |_| load_saved.run(())
                    >
                        "Load the saved version (drops my edits)"
                    </button>
                </p>
            </div>
            }
        })
    }
}
