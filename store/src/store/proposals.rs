//! Proposals: a named set of cell changes ([`CellPatch`]) against the revision it started
//! from, reviewed before it becomes a revision.
//!
//! - [`Store::review`] shows a proposal on the sheet's **current** rows: when the sheet moved
//!   on since the proposal's base, its changes are merged per cell into the current rows
//!   (cells nobody else changed apply cleanly; a cell both changed is a conflict with the
//!   three values, which the proposer resolves with [`Store::resolve`]), and the budget diff
//!   is computed against the current revision.
//! - [`Store::decide`] approves (the changes become a revision authored by the proposer,
//!   approved by the reviewer) or rejects, with a comment. An approval names the revision the
//!   reviewer saw; when the sheet moved on since and the diff is no longer what they saw,
//!   the approval is withdrawn with a note of what it does now. A proposal that brings a new
//!   error (an inversion, an idle direction error, ...) is approved only "anyway", with a
//!   comment: the **gate**, whose override is recorded in the revision.
//! - Comments sit on the proposal or on one cell (row id and column); a cell comment keeps its
//!   place and says "changed since" when the proposal's text of that cell changes.
//!
//! Proposals are numbered per sheet (1, 2, 3, ...) and comments per proposal, from a counter
//! on the parent's row (`sheets.last_proposal_id`, `proposals.last_comment_id`) incremented
//! and read in one `UPDATE ... RETURNING`: on PostgreSQL concurrent creates on one sheet (or
//! one proposal) wait for that row's lock and each gets the next number, where reading the
//! largest number and adding one gave two of them the same.

use budget::diff::{Match, SheetDiff};
use budget::{Column, Row, Severity, Sheet};
use sqlx::Row as _;

use super::db::{next_row_id, now_ms, read_head, read_keyed_rows, read_sheet, Store, Tx};
use super::history::Author;
use super::patch::{merge, Approval, CellPatch, Merged};
use crate::error::{Refusal, StoreError};
use crate::model::{MAX_COMMENT_CHARS, MAX_TITLE_CHARS};
use workbench_model::{ProposalComment, ProposalReview, ProposalStatus, ProposalSummary};

/// A reviewer's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Approve: `seen_revision` is the sheet revision the reviewer's diff was computed on;
    /// `anyway` passes the gate (with a comment) when the proposal brings a new error.
    Approve {
        /// The revision the reviewer saw the diff against.
        seen_revision: i64,
        /// The comment (required to pass the gate).
        comment: String,
        /// Approve although the proposal brings a new error.
        anyway: bool,
    },
    /// Reject, with a comment.
    Reject {
        /// Why.
        comment: String,
    },
}

/// A proposer's choice for one conflicting cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// Keep the proposal's text: it will replace theirs.
    Proposal,
    /// Take their text: the proposal drops its change of the cell.
    Theirs,
}

/// Refuses a proposal's changes that change nothing ([`Refusal::ChangesNothing`]) or whose
/// inserted rows have a cell a sheet cannot hold ([`budget::tsv::check_cells`]).
fn checked_changes(patch: &CellPatch) -> Result<(), StoreError> {
    if size(patch) == 0 {
        return Err(refused(Refusal::ChangesNothing));
    }
    let texts: Vec<Row> = patch.insert.iter().map(|i| i.row.clone()).collect();
    budget::tsv::check_cells(&texts)?;
    Ok(())
}

/// `title` trimmed, when it is a proposal's title: not empty, at most [`MAX_TITLE_CHARS`].
fn checked_title(title: &str) -> Result<&str, StoreError> {
    let title = title.trim();
    if title.is_empty() {
        return Err(refused(Refusal::NoTitle));
    }
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(refused(Refusal::TitleTooLong));
    }
    Ok(title)
}

fn refused(why: Refusal) -> StoreError {
    StoreError::Proposal(why)
}

fn decode_patch(json: &str) -> Result<CellPatch, StoreError> {
    serde_json::from_str(json).map_err(|e| {
        StoreError::Db(sqlx::Error::Decode(
            format!("a proposal's changes: {e}").into(),
        ))
    })
}

fn size(p: &CellPatch) -> usize {
    p.cells.len() + p.insert.len() + p.delete.len() + p.moves.len()
}

fn decode(r: &sqlx::any::AnyRow) -> Result<(ProposalSummary, CellPatch), StoreError> {
    let patch = decode_patch(&r.try_get::<String, _>("changes")?)?;
    Ok((
        ProposalSummary {
            id: r.try_get("id")?,
            title: r.try_get("title")?,
            author: r.try_get("author")?,
            base_revision: r.try_get("base_revision")?,
            status: ProposalStatus::from_code(&r.try_get::<String, _>("status")?),
            created_at_ms: r.try_get("created_at")?,
            updated_at_ms: r.try_get("updated_at")?,
            decided_by: r.try_get("decided_by")?,
            decision_note: r.try_get("decision_note")?,
            revision: r.try_get("revision")?,
            changes: size(&patch),
        },
        patch,
    ))
}

const COLUMNS: &str = "id, title, author, base_revision, status, created_at, updated_at, decided_by, decision_note, revision, changes";

/// The latest revision number of sheet `id`.
pub(super) async fn latest_revision(tx: &mut Tx, id: i64) -> Result<i64, StoreError> {
    let n: Option<i64> =
        sqlx::query_scalar("SELECT MAX(number) FROM sheet_revisions WHERE sheet_id = $1")
            .bind(id)
            .fetch_one(&mut **tx)
            .await?;
    Ok(n.unwrap_or(1))
}

async fn load(tx: &mut Tx, id: i64, pid: i64) -> Result<(ProposalSummary, CellPatch), StoreError> {
    let r = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM proposals WHERE sheet_id = $1 AND id = $2"
    )))
    .bind(id)
    .bind(pid)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or(StoreError::NoProposal { id, proposal: pid })?;
    decode(&r)
}

/// The diff of `before` and `after` (rows with ids), checked off the request threads.
async fn diff_of(
    before: Sheet,
    before_ids: Vec<i64>,
    after: Sheet,
    after_ids: Vec<i64>,
) -> SheetDiff {
    tokio::task::spawn_blocking(move || {
        budget::diff::diff(
            &before,
            &after,
            Match::Ids {
                before: &before_ids,
                after: &after_ids,
            },
        )
    })
    .await
    .unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()))
}

fn sheet_of(template: &Sheet, rows: &[(i64, Row)]) -> (Sheet, Vec<i64>) {
    let (ids, rows): (Vec<i64>, Vec<Row>) = rows.iter().cloned().unzip();
    (
        Sheet {
            rows,
            ..template.clone()
        },
        ids,
    )
}

impl Store {
    /// Saves `patch` as a proposal titled `title` by `author` against sheet `id`'s latest
    /// revision; returns its id. Nothing of the sheet changes.
    ///
    /// # Errors
    ///
    /// [`StoreError::Proposal`] for an empty title or one over 200 characters, no change, or
    /// a change that does not apply to the latest revision (a cell whose base is not its
    /// text); [`StoreError::NoRow`]; [`StoreError::NotFound`] (a deleted sheet);
    /// [`StoreError::BadCell`]; [`StoreError::Db`].
    pub async fn create_proposal(
        &self,
        id: i64,
        title: &str,
        patch: &CellPatch,
        author: &Author,
    ) -> Result<i64, StoreError> {
        self.allow(id, crate::access::Need::Write).await?;
        let title = checked_title(title)?;
        checked_changes(patch)?;
        let mut tx = self.begin_write().await?;
        read_head(&mut tx, id).await?;
        let rows = read_keyed_rows(&mut tx, id).await?;
        let next = next_row_id(&mut tx, id).await?;
        let merged = merge(id, &rows, next, patch)?;
        if !merged.conflicts.is_empty() {
            return Err(refused(Refusal::CellsMoved {
                count: merged.conflicts.len(),
            }));
        }
        let base = latest_revision(&mut tx, id).await?;
        let pid: i64 = sqlx::query_scalar(
            "UPDATE sheets SET last_proposal_id = last_proposal_id + 1 WHERE id = $1 \
             RETURNING last_proposal_id",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(StoreError::NotFound(id))?;
        let now = now_ms();
        sqlx::query(
            "INSERT INTO proposals (sheet_id, id, title, author, author_id, base_revision, status, changes, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8, $8)",
        )
        .bind(id)
        .bind(pid)
        .bind(title)
        .bind(author.name.as_str())
        .bind(author.account_id)
        .bind(base)
        .bind(serde_json::to_string(patch).expect("plain data serialises"))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(pid)
    }

    /// Sheet `id`'s proposals, newest first.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`], [`StoreError::Db`].
    pub async fn proposals(&self, id: i64) -> Result<Vec<ProposalSummary>, StoreError> {
        self.allow(id, crate::access::Need::Read).await?;
        let mut tx = self.pool.begin().await?;
        read_head(&mut tx, id).await?;
        let records = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM proposals WHERE sheet_id = $1 ORDER BY id DESC"
        )))
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
        tx.commit().await?;
        records.iter().map(|r| decode(r).map(|(s, _)| s)).collect()
    }

    /// Proposal `pid` of sheet `id` with its changes.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`], [`StoreError::NoProposal`], [`StoreError::Db`].
    pub async fn proposal(
        &self,
        id: i64,
        pid: i64,
    ) -> Result<(ProposalSummary, CellPatch), StoreError> {
        self.allow(id, crate::access::Need::Read).await?;
        let mut tx = self.pool.begin().await?;
        read_head(&mut tx, id).await?;
        let p = load(&mut tx, id, pid).await?;
        tx.commit().await?;
        Ok(p)
    }

    /// The proposal applied to the sheet's current rows, for review (see the
    /// [module](self)).
    ///
    /// # Errors
    ///
    /// [`StoreError::NotFound`], [`StoreError::NoProposal`], [`StoreError::Db`].
    pub async fn review(&self, id: i64, pid: i64) -> Result<ProposalReview, StoreError> {
        self.allow(id, crate::access::Need::Read).await?;
        let mut tx = self.pool.begin().await?;
        let stored = read_sheet(&mut tx, id).await?;
        let (summary, patch) = load(&mut tx, id, pid).await?;
        let current_revision = latest_revision(&mut tx, id).await?;
        let next = next_row_id(&mut tx, id).await?;
        let comment_records = sqlx::query(
            "SELECT id, author, body, row_id, col, cell_text, created_at FROM proposal_comments \
             WHERE sheet_id = $1 AND proposal_id = $2 ORDER BY id",
        )
        .bind(id)
        .bind(pid)
        .fetch_all(&mut *tx)
        .await?;
        tx.commit().await?;
        let keyed = super::history::keyed(&stored.row_ids, &stored.sheet.rows);
        // An approved proposal is shown as it was applied: its revision against the one before.
        let (before, after) = match (summary.status, summary.revision) {
            (ProposalStatus::Approved, Some(n)) => {
                let b = self.revision(id, n - 1).await?;
                let a = self.revision(id, n).await?;
                let b = (b.keyed(), b.sheet);
                let a = (a.keyed(), a.sheet);
                (
                    b,
                    Merged {
                        rows: a.0,
                        next,
                        conflicts: Vec::new(),
                        inserted: Vec::new(),
                        changed: true,
                    },
                )
            }
            _ => (
                (keyed.clone(), stored.sheet.clone()),
                merge(id, &keyed, next, &patch)?,
            ),
        };
        let (before_rows, before_sheet) = before;
        let (b_sheet, b_ids) = sheet_of(&before_sheet, &before_rows);
        let (a_sheet, a_ids) = sheet_of(&before_sheet, &after.rows);
        let grid_rows = (b_sheet.rows.clone(), a_sheet.rows.clone());
        let diff = diff_of(b_sheet, b_ids, a_sheet, a_ids).await;
        let grid = budget::diff::grid(&grid_rows.0, &grid_rows.1, &diff.rows);
        let gate = summary.status == ProposalStatus::Open && diff.introduces(Severity::Error);
        let comments = comment_records
            .iter()
            .map(|r| {
                let row_id: Option<i64> = r.try_get("row_id")?;
                let col: Option<String> = r.try_get("col")?;
                let column = col.as_deref().and_then(column_of);
                let cell_text: Option<String> = r.try_get("cell_text")?;
                let line = row_id
                    .and_then(|rid| after.rows.iter().position(|(i, _)| *i == rid))
                    .map(|p| p + 1);
                let now_text = match (line, column) {
                    (Some(l), Some(c)) => Some(after.rows[l - 1].1.cell(c).to_string()),
                    _ => None,
                };
                Ok(ProposalComment {
                    id: r.try_get("id")?,
                    author: r.try_get("author")?,
                    body: r.try_get("body")?,
                    row_id,
                    column,
                    line,
                    changed_since: column.is_some() && now_text != cell_text,
                    cell_text,
                    created_at_ms: r.try_get("created_at")?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok(ProposalReview {
            sheet_id: id,
            sheet_name: stored.name,
            stale: summary.status == ProposalStatus::Open
                && current_revision != summary.base_revision,
            proposal: summary,
            current_revision,
            conflicts: after.conflicts,
            diff,
            grid,
            comments,
            gate,
        })
    }

    /// Replaces the changes of open proposal `pid` (the proposer edited it); comments stay
    /// where they are and say "changed since" where their cell's text changed.
    ///
    /// # Errors
    ///
    /// [`StoreError::Proposal`] for a decided proposal or no change; [`StoreError::NoProposal`],
    /// [`StoreError::NotFound`], [`StoreError::Db`].
    pub async fn update_proposal(
        &self,
        id: i64,
        pid: i64,
        patch: &CellPatch,
    ) -> Result<(), StoreError> {
        self.allow(id, crate::access::Need::Write).await?;
        self.replace_changes(id, pid, patch, None).await
    }

    /// The proposer's new version of open proposal `pid`, edited on the rows of revision
    /// `base_revision` (which becomes its base, so it is no longer stale against it): its
    /// title and its changes, as [`Store::update_proposal`].
    ///
    /// # Errors
    ///
    /// As [`Store::update_proposal`], and [`StoreError::Proposal`] for an empty title or one
    /// over 200 characters.
    pub async fn rework_proposal(
        &self,
        id: i64,
        pid: i64,
        title: &str,
        patch: &CellPatch,
        base_revision: i64,
    ) -> Result<(), StoreError> {
        self.allow(id, crate::access::Need::Write).await?;
        let title = checked_title(title)?;
        self.replace_changes(id, pid, patch, Some((title, base_revision)))
            .await
    }

    async fn replace_changes(
        &self,
        id: i64,
        pid: i64,
        patch: &CellPatch,
        rework: Option<(&str, i64)>,
    ) -> Result<(), StoreError> {
        checked_changes(patch)?;
        let mut tx = self.begin_write().await?;
        read_head(&mut tx, id).await?;
        let (summary, _) = load(&mut tx, id, pid).await?;
        if summary.status != ProposalStatus::Open {
            return Err(refused(Refusal::NotOpen {
                proposal: pid,
                status: summary.status,
            }));
        }
        let (title, base_revision) =
            rework.unwrap_or((summary.title.as_str(), summary.base_revision));
        sqlx::query(
            "UPDATE proposals SET changes = $1, updated_at = $2, title = $3, base_revision = $4 \
             WHERE sheet_id = $5 AND id = $6",
        )
        .bind(serde_json::to_string(patch).expect("plain data serialises"))
        .bind(now_ms())
        .bind(title)
        .bind(base_revision)
        .bind(id)
        .bind(pid)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The proposer's choice for one conflicting cell of open proposal `pid`: keep the
    /// proposal's text (its base becomes their text, so it applies) or take theirs (the
    /// proposal no longer changes that cell).
    ///
    /// # Errors
    ///
    /// [`StoreError::Proposal`] when the cell is not in conflict or the proposal is decided;
    /// [`StoreError::NoProposal`], [`StoreError::NotFound`], [`StoreError::Db`].
    pub async fn resolve(
        &self,
        id: i64,
        pid: i64,
        row_id: i64,
        column: Column,
        choice: Resolution,
    ) -> Result<(), StoreError> {
        self.allow(id, crate::access::Need::Write).await?;
        let review = self.review(id, pid).await?;
        let Some(conflict) = review
            .conflicts
            .iter()
            .find(|c| c.row_id == row_id && c.column == Some(column))
        else {
            return Err(refused(Refusal::NotInConflict { row_id, column }));
        };
        let (_, mut patch) = self.proposal(id, pid).await?;
        match (choice, &conflict.theirs) {
            (Resolution::Proposal, Some(theirs)) => {
                for c in patch
                    .cells
                    .iter_mut()
                    .filter(|c| c.row_id == row_id && c.column == column)
                {
                    c.base = theirs.clone();
                }
            }
            _ => patch
                .cells
                .retain(|c| !(c.row_id == row_id && c.column == column)),
        }
        if size(&patch) == 0 {
            // Taking theirs everywhere leaves nothing: the proposal is done, rejected by its
            // proposer's choice.
            return self
                .decide(
                    id,
                    pid,
                    &Author::named(&review.proposal.author),
                    Decision::Reject {
                        comment: "nothing left to change".into(),
                    },
                )
                .await
                .map(|_| ());
        }
        self.update_proposal(id, pid, &patch).await
    }

    /// A comment by `author` on proposal `pid`, on the cell (`row_id`, `column`) when given.
    /// Returns its id.
    ///
    /// # Errors
    ///
    /// [`StoreError::Proposal`] for an empty comment, one over 10,000 characters, or a cell
    /// of a row the proposal's rows do not have; [`StoreError::NoProposal`],
    /// [`StoreError::NotFound`], [`StoreError::Db`].
    pub async fn comment(
        &self,
        id: i64,
        pid: i64,
        author: &Author,
        body: &str,
        cell: Option<(i64, Column)>,
    ) -> Result<i64, StoreError> {
        self.allow(id, crate::access::Need::Read).await?;
        let body = body.trim();
        if body.is_empty() {
            return Err(refused(Refusal::NoCommentText));
        }
        if body.chars().count() > MAX_COMMENT_CHARS {
            return Err(refused(Refusal::CommentTooLong));
        }
        budget::tsv::check_cells(&[Row {
            rationale: body.to_string(),
            ..Row::default()
        }])?;
        // The proposal must exist (a deleted sheet or proposal is a clear error).
        self.proposal(id, pid).await?;
        let cell_text = match cell {
            None => None,
            Some((row_id, column)) => {
                let rows = self.proposal_rows(id, pid).await?;
                let Some((_, row)) = rows.iter().find(|(i, _)| *i == row_id) else {
                    return Err(refused(Refusal::RowNotInProposal { row_id }));
                };
                Some(row.cell(column).to_string())
            }
        };
        let mut tx = self.begin_write().await?;
        let cid: i64 = sqlx::query_scalar(
            "UPDATE proposals SET last_comment_id = last_comment_id + 1 \
             WHERE sheet_id = $1 AND id = $2 RETURNING last_comment_id",
        )
        .bind(id)
        .bind(pid)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(StoreError::NoProposal { id, proposal: pid })?;
        sqlx::query(
            "INSERT INTO proposal_comments (sheet_id, proposal_id, id, author, author_id, body, row_id, col, cell_text, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(id)
        .bind(pid)
        .bind(cid)
        .bind(author.name.as_str())
        .bind(author.account_id)
        .bind(body)
        .bind(cell.map(|(r, _)| r))
        .bind(cell.map(|(_, c)| column_code(c)))
        .bind(cell_text)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(cid)
    }

    /// The proposal's rows: its changes merged into the current rows (conflicting cells as
    /// they are now).
    async fn proposal_rows(&self, id: i64, pid: i64) -> Result<Vec<(i64, Row)>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let rows = read_keyed_rows(&mut tx, id).await?;
        let next = next_row_id(&mut tx, id).await?;
        let (_, patch) = load(&mut tx, id, pid).await?;
        tx.commit().await?;
        Ok(merge(id, &rows, next, &patch)?.rows)
    }

    /// Approves or rejects open proposal `pid` as `reviewer` (see the [module](self)).
    /// Returns the revision an approval made.
    ///
    /// # Errors
    ///
    /// [`StoreError::Proposal`] with the reason: the proposal is decided already; its cells
    /// conflict with the current rows (the proposer resolves them first); the approval was
    /// withdrawn because the diff changed since the reviewer saw it (the note says what it
    /// does now); the gate (a new error needs "approve anyway" and a comment); a rejection
    /// without a comment. [`StoreError::NoProposal`], [`StoreError::NotFound`],
    /// [`StoreError::Db`].
    pub async fn decide(
        &self,
        id: i64,
        pid: i64,
        reviewer: &Author,
        decision: Decision,
    ) -> Result<Option<i64>, StoreError> {
        self.allow(id, crate::access::Need::Review).await?;
        let (summary, patch) = self.proposal(id, pid).await?;
        if summary.status != ProposalStatus::Open {
            return Err(refused(Refusal::AlreadyDecided {
                proposal: pid,
                status: summary.status,
            }));
        }
        let (status, note, revision) = match decision {
            Decision::Reject { comment } => {
                if comment.trim().is_empty() {
                    return Err(refused(Refusal::RejectionNeedsComment));
                }
                (ProposalStatus::Rejected, comment.trim().to_string(), None)
            }
            Decision::Approve {
                seen_revision,
                comment,
                anyway,
            } => {
                let review = self.review(id, pid).await?;
                if !review.conflicts.is_empty() {
                    return Err(refused(Refusal::ApprovalInConflict {
                        count: review.conflicts.len(),
                    }));
                }
                if seen_revision != review.current_revision {
                    let seen = self.seen_diff(id, seen_revision, &patch).await?;
                    if !same_effect(&seen, &review.diff) {
                        return Err(refused(Refusal::ApprovalWithdrawn {
                            seen: seen_revision,
                            current: review.current_revision,
                            headline: review.diff.headline.clone(),
                        }));
                    }
                }
                let gate_note = if review.gate {
                    if anyway && comment.trim().is_empty() {
                        return Err(refused(Refusal::GateNeedsComment));
                    }
                    if !anyway {
                        let first = review
                            .diff
                            .appeared
                            .iter()
                            .find(|f| f.severity == Severity::Error)
                            .map(|f| format!("{}: {}", f.code.as_str(), f.message))
                            .unwrap_or_default();
                        return Err(refused(Refusal::NewError { first }));
                    }
                    Some(comment.trim().to_string())
                } else {
                    None
                };
                let proposer = Author::named(&summary.author);
                let message = format!("proposal {pid}: {}", summary.title);
                let patched = self
                    .patch_approved(
                        id,
                        &CellPatch {
                            message,
                            ..patch.clone()
                        },
                        &proposer,
                        Some(&Approval {
                            by: reviewer.name.clone(),
                            proposal_id: pid,
                            gate_note,
                        }),
                    )
                    .await?;
                (
                    ProposalStatus::Approved,
                    comment.trim().to_string(),
                    patched.revision,
                )
            }
        };
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "UPDATE proposals SET status = $1, decided_by = $2, decision_note = $3, revision = $4, updated_at = $5 \
             WHERE sheet_id = $6 AND id = $7 AND status = 'open'",
        )
        .bind(status.code())
        .bind(reviewer.name.as_str())
        .bind(note)
        .bind(revision)
        .bind(now_ms())
        .bind(id)
        .bind(pid)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(revision)
    }

    /// The diff the reviewer saw: the proposal merged into revision `seen`.
    async fn seen_diff(
        &self,
        id: i64,
        seen: i64,
        patch: &CellPatch,
    ) -> Result<SheetDiff, StoreError> {
        let old = self.revision(id, seen).await?;
        let keyed = old.keyed();
        let next = keyed
            .iter()
            .map(|(i, _)| *i + 1)
            .max()
            .unwrap_or(1)
            .max(patch.cells.iter().map(|c| c.row_id + 1).max().unwrap_or(1));
        let merged = merge(id, &keyed, next, patch)?;
        let (b, bi) = sheet_of(&old.sheet, &keyed);
        let (a, ai) = sheet_of(&old.sheet, &merged.rows);
        Ok(diff_of(b, bi, a, ai).await)
    }
}

/// Whether two diffs do the same to the budgets: the same numbers, flips and findings.
fn same_effect(a: &SheetDiff, b: &SheetDiff) -> bool {
    let key = |d: &SheetDiff| {
        serde_json::to_string(&(&d.nodes, &d.hops, &d.flips, &d.appeared, &d.disappeared))
            .unwrap_or_default()
    };
    key(a) == key(b)
}

/// A column's code in the store: `value`, `rationale`, ...
fn column_code(c: Column) -> &'static str {
    match c {
        Column::Layer => "layer",
        Column::Segment => "segment",
        Column::Item => "item",
        Column::Setting => "setting",
        Column::Default => "default",
        Column::Value => "value",
        Column::Location => "location",
        Column::Rationale => "rationale",
    }
}

fn column_of(code: &str) -> Option<Column> {
    Column::ALL.into_iter().find(|c| column_code(*c) == code)
}
