//! Team mode's audit log: a line for every change of a team, an account or a sheet's
//! owner, and its pages, newest first.

use sqlx::Row as _;

use super::accounts::AuditEntry;
use super::db::{next_id, now_ms, IdCounter, Store};
use crate::access::{Access, Principal};
use crate::StoreError;

impl Store {
    /// Writes a line of team `team`'s audit log (`None`: the organisation's).
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn audit(
        &self,
        team: Option<i64>,
        actor: &str,
        action: &str,
        detail: &str,
    ) -> Result<(), StoreError> {
        let account = match self.access() {
            Some(Access {
                principal: Principal::Account { id, .. },
                ..
            }) => Some(*id),
            _ => None,
        };
        let mut tx = self.begin_write().await?;
        let id = next_id(&mut tx, IdCounter::AuditLog).await?;
        sqlx::query(
            "INSERT INTO audit_log (id, team_id, account_id, actor, action, detail, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(team)
        .bind(account)
        .bind(actor)
        .bind(action)
        .bind(detail)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Writes the organisation's audit line (no team) of account `id`, just made by `actor`:
    /// `account-create` with its address, whether it is an administrator, and `how` it was
    /// made when given (`by invitation`).
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn audit_new_account(
        &self,
        actor: &str,
        id: i64,
        how: &str,
    ) -> Result<(), StoreError> {
        let Some(account) = self.account(id).await? else {
            return Ok(());
        };
        let mut detail = format!(
            "account {id} {} ({})",
            account.email,
            if account.admin {
                "administrator"
            } else {
                "not an administrator"
            }
        );
        if !how.is_empty() {
            detail += &format!(", {how}");
        }
        self.audit(None, actor, "account-create", &detail).await
    }

    /// Team `team`'s audit log, newest first, at most `limit` lines.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn audit_log(&self, team: i64, limit: i64) -> Result<Vec<AuditEntry>, StoreError> {
        self.audit_page(Some(team), None, limit).await
    }

    /// One page of an audit log, newest first: team `team`'s, or with `None` the
    /// organisation's own (the lines of no team: accounts made, disabled and enabled, failed
    /// sign-ins of unknown addresses); at most `limit` lines, only those older than line
    /// `before` when given (the id of the last line of the page before).
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn audit_page(
        &self,
        team: Option<i64>,
        before: Option<i64>,
        limit: i64,
    ) -> Result<Vec<AuditEntry>, StoreError> {
        let before = before.unwrap_or(i64::MAX);
        let rows = match team {
            Some(team) => {
                sqlx::query(
                    "SELECT id, actor, action, detail, at FROM audit_log \
                     WHERE team_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3",
                )
                .bind(team)
                .bind(before)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
            None => {
                sqlx::query(
                    "SELECT id, actor, action, detail, at FROM audit_log \
                     WHERE team_id IS NULL AND id < $1 ORDER BY id DESC LIMIT $2",
                )
                .bind(before)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
        };
        rows.iter()
            .map(|row| {
                Ok(AuditEntry {
                    id: row.try_get("id")?,
                    actor: row.try_get("actor")?,
                    action: row.try_get("action")?,
                    detail: row.try_get("detail")?,
                    at_ms: row.try_get("at")?,
                })
            })
            .collect()
    }
}
