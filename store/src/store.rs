//! The sheet store: one pool, the same SQL on SQLite and PostgreSQL (sqlx `Any` driver).
//!
//! Ids come from counters in the database, taken inside the inserting transaction with one
//! statement that increments and returns them ([`next_id`](db::next_id):
//! `UPDATE id_counters SET last_id = last_id + 1 WHERE name = $1 RETURNING last_id`). The same
//! SQL text runs on SQLite and PostgreSQL, so the schema needs neither `AUTOINCREMENT` nor
//! `SERIAL`; on PostgreSQL the update locks the counter's row until the transaction ends, so
//! concurrent creates of one kind take turns instead of picking the same "largest id plus one"
//! and failing on the primary key.
//! A sheet's counter never goes back, so a deleted sheet's id is never given to another sheet.
//! Proposals are numbered per sheet and comments per proposal, the same way, from a counter on
//! the sheet's and the proposal's row. Every write is one transaction: a write that fails
//! changes nothing (its counter increment included).

use budget::{Lang, Row, Sheet};
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::Row as _;

/// The eight cell columns of `sheet_rows`, in sheet order (a macro, for `concat!`).
macro_rules! row_columns {
    () => {
        "layer, segment, item, setting, default_value, value, location, rationale"
    };
}

mod accounts;
mod audit;
mod backup;
mod db;
mod history;
mod live;
mod patch;
mod proposals;
mod revisions;
mod teams;
mod throttle;
mod tokens;
mod write;

pub use accounts::{
    AccountRecord, AuditEntry, Invite, Member, TeamRecord, TokenRecord, TokenRefusal,
};
pub use backup::{restore_sqlite, BackupError, DatabaseLock};
pub use db::{now_ms, Store};
pub use history::{
    Author, RevisionKind, RevisionSummary, StoredRevision, FOLD_WINDOW_MS, SNAPSHOT_EVERY,
};
pub use live::{SheetEvent, PRESENCE_EVERY, PRESENCE_EXPIRES};
pub use patch::{
    merge, Approval, CellConflict, CellPatch, CellSet, Merged, Patched, RowDelete, RowInsert,
    RowMove,
};
pub use proposals::{Decision, Resolution};
pub use throttle::SignInRate;

use write::{insert_rows, record_settings, recount, recount_stored, stale_conflicts, touch};

use db::{
    change_sheet, decode_head, is_sqlite_memory, next_id, next_row_id, next_stamp, read_head,
    read_keyed_rows, read_sheet, to_db, with_create_mode, IdCounter, Query, Tx,
};

use super::access::Need;
use super::error::StoreError;
use super::model::StoredSheet;
use workbench_model::sheet_name::SheetName;
use workbench_model::SheetSummary;

/// The database used when `DATABASE_URL` is not set: the SQLite file `workbench.db` in the
/// working directory, created when missing.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://workbench.db?mode=rwc";

/// What every connection to a SQLite file sets: the write-ahead log, so
/// readers do not wait for the writer, and `synchronous = FULL`, so the log is synced to disk
/// at every commit: a save the server acknowledged is kept through a crash of the process
/// and through a loss of power (SQLite's own documentation of `PRAGMA synchronous`: in WAL
/// mode, `NORMAL` may lose the last commits on a power loss). `busy_timeout` lets a
/// connection wait for another's write lock instead of failing at once.
const SQLITE_DURABILITY: &str =
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;";

/// The schema, embedded at build time from the workspace's `migrations/` folder.
static MIGRATOR: Migrator = sqlx::migrate!("../migrations");

/// A page watching a sheet ([`Store::watch`]): counted until dropped.
#[derive(Debug)]
pub struct Watching {
    live: std::sync::Arc<live::Live>,
    id: i64,
}

impl Drop for Watching {
    fn drop(&mut self) {
        self.live.count(self.id, -1);
    }
}

/// The store's own timeouts toward its database (they are rows of
/// `deploy/timeouts.tsv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolTimeouts {
    /// How long a query waits for a connection of the pool (connecting included) before it
    /// fails: sqlx's `acquire_timeout`. Default 5 s (sqlx's own is 30 s).
    pub acquire: std::time::Duration,
    /// How long one statement may run on PostgreSQL before the server cancels it
    /// (`SET statement_timeout` on every connection of the pool). Default 20 s. SQLite has
    /// no such bound (a query of the embedded file does not wait on a network); there it is
    /// not used.
    pub statement: std::time::Duration,
}

impl Default for PoolTimeouts {
    fn default() -> PoolTimeouts {
        PoolTimeouts {
            acquire: std::time::Duration::from_secs(5),
            statement: std::time::Duration::from_secs(20),
        }
    }
}

/// What [`Store::ready`] found: the database answers and has every migration of this build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readiness {
    /// How many migrations are applied (all of this build's).
    pub migrations: usize,
    /// PostgreSQL's `statement_timeout` on the store's connections, as the database says it
    /// (`20s`); `None` on SQLite.
    pub statement_timeout: Option<String>,
}

impl Store {
    /// [`Store::connect_with`] with the default [`PoolTimeouts`].
    ///
    /// # Errors
    ///
    /// As [`Store::connect_with`].
    pub async fn connect(database_url: &str) -> Result<Store, StoreError> {
        Store::connect_with(database_url, PoolTimeouts::default()).await
    }

    /// Connects to `database_url` (`sqlite://FILE?mode=rwc`, `sqlite::memory:` or
    /// `postgres://...`) with `timeouts` and applies the migrations that are not applied yet.
    ///
    /// A SQLite file URL without a `mode=` parameter gets `mode=rwc`, so the file is created
    /// when missing. An in-memory SQLite database lives in one connection, so its pool holds
    /// exactly one that is never closed.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`] when the database cannot be reached or opened,
    /// [`StoreError::Migrate`] when the schema cannot be applied.
    pub async fn connect_with(
        database_url: &str,
        timeouts: PoolTimeouts,
    ) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let url = with_create_mode(database_url);
        let sqlite = url.starts_with("sqlite:");
        let options = if is_sqlite_memory(&url) {
            AnyPoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
        } else {
            AnyPoolOptions::new().max_connections(5)
        };
        let mut options = options.acquire_timeout(timeouts.acquire);
        if sqlite && !is_sqlite_memory(&url) {
            options = options.after_connect(|connection, _| {
                Box::pin(async move {
                    sqlx::raw_sql(SQLITE_DURABILITY).execute(connection).await?;
                    Ok(())
                })
            });
        }
        if !sqlite {
            let set = format!("SET statement_timeout = {}", timeouts.statement.as_millis());
            options = options.after_connect(move |connection, _| {
                let set = set.clone();
                Box::pin(async move {
                    // A number of milliseconds: nothing of anyone's text.
                    sqlx::raw_sql(sqlx::AssertSqlSafe(set))
                        .execute(connection)
                        .await?;
                    Ok(())
                })
            });
        }
        let pool = options.connect(&url).await?;
        MIGRATOR.run(&pool).await?;
        let live = if sqlite {
            std::sync::Arc::new(live::Live::local())
        } else {
            live::Live::shared(&pool, &url).await?
        };
        let store = Store {
            pool,
            sqlite,
            live,
            access: None,
        };
        store.count_uncounted().await?;
        store.start_histories().await?;
        Ok(store)
    }

    /// Gives every sheet without a history (stored before history was kept) its first
    /// revision, a `baseline` of its rows as they are.
    async fn start_histories(&self) -> Result<(), StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM sheets WHERE NOT EXISTS \
             (SELECT 1 FROM sheet_revisions WHERE sheet_revisions.sheet_id = sheets.id)",
        )
        .fetch_all(&self.pool)
        .await?;
        for id in ids {
            let mut tx = self.begin_write().await?;
            let (head, version) = read_head(&mut tx, id).await?;
            let rows = read_keyed_rows(&mut tx, id).await?;
            let summary = recount(
                &mut tx,
                id,
                &rows.iter().map(|(_, r)| r.clone()).collect::<Vec<_>>(),
            )
            .await?;
            history::start(
                &mut tx,
                id,
                version,
                history::State::new(head.settings(), summary, &rows),
            )
            .await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Whether the store can serve requests: the database answers a query and has every
    /// migration this build carries, applied without error (`GET /readyz`); with the
    /// statement timeout in force.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`] when the database does not answer; [`StoreError::NotReady`] naming
    /// the first migration of this build that is not applied.
    pub async fn ready(&self) -> Result<Readiness, StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        let applied: Vec<i64> =
            sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success = TRUE")
                .fetch_all(&self.pool)
                .await?;
        match MIGRATOR.iter().find(|m| !applied.contains(&m.version)) {
            Some(missing) => Err(StoreError::NotReady(format!(
                "migration {} ({}) is not applied",
                missing.version, missing.description
            ))),
            None => Ok(Readiness {
                migrations: MIGRATOR.iter().count(),
                statement_timeout: if self.sqlite {
                    None
                } else {
                    Some(
                        sqlx::query_scalar("SHOW statement_timeout")
                            .fetch_one(&self.pool)
                            .await?,
                    )
                },
            }),
        }
    }

    /// Closes the store's connections (waiting for those in use): a SQLite file is then
    /// free to be replaced ([`restore_sqlite`]).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Every [`SheetEvent`] from now on, from this instance and (on PostgreSQL) the others
    /// (a receiver that falls more than 256 events behind skips the oldest).
    pub fn subscribe(&self) -> tokio::sync::broadcast::Receiver<SheetEvent> {
        self.live.subscribe()
    }

    /// Counts a page watching sheet `id` until the returned guard is dropped; both tell the
    /// other watchers.
    pub fn watch(&self, id: i64) -> Watching {
        self.live.count(id, 1);
        Watching {
            live: self.live.clone(),
            id,
        }
    }

    /// How many pages watch sheet `id`, on every instance.
    pub fn viewers(&self, id: i64) -> usize {
        self.live.viewers(id)
    }

    /// Tells the watchers of sheet `id` that `author` changed it to `version`.
    fn changed(&self, id: i64, version: i64, author: &Author) {
        self.live.changed(id, version, &author.name);
    }

    /// Begins a transaction that will write. On SQLite it takes the write lock at once
    /// (`BEGIN IMMEDIATE`), so two writers wait for each other instead of failing with
    /// "database is locked" when both try to upgrade a read lock.
    async fn begin_write(&self) -> Result<Tx, sqlx::Error> {
        if self.sqlite {
            self.pool.begin_with("BEGIN IMMEDIATE").await
        } else {
            self.pool.begin().await
        }
    }

    /// Every sheet with its row count and its numbers of errors and warnings (from
    /// `budget::check`, kept with each write: listing checks nothing), the most recently
    /// changed first (ties: the higher id first). Scoped to a caller (team mode): only the
    /// sheets of their teams, the ones shared with the organisation (accounts only) and, for
    /// an administrator, the ones of no team.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`] when the database fails.
    pub async fn list_sheets(&self) -> Result<Vec<SheetSummary>, StoreError> {
        const COLUMNS: &str = "SELECT id, name, lang, margin_ms, amplification_threshold, \
             updated_at, row_count, error_count, warning_count FROM sheets";
        const ORDER: &str = " ORDER BY updated_at DESC, id DESC";
        let sheets = match self.access() {
            None => {
                sqlx::query(sqlx::AssertSqlSafe(format!("{COLUMNS}{ORDER}")))
                    .fetch_all(&self.pool)
                    .await?
            }
            Some(access) => {
                // The caller's teams, the organisation's shared sheets (accounts only), and
                // for an administrator the sheets of no team: numbers only, from the store.
                let teams: Vec<String> = access
                    .roles
                    .iter()
                    .map(|(team, _)| team.to_string())
                    .collect();
                let mut visible = vec![format!("team_id IN ({})", {
                    let list = teams.join(", ");
                    if list.is_empty() {
                        "NULL".to_string()
                    } else {
                        list
                    }
                })];
                if matches!(access.principal, super::access::Principal::Account { .. }) {
                    visible.push("shared = 1".into());
                }
                if access.is_admin() {
                    visible.push("team_id IS NULL".into());
                }
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "{COLUMNS} WHERE {}{ORDER}",
                    visible.join(" OR ")
                )))
                .fetch_all(&self.pool)
                .await?
            }
        };
        let mut summaries = Vec::with_capacity(sheets.len());
        for record in &sheets {
            let head = decode_head(record)?;
            let count = |column: &str| -> Result<u64, sqlx::Error> {
                let value: Option<i64> = record.try_get(column)?;
                Ok(value.map_or(0, |v| u64::try_from(v).unwrap_or(0)))
            };
            summaries.push(SheetSummary {
                id: head.id,
                name: head.name,
                lang: head.lang,
                rows: usize::try_from(count("row_count")?).unwrap_or(usize::MAX),
                errors: u32::try_from(count("error_count")?).unwrap_or(u32::MAX),
                warnings: u32::try_from(count("warning_count")?).unwrap_or(u32::MAX),
                updated_at_ms: head.updated_at_ms,
            });
        }
        Ok(summaries)
    }

    /// Counts the rows and findings of every sheet stored before the counts were kept
    /// (migration `20250105000000_sheet_counts`); once per such sheet.
    async fn count_uncounted(&self) -> Result<(), StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM sheets WHERE error_count IS NULL")
            .fetch_all(&self.pool)
            .await?;
        for id in ids {
            let mut tx = self.begin_write().await?;
            recount_stored(&mut tx, id).await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Stores a new sheet named `name` with `sheet`'s language, margin and rows, in one
    /// transaction, and returns its id; its first revision is by nobody in local mode, by the
    /// caller in team mode.
    ///
    /// # Errors
    ///
    /// [`StoreError::BadCell`] for a cell holding NUL; [`StoreError::Db`] when the database
    /// fails.
    pub async fn create_sheet(&self, name: &SheetName, sheet: &Sheet) -> Result<i64, StoreError> {
        self.create_sheet_as(name, sheet, &self.author_or(Author::anonymous()))
            .await
    }

    /// [`Store::create_sheet`] by `author`, who is named in the first revision.
    ///
    /// # Errors
    ///
    /// As [`Store::create_sheet`].
    pub async fn create_sheet_as(
        &self,
        name: &SheetName,
        sheet: &Sheet,
        author: &Author,
    ) -> Result<i64, StoreError> {
        budget::tsv::check_cells(&sheet.rows)?;
        let team = match self.access() {
            None => None,
            Some(access) => Some(access.home_team().ok_or(StoreError::NoTeam)?),
        };
        let mut tx = self.begin_write().await?;
        // The counter never goes back, so a deleted sheet's id is never given again;
        // `sheet_ids` keeps the record of every id given.
        let id = next_id(&mut tx, IdCounter::Sheets).await?;
        sqlx::query("INSERT INTO sheet_ids (id) VALUES ($1)")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let stamp = next_stamp(&mut tx).await?;
        sqlx::query(
            "INSERT INTO sheets (id, name, lang, margin_ms, amplification_threshold, updated_at, \
             team_id) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(name.as_str())
        .bind(sheet.lang.code())
        .bind(to_db(sheet.margin_ms))
        .bind(to_db(sheet.amplification_threshold))
        .bind(stamp)
        .bind(team)
        .execute(&mut *tx)
        .await?;
        let keyed: Vec<(i64, Row)> = (1_i64..).zip(sheet.rows.iter().cloned()).collect();
        sqlx::query("UPDATE sheets SET next_row_id = $1 WHERE id = $2")
            .bind(i64::try_from(keyed.len()).unwrap_or(i64::MAX - 1) + 1)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        insert_rows(&mut tx, self.placeholders(), id, &keyed).await?;
        let summary = recount(&mut tx, id, &sheet.rows).await?;
        history::record(
            &mut tx,
            id,
            0,
            history::RevisionKind::Create,
            author,
            "",
            &[],
            history::State::new(
                (sheet.lang, sheet.margin_ms, sheet.amplification_threshold),
                summary,
                &keyed,
            ),
        )
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The sheet `id` with its rows in sheet order, cells exactly as stored.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`] when no sheet has this id; [`StoreError::Db`] when the
    /// database fails.
    pub async fn get_sheet(&self, id: i64) -> Result<StoredSheet, StoreError> {
        self.allow(id, Need::Read).await?;
        let mut tx = self.pool.begin().await?;
        let stored = read_sheet(&mut tx, id).await?;
        tx.commit().await?;
        Ok(stored)
    }

    /// Sheet `id`'s name, read without its rows (one small query).
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`] when no sheet has this id; [`StoreError::Db`] when the
    /// database fails.
    pub async fn get_name(&self, id: i64) -> Result<String, StoreError> {
        self.allow(id, Need::Read).await?;
        let mut tx = self.pool.begin().await?;
        let (head, _) = read_head(&mut tx, id).await?;
        tx.commit().await?;
        Ok(head.name)
    }

    /// Sheet `id` without its rows: its language, margin and amplification threshold, all a
    /// check of rows that are not saved needs from it (one small query; the rows are not
    /// read).
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`] when no sheet has this id; [`StoreError::Db`] when the
    /// database fails.
    pub async fn get_settings(&self, id: i64) -> Result<Sheet, StoreError> {
        self.allow(id, Need::Read).await?;
        let mut tx = self.pool.begin().await?;
        let (head, _) = read_head(&mut tx, id).await?;
        tx.commit().await?;
        Ok(head.sheet(Vec::new()))
    }

    /// Replaces all rows of sheet `id` with `rows`, whatever was saved before (an import),
    /// bumps its change time and its revision, in one transaction: when it fails, the old rows
    /// stay. Returns the new revision; rows equal to the stored ones change nothing and return
    /// the current revision ([`Store::replace_rows`]).
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`] when no sheet has this id; [`StoreError::Db`] when the
    /// database fails.
    pub async fn save_rows(&self, id: i64, rows: &[Row]) -> Result<i64, StoreError> {
        self.allow(id, Need::Write).await?;
        self.replace_rows(
            id,
            None,
            None,
            rows,
            &Author::anonymous(),
            RevisionKind::Save,
        )
        .await
    }

    /// Replaces all rows of sheet `id` with `rows` when the stored rows are still at
    /// revision `base`, the one the edits started from; bumps the change time and the
    /// revision, in one transaction. Returns the new revision (`base + 1`), or `base` when
    /// the rows are the stored ones and nothing is written ([`Store::replace_rows`]).
    ///
    /// # Errors
    ///
    /// [`StoreError::Conflict`] when another save came in after `base` (nothing is
    /// written: the other rows stay); [`StoreError::NotFound`] when no sheet has this id;
    /// [`StoreError::Db`] when the database fails.
    pub async fn save_rows_from(
        &self,
        id: i64,
        base: i64,
        rows: &[Row],
        author: &Author,
    ) -> Result<i64, StoreError> {
        self.allow(id, Need::Write).await?;
        self.replace_rows(id, Some(base), None, rows, author, RevisionKind::Save)
            .await
    }

    /// Replaces all rows of sheet `id` with `rows` (an import): only while the stored rows
    /// are at revision `base` when one is given, whatever was saved before when none is;
    /// sets the header language to `lang` when one is given (a TSV whose header is in the
    /// other language). Bumps the change time and the revision; one transaction. Returns the
    /// new revision.
    ///
    /// A write that changes nothing (the stored rows in the stored order, and no language or
    /// the stored one) writes nothing: no revision in the history, the same version and change
    /// time, no event to the sheet's watchers; it returns the current revision. A client that
    /// sends the same sheet again, or retries a write whose answer it lost, adds nothing.
    ///
    /// Rows that match a stored row by content keep its row id; the change is recorded in the
    /// history as a revision of `kind` by `author` (or folded into their latest one, see
    /// [`FOLD_WINDOW_MS`]).
    ///
    /// # Errors
    ///
    /// [`StoreError::Conflict`] when `base` is given and another save came in after it
    /// (nothing is written); [`StoreError::BadCell`] for a cell holding NUL;
    /// [`StoreError::NotFound`] when no sheet has this id;
    /// [`StoreError::Db`] when the database fails.
    pub async fn replace_rows(
        &self,
        id: i64,
        base: Option<i64>,
        lang: Option<Lang>,
        rows: &[Row],
        author: &Author,
        kind: RevisionKind,
    ) -> Result<i64, StoreError> {
        self.allow(id, Need::Write).await?;
        budget::tsv::check_cells(rows)?;
        let mut tx = self.begin_write().await?;
        let stamp = next_stamp(&mut tx).await?;
        // The condition is in the UPDATE itself: on PostgreSQL a concurrent save waits for
        // this row's lock and then finds the revision moved on.
        let bumped = match base {
            None => sqlx::query(
                "UPDATE sheets SET updated_at = $1, revision = revision + 1 WHERE id = $2",
            )
            .bind(stamp)
            .bind(id),
            Some(base) => sqlx::query(
                "UPDATE sheets SET updated_at = $1, revision = revision + 1 \
                 WHERE id = $2 AND revision = $3",
            )
            .bind(stamp)
            .bind(id)
            .bind(base),
        }
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let revision: Option<i64> = sqlx::query_scalar("SELECT revision FROM sheets WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        let revision = revision.ok_or(StoreError::NotFound(id))?;
        if bumped == 0 {
            let base = base.unwrap_or_default();
            let conflicts = stale_conflicts(&mut tx, id, base, rows).await?;
            return Err(StoreError::Conflict {
                id,
                base,
                current: revision,
                conflicts,
            });
        }
        // Read under the row lock the bump took, so no other write lands in between.
        let (head, _) = read_head(&mut tx, id).await?;
        let current = read_keyed_rows(&mut tx, id).await?;
        let same_lang = lang.is_none_or(|lang| lang == head.lang);
        if same_lang && current.iter().map(|(_, row)| row).eq(rows) {
            // The same rows in the same language change nothing: dropping the transaction
            // undoes the bump, so the sheet keeps its revision, its change time and its
            // history, and its watchers hear of nothing.
            return Ok(revision - 1);
        }
        if let Some(lang) = lang {
            sqlx::query("UPDATE sheets SET lang = $1 WHERE id = $2")
                .bind(lang.code())
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        let mut next = next_row_id(&mut tx, id).await?;
        let keyed = history::assign_ids(&current, rows, &mut next);
        self.write_rows(
            &mut tx, id, revision, &current, &keyed, next, author, kind, "",
        )
        .await?;
        tx.commit().await?;
        self.changed(id, revision, author);
        Ok(revision)
    }

    /// Sets the header language of sheet `id` (messages and the default export header follow
    /// it) and bumps its change time.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`] when no sheet has this id; [`StoreError::Db`] when the
    /// database fails.
    pub async fn set_lang(&self, id: i64, lang: Lang) -> Result<(), StoreError> {
        let update = sqlx::query("UPDATE sheets SET lang = $1 WHERE id = $2")
            .bind(lang.code())
            .bind(id);
        self.update_sheet(id, update, Revision::Settings).await
    }

    /// Sets the sheet settings of sheet `id`: the margin in milliseconds and the retry
    /// amplification threshold (attempts); bumps its change time, not its revision (the rows
    /// stay as they are).
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`] when no sheet has this id; [`StoreError::Db`] when the
    /// database fails.
    pub async fn set_settings(
        &self,
        id: i64,
        margin_ms: u64,
        amplification_threshold: u64,
    ) -> Result<(), StoreError> {
        let update = sqlx::query(
            "UPDATE sheets SET margin_ms = $1, amplification_threshold = $2 WHERE id = $3",
        )
        .bind(to_db(margin_ms))
        .bind(to_db(amplification_threshold))
        .bind(id);
        self.update_sheet(id, update, Revision::Settings).await
    }

    /// Renames sheet `id` to `name` and bumps its change time.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`] when no sheet has this id; [`StoreError::Db`] when the
    /// database fails.
    pub async fn rename_sheet(&self, id: i64, name: &SheetName) -> Result<(), StoreError> {
        let update = sqlx::query("UPDATE sheets SET name = $1 WHERE id = $2")
            .bind(name.as_str())
            .bind(id);
        self.update_sheet(id, update, Revision::None).await
    }

    /// Runs `update`, a change of sheet `id`'s own record, in one transaction with the bump
    /// of its change time, when the access may write the sheet; a change of its settings is
    /// recorded as a `settings` revision.
    async fn update_sheet(
        &self,
        id: i64,
        update: Query<'_>,
        revision: Revision,
    ) -> Result<(), StoreError> {
        self.allow(id, Need::Write).await?;
        let mut tx = self.begin_write().await?;
        touch(&mut tx, id).await?;
        update.execute(&mut *tx).await?;
        if revision == Revision::Settings {
            record_settings(&mut tx, id).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Deletes sheet `id` and its rows.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`] when no sheet has this id; [`StoreError::Db`] when the
    /// database fails.
    pub async fn delete_sheet(&self, id: i64) -> Result<(), StoreError> {
        self.allow(id, Need::Own).await?;
        let team = self.sheet_team(id).await?;
        let mut tx = self.begin_write().await?;
        for table in ["sheet_revisions", "proposals", "proposal_comments"] {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "DELETE FROM {table} WHERE sheet_id = $1"
            )))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("DELETE FROM sheet_rows WHERE sheet_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let delete = sqlx::query("DELETE FROM sheets WHERE id = $1").bind(id);
        change_sheet(&mut tx, id, delete).await?;
        tx.commit().await?;
        // Team mode: the deletion goes to the team's audit log.
        if let Some(access) = self.access() {
            self.audit(team, &access.name(), "sheet-delete", &format!("sheet {id}"))
                .await?;
        }
        Ok(())
    }
}

/// Whether a change of a sheet's record adds a revision to its history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Revision {
    /// None: the rows and the settings stay as they are (a rename).
    None,
    /// A `settings` revision: the language, margin or threshold changed.
    Settings,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sqlite_file_url_gets_the_create_mode() {
        for (url, expected) in [
            ("sqlite://x.db", "sqlite://x.db?mode=rwc"),
            (
                "sqlite://x.db?cache=shared",
                "sqlite://x.db?cache=shared&mode=rwc",
            ),
            ("sqlite://x.db?mode=ro", "sqlite://x.db?mode=ro"),
            ("sqlite::memory:", "sqlite::memory:"),
            ("postgres://h/db", "postgres://h/db"),
        ] {
            assert_eq!(with_create_mode(url), expected, "{url}");
        }
    }
}
