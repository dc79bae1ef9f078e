//! Local mode and team mode.
//!
//! - **Local** (the default on SQLite): one person, no accounts; the server listens on a
//!   loopback address only ([`check_start`]).
//! - **Team** (`WORKBENCH_MODE=team`, or any `postgres://` database): every request but the
//!   sign-in page, the static files and the probes needs a session (signed in at `/login`)
//!   or an API token (`Authorization: Bearer …`, on `/api/v1` only). [`authenticate`] finds
//!   the caller and puts their [`Access`] in the request; the handlers then use the store
//!   scoped to it ([`workbench_store::Store::scoped`]), which checks the role before every read or
//!   write of a sheet.
//!
//! Passwords are hashed with Argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane:
//! the `argon2` crate's defaults, `Params::DEFAULT`); sessions are `tower-sessions` records
//! in the database (so every instance knows them), in a cookie signed with
//! `WORKBENCH_SECRET`, `HttpOnly`, `SameSite=Lax`, `Secure` unless the server is on a loopback
//! address (and on loopback too when a trusted proxy says the client came over `https`:
//! [`crate::forwarded`]), given a new id at sign-in and deleted at sign-out. Sign-ins are limited per
//! account at a client address (10 a minute) and per client address (30 a minute), counted in
//! the database so that every instance shares them ([`SignInLimits`]), and take the same time
//! whether the account exists or not. API tokens are kept as their SHA-256 only.

use std::net::IpAddr;

use axum::extract::{FromRequest, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Form;
use serde::Deserialize;
use tower_sessions::Session;
use workbench_store::Store;

use app::i18n::{t, t_args};
use app::pages::account::sign_in::sign_in_page;
use budget::Lang;

use crate::forwarded::Client;
use crate::state::AppState;

mod middleware;
mod mode;
mod password;
mod session;
mod token;

pub(crate) use middleware::{authenticate, Caller, Scoped};
pub use mode::{
    check_start, Auth, Mode, ProxyAuth, SignInLimits, MODE_VAR, PROXY_HEADER_VAR, SECRET_VAR,
    TRUSTED_PROXIES_VAR,
};
pub use password::hash_password;
use password::{is_setup_code, verify_password};
use session::ACCOUNT_KEY;
pub use token::{new_token, token_hash};
pub use workbench_store::email::MAX_EMAIL_CHARS;

use mode::Attempt;

/// What the sign-in form sends.
#[derive(Deserialize)]
pub(crate) struct SignIn {
    #[serde(default)]
    email: String,
    password: String,
    /// The token of an invitation's link: the password is the new account's.
    #[serde(default)]
    invite: Option<String>,
    /// The setup code the first sign-in gives ([`Auth::setup_code`]).
    #[serde(default)]
    setup_code: Option<String>,
}

/// The query of `GET /login`: an invitation's link carries its token.
#[derive(Deserialize)]
pub(crate) struct LoginQuery {
    invite: Option<String>,
}

/// `GET /login`: the sign-in form; on a database without accounts, the form that makes the
/// first one, the administrator.
pub(crate) async fn login_page(
    State(state): State<AppState>,
    axum::extract::Query(query): axum::extract::Query<LoginQuery>,
    headers: axum::http::HeaderMap,
) -> Response {
    let lang = app::i18n::request_lang(&headers);
    if !state.auth.is_team() {
        return Redirect::to("/").into_response();
    }
    if let Some(token) = query.invite {
        return match state.store.invite(&token_hash(&token)).await {
            Ok(Some(invite)) => invite_page(StatusCode::OK, lang, &invite.email, &token, ""),
            _ => sign_in_refusal(StatusCode::GONE, lang, false, "login-error-invite-gone"),
        };
    }
    let first = state.store.account_count().await.unwrap_or(1) == 0;
    page(StatusCode::OK, lang, first, "")
}

/// `POST /login` with an invitation's token: makes the invited account with `password`, in
/// its team, and signs it in.
async fn accept_invite(
    store: &Store,
    session: &Session,
    token: &str,
    password: String,
    lang: Lang,
) -> Response {
    let hash = token_hash(token);
    let Ok(Some(invite)) = store.invite(&hash).await else {
        return sign_in_refusal(StatusCode::GONE, lang, false, "login-error-invite-gone");
    };
    if password.chars().count() < workbench_store::teams::MIN_PASSWORD_CHARS {
        return invite_page(
            StatusCode::BAD_REQUEST,
            lang,
            &invite.email,
            token,
            &t(lang, "login-error-short"),
        );
    }
    let Ok(Ok(password_hash)) = tokio::task::spawn_blocking(move || hash_password(&password)).await
    else {
        return sign_in_refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            lang,
            false,
            "login-error-internal",
        );
    };
    let id = match store.accept_invite(&hash, &password_hash).await {
        Ok(Some(id)) => id,
        Ok(None) => {
            return sign_in_refusal(StatusCode::GONE, lang, false, "login-error-invite-gone")
        }
        Err(err) => {
            let (status, message) = crate::error::page_refusal(&err, lang);
            return page(status, lang, false, &message);
        }
    };
    if session.cycle_id().await.is_err() || session.insert(ACCOUNT_KEY, id).await.is_err() {
        return sign_in_refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            lang,
            false,
            "login-error-internal",
        );
    }
    let team = invite.team.map(|(team, _)| team);
    let _ = store
        .audit_new_account(&invite.email, id, "by invitation")
        .await;
    let _ = store
        .audit(team, &invite.email, "sign-in", "invitation accepted")
        .await;
    Redirect::to("/").into_response()
}

/// Why a sign-in was refused, for the audit log.
enum Refused<'a> {
    /// Too many attempts ([`SignInLimits`]).
    Limited,
    /// No account has the address.
    Unknown,
    /// The password does not match the account's.
    WrongPassword(&'a workbench_store::AccountRecord),
    /// The account is disabled.
    Disabled(&'a workbench_store::AccountRecord),
}

impl<'a> Refused<'a> {
    /// The refusal of a sign-in as `account` (`None`: no account has the address) whose
    /// password `matches` or not.
    fn of(account: Option<&'a workbench_store::AccountRecord>, matches: bool) -> Refused<'a> {
        match account {
            None => Refused::Unknown,
            Some(account) if !matches => Refused::WrongPassword(account),
            Some(account) => Refused::Disabled(account),
        }
    }
}

/// Writes a refused sign-in to the audit log: `sign-in-limited` for too many attempts, else
/// `sign-in-failed`, by the address as typed (cut to [`MAX_EMAIL_CHARS`] characters), with the
/// reason and the client's address when known. The line goes to each team of the account the
/// address names, and to the organisation's lines (no team) when it names no account or one
/// in no team. A failure to write goes to the server's log and does not change the answer.
async fn audit_refused(store: &Store, typed: &str, client: Option<IpAddr>, refused: Refused<'_>) {
    let actor: String = typed.chars().take(MAX_EMAIL_CHARS).collect();
    let (action, reason, account) = match refused {
        Refused::Limited => ("sign-in-limited", "too many attempts", None),
        Refused::Unknown => ("sign-in-failed", "no such account", None),
        Refused::WrongPassword(account) => ("sign-in-failed", "wrong password", Some(account)),
        Refused::Disabled(account) => ("sign-in-failed", "account disabled", Some(account)),
    };
    let detail = match client {
        Some(addr) => format!("{reason}, from {addr}"),
        None => reason.to_string(),
    };
    let teams: Vec<Option<i64>> = match account {
        Some(account) => match store.access_of(account).await {
            Ok(access) if !access.roles.is_empty() => {
                access.roles.iter().map(|(team, _)| Some(*team)).collect()
            }
            _ => vec![None],
        },
        None => vec![None],
    };
    for team in teams {
        if let Err(err) = store.audit(team, &actor, action, &detail).await {
            eprintln!("workbench: internal error: audit of a refused sign-in: {err}");
        }
    }
}

/// On a database without accounts, makes the administrator from the first sign-in form,
/// given the setup code `setup_code`: `Ok(false)` when made, `Ok(true)` when another first
/// sign-in made it in between (this one goes on as an ordinary sign-in). With accounts already,
/// `Ok(true)` when the form carries a setup code (it was a first sign-in that came late), else
/// `Ok(false)`. `Err` with the page that refuses: no or a wrong setup code (403), an address
/// that is not one or a password of fewer than 12 characters (400), a failure of the store.
async fn first_account(
    store: &Store,
    setup_code: &str,
    form: &SignIn,
    email: &str,
    lang: Lang,
) -> Result<bool, Response> {
    if store.account_count().await.unwrap_or(1) != 0 {
        return Ok(form.setup_code.is_some());
    }
    // No account yet: this sign-in makes the administrator, given the setup code.
    if !is_setup_code(form.setup_code.as_deref().unwrap_or(""), setup_code) {
        return Err(sign_in_refusal(
            StatusCode::FORBIDDEN,
            lang,
            true,
            "login-error-setup-code",
        ));
    }
    if workbench_store::email::parse_email(email).is_err() {
        return Err(sign_in_refusal(
            StatusCode::BAD_REQUEST,
            lang,
            true,
            "login-error-email-invalid",
        ));
    }
    if form.password.chars().count() < workbench_store::teams::MIN_PASSWORD_CHARS {
        return Err(sign_in_refusal(
            StatusCode::BAD_REQUEST,
            lang,
            true,
            "login-error-short",
        ));
    }
    let password = form.password.clone();
    let Ok(Ok(hash)) = tokio::task::spawn_blocking(move || hash_password(&password)).await else {
        return Err(sign_in_refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            lang,
            true,
            "login-error-internal",
        ));
    };
    // `None`: another first sign-in made the administrator in between; this one goes on
    // as an ordinary sign-in (refused unless it names that account and its password).
    match store.create_first_account(email, &hash).await {
        Ok(Some(id)) => {
            let _ = store
                .audit_new_account(email, id, "with the setup code")
                .await;
            Ok(false)
        }
        Ok(None) => Ok(true),
        Err(err) => {
            let (status, message) = crate::error::page_refusal(&err, lang);
            Err(page(status, lang, true, &message))
        }
    }
}

/// `POST /login`: signs in (a new session id, the account in it) and goes to `/`; on an empty
/// database, makes the administrator account first, when the form gives the setup code (403
/// without it, nothing made). A wrong address or password gets 401 and the form again; too
/// many tries 429.
pub(crate) async fn login(State(state): State<AppState>, request: Request) -> Response {
    let Some(team) = state.auth.0.clone() else {
        return Redirect::to("/").into_response();
    };
    let lang = app::i18n::request_lang(request.headers());
    let session = request.extensions().get::<Session>().cloned();
    // The client's address: behind a trusted proxy, the one it forwarded for.
    let client = request.extensions().get::<Client>().and_then(|c| c.addr);
    let (Some(session), Ok(Form(form))) =
        (session, Form::<SignIn>::from_request(request, &state).await)
    else {
        return sign_in_refusal(StatusCode::BAD_REQUEST, lang, false, "login-error-form");
    };
    if let Some(token) = form.invite {
        return accept_invite(&state.store, &session, &token, form.password, lang).await;
    }
    let email = form.email.trim().to_lowercase();
    // Refused before anything is stored: neither counted nor written to the audit log, so
    // addresses of any length cannot grow the database.
    if email.chars().count() > MAX_EMAIL_CHARS {
        return page(
            StatusCode::BAD_REQUEST,
            lang,
            false,
            &t_args(
                lang,
                "login-error-email-long",
                [("max", (MAX_EMAIL_CHARS as i64).into())],
            ),
        );
    }
    let account_at_address = match team.count_attempt(&state.store, &email, client).await {
        Ok(Attempt::Allowed { bucket }) => bucket,
        Ok(Attempt::Limited { note }) => {
            if note {
                audit_refused(&state.store, &form.email, client, Refused::Limited).await;
            }
            return sign_in_refusal(
                StatusCode::TOO_MANY_REQUESTS,
                lang,
                false,
                "login-error-limited",
            );
        }
        Err(err) => {
            eprintln!("workbench: internal error: sign-in limit: {err}");
            return sign_in_refusal(
                StatusCode::INTERNAL_SERVER_ERROR,
                lang,
                false,
                "login-error-internal",
            );
        }
    };
    let store = &state.store;
    // Whether this is the form of the first account (it carries the setup code) and another
    // sign-in made the administrator while it was on its way.
    let beaten = match first_account(store, &team.setup_code, &form, &email, lang).await {
        Ok(beaten) => beaten,
        Err(refused) => return refused,
    };
    let account = store.account_by_email(&email).await.ok().flatten();
    let hash = account.as_ref().map_or(team.dummy_hash.clone(), |account| {
        account.password_hash.clone()
    });
    let password = form.password;
    let matches = tokio::task::spawn_blocking(move || verify_password(&password, &hash))
        .await
        .unwrap_or(false);
    let account = match account {
        Some(account) if matches && !account.disabled => account,
        _ => {
            let refused = Refused::of(account.as_ref(), matches);
            audit_refused(store, &form.email, client, refused).await;
            if beaten {
                return sign_in_refusal(
                    StatusCode::CONFLICT,
                    lang,
                    false,
                    "login-error-first-taken",
                );
            }
            return sign_in_refusal(StatusCode::UNAUTHORIZED, lang, false, "login-error-wrong");
        }
    };
    let _ = store.forget_sign_ins(account_at_address).await;
    if session.cycle_id().await.is_err() || session.insert(ACCOUNT_KEY, account.id).await.is_err() {
        return sign_in_refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            lang,
            false,
            "login-error-internal",
        );
    }
    if let Ok(access) = store.access_of(&account).await {
        let teams: Vec<Option<i64>> = if access.roles.is_empty() {
            vec![None]
        } else {
            access.roles.iter().map(|(team, _)| Some(*team)).collect()
        };
        for team in teams {
            let _ = store.audit(team, &account.email, "sign-in", "").await;
        }
    }
    Redirect::to("/").into_response()
}

/// `POST /logout`: ends the session on the server and goes to `/login`.
pub(crate) async fn logout(request: Request) -> Response {
    if let Some(session) = request.extensions().get::<Session>() {
        let _ = session.flush().await;
    }
    Redirect::to("/login").into_response()
}

/// The sign-in page in `lang` ([`app::pages::account::sign_in`]): the form (on an empty
/// database, the one that makes the administrator, with the setup code), and `error` when
/// the last try failed.
fn page(status: StatusCode, lang: Lang, first: bool, error: &str) -> Response {
    server_page(status, sign_in_page(lang, first, error))
}

/// The sign-in form in `lang` with the message `key` of the locale files as its error
/// (`login-error-wrong`), as [`page`] gives it.
fn sign_in_refusal(status: StatusCode, lang: Lang, first: bool, key: &str) -> Response {
    page(status, lang, first, &t(lang, key))
}

/// The form of an invitation's link in `lang`: the address invited, a new password. It
/// carries the link's token, so no cache keeps it ([`crate::security::NO_STORE`]).
fn invite_page(status: StatusCode, lang: Lang, email: &str, token: &str, error: &str) -> Response {
    let page = server_page(
        status,
        app::pages::account::sign_in::invite_page(lang, email, token, error),
    );
    (crate::security::NO_STORE, page).into_response()
}

/// A page the server sends without the app ([`app::pages::account`]): the whole `html`
/// document with `status` and a policy that lets nothing but the app's stylesheet load and
/// forms post to this site only.
pub(crate) fn server_page(status: StatusCode, html: String) -> Response {
    (
        status,
        [(
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'",
        )],
        Html(html),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use std::net::SocketAddr;

    use super::password::new_setup_code;
    use super::*;
    use crate::forwarded::TrustedProxies;

    #[test]
    fn postgres_is_team_mode_and_local_mode_is_loopback_only() {
        assert_eq!(Mode::choose(None, "sqlite://workbench.db"), Ok(Mode::Local));
        assert_eq!(
            Mode::choose(None, "postgres://db/workbench"),
            Ok(Mode::Team)
        );
        assert_eq!(Mode::choose(Some("team"), "sqlite://x.db"), Ok(Mode::Team));
        assert_eq!(
            Mode::choose(Some("cluster"), "sqlite://x.db"),
            Err("WORKBENCH_MODE=cluster: use local or team".into())
        );
        let public: SocketAddr = "0.0.0.0:3000".parse().unwrap();
        let loopback: SocketAddr = "127.0.0.1:3000".parse().unwrap();
        assert_eq!(check_start(Mode::Local, loopback, None), Ok(()));
        assert_eq!(check_start(Mode::Team, loopback, None), Ok(()));
        assert_eq!(
            check_start(Mode::Team, public, None),
            Err("team mode on 0.0.0.0:3000 needs WORKBENCH_SECRET, the key that signs session cookies: set it to at least 32 random bytes (e.g. `openssl rand -base64 48`)".into())
        );
        assert!(check_start(Mode::Local, public, None)
            .unwrap_err()
            .starts_with("local mode has no accounts, so it listens on a loopback address only, not 0.0.0.0:3000"));
        assert_eq!(
            check_start(Mode::Team, public, Some("short")),
            Err("WORKBENCH_SECRET is 5 bytes; it must be at least 32 (e.g. the output of `openssl rand -base64 48`)".into())
        );
        assert_eq!(
            check_start(Mode::Team, public, Some(&"k".repeat(32))),
            Ok(())
        );
    }

    #[test]
    fn a_proxy_header_needs_the_proxies_it_is_believed_from() {
        let none = TrustedProxies::default();
        let trusted = TrustedProxies::parse(Some("10.0.0.0/8, ::1")).unwrap();
        assert!(ProxyAuth::from_settings(None, &trusted).unwrap().is_none());
        assert_eq!(
            ProxyAuth::from_settings(Some("X-Forwarded-Email"), &none).unwrap_err(),
            "WORKBENCH_AUTH_PROXY_HEADER needs WORKBENCH_TRUSTED_PROXIES: the addresses of the proxies that set it (anyone else could send it)"
        );
        assert_eq!(
            ProxyAuth::from_settings(Some("X-Forwarded Email"), &trusted).unwrap_err(),
            "WORKBENCH_AUTH_PROXY_HEADER=X-Forwarded Email is not a header name"
        );
        let proxy = ProxyAuth::from_settings(Some("X-Forwarded-Email"), &trusted)
            .unwrap()
            .unwrap();
        let mut headers = axum::http::HeaderMap::new();
        headers.insert("x-forwarded-email", "Eve@Example.com".parse().unwrap());
        assert_eq!(
            proxy.email(Some("10.1.2.3".parse().unwrap()), &headers),
            Some("eve@example.com".into())
        );
        assert_eq!(
            proxy.email(Some("192.168.0.1".parse().unwrap()), &headers),
            None
        );
        assert_eq!(proxy.email(None, &headers), None);
    }

    #[test]
    fn passwords_are_argon2id_with_owasps_parameters_and_tokens_are_kept_as_sha256() {
        let hash = hash_password("correct horse battery").unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(verify_password("correct horse battery", &hash));
        assert!(!verify_password("correct horse batterz", &hash));
        let workbench_store::teams::Minted {
            token,
            hash: stored,
        } = new_token();
        assert_eq!(token.len(), 3 + 64);
        assert_eq!(stored, token_hash(&token));
        assert_ne!(stored, token);
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn a_setup_code_is_128_random_bits_and_matches_only_itself() {
        let code = new_setup_code();
        assert_eq!(code.len(), 32, "{code}");
        assert!(code.chars().all(|c| c.is_ascii_hexdigit()), "{code}");
        assert_ne!(code, new_setup_code());
        assert!(is_setup_code(&code, &code));
        assert!(is_setup_code(&format!(" {code}\n"), &code));
        assert!(!is_setup_code("", &code));
        assert!(!is_setup_code(&code[..31], &code));
        assert!(!is_setup_code(&format!("{code}0"), &code));
        assert!(!is_setup_code(&new_setup_code(), &code));
    }
}
