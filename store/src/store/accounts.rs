//! Team mode's accounts: their records, the role guard of a store scoped to a caller, the
//! accounts themselves, invitations and sessions. The store keeps what it is given: passwords
//! arrive hashed (Argon2id) and tokens as their SHA-256, from the server's `auth` module. Teams,
//! tokens and the audit log have their own modules beside this one.

use serde::Serialize;
use sqlx::Row as _;

use super::db::{next_id, now_ms, IdCounter, Store, Tx};
use super::history::Author;
use crate::access::Need;
use crate::access::{Access, Principal, Role, TokenScope};
use crate::StoreError;

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AccountRecord {
    /// Its id.
    pub id: i64,
    /// Its e-mail address, lower case.
    pub email: String,
    /// The PHC string of its password's Argon2id hash.
    #[serde(skip)]
    pub password_hash: String,
    /// An administrator.
    pub admin: bool,
    /// Disabled: cannot sign in; its sessions end.
    pub disabled: bool,
}

/// A team with the caller's view of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamRecord {
    /// Its id.
    pub id: i64,
    /// Its name.
    pub name: String,
}

/// A member of a team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Member {
    /// The account.
    pub account: i64,
    /// Its e-mail address.
    pub email: String,
    /// Its role.
    pub role: Role,
}

/// An API token as listed (never the token itself, which is shown once when made).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TokenRecord {
    /// Its id.
    pub id: i64,
    /// Its team.
    pub team: i64,
    /// Its name (what it is for).
    pub name: String,
    /// What it may do.
    pub scope: TokenScope,
    /// When it was made, unix milliseconds.
    pub created_at_ms: i64,
    /// When it stops working, unix milliseconds; `None`: never.
    pub expires_at_ms: Option<i64>,
    /// When it was last used, unix milliseconds; `None`: never.
    pub last_used_at_ms: Option<i64>,
    /// When it was revoked, unix milliseconds.
    pub revoked_at_ms: Option<i64>,
}

/// One line of a team's audit log, or of the organisation's (lines of no team).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AuditEntry {
    /// Its id (in order of writing).
    pub id: i64,
    /// Who: an e-mail address (for a refused sign-in, the address as typed) or `token N`.
    pub actor: String,
    /// What: `sign-in`, `sign-in-failed`, `sign-in-limited` (refused for too many attempts),
    /// `role`, `token-create`, `token-revoke`, `sheet-delete`, `sheet-share`, `sheet-unshare`,
    /// `account-create`, `account-disable`, `account-enable`, `team-create`, `invite`. The use
    /// of a token is not a line: the token's `last_used_at_ms` says when it was last used.
    pub action: String,
    /// The details, as text.
    pub detail: String,
    /// When, unix milliseconds.
    pub at_ms: i64,
}

/// An invitation that still works.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    /// The address invited.
    pub email: String,
    /// The team it joins, and as what.
    pub team: Option<(i64, Role)>,
}

/// Why a token does not let its bearer in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenRefusal {
    /// No token has this hash.
    Unknown,
    /// Revoked by an owner.
    Revoked,
    /// Past its expiry.
    Expired,
}

impl Store {
    /// This store as seen by `access`: every operation on a sheet checks the caller's role
    /// first, the list holds only the sheets they may read, and new sheets go to their
    /// [`Access::home_team`].
    pub fn scoped(&self, access: Access) -> Store {
        Store {
            access: Some(std::sync::Arc::new(access)),
            ..self.clone()
        }
    }

    /// The author a change is recorded under: in team mode the caller's account (or token),
    /// whatever name the request gave; in local mode `given`.
    pub fn author_or(&self, given: Author) -> Author {
        match self.access() {
            Some(access) => Author::named(&access.name()),
            None => given,
        }
    }

    /// The caller this store is scoped to; `None` in local mode.
    pub fn access(&self) -> Option<&Access> {
        self.access.as_deref()
    }

    /// Checks that the caller may do what `need` says to sheet `id`.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`] when the sheet does not exist or belongs to a team the
    /// caller is not in (the two look the same); [`StoreError::Forbidden`] when the caller's
    /// role is below `need`'s.
    pub async fn allow(&self, id: i64, need: Need) -> Result<(), StoreError> {
        let Some(access) = &self.access else {
            return Ok(());
        };
        let row = sqlx::query("SELECT team_id, shared FROM sheets WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound(id))?;
        let team: Option<i64> = row.try_get("team_id")?;
        let shared: i64 = row.try_get("shared")?;
        match access.role_on(team, shared != 0) {
            None => Err(StoreError::NotFound(id)),
            Some(role) if role >= need.role() => Ok(()),
            Some(role) => Err(StoreError::Forbidden {
                id,
                role,
                needs: need.role(),
            }),
        }
    }

    /// Whether this store's caller may still read sheet `id`, their access read again from
    /// the database: no longer once their account is disabled or leaves the sheet's team (and
    /// the sheet is not shared), once their token is revoked or expires, or once the sheet is
    /// gone. For what runs long after the request was let in (a page's event stream). Always
    /// `true` in local mode.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn still_reads(&self, id: i64) -> Result<bool, StoreError> {
        let Some(access) = self.access() else {
            return Ok(true);
        };
        let now = match &access.principal {
            Principal::Account { id: account, .. } => match self.account(*account).await? {
                Some(record) if !record.disabled => self.access_of(&record).await?,
                _ => return Ok(false),
            },
            Principal::Token { id: token, .. } => {
                let Some(row) =
                    sqlx::query("SELECT expires_at, revoked_at FROM api_tokens WHERE id = $1")
                        .bind(token)
                        .fetch_optional(&self.pool)
                        .await?
                else {
                    return Ok(false);
                };
                let expires: Option<i64> = row.try_get("expires_at")?;
                let revoked: Option<i64> = row.try_get("revoked_at")?;
                if revoked.is_some() || expires.is_some_and(|at| at <= now_ms()) {
                    return Ok(false);
                }
                // A token's roles follow from its scope, which does not change.
                access.clone()
            }
        };
        match self.scoped(now).allow(id, Need::Read).await {
            Ok(()) => Ok(true),
            Err(StoreError::NotFound(_) | StoreError::Forbidden { .. }) => Ok(false),
            Err(err) => Err(err),
        }
    }

    /// How many accounts exist (the first one made is the administrator).
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`] when the database fails.
    pub async fn account_count(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM accounts")
            .fetch_one(&self.pool)
            .await?)
    }

    /// Makes an account for `email` (kept in lower case) with the Argon2id PHC string
    /// `password_hash`; the first account of the database is an administrator whatever
    /// `admin` says. Returns its id.
    ///
    /// # Errors
    ///
    /// [`StoreError::Taken`] when the address has an account; [`StoreError::Db`].
    pub async fn create_account(
        &self,
        email: &str,
        password_hash: &str,
        admin: bool,
    ) -> Result<i64, StoreError> {
        let email = email.trim().to_lowercase();
        let mut tx = self.begin_write().await?;
        // The id first: from here on another account's creation waits for this one, so the
        // count below (and the address check) sees every account made before.
        let id = next_id(&mut tx, IdCounter::Accounts).await?;
        let first: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM accounts")
            .fetch_one(&mut *tx)
            .await?;
        insert_account(&mut tx, id, &email, password_hash, admin || first == 0).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Makes the first account of the database, an administrator, for `email` (kept in lower
    /// case) with the Argon2id PHC string `password_hash`, only while the database has no
    /// account; returns its id, or `None` when an account exists (nothing is made). Of any
    /// number of concurrent calls, and of [`Store::create_account`] calls, on any number of
    /// instances, exactly one makes the first account.
    ///
    /// The account's id is taken first, as for every account: on PostgreSQL that locks the
    /// accounts' counter until the transaction ends, so a concurrent creation of an account
    /// waits here and then sees this one; SQLite's write transactions never overlap. The
    /// insert itself carries the condition (`INSERT ... SELECT ... WHERE NOT EXISTS`), so the
    /// check and the write are one statement.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn create_first_account(
        &self,
        email: &str,
        password_hash: &str,
    ) -> Result<Option<i64>, StoreError> {
        let email = email.trim().to_lowercase();
        let mut tx = self.begin_write().await?;
        let id = next_id(&mut tx, IdCounter::Accounts).await?;
        let made = sqlx::query(
            "INSERT INTO accounts (id, email, password_hash, is_admin, disabled, created_at) \
             SELECT $1, $2, $3, 1, 0, $4 WHERE NOT EXISTS (SELECT 1 FROM accounts)",
        )
        .bind(id)
        .bind(&email)
        .bind(password_hash)
        .bind(now_ms())
        .execute(&mut *tx)
        .await
        .map_err(|e| taken_if_unique(e, &email))?;
        if made.rows_affected() == 0 {
            // Dropping the transaction rolls the counter back: no id is spent.
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some(id))
    }

    /// The account of `email` (any case), if any.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn account_by_email(&self, email: &str) -> Result<Option<AccountRecord>, StoreError> {
        let row = sqlx::query(
            "SELECT id, email, password_hash, is_admin, disabled FROM accounts WHERE email = $1",
        )
        .bind(email.trim().to_lowercase())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| decode_account(&row)).transpose()
    }

    /// The account `id`, if any.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn account(&self, id: i64) -> Result<Option<AccountRecord>, StoreError> {
        let row = sqlx::query(
            "SELECT id, email, password_hash, is_admin, disabled FROM accounts WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| decode_account(&row)).transpose()
    }

    /// Every account, by e-mail address (for an administrator's page).
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn accounts(&self) -> Result<Vec<AccountRecord>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, email, password_hash, is_admin, disabled FROM accounts ORDER BY email",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(decode_account).collect()
    }

    /// Disables or enables account `id`; a disabled account cannot sign in, and its sessions
    /// stop working at their next request.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn set_disabled(&self, id: i64, disabled: bool) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE accounts SET disabled = $1 WHERE id = $2")
            .bind(i64::from(disabled))
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The caller's [`Access`] as account `account`: its roles in every team.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn access_of(&self, account: &AccountRecord) -> Result<Access, StoreError> {
        let rows = sqlx::query("SELECT team_id, role FROM memberships WHERE account_id = $1")
            .bind(account.id)
            .fetch_all(&self.pool)
            .await?;
        let mut roles = Vec::with_capacity(rows.len());
        for row in rows {
            let role: String = row.try_get("role")?;
            if let Some(role) = Role::parse(&role) {
                roles.push((row.try_get("team_id")?, role));
            }
        }
        Ok(Access {
            principal: Principal::Account {
                id: account.id,
                email: account.email.clone(),
                admin: account.admin,
            },
            roles,
        })
    }

    /// Stores an invitation of `email` (into `team` as `role`, when given) by the SHA-256
    /// `hash` of its link's token, working until `expires_at_ms`.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn create_invite(
        &self,
        hash: &str,
        email: &str,
        team: Option<(i64, Role)>,
        created_by: i64,
        expires_at_ms: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO invites (hash, email, team_id, role, created_by, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(hash)
        .bind(email.trim().to_lowercase())
        .bind(team.map(|(team, _)| team))
        .bind(team.map(|(_, role)| role.name()))
        .bind(created_by)
        .bind(expires_at_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The invitation whose token hashes to `hash`, if it still works: its address and its
    /// team and role.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn invite(&self, hash: &str) -> Result<Option<Invite>, StoreError> {
        let row = sqlx::query(
            "SELECT email, team_id, role FROM invites WHERE hash = $1 AND expires_at > $2",
        )
        .bind(hash)
        .bind(now_ms())
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let team: Option<i64> = row.try_get("team_id")?;
        let role: Option<String> = row.try_get("role")?;
        Ok(Some(Invite {
            email: row.try_get("email")?,
            team: team.zip(role.as_deref().and_then(Role::parse)),
        }))
    }

    /// Accepts the invitation `hash`: in one transaction the invitation is used up, the
    /// account made with `password_hash`, and put in the invitation's team. Returns the
    /// account's id; `None` when the invitation was used or has expired (nothing changed).
    ///
    /// # Errors
    ///
    /// [`StoreError::Taken`] when the address has an account (nothing changed);
    /// [`StoreError::Db`].
    pub async fn accept_invite(
        &self,
        hash: &str,
        password_hash: &str,
    ) -> Result<Option<i64>, StoreError> {
        let mut tx = self.begin_write().await?;
        let row = sqlx::query(
            "SELECT email, team_id, role FROM invites WHERE hash = $1 AND expires_at > $2",
        )
        .bind(hash)
        .bind(now_ms())
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let email: String = row.try_get("email")?;
        let team: Option<i64> = row.try_get("team_id")?;
        let role: Option<String> = row.try_get("role")?;
        // Used up here; on PostgreSQL a concurrent acceptance of the same invitation waits for
        // this row and then deletes nothing: that one is told the invitation was used.
        let used = sqlx::query("DELETE FROM invites WHERE hash = $1")
            .bind(hash)
            .execute(&mut *tx)
            .await?;
        if used.rows_affected() == 0 {
            return Ok(None);
        }
        let id = next_id(&mut tx, IdCounter::Accounts).await?;
        insert_account(&mut tx, id, &email, password_hash, false).await?;
        if let (Some(team), Some(role)) = (team, role) {
            sqlx::query("INSERT INTO memberships (team_id, account_id, role) VALUES ($1, $2, $3)")
                .bind(team)
                .bind(id)
                .bind(role)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(Some(id))
    }

    /// The session record `id` (tower-sessions' JSON) if it has not expired.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn session_load(&self, id: &str) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT data FROM sessions WHERE id = $1 AND expires_at > $2")
                .bind(id)
                .bind(now_ms())
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Stores session record `id`; `insert_only`: fails with `Ok(false)` when the id is
    /// taken (a new session's id must be new).
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn session_save(
        &self,
        id: &str,
        data: &str,
        expires_at_ms: i64,
        insert_only: bool,
    ) -> Result<bool, StoreError> {
        let sql = if insert_only {
            "INSERT INTO sessions (id, data, expires_at) VALUES ($1, $2, $3) \
             ON CONFLICT (id) DO NOTHING"
        } else {
            "INSERT INTO sessions (id, data, expires_at) VALUES ($1, $2, $3) \
             ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at"
        };
        let done = sqlx::query(sql)
            .bind(id)
            .bind(data)
            .bind(expires_at_ms)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Ends session `id` (logout), and every expired one.
    ///
    /// # Errors
    ///
    /// [`StoreError::Db`].
    pub async fn session_delete(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE id = $1 OR expires_at <= $2")
            .bind(id)
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// Inserts account `id` (taken from the accounts' counter in `tx` before) of `email` (lower
/// case already) in `tx`. [`StoreError::Taken`] when the address has an account.
async fn insert_account(
    tx: &mut Tx,
    id: i64,
    email: &str,
    password_hash: &str,
    admin: bool,
) -> Result<(), StoreError> {
    let taken: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM accounts WHERE email = $1")
        .bind(email)
        .fetch_one(&mut **tx)
        .await?;
    if taken > 0 {
        return Err(StoreError::Taken(email.to_string()));
    }
    sqlx::query(
        "INSERT INTO accounts (id, email, password_hash, is_admin, disabled, created_at) \
         VALUES ($1, $2, $3, $4, 0, $5)",
    )
    .bind(id)
    .bind(email)
    .bind(password_hash)
    .bind(i64::from(admin))
    .bind(now_ms())
    .execute(&mut **tx)
    .await
    .map_err(|e| taken_if_unique(e, email))?;
    Ok(())
}

/// `err` of an insert whose only unique column besides the id is `name`: a unique violation
/// is [`StoreError::Taken`] (the ids come from a counter and do not collide).
pub(super) fn taken_if_unique(err: sqlx::Error, name: &str) -> StoreError {
    match err {
        sqlx::Error::Database(e) if e.is_unique_violation() => StoreError::Taken(name.to_string()),
        other => StoreError::Db(other),
    }
}

fn decode_account(row: &sqlx::any::AnyRow) -> Result<AccountRecord, StoreError> {
    let admin: i64 = row.try_get("is_admin")?;
    let disabled: i64 = row.try_get("disabled")?;
    Ok(AccountRecord {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        password_hash: row.try_get("password_hash")?,
        admin: admin != 0,
        disabled: disabled != 0,
    })
}
