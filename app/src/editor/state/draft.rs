//! The rows being edited on the sheet page: each cell a signal, so typing in one input
//! touches nothing else, and each row a stable key, so moving a row moves its inputs.

use budget::{Column, Row};
use leptos::prelude::*;

/// One row being edited: a stable key and the eight cells, as typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DraftRow {
    /// Identifies the row across moves and deletions (not its line).
    pub key: u64,
    /// The cells in sheet order ([`Column::ALL`]).
    pub cells: [RwSignal<String>; 8],
}

impl DraftRow {
    /// A draft of `row` with key `key`.
    pub fn new(key: u64, row: &Row) -> DraftRow {
        DraftRow {
            key,
            cells: Column::ALL.map(|c| RwSignal::new(row.cell(c).to_string())),
        }
    }

    /// The row as typed so far (read without tracking).
    pub fn to_row(&self) -> Row {
        Row::from_cells(self.cells.map(|cell| cell.get_untracked()))
    }

    /// The row as typed so far, tracking every cell (for a memo that follows the row).
    pub fn read(&self) -> Row {
        Row::from_cells(self.cells.map(|cell| cell.get()))
    }

    /// The cell of `column`.
    pub fn cell(&self, column: Column) -> RwSignal<String> {
        self.cells[column_index(column)]
    }

    /// Makes the draft show `row`: sets each cell whose text differs (so the others' inputs
    /// stay untouched), except those of the columns `keep` names.
    pub fn show(&self, row: &Row, keep: impl Fn(Column) -> bool) {
        for column in Column::ALL {
            let cell = self.cell(column);
            if !keep(column) && cell.with_untracked(|t| t != row.cell(column)) {
                cell.set(row.cell(column).to_string());
            }
        }
    }
}

/// The position of `column` in [`Column::ALL`].
pub fn column_index(column: Column) -> usize {
    Column::ALL.iter().position(|c| *c == column).unwrap_or(0)
}

/// Drafts of `rows`, keyed from `first_key` upwards.
pub fn drafts(rows: &[Row], first_key: u64) -> Vec<DraftRow> {
    rows.iter()
        .zip(first_key..)
        .map(|(row, key)| DraftRow::new(key, row))
        .collect()
}

/// The rows as typed so far, in order.
pub fn rows(drafts: &[DraftRow]) -> Vec<Row> {
    drafts.iter().map(DraftRow::to_row).collect()
}

/// A key that no row in `drafts` has.
pub fn next_key(drafts: &[DraftRow]) -> u64 {
    drafts.iter().map(|d| d.key + 1).max().unwrap_or(0)
}

/// Makes `drafts` show `rows` (the rows as stored, after a merge or someone else's save),
/// touching as little as it can: a draft that matches a row by content keeps its key and
/// inputs, and only its cells that differ are set; a row without a match gets a new draft.
/// The cells in `keep` (draft key, column) keep their text: a conflict the user has not
/// chosen for yet. Returns the drafts in the order of `rows`.
pub fn adopt(drafts: &[DraftRow], rows: &[Row], keep: &[(u64, Column)]) -> Vec<DraftRow> {
    let current: Vec<Row> = self::rows(drafts);
    let pairs = budget::diff::pair_by_content(&current, rows);
    let mut key = next_key(drafts);
    rows.iter()
        .zip(pairs)
        .map(|(row, pair)| match pair {
            Some(i) => {
                let d = drafts[i];
                d.show(row, |column| keep.contains(&(d.key, column)));
                d
            }
            None => {
                key += 1;
                DraftRow::new(key - 1, row)
            }
        })
        .collect()
}

/// The 1-based line of the row with `key`, if it is in `drafts`.
pub fn line_of(drafts: &[DraftRow], key: u64) -> Option<usize> {
    drafts.iter().position(|d| d.key == key).map(|i| i + 1)
}

/// Swaps the item at `index` with the one before it (`up`) or after it; no change at an end.
/// Returns whether anything moved.
pub fn shift<T>(items: &mut [T], index: usize, up: bool) -> bool {
    let other = if up {
        index.checked_sub(1)
    } else {
        index.checked_add(1)
    };
    match other {
        Some(other) if other < items.len() && index < items.len() => {
            items.swap(index, other);
            true
        }
        _ => false,
    }
}

/// What a row's buttons, its keys and a drag do to the rows ([`act`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowAction {
    /// An empty row before it.
    InsertAbove,
    /// An empty row after it.
    InsertBelow,
    /// A copy of it after it.
    Duplicate,
    /// Swap it with the row before it.
    MoveUp,
    /// Swap it with the row after it.
    MoveDown,
    /// Take it to this index (0-based, among the rows as they are before the move).
    MoveTo(usize),
    /// Remove it.
    Delete,
}

/// Does `action` to the row at `index` (0-based) of `drafts`. Returns the index of the row
/// the focus belongs on afterwards (the new row, the moved row, or the row now where the
/// deleted one was; past the end when none is left), or `None` when nothing changed (a move
/// past an end, an index out of range).
pub fn act(drafts: &mut Vec<DraftRow>, index: usize, action: RowAction) -> Option<usize> {
    if index >= drafts.len() {
        return None;
    }
    let fresh = |drafts: &[DraftRow], row: &Row| DraftRow::new(next_key(drafts), row);
    match action {
        RowAction::InsertAbove => {
            let row = fresh(drafts, &Row::default());
            drafts.insert(index, row);
            Some(index)
        }
        RowAction::InsertBelow => {
            let row = fresh(drafts, &Row::default());
            drafts.insert(index + 1, row);
            Some(index + 1)
        }
        RowAction::Duplicate => {
            let row = fresh(drafts, &drafts[index].to_row());
            drafts.insert(index + 1, row);
            Some(index + 1)
        }
        RowAction::MoveUp => shift(drafts, index, true).then(|| index - 1),
        RowAction::MoveDown => shift(drafts, index, false).then_some(index + 1),
        RowAction::MoveTo(to) => {
            let to = to.min(drafts.len() - 1);
            if to == index {
                return None;
            }
            let row = drafts.remove(index);
            drafts.insert(to, row);
            Some(to)
        }
        RowAction::Delete => {
            drafts.remove(index);
            Some(index.min(drafts.len().saturating_sub(1)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifting_swaps_neighbours_and_stops_at_the_ends() {
        let mut v = vec![1, 2, 3];
        assert!(shift(&mut v, 1, true));
        assert_eq!(v, [2, 1, 3]);
        assert!(shift(&mut v, 1, false));
        assert_eq!(v, [2, 3, 1]);
        assert!(!shift(&mut v, 0, true));
        assert!(!shift(&mut v, 2, false));
        assert_eq!(v, [2, 3, 1]);
    }

    #[test]
    fn drafts_give_back_the_rows_as_typed() {
        Owner::new_root(None).with(drafts_round_trip);
    }

    fn drafts_round_trip() {
        let row = Row {
            layer: "2".into(),
            value: "10秒".into(),
            ..Row::default()
        };
        let d = drafts(&[row.clone(), Row::default()], 5);
        assert_eq!(d.iter().map(|d| d.key).collect::<Vec<_>>(), [5, 6]);
        assert_eq!(rows(&d), vec![row, Row::default()]);
        assert_eq!(next_key(&d), 7);
        assert_eq!(line_of(&d, 6), Some(2));
        assert_eq!(line_of(&d, 9), None);
        d[0].cell(Column::Value).set("3s".into());
        assert_eq!(d[0].to_row().value, "3s");
    }

    #[test]
    fn row_actions_insert_copy_move_and_delete_and_say_where_the_focus_goes() {
        Owner::new_root(None).with(|| {
            let named = |v: &str| Row {
                value: v.into(),
                ..Row::default()
            };
            let mut d = drafts(&[named("a"), named("b"), named("c")], 0);
            let values = |d: &[DraftRow]| d.iter().map(|r| r.to_row().value).collect::<Vec<_>>();
            assert_eq!(act(&mut d, 1, RowAction::InsertAbove), Some(1));
            assert_eq!(values(&d), ["a", "", "b", "c"]);
            assert_eq!(act(&mut d, 3, RowAction::InsertBelow), Some(4));
            assert_eq!(values(&d), ["a", "", "b", "c", ""]);
            assert_eq!(act(&mut d, 2, RowAction::Duplicate), Some(3));
            assert_eq!(values(&d), ["a", "", "b", "b", "c", ""]);
            // The copy is a row of its own: a new key, its own cells.
            assert_ne!(d[2].key, d[3].key);
            d[3].cell(Column::Value).set("b2".into());
            assert_eq!(d[2].to_row().value, "b");
            assert_eq!(act(&mut d, 0, RowAction::MoveTo(4)), Some(4));
            assert_eq!(values(&d), ["", "b", "b2", "c", "a", ""]);
            assert_eq!(act(&mut d, 4, RowAction::MoveTo(4)), None);
            assert_eq!(act(&mut d, 0, RowAction::MoveUp), None);
            assert_eq!(act(&mut d, 1, RowAction::MoveUp), Some(0));
            assert_eq!(act(&mut d, 5, RowAction::MoveDown), None);
            assert_eq!(act(&mut d, 5, RowAction::Delete), Some(4));
            assert_eq!(values(&d), ["b", "", "b2", "c", "a"]);
            assert_eq!(act(&mut d, 9, RowAction::Delete), None);
            let keys: std::collections::BTreeSet<u64> = d.iter().map(|r| r.key).collect();
            assert_eq!(keys.len(), 5);
        });
    }
}
