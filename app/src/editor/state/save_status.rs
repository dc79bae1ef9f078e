//! Where the sheet's latest edits stand: the state the autosave keeps and the save status
//! line shows ([`crate::components::save_status`]), in a module of its own so that the
//! autosave and the components depend on it and not on each other.

use budget::Lang;

use crate::i18n::{t, t_args};

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
    /// The text shown in `lang`: `"Saved"`, `"Saving…"`, `"Not saved: <reason>"` or, with
    /// conflicts, `"Not saved: 1 cell changed elsewhere"`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            SaveStatus::Saved => t(lang, "save-saved"),
            SaveStatus::Saving => t(lang, "save-saving"),
            SaveStatus::Failed(reason) => {
                t_args(lang, "save-failed", [("reason", reason.as_str().into())])
            }
            SaveStatus::Conflicts(n) => t_args(lang, "save-conflicts", [("count", (*n).into())]),
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
        assert_eq!(SaveStatus::Saved.text(Lang::En), "Saved");
        assert_eq!(SaveStatus::Saving.text(Lang::En), "Saving…");
        assert_eq!(
            SaveStatus::Failed("offline".into()).text(Lang::En),
            "Not saved: offline"
        );
        assert_eq!(
            SaveStatus::Conflicts(1).text(Lang::En),
            "Not saved: 1 cell changed elsewhere"
        );
        assert_eq!(
            SaveStatus::Conflicts(2).text(Lang::En),
            "Not saved: 2 cells changed elsewhere"
        );
        assert_eq!(SaveStatus::Saved.text(Lang::Ja), "保存しました");
        assert_eq!(
            SaveStatus::Conflicts(2).text(Lang::Ja),
            "保存していません：ほかで変更されたセル 2"
        );
    }
}
