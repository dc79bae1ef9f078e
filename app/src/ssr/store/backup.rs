//! Backups of a SQLite store and their restore (issue 11 §5): `workbench backup PATH` and
//! `workbench restore PATH`.
//!
//! A backup is SQLite's `VACUUM INTO`: a consistent copy of the database as of one
//! transaction, taken while the server runs and serves (readers and the writer go on). A
//! restore copies a backup over the database file; the server must be stopped while it runs.
//! PostgreSQL has its own tools (`pg_dump`, `pg_restore`); the store does not repeat them.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use thiserror::Error;

use super::{with_create_mode, Store, StoreError};

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

/// Replaces the SQLite database of `database_url` by the backup `backup`; returns how many
/// sheets the restored database holds. The backup is read only; it is copied beside the
/// database (`FILE.restoring`), then the database's write-ahead log is removed and the copy
/// renamed over it, so the database is either the old one or the whole backup. **The server
/// must be stopped**: a running server would go on writing to the file it had open.
///
/// # Errors
///
/// [`BackupError::Missing`] or [`BackupError::NotABackup`] for the backup (nothing changed);
/// [`BackupError::Postgres`] or [`BackupError::Memory`] for the database;
/// [`BackupError::Failed`] when a file cannot be written.
pub async fn restore_sqlite(backup: &Path, database_url: &str) -> Result<i64, BackupError> {
    if !database_url.starts_with("sqlite:") {
        return Err(BackupError::Postgres);
    }
    if super::is_sqlite_memory(database_url) {
        return Err(BackupError::Memory);
    }
    if !backup.is_file() {
        return Err(BackupError::Missing(backup.to_path_buf()));
    }
    let target_options = SqliteConnectOptions::from_str(&with_create_mode(database_url))?;
    let target = target_options.get_filename().to_path_buf();
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
