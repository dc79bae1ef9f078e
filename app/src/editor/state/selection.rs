//! The grid's keyboard focus and its selection of cells, shared by the grid's cells and by
//! the budget picture (a click on a part selects its rows).
//!
//! The grid is one tab stop (the WAI-ARIA grid pattern): [`GridFocus::active`] is the cell
//! that has it. A selection spans from an anchor (where Shift+arrows or a mouse drag started)
//! to the active cell, as in a spreadsheet; or it is a set of whole rows, picked in the
//! picture. Copying a selection of more than one cell puts its cells on the clipboard as the
//! spreadsheets' TSV ([`budget::tsv::copy`]).

use std::collections::HashMap;

use budget::Column;
use leptos::prelude::*;

use crate::editor::state::draft::DraftRow;
use crate::fan_out::FanOut;

/// A cell of the grid by what follows it when rows move: its row's key and its column's
/// index in [`Column::ALL`].
pub type CellKey = (u64, usize);

/// Selected cells: `lines` (1-based, ascending, no repeats) by the columns from `columns.0`
/// to `columns.1` (indexes in [`Column::ALL`], both included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The selected lines, ascending.
    pub lines: Vec<usize>,
    /// The first and last selected column's index.
    pub columns: (usize, usize),
}

impl Selection {
    /// The rectangle between two cells `(line, column)`, in whichever order they are given.
    pub fn between(a: (usize, usize), b: (usize, usize)) -> Selection {
        Selection {
            lines: (a.0.min(b.0)..=a.0.max(b.0)).collect(),
            columns: (a.1.min(b.1), a.1.max(b.1)),
        }
    }

    /// Whole rows: every column of `lines` (in any order; repeats and line 0 dropped).
    pub fn rows(lines: &[usize]) -> Selection {
        let mut lines: Vec<usize> = lines.iter().copied().filter(|l| *l > 0).collect();
        lines.sort_unstable();
        lines.dedup();
        Selection {
            lines,
            columns: (0, Column::ALL.len() - 1),
        }
    }

    /// Whether the cell of column index `column` on `line` is selected.
    pub fn contains(&self, line: usize, column: usize) -> bool {
        (self.columns.0..=self.columns.1).contains(&column)
            && self.lines.binary_search(&line).is_ok()
    }

    /// How many cells are selected.
    pub fn len(&self) -> usize {
        self.lines.len() * (self.columns.1 + 1 - self.columns.0)
    }

    /// Whether no cell is selected.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The selected cells' text, line by line, from `drafts` (lines past the end are left
    /// out).
    pub fn cells(&self, drafts: &[DraftRow]) -> Vec<Vec<String>> {
        self.lines
            .iter()
            .filter_map(|line| drafts.get(line.checked_sub(1)?))
            .map(|row| {
                Column::ALL[self.columns.0..=self.columns.1]
                    .iter()
                    .map(|c| row.cell(*c).get_untracked())
                    .collect()
            })
            .collect()
    }
}

/// The grid's keyboard focus and selection. Copy: all state is in signals owned by the page.
#[derive(Clone, Copy, Debug)]
pub struct GridFocus {
    /// The cell (line, column index) that is the grid's one tab stop, and the end of a
    /// selection that has an anchor.
    pub active: RwSignal<(usize, usize)>,
    /// Where a range selection starts (Shift+arrows, a mouse drag): `None` when only the
    /// active cell is selected.
    pub anchor: RwSignal<Option<(usize, usize)>>,
    /// Whole rows picked in the budget picture; cleared by the next move in the grid.
    pub picked: RwSignal<Option<Vec<usize>>>,
    /// How many lines there are.
    pub lines: Memo<usize>,
    /// What is selected, when it is more than the active cell.
    pub selection: Memo<Option<Selection>>,
    /// Whether a mouse button went down in a cell and is not yet up: moving over other cells
    /// then extends the selection.
    pub dragging: RwSignal<bool>,
    /// The key of the row being dragged by its number to another place, while it is.
    pub dragged_row: StoredValue<Option<u64>>,
    /// Each row's line (from 1), by the row's key: a row reads its own slot, so adding or
    /// moving a row wakes the rows whose line changed, not every row ([`FanOut`]).
    pub row_lines: FanOut<u64, usize>,
    /// Whether each cell is the grid's tab stop: moving the focus wakes the two cells
    /// concerned, not the thousands of a long sheet.
    pub tab_stops: FanOut<CellKey, bool>,
    /// Whether each cell is in the selection: a selection changing wakes the cells that
    /// joined or left it.
    pub selected_cells: FanOut<CellKey, bool>,
}

/// The cell that is the tab stop when `active` is: the first cell when `active`'s row is
/// gone (beyond `lines`).
fn tab_stop(active: (usize, usize), lines: usize) -> (usize, usize) {
    if active.0 > lines {
        (1, 0)
    } else {
        active
    }
}

impl GridFocus {
    /// The focus of a grid of `rows` (the editor's: [`super::EditorContext`]).
    pub fn new(rows: RwSignal<Vec<DraftRow>>) -> GridFocus {
        let active = RwSignal::new((1, 0));
        let anchor = RwSignal::new(None::<(usize, usize)>);
        let picked = RwSignal::new(None::<Vec<usize>>);
        let lines = Memo::new(move |_| rows.with(Vec::len));
        let selection = Memo::new(move |_| {
            let lines = lines.get();
            let within = |s: Selection| {
                let lines = s.lines.into_iter().filter(|l| *l <= lines).collect();
                let s = Selection { lines, ..s };
                (s.len() > 1).then_some(s)
            };
            if let Some(picked) = picked.get() {
                return within(Selection::rows(&picked));
            }
            let anchor = anchor.get()?;
            within(Selection::between(anchor, active.get()))
        });
        let focus = GridFocus {
            active,
            anchor,
            picked,
            lines,
            selection,
            dragging: RwSignal::new(false),
            dragged_row: StoredValue::new(None),
            row_lines: FanOut::new(),
            tab_stops: FanOut::new(),
            selected_cells: FanOut::new(),
        };
        // The three fan-outs, each published by one effect from the rows' lines by key
        // (which changes only when rows are added, removed or moved, not as they are typed).
        let lines_by_key = Memo::new(move |_| {
            rows.with(|rs| {
                rs.iter()
                    .enumerate()
                    .map(|(i, d)| (d.key, i + 1))
                    .collect::<HashMap<u64, usize>>()
            })
        });
        Effect::new(move |_| {
            lines_by_key.with(|by_key| {
                focus
                    .row_lines
                    .publish(|key| by_key.get(key).copied().unwrap_or(0));
            });
        });
        Effect::new(move |_| {
            let stop = tab_stop(active.get(), lines.get());
            lines_by_key.with(|by_key| {
                focus.tab_stops.publish(|(key, column)| {
                    by_key.get(key).is_some_and(|&line| (line, *column) == stop)
                });
            });
        });
        Effect::new(move |_| {
            selection.with(|selection| {
                lines_by_key.with(|by_key| {
                    focus.selected_cells.publish(|(key, column)| {
                        selection.as_ref().is_some_and(|s| {
                            by_key
                                .get(key)
                                .is_some_and(|&line| s.contains(line, *column))
                        })
                    });
                });
            });
        });
        focus
    }

    /// The line of the row with `key` (its slot of [`GridFocus::row_lines`], tracked),
    /// starting from `now`.
    pub fn row_line(&self, key: u64, now: usize) -> ReadSignal<usize> {
        self.row_lines.slot(key, now)
    }

    /// Whether the cell `(line, column)` of row `key` is the tab stop (tracked; its slot of
    /// [`GridFocus::tab_stops`]).
    pub fn tab_stop(&self, key: u64, line: usize, column: usize) -> ReadSignal<bool> {
        let now = untrack(|| tab_stop(self.active.get(), self.lines.get()) == (line, column));
        self.tab_stops.slot((key, column), now)
    }

    /// Whether the cell `(line, column)` of row `key` is selected (tracked; its slot of
    /// [`GridFocus::selected_cells`]).
    pub fn selected(&self, key: u64, line: usize, column: usize) -> ReadSignal<bool> {
        let now = untrack(|| {
            self.selection
                .with(|s| s.as_ref().is_some_and(|s| s.contains(line, column)))
        });
        self.selected_cells.slot((key, column), now)
    }

    /// Forgets the selection: only the active cell is left.
    pub fn collapse(&self) {
        if self.anchor.get_untracked().is_some() {
            self.anchor.set(None);
        }
        if self.picked.get_untracked().is_some() {
            self.picked.set(None);
        }
    }

    /// Extends the selection to `to`, from the anchor, or from the active cell when there is
    /// none yet.
    pub fn extend(&self, to: (usize, usize)) {
        if self.picked.get_untracked().is_some() {
            self.picked.set(None);
        }
        if self.anchor.get_untracked().is_none() {
            self.anchor.set(Some(self.active.get_untracked()));
        }
        self.active.set(to);
    }

    /// Selects the whole rows `lines` (the rows behind a part of the budget picture).
    pub fn pick_rows(&self, lines: Vec<usize>) {
        self.anchor.set(None);
        self.picked.set(Some(lines));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::state::draft;

    #[test]
    fn a_range_spans_its_two_corners_in_either_order() {
        let s = Selection::between((3, 5), (1, 2));
        assert_eq!(
            s,
            Selection {
                lines: vec![1, 2, 3],
                columns: (2, 5)
            }
        );
        assert_eq!(s.len(), 12);
        assert!(s.contains(2, 4));
        assert!(!s.contains(4, 4));
        assert!(!s.contains(2, 6));
        assert_eq!(Selection::rows(&[5, 2, 5, 0]).lines, [2, 5]);
        assert_eq!(Selection::rows(&[5, 2]).len(), 16);
    }

    #[test]
    fn the_selected_cells_are_read_line_by_line() {
        let owner = Owner::new();
        owner.set();
        let rows = [
            budget::Row {
                segment: "LB -> app".into(),
                item: "read timeout".into(),
                value: "10s".into(),
                ..budget::Row::default()
            },
            budget::Row {
                segment: "app -> DB".into(),
                item: "tries and waits".into(),
                value: "=2".into(),
                location: "two\nlines".into(),
                ..budget::Row::default()
            },
        ];
        let drafts = draft::drafts(&rows, 0);
        let cells = Selection::between((1, 1), (3, 2)).cells(&drafts);
        assert_eq!(
            cells,
            [
                ["LB -> app", "read timeout"],
                ["app -> DB", "tries and waits"]
            ]
        );
        let cells = Selection::between((2, 5), (2, 6)).cells(&drafts);
        assert_eq!(budget::tsv::copy(&cells), "'=2\t\"two\nlines\"\n");
    }

    #[test]
    fn one_cell_is_no_selection_and_a_drag_or_a_pick_is() {
        let owner = Owner::new();
        owner.set();
        let rows = RwSignal::new(draft::drafts(&vec![budget::Row::default(); 3], 0));
        let focus = GridFocus::new(rows);
        assert_eq!(focus.selection.get_untracked(), None);
        focus.extend((2, 1));
        assert_eq!(
            focus.selection.get_untracked(),
            Some(Selection::between((1, 0), (2, 1)))
        );
        focus.pick_rows(vec![3, 9]);
        assert_eq!(
            focus.selection.get_untracked().map(|s| s.lines),
            Some(vec![3])
        );
        focus.collapse();
        assert_eq!(focus.selection.get_untracked(), None);
    }
}
