//! The report's contract (`docs/spec/report.md`, "The numbers add up") on random sheets: every
//! finding's `short_by = need − bound`, every node's `slack = deadline − need`, every hop's
//! `slack = wait − need`, every finding about the rows of one segment names its place, and
//! every number's trace adds up to it (sums, products, one term) and names rows of the sheet.
//!
//! The sheets are built from the pieces that make the engine's cases: hops, nodes, cycles and
//! malformed segments; every kind of row; durations, ranges, lower bounds, `none`, values not
//! set, huge values, unreadable text, tries, counts and marks.

use budget::{check, Lang, Report, Row, Sheet, TraceTerm};
use proptest::prelude::*;

use crate::shapes::{fixture_sheets, KIND_ITEMS};

const SEGMENTS: &[&str] = &[
    "a",
    "b",
    "c",
    "a -> b",
    "b -> c",
    "a -> c",
    "b -> a",
    "c -> c",
    "a → b",
    "",
    "x -> y -> z",
    "-> b",
];

/// Items beside [`KIND_ITEMS`].
const MORE_ITEMS: &[&str] = &[
    "idle timeout (caller)",
    "idle timeout (callee)",
    "next-upstream timeout",
    "colour",
];

const SETTINGS: &[&str] = &[
    "",
    "",
    "",
    "statement_timeout",
    "lock_timeout",
    "proxy_read_timeout",
    "proxy_connect_timeout",
    "keepAliveTimeout",
    "headersTimeout",
    "haproxy retries",
];

const DEFAULTS: &[&str] = &["", "", "60s", "2 retries", "none", "0 (disabled)", "3"];

const VALUES: &[&str] = &[
    "0.5s",
    "1s",
    "3s",
    "8s",
    "12s",
    "100ms",
    "30",
    "0",
    "none",
    "—",
    "",
    ">100s",
    "12-24h",
    "5000000000000h",
    "2 tries, waits 0.5s",
    "3 tries, waits 0.5s, 1s",
    "2 retries",
    "1000 tries",
    "ten seconds",
    "3",
    "yes",
    "non-idempotent",
    "g1",
];

fn pick(options: &'static [&'static str]) -> impl Strategy<Value = &'static str> {
    proptest::sample::select(options)
}

fn row() -> impl Strategy<Value = Row> {
    (
        pick(SEGMENTS),
        proptest::sample::select([&KIND_ITEMS[..], MORE_ITEMS].concat()),
        pick(SETTINGS),
        pick(DEFAULTS),
        pick(VALUES),
    )
        .prop_map(|(segment, item, setting, default, value)| Row {
            segment: segment.into(),
            item: item.into(),
            setting: setting.into(),
            default: default.into(),
            value: value.into(),
            ..Row::default()
        })
}

fn sheet() -> impl Strategy<Value = Sheet> {
    (
        proptest::collection::vec(row(), 1..16),
        prop_oneof![Just(Lang::En), Just(Lang::Ja)],
        prop_oneof![Just(0u64), Just(1_000), Just(500)],
    )
        .prop_map(|(rows, lang, margin_ms)| {
            let mut sheet = Sheet::new(lang, rows);
            sheet.margin_ms = margin_ms;
            sheet
        })
}

/// The place a segment names, as the engine reads it (trimmed, one arrow, both ends), or
/// `None` for an empty or malformed one.
fn place(segment: &str) -> Option<String> {
    let s = segment.trim();
    if s.is_empty() {
        return None;
    }
    let arrows = s.matches("->").count() + s.matches('→').count();
    match arrows {
        0 => Some(s.to_string()),
        1 => {
            let (a, b) = s
                .split_once("->")
                .or_else(|| s.split_once('→'))
                .expect("an arrow");
            (!a.trim().is_empty() && !b.trim().is_empty())
                .then(|| format!("{} -> {}", a.trim(), b.trim()))
        }
        _ => None,
    }
}

/// The sum of the terms' values, when every term has one.
fn sum(terms: &[TraceTerm]) -> Option<u64> {
    terms
        .iter()
        .try_fold(0u64, |a, t| t.value_ms.and_then(|v| a.checked_add(v)))
}

/// Checks that a number is the sum of its terms (where every term and the number are known
/// and nothing saturated).
fn adds_up(what: &str, number: Option<u64>, terms: &[TraceTerm]) -> Result<(), String> {
    match (number, sum(terms)) {
        (Some(n), Some(s)) if n != u64::MAX && n != s => {
            Err(format!("{what}: {n} is not the sum {s} of {terms:?}"))
        }
        _ => Ok(()),
    }
}

/// Checks a number's trace: its terms add up (`sum`), or its one term is the number (`one`),
/// and every row it names is a row of the sheet, sorted.
fn trace_ok(
    sheet: &Sheet,
    what: &str,
    number: Option<u64>,
    terms: &[TraceTerm],
    one: bool,
) -> Result<(), String> {
    for t in terms {
        if t.rows.iter().any(|&l| l == 0 || l > sheet.rows.len()) || !t.rows.is_sorted() {
            return Err(format!("{what}: rows {:?}", t.rows));
        }
    }
    if one {
        if let (Some(n), [t]) = (number, terms) {
            if t.value_ms != Some(n) {
                return Err(format!("{what}: {n} is not its term {t:?}"));
            }
        }
        return Ok(());
    }
    adds_up(what, number, terms)
}

/// Checks the contract on one report; `Err` names the first break.
fn contract(sheet: &Sheet, report: &Report) -> Result<(), String> {
    for f in &report.findings {
        match (f.bound_ms, f.need_ms, f.short_by_ms) {
            (Some(b), Some(n), Some(s)) if n.checked_sub(b) == Some(s) => {}
            (Some(b), Some(n), None) if n <= b => {}
            (_, _, None) => {}
            _ => return Err(format!("numbers of {f:?}")),
        }
        if f.hop.is_none() && f.node.is_none() && !f.rows.is_empty() {
            let places: Vec<Option<String>> = f
                .rows
                .iter()
                .map(|&l| place(&sheet.rows[l - 1].segment))
                .collect();
            if places[0].is_some() && places.iter().all(|p| p == &places[0]) {
                return Err(format!("no place for {f:?}"));
            }
        }
    }
    for n in &report.nodes {
        trace_ok(sheet, "inner", n.inner_ms, &n.trace.inner, false)?;
        trace_ok(sheet, "need", n.need_ms, &n.trace.need, false)?;
        trace_ok(sheet, "deadline", n.deadline_ms, &n.trace.deadline, true)?;
        if let Some(slack) = n.slack_ms {
            let (Some(d), Some(need)) = (n.deadline_ms, n.need_ms) else {
                return Err(format!("slack without its numbers: {n:?}"));
            };
            if i128::from(slack) != i128::from(d) - i128::from(need) {
                return Err(format!("node slack: {n:?}"));
            }
        }
    }
    for h in &report.hops {
        trace_ok(sheet, "per try", h.per_try_ms, &h.trace.per_try, false)?;
        trace_ok(sheet, "wait", h.wait_ms, &h.trace.wait, true)?;
        trace_ok(sheet, "hop need", h.need_ms, &h.trace.need, false)?;
        trace_ok(sheet, "worst", None, &h.trace.worst, false)?;
        let counts: Option<u64> = h
            .trace
            .tries
            .iter()
            .try_fold(1u64, |a, t| t.count.map(|c| a.saturating_mul(c)));
        if let Some(product) = counts {
            if product.min(u64::from(u32::MAX)) != u64::from(h.tries) {
                return Err(format!(
                    "tries {} are not the product of {:?}",
                    h.tries, h.trace.tries
                ));
            }
        }
        if let Some(slack) = h.slack_ms {
            let (Some(w), Some(need)) = (h.wait_ms, h.need_ms) else {
                return Err(format!("slack without its numbers: {h:?}"));
            };
            if i128::from(slack) != i128::from(w) - i128::from(need) {
                return Err(format!("hop slack: {h:?}"));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn the_numbers_of_every_report_add_up(sheet in sheet()) {
        let report = check(&sheet);
        if let Err(why) = contract(&sheet, &report) {
            prop_assert!(false, "{}\n{:#?}", why, sheet.rows);
        }
    }
}

#[test]
fn every_fixture_keeps_the_contract() {
    let sheets = fixture_sheets();
    assert!(sheets.len() >= 14, "{sheets:?}");
    for (path, sheet) in sheets {
        let report = check(&sheet);
        contract(&sheet, &report).unwrap_or_else(|why| panic!("{}: {why}", path.display()));
    }
}
