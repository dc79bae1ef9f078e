//! `check` never panics and its cost stays linear in the sheet, on any rows:
//! property tests with arbitrary strings in every cell, mixed with the shapes that stress the
//! engine (segments that form cycles, huge numbers, the largest tries, 1,000 hops from one
//! caller). Only the public API is used. On the same sheets, the rows behind every number of
//! the report ([`RowsBehind`]) are found, whatever cycles the calls form, and name only lines
//! of the sheet.
//!
//! Linear cost is counted, not timed (timing is for the benchmarks): this test binary's global
//! allocator counts the allocations and bytes one `check` makes, and checking a sheet twice as
//! long (the sheet followed by itself, or a fan-out of twice as many hops) may cost at most a
//! little over twice as much.
//!
//! `PROPTEST_CASES` runs more cases than the default 256 (the fan-out property runs a 64th of
//! them: each case checks 3,001 and 6,001 rows).

use budget::{check, Lang, Report, Row, RowsBehind, Sheet, TraceTerm};
use proptest::prelude::*;

use crate::counting;
use crate::shapes::{on_rows, tries_and_worst, KIND_ITEMS};

/// What one check cost: allocations and bytes allocated.
#[derive(Clone, Copy, Debug)]
struct Cost {
    allocations: u64,
    bytes: u64,
}

/// Checks `sheet`, asserting what holds of every report, and counts what it cost.
fn checked(sheet: &Sheet) -> (Report, Cost) {
    let (report, allocations, bytes) = counting::counted(|| check(sheet));
    assert_eq!(
        report.rows.len(),
        sheet.rows.len(),
        "one row report per row"
    );
    assert!(serde_json::to_vec(&report).is_ok());
    (report, Cost { allocations, bytes })
}

/// Twice the sheet may cost at most 2.2 times as much, plus a little for what every check
/// allocates once (a cost that grows faster than the sheet fails this).
fn at_most_doubles(small: Cost, large: Cost) -> Result<(), TestCaseError> {
    prop_assert!(
        large.allocations <= small.allocations * 22 / 10 + 64,
        "allocations {} -> {} when the sheet doubled",
        small.allocations,
        large.allocations
    );
    prop_assert!(
        large.bytes <= small.bytes * 22 / 10 + 16_384,
        "bytes {} -> {} when the sheet doubled",
        small.bytes,
        large.bytes
    );
    Ok(())
}

/// Any text at all: any Unicode scalar values (control characters, NUL, bidi controls,
/// surrogates' neighbours, emoji), up to 40 of them.
fn any_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(any::<char>(), 0..40).prop_map(|c| c.into_iter().collect())
}

/// A number that may be huge: any u64, or 20 to 400 digits, with or without a fraction.
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<u64>().prop_map(|n| n.to_string()),
        (0u32..100_000).prop_map(|n| n.to_string()),
        "[0-9]{20,400}",
        "[0-9]{1,30}\\.[0-9]{1,30}",
        Just("0".to_string()),
        Just(".5".to_string()),
    ]
}

/// A duration-like or tries-like cell, often readable, often nearly so.
fn value() -> impl Strategy<Value = String> {
    let unit = prop_oneof![
        Just(""),
        Just("ms"),
        Just("s"),
        Just("秒"),
        Just("min"),
        Just("h"),
        Just("d"),
        Just("ns"),
        Just("µs"),
        Just("ミリ秒"),
    ];
    prop_oneof![
        (number(), unit.clone()).prop_map(|(n, u)| format!("{n}{u}")),
        (number(), unit.clone(), number(), unit.clone())
            .prop_map(|(a, u, b, v)| format!("{a}{u}-{b}{v}")),
        (number(), unit.clone()).prop_map(|(n, u)| format!(">{n}{u}")),
        (number(), number(), unit.clone()).prop_map(|(n, w, u)| format!("{n} tries, waits {w}{u}")),
        (0u32..1_200, number()).prop_map(|(n, w)| format!("{n} tries, waits {w}s, {w}s")),
        (0u32..1_200).prop_map(|n| format!("{n} retries")),
        (number(), number(), number())
            .prop_map(|(n, b, f)| format!("{n} tries, backoff {b}s x{f}, jitter up to {b}s")),
        Just("1000 tries, waits 0.5s".to_string()),
        Just("none".to_string()),
        Just("0 (disabled)".to_string()),
        Just("∞".to_string()),
        Just("-".to_string()),
        Just(String::new()),
        any_text(),
    ]
}

/// Node names from a small pool, so that segments meet, fan out and form cycles.
fn node() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a"),
        Just("b"),
        Just("c"),
        Just("LB"),
        Just("app"),
        Just("DB"),
        Just("外部API"),
    ]
    .prop_map(str::to_string)
}

/// A segment: a hop (`a -> b`, `a → a`, a chain of three), a node, or anything.
fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (node(), node()).prop_map(|(a, b)| format!("{a} -> {b}")),
        1 => (node(), node()).prop_map(|(a, b)| format!("{a}→{b}")),
        2 => node(),
        1 => (node(), node(), node()).prop_map(|(a, b, c)| format!("{a} -> {b} -> {c}")),
        1 => any_text(),
        1 => Just(" -> ".to_string()),
    ]
}

/// An item naming a kind (in either language), or anything.
fn item() -> impl Strategy<Value = String> {
    let named = [&KIND_ITEMS[..], &MORE_ITEMS].concat();
    prop_oneof![
        4 => proptest::sample::select(named).prop_map(str::to_string),
        1 => any_text(),
    ]
}

/// Items beside [`KIND_ITEMS`]: kinds named otherwise, in Japanese, and no kind (`notes`).
const MORE_ITEMS: [&str; 7] = [
    "idle timeout",
    "idle in transaction timeout",
    "retry window",
    "試行回数と待機",
    "全体期限",
    "接続タイムアウト",
    "notes",
];

/// A setting cell: a catalog name, or anything.
fn setting() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => proptest::sample::select(
            budget::catalog::entries()
                .iter()
                .map(|e| e.name.to_string())
                .collect::<Vec<_>>()
        ),
        1 => any_text(),
        1 => Just(String::new()),
    ]
}

/// A row: every cell from its strategy, or (one row in eight) arbitrary text in every cell.
fn row() -> impl Strategy<Value = Row> {
    prop_oneof![
        7 => (
            any_text(),
            segment(),
            item(),
            setting(),
            value(),
            value(),
            any_text(),
            any_text(),
        )
            .prop_map(|(layer, segment, item, setting, default, value, location, rationale)| {
                Row::from_cells([layer, segment, item, setting, default, value, location, rationale])
            }),
        1 => proptest::array::uniform8(any_text()).prop_map(Row::from_cells),
    ]
}

/// A sheet of `rows` rows with any settings: a margin and an amplification threshold
/// anywhere in `u64`, including 0 and `u64::MAX`.
fn sheet(rows: std::ops::Range<usize>) -> impl Strategy<Value = Sheet> {
    let setting = || {
        prop_oneof![
            Just(0u64),
            Just(1),
            Just(u64::MAX),
            any::<u64>(),
            0u64..5_000
        ]
    };
    (
        prop_oneof![Just(Lang::En), Just(Lang::Ja)],
        setting(),
        setting(),
        proptest::collection::vec(row(), rows),
    )
        .prop_map(|(lang, margin_ms, amplification_threshold, rows)| Sheet {
            margin_ms,
            amplification_threshold,
            ..Sheet::new(lang, rows)
        })
}

/// Every number of `report` with a trace, by a name for messages: each node's inner need, need
/// and deadline, each hop's per try, tries, worst case, wait and need, each finding's bound and
/// need.
fn numbers(report: &Report) -> Vec<(String, &[TraceTerm])> {
    let mut numbers: Vec<(String, &[TraceTerm])> = Vec::new();
    for n in &report.nodes {
        let t = &n.trace;
        for (what, terms) in [
            ("inner", &t.inner),
            ("need", &t.need),
            ("deadline", &t.deadline),
        ] {
            numbers.push((format!("node {:?} {what}", n.name), terms));
        }
    }
    for h in &report.hops {
        let t = &h.trace;
        for (what, terms) in [
            ("per try", &t.per_try),
            ("tries", &t.tries),
            ("worst", &t.worst),
            ("wait", &t.wait),
            ("need", &t.need),
        ] {
            numbers.push((format!("hop {:?} {what}", h.segment), terms));
        }
    }
    for (i, f) in report.findings.iter().enumerate() {
        for (what, terms) in [("bound", &f.trace.bound), ("need", &f.trace.need)] {
            numbers.push((format!("finding {i} ({}) {what}", f.code), terms));
        }
    }
    numbers
}

/// The rows behind every number of `report` ([`RowsBehind`]) are lines of the sheet, sorted,
/// each once, and include every row the number's own terms name.
fn rows_behind_are_lines_of_the_sheet(report: &Report) -> Result<(), TestCaseError> {
    let behind = RowsBehind::new(report);
    let lines = report.rows.len();
    for (what, terms) in numbers(report) {
        let rows = behind.of(terms);
        prop_assert!(
            rows.windows(2).all(|w| w[0] < w[1]),
            "{what}: {rows:?} not sorted once each"
        );
        prop_assert!(
            rows.iter().all(|&l| (1..=lines).contains(&l)),
            "{what}: {rows:?} names a line outside 1..={lines}"
        );
        for t in terms {
            prop_assert!(
                t.rows.iter().all(|l| rows.binary_search(l).is_ok()),
                "{what}: {rows:?} leaves out a row of its term {t:?}"
            );
        }
    }
    Ok(())
}

/// The sheet followed by itself.
fn doubled(sheet: &Sheet) -> Sheet {
    Sheet {
        rows: [sheet.rows.clone(), sheet.rows.clone()].concat(),
        ..sheet.clone()
    }
}

proptest! {
    #[test]
    fn check_never_panics_and_twice_the_rows_cost_at_most_twice_as_much(sheet in sheet(0..40)) {
        let (_, once) = checked(&sheet);
        let (_, twice) = checked(&doubled(&sheet));
        at_most_doubles(once, twice)?;
    }

    #[test]
    fn the_rows_behind_every_number_are_lines_of_the_sheet(sheet in sheet(0..40)) {
        let (report, _) = checked(&sheet);
        rows_behind_are_lines_of_the_sheet(&report)?;
    }

    #[test]
    fn rows_of_arbitrary_text_are_checked_without_a_panic(
        cells in proptest::collection::vec(proptest::array::uniform8(any_text()), 0..40),
        lang in prop_oneof![Just(Lang::En), Just(Lang::Ja)],
    ) {
        let rows = cells.into_iter().map(Row::from_cells).collect();
        checked(&Sheet::new(lang, rows));
    }

    #[test]
    fn cycles_of_retried_hops_are_checked_in_linear_cost(
        hops in proptest::collection::vec(
            (
                prop_oneof![Just("a -> b"), Just("b -> a"), Just("a -> a"), Just("b -> c"), Just("c -> a")],
                item(),
                value(),
            ),
            1..40,
        ),
    ) {
        let rows: Vec<Row> = hops
            .into_iter()
            .map(|(segment, item, value)| Row {
                segment: segment.into(),
                item,
                value,
                ..Row::default()
            })
            .collect();
        let sheet = Sheet::new(Lang::En, rows);
        let (report, once) = checked(&sheet);
        rows_behind_are_lines_of_the_sheet(&report)?;
        let (_, twice) = checked(&doubled(&sheet));
        at_most_doubles(once, twice)?;
    }
}

/// One caller calling `hops` services, each hop with a connect, a read and a tries row whose
/// values come from `values` in turn.
fn fan_out(hops: usize, values: &[(String, String, String)]) -> Sheet {
    let mut rows = Vec::new();
    for i in 0..hops {
        let (connect, read, tries) = &values[i % values.len()];
        let segment = format!("app -> svc{i}");
        for (item, value) in [
            ("connect timeout", connect),
            ("read timeout", read),
            ("tries and waits", tries),
        ] {
            rows.push(Row {
                segment: segment.clone(),
                item: item.into(),
                value: value.clone(),
                ..Row::default()
            });
        }
    }
    rows.push(Row {
        segment: "app".into(),
        item: "deadline".into(),
        value: "10s".into(),
        ..Row::default()
    });
    Sheet::new(Lang::En, rows)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: (ProptestConfig::default().cases / 64).max(1),
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_thousand_hops_from_one_caller_cost_half_of_two_thousand(
        values in proptest::collection::vec((value(), value(), value()), 1..8),
    ) {
        let (report, thousand) = checked(&fan_out(1_000, &values));
        prop_assert_eq!(report.hops.len(), 1_000);
        let (_, two_thousand) = checked(&fan_out(2_000, &values));
        at_most_doubles(thousand, two_thousand)?;
    }
}

#[test]
fn huge_numbers_saturate_to_a_finite_worst_case_and_never_wrap() {
    // 5,000,000,000,000 h is 1.8e19 ms, just under u64::MAX: connect + read, times 1,000 tries
    // with such waits, is far past it.
    let rows = vec![
        Row::new("app", "deadline", "1s"),
        Row::new("app -> db", "connect timeout", "5000000000000h"),
        Row::new("app -> db", "read timeout", "5000000000000h"),
        Row::new(
            "app -> db",
            "tries and waits",
            "1000 tries, waits 5000000000000h",
        ),
    ];
    let (report, _) = checked(&Sheet::new(Lang::En, rows));
    let hop = &report.hops[0];
    assert_eq!(
        tries_and_worst(hop),
        (Some(u64::MAX), 1_000, Some(u64::MAX))
    );
    let app = report.nodes.iter().find(|n| n.name == "app").unwrap();
    assert_eq!(app.verdict, budget::Verdict::Inverted);

    // A number past what a duration can hold is unreadable, not wrapped to a small one.
    let rows = vec![Row::new(
        "app -> api",
        "read timeout",
        &format!("{}h", "9".repeat(400)),
    )];
    let (report, _) = checked(&Sheet::new(Lang::En, rows));
    assert_eq!(report.hops[0].per_try_ms, None);
    assert!(on_rows(&report, "value.unreadable", &[1]));
}

#[test]
fn a_call_cycle_is_checked_and_every_node_of_it_reported() {
    let rows = vec![
        Row::new("a -> b", "read timeout", "2s"),
        Row::new("a -> b", "tries and waits", "3 tries, waits 1s"),
        Row::new("b -> a", "read timeout", "2s"),
        Row::new("b -> a", "tries and waits", "3 tries"),
        Row::new("a -> a", "read timeout", "1s"),
        Row::new("a", "deadline", "5s"),
        Row::new("b", "deadline", "5s"),
    ];
    let (report, _) = checked(&Sheet::new(Lang::En, rows));
    let mut nodes: Vec<&str> = report.nodes.iter().map(|n| n.name.as_str()).collect();
    nodes.sort_unstable();
    assert_eq!(nodes, ["a", "b"]);
    assert_eq!(report.hops.len(), 3);
}
