//! Where the sheet's latest edits stand: the state the autosave keeps and the save status
//! line shows ([`crate::components::save_status`]), in a module of its own so that the
//! autosave and the components depend on it and not on each other.

/// Where the sheet's latest edits stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveStatus {
    /// Everything typed is saved.
    Saved,
    /// Edits are waiting for the debounce or on their way to the server.
    Saving,
    /// The last save failed; the edits are still in the inputs. Holds the reason.
    Failed(String),
    /// Cells the page changed were also changed elsewhere (another tab, another person)
    /// since the page's base: those `n` cells are not saved and wait for the user's choice
    /// (the rest of the page's edits are saved).
    Conflicts(usize),
}

impl SaveStatus {
    /// The text shown: `"Saved"`, `"Saving…"`, `"Not saved: <reason>"` or, with conflicts,
    /// `"Not saved: 1 cell changed elsewhere"`.
    pub fn text(&self) -> String {
        match self {
            SaveStatus::Saved => "Saved".to_string(),
            SaveStatus::Saving => "Saving…".to_string(),
            SaveStatus::Failed(reason) => format!("Not saved: {reason}"),
            SaveStatus::Conflicts(1) => "Not saved: 1 cell changed elsewhere".to_string(),
            SaveStatus::Conflicts(n) => format!("Not saved: {n} cells changed elsewhere"),
        }
    }

    /// The CSS class of the status line.
    pub fn class(&self) -> &'static str {
        match self {
            SaveStatus::Saved => "save-status saved",
            SaveStatus::Saving => "save-status saving",
            SaveStatus::Failed(_) | SaveStatus::Conflicts(_) => "save-status banner banner-error",
        }
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
            SaveStatus::Conflicts(2).text(),
            "Not saved: 2 cells changed elsewhere"
        );
    }
}
