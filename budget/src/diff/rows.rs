//! The cells of a diff: which row of one sheet is which row of the other, and what changed
//! in each (`budget-model.md` has no rows of its own here: this is the review's part).
//!
//! Rows are matched by id when both sides have them (the store's rows), else by content:
//! identical rows first, then rows of the same segment and item, then of the same segment
//! and setting name, each time in sheet order. Whatever is left is added or removed. A
//! matched row is *moved* when it is not on the longest run of matched rows that kept their
//! order, so that a row inserted at the top is one added row and nothing else.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::map::Map;
use crate::sheet::{Column, Row};

/// How [`diff`](super::diff) tells which row of the first sheet is which of the second.
#[derive(Clone, Copy, Debug)]
pub enum Match<'a> {
    /// By content ([`pair_by_content`]): for two TSV files, which carry no ids.
    Content,
    /// By the rows' stable ids (the store's), one per row of each sheet, in sheet order;
    /// an id on both sides is one row, whatever its position or content.
    Ids {
        /// The first sheet's row ids.
        before: &'a [i64],
        /// The second sheet's row ids.
        after: &'a [i64],
    },
}

/// What changed in the rows: added, removed, moved and changed rows. Lines count data rows
/// from 1, each in its own sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RowsDiff {
    /// Rows only in the second sheet, in its order.
    pub added: Vec<AddedRow>,
    /// Rows only in the first sheet, in its order.
    pub removed: Vec<RemovedRow>,
    /// Rows in both whose order among the others changed, in the second sheet's order.
    pub moved: Vec<MovedRow>,
    /// Rows in both with at least one changed cell, in the second sheet's order.
    pub changed: Vec<ChangedRow>,
}

impl RowsDiff {
    /// Whether no row was added, removed, moved or changed.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.removed.is_empty()
            && self.moved.is_empty()
            && self.changed.is_empty()
    }

    /// The number of changed cells, added and removed rows counted as none.
    pub fn changed_cells(&self) -> usize {
        self.changed.iter().map(|c| c.cells.len()).sum()
    }
}

/// A row only in the second sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AddedRow {
    /// Its line in the second sheet.
    pub line: usize,
    /// Its id, when rows were matched by id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    /// Its cells.
    pub row: Row,
}

/// A row only in the first sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RemovedRow {
    /// Its line in the first sheet.
    pub line: usize,
    /// Its id, when rows were matched by id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    /// Its cells.
    pub row: Row,
}

/// A row in both sheets whose place among the others changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MovedRow {
    /// Its line in the first sheet.
    pub before_line: usize,
    /// Its line in the second sheet.
    pub after_line: usize,
    /// Its id, when rows were matched by id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
}

/// A row in both sheets with changed cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChangedRow {
    /// Its line in the first sheet.
    pub before_line: usize,
    /// Its line in the second sheet.
    pub after_line: usize,
    /// Its id, when rows were matched by id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    /// Every changed cell, in column order.
    pub cells: Vec<CellEdit>,
}

/// One changed cell: its text before and after, exactly as typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CellEdit {
    /// The column.
    pub column: Column,
    /// The text in the first sheet.
    pub before: String,
    /// The text in the second sheet.
    pub after: String,
}

/// For each row of `after`, the index of the row of `before` it is (0-based), or `None` for a
/// new row, matched by content: identical rows first, then the same segment and item, then
/// the same segment and setting name (trimmed, case ignored), each in sheet order. Each row
/// of `before` is matched at most once. Linear in the rows (hash maps).
///
/// The store gives an imported sheet's rows the ids of the rows they match, so that
/// re-importing an edited export is a small diff.
///
/// ```
/// use budget::{diff::pair_by_content, Row};
/// let row = |segment: &str, item: &str, value: &str| Row {
///     segment: segment.into(), item: item.into(), value: value.into(), ..Row::default()
/// };
/// let before = [row("LB -> app", "read timeout", "10s"), row("app", "deadline", "8s")];
/// let after = [row("app", "deadline", "8s"), row("x", "own", "1s"), row("LB -> app", "read timeout", "20s")];
/// assert_eq!(pair_by_content(&before, &after), vec![Some(1), None, Some(0)]);
/// ```
pub fn pair_by_content(before: &[Row], after: &[Row]) -> Vec<Option<usize>> {
    let mut pairs: Vec<Option<usize>> = vec![None; after.len()];
    let mut taken = vec![false; before.len()];
    let key_exact = |r: &Row| -> String {
        let mut k = String::new();
        for c in Column::ALL {
            k.push_str(r.cell(c));
            k.push('\u{1f}');
        }
        k
    };
    let key_item = |r: &Row| -> Option<String> {
        let (s, i) = (r.segment.trim(), r.item.trim());
        (!s.is_empty() || !i.is_empty())
            .then(|| format!("{}\u{1f}{}", s.to_lowercase(), i.to_lowercase()))
    };
    let key_setting = |r: &Row| -> Option<String> {
        let (s, n) = (r.segment.trim(), r.setting.trim());
        (!n.is_empty() && !crate::value::is_not_set(n))
            .then(|| format!("{}\u{1f}{}", s.to_lowercase(), n.to_lowercase()))
    };
    pass(before, after, &mut pairs, &mut taken, |r| {
        Some(key_exact(r))
    });
    pass(before, after, &mut pairs, &mut taken, key_item);
    pass(before, after, &mut pairs, &mut taken, key_setting);
    pairs
}

/// One matching pass: the rows of `after` still unmatched take, in order, the first
/// unmatched row of `before` with the same key.
fn pass(
    before: &[Row],
    after: &[Row],
    pairs: &mut [Option<usize>],
    taken: &mut [bool],
    key: impl Fn(&Row) -> Option<String>,
) {
    let mut open: Map<String, VecDeque<usize>> = Map::default();
    for (i, row) in before.iter().enumerate() {
        if !taken[i] {
            if let Some(k) = key(row) {
                open.entry(k).or_default().push_back(i);
            }
        }
    }
    if open.is_empty() {
        return;
    }
    for (j, row) in after.iter().enumerate() {
        if pairs[j].is_some() {
            continue;
        }
        let Some(k) = key(row) else { continue };
        if let Some(i) = open.get_mut(&k).and_then(VecDeque::pop_front) {
            pairs[j] = Some(i);
            taken[i] = true;
        }
    }
}

/// For each row of `after`, the index of the row of `before` with the same id; `None` for a
/// new id. An id repeated within one sheet matches once (its first row).
pub fn pair_by_ids(before: &[i64], after: &[i64]) -> Vec<Option<usize>> {
    let mut index: Map<i64, usize> = Map::default();
    for (i, id) in before.iter().enumerate() {
        index.entry(*id).or_insert(i);
    }
    after.iter().map(|id| index.remove(id)).collect()
}

/// The rows diff of two sheets, given for each row of `after` the row of `before` it is
/// (from [`pair_by_content`] or [`pair_by_ids`]), and the ids, when there are any.
pub(crate) fn rows_diff(
    before: &[Row],
    after: &[Row],
    pairs: &[Option<usize>],
    ids: Option<(&[i64], &[i64])>,
) -> RowsDiff {
    let id_before = |i: usize| ids.and_then(|(b, _)| b.get(i).copied());
    let id_after = |j: usize| ids.and_then(|(_, a)| a.get(j).copied());
    let mut matched = vec![false; before.len()];
    for i in pairs.iter().flatten() {
        matched[*i] = true;
    }
    let kept = kept_in_order(pairs);
    let mut out = RowsDiff::default();
    for (j, pair) in pairs.iter().enumerate() {
        match *pair {
            None => out.added.push(AddedRow {
                line: j + 1,
                id: id_after(j),
                row: after[j].clone(),
            }),
            Some(i) => {
                if !kept[j] {
                    out.moved.push(MovedRow {
                        before_line: i + 1,
                        after_line: j + 1,
                        id: id_after(j),
                    });
                }
                let cells: Vec<CellEdit> = Column::ALL
                    .into_iter()
                    .filter(|c| before[i].cell(*c) != after[j].cell(*c))
                    .map(|c| CellEdit {
                        column: c,
                        before: before[i].cell(c).to_string(),
                        after: after[j].cell(c).to_string(),
                    })
                    .collect();
                if !cells.is_empty() {
                    out.changed.push(ChangedRow {
                        before_line: i + 1,
                        after_line: j + 1,
                        id: id_after(j),
                        cells,
                    });
                }
            }
        }
    }
    for (i, row) in before.iter().enumerate() {
        if !matched[i] {
            out.removed.push(RemovedRow {
                line: i + 1,
                id: id_before(i),
                row: row.clone(),
            });
        }
    }
    out
}

/// Which matched rows of `after` kept their order: those on one longest increasing run of
/// their `before` indices (patience sorting, `O(n log n)`). The others moved.
fn kept_in_order(pairs: &[Option<usize>]) -> Vec<bool> {
    // tails[k]: the position in `pairs` of the smallest last element of a run of length k + 1.
    let mut tails: Vec<usize> = Vec::new();
    let mut prev: Vec<Option<usize>> = vec![None; pairs.len()];
    for (j, pair) in pairs.iter().enumerate() {
        let Some(i) = *pair else { continue };
        let k = tails.partition_point(|&t| pairs[t].is_some_and(|x| x < i));
        prev[j] = k.checked_sub(1).map(|k| tails[k]);
        if k == tails.len() {
            tails.push(j);
        } else {
            tails[k] = j;
        }
    }
    let mut kept = vec![false; pairs.len()];
    let mut at = tails.last().copied();
    while let Some(j) = at {
        kept[j] = true;
        at = prev[j];
    }
    kept
}

/// Why [`apply`] cannot apply a rows diff to a sheet: it was made against other rows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// A line the diff names is not in the sheet.
    #[error("line {0} is not in the sheet")]
    NoSuchLine(usize),
    /// A cell does not hold the text the diff changes.
    #[error("line {line}, {column:?}: the sheet has {found:?}, the diff changes {expected:?}")]
    CellDiffers {
        /// The line of the first sheet.
        line: usize,
        /// The column.
        column: Column,
        /// What the diff expected.
        expected: String,
        /// What the sheet holds.
        found: String,
    },
    /// The diff's lines do not make a sheet (two rows on one line, or a gap).
    #[error("the diff's lines do not fit together")]
    Inconsistent,
}

/// Applies a rows diff to the sheet it was made from: the result is the second sheet, row for
/// row. The rows neither removed, moved nor changed keep their order and fill the lines the
/// diff leaves free.
///
/// # Errors
///
/// [`ApplyError`] when the diff was not made from `before` (a line it names is missing, a
/// changed cell holds other text) or its lines do not fit together.
pub fn apply(before: &[Row], diff: &RowsDiff) -> Result<Vec<Row>, ApplyError> {
    place_all(
        before,
        diff,
        &|a: &AddedRow| Ok(a.row.clone()),
        &|c: &ChangedRow, row: &Row| changed(row, c),
        &|_: &MovedRow, row: &Row| Ok(row.clone()),
    )
}

/// [`apply`] to rows with their ids (the store's): the ids of added rows come from the
/// diff, which must have been made by id.
///
/// # Errors
///
/// As [`apply`]; [`ApplyError::Inconsistent`] also for an added row without an id.
pub fn apply_keyed(before: &[(i64, Row)], diff: &RowsDiff) -> Result<Vec<(i64, Row)>, ApplyError> {
    place_all(
        before,
        diff,
        &|a: &AddedRow| Ok((a.id.ok_or(ApplyError::Inconsistent)?, a.row.clone())),
        &|c: &ChangedRow, (id, row): &(i64, Row)| Ok((*id, changed(row, c)?)),
        &|_: &MovedRow, keyed: &(i64, Row)| Ok(keyed.clone()),
    )
}

/// The diff that undoes `diff`: applied to the second sheet it gives the first.
///
/// ```
/// use budget::{diff, Lang, Row, Sheet};
/// let row = |v: &str| Row { segment: "a -> b".into(), item: "read timeout".into(), value: v.into(), ..Row::default() };
/// let (before, after) = (vec![row("1s"), row("2s")], vec![row("3s")]);
/// let d = diff::diff(&Sheet::new(Lang::En, before.clone()), &Sheet::new(Lang::En, after.clone()), diff::Match::Content);
/// assert_eq!(diff::apply(&after, &diff::reverse(&d.rows)).unwrap(), before);
/// ```
pub fn reverse(diff: &RowsDiff) -> RowsDiff {
    let mut changed: Vec<ChangedRow> = diff
        .changed
        .iter()
        .map(|c| ChangedRow {
            before_line: c.after_line,
            after_line: c.before_line,
            id: c.id,
            cells: c
                .cells
                .iter()
                .map(|e| CellEdit {
                    column: e.column,
                    before: e.after.clone(),
                    after: e.before.clone(),
                })
                .collect(),
        })
        .collect();
    changed.sort_by_key(|c| c.after_line);
    let mut moved: Vec<MovedRow> = diff
        .moved
        .iter()
        .map(|m| MovedRow {
            before_line: m.after_line,
            after_line: m.before_line,
            id: m.id,
        })
        .collect();
    moved.sort_by_key(|m| m.after_line);
    RowsDiff {
        added: diff
            .removed
            .iter()
            .map(|r| AddedRow {
                line: r.line,
                id: r.id,
                row: r.row.clone(),
            })
            .collect(),
        removed: diff
            .added
            .iter()
            .map(|a| RemovedRow {
                line: a.line,
                id: a.id,
                row: a.row.clone(),
            })
            .collect(),
        moved,
        changed,
    }
}

/// `row` with the cells of `c` changed, each of which must hold `c`'s text before.
fn changed(row: &Row, c: &ChangedRow) -> Result<Row, ApplyError> {
    let mut row = row.clone();
    for cell in &c.cells {
        let found = row.cell(cell.column);
        if found != cell.before {
            return Err(ApplyError::CellDiffers {
                line: c.before_line,
                column: cell.column,
                expected: cell.before.clone(),
                found: found.to_string(),
            });
        }
        *row.cell_mut(cell.column) = cell.after.clone();
    }
    Ok(row)
}

type Made<'a, T, D> = &'a dyn Fn(&D, &T) -> Result<T, ApplyError>;

/// What [`apply`] and [`apply_keyed`] share: the lines of the second sheet filled from the
/// added, changed and moved rows, then from the rows the diff does not name, in order.
fn place_all<T: Clone>(
    before: &[T],
    diff: &RowsDiff,
    added: &dyn Fn(&AddedRow) -> Result<T, ApplyError>,
    change: Made<'_, T, ChangedRow>,
    moved: Made<'_, T, MovedRow>,
) -> Result<Vec<T>, ApplyError> {
    let len = (before.len() + diff.added.len())
        .checked_sub(diff.removed.len())
        .ok_or(ApplyError::Inconsistent)?;
    let mut out: Vec<Option<T>> = vec![None; len];
    let get = |line: usize| -> Result<&T, ApplyError> {
        line.checked_sub(1)
            .and_then(|i| before.get(i))
            .ok_or(ApplyError::NoSuchLine(line))
    };
    let place = |out: &mut Vec<Option<T>>, line: usize, item: T| -> Result<(), ApplyError> {
        let slot = line
            .checked_sub(1)
            .and_then(|j| out.get_mut(j))
            .ok_or(ApplyError::Inconsistent)?;
        if slot.is_some() {
            return Err(ApplyError::Inconsistent);
        }
        *slot = Some(item);
        Ok(())
    };
    // Each line of `before` is used once: removed, changed (a changed row that also moved
    // is placed by its change) or moved; the rest fill the free lines.
    let mut used = vec![false; before.len()];
    for r in &diff.removed {
        get(r.line)?;
        if std::mem::replace(&mut used[r.line - 1], true) {
            return Err(ApplyError::Inconsistent);
        }
    }
    for a in &diff.added {
        place(&mut out, a.line, added(a)?)?;
    }
    for c in &diff.changed {
        let item = change(c, get(c.before_line)?)?;
        if std::mem::replace(&mut used[c.before_line - 1], true) {
            return Err(ApplyError::Inconsistent);
        }
        place(&mut out, c.after_line, item)?;
    }
    for m in &diff.moved {
        let item = moved(m, get(m.before_line)?)?;
        if used[m.before_line - 1] {
            continue;
        }
        used[m.before_line - 1] = true;
        place(&mut out, m.after_line, item)?;
    }
    let free: Vec<usize> = out
        .iter()
        .enumerate()
        .filter(|(_, r)| r.is_none())
        .map(|(j, _)| j)
        .collect();
    let rest: Vec<&T> = before
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(t, _)| t)
        .collect();
    if free.len() != rest.len() {
        return Err(ApplyError::Inconsistent);
    }
    for (j, t) in free.into_iter().zip(rest) {
        out[j] = Some(t.clone());
    }
    out.into_iter()
        .map(|r| r.ok_or(ApplyError::Inconsistent))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A read timeout row of `segment`.
    fn row(segment: &str, value: &str) -> Row {
        Row::new(segment, "read timeout", value)
    }

    #[test]
    fn a_row_inserted_at_the_top_is_one_added_row() {
        let before = vec![row("a -> b", "1s"), row("b -> c", "2s")];
        let after = vec![
            row("x -> a", "9s"),
            row("a -> b", "1s"),
            row("b -> c", "2s"),
        ];
        let pairs = pair_by_content(&before, &after);
        let d = rows_diff(&before, &after, &pairs, None);
        assert_eq!(d.added.len(), 1);
        assert_eq!(d.added[0].line, 1);
        assert!(d.removed.is_empty() && d.moved.is_empty() && d.changed.is_empty());
        assert_eq!(apply(&before, &d).unwrap(), after);
    }

    #[test]
    fn a_row_moved_to_the_end_is_one_moved_row_with_its_change() {
        let before = vec![
            row("a -> b", "1s"),
            row("b -> c", "2s"),
            row("c -> d", "3s"),
        ];
        let after = vec![
            row("b -> c", "2s"),
            row("c -> d", "3s"),
            row("a -> b", "5s"),
        ];
        let d = rows_diff(&before, &after, &pair_by_content(&before, &after), None);
        assert_eq!(
            d.moved,
            vec![MovedRow {
                before_line: 1,
                after_line: 3,
                id: None
            }]
        );
        assert_eq!(
            d.changed[0].cells,
            vec![CellEdit {
                column: Column::Value,
                before: "1s".into(),
                after: "5s".into()
            }]
        );
        assert_eq!(apply(&before, &d).unwrap(), after);
    }

    #[test]
    fn ids_match_rows_whatever_their_content() {
        let before = vec![row("a -> b", "1s"), row("b -> c", "2s")];
        let after = vec![row("b -> c", "7s"), row("q -> r", "1s")];
        let pairs = pair_by_ids(&[10, 11], &[11, 12]);
        assert_eq!(pairs, vec![Some(1), None]);
        let d = rows_diff(&before, &after, &pairs, Some((&[10, 11], &[11, 12])));
        assert_eq!(d.removed[0].id, Some(10));
        assert_eq!(d.added[0].id, Some(12));
        assert_eq!(d.changed[0].id, Some(11));
        assert_eq!(apply(&before, &d).unwrap(), after);
    }

    #[test]
    fn applying_to_other_rows_is_refused_with_the_cell() {
        let before = vec![row("a -> b", "1s")];
        let after = vec![row("a -> b", "2s")];
        let d = rows_diff(&before, &after, &pair_by_content(&before, &after), None);
        let other = vec![row("a -> b", "3s")];
        assert_eq!(
            apply(&other, &d).unwrap_err().to_string(),
            "line 1, Value: the sheet has \"3s\", the diff changes \"1s\""
        );
    }
}
