//! Benchmarks of the engine: checking the example sheet, a large generated sheet, the
//! worst-case shapes at the row limit (5,000 rows; the same generators as
//! `tests/scaling.rs`), and the TSV round trip. Run with `cargo bench -p budget`; the figures
//! are in the README.

use budget::{check, tsv, Lang, Row, Sheet};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

#[path = "../tests/shapes/mod.rs"]
mod shapes;

/// A sheet of `services` services behind one LB, each calling two backends with retries:
/// 4 rows per service plus 2.
fn large_sheet(services: usize) -> Sheet {
    let mut rows = vec![Row {
        segment: "browser -> LB".into(),
        item: "deadline".into(),
        value: "60s".into(),
        ..Row::default()
    }];
    for s in 0..services {
        let svc = format!("svc{s}");
        rows.push(Row {
            segment: format!("LB -> {svc}"),
            item: "read timeout".into(),
            setting: "proxy_read_timeout".into(),
            value: "30".into(),
            ..Row::default()
        });
        rows.push(Row {
            segment: svc.clone(),
            item: "deadline".into(),
            value: "20s".into(),
            ..Row::default()
        });
        rows.push(Row {
            segment: format!("{svc} -> db{s}"),
            item: "statement timeout".into(),
            setting: "statement_timeout".into(),
            value: "2000".into(),
            ..Row::default()
        });
        rows.push(Row {
            segment: format!("{svc} -> api{s}"),
            item: "tries and waits".into(),
            value: "3 tries, waits 0.5s, 1s".into(),
            ..Row::default()
        });
        rows.push(Row {
            segment: format!("{svc} -> api{s}"),
            item: "read timeout".into(),
            value: "2s".into(),
            ..Row::default()
        });
    }
    Sheet::new(Lang::En, rows)
}

fn benches(c: &mut Criterion) {
    let example = tsv::import(budget::example::RESERVATION_JA).unwrap();
    let example = Sheet::new(Lang::Ja, example.rows);
    c.bench_function("check reservation sheet (12 rows)", |b| {
        b.iter(|| check(black_box(&example)))
    });

    let large = large_sheet(200);
    c.bench_function("check generated sheet (1001 rows)", |b| {
        b.iter(|| check(black_box(&large)))
    });

    for (name, generate) in shapes::SHAPES {
        let sheet = Sheet::new(Lang::En, generate(tsv::MAX_ROWS));
        c.bench_function(&format!("check 5000 rows: {name}"), |b| {
            b.iter(|| check(black_box(&sheet)))
        });
    }

    let text = tsv::export(&large.rows, Lang::En);
    c.bench_function("tsv import 1001 rows", |b| {
        b.iter(|| tsv::import(black_box(&text)).unwrap())
    });
    c.bench_function("tsv export 1001 rows", |b| {
        b.iter(|| tsv::export(black_box(&large.rows), Lang::En))
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
