//! The ground the store's modules stand on: the [`Store`] itself (its pool, its live side,
//! who is asking), its transactions, the decoding of a sheet's records, and the counters its
//! ids and change times come from. Every other module of the store adds methods to `Store`
//! over these; none of these reads another module of the store but [`super::live`].

use std::time::{SystemTime, UNIX_EPOCH};

use budget::{Lang, Row, Sheet};
use sqlx::any::AnyRow;
use sqlx::AnyPool;
use sqlx::Row as _;

use super::live;
use crate::access::Access;
use crate::error::StoreError;
use crate::model::StoredSheet;

/// The sheet store. Cheap to clone: clones share one connection pool and one [`live`] side
/// (the channel of [`SheetEvent`](super::SheetEvent)s and the count of viewers).
#[derive(Clone, Debug)]
pub struct Store {
    pub(super) pool: AnyPool,
    /// The database is SQLite: write transactions start with `BEGIN IMMEDIATE`.
    pub(super) sqlite: bool,
    /// Every change and every viewer coming or going, for the pages' live updates (shared
    /// with the other instances on PostgreSQL).
    pub(super) live: std::sync::Arc<live::Live>,
    /// Team mode: who is asking; every operation on a sheet checks their role first
    /// ([`Store::scoped`]). `None`: local mode, every sheet.
    pub(super) access: Option<std::sync::Arc<Access>>,
}

pub(super) type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// A query with its arguments bound, not yet run.
pub(super) type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// The columns of a `sheets` record, decoded.
pub(super) struct Head {
    pub(super) id: i64,
    pub(super) name: String,
    pub(super) lang: Lang,
    pub(super) margin_ms: u64,
    pub(super) amplification_threshold: u64,
    pub(super) updated_at_ms: i64,
}

impl Head {
    /// Its settings as a revision records them: language, margin and amplification
    /// threshold.
    pub(super) fn settings(&self) -> (Lang, u64, u64) {
        (self.lang, self.margin_ms, self.amplification_threshold)
    }

    /// The sheet of this record with `rows`.
    pub(super) fn sheet(&self, rows: Vec<Row>) -> Sheet {
        Sheet {
            lang: self.lang,
            margin_ms: self.margin_ms,
            amplification_threshold: self.amplification_threshold,
            rows,
        }
    }
}

pub(super) fn decode_head(record: &AnyRow) -> Result<Head, sqlx::Error> {
    let lang: String = record.try_get("lang")?;
    let lang = Lang::from_code(&lang).ok_or_else(|| {
        sqlx::Error::Decode(format!("sheets.lang is {lang:?}, expected \"ja\" or \"en\"").into())
    })?;
    Ok(Head {
        id: record.try_get("id")?,
        name: record.try_get("name")?,
        lang,
        margin_ms: from_db(record, "margin_ms")?,
        amplification_threshold: from_db(record, "amplification_threshold")?,
        updated_at_ms: record.try_get("updated_at")?,
    })
}

/// A count or a duration as the database keeps it (`BIGINT`, signed): values above
/// `i64::MAX` are stored as `i64::MAX`.
pub(super) fn to_db(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// The non-negative `BIGINT` column `column` of `record`.
pub(super) fn from_db(record: &AnyRow, column: &str) -> Result<u64, sqlx::Error> {
    let value: i64 = record.try_get(column)?;
    u64::try_from(value)
        .map_err(|_| sqlx::Error::Decode(format!("sheets.{column} is negative ({value})").into()))
}

pub(super) fn decode_row(record: &AnyRow) -> Result<Row, sqlx::Error> {
    Ok(Row {
        layer: record.try_get("layer")?,
        segment: record.try_get("segment")?,
        item: record.try_get("item")?,
        setting: record.try_get("setting")?,
        default: record.try_get("default_value")?,
        value: record.try_get("value")?,
        location: record.try_get("location")?,
        rationale: record.try_get("rationale")?,
    })
}

/// The `sheets` record of sheet `id` and its revision, read in `tx`.
pub(super) async fn read_head(tx: &mut Tx, id: i64) -> Result<(Head, i64), StoreError> {
    let record = sqlx::query(
        "SELECT id, name, lang, margin_ms, amplification_threshold, updated_at, revision \
         FROM sheets WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or(StoreError::NotFound(id))?;
    Ok((decode_head(&record)?, record.try_get("revision")?))
}

/// Sheet `id` with its rows in sheet order, read in `tx`.
pub(super) async fn read_sheet(tx: &mut Tx, id: i64) -> Result<StoredSheet, StoreError> {
    let (head, revision) = read_head(tx, id).await?;
    let keyed = read_keyed_rows(tx, id).await?;
    let (row_ids, rows): (Vec<i64>, Vec<Row>) = keyed.into_iter().unzip();
    Ok(StoredSheet {
        sheet: head.sheet(rows),
        id: head.id,
        name: head.name,
        updated_at_ms: head.updated_at_ms,
        revision,
        row_ids,
    })
}

/// Runs `change`, a change of sheet `id`'s own record, in `tx`; [`StoreError::NotFound`]
/// when it changes no record (there is no such sheet).
pub(super) async fn change_sheet(
    tx: &mut Tx,
    id: i64,
    change: Query<'_>,
) -> Result<(), StoreError> {
    if change.execute(&mut **tx).await?.rows_affected() == 0 {
        return Err(StoreError::NotFound(id));
    }
    Ok(())
}

/// The current rows of sheet `id` with their row ids, in sheet order, read in `tx`.
pub(super) async fn read_keyed_rows(tx: &mut Tx, id: i64) -> Result<Vec<(i64, Row)>, StoreError> {
    let sql = concat!(
        "SELECT row_id, ",
        row_columns!(),
        " FROM sheet_rows WHERE sheet_id = $1 ORDER BY position"
    );
    fetch_decoded(tx, sql, id, |r| Ok((r.try_get("row_id")?, decode_row(r)?))).await
}

/// The records `sql` selects for sheet `id` (its `$1`), read in `tx` and each decoded by
/// `decode`, in the query's order.
pub(super) async fn fetch_decoded<T>(
    tx: &mut Tx,
    sql: &'static str,
    id: i64,
    decode: impl FnMut(&AnyRow) -> Result<T, sqlx::Error>,
) -> Result<Vec<T>, StoreError> {
    let records = sqlx::query(sql).bind(id).fetch_all(&mut **tx).await?;
    Ok(records.iter().map(decode).collect::<Result<_, _>>()?)
}

/// The next unused row id of sheet `id`.
pub(super) async fn next_row_id(tx: &mut Tx, id: i64) -> Result<i64, StoreError> {
    let next: Option<i64> = sqlx::query_scalar("SELECT next_row_id FROM sheets WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?;
    next.ok_or(StoreError::NotFound(id))
}

/// A kind of record whose ids come from a row of `id_counters` (named after its table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum IdCounter {
    Sheets,
    Accounts,
    Teams,
    ApiTokens,
    AuditLog,
}

impl IdCounter {
    /// The counter's row in `id_counters`: the name of the table whose ids it gives.
    pub(super) fn name(self) -> &'static str {
        match self {
            IdCounter::Sheets => "sheets",
            IdCounter::Accounts => "accounts",
            IdCounter::Teams => "teams",
            IdCounter::ApiTokens => "api_tokens",
            IdCounter::AuditLog => "audit_log",
        }
    }
}

/// The next id of `kind`, taken in `tx`: the counter is incremented and read in one
/// statement, the same on SQLite and PostgreSQL. On PostgreSQL the row stays locked until
/// `tx` ends, so a concurrent create of the same kind waits and then gets the number after
/// this one (reading the largest id and adding one would give both the same); SQLite's write
/// transactions never overlap. When `tx` rolls back, so does the increment.
pub(super) async fn next_id(tx: &mut Tx, kind: IdCounter) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "UPDATE id_counters SET last_id = last_id + 1 WHERE name = $1 RETURNING last_id",
    )
    .bind(kind.name())
    .fetch_one(&mut **tx)
    .await
}

/// The change time for a write: now in unix milliseconds, but always after every stored
/// change time, so that "most recent change first" follows the order of writes even when two
/// land in the same millisecond.
pub(super) async fn next_stamp(tx: &mut Tx) -> Result<i64, sqlx::Error> {
    let latest: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(updated_at), 0) FROM sheets")
        .fetch_one(&mut **tx)
        .await?;
    Ok(now_ms().max(latest.saturating_add(1)))
}

/// The current unix time in milliseconds (0 before 1970).
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Whether `url` names an in-memory SQLite database.
pub(super) fn is_sqlite_memory(url: &str) -> bool {
    url.starts_with("sqlite:") && (url.contains(":memory:") || url.contains("mode=memory"))
}

/// `url` with `mode=rwc` added when it is a SQLite file URL without a `mode=` parameter.
pub(super) fn with_create_mode(url: &str) -> String {
    if !url.starts_with("sqlite:") || is_sqlite_memory(url) || url.contains("mode=") {
        return url.to_string();
    }
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}mode=rwc")
}
