//! Who is asking, and what each team role may do.
//!
//! In team mode the server resolves every request to an [`Access`] (an account signed in, or
//! an API token) and hands the handlers a store scoped to it ([`crate::Store::scoped`]).
//! The scoped store checks the role before every read or write of a sheet: a sheet of a team
//! the caller is not in is **not found** (it does not reveal that the sheet exists); a sheet
//! of the caller's team that needs a higher role is **forbidden**. Local mode has no
//! [`Access`]: one person, every sheet.

use serde::{Deserialize, Serialize};

/// A member's role in a team; each includes the ones before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Reads and exports the team's sheets, comments on proposals.
    Viewer,
    /// And edits the sheets and proposes changes.
    Editor,
    /// And approves or rejects proposals.
    Reviewer,
    /// And manages the team's members, roles and API tokens, and deletes sheets.
    Owner,
}

impl Role {
    /// Every role, lowest first.
    pub const ALL: [Role; 4] = [Role::Viewer, Role::Editor, Role::Reviewer, Role::Owner];

    /// The role's name as stored and sent: `viewer`, `editor`, `reviewer`, `owner`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Viewer => "viewer",
            Role::Editor => "editor",
            Role::Reviewer => "reviewer",
            Role::Owner => "owner",
        }
    }

    /// The role named `name`, if any.
    pub fn parse(name: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.name() == name)
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What an API token may do, chosen when it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TokenScope {
    /// Only `POST /api/v1/check`: no sheet of the team is read.
    Check,
    /// Reads and exports the team's sheets (as a viewer).
    Read,
    /// Reads and writes them (as an editor).
    Write,
}

impl TokenScope {
    /// The scope's name: `check`, `read`, `write`.
    pub fn name(self) -> &'static str {
        match self {
            TokenScope::Check => "check",
            TokenScope::Read => "read",
            TokenScope::Write => "write",
        }
    }

    /// The scope named `name`, if any.
    pub fn parse(name: &str) -> Option<TokenScope> {
        [TokenScope::Check, TokenScope::Read, TokenScope::Write]
            .into_iter()
            .find(|scope| scope.name() == name)
    }

    /// The role a token of this scope acts with in its team; `None` for `check`.
    pub fn role(self) -> Option<Role> {
        match self {
            TokenScope::Check => None,
            TokenScope::Read => Some(Role::Viewer),
            TokenScope::Write => Some(Role::Editor),
        }
    }
}

/// Who is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Principal {
    /// An account, signed in (a session) or named by the trusted proxy.
    Account {
        /// The account's id.
        id: i64,
        /// Its e-mail address, the name revisions and comments show.
        email: String,
        /// An administrator: manages accounts and teams, and owns the sheets no team owns.
        admin: bool,
    },
    /// An API token of one team.
    Token {
        /// The token's id.
        id: i64,
        /// Its team.
        team: i64,
        /// What it may do.
        scope: TokenScope,
    },
}

/// A request's caller with its role in each of its teams.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// Who.
    pub principal: Principal,
    /// `(team id, role)` for every team the caller acts in.
    pub roles: Vec<(i64, Role)>,
}

/// What a store operation on a sheet needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Read or export it, comment on its proposals: a viewer.
    Read,
    /// Change it, propose, restore: an editor.
    Write,
    /// Approve or reject a proposal: a reviewer.
    Review,
    /// Delete it: an owner.
    Own,
}

impl Need {
    /// The lowest role that may.
    pub fn role(self) -> Role {
        match self {
            Need::Read => Role::Viewer,
            Need::Write => Role::Editor,
            Need::Review => Role::Reviewer,
            Need::Own => Role::Owner,
        }
    }
}

impl Access {
    /// The caller's role in `team`; `None` when not a member.
    pub fn role_in(&self, team: i64) -> Option<Role> {
        self.roles
            .iter()
            .find(|(id, _)| *id == team)
            .map(|(_, role)| *role)
    }

    /// Whether the caller is an administrator.
    pub fn is_admin(&self) -> bool {
        matches!(self.principal, Principal::Account { admin: true, .. })
    }

    /// The caller's role on a sheet owned by `team` (`None`: made in local mode), shared
    /// read-only with the organisation when `shared`: its team role; an administrator owns
    /// the sheets of no team; any account reads a shared sheet.
    pub fn role_on(&self, team: Option<i64>, shared: bool) -> Option<Role> {
        let role = match team {
            Some(team) => self.role_in(team),
            None => self.is_admin().then_some(Role::Owner),
        };
        let reader = shared && matches!(self.principal, Principal::Account { .. });
        role.or(reader.then_some(Role::Viewer))
    }

    /// The team a new sheet goes to: the first (lowest id) where the caller is at least an
    /// editor; `None` when there is none.
    pub fn home_team(&self) -> Option<i64> {
        self.roles
            .iter()
            .filter(|(_, role)| *role >= Role::Editor)
            .map(|(team, _)| *team)
            .min()
    }

    /// The name a change by this caller is recorded under: the account's e-mail address, or
    /// `token N`.
    pub fn name(&self) -> String {
        match &self.principal {
            Principal::Account { email, .. } => email.clone(),
            Principal::Token { id, .. } => format!("token {id}"),
        }
    }
}

/// An account's access for tests: account 1, `a@example.com`, an administrator or not, with
/// `roles`.
#[cfg(test)]
pub(crate) fn account(admin: bool, roles: Vec<(i64, Role)>) -> Access {
    Access {
        principal: Principal::Account {
            id: 1,
            email: "a@example.com".into(),
            admin,
        },
        roles,
    }
}

/// A token's access for tests: token 4 of team `team`, with `scope` and the `role` it acts
/// with on that team.
#[cfg(test)]
pub(crate) fn token(team: i64, scope: TokenScope, role: Role) -> Access {
    Access {
        principal: Principal::Token { id: 4, team, scope },
        roles: vec![(team, role)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_role_reaches_its_own_team_only_and_shared_sheets_are_read_only() {
        let editor = account(false, vec![(7, Role::Editor), (3, Role::Viewer)]);
        assert_eq!(editor.role_on(Some(7), false), Some(Role::Editor));
        assert_eq!(editor.role_on(Some(3), false), Some(Role::Viewer));
        assert_eq!(editor.role_on(Some(9), false), None);
        assert_eq!(editor.role_on(Some(9), true), Some(Role::Viewer));
        assert_eq!(editor.role_on(None, false), None);
        assert_eq!(
            account(true, vec![]).role_on(None, false),
            Some(Role::Owner)
        );
        assert_eq!(editor.home_team(), Some(7));
        assert!(Role::Owner > Role::Reviewer && Role::Reviewer > Role::Editor);
    }

    #[test]
    fn a_token_acts_with_its_scopes_role_and_never_reads_shared_sheets() {
        let token = token(7, TokenScope::Read, Role::Viewer);
        assert_eq!(token.role_on(Some(7), false), Some(Role::Viewer));
        assert_eq!(token.role_on(Some(9), true), None);
        assert_eq!(token.name(), "token 4");
        assert_eq!(TokenScope::Check.role(), None);
    }
}
