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
