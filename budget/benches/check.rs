//! Benchmarks of the engine: `check` on the golden G1 sheet (12 rows) and on the sheets of
//! `../shared/bench/gen_sheet.py` at 10, 100, 1,000 and 5,000 rows (one group, `check`, whose
//! throughput in rows per second stays flat when the cost is linear), the same sheets' facts
//! and words apart (group `facts and words`: a check that keeps its facts, and its report's
//! words written from them in the other language), the worst-case shapes at
//! the row limit (5,000 rows; the same generators as `tests/engine/scaling.rs`), and the TSV round
//! trip. Run with `cargo bench -p budget --bench check`; the figures are in docs/benchmarks.md. Times
//! are the benchmark thread's CPU time ([`cpu::ThreadCpu`]), which the load of a shared
//! machine does not inflate as it does wall time.

use budget::{check, tsv, Checked, Lang, Sheet};
use cpu::ThreadCpu;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

/// The workbench binary's allocator (server/src/main.rs): the engine is measured as it runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod cpu;
#[path = "../tests/engine/shapes/mod.rs"]
mod shapes;
mod sheets;

/// The sizes of the `check` group, in rows.
const SIZES: [usize; 4] = [10, 100, 1_000, 5_000];

fn benches(c: &mut Criterion<ThreadCpu>) {
    let mut group = c.benchmark_group("check");
    let golden = tsv::import(budget::example::RESERVATION_JA).unwrap();
    let golden = Sheet::new(Lang::Ja, golden.rows);
    group.throughput(Throughput::Elements(golden.rows.len() as u64));
    group.bench_with_input(
        BenchmarkId::new("golden G1", golden.rows.len()),
        &golden,
        |b, sheet| b.iter(|| check(black_box(sheet))),
    );
    for rows in SIZES {
        let sheet = Sheet::new(Lang::En, sheets::rows(rows));
        group.throughput(Throughput::Elements(rows as u64));
        group.bench_with_input(BenchmarkId::new("gen_sheet", rows), &sheet, |b, sheet| {
            b.iter(|| check(black_box(sheet)))
        });
    }
    group.finish();

    // The facts and the words apart: a check that keeps its facts (`Checked::of`), and the
    // report's words written from them, in the other language (`Checked::report`).
    let mut group = c.benchmark_group("facts and words");
    for rows in SIZES {
        let sheet = Sheet::new(Lang::En, sheets::rows(rows));
        group.throughput(Throughput::Elements(rows as u64));
        group.bench_with_input(BenchmarkId::new("facts", rows), &sheet, |b, sheet| {
            b.iter(|| Checked::of(black_box(sheet)))
        });
        let checked = Checked::of(&sheet);
        group.bench_with_input(BenchmarkId::new("words", rows), &checked, |b, checked| {
            b.iter(|| black_box(checked).report(Lang::Ja))
        });
    }
    group.finish();

    for (name, generate) in shapes::SHAPES {
        let sheet = Sheet::new(Lang::En, generate(tsv::MAX_ROWS));
        c.bench_function(&format!("check 5000 rows: {name}"), |b| {
            b.iter(|| check(black_box(&sheet)))
        });
    }

    let large = sheets::rows(1_000);
    let text = tsv::export(&large, Lang::En);
    c.bench_function("tsv import 1000 rows", |b| {
        b.iter(|| tsv::import(black_box(&text)).unwrap())
    });
    c.bench_function("tsv export 1000 rows", |b| {
        b.iter(|| tsv::export(black_box(&large), Lang::En))
    });
}

criterion_group! {
    name = engine;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = benches
}
criterion_main!(engine);
