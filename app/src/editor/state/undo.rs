//! Undo and redo on the sheet page: every edit of the grid (a cell's typing, a
//! paste, a row added, deleted or moved, a default filled), a fix applied from the report and
//! an import are each one step; Ctrl/Cmd+Z undoes it,
//! Ctrl/Cmd+Shift+Z and Ctrl+Y redo it, at least [`STEPS`] steps back, for as long as the page
//! is open. A step is the rows as they were before it, each with its draft's key, so that
//! undoing a delete brings the row back as the row it was (its comments and its place in a
//! merge follow the key) and undoing an edit leaves the other rows' inputs alone.

use budget::Row;
use leptos::prelude::*;

use crate::editor::state::draft::DraftRow;

/// How many steps the history keeps (the oldest goes first).
pub const STEPS: usize = 200;

/// The rows at one moment: each draft's key and cells.
pub type Snapshot = Vec<(u64, Row)>;

/// The undo and redo stacks, without signals (the rules, tested on their own).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stacks {
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
}

impl Stacks {
    /// Records `before`, the rows before an edit: a new step, and the redo stack is cleared.
    /// A step equal to the last one is not recorded twice.
    pub fn record(&mut self, before: Snapshot) {
        if self.undo.last() != Some(&before) {
            self.undo.push(before);
            if self.undo.len() > STEPS {
                self.undo.remove(0);
            }
        }
        self.redo.clear();
    }

    /// The rows to go back to from `now`, which becomes a redo step; `None` with nothing to
    /// undo.
    pub fn undo(&mut self, now: Snapshot) -> Option<Snapshot> {
        let back = self.undo.pop()?;
        self.redo.push(now);
        Some(back)
    }

    /// The rows to go forward to from `now`, which becomes an undo step; `None` with nothing
    /// to redo.
    pub fn redo(&mut self, now: Snapshot) -> Option<Snapshot> {
        let forward = self.redo.pop()?;
        self.undo.push(now);
        Some(forward)
    }

    /// How many steps can be undone and redone.
    pub fn depth(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }
}

/// The rows of `drafts` as a snapshot (read without tracking).
pub fn snapshot(drafts: &[DraftRow]) -> Snapshot {
    drafts.iter().map(|d| (d.key, d.to_row())).collect()
}

/// The drafts that show `snapshot`: a draft whose key is in it keeps its inputs, with the
/// cells that differ set; a key no draft has any more (a deleted row) gets a new draft.
pub fn restore(drafts: &[DraftRow], snapshot: &Snapshot) -> Vec<DraftRow> {
    snapshot
        .iter()
        .map(|(key, row)| match drafts.iter().find(|d| d.key == *key) {
            Some(d) => {
                d.show(row, |_| false);
                *d
            }
            None => DraftRow::new(*key, row),
        })
        .collect()
}

/// The grid's history, shared by its rows and cells through context.
#[derive(Clone, Copy, Debug)]
pub struct History {
    rows: RwSignal<Vec<DraftRow>>,
    stacks: StoredValue<Stacks>,
    /// The owner the history was made under (the page's or the grid's): a row an undo
    /// brings back is made under it, so that it outlives the row whose keys did the undo
    /// (undoing an import replaces every row).
    owner: StoredValue<Owner>,
}

impl History {
    /// Creates the history of `rows` (the editor's: [`super::EditorContext`]).
    pub fn new(rows: RwSignal<Vec<DraftRow>>) -> History {
        History {
            rows,
            stacks: StoredValue::new(Stacks::default()),
            owner: StoredValue::new(Owner::current().unwrap_or_default()),
        }
    }

    /// Call before an edit: the rows as they are now become an undo step.
    pub fn record(&self) {
        let now = self.rows.with_untracked(|rs| snapshot(rs));
        self.stacks.update_value(|s| s.record(now));
    }

    /// Undoes the last step; whether there was one.
    pub fn undo(&self) -> bool {
        self.step(Stacks::undo)
    }

    /// Redoes the last undone step; whether there was one.
    pub fn redo(&self) -> bool {
        self.step(Stacks::redo)
    }

    fn step(&self, take: fn(&mut Stacks, Snapshot) -> Option<Snapshot>) -> bool {
        let now = self.rows.with_untracked(|rs| snapshot(rs));
        let Some(to) = self.stacks.try_update_value(|s| take(s, now)).flatten() else {
            return false;
        };
        let owner = self.owner.get_value();
        let drafts = owner.with(|| self.rows.with_untracked(|rs| restore(rs, &to)));
        self.rows.set(drafts);
        true
    }
}

/// Whether a key press is undo (`Some(false)`), redo (`Some(true)`) or neither: Ctrl/Cmd+Z,
/// Ctrl/Cmd+Shift+Z, Ctrl+Y.
pub fn undo_key(key: &str, ctrl_or_meta: bool, shift: bool) -> Option<bool> {
    if !ctrl_or_meta {
        return None;
    }
    match key {
        "z" | "Z" => Some(shift),
        "y" | "Y" if !shift => Some(true),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snap(values: &[(u64, &str)]) -> Snapshot {
        values
            .iter()
            .map(|(k, v)| {
                (
                    *k,
                    Row {
                        value: v.to_string(),
                        ..Row::default()
                    },
                )
            })
            .collect()
    }

    #[test]
    fn undo_goes_back_step_by_step_and_redo_forward_until_a_new_edit() {
        let mut stacks = Stacks::default();
        stacks.record(snap(&[(0, "1s")]));
        stacks.record(snap(&[(0, "2s")]));
        assert_eq!(stacks.undo(snap(&[(0, "3s")])), Some(snap(&[(0, "2s")])));
        assert_eq!(stacks.undo(snap(&[(0, "2s")])), Some(snap(&[(0, "1s")])));
        assert_eq!(stacks.undo(snap(&[(0, "1s")])), None);
        assert_eq!(stacks.redo(snap(&[(0, "1s")])), Some(snap(&[(0, "2s")])));
        assert_eq!(stacks.depth(), (1, 1));
        // A new edit drops what could be redone.
        stacks.record(snap(&[(0, "2s")]));
        assert_eq!(stacks.depth(), (2, 0));
        // The same rows twice are one step.
        stacks.record(snap(&[(0, "2s")]));
        assert_eq!(stacks.depth(), (2, 0));
        assert_eq!(stacks.redo(snap(&[(0, "9s")])), None);
    }

    #[test]
    fn the_history_keeps_its_last_steps() {
        let mut stacks = Stacks::default();
        for i in 0..STEPS as u64 + 50 {
            stacks.record(snap(&[(i, "x")]));
        }
        assert_eq!(stacks.depth(), (STEPS, 0));
        let mut oldest = None;
        while let Some(s) = stacks.undo(Vec::new()) {
            oldest = Some(s);
        }
        assert_eq!(oldest, Some(snap(&[(50, "x")])));
    }

    #[test]
    fn restoring_brings_a_deleted_row_back_with_its_key() {
        let owner = Owner::new();
        owner.set();
        let drafts = crate::editor::state::draft::drafts(
            &[
                Row {
                    value: "1s".into(),
                    ..Row::default()
                },
                Row {
                    value: "2s".into(),
                    ..Row::default()
                },
            ],
            0,
        );
        let before = snapshot(&drafts);
        // Row 0 deleted, row 1 edited.
        let after = vec![drafts[1]];
        after[0].cell(budget::Column::Value).set("5s".into());
        let back = restore(&after, &before);
        assert_eq!(snapshot(&back), before);
        assert_eq!(back[1], drafts[1], "the kept row keeps its inputs");
        assert_eq!(undo_key("z", true, false), Some(false));
        assert_eq!(undo_key("Z", true, true), Some(true));
        assert_eq!(undo_key("y", true, false), Some(true));
        assert_eq!(undo_key("z", false, false), None);
    }
}
