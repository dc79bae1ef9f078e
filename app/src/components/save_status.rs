//! The save status beside the sheet's title: "Saved", "Saving…" or "Not saved: …".

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
}

impl SaveStatus {
    /// The text shown: `"Saved"`, `"Saving…"` or `"Not saved: <reason>"`.
    pub fn text(&self) -> String {
        match self {
            SaveStatus::Saved => "Saved".to_string(),
            SaveStatus::Saving => "Saving…".to_string(),
            SaveStatus::Failed(reason) => format!("Not saved: {reason}"),
        }
    }

    /// The CSS class of the status line.
    pub fn class(&self) -> &'static str {
        match self {
            SaveStatus::Saved => "save-status saved",
            SaveStatus::Saving => "save-status saving",
            SaveStatus::Failed(_) => "save-status banner banner-error",
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
    let failed = move || status.with(|s| matches!(s, SaveStatus::Failed(_)));
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
    }
}
