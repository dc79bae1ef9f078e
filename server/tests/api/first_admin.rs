//! The first account of a team-mode database, its administrator: made only by a sign-in that
//! gives the setup code the server printed at start, or by `workbench admin create-user`; of
//! any number of parallel first sign-ins exactly one makes it, on SQLite and on PostgreSQL.

use std::sync::Arc;

use workbench_store::Store;

use crate::binary::workbench_on;
use crate::helpers::{app_with, team_app_for_setup, texts, TestApp};
use crate::process::{agent, Server};
use crate::team::{get_anonymous, Client, FORM, PASSWORD};

/// The refusal of a first account's form that arrives once the administrator exists.
const FIRST_TAKEN: &str = "The administrator account exists already (made by another sign-in or \
                           on the server); no account was made for you: ask the administrator \
                           for one.";

/// `POST /login` on `app` as `email` with the form's `more` fields (`&setup_code=...`) in the
/// language `lang` asks for; the status and the page.
async fn first_sign_in(app: &TestApp, email: &str, more: &str, lang: &str) -> (u16, String) {
    let response = Client::with(app, &[("content-type", FORM), ("accept-language", lang)])
        .post(
            "/login",
            format!(
                "email={}&password={}{more}",
                email.replace('@', "%40"),
                PASSWORD.replace(' ', "+")
            ),
        )
        .await;
    response.status_text()
}

/// [`first_sign_in`] as `email` with the setup code `code` (as the form sends it).
async fn sign_in_with_code(app: &TestApp, email: &str, code: &str, lang: &str) -> (u16, String) {
    first_sign_in(app, email, &format!("&setup_code={code}"), lang).await
}

/// Asserts that `email`, an administrator, is the one account of `store`.
async fn assert_the_administrator(store: &Store, email: &str) {
    assert_eq!(accounts(store).await, vec![(email.to_string(), true)]);
}

/// Every account of `store`: its e-mail address and whether it is an administrator.
async fn accounts(store: &Store) -> Vec<(String, bool)> {
    store
        .accounts()
        .await
        .unwrap()
        .into_iter()
        .map(|account| (account.email, account.admin))
        .collect()
}

/// Two stores (two instances' pools) on one new SQLite file in `dir`.
async fn sqlite(dir: &tempfile::TempDir) -> (Store, Store) {
    let url = format!("sqlite://{}", dir.path().join("first.db").display());
    let one = Store::connect(&url).await.unwrap();
    let two = Store::connect(&url).await.unwrap();
    (one, two)
}

/// Two stores (two instances' pools) on a fresh schema `name` of the PostgreSQL test
/// database.
async fn postgres(name: &str) -> (Store, Store) {
    let url = crate::helpers::fresh_postgres_schema(&format!("first_admin_{name}")).await;
    let one = Store::connect(&url).await.unwrap();
    let two = Store::connect(&url).await.unwrap();
    (one, two)
}

/// The tests `on_sqlite` and `on_postgres`: `scenario` on two stores (two instances' pools)
/// of one database, a SQLite file or the PostgreSQL schema named after `schema`.
macro_rules! on_sqlite_and_postgres {
    ($scenario:ident, $on_sqlite:ident, $on_postgres:ident, $schema:literal) => {
        #[tokio::test(flavor = "multi_thread")]
        async fn $on_sqlite() {
            let dir = tempfile::tempdir().unwrap();
            let (one, two) = sqlite(&dir).await;
            $scenario(one, two).await;
        }

        #[tokio::test(flavor = "multi_thread")]
        async fn $on_postgres() {
            let (one, two) = postgres($schema).await;
            $scenario(one, two).await;
        }
    };
}

/// 20 first sign-ins at once, each with the right setup code and its own address, half of
/// them through an app on `one`, half on `two` (two instances sharing the code): exactly one
/// makes its account, the administrator; every other is refused and makes nothing.
async fn twenty_parallel_first_sign_ins(one: Store, two: Store) {
    let auth = server::auth::Auth::team(None, false);
    let code = auth.setup_code().unwrap().to_string();
    let apps = [
        Arc::new(app_with(one.clone(), auth.clone())),
        Arc::new(app_with(two, auth)),
    ];
    let tries: Vec<_> = (0..20)
        .map(|n| {
            let app = apps[n % 2].clone();
            let more = format!("&setup_code={code}");
            tokio::spawn(async move {
                let email = format!("first{n}@example.com");
                let (status, page) = first_sign_in(&app, &email, &more, "en").await;
                (email, status, page)
            })
        })
        .collect();
    let mut made = Vec::new();
    for attempt in tries {
        let (email, status, page) = attempt.await.unwrap();
        match status {
            303 => made.push(email),
            409 => assert!(page.contains(FIRST_TAKEN), "{email}: {page}"),
            other => panic!("{email}: {other} {page}"),
        }
    }
    assert_eq!(made.len(), 1, "the sign-ins that made an account: {made:?}");
    assert_the_administrator(&one, &made[0]).await;
}

on_sqlite_and_postgres!(
    twenty_parallel_first_sign_ins,
    of_twenty_parallel_first_sign_ins_one_makes_the_administrator_on_sqlite,
    of_twenty_parallel_first_sign_ins_one_makes_the_administrator_on_postgres,
    "sign_ins"
);

/// The store itself: first accounts and ordinary ones made at once through two pools; exactly
/// one administrator, the first account, whichever call made it.
async fn one_first_account_among_concurrent_creations(one: Store, two: Store) {
    let calls: Vec<_> = (0..20)
        .map(|n| {
            let store = if n % 2 == 0 { one.clone() } else { two.clone() };
            tokio::spawn(async move {
                let email = format!("user{n}@example.com");
                let first = if n % 4 < 2 {
                    Some(store.create_first_account(&email, "hash").await.unwrap())
                } else {
                    store.create_account(&email, "hash", false).await.unwrap();
                    None
                };
                (email, first)
            })
        })
        .collect();
    let mut firsts = Vec::new();
    let mut ordinary = 0;
    for call in calls {
        match call.await.unwrap() {
            (email, Some(Some(_))) => firsts.push(email),
            (_, Some(None)) => {}
            (_, None) => ordinary += 1,
        }
    }
    let all = accounts(&one).await;
    let admins: Vec<_> = all.iter().filter(|(_, admin)| *admin).collect();
    assert_eq!(admins.len(), 1, "{all:?}");
    assert!(firsts.len() <= 1, "{firsts:?}");
    assert_eq!(all.len(), ordinary + firsts.len());
    if let [first] = firsts.as_slice() {
        assert_eq!(&admins[0].0, first);
    }
    let first = one.account(1).await.unwrap().unwrap();
    assert!(first.admin, "account 1 is the administrator: {all:?}");
}

on_sqlite_and_postgres!(
    one_first_account_among_concurrent_creations,
    the_store_makes_one_first_account_among_concurrent_creations_on_sqlite,
    the_store_makes_one_first_account_among_concurrent_creations_on_postgres,
    "store"
);

#[tokio::test(flavor = "multi_thread")]
async fn without_the_right_setup_code_no_account_is_made_in_the_requests_language() {
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let (app, code) = team_app_for_setup(store.clone());
    // The right code with its first digit changed.
    let first = if code.starts_with('0') { "1" } else { "0" };
    let wrong = format!("&setup_code={first}{}", &code[1..]);
    for (more, lang, message) in [
        (
            "",
            "en",
            "Wrong or missing setup code: give the code the server printed when it started. \
             No account was made.",
        ),
        (
            "&setup_code=",
            "en",
            "Wrong or missing setup code: give the code the server printed when it started. \
             No account was made.",
        ),
        (
            wrong.as_str(),
            "ja-JP,ja;q=0.9",
            "セットアップコードが違うか、入力されていません。サーバーが起動時に表示したコードを\
             入力してください。アカウントは作成されていません。",
        ),
    ] {
        let (status, page) = first_sign_in(&app, "eve@example.com", more, lang).await;
        assert_eq!(status, 403, "{more:?}: {page}");
        assert_eq!(
            texts(&page, "p.login-error[role=alert]"),
            [message],
            "{more:?}: {page}"
        );
        // The form again, with the setup code's field.
        assert!(page.contains("name=\"setup_code\""), "{page}");
        assert_eq!(store.account_count().await.unwrap(), 0);
    }
    // The right code with an address the workbench does not take (a Cyrillic а): refused.
    let (status, page) = sign_in_with_code(&app, "\u{430}da@example.com", &code, "en").await;
    assert_eq!(status, 400, "{page}");
    assert_eq!(
        texts(&page, "p.login-error[role=alert]"),
        [
            "The workbench does not take this e-mail address: it needs an @ with something on \
          each side, and no invisible or control characters, nor letters of two scripts that \
          look alike."
        ]
    );
    assert_eq!(store.account_count().await.unwrap(), 0);
    // Spaces around the code, as a copy from a terminal may bring, are no matter.
    let (status, page) =
        sign_in_with_code(&app, "ada@example.com", &format!("+{code}+"), "en").await;
    assert_eq!(status, 303, "{page}");
    assert_the_administrator(&store, "ada@example.com").await;
    let log: Vec<(String, String, String)> = store
        .audit_page(None, None, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|line| (line.actor, line.action, line.detail))
        .collect();
    assert_eq!(
        log,
        [
            ("ada@example.com".into(), "sign-in".into(), String::new()),
            (
                "ada@example.com".into(),
                "account-create".into(),
                "account 1 ada@example.com (administrator), with the setup code".into()
            ),
        ]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn admin_create_user_makes_the_first_administrator_and_the_setup_code_is_then_spent() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("shell.db").display());
    let output = workbench_on(&url, &["admin", "create-user", "Root@Example.com"]);
    assert_eq!(
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned()
        ),
        (
            Some(0),
            "workbench: account 1 root@example.com (administrator)\n".to_string()
        ),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let store = Store::connect(&url).await.unwrap();
    let (app, code) = team_app_for_setup(store.clone());
    let page = get_anonymous(&app, "/login").await.text();
    assert!(
        page.contains("<h1>Sign in</h1>") && !page.contains("setup_code"),
        "{page}"
    );
    // The code makes nothing once an account exists.
    let (status, page) = sign_in_with_code(&app, "late@example.com", &code, "en").await;
    assert_eq!(status, 409);
    assert!(page.contains(FIRST_TAKEN), "{page}");
    let (status, page) = first_sign_in(&app, "root@example.com", "", "en").await;
    assert_eq!(status, 303, "{page}");
    assert_the_administrator(&store, "root@example.com").await;
}

#[test]
fn the_server_prints_the_setup_code_at_start_on_a_database_without_accounts() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("team.db").display());
    let team = [("WORKBENCH_MODE", "team")];
    let mut server = Server::start_logging(&url, &team);
    let line = server
        .stderr()
        .map(Result::unwrap)
        .find(|line| line.contains("setup code"))
        .expect("a line with the setup code");
    let code = line
        .strip_prefix(
            "workbench: no account yet: the first sign-in at /login makes the administrator and \
             must give the setup code ",
        )
        .and_then(|rest| {
            rest.strip_suffix(
                " (or make the administrator on the server with `workbench admin create-user \
                 EMAIL`)",
            )
        })
        .unwrap_or_else(|| panic!("{line}"))
        .to_string();
    assert_eq!(code.len(), 32, "{code}");
    let sign_in = |more: &str| {
        agent()
            .post(&server.url("/login"))
            .config()
            .max_redirects(0)
            .build()
            .content_type(FORM)
            .send(format!(
                "email=ops%40example.com&password={}{more}",
                PASSWORD.replace(' ', "+")
            ))
            .unwrap()
            .status()
            .as_u16()
    };
    assert_eq!(sign_in(""), 403);
    assert_eq!(sign_in(&format!("&setup_code={code}")), 303);
    drop(server);

    // Started again on a database with its administrator: no setup code.
    let mut again = Server::start_logging(&url, &team);
    let lines: Vec<String> = again
        .stderr()
        .map(Result::unwrap)
        .take_while(|line| !line.contains("listening on"))
        .collect();
    assert!(
        lines.iter().all(|line| !line.contains("setup code")),
        "{lines:?}"
    );
}
