//! Team mode's use cases on teams, members, tokens, invitations and accounts. Each takes the
//! store, the caller's [`Access`] and its input; checks the caller's right first, then the
//! input; writes what it did to the audit log; and answers what it made, or a [`StoreError`]
//! (a right or an input refused is [`StoreError::Team`], nothing changed). The JSON API and
//! the Teams page's forms call the same functions, so they refuse and record alike.

use crate::access::{Access, Principal, Role, TokenScope};
use crate::error::{StoreError, TeamRefusal};
use crate::store::{now_ms, Store};

/// A team's name is at most this many characters, after trimming.
pub const MAX_TEAM_NAME_CHARS: usize = 100;

/// The caller's account id and e-mail address; [`TeamRefusal::Token`] for an API token, which
/// manages nothing.
pub fn account_of(access: &Access) -> Result<(i64, &str), TeamRefusal> {
    match &access.principal {
        Principal::Account { id, email, .. } => Ok((*id, email)),
        Principal::Token { .. } => Err(TeamRefusal::Token),
    }
}

/// The id and e-mail address of an administrator's account; [`TeamRefusal::Token`] or
/// [`TeamRefusal::NotAdmin`].
pub fn admin(access: &Access) -> Result<(i64, &str), TeamRefusal> {
    let account = account_of(access)?;
    if access.is_admin() {
        Ok(account)
    } else {
        Err(TeamRefusal::NotAdmin)
    }
}

/// A caller in `team` with at least `role` (an administrator's account is in every team as
/// its owner); [`TeamRefusal::NoTeam`] when not in it, [`TeamRefusal::Role`] below `role`.
pub fn in_team(access: &Access, team: i64, role: Role) -> Result<(), TeamRefusal> {
    if access.is_admin() && matches!(access.principal, Principal::Account { .. }) {
        return Ok(());
    }
    match access.role_in(team) {
        None => Err(TeamRefusal::NoTeam(team)),
        Some(have) if have >= role => Ok(()),
        Some(have) => Err(TeamRefusal::Role {
            team,
            have,
            needs: role,
        }),
    }
}

/// Makes the team `name` (trimmed, 1 to [`MAX_TEAM_NAME_CHARS`] characters) as `access`, an
/// administrator; its id and name.
pub async fn make_team(
    store: &Store,
    access: &Access,
    name: &str,
) -> Result<(i64, String), StoreError> {
    let (_, actor) = admin(access)?;
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_TEAM_NAME_CHARS {
        return Err(TeamRefusal::TeamName.into());
    }
    let id = store.create_team(name).await?;
    store.audit(Some(id), actor, "team-create", name).await?;
    Ok((id, name.to_string()))
}

/// The role named `name`; [`TeamRefusal::RoleName`] for any other text.
pub fn role_named(name: &str) -> Result<Role, TeamRefusal> {
    Role::parse(name).ok_or_else(|| TeamRefusal::RoleName(name.to_string()))
}

/// Gives the account of `email` the role `role` in `team` (`None`: removes it), as `access`,
/// an owner of the team or an administrator. A team keeps at least one owner: its only owner
/// is neither demoted nor removed ([`TeamRefusal::OnlyOwner`]).
pub async fn change_member(
    store: &Store,
    access: &Access,
    team: i64,
    email: &str,
    role: Option<&str>,
) -> Result<(), StoreError> {
    let (_, actor) = account_of(access)?;
    in_team(access, team, Role::Owner)?;
    let role = role.map(role_named).transpose()?;
    let account = store
        .account_by_email(email)
        .await?
        .ok_or_else(|| TeamRefusal::NoAccount(email.trim().to_string()))?;
    let owners: Vec<i64> = store
        .members(team)
        .await?
        .into_iter()
        .filter(|member| member.role == Role::Owner)
        .map(|member| member.account)
        .collect();
    if role != Some(Role::Owner) && owners == [account.id] {
        return Err(TeamRefusal::OnlyOwner {
            email: account.email,
            team,
        }
        .into());
    }
    store.set_role(team, account.id, role).await?;
    let detail = format!("{} {}", account.email, role.map_or("removed", Role::name));
    store.audit(Some(team), actor, "role", &detail).await?;
    Ok(())
}

/// A secret just made by the caller's generator: what is shown once, and its hash, which
/// is all the store keeps.
pub struct Minted {
    /// The secret (`wb_…`).
    pub token: String,
    /// Its SHA-256, in hex.
    pub hash: String,
}

/// A token just made: the only time the token itself is known.
pub struct MadeToken {
    /// Its id in the team.
    pub id: i64,
    /// The token (`wb_…`); the store keeps its SHA-256 only.
    pub token: String,
    /// What it may do.
    pub scope: TokenScope,
    /// When it expires (ms since the Unix epoch); `None`: never.
    pub expires_at_ms: Option<i64>,
}

/// What a new API token is.
pub struct NewToken<'a> {
    /// Its name (trimmed).
    pub name: &'a str,
    /// What it may do: `check`, `read` or `write`.
    pub scope: &'a str,
    /// Days until it expires; `None`: never.
    pub expires_in_days: Option<u32>,
}

/// Makes an API token of `team`, the `minted` secret, as `access`, an owner.
pub async fn make_token(
    store: &Store,
    access: &Access,
    team: i64,
    new: NewToken<'_>,
    minted: Minted,
) -> Result<MadeToken, StoreError> {
    let (account, actor) = account_of(access)?;
    in_team(access, team, Role::Owner)?;
    let scope =
        TokenScope::parse(new.scope).ok_or_else(|| TeamRefusal::Scope(new.scope.to_string()))?;
    if new.expires_in_days == Some(0) {
        return Err(TeamRefusal::NoDays.into());
    }
    let expires = new
        .expires_in_days
        .map(|days| now_ms().saturating_add(i64::from(days) * 86_400_000));
    let name = new.name.trim();
    let id = store
        .create_token(team, name, &minted.hash, scope, account, expires)
        .await?;
    let detail = format!("token {id} {name} ({})", scope.name());
    store
        .audit(Some(team), actor, "token-create", &detail)
        .await?;
    Ok(MadeToken {
        id,
        token: minted.token,
        scope,
        expires_at_ms: expires,
    })
}

/// Revokes token `id` of `team` as `access`, an owner.
pub async fn end_token(
    store: &Store,
    access: &Access,
    team: i64,
    id: i64,
) -> Result<(), StoreError> {
    let (_, actor) = account_of(access)?;
    in_team(access, team, Role::Owner)?;
    if !store.revoke_token(team, id).await? {
        return Err(TeamRefusal::NoToken { team, id }.into());
    }
    store
        .audit(Some(team), actor, "token-revoke", &format!("token {id}"))
        .await?;
    Ok(())
}

/// How long an invitation's link works: 7 days, in ms.
pub const INVITE_LIFETIME_MS: i64 = 7 * 86_400_000;

/// Whom an invitation is for.
pub struct NewInvite<'a> {
    /// Their e-mail address, as [`crate::email::parse_email`] takes it.
    pub email: &'a str,
    /// The team they join, with `role`; `None` with no role: an administrator invites into
    /// no team.
    pub team: Option<i64>,
    /// Their role there: `viewer`, `editor`, `reviewer` or `owner`.
    pub role: Option<&'a str>,
}

/// Makes a one-time invitation, kept as `hash` (the SHA-256 of the secret the link carries),
/// valid [`INVITE_LIFETIME_MS`], that makes the account of `new.email` in its team with its
/// role (an owner of the team invites) or in no team (an administrator invites); when it
/// expires (ms since the Unix epoch).
pub async fn make_invite(
    store: &Store,
    access: &Access,
    new: NewInvite<'_>,
    hash: &str,
) -> Result<i64, StoreError> {
    let (account, actor) = account_of(access)?;
    let team = match (new.team, new.role) {
        (Some(team), Some(role)) => {
            in_team(access, team, Role::Owner)?;
            Some((team, role_named(role)?))
        }
        (None, None) => {
            admin(access)?;
            None
        }
        _ => return Err(TeamRefusal::TeamAndRole.into()),
    };
    let email = crate::email::parse_email(new.email).map_err(TeamRefusal::from)?;
    let expires = now_ms().saturating_add(INVITE_LIFETIME_MS);
    store
        .create_invite(hash, &email, team, account, expires)
        .await?;
    let detail = format!(
        "{}{}",
        email.trim().to_lowercase(),
        team.map_or(String::new(), |(_, role)| format!(" as {role}"))
    );
    store
        .audit(team.map(|(team, _)| team), actor, "invite", &detail)
        .await?;
    Ok(expires)
}

/// Disables account `id` (it cannot sign in; its sessions stop working) or enables it again,
/// as `access`, an administrator, who cannot disable their own account (the last
/// administrator would lock everyone out).
pub async fn disable(
    store: &Store,
    access: &Access,
    id: i64,
    disabled: bool,
) -> Result<(), StoreError> {
    let (me, actor) = admin(access)?;
    if disabled && id == me {
        return Err(TeamRefusal::DisableSelf.into());
    }
    if !store.set_disabled(id, disabled).await? {
        return Err(TeamRefusal::NoAccountId(id).into());
    }
    let action = if disabled {
        "account-disable"
    } else {
        "account-enable"
    };
    store
        .audit(None, actor, action, &format!("account {id}"))
        .await?;
    Ok(())
}

/// The fewest characters a password has, wherever one is chosen: the first administrator's,
/// an account an administrator makes, an invitation's.
pub const MIN_PASSWORD_CHARS: usize = 12;

/// An account an administrator makes.
#[derive(Clone)]
pub struct NewAccount {
    /// Its e-mail address (kept in lower case).
    pub email: String,
    /// Its password, at least [`MIN_PASSWORD_CHARS`] characters.
    pub password: String,
    /// Whether it is an administrator.
    pub admin: bool,
}

/// Makes the account `new` as `access`, an administrator: the right is checked first, then
/// the address and the password's length, and only then is the password hashed, by `hash`
/// (the server's Argon2id, which takes a tenth of a second) on a blocking thread; the account
/// is stored and the organisation's audit log says who made it. Its id.
///
/// # Errors
///
/// [`TeamRefusal::Token`], [`TeamRefusal::NotAdmin`], [`TeamRefusal::Email`],
/// [`TeamRefusal::ShortPassword`]; [`StoreError::Taken`] when the address has an account;
/// [`StoreError::Failed`] when `hash` fails; [`StoreError::Db`].
pub async fn make_account(
    store: &Store,
    access: &Access,
    new: NewAccount,
    hash: fn(&str) -> Result<String, String>,
) -> Result<i64, StoreError> {
    let (_, actor) = admin(access)?;
    let email = crate::email::parse_email(&new.email).map_err(TeamRefusal::Email)?;
    if new.password.chars().count() < MIN_PASSWORD_CHARS {
        return Err(TeamRefusal::ShortPassword.into());
    }
    let password = new.password;
    let hashed = tokio::task::spawn_blocking(move || hash(&password))
        .await
        .map_err(|err| StoreError::Failed(format!("the password's hash failed: {err}")))?
        .map_err(StoreError::Failed)?;
    let id = store.create_account(&email, &hashed, new.admin).await?;
    store.audit_new_account(actor, id, "").await?;
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::access::{account, token};

    #[test]
    fn a_token_manages_nothing_and_a_member_needs_the_role() {
        let token = token(2, TokenScope::Write, Role::Editor);
        assert_eq!(account_of(&token), Err(TeamRefusal::Token));
        assert_eq!(
            TeamRefusal::Token.to_string(),
            "API tokens cannot manage teams, tokens or accounts; sign in as an owner"
        );
        let editor = account(false, vec![(2, Role::Editor)]);
        assert_eq!(admin(&editor), Err(TeamRefusal::NotAdmin));
        assert_eq!(in_team(&editor, 2, Role::Editor), Ok(()));
        let refused = in_team(&editor, 2, Role::Owner).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "your role in team 2 is editor; this needs owner"
        );
        assert_eq!(refused.kind(), crate::RefusalKind::Forbidden);
        let unseen = in_team(&editor, 3, Role::Viewer).unwrap_err();
        assert_eq!(
            (unseen.to_string(), unseen.kind()),
            ("team 3 not found".to_string(), crate::RefusalKind::NotFound)
        );
        // An administrator's account is in every team as its owner.
        assert_eq!(in_team(&account(true, vec![]), 3, Role::Owner), Ok(()));
    }

    #[test]
    fn a_role_or_scope_that_is_not_one_is_named_in_its_refusal() {
        assert_eq!(role_named("owner"), Ok(Role::Owner));
        let wrong = role_named("admin").unwrap_err();
        assert_eq!(
            (wrong.to_string(), wrong.kind()),
            (
                r#"role "admin": use viewer, editor, reviewer or owner"#.to_string(),
                crate::RefusalKind::BadInput
            )
        );
    }

    /// A hash that must not be reached: the refusals come before it.
    fn unreachable_hash(_: &str) -> Result<String, String> {
        panic!("the password was hashed before the right and the input were checked")
    }

    #[tokio::test]
    async fn an_account_is_refused_before_its_password_is_hashed_and_made_after() {
        let store = Store::connect("sqlite::memory:")
            .await
            .expect("an in-memory store");
        let new = |email: &str, password: &str| NewAccount {
            email: email.into(),
            password: password.into(),
            admin: false,
        };
        // The administrator's own account, the first: id 1, as `account` names it.
        store
            .create_first_account("a@example.com", "x")
            .await
            .unwrap();
        let editor = account(false, vec![(2, Role::Editor)]);
        let refused = make_account(
            &store,
            &editor,
            new("b@example.com", "long enough pw"),
            unreachable_hash,
        )
        .await
        .unwrap_err();
        assert_eq!(refused.to_string(), "only an administrator may do this");
        let admin = account(true, vec![]);
        let short = make_account(
            &store,
            &admin,
            new("b@example.com", "short"),
            unreachable_hash,
        )
        .await
        .unwrap_err();
        assert_eq!(
            short.to_string(),
            "the password must have at least 12 characters"
        );
        let made = make_account(
            &store,
            &admin,
            new(" B@Example.com ", "long enough pw"),
            |p| Ok(format!("hash of {p}")),
        )
        .await
        .expect("made");
        let stored = store.account(made).await.unwrap().expect("stored");
        assert_eq!(
            (
                stored.email.as_str(),
                stored.password_hash.as_str(),
                stored.admin
            ),
            ("b@example.com", "hash of long enough pw", false)
        );
        let log = store.audit_page(None, None, 10).await.unwrap();
        let lines: Vec<(&str, &str, &str)> = log
            .iter()
            .map(|l| (l.actor.as_str(), l.action.as_str(), l.detail.as_str()))
            .collect();
        assert_eq!(
            lines,
            [(
                "a@example.com",
                "account-create",
                "account 2 b@example.com (not an administrator)"
            )]
        );
    }
}
