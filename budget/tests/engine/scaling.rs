//! Work that must not grow faster than the sheet: generated worst-case shapes at the row limit
//! ([`budget::tsv::MAX_ROWS`], 5,000 rows) answer a report of at most 5 MB, and doubling a
//! sheet at most doubles the work.
//!
//! The work is counted, not timed: the engine's own step count ([`budget::check_counted`]:
//! rows, layers and waits, need terms, hops the attempts walk follows, rows findings name), and
//! a counting allocator (this test binary's own global allocator, per thread) that counts the
//! allocations and the bytes allocated while the engine checks a sheet. Every formula copied
//! per nested layer, every path copied per node and every row listed again per finding
//! allocates, and every path walked again is a step, so quadratic work shows as four times the
//! count when the sheet doubles. Timing is left to the benchmarks (`benches/check.rs`).

use budget::{check_counted, tsv, Lang, Report, Row, Sheet};

use crate::counting;

/// What checking a sheet cost: the engine's steps, allocations, bytes allocated, and the
/// report's JSON bytes.
#[derive(Debug, Clone, Copy)]
struct Work {
    steps: u64,
    allocations: u64,
    bytes: u64,
    json: usize,
}

fn measure(sheet: &Sheet) -> (Report, Work) {
    let ((report, work), allocations, bytes) = counting::counted(|| check_counted(sheet));
    let json = serde_json::to_vec(&report).unwrap().len();
    (
        report,
        Work {
            steps: work.steps,
            allocations,
            bytes,
            json,
        },
    )
}

use crate::shapes;

use shapes::{chain, found, nested_tries, only, SHAPES};

const FIVE_MB: usize = 5_000_000;

/// Doubling `n` must at most double the work: a ratio of 2 plus a little for what does not
/// grow with the sheet and for vectors that grow by doubling.
fn assert_at_most_doubles(shape: &str, what: &str, small: u64, large: u64) {
    let ratio = large as f64 / small.max(1) as f64;
    assert!(
        ratio <= 2.2,
        "{shape}: {what} grew {ratio:.2} times when the sheet doubled ({small} → {large})"
    );
}

#[test]
fn every_shape_at_the_row_limit_answers_at_most_5_mb_and_doubling_it_at_most_doubles_the_work() {
    for (shape, generate) in SHAPES {
        let small = generate(tsv::MAX_ROWS);
        assert!(small.len() <= tsv::MAX_ROWS && small.len() > tsv::MAX_ROWS - 10);
        let (_, at_limit) = measure(&Sheet::new(Lang::En, small));
        assert!(
            at_limit.json <= FIVE_MB,
            "{shape}: {} bytes of report JSON at {} rows",
            at_limit.json,
            tsv::MAX_ROWS
        );
        let (_, doubled) = measure(&Sheet::new(Lang::En, generate(2 * tsv::MAX_ROWS)));
        assert_at_most_doubles(
            shape,
            "report JSON",
            at_limit.json as u64,
            doubled.json as u64,
        );
        assert_at_most_doubles(shape, "steps", at_limit.steps, doubled.steps);
        assert_at_most_doubles(
            shape,
            "allocations",
            at_limit.allocations,
            doubled.allocations,
        );
        assert_at_most_doubles(shape, "bytes allocated", at_limit.bytes, doubled.bytes);
    }
}

#[test]
fn the_japanese_report_of_every_shape_is_as_small() {
    for (shape, generate) in SHAPES {
        let (_, work) = measure(&Sheet::new(Lang::Ja, generate(tsv::MAX_ROWS)));
        assert!(work.json <= FIVE_MB, "{shape}: {} bytes", work.json);
    }
}

#[test]
fn more_than_ten_nested_tries_layers_are_a_warning_with_a_summarised_formula() {
    let report = budget::check(&Sheet::new(Lang::En, nested_tries(14)));
    let f = only(&report, "tries.nested_too_deep");
    assert_eq!(f.severity, budget::Severity::Warning);
    assert_eq!(f.hop.as_deref(), Some("a -> b"));
    assert_eq!(f.rows, (3..=14).collect::<Vec<_>>());
    assert_eq!(
        f.message,
        "a -> b: 12 tries rows nest 12 retry layers, more than 10: each outer try repeats every inner one, so the tries multiply to at least 4294967295"
    );
    assert_eq!(
        f.fix.as_deref(),
        Some("keep one tries row per retry layer that really exists (at most 10); the tries of one layer go in one cell, e.g. 3 tries, waits 0.5s, 1s")
    );
    let hop = &report.hops[0];
    // The numbers are still computed, saturating: a lower bound, never unknown, and never
    // written as an exact number.
    assert_eq!(hop.worst_ms, Some(u64::MAX));
    assert_eq!(hop.tries, u32::MAX);
    assert_eq!(
        hop.formula,
        "(0.5 + 1) × 1000 × 1000 × … × 1000, waits included (12 nested tries layers) = ≥ 18446744073709551.615 s"
    );
    // Each row's parsed value sums a long waits list instead of listing it.
    assert_eq!(report.rows[2].parsed, "1000 tries, 999 waits of 0.5 s");

    let ja = budget::check(&Sheet::new(Lang::Ja, nested_tries(14)));
    let f = only(&ja, "tries.nested_too_deep");
    assert_eq!(
        f.message,
        "a -> b：試行回数の行が12行あり、12層の入れ子のリトライになります（上限10層）。外側の1回ごとに内側がすべて繰り返されるため、試行は4294967295回以上に掛け合わされます"
    );
    assert_eq!(
        f.fix.as_deref(),
        Some("実在するリトライの層ごとに1行（最大10行）にしてください。1つの層の試行は「3回、待機0.5秒、1秒」のように1つのセルに書きます")
    );
}

#[test]
fn ten_nested_layers_are_still_written_out_and_a_long_waits_list_is_summed() {
    let mut rows = vec![
        Row::new("a -> b", "connect timeout", "0.5s"),
        Row::new("a -> b", "read timeout", "1s"),
        Row::new("a -> b", "tries and waits", "20 tries, waits 0.5s"),
    ];
    rows.extend((0..9).map(|_| Row::new("a -> b", "tries and waits", "2 tries")));
    let report = budget::check(&Sheet::new(Lang::En, rows));
    assert!(report
        .findings
        .iter()
        .all(|f| f.code != "tries.nested_too_deep"));
    let hop = &report.hops[0];
    // (1.5 × 20 + 9.5) × 2^9 = 39.5 s × 512 = 20224 s.
    assert_eq!(hop.worst_ms, Some(20_224_000));
    assert_eq!(hop.tries, 20 * 512);
    assert_eq!(
        hop.formula,
        "((((((((((0.5 + 1) × 20 + 9.5 (19 waits)) × 2) × 2) × 2) × 2) × 2) × 2) × 2) × 2) × 2 = 20224.0 s"
    );
    assert_eq!(report.rows[2].parsed, "20 tries, 19 waits of 0.5 s");
    // The report lists the first ten waits; the formula sums all 19.
    assert_eq!(hop.waits_ms, vec![500; 10]);
}

#[test]
fn a_long_chain_names_the_ends_of_its_path_and_the_report_lists_at_most_2000_findings() {
    let report = budget::check(&Sheet::new(Lang::En, chain(5_000)));
    // 2,499 hops: 2,498 inversions, 2,498 amplifications, 2,499 connect-missing warnings and
    // 2,498 read intervals: the summary counts them all (and the notice), the list 2,000.
    assert_eq!(report.summary.errors, 2_498);
    assert_eq!(report.summary.warnings, 2_498 + 2_499 + 2_498 + 1);
    assert_eq!(report.findings.len(), 2_001);
    let notice = report.findings.last().unwrap();
    assert_eq!(notice.code, "findings.truncated");
    assert_eq!(notice.severity, budget::Severity::Warning);
    assert_eq!(
        notice.message,
        "2000 of 9993 findings are listed, errors first (a report lists at most 2000, with at most 1 MB of text); the other 7993 are left out, and the summary counts them"
    );
    assert_eq!(
        notice.fix.as_deref(),
        Some("fix the findings listed and check again, or split the sheet into several sheets")
    );
    let ja = budget::check(&Sheet::new(Lang::Ja, chain(5_000)));
    assert_eq!(
        ja.findings.last().unwrap().message,
        "9993件の指摘のうち、エラーから順に2000件を表示しています（表示は最大2000件、文字数は最大1MB）。残りの7993件は省略しました（件数は集計に含まれます）"
    );

    // A shorter chain lists every amplification; a node past 64 hops names the first and last
    // three factors of its path and their rows.
    let report = budget::check(&Sheet::new(Lang::En, chain(201)));
    let amplification = |node: &str| {
        let what = format!("retry.amplification on {node}");
        found(&report.findings, &what, |f| {
            f.code == "retry.amplification" && f.node.as_deref() == Some(node)
        })
    };
    let f = amplification("n100");
    assert_eq!(
        f.message,
        "n100 may receive at least 18446744073709551615 attempts for one request (2 × 2 × 2 × … × 2 × 2 × 2, 100 layers), more than the sheet's threshold of 3"
    );
    assert_eq!(f.rows, vec![3, 5, 7, 197, 199, 201]);
    assert_eq!(f.attempts, Some(u64::MAX));
    let f = amplification("n3");
    assert_eq!(
        f.message,
        "n3 may receive 8 attempts for one request (2 × 2 × 2), more than the sheet's threshold of 3"
    );
    assert_eq!(f.rows, vec![3, 5, 7]);
}

#[test]
fn the_findings_listed_hold_at_most_1_mb_of_text() {
    // 1,000 hops with names of 300 characters and no timeout: one bound.missing each, whose
    // message and hop name repeat the segment.
    let rows: Vec<budget::Row> = (0..1_000)
        .map(|i| {
            let segment = format!("{}{i:04} -> {}{i:04}", "a".repeat(300), "b".repeat(300));
            Row::new(&segment, "tries and waits", "2 tries")
        })
        .collect();
    let report = budget::check(&Sheet::new(Lang::En, rows));
    let listed = report.findings.len() - 1;
    let text: usize = report.findings[..listed]
        .iter()
        .map(|f| {
            f.message.len()
                + f.fix.as_ref().map_or(0, String::len)
                + f.hop.as_ref().map_or(0, String::len)
        })
        .sum();
    assert!(text <= budget::MAX_LISTED_FINDINGS_TEXT, "{text}");
    // Each finding holds about 1,360 bytes of text: 735 fit in 1,000,000.
    assert_eq!(listed, 735);
    let notice = report.findings.last().unwrap();
    assert_eq!(notice.code, "findings.truncated");
    assert!(
        notice
            .message
            .starts_with("735 of 1000 findings are listed"),
        "{}",
        notice.message
    );
}
