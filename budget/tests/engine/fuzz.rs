//! Fuzzing the readers on the stable toolchain: random and grammar-shaped input for
//! the duration reader (`value::read_duration`, `duration::parse`), the tries reader
//! (`value::read_tries`) and the TSV reader (`tsv::import`, whose sheets are then checked).
//! None may panic, and each answer must be one the reader's documentation allows.
//!
//! `FUZZ_INPUTS` inputs per reader (default 2,000, a few seconds in the debug build): the
//! docs/benchmarks.md records a run of 1,000,000 each, `FUZZ_INPUTS=1000000 cargo test --release -p budget
//! --test engine -- fuzz::`. A failure is shrunk to a small input and kept in `fuzz.proptest-regressions`.
//! The coverage-guided targets in `budget/fuzz/` (cargo-fuzz, nightly) read the same way.

use budget::duration::{self, DurationError, Unit};
use budget::value::{self, Cell, Dur, TriesError, MAX_TRIES};
use budget::{check, tsv, Lang, Sheet};
use proptest::prelude::*;

/// Inputs per reader: `FUZZ_INPUTS`, default 2,000.
fn inputs() -> u32 {
    std::env::var("FUZZ_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2_000)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: inputs(),
        ..ProptestConfig::default()
    }
}

/// Text made of `pieces`, up to `len` of them, or arbitrary bytes read as UTF-8 (invalid
/// sequences become U+FFFD), or any characters.
fn text_of(pieces: &'static [&'static str], len: usize) -> impl Strategy<Value = String> {
    prop_oneof![
        3 => proptest::collection::vec(proptest::sample::select(pieces), 0..len)
            .prop_map(|p| p.concat()),
        1 => proptest::collection::vec(any::<u8>(), 0..len * 4)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        1 => proptest::collection::vec(any::<char>(), 0..len).prop_map(|c| c.into_iter().collect()),
    ]
}

/// The pieces of the duration and tries grammars, and their near misses.
const GRAMMAR: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "9",
    "10",
    "1000",
    "18446744073709551615",
    "99999999999999999999",
    ".",
    "..",
    "0.5",
    "1.",
    ".5",
    "１０",
    "３",
    " ",
    "  ",
    "\t",
    "ms",
    "s",
    "sec",
    "m",
    "min",
    "h",
    "d",
    "ns",
    "us",
    "µs",
    "μs",
    "秒",
    "ミリ秒",
    "分",
    "時間",
    "日",
    "tries",
    "try",
    "retries",
    "retry",
    "attempts",
    "回",
    "リトライ",
    "waits",
    "wait",
    "待機",
    "interval",
    "backoff",
    "jitter",
    "up to",
    "x",
    "×",
    "*",
    "2",
    ",",
    "、",
    ";",
    "/",
    "+",
    "=",
    ":",
    "-",
    "−",
    "~",
    "〜",
    "～",
    "(",
    ")",
    "（",
    "）",
    "none",
    "disabled",
    "なし",
    "無効",
    "∞",
    ">",
    "≥",
    "以上",
    "at least",
    "default",
    "and",
    "の",
    "最大",
    "e",
    "E",
    "nan",
    "inf",
    "—",
    "ー",
];

/// The pieces of a TSV paste: separators, quotes, header words, formula guards, BOM, NUL.
const TSV: &[&str] = &[
    "\t",
    "\t",
    "\t",
    "\n",
    "\n",
    "\r\n",
    "\r",
    "\"",
    "\"\"",
    "'",
    "=",
    "+",
    "-",
    "@",
    "＝",
    "\u{feff}",
    "\0",
    " ",
    "layer",
    "segment",
    "item",
    "setting",
    "default",
    "value",
    "location",
    "rationale",
    "層",
    "区間",
    "項目",
    "設定名",
    "既定値",
    "設定値",
    "設定箇所",
    "根拠",
    "a -> b",
    "b -> a",
    "app",
    "read timeout",
    "connect timeout",
    "tries and waits",
    "deadline",
    "3 tries",
    "1s",
    "500ms",
    "none",
    "proxy_read_timeout",
    "statement_timeout",
    "x",
];

/// A paste shaped like a sheet: a header in English or Japanese (or none), then lines of eight
/// cells mostly of grammar pieces, a few of TSV pieces (so a cell may still hold a tab, a quote
/// or a newline),
/// with `\n` or `\r\n` line ends.
fn sheet_text() -> impl Strategy<Value = String> {
    let header = prop_oneof![
        Just("layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n".to_string()),
        Just("層\t区間\t項目\t設定名\t既定値\t設定値\t設定箇所\t根拠\r\n".to_string()),
        Just("value\tlayer\tsegment\titem\tsetting\tdefault\tlocation\trationale\n".to_string()),
        Just(String::new()),
    ];
    let cell = prop_oneof![12 => text_of(GRAMMAR, 4), 1 => text_of(TSV, 3)];
    let line = proptest::array::uniform8(cell).prop_map(|cells| cells.join("\t"));
    let end = prop_oneof![Just("\n"), Just("\r\n")];
    (header, proptest::collection::vec((line, end), 0..8)).prop_map(|(header, lines)| {
        let body: String = lines.into_iter().map(|(l, e)| l + e).collect();
        header + &body
    })
}

/// A unit for a bare number, or none.
fn bare_unit() -> impl Strategy<Value = Option<Unit>> {
    proptest::option::of(proptest::sample::select(&Unit::ALL[..]))
}

/// What holds of every duration the reader returns.
fn duration_is_consistent(text: &str, cell: &Cell) -> Result<(), TestCaseError> {
    if let Cell::Duration {
        dur,
        decimals,
        below_one_ms,
        ..
    } = *cell
    {
        prop_assert!(decimals <= 18, "{text:?}: {decimals} decimals");
        if below_one_ms {
            prop_assert!(
                matches!(
                    dur,
                    Dur::Exact(1) | Dur::AtLeast(1) | Dur::Range(1, _) | Dur::Range(_, 1)
                ),
                "{text:?}: below 1 ms but {dur:?}"
            );
        }
    }
    Ok(())
}

#[test]
fn a_range_below_one_millisecond_rounds_its_upper_end_up() {
    // Found by the coverage-guided target (budget/fuzz): 0 to 5 ns is 0 to 1 ms.
    assert!(matches!(
        value::read_duration("0-5", Some(Unit::Nanos)),
        Ok(Cell::Duration {
            dur: Dur::Range(0, 1),
            below_one_ms: true,
            ..
        })
    ));
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_duration_reader_never_panics_and_answers_consistently(
        text in text_of(GRAMMAR, 12),
        unit in bare_unit(),
    ) {
        let read = value::read_duration(&text, unit);
        if let Ok(cell) = &read {
            duration_is_consistent(&text, cell)?;
        }
        // The plain parser reads a subset of the cell grammar: what it reads, the cell reader
        // reads as the same exact duration.
        if let Ok(ms) = duration::parse(&text, unit) {
            prop_assert!(
                matches!(read, Ok(Cell::Duration { dur: Dur::Exact(m), .. }) if m == ms)
                    || matches!(read, Ok(Cell::Duration { dur: Dur::Infinite, .. }))
                    || matches!(read, Ok(Cell::NotSet)),
                "{text:?}: parse says {ms} ms, read_duration {read:?}"
            );
        }
    }

    #[test]
    fn a_number_of_milliseconds_reads_exactly_and_seconds_overflow_as_an_error(n in any::<u64>()) {
        prop_assert_eq!(duration::parse(&format!("{n}ms"), None), Ok(n));
        prop_assert_eq!(duration::parse(&format!("{n}"), Some(Unit::Millis)), Ok(n));
        let seconds = duration::parse(&format!("{n} s"), None);
        match n.checked_mul(1_000) {
            Some(ms) => prop_assert_eq!(seconds, Ok(ms)),
            None => prop_assert_eq!(seconds, Err(DurationError::Overflow)),
        }
    }

    #[test]
    fn the_tries_reader_never_panics_and_keeps_one_wait_per_later_try(
        text in text_of(GRAMMAR, 16),
    ) {
        match value::read_tries(&text) {
            Ok(t) => {
                prop_assert!((1..=MAX_TRIES).contains(&t.count), "{text:?}: {} tries", t.count);
                prop_assert_eq!(t.waits_ms.len(), t.count as usize - 1, "{:?}", text);
                prop_assert_eq!(t.wait_decimals.len(), t.waits_ms.len(), "{:?}", text);
            }
            Err(TriesError::TooMany(n)) => prop_assert!(n > u64::from(MAX_TRIES), "{text:?}: {n}"),
            Err(_) => {}
        }
    }

    #[test]
    fn the_tsv_reader_never_panics_and_what_it_reads_round_trips_and_checks(
        text in prop_oneof![text_of(TSV, 80), sheet_text()],
    ) {
        match tsv::import(&text) {
            Ok(imported) => {
                prop_assert_eq!(imported.rows.len(), imported.lines.len());
                prop_assert!(imported.rows.len() <= tsv::MAX_ROWS);
                prop_assert!(imported.lines.windows(2).all(|w| w[0] < w[1]), "{:?}", imported.lines);
                prop_assert!(imported.lines.first().is_none_or(|&l| l >= 1));
                let lang = imported.lang.unwrap_or(Lang::En);
                let again = tsv::import(&tsv::export(&imported.rows, lang));
                prop_assert_eq!(again.map(|i| i.rows), Ok(imported.rows.clone()), "{:?}", text);
                let report = check(&Sheet::new(lang, imported.rows.clone()));
                prop_assert_eq!(report.rows.len(), imported.rows.len());
            }
            Err(err) => {
                prop_assert!(!err.to_string().is_empty());
                let lines = text.replace("\r\n", "\n").split(['\n', '\r']).count();
                prop_assert!(err.line().is_none_or(|l| (1..=lines).contains(&l)), "{err} in {text:?}");
            }
        }
    }
}
