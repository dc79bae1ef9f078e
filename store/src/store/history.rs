//! A sheet's history: one revision per save, each kept as its row changes against the one
//! before (`budget::diff::RowsDiff` by row id, as JSON), every [`SNAPSHOT_EVERY`]th from the
//! first with all its rows too, so that any revision is rebuilt from the snapshot before it
//! and at most `SNAPSHOT_EVERY − 1` changes, whatever the length of the history. The current
//! rows stay in `sheet_rows`: reading a sheet never replays its history.
//!
//! Saves by one author within [`FOLD_WINDOW_MS`] of their latest save fold into that
//! revision (an autosave makes one revision per burst of typing, not one per keystroke). A
//! new revision starts instead for a revision with a snapshot, a message or another author,
//! for every action of another kind than a plain save (a fix applied, a paste, an import, a
//! restore, ...) and for the save after one, and for a save whose verdict differs from the
//! latest revision's (another count of errors or inversions): the inverted state a user typed
//! and then fixed stays in the history as a revision of its own. History is never rewritten
//! otherwise: a restore appends a revision whose rows equal the old one's.

use budget::diff::{self, RowsDiff};
use budget::{Lang, Row, Sheet, Summary};
use serde::{Deserialize, Serialize};
use sqlx::Row as _;

use super::db::{fetch_decoded, from_db, now_ms, to_db, Query, Tx};
use crate::error::StoreError;

/// A revision keeps all its rows when its number is 1 more than a multiple of this: 1, 65,
/// 129, ...
pub const SNAPSHOT_EVERY: i64 = 64;

/// Saves by one author within 30 s (in ms) of their latest save fold into that revision
/// (when nothing else starts a new one, see the [module](self)).
pub const FOLD_WINDOW_MS: i64 = 30_000;

/// The longest author name kept, in characters; a longer one is cut.
pub const MAX_AUTHOR_CHARS: usize = 80;

/// Who made a change. Until accounts exist, a display name the user sets once (the page
/// keeps it in the browser; the API takes it from the `X-Workbench-Author` header or the
/// `author` parameter). `account_id` is for the accounts to come.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Author {
    /// The display name: trimmed, control characters removed, at most
    /// [`MAX_AUTHOR_CHARS`]; `anonymous` when none is given.
    pub name: String,
    /// The account, once accounts exist.
    pub account_id: Option<i64>,
}

impl Author {
    /// The author of a display name as given (see [`Author::name`]).
    pub fn named(name: &str) -> Author {
        let clean: String = name
            .chars()
            .filter(|c| !c.is_control() && !workbench_model::is_bidi_control(*c))
            .collect();
        let clean: String = clean.trim().chars().take(MAX_AUTHOR_CHARS).collect();
        Author {
            name: if clean.trim().is_empty() {
                "anonymous".into()
            } else {
                clean.trim().to_string()
            },
            account_id: None,
        }
    }

    /// `anonymous`: a change from a caller that gave no name.
    pub fn anonymous() -> Author {
        Author::named("")
    }
}

pub use workbench_model::{RevisionKind, RevisionSummary};

/// One revision rebuilt: its summary, its sheet (settings and rows) and its rows' ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredRevision {
    /// The revision.
    pub summary: RevisionSummary,
    /// Its settings and rows, exactly as saved.
    pub sheet: Sheet,
    /// The row ids, one per row of `sheet`.
    pub row_ids: Vec<i64>,
}

impl StoredRevision {
    /// Its rows with their ids, `(id, row)` in sheet order.
    pub fn keyed(&self) -> Vec<(i64, Row)> {
        keyed(&self.row_ids, &self.sheet.rows)
    }
}

/// `rows` with their ids `ids`, `(id, row)` in sheet order.
pub(super) fn keyed(ids: &[i64], rows: &[Row]) -> Vec<(i64, Row)> {
    ids.iter().copied().zip(rows.iter().cloned()).collect()
}

/// The sheet settings and counts a revision records.
pub(super) struct State<'a> {
    pub sheet_settings: (Lang, u64, u64),
    pub summary: Summary,
    pub rows: &'a [(i64, Row)],
}

impl<'a> State<'a> {
    /// The state of a sheet with `sheet_settings` (language, margin, threshold), counted
    /// `summary`, holding `rows`.
    pub fn new(sheet_settings: (Lang, u64, u64), summary: Summary, rows: &'a [(i64, Row)]) -> Self {
        State {
            sheet_settings,
            summary,
            rows,
        }
    }
}

/// The latest revision of sheet `id`, as far as folding needs it.
struct Latest {
    number: i64,
    kind: RevisionKind,
    author: String,
    message: String,
    saved_at: i64,
    has_snapshot: bool,
    errors: i64,
    inversions: i64,
    changes: RowsDiff,
}

async fn latest(tx: &mut Tx, id: i64) -> Result<Option<Latest>, StoreError> {
    let record = sqlx::query(
        "SELECT number, kind, author, message, saved_at, changes, error_count, inversion_count, \
         CASE WHEN snapshot IS NULL THEN 0 ELSE 1 END AS has_snapshot \
         FROM sheet_revisions WHERE sheet_id = $1 ORDER BY number DESC LIMIT 1",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(r) = record else { return Ok(None) };
    let changes: String = r.try_get("changes")?;
    let has_snapshot: i64 = r
        .try_get::<i32, _>("has_snapshot")
        .map(i64::from)
        .or_else(|_| r.try_get::<i64, _>("has_snapshot"))?;
    Ok(Some(Latest {
        number: r.try_get("number")?,
        kind: RevisionKind::from_code(&r.try_get::<String, _>("kind")?),
        author: r.try_get("author")?,
        message: r.try_get("message")?,
        saved_at: r.try_get("saved_at")?,
        has_snapshot: has_snapshot != 0,
        errors: r.try_get("error_count")?,
        inversions: r.try_get("inversion_count")?,
        changes: decode_changes(&changes)?,
    }))
}

fn decode_changes(json: &str) -> Result<RowsDiff, StoreError> {
    serde_json::from_str(json).map_err(|e| {
        StoreError::Db(sqlx::Error::Decode(
            format!("a revision's changes: {e}").into(),
        ))
    })
}

fn encode<T: Serialize>(value: &T) -> String {
    // Plain data: serialising cannot fail.
    serde_json::to_string(value).expect("plain data serialises")
}

/// Binds to `query`, in this order, what a revision records of the sheet `after` it and of
/// its `changes`: the language, margin, threshold, row count, errors, warnings and
/// inversions, then the changed cells, rows added, rows removed and the changes themselves
/// (the columns `lang` to `changes` of `sheet_revisions`).
fn bind_outcome<'q>(query: Query<'q>, after: &State<'_>, changes: &RowsDiff) -> Query<'q> {
    let (lang, margin, threshold) = after.sheet_settings;
    let s = after.summary;
    query
        .bind(lang.code())
        .bind(to_db(margin))
        .bind(to_db(threshold))
        .bind(to_db(after.rows.len() as u64))
        .bind(i64::from(s.errors))
        .bind(i64::from(s.warnings))
        .bind(i64::from(s.inversions))
        .bind(to_db(changes.changed_cells() as u64))
        .bind(to_db(changes.added.len() as u64))
        .bind(to_db(changes.removed.len() as u64))
        .bind(encode(changes))
}

/// Records a change of sheet `id` from `before` to `after` as a revision (or folds it into
/// the latest one, see the [module](self)); `version` is the sheet's version after it.
/// Returns the revision's number.
#[allow(clippy::too_many_arguments)]
pub(super) async fn record(
    tx: &mut Tx,
    id: i64,
    version: i64,
    kind: RevisionKind,
    author: &Author,
    message: &str,
    before: &[(i64, Row)],
    after: State<'_>,
) -> Result<i64, StoreError> {
    let now = now_ms();
    let latest = latest(tx, id).await?;
    let s = after.summary;
    let folds = latest.as_ref().is_some_and(|l| {
        kind == RevisionKind::Save
            && l.kind == RevisionKind::Save
            && l.author == author.name
            && l.message.is_empty()
            && message.is_empty()
            && !l.has_snapshot
            && now.saturating_sub(l.saved_at) <= FOLD_WINDOW_MS
            // The same verdict: a save that brings or ends an error starts a revision.
            && l.errors == i64::from(s.errors)
            && l.inversions == i64::from(s.inversions)
    });
    if let (true, Some(l)) = (folds, &latest) {
        // The rows before the latest revision, and the change from them to `after`.
        let previous = diff::apply_keyed(before, &diff::reverse(&l.changes)).map_err(|e| {
            StoreError::Db(sqlx::Error::Decode(
                format!("revision {} does not undo: {e}", l.number).into(),
            ))
        })?;
        let changes = diff::rows_by_id(&previous, after.rows);
        let query = sqlx::query(
            "UPDATE sheet_revisions SET version = $1, saved_at = $2, lang = $3, margin_ms = $4, \
             amplification_threshold = $5, row_count = $6, error_count = $7, warning_count = $8, \
             inversion_count = $9, changed_cells = $10, rows_added = $11, rows_removed = $12, \
             changes = $13 WHERE sheet_id = $14 AND number = $15",
        )
        .bind(version)
        .bind(now.max(l.saved_at));
        bind_outcome(query, &after, &changes)
            .bind(id)
            .bind(l.number)
            .execute(&mut **tx)
            .await?;
        return Ok(l.number);
    }
    let number = latest.as_ref().map_or(1, |l| l.number + 1);
    let changes = diff::rows_by_id(before, after.rows);
    let snapshot = (number % SNAPSHOT_EVERY == 1).then(|| encode(&after.rows));
    let query = sqlx::query(
        "INSERT INTO sheet_revisions (sheet_id, number, version, kind, author, author_id, message, \
         created_at, saved_at, lang, margin_ms, amplification_threshold, row_count, error_count, \
         warning_count, inversion_count, changed_cells, rows_added, rows_removed, changes, snapshot) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, \
         $19, $20, $21)",
    )
    .bind(id)
    .bind(number)
    .bind(version)
    .bind(kind.code())
    .bind(author.name.as_str())
    .bind(author.account_id)
    .bind(message)
    .bind(now)
    .bind(now);
    bind_outcome(query, &after, &changes)
        .bind(snapshot)
        .execute(&mut **tx)
        .await?;
    Ok(number)
}

/// The columns of a revision's summary (a macro, for `concat!`).
macro_rules! summary_columns {
    () => {
        "number, version, kind, author, message, created_at, saved_at, row_count, error_count, \
         warning_count, inversion_count, changed_cells, rows_added, rows_removed, approved_by, \
         proposal_id, gate_note"
    };
}

fn decode_summary(r: &sqlx::any::AnyRow) -> Result<RevisionSummary, sqlx::Error> {
    Ok(RevisionSummary {
        number: r.try_get("number")?,
        version: r.try_get("version")?,
        kind: RevisionKind::from_code(&r.try_get::<String, _>("kind")?),
        author: r.try_get("author")?,
        message: r.try_get("message")?,
        created_at_ms: r.try_get("created_at")?,
        saved_at_ms: r.try_get("saved_at")?,
        rows: from_db(r, "row_count")?,
        errors: from_db(r, "error_count")?,
        warnings: from_db(r, "warning_count")?,
        inversions: from_db(r, "inversion_count")?,
        changed_cells: from_db(r, "changed_cells")?,
        rows_added: from_db(r, "rows_added")?,
        rows_removed: from_db(r, "rows_removed")?,
        approved_by: r.try_get("approved_by")?,
        proposal_id: r.try_get("proposal_id")?,
        gate_note: r.try_get("gate_note")?,
    })
}

/// Every revision of sheet `id`, newest first.
pub(super) async fn list(tx: &mut Tx, id: i64) -> Result<Vec<RevisionSummary>, StoreError> {
    let sql = concat!(
        "SELECT ",
        summary_columns!(),
        " FROM sheet_revisions WHERE sheet_id = $1 ORDER BY number DESC"
    );
    fetch_decoded(tx, sql, id, decode_summary).await
}

/// The authors of sheet `id`'s revisions after revision `number`, each once, in the order of
/// their first revision there.
pub(super) async fn authors_after(
    tx: &mut Tx,
    id: i64,
    number: i64,
) -> Result<Vec<String>, StoreError> {
    let records = sqlx::query(
        "SELECT author, MIN(number) AS first FROM sheet_revisions \
         WHERE sheet_id = $1 AND number > $2 GROUP BY author ORDER BY first",
    )
    .bind(id)
    .bind(number)
    .fetch_all(&mut **tx)
    .await?;
    records
        .iter()
        .map(|r| r.try_get::<String, _>("author"))
        .collect::<Result<_, _>>()
        .map_err(StoreError::from)
}

/// Names who made the change each conflict meets ([`changed_by`]), read before the
/// refused or merged change writes a revision of its own.
pub(super) async fn name_changers(
    tx: &mut Tx,
    id: i64,
    conflicts: &mut [workbench_model::CellConflict],
) -> Result<(), StoreError> {
    for c in conflicts {
        c.by = changed_by(tx, id, c.row_id, c.column).await?;
    }
    Ok(())
}

/// How many of a sheet's latest revisions [`changed_by`] looks through for a change: as many
/// as one snapshot's span.
pub const CHANGED_BY_REVISIONS: i64 = SNAPSHOT_EVERY;

/// Who last changed row `row_id` of sheet `id`: its cell of `column`, or (with no column) any
/// of its cells, its insertion or its removal. The author of the latest of the sheet's last
/// [`CHANGED_BY_REVISIONS`] revisions whose changes name it; none when none of them does.
pub(super) async fn changed_by(
    tx: &mut Tx,
    id: i64,
    row_id: i64,
    column: Option<budget::Column>,
) -> Result<Option<String>, StoreError> {
    let records = sqlx::query(
        "SELECT author, changes FROM sheet_revisions WHERE sheet_id = $1 \
         ORDER BY number DESC LIMIT $2",
    )
    .bind(id)
    .bind(CHANGED_BY_REVISIONS)
    .fetch_all(&mut **tx)
    .await?;
    for r in &records {
        let changes = decode_changes(&r.try_get::<String, _>("changes")?)?;
        let row = Some(row_id);
        let changed = changes.changed.iter().any(|c| {
            c.id == row && column.is_none_or(|col| c.cells.iter().any(|e| e.column == col))
        });
        let added = changes.added.iter().any(|a| a.id == row);
        let removed = changes.removed.iter().any(|d| d.id == row);
        if changed || added || removed {
            return Ok(Some(r.try_get("author")?));
        }
    }
    Ok(None)
}

/// Revision `number` of sheet `id` rebuilt: the snapshot at or before it, then the changes
/// after the snapshot up to it. [`StoreError::NoRevision`] when there is no such revision.
pub(super) async fn rebuild(
    tx: &mut Tx,
    id: i64,
    number: i64,
) -> Result<StoredRevision, StoreError> {
    let summary = sqlx::query(concat!(
        "SELECT ",
        summary_columns!(),
        ", lang, margin_ms, amplification_threshold FROM sheet_revisions \
         WHERE sheet_id = $1 AND number = $2"
    ))
    .bind(id)
    .bind(number)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or(StoreError::NoRevision { id, number })?;
    let lang = Lang::from_code(&summary.try_get::<String, _>("lang")?).unwrap_or_default();
    let margin_ms = from_db(&summary, "margin_ms")?;
    let amplification_threshold = from_db(&summary, "amplification_threshold")?;
    let summary = decode_summary(&summary)?;
    let records = sqlx::query(
        "SELECT number, changes, snapshot FROM sheet_revisions WHERE sheet_id = $1 \
         AND number <= $2 AND number >= (SELECT MAX(number) FROM sheet_revisions \
         WHERE sheet_id = $1 AND number <= $2 AND snapshot IS NOT NULL) ORDER BY number",
    )
    .bind(id)
    .bind(number)
    .fetch_all(&mut **tx)
    .await?;
    let mut rows: Vec<(i64, Row)> = Vec::new();
    for (k, r) in records.iter().enumerate() {
        let n: i64 = r.try_get("number")?;
        if k == 0 {
            let snapshot: Option<String> = r.try_get("snapshot")?;
            let snapshot = snapshot.ok_or_else(|| {
                StoreError::Db(sqlx::Error::Decode(
                    format!("revision {n} has no snapshot").into(),
                ))
            })?;
            rows = serde_json::from_str(&snapshot).map_err(|e| {
                StoreError::Db(sqlx::Error::Decode(
                    format!("revision {n}'s snapshot: {e}").into(),
                ))
            })?;
            continue;
        }
        let changes = decode_changes(&r.try_get::<String, _>("changes")?)?;
        rows = diff::apply_keyed(&rows, &changes).map_err(|e| {
            StoreError::Db(sqlx::Error::Decode(
                format!("revision {n} does not apply: {e}").into(),
            ))
        })?;
    }
    let (row_ids, rows): (Vec<i64>, Vec<Row>) = rows.into_iter().unzip();
    Ok(StoredRevision {
        summary,
        sheet: Sheet {
            lang,
            margin_ms,
            amplification_threshold,
            rows,
        },
        row_ids,
    })
}

/// Starts the history of every sheet that has none (stored before history was kept): a
/// `baseline` revision with its rows as they are.
pub(super) async fn start(
    tx: &mut Tx,
    id: i64,
    version: i64,
    state: State<'_>,
) -> Result<(), StoreError> {
    record(
        tx,
        id,
        version,
        RevisionKind::Baseline,
        &Author::named("workbench"),
        "",
        state.rows,
        state,
    )
    .await?;
    Ok(())
}

/// The ids `rows` take when they replace `current`: a row that matches a current row by
/// content ([`diff::pair_by_content`]) keeps its id, every other row gets the next unused one
/// (from `next`, which is advanced).
pub(super) fn assign_ids(current: &[(i64, Row)], rows: &[Row], next: &mut i64) -> Vec<(i64, Row)> {
    let current_rows: Vec<Row> = current.iter().map(|(_, r)| r.clone()).collect();
    diff::pair_by_content(&current_rows, rows)
        .into_iter()
        .zip(rows)
        .map(|(pair, row)| {
            let id = match pair {
                Some(i) => current[i].0,
                None => {
                    let id = *next;
                    *next += 1;
                    id
                }
            };
            (id, row.clone())
        })
        .collect()
}
