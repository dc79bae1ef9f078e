//! The mode the server runs in and what it needs to know of it: local or team ([`Mode`],
//! [`check_start`]), the sign-on header of a trusted proxy ([`ProxyAuth`]), the team's secret
//! and sign-in limits ([`Auth`], [`SignInLimits`]), and the hashing of passwords, setup codes
//! and API tokens. No request handling: that is [`crate::auth`]'s.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use sha2::{Digest, Sha256};
use workbench_store::Store;

use tower_sessions::SessionManagerLayer;

use super::password::{hash_password, new_setup_code};
use super::session::DbSessions;
use crate::forwarded::TrustedProxies;

/// Chooses the mode: `local` or `team`.
pub const MODE_VAR: &str = "WORKBENCH_MODE";
/// The key that signs session cookies in team mode: at least 32 bytes.
pub const SECRET_VAR: &str = "WORKBENCH_SECRET";
/// How many buckets each kind of sign-in key is counted in (see [`SignInLimits`]).
const SIGN_IN_BUCKETS: u64 = 1 << 14;

/// How the server runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One person, no accounts, loopback only.
    Local,
    /// Accounts, teams and roles.
    Team,
}

impl Mode {
    /// The mode `WORKBENCH_MODE` (`mode`) and the database say: a PostgreSQL database is
    /// always team mode.
    ///
    /// # Errors
    ///
    /// A message for an unknown mode, or `local` on PostgreSQL.
    pub fn choose(mode: Option<&str>, database_url: &str) -> Result<Mode, String> {
        let postgres =
            database_url.starts_with("postgres:") || database_url.starts_with("postgresql:");
        match mode.map(str::trim).filter(|m| !m.is_empty()) {
            None if postgres => Ok(Mode::Team),
            None => Ok(Mode::Local),
            Some("team") => Ok(Mode::Team),
            Some("local") if postgres => Err(format!(
                "{MODE_VAR}=local is for one person on SQLite; a PostgreSQL database runs in team mode: remove {MODE_VAR} or set it to team"
            )),
            Some("local") => Ok(Mode::Local),
            Some(other) => Err(format!("{MODE_VAR}={other}: use local or team")),
        }
    }
}

/// Whether the server may start in `mode` on `addr` with `secret`.
///
/// # Errors
///
/// What to set: local mode on an address other than loopback; team mode on such an address
/// without `WORKBENCH_SECRET`; a secret shorter than 32 bytes.
pub fn check_start(mode: Mode, addr: SocketAddr, secret: Option<&str>) -> Result<(), String> {
    if let Some(secret) = secret {
        if secret.len() < 32 {
            return Err(format!(
                "{SECRET_VAR} is {} bytes; it must be at least 32 (e.g. the output of `openssl rand -base64 48`)",
                secret.len()
            ));
        }
    }
    match mode {
        Mode::Local if !addr.ip().is_loopback() => Err(format!(
            "local mode has no accounts, so it listens on a loopback address only, not {addr}: \
             set LEPTOS_SITE_ADDR=127.0.0.1:{port}, or run a team server with {MODE_VAR}=team and {SECRET_VAR}",
            port = addr.port()
        )),
        Mode::Team if !addr.ip().is_loopback() && secret.is_none() => Err(format!(
            "team mode on {addr} needs {SECRET_VAR}, the key that signs session cookies: set it to at least 32 random bytes (e.g. `openssl rand -base64 48`)"
        )),
        _ => Ok(()),
    }
}

/// Names the header a trusted reverse proxy sets to the signed-in user's e-mail address
/// (single sign-on, as Grafana's `auth.proxy`): `X-Forwarded-Email` for oauth2-proxy.
pub const PROXY_HEADER_VAR: &str = "WORKBENCH_AUTH_PROXY_HEADER";
pub use crate::forwarded::TRUSTED_PROXIES_VAR;

/// Single sign-on through a trusted reverse proxy: a request from one of `trusted` carrying
/// `header` is the account of that e-mail address (made on its first request, with no
/// password: it can sign in only through the proxy). The header from any other address is
/// not believed: such a request needs a session or a token like any other.
#[derive(Clone, Debug)]
pub struct ProxyAuth {
    header: axum::http::HeaderName,
    trusted: TrustedProxies,
}

impl ProxyAuth {
    /// The single sign-on header `header` (the value of [`PROXY_HEADER_VAR`]) believed from
    /// the proxies `trusted` ([`TRUSTED_PROXIES_VAR`]); `None` without a header.
    ///
    /// # Errors
    ///
    /// A header without trusted proxies, or a name that cannot be a header's.
    pub fn from_settings(
        header: Option<&str>,
        trusted: &TrustedProxies,
    ) -> Result<Option<ProxyAuth>, String> {
        let Some(header) = header.map(str::trim).filter(|h| !h.is_empty()) else {
            return Ok(None);
        };
        let header = axum::http::HeaderName::try_from(header)
            .map_err(|_| format!("{PROXY_HEADER_VAR}={header} is not a header name"))?;
        if trusted.is_empty() {
            return Err(format!(
                "{PROXY_HEADER_VAR} needs {TRUSTED_PROXIES_VAR}: the addresses of the proxies that set it (anyone else could send it)"
            ));
        }
        Ok(Some(ProxyAuth {
            header,
            trusted: trusted.clone(),
        }))
    }

    /// The e-mail address the proxy vouches for, when `peer` is a trusted proxy.
    pub(super) fn email(
        &self,
        peer: Option<IpAddr>,
        headers: &axum::http::HeaderMap,
    ) -> Option<String> {
        if !self.trusted.trusts(peer?) {
            return None;
        }
        workbench_store::email::parse_email(headers.get(&self.header)?.to_str().ok()?).ok()
    }
}

/// The mode and, in team mode, its sign-in limits and proxy. Cheap to clone.
#[derive(Clone, Default)]
pub struct Auth(
    pub(super) Option<Arc<Team>>,
    pub(super) Option<Arc<ProxyAuth>>,
);

impl std::fmt::Debug for Auth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Auth(team)"
        } else {
            "Auth(local)"
        })
    }
}

/// Sign-in attempts allowed in one window (a minute), as OWASP's Authentication Cheat Sheet
/// describes ("Login Throttling"): per account at one client address, and per client
/// address; a burst of that many, then one more each time a window's share of it passes
/// (ten a minute: one more every 6 s), as [`workbench_store::Store::take_sign_in`] counts. An
/// address that keeps failing is slowed down, for every account it names; the account's owner
/// signing in from another address is not, so nobody can lock an account out by failing on
/// purpose. A sign-in that succeeds forgets its account's count at that address.
///
/// The counts live in the database (table `sign_in_throttle`), so several instances on one
/// database share one limit. Each key is hashed, with a key derived from the cookie secret
/// (the same on every instance), to one of [`SIGN_IN_BUCKETS`] buckets per kind: whatever is
/// sent, the table never holds more than twice that many rows, and an address being limited
/// stores nothing more than its own count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignInLimits {
    /// Attempts per window for one account (e-mail address) from one client address.
    pub per_account_address: i64,
    /// Attempts per window from one client address, whatever accounts they name.
    pub per_address: i64,
    /// The window, in milliseconds (a minute).
    pub window_ms: i64,
}

impl Default for SignInLimits {
    /// 10 a minute per account at an address, 30 per address (an office behind one NAT
    /// address signs in more often than one person).
    fn default() -> SignInLimits {
        SignInLimits {
            per_account_address: 10,
            per_address: 30,
            window_ms: 60_000,
        }
    }
}

impl SignInLimits {
    /// `attempts` per window as a rate.
    fn rate(&self, attempts: i64) -> workbench_store::SignInRate {
        let burst = attempts.max(1);
        workbench_store::SignInRate {
            interval_ms: (self.window_ms / burst).max(1),
            burst,
        }
    }
}

pub(super) struct Team {
    limits: SignInLimits,
    /// The key that chooses the buckets of sign-in keys ([`SignInLimits`]).
    bucket_key: [u8; 32],
    /// A hash to verify against when the account does not exist, so that a failed sign-in
    /// costs the same time either way.
    pub(super) dummy_hash: String,
    /// Session cookies carry `Secure`.
    secure: bool,
    /// The key that signs them.
    key: tower_sessions::cookie::Key,
    /// The one-time setup code ([`Auth::setup_code`]).
    pub(super) setup_code: String,
}

/// What the sign-in limit says of an attempt.
pub(super) enum Attempt {
    /// Go on; `bucket` is the account's at this address, forgotten once the sign-in succeeds.
    Allowed { bucket: i64 },
    /// Too many attempts; `note` for the first refusal of its bucket in a window, the one
    /// written to the audit log (so a flood of refusals adds one line a minute, not one each).
    Limited { note: bool },
}

impl Team {
    /// Counts a sign-in attempt for `email` from `client` (unknown inside a test), per address
    /// first: an address over its limit is refused without counting the account.
    pub(super) async fn count_attempt(
        &self,
        store: &Store,
        email: &str,
        client: Option<IpAddr>,
    ) -> Result<Attempt, workbench_store::StoreError> {
        let now = workbench_store::now_ms();
        let refused = |bucket: i64| async move {
            let note = store
                .note_refusal(bucket, now, self.limits.window_ms)
                .await?;
            Ok(Attempt::Limited { note })
        };
        let address = client.map(|addr| addr.to_string());
        if let Some(address) = &address {
            let bucket = self.bucket(1, &[address.as_bytes()]);
            let rate = self.limits.rate(self.limits.per_address);
            if !store.take_sign_in(bucket, now, rate).await? {
                return refused(bucket).await;
            }
        }
        let address = address.as_deref().unwrap_or("unknown");
        let bucket = self.bucket(0, &[email.as_bytes(), address.as_bytes()]);
        let rate = self.limits.rate(self.limits.per_account_address);
        if !store.take_sign_in(bucket, now, rate).await? {
            return refused(bucket).await;
        }
        Ok(Attempt::Allowed { bucket })
    }

    /// The bucket of a sign-in key made of `parts`, of `kind` (0: an account at an address,
    /// 1: an address): the keyed SHA-256 of the parts, each after its length, reduced to one
    /// of [`SIGN_IN_BUCKETS`] after the buckets of the kinds before it.
    fn bucket(&self, kind: u64, parts: &[&[u8]]) -> i64 {
        let mut hash = Sha256::new()
            .chain_update(self.bucket_key)
            .chain_update(kind.to_be_bytes());
        for part in parts {
            hash.update((part.len() as u64).to_be_bytes());
            hash.update(part);
        }
        let digest = hash.finalize();
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        let bucket = kind * SIGN_IN_BUCKETS + u64::from_be_bytes(first) % SIGN_IN_BUCKETS;
        i64::try_from(bucket).unwrap_or(i64::MAX)
    }
}

impl Auth {
    /// Local mode: no accounts.
    pub fn local() -> Auth {
        Auth(None, None)
    }

    /// This team mode with single sign-on through `proxy` (local mode has no accounts: it is
    /// left as it is).
    pub fn with_proxy(self, proxy: Option<ProxyAuth>) -> Auth {
        match self.0 {
            Some(team) => Auth(Some(team), proxy.map(Arc::new)),
            None => self,
        }
    }

    /// Team mode; cookies signed with `secret` (a random key when `None`: sessions then end
    /// when the process does) and `Secure` when `secure`.
    pub fn team(secret: Option<&str>, secure: bool) -> Auth {
        Auth::team_with_limits(secret, secure, SignInLimits::default())
    }

    /// [`Auth::team`] with `per_minute` sign-in attempts allowed per account at an address
    /// and as many per address.
    pub fn team_limited(secret: Option<&str>, secure: bool, per_minute: u32) -> Auth {
        let per_minute = i64::from(per_minute.max(1));
        Auth::team_with_limits(
            secret,
            secure,
            SignInLimits {
                per_account_address: per_minute,
                per_address: per_minute,
                ..SignInLimits::default()
            },
        )
    }

    /// [`Auth::team`] with the sign-in `limits` given.
    pub fn team_with_limits(secret: Option<&str>, secure: bool, limits: SignInLimits) -> Auth {
        let key = match secret {
            // `Key::from` takes 64 bytes: the SHA-512 of the secret.
            Some(secret) if secret.len() >= 32 => {
                tower_sessions::cookie::Key::from(&sha2::Sha512::digest(secret.as_bytes()))
            }
            _ => tower_sessions::cookie::Key::generate(),
        };
        Auth(
            Some(Arc::new(Team {
                limits,
                bucket_key: Sha256::new()
                    .chain_update(b"workbench sign-in buckets\0")
                    .chain_update(key.master())
                    .finalize()
                    .into(),
                dummy_hash: hash_password("not anyone's password").unwrap_or_default(),
                secure,
                key,
                setup_code: new_setup_code(),
            })),
            None,
        )
    }

    /// Team mode's setup code, drawn when the server starts: while the database has no
    /// account, the sign-in that makes the first one, the administrator, must give it (the
    /// server prints it at start on such a database), so that whoever reaches `/login` first
    /// does not become the administrator. `None` in local mode.
    pub fn setup_code(&self) -> Option<&str> {
        self.0.as_ref().map(|team| team.setup_code.as_str())
    }

    /// Whether this is team mode.
    pub fn is_team(&self) -> bool {
        self.0.is_some()
    }

    /// The session layer of team mode (`None` in local mode: no cookie is ever set).
    pub(crate) fn sessions(
        &self,
        store: Store,
    ) -> Option<SessionManagerLayer<DbSessions, tower_sessions::service::SignedCookie>> {
        let team = self.0.as_ref()?;
        Some(
            SessionManagerLayer::new(DbSessions(store))
                .with_name("workbench_session")
                .with_http_only(true)
                .with_same_site(tower_sessions::cookie::SameSite::Lax)
                .with_secure(team.secure)
                .with_expiry(tower_sessions::Expiry::OnInactivity(time::Duration::days(
                    7,
                )))
                .with_signed(team.key.clone()),
        )
    }
}
