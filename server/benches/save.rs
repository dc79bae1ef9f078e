//! Benchmarks of the store: saving a sheet's rows on SQLite in a temporary file (one
//! transaction: the old rows deleted, the new ones inserted, the sheet checked for the list's
//! counts). The 5,000-row sheet is the row limit, in the shape of `shared/bench/gen_sheet.py`
//! (7 rows per service behind one LB). Run with `cargo bench -p server --bench save`; the
//! figures are in docs/benchmarks.md.

use budget::{Lang, Row, Sheet};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use workbench_model::sheet_name::SheetName;
use workbench_store::Store;

/// One row of the generated sheet.
fn row(
    layer: &str,
    segment: String,
    item: &str,
    setting: &str,
    default: &str,
    value: &str,
    location: &str,
) -> Row {
    Row {
        layer: layer.into(),
        segment,
        item: item.into(),
        setting: setting.into(),
        default: default.into(),
        value: value.into(),
        location: location.into(),
        rationale: "generated".into(),
    }
}

/// The first `rows` rows of `gen_sheet.py`'s sheet: a browser → LB front row, then services
/// behind the LB, each with a deadline, its own time, a DB hop (connect and statement) and an
/// API hop (read, tries and waits).
fn generated_rows(rows: usize) -> Vec<Row> {
    let mut out = vec![row(
        "1",
        "browser -> LB".into(),
        "overall deadline",
        "fetch AbortSignal.timeout",
        "none",
        "60s",
        "front end",
    )];
    let mut s = 0;
    while out.len() < rows {
        out.extend([
            row(
                "2",
                format!("LB -> svc{s}"),
                "read timeout",
                "proxy_read_timeout",
                "60s",
                "30",
                "nginx.conf",
            ),
            row(
                "3",
                format!("svc{s}"),
                "request deadline",
                "in-app deadline",
                "none",
                "20s",
                "middleware",
            ),
            row(
                "3",
                format!("svc{s}"),
                "own processing time",
                "-",
                "-",
                "0.5s",
                "-",
            ),
            row(
                "4",
                format!("svc{s} -> db{s}"),
                "connect timeout",
                "connect_timeout",
                "-",
                "1s",
                "DSN",
            ),
            row(
                "4",
                format!("svc{s} -> db{s}"),
                "statement timeout",
                "statement_timeout",
                "0 (disabled)",
                "2000",
                "ALTER ROLE",
            ),
            row(
                "5",
                format!("svc{s} -> api{s}"),
                "read timeout",
                "requests timeout (read)",
                "none",
                "2s",
                "client",
            ),
            row(
                "5",
                format!("svc{s} -> api{s}"),
                "tries and waits",
                "in-app retry settings",
                "-",
                "3 tries, waits 0.5s, 1s",
                "client",
            ),
        ]);
        s += 1;
    }
    out.truncate(rows);
    out
}

/// A tokio runtime and a store on a SQLite file in a temporary folder (removed on drop).
fn sqlite_store() -> (tokio::runtime::Runtime, tempfile::TempDir, Store) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let store = runtime
        .block_on(Store::connect(&url))
        .expect("a SQLite store");
    (runtime, dir, store)
}

fn save(c: &mut Criterion) {
    let (runtime, _dir, store) = sqlite_store();
    let mut group = c.benchmark_group("save rows (SQLite file)");
    group.sample_size(20);
    for rows in [12, 1_000, 5_000] {
        let sheet = Sheet::new(Lang::En, generated_rows(rows));
        assert_eq!(sheet.rows.len(), rows);
        let id = runtime
            .block_on(store.create_sheet(&SheetName::parse("bench").expect("a name"), &sheet))
            .expect("the sheet is created");
        group.bench_with_input(BenchmarkId::from_parameter(rows), &sheet.rows, |b, rows| {
            b.iter(|| {
                runtime
                    .block_on(store.save_rows(id, rows))
                    .expect("the rows are saved")
            });
        });
    }
    group.finish();
}

/// Reading a sheet with a long history: the current rows (never a replay of the history), one
/// revision rebuilt from its snapshot (at most 63 changes applied), and the list of revisions,
/// at 10 and 10,000 revisions of a 99-row sheet, each revision one changed value.
fn history(c: &mut Criterion) {
    use workbench_store::{Author, CellPatch, CellSet};
    let (runtime, _dir, store) = sqlite_store();
    let mut group = c.benchmark_group("history (SQLite file, 99 rows)");
    group.sample_size(20);
    for revisions in [10_i64, 10_000] {
        let sheet = Sheet::new(Lang::En, generated_rows(99));
        let id = runtime
            .block_on(store.create_sheet(&SheetName::parse("h").expect("a name"), &sheet))
            .expect("the sheet is created");
        let author = Author::named("bench");
        for k in 1..revisions {
            let stored = runtime.block_on(store.get_sheet(id)).expect("the sheet");
            let at = (k as usize * 7) % stored.sheet.rows.len();
            let patch = CellPatch {
                cells: vec![CellSet {
                    row_id: stored.row_ids[at],
                    column: budget::Column::Rationale,
                    base: stored.sheet.rows[at].rationale.clone(),
                    value: format!("revision {k}"),
                }],
                message: format!("step {k}"),
                ..CellPatch::default()
            };
            runtime
                .block_on(store.patch_rows(id, &patch, &author))
                .expect("a revision");
        }
        group.bench_with_input(BenchmarkId::new("current rows", revisions), &id, |b, id| {
            b.iter(|| runtime.block_on(store.get_sheet(*id)).expect("the sheet"));
        });
        let middle = revisions / 2 + 30;
        group.bench_with_input(
            BenchmarkId::new("one revision rebuilt", revisions),
            &id,
            |b, id| {
                b.iter(|| {
                    runtime
                        .block_on(store.revision(*id, middle.min(revisions)))
                        .expect("a revision")
                });
            },
        );
        group.bench_with_input(
            BenchmarkId::new("list of revisions", revisions),
            &id,
            |b, id| {
                b.iter(|| runtime.block_on(store.revisions(*id)).expect("the list"));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, save, history);
criterion_main!(benches);
