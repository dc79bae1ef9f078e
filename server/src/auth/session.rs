//! The sessions of team mode, kept in the database through the store, so that every
//! instance knows them: `tower-sessions`' [`SessionStore`] over [`Store`].

use tower_sessions::session_store::{self, SessionStore};
use workbench_store::Store;

/// The session's key holding the signed-in account's id.
pub(super) const ACCOUNT_KEY: &str = "account";

/// tower-sessions' records in the store's `sessions` table, as JSON: every instance on one
/// database knows every session.
#[derive(Clone, Debug)]
pub(crate) struct DbSessions(pub(crate) Store);

fn backend(err: impl std::fmt::Display) -> session_store::Error {
    session_store::Error::Backend(err.to_string())
}

#[async_trait::async_trait]
impl SessionStore for DbSessions {
    async fn create(
        &self,
        record: &mut tower_sessions::session::Record,
    ) -> session_store::Result<()> {
        loop {
            let data = serde_json::to_string(record).map_err(backend)?;
            let expires = record.expiry_date.unix_timestamp().saturating_mul(1000);
            if self
                .0
                .session_save(&record.id.to_string(), &data, expires, true)
                .await
                .map_err(backend)?
            {
                return Ok(());
            }
            record.id = tower_sessions::session::Id::default(); // taken: draw another
        }
    }

    async fn save(&self, record: &tower_sessions::session::Record) -> session_store::Result<()> {
        let data = serde_json::to_string(record).map_err(backend)?;
        let expires = record.expiry_date.unix_timestamp().saturating_mul(1000);
        self.0
            .session_save(&record.id.to_string(), &data, expires, false)
            .await
            .map_err(backend)?;
        Ok(())
    }

    async fn load(
        &self,
        id: &tower_sessions::session::Id,
    ) -> session_store::Result<Option<tower_sessions::session::Record>> {
        match self
            .0
            .session_load(&id.to_string())
            .await
            .map_err(backend)?
        {
            Some(data) => Ok(Some(serde_json::from_str(&data).map_err(backend)?)),
            None => Ok(None),
        }
    }

    async fn delete(&self, id: &tower_sessions::session::Id) -> session_store::Result<()> {
        self.0
            .session_delete(&id.to_string())
            .await
            .map_err(backend)
    }
}
