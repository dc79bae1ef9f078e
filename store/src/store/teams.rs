//! Team mode's teams: making them, their members and roles, and the sheets each owns or
//! shares with the organisation.

use sqlx::Row as _;

use super::accounts::{taken_if_unique, Member, TeamRecord};
use super::db::{next_id, now_ms, IdCounter, Store};
use crate::access::{Need, Role};
use crate::StoreError;

impl Store {
    /// Makes team `name`; returns its id.
    ///
    /// # Errors
    ///
    /// [`StoreError::Taken`] when the name is taken; [`StoreError::Db`].
    pub async fn create_team(&self, name: &str) -> Result<i64, StoreError> {
        let name = name.trim().to_string();
        let mut tx = self.begin_write().await?;
        // The id first: from here on another team's creation waits for this one, so the check
        // below sees a team of the same name made just before.
        let id = next_id(&mut tx, IdCounter::Teams).await?;
        let taken: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM teams WHERE name = $1")
            .bind(&name)
            .fetch_one(&mut *tx)
            .await?;
        if taken > 0 {
            return Err(StoreError::Taken(name));
        }
        sqlx::query("INSERT INTO teams (id, name, created_at) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(&name)
            .bind(now_ms())
            .execute(&mut *tx)
            .await
            .map_err(|e| taken_if_unique(e, &name))?;
        tx.commit().await?;
        Ok(id)
    }

    /// Every team, by id.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn teams(&self) -> Result<Vec<TeamRecord>, StoreError> {
        let rows = sqlx::query("SELECT id, name FROM teams ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(TeamRecord {
                    id: row.try_get("id")?,
                    name: row.try_get("name")?,
                })
            })
            .collect()
    }

    /// Gives account `account` the role `role` in team `team`, or removes it from the team
    /// (`None`).
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`] (a team or account that does not exist included).
    pub async fn set_role(
        &self,
        team: i64,
        account: i64,
        role: Option<Role>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        sqlx::query("DELETE FROM memberships WHERE team_id = $1 AND account_id = $2")
            .bind(team)
            .bind(account)
            .execute(&mut *tx)
            .await?;
        if let Some(role) = role {
            sqlx::query("INSERT INTO memberships (team_id, account_id, role) VALUES ($1, $2, $3)")
                .bind(team)
                .bind(account)
                .bind(role.name())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The members of team `team`, by e-mail address.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn members(&self, team: i64) -> Result<Vec<Member>, StoreError> {
        let rows = sqlx::query(
            "SELECT m.account_id, a.email, m.role FROM memberships m \
             JOIN accounts a ON a.id = m.account_id WHERE m.team_id = $1 ORDER BY a.email",
        )
        .bind(team)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(decode_member).collect::<Result<_, _>>()?)
    }

    /// The team that owns sheet `id` (`None`: no team), for the audit log.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn sheet_team(&self, id: i64) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar::<_, Option<i64>>("SELECT team_id FROM sheets WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
                .flatten(),
        )
    }

    /// The sheets of `team`: id, name and whether each is shared read-only with the
    /// organisation, by name (for its owners' page; the caller checks the role).
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn team_sheets(&self, team: i64) -> Result<Vec<(i64, String, bool)>, StoreError> {
        let rows =
            sqlx::query("SELECT id, name, shared FROM sheets WHERE team_id = $1 ORDER BY name, id")
                .bind(team)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|row| {
                let shared: i64 = row.try_get("shared")?;
                Ok((row.try_get("id")?, row.try_get("name")?, shared != 0))
            })
            .collect()
    }

    /// Shares sheet `id` read-only with every account of the organisation, or stops (an
    /// owner's decision), written to the team's audit log (`sheet-share`, `sheet-unshare`).
    ///
    /// # Errors
    ///
    /// As [`Store::allow`] with [`Need::Own`]; [`StoreError::Db`].
    pub async fn set_shared(&self, id: i64, shared: bool) -> Result<(), StoreError> {
        self.allow(id, Need::Own).await?;
        sqlx::query("UPDATE sheets SET shared = $1 WHERE id = $2")
            .bind(i64::from(shared))
            .bind(id)
            .execute(&self.pool)
            .await?;
        if let Some(access) = self.access() {
            let team = self.sheet_team(id).await?;
            let action = if shared {
                "sheet-share"
            } else {
                "sheet-unshare"
            };
            self.audit(team, &access.name(), action, &format!("sheet {id}"))
                .await?;
        }
        Ok(())
    }
}

/// A `memberships` record with its account's `email`; a role this version does not know
/// reads as a viewer's.
fn decode_member(row: &sqlx::any::AnyRow) -> Result<Member, sqlx::Error> {
    let role: String = row.try_get("role")?;
    Ok(Member {
        account: row.try_get("account_id")?,
        email: row.try_get("email")?,
        role: Role::parse(&role).unwrap_or(Role::Viewer),
    })
}
