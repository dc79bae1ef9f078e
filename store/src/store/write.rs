//! Writing a sheet's rows: the multi-row `INSERT` of every row, the counts kept for the list,
//! a settings change recorded as a revision, and the conflicts of a stale replacement.

use budget::{Row, Sheet};
use sqlx::any::AnyArguments;
use sqlx::{Any, Arguments as _, QueryBuilder};

use super::db::{
    change_sheet, next_row_id, next_stamp, read_head, read_keyed_rows, read_sheet, Store, Tx,
};
use super::history::{self, Author, RevisionKind};
use super::patch::{self, merge, CellPatch};
use crate::error::StoreError;

impl Store {
    /// How this database takes a statement's placeholders.
    pub(super) fn placeholders(&self) -> Placeholders {
        if self.sqlite {
            Placeholders::Anonymous
        } else {
            Placeholders::Numbered
        }
    }

    /// Writes `keyed` as the rows of sheet `id` (whose rows were `current`), stores the next
    /// unused row id, the counts and the revision of `kind`; `version` is the sheet's version
    /// after the write. Returns the revision's number.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn write_rows(
        &self,
        tx: &mut Tx,
        id: i64,
        version: i64,
        current: &[(i64, Row)],
        keyed: &[(i64, Row)],
        next: i64,
        author: &Author,
        kind: RevisionKind,
        message: &str,
    ) -> Result<i64, StoreError> {
        sqlx::query("DELETE FROM sheet_rows WHERE sheet_id = $1")
            .bind(id)
            .execute(&mut **tx)
            .await?;
        sqlx::query("UPDATE sheets SET next_row_id = $1 WHERE id = $2")
            .bind(next)
            .bind(id)
            .execute(&mut **tx)
            .await?;
        insert_rows(tx, self.placeholders(), id, keyed).await?;
        let rows: Vec<Row> = keyed.iter().map(|(_, r)| r.clone()).collect();
        let summary = recount(tx, id, &rows).await?;
        let (head, _) = read_head(tx, id).await?;
        history::record(
            tx,
            id,
            version,
            kind,
            author,
            message,
            current,
            history::State::new(head.settings(), summary, keyed),
        )
        .await
    }
}

/// Records a change of sheet `id`'s settings as a `settings` revision (its rows unchanged),
/// with the counts under the new settings.
pub(super) async fn record_settings(tx: &mut Tx, id: i64) -> Result<(), StoreError> {
    let summary = recount_stored(tx, id).await?;
    let (head, version) = read_head(tx, id).await?;
    let rows = read_keyed_rows(tx, id).await?;
    history::record(
        tx,
        id,
        version,
        RevisionKind::Settings,
        &Author::anonymous(),
        "",
        &rows,
        history::State::new(head.settings(), summary, &rows),
    )
    .await?;
    Ok(())
}

/// Stores the row count and the numbers of errors and warnings of sheet `id`, whose rows
/// are now `rows`, with the settings `tx` sees, for [`Store::list_sheets`]. The check runs off
/// the request threads ([`super::checks`]).
pub(super) async fn recount(
    tx: &mut Tx,
    id: i64,
    rows: &[Row],
) -> Result<budget::Summary, StoreError> {
    let (head, _) = read_head(tx, id).await?;
    store_counts(tx, id, head.sheet(rows.to_vec())).await
}

/// [`recount`] for a sheet whose rows are only in the database (a settings change, a sheet
/// stored before the counts were kept).
pub(super) async fn recount_stored(tx: &mut Tx, id: i64) -> Result<budget::Summary, StoreError> {
    let stored = read_sheet(tx, id).await?;
    store_counts(tx, id, stored.sheet).await
}

/// Checks `sheet` and stores its counts as those of sheet `id`; gives the report's summary.
pub(super) async fn store_counts(
    tx: &mut Tx,
    id: i64,
    sheet: Sheet,
) -> Result<budget::Summary, StoreError> {
    let rows = sheet.rows.len();
    let (_, report) = crate::checks::check(sheet).await;
    sqlx::query(
        "UPDATE sheets SET row_count = $1, error_count = $2, warning_count = $3 WHERE id = $4",
    )
    .bind(i64::try_from(rows).unwrap_or(i64::MAX))
    .bind(i64::from(report.summary.errors))
    .bind(i64::from(report.summary.warnings))
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(report.summary)
}

/// The most parameters one statement binds: SQLite's limit (`SQLITE_MAX_VARIABLE_NUMBER`,
/// 32,766 since SQLite 3.32; the bundled SQLite keeps the default). PostgreSQL allows 65,535.
const MAX_BOUND_PARAMETERS: usize = 32_766;

/// The parameters of one inserted row: the sheet id, the position, the row id and the eight
/// cells.
const PARAMETERS_PER_ROW: usize = 11;

/// The rows one `INSERT` carries: 2,978, so the 5,000 rows a sheet may hold take two
/// statements.
const ROWS_PER_INSERT: usize = MAX_BOUND_PARAMETERS / PARAMETERS_PER_ROW;

/// The eight cells of `row`, in column order.
fn cells(row: &Row) -> [&str; 8] {
    [
        &row.layer,
        &row.segment,
        &row.item,
        &row.setting,
        &row.default,
        &row.value,
        &row.location,
        &row.rationale,
    ]
}

/// How a database takes the placeholders of a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Placeholders {
    /// `?`, as `QueryBuilder::<Any>::push_bind` writes them: SQLite. (SQLite also reads
    /// `$N`, but finds a numbered parameter's name by a linear search: with 32,766 of them
    /// one statement takes seconds to bind.)
    Anonymous,
    /// `$1, $2, ...`: PostgreSQL, which does not accept `?` through the `Any` driver (sqlx
    /// issue #3000).
    Numbered,
}

/// Inserts `rows` (row id, cells) as the rows of sheet `id`, positions 0, 1, 2, ...: one
/// multi-row `INSERT` per [`ROWS_PER_INSERT`] rows, built with [`QueryBuilder::push_values`],
/// its placeholders as the database takes them.
pub(super) async fn insert_rows(
    tx: &mut Tx,
    placeholders: Placeholders,
    id: i64,
    rows: &[(i64, Row)],
) -> Result<(), sqlx::Error> {
    for (chunk, first) in rows
        .chunks(ROWS_PER_INSERT)
        .zip((0_i64..).step_by(ROWS_PER_INSERT))
    {
        let mut insert = QueryBuilder::<Any>::new(concat!(
            "INSERT INTO sheet_rows (sheet_id, position, row_id, ",
            row_columns!(),
            ") "
        ));
        let rows = (first..).zip(chunk);
        // Not kept as prepared statements: each chunk length is a statement of its own, and
        // the connection's cache would hold one for every sheet size saved.
        match placeholders {
            Placeholders::Anonymous => {
                insert.push_values(rows, |mut tuple, (position, (row_id, row))| {
                    tuple.push_bind(id).push_bind(position).push_bind(*row_id);
                    for cell in cells(row) {
                        tuple.push_bind(cell);
                    }
                });
                insert.build().persistent(false).execute(&mut **tx).await?;
            }
            Placeholders::Numbered => {
                // The values go into arguments of their own, bound in the same pass as the
                // placeholders are written.
                let mut arguments = AnyArguments::default();
                arguments.reserve(chunk.len() * PARAMETERS_PER_ROW, 0);
                let mut encoded: Result<(), sqlx::error::BoxDynError> = Ok(());
                let mut written = 0_usize;
                insert.push_values(rows, |mut tuple, (position, (row_id, row))| {
                    let added = cells(row).into_iter().fold(
                        arguments
                            .add(id)
                            .and_then(|()| arguments.add(position))
                            .and_then(|()| arguments.add(*row_id)),
                        |added, cell| added.and_then(|()| arguments.add(cell)),
                    );
                    if encoded.is_ok() {
                        encoded = added;
                    }
                    for _ in 0..PARAMETERS_PER_ROW {
                        written += 1;
                        tuple.push(format_args!("${written}"));
                    }
                });
                encoded.map_err(sqlx::Error::Encode)?;
                sqlx::query_with(insert.sql(), arguments)
                    .persistent(false)
                    .execute(&mut **tx)
                    .await?;
            }
        }
    }
    Ok(())
}

/// Bumps the change time of sheet `id`; [`StoreError::NotFound`] when there is no such sheet.
pub(super) async fn touch(tx: &mut Tx, id: i64) -> Result<(), StoreError> {
    let stamp = next_stamp(tx).await?;
    let update = sqlx::query("UPDATE sheets SET updated_at = $1 WHERE id = $2")
        .bind(stamp)
        .bind(id);
    change_sheet(tx, id, update).await
}

/// The cells that `rows`, a replacement of sheet `id`'s rows made from its version `base`,
/// changes and that were changed since `base` too: `rows` is read as a patch against `base`'s
/// rows (matched by content, [`CellPatch::between`]) and merged into the current rows. Empty
/// when no revision ends at version `base` (it folded into a later one).
pub(super) async fn stale_conflicts(
    tx: &mut Tx,
    id: i64,
    base: i64,
    rows: &[Row],
) -> Result<Vec<patch::CellConflict>, StoreError> {
    let number: Option<i64> = sqlx::query_scalar(
        "SELECT number FROM sheet_revisions WHERE sheet_id = $1 AND version = $2",
    )
    .bind(id)
    .bind(base)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(number) = number else {
        return Ok(Vec::new());
    };
    let then = history::rebuild(tx, id, number).await?;
    let Ok(patch) = CellPatch::between(&then.sheet.rows, &then.row_ids, rows) else {
        return Ok(Vec::new());
    };
    let current = read_keyed_rows(tx, id).await?;
    let next = next_row_id(tx, id).await?;
    let mut conflicts = merge(id, &current, next, &patch)?.conflicts;
    // Who made each change the PUT meets, as a PATCH's conflicts name them.
    history::name_changers(tx, id, &mut conflicts).await?;
    Ok(conflicts)
}
