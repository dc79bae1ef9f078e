//! The save status beside the sheet's title ("Saved", "Saving…" or "Not saved: …"), and the
//! choice offered when a save was refused because the sheet was saved elsewhere.

use leptos::prelude::*;

/// Where the sheet's latest edits stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveStatus {
    /// Everything typed is saved.
    Saved,
    /// Edits are waiting for the debounce or on their way to the server.
    Saving,
    /// The last save failed; the edits are still in the inputs. Holds the reason.
    Failed(String),
    /// The last save was refused: the sheet was saved elsewhere (another tab, another
    /// person) at revision `current`. The edits are still in the inputs; nothing is sent
    /// until the user chooses.
    Conflict {
        /// The revision stored now.
        current: i64,
    },
}

impl SaveStatus {
    /// The text shown: `"Saved"`, `"Saving…"`, `"Not saved: <reason>"` or, in a conflict,
    /// `"Not saved: changed elsewhere"`.
    pub fn text(&self) -> String {
        match self {
            SaveStatus::Saved => "Saved".to_string(),
            SaveStatus::Saving => "Saving…".to_string(),
            SaveStatus::Failed(reason) => format!("Not saved: {reason}"),
            SaveStatus::Conflict { .. } => "Not saved: changed elsewhere".to_string(),
        }
    }

    /// The CSS class of the status line.
    pub fn class(&self) -> &'static str {
        match self {
            SaveStatus::Saved => "save-status saved",
            SaveStatus::Saving => "save-status saving",
            SaveStatus::Failed(_) | SaveStatus::Conflict { .. } => {
                "save-status banner banner-error"
            }
        }
    }
}

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
    let conflict = move || status.with(|s| matches!(s, SaveStatus::Conflict { .. }));
    view! {
        <Show when=conflict>
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
        </Show>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_save_says_why() {
        assert_eq!(SaveStatus::Saved.text(), "Saved");
        assert_eq!(SaveStatus::Saving.text(), "Saving…");
        assert_eq!(
            SaveStatus::Failed("offline".into()).text(),
            "Not saved: offline"
        );
        assert_eq!(
            SaveStatus::Conflict { current: 4 }.text(),
            "Not saved: changed elsewhere"
        );
    }
}
