//! The line above the grid that says why a paste was refused.

use budget::Lang;
use leptos::prelude::*;

/// The line above the grid that says why the grid refused a paste, shown until the next
/// edit or paste; shared with the cells through the [`super::EditorContext`].
#[derive(Clone, Copy, Debug)]
pub struct GridNotice {
    /// The refusal shown, if any.
    pub message: RwSignal<Option<String>>,
    /// The sheet's header language, in which the refusal names a column.
    pub lang: Signal<Lang>,
}

impl GridNotice {
    /// Shows `message`.
    pub fn say(&self, message: String) {
        self.message.set(Some(message));
    }

    /// Takes the refusal away, if one is shown.
    pub fn clear(&self) {
        if self.message.with_untracked(Option::is_some) {
            self.message.set(None);
        }
    }
}
