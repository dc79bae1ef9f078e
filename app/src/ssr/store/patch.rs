//! Changes to single cells, merged per cell: a change carries the text the cell had when the
//! edit started (its base); it lands when the cell still holds that text (or already holds
//! the new one), whatever else changed in the sheet since. A cell someone else changed in
//! between is a conflict with the three values (base, theirs, mine), and then nothing is
//! written, so the caller can show both and choose; no text is thrown away.

use budget::{Column, Row};
use serde::{Deserialize, Serialize};

use super::{next_row_id, next_stamp, read_head, read_keyed_rows, Author, RevisionKind, Store, Tx};
use crate::ssr::error::StoreError;

/// Cell changes, row inserts and row deletes against the rows as the editor saw them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CellPatch {
    /// Cells to change.
    #[serde(default)]
    pub cells: Vec<CellSet>,
    /// Rows to insert.
    #[serde(default)]
    pub insert: Vec<RowInsert>,
    /// Rows to delete.
    #[serde(default)]
    pub delete: Vec<RowDelete>,
    /// A message for the revision (empty: none; a message starts a revision of its own).
    #[serde(default)]
    pub message: String,
}

/// One cell to change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CellSet {
    /// The row's id (`row_ids` of the sheet).
    pub row_id: i64,
    /// The column.
    pub column: Column,
    /// The cell's text when the edit started.
    pub base: String,
    /// The text to write.
    pub value: String,
}

/// A row to insert.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RowInsert {
    /// The row id it goes after; none: at the top. A row deleted since puts it at the end.
    #[serde(default)]
    pub after: Option<i64>,
    /// Its cells.
    pub row: Row,
}

/// A row to delete.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RowDelete {
    /// The row's id.
    pub row_id: i64,
    /// Its cells when the edit started: a row changed since is a conflict, not deleted.
    pub base: Row,
}

/// A cell (or a row to delete) that someone else changed since the edit's base.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CellConflict {
    /// The row's id.
    pub row_id: i64,
    /// The row's line now (data rows from 1); none when it was deleted.
    pub line: Option<usize>,
    /// The column; none for a row delete.
    pub column: Option<Column>,
    /// The text when the edit started (for a row: its cells joined by tabs).
    pub base: String,
    /// The text now; none when the row was deleted.
    pub theirs: Option<String>,
    /// The text the edit wrote; none for a row delete.
    pub mine: Option<String>,
}

/// What a patch did: the sheet's version after it, the revision it made or folded into (none
/// when it changed nothing), and the ids given to the inserted rows, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Patched {
    /// The sheet's version now.
    pub version: i64,
    /// The revision it made or folded into; none when nothing changed.
    pub revision: Option<i64>,
    /// The ids of the inserted rows.
    pub inserted: Vec<i64>,
}

fn tabbed(row: &Row) -> String {
    Column::ALL
        .iter()
        .map(|c| row.cell(*c))
        .collect::<Vec<_>>()
        .join("\t")
}

impl Store {
    /// Applies `patch` to sheet `id` by `author`, merged per cell (see the [module](self)):
    /// one transaction, one revision (or folded into the author's latest).
    ///
    /// # Errors
    ///
    /// [`StoreError::CellConflicts`] when a cell or a row to delete changed since its base
    /// (nothing is written); [`StoreError::NoRow`] for a row id the sheet never had;
    /// [`StoreError::BadCell`] for a cell holding NUL; [`StoreError::NotFound`];
    /// [`StoreError::Db`].
    pub async fn patch_rows(
        &self,
        id: i64,
        patch: &CellPatch,
        author: &Author,
    ) -> Result<Patched, StoreError> {
        let texts: Vec<Row> = patch
            .insert
            .iter()
            .map(|i| i.row.clone())
            .chain(patch.cells.iter().map(|c| {
                let mut r = Row::default();
                *r.cell_mut(c.column) = c.value.clone();
                r
            }))
            .collect();
        budget::tsv::check_cells(&texts)?;
        let mut tx: Tx = self.begin_write().await?;
        // Taking the sheet's row lock first: on PostgreSQL a concurrent patch waits here and
        // then reads the rows this one wrote.
        let stamp = next_stamp(&mut tx).await?;
        let bumped =
            sqlx::query("UPDATE sheets SET updated_at = $1, revision = revision + 1 WHERE id = $2")
                .bind(stamp)
                .bind(id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        if bumped == 0 {
            return Err(StoreError::NotFound(id));
        }
        let (_, version) = read_head(&mut tx, id).await?;
        let current = read_keyed_rows(&mut tx, id).await?;
        let mut next = next_row_id(&mut tx, id).await?;
        let mut rows = current.clone();
        let mut conflicts = Vec::new();
        let mut changed = false;
        let position =
            |rows: &[(i64, Row)], row_id: i64| rows.iter().position(|(i, _)| *i == row_id);
        for set in &patch.cells {
            match position(&rows, set.row_id) {
                Some(p) => {
                    let cell = rows[p].1.cell_mut(set.column);
                    if *cell == set.value {
                        continue;
                    }
                    if *cell == set.base {
                        *cell = set.value.clone();
                        changed = true;
                    } else {
                        conflicts.push(CellConflict {
                            row_id: set.row_id,
                            line: Some(p + 1),
                            column: Some(set.column),
                            base: set.base.clone(),
                            theirs: Some(cell.clone()),
                            mine: Some(set.value.clone()),
                        });
                    }
                }
                None if set.row_id >= 1 && set.row_id < next => conflicts.push(CellConflict {
                    row_id: set.row_id,
                    line: None,
                    column: Some(set.column),
                    base: set.base.clone(),
                    theirs: None,
                    mine: Some(set.value.clone()),
                }),
                None => {
                    return Err(StoreError::NoRow {
                        id,
                        row_id: set.row_id,
                    })
                }
            }
        }
        for del in &patch.delete {
            match position(&rows, del.row_id) {
                // Deleted already: nothing to do.
                None if del.row_id >= 1 && del.row_id < next => {}
                None => {
                    return Err(StoreError::NoRow {
                        id,
                        row_id: del.row_id,
                    })
                }
                Some(p) if rows[p].1 == del.base => {
                    rows.remove(p);
                    changed = true;
                }
                Some(p) => conflicts.push(CellConflict {
                    row_id: del.row_id,
                    line: Some(p + 1),
                    column: None,
                    base: tabbed(&del.base),
                    theirs: Some(tabbed(&rows[p].1)),
                    mine: None,
                }),
            }
        }
        let mut inserted = Vec::new();
        for ins in &patch.insert {
            let at = match ins.after {
                None => 0,
                Some(after) => position(&rows, after).map_or(rows.len(), |p| p + 1),
            };
            rows.insert(at, (next, ins.row.clone()));
            inserted.push(next);
            next += 1;
            changed = true;
        }
        if !conflicts.is_empty() {
            // Dropping the transaction rolls it back: nothing is written.
            return Err(StoreError::CellConflicts {
                id,
                current: version - 1,
                conflicts,
            });
        }
        if !changed {
            return Ok(Patched {
                version: version - 1,
                revision: None,
                inserted,
            });
        }
        let revision = self
            .write_rows(
                &mut tx,
                id,
                version,
                &current,
                &rows,
                next,
                author,
                RevisionKind::Save,
                &patch.message,
            )
            .await?;
        tx.commit().await?;
        Ok(Patched {
            version,
            revision: Some(revision),
            inserted,
        })
    }
}
