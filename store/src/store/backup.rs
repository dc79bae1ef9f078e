//! Backups of a SQLite store and their restore: `workbench backup PATH` and
//! `workbench restore PATH`.
//!
//! A backup is SQLite's `VACUUM INTO`: a consistent copy of the database as of one
//! transaction, taken while the server runs and serves (readers and the writer go on). A
//! restore copies a backup over the database file, so no server may have the file open: a
//! server would go on writing to the database it opened (saves it acknowledged after the
//! restore would be lost at its next start). The lock file `FILE.lock` beside the database
//! enforces it ([`DatabaseLock`]): every server holds it shared for its whole life, a restore
//! needs it exclusive and is refused, with nothing changed, while a server holds it.
//! PostgreSQL has its own tools (`pg_dump`, `pg_restore`); the store does not repeat them.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use thiserror::Error;

use super::db::{is_sqlite_memory, with_create_mode, Store};
use crate::error::StoreError;

/// Why a backup or a restore did not happen. Nothing was written when one of these is
/// returned (a half-written copy is removed).
#[derive(Error, Debug)]
pub enum BackupError {
    /// The store is on PostgreSQL.
    #[error(
        "the database is PostgreSQL: back it up with pg_dump (pg_dump --format=custom -f FILE \
         DATABASE) and restore it with pg_restore"
    )]
    Postgres,
    /// The store is SQLite in memory: there is no file to restore into.
    #[error("the database is SQLite in memory: there is no file to back up or restore into")]
    Memory,
    /// The backup's path is taken (a backup never overwrites a file).
    #[error("{0} exists already; a backup never overwrites a file: give a new path")]
    Exists(PathBuf),
    /// The file to restore from is missing.
    #[error("{0} does not exist")]
    Missing(PathBuf),
    /// The file to restore from is not a workbench database (no sheets table, or not SQLite).
    #[error("{path} is not a workbench backup: {reason}")]
    NotABackup {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        reason: String,
    },
    /// A server holds the database (its lock file): a restore now would lose the saves it
    /// acknowledges afterwards. Nothing was changed.
    #[error(
        "the database {0} is in use by a running workbench server: stop the server first, then \
         run the restore again (nothing was changed)"
    )]
    InUse(PathBuf),
    /// A restore holds the database (its lock file): a server must not open it until the
    /// restore has finished.
    #[error(
        "the database {0} is being restored (workbench restore): start the server when the \
         restore has finished"
    )]
    Restoring(PathBuf),
    /// The database or a file failed.
    #[error("{0}")]
    Failed(String),
}

impl From<sqlx::Error> for BackupError {
    fn from(err: sqlx::Error) -> BackupError {
        BackupError::Failed(err.to_string())
    }
}

impl From<StoreError> for BackupError {
    fn from(err: StoreError) -> BackupError {
        BackupError::Failed(err.to_string())
    }
}

impl Store {
    /// Writes a consistent copy of the whole SQLite database to the new file `path`
    /// (`VACUUM INTO`), while the store goes on serving.
    ///
    /// # Errors
    ///
    /// [`BackupError::Exists`] when `path` exists; [`BackupError::Postgres`] or
    /// [`BackupError::Memory`] when there is no SQLite file; [`BackupError::Failed`] when
    /// SQLite cannot write the copy.
    pub async fn backup(&self, path: &Path) -> Result<(), BackupError> {
        if !self.sqlite {
            return Err(BackupError::Postgres);
        }
        if path.exists() {
            return Err(BackupError::Exists(path.to_path_buf()));
        }
        let target = path
            .to_str()
            .ok_or_else(|| BackupError::Failed(format!("{} is not UTF-8", path.display())))?;
        let result = sqlx::query("VACUUM INTO ?")
            .bind(target.to_string())
            .execute(&self.pool)
            .await;
        if let Err(err) = result {
            let _ = std::fs::remove_file(path);
            return Err(err.into());
        }
        Ok(())
    }
}

/// A hold on the lock file of a SQLite database, `FILE.lock` beside it (`workbench.db.lock`),
/// released when dropped (or when the process ends, however it ends). A server holds it
/// shared from its start to its end ([`DatabaseLock::serving`]), so several servers may share
/// one file; [`restore_sqlite`] holds it exclusive while it replaces the file, so it never
/// runs under a server and no server starts during it. The lock is the operating system's
/// advisory file lock (`flock` on Unix, `LockFileEx` on Windows); the lock file itself is
/// never removed, so every process locks the same file.
#[derive(Debug)]
pub struct DatabaseLock {
    _file: std::fs::File,
}

impl DatabaseLock {
    /// The server's hold on the SQLite database of `database_url`, taken at its start and
    /// kept for its whole life; `None` for PostgreSQL and for SQLite in memory, which no
    /// restore can replace.
    ///
    /// # Errors
    ///
    /// [`BackupError::Restoring`] while a restore holds the database;
    /// [`BackupError::Failed`] when the lock file cannot be opened or locked.
    pub fn serving(database_url: &str) -> Result<Option<DatabaseLock>, BackupError> {
        if !database_url.starts_with("sqlite:") || is_sqlite_memory(database_url) {
            return Ok(None);
        }
        let database = sqlite_file(database_url)?;
        let file = open_lock_file(&database)?;
        match file.try_lock_shared() {
            Ok(()) => Ok(Some(DatabaseLock { _file: file })),
            Err(std::fs::TryLockError::WouldBlock) => Err(BackupError::Restoring(database)),
            Err(std::fs::TryLockError::Error(err)) => Err(lock_failed(&database, &err)),
        }
    }

    /// The restore's hold on `database` (a SQLite file's path): exclusive, so no server holds
    /// it.
    fn restoring(database: &Path) -> Result<DatabaseLock, BackupError> {
        let file = open_lock_file(database)?;
        match file.try_lock() {
            Ok(()) => Ok(DatabaseLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => {
                Err(BackupError::InUse(database.to_path_buf()))
            }
            Err(std::fs::TryLockError::Error(err)) => Err(lock_failed(database, &err)),
        }
    }
}

/// The lock file of the SQLite file `database`, opened (made when missing, never truncated).
fn open_lock_file(database: &Path) -> Result<std::fs::File, BackupError> {
    let path = with_suffix(database, ".lock");
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|err| BackupError::Failed(format!("cannot open {}: {err}", path.display())))
}

fn lock_failed(database: &Path, err: &std::io::Error) -> BackupError {
    BackupError::Failed(format!(
        "cannot lock {}: {err}",
        with_suffix(database, ".lock").display()
    ))
}

/// The path of the SQLite file of `database_url`.
fn sqlite_file(database_url: &str) -> Result<PathBuf, BackupError> {
    let options = SqliteConnectOptions::from_str(&with_create_mode(database_url))?;
    Ok(options.get_filename().to_path_buf())
}

/// Replaces the SQLite database of `database_url` by the backup `backup`; returns how many
/// sheets the restored database holds. The backup is read only; it is copied beside the
/// database (`FILE.restoring`), then the database's write-ahead log is removed and the copy
/// renamed over it, so the database is either the old one or the whole backup. It runs only
/// while no server holds the database: it takes the database's [`DatabaseLock`] exclusive
/// first, and keeps it until the database is replaced.
///
/// # Errors
///
/// [`BackupError::InUse`] while a server holds the database (nothing changed);
/// [`BackupError::Missing`] or [`BackupError::NotABackup`] for the backup (nothing changed);
/// [`BackupError::Postgres`] or [`BackupError::Memory`] for the database;
/// [`BackupError::Failed`] when a file cannot be written.
pub async fn restore_sqlite(backup: &Path, database_url: &str) -> Result<i64, BackupError> {
    if !database_url.starts_with("sqlite:") {
        return Err(BackupError::Postgres);
    }
    if is_sqlite_memory(database_url) {
        return Err(BackupError::Memory);
    }
    if !backup.is_file() {
        return Err(BackupError::Missing(backup.to_path_buf()));
    }
    let target = sqlite_file(database_url)?;
    let _lock = DatabaseLock::restoring(&target)?;
    let source = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(SqliteConnectOptions::new().filename(backup).read_only(true))
        .await
        .map_err(|err| not_a_backup(backup, &err))?;
    let sheets: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM sheets WHERE EXISTS (SELECT 1 FROM _sqlx_migrations)",
    )
    .fetch_one(&source)
    .await
    .map_err(|err| not_a_backup(backup, &err))?;
    let staged = with_suffix(&target, ".restoring");
    let _ = std::fs::remove_file(&staged);
    let copied = sqlx::query("VACUUM INTO ?")
        .bind(staged.to_string_lossy().into_owned())
        .execute(&source)
        .await;
    source.close().await;
    if let Err(err) = copied {
        let _ = std::fs::remove_file(&staged);
        return Err(err.into());
    }
    let replace = || -> std::io::Result<()> {
        for suffix in ["-wal", "-shm"] {
            match std::fs::remove_file(with_suffix(&target, suffix)) {
                Err(err) if err.kind() != std::io::ErrorKind::NotFound => return Err(err),
                _ => {}
            }
        }
        std::fs::rename(&staged, &target)
    };
    replace().map_err(|err| {
        let _ = std::fs::remove_file(&staged);
        BackupError::Failed(format!("cannot replace {}: {err}", target.display()))
    })?;
    Ok(sheets)
}

/// `path` with `suffix` appended to its file name (`workbench.db-wal`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn not_a_backup(path: &Path, err: &sqlx::Error) -> BackupError {
    BackupError::NotABackup {
        path: path.to_path_buf(),
        reason: err.to_string(),
    }
}
