//! The workbench's side of `bench/peer.sh`: for each TSV file named on the command line, the
//! CPU time the engine spends on what `workbench check --format json FILE` does once started:
//! read the file, import it (`tsv::import`), check it (`check`) and write the report as
//! pretty-printed JSON (`serde_json::to_string_pretty`, as the command does). The median of
//! `PEER_RUNS` runs (default 30) after one warm-up run, in the benchmark thread's CPU time.
//!
//! One line per file, tab-separated: `rust`, the file, its rows, then the medians in µs of the
//! whole run, the import, the check and the JSON, and the report's counts of errors and
//! warnings. Run with `cargo bench -p budget --bench peer -- FILE...`.

use budget::{check, tsv, Lang, Sheet};

use cpu_time::ThreadTime;
use std::hint::black_box;
use std::time::Duration;

/// The workbench binary's allocator (server/src/main.rs), as `workbench check` runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The median of `times`, in µs.
fn median_us(times: &mut [Duration]) -> f64 {
    times.sort_unstable();
    times[times.len() / 2].as_secs_f64() * 1e6
}

fn main() {
    let runs: usize = std::env::var("PEER_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(30);
    // `cargo bench` passes `--bench` to a harness-less benchmark: only paths count.
    for path in std::env::args().skip(1).filter(|a| !a.starts_with("--")) {
        let mut phases: [Vec<Duration>; 4] = Default::default();
        let mut summary = (0, 0, 0);
        for run in 0..=runs {
            let start = ThreadTime::now();
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let imported = tsv::import(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
            let read = start.elapsed();
            let sheet = Sheet::new(imported.lang.unwrap_or(Lang::En), imported.rows);
            let report = check(black_box(&sheet));
            let checked = start.elapsed();
            let json = serde_json::to_string_pretty(&report).expect("plain data serialises");
            let total = start.elapsed();
            black_box(json);
            summary = (
                sheet.rows.len(),
                report.summary.errors,
                report.summary.warnings,
            );
            if run > 0 {
                phases[0].push(total);
                phases[1].push(read);
                phases[2].push(checked - read);
                phases[3].push(total - checked);
            }
        }
        let [total, import, check, json] = phases.each_mut().map(|p| median_us(p));
        println!(
            "rust\t{path}\t{}\t{total:.0}\t{import:.0}\t{check:.0}\t{json:.0}\t{}\t{}",
            summary.0, summary.1, summary.2
        );
    }
}
