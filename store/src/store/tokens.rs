//! Team mode's API tokens, kept by their SHA-256: made, listed, revoked, and read back as
//! the access of the request that bears one.

use sqlx::Row as _;

use super::accounts::{TokenRecord, TokenRefusal};
use super::db::{next_id, now_ms, IdCounter, Store};
use crate::access::{Access, Principal, TokenScope};
use crate::StoreError;

impl Store {
    /// Stores a new API token of team `team` by its SHA-256 `hash`; returns its id.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn create_token(
        &self,
        team: i64,
        name: &str,
        hash: &str,
        scope: TokenScope,
        created_by: i64,
        expires_at_ms: Option<i64>,
    ) -> Result<i64, StoreError> {
        let mut tx = self.begin_write().await?;
        let id = next_id(&mut tx, IdCounter::ApiTokens).await?;
        sqlx::query(
            "INSERT INTO api_tokens (id, team_id, name, hash, scope, created_by, created_at, \
             expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(id)
        .bind(team)
        .bind(name)
        .bind(hash)
        .bind(scope.name())
        .bind(created_by)
        .bind(now_ms())
        .bind(expires_at_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The [`Access`] of the token whose SHA-256 is `hash`, marking it used now.
    ///
    /// # Errors
    ///
    /// `Ok(Err(refusal))` for an unknown, revoked or expired token; [`StoreError::Db`].
    pub async fn token_access(
        &self,
        hash: &str,
    ) -> Result<Result<Access, TokenRefusal>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT id, team_id, scope, expires_at, revoked_at FROM api_tokens WHERE hash = $1",
        )
        .bind(hash)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(Err(TokenRefusal::Unknown));
        };
        let id: i64 = row.try_get("id")?;
        let team: i64 = row.try_get("team_id")?;
        let scope: String = row.try_get("scope")?;
        let expires: Option<i64> = row.try_get("expires_at")?;
        let revoked: Option<i64> = row.try_get("revoked_at")?;
        let now = now_ms();
        if revoked.is_some() {
            return Ok(Err(TokenRefusal::Revoked));
        }
        if expires.is_some_and(|at| at <= now) {
            return Ok(Err(TokenRefusal::Expired));
        }
        sqlx::query("UPDATE api_tokens SET last_used_at = $1 WHERE id = $2")
            .bind(now)
            .bind(id)
            .execute(&self.pool)
            .await?;
        let scope = TokenScope::parse(&scope).unwrap_or(TokenScope::Check);
        Ok(Ok(Access {
            principal: Principal::Token { id, team, scope },
            roles: scope.role().map(|role| (team, role)).into_iter().collect(),
        }))
    }

    /// The tokens of team `team`, newest first.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn tokens(&self, team: i64) -> Result<Vec<TokenRecord>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, team_id, name, scope, created_at, expires_at, last_used_at, revoked_at \
             FROM api_tokens WHERE team_id = $1 ORDER BY id DESC",
        )
        .bind(team)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(decode_token).collect::<Result<_, _>>()?)
    }

    /// Revokes token `id` of team `team`; `false` when the team has no such token.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn revoke_token(&self, team: i64, id: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE api_tokens SET revoked_at = $1 \
             WHERE id = $2 AND team_id = $3 AND revoked_at IS NULL",
        )
        .bind(now_ms())
        .bind(id)
        .bind(team)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

/// An `api_tokens` record; a scope this version does not know reads as `check`.
fn decode_token(row: &sqlx::any::AnyRow) -> Result<TokenRecord, sqlx::Error> {
    let scope: String = row.try_get("scope")?;
    Ok(TokenRecord {
        id: row.try_get("id")?,
        team: row.try_get("team_id")?,
        name: row.try_get("name")?,
        scope: TokenScope::parse(&scope).unwrap_or(TokenScope::Check),
        created_at_ms: row.try_get("created_at")?,
        expires_at_ms: row.try_get("expires_at")?,
        last_used_at_ms: row.try_get("last_used_at")?,
        revoked_at_ms: row.try_get("revoked_at")?,
    })
}
