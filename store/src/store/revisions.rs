//! A sheet's revisions as the store answers them: the list, one rebuilt, the pair a diff
//! compares, who changed it since, and a restore of an earlier one as a new revision.

use super::db::{next_row_id, next_stamp, read_head, read_keyed_rows, to_db, Store, Tx};
use super::history::{self, Author, RevisionKind, RevisionSummary, StoredRevision};
use super::proposals;
use crate::access::Need;
use crate::error::StoreError;

impl Store {
    /// A transaction that reads sheet `id`, once the access may read it
    /// ([`StoreError::Forbidden`]) and it is there ([`StoreError::NotFound`]).
    async fn begin_read(&self, id: i64) -> Result<Tx, StoreError> {
        self.allow(id, Need::Read).await?;
        let mut tx = self.pool.begin().await?;
        read_head(&mut tx, id).await?;
        Ok(tx)
    }

    /// Every revision of sheet `id`, newest first, with the report's counts of each.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`] when no sheet has this id; [`StoreError::Db`] when the
    /// database fails.
    pub async fn revisions(&self, id: i64) -> Result<Vec<RevisionSummary>, StoreError> {
        let mut tx = self.begin_read(id).await?;
        let list = history::list(&mut tx, id).await?;
        tx.commit().await?;
        Ok(list)
    }

    /// Revision `number` of sheet `id`, its rows rebuilt exactly as they were saved.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`] when no sheet has this id, [`StoreError::NoRevision`] when it
    /// has no such revision; [`StoreError::Db`] when the database fails.
    pub async fn revision(&self, id: i64, number: i64) -> Result<StoredRevision, StoreError> {
        let mut tx = self.begin_read(id).await?;
        let revision = history::rebuild(&mut tx, id, number).await?;
        tx.commit().await?;
        Ok(revision)
    }

    /// Who changed sheet `id` after revision `number`: the authors of the revisions after
    /// it, each once, in the order of their first revision there (none when `number` is the
    /// latest).
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`], [`StoreError::Db`].
    pub async fn authors_after(&self, id: i64, number: i64) -> Result<Vec<String>, StoreError> {
        let mut tx = self.begin_read(id).await?;
        let authors = history::authors_after(&mut tx, id, number).await?;
        tx.commit().await?;
        Ok(authors)
    }

    /// The number of sheet `id`'s latest revision, read with one `MAX`.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`], [`StoreError::Db`].
    pub async fn latest_revision(&self, id: i64) -> Result<i64, StoreError> {
        let mut tx = self.begin_read(id).await?;
        let latest = proposals::latest_revision(&mut tx, id).await?;
        tx.commit().await?;
        Ok(latest)
    }

    /// The two revisions of sheet `id` a diff compares: `to` (default: the latest) and `from`
    /// (default: the one before `to`, at least 1), rebuilt, and the latest revision's number.
    /// The latest is read with one `MAX`, not by listing the history.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`], [`StoreError::NoRevision`], [`StoreError::Db`].
    pub async fn revision_pair(
        &self,
        id: i64,
        from: Option<i64>,
        to: Option<i64>,
    ) -> Result<(StoredRevision, StoredRevision, i64), StoreError> {
        self.allow(id, Need::Read).await?;
        let latest = self.latest_revision(id).await?;
        let to = to.unwrap_or(latest);
        // A revision asked for by number is that one or none: `from=0` is no revision.
        let from = match from {
            Some(n) => n,
            None => (to - 1).max(1),
        };
        Ok((
            self.revision(id, from).await?,
            self.revision(id, to).await?,
            latest,
        ))
    }

    /// Brings back revision `number` of sheet `id`: its rows (with their ids) and its sheet
    /// settings become the sheet's, as a new revision of kind `restore` by `author`; the
    /// history before it stays. Only while the sheet is at version `base` when one is given.
    /// Returns the new version.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`], [`StoreError::NoRevision`], [`StoreError::Conflict`] (the
    /// sheet moved on from `base`; nothing written), [`StoreError::Db`].
    pub async fn restore(
        &self,
        id: i64,
        number: i64,
        base: Option<i64>,
        author: &Author,
    ) -> Result<i64, StoreError> {
        self.allow(id, Need::Write).await?;
        let mut tx = self.begin_write().await?;
        let (_, version) = read_head(&mut tx, id).await?;
        if let Some(base) = base.filter(|b| *b != version) {
            return Err(StoreError::Conflict {
                id,
                base,
                current: version,
                conflicts: Vec::new(),
            });
        }
        let old = history::rebuild(&mut tx, id, number).await?;
        let stamp = next_stamp(&mut tx).await?;
        sqlx::query(
            "UPDATE sheets SET updated_at = $1, revision = revision + 1, lang = $2, margin_ms = $3, \
             amplification_threshold = $4 WHERE id = $5",
        )
        .bind(stamp)
        .bind(old.sheet.lang.code())
        .bind(to_db(old.sheet.margin_ms))
        .bind(to_db(old.sheet.amplification_threshold))
        .bind(id)
        .execute(&mut *tx)
        .await?;
        let current = read_keyed_rows(&mut tx, id).await?;
        let next = next_row_id(&mut tx, id).await?;
        let keyed = old.keyed();
        let message = format!("restored revision {number}");
        self.write_rows(
            &mut tx,
            id,
            version + 1,
            &current,
            &keyed,
            next,
            author,
            RevisionKind::Restore,
            &message,
        )
        .await?;
        tx.commit().await?;
        self.changed(id, version + 1, author);
        Ok(version + 1)
    }
}
