//! Listing one team's sheets does not cost more because other teams have many.
//! The database holds 10,000 sheets of 100 teams (100 each); an editor of one team lists its
//! sheets through the store scoped to them, on SQLite (a temporary file) and on PostgreSQL
//! (`TEST_POSTGRES_URL`, default the local 127.0.0.1:5432 database `test`, in a schema of its
//! own; skipped when it cannot be reached). Run with `cargo bench -p server --bench list`;
//! the figures are in docs/benchmarks.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use sqlx::Connection as _;
use workbench_store::access::Role;
use workbench_store::Store;

const TEAMS: i64 = 100;
const SHEETS_PER_TEAM: i64 = 100;

/// Fills `store` with `TEAMS` teams of `SHEETS_PER_TEAM` empty sheets each (made through the
/// store, so they are what the app makes) and returns the store scoped to an editor of the
/// last team.
async fn fill(store: &Store) -> Store {
    let hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$not-a-real-hash";
    store
        .create_account("admin@example.com", hash, true)
        .await
        .unwrap();
    let mut scoped = None;
    for team in 1..=TEAMS {
        let team_id = store.create_team(&format!("team {team}")).await.unwrap();
        let account = store
            .create_account(&format!("editor{team}@example.com"), hash, false)
            .await
            .unwrap();
        store
            .set_role(team_id, account, Some(Role::Editor))
            .await
            .unwrap();
        let access = store
            .access_of(&store.account(account).await.unwrap().unwrap())
            .await
            .unwrap();
        let editor = store.scoped(access);
        for n in 0..SHEETS_PER_TEAM {
            editor
                .create_sheet(
                    &format!("sheet {n}").parse().unwrap(),
                    &budget::Sheet::new(budget::Lang::En, Vec::new()),
                )
                .await
                .unwrap();
        }
        scoped = Some(editor);
    }
    scoped.unwrap()
}

fn list(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut databases = vec![(
        "sqlite",
        format!("sqlite://{}", dir.path().join("list.db").display()),
    )];
    let base = std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_string());
    let schema = format!("wb_bench_list_{}", std::process::id());
    let reachable = runtime.block_on(async {
        let mut admin = sqlx::PgConnection::connect(&base).await.ok()?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
        )))
        .execute(&mut admin)
        .await
        .ok()
    });
    if reachable.is_some() {
        let separator = if base.contains('?') { '&' } else { '?' };
        databases.push((
            "postgres",
            format!("{base}{separator}options=-c%20search_path%3D{schema}"),
        ));
    }
    let mut group = c.benchmark_group("list a team's sheets among 10,000");
    for (name, url) in databases {
        let store = runtime.block_on(Store::connect(&url)).unwrap();
        let editor = runtime.block_on(fill(&store));
        let listed = runtime.block_on(editor.list_sheets()).unwrap();
        assert_eq!(listed.len() as i64, SHEETS_PER_TEAM);
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| runtime.block_on(editor.list_sheets()).unwrap());
        });
    }
    group.finish();
    if reachable.is_some() {
        runtime.block_on(async {
            let mut admin = sqlx::PgConnection::connect(&base).await.unwrap();
            let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(format!("DROP SCHEMA {schema} CASCADE")))
                .execute(&mut admin)
                .await;
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = list
}
criterion_main!(benches);
