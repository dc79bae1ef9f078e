//! Sheets the engine's tests share (also compiled into `benches/check.rs`): the golden
//! reservation sheet, the report look-ups many tests assert on, and generated worst-case
//! shapes, each generator making a sheet of about the number of rows asked for.
#![allow(dead_code)]

use std::path::PathBuf;

use budget::{tsv, Finding, FindingCode, HopReport, Lang, Report, Row, RowsBehind, Sheet};

/// Golden G1: the reservation sheet with headers in `lang`.
pub fn reservation(lang: Lang) -> Sheet {
    let text = budget::example::reservation(lang);
    Sheet::new(lang, tsv::import(text).expect("the example reads").rows)
}

/// Every sheet under fixtures/, those beside configuration files included, each with its
/// path and in the language of its headers.
pub fn fixture_sheets() -> Vec<(PathBuf, Sheet)> {
    let mut dirs = vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures")];
    let mut sheets = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "tsv") {
                let imported = tsv::import(&std::fs::read_to_string(&path).unwrap()).unwrap();
                let sheet = Sheet::new(imported.lang.unwrap_or_default(), imported.rows);
                sheets.push((path, sheet));
            }
        }
    }
    sheets
}

/// The first of `items` that `is` picks; fails naming `what` if there is none.
pub fn found<'a, T>(items: &'a [T], what: &str, is: impl Fn(&T) -> bool) -> &'a T {
    items
        .iter()
        .find(|&item| is(item))
        .unwrap_or_else(|| panic!("{what}"))
}

/// The hop of `report` on this segment, as the sheet writes it.
pub fn hop<'a>(report: &'a Report, segment: &str) -> &'a HopReport {
    let what = format!("hop {segment}");
    found(&report.hops, &what, |h| h.segment == segment)
}

/// The first finding of `report` with this code; fails naming the code if there is none.
pub fn first(report: &Report, code: FindingCode) -> &Finding {
    found(&report.findings, code.as_str(), |f| f.code == code)
}

/// Whether `report` has a finding with this code on exactly these rows.
pub fn on_rows(report: &Report, code: &str, rows: &[usize]) -> bool {
    report
        .findings
        .iter()
        .any(|f| f.code == code && f.rows == rows)
}

/// Asserts that `report` has no finding with any of these codes.
pub fn lacks(report: &Report, codes: &[&str]) {
    let found: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| codes.iter().any(|code| f.code == *code))
        .collect();
    assert!(found.is_empty(), "{found:#?}");
}

/// The findings of `report` with this code.
pub fn all<'a>(report: &'a Report, code: &str) -> Vec<&'a Finding> {
    report.findings.iter().filter(|f| f.code == code).collect()
}

/// The one finding of `report` with this code; fails if there is none or more than one.
pub fn only<'a>(report: &'a Report, code: &str) -> &'a Finding {
    let found = all(report, code);
    assert_eq!(found.len(), 1, "{code} in {:#?}", report.findings);
    found[0]
}

/// The code of every finding of `report`, with the hop or else the node it is on.
pub fn codes(report: &Report) -> Vec<(&str, Option<&str>)> {
    report
        .findings
        .iter()
        .map(|f| (f.code.as_str(), f.hop.as_deref().or(f.node.as_deref())))
        .collect()
}

/// A hop's bound on one try, its number of tries and its worst case, in milliseconds.
pub fn tries_and_worst(hop: &HopReport) -> (Option<u64>, u32, Option<u64>) {
    (hop.per_try_ms, hop.tries, hop.worst_ms)
}

/// The terms of a hop of `report`'s worst case, each as its value in milliseconds, its count
/// and the rows behind it (walked through the number it takes, if any).
pub fn worst_terms(
    report: &Report,
    hop: &HopReport,
) -> Vec<(Option<u64>, Option<u64>, Vec<usize>)> {
    let behind = RowsBehind::new(report);
    let terms = hop.trace.worst.iter();
    terms
        .map(|t| (t.value_ms, t.count, behind.of([t])))
        .collect()
}

/// Items of budget kinds as English sheets write them (`read timeout`, `tries and waits`).
pub const KIND_ITEMS: [&str; 16] = [
    "connect timeout",
    "read timeout",
    "send timeout",
    "per-try timeout",
    "statement timeout",
    "lock timeout",
    "deadline",
    "tries and waits",
    "own processing time",
    "margin",
    "idempotency",
    "deadline propagation",
    "parallel group",
    "upstream servers",
    "queueing time",
    "visibility timeout",
];

/// `head`, then copies of `fill` until there are `rows` rows.
fn filled(head: Vec<Row>, fill: Row, rows: usize) -> Vec<Row> {
    let mut out = head;
    out.resize(rows.max(out.len()), fill);
    out
}

/// One hop, `a -> b`, with a connect and a read timeout and `rows - 2` nested tries layers of
/// `1000 tries, waits 0.5s` (the largest tries a cell may hold, each with 999 waits).
pub fn nested_tries(rows: usize) -> Vec<Row> {
    let hop = vec![
        Row::new("a -> b", "connect timeout", "0.5s"),
        Row::new("a -> b", "read timeout", "1s"),
    ];
    filled(
        hop,
        Row::new("a -> b", "tries and waits", "1000 tries, waits 0.5s"),
        rows,
    )
}

/// A chain `n0 -> n1 -> n2 …` of `rows / 2` hops, each with a read timeout and 2 tries, under
/// a 10 s deadline on the first node: every node past the second is `retry.amplification`.
pub fn chain(rows: usize) -> Vec<Row> {
    let mut out = vec![Row::new("n0", "deadline", "10s")];
    let mut i = 0;
    while out.len() + 2 <= rows {
        let segment = format!("n{i} -> n{}", i + 1);
        out.push(Row::new(&segment, "read timeout", "1s"));
        out.push(Row::new(&segment, "tries and waits", "2 tries, waits 0.1s"));
        i += 1;
    }
    out
}

/// One caller calling `rows / 5` services, each hop with a connect and a read timeout, 3
/// non-idempotent tries, and a callee deadline it does not cover: an inversion and an unsafe
/// retry per hop.
pub fn fan_out(rows: usize) -> Vec<Row> {
    let mut out = Vec::new();
    for i in 0..rows / 5 {
        let segment = format!("app -> svc{i}");
        out.extend([
            Row::new(&segment, "connect timeout", "1s"),
            Row::new(&segment, "read timeout", "2s"),
            Row::new(&segment, "tries and waits", "3 tries, waits 0.5s, 1s"),
            Row::new(&segment, "idempotency", "non-idempotent"),
            Row::new(&format!("svc{i}"), "deadline", "5s"),
        ]);
    }
    out
}

/// Parallel groups nested `rows / 5` deep: each node `p{i}` calls `p{i+1}` (2 tries) and a
/// leaf `q{i}` in one parallel group, each in a group of its own name.
pub fn parallel(rows: usize) -> Vec<Row> {
    let mut out = Vec::new();
    for i in 0..rows / 5 {
        let (next, leaf, group) = (
            format!("p{i} -> p{}", i + 1),
            format!("p{i} -> q{i}"),
            format!("g{i}"),
        );
        out.extend([
            Row::new(&next, "read timeout", "1s"),
            Row::new(&next, "parallel group", &group),
            Row::new(&next, "tries and waits", "2 tries"),
            Row::new(&leaf, "read timeout", "2s"),
            Row::new(&leaf, "parallel group", &group),
        ]);
    }
    out
}

/// One node with a 1 s deadline, one hop and `rows - 2` own processing rows of 10 ms.
pub fn own_rows(rows: usize) -> Vec<Row> {
    let head = vec![
        Row::new("app", "deadline", "1s"),
        Row::new("app -> db", "read timeout", "1s"),
    ];
    filled(head, Row::new("app", "own processing time", "10ms"), rows)
}

/// A ladder of diamonds: `d{i}` calls `l{i}` and `r{i}`, both of which call `d{i+1}`, each
/// hop with a read timeout and 2 tries. The number of paths doubles with every diamond.
pub fn diamonds(rows: usize) -> Vec<Row> {
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() + 8 <= rows {
        for segment in [
            format!("d{i} -> l{i}"),
            format!("d{i} -> r{i}"),
            format!("l{i} -> d{}", i + 1),
            format!("r{i} -> d{}", i + 1),
        ] {
            out.push(Row::new(&segment, "read timeout", "1s"));
            out.push(Row::new(&segment, "tries and waits", "2 tries"));
        }
        i += 1;
    }
    out
}

/// A hop `a -> b` with half the rows as nested tries layers of 2 tries, in front of as many
/// callees `c{i}` of `b`: every callee is `retry.amplification` along a path through those
/// tries rows.
pub fn retried_fan(rows: usize) -> Vec<Row> {
    let hop = vec![
        Row::new("a -> b", "connect timeout", "1s"),
        Row::new("a -> b", "read timeout", "1s"),
    ];
    let mut out = filled(
        hop,
        Row::new("a -> b", "tries and waits", "2 tries"),
        rows / 2,
    );
    let leaves = rows - out.len();
    out.extend((0..leaves).map(|i| Row::new(&format!("b -> c{i}"), "read timeout", "1s")));
    out
}

/// Half the rows are callers `x{i}` of one hub, each waiting 1 s, the other half rows of the
/// hub's one call, which has 3 tries: every caller is `inversion.hop` whose fix names the
/// hub's call.
pub fn fan_in(rows: usize) -> Vec<Row> {
    let callers = rows / 2;
    let mut out: Vec<Row> = (0..callers)
        .map(|i| Row::new(&format!("x{i} -> hub"), "read timeout", "1s"))
        .collect();
    out.push(Row::new("hub -> db", "tries and waits", "3 tries"));
    out.push(Row::new("hub -> db", "read timeout", "2s"));
    while out.len() < rows {
        out.push(Row::new("hub -> db", "connect timeout", "1s"));
    }
    out
}

/// A generator of a sheet of about that many rows.
pub type Generator = fn(usize) -> Vec<Row>;

pub const SHAPES: [(&str, Generator); 8] = [
    ("nested tries on one hop", nested_tries),
    ("a long chain of retried hops", chain),
    ("one caller calling many hops", fan_out),
    ("deep parallel groups", parallel),
    ("many own rows on one node", own_rows),
    ("a ladder of diamonds", diamonds),
    ("one retried hop in front of many callees", retried_fan),
    ("many callers of one retried hop", fan_in),
];
