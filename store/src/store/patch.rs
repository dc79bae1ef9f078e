//! Changes to single cells, merged per cell: a change carries the text the cell had when the
//! edit started (its base); it lands when the cell still holds that text (or already holds
//! the new one), whatever else changed in the sheet since. A cell someone else changed in
//! between is a conflict with the three values (base, theirs, mine): it keeps their text,
//! and the caller shows both and lets the user choose, so no text is thrown away.
//!
//! One policy for every save, the sheet page's and `PATCH`'s alike ([`Store::patch_rows`]):
//! the changes that meet no conflict land, in one transaction and one revision, and the
//! conflicts come back with the answer. A person who typed ten cells, one of which someone
//! else changed meanwhile, keeps the nine in the sheet for everyone to see, and chooses for
//! the tenth. Only a proposal's approval is all or nothing: a reviewer approves the whole
//! change they reviewed, or nothing of it.

use budget::{Column, Row};
use serde::{Deserialize, Serialize};

use super::db::{change_sheet, next_row_id, next_stamp, read_head, read_keyed_rows, Store, Tx};
use super::history::{name_changers, Author, RevisionKind};
use crate::error::StoreError;

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
    /// Rows to move (after the inserts and deletes, in order).
    #[serde(default, rename = "move")]
    pub moves: Vec<RowMove>,
    /// A message for the revision (empty: none; a message starts a revision of its own).
    #[serde(default)]
    pub message: String,
    /// What kind of edit it is: `save` (the default: typing, row edits), `fix` (a fix from the
    /// report applied) or `paste` (a block pasted); any other kind is taken as `save`. A
    /// `fix` or a `paste` is a revision of its own, never folded with the saves around it.
    #[serde(default)]
    pub kind: RevisionKind,
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

/// A row to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RowMove {
    /// The row's id.
    pub row_id: i64,
    /// The row id it goes after; none: to the top. A row deleted since: to the end.
    #[serde(default)]
    pub after: Option<i64>,
}

/// A row to delete.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RowDelete {
    /// The row's id.
    pub row_id: i64,
    /// Its cells when the edit started: a row changed since is a conflict, not deleted.
    pub base: Row,
}

pub use workbench_model::CellConflict;

/// What a patch did: the sheet's version after it, the revision it made or folded into (none
/// when it changed nothing), the ids given to the inserted rows, in order, and the changes
/// that did not land.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Patched {
    /// The sheet's version now.
    pub version: i64,
    /// The revision it made or folded into; none when nothing changed.
    pub revision: Option<i64>,
    /// The ids of the inserted rows.
    pub inserted: Vec<i64>,
    /// The cells and row deletes that did not land because someone else changed them since
    /// their base, each with its three values and who changed it; the sheet keeps their
    /// text. Empty when everything landed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<CellConflict>,
    /// The sheet's version when the patch began: the version of [`Patched::before`].
    #[serde(skip)]
    pub started: i64,
    /// The rows as the sheet held them when the patch began, read in its transaction: what
    /// others had left, for a caller that shows what the two changes do together.
    #[serde(skip)]
    pub before: Vec<Row>,
}

fn tabbed(row: &Row) -> String {
    Column::ALL
        .iter()
        .map(|c| row.cell(*c))
        .collect::<Vec<_>>()
        .join("\t")
}

impl CellPatch {
    /// Whether the patch changes nothing.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
            && self.insert.is_empty()
            && self.delete.is_empty()
            && self.moves.is_empty()
    }

    /// The patch that turns `base` (the rows an editor started from, with their ids
    /// `base_ids`) into `rows` (what the editor holds now): rows matched by content
    /// ([`budget::diff::pair_by_content`]); each changed cell with its base text, each new
    /// row inserted after the row before it, each row that is gone deleted with its base
    /// cells, each row out of the order moved after the row before it.
    ///
    /// # Errors
    ///
    /// When `base_ids` does not hold one id per row of `base`.
    pub fn between(base: &[Row], base_ids: &[i64], rows: &[Row]) -> Result<CellPatch, String> {
        if base.len() != base_ids.len() {
            return Err(format!(
                "{} base rows but {} row ids: load the sheet again",
                base.len(),
                base_ids.len()
            ));
        }
        let pairs = budget::diff::pair_by_content(base, rows);
        let mut patch = CellPatch::default();
        let mut matched = vec![false; base.len()];
        let mut previous: Option<i64> = None;
        let mut last_base_index: Option<usize> = None;
        for (j, pair) in pairs.iter().enumerate() {
            match *pair {
                Some(i) => {
                    matched[i] = true;
                    let id = base_ids[i];
                    for column in Column::ALL {
                        if base[i].cell(column) != rows[j].cell(column) {
                            patch.cells.push(CellSet {
                                row_id: id,
                                column,
                                base: base[i].cell(column).to_string(),
                                value: rows[j].cell(column).to_string(),
                            });
                        }
                    }
                    // Out of order against the rows kept before it: moved.
                    if last_base_index.is_some_and(|last| i < last) {
                        patch.moves.push(RowMove {
                            row_id: id,
                            after: previous,
                        });
                    } else {
                        last_base_index = Some(i);
                    }
                    previous = Some(id);
                }
                None => patch.insert.push(RowInsert {
                    after: previous,
                    row: rows[j].clone(),
                }),
            }
        }
        for (i, m) in matched.iter().enumerate() {
            if !m {
                patch.delete.push(RowDelete {
                    row_id: base_ids[i],
                    base: base[i].clone(),
                });
            }
        }
        Ok(patch)
    }
}

/// The rows a patch gives, merged per cell into `rows` (the stored rows with their ids): see
/// the [module](self). `next` is the next unused row id (advanced for inserted rows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The rows after the patch.
    pub rows: Vec<(i64, Row)>,
    /// The next unused row id after it.
    pub next: i64,
    /// The cells and row deletes refused: changed since their base.
    pub conflicts: Vec<CellConflict>,
    /// The ids given to the inserted rows.
    pub inserted: Vec<i64>,
    /// Whether anything changed.
    pub changed: bool,
}

/// Refuses rows that would make sheet `id` larger than a sheet may be, when they are larger
/// than `before`: more than [`budget::tsv::MAX_ROWS`] rows, or an export (with the longer,
/// Japanese, header) over [`workbench_model::MAX_TSV_BYTES`]. A sheet already past a limit
/// may still shrink.
///
/// # Errors
///
/// [`StoreError::TooManyRows`], [`StoreError::TooLarge`].
fn within_limits(id: i64, before: &[(i64, Row)], after: &[(i64, Row)]) -> Result<(), StoreError> {
    if after.len() > budget::tsv::MAX_ROWS && after.len() > before.len() {
        return Err(StoreError::TooManyRows {
            id,
            rows: after.len(),
        });
    }
    let size = |rows: &[(i64, Row)]| {
        budget::tsv::exported_len(rows.iter().map(|(_, row)| row), budget::Lang::Ja)
    };
    let bytes = size(after);
    if bytes > workbench_model::MAX_TSV_BYTES && bytes > size(before) {
        return Err(StoreError::TooLarge { id, bytes });
    }
    Ok(())
}

/// Merges `patch` into `rows` (ids below `next` are the sheet's, present or deleted); the
/// pure part of [`Store::patch_rows`], also used to show a proposal on the current rows.
///
/// # Errors
///
/// [`StoreError::NoRow`] for a row id the sheet never had (`next` or above).
pub fn merge(
    id: i64,
    rows: &[(i64, Row)],
    mut next: i64,
    patch: &CellPatch,
) -> Result<Merged, StoreError> {
    let mut rows = rows.to_vec();
    let mut conflicts = Vec::new();
    let mut changed = false;
    let position = |rows: &[(i64, Row)], row_id: i64| rows.iter().position(|(i, _)| *i == row_id);
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
                        by: None,
                    });
                }
            }
            None if set.row_id < next => conflicts.push(CellConflict {
                row_id: set.row_id,
                line: None,
                column: Some(set.column),
                base: set.base.clone(),
                theirs: None,
                mine: Some(set.value.clone()),
                by: None,
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
            None if del.row_id < next => {}
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
                by: None,
            }),
        }
    }
    let mut inserted = Vec::new();
    // Rows inserted after one row go in their order: each after the one inserted before.
    let mut last_after: std::collections::HashMap<Option<i64>, i64> = Default::default();
    for ins in &patch.insert {
        let after = last_after
            .get(&ins.after)
            .copied()
            .map(Some)
            .unwrap_or(ins.after);
        let at = match after {
            None => 0,
            Some(after) => position(&rows, after).map_or(rows.len(), |p| p + 1),
        };
        rows.insert(at, (next, ins.row.clone()));
        last_after.insert(ins.after, next);
        inserted.push(next);
        next += 1;
        changed = true;
    }
    for m in &patch.moves {
        let Some(from) = position(&rows, m.row_id) else {
            if m.row_id < next {
                continue; // deleted since: nothing to move
            }
            return Err(StoreError::NoRow {
                id,
                row_id: m.row_id,
            });
        };
        let row = rows.remove(from);
        let at = match m.after {
            None => 0,
            Some(after) => position(&rows, after).map_or(rows.len(), |p| p + 1),
        };
        changed |= at != from;
        rows.insert(at, row);
    }
    Ok(Merged {
        rows,
        next,
        conflicts,
        inserted,
        changed,
    })
}

/// Who approved a revision that comes from a proposal, and the gate's override.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approval {
    /// The reviewer.
    pub by: String,
    /// The proposal.
    pub proposal_id: i64,
    /// When the proposal brought a new error: the reviewer's comment that approved it anyway.
    pub gate_note: Option<String>,
}

impl Store {
    /// Applies `patch` to sheet `id` by `author`, merged per cell (see the [module](self)):
    /// one transaction, one revision (or folded into the author's latest). The changes that
    /// meet no conflict land; the cells and row deletes someone else changed since their base
    /// keep their text and come back in [`Patched::conflicts`], each naming who changed it.
    ///
    /// # Errors
    ///
    /// [`StoreError::NoRow`] for a row id the sheet never had; [`StoreError::BadCell`] for a
    /// cell holding NUL; [`StoreError::TooManyRows`] and [`StoreError::TooLarge`] for a sheet
    /// the patch would make larger than a sheet may be;
    /// [`StoreError::NotFound`]; [`StoreError::Db`]. Nothing is written then.
    pub async fn patch_rows(
        &self,
        id: i64,
        patch: &CellPatch,
        author: &Author,
    ) -> Result<Patched, StoreError> {
        self.allow(id, crate::access::Need::Write).await?;
        self.patch_approved(id, patch, author, None).await
    }

    /// [`Store::patch_rows`], recording `approval` in the revision it makes. An approval is
    /// all or nothing: a conflict refuses the whole patch with [`StoreError::CellConflicts`]
    /// and nothing is written.
    pub(super) async fn patch_approved(
        &self,
        id: i64,
        patch: &CellPatch,
        author: &Author,
        approval: Option<&Approval>,
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
        let bump =
            sqlx::query("UPDATE sheets SET updated_at = $1, revision = revision + 1 WHERE id = $2")
                .bind(stamp)
                .bind(id);
        change_sheet(&mut tx, id, bump).await?;
        let (_, version) = read_head(&mut tx, id).await?;
        let current = read_keyed_rows(&mut tx, id).await?;
        let next = next_row_id(&mut tx, id).await?;
        let mut merged = merge(id, &current, next, patch)?;
        // Measured only when the rows change: an unchanged sheet keeps its size.
        if merged.changed {
            within_limits(id, &current, &merged.rows)?;
        }
        if approval.is_some() && !merged.conflicts.is_empty() {
            // Dropping the transaction rolls it back: nothing is written.
            return Err(StoreError::CellConflicts {
                id,
                current: version - 1,
                conflicts: merged.conflicts,
            });
        }
        // Who made each change a conflict meets, read before this patch's own revision.
        name_changers(&mut tx, id, &mut merged.conflicts).await?;
        // The rows the patch found are moved into the answer once nothing else reads them.
        let into_rows = |current: Vec<(i64, Row)>| -> Vec<Row> {
            current.into_iter().map(|(_, row)| row).collect()
        };
        if !merged.changed {
            // Nothing to write: dropping the transaction undoes the version's bump.
            return Ok(Patched {
                version: version - 1,
                revision: None,
                inserted: merged.inserted,
                conflicts: merged.conflicts,
                started: version - 1,
                before: into_rows(current),
            });
        }
        let revision = self
            .write_rows(
                &mut tx,
                id,
                version,
                &current,
                &merged.rows,
                merged.next,
                author,
                patch.kind.of_edit(),
                &patch.message,
            )
            .await?;
        if let Some(a) = approval {
            sqlx::query(
                "UPDATE sheet_revisions SET approved_by = $1, proposal_id = $2, gate_note = $3 \
                 WHERE sheet_id = $4 AND number = $5",
            )
            .bind(a.by.as_str())
            .bind(a.proposal_id)
            .bind(a.gate_note.as_deref())
            .bind(id)
            .bind(revision)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        self.changed(id, version, author);
        Ok(Patched {
            version,
            revision: Some(revision),
            inserted: merged.inserted,
            conflicts: merged.conflicts,
            started: version - 1,
            before: into_rows(current),
        })
    }
}
