//! What can go wrong in the store.

use thiserror::Error;

use crate::access::Role;

/// A store operation that failed. Nothing was changed when an operation returns an error.
#[derive(Error, Debug)]
pub enum StoreError {
    /// No sheet has this id.
    #[error("sheet {0} not found")]
    NotFound(i64),
    /// A save that started from revision `base` of sheet `id` while the stored rows are at
    /// revision `current`: someone saved in between, and their rows were kept.
    #[error(
        "sheet {id} was saved elsewhere after revision {base} (it is now at revision {current})"
    )]
    Conflict {
        /// The sheet.
        id: i64,
        /// The revision the refused save started from.
        base: i64,
        /// The revision stored now.
        current: i64,
        /// The cells the refused save changed that were changed in between too, each with
        /// its three values; empty when none were, or when the base revision folded into a
        /// later one (see [`crate::FOLD_WINDOW_MS`]) and its rows are not kept.
        conflicts: Vec<workbench_model::CellConflict>,
    },
    /// Sheet `id` has no revision `number`.
    #[error("sheet {id} has no revision {number}")]
    NoRevision {
        /// The sheet.
        id: i64,
        /// The revision asked for.
        number: i64,
    },
    /// A change to cells that someone else changed since the change's base: nothing was
    /// written; each conflict has the three values.
    #[error("sheet {id}: {} cell(s) were changed elsewhere since your edit started", conflicts.len())]
    CellConflicts {
        /// The sheet.
        id: i64,
        /// The sheet's version now.
        current: i64,
        /// The refused cells.
        conflicts: Vec<workbench_model::CellConflict>,
    },
    /// Team mode: the caller's role in the sheet's team is below what the operation needs.
    #[error("your role in the team of sheet {id} is {role}; this needs {needs}")]
    Forbidden {
        /// The sheet.
        id: i64,
        /// The caller's role.
        role: crate::access::Role,
        /// The lowest role that may.
        needs: crate::access::Role,
    },
    /// Team mode: a new sheet, with no team where the caller may create one.
    #[error("you are not an editor in any team, so you cannot create sheets; ask a team owner")]
    NoTeam,
    /// An e-mail address or team name that is taken.
    #[error("{0} is taken")]
    Taken(String),
    /// Sheet `id` has no proposal `proposal`.
    #[error("sheet {id} has no proposal {proposal}")]
    NoProposal {
        /// The sheet.
        id: i64,
        /// The proposal asked for.
        proposal: i64,
    },
    /// A proposal, comment or decision refused, with the reason (nothing was changed).
    #[error("{0}")]
    Proposal(Refusal),
    /// A team use case ([`crate::teams`]) refused: the caller's right, or its input.
    #[error("{0}")]
    Team(TeamRefusal),
    /// A change that names a row the sheet does not have (and never had).
    #[error("sheet {id} has no row with id {row_id}")]
    NoRow {
        /// The sheet.
        id: i64,
        /// The row id.
        row_id: i64,
    },
    /// A change that would make a sheet larger than a sheet may be: its TSV export (with
    /// the Japanese header) over [`workbench_model::MAX_TSV_BYTES`], and larger than it was.
    /// Nothing was written.
    #[error(
        "sheet {id} would be {bytes} bytes as TSV, more than the {} bytes (1 MiB) a sheet may hold; nothing was written: split the sheet",
        workbench_model::MAX_TSV_BYTES
    )]
    TooLarge {
        /// The sheet.
        id: i64,
        /// Its export's size after the change, in bytes.
        bytes: usize,
    },
    /// A change that would give a sheet more rows than [`budget::tsv::MAX_ROWS`], and more
    /// than it had. Nothing was written.
    #[error(
        "sheet {id} would have {rows} rows, more than the {} a sheet may hold; nothing was written: split the sheet",
        budget::tsv::MAX_ROWS
    )]
    TooManyRows {
        /// The sheet.
        id: i64,
        /// Its rows after the change.
        rows: usize,
    },
    /// A cell that no database can store (a NUL character); names the row and the column.
    /// Refused before the database sees it, on SQLite as on PostgreSQL.
    #[error(transparent)]
    BadCell(#[from] budget::TsvError),
    /// The database failed (connection, SQL, constraint or decoding).
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    /// The database answers but is not the one this build needs (a migration missing).
    #[error("database not ready: {0}")]
    NotReady(String),
    /// A step of a use case on a blocking thread failed (a password's hash, a diff): a fault
    /// of the server, not of the request; nothing was written.
    #[error("{0}")]
    Failed(String),
    /// The embedded migrations could not be applied.
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// Why a team use case ([`crate::teams`]) was refused; nothing was changed. The JSON API
/// answers each with its [`TeamRefusal::kind`]'s status and this message.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TeamRefusal {
    /// An API token asked to manage teams, tokens or accounts.
    #[error("API tokens cannot manage teams, tokens or accounts; sign in as an owner")]
    Token,
    /// Not an administrator.
    #[error("only an administrator may do this")]
    NotAdmin,
    /// A team the caller is not in (an administrator is in every team).
    #[error("team {0} not found")]
    NoTeam(i64),
    /// A role in the team below what the use case needs.
    #[error("your role in team {team} is {have}; this needs {needs}")]
    Role {
        /// The team.
        team: i64,
        /// The caller's role.
        have: Role,
        /// The lowest role that may.
        needs: Role,
    },
    /// A team's name empty, or over 100 characters, after trimming.
    #[error("a team's name has 1 to 100 characters")]
    TeamName,
    /// A role's name that is not one.
    #[error("role {0:?}: use viewer, editor, reviewer or owner")]
    RoleName(String),
    /// No account has this e-mail address.
    #[error("no account has the address {0}")]
    NoAccount(String),
    /// A change that would leave the team without an owner.
    #[error("{email} is the only owner of team {team}: make another owner first")]
    OnlyOwner {
        /// The only owner's address.
        email: String,
        /// The team.
        team: i64,
    },
    /// A token scope's name that is not one.
    #[error("scope {0:?}: use check, read or write")]
    Scope(String),
    /// A token that would expire at once.
    #[error("a token lives at least 1 day (leave the days out for one that never expires)")]
    NoDays,
    /// A token the team does not have, or revoked already.
    #[error("team {team} has no live token {id}")]
    NoToken {
        /// The team.
        team: i64,
        /// The token's id.
        id: i64,
    },
    /// An administrator disabling their own account.
    #[error("you cannot disable your own account (another administrator can)")]
    DisableSelf,
    /// No account has this id.
    #[error("account {0} not found")]
    NoAccountId(i64),
    /// An invitation with a team and no role, or a role and no team.
    #[error("give both team and role, or neither")]
    TeamAndRole,
    /// A password shorter than [`crate::teams::MIN_PASSWORD_CHARS`].
    #[error("the password must have at least 12 characters")]
    ShortPassword,
    /// An address the workbench does not take ([`crate::email::parse_email`]).
    #[error("{0}")]
    Email(#[from] crate::email::EmailError),
}

/// What kind of refusal a [`TeamRefusal`] is, for the status an HTTP answer gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefusalKind {
    /// The caller may not (403).
    Forbidden,
    /// What the caller named is not there, or not theirs to see (404).
    NotFound,
    /// The input is not one the use case takes (400).
    BadInput,
}

impl TeamRefusal {
    /// Its kind: a right ([`RefusalKind::Forbidden`]), a thing not found, or an input.
    pub fn kind(&self) -> RefusalKind {
        match self {
            TeamRefusal::Token | TeamRefusal::NotAdmin | TeamRefusal::Role { .. } => {
                RefusalKind::Forbidden
            }
            TeamRefusal::NoTeam(_)
            | TeamRefusal::NoAccount(_)
            | TeamRefusal::NoToken { .. }
            | TeamRefusal::NoAccountId(_) => RefusalKind::NotFound,
            TeamRefusal::TeamName
            | TeamRefusal::RoleName(_)
            | TeamRefusal::OnlyOwner { .. }
            | TeamRefusal::Scope(_)
            | TeamRefusal::NoDays
            | TeamRefusal::DisableSelf
            | TeamRefusal::TeamAndRole
            | TeamRefusal::ShortPassword
            | TeamRefusal::Email(_) => RefusalKind::BadInput,
        }
    }
}

impl From<TeamRefusal> for StoreError {
    fn from(refusal: TeamRefusal) -> StoreError {
        StoreError::Team(refusal)
    }
}

/// Why a proposal, a comment on one or a decision on one was refused; nothing was changed.
/// Its `Display` is the English message; [`Refusal::message`] says it in either language,
/// from the catalogues (`refused-*` in `model/locales/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// An empty title.
    NoTitle,
    /// A title over [`crate::MAX_TITLE_CHARS`] characters.
    TitleTooLong,
    /// A proposal without a change.
    ChangesNothing,
    /// A new proposal whose cells no longer hold the text it changes: `count` cells.
    CellsMoved {
        /// How many cells.
        count: usize,
    },
    /// A change to a proposal that is no longer open.
    NotOpen {
        /// The proposal.
        proposal: i64,
        /// Its status now.
        status: workbench_model::ProposalStatus,
    },
    /// A choice for a cell that is not in conflict.
    NotInConflict {
        /// The row's id.
        row_id: i64,
        /// The column.
        column: budget::Column,
    },
    /// An empty comment.
    NoCommentText,
    /// A comment over [`crate::MAX_COMMENT_CHARS`] characters.
    CommentTooLong,
    /// A comment on a row the proposal does not have.
    RowNotInProposal {
        /// The row's id.
        row_id: i64,
    },
    /// A decision on a proposal decided already.
    AlreadyDecided {
        /// The proposal.
        proposal: i64,
        /// Its status.
        status: workbench_model::ProposalStatus,
    },
    /// A rejection without a comment.
    RejectionNeedsComment,
    /// An approval while `count` of the proposal's cells are in conflict with the sheet.
    ApprovalInConflict {
        /// How many cells.
        count: usize,
    },
    /// An approval of a proposal whose effect changed since the reviewer saw it.
    ApprovalWithdrawn {
        /// The revision the reviewer saw.
        seen: i64,
        /// The sheet's revision now.
        current: i64,
        /// What the change does now (the diff's headline, in the sheet's language).
        headline: String,
    },
    /// An approval of a proposal that brings a new error, without "approve anyway" and a
    /// comment.
    NewError {
        /// The first new error: `code: message`.
        first: String,
    },
    /// "Approve anyway" without the comment that says why the new error is accepted.
    GateNeedsComment,
}

impl Refusal {
    /// The message in `lang`: `"proposal 3 is approved: it cannot change"`,
    /// `"提案 3 は承認済みです。変更できません"`.
    pub fn message(&self, lang: budget::Lang) -> String {
        use crate::model::{MAX_COMMENT_CHARS, MAX_TITLE_CHARS};
        use workbench_model::words::{t, t_args};
        // The message `key` with one argument, `name`.
        let with_arg =
            |key: &str, name: &str, value: String| t_args(lang, key, [(name, value.into())]);
        // The message `key` about proposal `proposal` in status `status`.
        let proposal_in = |key: &str, proposal: &i64, status: &workbench_model::ProposalStatus| {
            let status = t(lang, &format!("proposal-{}", status.code()));
            t_args(
                lang,
                key,
                [
                    ("proposal", proposal.to_string().into()),
                    ("status", status.into()),
                ],
            )
        };
        match self {
            Refusal::NoTitle => t(lang, "refused-no-title"),
            Refusal::TitleTooLong => {
                with_arg("refused-title-too-long", "max", MAX_TITLE_CHARS.to_string())
            }
            Refusal::ChangesNothing => t(lang, "refused-changes-nothing"),
            Refusal::CellsMoved { count } => {
                with_arg("refused-cells-moved", "count", count.to_string())
            }
            Refusal::NotOpen { proposal, status } => {
                proposal_in("refused-not-open", proposal, status)
            }
            Refusal::NotInConflict { row_id, column } => t_args(
                lang,
                "refused-not-in-conflict",
                [
                    ("row", row_id.to_string().into()),
                    ("column", column.header(lang).into()),
                ],
            ),
            Refusal::NoCommentText => t(lang, "refused-no-comment-text"),
            Refusal::CommentTooLong => with_arg(
                "refused-comment-too-long",
                "max",
                MAX_COMMENT_CHARS.to_string(),
            ),
            Refusal::RowNotInProposal { row_id } => {
                with_arg("refused-row-not-in-proposal", "row", row_id.to_string())
            }
            Refusal::AlreadyDecided { proposal, status } => {
                proposal_in("refused-already-decided", proposal, status)
            }
            Refusal::RejectionNeedsComment => t(lang, "refused-rejection-needs-comment"),
            Refusal::ApprovalInConflict { count } => {
                with_arg("refused-approval-in-conflict", "count", count.to_string())
            }
            Refusal::ApprovalWithdrawn {
                seen,
                current,
                headline,
            } => t_args(
                lang,
                "refused-approval-withdrawn",
                [
                    ("seen", seen.to_string().into()),
                    ("current", current.to_string().into()),
                    ("headline", headline.as_str().into()),
                ],
            ),
            Refusal::NewError { first } => with_arg("refused-new-error", "first", first.clone()),
            Refusal::GateNeedsComment => t(lang, "refused-gate-needs-comment"),
        }
    }
}

impl std::fmt::Display for Refusal {
    /// The English message.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(budget::Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use budget::Lang;
    use workbench_model::ProposalStatus;

    #[test]
    fn a_refusal_is_said_in_either_language() {
        let decided = Refusal::AlreadyDecided {
            proposal: 3,
            status: ProposalStatus::Approved,
        };
        assert_eq!(decided.to_string(), "proposal 3 is already approved");
        assert_eq!(decided.message(Lang::Ja), "提案 3 はすでに承認済みです");
        let cell = Refusal::NotInConflict {
            row_id: 7,
            column: budget::Column::Value,
        };
        assert_eq!(cell.to_string(), "row 7, value: not in conflict");
        assert_eq!(cell.message(Lang::Ja), "行 7、設定値: 競合していません");
        assert_eq!(
            Refusal::CommentTooLong.to_string(),
            "a comment is at most 10000 characters"
        );
        assert_eq!(
            Refusal::NewError {
                first: "inversion.hop: …".into()
            }
            .to_string(),
            r#"this proposal brings a new error (inversion.hop: …); approving it needs "approve anyway" and a comment"#
        );
    }
}
