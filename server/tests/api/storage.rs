//! The store (`app::ssr::Store`) on SQLite and on PostgreSQL: every scenario runs on both.
//!
//! PostgreSQL is reached at `TEST_POSTGRES_URL` (default
//! `postgres://postgres@127.0.0.1:5432/test`); each test gets a schema of its own, dropped
//! at the end, so runs never see each other's rows.

use std::sync::atomic::{AtomicUsize, Ordering};

use app::sheet_name::SheetName;
use app::ssr::{Store, StoreError};
use budget::{Lang, Row, Sheet};
use sqlx::Connection;

use crate::helpers::{fixture, golden_g2};

/// The PostgreSQL test database unless `TEST_POSTGRES_URL` says otherwise.
const DEFAULT_POSTGRES_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

/// Distinguishes the schemas of the tests of one run.
static NEXT_SCHEMA: AtomicUsize = AtomicUsize::new(0);

/// A store over a database of its own.
struct TestDb {
    store: Store,
    /// The database's URL, to connect again.
    url: String,
    backend: Backend,
}

enum Backend {
    /// A SQLite file in a temporary folder (removed on drop).
    Sqlite {
        url: String,
        _dir: tempfile::TempDir,
    },
    /// A schema of the PostgreSQL test database (dropped on drop).
    Postgres { base_url: String, schema: String },
}

impl TestDb {
    async fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let url = format!("sqlite://{}", dir.path().join("store.db").display());
        let store = Store::connect(&url).await.expect("a new SQLite file");
        TestDb {
            store,
            url: url.clone(),
            backend: Backend::Sqlite { url, _dir: dir },
        }
    }

    async fn postgres() -> TestDb {
        let base_url =
            std::env::var("TEST_POSTGRES_URL").unwrap_or_else(|_| DEFAULT_POSTGRES_URL.to_string());
        let schema = format!(
            "wb_test_{}_{}",
            std::process::id(),
            NEXT_SCHEMA.fetch_add(1, Ordering::SeqCst)
        );
        let mut admin = sqlx::PgConnection::connect(&base_url)
            .await
            .unwrap_or_else(|e| panic!("PostgreSQL at {base_url}: {e}"));
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
        )))
        .execute(&mut admin)
        .await
        .expect("a fresh schema");
        admin.close().await.ok();
        let separator = if base_url.contains('?') { '&' } else { '?' };
        let url = format!("{base_url}{separator}options=-c%20search_path%3D{schema}");
        let store = Store::connect(&url).await.expect("PostgreSQL store");
        TestDb {
            store,
            url,
            backend: Backend::Postgres { base_url, schema },
        }
    }

    /// Runs `sql` on the database directly, behind the store's back.
    async fn sql(&self, sql: &'static str) {
        match &self.backend {
            Backend::Sqlite { url, .. } => {
                let mut conn = sqlx::SqliteConnection::connect(url).await.unwrap();
                sqlx::raw_sql(sql).execute(&mut conn).await.unwrap();
                conn.close().await.ok();
            }
            Backend::Postgres { base_url, schema } => {
                let mut conn = sqlx::PgConnection::connect(base_url).await.unwrap();
                let sql = format!("SET search_path TO {schema}; {sql}");
                sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
                    .execute(&mut conn)
                    .await
                    .unwrap();
                conn.close().await.ok();
            }
        }
    }

    /// From now on, inserting a row whose value is `boom` fails inside the database.
    async fn make_boom_rows_fail(&self) {
        match &self.backend {
            Backend::Sqlite { url, .. } => {
                let mut conn = sqlx::SqliteConnection::connect(url).await.unwrap();
                sqlx::raw_sql(
                    "CREATE TRIGGER fail_boom BEFORE INSERT ON sheet_rows \
                     WHEN NEW.value = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END",
                )
                .execute(&mut conn)
                .await
                .unwrap();
                conn.close().await.ok();
            }
            Backend::Postgres { base_url, schema } => {
                let mut conn = sqlx::PgConnection::connect(base_url).await.unwrap();
                sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
                    "CREATE FUNCTION {schema}.fail_boom() RETURNS trigger LANGUAGE plpgsql AS $$ \
                     BEGIN IF NEW.value = 'boom' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$; \
                     CREATE TRIGGER fail_boom BEFORE INSERT ON {schema}.sheet_rows \
                     FOR EACH ROW EXECUTE FUNCTION {schema}.fail_boom()"
                )))
                .execute(&mut conn)
                .await
                .unwrap();
                conn.close().await.ok();
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Backend::Postgres { base_url, schema } = &self.backend {
            let (base_url, schema) = (base_url.clone(), schema.clone());
            // Drop the schema on a runtime of its own: Drop cannot await.
            let _ = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                if let Ok(runtime) = runtime {
                    runtime.block_on(async {
                        if let Ok(mut conn) = sqlx::PgConnection::connect(&base_url).await {
                            let sql = format!("DROP SCHEMA IF EXISTS {schema} CASCADE");
                            let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
                                .execute(&mut conn)
                                .await;
                        }
                    });
                }
            })
            .join();
        }
    }
}

/// Runs each scenario as two tests, `sqlite::NAME` and `postgres::NAME`.
macro_rules! on_both_databases {
    ($($scenario:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    let db = super::TestDb::sqlite().await;
                    super::$scenario(&db.store, &db).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    let db = super::TestDb::postgres().await;
                    super::$scenario(&db.store, &db).await;
                }
            )*
        }
    };
}

on_both_databases!(
    rows_come_back_byte_identical,
    the_japanese_fixture_comes_back_as_imported,
    new_sheets_get_increasing_ids,
    the_list_is_newest_change_first,
    the_list_counts_rows_errors_and_warnings,
    the_counts_follow_every_write_and_old_sheets_are_counted_on_connect,
    a_nul_in_a_cell_is_refused_before_the_database_and_changes_nothing,
    saving_replaces_every_row_and_bumps_the_change_time,
    rows_beyond_one_insert_statement_come_back_in_order,
    a_failed_save_changes_nothing,
    a_failed_create_stores_nothing,
    a_missing_sheet_is_not_found_everywhere,
    names_are_stored_trimmed_up_to_200_characters,
    the_language_and_the_name_can_change,
    deleting_removes_the_sheet_and_its_rows,
    concurrent_creates_get_distinct_ids,
    a_save_from_an_old_revision_is_refused_and_changes_nothing,
    the_sheet_settings_change_without_touching_rows_or_revision,
    an_import_replaces_rows_and_language_whatever_the_revision,
    concurrent_saves_from_one_revision_let_exactly_one_through,
);

/// `text` as a sheet name; the tests' names are all good ones.
fn name(text: &str) -> SheetName {
    SheetName::parse(text).unwrap_or_else(|err| panic!("{text:?}: {err}"))
}

/// Rows with every kind of awkward cell.
fn tricky_rows() -> Vec<Row> {
    vec![
        Row {
            layer: "1".into(),
            segment: "ブラウザ → LB".into(),
            item: "read\ttimeout".into(),
            setting: "\"quoted\" 'single'".into(),
            default: String::new(),
            value: "=1+1".into(),
            location: "line one\nline two\r\nline three".into(),
            rationale: "  leading and trailing spaces  ".into(),
        },
        Row::default(),
        Row {
            layer: "２".into(),
            segment: "app -> DB".into(),
            item: "文の実行時間の上限".into(),
            setting: "back\\slash ; DROP TABLE sheets; --".into(),
            default: "0（無効）".into(),
            value: "2秒".into(),
            location: "ALTER ROLE（アプリ用ロール）".into(),
            rationale: "emoji 🕒 and NUL-free text".into(),
        },
    ]
}

async fn rows_come_back_byte_identical(store: &Store, _: &TestDb) {
    // Arrange
    let sheet = Sheet {
        lang: Lang::Ja,
        margin_ms: 2_500,
        amplification_threshold: 7,
        rows: tricky_rows(),
    };

    // Act
    let id = store.create_sheet(&name("tricky"), &sheet).await.unwrap();
    let stored = store.get_sheet(id).await.unwrap();

    // Assert
    assert_eq!(stored.id, id);
    assert_eq!(stored.name, "tricky");
    assert_eq!(stored.sheet, sheet);
    assert_eq!(
        stored.sheet.rows[0].location.as_bytes(),
        b"line one\nline two\r\nline three"
    );
    assert_eq!(
        (stored.sheet.margin_ms, stored.sheet.amplification_threshold),
        (2_500, 7)
    );
}

async fn the_japanese_fixture_comes_back_as_imported(store: &Store, _: &TestDb) {
    // Arrange
    let imported = budget::tsv::import(&fixture("reservation-ja.tsv")).unwrap();
    let sheet = Sheet::new(Lang::Ja, imported.rows);

    // Act
    let id = store
        .create_sheet(&name("予約システム"), &sheet)
        .await
        .unwrap();
    let stored = store.get_sheet(id).await.unwrap();

    // Assert
    assert_eq!(stored.name, "予約システム");
    assert_eq!(stored.sheet, sheet);
    assert_eq!(
        budget::tsv::export(&stored.sheet.rows, Lang::Ja),
        fixture("reservation-ja.tsv")
    );
}

async fn new_sheets_get_increasing_ids(store: &Store, _: &TestDb) {
    // Arrange
    let sheet = Sheet::new(Lang::En, vec![]);

    // Act
    let a = store.create_sheet(&name("a"), &sheet).await.unwrap();
    let b = store.create_sheet(&name("b"), &sheet).await.unwrap();
    let c = store.create_sheet(&name("c"), &sheet).await.unwrap();

    // Assert
    assert_eq!((a, b, c), (1, 2, 3));
    assert_eq!(store.get_sheet(2).await.unwrap().name, "b");
    assert!(store.get_sheet(2).await.unwrap().sheet.rows.is_empty());
}

async fn the_list_is_newest_change_first(store: &Store, _: &TestDb) {
    // Arrange
    let sheet = Sheet::new(Lang::En, tricky_rows());
    let a = store.create_sheet(&name("a"), &sheet).await.unwrap();
    let b = store.create_sheet(&name("b"), &sheet).await.unwrap();
    let c = store.create_sheet(&name("c"), &sheet).await.unwrap();

    // Act
    store.save_rows(a, &sheet.rows[..1]).await.unwrap();
    let list = store.list_sheets().await.unwrap();

    // Assert
    let order: Vec<(i64, &str, usize)> = list
        .iter()
        .map(|s| (s.id, s.name.as_str(), s.rows))
        .collect();
    assert_eq!(order, vec![(a, "a", 1), (c, "c", 3), (b, "b", 3)]);
    assert!(list[0].updated_at_ms > list[1].updated_at_ms);
    assert!(list[1].updated_at_ms > list[2].updated_at_ms);
}

async fn the_list_counts_rows_errors_and_warnings(store: &Store, _: &TestDb) {
    // Arrange
    let g1 = budget::tsv::import(&fixture("reservation-en.tsv"))
        .unwrap()
        .rows;
    let g2 = budget::tsv::import(&golden_g2()).unwrap().rows;
    store
        .create_sheet(&name("g1"), &Sheet::new(Lang::En, g1))
        .await
        .unwrap();
    store
        .create_sheet(&name("g2"), &Sheet::new(Lang::En, g2))
        .await
        .unwrap();

    // Act
    let list = store.list_sheets().await.unwrap();

    // Assert
    assert_eq!(list.len(), 2);
    assert_eq!(
        (list[0].name.as_str(), list[0].rows, list[0].errors),
        ("g2", 12, 1)
    );
    assert_eq!((list[1].name.as_str(), list[1].rows), ("g1", 12));
    assert_eq!((list[1].errors, list[1].warnings), (0, 0));
    assert_eq!(list[1].lang, Lang::En);
}

async fn the_counts_follow_every_write_and_old_sheets_are_counted_on_connect(
    store: &Store,
    db: &TestDb,
) {
    // Arrange
    let g1 = budget::tsv::import(&fixture("reservation-en.tsv"))
        .unwrap()
        .rows;
    let g2 = budget::tsv::import(&golden_g2()).unwrap().rows;
    let id = store
        .create_sheet(&name("g"), &Sheet::new(Lang::En, g1.clone()))
        .await
        .unwrap();
    let counts = |list: Vec<app::ssr::SheetSummary>| {
        let s = &list[0];
        (s.rows, s.errors, s.warnings)
    };
    assert_eq!(counts(store.list_sheets().await.unwrap()), (12, 0, 0));

    // Act / Assert: a save of G2 is one inversion
    store.save_rows(id, &g2).await.unwrap();
    assert_eq!(counts(store.list_sheets().await.unwrap()), (12, 1, 0));

    // Act / Assert: a threshold of 1 attempt makes G1's retries amplification warnings
    store.save_rows(id, &g1[..3]).await.unwrap();
    let first_3 = budget::check(&Sheet::new(Lang::En, g1[..3].to_vec())).summary;
    assert_eq!(
        counts(store.list_sheets().await.unwrap()),
        (3, first_3.errors, first_3.warnings)
    );
    store.save_rows(id, &g1).await.unwrap();
    store.set_settings(id, 1_000, 1).await.unwrap();
    let with_threshold_1 = budget::check(&Sheet {
        amplification_threshold: 1,
        ..Sheet::new(Lang::En, g1.clone())
    });
    assert!(with_threshold_1.summary.warnings > 0);
    assert_eq!(
        counts(store.list_sheets().await.unwrap()),
        (12, 0, with_threshold_1.summary.warnings)
    );

    // Act / Assert: the list reads the stored counts (it checks nothing), and a sheet
    // stored before the counts were kept is counted when the store connects
    db.sql("UPDATE sheets SET row_count = NULL, error_count = NULL, warning_count = NULL")
        .await;
    assert_eq!(counts(store.list_sheets().await.unwrap()), (0, 0, 0));
    let again = Store::connect(&db.url).await.unwrap();
    assert_eq!(
        counts(again.list_sheets().await.unwrap()),
        (12, 0, with_threshold_1.summary.warnings)
    );
}

async fn a_nul_in_a_cell_is_refused_before_the_database_and_changes_nothing(
    store: &Store,
    _: &TestDb,
) {
    // Arrange: PostgreSQL cannot store NUL in TEXT (SQLite can): both must refuse it alike
    let g1 = budget::tsv::import(&fixture("reservation-en.tsv"))
        .unwrap()
        .rows;
    let id = store
        .create_sheet(&name("g1"), &Sheet::new(Lang::En, g1.clone()))
        .await
        .unwrap();
    let mut bad = g1.clone();
    bad[3].rationale = "before\0after".into();

    // Act
    let saved = store.save_rows(id, &bad).await.unwrap_err();
    let created = store
        .create_sheet(&name("bad"), &Sheet::new(Lang::En, bad))
        .await
        .unwrap_err();

    // Assert
    for err in [saved, created] {
        assert!(matches!(err, StoreError::BadCell(_)), "{err:?}");
        assert_eq!(
            err.to_string(),
            "row 4, column 8 (rationale): a NUL character (U+0000) cannot be stored; remove it"
        );
    }
    let list = store.list_sheets().await.unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(store.get_sheet(id).await.unwrap().sheet.rows, g1);
    assert_eq!(store.get_sheet(id).await.unwrap().revision, 0);
}

async fn saving_replaces_every_row_and_bumps_the_change_time(store: &Store, _: &TestDb) {
    // Arrange
    let id = store
        .create_sheet(&name("s"), &Sheet::new(Lang::En, tricky_rows()))
        .await
        .unwrap();
    let before = store.get_sheet(id).await.unwrap();
    let new_rows = vec![tricky_rows()[2].clone(), tricky_rows()[0].clone()];

    // Act
    store.save_rows(id, &new_rows).await.unwrap();

    // Assert
    let after = store.get_sheet(id).await.unwrap();
    assert_eq!(after.sheet.rows, new_rows);
    assert!(after.updated_at_ms > before.updated_at_ms);
    assert_eq!(
        (after.name.as_str(), after.sheet.lang, after.sheet.margin_ms),
        ("s", Lang::En, 1_000)
    );

    // Act: an empty sheet is a valid save
    store.save_rows(id, &[]).await.unwrap();

    // Assert
    assert!(store.get_sheet(id).await.unwrap().sheet.rows.is_empty());
}

/// `count` rows, each with its number in every cell, so that a row out of place shows.
fn numbered_rows(count: usize) -> Vec<Row> {
    (0..count)
        .map(|i| Row {
            layer: format!("{}", i % 7),
            segment: format!("svc{i} -> db{i}"),
            item: format!("item {i}"),
            setting: format!("setting {i}"),
            default: format!("{i}ms"),
            value: format!("{}ms", i + 1),
            location: format!("location {i}"),
            rationale: format!("row {i} ✓"),
        })
        .collect()
}

async fn rows_beyond_one_insert_statement_come_back_in_order(store: &Store, _: &TestDb) {
    // Arrange: one INSERT carries 3,276 rows (32,766 bound parameters, SQLite's limit,
    // over 10 per row); a sheet may hold 5,000
    let id = store
        .create_sheet(&name("large"), &Sheet::new(Lang::En, numbered_rows(5_000)))
        .await
        .unwrap();

    // Act / Assert: the limit, one statement exactly full, one row over it, and one row
    for count in [5_000, 3_276, 3_277, 1] {
        if count != 5_000 {
            store.save_rows(id, &numbered_rows(count)).await.unwrap();
        }
        let stored = store.get_sheet(id).await.unwrap();
        assert_eq!(stored.sheet.rows.len(), count);
        assert_eq!(stored.sheet.rows, numbered_rows(count), "{count} rows");
        assert_eq!(store.list_sheets().await.unwrap()[0].rows, count);
    }
}

async fn a_failed_save_changes_nothing(store: &Store, db: &TestDb) {
    // Arrange
    let id = store
        .create_sheet(&name("s"), &Sheet::new(Lang::En, tricky_rows()))
        .await
        .unwrap();
    let before = store.get_sheet(id).await.unwrap();
    db.make_boom_rows_fail().await;
    let boom = Row {
        value: "boom".into(),
        ..Row::default()
    };
    let new_rows = vec![Row::default(), Row::default(), boom];

    // Act
    let result = store.save_rows(id, &new_rows).await;

    // Assert
    assert!(matches!(result, Err(StoreError::Db(_))), "{result:?}");
    let after = store.get_sheet(id).await.unwrap();
    assert_eq!(after.sheet.rows, tricky_rows());
    assert_eq!(after.updated_at_ms, before.updated_at_ms);
}

async fn a_failed_create_stores_nothing(store: &Store, db: &TestDb) {
    // Arrange
    db.make_boom_rows_fail().await;
    let boom = Row {
        value: "boom".into(),
        ..Row::default()
    };

    // Act
    let result = store
        .create_sheet(
            &name("s"),
            &Sheet::new(Lang::En, vec![Row::default(), boom]),
        )
        .await;

    // Assert
    assert!(matches!(result, Err(StoreError::Db(_))), "{result:?}");
    assert!(store.list_sheets().await.unwrap().is_empty());
    assert_eq!(
        store
            .create_sheet(&name("t"), &Sheet::new(Lang::En, vec![]))
            .await
            .unwrap(),
        1
    );
}

async fn a_missing_sheet_is_not_found_everywhere(store: &Store, _: &TestDb) {
    assert!(matches!(
        store.get_sheet(42).await,
        Err(StoreError::NotFound(42))
    ));
    assert!(matches!(
        store.save_rows(42, &tricky_rows()).await,
        Err(StoreError::NotFound(42))
    ));
    assert!(matches!(
        store.set_lang(42, Lang::Ja).await,
        Err(StoreError::NotFound(42))
    ));
    assert!(matches!(
        store.rename_sheet(42, &name("x")).await,
        Err(StoreError::NotFound(42))
    ));
    assert!(matches!(
        store.delete_sheet(42).await,
        Err(StoreError::NotFound(42))
    ));
    assert_eq!(StoreError::NotFound(42).to_string(), "sheet 42 not found");
    assert!(store.list_sheets().await.unwrap().is_empty());
}

async fn names_are_stored_trimmed_up_to_200_characters(store: &Store, _: &TestDb) {
    // Arrange: the name is checked once, by `SheetName::parse` (its refusals are tested in
    // `app::sheet_name`); the store takes only names that passed
    let sheet = Sheet::new(Lang::En, vec![]);
    let longest = "名".repeat(200);
    assert!(SheetName::parse(&"名".repeat(201)).is_err());

    // Act
    let id = store
        .create_sheet(&name(&format!("  {longest}  ")), &sheet)
        .await
        .unwrap();
    let created = store.get_sheet(id).await.unwrap().name;
    store
        .rename_sheet(id, &name(" 予約\u{3000}"))
        .await
        .unwrap();

    // Assert
    assert_eq!(created, longest);
    assert_eq!(store.get_sheet(id).await.unwrap().name, "予約");
    assert_eq!(store.list_sheets().await.unwrap()[0].name, "予約");
}

async fn the_language_and_the_name_can_change(store: &Store, _: &TestDb) {
    // Arrange
    let id = store
        .create_sheet(&name("before"), &Sheet::new(Lang::En, tricky_rows()))
        .await
        .unwrap();
    let t0 = store.get_sheet(id).await.unwrap().updated_at_ms;

    // Act
    store.set_lang(id, Lang::Ja).await.unwrap();
    let t1 = store.get_sheet(id).await.unwrap().updated_at_ms;
    store.rename_sheet(id, &name(" after ")).await.unwrap();

    // Assert
    let stored = store.get_sheet(id).await.unwrap();
    assert_eq!(stored.sheet.lang, Lang::Ja);
    assert_eq!(stored.name, "after");
    assert_eq!(stored.sheet.rows, tricky_rows());
    assert!(
        t0 < t1 && t1 < stored.updated_at_ms,
        "{t0} {t1} {}",
        stored.updated_at_ms
    );
    assert_eq!(store.list_sheets().await.unwrap()[0].lang, Lang::Ja);
}

async fn the_sheet_settings_change_without_touching_rows_or_revision(store: &Store, _: &TestDb) {
    // Arrange
    let id = store
        .create_sheet(&name("s"), &Sheet::new(Lang::En, tricky_rows()))
        .await
        .unwrap();
    let before = store.get_sheet(id).await.unwrap();
    assert_eq!(
        (before.sheet.margin_ms, before.sheet.amplification_threshold),
        (1_000, 3)
    );

    // Act
    store.set_settings(id, 1_500, 9).await.unwrap();

    // Assert
    let after = store.get_sheet(id).await.unwrap();
    assert_eq!(
        (after.sheet.margin_ms, after.sheet.amplification_threshold),
        (1_500, 9)
    );
    assert_eq!((after.revision, after.sheet.rows), (0, tricky_rows()));
    assert!(after.updated_at_ms > before.updated_at_ms);
    assert!(matches!(
        store.set_settings(id + 100, 1, 1).await,
        Err(StoreError::NotFound(_))
    ));
}

async fn deleting_removes_the_sheet_and_its_rows(store: &Store, _: &TestDb) {
    // Arrange
    let keep = store
        .create_sheet(&name("keep"), &Sheet::new(Lang::En, tricky_rows()))
        .await
        .unwrap();
    let gone = store
        .create_sheet(&name("gone"), &Sheet::new(Lang::En, tricky_rows()))
        .await
        .unwrap();

    // Act
    store.delete_sheet(gone).await.unwrap();

    // Assert
    assert!(matches!(
        store.get_sheet(gone).await,
        Err(StoreError::NotFound(_))
    ));
    let names: Vec<String> = store
        .list_sheets()
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.name)
        .collect();
    assert_eq!(names, vec!["keep"]);
    assert_eq!(
        store.get_sheet(keep).await.unwrap().sheet.rows,
        tricky_rows()
    );
    // The deleted sheet's id is never given again: a page still open on it must not write
    // into the next sheet.
    let next = store
        .create_sheet(&name("next"), &Sheet::new(Lang::En, vec![Row::default()]))
        .await
        .unwrap();
    assert_eq!(next, gone + 1);
    assert!(matches!(
        store.save_rows(gone, &[Row::default()]).await,
        Err(StoreError::NotFound(_))
    ));
    assert_eq!(
        store.get_sheet(next).await.unwrap().sheet.rows,
        vec![Row::default()]
    );
}

async fn concurrent_creates_get_distinct_ids(store: &Store, _: &TestDb) {
    // Arrange
    let sheet = Sheet::new(Lang::En, tricky_rows());

    // Act
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let (store, sheet) = (store.clone(), sheet.clone());
            tokio::spawn(async move { store.create_sheet(&name(&format!("s{i}")), &sheet).await })
        })
        .collect();
    let mut ids = Vec::new();
    for task in tasks {
        ids.push(task.await.unwrap().expect("every create succeeds"));
    }

    // Assert
    ids.sort();
    assert_eq!(ids, (1..=8).collect::<Vec<i64>>());
    for id in ids {
        assert_eq!(store.get_sheet(id).await.unwrap().sheet.rows, tricky_rows());
    }
}

async fn a_save_from_an_old_revision_is_refused_and_changes_nothing(store: &Store, _: &TestDb) {
    // Arrange: two pages open the same sheet at revision 0
    let id = store
        .create_sheet(&name("s"), &Sheet::new(Lang::En, tricky_rows()))
        .await
        .unwrap();
    assert_eq!(store.get_sheet(id).await.unwrap().revision, 0);
    let theirs = vec![tricky_rows()[1].clone()];
    let mine = vec![tricky_rows()[2].clone()];

    // Act: the first page saves, then the second saves from the same revision
    let first = store.save_rows_from(id, 0, &theirs).await;
    let stored = store.get_sheet(id).await.unwrap();
    let second = store.save_rows_from(id, 0, &mine).await;

    // Assert: the second is refused, naming both revisions, and the first page's rows stay
    assert_eq!(first.unwrap(), 1);
    match second {
        Err(StoreError::Conflict {
            id: sheet,
            base,
            current,
        }) => {
            assert_eq!((sheet, base, current), (id, 0, 1));
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
    let after = store.get_sheet(id).await.unwrap();
    assert_eq!(after.sheet.rows, theirs);
    assert_eq!(after.revision, 1);
    assert_eq!(after.updated_at_ms, stored.updated_at_ms);
    assert_eq!(
        StoreError::Conflict {
            id,
            base: 0,
            current: 1
        }
        .to_string(),
        format!("sheet {id} was saved elsewhere after revision 0 (it is now at revision 1)")
    );

    // Act: the second page saves again from the revision it was told
    let again = store.save_rows_from(id, 1, &mine).await.unwrap();

    // Assert
    assert_eq!(again, 2);
    assert_eq!(store.get_sheet(id).await.unwrap().sheet.rows, mine);
    assert!(matches!(
        store.save_rows_from(id + 100, 0, &mine).await,
        Err(StoreError::NotFound(_))
    ));
}

async fn an_import_replaces_rows_and_language_whatever_the_revision(store: &Store, _: &TestDb) {
    // Arrange: a sheet saved twice
    let id = store
        .create_sheet(&name("s"), &Sheet::new(Lang::En, tricky_rows()))
        .await
        .unwrap();
    store.save_rows(id, &[]).await.unwrap();
    store.save_rows(id, &[Row::default()]).await.unwrap();

    // Act: an import with a Japanese header, with no revision named
    let revision = store
        .replace_rows(id, None, Some(Lang::Ja), &tricky_rows())
        .await
        .unwrap();

    // Assert
    assert_eq!(revision, 3);
    let after = store.get_sheet(id).await.unwrap();
    assert_eq!(
        (after.revision, after.sheet.lang, after.sheet.rows),
        (3, Lang::Ja, tricky_rows())
    );

    // Act: the same with a revision that moved on: nothing changes, the language included
    let stale = store.replace_rows(id, Some(2), Some(Lang::En), &[]).await;

    // Assert
    assert!(
        matches!(stale, Err(StoreError::Conflict { current: 3, .. })),
        "{stale:?}"
    );
    let after = store.get_sheet(id).await.unwrap();
    assert_eq!(
        (after.sheet.lang, after.sheet.rows),
        (Lang::Ja, tricky_rows())
    );
}

async fn concurrent_saves_from_one_revision_let_exactly_one_through(store: &Store, _: &TestDb) {
    // Arrange: eight pages at revision 0, each with its own rows
    let id = store
        .create_sheet(&name("s"), &Sheet::new(Lang::En, Vec::new()))
        .await
        .unwrap();

    // Act
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let store = store.clone();
            let rows = vec![Row {
                value: format!("{i}s"),
                ..Row::default()
            }];
            tokio::spawn(async move { (rows.clone(), store.save_rows_from(id, 0, &rows).await) })
        })
        .collect();
    let mut saved = Vec::new();
    let mut refused = 0;
    for task in tasks {
        match task.await.unwrap() {
            (rows, Ok(revision)) => saved.push((rows, revision)),
            (_, Err(StoreError::Conflict { current: 1, .. })) => refused += 1,
            (_, other) => panic!("expected a save or a conflict at revision 1, got {other:?}"),
        }
    }

    // Assert: one save went through, and its rows are the stored ones
    assert_eq!((saved.len(), refused), (1, 7));
    let (rows, revision) = saved.remove(0);
    assert_eq!(revision, 1);
    assert_eq!(store.get_sheet(id).await.unwrap().sheet.rows, rows);
}

#[tokio::test]
async fn connecting_creates_a_missing_sqlite_file_and_reconnecting_keeps_the_data() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.db");
    let url = format!("sqlite://{}", path.display());
    assert!(!path.exists());

    // Act
    let store = Store::connect(&url).await.unwrap();
    let id = store
        .create_sheet(&name("kept"), &Sheet::new(Lang::Ja, tricky_rows()))
        .await
        .unwrap();
    drop(store);
    let again = Store::connect(&url).await.unwrap();

    // Assert
    assert!(path.exists());
    let stored = again.get_sheet(id).await.unwrap();
    assert_eq!((stored.name.as_str(), stored.sheet.rows.len()), ("kept", 3));
}

#[tokio::test]
async fn an_in_memory_store_keeps_its_data_across_calls() {
    // Arrange
    let store = Store::connect("sqlite::memory:").await.unwrap();

    // Act
    let id = store
        .create_sheet(&name("m"), &Sheet::new(Lang::En, tricky_rows()))
        .await
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;

    // Assert
    assert_eq!(store.get_sheet(id).await.unwrap().sheet.rows, tricky_rows());
}

#[tokio::test]
async fn an_unreachable_database_is_a_db_error() {
    // Act
    let result = Store::connect("sqlite:///nonexistent-folder-for-workbench-tests/x.db").await;

    // Assert
    assert!(matches!(result, Err(StoreError::Db(_))), "{result:?}");
}
