//! New ids under concurrency, on SQLite and on PostgreSQL: fifty creates of each kind of
//! record at once (sheets, proposals on one sheet, comments on one proposal, API tokens,
//! teams, accounts by invitation, audit lines) all succeed and get fifty distinct ids, the
//! numbers 1 to 50 (the next ones after what the database held). A database that held records
//! before the id counters keeps their ids and continues above them. And when the database
//! fails while an invitation is accepted, the person sees a plain message, never the
//! database's own.

use std::collections::BTreeSet;
use std::future::Future;

use axum::http::StatusCode;
use budget::{Column, Lang, Row, Sheet};
use workbench_store::access::{Role, TokenScope};
use workbench_store::{Author, CellPatch, CellSet, Store, StoreError};

use crate::helpers::team_app_on;
use crate::storage::TestDb;
use crate::team::{post_login, Org, PASSWORD};

/// How many creates of one kind run at once.
const N: i64 = 50;

/// What the sign-in and invitation pages say when the database fails.
const STORAGE_FAILED: &str = "the database could not complete the request; please try again";

/// Runs each scenario as two tests, `ids::sqlite::NAME` and `ids::postgres::NAME`.
macro_rules! on_both_databases {
    ($($scenario:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    let db = crate::storage::TestDb::sqlite().await;
                    super::$scenario(&db).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    let db = crate::storage::TestDb::postgres().await;
                    super::$scenario(&db).await;
                }
            )*
        }
    };
}

on_both_databases!(
    fifty_concurrent_sheets_get_ids_1_to_50,
    fifty_concurrent_proposals_on_one_sheet_get_numbers_1_to_50,
    fifty_concurrent_comments_on_one_proposal_get_numbers_1_to_50,
    fifty_concurrent_api_tokens_get_ids_1_to_50,
    fifty_concurrent_teams_get_ids_1_to_50_and_one_name_is_given_once,
    fifty_concurrent_invitation_acceptances_get_distinct_accounts,
    fifty_concurrent_acceptances_on_the_sign_in_page_all_sign_in,
    fifty_concurrent_audit_lines_get_ids_1_to_50,
    a_database_failure_at_an_invitation_shows_a_plain_message,
);

/// Runs `make(i)` for every `i` in `1..=N` at once (each on a task of its own); the results in
/// the order of `i`.
async fn at_once<T, F>(make: impl Fn(i64) -> F) -> Vec<T>
where
    T: Send + 'static,
    F: Future<Output = T> + Send + 'static,
{
    let tasks: Vec<_> = (1..=N).map(|i| tokio::spawn(make(i))).collect();
    let mut results = Vec::with_capacity(tasks.len());
    for task in tasks {
        results.push(task.await.expect("the task ends"));
    }
    results
}

/// Every result is `Ok`; the ids, in the order of the calls.
fn all_ok<T: std::fmt::Debug>(results: Vec<Result<T, StoreError>>) -> Vec<T> {
    results
        .into_iter()
        .enumerate()
        .map(|(i, result)| result.unwrap_or_else(|e| panic!("create {} failed: {e}", i + 1)))
        .collect()
}

/// The numbers `first..=last` as a set.
fn range(first: i64, last: i64) -> BTreeSet<i64> {
    (first..=last).collect()
}

/// A sheet of one row whose value is `1s`.
fn one_row_sheet() -> Sheet {
    Sheet::new(
        Lang::En,
        vec![Row {
            layer: "client".into(),
            item: "read timeout".into(),
            value: "1s".into(),
            ..Row::default()
        }],
    )
}

/// Stores [`one_row_sheet`] as the sheet `name`; its id.
async fn one_row_sheet_named(store: &Store, name: &str) -> i64 {
    store
        .create_sheet(&name.parse().unwrap(), &one_row_sheet())
        .await
        .unwrap()
}

/// The editor's proposal titled `title` to set the value of sheet `id`'s first row to
/// `value`; its number.
async fn propose(store: &Store, id: i64, title: &str, value: &str) -> Result<i64, StoreError> {
    let patch = value_patch(store, id, value).await;
    store
        .create_proposal(id, title, &patch, &Author::named("editor"))
        .await
}

/// Asserts that `ids` are 1 to [`N`], the newest first, as a list shows them.
fn assert_newest_first(ids: Vec<i64>) {
    assert_eq!(ids, (1..=N).rev().collect::<Vec<_>>());
}

/// A patch changing the value of sheet `id`'s first row from what it is to `value`.
async fn value_patch(store: &Store, id: i64, value: &str) -> CellPatch {
    let stored = store.get_sheet(id).await.unwrap();
    CellPatch {
        cells: vec![CellSet {
            row_id: stored.row_ids[0],
            column: Column::Value,
            base: stored.sheet.rows[0].value.clone(),
            value: value.into(),
        }],
        ..CellPatch::default()
    }
}

async fn fifty_concurrent_sheets_get_ids_1_to_50(db: &TestDb) {
    // Act
    let store = db.store.clone();
    let ids = all_ok(
        at_once(|i| {
            let store = store.clone();
            async move {
                let name = format!("sheet {i}").parse().unwrap();
                store.create_sheet(&name, &one_row_sheet()).await
            }
        })
        .await,
    );

    // Assert: 1 to 50, each the sheet its create made
    assert_eq!(ids.iter().copied().collect::<BTreeSet<_>>(), range(1, N));
    for (i, id) in (1..).zip(&ids) {
        assert_eq!(
            store.get_sheet(*id).await.unwrap().name,
            format!("sheet {i}")
        );
    }
    assert_eq!(store.list_sheets().await.unwrap().len(), 50);
}

async fn fifty_concurrent_proposals_on_one_sheet_get_numbers_1_to_50(db: &TestDb) {
    // Arrange
    let store = db.store.clone();
    let sheet = one_row_sheet_named(&store, "s").await;

    // Act: each proposes another value for the same cell
    let pids = all_ok(
        at_once(|i| {
            let store = store.clone();
            async move { propose(&store, sheet, &format!("proposal {i}"), &format!("{i}s")).await }
        })
        .await,
    );

    // Assert: 1 to 50, each the proposal its create made; the sheet is unchanged
    assert_eq!(pids.iter().copied().collect::<BTreeSet<_>>(), range(1, N));
    let listed = store.proposals(sheet).await.unwrap();
    assert_newest_first(listed.iter().map(|p| p.id).collect());
    for (i, pid) in (1..).zip(&pids) {
        let (summary, patch) = store.proposal(sheet, *pid).await.unwrap();
        assert_eq!(summary.title, format!("proposal {i}"));
        assert_eq!(patch.cells[0].value, format!("{i}s"));
    }
    assert_eq!(
        store.get_sheet(sheet).await.unwrap().sheet.rows[0].value,
        "1s"
    );
    // A second sheet numbers its proposals from 1.
    let other = one_row_sheet_named(&store, "t").await;
    assert_eq!(propose(&store, other, "first", "2s").await.unwrap(), 1);
}

async fn fifty_concurrent_comments_on_one_proposal_get_numbers_1_to_50(db: &TestDb) {
    // Arrange
    let store = db.store.clone();
    let sheet = one_row_sheet_named(&store, "s").await;
    let pid = propose(&store, sheet, "longer", "2s").await.unwrap();

    // Act
    let cids = all_ok(
        at_once(|i| {
            let store = store.clone();
            async move {
                store
                    .comment(
                        sheet,
                        pid,
                        &Author::named("reviewer"),
                        &format!("comment {i}"),
                        None,
                    )
                    .await
            }
        })
        .await,
    );

    // Assert: 1 to 50, each the comment its call wrote
    assert_eq!(cids.iter().copied().collect::<BTreeSet<_>>(), range(1, N));
    let comments = store.review(sheet, pid).await.unwrap().comments;
    assert_eq!(comments.len(), 50);
    for (i, cid) in (1..).zip(&cids) {
        let comment = comments.iter().find(|c| c.id == *cid).unwrap();
        assert_eq!(comment.body, format!("comment {i}"));
    }
    // A comment on a proposal that does not exist is refused as such.
    assert!(matches!(
        store
            .comment(sheet, 99, &Author::named("reviewer"), "hello", None)
            .await,
        Err(StoreError::NoProposal { proposal: 99, .. })
    ));
}

async fn fifty_concurrent_api_tokens_get_ids_1_to_50(db: &TestDb) {
    // Arrange
    let store = db.store.clone();
    let owner = store
        .create_account("owner@example.com", "!", false)
        .await
        .unwrap();
    let team = store.create_team("payments").await.unwrap();

    // Act
    let ids = all_ok(
        at_once(|i| {
            let store = store.clone();
            async move {
                let hash = server::auth::token_hash(&format!("wb_token_{i}"));
                store
                    .create_token(
                        team,
                        &format!("ci {i}"),
                        &hash,
                        TokenScope::Read,
                        owner,
                        None,
                    )
                    .await
            }
        })
        .await,
    );

    // Assert: 1 to 50, each the token its create made, each letting its bearer in
    assert_eq!(ids.iter().copied().collect::<BTreeSet<_>>(), range(1, N));
    let tokens = store.tokens(team).await.unwrap();
    assert_newest_first(tokens.iter().map(|t| t.id).collect());
    for (i, id) in (1..).zip(&ids) {
        let token = tokens.iter().find(|t| t.id == *id).unwrap();
        assert_eq!(token.name, format!("ci {i}"));
        let hash = server::auth::token_hash(&format!("wb_token_{i}"));
        let access = store.token_access(&hash).await.unwrap().unwrap();
        assert_eq!(access.roles, vec![(team, Role::Viewer)]);
    }
}

async fn fifty_concurrent_teams_get_ids_1_to_50_and_one_name_is_given_once(db: &TestDb) {
    // Act
    let store = db.store.clone();
    let ids = all_ok(
        at_once(|i| {
            let store = store.clone();
            async move { store.create_team(&format!("team {i}")).await }
        })
        .await,
    );

    // Assert: 1 to 50, each the team its create made
    assert_eq!(ids.iter().copied().collect::<BTreeSet<_>>(), range(1, N));
    let teams = store.teams().await.unwrap();
    assert_eq!(teams.len(), 50);
    for (i, id) in (1..).zip(&ids) {
        let team = teams.iter().find(|t| t.id == *id).unwrap();
        assert_eq!(team.name, format!("team {i}"));
    }

    // Act: fifty creates of one name at once
    let same = at_once(|_| {
        let store = store.clone();
        async move { store.create_team("same").await }
    })
    .await;

    // Assert: one team, 51; the others are told the name is taken
    let made: Vec<i64> = same
        .iter()
        .filter_map(|r| r.as_ref().ok().copied())
        .collect();
    assert_eq!(made, vec![51]);
    let refused: Vec<String> = same
        .iter()
        .filter_map(|r| r.as_ref().err().map(ToString::to_string))
        .collect();
    assert_eq!(refused, vec!["same is taken".to_string(); 49]);
    assert_eq!(store.teams().await.unwrap().len(), 51);
}

/// Stores an invitation of `email` into `team` as a viewer; the token of its link.
async fn invite(store: &Store, email: &str, team: i64, by: i64) -> String {
    let token = format!("wb_invite_{email}");
    store
        .create_invite(
            &server::auth::token_hash(&token),
            email,
            Some((team, Role::Viewer)),
            by,
            i64::MAX,
        )
        .await
        .unwrap();
    token
}

async fn fifty_concurrent_invitation_acceptances_get_distinct_accounts(db: &TestDb) {
    // Arrange: the administrator (account 1), a team, fifty invitations
    let org = Org::on(db.store.clone());
    let admin = org.admin("admin@example.com").await;
    assert_eq!(admin, 1);
    let team = org.team("payments").await;
    let Org { store, hash } = org;
    for i in 1..=N {
        invite(&store, &format!("user{i}@example.com"), team, admin).await;
    }

    // Act
    let ids = all_ok(
        at_once(|i| {
            let (store, hash) = (store.clone(), hash.clone());
            async move {
                let token = server::auth::token_hash(&format!("wb_invite_user{i}@example.com"));
                store.accept_invite(&token, &hash).await
            }
        })
        .await,
    );

    // Assert: accounts 2 to 51, each the address its invitation named, each in the team
    let ids: Vec<i64> = ids
        .into_iter()
        .map(|id| id.expect("the invitation works"))
        .collect();
    assert_eq!(
        ids.iter().copied().collect::<BTreeSet<_>>(),
        range(2, N + 1)
    );
    for (i, id) in (1..).zip(&ids) {
        let account = store
            .account_by_email(&format!("user{i}@example.com"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(account.id, *id);
        assert!(!account.admin);
    }
    assert_eq!(store.members(team).await.unwrap().len(), 50);

    // Act: one invitation accepted fifty times at once
    invite(&store, "once@example.com", team, admin).await;
    let token = server::auth::token_hash("wb_invite_once@example.com");
    let accepted = all_ok(
        at_once(|_| {
            let (store, hash, token) = (store.clone(), hash.clone(), token.clone());
            async move { store.accept_invite(&token, &hash).await }
        })
        .await,
    );

    // Assert: one account, 52; the others are told the invitation is used
    assert_eq!(
        accepted.iter().flatten().copied().collect::<Vec<_>>(),
        vec![52]
    );
    assert_eq!(accepted.iter().filter(|a| a.is_none()).count(), 49);
    assert_eq!(store.account_count().await.unwrap(), 52);
}

/// `POST /login` with the invitation `token` and a password, from the sign-in page's form.
async fn accept_on_page(app: &crate::helpers::TestApp, token: &str) -> (StatusCode, String) {
    let response = post_login(
        app,
        format!("invite={token}&password={}", PASSWORD.replace(' ', "+")),
    )
    .await;
    (response.status, response.text())
}

async fn fifty_concurrent_acceptances_on_the_sign_in_page_all_sign_in(db: &TestDb) {
    // Arrange: the administrator (account 1), a team, fifty invitations
    let org = Org::on(db.store.clone());
    let admin = org.admin("admin@example.com").await;
    let team = org.team("payments").await;
    let store = org.store;
    let mut tokens = Vec::new();
    for i in 1..=N {
        tokens.push(invite(&store, &format!("user{i}@example.com"), team, admin).await);
    }
    let app = std::sync::Arc::new(team_app_on(store.clone()));

    // Act: every invited person sends the form at once
    let answers = at_once(|i| {
        let (app, token) = (app.clone(), tokens[usize::try_from(i - 1).unwrap()].clone());
        async move { accept_on_page(&app, &token).await }
    })
    .await;

    // Assert: every one is signed in (303 to the sheets), as accounts 2 to 51
    for (i, (status, body)) in (1..).zip(&answers) {
        assert_eq!(*status, StatusCode::SEE_OTHER, "user{i}: {body}");
    }
    let mut ids = BTreeSet::new();
    for i in 1..=N {
        let account = store
            .account_by_email(&format!("user{i}@example.com"))
            .await
            .unwrap()
            .unwrap();
        ids.insert(account.id);
    }
    assert_eq!(ids, range(2, N + 1));
    assert_eq!(store.members(team).await.unwrap().len(), 50);
}

async fn fifty_concurrent_audit_lines_get_ids_1_to_50(db: &TestDb) {
    // Arrange
    let store = db.store.clone();
    let team = store.create_team("payments").await.unwrap();

    // Act
    let results = at_once(|i| {
        let store = store.clone();
        async move {
            store
                .audit(
                    Some(team),
                    &format!("actor {i}"),
                    "invite",
                    &format!("line {i}"),
                )
                .await
        }
    })
    .await;

    // Assert: fifty lines, 50 down to 1, each with its own detail
    all_ok(results);
    let log = store.audit_log(team, 100).await.unwrap();
    assert_newest_first(log.iter().map(|e| e.id).collect());
    assert_eq!(
        log.iter()
            .map(|e| e.detail.clone())
            .collect::<BTreeSet<_>>(),
        (1..=N)
            .map(|i| format!("line {i}"))
            .collect::<BTreeSet<_>>()
    );
}

async fn a_database_failure_at_an_invitation_shows_a_plain_message(db: &TestDb) {
    // Arrange: an invitation, and the accounts' counter out of the database's reach
    let org = Org::on(db.store.clone());
    let admin = org.admin("admin@example.com").await;
    let team = org.team("payments").await;
    let store = org.store;
    let token = invite(&store, "grace@example.com", team, admin).await;
    let app = team_app_on(store.clone());
    db.sql("ALTER TABLE id_counters RENAME TO id_counters_away")
        .await;

    // Act
    let (status, body) = accept_on_page(&app, &token).await;

    // Assert: 500 with the plain message; nothing of the database's own words
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(body.contains(STORAGE_FAILED), "{body}");
    for raw in [
        "id_counters",
        "database error",
        "no such table",
        "relation",
        "SQL",
    ] {
        assert!(!body.contains(raw), "{raw:?} in {body}");
    }

    // Act: the database back, the same link again
    db.sql("ALTER TABLE id_counters_away RENAME TO id_counters")
        .await;
    let (status, body) = accept_on_page(&app, &token).await;

    // Assert: the failed try used nothing up: the invitation works, as account 2
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(
        store
            .account_by_email("grace@example.com")
            .await
            .unwrap()
            .unwrap()
            .id,
        2
    );
}

/// The migrations before the id counters, from the workspace's folder.
async fn migrations_before_the_counters() -> (tempfile::TempDir, sqlx::migrate::Migrator) {
    let dir = tempfile::tempdir().unwrap();
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations");
    for entry in std::fs::read_dir(source).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().to_string();
        if name.ends_with(".sql") && name.as_str() < "20250109000000" {
            std::fs::copy(entry.path(), dir.path().join(&name)).unwrap();
        }
    }
    let migrator = sqlx::migrate::Migrator::new(dir.path()).await.unwrap();
    assert_eq!(migrator.iter().count(), 8);
    (dir, migrator)
}

/// Records of every kind with ids of a database made before the counters (sheet 9 was
/// deleted: its id stays given).
const OLD_RECORDS: &str = "
    INSERT INTO sheet_ids (id) VALUES (7), (9);
    INSERT INTO sheets (id, name, lang, margin_ms, updated_at, next_row_id)
        VALUES (7, 'old', 'en', 0, 1, 2);
    INSERT INTO sheet_rows (sheet_id, position, layer, segment, item, setting, default_value,
        value, location, rationale, row_id)
        VALUES (7, 0, 'client', '', 'read timeout', '', '', '1s', '', '', 1);
    INSERT INTO proposals (sheet_id, id, title, author, base_revision, status, changes,
        created_at, updated_at)
        VALUES (7, 1, 'one', 'ann', 0, 'open', '{}', 1, 1),
               (7, 2, 'two', 'ann', 0, 'open', '{}', 1, 1),
               (7, 3, 'three', 'ann', 0, 'open', '{}', 1, 1);
    INSERT INTO proposal_comments (sheet_id, proposal_id, id, author, body, created_at)
        VALUES (7, 2, 1, 'bob', 'a', 1), (7, 2, 2, 'bob', 'b', 1), (7, 2, 4, 'bob', 'd', 1);
    INSERT INTO accounts (id, email, password_hash, is_admin, created_at)
        VALUES (5, 'old@example.com', '!', 1, 1);
    INSERT INTO teams (id, name, created_at) VALUES (4, 'old team', 1);
    INSERT INTO api_tokens (id, team_id, name, hash, scope, created_by, created_at)
        VALUES (6, 4, 'old token', 'abc', 'read', 5, 1);
    INSERT INTO audit_log (id, team_id, actor, action, detail, at)
        VALUES (8, 4, 'old@example.com', 'invite', 'old line', 1);
";

/// A database made before the counters keeps its records and ids when the store migrates it,
/// and every new id comes after the largest one given.
async fn an_old_database_keeps_its_ids_and_new_ones_continue_above(url: &str) {
    // Arrange: the schema before the counters, with records
    sqlx::any::install_default_drivers();
    let create = if url.starts_with("sqlite:") {
        format!("{url}?mode=rwc")
    } else {
        url.to_string()
    };
    let pool = sqlx::AnyPool::connect(&create).await.unwrap();
    let (_dir, old) = migrations_before_the_counters().await;
    old.run(&pool).await.unwrap();
    sqlx::raw_sql(OLD_RECORDS).execute(&pool).await.unwrap();
    pool.close().await;

    // Act: the store connects, migrating
    let store = Store::connect(url).await.unwrap();

    // Assert: the old records with their ids
    assert_eq!(store.get_sheet(7).await.unwrap().name, "old");
    assert_eq!(
        store
            .proposals(7)
            .await
            .unwrap()
            .iter()
            .map(|p| p.id)
            .collect::<Vec<_>>(),
        vec![3, 2, 1]
    );
    assert_eq!(
        store
            .review(7, 2)
            .await
            .unwrap()
            .comments
            .iter()
            .map(|c| c.id)
            .collect::<BTreeSet<_>>(),
        BTreeSet::from([1, 2, 4])
    );
    assert_eq!(
        store
            .account_by_email("old@example.com")
            .await
            .unwrap()
            .unwrap()
            .id,
        5
    );
    assert_eq!(store.tokens(4).await.unwrap()[0].id, 6);

    // Assert: new ids after the largest given (a deleted sheet's included)
    assert_eq!(one_row_sheet_named(&store, "new").await, 10);
    let patch = value_patch(&store, 7, "2s").await;
    assert_eq!(
        store
            .create_proposal(7, "four", &patch, &Author::named("ann"))
            .await
            .unwrap(),
        4
    );
    let author = Author::named("bob");
    assert_eq!(store.comment(7, 2, &author, "e", None).await.unwrap(), 5);
    assert_eq!(store.comment(7, 1, &author, "a", None).await.unwrap(), 1);
    assert_eq!(
        store
            .create_account("new@example.com", "!", false)
            .await
            .unwrap(),
        6
    );
    assert_eq!(store.create_team("new team").await.unwrap(), 5);
    assert_eq!(
        store
            .create_token(4, "new token", "def", TokenScope::Read, 5, None)
            .await
            .unwrap(),
        7
    );
    store
        .audit(Some(4), "new@example.com", "invite", "new line")
        .await
        .unwrap();
    assert_eq!(store.audit_log(4, 10).await.unwrap()[0].id, 9);
}

mod old_database {
    use crate::storage::Backend;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        let (url, _backend) = Backend::sqlite();
        super::an_old_database_keeps_its_ids_and_new_ones_continue_above(&url).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        let (url, _backend) = Backend::postgres().await;
        super::an_old_database_keeps_its_ids_and_new_ones_continue_above(&url).await;
    }
}
