//! The store (`workbench_store::Store`) on SQLite and on PostgreSQL: every scenario runs on both.
//!
//! PostgreSQL is reached at `TEST_POSTGRES_URL` (default
//! `postgres://postgres@127.0.0.1:5432/test`); each test gets a schema of its own, dropped
//! at the end, so runs never see each other's rows.

use std::sync::atomic::{AtomicUsize, Ordering};

use axum::http::{Method, StatusCode};
use budget::Column;
use budget::{Lang, Row, Sheet};
use serde_json::json;
use sqlx::Connection;
use workbench_model::sheet_name::SheetName;
use workbench_store::{
    Author, CellPatch, CellSet, RevisionKind, RowDelete, RowInsert, Store, StoreError,
};

use crate::helpers::{empty_postgres_schema, fixture, golden_g2, postgres_base_url};

/// Distinguishes the schemas of the tests of one run.
static NEXT_SCHEMA: AtomicUsize = AtomicUsize::new(0);

/// A store over a database of its own.
pub(crate) struct TestDb {
    pub(crate) store: Store,
    /// The database's URL, to connect again.
    pub(crate) url: String,
    pub(crate) backend: Backend,
}

/// Where a test's database is; dropping it removes the database.
pub(crate) enum Backend {
    /// A SQLite file in a temporary folder (removed on drop).
    Sqlite {
        url: String,
        _dir: tempfile::TempDir,
    },
    /// A schema of the PostgreSQL test database (dropped on drop).
    Postgres { base_url: String, schema: String },
}

impl Backend {
    /// A SQLite file of its own, not created yet; its URL.
    pub(crate) fn sqlite() -> (String, Backend) {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let url = format!("sqlite://{}", dir.path().join("store.db").display());
        (url.clone(), Backend::Sqlite { url, _dir: dir })
    }

    /// An empty schema of its own in the PostgreSQL test database; the URL that uses it.
    pub(crate) async fn postgres() -> (String, Backend) {
        let base_url = postgres_base_url();
        let schema = format!(
            "wb_test_{}_{}",
            std::process::id(),
            NEXT_SCHEMA.fetch_add(1, Ordering::SeqCst)
        );
        let url = empty_postgres_schema(&base_url, &schema).await;
        (url, Backend::Postgres { base_url, schema })
    }
}

impl TestDb {
    pub(crate) async fn sqlite() -> TestDb {
        let (url, backend) = Backend::sqlite();
        let store = Store::connect(&url).await.expect("a new SQLite file");
        TestDb {
            store,
            url,
            backend,
        }
    }

    pub(crate) async fn postgres() -> TestDb {
        let (url, backend) = Backend::postgres().await;
        let store = Store::connect(&url).await.expect("PostgreSQL store");
        TestDb {
            store,
            url,
            backend,
        }
    }

    /// Runs `sql` on the database directly, behind the store's back.
    pub(crate) async fn sql(&self, sql: &'static str) {
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

impl Drop for Backend {
    fn drop(&mut self) {
        if let Backend::Postgres { base_url, schema } = self {
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
    the_probes_tell_a_missing_migration,
    a_failed_database_is_not_ready_in_plain_words,
    rows_come_back_byte_identical,
    the_japanese_fixture_comes_back_as_imported,
    new_sheets_get_increasing_ids,
    the_list_is_newest_change_first,
    the_list_counts_rows_errors_and_warnings,
    the_counts_follow_every_write_and_old_sheets_are_counted_on_connect,
    a_nul_in_a_cell_is_refused_before_the_database_and_changes_nothing,
    saving_replaces_every_row_and_bumps_the_change_time,
    writing_the_stored_rows_again_adds_no_revision_and_keeps_the_change_time,
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
    every_save_is_a_revision_rebuilt_exactly_and_a_restore_appends_one,
    one_authors_saves_within_the_window_fold_into_one_revision,
    rows_keep_their_ids_through_edits_inserts_moves_and_deletes,
    patches_to_different_cells_both_land_and_the_same_cell_conflicts,
    fifty_concurrent_writers_of_their_own_cells_lose_nothing,
    concurrent_writers_of_one_cell_get_one_success_and_three_values,
    history_of_many_revisions_is_rebuilt_exactly,
    an_unknown_revision_or_row_is_a_clear_error,
);

/// `text` as a sheet name; the tests' names are all good ones.
fn name(text: &str) -> SheetName {
    SheetName::parse(text).unwrap_or_else(|err| panic!("{text:?}: {err}"))
}

/// Stores `rows` as the English sheet named `text`; its id.
async fn english_sheet(store: &Store, text: &str, rows: Vec<Row>) -> i64 {
    store
        .create_sheet(&name(text), &Sheet::new(Lang::En, rows))
        .await
        .unwrap()
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
    english_sheet(store, "g1", g1).await;
    english_sheet(store, "g2", g2).await;

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
    let id = english_sheet(store, "g", g1.clone()).await;
    let counts = |list: Vec<workbench_store::SheetSummary>| {
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
    let id = english_sheet(store, "g1", g1.clone()).await;
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
    let id = english_sheet(store, "s", tricky_rows()).await;
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

async fn writing_the_stored_rows_again_adds_no_revision_and_keeps_the_change_time(
    store: &Store,
    _: &TestDb,
) {
    // Arrange: tricky rows at revision 1.
    let id = english_sheet(store, "s", tricky_rows()).await;
    let rows = tricky_rows();
    let mut edited = rows.clone();
    edited[1].value = "1s".into();
    store.save_rows(id, &edited).await.unwrap();
    let before = store.get_sheet(id).await.unwrap();
    let history = store.revisions(id).await.unwrap().len();
    let author = Author::named("ci");

    // Act: the stored rows written 100 times, every way a write comes in.
    for i in 0..100 {
        let written = match i % 4 {
            0 => store.save_rows(id, &edited).await,
            1 => store.save_rows_from(id, 1, &edited, &author).await,
            2 => {
                store
                    .replace_rows(
                        id,
                        None,
                        Some(Lang::En),
                        &edited,
                        &author,
                        RevisionKind::Import,
                    )
                    .await
            }
            _ => {
                store
                    .replace_rows(id, Some(1), None, &edited, &author, RevisionKind::Import)
                    .await
            }
        };

        // Assert: each answers the current revision.
        assert_eq!(written.unwrap(), 1, "write {i}");
    }

    // Assert: no revision, the same change time, ids and rows.
    let after = store.get_sheet(id).await.unwrap();
    assert_eq!(store.revisions(id).await.unwrap().len(), history);
    assert_eq!(
        (
            after.revision,
            after.updated_at_ms,
            &after.row_ids,
            &after.sheet
        ),
        (1, before.updated_at_ms, &before.row_ids, &before.sheet)
    );

    // Act: one cell changed.
    edited[2].rationale.push('.');
    let written = store.save_rows_from(id, 1, &edited, &author).await.unwrap();

    // Assert: exactly one revision more.
    assert_eq!(written, 2);
    assert_eq!(store.revisions(id).await.unwrap().len(), history + 1);
    assert_eq!(store.revisions(id).await.unwrap()[0].changed_cells, 1);
    assert!(store.get_sheet(id).await.unwrap().updated_at_ms > before.updated_at_ms);
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
    let id = english_sheet(store, "large", numbered_rows(5_000)).await;

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
    let id = english_sheet(store, "s", tricky_rows()).await;
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
    assert_eq!(english_sheet(store, "t", vec![]).await, 1);
}

async fn a_missing_sheet_is_not_found_everywhere(store: &Store, _: &TestDb) {
    assert!(matches!(
        store.get_sheet(42).await,
        Err(StoreError::NotFound(42))
    ));
    assert!(matches!(
        store.get_settings(42).await,
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
    let id = english_sheet(store, "before", tricky_rows()).await;
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
    let id = english_sheet(store, "s", tricky_rows()).await;
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
    // What a check of unsaved rows reads: the settings, without the rows.
    let settings = store.get_settings(id).await.unwrap();
    assert_eq!(
        (
            settings.lang,
            settings.margin_ms,
            settings.amplification_threshold
        ),
        (Lang::En, 1_500, 9)
    );
    assert!(settings.rows.is_empty());
    assert!(matches!(
        store.set_settings(id + 100, 1, 1).await,
        Err(StoreError::NotFound(_))
    ));
}

async fn deleting_removes_the_sheet_and_its_rows(store: &Store, _: &TestDb) {
    // Arrange
    let keep = english_sheet(store, "keep", tricky_rows()).await;
    let gone = english_sheet(store, "gone", tricky_rows()).await;

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
    let next = english_sheet(store, "next", vec![Row::default()]).await;
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
    let id = english_sheet(store, "s", tricky_rows()).await;
    assert_eq!(store.get_sheet(id).await.unwrap().revision, 0);
    let theirs = vec![tricky_rows()[1].clone()];
    let mine = vec![tricky_rows()[2].clone()];

    // Act: the first page saves, then the second saves from the same revision
    let first = store
        .save_rows_from(id, 0, &theirs, &Author::anonymous())
        .await;
    let stored = store.get_sheet(id).await.unwrap();
    let second = store
        .save_rows_from(id, 0, &mine, &Author::anonymous())
        .await;

    // Assert: the second is refused, naming both revisions, and the first page's rows stay
    assert_eq!(first.unwrap(), 1);
    match second {
        Err(StoreError::Conflict {
            id: sheet,
            base,
            current,
            conflicts,
        }) => {
            assert_eq!((sheet, base, current), (id, 0, 1));
            // Both removed the first row, and only the second page the middle one, which
            // the first kept as it was: no cell was changed on both sides.
            assert_eq!(conflicts, vec![]);
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
            current: 1,
            conflicts: Vec::new(),
        }
        .to_string(),
        format!("sheet {id} was saved elsewhere after revision 0 (it is now at revision 1)")
    );

    // Act: the second page saves again from the revision it was told
    let again = store
        .save_rows_from(id, 1, &mine, &Author::anonymous())
        .await
        .unwrap();

    // Assert
    assert_eq!(again, 2);
    assert_eq!(store.get_sheet(id).await.unwrap().sheet.rows, mine);
    assert!(matches!(
        store
            .save_rows_from(id + 100, 0, &mine, &Author::anonymous())
            .await,
        Err(StoreError::NotFound(_))
    ));
}

async fn an_import_replaces_rows_and_language_whatever_the_revision(store: &Store, _: &TestDb) {
    // Arrange: a sheet saved twice
    let id = english_sheet(store, "s", tricky_rows()).await;
    store.save_rows(id, &[]).await.unwrap();
    store.save_rows(id, &[Row::default()]).await.unwrap();

    // Act: an import with a Japanese header, with no revision named
    let revision = store
        .replace_rows(
            id,
            None,
            Some(Lang::Ja),
            &tricky_rows(),
            &Author::anonymous(),
            RevisionKind::Import,
        )
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
    let stale = store
        .replace_rows(
            id,
            Some(2),
            Some(Lang::En),
            &[],
            &Author::anonymous(),
            RevisionKind::Import,
        )
        .await;

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
    let id = english_sheet(store, "s", Vec::new()).await;

    // Act
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let store = store.clone();
            let rows = vec![Row {
                value: format!("{i}s"),
                ..Row::default()
            }];
            tokio::spawn(async move {
                (
                    rows.clone(),
                    store
                        .save_rows_from(id, 0, &rows, &Author::anonymous())
                        .await,
                )
            })
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
    let id = english_sheet(&store, "m", tricky_rows()).await;
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

fn g1_rows() -> Vec<Row> {
    budget::tsv::import(&fixture("reservation-en.tsv"))
        .unwrap()
        .rows
}

fn g2_rows() -> Vec<Row> {
    budget::tsv::import(&golden_g2()).unwrap().rows
}

async fn every_save_is_a_revision_rebuilt_exactly_and_a_restore_appends_one(
    store: &Store,
    _: &TestDb,
) {
    // Arrange: G1 created by alice, G2 saved by bob, a rationale by carol
    let alice = Author::named("alice");
    let id = store
        .create_sheet_as(&name("r"), &Sheet::new(Lang::En, g1_rows()), &alice)
        .await
        .unwrap();
    let g1_ids = store.get_sheet(id).await.unwrap().row_ids;
    assert_eq!(g1_ids, (1..=12).collect::<Vec<i64>>());
    let v = store
        .save_rows_from(id, 0, &g2_rows(), &Author::named("bob"))
        .await
        .unwrap();
    let mut three = g2_rows();
    three[0].rationale = "edited".into();
    store
        .save_rows_from(id, v, &three, &Author::named("carol"))
        .await
        .unwrap();

    // Act: restore revision 1
    let restored = store
        .restore(id, 1, Some(v + 1), &Author::named("dave"))
        .await
        .unwrap();

    // Assert: four revisions, newest first, with their authors and counts
    let list = store.revisions(id).await.unwrap();
    let summary: Vec<(i64, RevisionKind, &str, u64, u64, u64)> = list
        .iter()
        .map(|r| {
            (
                r.number,
                r.kind,
                r.author.as_str(),
                r.errors,
                r.inversions,
                r.changed_cells,
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            (4, RevisionKind::Restore, "dave", 0, 0, 3),
            (3, RevisionKind::Save, "carol", 1, 1, 1),
            (2, RevisionKind::Save, "bob", 1, 1, 2),
            (1, RevisionKind::Create, "alice", 0, 0, 0),
        ]
    );
    assert_eq!(list[0].message, "restored revision 1");
    assert_eq!(list[0].version, restored);
    // Each revision's rows exactly, the restore's equal to the first's, ids and all.
    assert_eq!(store.revision(id, 1).await.unwrap().sheet.rows, g1_rows());
    assert_eq!(store.revision(id, 2).await.unwrap().sheet.rows, g2_rows());
    assert_eq!(store.revision(id, 3).await.unwrap().sheet.rows, three);
    let fourth = store.revision(id, 4).await.unwrap();
    assert_eq!(fourth.sheet.rows, g1_rows());
    assert_eq!(fourth.row_ids, g1_ids);
    let current = store.get_sheet(id).await.unwrap();
    assert_eq!(
        (current.sheet.rows, current.row_ids, current.revision),
        (g1_rows(), g1_ids, restored)
    );
}

async fn one_authors_saves_within_the_window_fold_into_one_revision(store: &Store, _: &TestDb) {
    let id = english_sheet(store, "f", g1_rows()).await;
    let alice = Author::named("alice");
    let mut rows = g1_rows();
    let mut version = 0;
    for value in ["2s", "3s", "4s"] {
        rows[6].value = value.into();
        version = store
            .save_rows_from(id, version, &rows, &alice)
            .await
            .unwrap();
    }
    rows[0].value = "20s".into();
    store
        .save_rows_from(id, version, &rows, &Author::named("bob"))
        .await
        .unwrap();
    let list = store.revisions(id).await.unwrap();
    let authors: Vec<(&str, u64, i64)> = list
        .iter()
        .map(|r| (r.author.as_str(), r.changed_cells, r.version))
        .collect();
    // Alice's three saves are one revision: 1.5s → 4s, one cell, at version 3.
    assert_eq!(
        authors,
        vec![("bob", 1, 4), ("alice", 1, 3), ("anonymous", 0, 0)]
    );
    let alices = store.revision(id, 2).await.unwrap();
    assert_eq!(alices.sheet.rows[6].value, "4s");
    assert_eq!(store.revision(id, 1).await.unwrap().sheet.rows, g1_rows());
}

async fn rows_keep_their_ids_through_edits_inserts_moves_and_deletes(store: &Store, _: &TestDb) {
    let id = english_sheet(store, "ids", g1_rows()).await;
    // A row inserted at the top, one deleted, one value edited: a TSV import of the edited
    // export keeps the others' ids.
    let mut rows = g1_rows();
    rows.remove(11);
    rows[6].value = "3s".into();
    rows.insert(
        0,
        Row {
            segment: "CDN -> LB".into(),
            item: "read timeout".into(),
            value: "30s".into(),
            ..Row::default()
        },
    );
    let importer = Author::named("i");
    store
        .replace_rows(id, None, None, &rows, &importer, RevisionKind::Import)
        .await
        .unwrap();
    let stored = store.get_sheet(id).await.unwrap();
    let mut expected: Vec<i64> = vec![13];
    expected.extend(1..=11);
    assert_eq!(stored.row_ids, expected);
    let newest = &store.revisions(id).await.unwrap()[0];
    assert_eq!(
        (newest.rows_added, newest.rows_removed, newest.changed_cells),
        (1, 1, 1)
    );
    // Deleted row 12's id is never given again.
    let patched = store
        .patch_rows(
            id,
            &CellPatch {
                insert: vec![RowInsert {
                    after: Some(3),
                    row: Row {
                        segment: "x".into(),
                        ..Row::default()
                    },
                }],
                ..CellPatch::default()
            },
            &Author::named("i"),
        )
        .await
        .unwrap();
    assert_eq!(patched.inserted, vec![14]);
    assert_eq!(store.get_sheet(id).await.unwrap().row_ids[4], 14);
}

async fn patches_to_different_cells_both_land_and_the_same_cell_conflicts(
    store: &Store,
    _: &TestDb,
) {
    let id = english_sheet(store, "p", g1_rows()).await;
    let set = |row_id: i64, column: Column, base: &str, value: &str| CellSet {
        row_id,
        column,
        base: base.into(),
        value: value.into(),
    };
    let patch = |cells: Vec<CellSet>| CellPatch {
        cells,
        ..CellPatch::default()
    };
    // Two people from the same rows: A changes the read timeout, B the tries.
    store
        .patch_rows(
            id,
            &patch(vec![set(7, Column::Value, "1.5s", "3s")]),
            &Author::named("a"),
        )
        .await
        .unwrap();
    store
        .patch_rows(
            id,
            &patch(vec![set(
                8,
                Column::Value,
                "2 tries, waits 0.3s",
                "3 tries, waits 0.5s, 1.0s",
            )]),
            &Author::named("b"),
        )
        .await
        .unwrap();
    let rows = store.get_sheet(id).await.unwrap().sheet.rows;
    assert_eq!(rows, g2_rows(), "both changes landed: the sheet is G2");

    // C, still on G1, changes the read timeout too: that cell keeps A's text and comes
    // back with the three values and who changed it; C's other cell lands.
    let patched = store
        .patch_rows(
            id,
            &patch(vec![
                set(7, Column::Value, "1.5s", "2s"),
                set(1, Column::Rationale, rows[0].rationale.as_str(), "mine"),
            ]),
            &Author::named("c"),
        )
        .await
        .unwrap();
    assert_eq!(patched.conflicts.len(), 1);
    let c = &patched.conflicts[0];
    assert_eq!(
        (
            c.row_id,
            c.line,
            c.column,
            c.base.as_str(),
            c.theirs.as_deref(),
            c.mine.as_deref(),
            c.by.as_deref()
        ),
        (
            7,
            Some(7),
            Some(Column::Value),
            "1.5s",
            Some("3s"),
            Some("2s"),
            Some("a")
        )
    );
    let mut expected = g2_rows();
    expected[0].rationale = "mine".into();
    assert_eq!(store.get_sheet(id).await.unwrap().sheet.rows, expected);
    // A delete of a row someone changed since is a conflict too, and the row stays; of an
    // unchanged row, lands.
    let delete_g1_row = |row_id: i64| CellPatch {
        delete: vec![RowDelete {
            row_id,
            base: g1_rows()[row_id as usize - 1].clone(),
        }],
        ..CellPatch::default()
    };
    let patched = store
        .patch_rows(id, &delete_g1_row(7), &Author::named("c"))
        .await
        .unwrap();
    assert_eq!(
        (
            patched.revision,
            patched.conflicts.len(),
            patched.conflicts[0].column
        ),
        (None, 1, None)
    );
    assert_eq!(store.get_sheet(id).await.unwrap().sheet.rows, expected);
    store
        .patch_rows(id, &delete_g1_row(12), &Author::named("c"))
        .await
        .unwrap();
    assert_eq!(store.get_sheet(id).await.unwrap().sheet.rows.len(), 11);
}

/// A patch that sets the value of the row `row_id` from `base` to `value`.
fn value_patch(row_id: i64, base: &str, value: String) -> CellPatch {
    CellPatch {
        cells: vec![CellSet {
            row_id,
            column: Column::Value,
            base: base.into(),
            value,
        }],
        ..CellPatch::default()
    }
}

async fn fifty_concurrent_writers_of_their_own_cells_lose_nothing(store: &Store, _: &TestDb) {
    let rows: Vec<Row> = (0..50)
        .map(|i| Row {
            segment: format!("app -> s{i}"),
            item: "read timeout".into(),
            value: "1s".into(),
            ..Row::default()
        })
        .collect();
    let id = english_sheet(store, "fifty", rows).await;
    let tasks: Vec<_> = (0..50_i64)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                let patch = value_patch(i + 1, "1s", format!("{}s", i + 2));
                store
                    .patch_rows(id, &patch, &Author::named(&format!("w{i}")))
                    .await
            })
        })
        .collect();
    for task in tasks {
        task.await
            .unwrap()
            .expect("every writer of its own cell lands");
    }
    let stored = store.get_sheet(id).await.unwrap();
    let values: Vec<String> = stored.sheet.rows.iter().map(|r| r.value.clone()).collect();
    let expected: Vec<String> = (0..50).map(|i| format!("{}s", i + 2)).collect();
    assert_eq!(values, expected);
    assert_eq!(stored.revision, 50);
    assert_eq!(store.revisions(id).await.unwrap().len(), 51);
}

async fn concurrent_writers_of_one_cell_get_one_success_and_three_values(
    store: &Store,
    _: &TestDb,
) {
    let id = english_sheet(store, "one", g1_rows()).await;
    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                let patch = value_patch(7, "1.5s", format!("{}s", i + 2));
                (
                    i,
                    store
                        .patch_rows(id, &patch, &Author::named(&format!("w{i}")))
                        .await,
                )
            })
        })
        .collect();
    let mut won = Vec::new();
    let mut refused = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            (i, Ok(patched)) if patched.conflicts.is_empty() => won.push(i),
            (i, Ok(patched)) => refused.push((i, patched.conflicts)),
            (_, Err(e)) => panic!("{e:?}"),
        }
    }
    assert_eq!((won.len(), refused.len()), (1, 9));
    let winner = format!("{}s", won[0] + 2);
    assert_eq!(
        store.get_sheet(id).await.unwrap().sheet.rows[6].value,
        winner
    );
    for (i, conflicts) in refused {
        let c = &conflicts[0];
        assert_eq!(
            (c.base.as_str(), c.theirs.as_deref(), c.mine.as_deref()),
            (
                "1.5s",
                Some(winner.as_str()),
                Some(format!("{}s", i + 2).as_str())
            )
        );
    }
}

async fn history_of_many_revisions_is_rebuilt_exactly(store: &Store, _: &TestDb) {
    // HISTORY_REVISIONS revisions (1,000 in the suite; docs/benchmarks.md records a run of 10,000), each a
    // patch with a message (so none folds): a value changed, a row inserted or deleted in
    // turn. Every revision's rows are kept here and compared with the store's rebuild.
    let n: usize = std::env::var("HISTORY_REVISIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000);
    let id = english_sheet(store, "long", g1_rows()).await;
    let mut kept: Vec<Vec<Row>> = vec![g1_rows()];
    for k in 0..n {
        let current = store.get_sheet(id).await.unwrap();
        let mut patch = CellPatch {
            message: format!("step {k}"),
            ..CellPatch::default()
        };
        let rows = &current.sheet.rows;
        match k % 3 {
            0 | 1 if !rows.is_empty() => {
                let at = k * 7 % rows.len();
                patch.cells.push(CellSet {
                    row_id: current.row_ids[at],
                    column: Column::Value,
                    base: rows[at].value.clone(),
                    value: format!("{k}ms"),
                });
            }
            _ if rows.len() > 8 => {
                let at = k % rows.len();
                patch.delete.push(RowDelete {
                    row_id: current.row_ids[at],
                    base: rows[at].clone(),
                });
            }
            _ => patch.insert.push(RowInsert {
                after: current.row_ids.get(k % 5).copied(),
                row: Row {
                    segment: format!("n{k}"),
                    ..Row::default()
                },
            }),
        }
        store
            .patch_rows(id, &patch, &Author::named("h"))
            .await
            .unwrap();
        kept.push(store.get_sheet(id).await.unwrap().sheet.rows);
    }
    assert_eq!(store.revisions(id).await.unwrap().len(), n + 1);
    for number in (1..=n + 1).step_by(37).chain([n, n + 1]) {
        assert_eq!(
            store.revision(id, number as i64).await.unwrap().sheet.rows,
            kept[number - 1],
            "revision {number}"
        );
    }
}

async fn an_unknown_revision_or_row_is_a_clear_error(store: &Store, _: &TestDb) {
    let id = english_sheet(store, "e", g1_rows()).await;
    assert_eq!(
        store.revision(id, 9).await.unwrap_err().to_string(),
        format!("sheet {id} has no revision 9")
    );
    assert_eq!(
        store.revision(id + 1, 1).await.unwrap_err().to_string(),
        format!("sheet {} not found", id + 1)
    );
    let patch = CellPatch {
        cells: vec![CellSet {
            row_id: 99,
            column: Column::Value,
            base: String::new(),
            value: "1s".into(),
        }],
        ..CellPatch::default()
    };
    assert_eq!(
        store
            .patch_rows(id, &patch, &Author::anonymous())
            .await
            .unwrap_err()
            .to_string(),
        format!("sheet {id} has no row with id 99")
    );
    assert_eq!(
        store
            .restore(id, 5, None, &Author::anonymous())
            .await
            .unwrap_err()
            .to_string(),
        format!("sheet {id} has no revision 5")
    );
    // Nothing changed: one revision, the version still 0.
    assert_eq!(store.revisions(id).await.unwrap().len(), 1);
    assert_eq!(store.get_sheet(id).await.unwrap().revision, 0);
}

/// The next event about sheet `id` on `events` (within 5 s).
async fn next_event(
    events: &mut tokio::sync::broadcast::Receiver<workbench_store::SheetEvent>,
    id: i64,
) -> workbench_store::SheetEvent {
    tokio::time::timeout(std::time::Duration::from_secs(5), async {
        loop {
            let e = events.recv().await.expect("the channel stays open");
            if e.sheet_id == id {
                return e;
            }
        }
    })
    .await
    .expect("an event within 5 s")
}

/// Two server instances on one PostgreSQL database hear each other's saves and count each
/// other's viewers (`LISTEN`/`NOTIFY`); a third store on another schema hears nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn instances_on_one_postgres_database_hear_each_other() {
    let db = TestDb::postgres().await;
    let other = TestDb::postgres().await;
    let (a, b) = (&db.store, Store::connect(&db.url).await.unwrap());
    let id = a
        .create_sheet(&name("shared"), &Sheet::new(Lang::En, vec![]))
        .await
        .unwrap();
    let mut heard_by_a = a.subscribe();
    let mut heard_elsewhere = other.store.subscribe();

    // A page on instance B: instance A counts it.
    let watching = b.watch(id);
    let e = next_event(&mut heard_by_a, id).await;
    assert_eq!((e.kind, e.viewers), ("presence", 1));
    assert_eq!(a.viewers(id), 1);

    // A save through B reaches A's pages with its version and author.
    let rows = budget::tsv::import(&fixture("reservation-en.tsv"))
        .unwrap()
        .rows;
    let author = Author::named("bob");
    let version = b.save_rows_from(id, 0, &rows, &author).await.unwrap();
    let e = next_event(&mut heard_by_a, id).await;
    assert_eq!(
        (e.kind, e.version, e.author.as_str(), e.viewers),
        ("saved", version, "bob", 1)
    );

    // The page leaves: A counts nobody.
    drop(watching);
    let e = next_event(&mut heard_by_a, id).await;
    assert_eq!((e.kind, e.viewers), ("presence", 0));
    assert_eq!(a.viewers(id), 0);

    // Another schema is another workbench: it heard none of this.
    assert!(matches!(
        heard_elsewhere.try_recv(),
        Err(tokio::sync::broadcast::error::TryRecvError::Empty)
    ));
}

/// Two server instances on one PostgreSQL database: a page's event stream on one hears a
/// `PUT` made through the other, with its version, author and both instances' viewers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_on_one_instance_streams_a_save_made_through_another() {
    use axum::body::Body;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    let db = TestDb::postgres().await;
    let one = crate::helpers::app_on(db.store.clone());
    let two = crate::helpers::app_on(Store::connect(&db.url).await.unwrap());
    let id = one
        .create_sheet("shared", &fixture("reservation-en.tsv"))
        .await;

    // A page on instance two, and one on instance one.
    let listen = |app: &crate::helpers::TestApp| {
        let request = axum::http::Request::get(format!("/api/v1/sheets/{id}/events"))
            .body(Body::empty())
            .unwrap();
        app.router.clone().oneshot(request)
    };
    let _elsewhere = listen(&two).await.unwrap().into_body();
    let mut body = listen(&one).await.unwrap().into_body();
    // Instance two's viewer reaches instance one through the database: wait until it has,
    // so that the save below is sent with both viewers however busy the machine is.
    tokio::time::timeout(std::time::Duration::from_secs(5), async {
        while db.store.viewers(id) != 2 {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("instance one counts both viewers within 5 s");

    // Act: a save through instance two.
    let put = two
        .send_with(
            axum::http::Method::PUT,
            &format!("/api/v1/sheets/{id}"),
            &[("if-match", "\"0\""), ("x-workbench-author", "bob")],
            golden_g2(),
        )
        .await;
    assert_eq!(put.status, axum::http::StatusCode::OK, "{}", put.text());

    // Assert: instance one's page hears it (after the viewer counts).
    let saved = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        loop {
            let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
            let text = String::from_utf8(frame.to_vec()).unwrap();
            if text.starts_with("event: saved") {
                return text;
            }
        }
    })
    .await
    .expect("the save within 5 s");
    assert_eq!(
        saved,
        "event: saved\nid: 1\ndata: {\"author\":\"bob\",\"version\":1,\"viewers\":2}\n\n"
    );
}

/// `GET /readyz` is ready while the database answers with every migration of this build, to
/// any `Host` (a load balancer names the instance by its address), and names the first
/// migration missing when one is; `GET /healthz` answers all along.
async fn the_probes_tell_a_missing_migration(store: &Store, db: &TestDb) {
    let app = crate::helpers::app_on(store.clone());
    let probe = |path: &'static str| {
        let app = &app;
        async move {
            let r = app
                .send_with(Method::GET, path, &[("host", "10.1.2.3:3000")], "")
                .await;
            (r.status, r.json())
        }
    };
    let statement_timeout = if matches!(db.backend, Backend::Sqlite { .. }) {
        json!(null)
    } else {
        json!("20s")
    };
    // Every migration of the workspace's folder is in the build.
    let migrations = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations"))
        .unwrap()
        .filter(|f| {
            f.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".sql")
        })
        .count();
    assert!(migrations >= 9, "{migrations} migrations");
    assert_eq!(
        probe("/readyz").await,
        (
            StatusCode::OK,
            json!({"status": "ready", "migrations": migrations, "statement_timeout": statement_timeout})
        )
    );
    db.sql("DELETE FROM _sqlx_migrations WHERE version = 20250107000000")
        .await;
    assert_eq!(
        probe("/readyz").await,
        (
            StatusCode::SERVICE_UNAVAILABLE,
            json!({"status": "not ready", "error": "database not ready: migration 20250107000000 (proposals) is not applied"})
        )
    );
    assert_eq!(
        probe("/healthz").await,
        (StatusCode::OK, json!({"status": "ok"}))
    );
}

/// `GET /readyz` on a database that fails (here: the store's connections closed) is not
/// ready, in plain words: the database's own error goes only to the server's log.
async fn a_failed_database_is_not_ready_in_plain_words(store: &Store, _: &TestDb) {
    // Arrange
    let app = crate::helpers::app_on(store.clone());
    store.close().await;

    // Act
    let r = app
        .send_with(Method::GET, "/readyz", &[("host", "10.1.2.3:3000")], "")
        .await;

    // Assert
    assert_eq!(
        (r.status, r.json()),
        (
            StatusCode::SERVICE_UNAVAILABLE,
            json!({"status": "not ready", "error": "the database failed; see the server's log"})
        )
    );
}

/// The statement timeout given is the one every PostgreSQL connection of the store has.
#[tokio::test]
async fn the_statement_timeout_given_is_postgres_own() {
    let db = TestDb::postgres().await;
    let store = Store::connect_with(
        &db.url,
        workbench_store::PoolTimeouts {
            acquire: std::time::Duration::from_secs(5),
            statement: std::time::Duration::from_millis(1_500),
        },
    )
    .await
    .unwrap();
    assert_eq!(
        store.ready().await.unwrap().statement_timeout.as_deref(),
        Some("1500ms")
    );
}
